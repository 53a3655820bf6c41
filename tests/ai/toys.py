"""Tiny games for testing the game-agnostic bots, each a full implementation of the Game protocol.

- Kuhn poker: two seats, one hidden card each from J, Q, K, one round of betting (hidden information).
- Tic-tac-toe: perfect information, for checking that the search finds forced wins.
- Goofspiel: both seats bid a card for a face-up prize at the same time (simultaneous, hidden bids).
- Ladder: one seat climbs with "undo", like the step-wise moves of the real games.

The outcome is a win/loss (a draw is a win shared by both seats), as the default ISMCTS evaluation expects.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludus.engine import Decision, Event, IllegalChoice, Option, Outcome, check_players, resolve_options


def offered_decision(game: Any, state: Any, seat: int, choice: Any) -> Decision:
    """The seat's decision that allows ``choice``, or IllegalChoice (shared validation of the toys)."""
    mine = [d for d in game.decisions(state) if d.seat == seat]
    if not mine:
        raise IllegalChoice("not-your-turn", f"seat {seat} has nothing to decide")
    if not mine[0].allows(choice):
        raise IllegalChoice("not-offered", f"{choice!r} is not one of {list(mine[0].options)}")
    return mine[0]


# --- Kuhn poker -------------------------------------------------------------------------------
KUHN_CARDS = ("J", "Q", "K")


@dataclass
class KuhnState:
    cards: list[str]
    history: list[str] = field(default_factory=list)


class Kuhn:
    """Ante 1 each. Seat 0 checks or bets 1; facing a bet one calls or folds. Higher card wins a showdown."""

    id = "kuhn"
    players = range(2, 3)
    options = ()

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> KuhnState:
        check_players(self.id, players, self.players)
        return KuhnState(random.Random(seed).sample(list(KUHN_CARDS), 2))

    def decisions(self, state: KuhnState) -> list[Decision]:
        history = tuple(state.history)
        if history in ((), ("check",)):
            return [Decision(len(history), "act", ("check", "bet"))]
        if history in (("bet",), ("check", "bet")):
            return [Decision(len(history) % 2, "respond", ("call", "fold"))]
        return []

    def apply(self, state: KuhnState, seat: int, choice: Any) -> list[Event]:
        offered_decision(self, state, seat, choice)
        state.history.append(choice)
        return [Event("acted", {"seat": seat, "action": choice})]

    def showdown(self, state: KuhnState) -> bool:
        return tuple(state.history) in (("check", "check"), ("bet", "call"), ("check", "bet", "call"))

    def outcome(self, state: KuhnState) -> Outcome | None:
        if self.decisions(state):
            return None
        if state.history[-1] == "fold":
            winner = 1 - (len(state.history) - 1) % 2
        else:
            winner = max((0, 1), key=lambda seat: KUHN_CARDS.index(state.cards[seat]))
        stake = 2 if "call" in state.history else 1
        return Outcome((winner,), {winner: stake, 1 - winner: -stake})

    def view(self, state: KuhnState, seat: int | None) -> dict[str, Any]:
        finished = not self.decisions(state)
        return {"history": list(state.history),
                "card": None if seat is None else state.cards[seat],
                "cards": list(state.cards) if finished and self.showdown(state) else None}

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        cards = [view["card"], view["card"]]
        if view["cards"] is not None:
            cards = list(view["cards"])
        else:
            cards[1 - seat] = rng.choice([card for card in KUHN_CARDS if card != view["card"]])
        return KuhnState(cards, list(view["history"]))

    def advance(self, state: KuhnState, now: float) -> list[Event]:
        return []

    def clone(self, state: KuhnState) -> KuhnState:
        return KuhnState(list(state.cards), list(state.history))


# --- Tic-tac-toe ------------------------------------------------------------------------------
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = ("X", "O")


@dataclass
class TicTacToeState:
    board: list[str]

    @property
    def turn(self) -> int:
        return sum(cell != "." for cell in self.board) % 2


class TicTacToe:
    """Seat 0 plays X and starts. The option ``board`` starts from a given position (9 of ``XO.``)."""

    id = "tictactoe"
    players = range(2, 3)
    options = (Option("board", "." * 9, "starting position, row by row"),)

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> TicTacToeState:
        check_players(self.id, players, self.players)
        return TicTacToeState(list(resolve_options(self.options, options)["board"]))

    def winner(self, state: TicTacToeState) -> int | None:
        for a, b, c in LINES:
            if state.board[a] != "." and state.board[a] == state.board[b] == state.board[c]:
                return MARKS.index(state.board[a])
        return None

    def decisions(self, state: TicTacToeState) -> list[Decision]:
        if self.outcome(state) is not None:
            return []
        return [Decision(state.turn, "mark", tuple(i for i, cell in enumerate(state.board) if cell == "."))]

    def apply(self, state: TicTacToeState, seat: int, choice: Any) -> list[Event]:
        offered_decision(self, state, seat, choice)
        state.board[choice] = MARKS[seat]
        return [Event("marked", {"seat": seat, "cell": choice})]

    def outcome(self, state: TicTacToeState) -> Outcome | None:
        winner = self.winner(state)
        if winner is not None:
            return Outcome((winner,), {winner: 1, 1 - winner: 0})
        if "." not in state.board:
            return Outcome((0, 1), {0: 0, 1: 0})
        return None

    def view(self, state: TicTacToeState, seat: int | None) -> dict[str, Any]:
        return {"board": "".join(state.board)}

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> TicTacToeState:
        return TicTacToeState(list(view["board"]))

    def advance(self, state: TicTacToeState, now: float) -> list[Event]:
        return []


