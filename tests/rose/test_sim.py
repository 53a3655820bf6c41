"""``ludus sim rose``: bot-only games with win rates per seat and per level."""

from __future__ import annotations

import argparse

import pytest

from ludus import cli
from ludus.games.rose import simulate
from ludus.games.rose.game import GAME


def test_sim_prints_win_rates_per_seat_and_level(capsys):
    args = argparse.Namespace(game="rose", players=4, games=6, seed=1, seats="easy,random,random,random",
                              options={}, rounds=None, coop=None)
    assert simulate.sim_command(args) == 0
    printed = capsys.readouterr().out
    assert "6 games" in printed
    assert "easy" in printed and "random" in printed
    assert "per level" in printed


def test_sim_runs_from_the_command_line(capsys):
    assert cli.main(["sim", "rose", "--players", "3", "--games", "2", "--seed", "3"]) == 0
    assert "2 games" in capsys.readouterr().out


def test_win_shares_add_up_to_the_number_of_games():
    tally = simulate.run(3, ["easy", "random", "random"], games=5, seed=2, progress=False)
    assert sum(tally.wins) == pytest.approx(5)


def test_the_same_seed_plays_the_same_games():
    first, _ = simulate.play_one(GAME, ["easy", "random"], seed=9)
    second, _ = simulate.play_one(GAME, ["easy", "random"], seed=9)
    assert first == second


def test_seats_fill_up_with_random_bots_and_reject_unknown_levels():
    assert simulate.parse_levels("easy", 3) == ["easy", "random", "random"]
    with pytest.raises(ValueError, match="unknown bot level"):
        simulate.parse_levels("grandmaster", 3)
    with pytest.raises(ValueError, match="3 players"):
        simulate.parse_levels("easy,easy,easy,easy", 3)


def test_sim_rotates_the_line_up_and_reports_intervals_and_guesses(capsys):
    tally = simulate.run(4, ["easy", "random", "random", "random"], games=4, seed=3, progress=False)
    assert tally.games == 4 and sum(tally.wins) == pytest.approx(4)
    row = next(row for row in tally.level_rows() if row["level"] == "easy")
    low, high = row["interval"]
    assert low <= row["win_rate"] <= high
    assert row["guesses"] == 4 * 3  # three targets in each of four games
    printed = simulate.report(tally)
    assert "guesses" in printed and "p=" in printed


def test_more_processes_play_the_same_games():
    one = simulate.run(3, ["easy", "random", "random"], games=3, seed=4, progress=False)
    two = simulate.run(3, ["easy", "random", "random"], games=3, seed=4, progress=False, jobs=2)
    assert one.wins == two.wins and one.clue == two.clue and one.right == two.right
