"""Naming the opponents by the easy level's rule: each colour judged by how well it explains their choices."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludus.ai import bot_for
from ludus.engine import Decision, Event, visible_events
from ludus.games.rose.bots import DECOY_WEIGHT
from ludus.games.rose.components import COLOURS
from ludus.games.rose.game import GAME
from ludus.games.rose.hard import HardBot, days_left
from ludus.games.rose.policy import HYPOTHESES, EasyModel, board_of, update_board
from ludus.games.rose.state import RoseState

SEAT = 0


def _play(game_seed: int, until_day: int, watchers: list[HardBot]) -> RoseState:
    """Three easy bots and a hard bot (seat 0, ``policy`` off) play until ``until_day`` begins; every watcher
    sits at seat 0 too, sees the same events and is shown the same views at hard's card decisions."""
    state = GAME.setup(4, game_seed)
    bots = [bot_for(GAME, seat, "easy", seed=game_seed * 10 + seat) for seat in range(4)]
    bots[SEAT] = HardBot(SEAT, seed=game_seed)
    bots[SEAT].policy = 0.0
    while GAME.outcome(state) is None and state.day < until_day:
        decision: Decision = min(GAME.decisions(state), key=lambda d: d.seat)
        view = GAME.view(state, decision.seat)
        if decision.seat == SEAT and decision.kind == "card":
            for watcher in watchers:
                watcher.catch_up(view)
        events = GAME.apply(state, decision.seat, bots[decision.seat].choose(view, decision))
        for seat, bot in enumerate(bots):
            shown = visible_events(events, seat)
            bot.observe(shown)
            if seat == SEAT:
                for watcher in watchers:
                    watcher.observe(shown)
    return state


def _belief_in_the_truth(bot: HardBot, state: RoseState) -> float:
    view = GAME.view(state, SEAT)
    marginals = bot.catch_up(view).marginals(view)
    return sum(marginals[s][COLOURS[state.identity[s]]] for s in marginals) / len(marginals)


def test_the_board_kept_from_the_events_is_the_board_the_seat_is_shown():
    state = GAME.setup(4, 11)
    bots = [bot_for(GAME, seat, "easy", seed=seat) for seat in range(4)]
    board = board_of(GAME.view(state, SEAT))
    checked = 0
    while GAME.outcome(state) is None:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        events = GAME.apply(state, decision.seat, bots[decision.seat].choose(GAME.view(state, decision.seat), decision))
        for event in visible_events(events, SEAT):
            update_board(board, event)
        view = GAME.view(state, SEAT)
        if view["phase"] != "turn":
            continue
        shown = board_of(view)
        for key in ("suspicion", "clue", "event", "sundial", "seats", "unseen"):
            assert board[key] == shown[key], key
        assert sorted(board["hand"]) == sorted(shown["hand"])
        for name, place in shown["buildings"].items():
            assert sorted(board["buildings"][name]["pawns"]) == sorted(place["pawns"])
            assert sorted(t["id"] for t in board["buildings"][name]["tiles"]) == sorted(t["id"] for t in place["tiles"])
        checked += 1
    assert checked > 100


def test_the_easy_rule_names_easy_opponents_better_than_the_acts_alone():
    before, after = [], []
    for game_seed in range(3):
        plain, ruled = HardBot(SEAT, seed=1), HardBot(SEAT, seed=1)
        plain.policy, ruled.policy = 0.0, 1.0
        state = _play(game_seed, 3, [plain, ruled])
        before.append(_belief_in_the_truth(plain, state))
        after.append(_belief_in_the_truth(ruled, state))
        assert ruled.easy is not None and all(ruled.easy.judged.get(s, 0) >= 3 for s in range(1, 4))
    # after two days the rule puts more weight on the opponents' true colours than the per-act ratios do
    assert sum(after) / len(after) > sum(before) / len(before) + 0.05
    assert sum(after) / len(after) > 0.8


def test_an_easy_opponent_is_likeliest_its_own_colour_by_its_choices_alone():
    watcher = HardBot(SEAT, seed=1)
    watcher.policy = 1.0
    state = _play(4, 4, [watcher])
    model = watcher.easy
    assert isinstance(model, EasyModel)
    named = 0
    for opponent in range(1, 4):
        row = model.colours(opponent)
        truth = state.identity[opponent]
        # above the uniform prior and the likeliest colour for most of them
        assert row[truth] > sum(row) / len(row)
        named += max(range(len(COLOURS)), key=row.__getitem__) == truth
    assert named >= 2


