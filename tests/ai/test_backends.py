"""Ladders and simulations on Ray or on a process pool: the same seed gives the same games on every backend."""

from __future__ import annotations

import re

import pytest

from ludus.ai.backends import LOCAL, Backend, run_jobs, start_local_ray
from ludus.ai.ladder import outcome_of, plan, play
from ludus.cli import main

ray = pytest.importorskip("ray")  # the 'ladder' extra, which scripts/test.sh installs

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray with 2 CPUs for the module (start-up takes tens of seconds on a busy machine)."""
    start_local_ray(num_cpus=2)
    yield
    ray.shutdown()


def cheap_ladder() -> list:
    # 20 games: 4 players of random and easy bots, five deals each under the four rotations
    jobs = plan("rose", 4, 20, seed=11, levels=("random", "easy"))
    assert len(jobs) == 20
    return jobs


def test_the_same_20_game_ladder_gives_identical_outcomes_on_a_local_ray_and_on_the_process_pool(local_ray):
    jobs = cheap_ladder()
    on_ray = [outcome_of(row) for row in run_jobs(play, jobs, Backend(workers=2, ray=LOCAL))]
    on_pool = [outcome_of(row) for row in run_jobs(play, jobs, Backend(workers=2))]
    assert on_ray == on_pool
    assert len({(row["seed"], tuple(row["levels"])) for row in on_ray}) == 20
    assert {row["outcome"]["winners"][0] for row in on_ray} != {0}  # the games differ: a real ladder was played
    # and as they finish (the ladder script's way), the same results
    finished = [outcome_of(row) for row in run_jobs(play, jobs, Backend(workers=2, ray=LOCAL), ordered=False)]
    key = lambda row: (row["block"], row["levels"])  # noqa: E731
    assert sorted(finished, key=key) == sorted(on_pool, key=key)
    assert ray.is_initialized()  # a Ray that was up already is left up


def test_a_ladder_game_replays_from_its_seed_in_this_process(local_ray):
    jobs = cheap_ladder()[:4]
    here = [outcome_of(row) for row in run_jobs(play, jobs)]
    assert here == [outcome_of(row) for row in run_jobs(play, jobs, Backend(workers=2, ray=LOCAL))]


def without_clocks(text: str) -> str:
    """The report without what the wall clock measured (think times, games per second)."""
    text = re.sub(r"think mean.*", "", text)
    return re.sub(r"\(\d+/s, [\d.]+ s wall\)", "", text)


@pytest.mark.parametrize("game, seats", [("rose", "easy,random,random"), ("shadows", "random,easy,random,easy")])
def test_ludus_sim_on_ray_reports_what_the_process_pool_reports(local_ray, capsys, game, seats):
    assert main(["sim", game, "--seats", seats, "--games", "6", "--seed", "5", "--jobs", "2"]) == 0
    on_pool = capsys.readouterr().out
    assert main(["sim", game, "--seats", seats, "--games", "6", "--seed", "5", "--jobs", "2", "--ray"]) == 0
    on_ray = capsys.readouterr().out
    assert without_clocks(on_ray) == without_clocks(on_pool)
    assert "6 games" in on_pool or "games 6" in on_pool
