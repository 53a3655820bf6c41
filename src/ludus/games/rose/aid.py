"""The reminder of revelations, an aid of casual tables (option ``aid``; issue 23 point 3).

At a revelation every player shows a colour that is *not* their monk, and the monks are all different. From
that public information alone the learner is reminded, for every seat, what it has revealed and which monks
it may still be — and, for their own seat, what the others can work out about them. ``reminder`` reads a
seat's view and nothing else: the revealed markers in ``seats`` and the viewer's own monk in ``you``.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from .components import COLOURS


def possible_monks(excluded: list[set[str]], fixed: dict[int, str] | None = None) -> list[list[str]]:
    """For every seat, the monks it may be in some assignment of different monks in which no seat is a colour
    it excluded (``fixed``: seats whose monk is known), in the order of ``COLOURS``."""
    fixed = fixed or {}
    found: list[set[str]] = [set() for _ in excluded]
    for monks in permutations(COLOURS, len(excluded)):
        if all(monk not in excluded[seat] and fixed.get(seat, monk) == monk for seat, monk in enumerate(monks)):
            for seat, monk in enumerate(monks):
                found[seat].add(monk)
    return [[colour for colour in COLOURS if colour in monks] for monks in found]


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
