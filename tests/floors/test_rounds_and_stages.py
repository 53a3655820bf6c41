"""Turn order, rounds, stages, the deck and the end of the game."""

from __future__ import annotations

import random

import pytest

from ludus.engine import BadOptions, IllegalChoice
from ludus.games.floors.board import ENTRANCE, NEAR_DOORS, sq
from ludus.games.floors.game import GAME
from ludus.games.floors.state import EATEN, OUT, WAITING

from .boards import empty_board, monster_at, put


def test_one_figure_per_turn_clockwise_from_the_start_player():
    st = GAME.setup(3, 0)
    seats = []
    for _ in range(3):
        d = GAME.decisions(st)[0]
        seats.append(d.seat)
        GAME.apply(st, d.seat, d.options[0])
        GAME.apply(st, d.seat, "done")
    assert seats == [0, 1, 2]


def test_round_one_each_player_brings_in_only_two_figures_the_rest_are_flipped():
    st = GAME.setup(2, 3)
    turns = 0
    while st.round == 1:
        d = GAME.decisions(st)[0]
        if d.kind == "figure":
            turns += 1
        if d.kind == "figure":
            choice = d.options[0]
        elif "enter" in d.options:
            choice = "enter"
        else:
            choice = "done" if "done" in d.options else d.options[0]
        GAME.apply(st, d.seat, choice)
    assert turns == 4
    assert all(st.fig_black)  # every figure flipped, brought in or not


def test_the_start_marker_passes_clockwise_each_round():
    st = GAME.setup(3, 0)
    rng = random.Random(1)
    while st.round == 1:
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, "done" if d.kind == "step" else rng.choice(d.options))
    assert st.start_player == 1 and GAME.decisions(st)[0].seat == 1


def test_a_player_with_nothing_left_to_move_is_skipped():
    st = empty_board(2)
    for f in range(4):
        st.fig_moved[f] = True  # seat 0 has moved everything
    st.turn = 1
    assert GAME.decisions(st)[0].seat == 1


def _finish_round(st, rng):
    r = st.round
    while st.round == r and st.phase == "move":
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, "done" if d.kind == "step" else rng.choice(d.options))


def test_the_very_first_tile_is_never_a_hit_tile():
    for seed in range(40):
        st = GAME.setup(2, seed)
        tile = GAME.draw(st)
        assert tile > 0 and len(st.deck) == 7 and sorted([*st.deck, tile]) == st.full_deck


def test_stage_one_ends_after_its_seventh_tile_and_all_eight_are_reshuffled():
    st = GAME.setup(2, 5)
    rng = random.Random(0)
    for _ in range(7):
        _finish_round(st, rng)
    assert st.stage == 2 and st.played == [] and len(st.deck) == 8 and st.round == 8


def test_a_player_wins_at_once_with_all_but_one_figure_out():
    st = empty_board(3)
    monster_at(st, 8, 8, "E")
    st.fig_sq[0] = st.fig_sq[1] = OUT
    st.out[0] = 2
    st.reached[0] = [1, 2]
    st.exit_clock = 2
    put(st, 3, 1, 0)
    st.turn = 0
    GAME.apply(st, 0, 3)
    GAME.apply(st, 0, "W")
    GAME.apply(st, 0, "exit")
    assert st.phase == "over" and GAME.outcome(st).winners == (0,)


def test_in_stage_two_the_game_ends_when_no_figure_is_left_in_play():
    st = empty_board(2)
    st.stage = 2
    for f in range(8):
        st.fig_sq[f] = EATEN
    put(st, 0, 9, 5)
    st.fig_sq[7] = OUT
    st.out[1] = 1
    st.reached[1] = [1]
    monster_at(st, 7, 5, "E")
    st.deck = [5]
    GAME.monster_phase(st, None)
    assert st.phase == "over" and GAME.outcome(st).winners == (1,)


def test_the_outcome_says_a_player_won_with_all_but_one_figure_out():
    st = empty_board(3)
    st.out = [3, 2, 0]
    st.reached = [[2, 4, 5], [1, 3], []]
    GAME._finish(st, [0], None)
    details = GAME.outcome(st).details
    assert details["ended"] == "all_but_one" and details["first_out"] == 1


