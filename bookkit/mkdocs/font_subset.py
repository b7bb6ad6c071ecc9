"""The site's text font, cut at build time to the characters the built site uses.

Pretendard Variable's dynamic subset makes every page fetch 15-20 slices, and every next page
new ones. After the build, `write_site_font` cuts the full variable font
(bookkit/fonts/PretendardVariable.woff2, axes kept so bold and headings stay real) and writes
it into the site with a stylesheet declaring the family "Pretendard Book" (each face's
unicode-range lists exactly the characters it has). book.css names "Pretendard Book" first and
the dynamic subset's "Pretendard Variable" after it, so a character outside the cut (typed into
the search box) still renders from a slice.

The family has up to two faces, so that a sentence with a new character does not cost a whole
new cut (about 10 s, most of it decoding and compressing the whole font):

- the cut: the characters listed in ``bookkit/fonts/pretendard-book-characters.txt`` (committed;
  ``python3 scripts/dev.py font`` rewrites it from the built site) plus a fixed base set;
- the supplement: the characters the pages use beyond that list (none right after the list was
  rewritten), cut without the layout tables (kerning, ligatures), which is what makes it fast.

Both depend only on the sources and that list, so a clean build and an incremental one write the
same site. Each is cached under .cache/bookkit/font/ by the digest of (source font, characters),
the source decoded to TTF once, and each page's characters by the digest of its HTML.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from fontTools.ttLib import TTFont
from selectolax.lexbor import LexborHTMLParser

from bookkit.files import Stamps, read_kept_json, write_atomically

log = logging.getLogger("mkdocs.plugins.bookkit")

SOURCE = Path(__file__).resolve().parent.parent / "fonts" / "PretendardVariable.woff2"
CHARACTERS = SOURCE.parent / "pretendard-book-characters.txt"  # the cut's characters
FAMILY = "Pretendard Book"
FOLDER = "assets/fonts"  # in the site
STYLESHEET = f"{FOLDER}/pretendard-book.css"  # listed in mkdocs.yml's extra_css
CUT, SUPPLEMENT = "pretendard-book", "pretendard-book-more"  # file stems
LAYOUT_TABLES = ("GDEF", "GSUB", "GPOS")
CUT_VERSION = b"2"  # part of a cut's cache key: cut from the decoded TTF
# Always in the cut, whatever the pages say: ASCII, Latin-1, general punctuation, CJK
# punctuation and brackets, Hangul compatibility jamo (what a reader types while composing).
BASE = frozenset(
    chr(c)
    for lo, hi in ((0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x205E), (0x3000, 0x3011), (0x3131, 0x318E))
    for c in range(lo, hi + 1)
)
CHARACTERS_HEADER = """\
# 사이트 글꼴 "Pretendard Book"의 본 파일에 들어가는 글자, 한 줄에 하나(코드 포인트와 글자).
# 빌드된 페이지가 쓰는 글자로 `python3 scripts/dev.py font`가 다시 씁니다. 여기 없는 글자는
# 빌드가 작은 보충 파일로 따로 자릅니다(bookkit/mkdocs/font_subset.py).
"""


@dataclass(frozen=True)
class SiteFont:
    woff2: Path  # the cut, in the site
    supplement: Path | None  # the characters beyond the list, if any
    characters: int
    size: int  # bytes of both files
    reused: bool  # nothing was cut


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


def site_characters(site: Path, cache: Path | None = None,
                    seen: Stamps | None = None) -> set[str]:
    """The characters of every built page and of the site's own stylesheets (CSS `content`).

    With ``cache``, each page's characters are kept by the digest of its HTML, so a build
    parses only the pages that changed. ``seen`` (kept by ``serve`` across its rebuilds): a
    page whose time and size are the same as when it was read is not read again."""
    kept_path = cache / "pages.json" if cache else None
    kept = (
        json.loads(kept_path.read_text(encoding="utf-8"))
        if kept_path and kept_path.is_file()
        else {}
    )
    seen = seen if seen is not None else Stamps()
    used: dict[str, str] = {}
    chars = set(BASE)
    for page in sorted(site.rglob("*.html")):
        stat = page.stat()
        digest = seen.key(page, stat)
        if digest not in kept:
            data = page.read_bytes()
            digest = hashlib.sha256(data).hexdigest()[:32]
            if digest not in kept:
                kept[digest] = "".join(sorted(page_characters(data.decode("utf-8"))))
            seen.remember(page, stat, digest)
        used[digest] = kept[digest]
        chars |= set(used[digest])
    for sheet in sorted((site / "assets" / "stylesheets").glob("*.css")):
        chars |= set(sheet.read_text(encoding="utf-8"))
    if kept_path:
        write_atomically(kept_path, json.dumps(used, sort_keys=True).encode())
    return chars


def read_characters(path: Path = CHARACTERS) -> set[str]:
    """The characters listed in ``path`` (none if it does not exist)."""
    if not path.is_file():
        return set()
    return {
        chr(int(code, 16))
        for code in re.findall(r"(?m)^U\+([0-9A-F]{4,6})\b", path.read_text(encoding="utf-8"))
    }


def write_characters(chars: set[str], path: Path = CHARACTERS) -> None:
    lines = [
        f"U+{ord(c):04X}" + (f" {c}" if c.isprintable() and not c.isspace() else "")
        for c in sorted(chars)
    ]
    path.write_text(CHARACTERS_HEADER + "\n".join(lines) + "\n", encoding="utf-8")


def decoded_source(source: bytes, cache: Path) -> bytes:
    """The source font as TTF, decoded once: decoding woff2's glyph table is most of a cut."""
    path = cache / f"source.{_digest(source)}.ttf"
    if not path.is_file():
        font = TTFont(io.BytesIO(source), recalcTimestamp=False)  # reproducible
        font.flavor = None
        out = io.BytesIO()
        font.save(out)
        _replace(path, out.getvalue(), "source.*.ttf")
    return path.read_bytes()


