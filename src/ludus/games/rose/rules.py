"""Setup, decisions and apply: the rules of The Name of the Rose as small steps.

A turn is a queue of steps (tuples whose first element is the step kind). Some steps ask the
active player (or, for Incredulous, the opponents) to decide; the others happen by themselves.
``run`` performs automatic steps until the front step needs a decision. The queue holds only
public JSON values, so a view can carry the rest of the turn and a resampled world can resume it.

Step kinds: card, william_or_adson, time_tile, sundial, move, task_tile, sign, clue, bonus,
bonus_pick, incredulous, returning, convert, studious, awkward, suspicious, draw, end_turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludus.engine import Decision, Event, IllegalChoice
from ludus.engine.chance import rng_for

from . import events as ev
from .components import (
    ADSON,
    BUILDING_CARD,
    BUILDING_INDEX,
    BUILDINGS,
    COLOUR_INDEX,
    COLOURS,
    EVENTS,
    MONK_CARD,
    PAWN_INDEX,
    PAWNS,
    WILLIAM,
    WILLIAM_ADSON_CARD,
    Edition,
)
from .state import RoseState
from .tracks import add_clue, add_suspicion, convert

OTHER_BUILDINGS: tuple[tuple[str, ...], ...] = tuple(
    tuple(name for j, name in enumerate(BUILDINGS) if j != b) for b in range(len(BUILDINGS)))
_NO_PAWN = ("none",)
_SIGNS = ("+", "-")
_WA = ("william", "adson")
_DRAW = ("draw",)
_STUDIOUS = ("again", "skip")


# --- setup ---------------------------------------------------------------------------------------
def setup(players: int, seed: int, opts: dict[str, Any], ed: Edition) -> RoseState:
    """Shuffle and deal exactly as the rulebook's setup, all chance from one seeded RNG."""
    rng = rng_for(seed)
    s = RoseState()
    s.ed = ed
    s.opts = opts
    s.rng = rng
    s.rng_shared = False
    s.n = players
    events = list(range(len(EVENTS)))
    rng.shuffle(events)
    s.events = events[:ed.events_in_play]
    s.unused_events = events[ed.events_in_play:]
    s.pawns = rng.sample(range(len(BUILDINGS)), len(PAWNS))
    tiles = list(range(ed.tiles))
    rng.shuffle(tiles)
    k = ed.tiles_per_building
    s.tiles = [tiles[b * k:(b + 1) * k] for b in range(len(BUILDINGS))]
    s.row = tiles[len(BUILDINGS) * k:]
    cards = list(range(ed.cards))
    rng.shuffle(cards)
    s.hands = [[cards.pop() for _ in range(ed.hand_size)] for _ in range(players)]
    s.draw = cards
    s.discard = []
    identities = list(range(len(COLOURS)))
    rng.shuffle(identities)
    s.identity = identities[:players]
    s.unused_identity = identities[players:]
    s.suspicion = [ed.suspicion_start] * len(COLOURS)
    s.clue = [ed.clue_start] * len(COLOURS)
    s.time = [[] for _ in range(players)]
    s.event_tiles = [[] for _ in range(players)]
    s.revealed = [[] for _ in range(players)]
    s.reveal_pick = [-1] * players
    s.guesses = [{} for _ in range(players)]
    s.result = None
    s.cache = None
    s.sundial = 0
    s.active = rng.randrange(players)
    start_day(s, 1, [])
    return s


def clear_turn(s: RoseState) -> None:
    """No turn under way: no card, no pawn, no hours, nothing queued."""
    s.queue = []
    s.card = -1
    s.wa = -1
    s.hours = 0
    s.cancelled = 0
    s.moves = 0
    s.fresh = 0
    s.moved = -1
    s.waiting = []


def begin_turn(s: RoseState) -> None:
    clear_turn(s)
    s.queue = [("card",)]


