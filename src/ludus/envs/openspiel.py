"""The three games as OpenSpiel Python games (optional extra ``openspiel``).

Importing this module registers ``python_ludus_rose``, ``python_ludus_floors`` and
``python_ludus_shadows`` with pyspiel, so ``pyspiel.load_game("python_ludus_rose", {"players": 4})``
works and OpenSpiel's own tools (``pyspiel.random_sim_test``, ``rl_environment``, the
information-set MCTS bot with ``Resampler``) run on them.

Chance: every shuffle of a ludus game (decks, tiles, identities, maps, later reshuffles) comes from
the game's own seeded generator, so the games are ``SAMPLED_STOCHASTIC``: there are no chance nodes;
each ``new_initial_state()`` deals a fresh game from the seed parameter ``rng_seed`` (the n-th
game a game object deals is the same in every run).

Information: ``information_state_string(p)`` is player p's own action–observation history — what
p knew at the start (its first view), then move by move p's own choice or "seat k moved", and the
events of that move p was shown, and last p's current view. It is perfect recall. A full game has
no information-state *tensor* (a history of hundreds of moves has no fixed size), so the game type
says so and ``rl_environment`` uses the observation tensor: the agent's current view, encoded as in
the PettingZoo environments. Only a game capped at ``TENSOR_MOVES`` moves or fewer
(``max_cycles × players``) has one: p's encoded view at the start and after every move, with p's
own action at each move. ``observation_string(p)`` is p's current view.

Rewards are ``rewards.outcome_rewards``; after ``max_cycles × players`` moves without an end the
state is terminal with returns 0 (``max_game_length``). ``python_ludus_floors`` with
``dense_rewards=True`` also rewards every step with the change of each seat's progress
(``floors_v0.progress``): the reward model is then ``REWARDS``.

Player ids outside 0..n−1 raise ``SpielError`` as OpenSpiel's own games do, states pickle (as the
line's start and the actions since), and ``resample_from_infostate`` deals a world like ``Resampler``.
"""

from __future__ import annotations

import copy
import json
import random
import sys
import warnings
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ludus.ai import bot_for
from ludus.engine import Event, Game, clone, load_game, visible_events

from .adapter import MAX_CYCLES, EnvSpec, option_key
from .rewards import outcome_rewards

TENSOR_MOVES = 32
"""The longest game (in moves) that offers an information-state tensor."""


def _specs() -> dict[str, tuple[EnvSpec, int, int, int, dict[str, Any]]]:
    from . import floors_v0, rose_v0, shadows_v0

    # spec, min players, max players, default players, fixed options
    return {
        "rose": (rose_v0.SPEC, 2, 5, 4, {}),
        "floors": (floors_v0.SPEC, 2, 7, 4, {}),
        "shadows": (shadows_v0.SPEC, 2, 3, 3, {"coop": "agent"}),
    }


# Game options a small configuration may set, as OpenSpiel parameters (their default: the rules' own;
# 0 for ``figures`` means the rulebook's count). The ludus game validates them (``resolve_options``).
OPTION_PARAMS: dict[str, dict[str, int]] = {
    "rose": {},
    "floors": {"figures": 0},
    "shadows": {"police_limit": 3, "rounds_to_win": 2},
}


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class _Line:
    """Where a line of steps starts — the ludus state at its root record (a game's deal or a
    resampled world) — and the last position replayed along it."""

    __slots__ = ("at", "config", "first", "state")

    def __init__(self, config: _Config, first: Any) -> None:
        self.config = config
        self.first = first  # never changed: replays start from a clone
        self.at: _Record | None = None  # the step ``state`` is the position after
        self.state: Any = None

    def events(self, step: _Record) -> list[Event]:
        """What ``step`` made happen, replayed from the start of the line (or from the position last
        replayed, if ``step`` comes after it) and kept in every step on the way."""
        path: list[_Record] = []
        record = step
        while record.parent is not None and record is not self.at:
            path.append(record)
            record = record.parent
        config = self.config
        game, seconds = config.ludus, config.spec.seconds_per_step
        state = self.state if record is self.at else clone(game, self.first)
        for later in reversed(path):
            events = game.apply(state, later.seat, later.choice)
            if seconds is not None:
                events = [*events, *game.advance(state, later.moves * seconds)]
            if later.events is None:
                later.events = events
        self.at, self.state = step, state
        assert step.events is not None
        return step.events