# --- Goofspiel --------------------------------------------------------------------------------
@dataclass
class GoofspielState:
    hands: list[list[int]]
    prizes: list[int]
    """The prize deck, the current prize first (only the current one is face up)."""
    bids: list[int | None]
    won: list[int]
    history: list[list[int]] = field(default_factory=list)
    """[prize, bid of seat 0, bid of seat 1] for every round played."""


class Goofspiel:
    """Both seats hold cards 1..n and bid one at the same time for the face-up prize (1..n, shuffled).
    The higher bid takes the prize, equal bids discard it. The larger prize total wins."""

    id = "goofspiel"
    players = range(2, 3)
    options = (Option("cards", 4, "cards in each hand and in the prize deck"),)

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GoofspielState:
        check_players(self.id, players, self.players)
        cards = list(range(1, resolve_options(self.options, options)["cards"] + 1))
        prizes = list(cards)
        random.Random(seed).shuffle(prizes)
        return GoofspielState([list(cards), list(cards)], prizes, [None, None], [0, 0])

    def decisions(self, state: GoofspielState) -> list[Decision]:
        if not state.prizes:
            return []
        return [Decision(seat, "bid", tuple(state.hands[seat]), {"prize": state.prizes[0]})
                for seat in (0, 1) if state.bids[seat] is None]

    def apply(self, state: GoofspielState, seat: int, choice: Any) -> list[Event]:
        offered_decision(self, state, seat, choice)
        state.bids[seat] = choice
        events = [Event("bid", {"seat": seat})]
        if None not in state.bids:
            bids: list[int] = [bid for bid in state.bids if bid is not None]
            prize = state.prizes.pop(0)
            for hand, bid in zip(state.hands, bids, strict=True):
                hand.remove(bid)
            if bids[0] != bids[1]:
                state.won[bids.index(max(bids))] += prize
            state.history.append([prize, *bids])
            state.bids = [None, None]
            events.append(Event("revealed", {"prize": prize, "bids": bids}))
        return events

    def outcome(self, state: GoofspielState) -> Outcome | None:
        if state.prizes:
            return None
        top = max(state.won)
        return Outcome(tuple(seat for seat in (0, 1) if state.won[seat] == top), {0: state.won[0], 1: state.won[1]})

    def view(self, state: GoofspielState, seat: int | None) -> dict[str, Any]:
        return {"prize": state.prizes[0] if state.prizes else None,
                "prizes_left": sorted(state.prizes), "hands": [list(hand) for hand in state.hands],
                "won": list(state.won), "history": [list(entry) for entry in state.history],
                "bid_made": [bid is not None for bid in state.bids],
                "your_bid": None if seat is None else state.bids[seat]}

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> GoofspielState:
        later = list(view["prizes_left"])
        if view["prize"] is not None:
            later.remove(view["prize"])
        rng.shuffle(later)
        prizes = ([view["prize"]] if view["prize"] is not None else []) + later
        bids: list[int | None] = [None, None]
        bids[seat] = view["your_bid"]
        other = 1 - seat
        if view["bid_made"][other]:
            bids[other] = rng.choice(view["hands"][other])
        return GoofspielState([list(hand) for hand in view["hands"]], prizes, bids, list(view["won"]),
                              [list(entry) for entry in view["history"]])

    def advance(self, state: GoofspielState, now: float) -> list[Event]:
        return []


# --- Ladder ------------------------------------------------------------------------------------
@dataclass
class LadderState:
    rung: int = 0
    done: bool = False
    moves: list[str] = field(default_factory=list)


class Ladder:
    """One seat climbs a five-rung ladder step by step (with "undo", like a step-wise move); stopping on rung
    3 or higher wins."""

    id = "ladder"
    players = range(1, 2)
    options = ()

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> LadderState:
        check_players(self.id, players, self.players)
        return LadderState()

    def decisions(self, state: LadderState) -> list[Decision]:
        if state.done:
            return []
        return [Decision(0, "step", (*(("climb",) if state.rung < 5 else ()), *(("undo",) if state.rung else ()),
                                     "done"))]

    def apply(self, state: LadderState, seat: int, choice: Any) -> list[Event]:
        offered_decision(self, state, seat, choice)
        state.moves.append(choice)
        state.rung += {"climb": 1, "undo": -1}.get(choice, 0)
        state.done = choice == "done"
        return []

    def outcome(self, state: LadderState) -> Outcome | None:
        if not state.done:
            return None
        return Outcome((0,) if state.rung >= 3 else (), {0: state.rung})

    def view(self, state: LadderState, seat: int | None) -> dict[str, Any]:
        return {"rung": state.rung, "done": state.done}

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> LadderState:
        return LadderState(view["rung"], view["done"])

    def advance(self, state: LadderState, now: float) -> list[Event]:
        return []


KUHN = Kuhn()
LADDER = Ladder()
TICTACTOE = TicTacToe()
GOOFSPIEL = Goofspiel()
