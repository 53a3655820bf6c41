"""The ladder's rating: a Plackett–Luce fit of full finishing orders with bootstrap intervals."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from ludus.ai.ranking import Strength, in_order, plackett_luce

LEVELS = ["random", "easy", "medium", "hard"]


def simulated(truth: dict[str, float], deals: int, players: int, seed: int) -> tuple[list, list]:
    """Games of Plackett–Luce players of known log-strengths, every line-up of distinct levels, each deal
    under every rotation (the ladder's blocks)."""
    rng = random.Random(seed)
    games, clusters = [], []
    for deal in range(deals):
        for line_up in itertools.combinations(LEVELS, players):
            for rotation in range(players):
                seated = [line_up[(seat - rotation) % players] for seat in range(players)]
                left, order = list(range(players)), []
                while left:
                    weights = [np.exp(truth[seated[seat]]) for seat in left]
                    order.append(left.pop(rng.choices(range(len(left)), weights)[0]))
                games.append((seated, [order.index(seat) + 1 for seat in range(players)]))
                clusters.append((deal, line_up))
    return games, clusters


def test_the_fit_finds_known_strengths_within_its_error():
    truth = {"random": -2.0, "easy": 0.0, "medium": 0.6, "hard": 1.2}
    games, clusters = simulated(truth, deals=150, players=3, seed=1)
    fitted = plackett_luce(games, clusters, LEVELS, bootstrap=200, seed=2)
    centred = {level: value - np.mean(list(truth.values())) for level, value in truth.items()}
    for level in LEVELS:
        # within three bootstrap deviations of the truth; each 95% interval misses it one time in twenty
        assert abs(fitted[level].theta - centred[level]) < 3 * fitted[level].sd
        assert fitted[level].low < fitted[level].theta < fitted[level].high
    assert in_order(fitted, LEVELS)


def test_a_level_that_wins_most_three_way_games_ranks_first():
    # Rose's 900-game ladder put hard last although hard won 61% of the three-way games with medium and easy:
    # rated from the full orders of games where the levels meet, the winner of most games is on top.
    games, clusters = [], []
    rng = random.Random(3)
    for deal in range(100):
        for rotation in range(3):
            seated = [("hard", "medium", "easy")[(seat - rotation) % 3] for seat in range(3)]
            winner = rng.choices(["hard", "medium", "easy"], [0.61, 0.28, 0.11])[0]
            rest = [level for level in ("medium", "easy", "hard") if level != winner]
            rng.shuffle(rest)
            order = [winner, *rest]
            games.append((seated, [order.index(level) + 1 for level in seated]))
            clusters.append(deal)
    fitted = plackett_luce(games, clusters, ["easy", "medium", "hard"], bootstrap=100)
    assert fitted["hard"].theta > fitted["medium"].theta > fitted["easy"].theta


def test_the_fit_does_not_depend_on_the_order_of_the_games():
    games, clusters = simulated({"random": -1.0, "easy": 0.0, "medium": 0.3, "hard": 0.5}, 20, 2, seed=4)
    pairs = list(zip(games, clusters, strict=True))
    random.Random(5).shuffle(pairs)
    before = plackett_luce(games, clusters, LEVELS, bootstrap=0)
    after = plackett_luce([g for g, _ in pairs], [c for _, c in pairs], LEVELS, bootstrap=0)
    for level in LEVELS:
        assert after[level].theta == pytest.approx(before[level].theta, abs=1e-9)


def test_games_where_everyone_ties_tell_nothing():
    games = [(["random", "easy", "medium", "hard"], [1, 1, 1, 1])] * 30
    fitted = plackett_luce(games, list(range(30)), LEVELS, bootstrap=50)
    for level in LEVELS:
        assert fitted[level].theta == pytest.approx(0.0, abs=1e-9)


def test_a_tied_team_counts_as_one_group_above_the_other():
    # Shadows: the winning team's seats share first place
    hard_won = [(["easy", "hard", "easy", "hard"], [2, 1, 2, 1])] * 20
    easy_won = [(["easy", "hard", "easy", "hard"], [1, 2, 1, 2])] * 5
    fitted = plackett_luce(hard_won + easy_won, list(range(25)), ["easy", "hard"], bootstrap=50)
    even = plackett_luce(hard_won[:5] + easy_won, list(range(10)), ["easy", "hard"], bootstrap=0)
    assert fitted["hard"].theta > 0.5 > -0.5 > fitted["easy"].theta
    assert even["hard"].theta == pytest.approx(0.0, abs=1e-9)


def test_the_intervals_are_wider_with_fewer_games():
    truth = {"random": -1.0, "easy": 0.0, "medium": 0.4, "hard": 0.8}
    few = plackett_luce(*simulated(truth, 10, 3, seed=6), LEVELS, bootstrap=200)
    many = plackett_luce(*simulated(truth, 80, 3, seed=6), LEVELS, bootstrap=200)
    for level in LEVELS:
        assert many[level].high - many[level].low < few[level].high - few[level].low


def test_in_order_needs_neighbours_intervals_apart():
    apart = {"easy": Strength("easy", 0.0, -0.2, 0.1, 0.1), "hard": Strength("hard", 0.5, 0.2, 0.8, 0.1)}
    touching = {"easy": Strength("easy", 0.0, -0.2, 0.3, 0.1), "hard": Strength("hard", 0.5, 0.2, 0.8, 0.1)}
    assert in_order(apart, ["easy", "hard"])
    assert not in_order(touching, ["easy", "hard"])
    assert not in_order(apart, ["hard", "easy"])
