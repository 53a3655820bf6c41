"""The look-ahead of Rose's hard level (at four players since 2026-12-04, at three too since 2026-12-05: see
docs/bots.md): it builds on the exact one-turn values of ``HardBot`` and only plays what is offered."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from ludus.ai import bot_for
from ludus.engine import Decision, visible_events
from ludus.games.rose.bots import DECOY_WEIGHT
from ludus.games.rose.game import GAME
from ludus.games.rose.hard import HardBot
from ludus.games.rose.lookahead import LookaheadBot, Way, win_chance
from ludus.games.rose.strong import BelievedWorlds


@pytest.mark.parametrize("moves", [False, True])
def test_without_worlds_the_lookahead_chooses_what_the_exact_values_choose(moves):
    """Its cards, and with ``moves`` its moves too (where a monk goes, which monk goes)."""
    state = GAME.setup(4, 21)
    hard, look = HardBot(0, seed=3), LookaheadBot(0, seed=3, worlds=0)
    look.moves = moves
    others = {seat: bot_for(GAME, seat, "easy", seed=seat) for seat in (1, 2, 3)}
    compared = moved = 0
    while GAME.outcome(state) is None:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        view = GAME.view(state, decision.seat)
        if decision.seat == 0:
            choice = hard.choose(view, decision)
            assert look.choose(view, decision) == choice
            compared += decision.kind == "card"
            moved += decision.kind in ("destination", "pawn") and len(decision.options) > 1
        else:
            choice = others[decision.seat].choose(view, decision)
        events = GAME.apply(state, decision.seat, choice)
        for bot in (hard, look):
            bot.observe(visible_events(events, 0))
        for seat, bot in others.items():
            bot.observe(visible_events(events, seat))
    assert compared >= 5 and moved >= 5


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


def _play_to(kind: str, turns: int, bot: HardBot, watchers: tuple[HardBot, ...] = (), least: int = 3,
             players: int = 4, wanted: Callable[[dict, Decision], bool] | None = None) -> tuple[dict, Decision]:
    """Easy bots and ``bot`` (seat 0) play until seat 0's ``turns``-th ``kind`` decision with at least ``least``
    options (``none`` not counted) and, if given, ``wanted``; ``watchers`` see what seat 0 sees without choosing."""
    state = GAME.setup(players, 30)
    others = {seat: bot_for(GAME, seat, "easy", seed=seat) for seat in range(1, players)}
    seen = 0
    while GAME.outcome(state) is None:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        view = GAME.view(state, decision.seat)
        if decision.seat == 0:
            if decision.kind == kind and len([o for o in decision.options if o != "none"]) >= least \
                    and (wanted is None or wanted(view, decision)):
                seen += 1
                if seen == turns:
                    return view, decision
            choice = bot.choose(view, decision)
        else:
            choice = others[decision.seat].choose(view, decision)
        events = GAME.apply(state, decision.seat, choice)
        for seat_zero in (bot, *watchers):
            seat_zero.observe(visible_events(events, 0))
        for seat, other in others.items():
            other.observe(visible_events(events, seat))
    raise AssertionError(f"no {kind} decision number {turns}")


def _play_to_card(players: int, turns: int, bot: HardBot) -> tuple[dict, Decision]:
    """Easy bots and ``bot`` (seat 0) play until seat 0's ``turns``-th card decision with more than one card."""
    return _play_to("card", turns, bot, players=players, least=2)


def test_with_the_easy_rule_the_opponents_of_a_look_ahead_keep_their_own_monk_down_and_two_decoys():
    bot = LookaheadBot(0, seed=4, candidates=3, worlds=3, rule_worlds=True)
    view, decision = _play_to_card(4, 8, bot)
    assert decision.allows(bot.choose(view, decision))
    world = BelievedWorlds(bot.catch_up(view), 0).world_from_view(view, 0, random.Random(1))
    drawn = bot.opponent_weights(world)
    assert sorted(drawn) == [1, 2, 3]
    for seat, weights in drawn.items():
        assert weights[world.identity[seat]] == -1.0
        assert sorted(weights).count(DECOY_WEIGHT) == 2
    # the fast greedy policy's ±1 without the rule
    assert LookaheadBot(0, seed=4, rule_worlds=False).opponent_weights(world) == {}


