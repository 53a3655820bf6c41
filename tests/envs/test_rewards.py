"""Rewards follow the game's outcome: a shared win is shared, a tie is not a win, co-op shares the team's result."""

from __future__ import annotations

import pytest

from ludus.engine import Outcome
from ludus.envs import floors_v0, shadows_v0
from ludus.envs.rewards import outcome_rewards

from .playing import final_rewards


def outcome(*winners: int) -> Outcome:
    return Outcome(winners, {})


def test_a_lone_winner_takes_one_and_the_others_share_minus_one():
    assert outcome_rewards(outcome(2), 4) == pytest.approx([-1 / 3, -1 / 3, 1.0, -1 / 3])


def test_tied_winners_share_the_win():
    assert outcome_rewards(outcome(0, 3), 4) == pytest.approx([0.5, -0.5, -0.5, 0.5])


def test_a_game_every_seat_ties_is_no_win_for_anybody():
    assert outcome_rewards(outcome(0, 1, 2), 3) == [0.0, 0.0, 0.0]


def test_a_game_nobody_wins_is_a_loss_for_every_seat_below_a_tie_and_above_being_beaten():
    nobody = outcome_rewards(outcome(), 3)
    assert nobody == pytest.approx([-1 / 3, -1 / 3, -1 / 3])  # the losers share -1: never a win, never a tie's 0
    beaten = outcome_rewards(outcome(0), 3)[1]
    assert beaten < nobody[1] < 0.0


def test_the_co_op_team_shares_its_result():
    assert outcome_rewards(outcome(0, 1, 2), 3, cooperative=True) == [1.0, 1.0, 1.0]
    assert outcome_rewards(outcome(), 3, cooperative=True) == [-1.0, -1.0, -1.0]


def test_random_floors_games_never_reward_everybody_as_a_winner():
    for seed in range(4):
        final = final_rewards(floors_v0.env(players=3), seed)
        assert len(final) == 3 and not all(reward > 0 for reward in final.values())
        if any(reward > 0 for reward in final.values()):  # a winner: zero-sum
            assert sum(final.values()) == pytest.approx(0.0)
        else:  # no figure got out (random play rarely gets one out): nobody won, every seat lost
            assert list(final.values()) == pytest.approx([-1 / 3] * 3)


def test_co_op_shadows_rewards_every_seat_the_team_result():
    final = final_rewards(shadows_v0.env(players=3), 4)
    assert len(final) == 3 and len(set(final.values())) == 1 and abs(next(iter(final.values()))) == 1.0
