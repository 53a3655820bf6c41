"""The suspicion and clue tracks, and converting suspicion into clue (end of day, Communicative)."""

from __future__ import annotations

from typing import Any

from ludus.engine import Event

from .components import COLOURS
from .state import RoseState


def add_clue(s: RoseState, monk: int, amount: int) -> None:
    """Clue counts on past 50; it never goes below 0 (digest decision 6, option ``clue_floor``)."""
    value = s.clue[monk] + amount
    if value < 0 and s.opts["clue_floor"]:
        value = 0
    s.clue[monk] = value


def add_suspicion(s: RoseState, monk: int, amount: int) -> None:
    """The suspicion track runs from 0 to 40; a marker never moves beyond either end."""
    value = s.suspicion[monk] + amount
    top = s.ed.suspicion_max
    s.suspicion[monk] = 0 if value < 0 else top if value > top else value


def conversion_awards(suspicion: list[int], table: tuple[int, ...], factor: int = 1) -> list[int]:
    """Clue for each monk by place on the suspicion track.

    Places are dense: tied monks share the higher award and the next place is not skipped
    (5, 4, 4, 3 … — the rulebook's end-of-day example).
    """
    places = sorted(set(suspicion), reverse=True)
    last = len(table) - 1
    award = {value: table[min(i, last)] * factor for i, value in enumerate(places)}
    return [award[value] for value in suspicion]


def convert(s: RoseState, factor: int, all_equal: str, reason: str, events: list[Event]) -> None:
    """Suspicion becomes clue, then every suspicion marker goes back to the start space.

    ``all_equal`` says what happens when all six markers share one space: "award" (every colour
    gets first place) or "none" (no conversion and no reset at all).
    """
    susp = s.suspicion
    if all_equal == "none" and min(susp) == max(susp):
        events.append(Event("conversion", {"reason": reason, "clue": {}, "skipped": True}))
        return
    awards = conversion_awards(susp, s.ed.conversion, factor)
    data: dict[str, Any] = {"reason": reason, "suspicion": dict(zip(COLOURS, susp, strict=True)),
                            "clue": dict(zip(COLOURS, awards, strict=True))}
    for monk, amount in enumerate(awards):
        if amount:
            add_clue(s, monk, amount)
    s.suspicion = [s.ed.suspicion_start] * len(COLOURS)
    events.append(Event("conversion", data))
