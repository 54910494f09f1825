"""The project's own docs (docs/) exist, are cited instead of files outside the repository,
and every link into them lands on a heading that is there."""
from __future__ import annotations

import re

import pytest

import ttr_teach
from ttr_teach.course.puzzles.names import KIND_NAMES

from .helpers import REPO

DOCS = REPO / "docs"
#: Where the project cites its docs: the package, the tests, the notebooks, the puzzles, the READMEs.
CITING = [p for folder in ("ttr_teach", "tests", "notebooks", "puzzles", "bench", "docs")
          for p in sorted((REPO / folder).rglob("*")) if p.suffix in (".py", ".ipynb", ".md", ".yaml")]
CITING.append(REPO / "README.md")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to dashes.

    >>> slug("Ferries (Europe)"), slug("The winner and the tie-breakers")
    ('ferries-europe', 'the-winner-and-the-tie-breakers')
    """
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(doc: str) -> set:
    text = (DOCS / doc).read_text(encoding="utf-8")
    return {slug(h) for h in re.findall(r"(?m)^#+ (.+)$", text)}


def links(path):
    """``(doc, anchor)`` for every link into docs/ written in ``path`` (anchor may be empty)."""
    text = path.read_text(encoding="utf-8")
    found = re.findall(r"docs/(\w+\.md)(?:#([\w-]+))?", text)
    if path.parent == DOCS:
        found += re.findall(r"\]\((\w+\.md)(?:#([\w-]+))?\)", text)
        found += [(path.name, a) for a in re.findall(r"\]\(#([\w-]+)\)", text)]
    return found


@pytest.mark.parametrize("doc", ["rules.md", "formats.md", "architecture.md"])
def test_the_docs_exist(doc):
    assert (DOCS / doc).read_text(encoding="utf-8").startswith("# ")


def test_every_link_into_docs_lands_on_a_heading():
    broken = []
    for path in CITING:
        for doc, anchor in links(path):
            if not (DOCS / doc).exists() or (anchor and anchor not in anchors(doc)):
                broken.append(f"{path.relative_to(REPO)}: docs/{doc}#{anchor}")
    assert broken == []


def test_nothing_cites_design_or_rules_files_outside_the_repository():
    outside = ("DESIGN" + ".md", "RULES" + ".md")   # split so that this file does not cite them
    cites = [f"{p.relative_to(REPO)}" for p in CITING if any(o in p.read_text(encoding="utf-8") for o in outside)]
    assert cites == []


def test_architecture_draws_every_floor_and_lists_every_public_name():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    diagram = text.split("```")[1]
    for floor in ("engine", "algorithms", "players", "views", "course", "top", "lazy"):
        assert floor in diagram, floor
    missing = [name for name in ttr_teach.__all__ if f"`{name}`" not in text]
    assert missing == []


def test_formats_documents_every_puzzle_kind():
    text = (DOCS / "formats.md").read_text(encoding="utf-8")
    assert [k for k in KIND_NAMES if f"| `{k}` |" not in text] == []
