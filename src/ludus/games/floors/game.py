"""Fearsome Floors (Félelmetes Folyosók): the rules behind the engine's game protocol.

A round is the figures' moves (one figure per turn, clockwise, each step its own decision) and
then the monster tile (``monster.run_tile``). Stage 1 returns eaten figures to the entrance; after
its seventh tile all eight tiles are reshuffled for stage 2, where eaten figures are gone. Stage 2
ends with its eighth tile (option: its seventh) or when no figure is left in play: then the first
player to bring a figure out wins, and nobody wins if no figure got out.
See docs/floors.md for the decision/view/trace contract.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ludus.engine import Decision, Event, IllegalChoice, Option, Outcome, check_players, resolve_options
from ludus.engine.chance import rng_for

from . import aid, monster
from .board import (
    AROUND,
    BASIC_POOLS,
    BASIC_STONES,
    DIR_INDEX,
    DIRS,
    ENTRANCE,
    FLOOR,
    NEAR_DOORS,
    SIDE_BY_SIDE,
    SIZE,
    col_row,
    floor_rows,
    sq,
)
from .movement import apply_plan, move_results, plan_step, step_options
from .state import (
    EATEN,
    FIGURE_VALUES,
    MONSTER_TILES,
    OUT,
    STONE,
    TILE_CODES,
    TILE_NAMES,
    WAITING,
    FloorsState,
    first_out,
    tile_code,
    tile_name,
)

OPTIONS: tuple[Option, ...] = (
    Option("variant", "basic", "basic setup, or the advanced game where players place the 17 tiles",
           ("basic", "advanced")),
    Option("three_hits", False, "6–7 players: the 5 tile becomes '3 hits' (longer game)"),
    Option("no_hit_first_each_stage", False, "the first tile may not be a hit tile at the start of stage 2 too"),
    Option("stone_on_exit_removed", True, "a stone the monster pushes onto the exit or entrance leaves the game"),
    Option("entrance_pass_through", True, "figures may pass through a figure standing on the entrance"),
    Option("tie_rule", "nearest", "which tie keeps the monster's direction: only a tie for the nearest, or any",
           ("nearest", "any")),
    Option("look_after_turn", False, "after a turning stone turns it, the monster looks again before stepping"),
    Option("teleporters_apart", True, "advanced setup: teleporters may not touch diagonally either "
           "(they never stand side by side)"),
    Option("stage_two_end", "whole_deck", "stage 2 ends when its whole deck (all 8 tiles) has been turned, "
           "or after the tile before last as stage 1", ("whole_deck", "before_last")),
    Option("stone_in_blood", "blocks", "a stone lying in a blood pool stops a figure sliding through it, "
           "or is pushed on at every square of the slide", ("blocks", "pushed_on")),
    Option("figures", None, "figures per seat, the first kinds of 1/6, 3/4, 4/3, 5/2 (a small configuration for "
           "research; none = the rulebook: four, three at 5–7 players); a seat wins with all but one out (one: "
           "that one)", minimum=1, maximum=4),
    Option("aid", False, "an aid that teaches (casual tables only): before a move, the monster's path for each tile "
           "that may come next, as the board stands, with the figures it would eat"),
)

SETUP_TILES: dict[str, int] = {"stone": 3, "crystal": 2, "right": 4, "turn": 2, "teleporter0": 2,
                               "teleporter1": 2, "pool2x2": 1, "pool1x4": 1}
WHERE = {WAITING: "waiting", OUT: "out", EATEN: "eaten"}
WHERE_CODE = {"waiting": WAITING, "out": OUT, "eaten": EATEN}


_XY = tuple(col_row(s) for s in range(SIZE))


def _xy(s: int) -> list[int]:
    return list(_XY[s])


def _choice_square(value: Any) -> int:
    return sq(int(value[0]), int(value[1]))


class FloorsGame:
    id = "floors"
    players = range(2, 8)
    options: Sequence[Option] = OPTIONS

    # --- setting up ----------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> FloorsState:
        check_players(self.id, players, self.players)
        resolved = resolve_options(self.options, options)
        st = FloorsState(players, resolved, rng_for(seed))
        kinds: tuple[int, ...] = (0, 1, 2, 3) if players <= 4 else (0, 2, 3)
        if resolved["figures"] is not None:
            kinds = kinds[:resolved["figures"]]
        for seat in range(players):
            for kind in kinds:
                st.fig_sq.append(WAITING)
                st.fig_owner.append(seat)
                st.fig_kind.append(kind)
                st.fig_black.append(False)
                st.fig_moved.append(False)
        st.needed = max(1, len(kinds) - 1)
        deck = list(MONSTER_TILES)
        if resolved["three_hits"] and players >= 6:
            deck[deck.index(5)] = -3
        st.full_deck = sorted(deck)
        st.deck = deck[:]
        st.rng.shuffle(st.deck)
        st.start_player = 0
        if resolved["variant"] == "basic":
            for s in BASIC_STONES:
                st.tiles[s] = STONE
            for pool in BASIC_POOLS:
                for s in pool:
                    st.pool[s] = 1
            self._begin_round(st, [])
        else:
            st.phase = "setup"
            st.setup_left = dict(SETUP_TILES)
            st.setup_placer = st.start_player
        return st

    def clone(self, state: FloorsState) -> FloorsState:
        return state.clone()

    # --- whose decision --------------------------------------------------------------------
    def decisions(self, state: FloorsState) -> list[Decision]:
        if state.cached is None:
            state.cached = self._decisions(state)
        return list(state.cached)

    def _decisions(self, state: FloorsState) -> list[Decision]:
        st = state
        if st.phase == "move":
            if st.move_fig < 0:
                return [Decision(st.turn, "figure", tuple(self.movable(st, st.turn)), {"round": st.round})]
            pos = st.fig_sq[st.move_fig]
            return [Decision(st.turn, "step", tuple(step_options(st, pos, st.move_points, bool(st.move_steps))),
                             {"figure": st.move_fig, "points": st.move_points,
                              "at": _xy(pos) if pos >= 0 else None})]
        if st.phase == "setup":
            placer = st.setup_placer
            if st.setup_tile is None:
                names = tuple(name for name in SETUP_TILES if st.setup_left.get(name, 0) > 0)
                return [Decision(placer, "setup_tile", names, {"left": dict(st.setup_left)})]
            if st.setup_square < 0:
                return [Decision(placer, "setup_square", tuple(self.placements(st, st.setup_tile)),
                                 {"tile": st.setup_tile})]
            return [Decision(placer, "setup_arrow", tuple(DIRS),
                             {"tile": st.setup_tile, "square": _xy(st.setup_square)})]
        return []

    def move_results(self, state: FloorsState, fig: int) -> list[list[str]]:
        """Every distinct legal end result of moving ``fig`` from where it stands, as step-choice lists
        (each ends with "done" or "exit"); to play one, choose ``fig`` then each step in turn."""
        return move_results(state, fig)

    def movable(self, st: FloorsState, seat: int) -> list[int]:
        """This seat's figures that still move this round (round 1: only two moves per player)."""
        if st.round == 1 and st.round_moves[seat] >= 2:
            return []
        return [f for f in range(len(st.fig_sq))
                if st.fig_owner[f] == seat and not st.fig_moved[f] and st.fig_sq[f] >= WAITING]

    def next_mover(self, st: FloorsState) -> int | None:
        """The next seat clockwise after the one on turn that still has a figure to move, if any."""
        n = st.players
        for k in range(1, n + 1):
            seat = (st.turn + k) % n
            if self.movable(st, seat):
                return seat
        return None

    def placements(self, st: FloorsState, name: str) -> list[list[Any]]:
        """Every legal square (and orientation) for an advanced-setup tile."""
        def free(s: int) -> bool:
            return (s >= 0 and FLOOR[s] and s not in NEAR_DOORS and not st.tiles[s] and not st.pool[s]
                    and st.tele_pair[s] < 0)

        out: list[list[Any]] = []
        for s in range(SIZE):
            if not free(s):
                continue
            c, r = col_row(s)
            if name == "pool2x2":
                if c + 1 < 16 and r + 1 < 11 and all(free(sq(c + dc, r + dr)) for dc in (0, 1) for dr in (0, 1)):
                    out.append([c, r])
            elif name == "pool1x4":
                if c + 3 < 16 and all(free(sq(c + k, r)) for k in range(4)):
                    out.append([c, r, "h"])
                if r + 3 < 11 and all(free(sq(c, r + k)) for k in range(4)):
                    out.append([c, r, "v"])
            elif name.startswith("teleporter"):
                # "nem szabad 2 teleportált egymásmellé helyezni": never side by side; the option
                # only decides whether touching corners count as side by side too.
                near = AROUND[s] if st.options["teleporters_apart"] else SIDE_BY_SIDE[s]
                if any(st.tele_pair[t] >= 0 for t in near):
                    continue
                out.append([c, r])
            else:
                out.append([c, r])
        return out

    # --- applying a choice -----------------------------------------------------------------
    def apply(self, state: FloorsState, seat: int, choice: Any) -> list[Event]:
        st = state
        decisions = self.decisions(st)
        decision = next((d for d in decisions if d.seat == seat), None)
        if decision is None:
            raise IllegalChoice("not-your-turn", f"seat {seat} has no decision now")
        if isinstance(choice, bool) or not (choice in decision.options if isinstance(choice, str | int)
                                            else decision.allows(choice)):
            raise IllegalChoice("not-offered", f"{choice!r} is not one of {list(decision.options)}")
        events: list[Event] = []
        st.cached = None
        kind = decision.kind
        if kind == "figure":
            self._start_move(st, int(choice))
        elif kind == "step":
            self._step(st, choice, events)
        elif kind == "setup_tile":
            st.setup_tile = choice
        elif kind == "setup_square":
            self._place(st, choice, events)
        else:
            self._place_arrow(st, DIR_INDEX[choice], events)
        return events

    def _start_move(self, st: FloorsState, fig: int) -> None:
        st.move_fig = fig
        st.move_points = st.value(fig)
        st.move_steps = []
        st.move_snapshots = []
        pos = st.fig_sq[fig]
        st.move_start = (pos, bytes(st.tiles))
        if pos >= 0:
            st.figat[pos] = -1  # lifted: it may pass through others while it moves

    def _step(self, st: FloorsState, choice: str, events: list[Event] | None) -> None:
        fig = st.move_fig
        pos = st.fig_sq[fig]
        if choice == "done":
            self._end_move(st, events)
            return
        if choice == "undo":
            st.fig_sq[fig], st.move_points, tiles = st.move_snapshots.pop()
            st.tiles[:] = tiles
            st.move_steps.pop()
            if events is not None:
                events.append(Event("figure_undo", {"figure": fig, "at": _xy(st.fig_sq[fig])
                                                    if st.fig_sq[fig] >= 0 else None}))
            return
        if choice == "exit":
            st.fig_sq[fig] = OUT
            st.fig_black[fig] = not st.fig_black[fig]
            seat = st.fig_owner[fig]
            st.out[seat] += 1
            st.exit_clock += 1
            st.reached[seat].append(st.exit_clock)
            st.fig_moved[fig] = True
            st.round_moves[seat] += 1
            st.move_fig = -1
            if events is not None:
                events.append(Event("figure_out", {"figure": fig, "seat": seat, "out": st.out[seat]}))
            if st.out[seat] >= st.needed:
                self._finish(st, [seat], events)
                return
            self._next_turn(st, events)
            return
        st.move_snapshots.append((pos, st.move_points, bytes(st.tiles)))
        st.move_steps.append(choice)
        st.move_points -= 1
        if choice == "enter":
            st.fig_sq[fig] = ENTRANCE
            if events is not None:
                events.append(Event("figure_step", {"figure": fig, "dir": "enter", "from": None,
                                                    "to": _xy(ENTRANCE), "pushed": [], "slid": False}))
            return
        plan = plan_step(st, pos, DIR_INDEX[choice])
        assert plan is not None  # offered steps always have a plan
        apply_plan(st, plan)
        st.fig_sq[fig] = plan.to
        if events is not None:
            events.append(Event("figure_step", {
                "figure": fig, "dir": choice, "from": _xy(pos), "to": _xy(plan.to), "slid": plan.slid,
                "pushed": [{"from": _xy(a), "to": _xy(b) if b >= 0 else None,
                            "fate": "moved" if b >= 0 else "removed"} for a, b in plan.pushed]}))

    def _end_move(self, st: FloorsState, events: list[Event] | None) -> None:
        fig = st.move_fig
        pos = st.fig_sq[fig]
        if pos >= 0:
            st.figat[pos] = fig
        st.fig_black[fig] = not st.fig_black[fig]
        st.fig_moved[fig] = True
        st.round_moves[st.fig_owner[fig]] += 1
        st.move_fig = -1
        st.move_steps = []
        st.move_snapshots = []
        st.move_start = None
        if events is not None:
            events.append(Event("figure_done", {"figure": fig, "at": _xy(pos) if pos >= 0 else None,
                                                "value": st.value(fig)}))
        self._next_turn(st, events)

    def _next_turn(self, st: FloorsState, events: list[Event] | None) -> None:
        st.move_steps = []
        st.move_snapshots = []
        st.move_start = None
        seat = self.next_mover(st)
        if seat is not None:
            st.turn = seat
            return
        self._end_round(st, events)

    def _end_round(self, st: FloorsState, events: list[Event] | None) -> None:
        if st.round == 1:
            # Figures not brought in during round 1 are simply flipped beside the entrance.
            for f in range(len(st.fig_sq)):
                if not st.fig_moved[f] and st.fig_sq[f] >= WAITING:
                    st.fig_black[f] = not st.fig_black[f]
        st.turn = -1
        if st.stage == 2 and not any(s >= WAITING for s in st.fig_sq):
            self._game_over(st, events)  # the last figures just escaped: no monster phase
            return
        self.monster_phase(st, events)
        if st.phase == "over":
            return
        st.round += 1
        st.start_player = (st.start_player + 1) % st.players
        self._begin_round(st, events)

    def _begin_round(self, st: FloorsState, events: list[Event] | None) -> None:
        st.fig_moved = [False] * len(st.fig_sq)
        st.round_moves = [0] * st.players
        n = st.players
        for k in range(n):
            seat = (st.start_player + k) % n
            if self.movable(st, seat):
                st.turn = seat
                if events is not None:
                    events.append(Event("round_start", {"round": st.round, "start_player": st.start_player}))
                return
        self._game_over(st, events)

    # --- the monster phase -----------------------------------------------------------------
    def draw(self, st: FloorsState) -> int:
        """The top monster tile; the game's first tile (option: each stage's) may not be a hit tile."""
        first = st.draws == 0 or (st.options["no_hit_first_each_stage"] and not st.played)
        st.draws += 1
        tile = st.deck.pop()
        if first and tile < 0 and any(t > 0 for t in st.deck):
            set_aside = [tile]
            while st.deck[-1] < 0:
                set_aside.append(st.deck.pop())
            tile = st.deck.pop()
            st.deck.extend(set_aside)
            st.rng.shuffle(st.deck)
        return tile

    def monster_phase(self, st: FloorsState, events: list[Event] | None) -> list[int]:
        tile = self.draw(st)
        trace: list[dict[str, Any]] | None = [] if events is not None else None
        if events is not None:
            events.append(Event("monster_tile", {"tile": tile_name(tile), "stage": st.stage,
                                                 "left": len(st.deck)}))
        eaten = monster.run_tile(st, tile, trace)
        if events is not None and trace is not None:
            events.extend(Event(record.pop("kind"), record) for record in trace)
        st.played.append(tile)
        if len(st.played) >= st.stage_tiles():
            if st.stage == 1:
                st.stage = 2
                st.played = []
                st.deck = list(st.full_deck)
                st.rng.shuffle(st.deck)
                if events is not None:
                    events.append(Event("stage_start", {"stage": 2}))
            else:
                self._game_over(st, events)
                return eaten
        if st.stage == 2 and not any(s >= WAITING for s in st.fig_sq):
            self._game_over(st, events)
        return eaten

    def _game_over(self, st: FloorsState, events: list[Event] | None) -> None:
        """Stage 2 ended without a player getting all but one figure out (docs/floors.md, "How a game ends").

        "Ha a második pakli kártyát is felfordítottuk és senki nem teljesítette a nyeréshez szükséges
        feltételeket, akkor mindegyik, addig meg nem menekült figura felfaltnak számít." Then no figure is
        left: "Ebben az esetben az a játékos nyer, aki elsőként juttatta a kijárathoz a figuráját." With no
        figure out nobody wins: every seat loses.
        """
        for f, s in enumerate(st.fig_sq):
            if s >= WAITING:
                if s >= 0:
                    st.figat[s] = -1
                st.fig_sq[f] = EATEN
        first = first_out(st)
        self._finish(st, [] if first is None else [first], events)

    def _finish(self, st: FloorsState, winners: list[int], events: list[Event] | None) -> None:
        st.winners = winners
        st.phase = "over"
        st.turn = -1
        st.move_fig = -1
        if events is not None:
            events.append(Event("game_over", {"winners": winners, "out": st.out[:], "ended": _ended(st),
                                              "first_out": first_out(st)}))

    # --- advanced setup --------------------------------------------------------------------
    def _place(self, st: FloorsState, choice: list[Any], events: list[Event]) -> None:
        name = st.setup_tile
        assert name is not None
        s = _choice_square(choice)
        if name.startswith("teleporter"):
            st.setup_square = s  # its arrow comes next
            return
        squares = [s]
        if name == "pool2x2":
            squares = [s, s + 1, s + 16, s + 17]
        elif name == "pool1x4":
            step = 1 if choice[2] == "h" else 16
            squares = [s + k * step for k in range(4)]
        if name.startswith("pool"):
            st.pool = bytearray(st.pool)  # clones share the pool array: replace, never mutate
            for t in squares:
                st.pool[t] = 1
        else:
            st.tiles[s] = TILE_CODES[name]
        events.append(Event("setup_placed", {"tile": name, "squares": [_xy(t) for t in squares]}))
        self._placed(st, events)

    def _place_arrow(self, st: FloorsState, d: int, events: list[Event]) -> None:
        name = st.setup_tile
        assert name is not None
        s = st.setup_square
        pair = int(name[-1])
        st.tele_pair = st.tele_pair[:]
        st.tele_dir = st.tele_dir[:]
        st.tele_to = st.tele_to[:]
        st.tele_pair[s] = pair
        st.tele_dir[s] = d
        partner = next((t for t in range(SIZE) if t != s and st.tele_pair[t] == pair), -1)
        if partner >= 0:
            st.tele_to[s] = partner
            st.tele_to[partner] = s
        events.append(Event("setup_placed", {"tile": name, "squares": [_xy(s)], "arrow": DIRS[d]}))
        self._placed(st, events)

    def _placed(self, st: FloorsState, events: list[Event]) -> None:
        name = st.setup_tile
        assert name is not None
        st.setup_left[name] -= 1
        st.setup_tile = None
        st.setup_square = -1
        if any(st.setup_left.values()):
            st.setup_placer = (st.setup_placer + 1) % st.players
            return
        # The player after the one who placed the last tile starts the game.
        st.start_player = (st.setup_placer + 1) % st.players
        st.phase = "move"
        self._begin_round(st, events)

    # --- what everyone sees ----------------------------------------------------------------
    def view(self, state: FloorsState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[seat]

    def views(self, state: FloorsState, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view`` of several seats at once: every seat sees the same board, so the aid (option ``aid``) is
        worked out once, from the first of these views, and shared (it is read, not changed)."""
        found: dict[int | None, dict[str, Any]] = {}
        shared: dict[str, Any] | None = None
        for seat in seats:
            data = found[seat] = self._view(state, seat)
            if state.options.get("aid"):
                if shared is None:
                    shared = {"aid": aid.preview(data)}  # from the view alone, as a learner could work it out
                data["aid"] = shared["aid"]
        return found

    def _view(self, state: FloorsState, seat: int | None) -> dict[str, Any]:
        st = state
        figures = []
        for f, s in enumerate(st.fig_sq):
            figures.append({"id": f, "seat": st.fig_owner[f], "values": list(FIGURE_VALUES[st.fig_kind[f]]),
                            "black": st.fig_black[f], "value": st.value(f),
                            "where": "board" if s >= 0 else WHERE[s], "sq": _xy(s) if s >= 0 else None,
                            "moved": st.fig_moved[f]})
        moving = None
        if st.move_fig >= 0 and st.move_start is not None:
            start_pos, start_tiles = st.move_start
            moving = {"figure": st.move_fig, "points": st.move_points, "steps": st.move_steps[:],
                      "from": _xy(start_pos) if start_pos >= 0 else None,
                      "start_tiles": _tiles_json(start_tiles)}
        setup = None
        if st.phase == "setup":
            setup = {"left": dict(st.setup_left), "tile": st.setup_tile,
                     "square": _xy(st.setup_square) if st.setup_square >= 0 else None, "placer": st.setup_placer}
        data: dict[str, Any] = {
            "game": self.id, "players": st.players, "seat": seat, "options": dict(st.options),
            "phase": st.phase, "round": st.round, "stage": st.stage, "start_player": st.start_player,
            "turn": st.turn if st.turn >= 0 else None,
            "floor": floor_rows(),
            "tiles": _tiles_json(st.tiles),
            "pools": [_xy(s) for s, _ in _occupied(bytes(st.pool))],
            "teleporters": [{"sq": _xy(s), "pair": st.tele_pair[s], "arrow": DIRS[st.tele_dir[s]]}
                            for s in range(SIZE) if st.tele_pair[s] >= 0],
            "monster": {"sq": _xy(st.monster_sq), "facing": DIRS[st.monster_dir]},
            "figures": figures,
            "moving": moving,
            "round_moves": {str(s): n for s, n in enumerate(st.round_moves)},
            "deck": {"left": len(st.deck), "played": [tile_name(t) for t in st.played],
                     "all": [tile_name(t) for t in st.full_deck], "draws": st.draws},
            "out": {str(s): n for s, n in enumerate(st.out)},
            "reached": {str(s): r[:] for s, r in enumerate(st.reached)},
            "exits": st.exit_clock,
            "needed": st.needed,
            "setup": setup,
            "winners": None if st.winners is None else st.winners[:],
        }
        return data

    def outcome(self, state: FloorsState) -> Outcome | None:
        if state.winners is None:
            return None
        # "ended" says which rule ended the game; "first_out" is the seat that first brought a figure out
        # (the winner unless someone got all but one figure out; None: no figure got out, nobody won).
        details: dict[str, Any] = {"stage": state.stage, "round": state.round, "out": state.out[:],
                                   "needed": state.needed, "ended": _ended(state), "first_out": first_out(state)}
        return Outcome(tuple(state.winners), {s: float(n) for s, n in enumerate(state.out)}, details)

    def forfeit(self, state: FloorsState, seat: int) -> Outcome:
        """A player who forfeits (a turn-based table's deadline) loses; of the others, whoever has the most
        figures out wins (a tie is shared). Scores are the figures out."""
        others = [s for s in range(state.players) if s != seat]
        best = max(state.out[s] for s in others)
        winners = tuple(s for s in others if state.out[s] == best)
        return Outcome(winners, {s: float(n) for s, n in enumerate(state.out)},
                       {"stage": state.stage, "round": state.round, "out": state.out[:], "needed": state.needed,
                        "ended": None, "first_out": first_out(state)})

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> FloorsState:
        """A full state consistent with ``view``: the unseen monster tiles in a fresh random order."""
        players = view["players"]
        st = FloorsState(players, dict(view["options"]), random.Random(rng.getrandbits(64)))
        for s, c in _tiles_from_json(view["tiles"]):
            st.tiles[s] = c
        for c, r in view["pools"]:
            st.pool[sq(c, r)] = 1
        for tele in view["teleporters"]:
            s = _choice_square(tele["sq"])
            st.tele_pair[s] = tele["pair"]
            st.tele_dir[s] = DIR_INDEX[tele["arrow"]]
        for s in range(SIZE):
            if st.tele_pair[s] >= 0:
                st.tele_to[s] = next((t for t in range(SIZE) if t != s and st.tele_pair[t] == st.tele_pair[s]), -1)
        st.monster_sq = _choice_square(view["monster"]["sq"])
        st.monster_dir = DIR_INDEX[view["monster"]["facing"]]
        moving = view["moving"]
        for fig in view["figures"]:
            f = fig["id"]
            s = _choice_square(fig["sq"]) if fig["where"] == "board" else WHERE_CODE[fig["where"]]
            st.fig_sq.append(s)
            st.fig_owner.append(fig["seat"])
            st.fig_kind.append(FIGURE_VALUES.index(tuple(fig["values"])))
            st.fig_black.append(fig["black"])
            st.fig_moved.append(fig["moved"])
            if s >= 0 and not (moving and moving["figure"] == f):
                st.figat[s] = f
        st.phase = view["phase"]
        st.round = view["round"]
        st.stage = view["stage"]
        st.start_player = view["start_player"]
        st.turn = -1 if view["turn"] is None else view["turn"]
        st.round_moves = [view["round_moves"][str(s)] for s in range(players)]
        deck = view["deck"]
        st.full_deck = [tile_code(t) for t in deck["all"]]
        st.played = [tile_code(t) for t in deck["played"]]
        st.draws = deck["draws"]
        unseen = list(st.full_deck)
        for t in st.played:
            unseen.remove(t)
        st.rng.shuffle(unseen)
        st.deck = unseen[len(unseen) - deck["left"]:] if deck["left"] else []
        st.out = [view["out"][str(s)] for s in range(players)]
        st.reached = [list(view["reached"][str(s)]) for s in range(players)]
        st.exit_clock = view["exits"]
        st.needed = view["needed"]
        st.winners = None if view["winners"] is None else list(view["winners"])
        if view["setup"] is not None:
            setup = view["setup"]
            st.setup_left = dict(setup["left"])
            st.setup_tile = setup["tile"]
            st.setup_square = _choice_square(setup["square"]) if setup["square"] is not None else -1
            st.setup_placer = setup["placer"]
        if moving:
            # Rebuild the move from its start so that "undo" works in the world too.
            fig = moving["figure"]
            current = bytes(st.tiles)
            start_pos = _choice_square(moving["from"]) if moving["from"] is not None else WAITING
            start_tiles = bytearray(SIZE)
            for s, c in _tiles_from_json(moving["start_tiles"]):
                start_tiles[s] = c
            st.tiles[:] = start_tiles
            st.fig_sq[fig] = start_pos
            self._start_move(st, fig)
            st.move_points = st.value(fig)
            for choice in moving["steps"]:
                self._step(st, choice, None)
            assert bytes(st.tiles) == current and st.move_points == moving["points"]
        return st

    def advance(self, state: FloorsState, now: float) -> list[Event]:
        return []


def _ended(st: FloorsState) -> str:
    """Which rule ended a finished game: a player got all but one figure out ("all_but_one"), stage 2's
    deck was turned ("deck_turned"), or no figure was left in play in stage 2 ("no_figure_left")."""
    if any(n >= st.needed for n in st.out):
        return "all_but_one"
    return "deck_turned" if st.stage == 2 and len(st.played) >= st.stage_tiles() else "no_figure_left"


def _tiles_json(tiles: bytes | bytearray) -> list[dict[str, Any]]:
    return [{"sq": _xy(s), "kind": TILE_NAMES[k]} for s, k in _occupied(bytes(tiles))]


@lru_cache(maxsize=512)
def _occupied(cells: bytes) -> tuple[tuple[int, int], ...]:
    """(square, code) of every non-empty cell: views ask this of the same few layouts over and over."""
    return tuple((s, k) for s, k in enumerate(cells) if k)


def _tiles_from_json(items: list[dict[str, Any]]) -> list[tuple[int, int]]:
    return [(_choice_square(item["sq"]), TILE_CODES[item["kind"]]) for item in items]


GAME = FloorsGame()

