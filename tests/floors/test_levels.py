"""The Floors bot levels: legal, honest (they see only their seat's view) and reproducible."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ludus import cli
from ludus.ai import bot_for
from ludus.engine import Decision, load_game
from ludus.games.floors import bots as bots_module
from ludus.games.floors import search, strong
from ludus.games.floors.board import EXIT_DISTANCE
from ludus.games.floors.bots import GreedyBot
from ludus.games.floors.game import GAME
from ludus.games.floors.simulate import GameRecord, Ladder, report, run_ladder, seating
from ludus.games.floors.state import EATEN, OUT, FloorsState
from ludus.games.floors.strong import Budget, SearchBot

SMALL = {
    "medium": Budget(keep=4, shortlist=2, replies=1, reply_keep=3, seconds=None),
    "hard": Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None),
}


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registered levels with small budgets and no time cap: quick and reproducible."""
    monkeypatch.setattr(strong, "LEVEL_BUDGETS", SMALL)


def test_every_level_is_registered_with_its_own_budget():
    game = load_game("floors")
    assert isinstance(bot_for(game, 0, "easy", 1), GreedyBot)
    medium, hard = bot_for(game, 0, "medium", 1), bot_for(game, 1, "hard", 1)
    assert isinstance(medium, SearchBot) and isinstance(hard, SearchBot)
    assert medium.budget == strong.LEVEL_BUDGETS["medium"] and hard.budget == strong.LEVEL_BUDGETS["hard"]
    assert hard.budget.shortlist > medium.budget.shortlist and hard.budget.replies > medium.budget.replies


def _checked_game(levels: list[str], seed: int, options: dict | None = None) -> FloorsState:
    """A whole game in which every bot's answer must be one of the offered options."""
    st = GAME.setup(len(levels), seed, options or {})
    bots = [bot_for(GAME, seat, level, seed * 10 + seat) for seat, level in enumerate(levels)]
    while st.phase != "over":
        decision = GAME.decisions(st)[0]
        choice = bots[decision.seat].choose(GAME.view(st, decision.seat), decision)
        assert decision.allows(choice), (decision, choice)
        GAME.apply(st, decision.seat, choice)
    return st


@pytest.mark.usefixtures("small_budgets")
def test_bots_of_every_level_only_choose_offered_options_in_whole_games():
    st = _checked_game(["hard", "easy", "random"], 4)
    assert st.winners is not None  # over: a winner, or [] when no figure got out
    st = _checked_game(["medium", "hard"], 7, {"variant": "advanced"})
    assert st.winners is not None


def _reshuffled(st: FloorsState, rng: random.Random) -> FloorsState:
    """The same game with the unseen monster tiles in another order: nothing any seat can see differs."""
    other = st.clone()
    while other.deck == st.deck:
        rng.shuffle(other.deck)
    return other


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.usefixtures("small_budgets")
def test_a_bot_decides_the_same_in_worlds_that_look_the_same_to_its_seat(level):
    st = GAME.setup(2, 11)
    easy = [bot_for(GAME, seat, "easy", seat) for seat in range(2)]
    checked = 0
    while st.phase != "over" and checked < 3:
        decision = GAME.decisions(st)[0]
        if decision.kind == "figure" and len(decision.options) > 1 and st.round >= 2:
            twin = _reshuffled(st, random.Random(checked))
            assert GAME.view(twin, decision.seat) == GAME.view(st, decision.seat)
            first, second = (bot_for(GAME, decision.seat, level, 99) for _ in range(2))
            # play the bot's whole move in both worlds: every step must agree
            a, b = st.clone(), twin
            for _ in range(40):
                da, db = GAME.decisions(a)[0], GAME.decisions(b)[0]
                if da.seat != decision.seat or db.seat != decision.seat:
                    break
                ca = first.choose(GAME.view(a, da.seat), da)
                cb = second.choose(GAME.view(b, db.seat), db)
                assert ca == cb
                GAME.apply(a, da.seat, ca)
                GAME.apply(b, db.seat, cb)
            checked += 1
        GAME.apply(st, decision.seat, easy[decision.seat].choose(GAME.view(st, decision.seat), decision))
    assert checked == 3


@pytest.mark.usefixtures("small_budgets")
def test_a_tournament_is_reproducible_from_its_seed():
    first = run_ladder(["hard", "random"], games=2, seed=5, progress=False)
    again = run_ladder(["hard", "random"], games=2, seed=5, progress=False)
    assert first.records == again.records
    assert first.entry_wins == again.entry_wins
    # seats rotate on one deal; another seed deals other games
    assert first.records[0][0] == first.records[1][0] and first.records[0][1] == ("hard", "random")
    assert first.records[1][1] == ("random", "hard")
    assert seating(["hard", "random"], 0, 6)[0] != first.records[0][0]
    assert sum(first.entry_wins) == pytest.approx(2)


