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
from .state import HIT_STEP_CAP, tile_code, tile_name


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


def _steps_to_eat(steps: list[dict[str, Any]], hits: int) -> int:
    """How many steps a hit tile walks: until ``hits`` figures are eaten, or all of them (its cap)."""
    eaten = 0
    for n, step in enumerate(steps, 1):
        eaten += len(step["ate"])
        if eaten >= hits:
            return n
    return len(steps)


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
    # One walk of the longest run there is (a hit tile's 20 steps) holds every tile's walk: a number tile N is
    # its first N steps, a hit tile stops at the step its hits are eaten, and the final look after a tile's
    # last step is the look the long walk makes before its next step.
    trace: list[dict[str, Any]] = []
    monster.run_tile_counted(base.clone(), HIT_STEP_CAP, trace)
    steps: list[dict[str, Any]] = []
    facing_after: list[str] = []  # the facing after the look that follows each step
    for record in trace:
        if record["kind"] == "monster_step":
            steps.append({"from": record["from"], "to": record["to"], "ate": list(record["ate"]),
                          "jump": bool(record["wrapped"] or record["teleported"])})
        elif record["kind"] == "monster_look" and len(facing_after) < len(steps):
            facing_after.append(record["facing"])
    tiles = []
    for name in possible_tiles(view):
        code = tile_code(name)
        count = code if code > 0 else _steps_to_eat(steps, -code)
        walk = steps[:count]
        eaten = [figure for step in walk for figure in step["ate"]]
        end = walk[-1]["to"] if walk else list(view["monster"]["sq"])
        facing = facing_after[count - 1] if walk else trace[0]["facing"]
        tiles.append({"tile": name, "steps": walk, "eaten": eaten, "end": end, "facing": facing})
    monster_view = view["monster"]
    return {"from": list(monster_view["sq"]), "facing": monster_view["facing"], "tiles": tiles}

