"""A full, legal state consistent with what one seat sees (for bots and the redaction tests).

Everything public is copied from the view; everything hidden is dealt at random from what the seat
has not seen: others' identities (distinct, not the seat's own, never a colour they revealed),
their pending revelation picks and guesses, others' hands and the draw pile, others' time tiles
and the face-down row, the face-down and unused event tiles. ``view(world, seat)`` equals the
given view.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ludus.engine import resolve_options

from .components import (
    BUILDINGS,
    COLOUR_INDEX,
    COLOURS,
    EVENT_INDEX,
    EVENTS,
    PAWN_INDEX,
    load_edition,
)
from .options import OPTIONS
from .rules import clear_turn, distinct_assignment, guess_colours
from .state import RoseState


def world_from_view(view: dict[str, Any], seat: int, rng: random.Random) -> RoseState:
    opts = resolve_options(OPTIONS, json.loads(json.dumps(view["options"])))
    ed = load_edition(opts["edition"])
    n = view["players"]
    phase = view["phase"]
    s = RoseState()
    s.ed = ed
    s.opts = opts
    s.rng = random.Random(rng.getrandbits(64))
    s.rng_shared = False
    s.n = n
    s.cache = None
    s.day = view["day"]
    s.phase = phase
    s.sundial = view["sundial"]
    s.active = view["active"] if view["active"] is not None else view["ender"]
    s.day_start = view["start_player"]
    s.suspicion = [view["suspicion"][c] for c in COLOURS]
    s.clue = [view["clue"][c] for c in COLOURS]
    s.pawns = [0] * 8
    s.tiles = []
    for b, name in enumerate(BUILDINGS):
        spot = view["buildings"][name]
        for pawn in spot["pawns"]:
            s.pawns[PAWN_INDEX[pawn]] = b
        s.tiles.append([ed.tile_index[t["id"]] for t in spot["tiles"]])
    s.discard = [ed.card_index[c["id"]] for c in view["discard"]]
    seats = view["seats"]
    s.event_tiles = [[EVENT_INDEX[e] for e in seats[who]["event_tiles"]] for who in range(n)]
    s.revealed = [[COLOUR_INDEX[c] for c in seats[who]["revealed"]] for who in range(n)]
    you = view["you"]

    # --- events: the ones turned over are known, the rest are dealt from the unseen ones
    row = view["event_row"]
    known = [EVENT_INDEX[e] for e in row if e is not None]
    unseen_events = [e for e in range(len(EVENTS)) if e not in known]
    rng.shuffle(unseen_events)
    s.events = [EVENT_INDEX[e] if e is not None else unseen_events.pop() for e in row]
    s.unused_events = unseen_events

    # --- identities
    outcome = view["outcome"]
    if outcome is not None:
        s.identity = [COLOUR_INDEX[outcome["identities"][str(who)]] for who in range(n)]
    else:
        s.identity = _identities(s, seat, you, rng)
    s.unused_identity = [c for c in range(len(COLOURS)) if c not in s.identity]
    rng.shuffle(s.unused_identity)

    # --- revelation picks and guesses (own known, others' dealt when they are ready)
    s.reveal_pick = [-1] * n
    s.guesses = [{} for _ in range(n)]
    if phase == "revelation":
        for who in range(n):
            if who == seat:
                if you["revelation"] is not None:
                    s.reveal_pick[who] = COLOUR_INDEX[you["revelation"]]
            elif seats[who]["revelation_ready"]:
                allowed = [c for c in range(len(COLOURS)) if c != s.identity[who] and c not in s.revealed[who]]
                s.reveal_pick[who] = rng.choice(allowed)
    elif phase in ("guess", "over"):
        for who in range(n):
            if outcome is not None:
                s.guesses[who] = {int(t): COLOUR_INDEX[c] for t, c in outcome["guesses"][str(who)].items()}
            elif who == seat:
                s.guesses[who] = {int(t): COLOUR_INDEX[c] for t, c in you["guesses"].items()}
            elif seats[who]["guesses_ready"]:
                targets = [t for t in range(n) if t != who]
                allowed = [guess_colours(s, who, t, set()) for t in targets]
                if opts["distinct_guesses"]:
                    picks = distinct_assignment(allowed, rng) or []
                else:
                    picks = [rng.choice(colours) for colours in allowed]
                s.guesses[who] = dict(zip(targets, picks, strict=True))
    # The world owns its data: later changes to the view must not reach it.
    s.result = json.loads(json.dumps(outcome)) if outcome is not None else None

    # --- cards: own hand known; others' hands and the draw pile from the unseen cards
    own_hand = [ed.card_index[c["id"]] for c in you["hand"]] if you is not None else []
    seen_cards = set(own_hand) | set(s.discard)
    unseen_cards = [c for c in range(ed.cards) if c not in seen_cards]
    rng.shuffle(unseen_cards)
    s.hands = []
    for who in range(n):
        if who == seat:
            s.hands.append(own_hand)
        else:
            s.hands.append([unseen_cards.pop() for _ in range(seats[who]["cards"])])
    s.draw = unseen_cards

    # --- tiles: own time tiles known; others' time tiles and the row from the unseen tiles
    own_time = [ed.tile_index[t["id"]] for t in you["time_tiles"]] if you is not None else []
    seen_tiles = set(own_time)
    for here in s.tiles:
        seen_tiles.update(here)
    unseen_tiles = [t for t in range(ed.tiles) if t not in seen_tiles]
    rng.shuffle(unseen_tiles)
    s.time = []
    for who in range(n):
        if who == seat:
            s.time.append(own_time)
        else:
            s.time.append([unseen_tiles.pop() for _ in range(seats[who]["time_tiles"])])
    s.row = unseen_tiles

    # --- the rest of the turn is public
    turn = view["turn"]
    if turn is not None:
        s.today = EVENT_INDEX[view["event"]] if view["event"] is not None else -1
        s.card = ed.card_index[turn["card"]["id"]] if turn["card"] is not None else -1
        s.wa = PAWN_INDEX[turn["william_or_adson"]] if turn["william_or_adson"] is not None else -1
        s.moved = PAWN_INDEX[turn["pawn"]] if turn["pawn"] is not None else -1
        s.hours = turn["hours"]
        s.cancelled = turn["cancelled"]
        s.moves = turn["moves"]
        s.fresh = turn["fresh"]
        s.waiting = list(turn["waiting"])
        s.queue = [tuple(task) for task in turn["queue"]]
    else:
        s.today = -1
        clear_turn(s)
    return s


def _identities(s: RoseState, seat: int, you: dict[str, Any] | None, rng: random.Random) -> list[int]:
    """Distinct colours, the seat's own as it knows it, none a colour its owner revealed."""
    fixed = COLOUR_INDEX[you["identity"]] if you is not None else -1
    allowed = [[fixed] if who == seat and fixed >= 0
               else [c for c in range(len(COLOURS)) if c not in s.revealed[who] and c != fixed]
               for who in range(s.n)]
    chosen = distinct_assignment(allowed, rng)
    if chosen is None:
        raise ValueError("no identities are consistent with this view")
    return chosen
