"""The 14 event tiles, one test (or a few) per tile, as the rulebook's last pages describe them."""

from __future__ import annotations

from ludus.games.rose.components import COLOURS
from ludus.games.rose.game import GAME
from ludus.games.rose.position import act, position, step

EVERYONE_ELSEWHERE = {"william": "Porta", "adson": "Culina", **dict.fromkeys(COLOURS, "Stabulum")}


def card(s, seat: int = 0, i: int = 0) -> str:
    return s.ed.card_ids[s.hands[seat][i]]


def clue(s, colour: str) -> int:
    return s.clue[COLOURS.index(colour)]


def suspicion(s, colour: str) -> int:
    return s.suspicion[COLOURS.index(colour)]


def answer_signs(s, sign: str) -> None:
    while step(s) == "sign":
        act(s, sign)


# --- Communicative ---------------------------------------------------------------------------------
def test_communicative_william_meeting_adson_converts_suspicion_and_resets_to_ten() -> None:
    s = position(event="communicative", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]},
                 suspicion={"red": 30, "blue": 20})
    act(s, card(s), "william", "Culina")
    assert s.suspicion == [10] * 6
    assert (clue(s, "red"), clue(s, "blue"), clue(s, "white")) == (10, 9, 8)


def test_communicative_adson_walking_in_to_william_also_converts() -> None:
    s = position(event="communicative", pawns=EVERYONE_ELSEWHERE, hands={0: ["Porta 2"]},
                 suspicion={"grey": 12})
    act(s, card(s), "adson")
    assert clue(s, "grey") == 10 and s.suspicion == [10] * 6


def test_communicative_no_conversion_when_all_six_markers_are_equal() -> None:
    s = position(event="communicative", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]},
                 suspicion=dict.fromkeys(COLOURS, 17))
    act(s, card(s), "william", "Culina")
    assert s.clue == [5] * 6
    assert s.suspicion == [17] * 6


def test_communicative_nothing_when_william_moves_elsewhere() -> None:
    s = position(event="communicative", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]},
                 suspicion={"red": 30})
    act(s, card(s), "william", "Hortus")
    assert suspicion(s, "red") == 30


# --- At the Culprit's Heels -------------------------------------------------------------------------
def test_culprits_heels_after_williams_signs_plus_two_to_one_monk() -> None:
    s = position(event="culprits_heels", pawns={**EVERYONE_ELSEWHERE, "red": "Hortus"},
                 hands={0: ["william_adson"]})
    act(s, card(s), "william", "Hortus")
    assert step(s) == "sign"
    act(s, "-")
    assert step(s) == "clue_bonus_split"
    act(s, "one", "orange")
    assert (clue(s, "red"), clue(s, "orange")) == (2, 7)
    assert step(s) == "draw"


def test_culprits_heels_plus_one_to_two_different_monks_even_without_meeting_any() -> None:
    s = position(event="culprits_heels", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "william", "Hortus", "two", "blue")
    assert "blue" not in GAME.decisions(s)[0].options
    act(s, "grey")
    assert (clue(s, "blue"), clue(s, "grey")) == (6, 6)


def test_culprits_heels_nothing_extra_for_adson() -> None:
    s = position(event="culprits_heels", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "adson", "Hortus")
    assert step(s) == "draw"


# --- In a Hurry ------------------------------------------------------------------------------------
def test_in_a_hurry_no_time_tiles_may_be_spent_but_task_tiles_are_still_collected() -> None:
    s = position(event="in_a_hurry", pawns={"red": "Porta"}, hands={0: ["red 4"]},
                 time_tiles={0: [("grey", 2)]}, tiles={"Culina": [("red", 2), ("blue", 3)]})
    act(s, card(s))
    assert step(s) == "destination"
    act(s, "Culina")
    assert s.sundial == 4
    assert len(s.time[0]) == 2


# --- Without Ostentation ----------------------------------------------------------------------------
def test_without_ostentation_monk_into_a_completely_empty_building_loses_one_clue() -> None:
    s = position(event="without_ostentation", pawns=EVERYONE_ELSEWHERE, hands={0: ["red 1"]})
    act(s, card(s), "Hortus")
    assert clue(s, "red") == 4


def test_without_ostentation_nothing_when_william_stands_there() -> None:
    s = position(event="without_ostentation", pawns=EVERYONE_ELSEWHERE, hands={0: ["red 1"]})
    act(s, card(s), "Porta")
    assert clue(s, "red") == 5


# --- Mysterious -------------------------------------------------------------------------------------
def test_mysterious_monk_moved_to_williams_building_gives_plus_two_to_any_monk() -> None:
    s = position(event="mysterious", pawns=EVERYONE_ELSEWHERE, hands={0: ["red 1"]})
    act(s, card(s), "Porta", "one", "red")
    assert clue(s, "red") == 7


def test_mysterious_nothing_when_the_monk_goes_elsewhere() -> None:
    s = position(event="mysterious", pawns=EVERYONE_ELSEWHERE, hands={0: ["red 1"]})
    act(s, card(s), "Hortus")
    assert step(s) == "draw"


# --- Studious ---------------------------------------------------------------------------------------
def test_studious_building_card_moves_a_second_pawn_to_the_building_hours_once() -> None:
    s = position(event="studious", pawns=EVERYONE_ELSEWHERE, hands={0: ["Hortus 3"]})
    act(s, card(s), "grey")
    assert step(s) == "studious"
    act(s, "again")
    assert "grey" not in GAME.decisions(s)[0].options
    act(s, "william")
    answer_signs(s, "+")
    assert s.pawns[3] == s.pawns[6] == 13
    assert clue(s, "grey") == 8
    assert s.sundial == 3


