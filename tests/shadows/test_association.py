"""Association scorers: a picture calls itself and its look-alikes to mind more than strangers."""

from __future__ import annotations

import numpy as np
import pytest

from ludus.games.shadows.association import (
    KeywordColourScorer,
    KeywordOverlapScorer,
    clue_scores,
    icon_vectors,
)
from ludus.games.shadows.pictures import Picture, icon_pool, standard_deck


def _by_name(name: str) -> str:
    return next(code for code, shown in icon_pool().items() if shown.name == name)


def picture(pid: str, subject: str, props: tuple[str, ...], backdrop: str = "noon") -> Picture:
    layout = 2 if len(props) == 2 else 6
    return Picture(pid, backdrop, _by_name(subject), tuple(_by_name(p) for p in props), layout)


SCORERS = [KeywordColourScorer(), KeywordOverlapScorer()]


def test_icon_vectors_cover_the_whole_pool_as_unit_rows() -> None:
    index, vectors = icon_vectors()
    assert set(index) == set(icon_pool())
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-3)


@pytest.mark.parametrize("scorer", SCORERS, ids=lambda s: s.name)
def test_a_picture_associates_most_with_itself(scorer) -> None:
    deck = list(standard_deck().values())[:40]
    for a in deck:
        own = scorer.score(a, a)
        assert all(own >= scorer.score(a, b) - 1e-6 for b in deck)


@pytest.mark.parametrize("scorer", SCORERS, ids=lambda s: s.name)
def test_a_shared_icon_picture_associates_more_than_an_unrelated_one(scorer) -> None:
    clue = picture("k0", "sailboat", ("anchor", "fish"), "sea")
    sharing = picture("d0a0", "sailboat", ("bicycle", "guitar"), "sea")
    unrelated = picture("d0a1", "birthday cake", ("hammer", "tulip"), "rose")
    assert scorer.score(clue, sharing) > scorer.score(clue, unrelated)


def test_meaning_links_related_icons_without_shared_words() -> None:
    scorer = KeywordColourScorer(colour_weight=0.0)
    dog = picture("k1", "dog", ("house", "basket"))
    cat = picture("k2", "cat", ("door", "chair"))
    rocket = picture("k3", "rocket", ("ringed planet", "satellite"))
    assert scorer.score(dog, cat) > scorer.score(dog, rocket)


def test_colours_count_in_the_keyword_colour_scorer() -> None:
    scorer = KeywordColourScorer(colour_weight=1.0)
    sea = picture("k1", "hammer", ("pencil", "key"), "sea")
    lagoon = picture("k2", "tulip", ("cookie", "kite"), "sea")
    night = picture("k3", "tulip", ("cookie", "kite"), "night")
    assert scorer.score(sea, lagoon) > scorer.score(sea, night)


@pytest.mark.parametrize("scorer", SCORERS, ids=lambda s: s.name)
def test_scores_are_symmetric(scorer) -> None:
    deck = list(standard_deck().values())
    for a, b in zip(deck[:30], deck[30:60], strict=True):
        assert scorer.score(a, b) == pytest.approx(scorer.score(b, a))


def test_clue_scores_point_at_the_matching_candidate() -> None:
    scorer = KeywordColourScorer()
    deck = standard_deck()
    candidates = [deck[f"d{t}a0"] for t in range(6)]
    twin = Picture("k5", candidates[3].backdrop, candidates[3].subject, candidates[3].props[:2], 2)
    scores = clue_scores(scorer, [twin], candidates)
    assert int(np.argmax(scores)) == 3
    both = clue_scores(scorer, [twin, twin], candidates)
    assert int(np.argmax(both)) == 3
