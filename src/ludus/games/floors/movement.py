"""How a figure moves: square by square, pushing one stone, sliding over blood, entering and leaving.

The moving figure is lifted off ``figat`` while it moves (it may pass through other figures) and
put back when the move ends. A step is planned without touching the state (``plan_step``) so the
legal options can be listed cheaply; ``move_results`` searches whole moves for bots and UIs.
"""

from __future__ import annotations

from .board import DIR_INDEX, DIRS, ENTRANCE, EXIT, NEXT
from .state import WAITING, FloorsState

OFF = -9  # plan result: the figure leaves the board through the exit


class Plan:
    """The outcome of one step: where the figure ends up and which tile squares change."""

    __slots__ = ("changes", "pushed", "slid", "to")

    def __init__(self, to: int, changes: dict[int, int], pushed: list[tuple[int, int]], slid: bool) -> None:
        self.to = to
        self.changes = changes
        self.pushed = pushed  # (from, to) per stone move; to = -1 when the stone left the game
        self.slid = slid


def _tile(st: FloorsState, ov: dict[int, int], s: int) -> int:
    return ov[s] if s in ov else st.tiles[s]


def _push_stone(st: FloorsState, ov: dict[int, int], s: int, d: int, pushed: list[tuple[int, int]]) -> bool:
    """A figure walking into the stone on ``s`` pushes it one square if the square behind is free floor."""
    t = NEXT[s * 4 + d]
    if t < 0 or _tile(st, ov, t) or st.figat[t] >= 0 or t == st.monster_sq:
        return False
    kind = _tile(st, ov, s)
    ov[s] = 0
    if st.pool[t]:
        cur = t
        while True:
            nxt = NEXT[cur * 4 + d]
            if nxt < 0 or _tile(st, ov, nxt) or st.figat[nxt] >= 0 or nxt == st.monster_sq:
                t = cur
                break
            cur = nxt
            if not st.pool[nxt]:
                t = nxt
                break
    if t in (EXIT, ENTRANCE) or st.tele_to[t] >= 0:
        pushed.append((s, -1))  # removed from the game (doors) or destroyed (teleporter)
        return True
    ov[t] = kind
    pushed.append((s, t))
    return True


def plan_step(st: FloorsState, pos: int, d: int) -> Plan | None:
    """Where one step in direction ``d`` from ``pos`` takes the moving figure, or None if it may not go."""
    t = NEXT[pos * 4 + d]
    if t < 0 or st.tele_to[t] >= 0 or t == st.monster_sq:
        return None
    ov: dict[int, int] = {}
    pushed: list[tuple[int, int]] = []
    if st.tiles[t] and not _push_stone(st, ov, t, d, pushed):
        return None
    if not st.pool[t]:
        return Plan(t, ov, pushed, False)
    # Blood: slide straight on to the first square past the pool, pushing a stone there as usual;
    # if it cannot get out (edge, wall, monster, stuck stone) it stays on the last pool square.
    # A stone lying in the blood itself stops the slide in front of it (option "stone_in_blood"
    # "blocks": "blokkolja a továbbiakban a megcsúszást"), or is pushed on like one on the landing
    # square ("pushed_on"); docs/floors.md, "A stone lying in the blood".
    blocks = st.options.get("stone_in_blood", "blocks") == "blocks"
    cur = t
    while True:
        nxt = NEXT[cur * 4 + d]
        if nxt < 0 or st.tele_to[nxt] >= 0 or nxt == st.monster_sq:
            break
        if _tile(st, ov, nxt) and ((blocks and st.pool[nxt]) or not _push_stone(st, ov, nxt, d, pushed)):
            break
        cur = nxt
        if not st.pool[nxt]:
            break
    return Plan(cur, ov, pushed, True)


def may_rest(st: FloorsState, pos: int) -> bool:
    return pos == WAITING or st.figat[pos] < 0


def can_enter(st: FloorsState, points: int) -> bool:
    if points < 1 or st.monster_sq == ENTRANCE or st.tiles[ENTRANCE]:
        return False  # a stone left on the entrance (option) blocks it: there is no direction to push it
    if st.figat[ENTRANCE] >= 0:
        # Others may pass through a figure on the entrance but not stop there (option: not even pass).
        return points > 1 and st.options.get("entrance_pass_through", True)
    return True


def step_options(st: FloorsState, pos: int, points: int, has_steps: bool) -> list[str]:
    """The legal step choices of the moving figure standing on ``pos`` with ``points`` left."""
    options: list[str] = []
    if points > 0:
        if pos == WAITING:
            if can_enter(st, points):
                options.append("enter")
        else:
            for d in range(4):
                plan = plan_step(st, pos, d)
                if plan is not None and (points > 1 or st.figat[plan.to] < 0):
                    options.append(DIRS[d])
            if pos == EXIT:
                options.append("exit")
    if has_steps:
        options.append("undo")
    if may_rest(st, pos):
        options.append("done")
    return options


def apply_plan(st: FloorsState, plan: Plan) -> None:
    tiles = st.tiles
    for s, k in plan.changes.items():
        tiles[s] = k


def move_results(st: FloorsState, fig: int) -> list[list[str]]:
    """Every distinct legal end result of moving ``fig`` now, each as its list of step choices.

    A result is a distinct (final square, tiles) pair; the shortest way found is kept. Leaving
    through the exit is one result. The state is not changed.
    """
    start = st.fig_sq[fig]
    points = st.value(fig)
    results: list[list[str]] = []
    seen_end: set[tuple[int, bytes]] = set()
    seen_node: dict[tuple[int, bytes], int] = {}
    own = st.figat[start] if start >= 0 else -1
    if start >= 0:
        st.figat[start] = -1  # lifted while it moves
    original = bytes(st.tiles)
    frontier: list[tuple[int, int, bytes, list[str]]] = [(start, points, original, [])]
    try:
        while frontier:
            nxt_frontier = []
            for pos, pts, tiles, path in frontier:
                st.tiles[:] = tiles
                if may_rest(st, pos):
                    key = (pos, tiles)
                    if key not in seen_end:
                        seen_end.add(key)
                        results.append([*path, "done"])
                if pts <= 0:
                    continue
                if pos == WAITING:
                    if can_enter(st, pts):
                        nxt_frontier.append((ENTRANCE, pts - 1, tiles, [*path, "enter"]))
                    continue
                if pos == EXIT and (OFF, b"") not in seen_end:
                    seen_end.add((OFF, b""))
                    results.append([*path, "exit"])
                for d in range(4):
                    plan = plan_step(st, pos, d)
                    if plan is None or (pts == 1 and st.figat[plan.to] >= 0):
                        continue
                    if plan.changes:
                        st.tiles[:] = tiles
                        apply_plan(st, plan)
                        new_tiles = bytes(st.tiles)
                        st.tiles[:] = tiles
                    else:
                        new_tiles = tiles
                    node = (plan.to, new_tiles)
                    if seen_node.get(node, -1) >= pts - 1:
                        continue
                    seen_node[node] = pts - 1
                    nxt_frontier.append((plan.to, pts - 1, new_tiles, [*path, DIRS[d]]))
            frontier = nxt_frontier
    finally:
        st.tiles[:] = original
        if start >= 0:
            st.figat[start] = own
    return results


def direction(choice: str) -> int:
    return DIR_INDEX[choice]
