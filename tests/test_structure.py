"""The layers hold: read from the source with ``ast``, nothing is imported or built.

- the engine (``bookkit/exec``) reaches no MkDocs, markdown-exec, BeautifulSoup or pytest
  module, directly or through the bookkit modules it imports;
- only ``bookkit/mkdocs`` imports MkDocs, markdown-exec, mkdocs-jupyter or BeautifulSoup;
- one MkDocs plugin per feature: no feature module imports another feature's, and neither the
  execution plugin nor a shared module imports a feature's (features read the book, the
  execution plugin publishes it: ``bookkit/mkdocs/book.py``);
- only ``bookkit/settings.py`` touches ``os.environ`` (bookkit, scripts and tests alike);
- bookkit's modules import each other without a cycle (lazy imports in functions count);
- no private name of a third-party package (``_x`` module or name) is imported outside the one
  pytest-markdown-docs adapter.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOKKIT = ROOT / "bookkit"
SETTINGS = BOOKKIT / "settings.py"
ADAPTER = BOOKKIT / "pytest" / "markdown_docs.py"
SITE_PACKAGES = ("mkdocs", "markdown_exec", "mkdocs_jupyter", "bs4")
NOT_IN_ENGINE = (*SITE_PACKAGES, "pytest", "pytest_markdown_docs", "_pytest")
FIRST_PARTY = ("bookkit", "labs", "tests", "conftest", "snippets")
ENVIRONMENT = {"environ", "environb", "getenv", "getenvb", "putenv", "unsetenv"}
MKDOCS_LAYER = BOOKKIT / "mkdocs"
# Every module of bookkit/mkdocs belongs to one of these: a feature (its plugin and the modules
# only it uses), the execution plugin, or what several share.
FEATURES = {
    "glossary": {"glossary_plugin", "glossary"},
    "notebooks": {"notebooks_plugin", "notebook_pages", "chapter_notebooks"},
    "math": {"math_plugin", "math_render"},
    "search": {"search_plugin", "search"},
    "font": {"font_plugin"},
    "checks": {"checks_plugin", "site_check", "notebook_check"},
}
EXECUTION = {"plugin", "execution", "stored_outputs", "predictions", "serve_errors",
             "theme_listing"}
SHARED = {"__init__", "book", "helpers", "dirty", "glossary_table", "search_index",
          "font_subset", "pdf", "introductions"}


def python_files(*folders: Path) -> list[Path]:
    return sorted(path for folder in folders for path in folder.rglob("*.py")
                  if "__pycache__" not in path.parts)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str, str | None]]:
    """(line, module, imported name or None) of every import in ``path``, lazy ones too."""
    found: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [(node.lineno, node.module, alias.name) for alias in node.names]
    return found


def bookkit_graph() -> dict[str, set[str]]:
    """bookkit module -> the bookkit modules it imports."""
    modules = {module_name(path): path for path in python_files(BOOKKIT)}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for _, module, imported in imports(path):
            target = f"{module}.{imported}" if f"{module}.{imported}" in modules else module
            if target in modules and target != name:
                graph[name].add(target)
    return graph


def top(module: str) -> str:
    return module.split(".")[0]


def test_the_engine_reaches_no_mkdocs_markdown_exec_bs4_or_pytest_module():
    graph = bookkit_graph()
    reached = {name for name in graph if name.startswith("bookkit.exec")}
    todo = list(reached)
    while todo:
        for target in graph[todo.pop()] - reached:
            reached.add(target)
            todo.append(target)
    problems = [
        f"{path.relative_to(ROOT)}:{line}: imports {module} (reached from bookkit.exec)"
        for name in sorted(reached)
        for path in [ROOT / (name.replace(".", "/") + ".py"), ROOT / name.replace(".", "/")
                     / "__init__.py"] if path.is_file()
        for line, module, _ in imports(path) if top(module) in NOT_IN_ENGINE
    ]
    assert not problems, "\n".join(problems)


def test_only_the_mkdocs_layer_imports_mkdocs_markdown_exec_and_bs4():
    problems = [
        f"{path.relative_to(ROOT)}:{line}: imports {module}"
        for path in python_files(BOOKKIT) if not path.is_relative_to(BOOKKIT / "mkdocs")
        for line, module, _ in imports(path) if top(module) in SITE_PACKAGES
    ]
    assert not problems, "\n".join(problems)


def mkdocs_group(module: str) -> str | None:
    """The group of a module of bookkit/mkdocs (a feature's name, "execution" or "shared")."""
    name = module.removeprefix("bookkit.mkdocs.")
    found = [feature for feature, modules in FEATURES.items() if name in modules]
    found += [group for group, modules in (("execution", EXECUTION), ("shared", SHARED))
              if name in modules]
    return found[0] if len(found) == 1 else None


def test_every_module_of_the_mkdocs_layer_has_one_place():
    names = [path.stem for path in python_files(MKDOCS_LAYER)]
    listed = [name for modules in [*FEATURES.values(), EXECUTION, SHARED] for name in modules]
    assert sorted(set(names)) == sorted(listed), (
        "list each module of bookkit/mkdocs once, in FEATURES, EXECUTION or SHARED")


def test_no_feature_module_imports_another_feature():
    """A feature is one MkDocs plugin (bookkit/NAME in mkdocs.yml): it reads the book through
    bookkit.mkdocs.book and imports no other feature's module; the execution plugin and the
    shared modules import none at all."""
    graph = bookkit_graph()
    problems = []
    for name in sorted(graph):
        if not name.startswith("bookkit.mkdocs."):
            continue
        group = mkdocs_group(name)
        for target in sorted(graph[name]):
            other = mkdocs_group(target) if target.startswith("bookkit.mkdocs.") else None
            if other in FEATURES and other != group:
                problems.append(f"{name} ({group}) imports {target} (feature {other})")
    assert not problems, "\n".join(problems)


def environment_uses(path: Path) -> list[str]:
    """Where ``path`` touches the process environment (``os.environ``, ``os.getenv``, ...)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if (isinstance(node, ast.Attribute) and node.attr in ENVIRONMENT
                and isinstance(node.value, ast.Name) and node.value.id == "os"):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: os.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module == "os" and any(
                alias.name in ENVIRONMENT for alias in node.names):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: from os import ...")
    return found


def test_no_module_but_the_settings_touches_the_environment():
    problems = [use for path in python_files(BOOKKIT, ROOT / "scripts", ROOT / "tests")
                if path != SETTINGS for use in environment_uses(path)]
    assert not problems, "read settings or the environment through bookkit.settings:\n" + (
        "\n".join(problems))


def test_bookkit_has_no_import_cycle():
    graph = bookkit_graph()
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                cycles.append([*path[path.index(target):], target])
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, "\n".join(" -> ".join(cycle) for cycle in cycles)


def third_party(module: str) -> bool:
    name = top(module)
    return name not in FIRST_PARTY and name not in sys.stdlib_module_names and name != "__future__"


def test_no_private_third_party_name_is_imported_outside_the_adapter():
    problems = [
        f"{path.relative_to(ROOT)}:{line}: {module}" + (f" import {name}" if name else "")
        for path in python_files(BOOKKIT, ROOT / "scripts", ROOT / "tests") if path != ADAPTER
        for line, module, name in imports(path)
        if third_party(module) and (
            any(part.startswith("_") for part in module.split("."))
            or (name or "").startswith("_"))
    ]
    assert not problems, "\n".join(problems)


def test_the_engine_reads_front_matter_as_mkdocs_does():
    """bookkit.page_source keeps its own copy of MkDocs' front-matter pattern (the engine imports
    nothing from MkDocs); a page whose front matter the two read differently would be run with
    one set of declarations and rendered with another."""
    from mkdocs.utils.meta import YAML_RE

    from bookkit.page_source import FRONT_MATTER

    assert (FRONT_MATTER.pattern, FRONT_MATTER.flags) == (YAML_RE.pattern, YAML_RE.flags)
