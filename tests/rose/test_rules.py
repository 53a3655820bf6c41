"""The Name of the Rose: setup and the flow of a game, as the rulebook describes them."""

from __future__ import annotations

import random

import pytest

from ludus.engine import BadOptions, Match, load_game
from ludus.games.rose.components import COLOURS
from ludus.games.rose.game import GAME


def play_randomly(players: int, seed: int) -> Match:
    match = Match("rose", players, seed)
    rng = random.Random(seed)
    while not match.finished:
        decision = rng.choice(match.decisions())
        match.play(decision.seat, rng.choice(decision.options))
    return match


def test_the_game_is_registered_as_rose() -> None:
    assert load_game("rose") is GAME
    assert GAME.players == range(2, 6)


def test_setup_uses_all_eight_pawns_on_different_buildings() -> None:
    state = GAME.setup(2, 7)
    assert len(set(state.pawns)) == 8


def test_setup_places_two_task_tiles_on_every_building_and_fourteen_in_the_row() -> None:
    state = GAME.setup(3, 1)
    assert all(len(here) == 2 for here in state.tiles)
    assert len(state.row) == 14


def test_setup_deals_three_cards_and_one_secret_identity_each() -> None:
    state = GAME.setup(5, 3)
    assert all(len(hand) == 3 for hand in state.hands)
    assert len(set(state.identity)) == 5
    assert len(state.unused_identity) == 1


def test_tracks_start_at_suspicion_ten_and_clue_five() -> None:
    view = GAME.view(GAME.setup(4, 0), 0)
    assert view["suspicion"] == dict.fromkeys(COLOURS, 10)
    assert view["clue"] == dict.fromkeys(COLOURS, 5)


def test_six_events_lie_face_down_and_the_first_is_turned_over_on_day_one() -> None:
    view = GAME.view(GAME.setup(4, 0), 0)
    assert view["event"] == view["event_row"][0] is not None
    assert view["event_row"][1:] == [None] * 5


