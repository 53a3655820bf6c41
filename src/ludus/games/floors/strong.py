"""The medium and hard Fearsome Floors bots: whole-move search with the rest of the round looked ahead.

A bot decides a whole move when it is asked which figure to move, and replays the planned steps for the
``step`` decisions that follow. To plan, it builds a world from its seat's view (only the deck order is
hidden, and the search reads only the deck's contents), lists every distinct end result of every movable
figure (``movement.move_results``) and judges them in three passes:

1. **Progress cut.** Each figure's staying put, and the ``keep`` moves that bring their figure nearest
   the exit, go on.
2. **Greedy pass.** Each of those is scored as if the monster came right after it: every tile that may
   still come is run exactly on a cloned world and weighed by its probability.
3. **Round look-ahead.** The ``shortlist`` best are played on: the next ``replies`` moves of the round
   (opponents' and the bot's own later figures) are made by the greedy rule (hard: the opponents' by the
   easy level's own rule, ``Budget.opponents``), and then the monster is weighed again. The move whose
   round ends best is chosen. With two players hard judges a world the rules have already settled as won or
   lost (``Budget.duel``, ``search.Race.decided``, ``search.fate``), and in stage 2's last six tiles plays its
   best four moves on to the game's end over eight orders of the tiles left (``Budget.endgame``, ``play_out``;
   ``Endgame.within`` also calls the play-outs, in either stage, once some seat is that few figures short of winning).
   With five players, where two of a seat's three figures out win, hard and medium add up a seat's figures
   for that race: the third figure a spare, the slower of the first two counting more (``Budget.five``).

The registered levels think by fixed counts (moves kept, moves looked at, replies), never by the clock,
so a line-up replays from its seed on any machine or backend (a ladder on a process pool or on Ray). A
think-time cap (``Budget.seconds``, CPU time of the thinking thread) remains for experiments: the round
look-ahead then stops before a look that would likely end past it (judged by the slowest look so far)
and the best move looked at so far is played (the moves are looked at in the greedy pass's order).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, replace
from functools import partial
from itertools import permutations
from math import factorial, prod

from ludus.engine import Game

from .bots import GreedyBot, _Planner, greedy_pick
from .game import GAME, FloorsGame
from .search import PLAIN, Move, Race, ReplyPolicy, after, candidates, greedy_reply, round_value, score_now
from .state import FloorsState


@dataclass(frozen=True)
class Endgame:
    """Stage 2's end looked ahead by playing the game out: once at most ``tiles`` monster tiles are left, the
    ``moves`` best moves of the round look-ahead are each played on to the game's end ``orders`` times,
    once for each of the same orders of the tiles left (every distinct order when there are no more than
    ``orders``), every seat moved by the look-ahead's own policy; the move that wins most often is played
    (ties: the round look-ahead's order)."""

    tiles: int
    moves: int
    orders: int
    own: int = 0
    """The bot's own moves in the play-outs: 0 by the greedy rule (the round look-ahead's policy), k > 0 the
    best of the greedy pass's k best judged with the rest of the round looked ahead (``round_reply``)."""
    within: int = 0
    """Also play out, in either stage, once some seat is at most ``within`` figures short of ``needed`` (0: by
    the tiles left alone). With four or five players most games are won by a seat's last figure out long
    before stage 2's last tiles: ``within=1`` plays out the race once a seat is one figure from winning."""
    place: float = 0.0
    """Credit for the figures out in a lost play-out (0: only wins count). A play-out the seat loses is worth
    ``place`` × its figures out / ``needed`` / the number of orders, one that it wins its share of the win as
    before, and the move with the most in all is played. The seat has fewer than ``needed`` figures out in a
    lost game, so with ``place`` <= 1 all the losses of a move together are worth less than one more play-out
    won outright: the credit breaks ties between moves that win equally often (above all, moves that win none)
    for the one that gets the most figures out, as the ladder ranks the losers of a game (it may outweigh the
    part of a shared win, 1/2 or 1/3 of a play-out)."""

    def due(self, world: FloorsState) -> bool:
        """Whether the play-outs judge this move: stage 2's last ``tiles``, or a seat ``within`` of winning."""
        if world.stage == 2 and len(world.deck) <= self.tiles:
            return True
        return self.within > 0 and max(world.out) >= world.needed - self.within


@dataclass(frozen=True)
class Budget:
    """How hard a level thinks about one move."""

    keep: int
    """Moves kept by the progress cut (besides every figure's staying put)."""
    shortlist: int
    """Moves of the greedy pass looked at with the rest of the round."""
    replies: int
    """Further moves of the round simulated before the monster is weighed."""
    reply_keep: int
    """The progress cut for the simulated replies."""
    seconds: float | None
    """Cap on the CPU seconds of one decision (None: no cap, fully reproducible)."""
    opponents: str = "greedy"
    """How the look-ahead moves the other seats' figures: "greedy" (the bot's own judgement, monster right
    after), "easy" (the easy level's rule with its 8 furthest moves judged, ``easy_reply``) or "easy-here" (the
    rule as easy plays it at this table: ``GreedyBot.shortlist_at``); the bot's own later figures always by
    "greedy"."""
    race: Race = PLAIN
    """How the bot adds up a seat's figures (``search.Race``: every figure alike, or weighted for the race to
    ``needed`` figures out)."""
    duel: Budget | None = None
    """The budget used instead in a two-player game (None: this one), where one opponent's every figure is
    the race."""
    four: Budget | None = None
    """The budget used instead in a four-player game (None: this one)."""
    five: Budget | None = None
    """The budget used instead in a five-player game (None: this one), where a seat has three figures and the
    first to get two of them out wins."""
    endgame: Endgame | None = None
    """Play the best moves on to the end of the game in stage 2 (``Endgame``; None: never)."""
    forward: int = 0
    """Moves looked at with the round besides the shortlist: the ``forward`` moves the greedy pass left out that
    bring their figure nearest the exit (0: the shortlist alone)."""

    def at(self, players: int) -> Budget:
        """The budget for a game of ``players``."""
        chosen = {2: self.duel, 4: self.four, 5: self.five}.get(players)
        return self if chosen is None else chosen


# hard looks ahead to the end of the round (at most 19 further moves, 5 players), its own later figures moved
# by the greedy rule with its own judgement and the other seats' by the easy level's own rule, so the monster
# is weighed where the round leaves it. Against easy bots that is what they play: it won 87.3% of 400
# two-player games and beat the greedy model on the same four-player games (docs/bots.md, "Floors hard at four
# players: where it lost, and the easy opponent model")
_HARD = Budget(keep=40, shortlist=12, replies=19, reply_keep=8, seconds=None, opponents="easy")
_MEDIUM = Budget(keep=16, shortlist=3, replies=15, reply_keep=5, seconds=None, opponents="easy")

LEVEL_BUDGETS: dict[str, Budget] = {
    # medium, like hard, plays its best moves on to the end of the round, the other seats by the easy level's
    # rule, but only its 3 best. With 3-5 players it weighed the monster 2 moves after its own, a dozen moves
    # before the monster really comes, and fell below easy in the ladder's mixed tables (it won 8 of 45
    # four-player games against three easy bots; its 3 best to the end of the round, 24). With two players:
    # its 5 best and the next 2 moves, already between easy and hard there (docs/bots.md, "Floors levels in
    # the ladder's mixed tables")
    # four and five players: its 2 best, not 3; with easy judging only its boldest move there, 3 put medium level
    # with hard and 2 between hard and easy (docs/bots.md, "Floors easy at four and five players: only its
    # boldest move judged")
    # five players: hard's race weights (below), the third figure a spare, the slower of the first two counting
    # more, and the opponents' totals at half weight; it placed better than the plain judgement game for game
    # (docs/bots.md, "Floors medium at five players: the race weights registered")
    "medium": replace(
        _MEDIUM,
        duel=replace(_MEDIUM, shortlist=5, replies=2),
        four=replace(_MEDIUM, shortlist=2),
        five=replace(_MEDIUM, shortlist=2, race=Race(spare=0.3, laggard=0.5, rivals=0.5)),
    ),
    # two players: a seat is left with too few figures far more often, and then the rules have settled the
    # game (``search.fate``); the same look-ahead judges such a world as won or lost, and from 6 tiles before
    # the end plays its 4 best moves on to the game's end over 8 orders of the tiles left (docs/bots.md,
    # "Floors hard with two players: the last tiles played out")
    # two players: before anyone is out, each seat's most advanced figure counts 1.5 times (the first out wins a
    # stalled game): 92.1% [90.1, 93.8] of 800 games against easy (seeds 1 and 2; 93.0% [90.1, 95.1] of the
    # fresh seed 2), +40 -29 game for game (docs/bots.md, "Floors hard with two players: the race to the first out")
    # five players: the first to get two of its three figures out wins, so the third figure counts 0.3 and the
    # slower of the first two 1.5; it beat the plain judgement game for game at the ladder's five-player tables,
    # +144 -96 over 580 games (the last 120, fresh, level), and put hard first in the ladder's five-player block
    # (docs/bots.md, "Floors hard at five players: the race weights registered")
    "hard": replace(
        _HARD,
        duel=replace(_HARD, race=Race(decided=True, front=0.5), endgame=Endgame(tiles=6, moves=4, orders=8, own=3)),
        five=replace(_HARD, race=Race(spare=0.3, laggard=0.5)),
    ),
}


def _after(world: FloorsState, fig: int, steps: list[str]) -> FloorsState:
    return after(world, (fig, steps))


def easy_reply(st: FloorsState, here: bool = False) -> Move | None:
    """The move the seat on turn would make by the easy level's rule (``bots.greedy_pick``, ties to the first).

    Without ``here``: the rule as easy plays it with two and three players, its 8 furthest moves judged, at every
    table; at four and five players easy itself judges only its furthest (``GreedyBot.shortlist_at``), and hard
    and medium were tuned with this model there, which stands for any sensible opponent, not only for easy bots.
    With ``here``: the rule as easy plays it at this table (for hard at four players it gained nothing against
    three easy bots: docs/bots.md, "its opponents modelled as the easy of the table")."""
    seat = st.turn
    if seat < 0 or st.winners is not None:
        return None
    figures = GAME.movable(st, seat)
    if not figures:
        return None
    shortlist = GreedyBot.shortlist_at.get(st.players, GreedyBot.shortlist) if here else GreedyBot.shortlist
    return greedy_pick(st, seat, figures, _after, shortlist=shortlist)


def modelled_reply(seat: int, keep: int, opponents: str, race: Race = PLAIN) -> ReplyPolicy:
    """The look-ahead's policy for everyone on turn: the bot's own figures by the greedy rule with its own
    judgement, the other seats' by ``opponents`` ("greedy" or "easy")."""
    own = partial(greedy_reply, keep=keep, race=race)
    if opponents == "greedy":
        return own
    if opponents not in ("easy", "easy-here"):
        raise ValueError(f"unknown opponent model {opponents!r}")
    here = opponents == "easy-here"

    def reply(st: FloorsState) -> Move | None:
        return own(st) if st.turn == seat else easy_reply(st, here)

    return reply


def round_reply(seat: int, budget: Budget, shortlist: int) -> ReplyPolicy:
    """A play-out policy: ``seat``'s moves as the search picks them with ``shortlist`` moves looked at to the end
    of the round (the rest of the round by the budget's model), the other seats' by the budget's model."""
    model = modelled_reply(seat, budget.reply_keep, budget.opponents, budget.race)

    def reply(st: FloorsState) -> Move | None:
        if st.turn != seat or st.winners is not None:
            return model(st)
        found = candidates(st, seat, GAME.movable(st, seat), budget.keep)
        if isinstance(found, tuple):
            return found
        score_now(found, seat, budget.race)
        found.sort(key=lambda c: -c.score)
        if len(found) == 1:
            return found[0].move
        values = [round_value(c.state, seat, budget.replies, model, budget.race) for c in found[:shortlist]]
        return found[values.index(max(values))].move

    return reply


def tile_orders(deck: list[int], count: int, rng: random.Random) -> list[list[int]]:
    """Orders of the tiles left to play out: every distinct order (each as likely as the next) when there are
    at most ``count`` of them, else ``count`` random orders drawn with ``rng``."""
    distinct = factorial(len(deck)) // prod(factorial(n) for n in Counter(deck).values())
    if distinct <= count:
        return [list(order) for order in sorted(set(permutations(sorted(deck))))]
    orders = []
    for _ in range(count):
        order = sorted(deck)
        rng.shuffle(order)
        orders.append(order)
    return orders


def play_out(st: FloorsState, seat: int, order: list[int], reply: ReplyPolicy, place: float = 0.0) -> float:
    """``seat``'s share of the win when the game is played on from ``st`` to its end with the monster tiles
    coming in ``order`` (the last one first) and every move made by ``reply``: 1 won, 0 lost (or, lost,
    ``place`` × the seat's figures out / ``needed``)."""
    world = st.clone()  # its own deck, tiles played and random generator: the game's own monster phase runs
    world.deck = list(order)
    while world.winners is None:
        if world.turn < 0:
            GAME._end_round(world, None)
            continue
        move = reply(world)
        if move is None:
            raise ValueError(f"seat {world.turn} is on turn without a move")
        world = after(world, move)  # shares this playout's deck: the next monster phase draws from it
    if seat in world.winners:
        return 1.0 / len(world.winners)
    return place * world.out[seat] / world.needed  # 0.0 without ``place``


class SearchBot(_Planner):
    """Whole-move search with a greedy look-ahead over the rest of the round (see the module docstring)."""

    def __init__(self, game: FloorsGame, seat: int, seed: int | None, budget: Budget) -> None:
        super().__init__(game, seat, seed)
        self.budget = budget
        self.last_search: dict[str, float] = {}
        """Figures of the latest plan: moves judged, moves looked at with the round, whether the cap cut it, moves
        played on to the game's end (``Budget.endgame``)."""

    def pick(self, world: FloorsState, figures: list[int]) -> tuple[int, list[str]]:
        budget = self.budget.at(world.players)
        seat = self.seat
        started = time.perf_counter()
        cpu_started = time.thread_time()
        found = candidates(world, seat, figures, budget.keep)
        if isinstance(found, tuple):
            return found  # a winning exit
        score_now(found, seat, budget.race)
        # ``Budget.forward``: the moves in move_results' order (nearest the exit first), before the sort
        by_progress = [c for c in found if c.move[1] != ["done"]] if budget.forward else []
        found.sort(key=lambda c: -c.score)  # stable: equal scores keep the order of move_results
        if budget.forward:
            listed = found[: budget.shortlist]
            shown = {id(c) for c in listed}
            extra = [c for c in by_progress if id(c) not in shown][: budget.forward]
            shown.update(id(c) for c in extra)
            found = listed + extra + [c for c in found[budget.shortlist:] if id(c) not in shown]
        deadline = None if budget.seconds is None else cpu_started + budget.seconds
        reply = modelled_reply(seat, budget.reply_keep, budget.opponents, budget.race)
        best = found[0]
        best_value = None
        looked = 0
        valued: list[tuple[float, int]] = []
        if budget.replies > 0 and len(found) > 1:
            slowest = 0.0
            for candidate in found[: budget.shortlist + budget.forward]:
                # stop before a look that would likely end past the cap (the slowest one so far as a guide)
                if deadline is not None and looked and time.thread_time() + slowest > deadline:
                    break
                began = time.thread_time()
                value = round_value(candidate.state, seat, budget.replies, reply, budget.race)
                slowest = max(slowest, time.thread_time() - began)
                valued.append((value, looked))
                looked += 1
                if best_value is None or value > best_value:
                    best, best_value = candidate, value
        end = budget.endgame
        played_out = 0
        if end is not None and end.due(world) and len(valued) > 1:
            valued.sort(key=lambda item: -item[0])  # stable: equal values keep the greedy pass's order
            # the orders' own generator, seeded by the position: the bot's generator is not drawn from, so
            # the bot plays exactly as without ``endgame`` until the play-outs first choose another move
            orders = tile_orders(world.deck, end.orders, random.Random(f"{world.round}:{sorted(world.deck)}:{seat}"))
            best_wins = -1.0
            policy = reply if end.own == 0 else round_reply(seat, budget, end.own)
            credit = end.place / len(orders)  # a lost play-out's figures out (``Endgame.place``)
            for _, index in valued[: end.moves]:
                wins = sum(play_out(found[index].state, seat, order, policy, credit) for order in orders)
                played_out += 1
                if wins > best_wins:
                    best, best_wins = found[index], wins
        wanted = min(budget.shortlist + budget.forward, len(found)) if budget.replies > 0 and len(found) > 1 else 0
        self.last_search = {"moves": float(len(found)), "looked": float(looked), "capped": float(looked < wanted),
                            "played_out": float(played_out), "seconds": time.perf_counter() - started}
        return best.move


def level_factory(level: str):
    """A factory ``(game, seat, seed) -> bot`` for ``register_bot`` with the level's budget (looked up
    when a bot is made, so a test or benchmark may change ``LEVEL_BUDGETS``)."""

    def make(game: Game, seat: int, seed: int | None = None) -> SearchBot:
        return SearchBot(GAME, seat, seed, LEVEL_BUDGETS[level])

    return make
