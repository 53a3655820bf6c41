"""Every worked example of the English rulebook, played on a constructed position."""

from __future__ import annotations

from ludus.games.rose.components import COLOURS
from ludus.games.rose.game import GAME
from ludus.games.rose.position import act, position, step, to_final_guesses


def suspicion(s, colour: str) -> int:
    return s.suspicion[COLOURS.index(colour)]


def clue(s, colour: str) -> int:
    return s.clue[COLOURS.index(colour)]


def signs(s, wanted: dict[str, str]) -> list[str]:
    """Answer the sign steps by the monk each one asks about; returns the monks in the order asked."""
    asked = []
    while step(s) == "sign":
        monk = GAME.decisions(s)[0].prompt["monk"]
        asked.append(monk)
        act(s, wanted[monk])
    return asked


def test_two_time_tiles_keep_the_sundial_one_space_short_of_blue() -> None:
    # Two spaces from blue, only cards of 3 or more: play a 3 and add two time tiles to the row.
    s = position(event="caught", sundial=22, hands={0: ["red 3", "red 4", "Bibliotheca 3"]},
                 time_tiles={0: [("grey", 2), ("black", 5)]})
    row_before = len(s.row)
    act(s, s.ed.card_ids[s.hands[0][0]])
    assert step(s) == "time_tile"
    held = [s.ed.tile_ids[t] for t in s.time[0]]
    act(s, held[0], held[1])
    assert s.sundial == 23
    assert len(s.row) == row_before + 2
    assert [s.ed.tile_ids[t] for t in s.row[-2:]] == held  # added to the end of the row
    act(s, "Hortus" if s.pawns[0] != 13 else "Porta", "draw")
    assert s.day == 1 and s.active == 1


def test_orange_monk_in_the_church_with_an_orange_task_takes_it() -> None:
    s = position(event="caught", pawns={"orange": "Porta"}, hands={0: ["orange 2"]},
                 tiles={"Ecclesia": [("blue", 5), ("orange", 2)]})
    act(s, s.ed.card_ids[s.hands[0][0]], "Ecclesia")
    assert suspicion(s, "orange") == 8
    assert [s.ed.tile_views[t]["colour"] for t in s.tiles[10]] == ["blue"]
    assert [s.ed.tile_views[t] for t in s.time[0]] == [{"id": s.ed.tile_ids[s.time[0][0]], "colour": "orange",
                                                        "value": 2}]


def test_orange_monk_in_the_church_without_business_arouses_suspicion_of_all_tiles() -> None:
    s = position(event="caught", pawns={"orange": "Porta"}, hands={0: ["orange 2"]},
                 tiles={"Ecclesia": [("blue", 2), ("white", 2)]})
    act(s, s.ed.card_ids[s.hands[0][0]], "Ecclesia")
    assert suspicion(s, "orange") == 14
    assert s.time[0] == []
    assert len(s.tiles[10]) == 2


def test_william_then_the_blue_monk_then_adson_in_the_library() -> None:
    s = position(event="caught",
                 pawns={"william": "Porta", "adson": "Culina", "grey": "Bibliotheca", "white": "Bibliotheca",
                        "blue": "Hortus", "red": "Stabulum", "black": "Stabulum", "orange": "Stabulum"},
                 tiles={"Bibliotheca": [("red", 3), ("black", 2)]},
                 hands={0: ["william_adson"], 1: ["blue 1"], 2: ["william_adson"]})
    # William meets grey and white: the player moves grey forward and white back on the clue track.
    act(s, s.ed.card_ids[s.hands[0][0]], "william", "Bibliotheca")
    assert signs(s, {"grey": "+", "white": "-"}) == ["white", "grey"]
    act(s, "draw")
    assert (clue(s, "grey"), clue(s, "white")) == (8, 2)
    # The blue monk has no blue task there: suspicion + the sum of the tiles; William does nothing.
    act(s, s.ed.card_ids[s.hands[1][0]], "Bibliotheca")
    assert suspicion(s, "blue") == 15
    assert step(s) == "draw"
    act(s, "draw")
    # Adson meets blue, white and grey (asked in colour order): grey and white +5, blue -5.
    act(s, s.ed.card_ids[s.hands[2][0]], "adson", "Bibliotheca")
    assert signs(s, {"grey": "+", "white": "+", "blue": "-"}) == ["blue", "white", "grey"]
    assert (suspicion(s, "grey"), suspicion(s, "white"), suspicion(s, "blue")) == (15, 15, 10)