@pytest.mark.usefixtures("small_budgets")
def test_ludus_sim_floors_reports_each_level_with_a_wilson_interval(capsys):
    assert cli.main(["sim", "floors", "--seats", "hard,random", "--games", "1", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    assert "95% Wilson" in printed and "Player 1 (hard)" in printed
    assert any(line.startswith("hard") and "[" in line for line in printed.splitlines())


def test_ludus_sim_counts_the_games_nobody_won_as_a_loss_for_every_seat():
    ladder = Ladder(["easy", "random"])
    ladder.add(GameRecord(0, ["easy", "random"], [], 20, [[], []], [0, 0]), [0, 1])  # no figure got out
    ladder.add(GameRecord(0, ["random", "easy"], [1], 20, [[], []], [0, 0]), [1, 0])
    assert ladder.nobody == 1 and ladder.entry_wins == [1.0, 0.0] and ladder.seat_wins == [0.0, 1.0]
    printed = report(ladder)
    # the fair share is an equal part of the games somebody won
    assert "games nobody won (no figure out): 1" in printed and "fair share 0.250" in printed


def test_the_next_tile_is_weighed_by_the_unseen_tiles_and_never_a_hit_first():
    st = GAME.setup(2, 3)
    odds = dict(search.tile_odds(st))
    assert set(odds) == {5, 7, 8, 10} and sum(odds.values()) == pytest.approx(1)
    assert odds[7] == pytest.approx(2 / 6)
    st.draws = 1
    st.played = [7]
    st.deck = [5, 7, 8, 8, 10, -1, -2]
    odds = dict(search.tile_odds(st))
    assert odds[-1] == pytest.approx(1 / 7) and odds[8] == pytest.approx(2 / 7)


def test_weighing_the_monster_changes_nothing_in_the_searched_world():
    world = GAME.setup(2, 2)
    bots = [bot_for(GAME, seat, "easy", seat) for seat in range(2)]
    while world.round < 3:
        decision = GAME.decisions(world)[0]
        GAME.apply(world, decision.seat, bots[decision.seat].choose(GAME.view(world, decision.seat), decision))
    before = GAME.view(world, None)
    search.monster_expectation(world, (0, 1))
    fig = GAME.decisions(world)[0].options[0]
    trial = search.after(world, (fig, search.move_results(world, fig)[-1]))
    assert GAME.view(world, None) == before
    assert trial.fig_moved[fig] and trial.turn != world.turn


def test_the_registered_levels_think_by_a_fixed_budget_never_by_the_clock():
    # a ladder on a process pool or a Ray cluster must replay the same games from the same seed
    for level in ("medium", "hard"):
        assert strong.LEVEL_BUDGETS[level].seconds is None
    assert strong.LEVEL_BUDGETS["hard"].replies >= 15  # hard sees to the end of a four-player round


def test_hard_plays_its_whole_shortlist_on_to_the_end_of_the_round_and_plans_alike_from_one_seed():
    world = GAME.setup(4, 21)
    bots = [bot_for(GAME, seat, "easy", seat) for seat in range(4)]
    while world.round < 3 or GAME.decisions(world)[0].kind != "figure" or len(GAME.decisions(world)[0].options) < 2:
        decision = GAME.decisions(world)[0]
        GAME.apply(world, decision.seat, bots[decision.seat].choose(GAME.view(world, decision.seat), decision))
    decision = GAME.decisions(world)[0]
    view = GAME.view(world, decision.seat)
    first, second = (bot_for(GAME, decision.seat, "hard", 5) for _ in range(2))
    assert first.choose(view, decision) == second.choose(view, decision)
    assert first.plan == second.plan
    budget = strong.LEVEL_BUDGETS["hard"]
    assert first.last_search["looked"] == min(budget.shortlist, first.last_search["moves"])
    assert first.last_search["capped"] == 0.0


def test_the_search_values_the_first_figure_out_above_a_later_one():
    # a game that stalls is won by whoever brought a figure out first, so that figure is worth more
    st = GAME.setup(2, 8)
    for seat, stamp in ((1, 1), (0, 2)):
        fig = next(f for f in range(len(st.fig_sq)) if st.fig_owner[f] == seat)
        st.fig_sq[fig] = OUT
        st.out[seat] += 1
        st.reached[seat].append(stamp)
    totals = search.seat_totals(st, 10)
    assert totals[1] - totals[0] == pytest.approx(search.FIRST_OUT_WORTH)


def _positions_of_easy_games(players: int, seed: int, count: int) -> list[FloorsState]:
    """``count`` states at a ``figure`` decision with more than one figure, from round 2 of easy-bot games."""
    world = GAME.setup(players, seed)
    bots = [bot_for(GAME, seat, "easy", seat) for seat in range(players)]
    found: list[FloorsState] = []
    while world.phase != "over" and len(found) < count:
        decision = GAME.decisions(world)[0]
        if decision.kind == "figure" and len(decision.options) > 1 and world.round >= 2:
            found.append(world.clone())
        GAME.apply(world, decision.seat, bots[decision.seat].choose(GAME.view(world, decision.seat), decision))
    return found


def test_the_look_ahead_can_replay_the_easy_levels_own_rule_for_an_opponent():
    # an easy bot without its tie-breaking noise, on the same world, picks exactly the modelled move
    easy = GreedyBot(GAME, 0, 1)
    for st in _positions_of_easy_games(3, 31, 6):
        seat = st.turn
        modelled = strong.easy_reply(st)
        own = bots_module.greedy_pick(st, seat, GAME.movable(st, seat), easy.after_move, lambda: 0.0)
        assert modelled is not None and (modelled[0], list(modelled[1])) == (own[0], list(own[1]))


def test_easy_at_four_and_five_players_weighs_only_its_boldest_move_against_staying_put():
    # at the big tables easy judges the monster for the one move that brings its figure furthest and for every
    # staying put; with two and three players for its 8 furthest (docs/bots.md, "Floors easy at four and five
    # players: only its boldest move judged")
    assert GreedyBot.shortlist == 8 and GreedyBot.shortlist_at == {4: 1, 5: 1}
    differ = 0
    for players, shortlist in ((3, 8), (4, 1), (5, 1)):
        for st in _positions_of_easy_games(players, 43, 6):
            seat = st.turn
            figures = GAME.movable(st, seat)
            easy, noise = GreedyBot(GAME, seat, 5), random.Random(5)  # the same tie-breaking noise
            picked = easy.pick(st, figures)
            assert picked == bots_module.greedy_pick(st, seat, figures, easy.after_move, noise.random, shortlist)
            if shortlist == 1:
                differ += picked != bots_module.greedy_pick(st, seat, figures, easy.after_move, lambda: 0.0)
    assert differ > 0  # at four and five players the shorter list changes moves: the setting matters


def test_the_easy_here_model_replays_the_rule_as_easy_plays_it_at_the_table():
    # "easy-here": at four and five players the modelled easy opponent judges only its boldest move, as the easy
    # bots there do; with two and three players the model is the 8-move rule, the same as "easy"
    easy = GreedyBot(GAME, 0, 1)
    differ = 0
    for players in (3, 4, 5):
        for st in _positions_of_easy_games(players, 47, 6):
            seat = st.turn
            figures = GAME.movable(st, seat)
            shortlist = GreedyBot.shortlist_at.get(players, GreedyBot.shortlist)
            own = bots_module.greedy_pick(st, seat, figures, easy.after_move, lambda: 0.0, shortlist)
            here = strong.modelled_reply(seat + 1, 8, "easy-here")(st)  # the seat on turn is an opponent
            assert here == strong.easy_reply(st, here=True)
            assert here is not None and (here[0], list(here[1])) == (own[0], list(own[1]))
            if players == 3:
                assert here == strong.easy_reply(st)
            else:
                differ += here != strong.easy_reply(st)
    assert differ > 0  # at the big tables the two models name different moves: the choice matters


def test_the_easy_opponent_model_moves_the_other_seats_by_the_easy_rule_and_the_bots_own_by_its_judgement():
    assert strong.LEVEL_BUDGETS["hard"].opponents == "easy"  # hard plays the round on as easy bots would
    differ = 0
    for st in _positions_of_easy_games(2, 5, 12):
        me = st.turn
        reply = strong.modelled_reply(1 - me, 8, "easy")  # the seat on turn is an opponent of the bot
        assert reply(st) == strong.easy_reply(st)
        assert strong.modelled_reply(me, 8, "easy")(st) == search.greedy_reply(st, keep=8)
        differ += strong.easy_reply(st) != search.greedy_reply(st, keep=8)
    assert differ > 0  # the two rules are not the same rule: the model matters
    with pytest.raises(ValueError):
        strong.modelled_reply(0, 8, "psychic")


def test_medium_expects_the_other_seats_to_play_as_the_easy_level_does_and_that_changes_its_moves():
    # medium's two replies are mostly the next seats' moves at 3-5 players; judged by medium's own rule they
    # are not what the others play (docs/bots.md, "Floors medium below easy in the ladder")
    medium = strong.LEVEL_BUDGETS["medium"]
    assert medium.opponents == "easy"
    assert medium.at(4).opponents == "easy"
    own_rule = replace(medium, opponents="greedy", four=replace(medium.at(4), opponents="greedy"))
    differ = 0
    for st in _positions_of_easy_games(4, 11, 16):
        figures = GAME.movable(st, st.turn)
        registered = SearchBot(GAME, st.turn, 1, medium).pick(st.clone(), figures)
        differ += registered != SearchBot(GAME, st.turn, 1, own_rule).pick(st.clone(), figures)
    assert differ > 0


def test_medium_plays_its_best_moves_to_the_end_of_the_round_with_three_to_five_players_two_at_four_and_five():
    # with 3-5 players the monster comes after every figure has moved once: weighed two moves after medium's,
    # it judged a board a dozen moves away from the one the monster meets (docs/bots.md, "Floors levels in the
    # ladder's mixed tables"); with two players medium keeps its five best and the next two moves; at four and
    # five players its two best, not three, so it stays below hard there ("Floors easy at four and five players:
    # only its boldest move judged")
    medium = strong.LEVEL_BUDGETS["medium"]
    for players in (3, 4, 5):
        figures_in_a_round = len(GAME.setup(players, 1).fig_owner)
        assert medium.at(players).replies >= figures_in_a_round - 1  # every other move of the round
        assert medium.at(players).shortlist < strong.LEVEL_BUDGETS["hard"].at(players).shortlist
    assert medium.at(2).replies == 2 and medium.at(2).shortlist == 5 and medium.at(2).opponents == "easy"
    assert medium.at(4) == replace(medium, shortlist=2, duel=None, four=None, five=None)
    assert medium.at(5).shortlist == 2 and medium.at(5).race == search.Race(spare=0.3, laggard=0.5, rivals=0.5)
    for players, looked in ((3, 3), (4, 2), (5, 2)):
        st = _positions_of_easy_games(players, 11, 1)[0]
        bot = SearchBot(GAME, st.turn, 1, medium)
        bot.pick(st.clone(), GAME.movable(st, st.turn))
        assert bot.last_search["looked"] == looked  # its best moves, each to the end of the round


def test_in_the_race_the_needed_most_advanced_figures_count_fully_the_slowest_of_them_more_and_a_spare_less():
    # four figures, three needed out: the slowest of the three decides when the seat wins, the fourth is a spare
    st = GAME.setup(2, 3)
    mine = [f for f in range(len(st.fig_sq)) if st.fig_owner[f] == 0]
    for fig in mine[:2]:
        st.fig_sq[fig] = OUT
        st.out[0] += 1
    st.fig_sq[mine[2]] = 100  # on the board; the fourth figure waits
    race = search.Race(spare=0.3, laggard=0.5)
    worth = search.figure_worth(st, mine[2], 10)
    waiting = search.figure_worth(st, mine[3], 10)
    assert search.seat_totals(st, 10)[0] == pytest.approx(2 * search.OUT_WORTH + worth + waiting)
    assert search.seat_totals(st, 10, race)[0] == pytest.approx(2 * search.OUT_WORTH + 1.5 * worth + 0.3 * waiting)
    assert search.seat_totals(st, 10, race)[1] == pytest.approx((3 + 0.5 + 0.3) * waiting)  # four figures waiting


def test_before_anyone_is_out_the_race_to_the_first_figure_out_weighs_each_seats_most_advanced_figure_more():
    # Race.front: while no figure is out, each seat's most advanced figure counts 1 + front times; once one is
    # out, the first-out bonus takes its place
    st = GAME.setup(2, 3)
    mine, theirs = _figures(st, 0), _figures(st, 1)
    st.fig_sq[mine[0]], st.fig_sq[mine[1]], st.fig_sq[theirs[0]] = 100, 90, 95  # on the board
    race = search.Race(front=0.5)
    plain = search.seat_totals(st, 10)
    front = search.seat_totals(st, 10, race)
    assert front[0] == pytest.approx(plain[0] + 0.5 * max(search.figure_worth(st, f, 10) for f in mine))
    assert front[1] == pytest.approx(plain[1] + 0.5 * search.figure_worth(st, theirs[0], 10))
    assert front[0] - plain[0] > 0 and front[1] - plain[1] > 0
    _get_out(st, theirs[1])  # the first figure out: the race to it is over
    assert search.seat_totals(st, 10, race) == search.seat_totals(st, 10)


def _stage_two(players: int, seed: int) -> FloorsState:
    """A fresh deal moved to stage 2, where a figure the monster eats is gone for good."""
    st = GAME.setup(players, seed)
    st.stage = 2
    return st


def _figures(st: FloorsState, seat: int) -> list[int]:
    return [f for f in range(len(st.fig_sq)) if st.fig_owner[f] == seat]


def _get_out(st: FloorsState, fig: int) -> None:
    seat = st.fig_owner[fig]
    st.fig_sq[fig] = OUT
    st.out[seat] += 1
    st.exit_clock += 1
    st.reached[seat].append(st.exit_clock)


def test_a_seat_with_too_few_figures_left_that_was_not_first_out_can_no_longer_win():
    # three of four figures must get out; the first one out wins a game that stalls
    st = _stage_two(2, 4)
    _get_out(st, _figures(st, 1)[0])  # seat 1 was first out
    mine = _figures(st, 0)
    _get_out(st, mine[0])
    assert search.fate(st, 0) == 0  # 1 out + 3 left: it may still get three out
    st.fig_sq[mine[1]] = EATEN
    assert search.fate(st, 0) == 0  # 1 out + 2 left: still three
    st.fig_sq[mine[2]] = EATEN
    assert search.fate(st, 0) == -1  # 1 out + 1 left: never three, and not first out


def test_no_seat_is_settled_before_anyone_is_out_while_it_still_has_a_figure():
    st = _stage_two(2, 4)
    mine = _figures(st, 0)
    for fig in mine[:3]:
        st.fig_sq[fig] = EATEN
    assert search.fate(st, 0) == 0  # its last figure may still be the first one out
    st.fig_sq[mine[3]] = EATEN
    assert search.fate(st, 0) == -1  # nothing left to bring out


def test_the_first_one_out_wins_for_sure_once_no_other_seat_can_get_enough_figures_out():
    st = _stage_two(3, 6)
    _get_out(st, _figures(st, 2)[0])  # seat 2 first out
    assert search.fate(st, 2) == 0
    for seat in (0, 1):
        for fig in _figures(st, seat)[:2]:
            st.fig_sq[fig] = EATEN  # two left of four: never three
    assert search.fate(st, 2) == 1
    assert search.fate(st, 0) == search.fate(st, 1) == -1


def test_a_search_that_knows_the_rules_end_judges_a_settled_world_as_won_or_lost():
    st = _stage_two(2, 4)
    _get_out(st, _figures(st, 1)[0])
    for fig in _figures(st, 0)[:2]:
        st.fig_sq[fig] = EATEN
    plain = search.value_after_monster(st, 0, False, 5)
    decided = search.Race(decided=True)
    assert search.value_after_monster(st, 0, False, 5, decided) == -search.WIN_WORTH  # lost, no figure out
    assert plain > -search.WIN_WORTH / 2  # the plain judgement sees two figures still walking
    assert search.value_after_monster(st, 1, False, 5, decided) == search.WIN_WORTH + 10.0  # won, one out


def test_a_two_player_budget_is_used_only_when_two_play():
    duel = Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None, race=search.Race(decided=True))
    budget = Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None, duel=duel)
    assert budget.at(2) is duel
    assert budget.at(3) is budget and budget.at(4) is budget
    assert duel.at(2) is duel  # no further two-player budget: itself


