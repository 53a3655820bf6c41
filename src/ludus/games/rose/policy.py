"""Who an opponent is, from how well each identity explains its choices under the easy level's own rule.

The per-act ratios of ``belief.LOG_LR`` say "a player spares its own monk"; they cannot tell which colour of a
spared set is the player's own, because the easy level spares one fixed set (its own monk and two decoys) all
game. Its moves tell more: given the card it played (public), where it sent the pawn, or which pawn it sent,
is the best move for its colour weights (own −1, decoys −0.35, every other colour the chance that some other
player holds it), and that choice depends only on the public board. So for every hypothesis *own colour and
two decoys* (6 × 10) the model asks what the easy rule would have chosen, from the board as it was, and keeps
the log-likelihood of the choices actually made; a colour's likelihood is the mean over the decoy pairs.

``EasyModel`` keeps the public board itself: a copy of the last view its seat was shown, brought up to date
by the public events that follow (moves, tracks, task tiles, conversions, revealed markers), so every
opponent's choice is judged on the board it was made from. Only what every seat sees is used: the time-tile
answers are not judged, and the card choice only with ``cards`` (off by default): it depends on the hidden hand, so
it is judged against what the hand may hold under each hypothesis (``hands.Hands``: the easy rule keeps the cards
that lost to the ones it played). With ``cards`` the model can also deal a sampled world's opponents those hands
(``deal_hands``).

A choice is ``(1 − slip) × softmax(gain / heat) + slip × uniform`` under a hypothesis, so a player who does
not follow the easy rule (a stronger level, a human) only flattens the evidence instead of ruling its true
colour out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ludus.engine import Event

from .bots import DECOY_WEIGHT, WHIM, GreedyBot, Tracks, coming_clue, edition_of, held_by_another
from .components import COLOURS
from .hands import Hands
from .state import RoseState

DECOYS = 2
"""The decoys the easy level protects besides its own monk."""
HYPOTHESES: tuple[tuple[int, frozenset[int]], ...] = tuple(
    (own, frozenset(pair))
    for own in range(len(COLOURS))
    for pair in combinations([c for c in range(len(COLOURS)) if c != own], DECOYS)
)
"""Every (own colour, decoy colours) an easy player could hold, as colour indices."""
HEAT = 0.05
"""Softmax temperature of a modelled move choice, in clue points (the easy rule adds ≤ 0.01 of noise)."""
SLIP = 0.15
"""The share of a modelled choice that is uniformly random (for players who do not follow the rule)."""
CARD_NOISE = 0.05
"""The easy rule adds up to this much noise to each card's score (``GreedyBot._choose_card``)."""
CARD_WEIGHT = 1.0
"""With ``cards``: the share of a card choice's log-likelihood counted."""
HAND_FLOOR = 0.001
"""With ``cards``: a card's least weight when a world's hands are dealt by what each opponent may hold."""
SIGN_SLIP = WHIM / 2
"""The easy rule picks a sign at random ``WHIM`` of the time (never for its own monk): this goes against it."""


class _Recorder(GreedyBot):
    """The easy rule's move arithmetic, keeping the tracks a move leads to instead of valuing them."""

    found: list[float]

    def value(self, view: Mapping[str, Any], tracks: Tracks, weights: Mapping[str, float]) -> float:
        suspicion, clue = tracks
        coming = coming_clue(view, suspicion)
        self.found = [clue[c] + coming[c] + 0.02 * suspicion[c] for c in COLOURS]
        return 0.0


def board_of(view: Mapping[str, Any]) -> dict[str, Any]:
    """The public board of a view, as a view-like dict of its own (safe to bring up to date)."""
    return {
        "players": view["players"],
        "options": view.get("options"),
        "phase": view.get("phase"),
        "event": view.get("event"),
        "sundial": view.get("sundial"),
        "buildings": {
            name: {"pawns": list(place["pawns"]), "tiles": [dict(t) for t in place["tiles"]]}
            for name, place in view["buildings"].items()
        },
        "suspicion": dict(view["suspicion"]),
        "clue": dict(view["clue"]),
        "seats": [
            {"seat": s["seat"], "revealed": list(s["revealed"]), "time_tiles": s["time_tiles"], "cards": s.get("cards")}
            for s in view["seats"]
        ],
        "hand": [card["id"] for card in (view.get("you") or {}).get("hand", [])],
        "unseen": unseen_cards(view),
    }


