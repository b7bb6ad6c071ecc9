"""No printed output lines up columns after Korean text.

Hangul is drawn about 1.5 monospace columns wide on the site (the code font has none; it comes
from the text font), so spaces that pad a Korean label to a column, counted as one column per
character, leave the next column where the reader does not expect it. Outputs write a label
and its value with ": " or put Korean after the aligned part.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser

# Korean, then (on the same line) a run of two or more spaces before more text: padding
PADDED = re.compile(r"[\uac00-\ud7a3][^\n]*?\S {2,}\S")
OUTPUTS = ".result pre, .jp-OutputArea-output pre"


def padded_lines(site: Path) -> list[str]:
    found = []
    for page in sorted(site.rglob("index.html")):
        tree = LexborHTMLParser(page.read_text(encoding="utf-8"))
        for output in tree.css(OUTPUTS):
            for line in html.unescape(output.text()).splitlines():
                if PADDED.search(line):
                    found.append(f"{page.parent.relative_to(site).as_posix()}/: {line.strip()}")
    return found


def test_no_output_pads_korean_text_into_columns(built_site):
    found = padded_lines(built_site)
    assert not found, f"{len(found)} output lines pad after Korean text:\n" + "\n".join(found[:40])


def test_the_check_sees_padding_after_korean_only(tmp_path):
    page = tmp_path / "p" / "index.html"
    page.parent.mkdir()
    page.write_text('<div class="result"><pre><code>배치 크기    4\nbatch    4\n'
                    "값: 4  (끝)\n</code></pre></div>", encoding="utf-8")
    assert padded_lines(tmp_path) == ["p/: 배치 크기    4", "p/: 값: 4  (끝)"]
