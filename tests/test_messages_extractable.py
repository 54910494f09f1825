"""Every message the package marks is one Babel can extract: a ``gettext("...")`` written
inside an f-string is not (Babel reads f-strings as one string), so its text would stay
English in every language while looking marked."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ttr_teach"
MARKERS = {"gettext", "ngettext", "pgettext", "npgettext", "N_"}


def _marked_inside_fstrings(tree) -> list:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for sub in ast.walk(node):
                if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in MARKERS
                        and any(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in sub.args)):
                    found.append(sub.lineno)
    return found


def test_no_message_is_marked_inside_an_f_string():
    hidden = [f"{path.relative_to(PACKAGE.parent)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
              for line in _marked_inside_fstrings(ast.parse(path.read_text(encoding="utf-8")))]
    assert hidden == [], f"move these messages out of their f-strings: {hidden}"


def test_the_check_sees_a_message_inside_an_f_string():
    assert _marked_inside_fstrings(ast.parse('x = f"<b>{gettext(\'Game over.\')}</b>"')) == [1]
    assert _marked_inside_fstrings(ast.parse('x = "<b>" + gettext("Game over.") + "</b>"')) == []
