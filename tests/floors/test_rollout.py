"""Floors playouts that make progress (issue 25, point 4): a search that rolls out with the exit-bound
policy sees figures get out, where random playouts end with nobody winning."""

from __future__ import annotations

import random

from ludus.ai.mcts import ISMCTSBot, outcome_value, random_rollout
from ludus.games.floors.game import GAME
from ludus.games.floors.rollout import ExitRollout, aware_ismcts_factory, progress_value
from ludus.games.floors.state import EATEN, OUT, FloorsState


def fixed_position(number: int) -> FloorsState:
    """Position ``number`` of 20: 2 to 5 players, a seeded deal and up to 200 random steps into the game."""
    st = GAME.setup(2 + number % 4, 1000 + number, {})
    rng = random.Random(number)
    for _ in range(rng.randrange(200)):
        decisions = GAME.decisions(st)
        if not decisions:
            break
        GAME.apply(st, decisions[0].seat, rng.choice(decisions[0].options))
    return st


POSITIONS = [fixed_position(number) for number in range(20)]


def play_out(st: FloorsState, policy, rng: random.Random) -> FloorsState:
    """Play ``st`` to the end with ``policy`` for every seat, every choice checked against the offer."""
    for _ in range(20_000):
        decisions = GAME.decisions(st)
        if not decisions:
            return st
        decision = decisions[0]
        choice = policy(GAME, st, decision, rng)
        assert decision.allows(choice), (decision, choice)
        GAME.apply(st, decision.seat, choice)
    raise AssertionError("the playout did not end")


def test_exit_bound_playouts_from_twenty_fixed_positions_get_a_figure_out_in_nine_of_ten():
    finished = [play_out(st.clone(), ExitRollout(), random.Random(n)) for n, st in enumerate(POSITIONS)]
    with_figure_out = sum(sum(st.out) > 0 for st in finished)
    assert with_figure_out >= 18, with_figure_out  # at least 90% of the 20 playouts


def test_an_exit_bound_playout_follows_from_its_seed():
    first = play_out(POSITIONS[3].clone(), ExitRollout(), random.Random(7))
    again = play_out(POSITIONS[3].clone(), ExitRollout(), random.Random(7))
    assert GAME.view(first, None) == GAME.view(again, None)


def test_random_playouts_from_the_same_positions_get_no_figure_out_and_nobody_wins():
    # why the exit-bound policy exists: the default rollout gives the search nothing to tell apart
    finished = [play_out(st.clone(), random_rollout, random.Random(n)) for n, st in enumerate(POSITIONS[:5])]
    # no figure out: nobody wins (the rulebook's end), the same for every seat whatever it chose
    assert all(sum(st.out) == 0 and st.winners == [] for st in finished)


def test_the_progress_value_prefers_the_seat_nearer_the_exit_and_stays_between_zero_and_one():
    st = POSITIONS[4].clone()  # two players
    values = [progress_value(GAME, st, seat) for seat in range(st.players)]
    assert all(0.0 <= value <= 1.0 for value in values)
    ahead = st.clone()
    fig = next(f for f in range(len(ahead.fig_sq)) if ahead.fig_owner[f] == 0 and ahead.fig_sq[f] != EATEN)
    if ahead.fig_sq[fig] >= 0:
        ahead.figat[ahead.fig_sq[fig]] = -1
    ahead.fig_sq[fig] = OUT
    ahead.out[0] += 1
    assert progress_value(GAME, ahead, 0) > progress_value(GAME, st, 0)
    assert progress_value(GAME, ahead, 1) < progress_value(GAME, st, 1)


def _root_values(rollout, evaluate, depth: int | None) -> set[float]:
    st = POSITIONS[8].clone()
    policy, rng = ExitRollout(wander=0), random.Random(0)
    while GAME.decisions(st)[0].kind != "figure" or len(GAME.decisions(st)[0].options) < 2:
        decision = GAME.decisions(st)[0]
        GAME.apply(st, decision.seat, policy(GAME, st, decision, rng))
    decision = GAME.decisions(st)[0]
    bot = ISMCTSBot(GAME, decision.seat, iterations=24, rollout=rollout, evaluate=evaluate, seed=3,
                    rollout_depth=depth)
    root = bot.search(GAME.view(st, decision.seat), decision)
    return {round(child.value / child.visits, 6) for child in root.children.values()}


def test_a_floors_aware_search_tells_the_figures_apart_where_a_random_one_sees_no_difference():
    assert len(_root_values(random_rollout, outcome_value, None)) == 1
    assert len(_root_values(ExitRollout(), progress_value, 120)) > 1



def test_the_floors_aware_search_chooses_offered_options_and_the_same_from_one_seed():
    st = POSITIONS[5].clone()  # three players
    make = aware_ismcts_factory(iterations=8, rollout_depth=40)
    for _ in range(6):
        decision = GAME.decisions(st)[0]
        view = GAME.view(st, decision.seat)
        choice = make(GAME, decision.seat, 4).choose(view, decision)
        assert decision.allows(choice)
        assert make(GAME, decision.seat, 4).choose(view, decision) == choice
        GAME.apply(st, decision.seat, choice)
