"""The terminal front end and the simulator run whole games in every language."""

from __future__ import annotations

import argparse
import io
import json
from importlib import resources

import pytest
from rich.console import Console

from ludus import cli
from ludus.games.floors import terminal
from ludus.games.floors.game import GAME
from ludus.games.floors.terminal import TerminalGame
from ludus.i18n import LANGUAGES, plural_base


def _args(**kw) -> argparse.Namespace:
    base = {"players": 2, "bots": 2, "level": "easy", "seed": 3, "lang": "en", "options": {}, "delay": 0.0}
    base.update(kw)
    return argparse.Namespace(**base)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bot_game_is_drawn_and_animated_in_every_language(lang):
    out = io.StringIO()
    game = TerminalGame(_args(lang=lang), Console(file=out, width=100, color_system=None, highlight=False))
    assert game.run() == 0
    text = out.getvalue()
    assert any(f"M{arrow}" in text for arrow in "▲▶▼◀")
    assert {"en": "Step 1:", "hu": "1. lépés:", "zh": "第1步"}[lang] in text


def test_a_human_is_prompted_with_numbered_options_and_a_bad_answer_is_asked_again(monkeypatch):
    # With a human at the table the monster's steps pause 0.35 s each; the pauses are recorded, not slept.
    pauses: list[float] = []
    monkeypatch.setattr(terminal.time, "sleep", pauses.append)
    out = io.StringIO()
    game = TerminalGame(_args(players=2, bots=1, seed=5, options={"variant": "advanced"}),
                        Console(file=out, width=100))
    answers = iter(["x"])
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        out.write(prompt)
        prompts.append(prompt)
        nxt = next(answers, None)
        if nxt is not None:
            return nxt
        return str(len(GAME.decisions(game.state)[0].options))  # the last option: "done" when moving

    game.console.input = answer  # type: ignore[method-assign]
    assert game.run() == 0
    text = out.getvalue()
    assert "1 to" in text and "1)" in text
    count = len(GAME.decisions(GAME.setup(2, 5, {"variant": "advanced"}))[0].options)
    assert prompts[:2] == [f"Your choice [1-{count}]: "] * 2  # the bad answer "x" is asked again
    assert text.count(f"Please type a number from 1 to {count}.") == 1
    assert pauses and all(pause == 0.35 for pause in pauses)  # the monster was animated step by step


def test_ludus_sim_floors_prints_win_rates(capsys):
    assert cli.main(["sim", "floors", "--games", "2", "--seats", "easy,random"]) == 0
    printed = capsys.readouterr().out
    assert "win rate" in printed and "Player 1 (easy)" in printed


def test_every_floors_message_exists_in_every_language():
    messages = {lang: json.loads((resources.files("ludus.i18n") / lang / "floors.json").read_text("utf-8"))
                for lang in LANGUAGES}
    # a plural family counts once: Chinese has only its "other" form (CLDR)
    keys = {lang: {plural_base(key, found) or key for key in found} for lang, found in messages.items()}
    assert keys["en"] == keys["hu"] == keys["zh"]