@pytest.mark.parametrize("players", [1, 6])
def test_the_game_is_for_two_to_five_players(players: int) -> None:
    with pytest.raises(BadOptions):
        GAME.setup(players, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_game_ends_with_a_winner_after_seven_days(players: int) -> None:
    match = play_randomly(players, players)
    outcome = match.outcome()
    assert outcome is not None and outcome.winners
    assert set(outcome.scores) == set(range(players))
    assert match.view(None)["day"] == 7


# --- playing a card and moving the time marker --------------------------------------------------
from ludus.games.rose.position import act, position, step, to_final_guesses  # noqa: E402
from ludus.games.rose.tracks import conversion_awards  # noqa: E402

ELSEWHERE = {"william": "Porta", "adson": "Culina", **dict.fromkeys(COLOURS, "Stabulum")}


def card(s, seat: int = 0, i: int = 0) -> str:
    return s.ed.card_ids[s.hands[seat][i]]


def colour_value(s, track: str, colour: str) -> int:
    return getattr(s, track)[COLOURS.index(colour)]


def test_the_active_player_plays_one_of_the_cards_in_hand_onto_the_discard_pile() -> None:
    s = position(hands={0: ["red 1", "blue 2", "Porta 3"]})
    assert set(GAME.decisions(s)[0].options) == {card(s, 0, i) for i in range(3)}
    played = card(s)
    act(s, played)
    assert s.ed.card_ids[s.discard[-1]] == played


def test_the_time_marker_moves_by_the_cards_hours() -> None:
    s = position(event="caught", pawns=ELSEWHERE, hands={0: ["red 4"]}, sundial=5)
    act(s, card(s), "Hortus")
    assert s.sundial == 9


def test_william_adson_card_moves_five_hours_for_william_and_none_for_adson() -> None:
    s = position(event="caught", pawns=ELSEWHERE, hands={0: ["william_adson"], 1: ["william_adson"]})
    act(s, card(s), "william", "Hortus", "draw")
    assert s.sundial == 5
    act(s, card(s, 1), "adson", "Hortus", "draw")
    assert s.sundial == 5


def test_time_tiles_cancel_at_most_the_cards_hours() -> None:
    s = position(event="caught", pawns=ELSEWHERE, hands={0: ["red 2"]},
                 time_tiles={0: [("grey", 2), ("grey", 3), ("grey", 4)]})
    act(s, card(s))
    tiles = [s.ed.tile_ids[t] for t in s.time[0]]
    act(s, tiles[0], tiles[1])
    assert step(s) == "destination"
    assert s.sundial == 0 and len(s.time[0]) == 1


def test_adson_leaves_no_hours_to_cancel_so_no_time_tile_step() -> None:
    s = position(event="caught", pawns=ELSEWHERE, hands={0: ["william_adson"]}, time_tiles={0: [("grey", 2)]})
    act(s, card(s), "adson")
    assert step(s) == "destination"


def test_a_time_tile_collected_this_turn_is_fresh_and_usable_from_the_next_turn() -> None:
    s = position(2, event="caught", pawns={**ELSEWHERE, "red": "Porta"}, hands={0: ["red 2", "red 3"], 1: ["blue 1"]},
                 tiles={"Hortus": [("red", 2), ("blue", 3)]})
    act(s, card(s), "Hortus")
    assert [t["fresh"] for t in GAME.view(s, 0)["you"]["time_tiles"]] == [True]
    act(s, "draw")
    assert [t["fresh"] for t in GAME.view(s, 0)["you"]["time_tiles"]] == [False]
    act(s, card(s, 1), "Porta", "draw")
    act(s, card(s))
    assert step(s) == "time_tile"


# --- moving pawns -------------------------------------------------------------------------------------
def test_a_monk_card_moves_that_monk_to_any_other_building() -> None:
    s = position(pawns=ELSEWHERE, hands={0: ["red 1"]})
    act(s, card(s))
    options = GAME.decisions(s)[0].options
    assert len(options) == 13 and "Stabulum" not in options


def test_a_building_card_moves_any_pawn_from_a_different_building() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Hortus"}, hands={0: ["Hortus 2"]})
    act(s, card(s))
    decision = GAME.decisions(s)[0]
    assert decision.kind == "pawn"
    assert set(decision.options) == {"william", "adson", *COLOURS} - {"red"}


def test_a_card_whose_move_is_impossible_is_played_for_its_hours_only() -> None:
    s = position(pawns=dict.fromkeys(("william", "adson", *COLOURS), "Hortus"), hands={0: ["Hortus 3"]})
    act(s, card(s))
    assert GAME.decisions(s)[0].options == ("none",)
    act(s, "none")
    assert s.sundial == 3 and step(s) == "draw"


def test_option_unplayable_keeps_an_impossible_card_in_hand_when_another_can_be_played() -> None:
    s = position(options={"impossible_move": "unplayable"}, hands={0: ["Hortus 3", "red 1"]},
                 pawns=dict.fromkeys(("william", "adson", *COLOURS), "Hortus"))
    assert GAME.decisions(s)[0].options == (card(s, 0, 1),)


def test_a_monk_with_a_matching_task_tile_loses_suspicion_but_not_below_zero() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Porta"}, hands={0: ["red 1"]},
                 tiles={"Hortus": [("red", 6), ("blue", 3)]}, suspicion={"red": 4})
    act(s, card(s), "Hortus")
    assert colour_value(s, "suspicion", "red") == 0


def test_with_two_matching_task_tiles_the_player_takes_only_one_of_his_choice() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Porta"}, hands={0: ["red 1"]},
                 tiles={"Hortus": [("red", 2), ("red", 6)]}, suspicion={"red": 20})
    act(s, card(s), "Hortus")
    assert step(s) == "task_tile"
    six = [t for t in GAME.decisions(s)[0].options if s.ed.tile_views[s.ed.tile_index[t]]["value"] == 6]
    act(s, six[0])
    assert colour_value(s, "suspicion", "red") == 14
    assert len(s.tiles[13]) == 1


def test_the_last_task_tile_taken_refills_both_spaces_from_the_front_of_the_row() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Porta"}, hands={0: ["red 1"]}, tiles={"Hortus": [("red", 2)]})
    front = s.row[:2]
    act(s, card(s), "Hortus")
    assert s.tiles[13] == front


def test_a_short_row_refills_what_there_is() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Porta"}, hands={0: ["red 1"]}, tiles={"Hortus": [("red", 2)]})
    s.tiles[0].extend(s.row[1:])
    del s.row[1:]
    last = s.row[0]
    act(s, card(s), "Hortus")
    assert s.tiles[13] == [last] and s.row == []


def test_a_monk_without_business_gains_suspicion_but_not_beyond_forty() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Porta"}, hands={0: ["red 1"]},
                 tiles={"Hortus": [("blue", 6), ("white", 6)]}, suspicion={"red": 35})
    act(s, card(s), "Hortus")
    assert colour_value(s, "suspicion", "red") == 40


def test_an_empty_building_adds_no_suspicion() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Porta"}, hands={0: ["red 1"]}, tiles={"Hortus": []})
    act(s, card(s), "Hortus")
    assert colour_value(s, "suspicion", "red") == 10


