"""The coach (ludus.ai.coach): each option's winning chance from a seat's view, reproducible per seed; a walk
through a finished match that judges the seat's decisions, resumable in parts, honest about what it knows."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from ludus.ai import bot_for
from ludus.ai.coach import Budget, Coach, analyse, choice_key, coach_match, judge_for
from ludus.engine import Match, load_game

SMALL = Budget(worlds=2, depth=12)


def finished(game: str, players: int, seed: int, level: str = "random") -> dict:
    match = Match(game, players, seed, {})
    bots = [bot_for(match.game, seat, level, seed) for seat in range(players)]
    while not match.finished:
        decision = match.decisions()[0]
        match.play(decision.seat, bots[decision.seat].choose(match.view(decision.seat), decision))
    return json.loads(match.dumps())


def a_decision(game_id: str, seat: int, seed: int, kind: str | None = None):
    """A position of a random game where ``seat`` decides among several options (of ``kind``)."""
    game = load_game(game_id)
    rng = random.Random(seed)
    state = game.setup(3 if game_id == "rose" else 2, seed, {})
    while True:
        decision = game.decisions(state)[0]
        if decision.seat == seat and len(decision.options) > 1 and kind in (None, decision.kind) and rng.random() < 0.3:
            return game, state, decision
        game.apply(state, decision.seat, rng.choice(decision.options))


@pytest.mark.parametrize("game_id", ["rose", "floors"])
def test_the_same_view_decision_and_seed_give_the_same_chances(game_id: str) -> None:
    game, state, decision = a_decision(game_id, 0, 3, "figure" if game_id == "floors" else None)
    view = game.view(state, 0)
    first = analyse(game, 0, view, decision, budget=SMALL, seed=11)
    assert first == analyse(game, 0, view, decision, budget=SMALL, seed=11)
    assert set(first) == {choice_key(option) for option in decision.options}
    assert all(0.0 <= chance <= 1.0 for chance in first.values())


def test_the_chances_come_from_the_view_alone_whatever_the_hidden_cards() -> None:
    """Two states the seat cannot tell apart (a world sampled from its view) get the same analysis."""
    game, state, decision = a_decision("rose", 0, 5)
    other = game.world_from_view(game.view(state, 0), 0, random.Random(99))
    assert game.view(other, 0) == game.view(state, 0)
    assert next(d for d in game.decisions(other) if d.seat == 0).options == decision.options
    assert analyse(game, 0, game.view(other, 0), decision, budget=SMALL, seed=1) == \
        analyse(game, 0, game.view(state, 0), decision, budget=SMALL, seed=1)


def test_an_option_that_is_not_offered_is_refused() -> None:
    game, state, decision = a_decision("rose", 0, 7)
    with pytest.raises(ValueError):
        analyse(game, 0, game.view(state, 0), decision, ["no-such-choice"], budget=SMALL)


def test_a_mistake_is_a_choice_whose_chance_falls_more_than_the_threshold_below_the_bots() -> None:
    report = coach_match(finished("rose", 3, 1), 0, Budget(worlds=2, threshold=0.05), seed=3)
    assert report["decisions"] == report["judged"] == len(report["moves"]) > 10
    for move in report["moves"]:
        assert move["mistake"] == (move["chance_best"] - move["chance_played"] > 0.05)
        if move["played"] == move["best"]:
            assert move["chance_played"] == move["chance_best"] and not move["mistake"]
    assert report["mistakes"] == sum(move["mistake"] for move in report["moves"]) > 0


def test_a_walk_in_parts_pickled_between_them_gives_the_one_walks_answer() -> None:
    match = finished("rose", 3, 2)
    whole = coach_match(match, 1, SMALL, seed=5)
    coach = Coach(match, 1, SMALL, 5)
    parts = 0
    while not coach.finished:
        coach = pickle.loads(pickle.dumps(coach.run(decisions=7)))
        parts += 1
        assert coach.done <= coach.total
    assert parts > 2 and coach.report() == whole


def test_a_floors_move_is_judged_by_its_figure() -> None:
    assert judge_for(load_game("floors")).kinds is not None
    report = coach_match(finished("floors", 2, 1, "easy"), 0, Budget(worlds=1, depth=6), seed=1)
    kinds = {move["kind"] for move in report["moves"]}
    assert kinds == {"figure"} and report["judged"] == report["decisions"] > 5


def test_the_coach_recommends_one_of_the_offered_options_at_each_judged_decision() -> None:
    match = finished("rose", 3, 4)
    report = coach_match(match, 2, SMALL, seed=2)
    replay_game = load_game("rose")
    state = replay_game.setup(3, match["seed"], match["options"])
    judged = {move["n"]: move for move in report["moves"]}
    for n, entry in enumerate(match["log"], start=1):
        if n in judged:
            decision = next(d for d in replay_game.decisions(state) if d.seat == 2)
            assert decision.allows(judged[n]["best"]) and decision.allows(judged[n]["played"])
            assert judged[n]["played"] == entry["choice"]
        replay_game.apply(state, entry["seat"], entry["choice"])


def test_a_game_without_a_judge_of_its_own_is_coached_too() -> None:
    """Shadows has no judge: its rollouts are played by easy bots and only a finished game has a value."""
    assert judge_for(load_game("shadows")) is None
    report = coach_match(finished("shadows", 4, 1), 0, Budget(worlds=1, depth=4), seed=1)
    assert report["judged"] == report["decisions"] >= 1
    assert all(0.0 <= move["chance_best"] <= 1.0 for move in report["moves"])
