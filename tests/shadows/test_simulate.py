"""``ludus sim shadows``: AI-only games in simulated real time, with statistics."""

from __future__ import annotations

import argparse

from ludus.engine import Match
from ludus.games.shadows import policies, simulate
from ludus.games.shadows.agreeing import AgreeingBot
from ludus.games.shadows.game import GAME


def _args(**given) -> argparse.Namespace:
    base = {"game": "shadows", "players": None, "seats": None, "games": 2, "rounds": None, "coop": None,
            "seed": 0, "options": {}}
    return argparse.Namespace(**{**base, **given})


def test_sim_runs_random_coop_rounds_and_prints_statistics(capsys) -> None:
    assert simulate.sim_command(_args(rounds=3, coop="agent", seats="random,random,random")) == 0
    out = capsys.readouterr().out
    assert "co-op agent" in out and "rounds ended by" in out


def test_sim_runs_two_random_teams(capsys) -> None:
    assert simulate.sim_command(_args(games=2, seats="random,random,random,random,random")) == 0
    assert "two teams" in capsys.readouterr().out


def test_a_simulated_game_replays_from_its_log() -> None:
    stats = simulate.Stats()
    match = simulate.play_game(4, 3, {}, ["random"] * 4, stats)
    again = Match.from_json(match.dumps())
    assert again.outcome() == match.outcome() and stats.games == 1


def test_builtin_policies_choose_offered_options() -> None:
    state = GAME.setup(4, 0)
    officer, detective = policies.random_policy("officer", 1), policies.random_policy("detective", 2)
    give = next(d for d in GAME.decisions(state) if d.kind == "give" and d.seat == 0)
    choice = officer.choose(GAME.view(state, 0), give)
    assert give.allows(choice)
    GAME.apply(state, 0, choice)
    move = next(d for d in GAME.decisions(state) if d.kind == "move" and d.seat == 2)
    assert move.allows(detective.choose(GAME.view(state, 2), move))
    assert policies.wants(detective, GAME.view(state, 2), move)


def test_registered_bots_follow_the_seat_through_a_change_of_role() -> None:
    from ludus.ai import bot_for

    state = GAME.setup(4, 0)
    bot = bot_for(GAME, 2, "random", seed=1)
    assert isinstance(bot, AgreeingBot) and isinstance(bot.inner, policies.SeatBot)
    GAME.apply(state, 0, next(d for d in GAME.decisions(state) if d.kind == "give" and d.seat == 0).options[0])
    move = next(d for d in GAME.decisions(state) if d.seat == 2)
    assert bot.wants(GAME.view(state, 2), move)
    GAME.apply(state, 2, bot.choose(GAME.view(state, 2), move))
    state.teams["black"].officer = 2  # as after a swap between rounds: seat 2 now hands over the cards
    give = next(d for d in GAME.decisions(state) if d.seat == 2 and d.kind == "give")
    assert give.allows(bot.choose(GAME.view(state, 2), give))
    assert set(bot.inner.policies) == {"detective", "officer"}


def test_every_bot_level_plays_an_offered_choice() -> None:
    from ludus.ai import bot_for

    state = GAME.setup(4, 0)
    for level in policies.LEVELS:
        bot = bot_for(GAME, 0, level, seed=3)
        give = next(d for d in GAME.decisions(state) if d.kind == "give" and d.seat == 0)
        assert give.allows(bot.choose(GAME.view(state, 0), give))