def test_william_meeting_monks_moves_each_clue_marker_three_either_way() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Hortus", "blue": "Hortus"}, hands={0: ["william_adson"]})
    act(s, card(s), "william", "Hortus", "+", "-")
    assert (colour_value(s, "clue", "red"), colour_value(s, "clue", "blue")) == (8, 2)


def test_nothing_happens_when_a_monk_walks_in_to_william_or_adson() -> None:
    s = position(event="caught", pawns={**ELSEWHERE, "adson": "Porta"}, hands={0: ["red 1"]}, tiles={"Porta": []})
    act(s, card(s), "Porta")
    assert step(s) == "draw"


def test_clue_never_goes_below_zero() -> None:
    s = position(pawns={**ELSEWHERE, "red": "Hortus"}, hands={0: ["william_adson"]}, clue={"red": 1})
    act(s, card(s), "william", "Hortus", "-")
    assert colour_value(s, "clue", "red") == 0


def test_option_clue_floor_off_lets_clue_go_negative() -> None:
    s = position(options={"clue_floor": False}, pawns={**ELSEWHERE, "red": "Hortus"}, hands={0: ["william_adson"]},
                 clue={"red": 1})
    act(s, card(s), "william", "Hortus", "-")
    assert colour_value(s, "clue", "red") == -2


def test_the_player_draws_a_card_at_the_end_of_the_turn() -> None:
    s = position(event="caught", pawns=ELSEWHERE, hands={0: ["red 1", "red 2", "red 3"]})
    top = s.draw[-1]
    act(s, card(s), "Hortus", "draw")
    assert len(s.hands[0]) == 3 and s.hands[0][-1] == top


def test_an_exhausted_draw_pile_is_made_again_from_the_shuffled_discards() -> None:
    s = position(event="caught", pawns=ELSEWHERE, hands={0: ["red 1"]})
    s.discard = s.draw
    s.draw = []
    act(s, card(s), "Hortus", "draw")
    assert s.discard == [] and len(s.draw) > 40


# --- the end of the day --------------------------------------------------------------------------
def end_turn_past_blue(s) -> None:
    act(s, card(s, s.active), "william", "Hortus", "draw")


def test_the_day_ends_after_the_turn_that_reaches_the_blue_space() -> None:
    s = position(event="caught", pawns=ELSEWHERE, hands={0: ["william_adson"]}, sundial=20)
    act(s, card(s), "william", "Hortus")
    assert s.sundial == 25 and step(s) == "draw" and s.phase == "turn"
    act(s, "draw")
    assert s.phase == "revelation"


def test_the_ender_takes_the_event_tile_and_starts_the_next_day() -> None:
    s = position(event="caught", day=2, active=2, pawns=ELSEWHERE, hands={2: ["william_adson"]}, sundial=23)
    end_turn_past_blue(s)
    assert s.day == 3 and s.active == 2 and s.day_start == 2
    assert s.event_tiles[2] == [s.events[1]]
    assert s.today == s.events[2]


def test_hours_past_blue_do_not_carry_over() -> None:
    s = position(event="caught", day=2, pawns=ELSEWHERE, hands={0: ["william_adson"]}, sundial=22)
    end_turn_past_blue(s)
    assert s.sundial == 0


def test_option_sundial_carry_keeps_the_hours_past_blue() -> None:
    s = position(options={"sundial_carry": True}, event="caught", day=2, pawns=ELSEWHERE,
                 hands={0: ["william_adson"]}, sundial=22)
    end_turn_past_blue(s)
    assert s.sundial == 3


def test_conversion_ties_share_the_higher_value_and_no_place_is_skipped() -> None:
    assert conversion_awards([30, 20, 20, 15, 15, 5], (5, 4, 3, 2, 1, 0)) == [5, 4, 4, 3, 3, 2]
    assert conversion_awards([1, 2, 3, 4, 5, 6], (5, 4, 3, 2, 1, 0)) == [0, 1, 2, 3, 4, 5]


def test_all_six_equal_at_the_end_of_the_day_every_colour_gains_five() -> None:
    s = position(event="caught", day=2, pawns=ELSEWHERE, hands={0: ["william_adson"]}, sundial=23)
    end_turn_past_blue(s)
    assert s.clue == [15] * 6


def test_option_all_equal_conversion_none() -> None:
    s = position(options={"all_equal_conversion": "none"}, event="inquiring", day=2, pawns=ELSEWHERE,
                 hands={0: ["william_adson"]}, sundial=23)
    end_turn_past_blue(s)
    assert s.clue == [5] * 6


