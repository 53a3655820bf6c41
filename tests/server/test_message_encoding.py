"""Messages are encoded with orjson for speed (docs/server.md "Latency back and beyond"): the text a client gets
is the one the standard encoder wrote before, byte for byte."""

from __future__ import annotations

import json
import random
from typing import Any

from ludus.engine import Match, load_game
from ludus.server.live.tables import dumps


def standard(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def test_a_message_is_the_same_text_the_standard_encoder_writes() -> None:
    message = {"type": "update", "seat": None, "view": {"name": "Adsón 修道院 ✓", "quote": 'say "hi"\n\t\\',
                                                           "hours": 4.5, "empty": [], "none": None, "yes": True},
               "deadlines": {2: 17.25, "3": -1}, "big": 2**63 - 1}
    assert dumps(message) == standard(message)


def test_what_orjson_refuses_the_standard_encoder_still_writes() -> None:
    message = {"seed": 2**70, "seats": [1, 2]}
    assert dumps(message) == standard(message)


def test_every_seats_view_of_a_played_game_encodes_as_before() -> None:
    game = load_game("rose")
    match = Match(game, 4, 11)
    rng = random.Random(11)
    while not match.finished:
        for seat, view in match.views([None, 0, 1, 2, 3]).items():
            decisions = [d.to_json() for d in match.decisions(seat)] if seat is not None else []
            message = {"type": "update", "seat": seat, "view": view, "decisions": decisions}
            assert dumps(message) == standard(message)
        decision = rng.choice(match.decisions())
        match.play(decision.seat, rng.choice(decision.options))
