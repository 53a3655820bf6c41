"""Where a co-op detective pictures its officer's goal before the clues say much (``Detective.nearest_goal``):
the officer heads for the nearest of the goals its card still holds (six evidence spaces on the co-op card,
three of them to find, then two clients), so a space near the figure is far likelier that goal than one across
the board."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ludus.games.shadows import ai
from ludus.games.shadows.ai import Detective, Officer, SeatBot, _moves_to, all_readers, goal_posterior, goals_left
from ludus.games.shadows.game import GAME

from .helpers import shadows_ai_benchmark


def _coop_view() -> dict[str, Any]:
    return GAME.view(GAME.setup(2, 4, {"coop": "apprentice"}), 1)


def _detective(**settings: Any) -> Detective:
    return ai._detective({**ai.LEVELS["hard"], **settings}, all_readers(), 2)


def test_the_co_op_card_holds_six_evidence_spaces_and_two_clients() -> None:
    view = _coop_view()
    assert goals_left(view) == 6
    black = view["teams"]["black"]
    assert goals_left({**view, "teams": {"black": {**black, "markers": [1, 2]}}}) == 4
    assert goals_left({**view, "teams": {"black": {**black, "markers": [1, 2, 3]}}}) == 2


def test_with_no_clue_yet_a_goal_near_the_figure_is_likelier_than_one_across_the_board() -> None:
    view = _coop_view()
    here = view["teams"]["black"]["figure"]
    even = goal_posterior(view)
    leaning = goal_posterior(view, nearest=True)
    assert abs(leaning.sum() - 1.0) < 1e-9
    assert np.array_equal(even > 0, leaning > 0)  # the same spaces stay possible
    possible = np.flatnonzero(even > 0)
    assert len({round(float(even[g]), 12) for g in possible}) == 1  # without the lean: every goal alike
    far = {int(g): _moves_to(int(g))[here] for g in possible}
    nearest, farthest = min(far.values()), max(far.values())
    assert nearest < farthest
    near_chance = np.mean([leaning[g] for g, d in far.items() if d == nearest])
    far_chance = np.mean([leaning[g] for g, d in far.items() if d == farthest])
    assert near_chance > 5 * far_chance
    by_distance = [np.mean([leaning[g] for g, d in far.items() if d == k]) for k in sorted(set(far.values()))]
    assert all(a > b for a, b in itertools.pairwise(by_distance))  # the nearer, the likelier


def test_a_detective_picturing_the_nearest_goal_lands_where_the_officer_meant_more_often_on_blank_cards() -> None:
    """Seeded co-op rounds of the benchmark's literal officer: on the cards that name nothing in reach (the
    officer had none for the space it meant, the one nearest its goal), the detective that pictures the
    nearest goal lands where the officer meant more often than the same detective picturing any goal alike."""
    bench = shadows_ai_benchmark()

    def blank_hits(detective: Detective) -> tuple[int, int]:
        tally = bench.Tally()
        for seed in range(16):
            bench.play_round(seed, bench.LiteralOfficer(seed=1), detective, tally, 10 * 60)
        return tally.why["1-card clue names-nothing read right"], tally.why["1-card clue names-nothing"]

    near, clues_near = blank_hits(_detective(nearest_goal=True))
    even, clues_even = blank_hits(_detective(nearest_goal=False))
    assert clues_near > 40 and clues_even > 40
    assert near / clues_near > even / clues_even


def test_the_hard_detective_pictures_the_nearest_goal_but_its_officer_predicts_it_without() -> None:
    """The hard officer predicts its own detective without the prior (and without the listener): its gives, and
    what a literal reader makes of them, stay as they were."""
    bot = SeatBot(1, "hard")
    detective, officer = bot.policies["detective"], bot.policies["officer"]
    assert isinstance(detective, Detective) and isinstance(officer, Officer)
    assert detective.nearest_goal
    assert officer.partner is not None
    assert not officer.partner.nearest_goal and officer.partner.literal_listener is None
