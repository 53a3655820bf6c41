"""Bots for The Name of the Rose: the random bot and a greedy one-step heuristic ("easy").

Both see only their seat's view and the decision in front of them. The greedy bot scores every
option by what it does to the two tracks *right now*, seen through a weight per colour: its own
monk (and a few decoy colours it protects to hide which one is its own) should stay low, colours
that probably belong to an opponent should go up. It never looks ahead beyond the current move
and never samples hidden information, which keeps it quick and makes it the "easy" level.

Driver code may call ``observe(events)`` with the events its seat can see; the greedy bot then
remembers who pushed which monk up or down and uses that for its final guesses. Without it the
bot guesses from the revealed colour markers and the clue track alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ludus.ai import RandomBot
from ludus.engine import Choice, Decision, Event, Game

from .components import COLOURS, DEFAULT, Edition, EditionError, load_edition

Tracks = tuple[dict[str, int], dict[str, int]]

TIME_TILE_VALUE = 0.5
"""A time tile, in clue points of the bot's own monk: it can keep the bot from ending a day later."""
EVENT_TILE_COST = 2.0
"""Ending the day hands the active player the event tile: +2 clue to their own monk at the end."""
DECOYS = 2
"""Colours the greedy bot treats almost like its own, so its pushes do not point at one colour."""
DECOY_WEIGHT = -0.35
"""How much the bot wants a decoy's clue down (its own colour: −1)."""
CHOSEN = frozenset({"mysterious", "culprits_heels", "awkward"})
"""Events whose clue or suspicion a player hands out by choice."""
WHIM = 0.12
"""How often the greedy bot picks a sign or a colour at random, to blur its pattern."""


def random_bot(game: Game, seat: int, seed: int | None) -> RandomBot:
    """The "random" level: a uniformly random legal option for every decision."""
    return RandomBot(seed)


def greedy_bot(game: Game, seat: int, seed: int | None) -> GreedyBot:
    """The "easy" level."""
    return GreedyBot(seat, seed)


def conversion(suspicion: Mapping[str, int], factor: int = 1, table: tuple[int, ...] = DEFAULT.conversion
               ) -> dict[str, int]:
    """Clue each monk would get if the day ended now (dense places: ties share, none is skipped)."""
    places = sorted(set(suspicion.values()), reverse=True)
    award = {value: table[min(i, len(table) - 1)] * factor for i, value in enumerate(places)}
    return {colour: award[value] for colour, value in suspicion.items()}


def coming_clue(view: Mapping[str, Any], suspicion: Mapping[str, int]) -> dict[str, int]:
    """The clue today's ``suspicion`` turns into at the end of the day (Caught doubles it; none outside turns)."""
    if view.get("phase") != "turn":
        return dict.fromkeys(suspicion, 0)
    factor = 2 if view.get("event") == "caught" else 1
    return conversion(suspicion, factor, edition_of(view).conversion)


def held_by_another(colour: str, me: str, others: Iterable[Mapping[str, Any]]) -> float:
    """The chance that one of ``others`` (seats of a view) holds ``colour``, for a player of colour ``me``: each
    of them equally likely any colour other than ``me`` that it has not revealed."""
    nobody = 1.0
    for seat in others:
        candidates = [c for c in COLOURS if c != me and c not in seat["revealed"]]
        if colour in candidates:
            nobody *= 1.0 - 1.0 / len(candidates)
    return 1.0 - nobody


def edition_of(view: Mapping[str, Any]) -> Edition:
    """The component values the table plays with (public: the options are in every view)."""
    try:
        return load_edition((view.get("options") or {}).get("edition"))
    except (EditionError, OSError, ValueError):
        return DEFAULT