class _Record:
    """One step of the action–observation history, shared by every state that went through it.

    ``texts[p]`` caches player p's information-state text up to and including this step, so a
    string costs one concatenation per new step and nothing for a step seen before. A step keeps
    the choice, not the events it made happen: those are replayed when a text first needs them
    (``_Line.events``; games replay exactly). Random playouts and rollouts never ask, and keeping
    every step's events alive until the game ends cost the garbage collector more than the rules.
    """

    __slots__ = ("action", "after", "choice", "events", "line", "moves", "parent", "players", "prefix", "seat",
                 "texts")

    def __init__(self, parent: _Record | None, seat: int, action: int, choice: Any, moves: int, players: int,
                 line: _Line | None = None) -> None:
        self.parent = parent
        self.seat = seat
        self.action = action
        self.choice = choice
        self.moves = moves  # the moves made once this step is made (a clock advances by it)
        self.players = players
        self.line: _Line = line if parent is None else parent.line  # type: ignore[assignment]
        self.events: list[Event] | None = None  # replayed on the first request
        self.texts: list[str | None] | None = None  # made on the first request: rollouts never ask
        self.after: Any = None  # the ludus state after this step (kept only for information tensors)
        self.prefix: Any = None  # a world's root: (player, its tensor history in the true game)

    def text(self, player: int) -> str:
        """Player p's history up to this step, from p's view at the start of the line."""
        missing: list[_Record] = []
        record: _Record | None = self
        while record is not None and (record.texts is None or record.texts[player] is None):
            missing.append(record)
            record = record.parent
        found = "" if record is None or record.texts is None else record.texts[player]
        line = self.line
        for step in reversed(missing):  # oldest first; a game can be thousands of steps long
            if step.parent is None:
                found = f"p{player} start {_text(line.config.ludus.view(line.first, player))}"
            else:
                events = step.events if step.events is not None else line.events(step)
                parts = [found, f"\n{step.seat}>", _text(step.choice) if step.seat == player else "moved"]
                parts.extend(f" {event.kind}{_text(event.data)}" for event in events if event.visible_to(player))
                found = "".join(parts)
            if step.texts is None:
                step.texts = [None] * step.players
            step.texts[player] = found
        return found


class _Config:
    """What a state needs of its game; shared by every state, never copied."""

    def __init__(self, game_id: str, spec: EnvSpec, players: int, max_cycles: int, rng_seed: int,
                 options: dict, dense: bool = False, deals: int = 0, score_truncated: bool = False) -> None:
        self.game_id = game_id
        # explicit chance: the deal is a chance node choosing one of ``deals`` seeded deals, all alike likely
        self.deals = deals
        self.deal_seeds = [random.Random(f"deal {rng_seed} {i}").randrange(2**31) for i in range(deals)]
        self.chance_legal = {i: i for i in range(deals)}
        self.score_truncated = score_truncated
        self.dense = dense  # dense rewards: each step's change of the spec's progress
        self.spec = spec
        self.players = players
        self.max_moves = max_cycles * players
        self.options = options
        self.ludus: Game = load_game(game_id)
        self.dealer = random.Random(rng_seed)
        # worlds for resample_from_infostate: a stream unrelated to the deals (seeded by a string)
        self.worlds = random.Random(f"worlds {rng_seed}")
        self.warned_mcts = False
        self.tensor_moves = self.max_moves if self.max_moves <= TENSOR_MOVES else 0
        per_move = spec.observation_size + len(spec.actions)
        self.information_size = spec.observation_size + self.tensor_moves * per_move

    def __deepcopy__(self, memo: dict) -> _Config:
        return self


class _Position:
    """Everything a state holds. OpenSpiel clones a Python state by deep-copying its attributes:
    this copies the ludus state with the game's fast clone and shares the (immutable) history."""

    __slots__ = ("actions", "config", "first", "gained", "known", "legal", "moves", "record", "state")

    def __init__(self, config: _Config, state: Any, record: _Record, first: Any, moves: int) -> None:
        self.config = config
        self.state = state
        self.record = record  # the last step (a root record at the start)
        self.first = first  # the ludus state at the start (of a world: when it was dealt), for first views
        self.moves = moves
        self.known: dict[tuple[str, int], Any] = {}  # per position: views and strings
        self.legal: tuple[int, dict[int, Any]] | None = None  # (player to move, {action: option})
        self.actions: list[int] | None = None  # the legal actions, sorted
        self.gained: list[float] | None = None  # dense rewards of the last step (None: none yet)

    def __deepcopy__(self, memo: dict) -> _Position:
        copied = _Position(self.config, clone(self.config.ludus, self.state), self.record, self.first, self.moves)
        copied.gained = self.gained
        return copied