def test_hard_plays_a_two_player_game_knowing_when_the_rules_have_settled_it_and_four_players_as_before():
    hard = strong.LEVEL_BUDGETS["hard"]
    assert hard.at(2).race.decided
    assert hard.at(4) is hard and not hard.race.decided
    assert hard.at(2).endgame is not None and hard.endgame is None  # the last tiles played out at two players only
    assert hard.at(2).opponents == hard.opponents == "easy"
    assert hard.at(2).shortlist >= hard.shortlist and hard.at(2).replies >= hard.replies


def test_hard_at_two_players_races_for_the_first_figure_out_and_with_more_players_does_not():
    # with two players a stalled game goes to the first figure out, so before anyone is out hard's look-ahead
    # counts each seat's most advanced figure 1.5 times (docs/bots.md, "Floors hard with two players: the race
    # to the first out"); its other budgets, and medium's, do not
    hard, medium = strong.LEVEL_BUDGETS["hard"], strong.LEVEL_BUDGETS["medium"]
    assert hard.at(2).race.front == 0.5
    assert all(hard.at(n).race.front == 0.0 for n in (3, 4, 5))
    assert all(medium.at(n).race.front == 0.0 for n in (2, 3, 4, 5))


def _square_at(distance: int) -> int:
    """A square ``distance`` steps from the exit step (0: next to the exit)."""
    return next(s for s in range(len(EXIT_DISTANCE)) if EXIT_DISTANCE[s] == distance)


