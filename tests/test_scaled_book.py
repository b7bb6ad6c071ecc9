"""The synthetic larger book of ``dev.py bench --scale N`` (bookkit/tools/scaled_book.py): its
copies are new pages with new slugs, in the nav and the glossary, and no unit of theirs repeats
another's code or key. Made from a copy of the book's sources, without a build."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from bookkit.exec.engine import book_units
from bookkit.mkdocs.glossary_table import terms
from bookkit.mkdocs.introductions import nav_pages
from bookkit.page_source import read_page
from bookkit.tools.scaled_book import chapter_folders, scale_book

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    """The real book's sources at N = 1 (what a build reads of the tree)."""
    root = tmp_path_factory.mktemp("scaled") / "book"
    for name in ("docs", "snippets", "labs", "recordings"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return root


@pytest.fixture(scope="module")
def doubled(book, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("doubled") / "book"
    shutil.copytree(book, root)
    scale_book(root, 2)
    return root


def unit_codes(root: Path) -> tuple[list[str], list[tuple[str, ...]]]:
    units = book_units(root)
    return [u.key({}) for u in units], [tuple(b.code for b in u.blocks) for u in units]


def chapter_units(root: Path) -> int:
    """How many units the pages in chapter folders have (the top-level pages are not copied)."""
    folders = {f"docs/{name}" for name in chapter_folders(root)}
    return sum(unit.page.rpartition("/")[0] in folders for unit in book_units(root))


def test_one_copy_is_the_book_itself(book, tmp_path):
    root = tmp_path / "book"
    shutil.copytree(book, root)
    scale_book(root, 1)
    for name in ("mkdocs.yml", "docs/glossary.md"):
        assert (root / name).read_bytes() == (book / name).read_bytes()
    assert sorted(p.name for p in (root / "docs").iterdir()) == \
        sorted(p.name for p in (book / "docs").iterdir())


def test_every_chapter_folder_is_copied_under_a_new_slug(book, doubled):
    chapters = chapter_folders(book)
    assert {"tensors", "first-steps", "exercises"} <= set(chapters)
    for chapter in chapters:
        originals = sorted(p.relative_to(book / "docs" / chapter)
                           for p in (book / "docs" / chapter).rglob("*.md"))
        copies = sorted(p.relative_to(doubled / "docs" / f"{chapter}-2")
                        for p in (doubled / "docs" / f"{chapter}-2").rglob("*.md"))
        assert copies == originals
    assert (doubled / "snippets" / "tensors-2").is_dir()
    assert (doubled / "labs" / "deep_learning_pytorch" / "tensors_2").is_dir()


def test_the_nav_lists_each_copied_page_once_and_every_page_exists(book, doubled):
    real, grown = nav_pages(book / "mkdocs.yml"), nav_pages(doubled / "mkdocs.yml")
    assert grown[:len(real)] == real
    copied = grown[len(real):]
    assert copied and all(page.partition("/")[0].endswith("-2") for page in copied)
    assert len(copied) == sum(p.partition("/")[0] in chapter_folders(book) for p in real)
    assert len(set(grown)) == len(grown)
    assert all((doubled / "docs" / page).is_file() for page in grown)


def test_no_unit_key_or_code_repeats_and_copies_include_their_own_snippets(book, doubled):
    real_keys, _ = unit_codes(book)
    keys, codes = unit_codes(doubled)
    assert len(keys) == len(real_keys) + chapter_units(book) > len(real_keys)
    assert len(set(keys)) == len(keys)
    repeated = [code for code, count in Counter(codes).items() if count > 1]
    assert not repeated
    page = (doubled / "docs" / "tensors-2" / "index.md").read_text(encoding="utf-8")
    assert '--8<-- "snippets/tensors-2/' in page and '"snippets/tensors/' not in page


def test_copies_introduce_no_torch_name_again(doubled):
    for page in (doubled / "docs").glob("*-2/*.md"):
        assert "introduces" not in read_page(page, page.name).front, page


def test_the_glossary_grows_by_one_row_per_term_and_copy_each_used_by_its_copy(book, doubled):
    real = terms((book / "docs" / "glossary.md").read_text(encoding="utf-8"))
    grown = terms((doubled / "docs" / "glossary.md").read_text(encoding="utf-8"))
    assert len(grown) == 2 * len(real)
    assert len({korean for korean, _ in grown}) == len(grown)
    copy_text = "\n".join(p.read_text(encoding="utf-8")
                          for p in (doubled / "docs").glob("*-2/*.md"))
    assert all(korean in copy_text for korean, _ in grown[len(real):])
