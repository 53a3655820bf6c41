"""The rulebook's two worked monster examples (an 8 tile each), rebuilt on constructed boards.

Letters are the rulebook's figures A–H; the test asserts the monster's exact sequence of looks and steps.
"""

from __future__ import annotations

from ludus.games.floors.monster import run_tile

from .boards import at, empty_board, looks, monster_at, pool, put, steps, teleporters, tile

A, B, C, D, E, F, G, H = range(8)


def basic_example(with_g: bool = True):
    st = empty_board(2)
    monster_at(st, 9, 7, "E")
    put(st, A, 9, 1)
    put(st, B, 5, 7)  # behind the monster: never seen until the very end
    put(st, C, 12, 5)  # just past the blood pool
    put(st, D, 12, 2)
    put(st, E, 12, 8)  # D and E: equally far from C's square
    put(st, F, 14, 5)  # hidden behind the stone
    if with_g:
        put(st, G, 15, 6)
    put(st, H, 11, 3)  # only visible from the pool, where the monster does not look
    pool(st, (10, 5), (11, 5), (10, 6), (11, 6))
    tile(st, "stone", 13, 5)
    return st


def test_basic_example_eight_steps_turn_slide_tie_push_crush_eat_and_final_turn():
    st = basic_example()
    trace: list[dict] = []
    eaten = run_tile(st, 8, trace)
    seen = looks(trace)
    moves = steps(trace)
    assert len(moves) == 8 and len(seen) == 9

    # 1: sees A on the left (not B behind), turns left and steps toward A.
    assert [s["figure"] for s in seen[0]["saw"]] == [A] and seen[0]["facing"] == "N"
    assert moves[0]["to"] == [9, 6]
    # 2: now sees G too, but A is nearer.
    assert {s["figure"] for s in seen[1]["saw"]} == {A, G} and seen[1]["facing"] == "N"
    assert moves[1]["to"] == [9, 5]
    # 3: sees A and C; C is nearer: turns, slides through the blood and eats C (H unseen while sliding).
    assert {s["figure"] for s in seen[2]["saw"]} == {A, C} and seen[2]["facing"] == "E"
    assert moves[2]["slid"] and moves[2]["to"] == [12, 5] and moves[2]["ate"] == [C]
    # 4: D and E equally far: keeps going straight, pushing the stone and F one square.
    assert {s["figure"] for s in seen[3]["saw"]} == {D, E} and seen[3]["facing"] == "E"
    assert [(p["kind"], p["to"]) for p in moves[3]["pushed"]] == [("figure", [15, 5]), ("stone", [14, 5])]
    # 5: sees nobody (the stone hides F); pushes on: F goes off the board and counts as eaten.
    assert seen[4]["saw"] == [] and moves[4]["ate"] == [F]
    assert [p["fate"] for p in moves[4]["pushed"]] == ["off", "moved"]
    # 6: sees nobody; the stone is pushed off the board and leaves the game.
    assert seen[5]["saw"] == [] and [p["fate"] for p in moves[5]["pushed"]] == ["off"]
    assert moves[5]["to"] == [15, 5]
    # 7: sees G, turns, steps and eats G.
    assert [s["figure"] for s in seen[6]["saw"]] == [G] and seen[6]["facing"] == "S"
    assert moves[6]["ate"] == [G]
    # 8: the last step; the final look turns it toward B.
    assert moves[7]["to"] == [15, 7]
    assert seen[8]["final"] and [s["figure"] for s in seen[8]["saw"]] == [B] and seen[8]["facing"] == "W"
    assert eaten == [C, F, G]
    assert not any(st.tiles)  # the only stone left the game
    # Stage 1: eaten figures wait beside the entrance again.
    assert at(st, C) is None and st.fig_sq[C] == -1


def test_basic_example_without_g_the_monster_crosses_the_wall():
    st = basic_example(with_g=False)
    trace: list[dict] = []
    run_tile(st, 8, trace)
    moves = steps(trace)
    assert moves[6]["wrapped"] and moves[6]["to"] == [0, 5]  # the same letter on the other side
    assert moves[7]["to"] == [1, 5]


def advanced_example():
    st = empty_board(2, variant="advanced")
    monster_at(st, 3, 7, "E")
    tile(st, "right", 4, 7)  # straight ahead, but it never wants to step on it
    teleporters(st, 0, (3, 4, "E"), (12, 8, "N"))
    put(st, A, 3, 2)  # seen over the teleporter
    put(st, B, 2, 4)  # beside the first teleporter, behind the monster when it arrives
    tile(st, "crystal", 4, 4)
    put(st, C, 5, 4)  # behind the crystal
    put(st, D, 11, 8)  # left of the second teleporter
    tile(st, "turn", 10, 8)
    put(st, E, 6, 5)
    return st


def test_advanced_example_teleports_eats_d_reverses_and_pushes_crystal_and_c_three_times():
    st = advanced_example()
    trace: list[dict] = []
    eaten = run_tile(st, 8, trace)
    seen = looks(trace)
    moves = steps(trace)
    assert len(moves) == 8

    # 1: sees A over the teleporter and turns toward it; the right-turn stone stays inactive.
    assert [s["figure"] for s in seen[0]["saw"]] == [A] and seen[0]["facing"] == "N"
    assert moves[0]["turned"] == [] and moves[0]["to"] == [3, 6]
    # 2: still only A.
    assert [s["figure"] for s in seen[1]["saw"]] == [A] and moves[1]["to"] == [3, 5]
    # 3: A and E equally far: straight on, onto the teleporter and out of its partner (B, C unseen).
    assert {s["figure"] for s in seen[2]["saw"]} == {A, E} and seen[2]["facing"] == "N"
    assert moves[2]["teleported"] and moves[2]["to"] == [12, 8] and moves[2]["facing"] == "N"
    # 4: looks around at the second teleporter, sees D and eats it.
    assert [s["figure"] for s in seen[3]["saw"]] == [D] and moves[3]["ate"] == [D]
    # 5: sees nobody; the 180° stone turns it around instead of being pushed, and it steps back onto
    # the teleporter, arriving beside B facing C.
    assert seen[4]["saw"] == [] and moves[4]["turned"] == ["E"]
    assert moves[4]["teleported"] and moves[4]["to"] == [3, 4] and moves[4]["facing"] == "E"
    # 6: sees A and C (through the crystal) equally far: goes on toward C, pushing crystal and C.
    assert {s["figure"] for s in seen[5]["saw"]} == {A, C} and seen[5]["facing"] == "E"
    assert [(p["kind"], p["to"]) for p in moves[5]["pushed"]] == [("figure", [6, 4]), ("crystal", [5, 4])]
    # 7, 8: only C through the crystal; pushes twice more.
    assert [s["figure"] for s in seen[6]["saw"]] == [C] and [s["figure"] for s in seen[7]["saw"]] == [C]
    assert moves[7]["to"] == [6, 4] and at(st, C) == (8, 4) and st.tiles[4 * 16 + 7] != 0
    # Final look: E is nearer than C, so it turns toward E and stays right beside it.
    assert seen[8]["final"] and {s["figure"]: s["dist"] for s in seen[8]["saw"]} == {C: 2, E: 1}
    assert seen[8]["facing"] == "S"
    assert eaten == [D] and at(st, B) == (2, 4) and at(st, A) == (3, 2)
