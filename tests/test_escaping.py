"""Issue 18, row 2: an output is never markup, and the post-build check fails on planted script.

A block that prints a line of eight backticks (markdown-exec's own fence), then a script
element and a ``javascript:`` link, must show all of it as text: on the page, inside the
"코드|실행 결과" tabs, in the folded error message and in the search index.
"""

from __future__ import annotations

import json

from bs4 import BeautifulSoup
from conftest import MINI_CONFIG

from bookkit.mkdocs.search import analyse
from bookkit.mkdocs.site_check import check_markup, check_search_index, markup_problems
from bookkit.outputs import details, text_output_html
from bookkit.tools.review import Review, render

EVIL = "\n".join([
    "`" * 8,
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "`" * 8,
    "~~~",
    '--8<-- "snippets/secret.txt"',
    "after the fence",
])
LONG_ERROR = ("ValueError: <img src=x onerror=alert(2)> is not a tensor. " + "x " * 100).strip()

PAGE = """\
# 쪽

```python exec="on" session="s" id="plain" result="text"
--8<-- "snippets/evil.py"
```

```python exec="on" session="s" id="below" source="block" result="text"
--8<-- "snippets/evil.py"
```

```python exec="on" session="s" id="tabs" source="tabbed-left" tabs="코드|실행 결과" result="text"
--8<-- "snippets/evil.py"
```

```python exec="on" session="s" id="folded" result="text"
--8<-- "snippets/error.py"
```
"""


def test_a_hostile_output_is_shown_as_text_on_the_page_and_in_search(mini_book):
    config = MINI_CONFIG.replace("plugins:\n", "plugins:\n  - search: {lang: ko}\n").replace(
        "markdown_extensions:\n",
        "markdown_extensions:\n  - pymdownx.highlight: {anchor_linenums: true}\n")
    (mini_book.root / "mkdocs.yml").write_text(config, encoding="utf-8")
    mini_book.page("index.md", PAGE)
    mini_book.snippet("evil.py", f"print({EVIL!r})\n")
    mini_book.snippet("error.py", f"print({LONG_ERROR!r})\nprint('done')\n")
    mini_book.snippet("secret.txt", "SECRET-CONTENT\n")
    build = mini_book.build()
    assert build.returncode == 0, build.stderr
    html = (mini_book.root / "site" / "index.html").read_text(encoding="utf-8")
    assert "<script>alert" not in html and 'href="javascript:' not in html
    assert "onerror=alert" not in html.replace("onerror=alert(2)&gt;", "")
    assert "SECRET-CONTENT" not in html  # the printed --8<-- line is not an include
    # each output is one code block holding exactly the printed text, line for line
    soup = BeautifulSoup(html, "html.parser")
    codes = [code.get_text() for code in soup.find_all("code")]
    assert codes.count(EVIL + "\n") == 3, codes
    for code in soup.find_all("code"):  # each line keeps its pymdownx line anchor
        if code.get_text() == EVIL + "\n":
            anchors = [a["id"] for a in code.find_all("a")]
            prefix = anchors[0].rsplit("-", 1)[0]
            assert anchors == [f"{prefix}-{n}" for n in range(1, 8)]
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;\n") == 3  # escaped, 2 more in code
    # the folded error: shown cut, kept whole in the details block, escaped in both
    assert LONG_ERROR in codes and "ValueError: <img src=x onerror=alert(2)> is not a " \
        "tensor. …\ndone\n" in codes
    assert '<details class="note book-error"><summary>오류 메시지 전체</summary>' in html
    # the tabs and the "실행 결과" label still work; each block's rendered mark was found (the
    # build passed) and taken out of the page
    assert '<label for="tabs-__tabbed_1_2">실행 결과</label>' in html
    assert html.count('<div class="result">') == 1
    assert "bookkit-rendered" not in html
    assert markup_problems(html) == []
    index = json.loads((mini_book.root / "site" / "search" / "search_index.json").read_text())
    text = json.dumps(index, ensure_ascii=False)
    assert "<script" not in text and "<img" not in text and "<a " not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert check_search_index(mini_book.root / "site") == []


def test_text_output_html_escapes_everything_and_keeps_the_code_block_markup():
    html = text_output_html(EVIL + "\n")
    assert html.startswith('<div class="highlight"><pre><span></span><code>')
    assert html.endswith("</code></pre></div>")
    assert "&lt;script&gt;" in html and "<script" not in html
    assert markup_problems(html) == []
    assert "&lt;img" in details([LONG_ERROR])


def _page(site, name, body):
    path = site / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><body><article class='md-content__inner'>{body}</article>"
                    "</body></html>", encoding="utf-8")


