"""The site's text font, cut at build time to the characters the built site uses.

Pretendard Variable's dynamic subset makes every page fetch 15-20 slices, and every next page
new ones. After the build, `write_site_font` cuts the full variable font
(bookkit/fonts/PretendardVariable.woff2, axes kept so bold and headings stay real) to the
characters of every built page plus a fixed base set, and writes it into the site as ONE woff2
with a stylesheet declaring the family "Pretendard Book" (its unicode-range lists exactly the
characters it has). book.css names "Pretendard Book" first and the dynamic subset's
"Pretendard Variable" after it, so a character outside the cut (typed into the search box)
still renders from a slice.

The cut is cached under .cache/bookkit/font/ by the digest of (source font, characters): a warm
build only reads the pages and copies the file.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from selectolax.lexbor import LexborHTMLParser

log = logging.getLogger("mkdocs.plugins.bookkit")

SOURCE = Path(__file__).resolve().parent.parent / "fonts" / "PretendardVariable.woff2"
FAMILY = "Pretendard Book"
FOLDER = "assets/fonts"  # in the site
STYLESHEET = f"{FOLDER}/pretendard-book.css"  # listed in mkdocs.yml's extra_css
# Always in the cut, whatever the pages say: ASCII, Latin-1, general punctuation, CJK
# punctuation and brackets, Hangul compatibility jamo (what a reader types while composing).
BASE = frozenset(
    chr(c) for lo, hi in ((0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x205E), (0x3000, 0x3011),
                          (0x3131, 0x318E))
    for c in range(lo, hi + 1)
)


@dataclass(frozen=True)
class SiteFont:
    woff2: Path  # in the site
    characters: int
    size: int
    reused: bool


def page_characters(html: str) -> set[str]:
    """Every character a page can show: its text, its attributes (titles, labels, placeholders)
    and the strings of its JSON scripts (Material's translated labels)."""
    tree = LexborHTMLParser(html)  # the HTML5 parser of the post-build check, and fast
    chars = set()
    for script in tree.css('script[type="application/json"]'):
        chars |= _json_characters(json.loads(script.text(deep=True) or "null"))
        script.decompose()
    for node in tree.root.traverse():
        for value in node.attributes.values():
            chars |= set(value or "")
    return chars | set(tree.root.text(deep=True))


def _json_characters(value) -> set[str]:
    if isinstance(value, str):
        return set(value)
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, list):
        return set().union(*map(_json_characters, value)) if value else set()
    return set()


def site_characters(site: Path) -> set[str]:
    """The characters of every built page and of the site's own stylesheets (CSS `content`)."""
    chars = set(BASE)
    for page in sorted(site.rglob("*.html")):
        chars |= page_characters(page.read_text(encoding="utf-8"))
    for sheet in sorted((site / "assets" / "stylesheets").glob("*.css")):
        chars |= set(sheet.read_text(encoding="utf-8"))
    return chars


def cut(source: bytes, chars: set[str]) -> bytes:
    """The source font with only these characters (and what its layout needs), as woff2."""
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the license and names
    font = TTFont(io.BytesIO(source))
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(map(ord, chars)))
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out)
    return out.getvalue()


def unicode_range(codepoints: set[int]) -> str:
    """CSS unicode-range for a set of code points, as few ranges as possible."""
    ranges, run = [], []
    for c in sorted(codepoints):
        if run and c == run[-1] + 1:
            run[-1] = c
        else:
            run = [c, c]
            ranges.append(run)
    return ", ".join(f"U+{lo:X}" if lo == hi else f"U+{lo:X}-{hi:X}" for lo, hi in ranges)


def font_codepoints(woff2: bytes) -> set[int]:
    return set(TTFont(io.BytesIO(woff2)).getBestCmap())


def weight_range(woff2: bytes) -> str:
    """The font's wght axis as a CSS font-weight range, so every weight stays real."""
    axis = next(a for a in TTFont(io.BytesIO(woff2))["fvar"].axes if a.axisTag == "wght")
    return f"{axis.minValue:g} {axis.maxValue:g}"


def write_site_font(site: Path, cache: Path, source: Path = SOURCE) -> SiteFont:
    """Cut the font to the built site's characters (or reuse the cached cut) and write it and
    its stylesheet into the site."""
    chars = site_characters(site)
    data = source.read_bytes()
    digest = hashlib.sha256(data + "".join(sorted(chars)).encode("utf-8")).hexdigest()[:16]
    cached = cache / f"pretendard-book.{digest}.woff2"
    reused = cached.is_file()
    if not reused:
        cache.mkdir(parents=True, exist_ok=True)
        for old in cache.glob("pretendard-book.*.woff2"):
            old.unlink()
        partial = cached.with_suffix(".part")
        partial.write_bytes(cut(data, chars))
        partial.replace(cached)
    woff2 = cached.read_bytes()
    target = site / FOLDER / cached.name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(woff2)
    (site / STYLESHEET).write_text(
        f'@font-face {{\n  font-family: "{FAMILY}";\n  font-style: normal;\n'
        f"  font-weight: {weight_range(woff2)};\n  font-display: swap;\n"
        f'  src: url("{cached.name}") format("woff2-variations"),'
        f' url("{cached.name}") format("woff2");\n'
        f"  unicode-range: {unicode_range(font_codepoints(woff2))};\n}}\n",
        encoding="utf-8",
    )
    font = SiteFont(target, len(chars), len(woff2), reused)
    log.info("bookkit: site font %s, %d characters, %d KiB (%s)", target.name, font.characters,
             font.size // 1024, "reused" if reused else "cut")
    return font
