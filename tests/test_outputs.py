"""Long error messages in text outputs show their first sentence; the whole is folded below."""

from __future__ import annotations

from bookkit.outputs import fold_errors

LONG_ERROR = (
    "RuntimeError: one of the variables needed for gradient computation has been modified by "
    "an inplace operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is "
    "at version 1; expected version 0 instead. Hint: enable anomaly detection."
)


def test_a_long_error_line_is_cut_to_its_first_sentence_and_kept_whole():
    shown, folded = fold_errors(f"before\n{LONG_ERROR}\nafter\n")
    assert shown == ("before\nRuntimeError: one of the variables needed for gradient computation "
                     "has been modified by an inplace operation: …\nafter\n")
    assert folded == [LONG_ERROR]


def test_short_errors_and_ordinary_lines_stay_as_they_are():
    text = "x: 1\nValueError: short\nprint: done\n"
    assert fold_errors(text) == (text, [])


def test_a_message_with_many_indented_lines_is_folded_from_its_first_line():
    trace = "\n".join(f"    line {n}" for n in range(8))
    shown, folded = fold_errors(f"TypeError: cannot export\n{trace}\nnext\n")
    assert shown == "TypeError: cannot export …\nnext\n"
    assert folded == [f"TypeError: cannot export\n{trace}"]


def test_the_page_shows_the_first_sentence_and_folds_the_whole(mini_book):
    mini_book.page("index.md", '# 쪽\n\n```python exec="on" id="err" result="text"\n'
                               '--8<-- "snippets/err.py"\n```\n')
    mini_book.snippet("err.py", f"print({LONG_ERROR!r})\nprint('after')\n")
    result = mini_book.build()
    assert result.returncode == 0, result.stderr
    html = (mini_book.root / "site" / "index.html").read_text()
    assert '<details class="note book-error"><summary>오류 메시지 전체</summary>' in html
    assert "expected version 0 instead. Hint: enable anomaly detection." in html
    assert "has been modified by an inplace operation: …" in html


def test_lines_printed_next_to_a_figure_are_output_not_prose():
    from bookkit.outputs import printed_around_markup

    shown = printed_around_markup("x : (3, 1) & 0\nxt: (1, 3)\n<figure>f</figure>\n끝\n")
    assert shown == ('<pre class="book-printed"><code>x : (3, 1) &amp; 0\nxt: (1, 3)</code></pre>\n'
                     '<figure>f</figure><pre class="book-printed"><code>끝</code></pre>\n')
    assert printed_around_markup("<figure>f</figure>\n") == "<figure>f</figure>"
