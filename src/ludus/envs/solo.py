"""One learner against the project's bots: a single-agent Gymnasium environment.

``against_bots("rose", seat=0, opponents="hard")`` seats the learner at ``seat`` and a ludus bot
of the given level at every other seat. The bots are the ones the live server seats at a table:
each is asked ``bot.choose(view, decision)`` with nothing but its own seat's view, and bots that
follow the game (``observe(events)``) are told only the events their seat may see. The
environment underneath is the game's PettingZoo environment, so observations, actions, rewards
and the step cap are exactly those of ``rose_v0``/``floors_v0``/``shadows_v0``.

An action the mask does not allow forfeits the game by default (reward −1, ``terminated``, and
``info["illegal_action"]`` says what went wrong) — Gymnasium's own checks and many training
libraries sample from the whole action space; ``illegal="raise"`` raises instead.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np

from ludus.ai import Bot, bot_for
from ludus.engine import visible_events

from .adapter import MAX_CYCLES, IllegalAction, LudusEnv, agent_name, option_key


class AgainstBots(gymnasium.Env):
    """The learner's seat of a ludus game; every other seat is a bot (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"]}

    def __init__(self, table: LudusEnv, seat: int, opponents: Sequence[str], illegal: str = "forfeit") -> None:
        if not 0 <= seat < table.players:
            raise ValueError(f"seat must be 0..{table.players - 1}, not {seat}")
        if illegal not in ("forfeit", "raise"):
            raise ValueError(f"illegal must be 'forfeit' or 'raise', not {illegal!r}")
        self.table = table
        self.seat = seat
        self.agent = agent_name(seat)
        self.levels = {other: level for other, level in zip(
            (s for s in range(table.players) if s != seat), opponents, strict=True)}
        self.illegal = illegal
        self.render_mode = table.render_mode
        self.action_space = table.action_space(self.agent)
        self.observation_space = table.observation_space(self.agent)
        self.bots: dict[int, Bot] = {}
        self._forfeited = False
        self._carry = 0.0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        draws = self.np_random.integers(2**31, size=len(self.levels) + 1)
        self.table.reset(seed=int(draws[0]))
        self.bots = {other: bot_for(self.table.game, other, level, seed=int(draw))
                     for (other, level), draw in zip(self.levels.items(), draws[1:], strict=True)}
        self._forfeited = False
        self._play_bots()
        self._carry = self._earned()  # dense rewards of the bots' moves before the learner's first
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if not self.bots:
            raise RuntimeError("call reset() before step()")
        if self._forfeited or self._over():
            raise RuntimeError("the episode is over: call reset() to start the next game")
        try:
            self.table.step(action)
        except IllegalAction as error:
            if self.illegal == "raise":
                raise
            warnings.warn(f"{error} The learner forfeits this game (reward -1).", UserWarning, stacklevel=2)
            self._forfeited = True
            observation = self._observation()
            return observation, -1.0, True, False, {**self._info(), "illegal_action": str(error)}
        self._tell()
        self._play_bots()
        terminated = self.table.terminations[self.agent]
        if self.table.dense_rewards:  # everything since the learner's last action, its own step included
            reward, self._carry = self._carry + self._earned(), 0.0
        else:
            reward = self.table.rewards[self.agent] if terminated else 0.0
        return self._observation(), reward, terminated, self.table.truncations[self.agent], self._info()

    def render(self) -> str | None:
        return self.table.render()

    def view(self) -> dict[str, Any]:
        """The learner's own view of the current position (JSON data)."""
        return self.table.view_of(self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean mask (the name maskable-PPO implementations look for)."""
        return self._observation()["action_mask"].astype(bool)

    # --- the bots' turns -------------------------------------------------------------------
    def _earned(self) -> float:
        return float(self.table._cumulative_rewards[self.agent])

    def _over(self) -> bool:
        return self.table.terminations[self.agent] or self.table.truncations[self.agent]

    def _play_bots(self) -> None:
        table = self.table
        while not self._over() and table.agent_selection != self.agent:
            seat = int(table.agent_selection.removeprefix("player_"))
            table.step(self._bot_action(seat))
            self._tell()

    def _bot_action(self, seat: int) -> int:
        table, bot = self.table, self.bots[seat]
        view = table.view_of(seat)
        legal = table.legal_of(seat)
        decisions = table.decisions_of(seat)
        wants = getattr(bot, "wants", None)
        decision = next((d for d in decisions if wants is None or wants(view, d)), decisions[0])
        choice = option_key(bot.choose(view, decision))
        for action, option in legal.items():
            if option_key(option) == choice:
                return action
        raise RuntimeError(f"the {self.levels[seat]} bot of seat {seat} chose {choice!r}, which the "
                           f"{table.metadata['name']} action space does not offer now")

    def _tell(self) -> None:
        events = self.table.last_events
        for seat, bot in self.bots.items():
            observe = getattr(bot, "observe", None)
            if callable(observe):
                observe(visible_events(events, seat))

    # --- what the learner gets ---------------------------------------------------------------
    def _observation(self) -> dict[str, np.ndarray]:
        observed = self.table.observe(self.agent)
        mask = observed["action_mask"]
        if self._forfeited or self._over():
            mask = np.zeros_like(mask)
        return {"observation": observed["observation"].copy(), "action_mask": mask.copy()}

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._observation()["action_mask"]}
        outcome = self.table.outcome
        if outcome is not None:
            info["outcome"] = outcome.to_json()
        return info


def against_bots(game: str, seat: int = 0, opponents: str | Sequence[str] = "hard", players: int | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 max_cycles: int = MAX_CYCLES, illegal: str = "forfeit", dense_rewards: bool = False) -> AgainstBots:
    """A Gymnasium environment: the learner at ``seat`` of ``game`` ("rose", "floors" or "shadows"),
    bots of level ``opponents`` (one level, or one per other seat in seat order) everywhere else.

    ``players`` defaults to the PettingZoo environment's (4, 4, and 3 for co-op Shadows, whose
    bots are the learner's team mates); ``options`` are the game's (for Shadows: ``{"preset": …}``
    picks the co-op countdown). ``dense_rewards=True`` (Fearsome Floors only) gives the learner, at
    every step, the dense rewards of ``floors_v0.env`` earned since its last action.
    """
    from . import floors_v0, rose_v0, shadows_v0

    options = dict(options or {})
    if dense_rewards and game != "floors":
        raise ValueError(f"dense_rewards is for 'floors'; {game!r} rewards only its outcome")
    if game == "rose":
        table = rose_v0.env(players or 4, options, render_mode, max_cycles)
    elif game == "floors":
        table = floors_v0.env(players or 4, options, render_mode, max_cycles, dense_rewards)
    elif game == "shadows":
        preset = options.pop("preset", "agent")
        table = shadows_v0.env(players or 3, preset, options, render_mode, max_cycles)
    else:
        raise ValueError(f"against_bots plays 'rose', 'floors' or 'shadows', not {game!r}")
    levels = [opponents] * (table.players - 1) if isinstance(opponents, str) else list(opponents)
    if len(levels) != table.players - 1:
        raise ValueError(f"{table.players} players need {table.players - 1} opponent levels, not {len(levels)}")
    return AgainstBots(table, seat, levels, illegal)
