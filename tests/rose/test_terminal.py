"""Terminal play: a human answering from stdin plays a whole game against bots, in every language."""

from __future__ import annotations

import argparse
import io

import pytest
from rich.console import Console

from ludus import cli
from ludus.engine import Decision
from ludus.games.rose import terminal
from ludus.games.rose.game import GAME
from ludus.i18n import t


def _args(**given) -> argparse.Namespace:
    values = {"game": "rose", "players": 4, "bots": 3, "level": "easy", "seed": 7, "lang": "en", "options": {},
              "delay": 0.0}
    values.update(given)
    return argparse.Namespace(**values)


def _play(monkeypatch, **given) -> tuple[int, str, int]:
    asked = []

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return "1"

    monkeypatch.setattr("builtins.input", answer)
    out = io.StringIO()
    code = terminal.play_command(_args(**given), console=Console(file=out, width=120, color_system=None))
    return code, out.getvalue(), len(asked)


@pytest.mark.parametrize("lang", ["en", "hu", "zh"])
def test_a_human_answering_option_one_plays_a_whole_game_against_three_bots(monkeypatch, lang):
    code, printed, asked = _play(monkeypatch, lang=lang)
    assert code == 0
    assert asked > 20
    assert t("rose.title", lang) in printed
    assert t("rose.track.sundial", lang) in printed
    assert t("rose.building.Ecclesia", lang) in printed
    assert t("rose.prompt.card", lang) in printed
    assert t("rose.prompt.revelation", lang) in printed
    assert t("rose.score.title", lang) in printed
    assert t("common.winner", lang, names="").split(":")[0].split("：")[0] in printed


def test_the_board_shows_face_down_events_hand_and_time_tiles(monkeypatch):
    code, printed, _ = _play(monkeypatch, players=3, bots=2, seed=3)
    assert code == 0
    assert "[2 ?]" in printed
    assert t("rose.ui.hand", "en") in printed and t("rose.ui.time_tiles", "en") in printed
    assert "Bot 2" in printed and "You (player 1)" in printed


def test_with_as_many_bots_as_players_the_human_watches(monkeypatch):
    def no_input(prompt: str = "") -> str:
        raise AssertionError("a watcher is never asked")

    monkeypatch.setattr("builtins.input", no_input)
    out = io.StringIO()
    code = terminal.play_command(_args(players=2, bots=2, seed=5), console=Console(file=out, width=100))
    assert code == 0
    assert t("rose.ui.spectator", "en") in out.getvalue()