def source_characters(source: bytes, cache: Path) -> set[str]:
    """The characters the source font has, kept beside its decoded TTF: reading its character
    map takes about a tenth of a second, on every build that has a supplement."""
    path = cache / f"source.{_digest(source)}.characters.json"
    kept = read_kept_json(path)
    if isinstance(kept, list):
        return set(map(chr, kept))
    codepoints = sorted(TTFont(io.BytesIO(decoded_source(source, cache))).getBestCmap())
    _replace(path, json.dumps(codepoints).encode(), "source.*.characters.json")
    return set(map(chr, codepoints))


def cut(source: bytes, chars: set[str], layout: bool = True, flavor: str | None = "woff2") -> bytes:
    """The source font with only these characters (and what its layout needs), as woff2
    (``flavor=None``: as TTF). Without ``layout``, the layout tables are dropped before they
    are read: much faster."""
    from fontTools import subset  # only when cutting: a fifth of a second to import

    options = subset.Options()
    options.flavor = flavor
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the license and names
    font = TTFont(io.BytesIO(source), recalcTimestamp=False)  # reproducible
    if not layout:
        for tag in LAYOUT_TABLES:
            if tag in font:
                del font[tag]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(map(ord, chars)))
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = flavor
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


def range_codepoints(text: str) -> set[int]:
    """The code points of a CSS unicode-range (the inverse of :func:`unicode_range`)."""
    points = set()
    for lo, hi in re.findall(r"U\+([0-9A-Fa-f]+)(?:-([0-9A-Fa-f]+))?", text):
        points.update(range(int(lo, 16), int(hi or lo, 16) + 1))
    return points


def faces_for(stylesheet: str, chars: set[str]) -> str:
    """The site font's stylesheet as a page that shows only ``chars`` uses it: each face's
    unicode-range narrowed to those characters, and a face with none of them left out (a
    browser never loads it). Two stylesheets that give one page the same string are the same
    to that page."""
    codepoints = set(map(ord, chars))
    faces = []
    for face in re.findall(r"@font-face \{.*?\}", stylesheet, flags=re.DOTALL):
        declared = re.search(r"unicode-range: ([^;]*);", face)
        used = range_codepoints(declared[1]) & codepoints if declared else codepoints
        if used:
            faces.append(face.replace(declared[0], f"unicode-range: {unicode_range(used)};")
                         if declared else face)
    return "".join(faces)


def font_codepoints(woff2: bytes) -> set[int]:
    return set(TTFont(io.BytesIO(woff2)).getBestCmap())


def weight_range(woff2: bytes) -> str:
    """The font's wght axis as a CSS font-weight range, so every weight stays real."""
    axis = next(a for a in TTFont(io.BytesIO(woff2))["fvar"].axes if a.axisTag == "wght")
    return f"{axis.minValue:g} {axis.maxValue:g}"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _replace(path: Path, data: bytes, old: str) -> None:
    """Write ``path``, removing the older files of its kind (``old``, a pattern) first."""
    for stale in path.parent.glob(old):
        stale.unlink()
    write_atomically(path, data)


def cached_cut(
    source: bytes, chars: set[str], cache: Path, stem: str, layout: bool
) -> tuple[Path, bool]:
    """The cut of ``chars`` from the cache, cut now if it is not there; whether it was."""
    key = b"\0".join([CUT_VERSION, source, "".join(sorted(chars)).encode(), b"%d" % layout])
    path = cache / f"{stem}.{_digest(key)}.woff2"
    if path.is_file():
        return path, True
    _replace(path, cut(decoded_source(source, cache), chars, layout), f"{stem}.*")
    return path, False


