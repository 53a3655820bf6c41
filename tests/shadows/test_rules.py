"""The rulebook's rules, one test each (Hungarian rulebook 004, "Lépten-nyomon")."""

from __future__ import annotations

import pytest

from ludus.engine import BadOptions, IllegalChoice
from ludus.games.shadows import board
from ludus.games.shadows.board import CENTRE
from ludus.games.shadows.game import GAME

from .helpers import S, game, give, kinds, travel

ARM_N = S[(0, -1)]      # arm above the centre
ARM_E = S[(1, 0)]
ARM_SW = S[(-1, 1)]
FAR_N = S[(0, -2)]      # two spaces straight up, over ARM_N
FAR_NE = S[(1, -2)]     # two spaces up-right, through ARM_N only (the other middle is an obstacle)
FAR_E = S[(2, -1)]


# --- setup ("A játék előkészületei") --------------------------------------------------------

def test_two_teams_as_even_as_possible_each_with_one_officer() -> None:
    state = GAME.setup(5, 1)
    black, orange = state.teams["black"], state.teams["orange"]
    assert (black.seats, orange.seats) == ([0, 2, 4], [1, 3])
    assert (black.officer, orange.officer) == (0, 1)
    assert black.detectives == [2, 4] and orange.detectives == [3]


def test_setup_puts_four_clue_cards_on_the_start_tile_and_ten_face_up() -> None:
    state = GAME.setup(4, 2)
    on_start = [state.pictures[s] for s in board.START_SPACES]
    assert all(p.startswith("k") for p in on_start)
    assert len([c for c in state.face_up if c]) == 10
    everything = on_start + state.face_up + state.deck
    assert sorted(everything) == sorted(board.CLUE_IDS)


def test_six_of_the_seven_districts_are_placed_on_the_board() -> None:
    state = GAME.setup(4, 3)
    district_pictures = [p for p in state.pictures if p and p.startswith("d")]
    assert len(district_pictures) == 30 and len(state.districts) == 6


def test_both_detective_figures_start_on_the_start_tile() -> None:
    state = GAME.setup(6, 4)
    assert all(team.figure == CENTRE for team in state.teams.values())


def test_two_or_three_players_must_play_the_coop_variant() -> None:
    with pytest.raises(BadOptions):
        GAME.setup(3, 0, {"coop": "off"})
    assert GAME.setup(3, 0).preset == "novice"


# --- 1 handing over clue cards ("Nyomkártya átadása") ----------------------------------------

def test_one_clue_card_lets_the_detectives_move_to_an_adjacent_space() -> None:
    state = game()
    give(state, "black", 1)
    moves = [d for d in GAME.decisions(state) if d.kind == "move" and d.seat == 2]
    assert set(moves[0].options) == set(board.steps(CENTRE))


def test_two_clue_cards_let_the_detectives_move_two_spaces() -> None:
    state = game()
    give(state, "black", 2)
    moves = [d for d in GAME.decisions(state) if d.kind == "move" and d.seat == 2]
    assert set(moves[0].options) == set(board.jumps(CENTRE))
    with pytest.raises(IllegalChoice):
        GAME.apply(state, 2, ARM_N)  # only one space away


def test_two_cards_are_taken_and_handed_over_at_the_same_moment() -> None:
    state = game()
    first, second = state.face_up[3], state.face_up[7]
    events = GAME.apply(state, 0, [second, first])
    assert state.teams["black"].hand == [first, second]
    assert kinds(events) == ["gave", "refilled"]
    assert [slot for slot, _ in events[1].data["slots"]] == [3, 7]


def test_taken_cards_are_replaced_at_once_so_ten_are_always_face_up() -> None:
    state = game()
    deck_before = len(state.deck)
    give(state, "black", 2)
    give(state, "orange", 1)
    assert len([c for c in state.face_up if c]) == 10
    assert len(state.deck) == deck_before - 3


def test_a_card_goes_to_the_officer_whose_request_arrives_first() -> None:
    state = game()
    card = state.face_up[0]
    GAME.apply(state, 1, [card])  # orange's officer is faster
    before = GAME.view(state, None)
    with pytest.raises(IllegalChoice) as caught:
        GAME.apply(state, 0, [card, state.face_up[1]])
    assert caught.value.code == "already-taken"
    assert GAME.view(state, None) == before  # nothing changed