def start_day(s: RoseState, day: int, events: list[Event]) -> None:
    """Turn over the day's event tile; the seat that ended the previous day starts (two turns in a row)."""
    s.phase = "turn"
    s.day = day
    limit = s.ed.sundial_day
    s.sundial = s.sundial - limit if s.opts["sundial_carry"] and s.sundial >= limit else 0
    s.today = s.events[day - 1]
    s.day_start = s.active
    begin_turn(s)
    events.append(Event("day_started", {"day": day, "event": EVENTS[s.today], "start_player": s.active}))


def turn_tail(s: RoseState) -> list[tuple]:
    today = s.today
    tail: list[tuple] = []
    if today == ev.STUDIOUS:
        tail.append(("studious",))
    elif today == ev.AWKWARD:
        tail.append(("awkward",))
    elif today == ev.SUSPICIOUS:
        tail.append(("suspicious",))
    tail.append(("draw",))
    tail.append(("end_turn",))
    return tail


# --- small queries ------------------------------------------------------------------------------
def can_spend(s: RoseState) -> bool:
    """Time tiles: not under In a Hurry, at most the card's hours, never ones collected this turn."""
    return (s.today != ev.IN_A_HURRY and s.cancelled < s.hours
            and len(s.time[s.active]) > s.fresh)


def card_pawn(s: RoseState) -> int:
    """The pawn a monk card or a William/Adson card moves."""
    return s.ed.card_target[s.card] if s.ed.card_kind[s.card] == MONK_CARD else s.wa


def move_possible(s: RoseState, card: int) -> bool:
    """Only a building card can be impossible: every pawn already stands in that building."""
    ed = s.ed
    if ed.card_kind[card] != BUILDING_CARD:
        return True
    target = ed.card_target[card]
    return any(b != target for b in s.pawns)


# --- decisions ----------------------------------------------------------------------------------
def decisions(s: RoseState) -> tuple[Decision, ...]:
    cached = s.cache
    if cached is None:
        cached = s.cache = _decisions(s)
    return cached


def _decisions(s: RoseState) -> tuple[Decision, ...]:
    phase = s.phase
    if phase == "turn":
        task = s.queue[0]
        return DECIDE[task[0]](s, task)
    if phase == "revelation":
        return tuple(Decision(seat, "revelation", revelation_options(s, seat))
                     for seat in range(s.n) if s.reveal_pick[seat] < 0)
    if phase == "guess":
        found = []
        for seat in range(s.n):
            target = next_target(s, seat)
            if target >= 0:
                found.append(Decision(seat, "guess", guess_options(s, seat, target), {"target": target}))
        return tuple(found)
    return ()


def revelation_options(s: RoseState, seat: int) -> tuple[str, ...]:
    """Any colour marker that is not the player's identity and not already face up."""
    identity = s.identity[seat]
    shown = s.revealed[seat]
    return tuple(c for i, c in enumerate(COLOURS) if i != identity and i not in shown)


def next_target(s: RoseState, seat: int) -> int:
    """The next other seat (in seat order) that ``seat`` has not yet guessed, or -1."""
    placed = s.guesses[seat]
    for target in range(s.n):
        if target != seat and target not in placed:
            return target
    return -1


def guess_colours(s: RoseState, seat: int, target: int, used: set[int]) -> list[int]:
    """Colours ``seat`` may still place in front of ``target``.

    Each player holds one marker of each colour, so their guesses are all different colours
    (option ``distinct_guesses``); option ``guess_any_colour`` off also leaves out the colours the
    target revealed.
    """
    shown = () if s.opts["guess_any_colour"] else s.revealed[target]
    return [c for c in range(len(COLOURS)) if c not in shown and c not in used]