def unseen_cards(view: Mapping[str, Any]) -> set[str]:
    """The action cards a seat has not seen played and does not hold: the others' hands and the draw pile."""
    seen = {card["id"] for card in view.get("discard") or []}
    seen |= {card["id"] for card in (view.get("you") or {}).get("hand", [])}
    return set(edition_of(view).card_ids) - seen


def update_board(board: dict[str, Any], event: Event) -> None:
    """Bring ``board`` (from ``board_of``) past one public event."""
    data = event.data
    kind = event.kind
    ed = edition_of(board)
    floor = bool((board.get("options") or {}).get("clue_floor", True))

    def clue(colour: str, amount: int) -> None:
        value = board["clue"][colour] + amount
        board["clue"][colour] = 0 if value < 0 and floor else value

    def suspicion(colour: str, amount: int) -> None:
        board["suspicion"][colour] = min(ed.suspicion_max, max(0, board["suspicion"][colour] + amount))

    if kind == "card_played":
        board["unseen"].discard(data.get("card"))
        if data.get("card") in board["hand"]:
            board["hand"].remove(data["card"])
        seat = board["seats"][data["seat"]]
        if isinstance(seat.get("cards"), int):
            seat["cards"] -= 1
    elif kind == "drew" and isinstance(board["seats"][data["seat"]].get("cards"), int):
        board["seats"][data["seat"]]["cards"] += 1
    elif kind == "drew_card":
        board["unseen"].discard(data.get("card"))
        board["hand"].append(data.get("card"))
    elif kind == "reshuffled":
        board["unseen"] = set(ed.card_ids) - set(board["hand"])
    elif kind == "move":
        buildings = board["buildings"]
        pawns = buildings[data["from"]]["pawns"]
        if data["pawn"] in pawns:
            pawns.remove(data["pawn"])
        buildings[data["to"]]["pawns"].append(data["pawn"])
    elif kind == "clue" and isinstance(data.get("amount"), int):
        for colour in data.get("monks") or [data.get("monk")]:
            if colour in board["clue"]:
                clue(colour, data["amount"])
    elif kind == "suspicion" and isinstance(data.get("amount"), int) and data.get("monk") in board["suspicion"]:
        suspicion(data["monk"], data["amount"])
    elif kind == "task_tile_taken":
        tiles = board["buildings"][data["building"]]["tiles"]
        board["buildings"][data["building"]]["tiles"] = [t for t in tiles if t["id"] != data["tile"]]
        suspicion(data["monk"], -int(data["value"]))
        board["seats"][data["seat"]]["time_tiles"] += 1
    elif kind in ("time_tile_spent", "time_tile_returned"):
        board["seats"][data["seat"]]["time_tiles"] -= 1
    elif kind == "tiles_refilled":
        board["buildings"][data["building"]]["tiles"] = [dict(ed.tile_views[ed.tile_index[t]]) for t in data["tiles"]]
    elif kind == "conversion":
        if data.get("skipped"):
            return
        for colour, amount in (data.get("clue") or {}).items():
            if amount:
                clue(colour, amount)
        board["suspicion"] = dict.fromkeys(COLOURS, ed.suspicion_start)
    elif kind == "revealed":
        for seat, colour in (data.get("colours") or {}).items():
            board["seats"][int(seat)]["revealed"].append(colour)
            clue(colour, ed.revelation_clue)
    elif kind == "day_started":
        board["phase"] = "turn"
        board["event"] = data.get("event")
        board["sundial"] = 0
    elif kind == "day_ended":
        board["phase"] = "revelation"
        board["event"] = None
    elif kind == "sundial":
        board["sundial"] = data.get("to")


