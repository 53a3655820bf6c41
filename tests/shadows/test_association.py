"""Honest association: the readers read only what a player perceives of a picture, a picture calls its
look-alikes to mind, and the benchmark's partners really are built differently from the AI's readers."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from ludus.games.shadows.association import (
    ColourReader,
    LiteralReader,
    MeaningReader,
    WordsReader,
    clue_scores,
    icon_vectors,
    name_words,
)
from ludus.games.shadows.pictures import Picture, Scene, icon_pool, library_pictures, standard_deck
from ludus.games.shadows.pictures.percept import Element, Percept, percept


def _code(name: str) -> str:
    return next(code for code, shown in icon_pool().items() if shown.name == name)


def scene_picture(pid: str, subject: str, relation: str, obj: str, setting: str, mood: str = "day") -> Picture:
    scene = Scene(setting, mood, _code(subject), relation, _code(obj))
    scene.check()
    return Picture(pid, scene)


READERS = [MeaningReader(), WordsReader()]


def test_meaning_vectors_cover_every_element_name_of_the_pool_as_unit_rows() -> None:
    index, vectors = icon_vectors()
    assert set(index) == {shown.name for shown in icon_pool().values()}
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-3)


def test_a_percept_holds_only_what_a_player_perceives() -> None:
    assert [f.name for f in dataclasses.fields(Percept)] == [
        "elements", "relation", "setting", "mood", "colours", "colour_words"]
    assert [f.name for f in dataclasses.fields(Element)] == ["name", "keywords", "categories"]
    for picture in library_pictures()[:60]:
        text = repr(percept(picture))
        assert all(shown.code not in text for shown in picture.icons), "an icon code leaked into a percept"
        assert picture.id not in text


@pytest.mark.parametrize("reader", [*READERS, LiteralReader(), ColourReader()], ids=lambda r: r.name)
def test_readers_read_percepts_alone_so_no_internal_label_can_drive_a_clue(reader) -> None:
    """A percept written by hand, with no picture, icon or recipe behind it, reads exactly like the percept
    of the picture it describes: a reader has nothing else to go by."""
    deck = list(standard_deck().values())
    for a, b in zip(deck[:12], deck[12:24], strict=True):
        by_hand = [Percept(tuple(Element(e.name, e.keywords, e.categories) for e in percept(p).elements),
                           percept(p).relation, percept(p).setting, percept(p).mood, percept(p).colours,
                           percept(p).colour_words) for p in (a, b)]
        assert reader.score(*by_hand) == pytest.approx(reader.score(percept(a), percept(b)))
        # the same scene under another id on the table is the same picture to every reader
        twin = Picture("d0a0" if a.id != "d0a0" else "k0", a.scene, tuple(a.colours))
        assert reader.score(percept(twin), percept(b)) == pytest.approx(reader.score(percept(a), percept(b)))


@pytest.mark.parametrize("reader", READERS, ids=lambda r: r.name)
def test_a_picture_associates_most_with_itself(reader) -> None:
    seen = [percept(p) for p in library_pictures()[:40]]
    for a in seen:
        own = reader.score(a, a)
        assert all(own >= reader.score(a, b) - 1e-6 for b in seen)


@pytest.mark.parametrize("reader", READERS, ids=lambda r: r.name)
def test_a_picture_sharing_an_element_associates_more_than_an_unrelated_one(reader) -> None:
    clue = percept(scene_picture("k0", "dog", "chasing", "soccer ball", "park"))
    sharing = percept(scene_picture("d0a0", "cat", "chasing", "soccer ball", "street", "night"))
    unrelated = percept(scene_picture("d0a1", "cook", "holding", "cheese wedge", "kitchen", "night"))
    assert reader.score(clue, sharing) > reader.score(clue, unrelated)


CLOSER = {
    # what the meaning reader weighs: (colour, place) weights, then a picture, one nearer to it, one farther
    "related elements without shared words": ((0.0, 0.0), ("dog", "chasing", "soccer ball", "park", "day"),
                                              ("cat", "chasing", "basketball", "park", "day"),
                                              ("astronaut", "watching", "rocket", "winter", "day")),
    "the setting and the light": ((0.0, 1.0), ("duck", "with", "sailboat", "canal", "day"),
                                  ("swan", "with", "canoe", "bridge", "day"),
                                  ("cook", "holding", "bread", "kitchen", "day")),
    "the visible colours": ((1.0, 0.0), ("deer", "watching", "crescent moon", "forest", "night"),
                            ("fox", "watching", "star", "winter", "night"),
                            ("fox", "watching", "cloud", "winter", "day")),
}


@pytest.mark.parametrize("what", CLOSER)
def test_the_meaning_reader_links_by_meaning_setting_light_and_colour(what: str) -> None:
    (colour, place), *scenes = CLOSER[what]
    reader = MeaningReader(colour_weight=colour, place_weight=place)
    picture, nearer, farther = (percept(scene_picture(f"k{n}", *scene)) for n, scene in enumerate(scenes))
    if what == "related elements without shared words":
        assert not name_words(picture) & name_words(nearer)
    assert reader.score(picture, nearer) > reader.score(picture, farther)


@pytest.mark.parametrize("reader", [*READERS, LiteralReader(), ColourReader()], ids=lambda r: r.name)
def test_scores_are_symmetric(reader) -> None:
    deck = [percept(p) for p in standard_deck().values()]
    for a, b in zip(deck[:30], deck[30:60], strict=True):
        assert reader.score(a, b) == pytest.approx(reader.score(b, a))


def test_the_literal_reader_goes_by_element_name_words_only() -> None:
    """Keywords, categories, relation, setting, mood and colours are all changed: the literal reader does
    not notice; one shared name word is all it counts."""
    a = percept(scene_picture("k1", "cat", "chasing", "mouse", "kitchen", "night"))
    b = percept(scene_picture("k2", "black cat", "on", "chair", "livingroom", "day"))
    changed = Percept(tuple(Element(e.name, (), ()) for e in b.elements), ("under",), ("beach",), ("fog",),
                      (("#ff0000", 1.0),), ("red",))
    literal = LiteralReader()
    assert literal.score(a, b) == literal.score(a, changed) == 1.0  # "cat"
    assert WordsReader().score(a, b) != pytest.approx(WordsReader().score(a, changed))
    renamed = Percept((Element("tiger", b.elements[0].keywords, b.elements[0].categories), b.elements[1]),
                      b.relation, b.setting, b.mood, b.colours, b.colour_words)
    assert literal.score(a, renamed) == 0.0


def test_the_colour_reader_goes_by_visible_colours_only() -> None:
    a = percept(scene_picture("k1", "cat", "chasing", "mouse", "kitchen", "night"))
    b = percept(scene_picture("k2", "cook", "holding", "bread", "kitchen", "day"))
    renamed = Percept((Element("tiger", (), ()),), ("under",), ("beach",), ("fog",), b.colours, ())
    colour = ColourReader()
    assert colour.score(a, b) == pytest.approx(colour.score(a, renamed))
    assert colour.score(a, a) == pytest.approx(1.0)


def test_the_partners_disagree_with_the_ais_readers_somewhere() -> None:
    """The partners are really different: over the library there are pairs the literal reader finds
    unrelated that the AI's words reader links (by keywords, setting or colour), and the colour
    reader's ranking is not the words reader's."""
    seen = [percept(p) for p in library_pictures()[:80]]
    literal, words, colour = LiteralReader(), WordsReader(), ColourReader()
    pairs = [(a, b) for i, a in enumerate(seen) for b in seen[i + 1:]]
    assert any(literal.score(a, b) == 0 and words.score(a, b) > 0.15 for a, b in pairs)
    by_words = np.argsort([words.score(seen[0], b) for b in seen[1:]])
    by_colour = np.argsort([colour.score(seen[0], b) for b in seen[1:]])
    assert not np.array_equal(by_words, by_colour)


def test_clue_scores_point_at_the_matching_candidate() -> None:
    reader = MeaningReader()
    candidates = [p for p in standard_deck().district_faces[:6]]
    twin = Picture("k5", candidates[3].scene, tuple(candidates[3].colours))
    assert int(np.argmax(clue_scores(reader, [twin], candidates))) == 3
    assert int(np.argmax(clue_scores(reader, [twin, twin], candidates))) == 3