# --- revelations --------------------------------------------------------------------------------------
def test_revelations_come_after_days_one_three_and_five_only() -> None:
    for day, expected in [(1, "revelation"), (2, "turn"), (3, "revelation"), (4, "turn"), (5, "revelation")]:
        s = position(event="inquiring", day=day, pawns=ELSEWHERE, hands={0: ["william_adson"]}, sundial=23)
        end_turn_past_blue(s)
        assert s.phase == expected


def test_a_revelation_may_not_show_ones_own_colour_and_all_choose_at_once() -> None:
    s = position(3, event="inquiring", identities=["red", "blue", "white"], pawns=ELSEWHERE,
                 hands={0: ["william_adson"]}, sundial=23)
    end_turn_past_blue(s)
    found = GAME.decisions(s)
    assert [d.seat for d in found] == [0, 1, 2]
    assert "red" not in found[0].options and "blue" not in found[1].options and len(found[2].options) == 5


def test_revealed_colours_gain_two_clue_each_and_stay_face_up() -> None:
    s = position(3, event="inquiring", identities=["red", "blue", "white"], pawns=ELSEWHERE,
                 hands={0: ["william_adson"]}, sundial=23)
    end_turn_past_blue(s)
    before = s.clue[:]
    GAME.apply(s, 0, "grey")
    GAME.apply(s, 2, "grey")
    assert s.revealed == [[], [], []]
    GAME.apply(s, 1, "orange")
    assert s.clue[3] == before[3] + 4 and s.clue[5] == before[5] + 2
    assert s.revealed == [[3], [5], [3]]
    assert s.phase == "turn" and s.day == 2 and s.active == 0


def test_a_colour_once_revealed_cannot_be_revealed_again() -> None:
    s = position(2, event="inquiring", day=3, identities=["red", "blue"], pawns=ELSEWHERE,
                 hands={0: ["william_adson"]}, sundial=23)
    s.revealed = [[3], [3]]
    end_turn_past_blue(s)
    assert "grey" not in GAME.decisions(s)[0].options


# --- the seventh day ----------------------------------------------------------------------------------
def guess_all(s, guesses: dict[int, list[str]]) -> None:
    for seat, colours in guesses.items():
        for colour in colours:
            GAME.apply(s, seat, colour)


def test_the_sixth_day_ends_in_the_final_guesses() -> None:
    s = position(event="inquiring", day=6, pawns=ELSEWHERE, hands={0: ["william_adson"]}, sundial=23)
    end_turn_past_blue(s)
    assert s.phase == "guess" and s.day == 7
    assert {d.seat for d in GAME.decisions(s)} == {0, 1, 2, 3}


def test_each_player_guesses_every_other_player_once() -> None:
    s = to_final_guesses(position(3))
    assert [d.prompt["target"] for d in GAME.decisions(s)] == [1, 0, 0]
    GAME.apply(s, 0, "red")
    assert [d.prompt["target"] for d in GAME.decisions(s)] == [2, 0, 0]


def test_one_player_places_a_different_colour_marker_in_front_of_each_other_player() -> None:
    s = to_final_guesses(position(4))
    GAME.apply(s, 0, "red")
    assert "red" not in GAME.decisions(s)[0].options
    assert len(GAME.decisions(s)[0].options) == 5


def test_option_distinct_guesses_off_allows_one_colour_for_everyone() -> None:
    s = to_final_guesses(position(4, options={"distinct_guesses": False}))
    GAME.apply(s, 0, "red")
    assert GAME.decisions(s)[0].options == COLOURS


def test_guesses_are_never_left_without_a_colour_for_the_last_target() -> None:
    s = to_final_guesses(position(5, options={"guess_any_colour": False}))
    # Seats 1–3 can only be grey, black or orange, so seat 4 must keep those three for them.
    s.revealed = [[0, 1, 5], [0, 1, 2], [0, 1, 2], [0, 1, 2], [3, 4, 5]]
    assert GAME.decisions(s)[-1].prompt == {"target": 0}
    assert GAME.decisions(s)[-1].options == ("white",)


def test_guesses_may_name_any_colour_by_default() -> None:
    s = to_final_guesses(position(2))
    s.revealed = [[0, 1, 2], [3, 4, 5]]
    assert GAME.decisions(s)[0].options == COLOURS


def test_option_guess_any_colour_off_leaves_out_the_targets_revealed_colours() -> None:
    s = to_final_guesses(position(2, options={"guess_any_colour": False}))
    s.revealed = [[0, 1, 2], [3, 4, 5]]
    assert GAME.decisions(s)[0].options == ("red", "blue", "white")


