"""What an easy opponent may hold: the cards it keeps are the ones that lost to the cards it played."""

from __future__ import annotations

import math

import pytest

from ludus.games.rose.hands import Hands, beaten

NOISE = 0.05
CARDS = ["a", "b", "c", "d", "e", "f"]


def test_a_card_clearly_better_always_beats_and_a_tie_is_a_coin_toss():
    assert beaten(0.2, NOISE) == 1.0
    assert beaten(-0.2, NOISE) == 0.0
    assert beaten(0.0, NOISE) == pytest.approx(0.5)
    assert beaten(0.02, NOISE) + beaten(-0.02, NOISE) == pytest.approx(1.0)


def _fresh(hypotheses: int = 2) -> Hands:
    hands = Hands(hypotheses, slip=0.1, noise=NOISE)
    hands.start(1, CARDS, 3)
    return hands


def test_at_the_start_every_unseen_card_is_as_likely_in_the_hand():
    hands = _fresh()
    for row in hands.chances[1]:
        assert sum(row.values()) == pytest.approx(3.0)
        assert len(set(row.values())) == 1


def test_the_best_card_is_likelier_played_under_the_hypothesis_that_scores_it_best():
    hands = _fresh()
    pool = [c for c in CARDS if c != "a"]
    scores = [[5.0, 1.0, 1.0, 1.0, 1.0, 1.0],  # hypothesis 0: "a" beats every other card
              [0.0, 1.0, 1.0, 1.0, 1.0, 1.0]]  # hypothesis 1: every other card beats "a"
    found = hands.played(1, "a", pool, scores, 3)
    assert found[0] > found[1] + 1.0
    # in the hand (3 of 6), and the best of it unless played at random (slip 0.1: one of 3)
    assert math.exp(found[0]) == pytest.approx(0.5 * (0.9 + 0.1 / 3))


def test_after_a_play_the_cards_that_would_have_beaten_it_are_unlikely_to_be_held():
    hands = _fresh(1)
    pool = [c for c in CARDS if c != "a"]
    hands.played(1, "a", pool, [[2.0, 5.0, 1.0, 1.0, 1.0, 1.0]], 3)  # "b" would have beaten it
    row = hands.chances[1][0]
    assert "a" not in row
    assert sum(row.values()) == pytest.approx(2.0)  # the two cards it kept
    assert row["b"] < 0.1 < row["c"]


def test_a_card_drawn_adds_one_card_to_the_hand():
    hands = _fresh(1)
    hands.played(1, "a", CARDS[1:], [[2.0, 5.0, 1.0, 1.0, 1.0, 1.0]], 3)
    before = dict(hands.chances[1][0])
    hands.drew(1, CARDS[1:])
    after = hands.chances[1][0]
    assert sum(after.values()) == pytest.approx(3.0)
    assert all(after[c] >= before[c] for c in before)


def test_a_card_another_seat_plays_is_in_nobody_else_s_hand():
    hands = _fresh()
    hands.gone("c", {1: 3})
    for row in hands.chances[1]:
        assert "c" not in row
        assert sum(row.values()) == pytest.approx(3.0)