class EasyModel:
    """Per opponent, the log-likelihood of its moves and signs under the easy rule, for every identity."""

    def __init__(self, seat: int, players: int, heat: float = HEAT, slip: float = SLIP) -> None:
        self.seat = seat
        self.players = players
        self.heat = heat
        self.slip = slip
        self.board: dict[str, Any] | None = None
        self.actor: int | None = None
        self.card: Mapping[str, Any] | None = None
        self.moves: dict[int, list[float]] = {}
        """Per opponent, per hypothesis (``HYPOTHESES``): log-likelihood of its moves."""
        self.signs: dict[int, list[float]] = {}
        """Per opponent, per hypothesis: log-likelihood of its signs."""
        self.judged: dict[int, int] = {}
        """Per opponent, how many of its choices were judged (for reports and tests)."""
        self.uniform: dict[int, float] = {}
        """Per opponent: log-likelihood of its judged choices if each were made uniformly at random."""
        self.reveals = False
        """Judge the markers each opponent reveals too (the easy rule reveals no decoy while it may reveal another
        colour: ``GreedyBot._choose_revelation``); off: only its moves and signs."""
        self.revealed: dict[int, list[float]] = {}
        """Per opponent, per hypothesis: log-likelihood of the markers it revealed (with ``reveals``)."""
        self.cards = False
        """Judge the card each opponent plays too, against the cards it may have held (off: not judged)."""
        self.card_weight = CARD_WEIGHT
        self.hands = Hands(len(HYPOTHESES), slip, CARD_NOISE)
        """With ``cards``: what each opponent may hold, per hypothesis."""
        self.carded: dict[int, list[float]] = {}
        """Per opponent, per hypothesis: log-likelihood of the cards it played (with ``cards``)."""
        self._recorder = _Recorder(seat, 0)

    # --- the board ----------------------------------------------------------------------------
    def sync(self, view: Mapping[str, Any]) -> None:
        """Start again from what the seat sees now (the events so far brought the board here)."""
        self.board = board_of(view)

    def see(self, event: Event) -> None:
        """Judge the act an event shows (if an opponent chose it), then bring the board past it."""
        kind = event.kind
        data = event.data
        if kind == "card_played":
            self.actor = data.get("seat")
            ed = edition_of(self.board) if self.board is not None else None
            card = data.get("card")
            self.card = ed.card_views[ed.card_index[card]] if ed is not None and card in ed.card_index else None
        elif kind in ("day_ended", "revealed", "game_over"):
            self.actor = None
            self.card = None
        board = self.board
        actor = self.actor
        if board is not None and self.reveals and kind == "revealed":
            for who, colour in (data.get("colours") or {}).items():
                if str(who).isdigit() and int(who) != self.seat and int(who) < self.players and colour in COLOURS:
                    self.judge_revelation(board, int(who), colour)
        if board is not None and isinstance(actor, int) and actor != self.seat and 0 <= actor < self.players:
            if kind == "move":
                self.judge_move(board, actor, data)
            elif (
                kind in ("clue", "suspicion")
                and data.get("pawn") in ("william", "adson")
                and isinstance(data.get("amount"), int)
                and data.get("monk") in COLOURS
            ):
                self.judge_sign(board, actor, data["monk"], data["amount"] < 0)
        if board is not None and self.cards and kind in ("card_played", "drew", "drew_card"):
            self.see_card(board, kind, data)
        if board is not None:
            update_board(board, event)

    # --- the easy rule ------------------------------------------------------------------------
    def base_weights(self, board: Mapping[str, Any], actor: int) -> list[list[float]]:
        """Per own colour of ``actor``, the easy rule's weight of every colour before decoys: the chance that
        some other player holds it, each equally likely any colour it has not revealed."""
        seats = [s for s in board["seats"] if s["seat"] != actor]
        return [
            [-1.0 if c == own else held_by_another(colour, COLOURS[own], seats) for c, colour in enumerate(COLOURS)]
            for own in range(len(COLOURS))
        ]

    def weights(self, board: Mapping[str, Any], actor: int) -> list[list[float]]:
        """The easy rule's colour weights under every hypothesis."""
        base = self.base_weights(board, actor)
        found = []
        for own, decoys in HYPOTHESES:
            row = list(base[own])
            for d in decoys:
                row[d] = DECOY_WEIGHT
            found.append(row)
        return found

    def outcome(
        self, board: Mapping[str, Any], pawn: str, building: str, pushed: frozenset[str]
    ) -> tuple[list[float], float]:
        """The tracks (clue + the clue today's suspicion turns into + 0.02 × suspicion, per colour) a move
        leads to when the monks in ``pushed`` are pushed and the others spared, and its fixed bonus."""
        proxy = {c: (1e-9 if c in pushed else -1.0) for c in COLOURS}
        bonus = self._recorder.move_value(board, pawn, building, proxy, 0.0)
        return self._recorder.found, bonus

    def option_gains(self, board: Mapping[str, Any], options: Sequence[tuple[str, str]],
                     weights: Sequence[Sequence[float]]) -> list[list[float]]:
        """Per hypothesis (its ``weights`` row), the easy rule's gain of each move ``(pawn, building)``, less the
        position's own worth (the same for every move)."""
        buildings = board["buildings"]
        event = board.get("event")
        cache: dict[tuple[int, frozenset[str]], tuple[list[float], float]] = {}
        found = []
        for w in weights:
            top = max(0.0, max(w))
            gains = []
            for i, (p, b) in enumerate(options):
                there = [m for m in buildings[b]["pawns"] if m in COLOURS and m != p]
                pushed = frozenset(m for m in there if w[COLOURS.index(m)] > 0) if p not in COLOURS else frozenset()
                key = (i, pushed)
                if key not in cache:
                    cache[key] = self.outcome(board, p, b, pushed)
                tracks, bonus = cache[key]
                if (event == "mysterious" and p in COLOURS and "william" in buildings[b]["pawns"]) or (
                    event == "culprits_heels" and p == "william"
                ):
                    bonus += 2 * top
                gains.append(sum(x * y for x, y in zip(w, tracks, strict=True)) + bonus)
            found.append(gains)
        return found

    def judge_move(self, board: dict[str, Any], actor: int, data: Mapping[str, Any]) -> None:
        board["seat"] = actor  # the mover's own seat (Incredulous hits the others' time tiles)
        card = self.card
        pawn, target = data.get("pawn"), data.get("to")
        buildings = board["buildings"]
        where = GreedyBot.where(board)
        if card is None or where.get(pawn) != data.get("from") or target not in buildings:
            return  # the board lost track (or nothing to judge)
        if card["type"] == "building":
            options = [(p, target) for p in where if where[p] != target]
        else:
            options = [(pawn, b) for b in buildings if b != where[pawn]]
        if len(options) < 2:
            return
        chosen = options.index((pawn, target))
        row = self.moves.setdefault(actor, [0.0] * len(HYPOTHESES))
        uniform = self.slip / len(options)
        for h, gains in enumerate(self.option_gains(board, options, self.weights(board, actor))):
            best = max(gains)
            total = sum(math.exp((g - best) / self.heat) for g in gains)
            share = math.exp((gains[chosen] - best) / self.heat) / total
            row[h] += math.log((1.0 - self.slip) * share + uniform)
        self.judged[actor] = self.judged.get(actor, 0) + 1
        self.uniform[actor] = self.uniform.get(actor, 0.0) - math.log(len(options))

    def card_scores(self, board: dict[str, Any], actor: int, cards: Sequence[str]) -> list[list[float]]:
        """Per hypothesis, the easy rule's score of each card (``GreedyBot._choose_card``, without its noise): the
        best move it allows less what its hours cost (the time tiles it would spend, or the event tile)."""
        ed = edition_of(board)
        board["seat"] = actor
        where = GreedyBot.where(board)
        moves = [(p, b) for p in where for b in board["buildings"] if where[p] != b]
        index = {move: i for i, move in enumerate(moves)}
        gains = self.option_gains(board, moves, self.weights(board, actor))
        rule = self._recorder
        spendable = 0 if board.get("event") == "in_a_hurry" else board["seats"][actor]["time_tiles"]
        ways_of: dict[tuple[Any, ...], list[tuple[list[int], float]]] = {}
        keys = []
        for cid in cards:
            card = ed.card_views[ed.card_index[cid]]
            key = (card["type"], card.get("monk"), card.get("building"), card.get("hours"))
            keys.append(key)
            if key not in ways_of:
                ways = [([index[(p, b)] for p in pawns for b in places if (p, b) in index], hours)
                        for pawns, places, hours in rule.card_moves(board, card)]
                ways_of[key] = [(moved, rule.hours_cost(board, hours, spendable)) for moved, hours in ways if moved]
        found = []
        for row in gains:
            worth = {key: max((max(row[i] for i in moved) - spent for moved, spent in ways), default=-1e9)
                     for key, ways in ways_of.items()}
            found.append([worth[key] for key in keys])
        return found

    def see_card(self, board: dict[str, Any], kind: str, data: Mapping[str, Any]) -> None:
        """Follow the cards: an opponent's play is judged against what its hand may hold (``hands.Hands``), and
        a card that leaves the unseen ones (played by anybody, drawn by this seat) leaves every hand model."""
        seats = board["seats"]
        holding = {o: seats[o]["cards"] for o in range(self.players)
                   if o != self.seat and isinstance(seats[o]["cards"], int)}
        for opponent, held in holding.items():
            if opponent not in self.hands.chances:
                self.hands.start(opponent, board["unseen"], held)
        card = data.get("card")
        actor = data.get("seat")
        if kind == "card_played" and actor in holding and card in board["unseen"] and holding[actor] > 1:
            pool = sorted(board["unseen"] - {card})
            scores = self.card_scores(board, actor, [card, *pool])
            found = self.hands.played(actor, card, pool, scores, holding[actor])
            row = self.carded.setdefault(actor, [0.0] * len(HYPOTHESES))
            for h, value in enumerate(found):
                row[h] += self.card_weight * value
        if kind in ("card_played", "drew_card") and card in board["unseen"]:
            self.hands.gone(card, {o: held - (o == actor and kind == "card_played") for o, held in holding.items()})
        elif kind == "drew" and actor in holding:
            self.hands.drew(actor, board["unseen"])

    def judge_sign(self, board: Mapping[str, Any], actor: int, colour: str, spared: bool) -> None:
        c = COLOURS.index(colour)
        row = self.signs.setdefault(actor, [0.0] * len(HYPOTHESES))
        for h, w in enumerate(self.weights(board, actor)):
            own = HYPOTHESES[h][0]
            if own == c:
                rule = 1.0 if spared else 0.0
            else:
                spares = w[c] <= 0
                rule = (1.0 - SIGN_SLIP) if spares == spared else SIGN_SLIP
            row[h] += math.log((1.0 - self.slip) * rule + self.slip * 0.5)
        self.judged[actor] = self.judged.get(actor, 0) + 1
        self.uniform[actor] = self.uniform.get(actor, 0.0) - math.log(2.0)

    def judge_revelation(self, board: Mapping[str, Any], actor: int, colour: str) -> None:
        """The easy rule reveals one of the colours it may (not its own, not yet face up) that is not a decoy,
        unless all are (``WHIM`` of the time any of them)."""
        c = COLOURS.index(colour)
        shown = set(board["seats"][actor]["revealed"])
        row = self.revealed.setdefault(actor, [0.0] * len(HYPOTHESES))
        count = len(COLOURS) - 1 - len(shown)
        for h, (own, pair) in enumerate(HYPOTHESES):
            options = [x for x in range(len(COLOURS)) if x != own and COLOURS[x] not in shown]
            if own == c or c not in options:
                rule = 1.0 / max(1, len(options))  # not this hypothesis' concern: the belief rules it out
            else:
                kept = [x for x in options if x not in pair] or options
                rule = WHIM / len(options) + (1.0 - WHIM) * (1.0 / len(kept) if c in kept else 0.0)
            row[h] += math.log((1.0 - self.slip) * rule + self.slip / max(1, len(options)))
        self.judged[actor] = self.judged.get(actor, 0) + 1
        self.uniform[actor] = self.uniform.get(actor, 0.0) - math.log(max(1, count))

    # --- per colour ---------------------------------------------------------------------------
    def hypotheses(self, opponent: int, signs: bool = True, cards: bool = True) -> list[float]:
        """Per hypothesis (``HYPOTHESES``), log P(the opponent's judged choices | it) (``cards``: the cards it
        played among them, if judged)."""
        moves = self.moves.get(opponent, [0.0] * len(HYPOTHESES))
        if opponent in self.revealed:
            moves = [a + b for a, b in zip(moves, self.revealed[opponent], strict=True)]
        if cards and opponent in self.carded:
            moves = [a + b for a, b in zip(moves, self.carded[opponent], strict=True)]
        if not signs:
            return list(moves)
        signed = self.signs.get(opponent, [0.0] * len(HYPOTHESES))
        return [a + b for a, b in zip(moves, signed, strict=True)]

    def fit(self, opponent: int) -> float:
        """How far the easy rule leaves the opponent's choices unexplained: the best hypothesis' log-likelihood as
        a share of choosing uniformly at random (0: every choice as the rule would make it; about 0.15–0.2 for an
        easy bot, more for a player who follows another rule; 1 before any judged choice). The cards played are
        not counted: what a uniform choice of them would be depends on the hand, which nobody saw."""
        uniform = self.uniform.get(opponent, 0.0)
        if uniform >= 0.0:
            return 1.0
        return max(self.hypotheses(opponent, cards=False)) / uniform

    def decoys(self, opponent: int) -> list[float]:
        """Per colour (``COLOURS`` order), the chance that it is one of the opponent's decoys: every (own colour,
        decoys) it could hold, weighed by how well it explains its choices."""
        logs = self.hypotheses(opponent)
        top = max(logs)
        odds = [math.exp(v - top) for v in logs]
        total = sum(odds)
        row = [0.0] * len(COLOURS)
        for (_, pair), p in zip(HYPOTHESES, odds, strict=True):
            for c in pair:
                row[c] += p / total
        return row

    def drawn(self, identity: Sequence[int], rng: random.Random) -> dict[int, int]:
        """Per opponent, a hypothesis (``HYPOTHESES`` index) for its colour in ``identity`` (a sampled world's), its
        two decoys drawn by how well each pair explains its choices."""
        found: dict[int, int] = {}
        for opponent in range(self.players):
            if opponent == self.seat:
                continue
            own = identity[opponent]
            logs = self.hypotheses(opponent)
            picks = [h for h, (o, _) in enumerate(HYPOTHESES) if o == own]
            top = max(logs[h] for h in picks)
            found[opponent] = rng.choices(picks, weights=[math.exp(logs[h] - top) for h in picks])[0]
        return found

    def drawn_weights(self, identity: Sequence[int], rng: random.Random) -> dict[int, list[float]]:
        """Per opponent, the easy rule's colour weights (``COLOURS`` order) on the board now for its colour in
        ``identity`` (a sampled world's), its two decoys drawn by how well each pair explains its choices."""
        if self.board is None:
            return {}
        return self.weights_of(self.drawn(identity, rng))

    def weights_of(self, chosen: Mapping[int, int]) -> dict[int, list[float]]:
        """Per opponent, the easy rule's colour weights on the board now under its hypothesis in ``chosen``."""
        board = self.board
        if board is None:
            return {}
        return {opponent: self.weights(board, opponent)[h] for opponent, h in chosen.items()}

    def deal_hands(self, world: RoseState, chosen: Mapping[int, int], rng: random.Random) -> None:
        """Deal the opponents' hands of a sampled ``world`` again, each by what its hand may hold under its
        hypothesis in ``chosen`` (with ``cards``; ``hands.Hands``), and the rest of their cards to the draw pile."""
        if not self.cards:
            return
        ed = world.ed
        opponents = [o for o in range(world.n) if o != self.seat]
        free = sorted({c for o in opponents for c in world.hands[o]} | set(world.draw))
        for opponent in opponents:
            rows = self.hands.chances.get(opponent)
            row = rows[chosen[opponent]] if rows is not None and opponent in chosen else {}
            held = []
            for _ in range(len(world.hands[opponent])):
                pick = rng.choices(free, weights=[row.get(ed.card_ids[c], 0.0) + HAND_FLOOR for c in free])[0]
                held.append(pick)
                free.remove(pick)
            world.hands[opponent] = held
        rng.shuffle(free)
        world.draw = free

    def colours(self, opponent: int, signs: bool = True) -> list[float]:
        """Per colour (``COLOURS`` order), log P(its judged choices | it is that colour): the mean over the
        decoy pairs it could protect."""
        total = self.hypotheses(opponent, signs)
        row = []
        for own in range(len(COLOURS)):
            logs = [v for (o, _), v in zip(HYPOTHESES, total, strict=True) if o == own]
            top = max(logs)
            row.append(top + math.log(sum(math.exp(v - top) for v in logs) / len(logs)))
        top = max(row)
        return [v - top for v in row]


__all__ = ["HYPOTHESES", "EasyModel", "board_of", "update_board"]