def test_with_the_rule_off_the_belief_is_the_per_act_ratios_alone():
    off = HardBot(SEAT, seed=1)
    off.policy = 0.0
    state = _play(1, 2, [off])
    assert off.easy is None and not off.belief.shift
    assert 0.0 < _belief_in_the_truth(off, state) < 1.0


def _watch(state: RoseState, bots: list[Any], watcher: HardBot, until_day: int) -> None:
    """The bots play until ``until_day`` begins; ``watcher`` sits at seat 0 beside seat 0's bot, sees its events
    and is shown its views at its card decisions, and at the end."""
    while GAME.outcome(state) is None and state.day < until_day:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        view = GAME.view(state, decision.seat)
        if decision.seat == SEAT and decision.kind == "card":
            watcher.catch_up(view)
        events = GAME.apply(state, decision.seat, bots[decision.seat].choose(view, decision))
        for seat, bot in enumerate(bots):
            if hasattr(bot, "observe"):
                bot.observe(visible_events(events, seat))
        watcher.observe(visible_events(events, SEAT))
    watcher.catch_up(GAME.view(state, SEAT))


def _third_revelation(game_seed: int, bot_seed: int) -> tuple[RoseState, HardBot, dict[str, Any], Decision]:
    """Four easy bots play to the revelation after day 3, a hard watcher beside seat 0 seeing its events. Returns
    the game, the watcher, seat 0's view there and its revelation decision."""
    state = GAME.setup(4, game_seed)
    bots = [bot_for(GAME, seat, "easy", seed=bot_seed + seat) for seat in range(4)]
    watcher = HardBot(SEAT, seed=1)
    _watch(state, bots, watcher, 3)
    while state.phase != "revelation":
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        events = GAME.apply(state, decision.seat, bots[decision.seat].choose(GAME.view(state, decision.seat), decision))
        for seat, bot in enumerate(bots):
            bot.observe(visible_events(events, seat))
        watcher.observe(visible_events(events, SEAT))
    return state, watcher, GAME.view(state, SEAT), next(d for d in GAME.decisions(state) if d.seat == SEAT)


def test_worlds_drawn_by_the_rule_give_easy_opponents_their_own_colour_and_mostly_their_true_decoys():
    state = GAME.setup(4, 7)
    bots = [bot_for(GAME, seat, "easy", seed=70 + seat) for seat in range(4)]
    watcher = HardBot(SEAT, seed=1)
    watcher.policy = 1.0
    _watch(state, bots, watcher, 4)
    model = watcher.easy
    assert isinstance(model, EasyModel)
    rng = random.Random(3)
    right = draws = 0
    for _ in range(20):
        drawn = model.drawn_weights(state.identity, rng)
        assert sorted(drawn) == [1, 2, 3]
        for opponent, weights in drawn.items():
            own = state.identity[opponent]
            # the world's identity is the opponent's own monk, and exactly two other colours are its decoys
            assert weights[own] == -1.0
            decoys = {COLOURS[c] for c, w in enumerate(weights) if c != own and w == DECOY_WEIGHT}
            assert len(decoys) == 2
            right += decoys == set(bots[opponent].decoys)
            draws += 1
    # after three days of choices the decoys drawn are mostly the ones the easy bots really protect
    assert right > draws / 2


def _sheltered_game(until_day: int) -> tuple[RoseState, HardBot, int, dict[int, tuple[str, ...]]]:
    """Three easy bots (seats 1–3) and an easy bot at seat 0 watched by a hard bot, in the first deal where one easy
    opponent's monk is a decoy of both other opponents; played until ``until_day`` begins."""
    for game_seed in range(40):
        state = GAME.setup(4, game_seed)
        bots = [bot_for(GAME, seat, "easy", seed=game_seed * 10 + seat) for seat in range(4)]
        decoys = {seat: bots[seat]._decoys(COLOURS[state.identity[seat]]) for seat in range(1, 4)}
        sheltered = [s for s in decoys if all(COLOURS[state.identity[s]] in decoys[o] for o in decoys if o != s)]
        if sheltered:
            break
    watcher = HardBot(SEAT, seed=1)
    watcher.shelter = 32.0  # the screened setting (off by default)
    _watch(state, bots, watcher, until_day)
    return state, watcher, sheltered[0], decoys


