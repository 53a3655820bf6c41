"""Rose bots: they play only what is offered, the greedy bot beats chance, and it sees only its view."""

from __future__ import annotations

import random

import pytest

from ludus.ai import RandomBot, bot_for
from ludus.engine import Decision
from ludus.games.rose.bots import GreedyBot, conversion
from ludus.games.rose.game import GAME
from ludus.games.rose.hard import HardBot
from ludus.games.rose.simulate import play_one
from ludus.games.rose.strong import MediumBot


def test_rose_registers_random_easy_medium_and_hard_bots():
    assert isinstance(bot_for(GAME, 0, "random", seed=1), RandomBot)
    assert isinstance(bot_for(GAME, 0, "easy", seed=1), GreedyBot)
    assert isinstance(bot_for(GAME, 0, "medium", seed=1), MediumBot)
    assert isinstance(bot_for(GAME, 0, "hard", seed=1), HardBot)


VARIANTS = [{}, {"bonus_mandatory": False, "guess_any_colour": False},
            {"impossible_move": "unplayable", "sundial_carry": True, "all_equal_conversion": "none"}]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_only_choose_offered_options_over_whole_games(players):
    for seed, options in enumerate(VARIANTS):
        state = GAME.setup(players, seed, options)
        bots = [GreedyBot(seat, seed) if (seat + seed) % 2 == 0 else RandomBot(seed) for seat in range(players)]
        steps = 0
        while GAME.outcome(state) is None:
            decision = min(GAME.decisions(state), key=lambda d: d.seat)
            choice = bots[decision.seat].choose(GAME.view(state, decision.seat), decision)
            assert decision.allows(choice), (decision, choice)
            events = GAME.apply(state, decision.seat, choice)
            for seat, bot in enumerate(bots):
                if isinstance(bot, GreedyBot):
                    bot.observe([e for e in events if e.visible_to(seat)])
            steps += 1
            assert steps < 5_000
        assert GAME.outcome(state).winners


def test_greedy_bot_beats_random_bots_clearly_over_seeded_games():
    games, greedy_wins, random_wins = 36, 0.0, 0.0
    for seed in range(games):
        seat = seed % 4  # the greedy bot takes every seat in turn
        levels = ["random"] * 4
        levels[seat] = "easy"
        outcome, _ = play_one(GAME, levels, seed=1000 + seed)
        for winner in outcome.winners:
            share = 1 / len(outcome.winners)
            if winner == seat:
                greedy_wins += share
            else:
                random_wins += share / 3
    # one seat in four would win a quarter of the games by chance
    assert greedy_wins / games > 0.6
    assert greedy_wins > 4 * random_wins


def _positions(players: int, seed: int, every: int = 7):
    """States along a game played by random bots, with the seat to decide and its decision."""
    state = GAME.setup(players, seed)
    rng = random.Random(seed)
    step = 0
    while GAME.outcome(state) is None:
        decisions = GAME.decisions(state)
        decision = min(decisions, key=lambda d: d.seat)
        if step % every == 0 or decision.kind in ("revelation", "guess", "sign", "clue_bonus"):
            yield state, decision
        GAME.apply(state, decision.seat, rng.choice(decision.options))
        step += 1


def _same_decision(state, seat: int) -> Decision:
    return next(d for d in GAME.decisions(state) if d.seat == seat)


@pytest.mark.parametrize("players", [3, 5])
def test_greedy_choice_depends_only_on_the_seat_view(players):
    for state, decision in _positions(players, seed=players):
        seat = decision.seat
        view = GAME.view(state, seat)
        other = GAME.world_from_view(view, seat, random.Random(99))
        assert GAME.view(other, seat) == view
        here = GreedyBot(seat, seed=5).choose(view, decision)
        there = GreedyBot(seat, seed=5).choose(GAME.view(other, seat), _same_decision(other, seat))
        assert here == there


def test_greedy_bot_keeps_its_own_monk_down_when_william_meets_it():
    state = GAME.setup(4, 11)
    view = GAME.view(state, 0)
    me = view["you"]["identity"]
    bot = GreedyBot(0, seed=3)
    for _ in range(20):
        assert bot.choose(view, Decision(0, "sign", ("+", "-"), {"monk": me, "track": "clue", "amount": 3})) == "-"


def test_greedy_bot_guesses_a_colour_the_target_has_not_ruled_out():
    for state, decision in _positions(4, seed=21, every=10_000):
        if decision.kind != "guess":
            continue
        view = GAME.view(state, decision.seat)
        target = next(s for s in view["seats"] if s["seat"] == decision.prompt["target"])
        choice = GreedyBot(decision.seat, seed=1).choose(view, decision)
        assert choice not in target["revealed"] and choice != view["you"]["identity"]


def test_conversion_gives_tied_monks_the_same_place_without_skipping():
    awards = conversion({"red": 30, "blue": 20, "white": 20, "grey": 10, "black": 10, "orange": 0})
    assert awards == {"red": 5, "blue": 4, "white": 4, "grey": 3, "black": 3, "orange": 2}
