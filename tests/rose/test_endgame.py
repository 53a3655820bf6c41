"""Rose's hard bot and its endgame-search candidate (``games/rose/endgame.py``): they play only what is
offered, decide from their seat's view alone, and the search changes nothing before the last day."""

from __future__ import annotations

import random
from typing import NamedTuple

from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.ai import bot_for
from ludus.engine import Decision, visible_events
from ludus.games.rose.endgame import EndgameBot
from ludus.games.rose.game import GAME
from ludus.games.rose.hard import HardBot, days_left
from ludus.games.rose.state import RoseState

from .positions import random_position


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 5), st.integers(0, 10_000), st.integers(0, 400), st.integers(0, 1_000))
def test_hard_answers_an_offered_option_that_depends_only_on_its_seats_view(players, seed, steps, other):
    state = random_position(players, seed, steps)
    if GAME.outcome(state) is not None:
        return
    for decision in GAME.decisions(state):
        seat = decision.seat
        view = GAME.view(state, seat)
        world = GAME.world_from_view(view, seat, random.Random(other))
        assert GAME.view(world, seat) == view
        twin = next(d for d in GAME.decisions(world) if d.seat == seat)
        choice = HardBot(seat, seed=7).choose(view, decision)
        assert decision.allows(choice), (decision, choice)
        assert HardBot(seat, seed=7).choose(GAME.view(world, seat), twin) == choice


def _last_day_card(players: int, seed: int) -> RoseState:
    """A random game played on to a card decision of the last day of play."""
    state = GAME.setup(players, seed)
    rng = random.Random(seed)
    while True:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        if decision.kind == "card" and len(decision.options) > 1 and days_left(GAME.view(state, decision.seat)) <= 1.0:
            return state
        GAME.apply(state, decision.seat, rng.choice(decision.options))


class _Turn(NamedTuple):
    """A seat's card decision of the last day, its view, and a world sampled from that view."""

    state: RoseState
    decision: Decision
    seat: int
    view: object
    world: RoseState

    def twin(self) -> tuple[object, Decision]:
        """The same seat's view and decision in the sampled world, which it cannot tell from the real one."""
        return GAME.view(self.world, self.seat), next(d for d in GAME.decisions(self.world) if d.seat == self.seat)


def _last_day_turn(players: int, seed: int, world_seed: int) -> _Turn:
    state = _last_day_card(players, seed)
    decision = min(GAME.decisions(state), key=lambda d: d.seat)
    view = GAME.view(state, decision.seat)
    return _Turn(
        state, decision, decision.seat, view, GAME.world_from_view(view, decision.seat, random.Random(world_seed))
    )


def test_the_endgame_search_decides_the_last_day_from_its_seats_view_alone():
    turn = _last_day_turn(4, 3, world_seed=5)
    decision, seat, view, world = turn.decision, turn.seat, turn.view, turn.world
    assert GAME.view(world, seat) == view
    bot = EndgameBot(seat, seed=2, candidates=3, worlds=3)
    choice = bot.choose(view, decision)
    assert decision.allows(choice)
    assert bot.last_search and choice in bot.last_search
    assert all(0.0 <= chance <= 1.0 for chance in bot.last_search.values())
    again = EndgameBot(seat, seed=2, candidates=3, worlds=3)
    assert again.choose(*turn.twin()) == choice


def test_with_easy_rule_opponents_the_endgame_search_still_decides_from_its_seats_view_alone():
    turn = _last_day_turn(4, 3, world_seed=5)
    decision, seat, view, world = turn.decision, turn.seat, turn.view, turn.world
    bot = EndgameBot(seat, seed=2, candidates=3, worlds=3)
    bot.rule_worlds = True
    choice = bot.choose(view, decision)
    assert decision.allows(choice)
    # every opponent of a playout has the easy rule's weights: its own monk in the world at −1
    drawn = bot.opponent_weights(world)
    assert sorted(drawn) == [s for s in range(4) if s != seat]
    assert all(weights[world.identity[s]] == -1.0 for s, weights in drawn.items())
    again = EndgameBot(seat, seed=2, candidates=3, worlds=3)
    again.rule_worlds = True
    assert again.choose(*turn.twin()) == choice


def test_before_the_last_day_the_endgame_search_plays_exactly_like_hard():
    state = GAME.setup(4, 21)
    hard, search = HardBot(0, seed=3), EndgameBot(0, seed=3, candidates=2, worlds=2)
    others = {seat: bot_for(GAME, seat, "easy", seed=seat) for seat in (1, 2, 3)}
    compared = searched = 0
    while GAME.outcome(state) is None:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        view = GAME.view(state, decision.seat)
        if decision.seat == 0:
            choice = search.choose(view, decision)
            assert decision.allows(choice), (decision, choice)
            if days_left(view) > 1.0:
                assert hard.choose(view, decision) == choice
                compared += decision.kind == "card"
            else:
                searched += decision.kind == "card" and len(decision.options) > 1
        else:
            choice = others[decision.seat].choose(view, decision)
        events = GAME.apply(state, decision.seat, choice)
        for bot in (hard, search):
            bot.observe(visible_events(events, 0))
        for seat, bot in others.items():
            bot.observe(visible_events(events, seat))
    assert compared >= 5 and searched >= 1


def test_the_plan_search_plays_the_way_it_chose_from_its_seats_view_alone():
    turn = _last_day_turn(4, 8, world_seed=4)
    state, decision, seat, view = turn.state, turn.decision, turn.seat, turn.view
    bot = EndgameBot(seat, seed=2, worlds=2, plans=3)
    choice = bot.choose(view, decision)
    assert decision.allows(choice)
    assert bot.plan is not None and bot.plan[0] == choice and bot.plan in bot.last_search
    plan = bot.plan
    twin = EndgameBot(seat, seed=2, worlds=2, plans=3)
    assert twin.choose(*turn.twin()) == choice
    assert twin.plan == plan
    GAME.apply(state, seat, choice)
    while True:  # the turn's move decisions answer the plan
        step = min(GAME.decisions(state), key=lambda d: d.seat)
        assert step.seat == seat and step.kind != "card"
        answer = bot.choose(GAME.view(state, seat), step)
        assert step.allows(answer)
        if step.kind in ("william_or_adson", "pawn"):
            assert answer == plan[1]
        if step.kind == "destination":
            assert answer == plan[2]
        GAME.apply(state, seat, answer)
        if step.kind in ("destination", "pawn"):
            break
    assert bot.plan is None
