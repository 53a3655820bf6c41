"""A saved match step by step (engine/replay.py): every step's position is the one the move log gives when
replayed from the start, whichever snapshot the replay walks from; each perspective gets only what it was
told; everything only after the end."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.ai import bot_for
from ludus.engine import IllegalChoice, Match
from ludus.engine.replay import EVERYONE, Replay

GAMES = {"rose": (4, "random"), "floors": (3, "easy"), "shadows": (6, "random")}


@cache
def saved(game: str, seed: int = 5) -> dict:
    """A whole game of bots, as its match file."""
    players, level = GAMES[game]
    match = Match(game, players, seed)
    bots = [bot_for(match.game, seat, level, seed) for seat in range(players)]
    clock = 0.0
    while not match.finished:
        decisions = match.decisions()
        if not decisions:
            clock += 10_000
            match.advance(clock)
            continue
        decision = decisions[0]
        match.play(decision.seat, bots[decision.seat].choose(match.view(decision.seat), decision))
    return match.to_json()


@cache
def replayed(game: str) -> Replay:
    return Replay.from_json(saved(game), every=8)


def fresh(game: str, n: int) -> Match:
    data = saved(game)
    match = Match(data["game"], data["players"], data["seed"], data["options"])
    for entry in data["log"][:n]:
        match.replay_entry(entry)
    return match


@settings(max_examples=24, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), where=st.floats(0, 1), seat=st.integers(-1, 5))
def test_every_step_shows_the_position_the_log_gives_from_the_start(game: str, where: float, seat: int) -> None:
    replay = replayed(game)
    n = round(where * replay.moves)
    perspective = None if seat < 0 else seat % replay.players
    assert replay.view(replay.state_at(n), perspective) == {"view": fresh(game, n).view(perspective)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_walking_a_stretch_of_steps_gives_each_step_in_turn(game: str) -> None:
    replay = replayed(game)
    start = replay.every + 3  # not on a snapshot, and across the next one
    walked = [(n, replay.game.view(state, 0)) for n, state in replay.positions(start, start + replay.every + 2)]
    assert [n for n, _ in walked] == list(range(start, start + replay.every + 2))
    assert walked[-1][1] == fresh(game, walked[-1][0]).view(0)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_replay_ends_where_the_game_ended(game: str) -> None:
    replay = replayed(game)
    assert replay.moves == len(saved(game)["log"])
    assert replay.finished and replay.outcome == fresh(game, replay.moves).outcome()


def test_each_step_keeps_the_events_its_move_caused() -> None:
    replay = replayed("rose")
    match = fresh("rose", 0)
    for n, entry in enumerate(saved("rose")["log"], start=1):
        assert list(replay.steps[n - 1].events) == match.replay_entry(entry)


def test_a_seat_is_told_only_the_events_addressed_to_it() -> None:
    replay = replayed("rose")
    for n, step in enumerate(replay.steps, start=1):
        told = replay.step_json(n, 1)["events"]
        assert told == [event.to_json() for event in step.events if event.visible_to(1)]
        assert all(event["audience"] in (None, [1]) for event in told)


def test_the_spectator_is_told_only_public_events() -> None:
    replay = replayed("rose")
    assert any(event.audience for step in replay.steps for event in step.events)  # there are secrets to keep
    for n in range(1, replay.moves + 1):
        assert all(event["audience"] is None for event in replay.step_json(n, None)["events"])


def test_a_seat_sees_its_own_choices_and_not_the_others() -> None:
    replay = replayed("rose")
    for n, step in enumerate(replay.steps, start=1):
        shown = replay.step_json(n, 2)
        assert shown["seat"] == step.seat and shown["kind"] == step.kind
        if step.seat == 2:
            assert shown["choice"] == step.entry["choice"] and not shown["hidden"]
        else:
            assert shown["choice"] is None and shown["hidden"]


def test_everything_shows_every_choice_and_every_event() -> None:
    replay = replayed("rose")
    for n, step in enumerate(replay.steps, start=1):
        shown = replay.step_json(n, EVERYONE)
        assert shown["choice"] == step.entry["choice"]
        assert len(shown["events"]) == len(step.events)


def test_everything_is_every_seat_s_own_view_with_seats_that_know_the_same_sharing_one() -> None:
    rose = replayed("rose")
    state = rose.state_at(rose.moves // 2)
    panels = rose.view(state, EVERYONE)["panels"]
    assert [panel["seats"] for panel in panels] == [[0], [1], [2], [3]]  # every hand differs
    assert [panel["view"] for panel in panels] == [rose.game.view(state, seat) for seat in range(4)]
    floors = replayed("floors")  # nothing hidden: one board for everyone
    assert [panel["seats"] for panel in floors.view(floors.state_at(40), EVERYONE)["panels"]] == [[0, 1, 2]]
    shadows = replayed("shadows")
    seats = sorted(seat for panel in shadows.view(shadows.state_at(5), EVERYONE)["panels"] for seat in panel["seats"])
    assert seats == list(range(6))


def test_everything_is_refused_before_the_end() -> None:
    data = saved("rose")
    unfinished = Replay.from_json({**data, "log": data["log"][:40]})
    assert not unfinished.finished
    with pytest.raises(PermissionError):
        unfinished.check(EVERYONE)
    unfinished.check(0)
    unfinished.check(None)


@pytest.mark.parametrize("perspective", [4, -1, True, "0", "everyone"])
def test_a_perspective_the_match_has_not_is_refused(perspective: object) -> None:
    with pytest.raises(ValueError):
        replayed("rose").check(perspective)


def test_a_log_that_does_not_replay_is_refused() -> None:
    data = saved("rose")
    broken = {**data, "log": [*data["log"][:10], {"seat": 0, "choice": "no such thing"}]}
    with pytest.raises(IllegalChoice):
        Replay.from_json(broken)
    with pytest.raises(ValueError):
        Replay.from_json({"format": "something-else/1"})
    with pytest.raises(ValueError):
        Replay.from_json({"game": "rose"})


def test_a_real_time_game_s_clock_is_a_step_everyone_sees() -> None:
    match = Match("shadows", 3, 1)  # two or three players: the co-op countdown
    match.advance(1_000_000.0)  # the clock starts
    decision = match.decisions()[0]
    match.play(decision.seat, decision.options[0])
    match.advance(1_000_000.0 + 10_000)  # and runs out
    replay = Replay.from_json(match.to_json())
    assert [step.kind for step in replay.steps] == [None, decision.kind, None]
    assert replay.steps[2].events  # the round ends on time
    for perspective in (0, None, 2):
        clock = replay.step_json(3, perspective)
        assert clock["clock"] and "seat" not in clock and "choice" not in clock
        assert clock["events"] == [event.to_json() for event in replay.steps[2].events if event.visible_to(perspective)]
    assert replay.view(replay.state_at(3), None) == {"view": match.view(None)}
