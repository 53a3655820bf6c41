"""The state of a Shadows: Amsterdam game: teams, the clue-card piles, the board and the round's map."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ludus.engine import Decision
from ludus.engine.chance import copy_rng

from . import board
from .maps import MapPair, MapParams

TEAMS = ("black", "orange")
EVIDENCE_MARKERS = 3
"""Each team owns 3 evidence markers: the 3 evidence to bring to a client."""
FACE_UP = 10
"""Clue cards lying face up in front of the officers."""
COOP_PRESETS: dict[str, int] = {"apprentice": 15 * 60, "novice": 8 * 60, "agent": 5 * 60, "super-agent": 3 * 60}
"""The 2–3 player countdown (Tanonc, Újonc, Ügynök, Szuperügynök), in seconds."""


@dataclass
class Team:
    """One team (black or orange): its officer (hírszerző), detectives (nyomozók) and their progress."""

    name: str
    seats: list[int]
    officer: int
    figure: int = board.CENTRE
    hand: list[str] = field(default_factory=list)
    """clue cards handed to the detectives and not yet used for a move"""
    markers: list[int] = field(default_factory=list)
    """spaces holding this team's evidence markers"""
    police: list[int] = field(default_factory=list)
    """the space of every police token taken this round (a space repeats on a revisit)"""
    refresh: bool = False
    """this officer proposes to replace the 10 face-up cards"""
    next_officer: int | None = None
    rounds_won: int = 0
    rounds_lost: int = 0
    proposal: int | None = None
    """the space a detective proposes to move to ("megegyeznek, hová lépnek"; option team_move "agree")"""
    proposer: int | None = None
    agreed: list[int] = field(default_factory=list)
    """detectives who agree to the proposal (the proposer first)"""
    proposed: list[int] = field(default_factory=list)
    """detectives who made a proposal for the cards in hand (a bot counter-proposes at most once)"""

    @property
    def detectives(self) -> list[int]:
        return [s for s in self.seats if s != self.officer]

    def copy(self) -> Team:
        return Team(self.name, list(self.seats), self.officer, self.figure, list(self.hand), list(self.markers),
                    list(self.police), self.refresh, self.next_officer, self.rounds_won, self.rounds_lost,
                    self.proposal, self.proposer, list(self.agreed), list(self.proposed))

    def forget_proposal(self) -> None:
        self.proposal = self.proposer = None
        self.agreed = []
        self.proposed = []


@dataclass
class ShadowsState:
    players: int
    options: dict[str, Any]
    params: MapParams
    preset: str | None
    """co-op countdown preset, None in the two-team game"""
    rng: random.Random
    teams: dict[str, Team]
    phase: str = "play"
    """"play" (a round runs), "between" (officers name the next officers) or "over\""""
    round: int = 0
    districts: tuple[tuple[int, str], ...] = ()
    pictures: list[str | None] = field(default_factory=list)
    face_up: list[str | None] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    """draw pile; the next card is the last one"""
    discard: list[str] = field(default_factory=list)
    map: MapPair | None = None
    landings: list[dict[str, Any]] = field(default_factory=list)
    deadline: float | None = None
    """co-op: server-clock second the round is lost at; None until the clock starts"""
    history: list[dict[str, Any]] = field(default_factory=list)
    winner: str | None = None
    result: str | None = None
    """co-op: "won" or "lost" once the game is over"""
    cached: tuple[Decision, ...] | None = field(default=None, repr=False, compare=False)
    """the decisions of this position (``rules.decisions``), computed on first request and cleared by
    every change ``rules.apply`` and ``rules.advance`` make; code that edits a state by hand after
    asking for its decisions clears it too"""

    @property
    def coop(self) -> bool:
        return self.preset is not None

    @property
    def clock_seconds(self) -> int | None:
        return COOP_PRESETS[self.preset] if self.preset else None

    def card_for(self, team: str) -> str:
        """Which map card a team plays: its colour, or the co-op card with every evidence."""
        return "coop" if self.coop else team

    def team_of(self, seat: int) -> Team | None:
        for team in self.teams.values():
            if seat in team.seats:
                return team
        return None

    def copy(self) -> ShadowsState:
        rng = copy_rng(self.rng)
        return ShadowsState(
            self.players, dict(self.options), self.params, self.preset, rng,
            {name: team.copy() for name, team in self.teams.items()}, self.phase, self.round, self.districts,
            list(self.pictures), list(self.face_up), list(self.deck), list(self.discard), self.map,
            [dict(landing) for landing in self.landings], self.deadline, [dict(h) for h in self.history],
            self.winner, self.result, self.cached)  # decisions are immutable: the copy may share them
