"""What every legal position satisfies (conservation of cards, tiles, events and identities, track
ranges, a coherent turn). Used by the property tests and to check resampled worlds."""

from __future__ import annotations

from .components import BUILDINGS, COLOURS, EVENTS
from .state import RoseState

STEP_KINDS = frozenset({
    "card", "william_or_adson", "time_tile", "sundial", "move", "task_tile", "sign", "clue", "bonus", "bonus_pick",
    "incredulous", "returning", "convert", "studious", "awkward", "suspicious", "draw", "end_turn"})


def problems(s: RoseState) -> list[str]:
    """Everything wrong with ``s``; an empty list means the position is legal."""
    ed = s.ed
    found: list[str] = []
    n = s.n
    cards = [c for hand in s.hands for c in hand] + s.draw + s.discard
    if sorted(cards) != list(range(ed.cards)):
        found.append("cards are not each in exactly one place")
    for seat, hand in enumerate(s.hands):
        short = s.phase == "turn" and seat == s.active and s.card >= 0
        if len(hand) != ed.hand_size - (1 if short else 0):
            found.append(f"seat {seat} holds {len(hand)} cards")
    tiles = [t for here in s.tiles for t in here] + s.row + [t for held in s.time for t in held]
    if sorted(tiles) != list(range(ed.tiles)):
        found.append("task tiles are not each in exactly one place")
    if any(len(here) > ed.tiles_per_building for here in s.tiles):
        found.append("a building holds too many task tiles")
    if sorted(s.events + s.unused_events) != list(range(len(EVENTS))) or len(s.events) != ed.events_in_play:
        found.append("event tiles are not each in exactly one place")
    collected = sorted(e for held in s.event_tiles for e in held)
    days_done = s.day - (1 if s.phase == "turn" else 0)
    if s.phase in ("guess", "over"):
        days_done = ed.days - 1
    if collected != sorted(s.events[:days_done]):
        found.append("collected event tiles do not match the days played")
    if len(s.identity) != n or len(set(s.identity)) != n:
        found.append("identities are not distinct")
    if sorted(s.identity + s.unused_identity) != list(range(len(COLOURS))):
        found.append("identity cards are not each in exactly one place")
    for seat in range(n):
        shown = s.revealed[seat]
        if len(set(shown)) != len(shown) or s.identity[seat] in shown:
            found.append(f"seat {seat} revealed its own colour or one colour twice")
        pick = s.reveal_pick[seat]
        if pick >= 0 and (pick == s.identity[seat] or pick in shown or s.phase != "revelation"):
            found.append(f"seat {seat} has an illegal revelation pick")
    if len(s.pawns) != 8 or any(not 0 <= b < len(BUILDINGS) for b in s.pawns):
        found.append("pawns are off the board")
    if any(not 0 <= v <= ed.suspicion_max for v in s.suspicion):
        found.append("suspicion is off its track")
    if s.opts["clue_floor"] and any(v < 0 for v in s.clue):
        found.append("clue below 0")
    if s.sundial < 0:
        found.append("the sundial went backwards")
    if s.phase == "turn":
        if not s.queue or any(task[0] not in STEP_KINDS for task in s.queue):
            found.append("the turn has no next step")
        if not 0 <= s.active < n or s.today != s.events[s.day - 1]:
            found.append("the turn is incoherent")
        if s.fresh > len(s.time[s.active]) or s.cancelled > s.hours:
            found.append("time tiles miscounted")
    elif s.phase in ("revelation", "guess", "over"):
        if s.queue:
            found.append("a turn step outside a turn")
        if s.phase == "revelation" and s.day not in ed.revelation_days:
            found.append("a revelation on the wrong day")
        if s.phase == "over" and s.result is None:
            found.append("the game is over without a result")
    else:
        found.append(f"unknown phase {s.phase!r}")
    return found