def test_a_five_player_budget_is_used_only_when_five_play():
    five = Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None, race=search.Race(spare=0.3))
    duel = Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None, race=search.Race(decided=True))
    budget = Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None, duel=duel, five=five)
    assert budget.at(5) is five and budget.at(2) is duel
    assert budget.at(3) is budget and budget.at(4) is budget
    assert five.at(5) is five  # no further five-player budget: itself


def test_a_four_player_budget_is_used_only_when_four_play():
    four = Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None, race=search.Race(rivals=0.5))
    five = Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None, race=search.Race(spare=0.3))
    budget = Budget(keep=6, shortlist=3, replies=2, reply_keep=3, seconds=None, four=four, five=five)
    assert budget.at(4) is four and budget.at(5) is five
    assert budget.at(2) is budget and budget.at(3) is budget
    assert four.at(4) is four  # no further four-player budget: itself


def _gains_of_one_step(race: search.Race) -> tuple[float, float]:
    """A five-player seat with one figure out, one 5 steps from the exit and one 12 steps away: what its total
    gains when the nearer figure (the slower of the two that win it the game) steps once, and when the far one
    (the third, a spare) does."""
    st = GAME.setup(5, 3)
    out, near, far = _figures(st, 0)
    _get_out(st, out)

    def total(near_at: int, far_at: int) -> float:
        st.fig_sq[near], st.fig_sq[far] = _square_at(near_at), _square_at(far_at)
        return search.seat_totals(st, 10, race)[0]

    return total(4, 12) - total(5, 12), total(5, 11) - total(5, 12)


