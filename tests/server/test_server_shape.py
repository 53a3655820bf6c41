"""The server's shape (docs/server.md): subpackages a newcomer can read as a map, imports that point one way.

The imports are read from the source with ``ast`` (every import, also those inside functions and under
``TYPE_CHECKING``: a circle that only type checkers see is still a circle for the reader). Entry points
(``app.py``, ``replay_file.py``) may import anything; ``api`` imports ``live``, ``guards`` and ``store``;
``live`` imports ``guards`` and ``store``; ``guards`` and ``store`` import no other part of the server.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ludus.server

SERVER = Path(ludus.server.__file__).parent
PACKAGE = "ludus.server"

# which parts each part may import (besides itself); the top-level modules are the entry points
MAY_IMPORT = {
    "api": {"live", "guards", "store"},
    "live": {"guards", "store"},
    "guards": set(),
    "store": set(),
}
ENTRY_POINTS = {"app", "replay_file"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SERVER).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def server_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(SERVER.rglob("*.py")) if "versions" not in path.parts}


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The server modules ``name`` imports (a ``from package import module`` counts as the module)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            submodules = {f"{target}.{alias.name}" for alias in node.names}
            found.update(submodules)
            if not submodules <= known:  # names from the module itself, not only its submodules
                found.add(target)
    return {target for target in found if target in known and target != name}


def import_graph() -> dict[str, set[str]]:
    modules = server_modules()
    known = set(modules)
    return {name: imported(name, path, known) for name, path in modules.items()}


def part_of(module: str) -> str:
    rest = module.removeprefix(PACKAGE).lstrip(".")
    return rest.split(".")[0] if rest else ""


def test_the_server_is_grouped_into_a_few_subpackages() -> None:
    parts = {part_of(name) for name in server_modules()} - {""}
    assert parts == set(MAY_IMPORT) | ENTRY_POINTS
    for part in MAY_IMPORT:
        assert (SERVER / part / "__init__.py").is_file(), part


def test_the_graph_reader_sees_relative_imports() -> None:
    """The checks below would pass on an empty graph: make sure the reader finds known edges."""
    graph = import_graph()
    assert f"{PACKAGE}.live.tables" in graph[f"{PACKAGE}.api.lobby"]  # from ..live.tables import ...
    assert f"{PACKAGE}.live.leases" in graph[f"{PACKAGE}.live.tables"]  # from .leases import ...
    assert f"{PACKAGE}.store" in graph[f"{PACKAGE}.live.tables"]  # from ..store import ...
    assert f"{PACKAGE}.api.pictures" in graph[f"{PACKAGE}.app"]  # from .api import pictures
    assert f"{PACKAGE}.store" in graph[f"{PACKAGE}.store.migrations.env"]  # from ludus.server.store import ...


def test_server_modules_import_each_other_without_circles() -> None:
    graph = import_graph()
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> None:
        if name in path:
            circle = [*path[path.index(name):], name]
            raise AssertionError("import circle: " + " -> ".join(circle))
        if name in done:
            return
        path.append(name)
        for target in sorted(graph[name]):
            if not target.startswith(name + "."):  # a package's __init__ re-exporting its own modules
                visit(target)
        path.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)


def test_subpackages_import_one_way() -> None:
    wrong = []
    for name, targets in import_graph().items():
        source = part_of(name)
        if source in ENTRY_POINTS or source == "":
            continue
        for target in targets:
            destination = part_of(target)
            if destination != source and destination not in MAY_IMPORT[source]:
                wrong.append(f"{name} imports {target}")
    assert not wrong, wrong
