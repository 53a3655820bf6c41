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