def test_hard_at_five_players_counts_the_third_figure_a_spare_and_the_slower_of_the_first_two_more():
    hard = strong.LEVEL_BUDGETS["hard"]
    alike_near, alike_far = _gains_of_one_step(search.PLAIN)
    assert alike_near > 0 and alike_far > 0
    raced_near, raced_far = _gains_of_one_step(hard.at(5).race)
    assert raced_near > alike_near  # the slower of the two figures that win the game counts more
    assert 0 < raced_far < alike_far  # the third figure is a spare: worth something, less than alike
    assert hard.at(5).opponents == hard.opponents and hard.at(5).shortlist == hard.shortlist
    assert hard.at(5).replies == hard.replies and hard.at(5).endgame is None


def test_hard_at_three_and_four_players_counts_every_figure_alike_as_before():
    hard = strong.LEVEL_BUDGETS["hard"]
    for players in (3, 4):
        assert hard.at(players) is hard and hard.race == search.PLAIN
        assert _gains_of_one_step(hard.at(players).race) == _gains_of_one_step(search.PLAIN)


def _look(budget: Budget) -> tuple[object, ...]:
    """How far a budget looks: everything but its judgement."""
    return (budget.keep, budget.shortlist, budget.replies, budget.reply_keep, budget.opponents, budget.seconds)


def test_medium_at_five_players_counts_a_spare_less_the_slower_of_the_first_two_more_and_the_rivals_less():
    # at five players two of three figures out win; judging every figure alike and the opponents' totals in
    # full, medium placed below easy in the ladder (docs/bots.md, "Floors medium at five players: the race
    # weights registered")
    medium = strong.LEVEL_BUDGETS["medium"]
    assert 0 < medium.at(5).race.rivals < medium.race.rivals  # its own figures count more against the others
    alike_near, alike_far = _gains_of_one_step(search.PLAIN)
    raced_near, raced_far = _gains_of_one_step(medium.at(5).race)
    assert raced_near > alike_near  # the slower of the two figures that win the game counts more
    assert 0 < raced_far < alike_far  # the third figure is a spare: worth something, less than alike
    # besides the judgement medium looks as far as at four players (its 2 best: "Floors easy at four and five
    # players: only its boldest move judged")
    assert _look(medium.at(5)) == _look(medium.at(4)) and medium.at(5).endgame is None
    assert medium.at(5).shortlist < strong.LEVEL_BUDGETS["hard"].at(5).shortlist