def cached_face(woff2: Path) -> str:
    """The ``@font-face`` rule of a cached cut, kept beside it (reading the font takes time)."""
    face = woff2.with_suffix(".css")
    if not face.is_file():
        write_atomically(face, font_face(woff2.name, woff2.read_bytes()).encode())
    return face.read_text(encoding="utf-8")


def font_face(name: str, woff2: bytes) -> str:
    return (
        f'@font-face {{\n  font-family: "{FAMILY}";\n  font-style: normal;\n'
        f"  font-weight: {weight_range(woff2)};\n  font-display: swap;\n"
        f'  src: url("{name}") format("woff2-variations"), url("{name}") format("woff2");\n'
        f"  unicode-range: {unicode_range(font_codepoints(woff2))};\n}}\n"
    )


def write_site_font(
    site: Path, cache: Path, source: Path = SOURCE, listed: Path = CHARACTERS,
    seen: Stamps | None = None,
) -> SiteFont:
    """Cut the font to the list's characters and the built site's others (or reuse the cached
    cuts) and write them and their stylesheet into the site (``seen``: :func:`site_characters`)."""
    chars = site_characters(site, cache, seen)
    data = source.read_bytes()
    cut_chars = read_characters(listed) | BASE
    parts = [cached_cut(data, cut_chars, cache, CUT, layout=True)]
    more = chars - cut_chars
    if more:  # the characters the font has: a face with none would claim every character
        more &= source_characters(data, cache)
    if more:
        parts.append(cached_cut(data, more, cache, SUPPLEMENT, layout=False))
    faces, size = [], 0
    for path, _ in parts:
        woff2 = path.read_bytes()
        (site / FOLDER).mkdir(parents=True, exist_ok=True)
        (site / FOLDER / path.name).write_bytes(woff2)
        faces.append(cached_face(path))
        size += len(woff2)
    (site / STYLESHEET).write_text("".join(faces), encoding="utf-8")
    files = [site / FOLDER / path.name for path, _ in parts]
    font = SiteFont(
        files[0], files[1] if more else None, len(chars), size, all(reused for _, reused in parts)
    )
    log.info(
        "bookkit: site font %s, %d characters (%d beyond %s), %d KiB (%s)",
        " + ".join(path.name for path, _ in parts),
        font.characters,
        len(more),
        listed.name,
        size // 1024,
        "reused" if font.reused else "cut",
    )
    return font


def main(argv: list[str]) -> int:
    """``python -m bookkit.mkdocs.font_subset [SITE]``: list the built site's characters."""
    site = Path(argv[0] if argv else "site")
    if not (site / STYLESHEET).is_file():
        raise SystemExit(f"{site}: no built site (run python3 scripts/dev.py build first)")
    chars = site_characters(site)
    write_characters(chars)
    print(f"font: {len(chars)} characters listed in {CHARACTERS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


PLOT_FONT = Path(__file__).resolve().parents[1] / "fonts" / "Pretendard-Regular.ttf"


def cached_plot_font(chars: set[str], cache: Path) -> bytes:
    """The plots' font (Pretendard Regular, what :mod:`bookkit.plots` draws with) cut to
    ``chars`` and printable ASCII, as TTF for matplotlib; cached by the digest of the
    characters. A chapter notebook embeds it (:mod:`bookkit.mkdocs.chapter_notebooks`)."""
    chars = chars | {chr(code) for code in range(32, 127)}
    source = PLOT_FONT.read_bytes()
    key = b"\0".join([CUT_VERSION, source, "".join(sorted(chars)).encode()])
    path = cache / f"plot-font.{_digest(key)}.ttf"
    if not path.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        write_atomically(path, _renamed(cut(source, chars, layout=False, flavor=None)))
    return path.read_bytes()


PLOT_FAMILY = "Book Plot Sans"


def _renamed(ttf: bytes) -> bytes:
    """A cut is a modified version: under the OFL it may not keep the Reserved Font Name, so
    its family is :data:`PLOT_FAMILY` (copyright and license records stay)."""
    font = TTFont(io.BytesIO(ttf), recalcTimestamp=False)
    names = {1: PLOT_FAMILY, 3: PLOT_FAMILY, 4: PLOT_FAMILY, 6: PLOT_FAMILY.replace(" ", ""),
             16: PLOT_FAMILY}
    for record in font["name"].names:
        if record.nameID in names:
            record.string = names[record.nameID]
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
