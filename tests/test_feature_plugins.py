"""Each feature plugin in process, on a small :class:`bookkit.mkdocs.book.Book` made here: the
glossary, the notebooks, the math, the Korean search field, the site font and the post-build
checks read the book the execution plugin publishes (``config.plugins["bookkit"]``), no build
runs. The registry of helper processes (bookkit.mkdocs.helpers) is checked here too."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from types import MappingProxyType

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page

from bookkit.exec.engine import Outcome
from bookkit.exec.units import units_of
from bookkit.mkdocs.book import Book, book_of
from bookkit.mkdocs.checks_plugin import ChecksPlugin
from bookkit.mkdocs.font_plugin import FontPlugin
from bookkit.mkdocs.glossary_plugin import GlossaryPlugin
from bookkit.mkdocs.helpers import Helpers
from bookkit.mkdocs.math_plugin import MathPlugin
from bookkit.mkdocs.notebooks_plugin import NotebooksPlugin
from bookkit.mkdocs.plugin import BookPlugin
from bookkit.mkdocs.search_plugin import SearchFieldPlugin
from bookkit.mkdocs.stored_outputs import StoredOutputs
from bookkit.page_source import read_page

CHAPTER = """\
---
kind: chapter
---
# 1. 텐서

텐서를 만듭니다.

```python exec="on" session="s" id="make"
--8<-- "snippets/make.py"
```
"""
GLOSSARY = """\
---
kind: glossary
---
# 용어집

| 한국어 | 영어 | 뜻 |
| --- | --- | --- |
| 텐서 | tensor | 배열 |
"""


SNIPPETS = {"make.py": 'print("made")\n', "evil.py": 'print("<script>alert(1)</script>")\n'}


class SmallBook:
    """A project folder with ``pages`` under docs/, its book (outputs as given, by block id)
    published by an execution plugin in ``config.plugins`` as a build's would be."""

    def __init__(self, root: Path, pages: dict[str, str], outputs: dict[str, str] | None = None):
        self.root = root
        docs = root / "docs"
        (root / "snippets").mkdir(exist_ok=True)
        for name, code in SNIPPETS.items():
            (root / "snippets" / name).write_text(code, encoding="utf-8")
        for name, text in pages.items():
            (docs / name).parent.mkdir(parents=True, exist_ok=True)
            (docs / name).write_text(textwrap.dedent(text), encoding="utf-8")
        (root / "mkdocs.yml").write_text("site_name: small\n", encoding="utf-8")
        self.config = load_config(str(root / "mkdocs.yml"))
        read = {uri: read_page(docs / uri, f"docs/{uri}") for uri in pages}
        units = {page.name: tuple(units_of(page, root)) for page in read.values()}
        outcomes = {} if outputs is None else {
            unit.name: Outcome(unit, {block.id: outputs.get(block.id, "") for block in unit.blocks},
                               {}, "2026-01-01T00:00:00+00:00", key=unit.name)
            for page_units in units.values() for unit in page_units}
        self.book = Book(root, outputs is not None, MappingProxyType(read),
                         MappingProxyType(units), MappingProxyType(outcomes),
                         MappingProxyType({page.name: frozenset(page.measurements)
                                           for page in read.values()}))
        self.execution = BookPlugin()
        self.execution.book, self.execution.helpers = self.book, Helpers()
        self.execution.outputs = StoredOutputs(self.book)
        self.config.plugins["bookkit"] = self.execution

    def plugin(self, cls, **options):
        plugin = cls()
        errors, warnings = plugin.load_config(options)
        assert not errors and not warnings
        if hasattr(plugin, "on_config"):
            plugin.on_config(self.config)
        return plugin

    def file(self, uri: str) -> File:
        return File(uri, self.config.docs_dir, self.config.site_dir, True)

    def page(self, uri: str) -> Page:
        page = Page(None, self.file(uri), self.config)
        page.meta = {"kind": self.book.pages[uri].kind} if self.book.pages[uri].kind else {}
        return page


def _files(small: SmallBook):
    from mkdocs.structure.files import Files

    return Files([small.file(uri) for uri in small.book.pages])


def _nav(small: SmallBook, files):
    from mkdocs.structure.nav import get_navigation

    return get_navigation(files, small.config)


