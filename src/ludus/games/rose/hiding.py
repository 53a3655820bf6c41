"""Hiding from readers during the days, for the "medium" Rose bot (a cheaper form of ``HardBot.drawn``).

A reader that weighs its pushes by its belief (the medium and hard bots do) pushes the colour it thinks a player is
for the rest of the game, not only at the final guesses. The medium bot reads the others well but spares its own
monk openly, so at five players it is read and pushed as much as it reads. ``HidingMediumBot`` prices that, at
tables of ``HIDE_FROM`` (5) players or more: every position it judges pays ``MEDIUM_DRAW`` clue per reader, per day
of play left, per unit of a reader's belief in its true colour, modelled from the public evidence about its seat
plus what its own acts would show (``Belief.exposure``, the softmax over the colours it has not revealed). In the
card lookahead the evidence is the turn's own acts (``BelievedWorlds.leak``) and the price is added to its own
estimated final clue; in the greedy moves (where to send a pawn, which pawn) it is the move's evidence
(``move_evidence``).

It is cheaper than the hard bot's term because nothing new is searched: the lookahead already follows the
leak and the exposure, and a greedy move adds one softmax over six colours.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.engine import Game

from .belief import LOG_LR
from .components import COLOUR_INDEX, COLOURS
from .hard import days_left, move_acts
from .state import RoseState
from .strong import Marginals, MediumBot, standing
from .strong import days_left as world_days_left

MEDIUM_DRAW = 0.5
"""Clue a reader's belief in the medium bot's true colour draws per day of play left, per reader and unit of
belief (the hard bot's ``DRAW`` has the same meaning; measured in the five-player ladder, 240 games: 0.5
put medium above easy with the intervals apart, 0.3 did not, see docs/bots.md)."""
HIDE_FROM = 5
"""The table size from which medium hides. At three and four players medium already stood above easy with
the intervals apart, and hiding there too brought hard against three medium bots (4 players) from 71.9% down to
44.3% [39.5%, 49.1%] of 400 games, against the level gap issue 25 asks for (hard ≥ 40%)."""


def drawn(price: float, days: float, readers: int, believed: float) -> float:
    """The clue a believed-in identity draws: ``price`` per day left, per reader, per unit of belief."""
    return price * days * readers * believed


def move_evidence(view: Mapping[str, Any], pawn: str, building: str, weights: Mapping[str, float]) -> list[float]:
    """The public evidence (log-likelihood ratios, per colour index) moving ``pawn`` into ``building`` adds
    about the mover: a monk onto its own task tile or into suspicion, William's or Adson's signs for the monks
    there (pushed when the weight is positive, spared otherwise, as the greedy move values them; ``move_acts``)."""
    found = [0.0] * len(COLOURS)
    for colour, act in move_acts(view, pawn, building, weights).items():
        found[COLOUR_INDEX[colour]] = LOG_LR[act]
    return found


class HidingMediumBot(MediumBot):
    """The medium bot that also prices how much the readers learn of its own colour during the days."""

    hide = MEDIUM_DRAW
    hide_from = HIDE_FROM

    def __init__(self, seat: int, seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(seat, seed, **kwargs)
        self.shown: list[float] | None = None
        """Evidence about its own seat that the greedy move being valued would show."""

    def judge(self, state: RoseState, exposure: float, marginals: Marginals) -> float:
        price = drawn(self.hide, world_days_left(state), state.n - 1, exposure) if state.n >= self.hide_from else 0.0
        return standing(state, self.seat, exposure, marginals, price)

    def value(self, view: Mapping[str, Any], tracks: Any, weights: Mapping[str, float]) -> float:
        worth = super().value(view, tracks, weights)
        if not self.hide or view.get("you") is None or view["players"] < self.hide_from:
            return worth
        believed = self.catch_up(view).exposure(view, self.shown)
        return worth - drawn(self.hide, days_left(view), view["players"] - 1, believed)

    def move_value(self, view: Mapping[str, Any], pawn: str, building: str, weights: Mapping[str, float],
                   base: float | None = None) -> float:
        if base is None:
            base = self.value(view, (dict(view["suspicion"]), dict(view["clue"])), weights)
        self.shown = move_evidence(view, pawn, building, weights)
        try:
            return super().move_value(view, pawn, building, weights, base)
        finally:
            self.shown = None


def medium_bot(game: Game, seat: int, seed: int | None) -> HidingMediumBot:
    """The "medium" level."""
    return HidingMediumBot(seat, seed)


__all__ = ["MEDIUM_DRAW", "HidingMediumBot", "drawn", "medium_bot", "move_evidence"]
