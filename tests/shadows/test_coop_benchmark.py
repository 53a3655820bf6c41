"""What ``benchmarks/shadows_ai.py`` counts about a co-op round with the literal officer (``--why``): how far
each move took the figure, a detective told the space meant (the ceiling of reading this officer), and
the simulated time cap (``--minutes``)."""

from __future__ import annotations

from ludus.games.shadows import board
from ludus.games.shadows.ai import make_policy
from ludus.games.shadows.game import GAME

from .helpers import shadows_ai_benchmark


def test_the_moves_left_to_a_goal_are_1_card_steps_that_never_land_on_police() -> None:
    bench = shadows_ai_benchmark()
    state = GAME.setup(2, 3, {"coop": "apprentice", "rounds_to_win": 1})
    view = GAME.view(state, 0)
    kinds = view["map"]["kinds"]
    far = bench.steps_to_goal(view)
    assert far and all(kinds[space] == "evidence" for space, d in far.items() if d == 0)
    for space, d in far.items():
        assert kinds[space] != "police"
        if d > 0:  # one step nearer is always a safe neighbour, and no neighbour is nearer than that
            nearer = [far[n] for n in board.steps(space) if n in far]
            assert min(nearer) == d - 1


def test_a_detective_told_the_space_meant_lands_there_on_every_clue() -> None:
    bench = shadows_ai_benchmark()
    officer = bench.LiteralOfficer(seed=1)
    tally = bench.Tally()
    bench.play_round(5, officer, bench.TellingDetective(officer, make_policy("detective", seed=2)), tally, 10 * 60)
    assert tally.clues[1] > 0
    assert tally.hits[1] == tally.clues[1]


def test_every_move_is_counted_once_as_nearer_as_far_further_or_onto_police() -> None:
    bench = shadows_ai_benchmark()
    tally = bench.Tally()
    bench.play_round(7, bench.LiteralOfficer(seed=1), make_policy("detective", seed=2), tally, 10 * 60)
    landed = sum(n for key, n in tally.why.items() if key.startswith("route: moves landing "))
    played = sum(n for key, n in tally.why.items() if key.startswith("route: moves in rounds ended by "))
    assert landed == played > 0


def test_a_round_still_going_at_the_cap_is_lost_on_time() -> None:
    bench = shadows_ai_benchmark()
    tally = bench.Tally()
    bench.play_round(7, bench.LiteralOfficer(seed=1), make_policy("detective", seed=2), tally, 60.0)
    assert tally.won == 0
    assert tally.why["round ended: time (the 1-minute cap)"] == 1
    assert tally.why["route: moves in rounds ended by time (the 1-minute cap)"] <= 60 / 20


def test_with_paired_streams_a_round_plays_the_same_whatever_rounds_came_before() -> None:
    """``--paired``: the officer's and the detective's random streams start afresh from each round's seed, so two
    settings run on the same seeds differ only where their moves differ."""
    bench = shadows_ai_benchmark()

    def last_round(seeds: list[int]) -> list[tuple[str, int]]:
        officer, detective = bench.LiteralOfficer(seed=1), make_policy("detective", seed=2)
        for seed in seeds:
            bench.reseed(officer, detective, seed)
            tally = bench.Tally()
            bench.play_round(seed, officer, detective, tally, 5 * 60)
        return sorted(tally.why.items())

    assert last_round([4]) == last_round([1, 2, 3, 4])