def test_medium_weighs_the_race_only_at_five_players_and_plays_two_to_four_players_as_before():
    medium = strong.LEVEL_BUDGETS["medium"]
    assert medium.race == search.PLAIN and medium.at(2).race == search.PLAIN
    for players in (3, 4):
        assert medium.at(players).race == search.PLAIN
        assert _gains_of_one_step(medium.at(players).race) == _gains_of_one_step(search.PLAIN)
    # the five-player judgement is picked in a five-player game and changes what medium plays there
    differ = 0
    for st in _positions_of_easy_games(5, 11, 12):
        figures = GAME.movable(st, st.turn)
        five = SearchBot(GAME, st.turn, 1, medium).pick(st.clone(), figures)
        differ += five != SearchBot(GAME, st.turn, 1, replace(medium, five=None)).pick(st.clone(), figures)
    assert differ > 0


def test_a_figure_gets_out_in_time_if_the_rounds_left_bring_it_to_the_exit_and_the_monster_spares_it():
    near, far = _square_at(0), _square_at(20)
    assert search.out_chance(OUT, 0) == 1.0
    assert search.out_chance(EATEN, 10) == 0.0
    assert search.out_chance(near, 3) == pytest.approx(search.SURVIVAL)  # reaches it, unless eaten
    assert search.out_chance(far, 1) == 0.0  # 21 steps in one move: never
    assert search.out_chance(far, 1) < search.out_chance(far, 6) < search.out_chance(far, 12)


def test_the_chance_that_enough_figures_get_out_counts_every_way_to_get_them():
    assert search.at_least([0.5, 0.5], 0) == 1.0
    assert search.at_least([0.5, 0.5], 1) == pytest.approx(0.75)
    assert search.at_least([0.5, 0.5], 2) == pytest.approx(0.25)
    assert search.at_least([0.5], 2) == 0.0  # one figure cannot bring two out


def test_with_two_players_a_stage_two_that_runs_out_goes_to_the_first_one_out():
    st = _stage_two(2, 4)
    _get_out(st, _figures(st, 1)[0])  # seat 1 first out
    for seat in (0, 1):
        for fig in _figures(st, seat):
            if st.fig_sq[fig] != OUT:
                st.fig_sq[fig] = _square_at(20)  # far from the exit
    # no round left: nobody gets three out, the game stalls, and the first one out wins it
    assert search.duel_odds(st, 1, 0) == 1.0
    assert search.duel_odds(st, 0, 0) == 0.0
    # many rounds left: both may finish, and the stall matters less
    assert 0.0 < search.duel_odds(st, 0, 12) < search.duel_odds(st, 1, 12) < 1.0
    assert search.duel_odds(st, 0, 12) + search.duel_odds(st, 1, 12) <= 1.0


def test_the_stall_judgement_prizes_the_figures_that_can_still_get_out_in_time_with_two_players_only():
    stall = search.Race(decided=True, stall=300.0)
    for players, seed in ((2, 4), (3, 6)):
        st = _stage_two(players, seed)
        _get_out(st, _figures(st, 1)[0])  # another seat first out
        mine = _figures(st, 0)
        _get_out(st, mine[0])
        _get_out(st, mine[1])
        st.fig_sq[mine[2]] = _square_at(12)
        plain_far = search.value_after_monster(st, 0, False, 2, search.Race(decided=True))
        far = search.value_after_monster(st, 0, False, 2, stall)
        st.fig_sq[mine[2]] = _square_at(3)
        plain_near = search.value_after_monster(st, 0, False, 2, search.Race(decided=True))
        near = search.value_after_monster(st, 0, False, 2, stall)
        if players == 2:  # the figure that can make it in time is the game: the stall is lost without it
            assert near - far > plain_near - plain_far + 100.0
        else:
            assert (far, near) == (plain_far, plain_near)


def test_the_play_outs_take_every_order_of_a_few_tiles_left_and_a_seeded_sample_of_many():
    few = strong.tile_orders([7, 5, 7], 12, random.Random(1))
    assert sorted(few) == [[5, 7, 7], [7, 5, 7], [7, 7, 5]]  # the three distinct orders, each as likely
    deck = [5, 7, 7, 8, 8, 10, -1, -2]  # 10 080 distinct orders: a sample
    many = strong.tile_orders(deck, 12, random.Random(1))
    assert len(many) == 12 and all(sorted(order) == sorted(deck) for order in many)
    assert many == strong.tile_orders(deck, 12, random.Random(1))  # the same seed, the same orders


def test_a_game_played_out_ends_as_the_rules_say_and_leaves_the_world_as_it_was():
    st = _stage_two(2, 4)
    _get_out(st, _figures(st, 1)[0])  # seat 1 first out
    for fig in _figures(st, 0)[:2]:
        st.fig_sq[fig] = EATEN  # seat 0: two left of four, never three out
    before = (st.fig_sq[:], st.deck[:], st.played[:], st.round)
    model = strong.modelled_reply(0, 8, "easy", search.Race(decided=True))
    order = sorted(st.deck)
    assert strong.play_out(st, 1, order, model) == 1.0  # it finishes, or wins the stall
    assert strong.play_out(st, 0, order, model) == 0.0
    assert (st.fig_sq, st.deck, st.played, st.round) == before


def _last_tiles_position() -> tuple[FloorsState, int]:
    """A two-player game of easy bots (deal 14) at its first ``figure`` decision with a choice and at most three
    tiles left in stage 2, and the seat on turn."""
    world = GAME.setup(2, 14)
    bots = [bot_for(GAME, seat, "easy", seat) for seat in range(2)]
    while True:
        decision = GAME.decisions(world)[0]
        if decision.kind == "figure" and len(decision.options) > 1 and world.stage == 2 and len(world.deck) <= 3:
            return world, decision.seat
        GAME.apply(world, decision.seat, bots[decision.seat].choose(GAME.view(world, decision.seat), decision))


