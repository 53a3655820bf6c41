"""The hard Rose bot with a look-ahead: exact one-turn values, corrected by the opponents' answers.

``HardBot`` values each card of its turn exactly (leader weights, day lock, readers' model) but cannot
see what the others do next. ``LookaheadBot`` keeps those exact values and adds, for the best few
cards, the expected change the opponents' next turns bring to its own weighted clue:

- worlds come from its view (``world_from_view``) with the opponents' identities drawn from the belief
  (``BelievedWorlds``: likely identities more often, never a uniform guess), the same worlds for every
  card (common random numbers: the cards differ by the card, not by the luck of the draw);
- in each world the card is played, the rest of its own turn follows the greedy rule with its own
  leader weights, then every seat plays the fast greedy policy (``world_policy``, its own monk down,
  the others up; with ``rule_worlds`` the opponents' weights are the easy rule's) until its next turn or
  the end of the day;
- the correction is the change of ``sum(weight × (clue + clue coming from today's suspicion))`` from
  the end of its own turn to that horizon, averaged over the worlds; the exact value already counts
  its own move, so only what the others do to it is added.

The budget is a count (cards × worlds), never the clock, so a ladder replays the same games per seed.

**The hard level at four players** (``hard_bot``, since 2026-12-04). The first form, with every opponent playing the
fast greedy policy's ±1 weights, was not stronger than the exact values alone. With ``rule_worlds`` every opponent
of a look-ahead plays by the easy rule instead (its own monk in the world −1, two decoys drawn by ``EasyModel``'s
likelihood of its choices, the rest the chance another player holds it), and with ``answer_day_end`` a card that
ends the day is credited the mean answer of the cards that do not (the others answer it the next day; without it,
ending the day looked safe and the bot took 0.7 more event tiles a game). Against three easy bots, paired with
``HardBot`` on the same games, 4 cards × 32 worlds won +1.9 and +2.9 points on 800 fresh games each with the rule
alone, +4.9 on 800 more with both, and +0.0 on seed 2026's 400 (docs/bots.md, "Hard looks ahead at four players").
Since 2026-12-05's second session it looks ahead at three players too, with the opponents' cards judged (+4.88 and
+5.42 points against two easy bots on two sets of 400 paired games); at five players the same lost 2.00 points on 400,
so there ``hard`` is ``HardBot`` (docs/bots.md, "Hard looks ahead at three players").

**To the day's end** (``horizon`` ``"day"``, the hard level's since 2026-12-04's second session). A look-ahead plays
on past its own next card, its own turns by the greedy rule with its leader weights, until the day ends: the day's
conversion is where the others' answers count, and a look-ahead that stops at its next card sees half of them. With
it the hard level also counts the monks the easy seats shelter (``HardBot.shelter``) and what its revelations do to
their pushes (``HardBot.reveal_shift``); figures in docs/bots.md, "To the day's end".

**The cards the opponents play, and the hands they keep** (``HardBot.policy_cards`` and ``policy_hands``, the hard
level's at four players since 2026-12-05). The easy rule plays the best card of its hand and keeps the others, so each
card an opponent plays is judged against what its hand may hold under each hypothesis (``hands.Hands``), and each
believed world deals the opponents those hands instead of any unseen cards: the easy seats' next plays in a world are
the ones their hands allow (docs/bots.md, "The cards the opponents play, and the hands they keep").

**The move looked ahead too** (``moves``, screened 2026-12-04's third session, not registered). Once the card is
played, where its monk goes (``destination``) or which monk goes to its building (``pawn``) can be chosen the same way
as the card: the best few by exact value (``HardBot.move_value``), each played on in the same believed worlds and
credited the others' answer. It lowered the final clue on every set but won no games: +0.2 points over 1600 games
(docs/bots.md, "The move looked ahead too").

**Each way of a card** (``ways``, screened 2026-12-04's fourth session, not registered). A card that reaches the day's
end can end it or, with time tiles, keep it going; with the switch each way is an option of its own in the look-ahead,
its time tiles there kept or spent as it says. The ways rarely part: +0.3 points over 800 games, 14 of them different
(docs/bots.md, "Each way of a card looked ahead, four times the worlds, and the hard level told the truth").

**To the game's end** (``horizon`` ``"game"``, screened 2026-12-04's fifth session, not registered). A look-ahead plays
on through every day and revelation to the last day's end, and is judged by its winning chance in the world
(``win_chance``: a soft minimum of every seat's clue there, the final guesses not counted) from the end of its own turn
to that end, ``win_scale`` clue per unit of chance. It won no games: −0.75 points over 400 (docs/bots.md, "To the
game's end, judged by the winning chance").
"""

