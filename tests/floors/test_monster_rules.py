"""The monster automaton, one test per rule."""

from __future__ import annotations

from ludus.games.floors.board import sq
from ludus.games.floors.monster import look, run_tile
from ludus.games.floors.state import CRYSTAL, EATEN, STONE, WAITING

from .boards import at, empty_board, looks, monster_at, pool, put, steps, teleporters, tile


def test_the_monster_looks_straight_left_and_right_but_never_back():
    st = empty_board()
    monster_at(st, 7, 5, "E")
    put(st, 0, 2, 5)  # behind
    assert not look(st) and st.monster_dir == 1


def test_only_stones_block_sight_crystals_pools_and_teleporters_do_not():
    st = empty_board()
    monster_at(st, 2, 5, "E")
    tile(st, "crystal", 4, 5)
    pool(st, (5, 5))
    teleporters(st, 0, (6, 5, "N"), (10, 9, "S"))
    put(st, 0, 8, 5)
    assert look(st)
    tile(st, "right", 7, 5)
    assert not look(st)


def test_the_monster_turns_toward_the_single_nearest_figure():
    st = empty_board()
    monster_at(st, 7, 5, "E")
    put(st, 0, 7, 2)  # left, 3 away
    put(st, 1, 7, 9)  # right, 4 away
    look(st)
    assert st.monster_dir == 0


def test_a_tie_for_nearest_keeps_the_direction_even_with_nothing_ahead():
    st = empty_board()
    monster_at(st, 7, 5, "E")
    put(st, 0, 7, 2)
    put(st, 1, 7, 8)
    look(st)
    assert st.monster_dir == 1


def test_only_a_tie_for_the_nearest_keeps_the_direction():
    st = empty_board()
    monster_at(st, 7, 5, "E")
    put(st, 0, 7, 2)  # 3 away
    put(st, 1, 7, 8)  # 3 away
    put(st, 2, 9, 5)  # 2 away: nearest, alone
    look(st)
    assert st.monster_dir == 1
    st.monster_dir = 2
    put(st, 2, 7, 3)  # now left 2, right 3, ahead nothing
    st.monster_dir = 1
    look(st)
    assert st.monster_dir == 0


def test_the_monster_eats_a_figure_on_the_square_it_steps_onto():
    st = empty_board()
    monster_at(st, 7, 5, "E")
    put(st, 0, 9, 5)
    assert run_tile(st, 5) == [0]
    assert st.fig_sq[0] == WAITING  # stage 1: back beside the entrance


def test_in_stage_one_an_eaten_figure_returns_beside_the_entrance_same_side_up():
    st = empty_board()
    monster_at(st, 7, 5, "E")
    put(st, 3, 8, 5)
    st.fig_black[3] = True
    run_tile(st, 5)
    assert st.fig_sq[3] == WAITING and st.fig_black[3]


def test_in_stage_two_an_eaten_figure_is_out_of_the_game():
    st = empty_board()
    st.stage = 2
    monster_at(st, 7, 5, "E")
    put(st, 3, 8, 5)
    run_tile(st, 5)
    assert st.fig_sq[3] == EATEN


def test_the_monster_pushes_a_whole_line_of_stones_and_figures():
    st = empty_board()
    monster_at(st, 2, 5, "E")
    tile(st, "stone", 3, 5)
    put(st, 0, 4, 5)
    tile(st, "stone", 5, 5)
    run_tile(st, 5)  # stone hides the figure: straight on
    assert at(st, 0) == (9, 5) and st.tiles[sq(8, 5)] == STONE and st.tiles[sq(10, 5)] == STONE


def test_a_figure_pushed_off_the_board_counts_as_eaten_and_a_stone_leaves_the_game():
    st = empty_board()
    monster_at(st, 12, 5, "E")
    tile(st, "stone", 13, 5)
    put(st, 0, 15, 5)
    eaten = run_tile(st, 5)
    assert 0 in eaten and not st.tiles[sq(15, 5)]


def test_a_figure_pushed_onto_a_teleporter_counts_as_eaten():
    st = empty_board()
    monster_at(st, 2, 5, "E")
    tile(st, "stone", 3, 5)
    put(st, 1, 4, 5)
    teleporters(st, 0, (5, 5, "N"), (10, 9, "S"))
    trace: list[dict] = []
    eaten = run_tile(st, 5, trace)
    assert eaten[0] == 1 and steps(trace)[0]["pushed"][0]["fate"] == "teleporter"


def test_a_stone_the_monster_pushes_onto_the_exit_is_removed_by_default():
    st = empty_board()
    monster_at(st, 3, 0, "W")
    tile(st, "stone", 2, 0)
    tile(st, "stone", 1, 0)
    run_tile(st, 5)
    assert not st.tiles[sq(0, 0)]
    st = empty_board(stone_on_exit_removed=False)
    monster_at(st, 3, 0, "W")
    tile(st, "stone", 1, 0)
    trace: list[dict] = []
    run_tile(st, 2, trace)
    assert st.tiles[sq(0, 0)] == STONE and steps(trace)[1]["pushed"][0]["fate"] == "moved"


