"""The detectives agree where to move ("a nyomozók megvitatják a kapott lapokon lévő információkat, majd
megegyeznek, hová lépnek a nyomozófigurájukkal"), within the real-time rules; option ``team_move``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.engine import IllegalChoice, Match
from ludus.games.shadows import simulate
from ludus.games.shadows.agreeing import AgreeingBot
from ludus.games.shadows.board import CENTRE
from ludus.games.shadows.game import GAME

from .helpers import S, give, kinds
from .test_properties import random_match

ARM_N, ARM_E = S[(0, -1)], S[(1, 0)]
# Six players: black = officer 0, detectives 2 and 4; orange = officer 1, detectives 3 and 5.


def _moves(state, seat: int) -> list:
    return [d for d in GAME.decisions(state) if d.seat == seat and d.kind == "move"]


def test_the_figure_moves_only_once_every_detective_of_the_team_agrees() -> None:
    state = GAME.setup(6, 1)
    give(state, "black")
    events = GAME.apply(state, 2, ARM_N)
    assert kinds(events) == ["move-proposed"]
    assert state.teams["black"].figure == CENTRE and state.teams["black"].hand  # nothing moved yet
    events = GAME.apply(state, 4, ARM_N)
    assert kinds(events)[:2] == ["move-agreed", "moved"]
    assert state.teams["black"].figure == ARM_N and not state.teams["black"].hand


def test_a_proposal_is_seen_at_once_by_the_team_and_by_nobody_else() -> None:
    state = GAME.setup(6, 1)
    give(state, "black")
    events = GAME.apply(state, 2, ARM_N)
    assert events[0].audience == frozenset({0, 2, 4})
    for seat in (0, 2, 4):
        assert GAME.view(state, seat)["teams"]["black"]["proposal"] == {
            "space": ARM_N, "seat": 2, "agreed": [2], "proposed": [2]}
    for seat in (1, 3, 5, None):
        assert GAME.view(state, seat)["teams"]["black"]["proposal"] is None
    assert _moves(state, 4)[0].prompt["proposal"] == ARM_N


def test_a_detective_may_propose_another_space_and_the_agreement_starts_over() -> None:
    state = GAME.setup(6, 1)
    give(state, "black")
    GAME.apply(state, 2, ARM_N)
    assert kinds(GAME.apply(state, 4, ARM_E)) == ["move-proposed"]
    assert state.teams["black"].agreed == [4] and _moves(state, 2)  # seat 2 is asked again
    GAME.apply(state, 2, ARM_E)
    assert state.teams["black"].figure == ARM_E


def test_a_detective_who_agreed_waits_for_the_others() -> None:
    state = GAME.setup(6, 1)
    give(state, "black")
    GAME.apply(state, 2, ARM_N)
    assert _moves(state, 2) == [] and _moves(state, 4)
    before = GAME.view(state, 2)
    with pytest.raises(IllegalChoice) as refused:
        GAME.apply(state, 2, ARM_E)
    assert refused.value.code == "no-decision" and GAME.view(state, 2) == before


def test_the_other_team_races_on_while_a_team_discusses() -> None:
    state = GAME.setup(6, 1)
    give(state, "black")
    GAME.apply(state, 2, ARM_N)
    give(state, "orange")
    GAME.apply(state, 3, ARM_E)
    GAME.apply(state, 5, ARM_E)
    assert state.teams["orange"].figure == ARM_E and state.teams["black"].figure == CENTRE
    assert state.teams["black"].proposal == ARM_N  # black's discussion is untouched by orange's move


def test_a_lone_detective_moves_the_figure_at_once() -> None:
    state = GAME.setup(4, 1)
    give(state, "black")
    assert kinds(GAME.apply(state, 2, ARM_N))[0] == "moved"


def test_option_first_the_first_detective_to_choose_moves_the_team() -> None:
    state = GAME.setup(6, 1, {"team_move": "first"})
    give(state, "black")
    assert "proposal" not in _moves(state, 2)[0].prompt
    assert kinds(GAME.apply(state, 4, ARM_N))[0] == "moved"
    assert _moves(state, 2) == [] and GAME.setup(6, 1).options["team_move"] == "agree"


class Reads:
    """A stand-in reader that always reads the clue cards as ``space``."""

    def __init__(self, space: int) -> None:
        self.space = space

    def choose(self, view, decision):
        return self.space


def test_a_bot_agrees_when_it_reads_the_cards_as_the_proposed_space() -> None:
    state = GAME.setup(6, 1)
    give(state, "black")
    GAME.apply(state, 2, ARM_N)
    bot = AgreeingBot(Reads(ARM_N))
    assert bot.choose(GAME.view(state, 4), _moves(state, 4)[0]) == ARM_N


def test_a_bot_proposes_its_own_reading_once_then_goes_along_with_the_team() -> None:
    state = GAME.setup(6, 1)
    give(state, "black")
    GAME.apply(state, 2, ARM_N)
    bot = AgreeingBot(Reads(ARM_E))
    choice = bot.choose(GAME.view(state, 4), _moves(state, 4)[0])
    assert choice == ARM_E
    GAME.apply(state, 4, choice)
    GAME.apply(state, 2, ARM_N)  # the person insists
    assert bot.choose(GAME.view(state, 4), _moves(state, 4)[0]) == ARM_N


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([6, 8]))
def test_teams_of_bots_always_come_to_an_agreement_and_finish_the_game(seed, players) -> None:
    stats = simulate.Stats()
    match = simulate.play_game(players, seed, {}, ["random"] * players, stats)
    assert match.finished and any(e.kind == "move-agreed" for e in match.events)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(5, 8))
def test_no_proposal_ever_reaches_the_other_team_or_a_spectator(seed, players) -> None:
    match = random_match(seed, players, {"team_move": "agree"})
    state = match.state
    for event in match.events:
        if event.kind in ("move-proposed", "move-agreed"):
            assert event.audience == frozenset(state.teams[event.data["team"]].seats)
    again = Match(GAME, players, seed, {"team_move": "agree"})
    rng = random.Random(seed)
    for entry in match.log[:200]:
        again.replay_entry(entry)
        if rng.random() < 0.2:
            for seat in [*range(players), None]:
                view = again.view(seat)
                you = view["you"]
                for name, team in view["teams"].items():
                    if you is None or you["team"] != name:
                        assert team["proposal"] is None
