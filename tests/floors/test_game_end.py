"""How a stalled game ends and who wins it, as the Hungarian rulebook says (issue 21; docs/floors.md, "How a game
ends"). The scenarios are played through the engine: figures walk out through the exit, the round ends, the
monster runs its tile.

- "Ha a második pakli kártyát is felfordítottuk és senki nem teljesítette a nyeréshez szükséges feltételeket,
  akkor mindegyik, addig meg nem menekült figura felfaltnak számít."
- "A játéknak akkor is vége, ha a második félidőben már egy figura sincs a táblán. Ebben az esetben az a játékos
  nyer, aki elsőként juttatta a kijárathoz a figuráját."
"""

from __future__ import annotations

import random

import pytest

from ludus.engine import BadOptions
from ludus.games.floors.game import GAME
from ludus.games.floors.state import EATEN, OUT, FloorsState

from .boards import empty_board, monster_at, move, put

# 2 players: seat 0 owns figures 0–3, seat 1 figures 4–7; figures 3 and 7 show 5, figure 6 shows 4.


def _second_half(**options: object) -> FloorsState:
    """Stage 2 on an empty floor: every figure eaten in an earlier round until the test puts it back."""
    st = empty_board(2, **options)
    st.stage = 2
    st.draws = 8
    for f in range(len(st.fig_sq)):
        st.fig_sq[f] = EATEN
    monster_at(st, 8, 8, "W")  # far from the exit corner, and it sees nobody on its way west
    return st


def _out(st: FloorsState, fig: int, *steps: str) -> None:
    """``fig`` walks to the exit corner and leaves through the exit."""
    move(st, fig, *steps, "exit")
    assert st.fig_sq[fig] == OUT


def _game_over_event(events: list) -> dict:
    return next(event.data for event in events if event.kind == "game_over")


def test_no_figure_left_in_the_second_half_the_player_who_first_brought_a_figure_out_wins():
    # seat 0 got 1 figure out first, seat 1 got 2 out later, then no figure is left: seat 0 wins
    st = _second_half()
    put(st, 3, 1, 0)
    put(st, 7, 0, 1)
    put(st, 6, 2, 0)
    _out(st, 3, "W")
    _out(st, 7, "N")
    assert st.phase == "move"  # seat 1 still has a figure on the board
    _out(st, 6, "W", "W")
    outcome = GAME.outcome(st)
    assert st.phase == "over" and st.out == [1, 2]
    assert outcome.winners == (0,)
    assert outcome.details["ended"] == "no_figure_left" and outcome.details["first_out"] == 0


def test_no_figure_left_in_the_second_half_with_one_figure_out_each_the_first_out_wins():
    # one each, seat 1 out first: seat 1 wins
    st = _second_half()
    put(st, 3, 1, 0)
    put(st, 7, 0, 1)
    _out(st, 7, "N")
    _out(st, 3, "W")
    assert st.phase == "over" and st.out == [1, 1]
    assert GAME.outcome(st).winners == (1,)


def test_no_figure_left_in_the_second_half_and_no_figure_ever_brought_out_nobody_wins_every_seat_loses():
    st = _second_half()
    monster_at(st, 8, 8, "E")
    put(st, 3, 9, 8)
    put(st, 7, 10, 8)
    st.deck = [5]
    move(st, 3, "done")
    events = move(st, 7, "done")  # the round ends: the monster eats both, no figure is left
    assert st.phase == "over" and all(s == EATEN for s in st.fig_sq)
    outcome = GAME.outcome(st)
    assert outcome.winners == ()  # no shared win: every seat lost
    assert outcome.details["ended"] == "no_figure_left" and outcome.details["first_out"] is None
    assert _game_over_event(events)["winners"] == [] and GAME.view(st, None)["winners"] == []


def test_when_the_second_deck_has_been_turned_every_figure_not_yet_out_counts_as_eaten_and_the_first_out_wins():
    st = _second_half()
    st.played = [7, 7, 8, 8, 10, -1, -2]
    st.deck = [5]  # the second deck's 8th tile
    put(st, 3, 1, 0)
    put(st, 7, 0, 1)
    put(st, 6, 2, 0)
    put(st, 0, 14, 9)
    put(st, 4, 15, 9)
    _out(st, 3, "W")
    _out(st, 7, "N")
    _out(st, 6, "W", "W")
    move(st, 0, "done")
    events = move(st, 4, "done")  # the round ends: the monster runs the last tile, eating nobody
    assert st.phase == "over" and st.deck == []
    assert st.fig_sq[0] == EATEN and st.fig_sq[4] == EATEN  # still inside: counted as eaten
    outcome = GAME.outcome(st)
    assert outcome.winners == (0,) and st.out == [1, 2]
    assert outcome.details["ended"] == "deck_turned" and _game_over_event(events)["ended"] == "deck_turned"


def test_when_the_second_deck_has_been_turned_and_no_figure_got_out_nobody_wins():
    st = GAME.setup(2, 5)
    rng = random.Random(0)
    while st.phase != "over":  # every figure stays beside the entrance: only the deck can end the game
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, "done" if d.kind == "step" else rng.choice(d.options))
    assert st.stage == 2 and all(s == EATEN for s in st.fig_sq)
    assert GAME.outcome(st).winners == () and GAME.outcome(st).details["ended"] == "deck_turned"


def _rounds(st: FloorsState, count: int) -> None:
    rng = random.Random(0)
    for _ in range(count):
        r = st.round
        while st.round == r and st.phase == "move":
            d = GAME.decisions(st)[0]
            GAME.apply(st, d.seat, "done" if d.kind == "step" else rng.choice(d.options))


def test_the_second_deck_is_all_eight_tiles_the_game_ends_after_its_eighth():
    # the component list: "8 szörnymozgató kártya"; stage 1 ends after "az utolsó előtti kártyát" (the 7th)
    st = GAME.setup(2, 5)
    _rounds(st, 7)
    assert st.stage == 2 and len(st.deck) == 8
    _rounds(st, 7)
    assert st.phase == "move" and len(st.played) == 7 and len(st.deck) == 1
    _rounds(st, 1)
    assert st.phase == "over" and len(st.played) == 8 and st.deck == []


def test_option_the_second_half_ends_after_its_tile_before_last_as_the_first():
    st = GAME.setup(2, 5, {"stage_two_end": "before_last"})
    _rounds(st, 14)
    assert st.phase == "over" and len(st.played) == 7 and len(st.deck) == 1
    assert all(s == EATEN for s in st.fig_sq)


def test_option_one_figure_each_for_research_the_first_figure_out_wins_at_once():
    # a small configuration (option ``figures``): one figure per seat, the 1/6 kind; all but one out = that one
    st = empty_board(2, figures=1)
    assert st.fig_owner == [0, 1] and st.fig_kind == [0, 0] and st.needed == 1
    monster_at(st, 8, 8, "W")
    put(st, 1, 0, 0)  # on the exit, showing 1: one point to leave with
    events = move(st, 1, "exit")
    assert st.phase == "over" and GAME.outcome(st).winners == (1,)
    assert _game_over_event(events)["winners"] == [1]


def test_option_figures_per_seat_is_validated_and_the_rulebook_counts_stay_the_default():
    assert GAME.setup(2, 0).needed == 3 and len(GAME.setup(5, 0).fig_sq) == 15
    assert len(GAME.setup(3, 0, {"figures": 2}).fig_sq) == 6 and GAME.setup(3, 0, {"figures": 2}).needed == 1
    for bad in (0, 5, "one"):
        with pytest.raises(BadOptions, match="figures"):
            GAME.setup(2, 0, {"figures": bad})
