"""The three games as OpenSpiel Python games (optional extra ``openspiel``).

``register()`` registers ``python_ludus_rose``, ``python_ludus_floors`` and
``python_ludus_shadows`` with pyspiel, so ``pyspiel.load_game("python_ludus_rose", {"players": 4})``
works and OpenSpiel's own tools (``pyspiel.random_sim_test``, the information-set MCTS bot) run
on them.

Chance: the game's whole randomness (shuffles of decks, tiles, identities, maps, later
reshuffles) comes from its seeded RNG, so the one chance node at the start draws that seed from
``chance_seeds`` equally likely outcomes. Actions are the same fixed action spaces as the
PettingZoo environments. Information-state strings are the player's own view (JSON) plus the
public move number; ``resampler`` builds a consistent full state from that view with the game's
``world_from_view``, for ``ISMCTSBot.set_resampler``. Simultaneous decisions are taken in seat
order; the games keep each pick secret until all are in, so the order leaks nothing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from ludus.engine import Game, clone, load_game

from .adapter import EnvSpec

CHANCE_SEEDS = 1 << 16


class _Holder:
    """A game state that OpenSpiel's Clone (a deepcopy of attributes) copies with the game's fast clone."""

    __slots__ = ("game", "state")

    def __init__(self, game: Game, state: Any) -> None:
        self.game = game
        self.state = state

    def __deepcopy__(self, memo: dict) -> _Holder:
        return _Holder(self.game, clone(self.game, self.state))


def _specs() -> dict[str, tuple[EnvSpec, int, int, int, dict[str, Any]]]:
    from . import floors_v0, rose_v0, shadows_v0

    # spec, min players, max players, default players, fixed options
    return {
        "rose": (rose_v0.SPEC, 2, 5, 4, {}),
        "floors": (floors_v0.SPEC, 2, 7, 4, {}),
        "shadows": (shadows_v0.SPEC, 2, 3, 3, {"coop": "agent"}),
    }


class _Config:
    """What a state needs of its game. OpenSpiel clones a Python state by deep-copying its
    attributes; this one is shared, never copied."""

    def __init__(self, game_id: str, spec: EnvSpec, players: int, chance_seeds: int, options: dict) -> None:
        self.spec = spec
        self.players = players
        self.chance_seeds = chance_seeds
        self.options = options
        self.ludus = load_game(game_id)

    def __deepcopy__(self, memo: dict) -> _Config:
        return self


class LudusState(pyspiel.State):
    def __init__(self, game: LudusGame) -> None:
        super().__init__(game)
        self._lgame = game.config
        self._held: _Holder | None = None
        self._steps = 0

    # --- helpers ---------------------------------------------------------------------------
    def _legal_by_seat(self) -> dict[int, dict[int, Any]]:
        assert self._held is not None
        game, state = self._held.game, self._held.state
        pending: dict[int, list] = {}
        for decision in game.decisions(state):
            pending.setdefault(decision.seat, []).append(decision)
        legal = {}
        for seat in sorted(pending):
            actions = self._lgame.spec.legal(game.view(state, seat), pending[seat])
            if actions:
                legal[seat] = actions
        return legal

    def ludus_state(self) -> Any:
        """The underlying ludus state (None before the chance node)."""
        return None if self._held is None else self._held.state

    # --- the OpenSpiel API -------------------------------------------------------------------
    def current_player(self) -> int:
        if self._held is None:
            return pyspiel.PlayerId.CHANCE
        if self._held.game.outcome(self._held.state) is not None:
            return pyspiel.PlayerId.TERMINAL
        legal = self._legal_by_seat()
        if not legal:
            return pyspiel.PlayerId.TERMINAL
        return min(legal)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal_by_seat().get(player, {}))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._lgame.chance_seeds
        return [(seed, 1.0 / n) for seed in range(n)]

    def _apply_action(self, action: int) -> None:
        if self._held is None:
            game = self._lgame.ludus
            self._held = _Holder(game, game.setup(self._lgame.players, int(action), self._lgame.options))
            return
        seat = self.current_player()
        option = self._legal_by_seat()[seat][int(action)]
        self._held.game.apply(self._held.state, seat, option)
        self._steps += 1
        if self._lgame.spec.seconds_per_step is not None:
            self._held.game.advance(self._held.state, self._steps * self._lgame.spec.seconds_per_step)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed:{action}"
        return json.dumps(self._lgame.spec.actions[action], ensure_ascii=False)

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        if self._held is None:
            return [0.0] * self._lgame.players
        outcome = self._held.game.outcome(self._held.state)
        if outcome is None:
            return [0.0] * self._lgame.players
        return [1.0 if seat in outcome.winners else -1.0 for seat in range(self._lgame.players)]

    def view(self, player: int | None) -> dict[str, Any] | None:
        if self._held is None:
            return None
        return self._held.game.view(self._held.state, player)

    def __str__(self) -> str:
        return json.dumps(self.view(None), ensure_ascii=False, sort_keys=True)


class LudusObserver:
    """Strings (and tensors) of what one player knows: its own view and the public move number."""

    def __init__(self, game: LudusGame, iig_obs_type: Any, params: dict | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.config = game.config
        self.perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        self.tensor = np.zeros(self.config.spec.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LudusState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0)
            return
        held = state._held
        assert held is not None
        decisions = [d for d in held.game.decisions(held.state) if d.seat == player]
        self.tensor[:] = self.config.spec.encode(view, decisions[0] if decisions else None)

    def string_from(self, state: LudusState, player: int) -> str:
        view = state.view(player)
        text = "start" if view is None else json.dumps(view, sort_keys=True, ensure_ascii=False)
        return f"{state._steps}|{text}" if self.perfect_recall else text


class LudusGame(pyspiel.Game):
    def __init__(self, game_id: str, params: dict | None = None) -> None:
        spec, low, high, default, fixed = _specs()[game_id]
        params = dict(params or {})
        players = int(params.get("players", default))
        chance_seeds = int(params.get("chance_seeds", CHANCE_SEEDS))
        if not low <= players <= high:
            raise ValueError(f"{game_id} is played by {low}–{high} players in OpenSpiel, not {players}")
        # pybind11 keeps Python attributes only once the C++ base is constructed
        super().__init__(_game_type(game_id, low, high, default), pyspiel.GameInfo(
            num_distinct_actions=len(spec.actions), max_chance_outcomes=chance_seeds,
            num_players=players, min_utility=-1.0, max_utility=1.0,
            max_game_length=20_000), params)
        self.config = _Config(game_id, spec, players, chance_seeds, dict(fixed))

    def new_initial_state(self) -> LudusState:
        return LudusState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> LudusObserver:
        return LudusObserver(self, iig_obs_type, params)


def _game_type(game_id: str, low: int, high: int, default: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"python_ludus_{game_id}", long_name=f"ludus {game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": default, "chance_seeds": CHANCE_SEEDS})


def resampler(state: LudusState, player: int) -> LudusState:
    """A full state consistent with what ``player`` knows in ``state`` (for ``ISMCTSBot.set_resampler``)."""
    view = state.view(player)
    if view is None:
        return state.clone()
    held = state._held
    assert held is not None
    rng = random.Random(hash((state._steps, player, state.history_str())))
    world = held.game.world_from_view(view, player, rng)
    new = state.clone()
    new._held = _Holder(held.game, world)
    return new


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
    """Register the games with pyspiel (all three by default); returns their OpenSpiel names."""
    names = []
    for game_id in game_ids or ("rose", "floors", "shadows"):
        _, low, high, default, _ = _specs()[game_id]
        if game_id not in _REGISTERED:
            pyspiel.register_game(_game_type(game_id, low, high, default), _CLASSES[game_id])
            _REGISTERED.add(game_id)
        names.append(f"python_ludus_{game_id}")
    return names