def _turn(config: _Config, state: Any, moves: int, view: Any) -> tuple[int, dict[int, Any]]:
    """(the player to move, {action: option}) in a ludus state after ``moves`` moves: the lowest
    seat the spec offers something (``view(seat)`` only if the spec needs it), or TERMINAL."""
    game = config.ludus
    if moves >= config.max_moves or game.outcome(state) is not None:
        return pyspiel.PlayerId.TERMINAL, {}
    decisions = game.decisions(state)
    if len(decisions) == 1:  # the usual case: one seat, one decision
        seat = decisions[0].seat
        legal = config.spec.legal(lambda: view(seat), decisions)
        return (seat, legal) if legal else (pyspiel.PlayerId.TERMINAL, {})
    pending: dict[int, list] = {}
    for decision in decisions:
        pending.setdefault(decision.seat, []).append(decision)
    for seat in sorted(pending):
        legal = config.spec.legal(lambda seat=seat: view(seat), pending[seat])
        if legal:
            return seat, legal
    return pyspiel.PlayerId.TERMINAL, {}


class _Chance:
    """A state before its deal when the deal is an explicit chance node (``deals`` > 0)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict) -> _Chance:
        return self


_CHANCE = _Chance()


def _standing(config: _Config, state: Any) -> list[float] | None:
    """The returns of a game cut short as if it ended now (``score_truncated``), where the game ranks a
    position: The Name of the Rose ranks seats by the clue on their own monk as at its end (lowest
    wins, fewest event tiles break a tie); Fearsome Floors, whose rules rank only figures out, by the
    figures out and then by the walking distance of the seat's nearest figure to the exit (one waiting
    at the entrance counts one step more than the entrance; an eaten one never counts)."""
    from ludus.engine import Outcome

    if config.game_id == "rose":
        from ludus.games.rose.rules import forfeit_standing

        winners, scores, _ = forfeit_standing(state, -1)
        return outcome_rewards(Outcome(winners, scores), config.players, config.spec.cooperative)
    if config.game_id == "floors":
        from ludus.games.floors.board import ENTRANCE, EXIT_DISTANCE
        from ludus.games.floors.state import WAITING

        far = EXIT_DISTANCE[ENTRANCE] + 1
        keys = []
        for seat in range(config.players):
            near = [EXIT_DISTANCE[at] if at >= 0 else far for at, owner in zip(state.fig_sq, state.fig_owner,
                                                                              strict=True)
                    if owner == seat and at >= WAITING]
            keys.append((state.out[seat], -min(near, default=far + 1)))
        best = max(keys)
        winners = tuple(seat for seat, key in enumerate(keys) if key == best)
        return outcome_rewards(Outcome(winners, {seat: float(key[0]) for seat, key in enumerate(keys)}),
                               config.players, config.spec.cooperative)
    return None


class _Undealt:
    """A new state's position before its deal. OpenSpiel clones a Python state by making a new
    initial state and deep-copying the original's attributes over it, so a new state deals only
    when first asked — and a clone of an undealt state makes the original deal first."""

    __slots__ = ("owner",)

    def __init__(self, owner: LudusState) -> None:
        self.owner = owner

    def __deepcopy__(self, memo: dict) -> _Position:
        return copy.deepcopy(self.owner._position, memo)


class LudusState(pyspiel.State):
    def __init__(self, game: LudusGame, position: _Position | None = None) -> None:
        super().__init__(game)
        self._config = game.config
        self._dealt: _Position | _Undealt | _Chance = position if position is not None else \
            _CHANCE if game.config.deals else _Undealt(self)

    @property
    def _position(self) -> _Position:
        dealt = self._dealt
        if type(dealt) is _Undealt:
            self._deal(self._config.dealer.randrange(2**31))
            dealt = self._dealt
        elif type(dealt) is _Chance:
            raise pyspiel.SpielError(f"python_ludus_{self._config.game_id}: the deal is a chance node; apply one of "
                                     "chance_outcomes() first")
        return dealt  # type: ignore[return-value]

    def _deal(self, seed: int) -> None:
        config = self._config
        state = config.ludus.setup(config.players, seed, config.options)
        first = clone(config.ludus, state)
        record = _Record(None, -1, -1, None, 0, config.players, _Line(config, first))
        self._dealt = _Position(config, state, record, first, 0)

    # --- what the position knows about itself, computed once -------------------------------
    def _known(self, key: str, player: int, make: Any) -> Any:
        known = self._position.known
        found = known.get((key, player))
        if found is None:
            found = known[(key, player)] = make()
        return found

    def _legal(self) -> tuple[int, dict[int, Any]]:
        """(the player to move, {action: option}) — the lowest seat the spec offers something."""
        position = self._dealt
        found = position.legal if type(position) is _Position else None
        if found is None and type(position) is _Chance:
            return pyspiel.PlayerId.CHANCE, self._config.chance_legal
        if found is None:
            position = self._position
            found = position.legal = self._find_legal(position)
        return found

    def _find_legal(self, position: _Position) -> tuple[int, dict[int, Any]]:
        return _turn(position.config, position.state, position.moves, self.view)

    def ludus_state(self) -> Any:
        """The underlying ludus state (the full position, hidden parts included)."""
        return self._position.state

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees now (None = a spectator)."""
        position = self._position
        key = -1 if player is None else player
        return self._known("view", key, lambda: position.config.ludus.view(position.state, player))

    def decisions(self, player: int) -> list:
        return [d for d in self._position.config.ludus.decisions(self._position.state) if d.seat == player]

    # --- the OpenSpiel API -------------------------------------------------------------------
    def current_player(self) -> int:
        return self._legal()[0]

    def is_terminal(self) -> bool:
        return self._legal()[0] == pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    # Python callers (the bots, rollouts) reach these without a round trip through C++.
    def legal_actions(self, player: int | None = None) -> list[int]:
        seat, legal = self._legal()
        if player is not None and player != seat:
            return []
        if seat == pyspiel.PlayerId.CHANCE:
            return list(legal)
        position = self._dealt  # dealt by _legal
        actions = position.actions
        if actions is None:
            actions = position.actions = sorted(legal)
        return actions[:]  # the caller's own list: bots shuffle theirs

    def is_chance_node(self) -> bool:
        return type(self._dealt) is _Chance  # otherwise chance is sampled inside the game

    def _apply_action(self, action: int) -> None:
        if type(self._dealt) is _Chance:
            if action not in self._config.chance_legal:
                raise ValueError(f"chance outcome {action} is not one of the {self._config.deals} deals")
            self._deal(self._config.deal_seeds[action])
            return
        seat, legal = self._legal()
        position = self._dealt  # dealt by _legal
        option = legal.get(action)
        if option is None:
            spec = position.config.spec
            raise ValueError(f"action {action} {spec.action_name(action)} is not legal for player {seat} now; "
                             f"legal actions: {sorted(legal)} (state.legal_actions())")
        config = position.config
        before = self.returns() if config.dense else None
        events = config.ludus.apply(position.state, seat, option)
        moves = position.moves = position.moves + 1
        seconds = config.spec.seconds_per_step
        if seconds is not None:
            later = config.ludus.advance(position.state, moves * seconds)
            if later:
                events = [*events, *later]
        position.record = _Record(position.record, seat, action, option, moves, config.players)
        if config.tensor_moves:
            position.record.after = clone(config.ludus, position.state)
        if position.known:
            position.known = {}
        position.legal = position.actions = None
        if before is not None:
            position.gained = [after - earlier for after, earlier in zip(self.returns(), before, strict=True)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return _text(self._position.config.spec.actions[action])

    def returns(self) -> list[float]:
        if type(self._dealt) is _Chance:
            return [0.0] * self._config.players
        config = self._position.config
        outcome = config.ludus.outcome(self._position.state)
        final = [0.0] * config.players if outcome is None else \
            outcome_rewards(outcome, config.players, config.spec.cooperative)
        if outcome is None and config.score_truncated and self._position.moves >= config.max_moves:
            final = _standing(config, self._position.state) or final
        if not config.dense:
            return final
        assert config.spec.progress is not None  # dense rewards: the sum so far, final reward included
        progress = config.spec.progress(config.ludus.view(self._position.state, None))
        return [f + p for f, p in zip(final, progress, strict=True)]

    def rewards(self) -> list[float]:
        """The last step's rewards: with dense rewards, the change of the returns it made."""
        if type(self._dealt) is _Chance:
            return [0.0] * self._config.players
        config = self._position.config
        if config.dense:
            gained = self._position.gained
            return list(gained) if gained is not None else [0.0] * config.players
        return self.returns() if self.is_terminal() else [0.0] * config.players

    def clone(self) -> LudusState:
        config = self._config
        if not config.warned_mcts:
            caller = sys._getframe(1)
            if caller.f_code.co_name == "_apply_tree_policy" and \
                    caller.f_globals.get("__name__", "").endswith("algorithms.mcts"):
                config.warned_mcts = True
                warnings.warn(f"mcts.MCTSBot searches the true state of python_ludus_{config.game_id}, hidden "
                              "cards and tiles included — it cheats. For a fair search use ismcts.ISMCTSBot with "
                              "bot.set_resampler(openspiel.Resampler(seed)).", UserWarning, stacklevel=3)
        return super().clone()

    def information_state_string(self, player: int | None = None) -> str:
        # As OpenSpiel's own games: a player id outside 0..n-1 is an error (a terminal state has no
        # current player, so asking it without one is too), never another seat's history.
        player = self.current_player() if player is None else player
        self._check_player("information_state_string", player)
        if type(self._dealt) is _Chance:
            return f"p{player} before the deal"
        return self._information(player)

    def _check_player(self, method: str, player: int) -> None:
        players = self._config.players
        if player < 0:
            raise pyspiel.SpielError(f"{method}: player >= 0 required, got {player}"
                                     + (" (the state is terminal: name the player)" if player ==
                                        pyspiel.PlayerId.TERMINAL else ""))
        if player >= players:
            raise pyspiel.SpielError(f"{method}: player < {players} required, got {player}")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if type(self._dealt) is _Chance:
            deals = self._config.deals
            return [(i, 1.0 / deals) for i in range(deals)]
        if self._config.deals:
            raise pyspiel.SpielError(f"chance_outcomes() at a non-chance node: in python_ludus_{self._config.game_id} "
                                     "with deals > 0 only the deal (the initial state) is a chance node")
        raise pyspiel.SpielError(f"python_ludus_{self._config.game_id} has no chance nodes: chance is sampled "
                                 "inside the game (SAMPLED_STOCHASTIC), so chance_outcomes() has nothing to list")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudusState:
        """A fresh full state consistent with what ``player_id`` knows (as ``Resampler`` deals it), for
        ``ISMCTSBot`` without ``set_resampler``: its randomness comes from ``probability_sampler``
        (OpenSpiel's ``UniformProbabilitySampler``) and the game's own world generator, never from
        the true state's hidden parts or seed."""
        self._check_player("resample_from_infostate", player_id)
        draw = int(float(probability_sampler()) * 2**53)
        return _world(self, player_id, random.Random(self._config.worlds.getrandbits(64) ^ draw))

    def _information(self, player: int) -> str:
        position = self._position

        def make() -> str:
            return f"{position.record.text(player)}\nnow {_text(self.view(player))}"

        return self._known("information", player, make)

    def __str__(self) -> str:
        if type(self._dealt) is _Chance:
            return "before the deal"
        return _text(self.view(None))

    def __reduce__(self) -> tuple:
        # pyspiel pickles a state through SerializeGameAndState, which needs the game's RNG state
        # (GetRNGState) — a Python game cannot provide it. A state pickles as its game's name and
        # parameters, the ludus state its line started from (a deal or a resampled world) and the
        # actions since, replayed on unpickling: the same position, history and information states.
        # With explicit chance the deal is an action too: the history alone replays it.
        if self._config.deals:
            game = self.get_game()
            return (_replay, (game.get_type().short_name, dict(game.get_parameters()), self.history()))
        position = self._position
        actions: list[int] = []
        record = position.record
        while record.parent is not None:
            actions.append(record.action)
            record = record.parent
        actions.reverse()
        game = self.get_game()
        return (_unpickle, (game.get_type().short_name, dict(game.get_parameters()), record.line.first,
                            (record.moves, record.texts, record.prefix), actions))


def _replay(name: str, params: dict, history: list[int]) -> LudusState:
    state = pyspiel.load_game(name, params).new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def _unpickle(name: str, params: dict, first: Any, root: tuple, actions: list[int]) -> LudusState:
    game = pyspiel.load_game(name, params)
    config = game.config
    moves, texts, prefix = root
    record = _Record(None, -1, -1, None, moves, config.players, _Line(config, first))
    record.texts, record.prefix = texts, prefix
    state = LudusState(game, _Position(config, clone(config.ludus, first), record, first, moves))
    for action in actions:
        state.apply_action(action)  # through pyspiel, which keeps the history
    return state


def _seen(config: _Config, ludus_state: Any, player: int) -> np.ndarray:
    """The player's encoded view of a position (with its pending decision)."""
    game = config.ludus
    mine = [d for d in game.decisions(ludus_state) if d.seat == player]
    return config.spec.encode(game.view(ludus_state, player), mine[0] if mine else None)


def _tensor_history(position: _Position, player: int) -> tuple[np.ndarray, list[tuple[np.ndarray, int]]]:
    """What a player's information-state tensor holds: its encoded first view, then per move its
    encoded view after the move and its own action (−1 for another's move). A resampled world
    starts from the player's history in the true game (``_Record.prefix``)."""
    steps: list[tuple[np.ndarray, int]] = []
    record = position.record
    while record.parent is not None:
        steps.append((_seen(position.config, record.after, player), record.action if record.seat == player else -1))
        record = record.parent
    steps.reverse()
    if record.prefix is not None and record.prefix[0] == player:
        _, first, before = record.prefix
        return first, before + steps
    return _seen(position.config, position.first, player), steps


class LudusObserver:
    """Information state (perfect recall: strings only) or observation (the current view, and its tensor)."""

    def __init__(self, game: LudusGame, iig_obs_type: Any, params: dict | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        config = game.config
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(config.spec.observation_size, np.float32)
            self.dict = {"observation": self.tensor}
        elif config.tensor_moves:
            self.tensor = np.zeros(config.information_size, np.float32)
            self.dict = {"information": self.tensor}
        self.config = config

    def set_from(self, state: LudusState, player: int) -> None:
        if self.tensor is None:
            raise ValueError(f"a game of up to {self.config.max_moves} moves has no information-state tensor "
                             "(a history of hundreds of moves has no fixed size): use observation_tensor(), or "
                             f"information_state_string() for the history (or max_cycles × players ≤ {TENSOR_MOVES})")
        if type(state._dealt) is _Chance:
            self.tensor.fill(0)  # before the deal nobody has seen anything
            return
        if not self.perfect_recall:
            self.tensor[:] = _seen(self.config, state.ludus_state(), player)
            return
        # p's view at the start, then per move: p's view after it and p's own action (if p moved)
        self.tensor.fill(0)
        first, steps = _tensor_history(state._position, player)
        size, actions = self.config.spec.observation_size, len(self.config.spec.actions)
        self.tensor[:size] = first
        at = size
        for seen, action in steps:
            self.tensor[at:at + size] = seen
            if action >= 0:
                self.tensor[at + size + action] = 1.0
            at += size + actions

    def string_from(self, state: LudusState, player: int) -> str:
        if type(state._dealt) is _Chance:
            return f"p{player} before the deal"
        if self.perfect_recall:
            return state._information(player)
        return _text(state.view(player))


class LudusGame(pyspiel.Game):
    def __init__(self, game_id: str, params: dict | None = None) -> None:
        spec, low, high, default, fixed = _specs()[game_id]
        params = dict(params or {})
        players = int(params.get("players", default))
        max_cycles = int(params.get("max_cycles", MAX_CYCLES))
        dense = bool(params.get("dense_rewards", False))
        deals = int(params.get("deals", 0))
        if deals < 0:
            raise ValueError(f"deals must be 0 (chance sampled inside the game) or more, not {deals}")
        if dense and spec.progress is None:
            raise ValueError(f"dense_rewards is for python_ludus_floors; {game_id} rewards only its outcome")
        if not low <= players <= high:
            raise ValueError(f"{game_id} is played by {low}–{high} players in OpenSpiel, not {players}")
        if max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        # pybind11 keeps Python attributes only once the C++ base is constructed
        tensor = 0 < max_cycles * players <= TENSOR_MOVES
        bound = 1.5 if dense else 1.0  # progress adds at most ±½
        super().__init__(_game_type(game_id, low, high, default, tensor, dense, deals > 0), pyspiel.GameInfo(
            num_distinct_actions=len(spec.actions), max_chance_outcomes=deals,
            num_players=players, min_utility=-bound, max_utility=bound,
            max_game_length=max_cycles * players), params)
        options = dict(fixed)
        for name, default in OPTION_PARAMS[game_id].items():
            value = int(params.get(name, default))
            if value != default:
                options[name] = value
        self.config = _Config(game_id, spec, players, max_cycles, int(params.get("rng_seed", 0)), options, dense,
                              deals, bool(params.get("score_truncated", False)))
        self.config.ludus.setup(players, 0, options)  # the rules refuse options they cannot play (BadOptions)

    def new_initial_state(self) -> LudusState:
        return LudusState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> LudusObserver:
        return LudusObserver(self, iig_obs_type, params)

    def information_state_tensor_shape(self) -> list[int]:
        return [self.config.information_size]


def _game_type(game_id: str, low: int, high: int, default: int, tensor: bool = False,
               dense: bool = False, explicit: bool = False) -> pyspiel.GameType:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=f"python_ludus_{game_id}", long_name=f"ludus {game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if explicit
        else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # Competitive rewards sum to zero only up to rounding (thirds, fifths), which OpenSpiel's
        # exact zero-sum check rejects: they are declared general-sum.
        utility=utility.IDENTICAL if _specs()[game_id][0].cooperative else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS if dense else pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=tensor,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": default, "max_cycles": MAX_CYCLES, "rng_seed": 0, "dense_rewards": False,
                                 "deals": 0, "score_truncated": False, **OPTION_PARAMS[game_id]})


