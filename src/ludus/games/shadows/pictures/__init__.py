"""Shadows: Amsterdam pictures: scenes composed by a small grammar from OpenMoji icons.

``standard_library()`` holds every composed scene (more than 200); ``standard_deck()`` is the fixed deck of
84 clue cards and 70 district faces, ``fresh_deck(seed)`` a seeded deal from the library; ``render_svg``
draws a picture; ``percept(picture)`` is what a player perceives of it (the only thing the AI reads);
``ATTRIBUTION`` credits OpenMoji (CC BY-SA 4.0) and the Unicode CLDR for the app's About page.
"""

from .deck import (
    CLUE_IDS,
    DISTRICT_IDS,
    PICTURE_IDS,
    Deck,
    Picture,
    deck_for,
    fresh_deck,
    is_picture_id,
    library_pictures,
    standard_deck,
    standard_library,
)
from .icons import ATTRIBUTION, Icon, icon, icon_pool
from .render import icon_svg, picture_svg, render_png, render_svg
from .scenes import MOODS, RELATIONS, SETTINGS, Scene

__all__ = [
    "ATTRIBUTION", "CLUE_IDS", "DISTRICT_IDS", "MOODS", "PICTURE_IDS", "RELATIONS", "SETTINGS", "Deck", "Icon",
    "Picture", "Scene", "deck_for", "fresh_deck", "icon", "icon_pool", "icon_svg", "is_picture_id",
    "library_pictures", "picture_svg", "render_png", "render_svg", "standard_deck", "standard_library",
]
