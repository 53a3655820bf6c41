"""The research side plays against the very bots the server seats: same registry, same classes, same choices."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import ludus.ai
import ludus.envs.solo
import ludus.server.live.tables
from ludus.ai import LEVELS, bot_for
from ludus.ai.arena import play_match_record
from ludus.engine import load_game
from ludus.envs import against_bots


def test_the_server_and_against_bots_make_bots_with_the_same_registry():
    assert ludus.server.live.tables.bot_for is ludus.ai.bot_for
    assert ludus.envs.solo.bot_for is ludus.ai.bot_for


@pytest.mark.parametrize("game", ["rose", "floors", "shadows"])
@pytest.mark.parametrize("level", LEVELS)
def test_against_bots_seats_each_level_as_the_server_would(game, level):
    env = against_bots(game, seat=0, opponents=level)
    env.reset(seed=3)
    for seat, bot in env.bots.items():
        server_bot = bot_for(load_game(game), seat, level, 0)
        assert type(bot) is type(server_bot)
        if hasattr(server_bot, "budget"):  # Floors' search levels: the same think budget
            assert bot.budget == server_bot.budget
        if hasattr(server_bot, "policy"):  # Shadows' levels: the same policy inside the agreeing wrapper
            assert type(bot.policy) is type(server_bot.policy)
    env.close()


pyspiel = pytest.importorskip("pyspiel")


def test_openspiel_users_get_the_server_levels_and_they_play_as_in_a_ludus_match():
    from open_spiel.python.algorithms import evaluate_bots

    from ludus.envs import openspiel

    game = pyspiel.load_game(openspiel.NAMES["rose"], {"players": 3, "rng_seed": 8})
    levels, seeds = ["hard", "medium", "easy"], [11, 12, 13]
    bots = [openspiel.LudusBot(game, seat, level, seed) for seat, (level, seed) in enumerate(zip(levels, seeds,
                                                                                                  strict=True))]
    for seat, bot in enumerate(bots):
        assert type(bot.bot) is type(bot_for(load_game("rose"), seat, levels[seat], 0))
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    # the same deal in a plain ludus match, the same bots with the same seeds: the same game, move for move
    deal = random.Random(8).randrange(2**31)
    match = play_match_record("rose", 3, deal, [lambda g, s, _, level=level, seed=seed: bot_for(g, s, level, seed)
                                                for level, seed in zip(levels, seeds, strict=True)])
    spiel_moves = [(record.seat, record.choice) for record in _records(state)]
    assert len(spiel_moves) > 50
    assert json.loads(json.dumps(spiel_moves)) == [[entry["seat"], entry["choice"]] for entry in match.to_json()["log"]]
    assert max(returns) == 1.0 or len(match.outcome().winners) > 1


def _records(state):
    steps, record = [], state._position.record
    while record.parent is not None:
        steps.append(record)
        record = record.parent
    return list(reversed(steps))