# --- the book and its lookup ---------------------------------------------------------------
def test_a_feature_without_the_execution_plugin_says_what_it_needs(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    with pytest.raises(PluginError, match="bookkit/glossary: needs the 'bookkit' plugin"):
        book_of(config, "bookkit/glossary")
    config.plugins["bookkit"] = BookPlugin()  # listed, but its on_files has not run
    with pytest.raises(PluginError, match="has not read the book yet"):
        book_of(config, "bookkit/glossary")


def test_the_book_is_frozen(tmp_path):
    small = SmallBook(tmp_path, {"one.md": CHAPTER}, {"make": "made\n"})
    with pytest.raises(AttributeError):
        small.book.execute = False
    with pytest.raises(TypeError):
        small.book.pages["two.md"] = small.book.pages["one.md"]
    assert [o.outputs for o in small.book.page_outcomes("docs/one.md")] == [{"make": "made\n"}]
    assert list(small.book.blocks("docs/one.md")) == ["make"]


# --- helpers ----------------------------------------------------------------------------------
class _Helper:
    def __init__(self, fails: bool = False) -> None:
        self.closed, self.fails = 0, fails

    def close(self) -> None:
        self.closed += 1
        if self.fails:
            raise RuntimeError("would not close")


def test_the_registry_closes_every_helper_even_when_one_fails():
    helpers, failing, other = Helpers(), _Helper(fails=True), _Helper()
    helpers.add("katex", failing)
    helpers.add("kiwi", other)
    with pytest.raises(RuntimeError, match="would not close"):
        helpers.close()
    assert failing.closed == other.closed == 1
    helpers.close()  # closed helpers are gone from it
    assert other.closed == 1


def test_a_helper_registered_again_under_its_name_closes_the_old_one():
    helpers, old, new = Helpers(), _Helper(), _Helper()
    helpers.add("kiwi", old)
    helpers.add("kiwi", new)
    assert (old.closed, new.closed) == (1, 0)


def test_the_execution_plugin_closes_the_helpers_on_error_and_shutdown(tmp_path):
    small = SmallBook(tmp_path, {"one.md": CHAPTER})
    helper = small.execution.helpers.add("katex", _Helper())
    small.execution.on_build_error(error=RuntimeError("x"))
    assert helper.closed == 1
    again = small.execution.helpers.add("katex", _Helper())
    small.execution.on_shutdown()
    assert again.closed == 1


# --- glossary ---------------------------------------------------------------------------------
def test_glossary_links_first_uses_and_fills_its_column(tmp_path):
    small = SmallBook(tmp_path, {"one.md": CHAPTER, "glossary.md": GLOSSARY})
    glossary = small.plugin(GlossaryPlugin)
    files = _files(small)
    glossary.on_files(files, config=small.config)
    glossary.on_nav(_nav(small, files), config=small.config, files=files)
    chapter = small.page("one.md")
    linked = glossary.on_page_markdown("텐서를 만듭니다.\n", page=chapter, config=small.config,
                                       files=files)
    assert linked.startswith("[텐서](glossary.md#"), linked
    table = glossary.on_page_markdown(small.book.pages["glossary.md"].text.split("---\n", 2)[2],
                                      page=small.page("glossary.md"), config=small.config,
                                      files=files)
    assert "나오는 곳" in table and "one.md" in table, table


def test_glossary_off_changes_nothing(tmp_path):
    small = SmallBook(tmp_path, {"one.md": CHAPTER, "glossary.md": GLOSSARY})
    glossary = small.plugin(GlossaryPlugin, enabled=False)
    files = _files(small)
    glossary.on_files(files, config=small.config)
    assert glossary.on_page_markdown("텐서를 만듭니다.\n", page=small.page("one.md"),
                                     config=small.config, files=files) == "텐서를 만듭니다.\n"


def test_in_serve_the_glossary_is_rendered_again_only_when_its_column_changes(tmp_path):
    pages = {"one.md": CHAPTER, "two.md": "---\nkind: chapter\n---\n# 2. 둘\n\n둘입니다.\n",
             "glossary.md": GLOSSARY}
    glossary = GlossaryPlugin()
    glossary.load_config({})
    glossary.on_startup(command="serve", dirty=True)

    def build(small: SmallBook) -> set[str]:
        """One dirty build's glossary part: the pages whose built HTML it removed."""
        glossary.on_config(small.config)
        files = _files(small)
        for file in files:
            Path(file.abs_dest_path).parent.mkdir(parents=True, exist_ok=True)
            Path(file.abs_dest_path).write_text("built", encoding="utf-8")
        glossary.on_files(files, config=small.config)
        glossary.on_nav(_nav(small, files), config=small.config, files=files)
        return {file.src_uri for file in files if not Path(file.abs_dest_path).exists()}

    assert build(SmallBook(tmp_path, pages)) == set(pages)  # the first build: every page
    assert build(SmallBook(tmp_path, pages)) == set()
    pages["two.md"] += "텐서도 씁니다.\n"  # two now uses a term: the column changes
    assert build(SmallBook(tmp_path, pages)) == {"glossary.md"}


# --- notebooks --------------------------------------------------------------------------------
def test_each_chapter_gets_its_notebook(tmp_path):
    small = SmallBook(tmp_path, {"one.md": CHAPTER}, {"make": "made\n"})
    notebooks = small.plugin(NotebooksPlugin)
    files = _files(small)
    notebooks.on_files(files, config=small.config)
    page = small.page("one.md")
    notebooks.on_page_markdown("", page=page, config=small.config, files=files)
    assert page.meta["notebook"] == "one.ipynb"
    notebooks.on_post_build(config=small.config)
    written = json.loads((Path(small.config.site_dir) / "one" / "one.ipynb").read_text("utf-8"))
    assert any('print("made")' in "".join(cell["source"]) for cell in written["cells"])


# --- math -------------------------------------------------------------------------------------
def test_a_notebook_pages_dollar_math_is_marked_and_a_lone_dollar_named(tmp_path):
    small = SmallBook(tmp_path, {"labs/nb.md": "# 노트북\n\n가격 $3과 $x$\n"})
    math = small.plugin(MathPlugin)
    page = small.page("labs/nb.md")
    page.nb_url = "nb.ipynb"  # what mkdocs-jupyter sets on its pages
    cell = '<div class="jp-RenderedMarkdown"><p>{}</p></div>'
    marked = math.on_page_content(cell.format("식 $x^2$입니다"), page=page, config=small.config,
                                  files=None)
    assert '<span class="arithmatex">\\(x^2\\)</span>' in marked
    with pytest.raises(PluginError, match=r"docs/labs/nb\.md:3: a \$ without its pair"):
        math.on_page_content(cell.format("가격 $3과 $x$"), page=page, config=small.config,
                             files=None)


def test_a_page_without_math_starts_no_katex(tmp_path):
    small = SmallBook(tmp_path, {"index.md": "# 홈\n"})
    math = small.plugin(MathPlugin)
    html = "<!doctype html><p>식이 없습니다</p>"
    assert math.on_post_page(html, page=small.page("index.md"), config=small.config) == html
    assert small.execution.helpers.open == {}


# --- Korean search field ---------------------------------------------------------------------
def test_in_serve_the_index_is_the_last_one_with_the_rendered_pages_entries(tmp_path):
    small = SmallBook(tmp_path, {"index.md": "# 홈\n", "one.md": CHAPTER})
    search = small.plugin(SearchFieldPlugin)
    search.serve, search.order = True, ["", "one/"]
    index = Path(small.config.site_dir) / "search" / "search_index.json"
    index.parent.mkdir(parents=True)

    def merge(docs: list[dict], rendered: set[str]) -> list[str]:
        index.write_text(json.dumps({"config": {}, "docs": docs}), encoding="utf-8")
        search.rendered = rendered
        search._merge(index)
        return [doc["text"] for doc in json.loads(index.read_text("utf-8"))["docs"]]

    first = [{"location": "", "text": "홈"}, {"location": "one/", "text": "하나"},
             {"location": "one/#sec", "text": "절"}]
    assert merge(first, {"", "one/"}) == ["홈", "하나", "절"]
    assert merge([{"location": "one/", "text": "새 하나"}], {"one/"}) == ["홈", "새 하나"]


def test_a_build_whose_pages_are_as_last_time_starts_no_kiwi(tmp_path):
    small = SmallBook(tmp_path, {"index.md": "# 홈\n", "glossary.md": GLOSSARY})
    search = small.plugin(SearchFieldPlugin)
    search.serve = True  # `serve` has Kiwi in-process: it never starts the helper
    search.on_files(_files(small), config=small.config)
    (search.cache).mkdir(parents=True)
    (search.cache / "last-pages").write_text(search.digest, encoding="utf-8")
    search.serve = False  # a build whose pages are those of the last finished build
    search.on_files(_files(small), config=small.config)
    assert search.helper is None and small.execution.helpers.open == {}
    assert search.glossary == small.book.pages["glossary.md"].text


# --- site font --------------------------------------------------------------------------------
def test_the_site_font_is_written_into_the_site(tmp_path, font_cache):
    small = SmallBook(tmp_path, {"index.md": "# 홈\n"})
    font = small.plugin(FontPlugin, cache_dir="font-cache")
    import shutil

    shutil.copytree(font_cache, tmp_path / "font-cache")
    site = Path(small.config.site_dir)
    site.mkdir()
    (site / "index.html").write_text("<p>텐서</p>", encoding="utf-8")
    font.on_post_build(config=small.config)
    assert "Pretendard Book" in (site / "assets" / "fonts" / "pretendard-book.css").read_text()


# --- post-build checks ------------------------------------------------------------------------
MARKDOWN_OUTPUT = """\
# 하나

```python exec="on" session="s" id="evil"
--8<-- "snippets/evil.py"
```
"""


def test_the_checks_name_unrendered_blocks_and_markup_outside_the_allowlist(tmp_path):
    small = SmallBook(tmp_path, {"one.md": MARKDOWN_OUTPUT},
                      {"evil": "<script>alert(1)</script>\n"})
    checks = small.plugin(ChecksPlugin, cache_dir="scans")
    site = Path(small.config.site_dir)
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><p>page</p>", encoding="utf-8")
    with pytest.raises(PluginError) as caught:
        checks.on_post_build(config=small.config)
    message = str(caught.value)
    assert message.startswith("post-build check failed:")
    assert "docs/one.md: has executed blocks but was not rendered" in message
    assert "(block 'evil')" in message and "script" in message


def test_with_execution_off_nothing_is_checked(tmp_path):
    small = SmallBook(tmp_path, {"one.md": MARKDOWN_OUTPUT})
    checks = small.plugin(ChecksPlugin, cache_dir="scans")
    checks.on_post_build(config=small.config)  # no site at all, nothing checked