def test_the_look_ahead_with_the_easy_rule_replays_per_seed():
    first, second = (LookaheadBot(0, seed=9, candidates=3, worlds=4, rule_worlds=True) for _ in range(2))
    one = _play_to_card(4, 6, first)
    two = _play_to_card(4, 6, second)
    assert one[0] == two[0]
    assert first.choose(*one) == second.choose(*two)


def test_at_a_player_count_it_does_not_look_ahead_at_it_chooses_what_hard_chooses():
    hard = HardBot(0, seed=5)
    look = LookaheadBot(0, seed=5, candidates=4, worlds=8, rule_worlds=True, players=(4,))
    view, decision = _play_to_card(3, 5, hard)
    view_again, decision_again = _play_to_card(3, 5, look)
    assert view == view_again
    assert look.choose(view_again, decision_again) == hard.choose(view, decision)


class _Scripted(LookaheadBot):
    """A look-ahead whose play-outs are scripted: card ``ends`` ends the day in its own turn, every other card
    is answered by the opponents with ``answer[card]`` (its weighted clue 0 after its turn, the answer after
    theirs)."""

    ends: str
    answer: dict[str, float]
    reached: dict[int, float]

    def play_out(self, game, state, w, rng, own_turn, others=None, ends=None):
        card = state.ed.card_ids[state.card]
        if own_turn:
            return None if card == self.ends else 0.0
        self.reached[id(state)] = self.answer[card]
        return math.nan


def test_a_card_that_ends_the_day_is_answered_the_next_day_by_the_mean_of_the_other_cards_answers(monkeypatch):
    view, decision = _play_to_card(4, 3, HardBot(0, seed=2))
    cards = list(decision.options)[:3]
    reached: dict[int, float] = {}
    monkeypatch.setattr("ludus.games.rose.lookahead.weighted", lambda state, w, seat: reached[id(state)])
    answers = {}
    for answer_day_end in (False, True):
        bot = _Scripted(0, seed=2, worlds=2, answer_day_end=answer_day_end)
        bot.ends, bot.answer, bot.reached = cards[0], {cards[1]: -3.0, cards[2]: -1.0}, reached
        bot.catch_up(view)
        answers[answer_day_end] = bot.answers(view, cards)
    assert answers[False] == {cards[0]: 0.0, cards[1]: -3.0, cards[2]: -1.0}  # ending the day looked safe
    assert answers[True] == {cards[0]: -2.0, cards[1]: -3.0, cards[2]: -1.0}  # the others answer it the next day


def test_the_hard_level_looks_ahead_at_three_and_four_players_with_easy_rule_opponents_to_the_days_end():
    bot = bot_for(GAME, 0, "hard", seed=1)
    assert isinstance(bot, LookaheadBot)
    assert (bot.rule_worlds, bot.answer_day_end, bot.players, bot.world_count) == (True, True, (3, 4), 32)
    assert bot.horizon == "day"
    assert not bot.moves  # its move by the exact values (the move's look-ahead won no games: docs/bots.md)
    assert not bot.ways  # each card by its best way (the ways rarely part: docs/bots.md)
    assert not bot.policy_reveals  # the markers the easy seats reveal are not judged (screened: docs/bots.md)
    # the cards the opponents play are judged against what their hands may hold, and the worlds deal those hands
    assert bot.policy_cards and bot.policy_hands and bot.cards_players == (3, 4)
    assert not HardBot.policy_cards and not HardBot.policy_hands  # the class's defaults stay off
    # at four players the readers' final guesses are modelled by the easy rule, in the order they are placed
    assert bot.easy_readers and bot.reader_order and bot.readers_players == (4,)
    assert not HardBot.easy_readers and not HardBot.reader_order
    # it sees the monks the easy seats shelter and what its revelations do to their pushes
    assert (bot.shelter, bot.reveal_shift) == (32.0, 3.0)
    assert HardBot.shelter == HardBot.reveal_shift == 0.0  # the class's defaults stay off


