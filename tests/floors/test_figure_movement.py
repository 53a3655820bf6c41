"""Figure movement, one test per rule of the rulebook (and the digest's board)."""

from __future__ import annotations

import pytest

from ludus.engine import IllegalChoice
from ludus.games.floors.board import ENTRANCE, EXIT, FLOOR, across_wall, sq
from ludus.games.floors.game import GAME
from ludus.games.floors.movement import move_results
from ludus.games.floors.state import OUT, STONE, WAITING

from .boards import at, begin, empty_board, monster_at, move, options_for, pool, put, teleporters, tile


def test_board_is_16_by_11_with_two_notches_and_156_floor_squares():
    assert sum(FLOOR) == 156
    assert not FLOOR[sq(12, 0)] and not FLOOR[sq(15, 3)] and FLOOR[sq(11, 0)] and FLOOR[sq(12, 1)]
    assert not FLOOR[sq(0, 7)] and not FLOOR[sq(3, 10)] and FLOOR[sq(4, 10)] and FLOOR[sq(1, 7)]


def test_crossing_the_wall_reflects_through_the_centre_keeping_direction():
    assert across_wall(sq(5, 0)) == sq(10, 10)
    assert across_wall(sq(15, 5)) == sq(0, 5)
    assert across_wall(sq(11, 0)) == sq(4, 10)


def test_basic_setup_has_eleven_stones_two_pools_and_the_monster_on_the_exit_facing_east():
    st = GAME.setup(3, 1)
    assert sum(1 for k in st.tiles if k == STONE) == 11 and sum(st.pool) == 8
    assert st.pool[sq(8, 2)] and st.pool[sq(9, 3)] and st.pool[sq(4, 8)] and st.pool[sq(7, 8)]
    assert st.monster_sq == EXIT and st.monster_dir == 1
    assert all(s == WAITING for s in st.fig_sq) and not any(st.fig_black)


@pytest.mark.parametrize(("players", "per_player", "values"),
                         [(2, 4, [1, 3, 4, 5]), (4, 4, [1, 3, 4, 5]), (5, 3, [1, 4, 5]), (7, 3, [1, 4, 5])])
def test_each_player_has_four_figures_or_three_with_five_to_seven_players(players, per_player, values):
    st = GAME.setup(players, 0)
    assert len(st.fig_sq) == players * per_player
    assert [st.value(f) for f in range(per_player)] == values
    assert st.needed == per_player - 1


def test_entering_onto_the_entrance_costs_the_first_point():
    st = empty_board()
    begin(st, 0)  # the 1/6 figure, coloured side: 1 point
    assert options_for(st) == ["enter", "done"]
    GAME.apply(st, 0, "enter")
    assert st.fig_sq[0] == ENTRANCE and st.move_points == 0
    assert options_for(st) == ["undo", "done"]


def test_leaving_through_the_exit_costs_one_more_point():
    st = empty_board()
    monster_at(st, 8, 8, "E")
    put(st, 1, 1, 0)  # the 3/4 figure
    move(st, 1, "W", "exit")
    assert st.fig_sq[1] == OUT and st.out[0] == 1
    st2 = empty_board()
    monster_at(st2, 8, 8, "E")
    put(st2, 0, 1, 0)  # 1 point: reaches the exit square but cannot leave this turn
    begin(st2, 0)
    GAME.apply(st2, 0, "W")
    assert "exit" not in options_for(st2)


def test_a_figure_passes_through_others_but_never_ends_on_one():
    st = empty_board()
    put(st, 2, 5, 5)  # 4 points
    put(st, 4, 6, 5)
    begin(st, 2)
    GAME.apply(st, 0, "E")
    assert "done" not in options_for(st)
    GAME.apply(st, 0, "E")
    assert at(st, 2) == (7, 5) and "done" in options_for(st)


def test_the_last_point_may_not_be_spent_onto_an_occupied_square():
    st = empty_board()
    put(st, 0, 5, 5)  # 1 point
    put(st, 4, 6, 5)
    begin(st, 0)
    assert "E" not in options_for(st)


def test_no_figure_enters_or_crosses_the_monsters_square():
    st = empty_board()
    monster_at(st, 6, 5, "N")
    put(st, 3, 5, 5)  # 5 points
    begin(st, 3)
    assert "E" not in options_for(st)


def test_a_teleporter_is_a_wall_for_figures():
    st = empty_board()
    teleporters(st, 0, (6, 5, "N"), (10, 8, "S"))
    put(st, 3, 5, 5)
    begin(st, 3)
    assert "E" not in options_for(st)


def test_a_stone_is_pushed_one_square_only_if_the_square_behind_is_free():
    st = empty_board()
    put(st, 3, 5, 5)
    tile(st, "stone", 6, 5)
    move(st, 3, "E")
    assert st.tiles[sq(7, 5)] == STONE and at(st, 3) == (6, 5)
    st = empty_board()
    put(st, 3, 5, 5)
    tile(st, "stone", 6, 5)
    tile(st, "stone", 7, 5)  # never a chain
    begin(st, 3)
    assert "E" not in options_for(st)
    st = empty_board()
    put(st, 3, 14, 5)
    tile(st, "crystal", 15, 5)  # never off the board
    begin(st, 3)
    assert "E" not in options_for(st)


