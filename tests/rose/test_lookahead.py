"""The look-ahead candidate for Rose's hard level (not a level: see docs/bots.md): it builds on the exact
one-turn values of ``HardBot`` and only plays what is offered."""

from __future__ import annotations

from ludus.ai import bot_for
from ludus.engine import visible_events
from ludus.games.rose.game import GAME
from ludus.games.rose.hard import HardBot
from ludus.games.rose.lookahead import LookaheadBot


def test_without_worlds_the_lookahead_chooses_what_the_exact_values_choose():
    state = GAME.setup(4, 21)
    hard, look = HardBot(0, seed=3), LookaheadBot(0, seed=3, worlds=0)
    others = {seat: bot_for(GAME, seat, "easy", seed=seat) for seat in (1, 2, 3)}
    compared = 0
    while GAME.outcome(state) is None:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        view = GAME.view(state, decision.seat)
        if decision.seat == 0:
            choice = hard.choose(view, decision)
            assert look.choose(view, decision) == choice
            compared += decision.kind == "card"
        else:
            choice = others[decision.seat].choose(view, decision)
        events = GAME.apply(state, decision.seat, choice)
        for bot in (hard, look):
            bot.observe(visible_events(events, 0))
        for seat, bot in others.items():
            bot.observe(visible_events(events, seat))
    assert compared >= 5


def test_the_lookahead_plays_only_offered_options_over_a_whole_game():
    state = GAME.setup(4, 8)
    bots = [LookaheadBot(0, seed=1, candidates=2, worlds=2), *(bot_for(GAME, s, "easy", seed=s) for s in (1, 2, 3))]
    while GAME.outcome(state) is None:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        choice = bots[decision.seat].choose(GAME.view(state, decision.seat), decision)
        assert decision.allows(choice), (decision, choice)
        events = GAME.apply(state, decision.seat, choice)
        for seat, bot in enumerate(bots):
            bot.observe(visible_events(events, seat))