def test_the_easy_rule_reads_which_monks_each_opponent_protects_as_decoys():
    state, watcher, _, decoys = _sheltered_game(4)
    view = GAME.view(state, SEAT)
    watcher.catch_up(view)
    escape = watcher.sheltered(view)
    assert days_left(view) > 0
    for seat, pair in decoys.items():
        # a colour escapes more the more of the *other* opponents protect it: read from their choices alone
        unprotected = [c for c in COLOURS if c not in pair]
        holder = next(s for s in decoys if s != seat)  # seen from a seat that is neither this one nor the watcher
        others = [o for o in decoys if o not in (seat, holder)]
        lowest = min(escape[holder][c] for c in pair)
        assert lowest > 0.5 * max(escape[holder].values())
        assert lowest > max(escape[holder][c] for c in unprotected if not any(c in decoys[o] for o in others))


def test_a_monk_both_other_opponents_protect_is_pushed_harder_than_its_clue_alone_says():
    state, watcher, sheltered, _ = _sheltered_game(3)
    view = GAME.view(state, SEAT)
    colour = COLOURS[state.identity[sheltered]]
    with_shelter = watcher.weights(view)
    watcher.shelter = 0.0
    without = watcher.weights(view)
    assert with_shelter[colour] > without[colour]
    # it draws the largest share of the push among the opponents' own monks
    monks = [COLOURS[state.identity[s]] for s in range(1, 4)]
    assert max(monks, key=with_shelter.__getitem__) == colour
    # and the shelter only moves the opponents' shares: its own monk stays at −1
    assert with_shelter[COLOURS[state.identity[SEAT]]] == without[COLOURS[state.identity[SEAT]]] == -1.0


def test_only_players_the_easy_rule_explains_count_as_protecting_decoys():
    state = GAME.setup(4, 3)
    levels = ["easy", "easy", "medium", "random"]
    bots = [bot_for(GAME, seat, level, seed=30 + seat) for seat, level in enumerate(levels)]
    watcher = HardBot(SEAT, seed=1)
    _watch(state, bots, watcher, 4)
    model = watcher.easy
    assert isinstance(model, EasyModel)
    # an easy bot's choices are what the rule would make; a medium bot's less so; a random bot's not at all
    assert model.fit(1) < watcher.shelter_none
    assert model.fit(2) > model.fit(1)
    assert model.fit(3) > watcher.shelter_none


def test_a_revelation_moves_the_easy_seats_pushes_from_the_colour_revealed_to_the_colours_left():
    state, watcher, view, decision = _third_revelation(7, 70)
    me = COLOURS[state.identity[SEAT]]
    own = view["seats"][SEAT]

    def revealing(colour: str) -> list[dict[str, Any]]:
        seats = list(view["seats"])
        seats[SEAT] = {**own, "revealed": [*own["revealed"], colour]}
        return seats

    for colour in decision.options:
        seats = revealing(colour)
        # a colour it has shown it does not hold is one the easy seats think less likely anyone else's: pushed less
        alone = dict.fromkeys(COLOURS, 0.0) | {colour: 1.0}
        assert watcher.pushes_shift(view, seats, alone) < 0
        # and every colour it keeps unrevealed, its own monk among them, is pushed more
        assert watcher.pushes_shift(view, seats, dict.fromkeys(COLOURS, 0.0) | {me: -1.0}) < 0
    # the switch (off by default) charges each marker what it does to their pushes
    watcher.reveal_shift = 100.0
    choice = watcher.choose(view, decision)
    weights = watcher.weights(view)
    shifts = {colour: watcher.pushes_shift(view, revealing(colour), weights) for colour in decision.options}
    assert choice == max(shifts, key=shifts.__getitem__)


def test_with_reveals_a_marker_an_opponent_reveals_is_read_as_none_of_its_decoys():
    """The easy rule keeps its decoys hidden: it reveals a decoy only on a whim while another colour may be shown."""
    state = GAME.setup(4, 3)
    view = GAME.view(state, SEAT)
    models = {}
    for reveals in (False, True):
        model = EasyModel(SEAT, 4)
        model.reveals = reveals
        model.sync(view)
        shown = next(c for c in COLOURS if c != COLOURS[state.identity[1]])
        model.see(Event("revealed", {"day": 1, "colours": {"0": COLOURS[state.identity[2]], "1": shown,
                                                             "2": COLOURS[state.identity[3]],
                                                             "3": COLOURS[state.identity[0]]}}))
        models[reveals] = model
    assert models[False].hypotheses(1) == [0.0] * len(HYPOTHESES)  # off: only moves and signs are judged
    logs = models[True].hypotheses(1)
    c = COLOURS.index(shown)
    for own in range(len(COLOURS)):
        if own == c:
            continue
        hidden = [v for (o, pair), v in zip(HYPOTHESES, logs, strict=True) if o == own and c not in pair]
        decoy = [v for (o, pair), v in zip(HYPOTHESES, logs, strict=True) if o == own and c in pair]
        assert min(hidden) > max(decoy) + 1.0  # a pair with the revealed colour in it is far less likely
        assert max(hidden) == min(hidden)  # the other pairs are all alike
    assert models[True].decoys(1)[c] < 0.1 < min(p for i, p in enumerate(models[True].decoys(1)) if i != c)
    assert 0 not in models[True].revealed  # its own marker is not judged