class Resampler:
    """Worlds for ``ISMCTSBot.set_resampler``: each call deals a fresh full state consistent with what
    the player knows, from this resampler's own generator (seed it like the bot), never from the
    true state's seed.

    A world keeps the player's information state (so the bot finds its tree node again) and
    nothing else of the true game: other players' strings start from what they see in the world,
    and its ``history()`` is empty — the true actions (secret picks included) stay in the true state.
    """

    def __init__(self, seed: int | random.Random | np.random.RandomState | np.random.Generator | None = None) -> None:
        self.rng = _rng(seed)

    def __call__(self, state: LudusState, player: int) -> LudusState:
        return _world(state, player, random.Random(self.rng.getrandbits(64)))


def _world(state: LudusState, player: int, rng: random.Random) -> LudusState:
    """A full state dealt by ``rng`` consistent with what ``player`` knows in ``state``."""
    position = state._position
    config = position.config
    world = config.ludus.world_from_view(state.view(player), player, rng)
    first = clone(config.ludus, world)
    root = _Record(None, -1, -1, None, position.moves, config.players, _Line(config, first))
    root.texts = [None] * config.players
    root.texts[player] = position.record.text(player)
    if config.tensor_moves:
        root.prefix = (player, *_tensor_history(position, player))
    return LudusState(state.get_game(), _Position(config, world, root, first, position.moves))


