"""Constructed boards for rule tests: an empty floor, figures and tiles placed by hand."""

from __future__ import annotations

from ludus.games.floors.board import DIR_INDEX, sq
from ludus.games.floors.game import GAME
from ludus.games.floors.state import TILE_CODES, FloorsState


def empty_board(players: int = 2, **options: object) -> FloorsState:
    """A game in round 2 (all figures waiting, coloured side up) on a floor without stones or pools."""
    st = GAME.setup(players, 0, options)
    st.tiles[:] = bytes(len(st.tiles))
    st.pool = bytearray(len(st.pool))
    st.round = 2
    return st


def put(st: FloorsState, fig: int, c: int, r: int) -> None:
    s = sq(c, r)
    st.cached = None
    if st.fig_sq[fig] >= 0:
        st.figat[st.fig_sq[fig]] = -1
    st.fig_sq[fig] = s
    st.figat[s] = fig


def tile(st: FloorsState, kind: str, c: int, r: int) -> None:
    st.tiles[sq(c, r)] = TILE_CODES[kind]
    st.cached = None


def pool(st: FloorsState, *squares: tuple[int, int]) -> None:
    st.cached = None
    for c, r in squares:
        st.pool[sq(c, r)] = 1


def teleporters(st: FloorsState, pair: int, a: tuple[int, int, str], b: tuple[int, int, str]) -> None:
    sa, sb = sq(a[0], a[1]), sq(b[0], b[1])
    st.cached = None
    for s, other, arrow in ((sa, sb, a[2]), (sb, sa, b[2])):
        st.tele_pair[s] = pair
        st.tele_to[s] = other
        st.tele_dir[s] = DIR_INDEX[arrow]


def monster_at(st: FloorsState, c: int, r: int, facing: str) -> None:
    st.cached = None
    st.monster_sq = sq(c, r)
    st.monster_dir = DIR_INDEX[facing]


def at(st: FloorsState, fig: int) -> tuple[int, int] | None:
    s = st.fig_sq[fig]
    return (s % 16, s // 16) if s >= 0 else None


def steps(trace: list[dict]) -> list[dict]:
    return [record for record in trace if record["kind"] == "monster_step"]


def looks(trace: list[dict]) -> list[dict]:
    return [record for record in trace if record["kind"] == "monster_look"]


def options_for(st: FloorsState) -> list:
    return list(GAME.decisions(st)[0].options)


def begin(st: FloorsState, fig: int) -> None:
    """Make it ``fig``'s owner's turn and pick that figure."""
    st.turn = st.fig_owner[fig]
    st.fig_moved[fig] = False
    st.cached = None
    GAME.apply(st, st.turn, fig)


def move(st: FloorsState, fig: int, *choices: str) -> list:
    begin(st, fig)
    events = []
    for choice in choices:
        events += GAME.apply(st, st.turn, choice)
    return events
