"""The board: our own 37-hex geometry of the digest, and the rulebook's two kinds of move."""

from __future__ import annotations

import random

from ludus.games.shadows import board
from ludus.games.shadows.board import CENTRE, OBSTACLES, SLOTS, SPACE_OF


def test_board_is_a_hexagon_of_37_hexes_with_34_playable_spaces() -> None:
    assert len(board.HEXES) == 37
    assert len(board.PLAYABLE) == 34
    assert sorted(OBSTACLES) == sorted(SPACE_OF[h] for h in ((0, 1), (1, -1), (-1, 0)))


def test_start_tile_is_the_centre_and_three_arms_between_the_obstacles() -> None:
    assert board.HEXES[CENTRE] == (0, 0)
    assert {board.HEXES[a] for a in board.ARMS} == {(-1, 1), (1, 0), (0, -1)}
    assert set(board.steps(CENTRE)) == set(board.ARMS)


def test_six_district_slots_of_five_spaces_cover_the_rest_of_the_board() -> None:
    spaces = [s for slot in SLOTS for s in slot]
    assert len(SLOTS) == 6 and all(len(slot) == 5 for slot in SLOTS)
    assert len(set(spaces)) == 30
    assert set(spaces) | set(board.START_SPACES) == set(board.PLAYABLE)


def test_the_board_turns_onto_itself_by_120_degrees() -> None:
    assert {board.rotate(s) for s in OBSTACLES} == set(OBSTACLES)
    assert {board.rotate(s) for s in board.ARMS} == set(board.ARMS)
    assert all(board.rotate(s, 3) == s for s in range(37))
    turned = {tuple(board.rotate(s) for s in slot) for slot in SLOTS}
    assert turned == set(SLOTS)  # a slot's picture order turns with it


def test_one_clue_card_moves_to_an_adjacent_playable_space() -> None:
    for space in board.PLAYABLE:
        for target in board.reachable(space, 1):
            assert board.distance(space, target) == 1
            assert target not in OBSTACLES
        assert board.reachable(space, 1), "no space is a dead end"


def test_obstacles_can_be_neither_entered_nor_crossed() -> None:
    assert all(o not in board.jumps(s) and o not in board.steps(s) for s in board.PLAYABLE for o in OBSTACLES)
    # From the arm (-1,1) the space (1,1) lies straight behind the obstacle (0,1), its only middle space.
    arm, far = SPACE_OF[(-1, 1)], SPACE_OF[(1, 1)]
    assert board.distance(arm, far) == 2
    assert set(board.neighbours(arm)) & set(board.neighbours(far)) == {SPACE_OF[(0, 1)]}
    assert far not in board.jumps(arm)


def test_two_clue_cards_move_exactly_two_spaces_through_a_playable_middle_space() -> None:
    for space in board.PLAYABLE:
        for target in board.reachable(space, 2):
            assert board.distance(space, target) == 2
            middles = set(board.steps(space)) & set(board.steps(target))
            assert middles, "a two-space move passes over a playable middle space"
        assert space not in board.reachable(space, 2)


def test_a_bent_two_space_move_may_go_around_an_obstacle() -> None:
    # (-2,1) to the centre: middle spaces (-1,0) (obstacle) and (-1,1) (an arm, playable).
    start = SPACE_OF[(-2, 1)]
    assert set(board.neighbours(start)) & set(board.neighbours(CENTRE)) == {SPACE_OF[(-1, 0)], SPACE_OF[(-1, 1)]}
    assert CENTRE in board.jumps(start)


def test_district_tiles_six_of_seven_each_with_a_random_side() -> None:
    districts = board.place_districts(random.Random(3))
    assert len(districts) == 6 and len({tile for tile, _ in districts}) == 6
    assert all(0 <= tile < 7 and side in ("a", "b") for tile, side in districts)
    pictures = board.board_pictures(districts, ["k1", "k2", "k3", "k4"])
    assert set(pictures) == set(board.PLAYABLE)
    tile, side = districts[0]
    assert [pictures[s] for s in SLOTS[0]] == [f"d{tile}{side}{i}" for i in range(5)]


def test_picture_ids() -> None:
    assert board.CLUE_IDS[0] == "k0" and board.CLUE_IDS[-1] == "k83"
    assert len(set(board.DISTRICT_PICTURE_IDS)) == 70


def test_safe_distances_never_land_on_blocked_spaces_but_jump_over_them() -> None:
    arms = set(board.ARMS)
    reached = board.safe_distances(CENTRE, arms)  # every arm is police: jump over them
    assert not arms & set(reached)
    assert len(reached) > 20


def test_safe_distances_are_the_fewest_moves_found_one_move_at_a_time() -> None:
    rng = random.Random(12)
    for _ in range(300):
        start = rng.choice(board.PLAYABLE)
        blocked = set(rng.sample(board.PLAYABLE, rng.randrange(18))) - {start}
        fewest, frontier = {start: 0}, [start]
        while frontier:  # breadth first over the 1- and 2-card moves, never landing on a blocked space
            later = []
            for here in frontier:
                for there in board.moves(here):
                    if there not in blocked and there not in fewest:
                        fewest[there] = fewest[here] + 1
                        later.append(there)
            frontier = later
        assert board.safe_distances(start, blocked) == fewest