def guess_options(s: RoseState, seat: int, target: int) -> tuple[str, ...]:
    if not s.opts["distinct_guesses"]:
        return tuple(COLOURS[c] for c in guess_colours(s, seat, target, set()))
    used = set(s.guesses[seat].values())
    if s.opts["guess_any_colour"]:
        # Six colours always cover at most four targets: every unused colour is fine.
        return tuple(COLOURS[c] for c in range(len(COLOURS)) if c not in used)
    rest = [t for t in range(s.n) if t not in (seat, target) and t not in s.guesses[seat]]
    options = []
    for colour in guess_colours(s, seat, target, used):
        # Offer only colours that still leave a different colour for every remaining target.
        taken = used | {colour}
        if distinct_assignment([guess_colours(s, seat, t, taken) for t in rest], None) is not None:
            options.append(COLOURS[colour])
    return tuple(options)


def distinct_assignment(allowed: list[list[int]], rng: random.Random | None) -> list[int] | None:
    """One pick from each list, all different (random if ``rng`` is given), or None if impossible."""
    order = sorted(range(len(allowed)), key=lambda i: len(allowed[i]))
    chosen = [-1] * len(allowed)

    def place(k: int, used: set[int]) -> bool:
        if k == len(order):
            return True
        i = order[k]
        options = [c for c in allowed[i] if c not in used]
        if rng is not None:
            rng.shuffle(options)
        for c in options:
            chosen[i] = c
            used.add(c)
            if place(k + 1, used):
                return True
            used.discard(c)
        return False

    return chosen if place(0, set()) else None


