"""Information-set MCTS on toy games: legal, reproducible, honest, and stronger than chance."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.ai import RandomBot
from ludus.ai.arena import play_match_record, tournament
from ludus.ai.mcts import ISMCTSBot, Node, ismcts_factory, outcome_value
from ludus.engine import Decision, Outcome

from .toys import GOOFSPIEL, KUHN, LADDER, TICTACTOE, GoofspielState, KuhnState, TicTacToeState


def random_bot(game, seat, seed):
    return RandomBot(seed)


def play_randomly(game, state, steps, rng):
    """Advance ``state`` by up to ``steps`` random choices (to reach varied positions)."""
    for _ in range(steps):
        pending = game.decisions(state)
        if not pending:
            break
        decision = min(pending, key=lambda d: d.seat)
        game.apply(state, decision.seat, rng.choice(decision.options))


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from([KUHN, TICTACTOE, GOOFSPIEL]), seed=st.integers(0, 10_000), steps=st.integers(0, 6))
def test_ismcts_chooses_only_offered_options(game, seed, steps):
    state = game.setup(2, seed)
    play_randomly(game, state, steps, random.Random(seed))
    for decision in game.decisions(state):
        bot = ISMCTSBot(game, decision.seat, iterations=30, seed=seed)
        assert decision.allows(bot.choose(game.view(state, decision.seat), decision))


def test_the_same_seed_gives_the_same_search_with_an_iteration_budget():
    state = GOOFSPIEL.setup(2, 7)
    decision = GOOFSPIEL.decisions(state)[0]
    view = GOOFSPIEL.view(state, decision.seat)
    runs = []
    for _ in range(2):
        bot = ISMCTSBot(GOOFSPIEL, decision.seat, iterations=300, seed=42)
        runs.append(([bot.choose(view, decision) for _ in range(3)], bot.last_search["visits"]))
    assert runs[0] == runs[1]


def test_whole_matches_replay_identically_for_a_seed():
    lineup = [("ismcts", ismcts_factory(40)), ("random", random_bot)]
    first = tournament(KUHN, lineup, games=20, seed=3, progress=False)
    second = tournament(KUHN, lineup, games=20, seed=3, progress=False)
    assert first.records == second.records


def test_ismcts_never_reads_hidden_state_kuhn():
    """Seat 0 holds the Queen; the opponent's card differs between the two true states."""
    jack, king = KuhnState(["Q", "J"]), KuhnState(["Q", "K"])
    assert KUHN.view(jack, 0) == KUHN.view(king, 0)
    decision = KUHN.decisions(jack)[0]
    searches = []
    for state in (jack, king):
        bot = ISMCTSBot(KUHN, 0, iterations=200, seed=11)
        searches.append((bot.choose(KUHN.view(state, 0), decision), bot.last_search["visits"]))
    assert searches[0] == searches[1]


def test_ismcts_never_reads_hidden_state_goofspiel():
    """Seat 1 decides after seat 0 bid in secret; the bid and the prize order differ between the states."""
    low = GoofspielState([[1, 2, 3, 4], [1, 2, 3, 4]], [3, 1, 4, 2], [1, None], [0, 0])
    high = GoofspielState([[1, 2, 3, 4], [1, 2, 3, 4]], [3, 2, 1, 4], [4, None], [0, 0])
    assert GOOFSPIEL.view(low, 1) == GOOFSPIEL.view(high, 1)
    decision = GOOFSPIEL.decisions(low)[0]
    assert decision.seat == 1
    searches = []
    for state in (low, high):
        bot = ISMCTSBot(GOOFSPIEL, 1, iterations=300, seed=5)
        searches.append((bot.choose(GOOFSPIEL.view(state, 1), decision), bot.last_search["visits"]))
    assert searches[0] == searches[1]


def test_ismcts_beats_a_random_bot_at_kuhn_poker():
    result = tournament(KUHN, [("ismcts", ismcts_factory(100)), ("random", random_bot)], games=300, seed=1,
                        progress=False)
    low, _ = result.standings()["ismcts"].interval
    assert low > 0.5, result.summary()


def test_ismcts_beats_a_random_bot_at_simultaneous_goofspiel():
    result = tournament(GOOFSPIEL, [("ismcts", ismcts_factory(60)), ("random", random_bot)], games=60, seed=2,
                        progress=False)
    ismcts, rand = result.standings()["ismcts"], result.standings()["random"]
    assert ismcts.interval[0] > 0.5 and ismcts.wins > rand.wins, result.summary()


@pytest.mark.parametrize(("board", "winning"), [
    ("XX.OO....", {2}),             # win at once
    ("XOX.....O", {6}),             # the only move that forks
    ("X...O.O.X", {2}),             # block O's diagonal and fork at the same time
    ("X..O..X.O", {2}),             # fork on the top row and the anti-diagonal
])
def test_ismcts_finds_a_forced_win_at_tic_tac_toe(board, winning):
    state = TicTacToeState(list(board))
    decision = TICTACTOE.decisions(state)[0]
    assert decision.seat == 0
    bot = ISMCTSBot(TICTACTOE, 0, iterations=1500, seed=1)
    assert bot.choose(TICTACTOE.view(state, 0), decision) in winning


def test_ismcts_blocks_a_threat_at_tic_tac_toe():
    state = TicTacToeState(list("XX.O....."))
    decision = TICTACTOE.decisions(state)[0]
    assert decision.seat == 1
    assert ISMCTSBot(TICTACTOE, 1, iterations=1500, seed=1).choose(TICTACTOE.view(state, 1), decision) == 2


