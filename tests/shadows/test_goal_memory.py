"""A co-op detective that remembers the leg's clues (``Detective.goal_memory``): at every 1-card clue it saw the row
the literal officer chose from, so it can tell, goal by goal, how likely that officer was to hand the card over
(``literal_goal_likelihood``), the cards naming nothing included; the rows are gone from the view afterwards, so
only a detective that kept them learns where the goal lies from them."""

from __future__ import annotations

from typing import Any

import numpy as np

from ludus.games.shadows import ai, board
from ludus.games.shadows.ai import Detective, goal_posterior, goals_on, literal_goal_likelihood
from ludus.games.shadows.game import GAME

from .helpers import shadows_ai_benchmark


def _detective(**settings: Any) -> Detective:
    return ai._detective({**ai.LEVELS["hard"], **settings}, ai.all_readers(), 2)


def _play(seed: int, detective: Detective, moves: int, seen: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """A co-op round of the benchmark's literal officer and ``detective``, up to ``moves`` moves; every view the
    detective moved from is kept with the officer's view of the same moment."""
    bench = shadows_ai_benchmark()
    officer = bench.LiteralOfficer(seed=1)
    bench.reseed(officer, detective, seed)
    state = GAME.setup(2, seed, {"coop": "apprentice", "rounds_to_win": 1})
    while state.phase == "play" and moves > 0:
        found = {d.kind: d for d in GAME.decisions(state)}
        if "move" in found:
            view = GAME.view(state, 1)
            seen.append((view, GAME.view(state, 0)))
            GAME.apply(state, 1, detective.choose(view, found["move"]))
            moves -= 1
            continue
        view = GAME.view(state, 0)
        refresh = found.get("refresh")
        if refresh is not None and officer.wants(view, refresh):
            GAME.apply(state, 0, "refresh")
            continue
        GAME.apply(state, 0, officer.choose(view, found["give"]))


def test_a_card_the_literal_officer_handed_over_is_likelier_under_its_goals_than_under_the_other_spaces() -> None:
    """Goal by goal, the chance that the literal officer hands over the card it did: on the whole higher for the
    goals of its map (where it heads) than for the spaces that are none."""
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for seed in range(3):
        _play(seed, _detective(goal_memory=None), 12, seen)
    higher = compared = 0
    for view, truth in seen:
        card = view["teams"]["black"]["hand"]
        if len(card) != 1:
            continue
        spaces = list(board.steps(view["teams"]["black"]["figure"]))
        likely = literal_goal_likelihood(view, card[0], spaces)
        goals = goals_on(truth["map"]["kinds"], truth)
        possible = np.flatnonzero(likely > 0)
        real = [likely[g] for g in goals if g in possible]
        others = [likely[g] for g in possible if g not in goals]
        if not real or not others or max(likely) == min(likely[possible]):
            continue
        compared += 1
        higher += max(real) > float(np.mean(others))
    assert compared >= 10
    assert higher > 0.6 * compared


def test_a_detective_remembering_the_legs_clues_pictures_the_officers_goals_likelier() -> None:
    """Over seeded rounds of the literal officer: the chance the detective gives the goals of the officer's map is
    higher with what it remembers of the leg's clues than from the view alone (``goal_posterior``) — fails without
    the setting."""
    detective = _detective(goal_memory=1.0)
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    remembered, alone = [], []
    for seed in range(4):
        start = len(seen)
        _play(seed, detective, 15, seen)
        # the detective is asked again about the round's last view: what it remembers is this round's
        view, truth = seen[-1]
        goals = sorted(goals_on(truth["map"]["kinds"], truth))
        remembered.append(detective.goals(view)[goals].sum())
        alone.append(goal_posterior(view, nearest=True)[goals].sum())
        assert len(seen) > start
    assert np.mean(remembered) > np.mean(alone)


def test_what_the_detective_remembers_is_forgotten_in_another_game() -> None:
    detective = _detective(goal_memory=1.0)
    _play(0, detective, 10, [])
    fresh = GAME.view(GAME.setup(2, 1, {"coop": "apprentice", "rounds_to_win": 1}), 1)
    assert np.allclose(detective.goals(fresh), goal_posterior(fresh, nearest=True))


def test_a_detective_without_the_setting_pictures_the_goal_from_the_view_alone() -> None:
    detective = _detective(goal_memory=None)
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    _play(0, detective, 10, seen)
    view = seen[-1][0]
    assert np.allclose(detective.goals(view), goal_posterior(view, nearest=True))


def test_a_space_a_discarded_row_named_in_reach_is_never_a_goal_of_the_officers_map() -> None:
    """The literal officer discards a row only when no card names a goal in reach or, with none in reach, a safe
    space: so every space in reach that the row named was police or no goal (``discarded_names``), and
    ``goal_posterior``'s ``discarded`` rules it out."""
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for seed in range(3):
        _play(seed, _detective(goal_memory=None), 15, seen)
    named = 0
    for view, truth in seen:
        ruled_out = ai.discarded_names(view)
        named += len(ruled_out)
        assert not ruled_out & goals_on(truth["map"]["kinds"], truth)
        chances = goal_posterior(view, discarded=True)
        assert all(chances[s] == 0 for s in ruled_out)
    assert named > 0


def test_a_goal_in_reach_that_a_clue_did_not_name_loses_its_chance() -> None:
    """With its goal in reach the literal officer names the goal or nothing: a clue of the leg that named other
    spaces, with no new row asked for first, leaves a space that stood in reach then little chance of being the
    goal, and the goals of the officer's map gain on the whole."""
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for seed in range(3):
        _play(seed, _detective(goal_memory=None), 15, seen)
    usual_mass, sharp_mass, changed = [], [], 0
    for view, truth in seen:
        goals = sorted(goals_on(truth["map"]["kinds"], truth))
        usual, sharp = goal_posterior(view, nearest=True), goal_posterior(view, nearest=True, in_reach=0.01)
        changed += not np.allclose(usual, sharp)
        usual_mass.append(usual[goals].sum())
        sharp_mass.append(sharp[goals].sum())
    assert changed > 0
    assert np.mean(sharp_mass) > np.mean(usual_mass)


def test_the_hard_detective_remembers_the_legs_clues_but_its_officer_predicts_it_without() -> None:
    """The hard officer predicts its own detective without the memory (as without the listener): its gives, and
    what a literal reader makes of them, stay as they were."""
    bot = ai.SeatBot(1, "hard")
    detective, officer = bot.policies["detective"], bot.policies["officer"]
    assert isinstance(detective, Detective) and isinstance(officer, ai.Officer)
    assert detective.goal_memory is not None
    assert officer.partner is not None and officer.partner.goal_memory is None


def test_in_a_team_game_the_detective_pictures_the_goal_from_the_view_alone() -> None:
    detective = ai.SeatBot(1, "hard").policies["detective"]
    assert isinstance(detective, Detective)
    state = GAME.setup(4, 3, {})
    moved = 0
    for _ in range(12):
        decisions = GAME.decisions(state)
        move = next((d for d in decisions if d.kind == "move"), None)
        if move is None:
            GAME.apply(state, decisions[0].seat, decisions[0].options[0])
            continue
        view = GAME.view(state, move.seat)
        GAME.apply(state, move.seat, detective.choose(view, move))
        moved += 1
    assert moved > 0
    assert not detective._clues