class RandomRollouts(mcts.Evaluator):
    """OpenSpiel's random-rollout evaluation, played on the ludus game directly.

    The same policy as ``mcts.RandomRolloutEvaluator`` — uniform over the same legal actions, the
    same step cap and returns — without building an OpenSpiel state per move, so a rollout runs at
    the rules' own speed (about twice as many per second). ``seed``: an int, a ``random.Random``
    or a numpy ``RandomState``, like ``Resampler``.
    """

    def __init__(self, n_rollouts: int = 1,
                 seed: int | random.Random | np.random.RandomState | np.random.Generator | None = None) -> None:
        self.n_rollouts = n_rollouts
        self.rng = _rng(seed)

    def evaluate(self, state: LudusState) -> np.ndarray:
        position = state._position
        config = position.config
        game, seconds, rng = config.ludus, config.spec.seconds_per_step, self.rng
        direct = config.spec.translate is None  # then a lone decision's options are its legal actions
        total = np.zeros(config.players)
        for _ in range(self.n_rollouts):
            world, moves = clone(game, position.state), position.moves
            while moves < config.max_moves and game.outcome(world) is None:
                decisions = game.decisions(world)
                if direct and len(decisions) == 1 and decisions[0].options:
                    seat, options = decisions[0].seat, decisions[0].options
                    option = options[rng.randrange(len(options))]
                else:
                    seat, legal = _turn(config, world, moves, lambda seat, world=world: game.view(world, seat))
                    if seat == pyspiel.PlayerId.TERMINAL:
                        break
                    actions = sorted(legal)
                    option = legal[actions[rng.randrange(len(actions))]]
                game.apply(world, seat, option)
                moves += 1
                if seconds is not None:
                    game.advance(world, moves * seconds)
            outcome = game.outcome(world)
            if outcome is not None:
                total += outcome_rewards(outcome, config.players, config.spec.cooperative)
        return total / self.n_rollouts

    def prior(self, state: LudusState) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


