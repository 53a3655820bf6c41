"""The whole position of one game of The Name of the Rose, as plain lists of small ints.

Indices: monks 0–5 in colour order, William 6, Adson 7; buildings 0–13; cards and tiles by their
number in the edition's tables. The rest of the current turn is ``queue``, a list of small tuples
of JSON values (see rules.py), so the turn itself is public data a view can carry.
"""

from __future__ import annotations

import random
from typing import Any

from ludus.engine.chance import copy_rng

from .components import Edition


class RoseState:
    __slots__ = (
        "active",        # seat whose turn it is (also the day's ender once the day is over)
        "cache",         # decisions for this position, computed lazily; None after every change
        "cancelled",     # time tiles spent this turn
        "card",          # card being played this turn, or -1
        "clue",          # [6] clue track (never capped at 50)
        "day",           # 1..7
        "day_start",     # seat that started the current day
        "discard",       # cards, newest last (public)
        "draw",          # draw pile, top card LAST
        "ed",            # Edition (component values)
        "event_tiles",   # [seat] event ids collected by ending a day
        "events",        # the six event tiles above the board, in day order
        "fresh",         # time tiles the active seat collected this turn (the last ones of its list)
        "guesses",       # [seat] {target seat: colour} on day 7
        "hands",         # [seat] cards
        "hours",         # the card's hours this turn (William 5 / Adson 0 once chosen)
        "identity",      # [seat] colour
        "moved",         # last pawn moved this turn, or -1
        "moves",         # moves made with this turn's card (2 with Studious)
        "n",             # number of players
        "opts",          # resolved options
        "pawns",         # [8] building of each pawn
        "phase",         # "turn" | "revelation" | "guess" | "over"
        "queue",         # the rest of this turn: tuples, first element the step kind
        "result",        # outcome details once the game is over
        "reveal_pick",   # [seat] colour picked in a revelation round, -1 while undecided
        "revealed",      # [seat] revealed colour markers
        "rng",           # random.Random: the only source of chance (see own_rng)
        "rng_shared",    # True while a clone shares ``rng``: copy it before drawing from it
        "row",           # face-down task tiles, front first
        "sundial",       # hours moved today; >= 24 means the day ends after this turn
        "suspicion",     # [6] suspicion track 0..40
        "tiles",         # [14] task tiles face up on each building
        "time",          # [seat] time tiles held (face down)
        "today",         # index of today's event, -1 outside a day
        "unused_events",   # the eight event tiles nobody sees
        "unused_identity",  # identity cards nobody holds
        "wa",            # 6 William / 7 Adson for a William/Adson card, else -1
        "waiting",       # seats still to return a tile (Incredulous)
    )

    ed: Edition
    opts: dict[str, Any]
    rng: random.Random

    def clone(self) -> RoseState:
        """An independent copy (much faster than deepcopy)."""
        c = RoseState.__new__(RoseState)
        c.active = self.active
        c.cache = self.cache
        c.cancelled = self.cancelled
        c.card = self.card
        c.clue = self.clue[:]
        c.day = self.day
        c.day_start = self.day_start
        c.discard = self.discard[:]
        c.draw = self.draw[:]
        c.ed = self.ed
        c.event_tiles = [e[:] for e in self.event_tiles]
        c.events = self.events[:]
        c.fresh = self.fresh
        c.guesses = [dict(g) for g in self.guesses]
        c.hands = [h[:] for h in self.hands]
        c.hours = self.hours
        c.identity = self.identity[:]
        c.moved = self.moved
        c.moves = self.moves
        c.n = self.n
        c.opts = self.opts
        c.pawns = self.pawns[:]
        c.phase = self.phase
        c.queue = self.queue[:]
        c.result = self.result
        c.reveal_pick = self.reveal_pick[:]
        c.revealed = [r[:] for r in self.revealed]
        # The RNG is copied only when one of the two states first draws from it (reshuffles are
        # rare, copying a Mersenne Twister state is not cheap).
        c.rng = self.rng
        c.rng_shared = self.rng_shared = True
        c.row = self.row[:]
        c.sundial = self.sundial
        c.suspicion = self.suspicion[:]
        c.tiles = [t[:] for t in self.tiles]
        c.time = [t[:] for t in self.time]
        c.today = self.today
        c.unused_events = self.unused_events[:]
        c.unused_identity = self.unused_identity[:]
        c.waiting = self.waiting[:]
        c.wa = self.wa
        return c

    def own_rng(self) -> random.Random:
        """The state's RNG, made private first if a clone still shares it."""
        if self.rng_shared:
            self.rng = copy_rng(self.rng)
            self.rng_shared = False
        return self.rng

    def snapshot(self) -> str:
        """Everything that defines the position, as one comparable string (tests, replays)."""
        skip = ("cache", "ed", "rng", "rng_shared")
        data = {name: getattr(self, name) for name in self.__slots__ if name not in skip}
        data["rng"] = self.rng.getstate()
        data["edition"] = self.ed.overrides
        return repr(data)