def test_hard_with_the_endgame_plays_the_move_that_wins_most_play_outs_and_as_before_elsewhere():
    endgame = strong.Endgame(tiles=3, moves=4, orders=6, own=2)
    plain = Budget(
        keep=6, shortlist=4, replies=4, reply_keep=3, seconds=None, opponents="easy", race=search.Race(decided=True)
    )
    ending = Budget(
        keep=6,
        shortlist=4,
        replies=4,
        reply_keep=3,
        seconds=None,
        opponents="easy",
        race=search.Race(decided=True),
        endgame=endgame,
    )
    # before stage 2's last tiles: the same move, and the bot's generator drawn from alike
    for world in _positions_of_easy_games(2, 5, 4):
        decision = GAME.decisions(world)[0]
        view = GAME.view(world, decision.seat)
        a, b = SearchBot(GAME, decision.seat, 7, plain), SearchBot(GAME, decision.seat, 7, ending)
        assert a.choose(view, decision) == b.choose(view, decision) and a.plan == b.plan
        assert a.rng.getstate() == b.rng.getstate() and b.last_search["played_out"] == 0
    # in the last tiles: the move of the round look-ahead's best four that wins the most play-outs
    world, seat = _last_tiles_position()
    decision = GAME.decisions(world)[0]
    bot = SearchBot(GAME, seat, 7, ending)
    bot.choose(GAME.view(world, seat), decision)
    chosen = (bot.plan_figure, bot.plan)
    assert bot.last_search["played_out"] == endgame.moves
    found, values, orders, _ = _judged_for_play_out(world, seat, decision, plain, endgame)
    policy = strong.round_reply(seat, plain, endgame.own)
    wins = {
        (found[i].move[0], tuple(found[i].move[1])): sum(
            strong.play_out(found[i].state, seat, order, policy) for order in orders
        )
        for _, i in values[: endgame.moves]
    }
    assert wins[chosen[0], tuple(chosen[1])] == max(wins.values())


def test_the_weight_of_the_rivals_scales_how_much_the_opponents_totals_count_against_a_seats_own():
    # own total minus half the leader's and half the average opponent's, all of that times ``Race.rivals``
    totals = [120.0, 200.0, 80.0, 60.0, 20.0]
    against = 0.5 * 200.0 + 0.5 * (200.0 + 80.0 + 60.0 + 20.0) / 4
    assert search.relative(totals, 0) == pytest.approx(120.0 - against)
    assert search.relative(totals, 0, 0.0) == 120.0  # its own figures alone
    assert search.relative(totals, 0, 1.6) == pytest.approx(120.0 - 1.6 * against)
    st = _stage_two(5, 3)
    _get_out(st, _figures(st, 1)[0])
    plain = search.value_after_monster(st.clone(), 0, False, 5)
    own_only = search.value_after_monster(st.clone(), 0, False, 5, search.Race(rivals=0.0))
    assert own_only == pytest.approx(search.seat_totals(st, 5)[0])
    assert own_only > plain  # the opponents' figures, one of them out, count against it only with rivals


def test_a_search_can_look_at_the_moves_nearest_the_exit_besides_its_shortlist_and_does_not_by_default():
    # an experiment switch (docs/bots.md, "Floors medium at four players: the race weights and the forward moves
    # screened"): the greedy pass judges a move as if the monster came right after it, so bold moves may never
    # reach the round look-ahead; ``forward`` looks at the furthest of those as well
    assert all(budget.at(players).forward == 0 for budget in strong.LEVEL_BUDGETS.values() for players in (2, 3, 4, 5))
    medium = strong.LEVEL_BUDGETS["medium"]
    four = medium.at(4)
    bold = replace(medium, four=replace(four, forward=2))
    extra = 0
    for st in _positions_of_easy_games(4, 11, 6):
        figures = GAME.movable(st, st.turn)
        plain, forward = SearchBot(GAME, st.turn, 1, medium), SearchBot(GAME, st.turn, 1, bold)
        plain.pick(st.clone(), figures)
        forward.pick(st.clone(), figures)
        moves = int(plain.last_search["moves"])
        assert plain.last_search["looked"] == min(four.shortlist, moves)
        assert forward.last_search["looked"] == min(four.shortlist + 2, moves)
        extra += forward.last_search["looked"] > plain.last_search["looked"]
    assert extra > 0


def _one_from_winning_position(players: int, seed: int) -> tuple[FloorsState, int]:
    """A game of easy bots at its first ``figure`` decision with a choice once some seat is one figure short of
    ``needed``, and the seat on turn. The bots judge their 8 furthest moves at every table (the deals of the
    tests below were picked for that rule, before easy judged only its furthest at four and five players)."""
    world = GAME.setup(players, seed)
    bots = [bot_for(GAME, seat, "easy", seat) for seat in range(players)]
    for bot in bots:
        assert isinstance(bot, GreedyBot)
        bot.shortlist_at = {}
    while world.phase != "over":
        decision = GAME.decisions(world)[0]
        if decision.kind == "figure" and len(decision.options) > 1 and max(world.out) == world.needed - 1:
            return world, decision.seat
        GAME.apply(world, decision.seat, bots[decision.seat].choose(GAME.view(world, decision.seat), decision))
    raise AssertionError("no seat came one figure from winning")