def test_a_stone_pushed_onto_the_exit_or_entrance_leaves_the_game():
    st = empty_board()
    monster_at(st, 8, 8, "E")
    put(st, 3, 2, 0)
    tile(st, "stone", 1, 0)
    move(st, 3, "W")
    assert not st.tiles[EXIT] and not any(st.tiles)


def test_a_stone_pushed_onto_a_teleporter_is_destroyed():
    st = empty_board()
    teleporters(st, 0, (7, 5, "N"), (10, 8, "S"))
    put(st, 3, 5, 5)
    tile(st, "stone", 6, 5)
    move(st, 3, "E")
    assert not any(st.tiles) and at(st, 3) == (6, 5)


def test_a_stone_pushed_into_blood_slides_across_or_stops_on_the_last_free_pool_square():
    st = empty_board()
    pool(st, (7, 5), (8, 5), (9, 5))
    put(st, 3, 5, 5)
    tile(st, "stone", 6, 5)
    move(st, 3, "E")
    assert st.tiles[sq(10, 5)] == STONE
    st = empty_board()
    pool(st, (7, 5), (8, 5), (9, 5))
    put(st, 3, 5, 5)
    put(st, 4, 10, 5)  # blocks the square past the pool
    tile(st, "stone", 6, 5)
    move(st, 3, "E")
    assert st.tiles[sq(9, 5)] == STONE


def test_stepping_into_blood_costs_one_point_and_slides_to_the_first_square_past_the_pool():
    st = empty_board()
    pool(st, (6, 5), (7, 5), (8, 5), (9, 5))
    put(st, 0, 5, 5)  # 1 point is enough
    move(st, 0, "E", "done")
    assert at(st, 0) == (10, 5)


def test_a_slide_pushes_a_stone_on_the_landing_square():
    st = empty_board()
    pool(st, (6, 5), (7, 5))
    put(st, 0, 5, 5)
    tile(st, "stone", 8, 5)
    move(st, 0, "E", "done")
    assert at(st, 0) == (8, 5) and st.tiles[sq(9, 5)] == STONE


def test_a_figure_that_cannot_get_out_of_the_blood_stops_on_it_and_may_leave_sideways_later():
    st = empty_board()
    pool(st, (12, 5), (13, 5), (14, 5), (15, 5))  # against the edge
    put(st, 2, 11, 5)  # 4 points
    begin(st, 2)
    GAME.apply(st, 0, "E")
    assert at(st, 2) == (15, 5) and "done" in options_for(st)  # may end the move in the blood
    GAME.apply(st, 0, "N")  # 1 point to climb out sideways
    assert at(st, 2) == (15, 4) and st.move_points == 2


def test_a_stone_stuck_past_the_pool_keeps_the_figure_in_the_blood():
    st = empty_board()
    pool(st, (6, 5), (7, 5))
    tile(st, "stone", 8, 5)
    tile(st, "stone", 9, 5)
    put(st, 0, 5, 5)
    move(st, 0, "E", "done")
    assert at(st, 0) == (7, 5)


def _stone_lying_in_the_blood(**options: object):
    """A stone pushed into the pool (6,5)-(8,5) stays on its last square because figure 4 holds the square past
    it ("különben a tócsában marad"); figure 4 then walks away, so the squares behind the stone are free."""
    st = empty_board(**options)
    pool(st, (6, 5), (7, 5), (8, 5))
    tile(st, "stone", 5, 5)
    put(st, 3, 4, 5)
    put(st, 4, 9, 5)
    move(st, 3, "E", "done")  # the stone slides to the far end of the pool and stays in it
    assert at(st, 3) == (5, 5) and st.tiles[sq(8, 5)] == STONE
    move(st, 4, "S", "done")
    return st


def test_a_stone_lying_in_the_blood_blocks_a_sliding_figure_in_front_of_it():
    # "blokkolja a továbbiakban a megcsúszást": the slide stops on the pool square before the stone
    st = _stone_lying_in_the_blood()
    begin(st, 3)
    events = GAME.apply(st, 0, "E")
    assert at(st, 3) == (7, 5) and st.tiles[sq(8, 5)] == STONE and st.tiles[sq(9, 5)] == 0
    assert events[0].data["pushed"] == [] and events[0].data["slid"]
    GAME.apply(st, 0, "E")  # a step of its own into the stone pushes it, as any step into a stone does
    assert st.tiles[sq(10, 5)] == STONE and at(st, 3) == (9, 5)


def test_option_a_sliding_figure_pushes_a_stone_lying_in_the_blood_on_at_every_square():
    st = _stone_lying_in_the_blood(stone_in_blood="pushed_on")
    move(st, 3, "E", "done")
    # pushed out of the pool onto the landing square, then off it: two squares, and the figure lands past the pool
    assert at(st, 3) == (9, 5) and st.tiles[sq(10, 5)] == STONE and st.tiles[sq(8, 5)] == 0


