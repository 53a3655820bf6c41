"""One PettingZoo AEC environment class that plays any ludus game through the protocol.

A game plugs in with an ``EnvSpec``: the fixed list of every option the game can ever offer
(the discrete action space), and an encoder from the agent's own view (plus its pending
decision) to a fixed-size vector. Everything else — whose turn it is, legality, rewards — comes
from the game itself, so the environment cannot disagree with the server or the bots.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludus.engine import Decision, Match, load_game, normalize

Encoder = Callable[[dict[str, Any], Decision | None], np.ndarray]


def option_key(option: Any) -> str:
    """A stable text key for an option value (options are small JSON values)."""
    return json.dumps(normalize(option), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass
class EnvSpec:
    """How one game becomes a fixed-size environment.

    By default action ``i`` IS option ``actions[i]``. A game whose options are not a fixed set
    (e.g. Shadows' face-up card ids) gives ``translate``: from the agent's view and its pending
    decisions to ``{action index: option}`` for the legal actions, so the action space can name
    stable things (face-up slot 3) instead of changing ids. ``seconds_per_step`` drives a
    real-time game's clock through ``advance`` by that many simulated seconds per step.
    """

    game_id: str
    actions: Sequence[Any]
    observation_size: int
    encode: Encoder
    render: Callable[[dict[str, Any]], str] | None = None
    translate: Callable[[dict[str, Any], Sequence[Decision]], dict[int, Any]] | None = None
    seconds_per_step: float | None = None
    index: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        self.actions = [normalize(a) for a in self.actions]
        self.index = {option_key(action): i for i, action in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{self.game_id}: the action list repeats an option")

    def action_of(self, option: Any) -> int:
        try:
            return self.index[option_key(option)]
        except KeyError:
            raise KeyError(f"{self.game_id}: option {option!r} is missing from the action space") from None

    def legal(self, view: dict[str, Any], decisions: Sequence[Decision]) -> dict[int, Any]:
        """{action index: option} for every option the agent may choose now."""
        if self.translate is not None:
            return self.translate(view, decisions)
        return {self.action_of(option): option for decision in decisions for option in decision.options}


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class LudusEnv(AECEnv):
    """An AEC environment over one ludus game. Agents are ``player_0`` … in seat order.

    When several seats hold decisions at once (simultaneous reveals, guesses), the lowest seat
    acts first; the game keeps every pick secret until all have chosen, so order leaks nothing.
    Rewards: +1 for each winner and −1 for every other seat, given when the game ends.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "ludus_v0", "is_parallelizable": False}

    def __init__(self, spec: EnvSpec, players: int, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, max_steps: int = 100_000) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.spec_ = spec
        self.game = load_game(spec.game_id)
        self.players = players
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"{spec.game_id}_v0"}
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._seat = {agent_name(s): s for s in range(players)}
        n = len(spec.actions)
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, (spec.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            })
            for a in self.possible_agents
        }
        self._seed_rng = random.Random()
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # --- the AEC cycle ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # ``options`` of reset are PettingZoo's per-episode options; game options are fixed at
        # construction so that every episode of one environment plays the same game.
        if seed is not None:
            self._seed_rng.seed(seed)
        self.match = Match(self.game, self.players, self._seed_rng.randrange(2**31), self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self._pending: dict[int, list[Decision]] = {}
        self._refresh()

    def _refresh(self) -> None:
        """Recompute who decides, infos, and the end of the game after a change."""
        assert self.match is not None
        pending: dict[int, list[Decision]] = {}
        for decision in self.match.decisions():
            pending.setdefault(decision.seat, []).append(decision)
        self._pending = {}
        self._legal: dict[int, dict[int, Any]] = {}
        for agent in self.agents:
            seat = self._seat[agent]
            view = self.match.view(seat)
            decisions = pending.get(seat, [])
            legal = self.spec_.legal(view, decisions) if decisions else {}
            if legal:  # a spec may leave out optional real-time decisions (nothing to do now)
                self._pending[seat] = decisions
                self._legal[seat] = legal
            else:
                decisions = []
            self.infos[agent] = {"view": view, "decision": decisions[0].to_json() if decisions else None,
                                 "decisions": [d.to_json() for d in decisions]}
        outcome = self.match.outcome()
        if outcome is not None:
            for agent in self.agents:
                won = self._seat[agent] in outcome.winners
                self.rewards[agent] = 1.0 if won else -1.0
                self.terminations[agent] = True
        elif self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
        elif not self._pending:
            raise RuntimeError(f"{self.game.id}: nobody can decide but the game is not over")
        if self._pending and outcome is None:
            self.agent_selection = agent_name(min(self._pending))
        else:
            self.agent_selection = self.agents[0] if self.agents else ""

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.match is not None
        seat = self._seat[agent]
        decisions = self._pending.get(seat, [])
        mask = np.zeros(len(self.spec_.actions), dtype=np.int8)
        for action in self._legal.get(seat, {}):
            mask[action] = 1
        view = self.infos[agent]["view"] if agent in self.infos else self.match.view(seat)
        observation = self.spec_.encode(view, decisions[0] if decisions else None).astype(np.float32, copy=False)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        assert self.match is not None
        seat = self._seat[agent]
        legal = self._legal.get(seat)
        if not legal:
            raise ValueError(f"{agent} has nothing to decide")
        if action is None or not 0 <= int(action) < len(self.spec_.actions):
            raise ValueError(f"action must be an index into the action space, not {action!r}")
        if int(action) not in legal:
            raise ValueError(f"action {int(action)} ({self.spec_.actions[int(action)]!r}) is not legal now; "
                             "use the action mask")
        self._cumulative_rewards[agent] = 0.0
        for other in self.agents:
            self.rewards[other] = 0.0
        self.match.play(seat, legal[int(action)])
        self.steps += 1
        if self.spec_.seconds_per_step is not None:
            self.match.advance(self.steps * self.spec_.seconds_per_step)
        self._refresh()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.match is None:
            return None
        view = self.match.view(None)
        if self.spec_.render is not None:
            return self.spec_.render(view)
        return json.dumps(view, ensure_ascii=False, sort_keys=True)

    def close(self) -> None:
        self.match = None

    def legal_actions(self, agent: str) -> list[int]:
        """Indices of the agent's legal actions (empty when it has nothing to decide)."""
        return sorted(self._legal.get(self._seat[agent], {}))