def _d_card(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    hand = s.hands[s.active]
    ids = s.ed.card_ids
    if s.opts["impossible_move"] == "unplayable":
        playable = [c for c in hand if move_possible(s, c)]
        hand = playable or hand
    return (Decision(s.active, "card", tuple(ids[c] for c in hand)),)


def _d_wa(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    return (Decision(s.active, "william_or_adson", _WA),)


def _d_time_tile(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    ids = s.ed.tile_ids
    held = s.time[s.active]
    usable = held[:len(held) - s.fresh]
    return (Decision(s.active, "time_tile", (*(ids[t] for t in usable), "done")),)


def _d_move(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    ed = s.ed
    if ed.card_kind[s.card] == BUILDING_CARD:
        dst = ed.card_target[s.card]
        pawns = s.pawns
        options = tuple(PAWNS[p] for p in range(8) if pawns[p] != dst) or _NO_PAWN
        return (Decision(s.active, "pawn", options, {"building": BUILDINGS[dst]}),)
    pawn = card_pawn(s)
    return (Decision(s.active, "destination", OTHER_BUILDINGS[s.pawns[pawn]], {"pawn": PAWNS[pawn]}),)


def _d_task_tile(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    monk = COLOUR_INDEX[task[1]]
    ed = s.ed
    here = s.tiles[s.pawns[monk]]
    options = tuple(ed.tile_ids[t] for t in here if ed.tile_colour[t] == monk)
    return (Decision(s.active, "task_tile", options, {"monk": task[1]}),)


def _d_sign(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    return (Decision(s.active, "sign", _SIGNS, {"monk": task[1], "track": task[2], "amount": task[3]}),)


def _d_bonus(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    return (ev.bonus_decision(s, task),)


def _d_bonus_pick(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    return (ev.bonus_pick_decision(s, task),)


def _d_studious(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    return (Decision(s.active, "studious", _STUDIOUS),)


def _d_awkward(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    return (ev.awkward_decision(s, task),)


def _d_draw(s: RoseState, task: tuple) -> tuple[Decision, ...]:
    return (Decision(s.active, "draw", _DRAW),)


DECIDE: dict[str, Callable[[RoseState, tuple], tuple[Decision, ...]]] = {
    "card": _d_card, "william_or_adson": _d_wa, "time_tile": _d_time_tile, "move": _d_move,
    "task_tile": _d_task_tile, "sign": _d_sign, "bonus": _d_bonus, "bonus_pick": _d_bonus_pick,
    "returning": ev.returning_decisions, "studious": _d_studious, "awkward": _d_awkward, "draw": _d_draw,
}


# --- apply --------------------------------------------------------------------------------------
def apply(s: RoseState, seat: int, choice: Any) -> list[Event]:
    """Validate ``choice`` for ``seat`` against the offered decisions, then carry it out.

    Validation comes first and nothing changes when it fails; after it, nothing can fail.
    """
    if s.phase == "over":
        raise IllegalChoice("game-over", "the game is over")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise IllegalChoice("bad-seat", f"seat must be a number, not {seat!r}")
    found = s.cache
    if found is None:
        found = s.cache = _decisions(s)
    decision = None
    for d in found:
        if d.seat == seat:
            decision = d
            break
    if decision is None:
        raise IllegalChoice("not-your-turn", f"seat {seat} has nothing to decide now")
    if type(choice) is not str:
        raise IllegalChoice("malformed", f"a Rose choice is a string, not {choice!r}")
    if choice not in decision.options:
        raise IllegalChoice("not-offered", f"{choice!r} is not one of {list(decision.options)}")
    events: list[Event] = []
    CHOOSE[decision.kind](s, seat, choice, events)
    run(s, events)
    s.cache = None
    return events


def run(s: RoseState, events: list[Event]) -> None:
    """Carry out automatic steps until the front step waits for a decision (or the turn ended)."""
    while s.queue:
        auto = AUTO.get(s.queue[0][0])
        if auto is None:
            return
        if auto(s, events):
            return


def _choose_card(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    ed = s.ed
    card = ed.card_index[choice]
    s.hands[seat].remove(card)
    s.discard.append(card)
    s.card = card
    events.append(Event("card_played", {"seat": seat, "card": choice}))
    if ed.card_kind[card] == WILLIAM_ADSON_CARD:
        head: list[tuple] = [("william_or_adson",)]
    else:
        s.hours = ed.card_hours[card]
        head = []
    s.queue = [*head, ("time_tile",), ("sundial",), ("move",), *turn_tail(s)]


def _choose_wa(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    """The hours depend on who moves, so William or Adson is chosen before the sundial moves."""
    if choice == "william":
        s.wa = WILLIAM
        s.hours = s.ed.william_hours
    else:
        s.wa = ADSON
        s.hours = s.ed.adson_hours
    s.queue.pop(0)
    events.append(Event("william_or_adson", {"seat": seat, "pawn": choice, "hours": s.hours}))


def _choose_time_tile(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    """Each time tile added to the end of the row moves the sundial one hour less."""
    if choice == "done":
        s.queue.pop(0)
        return
    tile = s.ed.tile_index[choice]
    s.time[seat].remove(tile)
    s.row.append(tile)
    s.cancelled += 1
    events.append(Event("time_tile_spent", {"seat": seat, "cancelled": s.cancelled}))


def _choose_move(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    s.queue.pop(0)
    if choice == "none":
        events.append(Event("no_move", {"seat": seat}))
        return
    ed = s.ed
    if ed.card_kind[s.card] == BUILDING_CARD:
        pawn = PAWN_INDEX[choice]
        dst = ed.card_target[s.card]
    else:
        pawn = card_pawn(s)
        dst = BUILDING_INDEX[choice]
    s.queue[0:0] = move(s, pawn, dst, events)


def move(s: RoseState, pawn: int, dst: int, events: list[Event]) -> list[tuple]:
    """Move ``pawn`` into ``dst`` and carry out the action there; returns the steps still to decide."""
    pawns = s.pawns
    src = pawns[pawn]
    before = [p for p in range(8) if pawns[p] == dst]
    pawns[pawn] = dst
    s.moves += 1
    s.moved = pawn
    events.append(Event("move", {"pawn": PAWNS[pawn], "from": BUILDINGS[src], "to": BUILDINGS[dst]}))
    tasks: list[tuple] = []
    ed = s.ed
    if pawn < 6:
        here = s.tiles[dst]
        colour_of = ed.tile_colour
        matches = [t for t in here if colour_of[t] == pawn]
        if len(matches) == 1:
            take_task_tile(s, matches[0], pawn, dst, events)
        elif matches:
            tasks.append(("task_tile", COLOURS[pawn]))
        else:
            # No business here: the monk arouses suspicion worth all tiles in the building.
            value_of = ed.tile_value
            total = sum(value_of[t] for t in here)
            add_suspicion(s, pawn, total)
            events.append(Event("suspicion", {"monk": COLOURS[pawn], "amount": total, "building": BUILDINGS[dst]}))
    else:
        # William and Adson act only when they walk in to monks, never the other way round.
        tricky = 2 if s.today == ev.TRICKY else 1
        if pawn == WILLIAM:
            track, amount = "clue", ed.william_clue * tricky
        else:
            track, amount = "suspicion", ed.adson_suspicion * tricky
        for p in before:
            if p < 6:
                tasks.append(("sign", COLOURS[p], track, amount))
    if s.today >= 0:
        tasks += ev.move_extras(s, pawn, dst, before)
    return tasks


def take_task_tile(s: RoseState, tile: int, monk: int, building: int, events: list[Event]) -> None:
    """The monk has business here: its suspicion falls by the tile's value and the active player
    keeps the tile face down as a time tile (usable from the next turn on)."""
    ed = s.ed
    here = s.tiles[building]
    here.remove(tile)
    value = ed.tile_value[tile]
    add_suspicion(s, monk, -value)
    s.time[s.active].append(tile)
    s.fresh += 1
    events.append(Event("task_tile_taken", {"seat": s.active, "monk": COLOURS[monk], "tile": ed.tile_ids[tile],
                                            "value": value, "building": BUILDINGS[building]}))
    if not here:
        # Refill both spaces from the front of the face-down row (digest decision 1: what there is).
        k = min(ed.tiles_per_building, len(s.row))
        if k:
            here.extend(s.row[:k])
            del s.row[:k]
        events.append(Event("tiles_refilled", {"building": BUILDINGS[building],
                                               "tiles": [ed.tile_ids[t] for t in here]}))


def _choose_task_tile(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    monk = COLOUR_INDEX[s.queue[0][1]]
    s.queue.pop(0)
    take_task_tile(s, s.ed.tile_index[choice], monk, s.pawns[monk], events)


def _choose_sign(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    _, colour, track, amount = s.queue.pop(0)
    delta = amount if choice == "+" else -amount
    if track == "clue":
        add_clue(s, COLOUR_INDEX[colour], delta)
    else:
        add_suspicion(s, COLOUR_INDEX[colour], delta)
    events.append(Event(track, {"monk": colour, "amount": delta, "pawn": PAWNS[s.moved]}))


def _choose_draw(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    s.queue.pop(0)
    if not s.draw:
        # The draw pile is exhausted: the discarded action cards are reshuffled into a new one.
        s.draw = s.discard
        s.discard = []
        s.own_rng().shuffle(s.draw)
        events.append(Event("reshuffled", {"cards": len(s.draw)}))
    if s.draw:
        card = s.draw.pop()
        s.hands[seat].append(card)
        events.append(Event("drew", {"seat": seat}))
        events.append(Event("drew_card", {"seat": seat, "card": s.ed.card_ids[card]}, frozenset((seat,))))


def _choose_revelation(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    """Picked face down; all markers turn over together once everyone has picked."""
    s.reveal_pick[seat] = COLOUR_INDEX[choice]
    events.append(Event("revelation_ready", {"seat": seat}))
    events.append(Event("revelation_picked", {"seat": seat, "colour": choice}, frozenset((seat,))))
    if min(s.reveal_pick) < 0:
        return
    picks = {}
    for who, colour in enumerate(s.reveal_pick):
        s.revealed[who].append(colour)
        add_clue(s, colour, s.ed.revelation_clue)
        picks[str(who)] = COLOURS[colour]
    s.reveal_pick = [-1] * s.n
    events.append(Event("revealed", {"day": s.day, "colours": picks}))
    start_day(s, s.day + 1, events)


def _choose_guess(s: RoseState, seat: int, choice: str, events: list[Event]) -> None:
    target = next_target(s, seat)
    s.guesses[seat][target] = COLOUR_INDEX[choice]
    events.append(Event("guess_placed", {"seat": seat, "target": target}))
    events.append(Event("guess", {"seat": seat, "target": target, "colour": choice}, frozenset((seat,))))
    if all(next_target(s, who) < 0 for who in range(s.n)):
        finish(s, events)


CHOOSE: dict[str, Callable[[RoseState, int, str, list[Event]], None]] = {
    "card": _choose_card, "william_or_adson": _choose_wa, "time_tile": _choose_time_tile,
    "pawn": _choose_move, "destination": _choose_move, "task_tile": _choose_task_tile, "sign": _choose_sign,
    "clue_bonus_split": ev.choose_bonus_split, "clue_bonus": ev.choose_bonus_pick,
    "incredulous": ev.choose_returning, "studious": ev.choose_studious, "awkward": ev.choose_awkward,
    "draw": _choose_draw, "revelation": _choose_revelation, "guess": _choose_guess,
}


# --- automatic steps (return True when the step now waits for a decision) ------------------------
def _auto_time_tile(s: RoseState, events: list[Event]) -> bool:
    if can_spend(s):
        return True
    s.queue.pop(0)
    return False


def _auto_sundial(s: RoseState, events: list[Event]) -> bool:
    s.queue.pop(0)
    start = s.sundial
    s.sundial = start + s.hours - s.cancelled
    events.append(Event("sundial", {"from": start, "to": s.sundial, "hours": s.hours, "cancelled": s.cancelled,
                                    "day_ends": s.sundial >= s.ed.sundial_day}))
    return False


def _auto_studious(s: RoseState, events: list[Event]) -> bool:
    if s.moves == 1 and move_possible(s, s.card):
        return True
    s.queue.pop(0)
    return False


def _auto_clue(s: RoseState, events: list[Event]) -> bool:
    ev.run_clue(s, events)
    return False


def _auto_convert(s: RoseState, events: list[Event]) -> bool:
    ev.run_convert(s, events)
    return False


def _auto_suspicious(s: RoseState, events: list[Event]) -> bool:
    ev.run_suspicious(s, events)
    return False


def _auto_end_turn(s: RoseState, events: list[Event]) -> bool:
    s.fresh = 0
    if s.sundial >= s.ed.sundial_day:
        end_day(s, events)
    else:
        s.active = (s.active + 1) % s.n
        begin_turn(s)
    return False


AUTO: dict[str, Callable[[RoseState, list[Event]], bool]] = {
    "time_tile": _auto_time_tile, "sundial": _auto_sundial, "clue": _auto_clue, "convert": _auto_convert,
    "incredulous": lambda s, events: ev.start_incredulous(s), "studious": _auto_studious,
    "awkward": lambda s, events: ev.start_awkward(s), "suspicious": _auto_suspicious, "end_turn": _auto_end_turn,
}


# --- end of the day and of the game -------------------------------------------------------------
def end_day(s: RoseState, events: list[Event]) -> None:
    """Convert suspicion into clue (Caught doubles it), reset suspicion, the ender takes the event tile."""
    factor = 2 if s.today == ev.CAUGHT else 1
    convert(s, factor, "award" if s.opts["all_equal_conversion"] == "award" else "none", "end_of_day", events)
    ender = s.active
    event = s.events[s.day - 1]
    s.event_tiles[ender].append(event)
    events.append(Event("day_ended", {"day": s.day, "ender": ender, "event": EVENTS[event]}))
    s.today = -1
    s.queue = []
    s.card = -1
    s.wa = -1
    s.moved = -1
    if s.day in s.ed.revelation_days:
        s.phase = "revelation"
        s.reveal_pick = [-1] * s.n
    elif s.day >= s.ed.days - 1:
        s.phase = "guess"
        s.day = s.ed.days
    else:
        start_day(s, s.day + 1, events)


def finish(s: RoseState, events: list[Event]) -> None:
    """Day 7: guesses, +2 per event tile, unplayed colours removed; lowest clue wins."""
    ed = s.ed
    n = s.n
    per_guess = ed.guess_clue.get(n, 0)
    breakdown: dict[str, Any] = {}
    scores: dict[int, int] = {}
    for seat in range(n):
        colour = s.identity[seat]
        before = s.clue[colour]
        guessed_by = [who for who in range(n) if who != seat and s.guesses[who].get(seat) == colour]
        guess_points = per_guess * len(guessed_by)
        event_points = ed.event_tile_clue * len(s.event_tiles[seat])
        s.clue[colour] = before + guess_points + event_points
        scores[seat] = s.clue[colour]
        breakdown[str(seat)] = {"colour": COLOURS[colour], "clue_before": before, "guessed_by": guessed_by,
                                "guess_points": guess_points, "event_tiles": len(s.event_tiles[seat]),
                                "event_points": event_points, "final": s.clue[colour]}
    lowest = min(scores.values())
    tied = [seat for seat in range(n) if scores[seat] == lowest]
    fewest = min(len(s.event_tiles[seat]) for seat in tied)
    winners = [seat for seat in tied if len(s.event_tiles[seat]) == fewest]
    played = set(s.identity)
    # the rulebook's tie-break, said in words on the end screen: fewest event tiles, else a shared win
    tie_break = None if len(tied) == 1 else {
        "rule": "fewest_event_tiles" if len(winners) < len(tied) else "shared", "tied": tied, "clue": lowest,
        "event_tiles": {str(seat): len(s.event_tiles[seat]) for seat in tied}}
    s.result = {
        "winners": winners,
        "tie_break": tie_break,
        "scores": {str(seat): scores[seat] for seat in range(n)},
        "identities": {str(seat): COLOURS[s.identity[seat]] for seat in range(n)},
        "guesses": {str(seat): {str(t): COLOURS[c] for t, c in sorted(s.guesses[seat].items())} for seat in range(n)},
        "unplayed": [c for i, c in enumerate(COLOURS) if i not in played],
        "breakdown": breakdown,
    }
    s.phase = "over"
    s.queue = []
    events.append(Event("game_over", dict(s.result)))


def forfeit_standing(s: RoseState, forfeiter: int) -> tuple[tuple[int, ...], dict[int, float], dict[str, Any]]:
    """The game ends because ``forfeiter`` gave up: winners, scores (each seat's clue now) and details (who
    was which monk, since the game is over). The forfeiter cannot win; the others rank as at the end."""
    scores = {seat: float(s.clue[s.identity[seat]]) for seat in range(s.n)}
    others = [seat for seat in range(s.n) if seat != forfeiter]
    lowest = min(scores[seat] for seat in others)
    tied = [seat for seat in others if scores[seat] == lowest]
    fewest = min(len(s.event_tiles[seat]) for seat in tied)
    winners = tuple(seat for seat in tied if len(s.event_tiles[seat]) == fewest)
    tie_break = None if len(tied) == 1 else {
        "rule": "fewest_event_tiles" if len(winners) < len(tied) else "shared", "tied": tied, "clue": lowest,
        "event_tiles": {str(seat): len(s.event_tiles[seat]) for seat in tied}}
    return winners, scores, {"tie_break": tie_break,
                             "identities": {str(seat): COLOURS[s.identity[seat]] for seat in range(s.n)}}
