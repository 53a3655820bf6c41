"""The monster-path preview, an aid of casual tables (option ``aid``; issue 23 point 3).

Before a move the learner sees where Furunkulus would go if the board stayed as it is: for every monster
tile that may still be turned this stage (the deck's order is hidden, what is left of it is public), the
squares of its walk and the figures it would eat. ``preview`` reads a seat's view and nothing else — the
view is turned back into a state (``world_from_view``; the deck's order it invents is never drawn from)
and ``monster.run_tile_counted``, the very automaton of the game, walks it.
"""

from __future__ import annotations

import random
from typing import Any

from . import monster
from .state import tile_code, tile_name


def possible_tiles(view: dict[str, Any]) -> list[str]:
    """The distinct tiles that may come next, smallest first: this stage's deck less the tiles played. The
    game's first tile is never a hit tile while a number tile is left (``FloorsGame.draw``)."""
    deck = view["deck"]
    left = [tile_code(t) for t in deck["all"]]
    for t in deck["played"]:
        left.remove(tile_code(t))
    first = deck["draws"] == 0 or (view["options"].get("no_hit_first_each_stage", False) and not deck["played"])
    if first and any(t > 0 for t in left):
        left = [t for t in left if t > 0]
    # hit tiles after the number tiles, the fewer hits first
    return [tile_name(t) for t in sorted(set(left), key=lambda t: (t < 0, abs(t)))]


def preview(view: dict[str, Any]) -> dict[str, Any] | None:
    """The monster's walk for each tile that may come next, from ``view`` alone; None outside the moves.

    ``{"from": [c, r], "facing": d, "tiles": [{"tile": name, "steps": [{"from", "to", "jump", "ate"}...],
    "eaten": [figure ids], "end": [c, r], "facing": d}]}``: ``jump`` marks a step through the wall or a
    teleporter (the path is broken there), ``ate`` the figures eaten on that step.
    """
    if view["phase"] != "move" or view.get("winners") is not None:
        return None
    from .game import GAME  # the game module builds views with this module: import it when asked

    base = GAME.world_from_view(view, view["seat"] if view["seat"] is not None else 0, random.Random(0))
    moving = view["moving"]
    if moving is not None:
        # the figure on the move stands where it is now: the board "as it is"
        fig = moving["figure"]
        at = base.fig_sq[fig]
        if at >= 0 and base.figat[at] < 0:
            base.figat[at] = fig
    tiles = []
    for name in possible_tiles(view):
        st = base.clone()
        trace: list[dict[str, Any]] = []
        eaten, _ = monster.run_tile_counted(st, tile_code(name), trace)
        steps = [{"from": record["from"], "to": record["to"], "ate": list(record["ate"]),
                  "jump": bool(record["wrapped"] or record["teleported"])}
                 for record in trace if record["kind"] == "monster_step"]
        end = trace[-1]
        tiles.append({"tile": name, "steps": steps, "eaten": list(eaten), "end": end["at"], "facing": end["facing"]})
    monster_view = view["monster"]
    return {"from": list(monster_view["sq"]), "facing": monster_view["facing"], "tiles": tiles}