from __future__ import annotations

import math
import random
from typing import Any, NamedTuple

from ludus.engine import Choice, Decision

from . import events as ev
from .components import COLOURS
from .hard import HardBot
from .state import RoseState
from .strong import BelievedWorlds, world_policy
from .tracks import conversion_awards

CANDIDATES = 4
"""Cards looked ahead (the best by exact value); the others keep their exact value."""
WORLDS = 24
"""Believed worlds per card."""
SHARE = 1.0
"""How much of the opponents' expected effect is added to the exact value."""
STEP_LIMIT = 160
"""Decisions played at most in one look-ahead of a day (a safety net; a day ends well before)."""
GAME_HEAT = 4.0
"""With ``horizon`` ``"game"``: the soft minimum's temperature of a world's final clue (the guesses still to come)."""
WIN_SCALE = 20.0
"""With ``horizon`` ``"game"``: clue per unit of winning chance (near a four-way tie one clue is about 1/20 of it)."""


def win_chance(s: RoseState, seat: int, heat: float = GAME_HEAT) -> float:
    """The seat's chance to end lowest in a world, a soft minimum of every seat's clue there (its own colour's clue,
    today's coming conversion and its event tiles), the final guesses not counted."""
    conv = (conversion_awards(s.suspicion, s.ed.conversion, 2 if s.today == ev.CAUGHT else 1)
            if s.phase == "turn" else [0] * len(COLOURS))
    tile = s.ed.event_tile_clue
    final = [s.clue[c] + conv[c] + tile * len(s.event_tiles[who]) for who, c in enumerate(s.identity)]
    low = min(final)
    chance = [math.exp((low - f) / heat) for f in final]
    return chance[seat] / sum(chance)


def weighted(s: RoseState, w: list[float], seat: int) -> float:
    """The seat's weighted clue in a world: clue + today's coming conversion (+ event tiles for itself)."""
    conv = (conversion_awards(s.suspicion, s.ed.conversion, 2 if s.today == ev.CAUGHT else 1)
            if s.phase == "turn" else [0] * len(COLOURS))
    own = -s.ed.event_tile_clue * len(s.event_tiles[seat])
    return own + sum(w[c] * (s.clue[c] + conv[c]) for c in range(len(COLOURS)) if w[c])


class Way(NamedTuple):
    """A card and whether playing it ends the day (``None``: as its time tiles are spent by the greedy rule)."""

    card: Choice
    ends: bool | None


