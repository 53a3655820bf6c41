"""The bot ladder: mixed line-ups where the levels meet, seats rotated, seeds from the ladder's place alone."""

from __future__ import annotations

import importlib.util
import itertools
import json
from collections import Counter
from pathlib import Path

import pytest

from ludus.ai import ladder
from ludus.ai.bot import LEVELS
from ludus.ai.ladder import SUPPORTED, line_ups, outcome_of, plan, play, seatings

ROOT = Path(__file__).resolve().parents[2]


def load_script():
    spec = importlib.util.spec_from_file_location("bot_ladder_script", ROOT / "scripts" / "bot_ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game, players", [(g, n) for g, counts in SUPPORTED.items() for n in counts])
def test_every_two_levels_meet_in_the_same_games_at_every_supported_player_count(game, players):
    met = {frozenset(pair) for up in line_ups(game, players) for pair in itertools.combinations(set(up), 2)}
    assert met == {frozenset(pair) for pair in itertools.combinations(LEVELS, 2)}
    for up in line_ups(game, players):
        for seated in seatings(game, players, up):
            assert len(seated) == players


@pytest.mark.parametrize("game, players", [("rose", 3), ("rose", 5), ("floors", 2), ("floors", 4)])
def test_a_block_seats_every_level_of_its_line_up_at_every_seat(game, players):
    for up in line_ups(game, players):
        block = seatings(game, players, up)
        assert len(block) == players
        for seat in range(players):
            assert Counter(seated[seat] for seated in block) == Counter(up)


@pytest.mark.parametrize("players", SUPPORTED["shadows"])
def test_shadows_teams_are_one_level_each_and_swap_seats(players):
    ups = line_ups("shadows", players)
    assert len(ups) == 6
    for first, second in ups:
        block = seatings("shadows", players, (first, second))
        assert block[0] == tuple(first if seat % 2 == 0 else second for seat in range(players))
        assert block[1] == tuple(second if seat % 2 == 0 else first for seat in range(players))


def test_the_line_ups_cycle_and_every_game_of_a_block_has_its_deal():
    jobs = plan("rose", 3, 24, seed=7)
    assert len(jobs) == 24  # 8 blocks of 3 rotations
    assert [job.levels for job in jobs[::3]][:4] == [tuple(up) for up in line_ups("rose", 3)]
    for block in range(8):
        assert len({job.seed for job in jobs if job.block == block}) == 1
    assert len({job.seed for job in jobs}) == 8


def test_seeds_come_from_the_ladder_seed_and_the_games_place_alone():
    assert plan("floors", 4, 8, seed=3) == plan("floors", 4, 16, seed=3)[:8]
    assert [j.seed for j in plan("floors", 4, 8, seed=3)] != [j.seed for j in plan("floors", 4, 8, seed=4)]
    assert [j.seed for j in plan("floors", 4, 8, seed=3)] != [j.seed for j in plan("floors", 5, 10, seed=3)][:8]


def test_an_unsupported_player_count_is_refused():
    with pytest.raises(ValueError, match="players"):
        plan("rose", 2, 10, seed=1)


def test_ladder_bots_are_told_what_their_seat_sees(monkeypatch):
    told: Counter[int] = Counter()
    real = ladder.bot_for

    class Watching:
        def __init__(self, bot, seat):
            self.bot, self.seat = bot, seat

        def choose(self, view, decision):
            return self.bot.choose(view, decision)

        def observe(self, events):
            told[self.seat] += 1
            for event in events:
                assert event.audience is None or self.seat in event.audience
            getattr(self.bot, "observe", lambda _: None)(events)

    def watched(game, seat, level, seed):
        return Watching(real(game, seat, level, seed), seat)

    monkeypatch.setattr(ladder, "bot_for", watched)
    row = play(plan("rose", 3, 3, seed=2, levels=("random", "easy"))[0])
    assert row["moves"] > 0
    assert set(told) == {0, 1, 2}
    assert min(told.values()) >= row["moves"]  # told after every move


def test_a_ladder_game_replays_from_its_seed():
    job = plan("rose", 3, 3, seed=9, levels=("random", "easy"))[1]
    assert outcome_of(play(job)) == outcome_of(play(job))


def test_the_script_rates_the_games_writes_starting_ratings_and_replays_nothing_twice(tmp_path, capsys):
    script = load_script()
    results, out = tmp_path / "results.jsonl", tmp_path / "bot_ratings.json"
    arguments = ["--games", "rose:3=6", "--levels", "random,easy", "--seed", "4", "--workers", "1",
                 "--results", str(results), "--out", str(out), "--bootstrap", "50"]
    assert script.main(arguments) == 0
    first = capsys.readouterr()
    assert "rose, 3 players: 6 games (2 deals)" in first.out
    lines = results.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 6
    data = json.loads(out.read_text(encoding="utf-8"))
    rose = data["games"]["rose"]
    assert set(rose) == {"random", "easy"}
    ordinal = {level: entry["mu"] - 3 * entry["sigma"] for level, entry in rose.items()}
    assert ordinal["easy"] > ordinal["random"]  # the fit's order, shown as the server shows ratings
    assert data["ladder"]["rose"] == {"games": 6, "players": {"3": 6}}
    assert script.main(arguments) == 0  # a rerun finds every game in the results and plays none
    assert "0 to play" in capsys.readouterr().err
    assert results.read_text(encoding="utf-8").splitlines() == lines
    # a longer ladder stopped early: --no-play rates the whole blocks played so far and plays nothing
    longer = [*arguments[:1], "rose:3=12", *arguments[2:], "--no-play", "--no-seed-file"]
    assert script.main(longer) == 0
    assert "rose, 3 players: 6 games (2 deals)" in capsys.readouterr().out
    assert results.read_text(encoding="utf-8").splitlines() == lines
