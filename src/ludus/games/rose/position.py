"""Build a chosen position (for tests, tutorials and rule examples) without breaking conservation.

``position(...)`` starts from a normal setup and then moves cards, tiles, pawns and events into
the places asked for, taking each from wherever it was, so every card, tile and event still
exists exactly once and the state stays legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludus.engine import Event

from .components import (
    BUILDING_CARD,
    BUILDING_INDEX,
    BUILDINGS,
    COLOUR_INDEX,
    COLOURS,
    EVENT_INDEX,
    PAWN_INDEX,
    WILLIAM_ADSON_CARD,
)
from .game import GAME
from .rules import begin_turn
from .state import RoseState

CardSpec = str  # "red 4" (monk card), "Bibliotheca 2" (building card), "william_adson"
TileSpec = tuple[str, int]  # (colour, value)


def position(players: int = 4, seed: int = 0, *, options: Mapping[str, Any] | None = None,
             day: int = 1, event: str | None = None, active: int = 0, sundial: int = 0,
             identities: Sequence[str] | None = None,
             pawns: Mapping[str, str] | None = None,
             tiles: Mapping[str, Sequence[TileSpec]] | None = None,
             hands: Mapping[int, Sequence[CardSpec]] | None = None,
             time_tiles: Mapping[int, Sequence[TileSpec]] | None = None,
             suspicion: Mapping[str, int] | None = None,
             clue: Mapping[str, int] | None = None) -> RoseState:
    """A state at the start of ``active``'s turn on ``day`` with today's ``event`` face up.

    Pawns not named stay where setup put them; buildings not named keep (or get) other tiles.
    """
    s = GAME.setup(players, seed, dict(options or {}))
    if event is not None:
        _place_event(s, day, EVENT_INDEX[event])
    s.day = day
    s.today = s.events[day - 1]
    s.active = active
    s.day_start = active
    s.sundial = sundial
    if identities is not None:
        wanted = [COLOUR_INDEX[c] for c in identities]
        s.identity = wanted
        s.unused_identity = [c for c in range(len(COLOURS)) if c not in wanted]
    for pawn, building in (pawns or {}).items():
        s.pawns[PAWN_INDEX[pawn]] = BUILDING_INDEX[building]
    if tiles is not None or time_tiles is not None:
        _place_tiles(s, tiles or {}, time_tiles or {})
    if hands is not None:
        for seat, specs in hands.items():
            for card in s.hands[seat]:
                s.draw.insert(0, card)
            s.hands[seat] = []
            for spec in specs:
                card = _find_card(s, spec)
                _take_card(s, card)
                s.hands[seat].append(card)
    for colour, value in (suspicion or {}).items():
        s.suspicion[COLOUR_INDEX[colour]] = value
    for colour, value in (clue or {}).items():
        s.clue[COLOUR_INDEX[colour]] = value
    begin_turn(s)
    s.cache = None
    return s


def act(s: RoseState, *choices: str) -> list[Event]:
    """Apply ``choices`` one after another, each for the one seat that has a decision now."""
    events: list[Event] = []
    for choice in choices:
        seats = {d.seat for d in GAME.decisions(s)}
        if len(seats) != 1:
            raise ValueError(f"{len(seats)} seats decide now, say whose choice {choice!r} is")
        events += GAME.apply(s, seats.pop(), choice)
    return events


def step(s: RoseState) -> str | None:
    """The kind of the first decision waiting now (None once the game is over)."""
    found = GAME.decisions(s)
    return found[0].kind if found else None


def to_final_guesses(s: RoseState) -> RoseState:
    """Skip to day 7, when every player guesses the others' identities."""
    s.phase = "guess"
    s.day = s.ed.days
    s.today = -1
    s.queue = []
    s.card = -1
    s.wa = -1
    s.moved = -1
    s.cache = None
    return s


def card_spec(s: RoseState, card: int) -> CardSpec:
    ed = s.ed
    kind = ed.card_kind[card]
    if kind == WILLIAM_ADSON_CARD:
        return "william_adson"
    name = BUILDINGS[ed.card_target[card]] if kind == BUILDING_CARD else COLOURS[ed.card_target[card]]
    return f"{name} {ed.card_hours[card]}"


def _find_card(s: RoseState, spec: CardSpec) -> int:
    """A card of that description still in the draw pile or discard."""
    free = [*s.draw, *s.discard]
    for card in reversed(free):
        if card_spec(s, card) == spec:
            return card
    raise ValueError(f"no free card {spec!r}")


def _take_card(s: RoseState, card: int) -> None:
    if card in s.draw:
        s.draw.remove(card)
    else:
        s.discard.remove(card)


def _place_event(s: RoseState, day: int, event: int) -> None:
    if event in s.events:
        i = s.events.index(event)
        s.events[i], s.events[day - 1] = s.events[day - 1], s.events[i]
    else:
        i = s.unused_events.index(event)
        s.unused_events[i], s.events[day - 1] = s.events[day - 1], event


def _place_tiles(s: RoseState, tiles: Mapping[str, Sequence[TileSpec]],
                 time_tiles: Mapping[int, Sequence[TileSpec]]) -> None:
    ed = s.ed
    pool = list(range(ed.tiles))
    used: set[int] = set()

    def grab(colour: str, value: int) -> int:
        for t in pool:
            if t not in used and ed.tile_colour[t] == COLOUR_INDEX[colour] and ed.tile_value[t] == value:
                used.add(t)
                return t
        raise ValueError(f"no free task tile {colour} {value}")

    named = {BUILDING_INDEX[b]: [grab(c, v) for c, v in specs] for b, specs in tiles.items()}
    held = {seat: [grab(c, v) for c, v in specs] for seat, specs in time_tiles.items()}
    rest = [t for t in pool if t not in used]
    # Unnamed buildings keep their tiles where possible, so a position changes little.
    for b in range(len(BUILDINGS)):
        if b in named:
            s.tiles[b] = named[b]
        else:
            keep = [t for t in s.tiles[b] if t in rest][:ed.tiles_per_building]
            for t in keep:
                rest.remove(t)
            s.tiles[b] = keep
    for b in range(len(BUILDINGS)):
        while b not in named and len(s.tiles[b]) < ed.tiles_per_building and rest:
            s.tiles[b].append(rest.pop(0))
    for seat in range(s.n):
        s.time[seat] = held.get(seat, [])
    s.row = rest


__all__ = ["act", "card_spec", "position", "step", "to_final_guesses"]