def test_the_post_build_check_fails_on_planted_script_urls_and_handlers(tmp_path):
    site = tmp_path / "site"
    (site / "assets" / "javascripts").mkdir(parents=True)
    (site / "assets" / "javascripts" / "own.js").write_text("")
    _page(site, "ok/index.html", '<script src="../assets/javascripts/own.js"></script>'
                                 '<script id="__config" type="application/json">{"a": 1}</script>'
                                 '<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>'
                                 '<a href="https://pytorch.org">fine</a>')
    _page(site, "inline/index.html", "<p>x</p><script>alert(1)</script>")
    _page(site, "escape/index.html", "</article></div><script>alert(1)</script>")
    _page(site, "src/index.html", '<script src="../nowhere.js"></script>')
    _page(site, "href/index.html", '<a href=" JaVa&#x09;Script:alert(1)">x</a>')
    _page(site, "svg/index.html", '<svg role="img" aria-label="x"><title>x</title>'
                                  '<a xlink:href="javascript:alert(1)"><text>x</text></a></svg>')
    _page(site, "form/index.html", '<form action="javascript:alert(1)"><button '
                                   'formaction="javascript:alert(2)">b</button></form>')
    _page(site, "handler/index.html", '<img src="x.png" onerror="alert(1)">')
    _page(site, "json/index.html", '<script type="application/json">{}</script><script '
                                   'type="module">alert(1)</script>')
    problems = check_markup(site)
    text = "\n".join(problems)
    assert not any(p.startswith("ok/") for p in problems), text
    assert "inline/index.html: inline <script> that is not the theme's" in text
    assert "escape/index.html: inline <script>" in text
    assert "src/index.html: <script src=\"../nowhere.js\"> is not one of the site's files" in text
    assert "href/index.html: javascript: URL in <a href>" in text
    assert "svg/index.html: javascript: URL in <a xlink:href>" in text
    assert "form/index.html: javascript: URL in <form action>" in text
    assert "form/index.html: javascript: URL in <button formaction>" in text
    assert 'handler/index.html: event handler attribute onerror="alert(1)" on <img>' in text
    assert "json/index.html: inline <script> that is not the theme's" in text
    assert len(problems) == 9, text


def test_material_and_notebook_template_scripts_are_allowed_by_their_templates():
    from bookkit.mkdocs.site_check import theme_script

    scope = ('__md_scope=new URL("../..",location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+'
             '_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem'
             '(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.'
             'pathname+"."+e,JSON.stringify(_))}catch(e){}}')
    assert theme_script(scope)
    assert not theme_script(scope.replace('"../.."', '"x"+alert(1)+"'))
    assert not theme_script("alert(1)")
    assert not theme_script("")


def test_the_search_index_check_fails_on_live_markup(tmp_path):
    folder = tmp_path / "search"
    folder.mkdir()
    docs = [{"location": "a/", "title": "A", "text": "<p>ok <code>&lt;script&gt;</code></p>"},
            {"location": "b/", "title": "B", "text": "<p><script>alert(1)</script></p>"},
            {"location": "c/", "title": '<a href="javascript:x">C</a>', "text": ""},
            {"location": "d/", "title": "D", "text": "", "morphs": "<img onerror=x>"}]
    (folder / "search_index.json").write_text(json.dumps({"docs": docs}))
    problems = check_search_index(tmp_path)
    assert [p.split(":")[0] for p in problems] == ["search/search_index.json"] * 3
    assert "'b/'" in problems[0] and "'c/'" in problems[1] and "'d/'" in problems[2]
    # serve's memory of the sections that passed: a section that changed is searched again
    # (planted: kept by location alone, the changed section's markup passes)
    passed: dict = {}
    assert len(check_search_index(tmp_path, passed=passed)) == 3 and list(passed) == ["a/"]
    docs[0]["text"] = "<p><script>alert(2)</script></p>"
    (folder / "search_index.json").write_text(json.dumps({"docs": docs}))
    assert "'a/'" in check_search_index(tmp_path, passed=passed)[0]


def test_the_korean_search_field_holds_words_only():
    class Token:
        def __init__(self, form, tag):
            self.form, self.tag = form, tag

    class FakeKiwi:
        def tokenize(self, text):
            return [Token("<b>텐서", "NNG"), Token("텐서", "NNG")]

        def join(self, morphs):
            return "".join(form for form, _ in morphs)

    field = analyse(FakeKiwi(), "텐서 <script>", [])
    assert "<" not in field and ">" not in field and "텐서이" in field


def test_an_output_review_diff_cannot_close_its_fence():
    before = {"page": "docs/p.md", "block": "b", "sha256": "1", "text": "old\n"}
    after = dict(before, sha256="2", text="old\n" + "`" * 12 + "\n<script>alert(1)</script>\n")
    report = render(Review(changed=[(before, after)]), "main", "head")
    fence = "`" * 13
    assert f"{fence}diff\n" in report and report.rstrip().endswith(fence)


def test_notebook_outputs_keep_no_representation_that_becomes_markup():
    from bookkit.mkdocs.notebook_pages import text_only

    hostile = "<script>alert(1)</script>"
    both = {"output_type": "display_data", "metadata": {},
            "data": {"text/html": [hostile], "text/plain": ["<DataFrame>"]}}
    assert text_only(both)["data"] == {"text/plain": ["<DataFrame>"]}
    only_markup = {"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                   "data": {"text/markdown": ["[x](javascript:alert(1))"]}}
    assert text_only(only_markup)["data"] == {"text/plain": "[x](javascript:alert(1))"}
    stream = {"output_type": "stream", "name": "stdout", "text": hostile}
    assert text_only(stream) == stream


def test_serve_scans_again_only_a_file_written_since(tmp_path):
    """``serve``'s ``seen``: a built page with the same time and size is not read again, one
    written since is (planted: kept by name alone, the page's new script passes)."""
    import os

    from bookkit.files import Stamps
    from bookkit.mkdocs.site_check import check_site

    site = tmp_path / "site"
    site.mkdir()
    page = site / "index.html"
    page.write_text("<html><body><p>텐서</p></body></html>", encoding="utf-8")
    seen = Stamps()
    assert check_site(tmp_path, site, tmp_path, [], seen=seen) == []
    kept = page.stat()
    page.write_text("<html><body><p>텐서</p><script>alert(1)</script></body></html>",
                    encoding="utf-8")
    os.utime(page, ns=(kept.st_atime_ns, kept.st_mtime_ns + 1))
    assert any("index.html" in problem for problem in check_site(tmp_path, site, tmp_path, [],
                                                                  seen=seen))