def test_the_last_point_may_not_slide_onto_an_occupied_square():
    st = empty_board()
    pool(st, (6, 5), (7, 5))
    put(st, 0, 5, 5)  # 1 point
    put(st, 4, 8, 5)
    begin(st, 0)
    assert "E" not in options_for(st)


def test_every_figure_is_flipped_after_its_move_even_without_moving():
    st = empty_board()
    put(st, 3, 5, 5)
    move(st, 3, "done")
    assert st.fig_black[3] and st.value(3) == 2


def test_undo_takes_back_the_last_step_with_its_push():
    st = empty_board()
    put(st, 3, 5, 5)
    tile(st, "stone", 6, 5)
    begin(st, 3)
    GAME.apply(st, 0, "E")
    GAME.apply(st, 0, "undo")
    assert st.tiles[sq(6, 5)] == STONE and st.fig_sq[3] == sq(5, 5) and st.move_points == 5


def test_a_step_not_offered_is_refused_and_changes_nothing():
    st = empty_board()
    put(st, 0, 5, 5)
    begin(st, 0)
    before = GAME.view(st, 0)
    with pytest.raises(IllegalChoice):
        GAME.apply(st, 0, "enter")
    with pytest.raises(IllegalChoice):
        GAME.apply(st, 1, "N")
    assert GAME.view(st, 0) == before


def test_others_may_pass_through_a_figure_on_the_entrance_but_nobody_enters_past_the_monster():
    st = empty_board()
    put(st, 4, 15, 10)
    begin(st, 0)  # 1 point: would have to stop on the entrance
    assert "enter" not in options_for(st)
    st = empty_board()
    put(st, 4, 15, 10)
    begin(st, 3)  # 5 points: may pass through
    assert "enter" in options_for(st)
    st = empty_board()
    monster_at(st, 15, 10, "W")
    begin(st, 3)
    assert options_for(st) == ["done"]


def test_move_results_lists_every_distinct_end_result_once():
    st = empty_board()
    put(st, 0, 5, 5)  # 1 point: stay, or one of 4 neighbours
    results = move_results(st, 0)
    assert sorted(map(tuple, results)) == sorted([("done",), ("N", "done"), ("E", "done"), ("S", "done"),
                                                  ("W", "done")])
    monster_at(st, 8, 8, "E")
    put(st, 3, 1, 1)  # 5 points near the exit: leaving is one result, by a shortest way
    exits = [r for r in move_results(st, 3) if r[-1] == "exit"]
    assert exits == [["N", "W", "exit"]]


def test_a_slide_stops_in_the_blood_before_the_monster():
    st = empty_board()
    pool(st, (6, 5), (7, 5))
    monster_at(st, 8, 5, "N")
    put(st, 0, 5, 5)
    move(st, 0, "E", "done")
    assert at(st, 0) == (7, 5)


def test_a_slide_stops_in_the_blood_before_a_teleporter():
    st = empty_board()
    pool(st, (6, 5), (7, 5))
    teleporters(st, 0, (8, 5, "N"), (12, 8, "S"))
    put(st, 0, 5, 5)
    move(st, 0, "E", "done")
    assert at(st, 0) == (7, 5)


def test_a_figure_stuck_in_the_blood_with_no_points_left_ends_its_move_there():
    st = empty_board()
    pool(st, (14, 5), (15, 5))
    put(st, 0, 13, 5)  # 1 point
    begin(st, 0)
    GAME.apply(st, 0, "E")
    assert at(st, 0) == (15, 5) and st.move_points == 0 and options_for(st) == ["undo", "done"]


def test_leaving_the_blood_onto_another_pool_square_slides_again():
    st = empty_board()
    pool(st, (14, 5), (15, 5), (14, 6), (15, 6))
    put(st, 2, 13, 5)  # 4 points
    begin(st, 2)
    GAME.apply(st, 0, "E")  # stuck on (15, 5) against the wall
    GAME.apply(st, 0, "S")  # onto (15, 6), another pool square: slides south out of the pool
    assert at(st, 2) == (15, 7) and st.move_points == 2


def test_a_slide_passes_through_a_figure_stuck_in_the_blood():
    st = empty_board()
    pool(st, (6, 5), (7, 5), (8, 5))
    put(st, 4, 7, 5)
    put(st, 0, 5, 5)
    move(st, 0, "E", "done")
    assert at(st, 0) == (9, 5) and at(st, 4) == (7, 5)


def test_every_whole_move_result_replays_as_offered_steps():
    st = GAME.setup(2, 0)
    for fig in (0, 3):
        for result in GAME.move_results(st, fig):
            trial = GAME.clone(st)
            trial.turn = trial.fig_owner[fig]
            trial.cached = None
            GAME.apply(trial, trial.turn, fig)
            for choice in result:
                GAME.apply(trial, trial.turn, choice)
