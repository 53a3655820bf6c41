from __future__ import annotations

import json

import pytest

from ludus import cli
from ludus.i18n import LANGUAGES, catalog, t


def test_cli_rejects_an_unknown_game():
    with pytest.raises(SystemExit) as exit_:
        cli.main(["play", "chess"])
    assert exit_.value.code == 2


def test_cli_rejects_options_that_are_not_a_json_object():
    with pytest.raises(SystemExit, match="must be a JSON object"):
        cli.main(["play", "rose", "--options", "[1, 2]"])


def test_replay_command_prints_the_outcome_of_a_saved_match(takeaway, tmp_path, capsys):
    from ludus.engine import Match

    match = Match("takeaway", 2, seed=1, options={"counters": 2})
    match.play(0, 2)
    path = tmp_path / "match.json"
    path.write_text(match.dumps())
    assert cli.main(["replay", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["moves"] == 1 and printed["outcome"]["winners"] == [0]


def test_messages_come_in_every_language_and_fall_back_to_english():
    for lang in LANGUAGES:
        assert catalog(lang, "common")["game.rose"]
    assert t("common.choice.invalid", "hu", count=3).endswith("3 között.")
    assert t("common.no-such-key", "zh") == "common.no-such-key"
    with pytest.raises(ValueError, match="unknown language"):
        t("common.you", "fr")
