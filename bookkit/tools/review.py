"""Output review: which printed outputs a change alters, block by block.

    python3 scripts/dev.py diff [BASE]      # BASE: a git revision, the main branch by default

builds BASE (in a temporary git worktree) and the working tree, both with this checkout's
execution store, so units whose key and inputs did not change run in neither build, and
compares the two output manifests (:mod:`bookkit.manifest`). The report is Markdown (it is
shown in GitHub's job summary):

- blocks whose output changed, each with a unified diff of the text (long ones truncated);
- blocks added or removed; the pages affected;
- recordings whose output changed, labelled by device;
- volatile outputs (declared measurements) in one line, never diffed.

Nothing changed: one line says so.
"""

from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from bookkit.fences import code_fence
from bookkit.manifest import read_manifest
from bookkit.settings import child_environment, environment, project_settings

MAX_DIFF_LINES = 40


@dataclass
class Review:
    changed: list[tuple[dict, dict]] = field(default_factory=list)
    added: list[dict] = field(default_factory=list)
    removed: list[dict] = field(default_factory=list)
    volatile: list[str] = field(default_factory=list)  # labels of changed measurements

    @property
    def pages(self) -> list[str]:
        entries = [head for _, head in self.changed] + self.added + self.removed
        return sorted({entry["page"] for entry in entries if "page" in entry})

    @property
    def empty(self) -> bool:
        return not (self.changed or self.added or self.removed or self.volatile)


def _label(entry: dict) -> str:
    if "page" in entry:
        return f"{entry['page']} (block '{entry['block']}')"
    return f"{entry['snippet']} (recorded on {entry['device']})"


def _keyed(manifest: dict) -> dict[tuple, dict]:
    keyed = {("block", e["page"], e["block"]): e for e in manifest["blocks"]}
    keyed |= {("recording", e["snippet"], e["device"]): e for e in manifest["recordings"]}
    return keyed


def compare(base: dict, head: dict) -> Review:
    review = Review()
    old, new = _keyed(base), _keyed(head)
    for key in sorted(old.keys() | new.keys()):
        before, after = old.get(key), new.get(key)
        if before is None:
            review.added.append(after)
        elif after is None:
            review.removed.append(before)
        elif before["sha256"] != after["sha256"]:
            if before.get("volatile") or after.get("volatile"):
                review.volatile.append(_label(after))
            else:
                review.changed.append((before, after))
    return review


def _diff(before: str, after: str, limit: int = MAX_DIFF_LINES) -> str:
    lines = list(difflib.unified_diff(before.splitlines(), after.splitlines(), "before",
                                      "after", lineterm="", n=2))
    if len(lines) > limit:
        lines = [*lines[:limit], f"... {len(lines) - limit} more diff lines not shown"]
    return "\n".join(code_fence(lines, "diff"))


def render(review: Review, base: str, head: str) -> str:
    """The review as Markdown for a pull request's job summary."""
    if review.empty:
        return f"Output review {base} → {head}: no printed output changed.\n"
    out = [f"## Output review: {base} → {head}", ""]
    out.append(f"{len(review.changed)} output(s) changed, {len(review.added)} added, "
               f"{len(review.removed)} removed; pages affected: "
               + (", ".join(f"`{page}`" for page in review.pages) or "none") + ".")
    out.append("")
    if review.volatile:
        out += [f"Measurements that changed (not diffed): {', '.join(review.volatile)}.", ""]
    for before, after in review.changed:
        out += [f"### {_label(after)}", "", _diff(before["text"], after["text"]), ""]
    for title, entries in (("Added", review.added), ("Removed", review.removed)):
        if entries:
            out += [f"### {title}", "", *[f"- {_label(entry)}" for entry in entries], ""]
    return "\n".join(out)


def build_manifest_of(tree: Path, store: Path, out: Path) -> Path:
    """Build the book in ``tree`` with ``store``; the manifest it wrote (``out``)."""
    # The tree's own bookkit comes first; a tree without one (a test book) uses this one.
    this_bookkit = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(filter(None, [str(tree), this_bookkit, environment().get("PYTHONPATH")]))
    env = child_environment(BOOK_STORE=str(store), BOOK_MANIFEST=str(out),
                            NO_MKDOCS_2_WARNING="1", PYTHONHASHSEED="0", PYTHONPATH=path)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
         str(out.parent / (out.stem + "-site"))],
        cwd=tree, env=env, capture_output=True, text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"the build of {tree} failed:\n{result.stderr[-4000:]}")
    if not out.is_file():
        raise RuntimeError(f"the build of {tree} wrote no output manifest: that revision "
                           "predates output reviews")
    return out


def _git(root: Path, *args: str) -> str:
    """Run git; its stdout, or :class:`SystemExit` carrying git's own message."""
    result = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)
    if result.returncode != 0:
        reason = (result.stderr or result.stdout).strip() or f"exit status {result.returncode}"
        raise SystemExit(f"git {args[0]} failed (git: {reason})")
    return result.stdout.strip()


def resolve_base(root: Path, base: str) -> str:
    """The commit ``base`` names; :class:`SystemExit` with git's reason when it names none.

    Checked before anything is built, so a mistyped base fails at once.
    """
    probe = subprocess.run(
        ["git", "rev-parse", "--verify", "--end-of-options", f"{base}^{{commit}}"],
        cwd=root, capture_output=True, text=True,
    )
    if probe.returncode != 0:
        reason = probe.stderr.strip() or f"exit status {probe.returncode}"
        raise SystemExit(f"diff: base {base!r} is no commit of this repository (git: {reason})")
    return probe.stdout.strip()


def review_revision(root: Path, base: str) -> tuple[Review, str]:
    commit = resolve_base(root, base)
    store = project_settings(root).store_dir(root)
    with tempfile.TemporaryDirectory(prefix="book-review-") as folder:
        work = Path(folder)
        worktree = work / "base"
        _git(root, "worktree", "add", "--detach", str(worktree), commit)
        try:
            base_manifest = read_manifest(build_manifest_of(worktree, store, work / "base.json"))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=root,
                           capture_output=True)
        head_manifest = read_manifest(build_manifest_of(root, store, work / "head.json"))
    return compare(base_manifest, head_manifest), base


def default_base(root: Path) -> str:
    for name in ("main", "origin/main"):
        probe = subprocess.run(["git", "rev-parse", "--verify", "--quiet", name], cwd=root,
                               capture_output=True)
        if probe.returncode == 0:
            return name
    raise SystemExit("no main branch here: name the base revision")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bookkit.tools.review", description=__doc__)
    parser.add_argument("base", nargs="?", help="git revision to compare with (default: main)")
    parser.add_argument("--out", type=Path, help="also write the Markdown report here")
    args = parser.parse_args(argv)
    root = Path.cwd()
    if shutil.which("git") is None:
        raise SystemExit("git is needed to build the base revision")
    review, base = review_revision(root, args.base or default_base(root))
    report = render(review, base, "working tree")
    print(report)
    if args.out:
        args.out.write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
