"""Rose bot levels: easy, medium and hard play only what is offered, see only their seat, and replay
exactly from their seeds."""

from __future__ import annotations

import random

import pytest

from ludus.ai import bot_for
from ludus.engine import Decision, visible_events
from ludus.games.rose import simulate
from ludus.games.rose.game import GAME
from ludus.games.rose.hard import HardBot
from ludus.games.rose.strong import MediumBot, standing


def _quick_hard(seat: int, seed: int) -> HardBot:
    return HardBot(seat, seed)


def _play(players: int, seed: int, make, until: int | None = None) -> int:
    """Play with the given bot makers per seat, checking every answer is offered; returns the steps."""
    state = GAME.setup(players, seed)
    bots = [make(seat) for seat in range(players)]
    steps = 0
    while GAME.outcome(state) is None and (until is None or steps < until):
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        choice = bots[decision.seat].choose(GAME.view(state, decision.seat), decision)
        assert decision.allows(choice), (decision, choice)
        events = GAME.apply(state, decision.seat, choice)
        for seat, bot in enumerate(bots):
            if hasattr(bot, "observe"):
                bot.observe(visible_events(events, seat))
        steps += 1
    return steps


@pytest.mark.parametrize("players", [2, 3, 5])
def test_medium_bots_only_choose_offered_options_over_whole_games(players):
    _play(players, seed=players, make=lambda seat: MediumBot(seat, seed=seat, worlds=3))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hard_bot_only_chooses_offered_options_over_whole_games(players):
    makers = {0: lambda: _quick_hard(0, 1), 1: lambda: MediumBot(1, 2, worlds=2)}
    _play(players, seed=4 + players, make=lambda seat: makers.get(seat, lambda: bot_for(GAME, seat, "easy", 3))())


def _positions(players: int, seed: int, every: int = 37):
    state = GAME.setup(players, seed)
    rng = random.Random(seed)
    step = 0
    while GAME.outcome(state) is None:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        if len(decision.options) > 1 and (step % every == 0 or decision.kind in ("sign", "guess")):
            yield state, decision
        GAME.apply(state, decision.seat, rng.choice(decision.options))
        step += 1


def _same_decision(state, seat: int) -> Decision:
    return next(d for d in GAME.decisions(state) if d.seat == seat)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_decides_the_same_in_worlds_that_look_the_same_to_its_seat(level):
    def make(seat: int) -> MediumBot | HardBot:
        return MediumBot(seat, seed=5, worlds=4) if level == "medium" else _quick_hard(seat, 5)

    checked = 0
    for state, decision in _positions(4, seed=8):
        seat = decision.seat
        view = GAME.view(state, seat)
        other = GAME.world_from_view(view, seat, random.Random(99))
        assert GAME.view(other, seat) == view
        there = make(seat).choose(GAME.view(other, seat), _same_decision(other, seat))
        assert make(seat).choose(view, decision) == there
        checked += 1
    assert checked >= 6


def test_bots_guess_from_their_belief_and_never_their_own_colour():
    record = simulate.play_game(GAME, ["medium", "easy", "easy"], seed=12)
    identities = record.outcome.details["identities"]
    guesses = record.outcome.details["guesses"]["0"]
    assert identities["0"] not in guesses.values()
    assert len(set(guesses.values())) == len(guesses)


def test_standing_is_a_chance_and_prefers_the_lower_clue():
    state = GAME.setup(4, 2)
    values = [standing(state, seat) for seat in range(4)]
    assert all(0.0 <= v <= 1.0 for v in values)
    low = state.identity[0]
    state.clue[low] -= 4
    assert standing(state, 0) > values[0]


def test_tournaments_replay_exactly_from_their_seed():
    first = simulate.run(3, ["medium", "easy", "random"], games=3, seed=5, progress=False)
    second = simulate.run(3, ["medium", "easy", "random"], games=3, seed=5, progress=False)
    assert first.wins == second.wins and first.clue == second.clue and first.right == second.right


def test_seats_rotate_through_one_deal_per_block():
    plans = [simulate.seating(["hard", "easy", "easy"], number, 10, rotate=True) for number in range(6)]
    assert [deal for deal, _, _ in plans] == [10, 10, 10, 11, 11, 11]
    assert [levels.index("hard") for _, levels, _ in plans[:3]] == [0, 1, 2]
