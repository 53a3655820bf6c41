"""ISMCTS on the real games: with a small budget it plays legal choices from the seat's view only."""

from __future__ import annotations

import random

import pytest

from ludus.ai import RandomBot
from ludus.ai.arena import play_match_record
from ludus.ai.mcts import ISMCTSBot
from ludus.engine import Match, UnknownGame, load_game


def installed(game_id):
    try:
        return load_game(game_id)
    except UnknownGame:
        pytest.skip(f"{game_id} is not on main yet")


def small_bot(game, seat, seed):
    # a capped rollout keeps the smoke test fast; the flat 0.5 of unfinished games is enough for legality
    return ISMCTSBot(game, seat, iterations=12, seed=seed, rollout_depth=25)


@pytest.mark.parametrize("game_id", ["rose", "floors"])
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_ismcts_plays_the_first_decisions_legally(game_id, players, seed):
    game = installed(game_id)
    match = Match(game, players, seed)
    bots = [small_bot(game, seat, seed + seat) for seat in range(players)]
    for _ in range(30):
        pending = match.decisions()
        if not pending:
            break
        decision = min(pending, key=lambda d: d.seat)
        choice = bots[decision.seat].choose(match.view(decision.seat), decision)
        assert decision.allows(choice), (decision, choice)
        match.play(decision.seat, choice)


@pytest.mark.parametrize("game_id", ["rose", "floors"])
def test_ismcts_finishes_a_whole_game_against_random_bots(game_id):
    game = installed(game_id)

    def tiny(game, seat, seed):
        return ISMCTSBot(game, seat, iterations=4, seed=seed, rollout_depth=8)

    match = play_match_record(game, 3, 5, [tiny, lambda g, s, seed: RandomBot(seed), tiny], max_steps=20_000)
    assert match.finished
    replayed = Match.from_json(match.to_json())
    assert replayed.outcome() == match.outcome()


@pytest.mark.parametrize("game_id", ["rose", "floors"])
def test_ismcts_choice_depends_only_on_the_view(game_id):
    """Two copies of a true state, one with its hidden parts resampled from the seat's view: same choice."""
    game = installed(game_id)
    match = Match(game, 3, 8)
    rng = random.Random(0)
    for _ in range(12):
        pending = match.decisions()
        decision = min(pending, key=lambda d: d.seat)
        match.play(decision.seat, rng.choice(decision.options))
    decision = min(match.decisions(), key=lambda d: d.seat)
    seat = decision.seat
    other = game.world_from_view(match.view(seat), seat, random.Random(99))
    assert game.view(other, seat) == match.view(seat)
    choices = [ISMCTSBot(game, seat, iterations=10, seed=4, rollout_depth=10).choose(game.view(state, seat), decision)
               for state in (match.state, other)]
    assert choices[0] == choices[1]
