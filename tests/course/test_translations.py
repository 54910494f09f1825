"""The course in other languages: the catalogs of the notebooks and documents, and the
translated notebooks written from them (ttr_teach.course.notebook_translation)."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from ttr_teach.course import notebook_catalogs as catalogs
from ttr_teach.course import notebook_translation as translation
from ttr_teach.engine.i18n import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
SOURCES = catalogs.notebook_paths(ROOT)


def _po(path: Path, lang=None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _ids(catalog: Catalog) -> list[str]:
    return sorted(str(m.id) for m in catalog if m.id)


@pytest.mark.parametrize("relative", SOURCES, ids=str)
def test_templates_hold_every_block_of_the_english_text(relative):
    """A changed English notebook needs `make translations` (its template is stale otherwise)."""
    template = ROOT / "translations" / "templates" / catalogs.catalog_name(relative).with_suffix(".pot")
    assert _ids(_po(template)) == _ids(catalogs.notebook_template(ROOT / relative)), \
        f"{template} is stale: run `make translations`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_has_exactly_the_templates_messages(lang):
    for relative in SOURCES:
        name = catalogs.catalog_name(relative)
        po = ROOT / "translations" / lang / name.with_suffix(".po")
        template = ROOT / "translations" / "templates" / name.with_suffix(".pot")
        assert po.exists(), f"{po} is missing: run `make translations`"
        assert _ids(_po(po, lang)) == _ids(_po(template)), f"{po} is stale: run `make translations`"


_CODE = re.compile(r"`[^`]+`")
_MATH = re.compile(r"\$\$.+?\$\$|\$[^$]+?\$", re.DOTALL)
_TARGET = re.compile(r"\]\(([^)\s]+)\)")
_TAG = re.compile(r"</?[a-zA-Z][^>]*>")


def placeholders(text: str) -> Counter:
    """What a translation must keep as it is: code, math, link targets, HTML tags, and the
    level of a heading it starts with."""
    heading = re.match(r"#+ ", text)
    return Counter(_CODE.findall(text) + _MATH.findall(text) + _TARGET.findall(text)
                   + _TAG.findall(text) + ([heading[0]] if heading else []))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_code_math_links_tags_and_headings(lang):
    wrong = []
    for po in sorted((ROOT / "translations" / lang).rglob("*.po")):
        for message in _po(po, lang):
            if message.id and message.string and placeholders(str(message.id)) != placeholders(str(message.string)):
                wrong.append(f"{po.relative_to(ROOT)}: {str(message.id)[:50]!r}: "
                             f"{placeholders(str(message.id)) - placeholders(str(message.string))} lost, "
                             f"{placeholders(str(message.string)) - placeholders(str(message.id))} added")
    assert not wrong, "\n".join(wrong)


def test_translated_notebooks_are_written_from_the_catalogs_and_fresh():
    """Every notebook whose catalog is complete is in notebooks/<lang>/ or puzzles/<lang>/,
    exactly as `make translations` writes it, and no other translated notebook is there."""
    expected = translation.expected_notebooks(ROOT)
    written = set(translation.written_notebooks(ROOT))
    translated = {path for path in expected if path.parts[1] in TRANSLATED}
    assert written == translated, "run `make translations`"
    for path, text in expected.items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, f"{path} is stale: run `make translations`"


# --- the generator, on a small course of its own -------------------------------------------

ENGLISH = {
    "cells": [
        {"cell_type": "markdown", "id": "a", "metadata": {}, "source": ["# Ferries\n", "\n", "A **ferry** needs "
         "`locomotives`.\n", "\n", "```\n", "kept as it is\n", "```\n", "\n", "Next: [tunnels](05_tunnels.ipynb), "
         "[puzzles](../puzzles/introductory.ipynb), [rules](../docs/rules.md)."]},
        {"cell_type": "code", "id": "b", "metadata": {}, "execution_count": None, "outputs": [],
         "source": ["print(1)"]},
    ],
    "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
}
SWEDISH = {"# Ferries": "# Färjor", "A **ferry** needs `locomotives`.": "En **färja** kräver `locomotives`.",
           "Next: [tunnels](05_tunnels.ipynb), [puzzles](../puzzles/introductory.ipynb), [rules](../docs/rules.md).":
           "Nästa: [tunnlar](05_tunnels.ipynb), [pussel](../puzzles/introductory.ipynb), [regler](../docs/rules.md)."}


def _small_course(tmp_path, translations):
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "puzzles").mkdir()
    for document in catalogs.DOCUMENTS:
        (tmp_path / document).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / document).write_text("# Words\n", encoding="utf-8")
    (tmp_path / "notebooks" / "04_ferries.ipynb").write_text(json.dumps(ENGLISH), encoding="utf-8")
    (tmp_path / "puzzles" / "introductory.ipynb").write_text(json.dumps({**ENGLISH, "cells": []}), encoding="utf-8")
    catalogs.write_templates(tmp_path)
    catalogs.update_catalogs(tmp_path)
    for lang, table in translations.items():
        po = tmp_path / "translations" / lang / "notebooks" / "04_ferries.po"
        catalog = _po(po, lang)
        for english, translated in table.items():
            catalog[english].string = translated
        with po.open("wb") as f:
            write_po(f, catalog, width=0)
    return tmp_path


def test_a_translated_notebook_has_the_english_code_and_the_translated_words(tmp_path):
    root = _small_course(tmp_path, {"sv": SWEDISH})
    translation.write_translations(root)
    notebook = json.loads((root / "notebooks" / "sv" / "04_ferries.ipynb").read_text(encoding="utf-8"))
    markdown, language, code = notebook["cells"]
    text = "".join(markdown["source"])
    assert text.startswith('<div lang="sv">') and "# Färjor" in text and "`locomotives`" in text
    assert "```\nkept as it is\n```" in text, "a fenced code block is never translated"
    assert "[tunnlar](../05_tunnels.ipynb)" in text, "a notebook not translated yet is linked in English"
    assert "[pussel](../../puzzles/sv/introductory.ipynb)" in text, "a translated one in the same language"
    assert "[regler](../../docs/rules.md)" in text, "a file that is not translated is linked where it is"
    assert "".join(language["source"]).endswith('use_language("sv")')
    assert code == ENGLISH["cells"][1], "the code cells are the English ones"


def test_persian_reads_right_to_left(tmp_path):
    root = _small_course(tmp_path, {"fa": {k: v.replace("Färjor", "کشتی") for k, v in SWEDISH.items()}})
    translation.write_translations(root)
    notebook = json.loads((root / "notebooks" / "fa" / "04_ferries.ipynb").read_text(encoding="utf-8"))
    assert "".join(notebook["cells"][0]["source"]).startswith('<div lang="fa" dir="rtl">')


def test_a_notebook_whose_catalog_is_not_complete_is_not_written(tmp_path):
    partial = dict(list(SWEDISH.items())[:2])
    root = _small_course(tmp_path, {"sv": partial})
    lines = translation.write_translations(root)
    assert not (root / "notebooks" / "sv" / "04_ferries.ipynb").exists()
    assert "sv: 1 of 2 notebooks translated" in lines, "the puzzles notebook (no words) is, the ferries not"


def test_a_changed_english_block_keeps_its_old_translation_as_fuzzy(tmp_path):
    root = _small_course(tmp_path, {"sv": SWEDISH})
    changed = json.loads(json.dumps(ENGLISH).replace("needs", "takes"))
    (root / "notebooks" / "04_ferries.ipynb").write_text(json.dumps(changed), encoding="utf-8")
    translation.write_translations(root)
    catalog = _po(root / "translations" / "sv" / "notebooks" / "04_ferries.po", "sv")
    message = catalog["A **ferry** takes `locomotives`."]
    assert message.fuzzy and message.string == SWEDISH["A **ferry** needs `locomotives`."]
    assert not (root / "notebooks" / "sv" / "04_ferries.ipynb").exists(), "a fuzzy message is not a translation"


def test_the_misreadings_lesson_leads_with_the_languages_own_misreadings():
    def md(text):
        return {"cell_type": "markdown", "source": [text]}

    def code(text):
        return {"cell_type": "code", "source": [text]}

    cells = [md("# 11"), code("import lesson"),
             md("## 1. Turn order"), code('exercises["turn_order"]'), code("demo()"), md("clockwise, see?"),
             md("## 2. Ferries"), code('exercises["ferry"]'), md("one per symbol"),
             code('exercises["returned_tickets"]'),
             md("## 4. Tunnels"), code('exercises["tunnel_reveal"]'),
             md("## Quick review"), code('exercises["ferry"]'), md("## Summary")]
    extras = {"first": ["tunnel_reveal", "returned_tickets"], "quotes": {"tunnel_reveal": "en per ruta"},
              "lead": "Din regeltext:"}
    ordered = ["".join(c["source"]) for c in translation._misreadings_first(cells, extras, "sv")]
    assert ordered[:2] == ["# 11", "import lesson"]
    assert "Din regeltext:" in ordered[2] and "> en per ruta" in ordered[2]
    assert ordered[3:] == ["## 1. Tunnels", 'exercises["tunnel_reveal"]',
                           'exercises["returned_tickets"]',
                           "## 3. Turn order", 'exercises["turn_order"]', "demo()", "clockwise, see?",
                           "## 4. Ferries", 'exercises["ferry"]', "one per symbol",
                           "## Quick review", 'exercises["ferry"]', "## Summary"]


def test_a_language_whose_text_makes_no_misreading_keeps_the_order_and_says_so():
    cells = [{"cell_type": "markdown", "source": ["## 1. Turn order"]},
             {"cell_type": "code", "source": ['exercises["turn_order"]']}]
    ordered = translation._misreadings_first(cells, {"first": [], "lead": "Văn bản đúng cả."}, "vi")
    assert "Văn bản đúng cả." in "".join(ordered[0]["source"]) and ordered[1:] == cells