class LudusBot(pyspiel.Bot):
    """A ludus bot level as an OpenSpiel bot: ``LudusBot(game, player, "hard", seed)``.

    It is the very bot the server seats at a table and ``against_bots`` plays (``ludus.ai.bot_for``; the same
    classes and budgets), asked with nothing but ``player``'s view and told, before each choice, the events of
    every move since its last one that ``player`` was shown (Rose's bots read the others from them). Use it in
    ``evaluate_bots`` or against your own bots; ``seed`` makes its choices reproducible.
    """

    def __init__(self, game: LudusGame, player: int, level: str = "hard", seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.game = game
        self.player = player
        self.level = level
        self.seed = seed
        self.bot: Any = None
        self._told: _Record | None = None
        self.restart()

    def restart(self) -> None:
        self.bot = bot_for(self.game.config.ludus, self.player, self.level, self.seed)
        self._told = None

    def restart_at(self, state: LudusState) -> None:
        self.restart()
        self._catch_up(state)

    def inform_action(self, state: LudusState, player_id: int, action: int) -> None:
        """Nothing to do now: the events of the moves are told before the bot's next choice."""

    def _catch_up(self, state: LudusState) -> None:
        """Tell the bot what ``player`` saw of every move since the last one it was told."""
        steps: list[_Record] = []
        record: _Record | None = state._position.record
        while record is not None and record is not self._told and record.parent is not None:
            steps.append(record)
            record = record.parent
        if self._told is not None and record is not self._told:  # another game: start afresh
            self.bot = bot_for(self.game.config.ludus, self.player, self.level, self.seed)
        observe = getattr(self.bot, "observe", None)
        if callable(observe):
            for step in reversed(steps):
                events = step.events if step.events is not None else step.line.events(step)
                observe(visible_events(events, self.player))
        self._told = state._position.record

    def step(self, state: LudusState) -> int:
        self._catch_up(state)
        seat, legal = state._legal()
        if seat != self.player:
            raise ValueError(f"it is player {seat}'s move, not this bot's ({self.player})")
        view = state.view(self.player)
        decisions = state.decisions(self.player)
        wants = getattr(self.bot, "wants", None)
        decision = next((d for d in decisions if wants is None or wants(view, d)), decisions[0])
        choice = option_key(self.bot.choose(view, decision))
        for action, option in legal.items():
            if option_key(option) == choice:
                return action
        raise RuntimeError(f"the {self.level} bot of player {self.player} chose {choice!r}, which the "
                           f"python_ludus_{self.game.config.game_id} action space does not offer now")


def _rng(seed: int | random.Random | np.random.RandomState | np.random.Generator | None) -> random.Random:
    """A ``random.Random`` from the caller's seed or generator (drawn once from a numpy one)."""
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, np.random.Generator):
        return random.Random(int(seed.integers(2**63)))
    if isinstance(seed, np.random.RandomState):
        return random.Random(int(seed.randint(2**31)))
    return random.Random(seed)