def test_the_monster_slides_across_blood_eating_whoever_is_stuck_in_it():
    st = empty_board()
    monster_at(st, 5, 5, "E")
    pool(st, (6, 5), (7, 5), (8, 5))
    put(st, 0, 7, 5)
    trace: list[dict] = []
    eaten = run_tile(st, 5, trace)
    first = steps(trace)[0]
    assert first["slid"] and first["to"] == [9, 5] and eaten == [0]


def test_the_monster_never_stops_on_a_pool_at_the_wall_it_crosses():
    st = empty_board()
    monster_at(st, 12, 5, "E")
    pool(st, (13, 5), (14, 5), (15, 5))
    trace: list[dict] = []
    run_tile(st, 5, trace)
    first = steps(trace)[0]
    assert first["wrapped"] and first["to"] == [0, 5]


def test_a_hit_tile_runs_until_enough_figures_are_eaten():
    st = empty_board()
    monster_at(st, 2, 5, "E")
    put(st, 0, 4, 5)
    put(st, 1, 6, 5)
    trace: list[dict] = []
    assert run_tile(st, -1, trace) == [0]
    assert len(steps(trace)) == 2 and looks(trace)[-1]["final"]


def test_crushed_figures_count_for_a_hit_tile():
    st = empty_board()
    monster_at(st, 12, 5, "E")
    tile(st, "stone", 13, 5)
    put(st, 0, 15, 5)
    trace: list[dict] = []
    assert run_tile(st, -1, trace) == [0]
    assert len(steps(trace)) == 2


def test_a_hit_tile_stops_after_twenty_steps_and_crossing_the_wall_does_not_end_it():
    st = empty_board()
    monster_at(st, 0, 5, "E")
    trace: list[dict] = []
    assert run_tile(st, -2, trace) == []
    moves = steps(trace)
    assert len(moves) == 20 and any(m["wrapped"] for m in moves)


def test_a_right_turn_stone_turns_a_monster_that_sees_nobody():
    st = empty_board()
    monster_at(st, 5, 5, "E")
    tile(st, "right", 6, 5)
    trace: list[dict] = []
    run_tile(st, 1, trace)
    assert steps(trace)[0]["turned"] == ["S"] and st.monster_sq == sq(5, 6)
    assert st.tiles[sq(6, 5)]


def test_a_turning_stone_is_pushed_like_a_stone_when_the_monster_sees_a_figure_even_a_tie():
    st = empty_board()
    monster_at(st, 5, 5, "E")
    tile(st, "turn", 6, 5)
    put(st, 0, 5, 2)
    put(st, 1, 5, 8)
    run_tile(st, 1)
    assert st.monster_sq == sq(6, 5) and st.tiles[sq(7, 5)]


def test_a_180_stone_turns_the_monster_around():
    st = empty_board()
    monster_at(st, 5, 5, "E")
    tile(st, "turn", 6, 5)
    run_tile(st, 1)
    assert st.monster_sq == sq(4, 5) and st.monster_dir == 3


def test_on_a_teleporter_the_monster_arrives_on_its_partner_facing_the_arrow():
    st = empty_board()
    monster_at(st, 5, 5, "E")
    teleporters(st, 1, (6, 5, "S"), (10, 2, "W"))
    trace: list[dict] = []
    run_tile(st, 1, trace)
    assert st.monster_sq == sq(10, 2) and steps(trace)[0]["facing"] == "W"


def test_a_stone_the_monster_pushes_into_blood_slides_across():
    st = empty_board()
    monster_at(st, 3, 5, "E")
    tile(st, "stone", 4, 5)
    pool(st, (5, 5), (6, 5))
    run_tile(st, 1)
    assert st.tiles[sq(7, 5)] == STONE and st.monster_sq == sq(4, 5)


def test_a_figure_the_monster_pushes_into_blood_slides_across():
    st = empty_board()
    monster_at(st, 2, 5, "E")
    tile(st, "stone", 3, 5)
    put(st, 0, 4, 5)
    pool(st, (5, 5), (6, 5))
    run_tile(st, 1)
    assert at(st, 0) == (7, 5) and st.tiles[sq(4, 5)] == STONE


def test_after_a_slide_the_monster_pushes_a_stone_on_the_landing_square():
    st = empty_board()
    monster_at(st, 3, 5, "E")
    pool(st, (4, 5), (5, 5))
    tile(st, "stone", 6, 5)
    run_tile(st, 1)
    assert st.monster_sq == sq(6, 5) and st.tiles[sq(7, 5)] == STONE


