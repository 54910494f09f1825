"""The package's floors (docs/architecture.md), checked by walking every import in its source.

Each module may import only from its own floor or the floors below it (engine < algorithms <
players < views < course < the top level), counting imports inside functions too; only a
``_repr_svg_``/``_repr_html_`` method may reach up to the views, because Jupyter asks an engine
object for its picture. No import circle, no module over 600 lines, no class over 400 lines,
and at most 6 loose modules at the top beside ``__init__``, ``__main__`` and ``cli``. One name
for everything: no alias layer for old module paths, no shim for old keywords.
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
    """The module of ours that ``name`` imports, or None."""
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


@pytest.mark.parametrize("old", ["ttr_teach.scoring", "ttr_teach.graphs", "ttr_teach.lessons",
                                 "ttr_teach.widgets", "ttr_teach.puzzles", "ttr_teach.exercises",
                                 "ttr_teach.lessons.tunnels", "ttr_teach.bots"])
def test_a_module_has_one_name_and_old_paths_do_not_import(old):
    """``ttr_teach.scoring`` is not a second name of ``ttr_teach.engine.scoring``."""
    import importlib

    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)


def test_no_alias_layer_in_the_package():
    """No table of old module names, no short names at the top, no import hook of ours."""
    import sys

    assert not hasattr(ttr_teach, "MODULE_ALIASES")
    for name in ("widgets", "lessons", "puzzles", "exercises", "scoring", "graphs"):
        assert not hasattr(ttr_teach, name), name
    ours = [f for f in sys.meta_path if type(f).__module__.startswith("ttr_teach")]
    assert ours == []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        finders = [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                   and any(ast.unparse(b).endswith(("MetaPathFinder", "Loader")) for b in node.bases)]
        assert finders == [], f"{module} defines an import hook: {finders}"


def test_no_keyword_shim_gives_a_parameter_a_second_name():
    """A renamed parameter is renamed at its callers: no ``old_keywords`` decorator, and no
    function moves a keyword to another name inside its ``**kwargs`` (``kw[new] = kw.pop(old)``)."""
    from ttr_teach import lazy

    for name in ("old_keywords", "install_aliases", "ModuleAliases"):
        assert not hasattr(lazy, name), name
    shims = []
    for module, path in MODULES.items():
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            decorators = [ast.unparse(d) for d in fn.decorator_list]
            shims += [f"{module}:{fn.lineno} {fn.name}() has @{d}" for d in decorators if "keyword" in d]
            if fn.args.kwarg is None:
                continue
            kw = fn.args.kwarg.arg
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and any(
                        isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == kw
                        for t in node.targets) and any(
                        isinstance(n, ast.Name) and n.id == kw for n in ast.walk(node.value)):
                    shims.append(f"{module}:{node.lineno} {fn.name}() renames a keyword")
    assert shims == []


def test_the_map_parameter_is_called_map_never_map_name():
    """One keyword for the map on every floor: ``cheapest_network(map, ...)``,
    ``best_score(map, ...)``, ``Game.new(map=...)``, the lessons' ``tunnels(map)``."""
    other = []
    for module, path in MODULES.items():
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
                other += [f"{module}:{fn.lineno} {fn.name}({a.arg})" for a in args
                          if a.arg in ("map_name", "map_or_name", "map_", "game_map")]
    assert other == []