def test_the_officer_gives_again_only_after_the_detectives_moved() -> None:
    state = game()
    give(state, "black")
    assert not [d for d in GAME.decisions(state) if d.seat == 0 and d.kind == "give"]
    with pytest.raises(IllegalChoice) as caught:
        give(state, "black")
    assert caught.value.code == "no-decision"
    GAME.apply(state, 2, ARM_N)
    assert [d for d in GAME.decisions(state) if d.seat == 0 and d.kind == "give"]


def test_only_detectives_holding_cards_may_move_and_only_their_own_figure() -> None:
    state = game(players=6)
    give(state, "black")
    assert {d.seat for d in GAME.decisions(state) if d.kind == "move"} == {2, 4}
    with pytest.raises(IllegalChoice):
        GAME.apply(state, 3, ARM_N)  # an orange detective: orange holds no cards
    with pytest.raises(IllegalChoice):
        GAME.apply(state, 0, ARM_N)  # the officer does not move the figure


def test_both_teams_play_at_the_same_time_without_turns() -> None:
    state = game()
    held = {(d.seat, d.kind) for d in GAME.decisions(state)}
    assert {(0, "give"), (1, "give")} <= held
    give(state, "black")
    give(state, "orange", 2)
    held = {(d.seat, d.kind) for d in GAME.decisions(state)}
    assert {(2, "move"), (3, "move")} <= held


def test_used_clue_cards_are_put_aside_after_the_check() -> None:
    state = game()
    give(state, "black", 2)
    hand = list(state.teams["black"].hand)
    GAME.apply(state, 2, FAR_N)
    assert state.teams["black"].hand == [] and state.discard == hand


def test_an_empty_deck_is_replaced_by_the_shuffled_used_cards() -> None:
    state = game()
    state.discard.extend(state.deck[:-1])
    del state.deck[:-1]
    give(state, "black", 2)  # the last deck card, then the reshuffled used cards
    assert len([c for c in state.face_up if c]) == 10
    assert len(state.deck) == 68 and state.discard == []


def test_replacing_all_ten_cards_needs_both_officers() -> None:
    state = game()
    row = list(state.face_up)
    events = GAME.apply(state, 0, "refresh")
    assert kinds(events) == ["refresh-proposed"] and state.face_up == row
    GAME.apply(state, 0, "withdraw")
    GAME.apply(state, 1, "refresh")
    assert state.face_up == row
    events = GAME.apply(state, 0, "refresh")
    assert "refreshed" in kinds(events)
    assert not set(row) & set(state.face_up) and set(row) <= set(state.discard)
    assert not any(team.refresh for team in state.teams.values())


# --- 2 moving ("Mozgás") --------------------------------------------------------------------

def test_a_figure_may_land_on_the_other_figure_or_an_evidence_marker() -> None:
    state = game(black={FAR_N: "evidence"})
    travel(state, "black", FAR_N)
    travel(state, "orange", FAR_N)
    assert state.teams["orange"].figure == state.teams["black"].figure == FAR_N


# --- 3 the check ("Ellenőrzés") -------------------------------------------------------------

def test_landing_on_evidence_puts_a_public_evidence_marker_there() -> None:
    state = game(black={FAR_N: "evidence"})
    events = travel(state, "black", FAR_N)
    assert "evidence-found" in kinds(events)
    assert state.teams["black"].markers == [FAR_N]
    assert GAME.view(state, 3)["teams"]["black"]["markers"] == [FAR_N]


def test_evidence_space_that_already_holds_a_marker_gives_nothing() -> None:
    state = game(black={FAR_N: "evidence"})
    travel(state, "black", FAR_N, ARM_N, FAR_N)
    assert state.teams["black"].markers == [FAR_N]
    assert state.landings[-1]["result"] is None


