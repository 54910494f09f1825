"""What the algorithms refuse from a notebook is said in the learner's language
(docs/translating.md): a tunnel the hand cannot pay, a count that is not one, an empty deck, a
simulation of no trials, a budget of trains, a ticket joining a city to itself, and a language
the course does not have. Colour words are the language's own, numbers written as it writes them;
what the learner typed (``-1``, ``'klingon'``) is quoted as typed."""

import pytest

import ttr_teach
from ttr_teach.algorithms.best_score import best_score
from ttr_teach.algorithms.planning import cheapest_network
from ttr_teach.algorithms.probability import blind_draw_probability, hypergeometric_distribution, spare_cards_for_tunnel
from ttr_teach.algorithms.simulation import simulate_tunnel
from ttr_teach.engine.errors import TTRError


@pytest.fixture(autouse=True)
def _english_after():
    yield
    ttr_teach.set_language(None)


def _refusal(call):
    with pytest.raises(TTRError) as refused:
        call()
    return str(refused.value)


CALLS = {
    "tunnel": lambda: spare_cards_for_tunnel({"red": 1, "locomotive": 1}, "red", 3),
    "count": lambda: hypergeometric_distribution(5, 2, -1),
    "empty deck": lambda: blind_draw_probability({}),
    "no trials": lambda: simulate_tunnel({"red": 1}, "red", trials=0),
    "budget": lambda: best_score("usa", trains=-1),
    "ticket": lambda: cheapest_network("europe", [("Paris", "Paris")]),
    "language": lambda: ttr_teach.set_language("klingon"),
}


@pytest.mark.parametrize("lang, said", [
    ("en", {"tunnel": "the hand has only 2 red cards and locomotives; the tunnel needs 3 before any extra",
            "count": "the number of cards drawn must be a whole number of cards (0 or more), not -1",
            "empty deck": "the deck is empty: no card can be drawn",
            "no trials": "a simulation needs at least one trial",
            "budget": "trains must be a whole number of trains, 0 or more, not -1",
            "ticket": "ticket #1 joins Paris to itself; a ticket joins two cities",
            "language": "there is no language 'klingon': give one of en, vi, fa, sv, it"}),
    ("sv", {"tunnel": "handen har bara 2 kort i rött och lok; tunneln kräver 3 före eventuella extra kort",
            "count": "antalet dragna kort måste vara ett helt antal kort (0 eller fler), inte -1",
            "empty deck": "draghögen är tom: inget kort kan dras",
            "no trials": "en simulering behöver minst ett försök",
            "ticket": "biljett nr 1 förbinder Paris med sig själv; en biljett förbinder två städer",
            "language": "det finns inget språk 'klingon': ange ett av en, vi, fa, sv, it"}),
    ("fa", {"tunnel": "دست فقط ۲ کارتِ قرمز و لوکوموتیو دارد؛ تونل پیش از هر کارتِ اضافه ۳ کارت لازم دارد",
            "no trials": "شبیه‌سازی دست‌کم یک آزمایش لازم دارد",
            "budget": "trains باید تعدادی صحیح از واگن‌ها باشد، ۰ یا بیشتر، نه -1"}),
    ("it", {"tunnel": "la mano ha solo 2 carte di colore rosso e locomotive; la galleria ne richiede 3 prima di "
                      "eventuali carte aggiuntive",
            "count": "il numero di carte pescate: deve essere un numero intero di carte (0 o più), non -1",
            "empty deck": "il mazzo è vuoto: non si può pescare nessuna carta"}),
    ("vi", {"tunnel": "bài trên tay chỉ có 2 thẻ màu đỏ và đầu máy; đường hầm cần 3 thẻ trước khi tính thẻ trả thêm",
            "ticket": "vé số 1 nối Paris với chính nó; một vé nối hai thành phố"}),
])
def test_the_algorithms_refuse_a_notebooks_arguments_in_the_learners_language(lang, said):
    ttr_teach.set_language(lang)
    assert {what: _refusal(CALLS[what]) for what in said} == said
