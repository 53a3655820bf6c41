"""What a player perceives of a picture — the only thing the Shadows AI reads, and what the UI says.

A percept holds, for each of the two elements, its name and the ordinary words for it (Unicode CLDR
keywords and the ``emoji`` package's aliases) and its category as a person would name it ("animal",
"fruit"); the relation, setting and mood in plain words; and the picture's visible colours (measured
on its drawing) with the basic colour words for them. It holds nothing a player cannot see: no icon
code, picture id, recipe field or internal grouping. ``label(picture, lang)`` is the same content as
one line in the page's language (element names from CLDR, the rest from the ``pictures`` catalog).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ludus.i18n import t

from .colours import Palette, hex_to_lab
from .deck import Picture
from .icons import Icon
from .scenes import MOODS, RELATIONS, SETTINGS, Scene


@dataclass(frozen=True)
class Element:
    """One drawn element as a player names it."""

    name: str
    keywords: tuple[str, ...]
    categories: tuple[str, ...]


@dataclass(frozen=True)
class Percept:
    elements: tuple[Element, ...]
    """the subject, then the second element"""
    relation: tuple[str, ...]
    setting: tuple[str, ...]
    """the setting's words, its name first"""
    mood: tuple[str, ...]
    colours: tuple[tuple[str, float], ...]
    colour_words: tuple[str, ...]

    @property
    def palette(self) -> Palette:
        return list(self.colours)

    @property
    def words(self) -> tuple[str, ...]:
        """Every word of the percept (for checks and the docs)."""
        found: list[str] = []
        for element in self.elements:
            found += [element.name, *element.keywords, *element.categories]
        return (*found, *self.relation, *self.setting, *self.mood, *self.colour_words)


BASIC_COLOURS: dict[str, tuple[str, ...]] = {
    "red": ("#d62828", "#a4161a", "#e63946"), "orange": ("#f77f00", "#f4a261", "#e07a5f"),
    "yellow": ("#fcbf49", "#ffe066", "#fcea2b"), "green": ("#4c9a2a", "#2d6a4f", "#7cc36e", "#a7c957"),
    "blue": ("#1e6fd9", "#3f7fb0", "#8ecae6", "#bde0fe", "#2c3560"), "purple": ("#7b2cbf", "#6d597a", "#9d4edd"),
    "pink": ("#f49cbb", "#ffc8dd"), "brown": ("#8b5a2b", "#6f4e37", "#a47148", "#b5835a"),
    "black": ("#111111", "#141a2e"), "white": ("#f8f8f8", "#eef1f3"), "grey": ("#8d8d8d", "#b7c0cc", "#5c677d"),
}
"""The basic colour terms with a few typical shades of each: a colour is called by the nearest shade (CIELAB)."""


@cache
def colour_word(colour: str) -> str:
    lab = hex_to_lab(colour)
    return min(((word, shade) for word, shades in BASIC_COLOURS.items() for shade in shades),
               key=lambda pair: sum((a - b) ** 2 for a, b in zip(lab, hex_to_lab(pair[1]), strict=True)))[0]


def colour_words(palette: Palette, least: float = 0.15) -> tuple[str, ...]:
    """The basic colour words of a palette's colours covering at least ``least`` of the picture."""
    words: list[str] = []
    for colour, share in palette:
        word = colour_word(colour)
        if share >= least and word not in words:
            words.append(word)
    return tuple(words)


def element(shown: Icon) -> Element:
    return Element(shown.name, shown.keywords, shown.categories)


@cache
def _percept(scene: Scene, colours: tuple[tuple[str, float], ...]) -> Percept:
    setting = SETTINGS[scene.setting]
    return Percept(tuple(element(shown) for shown in scene.icons), RELATIONS[scene.relation].words, setting.words,
                   MOODS[scene.mood].words, colours, colour_words(list(colours)))


def percept(picture: Picture) -> Percept:
    """What a player perceives of ``picture``."""
    return _percept(picture.scene, tuple(picture.colours))


def label(picture: Picture, lang: str = "en") -> str:
    """The picture in one line of ``lang``: "cook holding cheese wedge · market · evening"."""
    subject, obj = picture.icons
    scene = picture.scene
    what = t(f"pictures.relation.{scene.relation}", lang, subject=subject.name_in(lang), object=obj.name_in(lang))
    return t("pictures.label", lang, scene=what, setting=t(f"pictures.setting.{scene.setting}", lang),
             mood=t(f"pictures.mood.{scene.mood}", lang))