def test_a_monster_phase_reports_its_tile_every_look_every_step_and_the_end():
    from ludus.games.floors.game import GAME

    st = empty_board()
    monster_at(st, 7, 5, "E")
    put(st, 0, 9, 5)
    st.deck = [7]
    events = []
    GAME.monster_phase(st, events)
    kinds = [e.kind for e in events]
    assert kinds[0] == "monster_tile" and events[0].data["tile"] == "7"
    assert kinds[1:-1] == ["monster_look", "monster_step"] * 7 + ["monster_look"]
    assert kinds[-1] == "monster_end" and events[-1].data["eaten"] == [0]
    step = events[2].data
    assert set(step) >= {"n", "from", "to", "facing", "pushed", "ate", "wrapped", "slid", "teleported", "turned"}
    assert all(e.audience is None for e in events)


# "Bármi, ami a tócsába kerül, a túloldalra csúszik a figurák mozgatási szabályai szerint." A figure the
# monster pushes into blood slides exactly as a figure stepping in would.

def test_a_figure_pushed_into_blood_pushes_the_stone_on_its_landing_square_and_lands():
    st = empty_board()
    pool(st, (8, 2), (9, 2), (8, 3), (9, 3))
    monster_at(st, 9, 5, "N")
    tile(st, "stone", 9, 4)
    tile(st, "stone", 9, 1)
    put(st, 0, 9, 3)  # stuck in the blood
    trace: list[dict] = []
    run_tile(st, 1, trace)
    assert at(st, 0) == (9, 1) and st.tiles[sq(9, 0)] == STONE
    # the monster's stone slides into the blood behind the figure and stops before it
    assert st.tiles[sq(9, 2)] == STONE and st.monster_sq == sq(9, 4)
    assert {"kind": "stone", "from": [9, 1], "to": [9, 0], "fate": "moved"} in steps(trace)[0]["pushed"]


def _figure_before_blood(*squares: tuple[int, int], **options: object):
    """The monster on (2,5) facing east pushes a stone on (3,5) and figure 0 on (4,5) into a pool on row 5."""
    st = empty_board(**options)
    pool(st, *squares)
    monster_at(st, 2, 5, "E")
    tile(st, "stone", 3, 5)
    put(st, 0, 4, 5)
    return st


def test_a_figure_pushed_into_blood_stops_in_front_of_a_stone_lying_in_the_blood():
    # "blokkolja a továbbiakban a megcsúszást" (docs/floors.md, "A stone lying in the blood")
    st = _figure_before_blood((5, 5), (6, 5), (7, 5))
    tile(st, "crystal", 7, 5)  # stuck on the pool's last square
    trace: list[dict] = []
    run_tile(st, 1, trace)
    assert at(st, 0) == (6, 5) and st.tiles[sq(7, 5)] == CRYSTAL and st.tiles[sq(8, 5)] == 0
    assert [item["kind"] for item in steps(trace)[0]["pushed"]] == ["figure", "stone"]


def test_option_a_figure_pushed_into_blood_pushes_a_stone_lying_in_the_blood_on_and_lands():
    st = _figure_before_blood((5, 5), (6, 5), (7, 5), stone_in_blood="pushed_on")
    tile(st, "crystal", 7, 5)  # stuck on the pool's last square
    trace: list[dict] = []
    run_tile(st, 1, trace)
    assert at(st, 0) == (8, 5) and st.tiles[sq(9, 5)] == CRYSTAL and st.tiles[sq(7, 5)] == 0
    kinds = [item["kind"] for item in steps(trace)[0]["pushed"]]
    assert kinds == ["crystal", "crystal", "figure", "stone"]


def test_a_figure_pushed_into_blood_passes_over_a_figure_stuck_in_it_and_lands_beyond():
    st = _figure_before_blood((5, 5), (6, 5), (7, 5))
    put(st, 2, 6, 5)  # stuck in the blood
    run_tile(st, 1)
    assert at(st, 0) == (8, 5) and at(st, 2) == (6, 5)


def test_a_figure_pushed_into_blood_whose_landing_square_is_taken_stays_on_the_farthest_free_blood_square():
    st = _figure_before_blood((5, 5), (6, 5), (7, 5))
    put(st, 1, 8, 5)  # on the landing square: a figure may not end its slide on another figure
    put(st, 2, 7, 5)  # stuck on the last blood square
    run_tile(st, 1)
    assert at(st, 0) == (6, 5) and at(st, 1) == (8, 5) and at(st, 2) == (7, 5)


def test_a_figure_pushed_into_blood_against_the_edge_or_a_teleporter_stays_in_the_blood_uneaten():
    st = empty_board()
    pool(st, (13, 5), (14, 5), (15, 5))
    monster_at(st, 10, 5, "E")
    tile(st, "stone", 11, 5)
    put(st, 0, 12, 5)
    put(st, 2, 15, 5)
    run_tile(st, 1)
    assert at(st, 0) == (14, 5) and at(st, 2) == (15, 5)

    st = _figure_before_blood((5, 5), (6, 5))
    teleporters(st, 0, (7, 5, "N"), (2, 9, "E"))  # a wall for figures, also for a sliding one
    assert run_tile(st, 1) == [] and at(st, 0) == (6, 5)