def test_each_event_tile_costs_two_clue_at_the_end() -> None:
    s = to_final_guesses(position(2, identities=["red", "blue"], clue={"red": 10, "blue": 10}))
    s.event_tiles = [[1, 2], []]
    guess_all(s, {0: ["white"], 1: ["white"]})
    assert GAME.outcome(s).scores == {0: 14, 1: 10}


def test_two_players_a_correct_guess_costs_twelve() -> None:
    s = to_final_guesses(position(2, identities=["red", "blue"], clue={"red": 10, "blue": 10}))
    guess_all(s, {0: ["blue"], 1: ["white"]})
    assert GAME.outcome(s).scores == {0: 10, 1: 22}


def test_three_players_six_and_five_players_three_per_correct_guess() -> None:
    s = to_final_guesses(position(3, identities=["red", "blue", "white"], clue=dict.fromkeys(COLOURS, 10)))
    guess_all(s, {0: ["blue", "white"], 1: ["grey", "black"], 2: ["grey", "black"]})
    assert GAME.outcome(s).scores == {0: 10, 1: 16, 2: 16}
    s = to_final_guesses(position(5, identities=["red", "blue", "white", "grey", "black"],
                                  clue=dict.fromkeys(COLOURS, 10)))
    wrong = ["orange", "red", "blue", "white"]
    guess_all(s, {0: ["blue", "orange", "red", "white"], **{seat: wrong for seat in range(1, 5)}})
    assert GAME.outcome(s).scores == {0: 10, 1: 13, 2: 10, 3: 10, 4: 10}


def test_the_lowest_clue_wins_and_unplayed_colours_do_not_count() -> None:
    s = to_final_guesses(position(2, identities=["red", "blue"], clue={"red": 20, "blue": 15, "white": 0}))
    guess_all(s, {0: ["white"], 1: ["white"]})
    outcome = GAME.outcome(s)
    assert outcome.winners == (1,)
    assert "white" in outcome.details["unplayed"]


def test_a_tie_goes_to_the_player_with_fewer_event_tiles() -> None:
    s = to_final_guesses(position(3, identities=["red", "blue", "white"],
                                  clue={"red": 16, "blue": 14, "white": 30}))
    s.event_tiles = [[0], [1, 2], []]
    guess_all(s, {seat: ["grey", "black"] for seat in range(3)})
    assert GAME.outcome(s).winners == (0,)


def test_a_full_tie_is_a_shared_win() -> None:
    s = to_final_guesses(position(3, identities=["red", "blue", "white"], clue={"red": 16, "blue": 16, "white": 30}))
    s.event_tiles = [[0], [1], []]
    guess_all(s, {seat: ["grey", "black"] for seat in range(3)})
    assert GAME.outcome(s).winners == (0, 1)


def test_the_outcome_says_which_rule_broke_a_tie() -> None:
    # 12 + one event tile and 10 + two event tiles: 14 each at the end, red has fewer event tiles
    s = to_final_guesses(position(3, identities=["red", "blue", "white"],
                                  clue={"red": 12, "blue": 10, "white": 30}))
    s.event_tiles = [[0], [1, 2], []]
    guess_all(s, {seat: ["grey", "black"] for seat in range(3)})
    assert GAME.outcome(s).details["tie_break"] == {"rule": "fewest_event_tiles", "tied": [0, 1], "clue": 14,
                                                    "event_tiles": {"0": 1, "1": 2}}


def test_a_tie_the_event_tiles_cannot_break_is_named_a_shared_win() -> None:
    s = to_final_guesses(position(3, identities=["red", "blue", "white"], clue={"red": 16, "blue": 16, "white": 30}))
    s.event_tiles = [[0], [1], []]
    guess_all(s, {seat: ["grey", "black"] for seat in range(3)})
    assert GAME.outcome(s).details["tie_break"]["rule"] == "shared"


def test_a_clear_win_needs_no_tie_break() -> None:
    s = to_final_guesses(position(2, identities=["red", "blue"], clue={"red": 20, "blue": 15}))
    guess_all(s, {0: ["white"], 1: ["white"]})
    assert GAME.outcome(s).details["tie_break"] is None


def test_clue_counts_on_past_fifty() -> None:
    s = to_final_guesses(position(2, identities=["red", "blue"], clue={"red": 48}))
    guess_all(s, {0: ["grey"], 1: ["red"]})
    assert GAME.outcome(s).scores[0] == 60
