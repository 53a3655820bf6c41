"""Shadows: Amsterdam pictures: 84 clue cards and 70 district faces composed from OpenMoji icons.

``standard_deck()`` is the fixed deck, ``fresh_deck(seed)`` a seeded new one; ``render_svg(picture)``
draws a picture; ``ATTRIBUTION`` credits OpenMoji (CC BY-SA 4.0) for the app's About page.
"""

from .deck import (
    BACKDROPS,
    CLUE_IDS,
    DISTRICT_IDS,
    PICTURE_IDS,
    Deck,
    Picture,
    compose_deck,
    deck_for,
    fresh_deck,
    is_picture_id,
    standard_deck,
)
from .icons import ATTRIBUTION, Icon, icon, icon_pool
from .render import icon_svg, picture_svg, render_png, render_svg

__all__ = [
    "ATTRIBUTION", "BACKDROPS", "CLUE_IDS", "DISTRICT_IDS", "PICTURE_IDS", "Deck", "Icon", "Picture", "compose_deck",
    "deck_for", "fresh_deck", "icon", "icon_pool", "icon_svg", "is_picture_id", "picture_svg", "render_png",
    "render_svg",
    "standard_deck",
]
