"""The fast greedy policy inside sampled worlds (``strong.world_policy``): its move values are the values
of the tracks the move leaves, however it saves the work (copies only of changed tracks, memoised
conversions)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.games.rose import events as ev
from ludus.games.rose.components import BIBLIOTHECA, BUILDINGS, COLOURS, WILLIAM
from ludus.games.rose.state import RoseState
from ludus.games.rose.strong import TIME_TILE_VALUE, _value, move_gain
from ludus.games.rose.tracks import conversion_awards

from .positions import random_position

DAYS_EVENTS = [None, ev.DUBIOUS, ev.FORBIDDEN, ev.WITHOUT_OSTENTATION, ev.INQUIRING, ev.MYSTERIOUS,
               ev.TRICKY, ev.CULPRITS_HEELS, ev.CAUGHT]


def _tracks_value(s: RoseState, w: list[float], susp: list[int], clue: list[int]) -> float:
    award = conversion_awards(susp, s.ed.conversion, 2 if s.today == ev.CAUGHT else 1)
    total = 0.0
    for c in range(len(COLOURS)):
        if w[c]:
            total += w[c] * (clue[c] + award[c] + 0.02 * susp[c])
    return total


def _moved_tracks(s: RoseState, w: list[float], pawn: int, dst: int) -> tuple[list[int], list[int], float]:
    """The tracks after ``pawn`` enters ``dst`` (signs by the weights), on fresh copies, and the bonus."""
    ed, susp, clue, pawns, today = s.ed, s.suspicion[:], s.clue[:], s.pawns, s.today
    there = [m for m in range(len(COLOURS)) if pawns[m] == dst and m != pawn]
    bonus = 0.0
    if pawn < len(COLOURS):
        matching = [ed.tile_value[t] for t in s.tiles[dst] if ed.tile_colour[t] == pawn]
        if matching:
            susp[pawn] = max(0, susp[pawn] - max(matching))
            bonus += TIME_TILE_VALUE
        else:
            susp[pawn] = min(ed.suspicion_max, susp[pawn] + sum(ed.tile_value[t] for t in s.tiles[dst]))
        if today == ev.DUBIOUS:
            clue[pawn] += 1
        elif today == ev.FORBIDDEN and dst == BIBLIOTHECA:
            clue[pawn] += 2
        elif today == ev.WITHOUT_OSTENTATION and not any(pawns[p] == dst for p in range(8) if p != pawn):
            clue[pawn] = max(0, clue[pawn] - 1)
        elif today == ev.INQUIRING:
            for m in there:
                clue[m] += 1
        elif today == ev.MYSTERIOUS and pawns[WILLIAM] == dst:
            bonus += 2 * max(w)
    elif pawn == WILLIAM:
        amount = ed.william_clue * (2 if today == ev.TRICKY else 1)
        for m in there:
            clue[m] = max(0, clue[m] + (amount if w[m] > 0 else -amount))
        if today == ev.CULPRITS_HEELS:
            bonus += 2 * max(w)
    else:
        amount = ed.adson_suspicion * (2 if today == ev.TRICKY else 1)
        for m in there:
            susp[m] = min(ed.suspicion_max, max(0, susp[m] + (amount if w[m] >= 0 else -amount)))
    return susp, clue, bonus


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 5), st.integers(0, 10_000), st.integers(0, 300), st.sampled_from(DAYS_EVENTS),
       st.lists(st.sampled_from([-1.0, -0.15, 0.0, 0.3, 1.0]), min_size=6, max_size=6))
def test_a_moves_value_is_the_value_of_the_tracks_it_leaves(players, seed, steps, today, w):
    state = random_position(players, seed, steps)
    state.today = today
    base = _value(state, w, state.suspicion, state.clue)
    assert base == _tracks_value(state, w, state.suspicion, state.clue)
    before = (state.suspicion[:], state.clue[:])
    for pawn in range(8):
        for dst in range(len(BUILDINGS)):
            susp, clue, bonus = _moved_tracks(state, w, pawn, dst)
            assert move_gain(state, w, pawn, dst, base) == _tracks_value(state, w, susp, clue) + bonus - base
    assert (state.suspicion, state.clue) == before  # valuing a move changes nothing
