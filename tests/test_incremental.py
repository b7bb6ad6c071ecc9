"""Work kept between builds must never let a changed input pass: each cache is checked across
fresh processes, the way `mkdocs build` and CI use it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import book_env

from bookkit.site_check import CACHE_DIR

CHECK_MARKUP = (
    "import json, sys; from pathlib import Path; from bookkit.site_check import check_markup; "
    "print(json.dumps(check_markup(Path(sys.argv[1]), Path(sys.argv[2]))))"
)


def _check_markup_in_a_fresh_process(site: Path, root: Path) -> list[str]:
    result = subprocess.run([sys.executable, "-c", CHECK_MARKUP, str(site), str(root)],
                            capture_output=True, text=True, env=book_env(), check=True)
    return json.loads(result.stdout)


def test_the_kept_site_scan_sees_a_page_or_template_changed_between_processes(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    page = site / "index.html"
    page.write_text("<p>fine</p><script>alert(1)</script>", encoding="utf-8")
    first = _check_markup_in_a_fresh_process(site, tmp_path)
    assert first == ["index.html: inline <script> that is not the theme's: 'alert(1)'"]
    kept = list((tmp_path / CACHE_DIR).rglob("*.json"))
    assert len(kept) == 1  # the scan was kept for the next process

    # Same path, new bytes: the next process must scan it again.
    page.write_text("<p>fine</p><script>alert(2)</script>", encoding="utf-8")
    assert _check_markup_in_a_fresh_process(site, tmp_path) == [
        "index.html: inline <script> that is not the theme's: 'alert(2)'"
    ]
    page.write_text("<p>fine</p>", encoding="utf-8")
    assert _check_markup_in_a_fresh_process(site, tmp_path) == []

    # Same page, a template that now writes its script: the kept scan no longer applies.
    page.write_text("<p>fine</p><script>alert(1)</script>", encoding="utf-8")
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text("<script>alert(1)</script>",
                                                      encoding="utf-8")
    assert _check_markup_in_a_fresh_process(site, tmp_path) == []
