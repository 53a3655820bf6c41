"""The 14 event tiles: what each adds after a move or a turn, as steps of the turn's queue.

Each event applies "after the normal turn" (rulebook). Per-move events (Dubious, Forbidden, Inquiring,
Mysterious, …) are queued right after that move's own action, so with Studious each move has its
own extras; per-turn events (Awkward, Suspicious) come at the end of the turn, before the draw.
In a Hurry, Tricky, Studious and Caught change the turn or the day itself and live in rules.py.
"""

from __future__ import annotations

from ludus.engine import Decision, Event

from .components import (
    ADSON,
    BIBLIOTHECA,
    COLOUR_INDEX,
    COLOURS,
    ECCLESIA,
    EVENT_INDEX,
    WILLIAM,
    WILLIAM_ADSON_CARD,
)
from .state import RoseState
from .tracks import add_clue, add_suspicion, convert

COMMUNICATIVE = EVENT_INDEX["communicative"]
CULPRITS_HEELS = EVENT_INDEX["culprits_heels"]
IN_A_HURRY = EVENT_INDEX["in_a_hurry"]
WITHOUT_OSTENTATION = EVENT_INDEX["without_ostentation"]
MYSTERIOUS = EVENT_INDEX["mysterious"]
STUDIOUS = EVENT_INDEX["studious"]
INCREDULOUS = EVENT_INDEX["incredulous"]
AWKWARD = EVENT_INDEX["awkward"]
TRICKY = EVENT_INDEX["tricky"]
DUBIOUS = EVENT_INDEX["dubious"]
FORBIDDEN = EVENT_INDEX["forbidden"]
CAUGHT = EVENT_INDEX["caught"]
INQUIRING = EVENT_INDEX["inquiring"]
SUSPICIOUS = EVENT_INDEX["suspicious"]

Task = tuple


def move_extras(s: RoseState, pawn: int, dst: int, before: list[int]) -> list[Task]:
    """Steps today's event adds after ``pawn`` moved into ``dst`` (``before``: pawns already there)."""
    today = s.today
    if pawn < 6:
        colour = COLOURS[pawn]
        if today == DUBIOUS:
            return [("clue", colour, 1, "dubious")]
        if today == FORBIDDEN:
            return [("clue", colour, 2, "forbidden")] if dst == BIBLIOTHECA else []
        if today == WITHOUT_OSTENTATION:
            return [] if before else [("clue", colour, -1, "without_ostentation")]
        if today == INQUIRING:
            return [("clue", COLOURS[q], 1, "inquiring") for q in before if q < 6]
        if today == MYSTERIOUS:
            return [("bonus", "mysterious")] if WILLIAM in before else []
        if today == INCREDULOUS:
            return [("incredulous",)] if dst == ECCLESIA else []
        return []
    if today == CULPRITS_HEELS and pawn == WILLIAM:
        return [("bonus", "culprits_heels")]
    if today == COMMUNICATIVE and (ADSON if pawn == WILLIAM else WILLIAM) in before:
        return [("convert",)]
    return []


# --- automatic steps ---------------------------------------------------------------------------
def run_clue(s: RoseState, events: list[Event]) -> None:
    _, colour, amount, event = s.queue.pop(0)
    add_clue(s, COLOUR_INDEX[colour], amount)
    events.append(Event("clue", {"monk": colour, "amount": amount, "event": event}))


def run_convert(s: RoseState, events: list[Event]) -> None:
    """Communicative: William and Adson met — convert as at the end of the day (none if all six equal)."""
    s.queue.pop(0)
    convert(s, 1, "none", "communicative", events)


def run_suspicious(s: RoseState, events: list[Event]) -> None:
    """Suspicious: after the turn the suspicion leader(s) +1 clue; nothing if all six are equal."""
    s.queue.pop(0)
    susp = s.suspicion
    top = max(susp)
    if min(susp) == top:
        return
    leaders = [m for m in range(6) if susp[m] == top]
    for m in leaders:
        add_clue(s, m, 1)
    events.append(Event("clue", {"monks": [COLOURS[m] for m in leaders], "amount": 1, "event": "suspicious"}))