def _end_the_day(event: str) -> dict[str, int]:
    s = position(event=event, sundial=23,
                 pawns={"william": "Culina", "adson": "Porta", **dict.fromkeys(COLOURS, "Porta")},
                 hands={0: ["william_adson"]},
                 suspicion={"grey": 30, "blue": 20, "white": 20, "red": 15, "black": 15, "orange": 5})
    act(s, s.ed.card_ids[s.hands[0][0]], "william", "Hortus", "draw")
    assert s.suspicion == [10] * 6
    return {colour: clue(s, colour) - 5 for colour in COLOURS}


def test_end_of_day_converts_suspicion_places_five_four_four_three_three_two() -> None:
    assert _end_the_day("inquiring") == {"grey": 5, "blue": 4, "white": 4, "red": 3, "black": 3, "orange": 2}


def test_caught_doubles_the_end_of_day_example_to_ten_eight_eight_six_six_four() -> None:
    assert _end_the_day("caught") == {"grey": 10, "blue": 8, "white": 8, "red": 6, "black": 6, "orange": 4}


def test_four_players_two_correct_guesses_cost_the_blue_player_eight_clue() -> None:
    s = to_final_guesses(position(4, identities=["blue", "red", "white", "black"]))
    before = clue(s, "blue")
    guesses = {0: ["red", "white", "black"], 1: ["blue", "white", "black"], 2: ["orange", "red", "black"],
               3: ["blue", "red", "white"]}
    for seat, colours in guesses.items():
        for colour in colours:
            GAME.apply(s, seat, colour)
    outcome = GAME.outcome(s)
    assert outcome is not None
    blue = outcome.details["breakdown"]["0"]
    assert blue["guessed_by"] == [1, 3]
    assert blue["guess_points"] == 8
    assert blue["final"] == before + 8


def test_awkward_red_monk_card_of_four_gives_white_four_suspicion() -> None:
    s = position(event="awkward", pawns={"red": "Porta"}, tiles={"Culina": [("red", 3), ("blue", 2)]},
                 hands={0: ["red 4"]})
    act(s, s.ed.card_ids[s.hands[0][0]], "Culina")
    assert suspicion(s, "red") == 7
    assert step(s) == "awkward"
    assert GAME.decisions(s)[0].prompt == {"amount": 4}
    act(s, "white")
    assert suspicion(s, "white") == 14


def test_awkward_after_william_gives_five_and_after_adson_nothing() -> None:
    s = position(event="awkward", pawns={"william": "Porta", "adson": "Culina", **dict.fromkeys(COLOURS, "Hortus")},
                 hands={0: ["william_adson"], 1: ["william_adson"]})
    act(s, s.ed.card_ids[s.hands[0][0]], "william", "Stabulum", "black")
    assert suspicion(s, "black") == 15
    act(s, "draw")
    act(s, s.ed.card_ids[s.hands[1][0]], "adson", "Stabulum")
    assert step(s) == "draw"


def test_inquiring_blue_monk_meets_red_and_black_who_gain_one_clue_each() -> None:
    s = position(event="inquiring", pawns={"blue": "Porta", "red": "Culina", "black": "Culina"},
                 hands={0: ["blue 1"]})
    act(s, s.ed.card_ids[s.hands[0][0]], "Culina")
    assert (clue(s, "red"), clue(s, "black"), clue(s, "blue")) == (6, 6, 5)
