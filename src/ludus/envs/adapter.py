"""One PettingZoo AEC environment class that plays any ludus game through the protocol.

A game plugs in with an ``EnvSpec``: the fixed list of every option the game can ever offer
(the discrete action space), and an encoder from the agent's own view (plus its pending
decision) to a fixed-size vector. Everything else — whose turn it is, legality, rewards — comes
from the game itself, so the environment cannot disagree with the server or the bots.

Per step the environment asks the game for its decisions once and maps the acting seat's options
to action indices through a table built once per game; views, observations and ``infos`` are
built only when someone asks for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludus.engine import Decision, Event, Match, Outcome, load_game, normalize

from .rewards import outcome_rewards

Encoder = Callable[[dict[str, Any], Decision | None], np.ndarray]
MAX_CYCLES = 1000
"""Default episode cap: ``max_cycles × players`` steps (a random game takes at most ~330 per agent)."""


def option_key(option: Any) -> Any:
    """A hashable key for an option value (options are small JSON values: strings, numbers, lists)."""
    if isinstance(option, list | tuple):
        return tuple(option_key(part) for part in option)
    if isinstance(option, bool):
        return ("bool", option)  # True == 1 in Python: keep booleans apart from the number 1
    if isinstance(option, dict):
        return tuple(sorted((key, option_key(value)) for key, value in option.items()))
    return option


@dataclass
class EnvSpec:
    """How one game becomes a fixed-size environment.

    By default action ``i`` IS option ``actions[i]``. A game whose options are not a fixed set
    (e.g. Shadows' face-up card ids) gives ``translate``: from the agent's view (a function that
    builds it, called only if the decisions alone do not tell) and its pending decisions to
    ``{action index: option}`` for the legal actions, so the action space can name stable things
    (face-up slot 3) instead of changing ids; ``offers`` then tells cheaply, from the decisions
    alone, whether ``translate`` will offer anything. ``seconds_per_step`` drives a
    real-time game's clock through ``advance`` by that many simulated seconds per step.
    ``cooperative``: every seat shares the team's reward (``rewards.outcome_rewards``).
    """

    game_id: str
    actions: Sequence[Any]
    observation_size: int
    encode: Encoder
    render: Callable[[dict[str, Any]], str] | None = None
    translate: Callable[[Callable[[], dict[str, Any]], Sequence[Decision]], dict[int, Any]] | None = None
    seconds_per_step: float | None = None
    cooperative: bool = False
    offers: Callable[[Sequence[Decision]], bool] | None = None
    progress: Callable[[dict[str, Any]], list[float]] | None = None
    """Per seat, from the spectator's view: the potential whose changes are the dense rewards
    (``dense_rewards=True``); it must stay small enough that a game's sum ranks as the outcome does."""
    encode_state: Callable[[Any, int, Decision | None], np.ndarray] | None = None
    """``encode(view(state, seat), decision)`` computed from the game state directly (no view dict built and
    re-encoded): the same tensor, faster. Used whenever the game is in play (not after a forfeit)."""
    index: dict[Any, int] = field(init=False)
    _known: dict[tuple[Any, ...], dict[int, Any]] = field(init=False, repr=False)
    _remember: bool = field(init=False, repr=False)
    _masks: dict[tuple[int, ...], np.ndarray] = field(init=False, repr=False)
    _mask_of: dict[int, tuple[dict[int, Any], np.ndarray]] = field(init=False, repr=False)

    KNOWN_LIMIT: ClassVar[int] = 50_000
    """How many option lists ``legal`` remembers (then it starts afresh)."""
    MASKS_LIMIT: ClassVar[int] = 10_000
    """How many action masks ``mask`` remembers (then it starts afresh)."""

    def __post_init__(self) -> None:
        self.actions = [normalize(a) for a in self.actions]
        self.index = {option_key(action): i for i, action in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{self.game_id}: the action list repeats an option")
        self._known = {}
        self._masks = {}
        self._mask_of = {}
        # A remembered list of numbers would also answer for the same list with booleans in it.
        self._remember = not any(type(action) is bool for action in self.actions)

    def action_of(self, option: Any) -> int:
        try:
            return self.index[option_key(option)]
        except KeyError:
            raise KeyError(f"{self.game_id}: option {option!r} is missing from the action space") from None

    def legal(self, view: Callable[[], dict[str, Any]], decisions: Sequence[Decision]) -> dict[int, Any]:
        """{action index: option} for every option the seat may choose now (``view()`` only if needed).

        The answer may be shared with other calls: read it, never change it.
        """
        if self.translate is not None:
            if self.offers is not None and not self.offers(decisions):
                return {}
            return self.translate(view, decisions)
        if len(decisions) == 1 and self._remember:
            # A game offers the same few option lists over and over (a hand of cards, the steps of a
            # figure): each is looked up once. Only lists of strings and whole numbers are kept —
            # they compare as their table keys do (a boolean would equal the number 1).
            options = decisions[0].options
            try:
                known = self._known.get(options)
            except TypeError:  # an unhashable option (a square [c, r])
                return self._legal(decisions)
            if known is None:
                known = self._legal(decisions)
                if all(type(option) is str or type(option) is int for option in options):
                    if len(self._known) >= self.KNOWN_LIMIT:
                        self._known.clear()
                        self._mask_of.clear()
                    self._known[options] = known
                    self._mask_of[id(known)] = (known, self._mask(known))
            return known
        return self._legal(decisions)

    def _legal(self, decisions: Sequence[Decision]) -> dict[int, Any]:
        index = self.index
        legal: dict[int, Any] = {}
        for decision in decisions:
            for option in decision.options:
                key = option if isinstance(option, str) else option_key(option)
                found = index.get(key)
                if found is None:
                    raise KeyError(f"{self.game_id}: option {option!r} is missing from the action space")
                legal[found] = option
        return legal

    def mask(self, legal: Mapping[int, Any]) -> np.ndarray:
        """A fresh action mask with a 1 at every action of ``legal``: a game offers the same few sets of
        actions over and over, so each set's mask is made once and copied. For an option list ``legal``
        remembers (it hands out the same dict again) the mask is found by the dict itself, unhashed."""
        same = self._mask_of.get(id(legal))
        if same is not None and same[0] is legal:  # the entry keeps ``legal`` alive: its id is not reused
            return same[1].copy()
        return self._mask(legal).copy()

    def _mask(self, legal: Mapping[int, Any]) -> np.ndarray:
        key = tuple(legal)
        made = self._masks.get(key)
        if made is None:
            if len(self._masks) >= self.MASKS_LIMIT:
                self._masks.clear()
            made = self._masks[key] = np.zeros(len(self.actions), dtype=np.int8)
            made[list(key)] = 1
            made.flags.writeable = False
        return made

    def action_name(self, action: int) -> str:
        return repr(self.actions[action]) if 0 <= action < len(self.actions) else "?"


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class IllegalAction(ValueError):
    """An action the acting agent may not take now; the environment is unchanged."""


class _Info(dict):
    """One agent's ``infos`` entry, filled on first read: the raw view and the pending decisions.

    Building every agent's view on every step is most of an environment step's cost, and most
    training loops never read it. Reading an entry after the environment has stepped on is an
    error (it would describe the new position, not the one it was handed out with).
    """

    KEYS = ("view", "decision", "decisions")
    __slots__ = ("_env", "_seat", "_stamp")

    def __init__(self, env: LudusEnv, seat: int, stamp: int) -> None:
        self._env, self._seat, self._stamp = env, seat, stamp

    def _fill(self) -> None:
        if super().__len__() or self._env is None:
            return
        if self._env._stamp != self._stamp:
            raise RuntimeError("this infos entry is from an earlier step: read env.infos[agent] (or env.last()) "
                               "before calling env.step")
        env, seat = self._env, self._seat
        decisions = env.decisions_of(seat)
        super().update(view=env.view_of(seat), decision=decisions[0].to_json() if decisions else None,
                       decisions=[d.to_json() for d in decisions])
        outcome = env._outcome
        if outcome is not None:
            super().__setitem__("outcome", outcome.to_json())

    def __missing__(self, key: str) -> Any:
        self._fill()
        if not super().__contains__(key):
            raise KeyError(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self._fill()
        return super().__contains__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._fill()
        return super().get(key, default)

    def __iter__(self) -> Iterator[str]:
        self._fill()
        return super().__iter__()

    def __len__(self) -> int:
        self._fill()
        return super().__len__()

    def keys(self):  # type: ignore[override]
        self._fill()
        return super().keys()

    def items(self):  # type: ignore[override]
        self._fill()
        return super().items()

    def values(self):  # type: ignore[override]
        self._fill()
        return super().values()

    def __eq__(self, other: object) -> bool:
        self._fill()
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        self._fill()
        return super().__repr__()


class LudusEnv(AECEnv):
    """An AEC environment over one ludus game. Agents are ``player_0`` … in seat order.

    When several seats hold decisions at once (simultaneous reveals, guesses), the lowest seat
    acts first; the game keeps every pick secret until all have chosen, so order leaks nothing.
    Rewards (``rewards.outcome_rewards``) are given when the game ends. After ``max_cycles ×
    players`` steps without an end every agent is truncated (reward 0).
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "name": "ludus_v0",
                                          "is_parallelizable": False}

    def __init__(self, spec: EnvSpec, players: int, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, max_cycles: int = MAX_CYCLES, dense_rewards: bool = False) -> None:
        super().__init__()
        if dense_rewards and spec.progress is None:
            raise ValueError(f"{spec.game_id} has no dense rewards (dense_rewards=True is for Fearsome Floors)")
        self.dense_rewards = dense_rewards
        self._potential: list[float] = []
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1:
            raise ValueError(f"max_cycles must be a positive whole number, not {max_cycles!r}")
        self.spec_ = spec
        self.game = load_game(spec.game_id)
        self.players = players
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.max_steps = max_cycles * players
        self.metadata = {**self.metadata, "name": f"{spec.game_id}_v0"}
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._seat = {agent_name(s): s for s in range(players)}
        n = len(spec.actions)
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (spec.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            })
            for a in self.possible_agents
        }
        self._seed_rng = np.random.default_rng()
        self.match: Match | None = None
        self._infos: dict[str, dict[str, Any]] | None = {}
        self._made_infos = {}
        self._stamp = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # --- the AEC cycle ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # ``options`` of reset are PettingZoo's per-episode options; game options are fixed at
        # construction so that every episode of one environment plays the same game.
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self.match = Match(self.game, self.players, int(self._seed_rng.integers(2**31)), self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.steps = 0
        self.last_events: list[Event] = []  # what the last step made happen (every seat's events)
        self._refresh()
        if self.dense_rewards:
            assert self.spec_.progress is not None
            self._potential = self.spec_.progress(self.match.view(None))
        if self.render_mode == "human":
            self.render()

    def _refresh(self) -> None:
        """After a change: who decides next, the end of the game, fresh (unbuilt) infos and observations."""
        assert self.match is not None
        self._stamp += 1
        self._views: dict[int, dict[str, Any]] = {}
        self._observations: dict[int, dict[str, np.ndarray]] = {}
        self._pending: dict[int, list[Decision]] = {}
        for decision in self.match.decisions():
            self._pending.setdefault(decision.seat, []).append(decision)
        self._legal: dict[int, dict[int, Any]] = {}
        self._outcome = self.match.outcome()
        self._infos = None
        self._made_infos: dict[str, _Info] = {}
        actor = None
        if self._outcome is not None:
            for agent, reward in zip(self.agents, outcome_rewards(self._outcome, self.players, self.spec_.cooperative),
                                     strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
        elif self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
        else:
            for seat in sorted(self._pending):
                if self.legal_of(seat):
                    actor = seat
                    break
            else:
                raise RuntimeError(f"{self.game.id}: nobody can decide but the game is not over")
        self.agent_selection = (self.possible_agents[actor] if actor is not None
                                else (self.agents[0] if self.agents else ""))

    @property
    def infos(self) -> dict[str, dict[str, Any]]:  # type: ignore[override]
        """Each agent's ``infos`` entry (``_Info``: filled when read). The dict itself is made when first asked
        for: ``last()`` makes only the acting agent's entry."""
        infos = self._infos
        if infos is None:
            infos = self._infos = {agent: self._info(agent) for agent in self.agents}
        return infos

    @infos.setter
    def infos(self, value: dict[str, dict[str, Any]]) -> None:
        self._infos = value

    def _info(self, agent: str) -> dict[str, Any]:
        """The agent's ``infos`` entry of this step (the same object ``infos[agent]`` gives)."""
        if self._infos is not None:
            return self._infos[agent]
        info = self._made_infos.get(agent)
        if info is None:
            info = self._made_infos[agent] = _Info(self, self._seat[agent], self._stamp)
        return info

    def decisions_of(self, seat: int) -> list[Decision]:
        """The seat's pending decisions, if the spec offers it any action now."""
        return self._pending.get(seat, []) if self.legal_of(seat) else []

    def legal_of(self, seat: int) -> dict[int, Any]:
        """{action index: option} the seat may choose now (empty when it has nothing to decide)."""
        legal = self._legal.get(seat)
        if legal is None:
            decisions = self._pending.get(seat)
            legal = self.spec_.legal(lambda: self.view_of(seat), decisions) if decisions else {}
            self._legal[seat] = legal
        return legal

    @property
    def outcome(self) -> Outcome | None:
        """The game's outcome once it is over (None before, and in a truncated episode)."""
        return self._outcome

    def view_of(self, seat: int) -> dict[str, Any]:
        """The seat's own view of the current position (what its observation is built from)."""
        view = self._views.get(seat)
        if view is None:
            self._require_reset()
            assert self.match is not None
            view = self._views[seat] = self.match.view(seat)
        return view

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._require_reset()
        seat = self._seat[agent]
        found = self._observations.get(seat)
        if found is None:
            legal = self.legal_of(seat)
            if legal and self._outcome is None and not self.truncations.get(agent):
                mask = self.spec_.mask(legal)
            else:
                mask = np.zeros(len(self.spec_.actions), dtype=np.int8)
            decision = self._pending[seat][0] if legal else None  # as ``decisions_of``: only a seat offered actions
            assert self.match is not None
            if self.spec_.encode_state is not None and self.match.forfeited is None:
                observation = self.spec_.encode_state(self.match.state, seat, decision)
            else:
                observation = self.spec_.encode(self.view_of(seat), decision)
            found = self._observations[seat] = {"observation": observation.astype(np.float32, copy=False),
                                                "action_mask": mask}
        return found

    def step(self, action: int | None) -> None:
        self._require_reset()
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise IllegalAction(f"{agent}'s episode is over: step(None) to acknowledge it, then reset()")
            self._was_dead_step(action)
            return
        assert self.match is not None
        seat = self._seat[agent]
        legal = self.legal_of(seat)
        if action is None:
            raise IllegalAction(f"{agent} must act: pass an action index (see observation['action_mask']); "
                                "None is only for an agent whose episode is over")
        if (type(action) is not int and (isinstance(action, bool) or not isinstance(action, int | np.integer))) \
                or not 0 <= int(action) < len(self.spec_.actions):
            raise IllegalAction(f"action must be an index 0..{len(self.spec_.actions) - 1}, not {action!r}")
        action = int(action)
        if action not in legal:
            named = ", ".join(f"{a} {self.spec_.action_name(a)}" for a in sorted(legal)[:12])
            raise IllegalAction(f"action {action} {self.spec_.action_name(action)} is not legal for {agent} now; "
                                f"pick one where observation['action_mask'] is 1 (legal now: {named}"
                                f"{' …' if len(legal) > 12 else ''}). Nothing changed.")
        self._cumulative_rewards[agent] = 0.0
        for other in self.agents:
            self.rewards[other] = 0.0
        self.last_events = self.match.play(seat, legal[action])
        self.steps += 1
        if self.spec_.seconds_per_step is not None:
            self.last_events += self.match.advance(self.steps * self.spec_.seconds_per_step)
        self._refresh()
        if self.dense_rewards:  # the change of each seat's potential, on top of the final reward
            assert self.spec_.progress is not None
            potential = self.spec_.progress(self.match.view(None))
            for seat, agent in enumerate(self.agents):
                self.rewards[agent] += potential[seat] - self._potential[seat]
            self._potential = potential
        self._accumulate_rewards()
        if self.render_mode == "human":  # as PettingZoo's classic environments: the table after every move
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As ``AECEnv.last``, making only the acting agent's ``infos`` entry."""
        self._require_reset()
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self._info(agent))

    def agent_iter(self, max_iter: int = 2**63):  # type: ignore[no-untyped-def]
        self._require_reset()
        return super().agent_iter(max_iter)

    def _require_reset(self) -> None:
        if self.match is None:
            raise RuntimeError(f"{self.metadata['name']}: call reset() before step(), observe() or last()")

    def render(self) -> str | None:
        """The table as a spectator sees it: returned as text (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None or self.match is None:
            return None
        view = self.match.view(None)
        text = self.spec_.render(view) if self.spec_.render is not None else repr(view)
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        self.match = None

    def legal_actions(self, agent: str) -> list[int]:
        """Indices of the agent's legal actions (empty when it has nothing to decide)."""
        self._require_reset()
        return sorted(self.legal_of(self._seat[agent]))
