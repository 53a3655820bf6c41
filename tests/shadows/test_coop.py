"""The 2 and 3 player variant ("2 és 3 játékos változat"): one team against the clock."""

from __future__ import annotations

import pytest

from ludus.engine import Match
from ludus.games.shadows import board
from ludus.games.shadows.board import CENTRE
from ludus.games.shadows.game import GAME
from ludus.games.shadows.state import COOP_PRESETS

from .helpers import S, game, give, kinds, travel

ARM_N, ARM_E = S[(0, -1)], S[(1, 0)]


def test_the_players_form_one_team_with_one_officer() -> None:
    state = GAME.setup(3, 0)
    assert list(state.teams) == ["black"]
    assert state.teams["black"].officer == 0 and state.teams["black"].detectives == [1, 2]


def test_every_evidence_space_of_both_colours_is_theirs() -> None:
    spots = [S[(0, -2)], S[(0, -3)], S[(1, -3)]]
    client = S[(2, -3)]
    state = game(players=2, black={spots[0]: "evidence", client: "client"},
                 orange={spots[1]: "evidence", spots[2]: "evidence"})
    events = travel(state, "black", *spots, client)
    assert state.teams["black"].rounds_won == 1
    assert "client-reached" in kinds(events)


def test_the_officer_may_replace_the_ten_cards_at_any_time_alone() -> None:
    state = game(players=2)
    row = list(state.face_up)
    events = GAME.apply(state, 0, "refresh")
    assert "refreshed" in kinds(events) and not set(row) & set(state.face_up)


@pytest.mark.parametrize(("preset", "minutes"), [("apprentice", 15), ("novice", 8), ("agent", 5),
                                                 ("super-agent", 3)])
def test_countdown_presets(preset: str, minutes: int) -> None:
    state = GAME.setup(2, 0, {"coop": preset})
    assert COOP_PRESETS[preset] == minutes * 60
    events = GAME.advance(state, 1000.0)
    assert kinds(events) == ["clock-started"] and state.deadline == 1000.0 + minutes * 60


def test_the_round_is_lost_when_time_runs_out() -> None:
    state = game(players=2, coop="super-agent", swap_roles=False)
    GAME.advance(state, 50.0)
    assert GAME.advance(state, 50.0 + 179.5) == []
    events = GAME.advance(state, 50.0 + 180)
    assert kinds(events)[:1] == ["round-ended"] and state.history[-1]["reason"] == "time"
    assert state.teams["black"].rounds_lost == 1 and state.round == 2
    assert state.deadline is None  # the next round's clock starts at the next advance


def test_the_round_is_lost_on_the_third_police_token() -> None:
    state = game(players=3, black={ARM_N: "police", ARM_E: "police"})
    travel(state, "black", ARM_N, CENTRE, ARM_E, CENTRE, ARM_N)
    assert state.history[-1]["loser"] == "black" and state.history[-1]["winner"] is None


def test_win_two_rounds_to_win_the_game_lose_two_to_lose_it() -> None:
    state = game(players=2, swap_roles=False)
    GAME.advance(state, 0)
    GAME.advance(state, 10_000)          # round 1 lost on time
    GAME.advance(state, 10_000)          # round 2 clock starts
    GAME.advance(state, 20_000)          # round 2 lost
    outcome = GAME.outcome(state)
    assert state.result == "lost" and outcome.winners == () and GAME.decisions(state) == []
    assert GAME.advance(state, 30_000) == []


def test_apply_needs_no_clock_and_the_match_log_replays_with_its_advances() -> None:
    match = Match(GAME, 2, seed=5, options={"coop": "agent"})
    match.advance(0.0)
    match.advance(1.0)  # changes nothing, so it is not logged
    for _ in range(3):
        decision = next(d for d in match.decisions() if d.kind in ("give", "move"))
        match.play(decision.seat, decision.options[-1])
    match.advance(400.0)
    assert [e for e in match.log if "advance" in e] == [{"advance": 0.0}, {"advance": 400.0}]
    again = Match.from_json(match.dumps())
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]
    assert again.view(0) == match.view(0)


def test_a_move_before_the_clock_started_is_fine() -> None:
    state = game(players=2)
    give(state, "black")
    GAME.apply(state, 1, board.steps(CENTRE)[0])
    assert state.deadline is None
