"""The reminder of revelations, an aid of casual tables (option ``aid``; issue 23 point 3).

At a revelation every player shows a colour that is *not* their monk, and the monks are all different. From
that public information alone the learner is reminded, for every seat, what it has revealed and which monks
it may still be — and, for their own seat, what the others can work out about them. ``reminder`` reads a
seat's view and nothing else: the revealed markers in ``seats`` and the viewer's own monk in ``you``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .components import COLOURS


def _assignable(allowed: list[set[str]]) -> bool:
    """Can every seat be given a different monk from its allowed ones? (a bipartite matching, Kuhn's way)"""
    holder: dict[str, int] = {}

    def place(seat: int, tried: set[str]) -> bool:
        for monk in allowed[seat]:
            if monk not in tried:
                tried.add(monk)
                if monk not in holder or place(holder[monk], tried):
                    holder[monk] = seat
                    return True
        return False

    return all(place(seat, set()) for seat in range(len(allowed)))


def possible_monks(excluded: list[set[str]], fixed: dict[int, str] | None = None) -> list[list[str]]:
    """For every seat, the monks it may be in some assignment of different monks in which no seat is a colour
    it excluded (``fixed``: seats whose monk is known), in the order of ``COLOURS``."""
    key = tuple(frozenset(colours) for colours in excluded), tuple(sorted((fixed or {}).items()))
    return [list(monks) for monks in _possible(*key)]


@lru_cache(maxsize=256)
def _possible(excluded: tuple[frozenset[str], ...],
              known: tuple[tuple[int, str], ...]) -> tuple[tuple[str, ...], ...]:
    """``possible_monks`` for hashable arguments: the revealed markers change only at a revelation, so every
    view in between asks the same question."""
    fixed = dict(known)
    allowed = [({fixed[seat]} if seat in fixed else set(COLOURS)) - excluded[seat] for seat in range(len(excluded))]
    return tuple(tuple(monk for monk in COLOURS if monk in allowed[seat]
                       and _assignable([{monk} if other == seat else allowed[other] - {monk}
                                        for other in range(len(allowed))]))
                 for seat in range(len(allowed)))


def reminder(view: dict[str, Any]) -> dict[str, Any]:
    """Per seat: ``revealed`` (in the order shown), ``possible`` (what this view can deduce: public revelations
    plus the viewer's own monk) and ``public`` (what anyone at the table can deduce from the revelations)."""
    revealed = [list(seat["revealed"]) for seat in view["seats"]]
    excluded = [set(colours) for colours in revealed]
    public = possible_monks(excluded)
    you = view.get("you")
    seat = view.get("seat")
    known = possible_monks(excluded, {seat: you["identity"]}) if you and seat is not None else public
    return {"seats": [{"seat": s, "revealed": revealed[s], "possible": known[s], "public": public[s]}
                      for s in range(len(revealed))]}
