"""When a finished game may move ratings, and how much (docs/accounts.md, "Ratings that mean something").

Pure rules, used alike when a game ends (archive.py) and by ``ludus ratings rebuild`` on the whole archive:

- **Everyone took part.** A human seat took part when it made its own moves (not a bot's for it, not the
  clock's) for at least ``MIN_SHARE`` of its seat's moves, and at least one. A game where some human seat did
  not (it never connected, or left it to a bot) rates nobody. A game ended by a forfeit before every human seat
  had made ``MIN_MOVES`` moves of its own was abandoned early: it rates nobody either.
- **Linked accounts do not rate each other.** Accounts seen from one address or one browser session within
  ``LINK_WINDOW`` seconds of each other (``store/sightings.py``) are not rated in a game they play together; the others
  are rated among themselves.
- **Repeats count less.** The n-th counted game of the same two accounts within ``PAIR_WINDOW`` seconds moves
  ratings by ``REPEAT_FACTOR ** (n - 1)`` of what it would; from the ``PAIR_CAP``-th on, not at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

MIN_SHARE = 0.5
MIN_MOVES = 3
LINK_WINDOW = 7 * 24 * 3600.0
PAIR_WINDOW = 24 * 3600.0
REPEAT_FACTOR = 0.5
PAIR_CAP = 4


@dataclass(frozen=True)
class SeatFacts:
    """What the rules need to know of one seat of a finished game."""

    seat: int
    human: bool  # a person held it (guest or account), whoever made its moves
    account_id: int | None
    own: int  # moves the person made themselves
    moves: int  # all moves of the seat (a bot's for it and a forfeit by the clock included)
    linked: bool = False  # this account is linked to another account of the same game


@dataclass(frozen=True)
class Verdict:
    weight: float  # 0: the game moves no rating; 1: fully; between: a repeat
    excluded: frozenset[int]  # accounts not rated in this game (linked to another player of it)
    reason: str | None  # why it moves nothing (or less): "absent", "abandoned", "repeat", None


def participation(entries: Iterable[Mapping[str, Any]], players: int) -> dict[int, tuple[int, int]]:
    """Each seat's (own moves, all moves) in a stored move log: a move a bot made for a person's seat carries
    ``"by": "bot"``; a forfeit is a move of the seat that nobody made."""
    counts = {seat: [0, 0] for seat in range(players)}
    for entry in entries:
        if "forfeit" in entry:
            seat = entry["forfeit"]
            if seat in counts:
                counts[seat][1] += 1
            continue
        seat = entry.get("seat")
        if seat not in counts:
            continue
        counts[seat][1] += 1
        if entry.get("by") is None:
            counts[seat][0] += 1
    return {seat: (own, total) for seat, (own, total) in counts.items()}


def took_part(own: int, moves: int) -> bool:
    return own >= 1 and own >= MIN_SHARE * moves


def pairs(accounts: Iterable[int]) -> list[tuple[int, int]]:
    return list(combinations(sorted(set(accounts)), 2))


def judge(seats: Sequence[SeatFacts], forfeited: bool, repeats: Mapping[tuple[int, int], int]) -> Verdict:
    """The verdict on one finished rated game: ``repeats`` gives, per pair of accounts (smaller id first),
    how many counted games they played together within ``PAIR_WINDOW`` before this one."""
    humans = [seat for seat in seats if seat.human]
    if any(not took_part(seat.own, seat.moves) for seat in humans):
        return Verdict(0.0, frozenset(), "absent")
    if forfeited and any(seat.own < MIN_MOVES for seat in humans):
        return Verdict(0.0, frozenset(), "abandoned")
    excluded = frozenset(seat.account_id for seat in seats if seat.linked and seat.account_id is not None)
    rated = [seat.account_id for seat in seats if seat.account_id is not None and seat.account_id not in excluded]
    before = max((repeats.get(pair, 0) for pair in pairs(rated)), default=0)
    if before >= PAIR_CAP - 1:
        return Verdict(0.0, excluded, "repeat")
    return Verdict(REPEAT_FACTOR ** before, excluded, "repeat" if before else None)


def linked(first: Sequence[tuple[str, float, float]], second: Sequence[tuple[str, float, float]]) -> bool:
    """Two accounts' sightings, (mark, first seen, last seen) each: one mark seen for both within the window."""
    seen = {}
    for mark, start, end in first:
        seen.setdefault(mark, []).append((start, end))
    for mark, start, end in second:
        for other_start, other_end in seen.get(mark, ()):
            if start <= other_end + LINK_WINDOW and other_start <= end + LINK_WINDOW:
                return True
    return False


def linked_accounts(seen: dict[int, list[tuple[str, float, float]]]) -> set[int]:
    """The accounts (of ``seen``: account → its sightings) that are linked to another of them."""
    ids = sorted(seen)
    found: set[int] = set()
    for i, first in enumerate(ids):
        for second in ids[i + 1:]:
            if linked(seen[first], seen[second]):
                found.update((first, second))
    return found


class PairHistory:
    """Counted games per pair of accounts, in the order they ended (for ``rebuild``)."""

    def __init__(self) -> None:
        self.games: dict[tuple[int, int], list[float]] = {}

    def repeats(self, accounts: Iterable[int], at: float) -> dict[tuple[int, int], int]:
        found = {}
        for pair in pairs(accounts):
            times = self.games.get(pair, [])
            found[pair] = sum(1 for then in times if at - PAIR_WINDOW < then <= at)
        return found

    def add(self, accounts: Iterable[int], at: float) -> None:
        for pair in pairs(accounts):
            self.games.setdefault(pair, []).append(at)