class GreedyBot:
    """A one-step greedy player that keeps its own monk clean and hides which monk that is."""

    event_tile_cost = EVENT_TILE_COST
    """What ending the day costs it (the event tile's clue at the end)."""
    time_tile_value = TIME_TILE_VALUE
    """What one time tile is worth to it (spent to keep a day going, won by a task tile)."""

    def __init__(self, seat: int, seed: int | None = None, decoys: int = DECOYS, decoy_weight: float = DECOY_WEIGHT,
                 whim: float = WHIM) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.decoy_count = decoys
        self.decoy_weight = decoy_weight
        self.whim = whim
        self.decoys: tuple[str, ...] | None = None
        # pushes[seat][colour]: how much that seat pushed the colour up (+) or spared it (−)
        self.pushes: dict[int, dict[str, float]] = {}
        self.actor: int | None = None

    # --- what the bot believes ----------------------------------------------------------------
    def _decoys(self, me: str) -> tuple[str, ...]:
        if self.decoys is None:
            self.decoys = tuple(self.rng.sample([c for c in COLOURS if c != me], self.decoy_count))
        return self.decoys

    def weights(self, view: Mapping[str, Any]) -> dict[str, float]:
        """How much the bot wants each colour's clue to go up (negative: wants it down)."""
        me = view["you"]["identity"]
        decoys = self._decoys(me)
        opponents = [s for s in view["seats"] if s["seat"] != view["seat"]]
        weights: dict[str, float] = {}
        for colour in COLOURS:
            if colour == me:
                weights[colour] = -1.0
                continue
            weights[colour] = self.decoy_weight if colour in decoys else held_by_another(colour, me, opponents)
        return weights

    def value(self, view: Mapping[str, Any], tracks: Tracks, weights: Mapping[str, float]) -> float:
        """The position's worth to the bot: weighted clue, counting today's suspicion as future clue."""
        suspicion, clue = tracks
        coming = coming_clue(view, suspicion)
        return sum(weights[c] * (clue[c] + coming[c] + 0.02 * suspicion[c]) for c in COLOURS)

    # --- the effect of one move ---------------------------------------------------------------
    def move_value(self, view: Mapping[str, Any], pawn: str, building: str, weights: Mapping[str, float],
                   base: float | None = None) -> float:
        """Gain (over doing nothing) of moving ``pawn`` into ``building``, signs chosen greedily."""
        suspicion = dict(view["suspicion"])
        clue = dict(view["clue"])
        if base is None:
            base = self.value(view, (suspicion, clue), weights)
        event = view.get("event")
        ed = edition_of(view)
        place = view["buildings"][building]
        there = [p for p in place["pawns"] if p != pawn]
        monks = [p for p in there if p in weights]
        bonus = 0.0
        if pawn in weights:  # a monk
            matching = [tile["value"] for tile in place["tiles"] if tile["colour"] == pawn]
            if matching:
                suspicion[pawn] = max(0, suspicion[pawn] - max(matching))
                bonus += self.time_tile_value
            else:
                total = sum(tile["value"] for tile in place["tiles"])
                suspicion[pawn] = min(ed.suspicion_max, suspicion[pawn] + total)
            if event == "dubious":
                clue[pawn] += 1
            elif event == "forbidden" and building == "Bibliotheca":
                clue[pawn] += 2
            elif event == "without_ostentation" and not there:
                clue[pawn] = max(0, clue[pawn] - 1)
            elif event == "inquiring":
                for monk in monks:
                    clue[monk] += 1
            elif event == "mysterious" and "william" in there:
                bonus += 2 * max(0.0, max(weights.values()))
            elif event == "incredulous" and building == "Ecclesia":
                bonus += 0.2 * sum(s["time_tiles"] > 0 for s in view["seats"] if s["seat"] != view["seat"])
        elif pawn == "william":
            amount = ed.william_clue * (2 if event == "tricky" else 1)
            for monk in monks:
                clue[monk] = max(0, clue[monk] + (amount if weights[monk] > 0 else -amount))
            if event == "culprits_heels":
                bonus += 2 * max(0.0, max(weights.values()))
        else:  # Adson
            amount = ed.adson_suspicion * (2 if event == "tricky" else 1)
            for monk in monks:
                step = amount if weights[monk] > 0 else -amount
                suspicion[monk] = min(ed.suspicion_max, max(0, suspicion[monk] + step))
        partner = {"william": "adson", "adson": "william"}.get(pawn)
        if event == "communicative" and partner in there and len(set(suspicion.values())) > 1:
            for colour, amount in conversion(suspicion, 1, ed.conversion).items():  # William met Adson: convert
                clue[colour] += amount
            suspicion = dict.fromkeys(COLOURS, ed.suspicion_start)
        return self.value(view, (suspicion, clue), weights) + bonus - base

    def move_gains(self, view: Mapping[str, Any], pawns: Iterable[str], buildings: Iterable[str],
                   weights: Mapping[str, float]) -> dict[tuple[str, str], float]:
        """Per (pawn, building) it is not in already: the gain of that move, with a small draw to break ties."""
        where = self.where(view)
        base = self.value(view, (dict(view["suspicion"]), dict(view["clue"])), weights)
        return {(pawn, building): self.move_value(view, pawn, building, weights, base) + self.rng.random() * 0.01
                for pawn in pawns for building in buildings if where.get(pawn) != building}

    def best_move(self, view: Mapping[str, Any], pawns: Iterable[str], buildings: Iterable[str],
                  weights: Mapping[str, float]) -> tuple[float, str, str]:
        best = (-1e9, "", "")
        for (pawn, building), gain in self.move_gains(view, pawns, buildings, weights).items():
            if gain > best[0]:
                best = (gain, pawn, building)
        return best

    @staticmethod
    def where(view: Mapping[str, Any]) -> dict[str, str]:
        return {pawn: building for building, place in view["buildings"].items() for pawn in place["pawns"]}

    # --- time -----------------------------------------------------------------------------------
    def spendable_tiles(self, view: Mapping[str, Any]) -> int:
        if view.get("event") == "in_a_hurry":
            return 0
        return sum(not tile.get("fresh") for tile in view["you"]["time_tiles"])

    def time_cost(self, view: Mapping[str, Any], hours: int) -> float:
        """What playing ``hours`` costs: the tiles needed to keep the day going, or the event tile."""
        return self.hours_cost(view, hours, self.spendable_tiles(view))

    def hours_cost(self, view: Mapping[str, Any], hours: int, spendable: int) -> float:
        """``time_cost`` for a player with ``spendable`` time tiles (another seat's, from the public board)."""
        left = edition_of(view).sundial_day - view["sundial"]
        if hours < left:
            return 0.0
        need = hours - left + 1
        if need <= min(hours, spendable):
            return need * self.time_tile_value
        return self.event_tile_cost

    # --- choosing -----------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        options = decision.options
        if len(options) == 1:
            return options[0]
        handler = getattr(self, f"_choose_{decision.kind}", None)
        if handler is None or view.get("you") is None:
            return self.rng.choice(options)
        choice = handler(view, decision)
        return choice if decision.allows(choice) else self.rng.choice(options)

    def card_moves(self, view: Mapping[str, Any], card: Mapping[str, Any]) -> list[tuple[list[str], list[str], int]]:
        """What a card in hand lets the player move: (pawns, buildings, hours) per way of playing it."""
        buildings = list(view["buildings"])
        if card["type"] == "monk":
            return [([card["monk"]], buildings, card["hours"])]
        if card["type"] == "building":
            return [(list(self.where(view)), [card["building"]], card["hours"])]
        ed = edition_of(view)
        return [(["william"], buildings, ed.william_hours), (["adson"], buildings, ed.adson_hours)]

    def card_ways(self, view: Mapping[str, Any], card: Mapping[str, Any], left: int,
                  tiles: int) -> Iterator[tuple[list[str], list[str], int, float, bool]]:
        """Each way to play a card with ``left`` hours of the day and ``tiles`` spendable time tiles: (pawns,
        buildings, the hours the sundial turns, what the time costs, whether the day ends). A card that reaches
        the day's end either ends it (the event tile) or, with enough tiles, keeps it going for their cost."""
        for pawns, places, hours in self.card_moves(view, card):
            ways = [(hours, 0.0, False)] if hours < left else [(hours, self.event_tile_cost, True)]
            need = hours - left + 1
            if hours >= left and need <= min(hours, tiles):
                ways.append((hours - need, need * self.time_tile_value, False))
            for played_hours, cost, ends in ways:
                yield pawns, places, played_hours, cost, ends

    def _choose_card(self, view: dict[str, Any], decision: Decision) -> Choice:
        weights = self.weights(view)
        cards = {card["id"]: card for card in view["you"]["hand"]}
        best, best_score = decision.options[0], -1e9
        for card_id in decision.options:
            card = cards.get(card_id)
            if card is None:
                continue
            score = max(self.best_move(view, pawns, places, weights)[0] - self.time_cost(view, hours)
                        for pawns, places, hours in self.card_moves(view, card))
            score += self.rng.random() * 0.05
            if score > best_score:
                best, best_score = card_id, score
        return best

    def _choose_william_or_adson(self, view: dict[str, Any], decision: Decision) -> Choice:
        weights = self.weights(view)
        buildings = list(view["buildings"])
        ed = edition_of(view)
        william = self.best_move(view, ["william"], buildings, weights)[0] - self.time_cost(view, ed.william_hours)
        adson = self.best_move(view, ["adson"], buildings, weights)[0] - self.time_cost(view, ed.adson_hours)
        return "william" if william > adson else "adson"

    def _choose_time_tile(self, view: dict[str, Any], decision: Decision) -> Choice:
        turn = view.get("turn") or {}
        hours = (turn.get("hours") or 0) - (turn.get("cancelled") or 0)
        tiles = [o for o in decision.options if o != "done"]
        # spend only to keep the day going (and the event tile away), and only if that is enough
        day = edition_of(view).sundial_day
        if tiles and view["sundial"] + hours >= day and view["sundial"] + hours - len(tiles) < day:
            return tiles[0]
        return "done"

    @staticmethod
    def card_building(view: Mapping[str, Any], decision: Decision) -> str | None:
        """The building a ``pawn`` decision moves a monk to (the building card's)."""
        building = (decision.prompt or {}).get("building")
        if building is None:
            card = (view.get("turn") or {}).get("card") or {}
            building = card.get("building")
        return building

    @staticmethod
    def moving_pawn(view: Mapping[str, Any], decision: Decision) -> str | None:
        """The pawn a ``destination`` decision moves."""
        return (decision.prompt or {}).get("pawn") or (view.get("turn") or {}).get("pawn")

    def _choose_pawn(self, view: dict[str, Any], decision: Decision) -> Choice:
        building = self.card_building(view, decision)
        pawns = [o for o in decision.options if o != "none"]
        if building is None or not pawns:
            return self.rng.choice(decision.options)
        _, pawn, _ = self.best_move(view, pawns, [building], self.weights(view))
        return pawn or self.rng.choice(decision.options)

    def _choose_destination(self, view: dict[str, Any], decision: Decision) -> Choice:
        pawn = self.moving_pawn(view, decision)
        buildings = [o for o in decision.options if o != "none"]
        if pawn is None or not buildings:
            return self.rng.choice(decision.options)
        _, _, building = self.best_move(view, [pawn], buildings, self.weights(view))
        return building or self.rng.choice(decision.options)

    def _choose_task_tile(self, view: dict[str, Any], decision: Decision) -> Choice:
        values = {tile["id"]: tile["value"] for place in view["buildings"].values() for tile in place["tiles"]}
        return max(decision.options, key=lambda tile: values.get(tile, 0))

    def _choose_sign(self, view: dict[str, Any], decision: Decision) -> Choice:
        monk = decision.prompt.get("monk")
        weights = self.weights(view)
        if monk != view["you"]["identity"] and self.rng.random() < self.whim:
            return self.rng.choice(decision.options)
        return "+" if weights.get(monk, 0.0) > 0 else "-"

    def _choose_clue_bonus_split(self, view: dict[str, Any], decision: Decision) -> Choice:
        ranked = sorted(self.weights(view).values(), reverse=True)
        if "skip" in decision.options and ranked[0] <= 0:
            return "skip"
        return "one" if 2 * ranked[0] >= ranked[0] + ranked[1] + 0.3 else "two"

    def _pick_colour(self, view: dict[str, Any], options: Iterable[str]) -> Choice:
        options = list(options)
        if self.rng.random() < self.whim:
            candidates = [c for c in options if c != view["you"]["identity"]]
            return self.rng.choice(candidates or options)
        weights = self.weights(view)
        return max(options, key=lambda c: weights.get(c, 0.0) + self.rng.random() * 0.1)

    def _choose_clue_bonus(self, view: dict[str, Any], decision: Decision) -> Choice:
        return self._pick_colour(view, decision.options)

    def _choose_awkward(self, view: dict[str, Any], decision: Decision) -> Choice:
        return self._pick_colour(view, decision.options)

    def _choose_studious(self, view: dict[str, Any], decision: Decision) -> Choice:
        weights = self.weights(view)
        turn = view.get("turn") or {}
        card = turn.get("card") or {}
        buildings = list(view["buildings"])
        if card.get("type") == "monk":
            gain = self.best_move(view, [card["monk"]], buildings, weights)[0]
        elif card.get("type") == "building":
            gain = self.best_move(view, list(self.where(view)), [card["building"]], weights)[0]
        else:
            pawn = turn.get("william_or_adson") or turn.get("pawn") or "william"
            gain = self.best_move(view, [pawn], buildings, weights)[0]
        return "again" if gain > 0 and "again" in decision.options else "skip"

    def _choose_incredulous(self, view: dict[str, Any], decision: Decision) -> Choice:
        return decision.options[0]

    def _choose_revelation(self, view: dict[str, Any], decision: Decision) -> Choice:
        # keep the decoys hidden as long as possible: they are what makes the bot hard to read
        decoys = self._decoys(view["you"]["identity"])
        options = [c for c in decision.options if c not in decoys] or list(decision.options)
        return self._pick_colour(view, options)

    def _choose_guess(self, view: dict[str, Any], decision: Decision) -> Choice:
        target = int(decision.prompt["target"])
        me = view["you"]["identity"]
        seat = next(s for s in view["seats"] if s["seat"] == target)
        guessed = set(view["you"].get("guesses", {}).values())
        candidates = [c for c in decision.options if c != me and c not in seat["revealed"]]
        fresh = [c for c in candidates if c not in guessed]
        candidates = fresh or candidates or list(decision.options)
        pushes = self.pushes.get(target, {})
        clue = view["clue"]
        # a player keeps their own monk's clue low and spares it when pushing others
        return min(candidates, key=lambda c: clue[c] + 2.0 * pushes.get(c, 0.0) + self.rng.random())

    # --- watching the others ------------------------------------------------------------------
    def observe(self, events: Iterable[Event]) -> None:
        """Remember who pushed which monk: a seat that spares a colour may well be that colour.

        Only choices count: signs for William's and Adson's monks, bonus clue, Awkward suspicion,
        and where the player sent a monk (to its task, or into suspicion).
        """
        for event in events:
            data = event.data
            if event.kind == "card_played":
                self.actor = data.get("seat")
                continue
            actor = self.actor
            if actor is None or actor == self.seat:
                continue
            monk = data.get("monk")
            if monk not in COLOURS:
                continue
            row = self.pushes.setdefault(actor, dict.fromkeys(COLOURS, 0.0))
            amount = data.get("amount")
            if event.kind == "task_tile_taken":
                row[monk] -= 0.5
            elif not isinstance(amount, int) or amount == 0:
                continue
            elif event.kind in ("clue", "suspicion") and ("pawn" in data or data.get("event") in CHOSEN):
                row[monk] += (1.0 if event.kind == "clue" else 0.5) * (1 if amount > 0 else -1)
            elif event.kind == "suspicion" and "building" in data:
                row[monk] += 0.3