class LookaheadBot(HardBot):
    """``HardBot`` whose card choice adds the opponents' expected answer, from believed worlds."""

    def __init__(self, seat: int, seed: int | None = None, candidates: int = CANDIDATES,
                 worlds: int = WORLDS, share: float = SHARE, rule_worlds: bool = False,
                 players: tuple[int, ...] | None = None, answer_day_end: bool = False, horizon: str = "turn") -> None:
        super().__init__(seat, seed)
        self.candidates = candidates
        self.world_count = worlds
        self.share = share
        self.rule_worlds = rule_worlds  # the opponents of a look-ahead by the easy rule (``opponent_weights``)
        self.answer_day_end = answer_day_end
        """Credit a card that ends the day, in each world, with the mean answer of the cards that do not: the others
        still answer it, the next day (off: it is answered by nothing, so ending the day looks safer than it is)."""
        self.horizon = horizon
        """How far a look-ahead plays: to its next card (``"turn"``) or on, its own turns by the greedy rule with its
        leader weights, to the end of the day (``"day"``) or of the last day (``"game"``: judged by its chance to
        end lowest in the world, ``win_chance``, from the end of its own turn to the last day's end, times
        ``win_scale``)."""
        self.game_heat = GAME_HEAT
        self.win_scale = WIN_SCALE
        self.players = players
        """The player counts at which it looks ahead (``None``: every count); at the others it is ``HardBot``."""
        self.moves = False
        """Also look ahead at the move: where the card's monk goes (``destination``) and which monk goes to the card's
        building (``pawn``), its best few by exact value, the same way as the cards (off: the exact value alone)."""
        self.ways = False
        """Look ahead at each way of playing a card, ending the day or keeping it going with time tiles, as an option
        of its own, its own time tiles in the look-ahead spent as that way says (off: each card's best way by exact
        value, its time tiles in the look-ahead by the greedy rule, which keeps the day going when the tiles can)."""
        self.looked = 0
        """Look-aheads played so far (cards × worlds per searched card decision; for benchmarks)."""

    def _choose_card(self, view: dict[str, Any], decision: Decision) -> Choice:
        if self.ways:
            ways = self.way_scores(view, decision)
            way = self.looked_best(view, {Way(card, ends): score for (card, ends), score in ways.items()})
            if way is None:
                return decision.options[0]
            self.ends_day = way.ends
            return way.card
        scores = self.card_scores(view, decision)
        best = self.looked_best(view, {card: score for card, (score, _) in scores.items()})
        if best is None:
            return decision.options[0]
        self.ends_day = scores[best][1]
        return best

    def _choose_destination(self, view: dict[str, Any], decision: Decision) -> Choice:
        pawn = self.moving_pawn(view, decision)
        if self.moves and pawn is not None:
            gains = self.move_gains(view, [pawn], [o for o in decision.options if o != "none"], self.weights(view))
            best = self.looked_best(view, {building: gain for (_, building), gain in gains.items()})
            if best is not None:
                return best
        return super()._choose_destination(view, decision)

    def _choose_pawn(self, view: dict[str, Any], decision: Decision) -> Choice:
        building = self.card_building(view, decision)
        if self.moves and building is not None:
            gains = self.move_gains(view, [o for o in decision.options if o != "none"], [building], self.weights(view))
            best = self.looked_best(view, {pawn: gain for (pawn, _), gain in gains.items()})
            if best is not None:
                return best
        return super()._choose_pawn(view, decision)

    def looked_best(self, view: dict[str, Any], scores: dict[Choice, float]) -> Choice | None:
        """The option of the best exact value plus the others' answer, over the best few by exact value (``None`` if
        there is nothing to choose; the others' answer only where it looks ahead and there are two or more)."""
        ranked = sorted(scores, key=lambda o: -scores[o])[:self.candidates]
        if not ranked:
            return None
        final = {option: scores[option] for option in ranked}
        looks = self.players is None or view["players"] in self.players
        if len(ranked) > 1 and self.world_count > 0 and looks:
            effect = self.answers(view, ranked)
            for option in ranked:
                final[option] += self.share * effect[option]
        return max(ranked, key=lambda o: final[o])

    def answers(self, view: dict[str, Any], cards: list[Choice]) -> dict[Choice, float]:
        """Per card: the mean change of its weighted clue between the end of its own turn and its
        next turn (or the day's end), over believed worlds."""
        belief = self.catch_up(view)
        game = BelievedWorlds(belief, self.seat)
        named = self.weights(view)
        w = [named[c] for c in COLOURS]
        me = self.seat
        effect = dict.fromkeys(cards, 0.0)
        self.looked += len(cards) * self.world_count
        for _ in range(self.world_count):
            world = game.world_from_view(view, me, self.rng)
            others = self.opponent_weights(world)
            seed = self.rng.getrandbits(32)
            answered: dict[Choice, float | None] = {}
            for card in cards:
                state = world.clone()
                rng = random.Random(seed)
                way = card if isinstance(card, Way) else Way(card, None)
                game.game.apply(state, me, way.card)
                after = self.play_out(game, state, w, rng, own_turn=True, others=others, ends=way.ends)
                if self.horizon == "game":
                    before = win_chance(state, me, self.game_heat)
                    self.play_out(game, state, w, rng, own_turn=False, others=others)
                    answered[card] = self.win_scale * (win_chance(state, me, self.game_heat) - before)
                    continue
                if after is None:
                    answered[card] = None
                    continue
                self.play_out(game, state, w, rng, own_turn=False, others=others)
                answered[card] = weighted(state, w, me) - after
            known = [change for change in answered.values() if change is not None]
            # a card that ends the day is answered the next day instead: by the mean of the others' answers
            ended = sum(known) / len(known) if self.answer_day_end and known else 0.0
            for card, change in answered.items():
                effect[card] += ended if change is None else change
        return {card: total / self.world_count for card, total in effect.items()}

    def play_out(self, game: BelievedWorlds, state: RoseState, w: list[float], rng: random.Random,
                 own_turn: bool, others: dict[int, list[float]] | None = None,
                 ends: bool | None = None) -> float | None:
        """Play on: to the end of its own turn (``own_turn``; returns its weighted clue there), or
        until its next card or the end of the day. ``None`` if the day or game ended in its turn. ``ends``: its
        own time tiles this turn are kept (``True``: the day ends) or go by the greedy rule (``False``, ``None``)."""
        me = self.seat
        day = state.day
        whole = not own_turn and self.horizon == "game"
        for _ in range(STEP_LIMIT * (state.ed.days if whole else 1)):
            if state.phase in ("guess", "over") or (not whole and (state.phase != "turn" or state.day != day)):
                break
            found = game.game.decisions(state)
            if not found:
                break
            decision = min(found, key=lambda d: d.seat)
            if own_turn and state.active != me:
                break
            if not own_turn and decision.kind == "card" and decision.seat == me and self.horizon == "turn":
                break
            if ends and decision.seat == me and decision.kind == "time_tile" and "done" in decision.options:
                game.game.apply(state, me, "done")
                continue
            mine = w if decision.seat == me else (others or {}).get(decision.seat)
            game.game.apply(state, decision.seat, world_policy(game.game, state, decision, rng, mine))
        if own_turn:
            if state.phase != "turn" or state.day != day:
                return None
            return weighted(state, w, me)
        return math.nan


