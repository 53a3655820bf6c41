"""Render modes: "ansi" returns the table as text, "human" prints it — as PettingZoo's classic environments do."""

from __future__ import annotations

import functools

import pytest
from pettingzoo.test import render_test

from ludus.envs import against_bots, floors_v0, rose_v0, shadows_v0

ENVS = {
    "rose": functools.partial(rose_v0.env, players=3),
    "floors": functools.partial(floors_v0.env, players=2),
    "shadows": functools.partial(shadows_v0.env, players=3, preset="agent"),
}


@pytest.mark.parametrize("game_id", sorted(ENVS))
def test_pettingzoo_render_test_passes(game_id, capsys):
    render_test(ENVS[game_id])
    assert capsys.readouterr().out  # "human" printed the table


@pytest.mark.parametrize("game_id", sorted(ENVS))
def test_human_render_prints_the_table_ansi_returns_after_every_step(game_id, capsys):
    shown, drawn = ENVS[game_id](render_mode="human"), ENVS[game_id](render_mode="ansi")
    shown.reset(seed=4)
    drawn.reset(seed=4)
    assert capsys.readouterr().out == drawn.render() + "\n"  # reset shows the table
    observation, *_ = shown.last()
    action = int(observation["action_mask"].nonzero()[0][0])
    shown.step(action)
    drawn.step(action)
    assert capsys.readouterr().out == drawn.render() + "\n"  # and so does every step
    assert shown.render() is None
    assert capsys.readouterr().out == drawn.render() + "\n"


def test_an_unknown_render_mode_names_the_supported_ones():
    with pytest.raises(ValueError, match="None, 'human' or 'ansi'"):
        rose_v0.env(players=3, render_mode="rgb_array")


def test_against_bots_human_render_prints_the_table(capsys):
    env = against_bots("floors", seat=0, opponents="random", render_mode="human")
    env.reset(seed=2)
    assert capsys.readouterr().out
    assert env.render() is None
    assert "\n" in capsys.readouterr().out
