"""Furunkulus, the court monster: the automaton that runs one monster tile.

Each step is a look (straight, left, right; only stones block sight) followed by one step ahead,
which may eat, push a whole line, slide over a pool, cross the wall or teleport. A number tile is N
such steps, a hit tile runs until enough figures are eaten (at most 20 steps); a final look follows.

``run_tile`` mutates the state and, when given a list, appends one trace record per look and step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .board import DIRS, ENTRANCE, EXIT, NEXT, RAYS, SIZE, col_row
from .movement import apply_plan, plan_step
from .state import CRYSTAL, EATEN, HIT_STEP_CAP, RIGHT, TILE_NAMES, TURN, WAITING, FloorsState

_LAST = SIZE - 1


def _xy(square: int) -> list[int]:
    c, r = col_row(square)
    return [c, r]


def look(st: FloorsState, trace: list[dict[str, Any]] | None = None, final: bool = False) -> bool:
    """Look straight, left and right; face the single nearest figure. Returns whether a figure was seen."""
    m = st.monster_sq
    d = st.monster_dir
    figat = st.figat
    tiles = st.tiles
    best = 999
    best_dir = -1
    tie = False
    seen = 0
    saw: list[dict[str, Any]] | None = [] if trace is not None else None
    dists: list[int] = []
    base = m * 4
    for dd in (d, (d + 3) & 3, (d + 1) & 3):
        for dist, s in enumerate(RAYS[base + dd], 1):
            f = figat[s]
            if f >= 0:
                seen += 1
                dists.append(dist)
                if saw is not None:
                    saw.append({"dir": DIRS[dd], "figure": f, "dist": dist})
                if dist < best:
                    best, best_dir, tie = dist, dd, False
                elif dist == best:
                    tie = True
                break
            k = tiles[s]
            if k and k != CRYSTAL:
                break
    if seen and not tie and st.options.get("tie_rule", "nearest") == "any" and len(set(dists)) < len(dists):
        tie = True  # the alternative reading: any two figures at the same distance confuse it
    new_dir = d if (not seen or tie) else best_dir
    if trace is not None:
        trace.append({"kind": "monster_look", "at": _xy(m), "facing_before": DIRS[d], "saw": saw,
                      "facing": DIRS[new_dir], "final": final})
    st.monster_dir = new_dir
    return seen > 0


def _eat(st: FloorsState, fig: int, eaten: list[int]) -> None:
    s = st.fig_sq[fig]
    if s >= 0 and st.figat[s] == fig:
        st.figat[s] = -1
    # Stage 1: back beside the entrance with the same side up; stage 2: out of the game for good.
    st.fig_sq[fig] = WAITING if st.stage == 1 else EATEN
    eaten.append(fig)


def _free(st: FloorsState, s: int) -> bool:
    return st.tiles[s] == 0 and st.figat[s] < 0 and s != st.monster_sq


def _push_line(st: FloorsState, first: int, d: int, eaten: list[int], pushed: list[dict[str, Any]] | None) -> None:
    """The monster pushes everything in the contiguous line starting at ``first`` one square on."""
    line = []
    s = first
    tiles = st.tiles
    figat = st.figat
    while s >= 0 and (tiles[s] or figat[s] >= 0):
        line.append(s)
        s = NEXT[s * 4 + d]
    remove_on_doors = st.options.get("stone_on_exit_removed", True)
    for s in reversed(line):
        fig = figat[s]
        kind = tiles[s]
        dest = NEXT[s * 4 + d]
        fate = "moved"
        if fig >= 0 and dest >= 0 and st.pool[dest]:
            # "Bármi, ami a tócsába kerül, a túloldalra csúszik a figurák mozgatási szabályai szerint."
            fate = "slid"
            figat[s] = -1
            dest = _pushed_figure_slide(st, s, d, pushed)
        elif dest >= 0 and st.pool[dest]:
            # A stone slides across: past the pool if free, else the last free pool square.
            fate = "slid"
            cur = dest
            while True:
                nxt = NEXT[cur * 4 + d]
                if nxt < 0 or not _free(st, nxt):
                    dest = cur
                    break
                cur = nxt
                if not st.pool[nxt]:
                    dest = nxt
                    break
        if dest < 0:
            fate = "off"
        elif st.tele_to[dest] >= 0:
            fate = "teleporter"
        elif fig < 0 and remove_on_doors and (dest in (EXIT, ENTRANCE)):
            fate = "removed"
        if fig >= 0:
            figat[s] = -1
            if fate in ("off", "teleporter"):
                _eat(st, fig, eaten)
            else:
                figat[dest] = fig
                st.fig_sq[fig] = dest
        else:
            tiles[s] = 0
            if fate not in ("off", "teleporter", "removed"):
                tiles[dest] = kind
        if pushed is not None:
            item: dict[str, Any] = {"kind": "figure" if fig >= 0 else TILE_NAMES[kind], "from": _xy(s),
                                    "to": _xy(dest) if fate in ("moved", "slid") else None, "fate": fate}
            if fig >= 0:
                item["figure"] = fig
            pushed.append(item)


def _pushed_figure_slide(st: FloorsState, s: int, d: int, pushed: list[dict[str, Any]] | None) -> int:
    """Where a figure the monster pushes from ``s`` into a pool comes to rest, by the figures' rules.

    It slides as if it had stepped in itself: over figures stuck in the blood, pushing a stone in
    the pool or on the landing square on (that stone may slide, or leave at a door or teleporter).
    A figure may not end on another figure, so when the landing square past the pool is taken, or
    the figures' rules stop the slide (edge, teleporter, a stone that cannot move), the figure
    stays in the blood: on the farthest square of its slide that no figure holds. The square it
    was pushed onto is always such a square, because the line ahead of it has already moved on.
    """
    plan = plan_step(st, s, d)
    if plan is None:  # cannot happen for a free pool square, but never lose the figure
        return NEXT[s * 4 + d]
    rest = plan.to
    back = (d + 2) & 3
    while st.figat[rest] >= 0:
        rest = NEXT[rest * 4 + back]
    if pushed is not None:
        kinds: dict[int, int] = {}  # the same stone may be pushed twice in one slide
        for frm, to in plan.pushed:
            kind = kinds.pop(frm, st.tiles[frm])
            if to >= 0:
                kinds[to] = kind
            pushed.append({"kind": TILE_NAMES[kind], "from": _xy(frm), "to": _xy(to) if to >= 0 else None,
                           "fate": "moved" if to >= 0 else "removed"})
    apply_plan(st, plan)
    return rest


def step(st: FloorsState, saw_figure: bool, eaten: list[int], record: dict[str, Any] | None = None) -> None:
    """One monster step ahead (turning stones, wall crossing, eating, pushing, pools, teleporters)."""
    m = st.monster_sq
    d = st.monster_dir
    tiles = st.tiles
    turned: list[str] | None = record["turned"] if record is not None else None
    target = NEXT[m * 4 + d]
    wrapped = target < 0
    if wrapped:
        target = _LAST - m
    turns = 0
    while not saw_figure and tiles[target] in (RIGHT, TURN):
        if turns == 4:
            return  # boxed in by turning stones: it stays where it is
        d = (d + 1) & 3 if tiles[target] == RIGHT else (d + 2) & 3
        turns += 1
        if turned is not None:
            turned.append(DIRS[d])
        st.monster_dir = d
        if st.options.get("look_after_turn", False):
            saw_figure = look(st, record["looks"] if record is not None else None)
            d = st.monster_dir
        target = NEXT[m * 4 + d]
        wrapped = target < 0
        if wrapped:
            target = _LAST - m
    pushed = record["pushed"] if record is not None else None
    slid = False
    s = target
    for _guard in range(64):
        if st.tele_to[s] >= 0:
            # Onto a teleporter: in the same step to its partner, facing the partner's arrow.
            st.monster_sq = st.tele_to[s]
            st.monster_dir = st.tele_dir[st.monster_sq]
            if record is not None:
                record.update(teleported=True, wrapped=wrapped, slid=slid)
            return
        f = st.figat[s]
        if f >= 0:
            _eat(st, f, eaten)
        elif tiles[s]:
            _push_line(st, s, d, eaten, pushed)
        if not st.pool[s]:
            break
        # A pool: it slides straight on in the same step (eating whoever is stuck on it), never stopping there.
        slid = True
        nxt = NEXT[s * 4 + d]
        if nxt < 0:
            nxt = _LAST - s
            wrapped = True
        s = nxt
    st.monster_sq = s
    if record is not None:
        record.update(wrapped=wrapped, slid=slid)


def run_tile(st: FloorsState, tile: int, trace: list[dict[str, Any]] | None = None) -> list[int]:
    """Run one monster tile: the looks and steps, then the final look. Returns the figures eaten."""
    return run_tile_counted(st, tile, trace)[0]


def run_tile_counted(st: FloorsState, tile: int,
                     trace: list[dict[str, Any]] | None = None) -> tuple[list[int], int]:
    """``run_tile`` that also says how many steps the monster took."""
    eaten: list[int] = []
    steps = tile if tile > 0 else HIT_STEP_CAP
    hits = -tile if tile < 0 else 0
    n = 0
    while n < steps:
        if hits and len(eaten) >= hits:
            break
        n += 1
        saw = look(st, trace)
        if trace is None:
            step(st, saw, eaten)
            continue
        before = len(eaten)
        start = st.monster_sq
        record: dict[str, Any] = {"kind": "monster_step", "n": n, "from": _xy(start), "saw": list(trace[-1]["saw"]),
                                  "turned": [], "looks": [],
                                  "pushed": [], "wrapped": False, "slid": False, "teleported": False}
        step(st, saw, eaten, record)
        looks = record.pop("looks")
        trace.extend(looks)
        record.update(to=_xy(st.monster_sq), facing=DIRS[st.monster_dir], ate=eaten[before:])
        trace.append(record)
    look(st, trace, final=True)
    if trace is not None:
        trace.append({"kind": "monster_end", "at": _xy(st.monster_sq), "facing": DIRS[st.monster_dir],
                      "eaten": eaten[:], "steps": n})
    return eaten, n


def run_each_tile(st: FloorsState, tiles: Iterable[int]) -> dict[int, tuple[FloorsState, list[int]]]:
    """The world after each of ``tiles`` (and the figures it ate), as ``run_tile`` on a clone of ``st`` would
    leave it; ``st`` is left unchanged.

    Every tile is the same walk of looks and steps, cut at a different point (a number tile after that many
    steps, a hit tile once enough figures are eaten or after ``HIT_STEP_CAP`` steps), then a final look. So
    the monster walks once, as far as the longest tile goes, and each tile's world is a copy taken where its
    walk ends: a search weighing every tile that may come runs about a third of the steps. The copies share
    the random generator and the deck with ``st`` (``clone(for_search=True)``): nothing here draws from them.
    """
    numbers = sorted({tile for tile in tiles if tile > 0})
    hits = sorted({-tile for tile in tiles if tile < 0})
    results: dict[int, tuple[FloorsState, list[int]]] = {}
    walk = st.clone(for_search=True)
    eaten: list[int] = []

    def ends_here(tile: int) -> None:
        world = walk.clone(for_search=True)
        look(world, None, final=True)
        results[tile] = (world, eaten[:])

    last = max(numbers[-1] if numbers else 0, HIT_STEP_CAP if hits else 0)
    n = 0
    while n < last and (numbers or hits):
        n += 1
        step(walk, look(walk), eaten)
        while numbers and numbers[0] == n:
            ends_here(numbers.pop(0))
        while hits and (len(eaten) >= hits[0] or n == HIT_STEP_CAP):
            ends_here(-hits.pop(0))
    return results