def test_the_play_outs_are_due_in_stage_twos_last_tiles_or_once_a_seat_is_within_figures_of_winning():
    racing_end = strong.Endgame(tiles=0, moves=2, orders=2, within=1)
    world, seat = _one_from_winning_position(4, 9)
    assert world.stage == 1  # long before stage 2's last tiles: only the race calls the play-outs
    assert racing_end.due(world) and not replace(racing_end, within=0).due(world)
    assert not racing_end.due(GAME.setup(4, 9))  # nobody near: the round look-ahead alone
    assert strong.Endgame(tiles=6, moves=2, orders=2).due(_stage_two_tiles_left(6))
    plain = Budget(keep=6, shortlist=3, replies=4, reply_keep=3, seconds=None, opponents="easy")
    decision = GAME.decisions(world)[0]
    racing = SearchBot(GAME, seat, 7, replace(plain, endgame=racing_end))
    racing.choose(GAME.view(world, seat), decision)
    assert racing.last_search["played_out"] == 2
    late = SearchBot(GAME, seat, 7, replace(plain, endgame=replace(racing_end, within=0)))
    late.choose(GAME.view(world, seat), decision)
    assert late.last_search["played_out"] == 0  # by the tiles alone it would not play out yet


def test_the_play_outs_credit_a_lost_games_figures_out_only_with_place_and_replay_as_before_by_default():
    # an experiment switch (docs/bots.md, "Floors hard at four players: the play-outs credit the figures out of a
    # lost game"): the ladder ranks a game's losers by their figures out
    assert all(
        budget.at(players).endgame is None or budget.at(players).endgame.place == 0.0
        for budget in strong.LEVEL_BUDGETS.values()
        for players in (2, 3, 4, 5)
    )
    st = _stage_two(2, 4)
    _get_out(st, _figures(st, 1)[0])  # seat 1 first out
    mine = _figures(st, 0)
    _get_out(st, mine[0])  # seat 0: one out, two eaten, never three out
    for fig in mine[1:3]:
        st.fig_sq[fig] = EATEN
    model = strong.modelled_reply(0, 8, "easy", search.Race(decided=True))
    order = sorted(st.deck)
    assert strong.play_out(st, 0, order, model) == 0.0  # by default a loss is a loss
    lost = strong.play_out(st, 0, order, model, 1.0)
    assert lost * st.needed in (1.0, 2.0)  # its figures out of the needed three
    assert strong.play_out(st, 0, order, model, 0.5) == pytest.approx(lost / 2)
    assert strong.play_out(st, 1, order, model, 1.0) == strong.play_out(st, 1, order, model) == 1.0
    # the bot: with ``place`` the move of the most wins plus the credit; without it as before
    world, seat = _one_from_winning_position(4, 3)  # a deal where the credit changes the move
    decision = GAME.decisions(world)[0]
    plain = Budget(keep=6, shortlist=3, replies=4, reply_keep=3, seconds=None, opponents="easy")
    racing_end = strong.Endgame(tiles=0, moves=3, orders=4, within=1)
    chosen = {}
    for place in (0.0, 1.0):
        bot = SearchBot(GAME, seat, 7, replace(plain, endgame=replace(racing_end, place=place)))
        bot.choose(GAME.view(world, seat), decision)
        chosen[place] = (bot.plan_figure, tuple(bot.plan))
    default = SearchBot(GAME, seat, 7, replace(plain, endgame=racing_end))
    default.choose(GAME.view(world, seat), decision)
    assert (default.plan_figure, tuple(default.plan)) == chosen[0.0] != chosen[1.0]
    found, values, orders, model = _judged_for_play_out(world, seat, decision, plain, racing_end)
    for place in (0.0, 1.0):
        totals = {
            (found[i].move[0], tuple(found[i].move[1])): sum(
                strong.play_out(found[i].state, seat, order, model, place / len(orders)) for order in orders
            )
            for _, i in values[: racing_end.moves]
        }
        assert totals[chosen[place]] == max(totals.values())


def _judged_for_play_out(
    world: FloorsState, seat: int, decision: Decision, plain: Budget, endgame: strong.Endgame
) -> tuple[list[search.Candidate], list[tuple[float, int]], list[list[int]], search.ReplyPolicy]:
    """What ``SearchBot.pick`` works from before its play-outs, rebuilt by hand: the candidates of the bot's own
    world (seed 7) in the greedy pass's order, their round values (best first, with their index), the play-outs'
    tile orders and the look-ahead's model."""
    sight_world = GAME.world_from_view(GAME.view(world, seat), seat, random.Random(7))  # the bot's world
    found = search.candidates(sight_world, seat, list(decision.options), plain.keep)
    assert not isinstance(found, tuple)
    search.score_now(found, seat, plain.race)
    found.sort(key=lambda c: -c.score)
    model = strong.modelled_reply(seat, plain.reply_keep, plain.opponents, plain.race)
    values = [
        (search.round_value(c.state, seat, plain.replies, model, plain.race), i)
        for i, c in enumerate(found[: plain.shortlist])
    ]
    values.sort(key=lambda item: -item[0])
    orders = strong.tile_orders(
        sight_world.deck, endgame.orders, random.Random(f"{sight_world.round}:{sorted(sight_world.deck)}:{seat}")
    )
    return found, values, orders, model


def _stage_two_tiles_left(left: int) -> FloorsState:
    st = _stage_two(4, 9)
    st.played, st.deck = st.deck[: len(st.deck) - left], st.deck[len(st.deck) - left :]
    return st

