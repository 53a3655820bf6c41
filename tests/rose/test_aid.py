"""The reminder of revelations, the aid of casual tables (issue 23 point 3): what each seat revealed and which
monks it may still be, worked out from the seat's view alone — never from another seat's identity or hand."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ludus.games.rose.aid import reminder
from ludus.games.rose.components import COLOURS
from ludus.games.rose.game import GAME
from ludus.games.rose.state import RoseState


def without_aid(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "aid"}


def played(players: int, seed: int, moves: int) -> RoseState:
    rng = random.Random(seed)
    state = GAME.setup(players, seed, {"aid": True})
    for _ in range(moves):
        found = GAME.decisions(state)
        if not found:
            break
        decision = rng.choice(found)
        GAME.apply(state, decision.seat, rng.choice(decision.options))
    return state


def test_the_reminder_is_off_unless_the_table_asks_for_it() -> None:
    assert "aid" not in GAME.view(GAME.setup(3, 1), 0)


def test_a_seat_is_never_a_monk_it_revealed_and_monks_are_all_different() -> None:
    state = GAME.setup(2, 4, {"aid": True})
    mine = COLOURS[state.identity[0]]
    others = [c for c in range(len(COLOURS)) if COLOURS[c] != mine]
    state.revealed[1] = others[:4]  # seat 1 showed four monks it is not: two are left, one of them is seat 0's
    aid = GAME.view(state, 0)["aid"]["seats"]
    assert aid[1]["revealed"] == [COLOURS[c] for c in others[:4]]
    assert aid[1]["possible"] == [COLOURS[others[4]]]  # seat 0 knows it is the other one itself
    assert aid[0]["possible"] == [mine]
    # the others cannot see seat 0's monk: to them both are still open for seat 1
    assert aid[1]["public"] == sorted({COLOURS[others[4]], mine}, key=COLOURS.index)
    assert aid[0]["public"] == list(COLOURS)
    # a spectator reads what is public only
    assert GAME.view(state, None)["aid"]["seats"][1]["possible"] == aid[1]["public"]


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), moves=st.integers(0, 400))
def test_the_truth_is_always_among_the_monks_the_reminder_leaves_open(players: int, seed: int, moves: int) -> None:
    state = played(players, seed, moves)
    for seat in (*range(players), None):
        for entry in GAME.view(state, seat)["aid"]["seats"]:
            truth = COLOURS[state.identity[entry["seat"]]]
            assert truth in entry["possible"] and truth in entry["public"]
            assert not set(entry["revealed"]) & set(entry["possible"])


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), moves=st.integers(0, 400), data=st.data())
def test_the_reminder_reads_only_the_view_never_another_seats_identity_or_hand(players: int, seed: int, moves: int,
                                                                               data: st.DataObject) -> None:
    state = played(players, seed, moves)
    assume(state.phase != "over")  # at the end the identities are public
    seat = data.draw(st.sampled_from([*range(players), None]), label="seat")
    view = GAME.view(state, seat)
    assert reminder(without_aid(view)) == view["aid"]  # computed from the view alone
    assert GAME.views(state, [seat])[seat] == view  # the server's way of building views carries the same aid
    others = [s for s in range(players) if s != seat]
    # hidden things change, the view stays: other seats trade monks (or take an unused one) and hands; the
    # draw pile is shuffled
    other = state.clone()
    if len(others) >= 2:
        a, b = data.draw(st.permutations(others), label="traders")[:2]
        other.identity[a], other.identity[b] = other.identity[b], other.identity[a]
        if len(other.hands[a]) == len(other.hands[b]):
            other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
    if others and other.unused_identity:
        a = others[0]
        other.identity[a], other.unused_identity[0] = other.unused_identity[0], other.identity[a]
    data.draw(st.randoms(use_true_random=False), label="order").shuffle(other.draw)
    other.cache = None
    other_view = GAME.view(other, seat)
    assert without_aid(other_view) == without_aid(view)
    assert other_view["aid"] == view["aid"]