HARD_WORLDS = 32
"""The hard level's believed worlds per card (4 cards × 32 worlds: 128 look-aheads of a day a card decision)."""
HARD_PLAYERS = (3, 4)
"""The player counts at which the hard level looks ahead and judges the opponents' cards; at five it is ``HardBot``
with the hard level's ``shelter`` and ``reveal_shift``. Three players since 2026-12-05's second session: +4.88 points
against two easy bots on 400 fresh paired games and +5.42 on seed 2026's 400; at five players the same was −2.00 on
400 (docs/bots.md, "Hard looks ahead at three players")."""
HARD_READERS_PLAYERS = (4,)
"""The player counts at which the hard level models the readers' final guesses by the easy rule, in the order the
guesses are placed (``HardBot.easy_readers``, ``reader_order``; since 2026-12-05's second session: +2.12 points
against three easy bots on 400 fresh paired games and +1.75 on seed 2026's 400, named 1.2 and 0.8 clue less a game;
docs/bots.md, "Hard looks ahead at three players, and the order of the final guesses")."""
HARD_HORIZON = "day"
"""How far the hard level's look-ahead plays: to the day's end (since 2026-12-04's second session: +4.1 points against
three easy bots on 800 fresh games paired with the look-ahead to its next card, docs/bots.md)."""
HARD_SHELTER = 32.0
"""The hard level's ``HardBot.shelter`` (the class's default stays off, so ``HardBot`` replays older screens)."""
HARD_REVEAL_SHIFT = 3.0
"""The hard level's ``HardBot.reveal_shift`` (the class's default stays off)."""


def lookahead_bot(game: Any, seat: int, seed: int | None) -> LookaheadBot:
    """The look-ahead with the fast greedy policy's opponents (the first candidate; not a level)."""
    return LookaheadBot(seat, seed)


def hard_bot(game: Any, seat: int, seed: int | None) -> LookaheadBot:
    """The "hard" level: ``HardBot`` that sees the monks the easy seats shelter and what its revelations do to their
    pushes, and at three and four players looks ahead over the rest of the day, its best cards played on in believed
    worlds where every opponent plays by the easy rule; there it also judges the cards the opponents play and deals
    each world's opponents the hands those plays make likely (``HardBot.policy_cards``, ``policy_hands``)."""
    bot = LookaheadBot(seat, seed, candidates=CANDIDATES, worlds=HARD_WORLDS, rule_worlds=True,
                       players=HARD_PLAYERS, answer_day_end=True, horizon=HARD_HORIZON)
    bot.shelter = HARD_SHELTER
    bot.reveal_shift = HARD_REVEAL_SHIFT
    bot.policy_cards = bot.policy_hands = True
    bot.cards_players = HARD_PLAYERS
    bot.easy_readers = bot.reader_order = True
    bot.readers_players = HARD_READERS_PLAYERS
    return bot


__all__ = [
    "HARD_HORIZON", "HARD_PLAYERS", "HARD_READERS_PLAYERS", "HARD_REVEAL_SHIFT", "HARD_SHELTER", "HARD_WORLDS",
    "LookaheadBot", "Way", "hard_bot", "lookahead_bot", "weighted", "win_chance",
]
