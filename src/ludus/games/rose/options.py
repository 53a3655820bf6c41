"""The game options: one per open case the digest decides (its numbering), plus the edition."""

from __future__ import annotations

from ludus.engine import Option

OPTIONS: tuple[Option, ...] = (
    Option("short_row", "place_what_there_is",
           "1. fewer than two tiles left in the row at a refill: place what there is; an empty building adds "
           "no suspicion and gives nothing until it is next emptied", choices=("place_what_there_is",)),
    Option("sundial_carry", False,
           "2. hours past the blue space carry over into the next day (default: each day starts at 0)"),
    Option("time_tile_limit", "card_hours",
           "3. time tiles cancel at most the card's hours, never below 0 (none for Adson)",
           choices=("card_hours",)),
    Option("impossible_move", "hours_only",
           "4. a card whose move is impossible: play it for its hours only, or it cannot be played "
           "(unless no card can be)", choices=("hours_only", "unplayable")),
    Option("all_equal_conversion", "award",
           "5. all six suspicion markers equal at the end of the day: every colour gets first place "
           "(award), or nothing happens (none)", choices=("award", "none")),
    Option("clue_floor", True, "6. a clue marker never goes below 0"),
    Option("guess_any_colour", True,
           "7. final guesses may name any colour (false: not the colours the player revealed)"),
    Option("distinct_guesses", True,
           "rulebook (final day): each player has one marker of each colour, so the colours one player "
           "places in front of the others are all different (false: any colour for each)"),
    Option("bonus_mandatory", True,
           "8. event extras that give +2 to one or +1 to two monks are mandatory (false: may be skipped)"),
    Option("aid", False, "an aid that teaches (casual tables only): what each seat has revealed and which monks it "
           "may still be, from public information"),
    Option("edition", None, "component values overriding the table (row name → value), or null"),
)
