"""The medium Rose bot hides from readers during the days: what its acts show of its own colour costs it the
pushes of belief-driven opponents for the days left."""

from __future__ import annotations

from ludus.engine import Event
from ludus.games.rose.belief import LOG_LR
from ludus.games.rose.components import COLOUR_INDEX, COLOURS
from ludus.games.rose.game import GAME
from ludus.games.rose.hiding import HidingMediumBot, drawn, move_evidence
from ludus.games.rose.strong import days_left, standing


def _with_monks(players: int = 5, seed: int = 5) -> tuple[object, HidingMediumBot]:
    """A fresh game at five players with seat 0's medium bot."""
    state = GAME.setup(players, seed)
    bot = HidingMediumBot(0, seed=1)
    bot.observe([Event("card_played", {"seat": 1, "card": "c0"})])
    return state, bot


def _building_with(view: dict, monks: list[str]) -> str:
    return next(b for b, place in view["buildings"].items() if all(m in place["pawns"] for m in monks))


def test_williams_signs_show_whom_the_mover_spares_and_whom_it_pushes():
    state, _ = _with_monks()
    state.pawns[1] = state.pawns[0]  # two monks in one building
    state.cache = None
    view = GAME.view(state, 0)
    spared, pushed = COLOURS[0], COLOURS[1]
    place = _building_with(view, [spared, pushed])
    weights = {**dict.fromkeys(COLOURS, 0.5), spared: -1.0, pushed: 1.0}
    shown = move_evidence(view, "william", place, weights)
    assert shown[COLOUR_INDEX[spared]] == LOG_LR["w_spare"] > 0
    assert shown[COLOUR_INDEX[pushed]] == LOG_LR["w_push"] < 0


def test_a_monk_sent_onto_its_own_task_tile_shows_its_colour():
    state, _ = _with_monks()
    view = GAME.view(state, 0)
    for building, place in view["buildings"].items():
        for tile in place["tiles"]:
            monk = tile["colour"]
            shown = move_evidence(view, monk, building, dict.fromkeys(COLOURS, 1.0))
            assert shown[COLOUR_INDEX[monk]] == LOG_LR["task"]
            return
    raise AssertionError("no task tile on the board")


def test_the_price_grows_with_the_days_left_the_readers_and_their_belief():
    assert drawn(0.3, 5.0, 4, 0.5) > drawn(0.3, 2.0, 4, 0.5) > drawn(0.3, 2.0, 2, 0.5) > drawn(0.3, 2.0, 2, 0.2) > 0
    assert drawn(0.3, 0.0, 4, 0.9) == 0.0


def test_sparing_its_own_monk_openly_costs_it_more_early_than_late():
    state, bot = _with_monks()
    me = COLOURS[state.identity[0]]
    weights = dict.fromkeys(COLOURS, 0.5) | {me: -1.0}

    def cost(day: int) -> float:
        state.day = day
        view = GAME.view(state, 0)
        tracks = (dict(view["suspicion"]), dict(view["clue"]))
        quiet = bot.value(view, tracks, weights)
        bot.shown = [LOG_LR["w_spare"] if c == me else 0.0 for c in COLOURS]
        spared = bot.value(view, tracks, weights)
        bot.shown = None
        return quiet - spared

    assert cost(1) > cost(5) > 0


def test_sparing_a_look_alike_draws_the_readers_away_from_its_own_monk():
    state, bot = _with_monks()
    view = GAME.view(state, 0)
    look_alike = next(c for c in COLOURS if c != view["you"]["identity"])
    tracks = (dict(view["suspicion"]), dict(view["clue"]))
    weights = dict.fromkeys(COLOURS, 0.5) | {view["you"]["identity"]: -1.0}
    quiet = bot.value(view, tracks, weights)
    bot.shown = [LOG_LR["w_spare"] if c == look_alike else 0.0 for c in COLOURS]
    assert bot.value(view, tracks, weights) > quiet


def test_a_looked_ahead_turn_that_shows_its_colour_is_judged_worse():
    state, bot = _with_monks()
    view = GAME.view(state, 0)
    marginals = {seat: [1 / 6] * 6 for seat in range(1, 5)}
    hidden = bot.judge(state, 0.2, marginals)
    shown = bot.judge(state, 0.8, marginals)
    assert shown < hidden
    # the price is clue on its own estimate: the same as standing with that much more clue
    price = drawn(bot.hide, days_left(state), view["players"] - 1, 0.2)
    assert price > 0
    assert abs(hidden - standing(state, 0, 0.2, marginals, price)) < 1e-9


def test_at_four_players_medium_does_not_hide():
    state, bot = _with_monks(players=4)
    view = GAME.view(state, 0)
    me = view["you"]["identity"]
    tracks = (dict(view["suspicion"]), dict(view["clue"]))
    weights = dict.fromkeys(COLOURS, 0.5) | {me: -1.0}
    quiet = bot.value(view, tracks, weights)
    bot.shown = [LOG_LR["w_spare"] if c == me else 0.0 for c in COLOURS]
    assert bot.value(view, tracks, weights) == quiet
    marginals = {seat: [1 / 6] * 6 for seat in range(1, 4)}
    assert bot.judge(state, 0.9, marginals) == standing(state, 0, 0.9, marginals)
