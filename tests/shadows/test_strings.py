"""Every decision, event, map kind, end reason, preset and error code the rules use has a UI string."""

from __future__ import annotations

import random

from ludus.games.shadows.game import GAME
from ludus.games.shadows.maps import KINDS
from ludus.games.shadows.state import COOP_PRESETS
from ludus.i18n import LANGUAGES, catalog, plural_base

from .test_properties import random_match

EVENT_KINDS = {"round-started", "clock-started", "gave", "refilled", "reshuffled", "refresh-proposed",
               "refresh-withdrawn", "refreshed", "move-proposed", "move-agreed", "moved", "evidence-found",
               "police-caught", "client-reached",
               "round-ended", "officer-chosen", "game-ended"}


def test_the_event_list_is_complete() -> None:
    seen = set()
    for seed in range(30):
        seen |= {event.kind for event in random_match(seed, random.Random(seed).randint(2, 8), {}).events}
    assert seen <= EVENT_KINDS


def test_every_id_has_a_string_in_every_language() -> None:
    keys = ({f"event.{k}" for k in EVENT_KINDS} | {f"decision.{k}" for k in ("give", "move", "refresh", "withdraw",
                                                                             "next-officer")}
            | {f"kind.{k}" for k in KINDS} | {f"reason.{r}" for r in ("client", "police", "time")}
            | {f"preset.{p}" for p in COOP_PRESETS}
            | {f"error.{c}" for c in ("already-taken", "no-decision", "not-offered", "malformed")}
            | {"team.black", "team.orange", "role.officer", "role.detective", "role.spectator"})
    # the options are worded where the lobby shows them: web.option.shadows.<name> (tests/i18n/test_web_catalogs.py)
    options = {f"option.shadows.{o.name}" for o in GAME.options if o.name not in ("seating", "picture_seed")}
    for lang in LANGUAGES:
        messages = catalog(lang, "shadows")  # a plural family (gave_one, gave_other) counts by its name
        missing = keys - {plural_base(key, messages) or key for key in messages}
        assert not missing, f"{lang}: {sorted(missing)}"
        assert not options - set(catalog(lang, "web")), f"{lang}: {sorted(options - set(catalog(lang, 'web')))}"
    assert GAME.id == "shadows"
