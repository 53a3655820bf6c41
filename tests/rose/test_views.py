"""What each seat may see, as the digest's last section lists it."""

from __future__ import annotations

import json
import random

import pytest

from ludus.engine import BadOptions, Match
from ludus.games.rose.components import COLOURS, load_edition
from ludus.games.rose.game import GAME
from ludus.games.rose.position import act, position, to_final_guesses

ELSEWHERE = {"william": "Porta", "adson": "Culina", **dict.fromkeys(COLOURS, "Stabulum")}


def test_a_view_is_plain_json() -> None:
    view = GAME.view(GAME.setup(4, 3), 1)
    assert json.loads(json.dumps(view)) == view


def test_a_player_sees_their_own_identity_and_hand() -> None:
    s = GAME.setup(4, 3)
    you = GAME.view(s, 2)["you"]
    assert you["identity"] == COLOURS[s.identity[2]]
    assert [card["id"] for card in you["hand"]] == [s.ed.card_ids[c] for c in s.hands[2]]


def test_cards_are_spelled_out_with_type_target_and_hours() -> None:
    s = position(hands={0: ["red 4", "Porta 2", "william_adson"]})
    hand = GAME.view(s, 0)["you"]["hand"]
    assert [(c["type"], c.get("monk"), c.get("building"), c["hours"]) for c in hand] == [
        ("monk", "red", None, 4), ("building", None, "Porta", 2), ("william_adson", None, None, None)]


def test_others_show_only_counts_of_cards_and_time_tiles() -> None:
    s = position(time_tiles={1: [("red", 2), ("red", 3)]})
    view = GAME.view(s, 0)
    assert view["seats"][1]["cards"] == 3 and view["seats"][1]["time_tiles"] == 2
    text = json.dumps(view)
    for card in s.hands[1]:
        hidden = s.ed.card_ids[card]
        assert f'"{hidden}"' not in text or card in s.discard
    for tile in s.time[1]:
        assert f'"{s.ed.tile_ids[tile]}"' not in text


def test_nobody_sees_the_draw_pile_order_or_the_face_down_row() -> None:
    s = GAME.setup(3, 9)
    view = GAME.view(s, 0)
    assert view["draw_pile"] == len(s.draw) and view["task_row"] == len(s.row)
    text = json.dumps(view)
    assert all(f'"{s.ed.tile_ids[t]}"' not in text for t in s.row)


def test_face_down_events_and_others_identities_stay_hidden() -> None:
    s = GAME.setup(4, 11)
    view = GAME.view(s, 0)
    assert view["event_row"][1:] == [None] * 5
    assert "identity" not in json.dumps(view["seats"])
    assert view["outcome"] is None


def test_a_spectator_sees_no_hand_and_no_identity() -> None:
    view = GAME.view(GAME.setup(4, 3), None)
    assert view["you"] is None and view["seat"] is None


def test_a_revelation_pick_stays_secret_until_all_have_chosen() -> None:
    s = position(3, event="caught", identities=["red", "blue", "white"], pawns=ELSEWHERE,
                 hands={0: ["william_adson"]}, sundial=23)
    act(s, s.ed.card_ids[s.hands[0][0]], "william", "Hortus", "draw")
    GAME.apply(s, 0, "orange")
    mine, theirs = GAME.view(s, 0), GAME.view(s, 1)
    assert mine["you"]["revelation"] == "orange"
    assert theirs["seats"][0]["revelation_ready"] is True
    assert theirs["seats"][0]["revealed"] == [] and theirs["you"]["revelation"] is None
    GAME.apply(s, 1, "grey")
    GAME.apply(s, 2, "grey")
    assert GAME.view(s, 1)["seats"][0]["revealed"] == ["orange"]


def test_guesses_stay_secret_until_all_are_placed_then_the_outcome_shows_everything() -> None:
    s = to_final_guesses(position(2, identities=["red", "blue"]))
    GAME.apply(s, 0, "blue")
    assert GAME.view(s, 0)["you"]["guesses"] == {"1": "blue"}
    other = GAME.view(s, 1)
    assert other["you"]["guesses"] == {} and other["seats"][0]["guesses_ready"] is True
    assert other["outcome"] is None
    GAME.apply(s, 1, "white")
    outcome = GAME.view(s, None)["outcome"]
    assert outcome["identities"] == {"0": "red", "1": "blue"}
    assert outcome["guesses"] == {"0": {"1": "blue"}, "1": {"0": "white"}}
    assert outcome["breakdown"]["1"]["guessed_by"] == [0]
    assert GAME.view(s, None)["phase"] == "over"


def test_the_current_turn_is_public() -> None:
    s = position(event="tricky", pawns={**ELSEWHERE, "red": "Hortus"}, hands={0: ["william_adson"]})
    act(s, s.ed.card_ids[s.hands[0][0]], "william", "Hortus")
    turn = GAME.view(s, 3)["turn"]
    assert turn["step"] == "sign" and turn["william_or_adson"] == "william" and turn["pawn"] == "william"
    assert turn["queue"][0] == ["sign", "red", "clue", 6]


def test_changing_a_view_does_not_change_the_game() -> None:
    s = GAME.setup(4, 3)
    view = GAME.view(s, 0)
    view["you"]["hand"][0]["hours"] = 99
    view["buildings"]["Porta"]["tiles"].clear()
    assert GAME.view(s, 0) != view


def test_the_views_of_several_seats_at_once_are_each_seats_own_view() -> None:
    # the server builds every seat's view after each move with ``views`` (the shared part once)
    rng = random.Random(7)
    match = Match(GAME, 4, 3)
    for _ in range(300):
        seats = [None, 3, 0, 2, 1]
        views = match.views(seats)
        assert list(views) == seats
        assert all(json.dumps(views[seat]) == json.dumps(match.view(seat)) for seat in seats)
        decisions = match.decisions()
        if match.finished or not decisions:
            break
        decision = rng.choice(decisions)
        match.play(decision.seat, rng.choice(decision.options))
    assert match.finished


def test_the_component_table_marks_assumed_values_unverified() -> None:
    rows = {row["name"]: row for row in GAME.components()}
    assert rows["monk_card_hours"]["verified"] is False
    assert rows["building_card_hours"]["verified"] is False
    assert rows["task_tile_values"]["verified"] is False
    assert rows["william_hours"]["verified"] is True


def test_an_edition_overrides_component_values() -> None:
    s = GAME.setup(2, 0, {"edition": {"monk_card_hours": [0, 1, 2, 5]}})
    assert sorted({s.ed.card_hours[c] for c in range(28, 32)}) == [0, 1, 2, 5]
    assert {row["name"]: row for row in GAME.components(s)}["monk_card_hours"]["verified"] is True


def test_an_edition_may_not_name_unknown_rows_or_change_protocol_names() -> None:
    for bad in ({"dragons": 3}, {"buildings": ["A"]}, {"monk_card_hours": "many"}, "/etc/passwd"):
        with pytest.raises(BadOptions):
            GAME.setup(2, 0, {"edition": bad})


def test_an_edition_file_loads_for_python_callers(tmp_path) -> None:
    path = tmp_path / "edition.json"
    path.write_text(json.dumps({"building_card_hours": [1, 4]}), encoding="utf-8")
    edition = load_edition(path)
    assert edition.card_hours[:2] == (1, 4)
    assert load_edition(None) is load_edition({})