@pytest.mark.parametrize(("players", "looks"), [(3, True), (4, True), (5, False)])
def test_the_hard_level_plays_its_cards_on_in_believed_worlds_at_three_and_four_players_only(players, looks):
    """At five players the look-ahead and the judged cards lost to the exact values (docs/bots.md)."""
    bot = bot_for(GAME, 0, "hard", seed=1)
    view, decision = _play_to_card(players, 2, bot)
    before = bot.looked
    assert decision.allows(bot.choose(view, decision))
    assert (bot.looked > before) is looks
    assert bot.catch_up(view) is not None and bot.easy is not None
    assert bot.easy.cards is looks  # the cards the opponents play are judged where it looks ahead


def test_with_the_day_as_its_horizon_a_look_ahead_plays_on_past_its_next_card_to_the_days_end():
    ends = {}
    for horizon in ("turn", "day"):
        bot = LookaheadBot(0, seed=4, worlds=1, rule_worlds=True, horizon=horizon)
        view, decision = _play_to_card(4, 1, bot)
        game = BelievedWorlds(bot.catch_up(view), 0)
        state = game.world_from_view(view, 0, random.Random(1))
        day = state.day
        game.game.apply(state, 0, decision.options[0])
        w = [0.0] * 6
        assert bot.play_out(game, state, w, random.Random(2), own_turn=True) is not None
        bot.play_out(game, state, w, random.Random(2), own_turn=False)
        ends[horizon] = state
        assert state.day == day or horizon == "day"
    # to its next card: the day goes on, and seat 0 is about to play a card
    turn = ends["turn"]
    assert turn.phase == "turn" and min(GAME.decisions(turn), key=lambda d: d.seat).seat == 0
    # to the day's end: every seat played on, seat 0's own turns by the greedy rule, until the day was over
    assert ends["day"].day > turn.day or ends["day"].phase != "turn"


def test_with_the_game_as_its_horizon_a_look_ahead_plays_on_through_every_day_to_the_last_days_end():
    bot = LookaheadBot(0, seed=4, worlds=1, rule_worlds=True, horizon="game")
    view, decision = _play_to_card(4, 1, bot)
    game = BelievedWorlds(bot.catch_up(view), 0)
    state = game.world_from_view(view, 0, random.Random(1))
    game.game.apply(state, 0, decision.options[0])
    bot.play_out(game, state, [0.0] * 6, random.Random(2), own_turn=True)
    bot.play_out(game, state, [0.0] * 6, random.Random(2), own_turn=False)
    # the revelations after the first, third and fifth days played too: only the final guesses are left
    assert state.phase == "guess"
    assert [len(tiles) for tiles in state.event_tiles] and sum(len(tiles) for tiles in state.event_tiles) == 6


def test_a_worlds_winning_chance_is_a_soft_minimum_of_every_seats_clue():
    bot = LookaheadBot(0, seed=4)
    view, _ = _play_to_card(4, 1, bot)
    state = BelievedWorlds(bot.catch_up(view), 0).world_from_view(view, 0, random.Random(1))
    state.clue = [0] * 6
    state.suspicion = [0] * 6
    chances = [win_chance(state, seat) for seat in range(4)]
    assert sum(chances) == pytest.approx(1.0) and chances[0] == pytest.approx(0.25)  # all even: a four-way tie
    state.clue[state.identity[2]] = 8  # seat 2's monk 8 clue higher
    state.event_tiles[1] = [0]  # seat 1 ends the game 2 clue higher for its event tile
    chances = [win_chance(state, seat) for seat in range(4)]
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == chances[3] > chances[1] > chances[2]
    assert chances[1] / chances[0] == pytest.approx(math.exp(-2 / 4.0))  # GAME_HEAT 4: e^(-Δclue / 4)