def test_the_three_hits_option_turns_the_five_into_three_hits_with_six_or_seven_players():
    st = GAME.setup(6, 0, {"three_hits": True})
    assert -3 in st.full_deck and 5 not in st.full_deck
    assert 5 in GAME.setup(4, 0, {"three_hits": True}).full_deck


def test_unknown_options_and_player_counts_are_refused():
    with pytest.raises(BadOptions):
        GAME.setup(8, 0)
    with pytest.raises(BadOptions):
        GAME.setup(3, 0, {"variant": "expert"})


def test_a_waiting_figure_on_turn_may_enter_unless_the_monster_stands_on_the_entrance():
    st = GAME.setup(2, 0)
    d = GAME.decisions(st)[0]
    GAME.apply(st, 0, d.options[0])
    assert "enter" in GAME.decisions(st)[0].options
    GAME.apply(st, 0, "enter")
    assert st.fig_sq[d.options[0]] == ENTRANCE


def test_advanced_setup_players_place_the_17_tiles_in_turn_then_the_next_player_starts():
    st = GAME.setup(3, 0, {"variant": "advanced"})
    rng = random.Random(2)
    placers = []
    while st.phase == "setup":
        d = GAME.decisions(st)[0]
        if d.kind == "setup_tile":
            placers.append(d.seat)
        GAME.apply(st, d.seat, rng.choice(d.options))
    assert placers == [i % 3 for i in range(17)]
    assert st.start_player == 17 % 3 and GAME.decisions(st)[0].seat == 17 % 3
    assert sum(st.pool) == 8 and sum(1 for k in st.tiles if k) == 11
    teleporters = [s for s in range(len(st.tele_pair)) if st.tele_pair[s] >= 0]
    assert len(teleporters) == 4 and all(st.tele_to[s] >= 0 for s in teleporters)
    assert not any(st.tiles[s] or st.pool[s] or st.tele_pair[s] >= 0 for s in NEAR_DOORS)


def test_advanced_tiles_never_go_next_to_the_doors_nor_overlap_and_teleporters_never_touch():
    st = GAME.setup(2, 0, {"variant": "advanced"})
    GAME.apply(st, 0, "teleporter0")
    squares = GAME.decisions(st)[0].options
    assert [1, 1] not in squares and [2, 2] in squares and [14, 9] not in squares
    GAME.apply(st, 0, [5, 5])
    GAME.apply(st, 0, "N")
    GAME.apply(st, 1, "teleporter1")
    squares = GAME.decisions(st)[0].options
    assert [5, 5] not in squares and [6, 6] not in squares and [7, 7] in squares
    GAME.apply(st, 1, [7, 7])
    GAME.apply(st, 1, "E")
    GAME.apply(st, 0, "pool1x4")
    squares = GAME.decisions(st)[0].options
    assert [4, 5, "h"] not in squares and [8, 5, "h"] in squares and [12, 1, "h"] not in squares


def test_two_teleporters_are_never_placed_side_by_side_even_when_corners_may_touch():
    # "nem szabad 2 teleportált egymásmellé helyezni"; the option relaxes only the diagonal spacing.
    st = GAME.setup(2, 0, {"variant": "advanced", "teleporters_apart": False})
    GAME.apply(st, 0, "teleporter0")
    GAME.apply(st, 0, [5, 5])
    GAME.apply(st, 0, "N")
    GAME.apply(st, 1, "teleporter1")
    squares = GAME.decisions(st)[0].options
    assert [6, 6] in squares and [4, 4] in squares
    assert all(side not in squares for side in ([5, 4], [6, 5], [5, 6], [4, 5], [5, 5]))
    with pytest.raises(IllegalChoice):
        GAME.apply(st, 1, [6, 5])


def test_figures_waiting_are_counted_in_play():
    st = GAME.setup(2, 0)
    assert all(s == WAITING for s in st.fig_sq) and st.in_play(0)
    assert sq(15, 10) == ENTRANCE
