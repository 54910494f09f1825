"""The title of a generated puzzle, in the language spoken now.

>>> generated_title("europe", None, {}, 7)
'A tunnel (Ticket to Ride Europe, seed 7)'
"""
from __future__ import annotations

from ...engine.i18n import gettext


def generated_title(m, position, params, seed) -> str:
    """A title that describes the situation, never the answer: who plays on which map, or the
    tunnel or ticket asked about."""
    from ...engine.maps import load_map

    board = load_map(m)
    if params.get("tunnel") is not None:
        r = params["tunnel"]
        what = gettext("The tunnel {route}").format(route=f"{board.cities[r.a].name}–{board.cities[r.b].name}")
    elif params.get("ticket") is not None:
        t = params["ticket"]
        what = gettext("{player}'s ticket {ticket}").format(
            player=params["player"], ticket=f"{board.cities[t.a].name}–{board.cities[t.b].name}")
    elif params.get("station") is not None:
        what = gettext("A station in {city}").format(city=board.cities[params["station"]].name)
    elif position is not None:
        names = [p.name for p in position.players]
        what = (gettext("{players} and {last}").format(players=gettext(", ").join(names[:-1]), last=names[-1])
                if len(names) > 1 else names[0])
    else:
        what = gettext("A tunnel")
    return gettext("{what} ({map}, seed {seed})").format(what=what, map=board.title, seed=str(seed))
