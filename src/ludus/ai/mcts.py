"""Information-set Monte Carlo tree search over the game protocol.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 2012). Every iteration samples a *determinization*: a full state consistent with what
the bot's seat knows, built by ``game.world_from_view(view, seat, rng)``. The bot never receives the
true state, so it cannot cheat. One tree is shared by all determinizations; its edges are
``(seat, choice)`` pairs, so a node stands for "this sequence of choices was made", whatever the
hidden cards are.

Choices of other seats live in the same tree (standard SO-ISMCTS): at a node where another seat
decides, that seat picks by UCB over the tree's statistics *from its own perspective* (the value
backed up to an edge is the value for the seat that chose it). This treats opponents as if they
could see the determinization; it is cheap, needs no opponent model, and is the textbook choice.

Selection uses UCB1 with availability counts: a determinization offers only some options (an
opponent's hand differs between worlds), so the exploration term of an edge counts the iterations
in which that edge was *offered*, not the visits of its parent.

Several seats may hold decisions at once (simultaneous reveals). In simulation they are taken
one after another in seat order; the bot's own root decision always goes first. Later seats of such
a step therefore see earlier seats' choices in the tree, a known simplification of SO-ISMCTS.

With an iteration budget the search is deterministic for a given seed: all randomness (worlds,
expansion, rollouts) comes from the bot's own ``random.Random``.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ludus.engine import Choice, Decision, Game, State, clone

RolloutPolicy = Callable[[Game, State, Decision, random.Random], Choice]
"""(game, state, decision, rng) -> one of ``decision.options``, to play out a determinization."""

Evaluation = Callable[[Game, State, int], float]
"""(game, state, seat) -> the value of ``state`` for ``seat`` in [0, 1]."""

EXPLORATION = 0.7
"""UCB exploration constant; Cowling et al. use 0.7 for rewards in [0, 1]."""


def random_rollout(game: Game, state: State, decision: Decision, rng: random.Random) -> Choice:
    """The default rollout policy: uniform over the offered options."""
    return rng.choice(decision.options)


def bot_rollout(factory: Callable[[Game, int, int | None], Any], randomness: float = 0.0) -> RolloutPolicy:
    """A rollout policy that lets a bot (e.g. a game's greedy level) play each seat in the determinization.

    The bot sees only ``game.view(world, seat)``, as everywhere. A fresh bot is made for every step,
    seeded from the search's RNG, so the search stays reproducible and bots share no state between
    searches. With ``randomness`` > 0 that share of steps is played uniformly at random instead, which
    keeps the rollouts from always telling the same story.
    """

    def rollout(game: Game, state: State, decision: Decision, rng: random.Random) -> Choice:
        if randomness and rng.random() < randomness:
            return rng.choice(decision.options)
        bot = factory(game, decision.seat, rng.getrandbits(32))
        return bot.choose(game.view(state, decision.seat), decision)

    return rollout


def outcome_value(game: Game, state: State, seat: int) -> float:
    """1 for a sole win, 1/k for a win shared by k seats, 0 otherwise.

    A state that is not finished (the rollout depth cap was reached) is worth 0.5: unknown. Give the
    bot a game-specific ``evaluate`` when you cap the rollout depth.
    """
    outcome = game.outcome(state)
    if outcome is None:
        return 0.5
    if seat not in outcome.winners:
        return 0.0
    return 1.0 / len(outcome.winners)


ROLLOUT_SAFETY_CAP = 10_000
"""Rollouts "to the end" stop here all the same: random play in a real-time game (or a game with
undo steps) need not end by itself."""

REMEMBERED_VIEWS = 512
"""How many recent views a bot remembers to avoid going round in circles."""


def fingerprint(view: dict[str, Any]) -> str:
    """A view as canonical text, to recognise a view seen before."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=repr)


def choice_key(choice: Choice) -> Hashable:
    """A hashable stand-in for a JSON choice: lists become tuples, dicts sorted item tuples."""
    if isinstance(choice, list | tuple):
        return tuple(choice_key(part) for part in choice)
    if isinstance(choice, dict):
        return tuple(sorted((str(name), choice_key(value)) for name, value in choice.items()))
    return choice


class Node:
    """One edge of the tree and the node it leads to: the seat that chose it and its statistics.

    ``value`` sums the rewards of the seat that made the choice; ``available`` counts the iterations
    in which the choice was offered (the availability count that replaces the parent's visits).
    """

    __slots__ = ("available", "children", "choice", "seat", "value", "visits")

    def __init__(self, seat: int, choice: Choice) -> None:
        self.seat = seat
        self.choice = choice
        self.visits = 0
        self.value = 0.0
        self.available = 0
        self.children: dict[tuple[int, Hashable], Node] = {}

    def ucb(self, exploration: float) -> float:
        return self.value / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


def next_decision(decisions: Sequence[Decision]) -> Decision:
    """The decision simulated next: the lowest seat's first decision (simultaneous ones in seat order)."""
    if len(decisions) == 1:  # the usual case; min() with a key costs more than the rest of the step
        return decisions[0]
    return min(decisions, key=lambda decision: decision.seat)


def matching_decision(decisions: Sequence[Decision], wanted: Decision) -> Decision | None:
    """The decision in a determinization that stands for ``wanted`` (same seat and kind, prompt if possible)."""
    same = [d for d in decisions if d.seat == wanted.seat and d.kind == wanted.kind]
    for decision in same:
        if decision.prompt == wanted.prompt:
            return decision
    return same[0] if same else None


class ISMCTSBot:
    """A bot that searches with single-observer ISMCTS from its seat's view.

    ``iterations`` and ``time_budget`` (seconds) bound the search; with both, whichever runs out
    first stops it (at least one iteration always runs). Only ``iterations`` gives reproducible
    choices. ``rollout_depth`` caps the number of random steps after the tree, after which
    ``evaluate`` judges the reached state. With ``avoid_repeats`` (default) the bot never picks an
    option that leads back to a view it already decided from (no step-and-undo loops); it remembers
    the views of its recent decisions, so use one bot per game or call ``forget()`` between games.
    """

    def __init__(self, game: Game, seat: int, iterations: int | None = 500, time_budget: float | None = None,
                 rollout: RolloutPolicy = random_rollout, evaluate: Evaluation = outcome_value,
                 seed: int | None = None, *, rollout_depth: int | None = None,
                 exploration: float = EXPLORATION, avoid_repeats: bool = True) -> None:
        if iterations is None and time_budget is None:
            raise ValueError("give ISMCTSBot an iteration budget, a time budget, or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.game = game
        self.seat = seat
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout = rollout
        self.evaluate = evaluate
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.avoid_repeats = avoid_repeats
        self.seen: dict[str, None] = {}
        """Fingerprints of the views this bot decided from, oldest first (an ordered set)."""
        self.last_search: dict[str, Any] = {}
        """Figures of the latest search (iterations, seconds, visits per option), for logs and benchmarks."""

    # --- the bot interface ----------------------------------------------------------------
    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        if decision.seat != self.seat:
            raise ValueError(f"this bot plays seat {self.seat}, not seat {decision.seat}")
        options = self.progressing_options(view, decision) if self.avoid_repeats else decision.options
        if len(options) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0, "visits": {}}
            return options[0]
        root = self.search(view, decision, options)
        best: Choice | None = None
        best_rank: tuple[int, float] = (0, 0.0)
        # the most visited option is the robust choice; the mean value breaks ties, then option order
        for option in options:
            child = root.children.get((decision.seat, choice_key(option)))
            if child is None or child.visits == 0:
                continue
            rank = (child.visits, child.value / child.visits)
            if best is None or rank > best_rank:
                best, best_rank = option, rank
        if best is None:  # no determinization offered any of the real options: the game's worlds are off
            return self.rng.choice(options)
        return best

    def progressing_options(self, view: dict[str, Any], decision: Decision) -> tuple[Choice, ...]:
        """The options that do not lead the seat back to a view it has already decided from.

        Games offer step-wise moves with "undo"; a search whose evaluation cannot tell the options
        apart (a capped rollout in a long game) would otherwise happily step and undo forever. A
        repeated view means no progress, so such options are dropped, unless nothing else is left.
        The options are tried once in one sampled world; an option whose result depends on hidden
        information (a draw) practically never repeats a view, so it is kept.
        """
        here = fingerprint(view)
        seen = self.seen
        seen[here] = None
        while len(seen) > REMEMBERED_VIEWS:
            del seen[next(iter(seen))]
        if len(decision.options) == 1:
            return decision.options
        game = self.game
        world = clone(game, game.world_from_view(view, self.seat, self.rng))
        mine = matching_decision(game.decisions(world), decision)
        if mine is None:
            return decision.options
        offered = {choice_key(option) for option in mine.options}
        progressing = []
        for option in decision.options:
            if choice_key(option) in offered:
                after = clone(game, world)
                game.apply(after, decision.seat, option)
                if fingerprint(game.view(after, self.seat)) in seen:
                    continue
            progressing.append(option)
        return tuple(progressing) or decision.options

    def forget(self) -> None:
        """Forget the views decided from (call between games when one bot plays several)."""
        self.seen.clear()

    # --- the search ----------------------------------------------------------------------
    def search(self, view: dict[str, Any], decision: Decision, options: Sequence[Choice] | None = None) -> Node:
        """Run the search for ``decision`` over ``options`` (default: all offered) and return the root;
        its children hold the statistics."""
        root = Node(decision.seat, None)
        allowed = {choice_key(option) for option in (decision.options if options is None else options)}
        started = time.perf_counter()
        deadline = None if self.time_budget is None else started + self.time_budget
        done = 0
        while True:
            self.iterate(root, view, decision, allowed)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_search = {
            "iterations": done, "seconds": time.perf_counter() - started,
            "visits": {repr(child.choice): child.visits for child in root.children.values()},
        }
        return root

    def iterate(self, root: Node, view: dict[str, Any], decision: Decision, allowed: set[Hashable]) -> None:
        """One iteration: determinize, select and expand down the tree, roll out, back up."""
        game, rng = self.game, self.rng
        # a fresh world each time, cloned so that nothing the search does can reach back into the
        # view (a world may share lists with the view it was built from)
        state = clone(game, game.world_from_view(view, self.seat, rng))
        first = matching_decision(game.decisions(state), decision)
        if first is None:
            return
        path: list[Node] = [root]
        node = root
        current: Decision | None = first
        expanded = False
        while current is not None and not expanded:
            options = current.options
            if node is root:
                options = tuple(option for option in options if choice_key(option) in allowed)
                if not options:
                    return
            node, expanded = self.select(node, current.seat, options)
            game.apply(state, node.seat, node.choice)
            path.append(node)
            # a finished game offers no decisions; asking only for decisions saves an outcome() per step
            found = game.decisions(state)
            current = next_decision(found) if found else None
        self.play_out(state)
        self.back_up(path, state)

    def select(self, node: Node, seat: int, options: Sequence[Choice]) -> tuple[Node, bool]:
        """UCB over the offered options (availability counts); an option never tried is expanded first."""
        offered: list[Node] = []
        untried: list[tuple[tuple[int, Hashable], Choice]] = []
        for option in options:
            edge = (seat, choice_key(option))
            child = node.children.get(edge)
            if child is None:
                untried.append((edge, option))
            else:
                offered.append(child)
        for child in offered:
            child.available += 1
        if untried:
            edge, option = untried[self.rng.randrange(len(untried))]
            child = node.children[edge] = Node(seat, option)
            child.available = 1
            return child, True
        exploration = self.exploration
        best = offered[0]
        best_score = best.ucb(exploration)
        for child in offered[1:]:
            score = child.ucb(exploration)
            if score > best_score:
                best, best_score = child, score
        return best, False

    def play_out(self, state: State) -> None:
        """Play on with the rollout policy until no one has a decision (the game is over, or waits on a
        clock in real-time games) or the depth cap is reached; the evaluation then judges the state."""
        game, rng, steps = self.game, self.rng, 0
        depth = ROLLOUT_SAFETY_CAP if self.rollout_depth is None else self.rollout_depth
        while steps < depth:
            found = game.decisions(state)
            if not found:
                return
            current = next_decision(found)
            game.apply(state, current.seat, self.rollout(game, state, current, rng))
            steps += 1

    def back_up(self, path: list[Node], state: State) -> None:
        values: dict[int, float] = {}
        for node in path[1:]:
            if node.seat not in values:
                values[node.seat] = self.evaluate(self.game, state, node.seat)
            node.visits += 1
            node.value += values[node.seat]
        path[0].visits += 1


def ismcts_factory(iterations: int | None = 500, time_budget: float | None = None,
                   **settings: Any) -> Callable[[Game, int, int | None], ISMCTSBot]:
    """A bot factory ``(game, seat, seed) -> ISMCTSBot`` for ``register_bot``, matches and tournaments."""

    def make(game: Game, seat: int, seed: int | None = None) -> ISMCTSBot:
        return ISMCTSBot(game, seat, iterations=iterations, time_budget=time_budget, seed=seed, **settings)

    return make