def test_a_wrong_number_is_asked_again(monkeypatch):
    answers = iter(["9", "x", "2"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    console = Console(file=io.StringIO())
    words = terminal.Words("en", {0: "You"})
    assert terminal.ask_number(console, words, 3) == 2
    assert console.file.getvalue().count("Please type a number from 1 to 3.") == 2


def test_a_question_mark_shows_the_rules_summary_and_asks_again(monkeypatch):
    answers = iter(["?", "1"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    console = Console(file=io.StringIO(), width=100)
    words = terminal.Words("zh", {0: "你"})
    assert terminal.ask_number(console, words, 2, event="tricky") == 1
    printed = console.file.getvalue()
    assert t("rose.help.title", "zh") in printed and t("rose.event.tricky.name", "zh") in printed


def test_the_end_of_input_stops_the_game(monkeypatch):
    def closed(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", closed)
    assert terminal.play_command(_args(), console=Console(file=io.StringIO())) == 1


def test_every_decision_kind_is_phrased_from_the_catalog():
    state = GAME.setup(4, 2)
    view = GAME.view(state, 0)
    words = terminal.Words("hu", {s: f"P{s}" for s in range(4)})
    cases = [
        Decision(0, "sign", ("+", "-"), {"monk": "red", "track": "clue", "amount": 3}),
        Decision(0, "clue_bonus_split", ("one", "two"), {"event": "mysterious"}),
        Decision(0, "clue_bonus", ("red", "blue"), {"amount": 2, "event": "culprits_heels"}),
        Decision(0, "awkward", ("red",), {"amount": 4}),
        Decision(0, "guess", ("red",), {"target": 2}),
        Decision(0, "destination", ("Ecclesia",), {"pawn": "william"}),
        Decision(0, "pawn", ("red", "adson"), {"building": "Hortus"}),
        Decision(0, "studious", ("again", "skip")),
        Decision(0, "william_or_adson", ("william", "adson")),
    ]
    for decision in cases:
        assert "{" not in terminal.prompt_text(words, view, decision)
        for option in decision.options:
            label = terminal.option_label(words, view, decision, option)
            assert label and label != option
    assert terminal.option_label(words, view, cases[0], "+") == "+3 (előre)"
    assert terminal.prompt_text(words, view, cases[4]) == "Melyik szerzetes P2?"


def test_ludus_play_rose_runs_from_the_command_line(monkeypatch, capsys):
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert cli.main(["play", "rose", "--players", "2", "--bots", "1", "--seed", "4", "--lang", "zh"]) == 0
    assert "玫瑰之名" in capsys.readouterr().out


# --- clearer prompts (issue 13, point 7) -----------------------------------------------------------------

def _turn_view(sundial: int, hours: int, cancelled: int = 0) -> dict:
    view = GAME.view(GAME.setup(4, 2), 0)
    view["sundial"] = sundial
    view["turn"] = {"hours": hours, "cancelled": cancelled}
    return view


def test_the_time_tile_prompt_shows_where_the_sundial_stands_and_where_the_card_takes_it():
    words = terminal.Words("en", {0: "You"}, 0)
    text = terminal.prompt_text(words, _turn_view(15, 4, 1), Decision(0, "time_tile", ("t1", "done")))
    assert "15/24" in text and "moves it 3 to 18" in text and "ends the day" not in text


def test_the_time_tile_prompt_says_when_the_move_ends_the_day():
    # "Example: The time marker is 2 spaces away from the blue space ... a 3-value card"
    for lang in ("en", "hu", "zh"):
        words = terminal.Words(lang, {0: "P"}, 0)
        text = terminal.prompt_text(words, _turn_view(22, 3), Decision(0, "time_tile", ("t1", "done")))
        assert text == t("rose.prompt.time_tile.day_ends", lang, at=22, day=24, hours=3, to=24)
    words = terminal.Words("en", {0: "You"}, 0)
    assert "ends the day" not in terminal.prompt_text(words, _turn_view(22, 3, 2), Decision(0, "time_tile", ("done",)))


def test_the_destination_prompt_shows_each_buildings_pawns_and_task_tiles():
    state = GAME.setup(4, 2)
    view = GAME.view(state, 0)
    words = terminal.Words("en", {0: "You"}, 0)
    decision = Decision(0, "destination", ("Ecclesia", "Hortus"), {"pawn": "william"})
    for building in decision.options:
        label = terminal.option_label(words, view, decision, building)
        place = view["buildings"][building]
        assert label.startswith(t(f"rose.building.{building}", "en"))
        assert all(words.pawn(pawn) in label for pawn in place["pawns"])
        assert all(words.tile(tile) in label for tile in place["tiles"]) and place["tiles"]


def test_a_building_is_never_named_twice_as_in_scriptorium_scriptorium():
    words = terminal.Words("en", {0: "You"}, 0)
    assert words.building_name("Scriptorium") == "Scriptorium"
    assert words.building_name("Bibliotheca") == "Library (Bibliotheca)"
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(terminal.abbey(words, GAME.view(GAME.setup(4, 2), 0)))
    assert "Scriptorium (Scriptorium)" not in out.getvalue() and out.getvalue().count("Scriptorium") == 1


def test_drawing_a_card_at_the_end_of_the_turn_is_never_asked(monkeypatch):
    code, printed, asked = _play(monkeypatch, players=3, bots=2, seed=3)
    assert code == 0 and asked > 20
    assert t("rose.prompt.draw", "en") not in printed and t("rose.log.drew_card", "en", card="").strip(". ") in printed


def test_event_lines_about_you_speak_to_you_in_english_and_hungarian():
    from ludus.engine import Event

    events = [Event("card_played", {"seat": 0, "card": "c30"}), Event("time_tile_spent", {"seat": 0, "cancelled": 1}),
              Event("day_ended", {"day": 2, "ender": 0, "event": "tricky"}),
              Event("revealed", {"day": 1, "colours": {"0": "red", "1": "blue"}}),
              Event("guess_placed", {"seat": 1, "target": 0}), Event("card_played", {"seat": 1, "card": "c30"})]
    names = {0: t("rose.ui.you", "en", seat=1), 1: "Bot 2"}
    english = [terminal.log_line(terminal.Words("en", names, 0), event) for event in events]
    assert english[0].startswith("You play ") and english[1].startswith("You return a time tile")
    assert "You take the event tile" in english[2] and "you are not red; Bot 2 is not blue" in english[3]
    assert english[4] == "Bot 2 placed a guess about you." and english[5].startswith("Bot 2 plays ")
    assert not any("You (player 1)" in line for line in english)
    hungarian = [terminal.log_line(terminal.Words("hu", {0: "Te (1. játékos)", 1: "2. gép"}, 0), e) for e in events]
    assert hungarian[0].startswith("Kijátszod: ") and hungarian[1].startswith("Visszaadsz egy idő lapkát")
    assert "Megkapod az eseménylapkát" in hungarian[2] and hungarian[4] == "2. gép tippet tett rólad."
    assert not any("Te (1. játékos)" in line for line in hungarian)


def test_the_rules_help_shows_the_assumed_values_and_how_to_change_them():
    from ludus.games.rose.components import load_edition

    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    console.print(terminal.rules_help(terminal.Words("en", {0: "You"}, 0)))
    printed = out.getvalue()
    assert t("rose.component.title", "en") in printed and "edition" in printed
    assert "1, 2, 3, 4" in printed and "2, 2, 3, 3, 4, 5, 6" in printed and "assumed" in printed
    out.truncate(0)
    console.print(terminal.rules_help(terminal.Words("en", {0: "You"}, 0),
                                      edition=load_edition({"monk_card_hours": [0, 2, 4, 5]})))
    assert "0, 2, 4, 5" in out.getvalue() and t("rose.component.yours", "en") in out.getvalue()
