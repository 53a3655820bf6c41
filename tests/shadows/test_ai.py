"""The Shadows AI: detectives read picture clues far better than chance; officers give clues that
lead to evidence and away from police; every choice is one the decision offered."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.engine import Decision
from ludus.games.shadows import board
from ludus.games.shadows.ai import Detective, Officer, make_policy
from ludus.games.shadows.association import LiteralReader
from ludus.games.shadows.game import GAME
from ludus.games.shadows.pictures import standard_deck
from ludus.games.shadows.pictures.percept import percept


def _detective_view(seed: int) -> dict:
    state = GAME.setup(2, seed, {"coop": "apprentice"})
    return GAME.view(state, 1)


def test_detectives_beat_random_on_constructed_one_card_clues() -> None:
    """A clue is constructed without the detectives' readers: the clue card whose element names share most
    words with the target's picture (a literal officer). The detectives must find the target far more
    often than 1 / number of reachable spaces."""
    deck = standard_deck()
    overlap = LiteralReader()
    detective = Detective(seed=3)
    rng = random.Random(11)
    hits = trials = 0
    chance = 0.0
    for seed in range(60):
        view = _detective_view(seed)
        for here in rng.sample([s for s in board.PLAYABLE if len(board.steps(s)) >= 3], 3):
            spaces = list(board.steps(here))
            target = rng.choice(spaces)
            target_picture = deck[view["pictures"][target]]
            on_board = set(view["pictures"])
            card = max((c for c in deck.clue_cards if c.id not in on_board),
                       key=lambda c: overlap.score(percept(c), percept(target_picture)))
            decision = Decision(1, "move", tuple(spaces), {"team": "black", "from": here, "cards": [card.id]})
            choice = detective.choose(view, decision)
            assert choice in spaces
            hits += int(choice == target)
            trials += 1
            chance += 1 / len(spaces)
    accuracy, baseline = hits / trials, chance / trials
    assert accuracy > 2 * baseline, (accuracy, baseline)


def test_detectives_shun_spaces_where_their_team_met_the_police() -> None:
    view = _detective_view(5)
    spaces = list(board.steps(board.CENTRE))
    decision = Decision(1, "move", tuple(spaces), {"team": "black", "from": board.CENTRE,
                                                  "cards": [view["face_up"][0]]})
    first = Detective().choose(view, decision)
    view["teams"]["black"]["police"] = [first]
    assert Detective().choose(view, decision) != first


def _play(players: int, seed: int, options: dict, policies: dict, rounds: int = 1, limit: int = 400) -> object:
    """Play with the given policies, asking each held decision the policy wants to take; every
    choice must be one the decision offered."""
    state = GAME.setup(players, seed, options)
    steps = 0
    while state.phase != "over" and len(state.history) < rounds and steps < limit:
        steps += 1
        acted = False
        for decision in GAME.decisions(state):
            policy = policies[decision.seat]
            view = GAME.view(state, decision.seat)
            if not policy.wants(view, decision):
                continue
            choice = policy.choose(view, decision)
            assert decision.allows(choice), (decision.kind, choice, decision.options)
            GAME.apply(state, decision.seat, choice)
            acted = True
            break
        assert acted, "the AI must always have something to do while a round runs"
    return state


def test_ai_choices_are_always_offered_in_co_op_games() -> None:
    for seed in range(6):
        state = _play(3, seed, {"coop": "novice", "rounds_to_win": 2},
                      {0: make_policy("officer", seed), 1: make_policy("detective", seed),
                       2: make_policy("detective", seed + 1)}, rounds=3)
        assert state.history, "a round was finished"


def test_ai_choices_are_always_offered_in_two_team_games() -> None:
    for seed in range(3):
        policies = {seat: make_policy("officer" if seat < 2 else "detective", seed + seat) for seat in range(6)}
        state = _play(6, seed, {}, policies, rounds=2, limit=600)
        assert state.history


def test_ai_officer_and_detectives_find_evidence_and_avoid_police() -> None:
    evidence = police = won = 0
    rounds = 20
    for seed in range(rounds):
        officer, detective = Officer(seed=seed), Detective(seed=seed, doubt=0.6)
        state = _play(2, 100 + seed, {"coop": "apprentice", "rounds_to_win": 1},
                      {0: officer, 1: detective})
        team = state.teams["black"]
        evidence += len(team.markers)
        police += len(team.police)
        won += int(state.history[-1]["winner"] == "black")
    assert won >= rounds * 0.8
    assert police / rounds < 1.0
    assert evidence >= rounds * 2.5


def test_officer_gives_only_face_up_cards_and_means_a_reachable_space() -> None:
    state = GAME.setup(2, 8, {"coop": "agent"})
    view = GAME.view(state, 0)
    give = next(d for d in GAME.decisions(state) if d.kind == "give")
    officer = Officer(seed=1)
    cards = officer.choose(view, give)
    assert give.allows(cards) and all(c in view["face_up"] for c in cards)
    plan = officer.last_plan
    assert plan is not None and plan.target in board.reachable(view["teams"]["black"]["figure"], len(cards))
    assert view["map"]["kinds"][plan.target] != "police"


def test_make_policy_knows_both_roles_and_both_readings() -> None:
    officer = make_policy("officer", scorer="words")
    assert officer.role == "officer" and [r.name for r in officer.readers] == ["words", "meaning+look"]
    assert [r.name for r in make_policy("detective").readers] == ["meaning+look", "words"]
    with pytest.raises(ValueError):
        make_policy("officer", scorer="literal")  # a benchmark partner, never one of the AI's readings
    with pytest.raises(ValueError):
        make_policy("spy")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4, 5]), warmup=st.integers(0, 30))
def test_ai_answers_every_decision_of_a_random_position_with_an_offered_choice(seed, players, warmup) -> None:
    rng = random.Random(seed)
    state = GAME.setup(players, seed, {})
    for _ in range(warmup):  # random play first, to reach an arbitrary position
        held = [d for d in GAME.decisions(state) if d.kind in ("give", "move", "next-officer")]
        if not held:
            break
        decision = rng.choice(held)
        GAME.apply(state, decision.seat, rng.choice(decision.options))
    for decision in GAME.decisions(state):
        view = GAME.view(state, decision.seat)
        role = view["you"]["role"]
        policy = make_policy(role, seed)
        assert decision.allows(policy.choose(view, decision))
        assert isinstance(policy.wants(view, decision), bool)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_seat_bots_of_every_level_play_both_roles_with_offered_choices(level) -> None:
    from ludus.games.shadows.ai import bot_factory

    make = bot_factory(level)
    policies = {seat: make(GAME, seat, seat) for seat in range(4)}
    state = _play(4, 3, {}, policies, rounds=2, limit=600)
    assert len(state.history) >= 1
