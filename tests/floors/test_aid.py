"""The monster-path preview, the aid of casual tables (issue 23 point 3): worked out from the seat's view alone,
it is the walk the monster really makes when nobody moves, and hidden things (the deck's order) never change it."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.engine import Event
from ludus.games.floors.aid import possible_tiles, preview
from ludus.games.floors.board import sq
from ludus.games.floors.game import GAME
from ludus.games.floors.state import FloorsState, tile_code

from .boards import empty_board, monster_at, pool, put, teleporters, tile


def fixed_position() -> FloorsState:
    """Stage 1 after two tiles (5 and 7) were turned: the monster at D6 looking east at a figure three squares
    ahead, another figure to its north, a stone, a pool and a pair of teleporters on the way."""
    position = empty_board(2, aid=True)
    monster_at(position, 3, 5, "E")
    put(position, 0, 6, 5)
    put(position, 4, 3, 1)
    put(position, 5, 11, 5)
    tile(position, "stone", 9, 5)
    pool(position, (12, 3), (12, 4))
    teleporters(position, 0, (13, 8, "W"), (2, 8, "N"))
    position.played = [5, 7]
    position.deck = [t for t in position.full_deck if t not in (5,)]
    position.deck.remove(7)
    position.draws = 2
    return position


def without_aid(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "aid"}


def actual_run(position: FloorsState, tile_name: str) -> dict[str, Any]:
    """The monster phase the game itself plays on ``position`` with ``tile_name`` on top of the deck."""
    world = position.clone()
    world.deck.remove(tile_code(tile_name))
    world.deck.append(tile_code(tile_name))
    events: list[Event] = []
    GAME.monster_phase(world, events)
    steps = [e.data for e in events if e.kind == "monster_step"]
    end = next(e.data for e in events if e.kind == "monster_end")
    return {"steps": [(s["from"], s["to"], s["ate"]) for s in steps], "eaten": end["eaten"], "end": end["at"],
            "facing": end["facing"]}


def test_the_preview_is_off_unless_the_table_asks_for_it() -> None:
    assert "aid" not in GAME.view(GAME.setup(3, 1), 0)


def test_the_preview_shows_every_tile_that_may_still_come_this_stage() -> None:
    view = GAME.view(fixed_position(), 0)
    assert [entry["tile"] for entry in view["aid"]["tiles"]] == ["7", "8", "10", "hit1", "hit2"]


def test_the_first_tile_of_the_game_is_never_a_hit_so_the_preview_offers_none() -> None:
    assert possible_tiles(GAME.view(GAME.setup(2, 3, {"aid": True}), 0)) == ["5", "7", "8", "10"]


def test_the_previewed_path_is_the_monsters_actual_run_when_nobody_moves() -> None:
    position = fixed_position()
    aid = GAME.view(position, 0)["aid"]
    assert aid["from"] == [3, 5] and aid["facing"] == "E"
    for entry in aid["tiles"]:
        run = actual_run(position, entry["tile"])
        assert [(s["from"], s["to"], s["ate"]) for s in entry["steps"]] == run["steps"], entry["tile"]
        assert (entry["eaten"], entry["end"], entry["facing"]) == (run["eaten"], run["end"], run["facing"])


def test_the_preview_marks_the_figure_the_monster_would_eat() -> None:
    aid = GAME.view(fixed_position(), 1)["aid"]
    eight = next(entry for entry in aid["tiles"] if entry["tile"] == "8")
    # it walks east three squares onto the figure at G6
    assert eight["steps"][2]["to"] == [6, 5] and eight["steps"][2]["ate"] == [0]
    assert 0 in eight["eaten"]


def test_a_figure_on_the_move_counts_where_it_stands_now() -> None:
    position = fixed_position()
    position.turn = 0
    position.round_moves = [0, 0]
    position.cached = None
    GAME.apply(position, 0, 0)  # figure 0 (value 1) lifts off G6 ...
    GAME.apply(position, 0, "N")  # ... and steps to G5, out of the monster's row
    view = GAME.view(position, 0)
    assert view["moving"]["figure"] == 0
    eight = next(entry for entry in view["aid"]["tiles"] if entry["tile"] == "8")
    # G6 is empty now: the monster sees the figure at D2 to its left and turns north, not east
    assert eight["steps"][0]["to"] == [3, 4]
    # the board as it is: the figure stands on G5 now, and the walk is the one the game plays from there
    position.figat[sq(6, 4)] = 0
    run = actual_run(position, "8")
    assert [(s["from"], s["to"], s["ate"]) for s in eight["steps"]] == run["steps"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 150), order=st.randoms(use_true_random=False),
       players=st.integers(2, 5))
def test_the_preview_is_the_run_to_come_and_reads_only_the_view_never_the_decks_order(
        seed: int, moves: int, order: random.Random, players: int) -> None:
    rng = random.Random(seed)
    position = GAME.setup(players, seed, {"aid": True})
    for _ in range(moves):
        found = GAME.decisions(position)
        if not found:
            break
        decision = rng.choice(found)
        GAME.apply(position, decision.seat, rng.choice(list(decision.options)))
    aid = GAME.view(position, None)["aid"]
    if aid is not None and position.move_fig < 0:
        # between two moves: each walk shown is the monster phase the game would play now
        for entry in aid["tiles"]:
            run = actual_run(position, entry["tile"])
            assert [(s["from"], s["to"], s["ate"]) for s in entry["steps"]] == run["steps"]
            assert (entry["eaten"], entry["end"], entry["facing"]) == (run["eaten"], run["end"], run["facing"])
    together = GAME.views(position, [*range(players), None])  # the server's way: the aid worked out once
    for seat in (*range(players), None):
        view = GAME.view(position, seat)
        assert together[seat] == view
        # computed from the view alone, it is what the view carries
        assert preview(without_aid(view)) == view["aid"]
        # the deck in another order (hidden) with the same view: the same preview
        other = position.clone()
        order.shuffle(other.deck)
        other_view = GAME.view(other, seat)
        assert without_aid(other_view) == without_aid(view)
        assert other_view["aid"] == view["aid"]
