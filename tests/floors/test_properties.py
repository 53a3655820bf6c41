"""Properties of whole random games: they end, options apply, replays reproduce, nothing is lost."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from ludus.ai import bot_for
from ludus.engine import Match
from ludus.games.floors.board import FLOOR, FLOOR_SQUARES, col_row
from ludus.games.floors.game import GAME
from ludus.games.floors.monster import run_each_tile, run_tile, run_tile_counted
from ludus.games.floors.state import EATEN, OUT, WAITING

MAX_CHOICES = 20_000


def _check_invariants(st) -> None:
    counts = {"board": 0, "waiting": 0, "out": 0, "eaten": 0}
    resting = {}
    for f, s in enumerate(st.fig_sq):
        if s >= 0:
            counts["board"] += 1
            if f != st.move_fig:
                assert s not in resting, f"figures {resting.get(s)} and {f} share a square at rest"
                resting[s] = f
                assert st.figat[s] == f
                assert not st.tiles[s] and st.tele_to[s] < 0, f"figure {f} rests under a tile or on a teleporter"
        else:
            counts[{WAITING: "waiting", OUT: "out", EATEN: "eaten"}[s]] += 1
    assert sum(counts.values()) == len(st.fig_sq)  # conserved: board + waiting + out + eaten
    assert sum(1 for x in st.figat if x >= 0) == len(resting)
    assert counts["out"] == sum(st.out)
    assert st.monster_sq not in resting
    assert not st.tiles[st.monster_sq]


def _random_match(seed: int, players: int, variant: str) -> Match:
    match = Match(GAME, players, seed, {"variant": variant})
    rng = random.Random(seed)
    for _ in range(MAX_CHOICES):
        if match.finished:
            break
        decision = match.decisions()[0]
        match.play(decision.seat, rng.choice(decision.options))
        _check_invariants(match.state)
    assert match.finished, "a random game must end"
    return match


@settings(max_examples=12, deadline=None)
@given(seed=st_.integers(0, 10**6), players=st_.integers(2, 7), variant=st_.sampled_from(["basic", "advanced"]))
def test_random_games_end_keep_every_figure_and_never_stack_figures(seed, players, variant):
    match = _random_match(seed, players, variant)
    outcome = match.outcome()
    assert outcome is not None
    # won by all but one figure out, else by the first figure out, else by nobody (docs/floors.md)
    details = outcome.details
    if details["ended"] == "all_but_one":
        assert len(outcome.winners) == 1 and details["out"][outcome.winners[0]] >= details["needed"]
    else:
        first = details["first_out"]
        assert list(outcome.winners) == ([] if first is None else [first])
        assert (first is None) == (sum(details["out"]) == 0)


@settings(max_examples=6, deadline=None)
@given(seed=st_.integers(0, 10**6), players=st_.integers(2, 7))
def test_replaying_the_move_log_reproduces_the_game(seed, players):
    match = _random_match(seed, players, "advanced" if seed % 2 else "basic")
    again = Match.from_json(match.dumps())
    assert again.view(None) == match.view(None)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]


@settings(max_examples=6, deadline=None)
@given(seed=st_.integers(0, 10**6), players=st_.integers(2, 5))
def test_every_offered_option_applies(seed, players):
    st = GAME.setup(players, seed, {"variant": "advanced" if seed % 2 else "basic"})
    rng = random.Random(seed)
    for n in range(3000):
        if st.phase == "over":
            break
        decision = GAME.decisions(st)[0]
        if n % 7 == 0:
            for option in decision.options:
                GAME.apply(GAME.clone(st), decision.seat, option)
        GAME.apply(st, decision.seat, rng.choice(decision.options))


@settings(max_examples=8, deadline=None)
@given(seed=st_.integers(0, 10**6), players=st_.integers(2, 7), cut=st_.integers(0, 600))
def test_a_world_resampled_from_a_view_shows_the_same_view(seed, players, cut):
    st = GAME.setup(players, seed, {"variant": "advanced" if seed % 3 == 0 else "basic"})
    rng = random.Random(seed)
    for _ in range(cut):
        if st.phase == "over":
            break
        decision = GAME.decisions(st)[0]
        GAME.apply(st, decision.seat, rng.choice(decision.options))
    for seat in (None, 0, players - 1):
        view = GAME.view(st, seat)
        assert json.loads(json.dumps(view)) == view  # JSON-safe as it is
        world = GAME.world_from_view(view, seat if seat is not None else 0, random.Random(seed + 1))
        assert GAME.view(world, seat) == view
        assert [d.to_json() for d in GAME.decisions(world)] == [d.to_json() for d in GAME.decisions(st)]
        assert sorted(world.deck) == sorted(st.deck)  # the same unseen tiles, in some order


def _random_advanced_board(seed: int):
    """An advanced setup placed at random, then figures scattered and the monster anywhere free."""
    rng = random.Random(seed)
    st = GAME.setup(rng.randint(2, 7), seed, {"variant": "advanced"})
    while st.phase == "setup":
        decision = GAME.decisions(st)[0]
        GAME.apply(st, decision.seat, rng.choice(decision.options))
    free = [s for s in FLOOR_SQUARES if not st.tiles[s] and st.tele_to[s] < 0 and not st.pool[s]]
    rng.shuffle(free)
    for f in range(rng.randint(0, len(st.fig_sq))):
        st.fig_sq[f] = free[f]
        st.figat[free[f]] = f
    st.monster_sq = free[-1]
    st.monster_dir = rng.randrange(4)
    st.stage = rng.choice([1, 2])
    return st, rng


@settings(max_examples=10, deadline=None)
@given(seed=st_.integers(0, 10**6), corners_apart=st_.booleans())
def test_no_advanced_setup_places_two_teleporters_side_by_side(seed, corners_apart):
    rng = random.Random(seed)
    st = GAME.setup(rng.randint(2, 7), seed, {"variant": "advanced", "teleporters_apart": corners_apart})
    while st.phase == "setup":
        decision = GAME.decisions(st)[0]
        GAME.apply(st, decision.seat, rng.choice(decision.options))
    teleporters = [s for s in FLOOR_SQUARES if st.tele_to[s] >= 0]
    assert len(teleporters) == 4
    for a in teleporters:
        for b in teleporters:
            (ac, ar), (bc, br) = col_row(a), col_row(b)
            if a != b:
                assert abs(ac - bc) + abs(ar - br) > 1, "two teleporters side by side"
                assert not corners_apart or max(abs(ac - bc), abs(ar - br)) > 1, "two teleporters touch"


@settings(max_examples=60, deadline=None)
@given(seed=st_.integers(0, 10**6))
def test_a_monster_phase_on_any_board_keeps_every_figure_and_ends_on_plain_floor(seed):
    st, rng = _random_advanced_board(seed)
    tiles_before = sum(1 for k in st.tiles if k)
    trace: list[dict] = []
    eaten, steps = run_tile_counted(st, rng.choice([5, 7, 8, 10, -1, -2, -3]), trace)
    _check_invariants(st)
    assert FLOOR[st.monster_sq] and not st.pool[st.monster_sq]
    assert sum(1 for k in st.tiles if k) <= tiles_before  # tiles only ever leave the game
    assert steps <= 20 and len(eaten) == len(set(eaten))
    assert [r["n"] for r in trace if r["kind"] == "monster_step"] == list(range(1, steps + 1))


def _whole_state(st) -> tuple:
    return (bytes(st.tiles), st.figat[:], st.fig_sq[:], st.fig_black[:], st.monster_sq, st.monster_dir, st.stage,
            st.out[:], st.turn)


@settings(max_examples=40, deadline=None)
@given(seed=st_.integers(0, 10**6), stage=st_.sampled_from([1, 2]))
def test_one_monster_walk_cut_per_tile_leaves_each_world_as_that_tile_alone_would(seed, stage):
    # the bots weigh every tile that may come from one walk (monster.run_each_tile): it must be exact
    st, _ = _random_advanced_board(seed)
    st.stage = stage
    before = _whole_state(st)
    tiles = [5, 7, 8, 10, -1, -2, -3]
    worlds = run_each_tile(st, tiles)
    assert _whole_state(st) == before and sorted(worlds) == sorted(tiles)
    for tile in tiles:
        alone = st.clone()
        eaten = run_tile(alone, tile)
        world, world_eaten = worlds[tile]
        assert _whole_state(world) == _whole_state(alone) and world_eaten == eaten, tile


@settings(max_examples=2, deadline=None)
@given(seed=st_.integers(0, 10**6))
def test_games_between_bots_that_reach_the_exit_keep_every_invariant(seed):
    game = GAME
    st = game.setup(3, seed)
    bots = [bot_for(game, seat, level, seed + seat) for seat, level in enumerate(["easy", "random", "easy"])]
    while st.phase != "over":
        decision = game.decisions(st)[0]
        game.apply(st, decision.seat, bots[decision.seat].choose(game.view(st, decision.seat), decision))
        _check_invariants(st)
    assert sum(st.out) > 0