def test_shared_evidence_found_by_one_team_cannot_be_collected_by_the_other() -> None:
    state = game(black={FAR_N: "evidence"}, orange={FAR_N: "evidence"})
    travel(state, "orange", FAR_N)
    events = travel(state, "black", FAR_N)
    assert "evidence-found" not in kinds(events)
    assert state.teams["black"].markers == [] and state.teams["orange"].markers == [FAR_N]


def test_same_space_the_team_that_arrived_first_is_checked_first() -> None:
    state = game(black={FAR_N: "evidence"}, orange={FAR_N: "evidence"})
    give(state, "black", 2)
    give(state, "orange", 2)
    GAME.apply(state, 3, FAR_N)  # orange lands first, though black's cards were handed over first
    GAME.apply(state, 2, FAR_N)
    assert state.teams["orange"].markers == [FAR_N] and state.teams["black"].markers == []


def test_unique_evidence_of_the_other_team_is_an_empty_space_for_us() -> None:
    state = game(orange={FAR_N: "evidence"})
    travel(state, "black", FAR_N)
    assert state.teams["black"].markers == [] and state.landings[-1]["result"] is None


def test_no_marker_once_all_three_are_on_the_board() -> None:
    spots = [S[(0, -2)], S[(0, -3)], S[(1, -3)], S[(2, -3)]]
    state = game(black=dict.fromkeys(spots, "evidence"))
    travel(state, "black", *spots)
    assert state.teams["black"].markers == spots[:3]
    assert state.landings[-1]["result"] is None


def test_the_client_wins_the_round_once_three_markers_are_out() -> None:
    spots = [S[(0, -2)], S[(0, -3)], S[(1, -3)]]
    client = S[(2, -3)]
    state = game(black={**dict.fromkeys(spots, "evidence"), client: "client"})
    events = travel(state, "black", *spots, client)
    assert "client-reached" in kinds(events) and "round-ended" in kinds(events)
    assert state.history[-1]["winner"] == "black" and state.history[-1]["reason"] == "client"
    assert state.teams["black"].rounds_won == 1 and state.teams["orange"].rounds_lost == 1


def test_the_client_before_three_markers_does_nothing() -> None:
    client = S[(0, -2)]
    state = game(black={client: "client"})
    events = travel(state, "black", client)
    assert kinds(events) == ["gave", "refilled", "moved"]
    assert state.phase == "play" and state.round == 1


def test_landing_on_police_takes_a_police_token_every_time_even_on_a_revisit() -> None:
    state = game(black={ARM_N: "police"})
    travel(state, "black", ARM_N, CENTRE, ARM_N)
    assert state.teams["black"].police == [ARM_N, ARM_N]
    assert GAME.view(state, None)["teams"]["black"]["police"] == [ARM_N, ARM_N]


def test_passing_over_police_with_two_cards_costs_no_token() -> None:
    state = game(black={ARM_N: "police"})
    travel(state, "black", FAR_N)
    assert state.teams["black"].police == []


def test_the_third_police_token_loses_the_round_and_the_other_team_wins_it() -> None:
    state = game(black={ARM_N: "police", ARM_E: "police"})
    events = travel(state, "black", ARM_N, CENTRE, ARM_E, CENTRE, ARM_N)
    assert kinds(events)[-2:] == ["police-caught", "round-ended"] and state.phase == "between"
    assert state.history[-1] | {"maps": None} == {
        "round": 1, "winner": "orange", "loser": "black", "reason": "police", "maps": None, "rating": 0}


def test_an_empty_space_announces_nothing() -> None:
    state = game()
    events = travel(state, "black", ARM_N)
    assert kinds(events) == ["gave", "refilled", "moved"]
    assert state.landings[-1]["result"] is None


def test_rulebook_example_two_cards_reach_evidence_two_spaces_away_past_the_police() -> None:
    # "Példa": Csaba wants his team on an evidence space 2 spaces away; he hands over 2 clue cards,
    # so the detectives avoid the police spaces between; they land right, he places an evidence
    # marker and the team still needs 2 evidence.
    police = {ARM_N: "police", ARM_E: "police", ARM_SW: "police"}
    state = game(black={**police, FAR_NE: "evidence"})
    give(state, "black", 2)
    landings = next(d for d in GAME.decisions(state) if d.seat == 2 and d.kind == "move").options
    assert FAR_NE in landings and ARM_N not in landings  # the green spaces: exactly two away
    events = GAME.apply(state, 2, FAR_NE)
    assert "evidence-found" in kinds(events) and "police-caught" not in kinds(events)
    assert state.teams["black"].markers == [FAR_NE] and state.teams["black"].police == []
    assert 3 - len(state.teams["black"].markers) == 2