def test_studious_monk_card_moves_the_same_monk_twice() -> None:
    s = position(event="studious", pawns=EVERYONE_ELSEWHERE, hands={0: ["blue 2"]},
                 tiles={"Ecclesia": [("blue", 2), ("red", 2)], "Hortus": [("blue", 3), ("red", 3)]},
                 suspicion={"blue": 20})
    act(s, card(s), "Ecclesia", "again", "Hortus")
    assert suspicion(s, "blue") == 15
    assert len(s.time[0]) == 2 and s.sundial == 2


def test_studious_william_adson_card_moves_the_same_one_again() -> None:
    s = position(event="studious", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "adson", "Hortus", "again")
    assert GAME.decisions(s)[0].prompt == {"pawn": "adson"}
    act(s, "Stabulum")
    answer_signs(s, "+")
    assert suspicion(s, "red") == 15


def test_studious_second_use_is_optional() -> None:
    s = position(event="studious", pawns=EVERYONE_ELSEWHERE, hands={0: ["red 1"]})
    act(s, card(s), "Hortus", "skip")
    assert step(s) == "draw"


# --- Incredulous ------------------------------------------------------------------------------------
def test_incredulous_monk_into_the_church_every_opponent_returns_a_tile_of_their_choice() -> None:
    s = position(event="incredulous", pawns=EVERYONE_ELSEWHERE, hands={0: ["red 1"]},
                 time_tiles={0: [("grey", 2)], 1: [("blue", 5), ("blue", 6)], 3: [("white", 4)]},
                 tiles={"Ecclesia": [("blue", 2), ("white", 2)]})
    act(s, card(s), "done", "Ecclesia")
    found = GAME.decisions(s)
    assert {d.seat: d.kind for d in found} == {1: "incredulous", 3: "incredulous"}
    row = len(s.row)
    GAME.apply(s, 3, found[1].options[0])
    assert step(s) == "incredulous"
    GAME.apply(s, 1, found[0].options[1])
    assert [s.ed.tile_views[t]["value"] for t in s.time[1]] == [5]
    assert s.time[3] == [] and len(s.time[0]) == 1
    assert len(s.row) == row + 2
    assert step(s) == "draw"


def test_incredulous_no_effect_when_william_goes_to_the_church() -> None:
    s = position(event="incredulous", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]},
                 time_tiles={1: [("blue", 5)]})
    act(s, card(s), "william", "Ecclesia")
    assert step(s) == "draw"


# --- Awkward (the rulebook's examples are in test_examples.py) --------------------------------------
def test_awkward_counts_the_printed_hours_not_the_time_tiles_spent() -> None:
    s = position(event="awkward", pawns=EVERYONE_ELSEWHERE, hands={0: ["red 4"]}, time_tiles={0: [("grey", 2)]})
    act(s, card(s), s.ed.tile_ids[s.time[0][0]], "Hortus")
    assert s.sundial == 3
    assert GAME.decisions(s)[0].prompt == {"amount": 4}


# --- Tricky -----------------------------------------------------------------------------------------
def test_tricky_william_gives_six_clue() -> None:
    s = position(event="tricky", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "william", "Stabulum")
    assert GAME.decisions(s)[0].prompt["amount"] == 6
    answer_signs(s, "+")
    assert s.clue == [11] * 6


def test_tricky_adson_gives_ten_suspicion() -> None:
    s = position(event="tricky", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "adson", "Stabulum")
    answer_signs(s, "-")
    assert s.suspicion == [0] * 6


# --- Dubious ----------------------------------------------------------------------------------------
def test_dubious_the_moved_monk_gains_one_clue_wherever_it_goes() -> None:
    s = position(event="dubious", pawns=EVERYONE_ELSEWHERE, hands={0: ["Hortus 2", "william_adson"]})
    act(s, card(s), "black")
    assert clue(s, "black") == 6


def test_dubious_nothing_for_william() -> None:
    s = position(event="dubious", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "william", "Hortus")
    assert s.clue == [5] * 6


# --- Forbidden --------------------------------------------------------------------------------------
def test_forbidden_monk_moved_into_the_library_gains_two_clue() -> None:
    s = position(event="forbidden", pawns=EVERYONE_ELSEWHERE, hands={0: ["white 1", "white 2"]})
    act(s, card(s), "Bibliotheca")
    assert clue(s, "white") == 7


def test_forbidden_nothing_elsewhere() -> None:
    s = position(event="forbidden", pawns=EVERYONE_ELSEWHERE, hands={0: ["white 1"]})
    act(s, card(s), "Hortus")
    assert clue(s, "white") == 5


# --- Caught (the doubled end-of-day example is in test_examples.py) ---------------------------------
def test_caught_does_nothing_during_the_day() -> None:
    s = position(event="caught", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "william", "Stabulum")
    answer_signs(s, "+")
    assert s.clue == [8] * 6


# --- Inquiring (the rulebook's example is in test_examples.py) --------------------------------------
def test_inquiring_nothing_when_william_walks_in_to_monks() -> None:
    s = position(event="inquiring", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "adson", "Stabulum")
    answer_signs(s, "+")
    assert s.clue == [5] * 6


# --- Suspicious -------------------------------------------------------------------------------------
def test_suspicious_after_the_turn_the_suspicion_leaders_gain_one_clue() -> None:
    s = position(event="suspicious", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]},
                 suspicion={"red": 20, "orange": 20})
    act(s, card(s), "william", "Hortus")
    assert (clue(s, "red"), clue(s, "orange"), clue(s, "blue")) == (6, 6, 5)


def test_suspicious_nothing_when_all_six_markers_are_equal() -> None:
    s = position(event="suspicious", pawns=EVERYONE_ELSEWHERE, hands={0: ["william_adson"]})
    act(s, card(s), "william", "Hortus")
    assert s.clue == [5] * 6