class RoseSpielGame(LudusGame):
    def __init__(self, params: dict | None = None) -> None:
        super().__init__("rose", params)


class FloorsSpielGame(LudusGame):
    def __init__(self, params: dict | None = None) -> None:
        super().__init__("floors", params)


class ShadowsSpielGame(LudusGame):
    def __init__(self, params: dict | None = None) -> None:
        super().__init__("shadows", params)


# pyspiel keeps what is registered until after the interpreter has shut down: it must be a
# module-level class (as OpenSpiel's own Python games do), never a closure.
_CLASSES = {"rose": RoseSpielGame, "floors": FloorsSpielGame, "shadows": ShadowsSpielGame}
_REGISTERED: set[str] = set()


def register(*game_ids: str) -> list[str]:
    """Register the games with pyspiel (all three by default; importing this module already did);
    returns their OpenSpiel names."""
    names = []
    for game_id in game_ids or tuple(_CLASSES):
        _, low, high, default, _ = _specs()[game_id]
        if game_id not in _REGISTERED:
            pyspiel.register_game(_game_type(game_id, low, high, default), _CLASSES[game_id])
            _REGISTERED.add(game_id)
        names.append(f"python_ludus_{game_id}")
    return names


NAMES = dict(zip(_CLASSES, register(), strict=True))
"""Game id → OpenSpiel name, e.g. ``NAMES["rose"] == "python_ludus_rose"``."""