def test_rulebook_example_two_pictures_handed_over_together_point_to_one_space() -> None:
    # "Kommunikáció a képekkel": Csabi hands over card B (camera, heart) and card C (red, letters)
    # together for space A: one give of two cards, one move of two spaces.
    state = game()
    b, c = state.face_up[0], state.face_up[1]
    GAME.apply(state, 0, [b, c])
    assert state.teams["black"].hand == [b, c]
    GAME.apply(state, 2, FAR_E)
    assert state.teams["black"].figure == FAR_E and set(state.discard) == {b, c}


# --- the end of a round and of the game ("A forduló vége") ----------------------------------

def _lose_round(state, team: str = "black") -> None:
    state.map = state.map.__class__(tuple(
        "black-police" if s in (ARM_N, ARM_E) else "empty" for s in range(len(board.HEXES))))
    travel(state, team, ARM_N, CENTRE, ARM_E, CENTRE, ARM_N)


def test_new_round_new_map_new_cards_markers_and_tokens_removed() -> None:
    state = game(swap_roles=False, black={FAR_N: "evidence"})
    travel(state, "black", FAR_N)
    old_pictures = list(state.pictures)
    _lose_round(state)
    assert state.round == 2 and state.phase == "play"
    assert all(not t.markers and not t.police and t.figure == CENTRE for t in state.teams.values())
    assert state.pictures != old_pictures
    assert len(state.deck) == 70 and state.discard == []


def test_between_rounds_a_detective_may_swap_roles_with_the_officer() -> None:
    state = game(players=4)
    _lose_round(state)
    assert state.phase == "between"
    held = {d.seat: d for d in GAME.decisions(state)}
    assert held[0].kind == "next-officer" and set(held[0].options) == {0, 2}
    GAME.apply(state, 0, 2)
    assert state.phase == "between"
    GAME.apply(state, 1, 1)
    assert state.phase == "play" and state.round == 2
    assert state.teams["black"].officer == 2 and state.teams["black"].detectives == [0]


def test_the_first_team_to_win_two_rounds_wins_the_game() -> None:
    state = game(swap_roles=False)
    _lose_round(state)
    assert GAME.outcome(state) is None
    _lose_round(state)
    outcome = GAME.outcome(state)
    assert state.winner == "orange" and state.phase == "over"
    assert outcome.winners == (1, 3) and outcome.scores == {0: 0, 2: 0, 1: 2, 3: 2}
    assert GAME.decisions(state) == []


def test_the_districts_are_laid_once_for_the_whole_game_as_in_the_rulebook() -> None:
    # "Állítsátok össze a játéktáblát véletlenszerűen kiválasztott 6 kerületlapka felhasználásával";
    # only "a későbbi játékokban" (in later games) is the board laid out differently.
    state = game(swap_roles=False)
    districts, pictures = state.districts, [p for p in state.pictures if p and p.startswith("d")]
    _lose_round(state)
    assert state.round == 2 and state.districts == districts
    assert [p for p in state.pictures if p and p.startswith("d")] == pictures


def test_option_districts_each_round_lays_the_districts_anew_every_round() -> None:
    changed = 0
    for seed in range(6):
        state = game(swap_roles=False, districts_each_round=True, seed=seed)
        districts = state.districts
        _lose_round(state)
        changed += state.districts != districts
    assert changed >= 4  # a new random layout each round (the same one again is possible, but rare)


def test_a_fresh_picture_deck_is_only_an_option_the_rules_pass_on() -> None:
    state = GAME.setup(4, 0, {"picture_seed": 7})
    assert GAME.view(state, 2)["options"]["picture_seed"] == 7
    with pytest.raises(BadOptions):
        GAME.setup(4, 0, {"picture_seed": "seven"})
