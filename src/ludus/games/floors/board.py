"""The fortress floor: a 16 × 11 grid with two staircase notches, as precomputed integer tables.

A square is the int ``row * 16 + col``. Everything the rules ask of the geometry (a neighbour, the
square past the wall, the squares along a line of sight) is looked up, never computed, because the
monster automaton and the bots ask these questions millions of times.
"""

from __future__ import annotations

WIDTH = 16
HEIGHT = 11
SIZE = WIDTH * HEIGHT

N, E, S, W = 0, 1, 2, 3
DIRS = "NESW"
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIR_INDEX = {name: index for index, name in enumerate(DIRS)}


def is_floor(col: int, row: int) -> bool:
    """The digest's floor shape: the grid minus the top-right and bottom-left staircases."""
    return (0 <= col < WIDTH and 0 <= row < HEIGHT
            and not (row <= 3 and col >= 12 + row) and not (row >= 7 and col <= row - 7))


def sq(col: int, row: int) -> int:
    return row * WIDTH + col


def col_row(square: int) -> tuple[int, int]:
    return square % WIDTH, square // WIDTH


EXIT = sq(0, 0)
ENTRANCE = sq(15, 10)
FLOOR = bytes(1 if is_floor(s % WIDTH, s // WIDTH) else 0 for s in range(SIZE))
FLOOR_SQUARES = tuple(s for s in range(SIZE) if FLOOR[s])


def _neighbour(square: int, d: int) -> int:
    col, row = col_row(square)
    dc, dr = DELTAS[d]
    return sq(col + dc, row + dr) if is_floor(col + dc, row + dr) else -1


# NEXT[square * 4 + d]: the floor square one step in direction d, or -1 past the floor's edge.
NEXT: tuple[int, ...] = tuple(_neighbour(s, d) if FLOOR[s] else -1 for s in range(SIZE) for d in range(4))


def across_wall(square: int) -> int:
    """Where the monster re-enters after stepping off the floor from ``square`` (same edge letter):
    the point reflection (15 − c, 10 − r), which is simply SIZE − 1 − square."""
    return SIZE - 1 - square


def _ray(square: int, d: int) -> tuple[int, ...]:
    out = []
    nxt = NEXT[square * 4 + d]
    while nxt >= 0:
        out.append(nxt)
        nxt = NEXT[nxt * 4 + d]
    return tuple(out)


# RAYS[square * 4 + d]: the squares in line of sight in direction d, nearest first (sight never wraps).
RAYS: tuple[tuple[int, ...], ...] = tuple(_ray(s, d) if FLOOR[s] else () for s in range(SIZE) for d in range(4))


def _around(square: int) -> frozenset[int]:
    col, row = col_row(square)
    return frozenset(sq(col + dc, row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                     if is_floor(col + dc, row + dr))


# Squares touching a square, diagonals included (and the square itself): advanced-setup restrictions.
AROUND: tuple[frozenset[int], ...] = tuple(_around(s) for s in range(SIZE))
NEAR_DOORS = AROUND[EXIT] | AROUND[ENTRANCE]
# Squares sharing a side with a square (and the square itself).
SIDE_BY_SIDE: tuple[frozenset[int], ...] = tuple(
    frozenset([s, *(t for t in (NEXT[s * 4 + d] for d in range(4)) if t >= 0)]) if FLOOR[s] else frozenset()
    for s in range(SIZE))

BASIC_STONES = tuple(sq(c, r) for c, r in ((2, 2), (12, 3), (7, 4), (8, 5), (13, 5), (6, 6), (4, 7), (12, 7),
                                             (14, 8), (5, 9), (8, 9)))
BASIC_POOLS = (tuple(sq(c, r) for c, r in ((8, 2), (9, 2), (8, 3), (9, 3))),
               tuple(sq(c, r) for c, r in ((4, 8), (5, 8), (6, 8), (7, 8))))


def _exit_distance() -> tuple[int, ...]:
    """Walking distance to the exit ignoring everything movable (bots use it to judge progress)."""
    dist = [99] * SIZE
    dist[EXIT] = 0
    frontier = [EXIT]
    while frontier:
        nxt = []
        for s in frontier:
            for d in range(4):
                t = NEXT[s * 4 + d]
                if t >= 0 and dist[t] == 99:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return tuple(dist)


EXIT_DISTANCE = _exit_distance()


def floor_rows() -> list[str]:
    return list(_FLOOR_ROWS)  # every view gets its own list; the rows never change


def _floor_rows() -> tuple[str, ...]:
    rows = []
    for r in range(HEIGHT):
        line = ""
        for c in range(WIDTH):
            s = sq(c, r)
            line += "X" if s == EXIT else "E" if s == ENTRANCE else "." if FLOOR[s] else "#"
        rows.append(line)
    return tuple(rows)


_FLOOR_ROWS = _floor_rows()
