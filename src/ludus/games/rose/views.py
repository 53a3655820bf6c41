"""What one seat (or a spectator) may see: JSON data, exactly as docs/rose-protocol.md describes.

Shown: all public board state and tracks, every seat's counts of cards and time tiles, revealed
markers, collected event tiles, and the seat's own identity, hand, time tiles and pending picks.
Never: others' identities (until the game is over), unused identity cards, the draw pile order,
face-down event or task tiles, others' revelation picks or guesses before all are placed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .components import BUILDING_CARD, BUILDINGS, COLOURS, EVENTS, PAWNS
from .state import RoseState


def view(s: RoseState, seat: int | None) -> dict[str, Any]:
    data = _public(s, seat)
    if seat is not None:
        data["you"] = _you(s, seat)
    return data


def views(s: RoseState, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """``view`` of several seats at once, the part everyone sees built once: after every move the server
    sends each seat its view. The seats' views share that part's objects (they are read, not changed)."""
    public = _public(s, None)
    found: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        data = found[seat] = {**public, "seat": seat}  # (same keys, same order as ``view``)
        if seat is not None:
            data["you"] = _you(s, seat)
    return found


def _you(s: RoseState, seat: int) -> dict[str, Any]:
    """What only ``seat`` sees: its identity, hand, time tiles and pending picks."""
    cards = s.ed.card_views
    tiles = s.ed.tile_views
    phase = s.phase
    held = s.time[seat]
    fresh_from = len(held) - s.fresh if seat == s.active and phase == "turn" else len(held)
    pick = s.reveal_pick[seat] if phase == "revelation" else -1
    return {
        "identity": COLOURS[s.identity[seat]],
        "hand": [dict(cards[c]) for c in s.hands[seat]],
        "time_tiles": [{**tiles[t], "fresh": i >= fresh_from} for i, t in enumerate(held)],
        "revelation": COLOURS[pick] if pick >= 0 else None,
        "guesses": {str(t): COLOURS[c] for t, c in sorted(s.guesses[seat].items())},
    }


def _public(s: RoseState, seat: int | None) -> dict[str, Any]:
    """Everything but ``you``: the same for every seat."""
    ed = s.ed
    cards = ed.card_views
    tiles = ed.tile_views
    n = s.n
    phase = s.phase
    pawns_in: list[list[str]] = [[] for _ in BUILDINGS]
    for p, b in enumerate(s.pawns):
        pawns_in[b].append(PAWNS[p])
    shown_events = s.day if phase in ("turn", "revelation") else len(s.events)
    data: dict[str, Any] = {
        "game": "rose",
        "players": n,
        "seat": seat,
        "options": _copy(s.opts),
        "day": s.day,
        "phase": phase,
        "sundial": s.sundial,
        "active": s.active if phase == "turn" else None,
        "start_player": s.day_start,
        "ender": s.active if phase != "turn" else None,
        "event": EVENTS[s.today] if s.today >= 0 else None,
        "event_row": [EVENTS[e] if i < shown_events else None for i, e in enumerate(s.events)],
        "revelation_after": list(ed.revelation_days),
        "buildings": {name: {"pawns": pawns_in[b], "tiles": [dict(tiles[t]) for t in s.tiles[b]]}
                      for b, name in enumerate(BUILDINGS)},
        "suspicion": dict(zip(COLOURS, s.suspicion, strict=True)),
        "clue": dict(zip(COLOURS, s.clue, strict=True)),
        "task_row": len(s.row),
        "draw_pile": len(s.draw),
        "discard": [dict(cards[c]) for c in s.discard],
        "seats": [{"seat": who, "cards": len(s.hands[who]), "time_tiles": len(s.time[who]),
                   "event_tiles": [EVENTS[e] for e in s.event_tiles[who]],
                   "revealed": [COLOURS[c] for c in s.revealed[who]],
                   "revelation_ready": phase == "revelation" and s.reveal_pick[who] >= 0,
                   "guesses_ready": phase in ("guess", "over") and len(s.guesses[who]) == n - 1}
                  for who in range(n)],
        "you": None,
        "turn": None,
        "outcome": None,
    }
    if phase == "turn":
        queue = s.queue
        data["turn"] = {
            "step": _step(s),
            "card": dict(cards[s.card]) if s.card >= 0 else None,
            "william_or_adson": PAWNS[s.wa] if s.wa >= 0 else None,
            "pawn": PAWNS[s.moved] if s.moved >= 0 else None,
            "hours": s.hours,
            "cancelled": s.cancelled,
            "moves": s.moves,
            "fresh": s.fresh,
            "waiting": list(s.waiting),
            "queue": [list(task) for task in queue],
        }
    if phase == "over" and s.result is not None:
        data["outcome"] = _copy(s.result)
    return data


_STEP_KIND = {"move": None, "bonus": "clue_bonus_split", "bonus_pick": "clue_bonus", "returning": "incredulous"}


def _step(s: RoseState) -> str | None:
    """The kind of decision the turn waits for."""
    if not s.queue:
        return None
    kind = s.queue[0][0]
    if kind == "move":
        return "pawn" if s.ed.card_kind[s.card] == BUILDING_CARD else "destination"
    return _STEP_KIND.get(kind, kind)


_FLAT = frozenset({str, int, bool, float, type(None)})


def _copy(value: Any) -> Any:
    # (a flat part is taken as it is, without a call: the options are copied into every view after every move)
    if isinstance(value, dict):
        return {k: v if type(v) in _FLAT else _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [v if type(v) in _FLAT else _copy(v) for v in value]
    return value