def test_with_cards_the_cards_an_easy_opponent_plays_point_at_its_colour_and_decoys():
    """The easy rule plays the best card of its hand: judged against what its hand may hold, the cards it played
    are better explained by its own colour and decoys than by most other hypotheses."""
    ranks = []
    for game_seed in (5, 6):
        state = GAME.setup(4, game_seed)
        bots = [bot_for(GAME, seat, "easy", seed=50 + game_seed * 4 + seat) for seat in range(4)]
        watcher = HardBot(SEAT, seed=1)
        watcher.policy = 1.0
        watcher.policy_cards = True
        for bot in bots:
            bot._decoys(COLOURS[state.identity[bot.seat]])  # drawn now, to be compared at the end
        _watch(state, bots, watcher, 5)
        model = watcher.easy
        assert isinstance(model, EasyModel) and model.cards
        for opponent in range(1, 4):
            pair = frozenset(COLOURS.index(c) for c in bots[opponent].decoys)
            truth = HYPOTHESES.index((state.identity[opponent], pair))
            row = model.carded[opponent]
            ranks.append(sorted(row, reverse=True).index(row[truth]))
            assert model.hypotheses(opponent) != model.hypotheses(opponent, cards=False)
    # of 60 hypotheses: a card choice alone tells little, but together they rank the truth well above the middle
    assert sum(ranks) / len(ranks) < 15, ranks


def test_without_cards_no_card_is_judged():
    watcher = HardBot(SEAT, seed=1)
    watcher.policy = 1.0
    _play(2, 2, [watcher])
    assert watcher.easy is not None and not watcher.easy.carded


def test_with_cards_a_world_deals_each_opponent_the_hand_its_plays_make_likely():
    state = GAME.setup(4, 9)
    view = GAME.view(state, SEAT)
    model = EasyModel(SEAT, 4)
    model.cards = True
    model.sync(view)
    ed = state.ed
    world = GAME.world_from_view(view, SEAT, random.Random(1))
    unseen = sorted(c for o in range(1, 4) for c in world.hands[o]) + sorted(world.draw)
    # opponent 1 surely holds the first three unseen cards under hypothesis 0, and any of them under the others
    model.hands.start(1, [ed.card_ids[c] for c in unseen], 3)
    for h, row in enumerate(model.hands.chances[1]):
        for card in row:
            row[card] = 1.0 if h == 0 and card in {ed.card_ids[c] for c in unseen[:3]} else (0.0 if h == 0 else 0.05)
    model.deal_hands(world, {1: 0, 2: 0, 3: 0}, random.Random(2))
    assert sorted(world.hands[1]) == unseen[:3]
    assert sorted([c for o in range(1, 4) for c in world.hands[o]] + world.draw) == sorted(unseen)
    assert [len(world.hands[o]) for o in range(4)] == [len(state.hands[o]) for o in range(4)]
    assert world.hands[SEAT] == state.hands[SEAT]


def test_with_keep_unplayed_a_revelation_keeps_a_colour_nobody_plays_hidden():
    """A colour no opponent holds is a free look-alike at the final guesses: the switch charges revealing it."""
    state, watcher, view, decision = _third_revelation(24, 240)
    unplayed = watcher.unplayed(view)
    nobody = [COLOURS[c] for c in state.unused_identity]
    # two colours are nobody's; the belief, after three days, says which
    assert sum(unplayed.values()) == pytest.approx(2.0)
    assert min(unplayed[c] for c in nobody) > max(p for c, p in unplayed.items() if c not in nobody)
    assert watcher.choose(view, decision) in nobody  # off: here it reveals one of them
    watcher.keep_unplayed = 100.0
    assert watcher.choose(view, decision) not in nobody


def test_the_cards_are_judged_only_at_the_player_counts_named():
    for players, judged in ((3, False), (4, True), (5, False)):
        state = GAME.setup(players, 1)
        bot = HardBot(SEAT, seed=1)
        bot.policy, bot.policy_cards, bot.cards_players = 1.0, True, (4,)
        bot.catch_up(GAME.view(state, SEAT))
        assert bot.easy is not None and bot.easy.cards is judged
