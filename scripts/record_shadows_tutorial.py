"""Record the game the Shadows: Amsterdam tutorial tells (``games/shadows/tutorial.json``; docs/web.md, "Learn to
play"): 3 players in co-op (Novice, the first-game maps), the hard bots on every seat, with the few choices the
lessons need made by hand — the officer's first clue is two cards and the next two are one card each, the
detectives misread the third clue onto a police space, the learner (seat 0) names Bot 2 the next officer and so
plays round 2 as a detective, and in round 2 the other detective proposes first once (the learner agrees). The
move log is printed as JSON, the events on stderr, to choose the steps from; the generic
``scripts/record_tutorial.py`` cannot make these choices.

    python scripts/record_shadows_tutorial.py > /tmp/moves.json
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ludus.ai.bot import bot_for
from ludus.engine import Decision, Match

SEED = 1
OPTIONS = {"max_map_rating": 1}
LEARNER = 0
POLICE = 10  # the police space next to the figure the detectives misread the third clue as (board number 11)


class Recorder:
    def __init__(self) -> None:
        __import__("ludus.games.shadows")  # its bots register on import
        self.match = Match("shadows", 3, SEED, OPTIONS)
        self.game = self.match.game
        self.bots = [bot_for(self.game, seat, "hard", seed=SEED * 10 + seat) for seat in range(3)]
        self.moves: list[list[Any]] = []

    def team(self) -> Any:
        return self.match.state.teams["black"]

    def playing(self) -> bool:
        return self.match.state.phase == "play"

    def bot(self, seat: int, kind: str, cards: int | None = None) -> Any:
        decision = next(d for d in self.match.decisions() if d.seat == seat and d.kind == kind)
        if cards is not None:  # a give of exactly this many cards
            decision = Decision(seat, kind, [o for o in decision.options if len(o) == cards], decision.prompt)
        return self.bots[seat].choose(self.game.view(self.match.state, seat), decision)

    def play(self, seat: int, choice: Any) -> None:
        events = self.match.play(seat, choice)
        self.moves.append([seat, choice])
        said = [(e.kind, {k: v for k, v in e.data.items() if k not in ("maps", "pictures", "districts", "face_up")})
                for e in events if e.kind != "refilled"]
        print(len(self.moves) - 1, seat, json.dumps(choice), said, file=sys.stderr)

    def give(self, cards: int | None = None) -> None:
        officer = self.team().officer
        self.play(officer, self.bot(officer, "give", cards))

    def move(self, first: int, space: int | None = None) -> None:
        """``first`` proposes (its own reading, or ``space``); the other detective agrees."""
        other = next(seat for seat in self.team().detectives if seat != first)
        space = self.bot(first, "move") if space is None else space
        self.play(first, space)
        if self.playing() and self.team().hand:
            self.play(other, space)


def record() -> list[list[Any]]:
    r = Recorder()
    # round 1: the learner is the officer
    r.give(2)
    r.move(1)
    r.give(1)
    r.move(1)
    r.give(1)
    assert r.game.view(r.match.state, LEARNER)["map"]["kinds"][POLICE] == "police" and r.bot(1, "move") != POLICE
    r.move(1, POLICE)  # the detectives misread the picture: a police marker
    while r.playing():
        r.give()
        if r.playing():
            r.move(1)
    r.play(LEARNER, 1)  # between rounds the learner names Bot 2 the next officer
    # round 2: the learner is a detective; once the other detective proposes first
    proposals = 0
    while r.playing():
        r.give()
        if r.playing():
            r.move(2 if proposals == 1 else LEARNER)
            proposals += 1
    assert r.game.outcome(r.match.state) is not None
    return r.moves


if __name__ == "__main__":
    print(json.dumps(record()))
