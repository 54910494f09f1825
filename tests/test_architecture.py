"""The package's floors (docs/architecture.md), checked by walking every import in its source.

Each module may import only from its own floor or the floors below it (engine < algorithms <
players < views < course < the top level), counting imports inside functions too; only a
``_repr_svg_``/``_repr_html_`` method may reach up to the views, because Jupyter asks an engine
object for its picture. No import circle, no module over 600 lines, no class over 400 lines,
and at most 6 loose modules at the top beside ``__init__``, ``__main__`` and ``cli``.
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

import ttr_teach

PACKAGE = Path(ttr_teach.__file__).parent
FLOORS = ("engine", "algorithms", "players", "views", "course")
TOP = len(FLOORS)
REPR_METHODS = {"_repr_svg_", "_repr_html_", "_repr_png_", "_repr_mimebundle_"}
#: Helpers every floor may use (they import nothing of ours): below the engine.
BASE = {"ttr_teach.lazy", "ttr_teach.extras"}
#: Modules still being cut to size by the restructure (issue 9); this list only shrinks.
TOO_BIG_FOR_NOW: set = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def floor(module: str) -> int:
    """-1 for the base helpers, 0 for the engine ... 4 for the course, 5 for the top level."""
    if module in BASE:
        return -1
    parts = module.split(".")
    return FLOORS.index(parts[1]) if len(parts) > 1 and parts[1] in FLOORS else TOP


def resolve(name: str) -> str | None:
    """The module of ours that ``name`` imports (following the old names' aliases), or None."""
    for old, new in sorted(ttr_teach.MODULE_ALIASES.items(), key=lambda kv: -len(kv[0])):
        if name == old or name.startswith(old + "."):
            name = new + name[len(old):]
            break
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str):
    """``(imported module, line, inside a repr method)`` for every import in ``module``."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    repr_lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in REPR_METHODS:
            repr_lines.update(range(node.lineno, node.end_lineno + 1))
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            names = [f"{stem}.{a.name}" for a in node.names]
        for name in names:
            if name.startswith("ttr_teach"):
                target = resolve(name)
                if target and target != module:
                    yield target, node.lineno, node.lineno in repr_lines


EDGES = [(m, t, line, in_repr) for m in MODULES for t, line, in_repr in imports_of(m)]


def test_every_module_imports_only_its_own_floor_or_those_below():
    upward = [f"{m}:{line} imports {t}" for m, t, line, in_repr in EDGES
              if floor(t) > floor(m) and not in_repr]
    assert upward == []


def test_the_engine_never_imports_a_widget_or_plotting_library():
    heavy = ("ipywidgets", "ipycanvas", "matplotlib", "IPython", "tqdm")
    found = []
    for module, path in MODULES.items():
        if floor(module) != 0:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            found += [f"{module} imports {n}" for n in names if n.split(".")[0] in heavy]
    assert found == []


def test_no_import_circle():
    graph = nx.DiGraph((m, t) for m, t, _, in_repr in EDGES if not in_repr)
    # a package importing its own submodules is how a package shows its names, not a circle
    graph.remove_edges_from([(m, t) for m, t in list(graph.edges) if t.startswith(m + ".")])
    circles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert circles == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_modules_and_classes_stay_small(module):
    text = MODULES[module].read_text(encoding="utf-8")
    if module in TOO_BIG_FOR_NOW:
        assert len(text.splitlines()) > 600, f"{module} is small now: take it off TOO_BIG_FOR_NOW"
        return
    assert len(text.splitlines()) <= 600, f"{module} has {len(text.splitlines())} lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            size = node.end_lineno - node.lineno + 1
            assert size <= 400, f"class {node.name} in {module} has {size} lines"


def test_few_loose_modules_at_the_top():
    loose = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__", "cli"))
    assert len(loose) <= 6, loose


def test_old_module_names_import_the_same_module_objects():
    import importlib

    for old, new in ttr_teach.MODULE_ALIASES.items():
        assert importlib.import_module(old) is importlib.import_module(new), old
