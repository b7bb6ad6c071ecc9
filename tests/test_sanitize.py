"""Only allowed markup reaches a page (bookkit/sanitize.py): what the figure helpers print
passes unchanged, and an ``html="1"`` or Markdown output that holds anything outside the
allowlist fails the build, naming its block and what is not allowed."""

from __future__ import annotations

import pytest

from bookkit import sanitize

HOSTILE = {
    "base": '<base href="http://127.0.0.1:8001/">',
    "frame": '<iframe src="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    "object": '<object data="data:text/html,x"></object>',
    "embed": '<embed src="x.swf">',
    "script": "<script>alert(1)</script>",
    "handler": '<p onclick="alert(1)">x</p>',
    "srcset": '<img src="a.png" srcset="http://e/x.png 2x">',
    "poster": '<video poster="http://e/p.png"></video>',
    "css url": '<p style="background: url(http://e/x.png)">x</p>',
    "style element": "<style>@import url(http://e/x.css);</style>",
    "svg link": '<svg><use href="http://e/s.svg#a"></use></svg>',
    "javascript link": '<a href="javascript:alert(1)">x</a>',
    "data link": '<a href="data:text/html,x">x</a>',
    "form": '<form action="http://e/"><button>x</button></form>',
    "meta": '<meta http-equiv="refresh" content="0; url=http://e/">',
    "comment": "<!-- a comment -->",
}


@pytest.mark.parametrize("name", HOSTILE)
def test_each_hostile_piece_of_markup_is_named(name):
    assert sanitize.removed(f"<p>앞</p>{HOSTILE[name]}<p>뒤</p>"), name


def test_allowed_markup_passes_unchanged():
    table = ("<table><thead><tr><th align=\"right\">n</th></tr></thead><tbody><tr>"
             "<td>1</td></tr></tbody></table><details class=\"note\"><summary>s</summary>"
             "<pre><code>x</code></pre></details><a href=\"#a\">a</a>"
             "<a href=\"https://pytorch.org/docs/\">docs</a>")
    assert sanitize.removed(table) == []
    svg = ('<svg viewBox="0 0 1 1"><defs><clipPath id="c"><rect x="0" y="0"/></clipPath></defs>'
           '<use xlink:href="#c" style="fill: url(#c)"/></svg>')
    assert sanitize.removed(svg) == []


def test_the_figure_helpers_print_markup_the_allowlist_keeps_whole():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import torch

    from bookkit import plots
    from bookkit.graph import graph_figure

    figure, axes = plt.subplots()
    axes.plot([1, 2, 3], [1, 4, 9], label="제곱")
    axes.legend()
    drawn = plots.svg(figure, "세 점")
    assert sanitize.removed(drawn) == [] and sanitize.clean(drawn) == drawn
    x = torch.tensor(2.0, requires_grad=True)
    assert sanitize.removed(graph_figure(x * x + 1, {"x": x}, "y")) == []


@pytest.mark.e2e
def test_a_block_printing_markup_outside_the_allowlist_fails_the_build(mini_book):
    mini_book.page("html.md", """\
        # 쪽

        ```python exec="on" id="framed" html="1"
        --8<-- "snippets/framed.py"
        ```
        """)
    mini_book.snippet("framed.py",
                      "print('<p>그림</p><iframe src=\"data:text/html,x\"></iframe>')\n")
    mini_book.page("markdown.md", """\
        # 쪽

        ```python exec="on" id="based"
        --8<-- "snippets/based.py"
        ```
        """)
    mini_book.snippet("based.py", "print('| a |\\n| - |\\n| 1 |\\n\\n<base href=\"http://e/\">')\n")
    result = mini_book.build()
    assert result.returncode != 0
    assert "docs/html.md:3 (block 'framed'): its output holds markup that is not allowed" \
        in result.stderr and "<iframe" in result.stderr
    assert "docs/markdown.md:3 (block 'based'): its output holds markup that is not allowed" \
        in result.stderr and "<base" in result.stderr