@pytest.mark.parametrize("kind", ["destination", "pawn"])
def test_with_moves_the_best_few_moves_by_exact_value_are_each_answered_by_the_others(kind):
    """Where the card's monk goes (``destination``) and which monk goes to the card's building (``pawn``)."""
    looks = {moves: LookaheadBot(0, seed=7, candidates=2, worlds=4, rule_worlds=True) for moves in (False, True)}
    looks[True].moves = True
    view, decision = _play_to(kind, 2, HardBot(0, seed=7), watchers=tuple(looks.values()))
    asked: list[list[str]] = []

    def answers(view, options):  # the others answer the runner-up best
        asked.append(list(options))
        return {option: 100.0 if option == options[-1] else 0.0 for option in options}

    for bot in looks.values():
        bot.answers = answers
    exact = looks[False].choose(view, decision)
    assert asked == []  # without the switch, the exact values alone
    choice = looks[True].choose(view, decision)
    # looked ahead at its two best moves by exact value, the best first: the answer decides
    assert len(asked) == 1 and len(asked[0]) == 2 and asked[0][0] == exact
    assert choice == asked[0][1] != exact and decision.allows(choice)


def _two_ways(view: dict, decision: Decision) -> list[str]:
    """The cards of a card decision that can be played either way: ending the day, or keeping it going with time
    tiles."""
    ways = HardBot(0, seed=1).way_scores(view, decision)
    return [card for card in decision.options if (card, True) in ways and (card, False) in ways]


def _play_to_two_ways(bot: HardBot) -> tuple[dict, Decision, str]:
    """Easy bots and ``bot`` (seat 0) play until seat 0 holds a card it can play either way; that card too."""
    view, decision = _play_to("card", 1, bot, least=2, wanted=lambda v, d: bool(_two_ways(v, d)))
    return view, decision, _two_ways(view, decision)[0]


def test_a_card_that_reaches_the_days_end_is_valued_ending_it_and_keeping_it_going_with_time_tiles():
    """``way_scores`` gives both ways of such a card; ``card_scores`` keeps each card's best way."""
    view, decision, card = _play_to_two_ways(HardBot(0, seed=6))
    ways = HardBot(0, seed=8).way_scores(view, decision)
    best = HardBot(0, seed=8).card_scores(view, decision)  # the same draws of the tie-break
    assert {c for c, _ in ways} == set(best)
    for option, (score, ends) in best.items():
        assert score == max(v for (c, _), v in ways.items() if c == option) == ways[option, ends]
    assert ways[card, True] != ways[card, False]


def test_with_ways_each_way_of_a_card_is_looked_ahead_and_its_time_tiles_are_spent_as_it_says():
    look = LookaheadBot(0, seed=6, worlds=1, rule_worlds=True, horizon="day")
    view, decision, card = _play_to_two_ways(look)
    game = BelievedWorlds(look.catch_up(view), 0)
    world = game.world_from_view(view, 0, random.Random(3))
    after = {}
    for ends in (True, False):
        state = world.clone()
        game.game.apply(state, 0, card)
        after[ends] = look.play_out(game, state, [0.0] * 6, random.Random(4), own_turn=True, ends=ends)
    assert after[True] is None  # its time tiles kept: the day ended in its turn
    assert after[False] is not None  # spent: the day goes on
    # with the switch the look-ahead weighs every way, and the way the answers pick is the way it plays
    look.ways = True
    asked: list[list[Way]] = []

    def answers(view, options):  # the others answer ending the day with this card best
        asked.append(list(options))
        return {option: 100.0 if option == Way(card, True) else 0.0 for option in options}

    look.answers = answers
    look.candidates = 6
    assert look.choose(view, decision) == card
    assert Way(card, True) in asked[0] and Way(card, False) in asked[0]
    assert look.ends_day
