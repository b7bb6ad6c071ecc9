"""The one memo of derived artefacts (bookkit/memo.py): what a full build did not use goes, so
the search and site-check folders no longer grow with every prose edit."""

from __future__ import annotations

from bookkit.memo import Memo


def test_a_sweep_keeps_what_this_build_used_and_removes_the_rest(tmp_path):
    old = Memo(tmp_path, ".txt")
    old.put_json("aa11", ["before the edit"])
    old.put_json("bb22", ["unchanged section"])
    (tmp_path / "cc" / "cc33.txt.tmp").parent.mkdir()
    (tmp_path / "cc" / "cc33.txt.tmp").write_text("another build's write in flight")

    build = Memo(tmp_path, ".txt")  # the next build: one section edited, one the same
    assert build.get_json("bb22") == ["unchanged section"]
    build.put_json("dd44", ["after the edit"])
    assert build.sweep() == 1
    assert sorted(p.name for p in tmp_path.glob("*/*")) == ["bb22.txt", "cc33.txt.tmp",
                                                           "dd44.txt"]


def test_a_damaged_or_missing_file_is_absent_not_an_error(tmp_path):
    memo = Memo(tmp_path, ".json")
    memo.put("ee55", b'{"cut short')
    assert memo.get_json("ee55") is None and memo.get_json("ff66") is None
    assert memo.get("ff66") is None