def test_a_capped_rollout_hands_the_state_to_the_evaluation():
    """With no rollout at all, the evaluation alone decides: here it likes the centre."""

    def likes_the_centre(game, state, seat):
        return 1.0 if state.board[4] == "XO"[seat] else 0.0

    state = TICTACTOE.setup(2, 0)
    decision = TICTACTOE.decisions(state)[0]
    bot = ISMCTSBot(TICTACTOE, 0, iterations=200, seed=3, rollout_depth=0, evaluate=likes_the_centre)
    assert bot.choose(TICTACTOE.view(state, 0), decision) == 4


def test_the_rollout_policy_is_pluggable():
    calls = []

    def first_option(game, state, decision, rng):
        calls.append(decision.kind)
        return decision.options[0]

    state = TICTACTOE.setup(2, 0)
    decision = TICTACTOE.decisions(state)[0]
    bot = ISMCTSBot(TICTACTOE, 0, iterations=20, seed=3, rollout=first_option)
    assert decision.allows(bot.choose(TICTACTOE.view(state, 0), decision))
    assert calls and set(calls) == {"mark"}


def test_a_time_budget_alone_bounds_the_search():
    state = KUHN.setup(2, 0)
    decision = KUHN.decisions(state)[0]
    bot = ISMCTSBot(KUHN, 0, iterations=None, time_budget=0.02, seed=1)
    assert decision.allows(bot.choose(KUHN.view(state, 0), decision))
    assert bot.last_search["iterations"] >= 1


def test_a_bot_needs_some_budget():
    with pytest.raises(ValueError, match="budget"):
        ISMCTSBot(KUHN, 0, iterations=None, time_budget=None)


def test_a_single_option_is_taken_without_searching():
    bot = ISMCTSBot(KUHN, 0, iterations=10, seed=0)
    assert bot.choose({}, Decision(0, "draw", ("draw",))) == "draw"
    assert bot.last_search["iterations"] == 0


def test_the_default_evaluation_splits_a_shared_win():
    class Finished:
        def __init__(self, outcome):
            self.result = outcome

        def outcome(self, state):
            return self.result

    shared = Finished(Outcome((0, 2), {0: 5, 1: 3, 2: 5}))
    assert [outcome_value(shared, None, seat) for seat in range(3)] == [0.5, 0.0, 0.5]
    assert outcome_value(Finished(Outcome((1,), {})), None, 1) == 1.0
    assert outcome_value(Finished(None), None, 0) == 0.5
    # a game nobody won (Fearsome Floors with no figure out) is a loss for every seat, below an unfinished 0.5
    assert [outcome_value(Finished(Outcome((), {0: 0, 1: 0})), None, seat) for seat in range(2)] == [0.0, 0.0]


def test_ismcts_does_not_step_and_undo_when_its_evaluation_sees_no_difference():
    """A capped search with a flat evaluation cannot tell the options apart; it must still make progress."""

    def flat(game, state, seat):
        return 0.5

    def capped(game, seat, seed):
        return ISMCTSBot(game, seat, iterations=30, seed=seed, rollout_depth=0, evaluate=flat)

    match = play_match_record(LADDER, 1, 0, [capped], max_steps=200)
    assert "undo" not in [entry["choice"] for entry in match.log]


def test_a_bot_can_forget_the_views_of_an_earlier_game():
    bot = ISMCTSBot(LADDER, 0, iterations=10, seed=0)
    decision = LADDER.decisions(LADDER.setup(1, 0))[0]
    bot.choose({"rung": 0, "done": False}, decision)
    assert bot.seen
    bot.forget()
    assert not bot.seen


def test_availability_counts_only_the_options_offered_in_this_world():
    """An opponent's card that is absent from a world neither competes nor gains exploration credit there."""
    bot = ISMCTSBot(KUHN, 0, iterations=1, seed=0)
    node = Node(1, None)
    first, expanded = bot.select(node, 1, ("J", "Q"))
    second, _ = bot.select(node, 1, ("J", "Q"))
    assert expanded and {first.choice, second.choice} == {"J", "Q"}
    for child in (first, second):
        child.visits, child.value = 1, 0.5
    by_choice = {child.choice: child for child in node.children.values()}
    before = {choice: child.available for choice, child in by_choice.items()}
    chosen, expanded = bot.select(node, 1, ("Q", "K"))
    assert expanded and chosen.choice == "K" and chosen.available == 1
    assert by_choice["J"].available == before["J"] and by_choice["Q"].available == before["Q"] + 1
    chosen, expanded = bot.select(node, 1, ("J",))
    assert not expanded and chosen.choice == "J" and by_choice["J"].available == before["J"] + 1


def test_a_bot_decides_only_for_its_own_seat():
    with pytest.raises(ValueError, match="seat 0"):
        ISMCTSBot(KUHN, 0, iterations=5).choose({}, Decision(1, "respond", ("call", "fold")))


def test_a_bot_can_play_the_rollouts():
    """Rollouts by a bot that takes an immediate win: the search sees the win and keeps choosing legally."""
    from ludus.ai.mcts import bot_rollout

    class TakesWins:
        def __init__(self, seed):
            self.rng = random.Random(seed)

        def choose(self, view, decision):
            mark = "XO"[decision.seat]
            for cell in decision.options:
                board = view["board"][:cell] + mark + view["board"][cell + 1:]
                if TICTACTOE.winner(TicTacToeState(list(board))) is not None:
                    return cell
            return self.rng.choice(decision.options)

    rollout = bot_rollout(lambda game, seat, seed: TakesWins(seed), randomness=0.1)
    state = TicTacToeState(list("XOX.....O"))
    decision = TICTACTOE.decisions(state)[0]
    runs = [ISMCTSBot(TICTACTOE, 0, iterations=300, seed=2, rollout=rollout).choose(TICTACTOE.view(state, 0), decision)
            for _ in range(2)]
    assert runs == [6, 6]
