"""The kernel's promises: clear errors, untouched state on illegal choices, exact replay."""

from __future__ import annotations

import enum
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.ai import RandomBot, bot_for
from ludus.engine import (
    BadOptions,
    Decision,
    Event,
    IllegalChoice,
    Match,
    Option,
    UnknownGame,
    load_game,
    normalize,
    resolve_options,
)


def test_unknown_game_id_is_a_clear_error():
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'.*known games: floors, rose, shadows"):
        load_game("chess")


def test_bad_options_are_clear_errors(takeaway):
    with pytest.raises(BadOptions, match="unknown option 'speed'"):
        Match(takeaway, 2, 1, {"speed": 3})
    with pytest.raises(BadOptions, match="must be a whole number"):
        Match(takeaway, 2, 1, {"counters": "many"})
    with pytest.raises(BadOptions, match="must be one of"):
        Match(takeaway, 2, 1, {"most": 5})
    with pytest.raises(BadOptions, match="played by 2–4 players"):
        Match(takeaway, 9, 1)


def test_resolved_options_keep_defaults_for_what_is_not_given():
    declared = [Option("a", 1), Option("b", True), Option("c", "x", choices=("x", "y"))]
    assert resolve_options(declared, {"c": "y"}) == {"a": 1, "b": True, "c": "y"}
    with pytest.raises(BadOptions):
        resolve_options(declared, {"b": 1})


def test_an_illegal_choice_changes_nothing(takeaway):
    match = Match("takeaway", 2, seed=3)
    before = (match.view(0), match.view(1), list(match.log))
    for seat, choice in [(0, 4), (1, 1), (0, "1"), (0, None)]:
        with pytest.raises(IllegalChoice) as error:
            match.play(seat, choice)
        assert error.value.code in {"not-offered", "not-your-turn"}
    with pytest.raises(IllegalChoice, match="malformed"):
        match.play(0, object())
    with pytest.raises(IllegalChoice, match="bad-seat"):
        match.play("0", 1)
    assert (match.view(0), match.view(1), list(match.log)) == before


def test_replay_from_the_log_reproduces_state_events_and_views(takeaway):
    match = Match("takeaway", 3, seed=11, options={"counters": 20})
    rng = random.Random(5)
    while not match.finished:
        (decision,) = match.decisions()
        match.play(decision.seat, rng.choice(decision.options))
    text = match.dumps()
    again = Match.from_json(json.loads(text))
    assert again.log == match.log
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]
    assert all(again.view(seat) == match.view(seat) for seat in (None, 0, 1, 2))
    assert again.outcome() == match.outcome()
    assert Match.from_json(text).dumps() == text


def test_a_log_that_does_not_replay_is_refused(takeaway):
    data = Match("takeaway", 2, seed=1).to_json()
    data["log"] = [{"seat": 1, "choice": 1}]
    with pytest.raises(IllegalChoice):
        Match.from_json(data)


def test_events_reach_only_their_audience():
    public, private = Event("took", {"n": 1}), Event("peeked", {"n": 2}, frozenset({1}))
    assert public.visible_to(None) and public.visible_to(0)
    assert private.visible_to(1) and not private.visible_to(0) and not private.visible_to(None)
    assert Event.from_json(private.to_json()) == private


def test_choices_compare_as_json_values():
    decision = Decision(0, "move", [(1, 2), "done"])
    assert decision.allows([1, 2]) and decision.allows("done") and not decision.allows([2, 1])
    assert normalize({"a": (1,)}) == {"a": [1]}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=3),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES)
def test_a_normalized_choice_is_what_json_gives_back(value):
    normalized = normalize(value)
    assert json.dumps(normalized) == json.dumps(json.loads(json.dumps(value)))
    assert normalized == json.loads(json.dumps(value))
    if isinstance(value, list):
        assert normalized is not value  # a choice never shares its list with the caller


def test_values_json_cannot_carry_are_refused_and_enums_become_numbers():
    class Colour(enum.IntEnum):
        RED = 1

    assert normalize([Colour.RED, True]) == [1, True] and type(normalize(Colour.RED)) is int
    with pytest.raises(TypeError):
        normalize(object())
    with pytest.raises(TypeError):
        normalize(["a", {1, 2}])


def test_every_decision_and_event_gets_its_own_prompt_and_data():
    assert Decision(0, "move", []).prompt is not Decision(0, "move", []).prompt
    assert Event("took").data is not Event("took").data
    assert Decision(0, "move", ["a", "b"]).options == ("a", "b")
    assert Event("peeked", {}, [1, 1]).audience == frozenset({1})
    with pytest.raises(AttributeError):
        Decision(0, "move", []).seat = 1  # type: ignore[misc]


def test_bots_fall_back_to_random_and_reject_unknown_levels(takeaway):
    bot = bot_for(takeaway, 0, "hard", seed=1)
    assert isinstance(bot, RandomBot)
    with pytest.raises(ValueError, match="unknown bot level"):
        bot_for(takeaway, 0, "grandmaster")
    match = Match("takeaway", 2, seed=2)
    (decision,) = match.decisions()
    assert decision.allows(bot.choose(match.view(0), decision))