def start_incredulous(s: RoseState) -> bool:
    """Incredulous: every opponent holding time tiles must return one; True if anyone must choose."""
    n = s.n
    waiting = [seat for seat in ((s.active + i) % n for i in range(1, n)) if s.time[seat]]
    if not waiting:
        s.queue.pop(0)
        return False
    s.waiting = waiting
    s.queue[0] = ("returning",)
    return True


def awkward_amount(s: RoseState) -> int:
    """The card's PRINTED hours (time tiles do not count): William 5, Adson 0 for a William/Adson card."""
    ed = s.ed
    if ed.card_kind[s.card] == WILLIAM_ADSON_CARD:
        return ed.william_hours if s.wa == WILLIAM else ed.adson_hours
    return ed.card_hours[s.card]


def start_awkward(s: RoseState) -> bool:
    if awkward_amount(s) > 0:
        return True
    s.queue.pop(0)
    return False


# --- decisions ----------------------------------------------------------------------------------
def bonus_decision(s: RoseState, task: Task) -> Decision:
    options = ("one", "two") if s.opts["bonus_mandatory"] else ("one", "two", "skip")
    return Decision(s.active, "clue_bonus_split", options, {"event": task[1]})


def bonus_pick_decision(s: RoseState, task: Task) -> Decision:
    _, event, amount, _left, exclude = task
    options = COLOURS if exclude is None else tuple(c for c in COLOURS if c != exclude)
    return Decision(s.active, "clue_bonus", options, {"amount": amount, "event": event})


def returning_decisions(s: RoseState, task: Task) -> tuple[Decision, ...]:
    ids = s.ed.tile_ids
    return tuple(Decision(seat, "incredulous", tuple(ids[t] for t in s.time[seat])) for seat in s.waiting)


def awkward_decision(s: RoseState, task: Task) -> Decision:
    return Decision(s.active, "awkward", COLOURS, {"amount": awkward_amount(s)})


# --- choices ------------------------------------------------------------------------------------
def choose_bonus_split(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    event = s.queue[0][1]
    if choice == "one":
        s.queue[0] = ("bonus_pick", event, 2, 1, None)
    elif choice == "two":
        s.queue[0] = ("bonus_pick", event, 1, 2, None)
    else:
        s.queue.pop(0)
        events.append(Event("clue_bonus_skipped", {"event": event}))


def choose_bonus_pick(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    _, event, amount, left, _exclude = s.queue[0]
    add_clue(s, COLOUR_INDEX[choice], amount)
    events.append(Event("clue", {"monk": choice, "amount": amount, "event": event}))
    if left > 1:
        s.queue[0] = ("bonus_pick", event, amount, left - 1, choice)
    else:
        s.queue.pop(0)


def choose_returning(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    """The owner chooses which of their time tiles goes face down to the end of the row."""
    tile = s.ed.tile_index[choice]
    s.time[seat].remove(tile)
    s.row.append(tile)
    s.waiting.remove(seat)
    events.append(Event("time_tile_returned", {"seat": seat, "event": "incredulous"}))
    if not s.waiting:
        s.queue.pop(0)


def choose_awkward(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    amount = awkward_amount(s)
    add_suspicion(s, COLOUR_INDEX[choice], amount)
    s.queue.pop(0)
    events.append(Event("suspicion", {"monk": choice, "amount": amount, "event": "awkward"}))


def choose_studious(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    """Studious: the card is used a second time; the sundial already moved once, and only once."""
    if choice == "again":
        s.queue[0] = ("move",)
    else:
        s.queue.pop(0)
    events.append(Event("studious", {"seat": seat, "again": choice == "again"}))

