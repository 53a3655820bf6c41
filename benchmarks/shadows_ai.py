"""Shadows: Amsterdam AI with partners built differently: seeded co-op rounds, one officer and one detective.

    .venv/bin/python benchmarks/shadows_ai.py              # 300 rounds per line-up (several minutes)
    .venv/bin/python benchmarks/shadows_ai.py --rounds 60  # a quick check

Each round is the first round of a fresh 2-player co-op game (seat 0 officer, seat 1 detective) with
its own seed, played to its end (client reached or the 3rd police token) or to 30 minutes of simulated
time (every give, refresh and move costs a fixed think time, THINK below).

The AI officer (``ai.make_policy("officer")``, the hard level's) plans every give by predicting its
detectives with its own two readings (meaning+look and words) and a literal reading of the element names
(the reading the literal reader below goes by: that line-up measures how well the officer models such a
partner; the others measure partners it does not simulate):
- a literal reader (``association.LiteralReader``): the words of the pictures' element names, nothing else;
- a colour-only reader (``association.ColourReader``): the visible colours, nothing else;
- ludus' detective (``ai.make_policy("detective")``, the hard level's: meaning+look, words and the
  element-name reading), and a random detective (the baseline).
The AI detective is measured with an officer it was not built with: a literal officer, who means the
best space it can reach (nearest the goal, no police) and hands over the face-up card whose element
names share most words with that space's picture (it asks for a new row when no card shares a word).

Printed per line-up: how often the detective landed where the officer meant on 1-card clues (and
2-card clues), each with its 95% Wilson interval and the random baseline (the mean of 1 / number of
reachable spaces over the same clues); police tokens and evidence per round; rounds won.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ludus.ai.stats import wilson_interval
from ludus.engine import Decision
from ludus.games.shadows import ai, board
from ludus.games.shadows.ai import Detective, Officer, Plan, deck_of, goals_on, make_policy
from ludus.games.shadows.association import ColourReader, LiteralReader, name_words
from ludus.games.shadows.game import GAME
from ludus.games.shadows.pictures.percept import percept
from ludus.games.shadows.policies import RandomDetective

THINK = {"give": 8.0, "give_per_card": 4.0, "move": 5.0, "move_per_card": 3.0, "refresh": 4.0}
TIME_CAP = 30 * 60


class LiteralOfficer(Officer):
    """An officer who thinks in name words only (it keeps ``Officer``'s map reading, not its readers)."""

    def best_plan(self, view: dict[str, Any], gives: Any = None) -> Plan | None:
        deck = deck_of(view)
        here = next(iter(view["teams"].values()))["figure"]
        spaces = list(board.steps(here))
        values = self.landing_values(view, spaces)
        row = [card for card in view["face_up"] if card is not None]
        ranked = sorted(range(len(spaces)), key=lambda i: -values[i])
        for i in ranked:
            if values[i] < values.max() - 1.0 or view["map"]["kinds"][spaces[i]] == "police":
                break
            meant = name_words(percept(deck[view["pictures"][spaces[i]]]))
            overlap = {card: len(meant & name_words(percept(deck[card]))) for card in row}
            best = max(overlap.values(), default=0)
            if best > 0:
                card = self.rng.choice(sorted(c for c, n in overlap.items() if n == best))
                return Plan((card,), spaces[i], float(values[i]), 1.0, 0.0)
        return None

    def wants(self, view: dict[str, Any], decision: Decision) -> bool:
        if decision.kind != "refresh":
            return decision.kind == "give"
        moment = (view["round"], len(view["landings"]))
        if "withdraw" in decision.options or self._refreshed_at == moment or next(iter(view["teams"].values()))["hand"]:
            return False
        if self.best_plan(view) is None:
            self._refreshed_at = moment
            return True
        return False

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        plan = self.best_plan(view)
        if plan is None:  # no card shares a word with a good space even after a new row: any one card
            here = next(iter(view["teams"].values()))["figure"]
            values = self.landing_values(view, list(board.steps(here)))
            target = list(board.steps(here))[int(values.argmax())]
            plan = Plan((self.rng.choice([o for o in decision.options if len(o) == 1])[0],), target, 0.0, 0.0, 0.0)
        self.last_plan = plan
        return list(plan.cards)


@dataclass
class Tally:
    rounds: int = 0
    hits: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    clues: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    chance: dict[int, float] = field(default_factory=lambda: {1: 0.0, 2: 0.0})
    evidence: int = 0
    police: int = 0
    won: int = 0
    why: Counter[str] = field(default_factory=Counter)
    """how rounds ended and what each police token followed (``--why``)"""


def clue_kind(view: dict[str, Any], card: str, spaces: list[int], target: int) -> str:
    """How a 1-card clue reads by element names: ``clear`` (the target alone shares most words with the
    card), ``tied`` (the target shares most, with others), ``other`` (another space shares more) or
    ``names-nothing`` (the card shares no word with any space in reach: a card handed over for want of one)."""
    deck = deck_of(view)
    given = name_words(percept(deck[card]))
    overlap = [len(given & name_words(percept(deck[view["pictures"][s]]))) for s in spaces]
    best = max(overlap)
    if best == 0:
        return "names-nothing"
    if target not in spaces or overlap[spaces.index(target)] < best:
        return "other"
    return "clear" if overlap.count(best) == 1 else "tied"


def steps_to_goal(view: dict[str, Any]) -> dict[int, int]:
    """Fewest 1-card moves from every space to a goal of the officer's map (``ai.goals_on``: unmarked
    evidence, or a client with 3 markers out) without landing on police: the literal officer gives 1-card
    clues only, so this is how many clues the rest of the leg needs at best."""
    kinds = view["map"]["kinds"]
    found = {goal: 0 for goal in goals_on(kinds, view)}
    frontier = sorted(found)
    while frontier:
        following = []
        for here in frontier:
            for there in board.steps(here):
                if there not in found and kinds[there] != "police":
                    found[there] = found[here] + 1
                    following.append(there)
        frontier = following
    return found


def route_step(view: dict[str, Any], space: int, plan: Plan | None, kind: str, tally: Tally) -> None:
    """Count one move against the map the officer holds (``--why``): did the space landed on bring the
    figure nearer a goal (``steps_to_goal``), keep it as far, or take it further or onto police; and the
    same for the space the officer meant, so that a slow round can be told apart into the officer's route
    (it meant a space no nearer) and the detective's reading (it landed elsewhere)."""
    far = steps_to_goal(view)
    here = next(iter(view["teams"].values()))["figure"]

    def step(there: int) -> str:
        if view["map"]["kinds"][there] == "police":
            return "onto police"
        gap = far.get(there, 99) - far.get(here, 99)
        return "nearer" if gap < 0 else "as far" if gap == 0 else "further"

    landed = step(space)
    tally.why[f"route: moves landing {landed}"] += 1
    if plan is not None:
        tally.why[f"route: moves where the space meant was {step(plan.target)}"] += 1
        if space != plan.target:
            tally.why[f"route: moves off the space meant after a {kind} clue, landing {landed}"] += 1


class TellingDetective:
    """Not a bot: a detective told the space the officer means (``officer.last_plan``), for a ceiling of what
    reading the literal officer's clues can win. Where it is not told (no plan) it falls back on ``fallback``."""

    def __init__(self, officer: Officer, fallback: Any, unstick: int | None = None, blank_only: bool = False) -> None:
        self.officer = officer
        self.fallback = fallback
        self.unstick = unstick
        """as ``Detective.unstick``: leave the officer's route for a space known safe when it is stuck"""
        self.blank_only = blank_only
        """told only when the card names nothing in reach (``ai.names_nothing``): every other card is read by
        ``fallback``, so the line-up measures what reading those cards right is worth"""

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        cards = decision.prompt.get("cards") or []
        if self.unstick is not None and len(cards) == 1 and len(decision.options) > 1:
            spaces = [int(s) for s in decision.options]
            away = ai.unstick_chances(view, cards[0], spaces, self.unstick)
            if away.max() > 0:
                return spaces[int(away.argmax())]
        plan = self.officer.last_plan
        if self.blank_only and not ai.names_nothing(view, cards, [int(s) for s in decision.options]):
            return self.fallback.choose(view, decision)
        if plan is not None and plan.target in decision.options:
            return plan.target
        return self.fallback.choose(view, decision)


def play_round(seed: int, officer: Officer, detective: Any, tally: Tally, cap: float = TIME_CAP) -> None:
    state = GAME.setup(2, seed, {"coop": "apprentice", "rounds_to_win": 1})
    clock = 0.0
    leg = -1
    while state.phase == "play" and clock < cap:
        found = {d.kind: d for d in GAME.decisions(state)}
        if "move" in found:
            decision = found["move"]
            cards = len(decision.prompt["cards"])
            seen = GAME.view(state, decision.seat)
            space = detective.choose(seen, decision)
            plan = officer.last_plan
            kind = "unplanned"
            if plan is not None and sorted(plan.cards) == sorted(decision.prompt["cards"]):
                tally.clues[cards] += 1
                tally.chance[cards] += 1 / len(decision.options)
                tally.hits[cards] += int(space == plan.target)
                if cards == 1:
                    kind = clue_kind(seen, plan.cards[0], [int(o) for o in decision.options], plan.target)
                    tally.why[f"1-card clue {kind}"] += 1
                    tally.why[f"1-card clue {kind} read right"] += int(space == plan.target)
            clock += THINK["move"] + THINK["move_per_card"] * cards
            tokens = len(state.teams["black"].police)
            if len(state.teams["black"].markers) != leg:  # a new leg: how far its goal is at best
                leg = len(state.teams["black"].markers)
                tally.why["route: fewest 1-card moves to each leg's goal, from where the leg began"] += (
                    steps_to_goal(GAME.view(state, 0)).get(state.teams["black"].figure, 0))
            route_step(GAME.view(state, 0), space, plan, kind, tally)
            GAME.apply(state, decision.seat, space)
            if len(state.teams["black"].police) > tokens:
                hit = "on the space meant" if plan is not None and space == plan.target else "off the space meant"
                tally.why[f"police token after a {kind} clue, {hit}"] += 1
            continue
        view = GAME.view(state, 0)
        refresh: Decision | None = found.get("refresh")
        if refresh is not None and officer.wants(view, refresh):
            GAME.apply(state, 0, "refresh")
            clock += THINK["refresh"]
            tally.why["route: new rows asked for"] += 1
            continue
        cards = officer.choose(view, found["give"])
        clock += THINK["give"] + THINK["give_per_card"] * len(cards)
        GAME.apply(state, 0, cards)
    team = state.teams["black"]
    tally.rounds += 1
    tally.evidence += len(team.markers)
    tally.police += len(team.police)
    record = state.history[-1] if state.history else None
    tally.won += int(record is not None and record["winner"] == "black")
    ended = record["reason"] if record is not None else f"time (the {cap / 60:.0f}-minute cap)"
    tally.why[f"round ended: {ended}"] += 1
    tally.why[f"route: moves in rounds ended by {ended}"] += len(state.landings)
    if record is None or record["winner"] != "black":
        tally.why[f"lost with {len(team.markers)} evidence"] += 1


def reseed(officer: Any, detective: Any, seed: int) -> None:
    """Give the officer's and the detective's random streams (``rng``, where they have one; a detective told the
    space meant: its fallback's) a start of their own for the round of ``seed`` (``--paired``)."""
    for offset, player in ((1, officer), (2, detective), (2, getattr(detective, "fallback", None))):
        if isinstance(getattr(player, "rng", None), random.Random):
            player.rng = random.Random(1000003 * seed + offset)


def accuracy_line(size: int, tally: Tally) -> str:
    clues = tally.clues[size]
    if not clues:
        return f"  {size}-card clues: none given"
    low, high = wilson_interval(tally.hits[size], clues)
    return (f"  read right on {size}-card clues: {tally.hits[size] / clues:6.1%}  (95% CI {low:.1%}–{high:.1%}; "
            f"random {tally.chance[size] / clues:.1%}; {clues} clues)")


def report(name: str, tally: Tally, seconds: float, why: bool = False) -> None:
    n = max(tally.rounds, 1)
    print(f"\n== {name}: {tally.rounds} rounds in {seconds:.0f} s ==")
    print(accuracy_line(1, tally))
    print(accuracy_line(2, tally))
    low, high = wilson_interval(tally.won, n)
    print(f"  per round: {tally.evidence / n:.2f} evidence, {tally.police / n:.2f} police tokens; "
          f"rounds won {tally.won} of {tally.rounds}, {tally.won / n:.1%} (95% CI {low:.1%}–{high:.1%})")
    if why:
        for key, count in sorted(tally.why.items()):
            print(f"    {key}: {count}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="run only the line-ups whose name contains this text")
    parser.add_argument("--progress", type=int, default=0, help="print the figures so far every N rounds (0: never)")
    parser.add_argument("--why", action="store_true",
                        help="also print how rounds ended and what every police token followed")
    parser.add_argument("--minutes", type=float, default=TIME_CAP / 60,
                        help="simulated minutes before a round is stopped and counted lost (the rulebook's "
                             "apprentice countdown is 15 minutes of real time)")
    parser.add_argument("--paired", action="store_true",
                        help="reseed the officer's and the detective's random streams from each round's seed, so two "
                             "settings run on the same seeds stay paired up to their first different move (without "
                             "it the streams run on from round to round)")
    parser.add_argument("--settings", default="{}",
                        help='JSON settings laid over the hard level\'s (ai.LEVELS), e.g. \'{"plainness": 0.5}\'')
    args = parser.parse_args(argv)
    ai.LEVELS["hard"] = {**ai.LEVELS["hard"], **json.loads(args.settings)}
    print(f"Shadows AI with partners built differently: {args.rounds} seeded co-op rounds per line-up")

    def ai_officer() -> Officer:
        officer = make_policy("officer", seed=1)
        assert isinstance(officer, Officer)
        return officer

    lineups: dict[str, tuple[Officer, Any]] = {
        "AI officer + literal reader (element-name words only)":
            (ai_officer(), Detective(seed=2, readers=(LiteralReader(),))),
        "AI officer + colour-only reader": (ai_officer(), Detective(seed=2, readers=(ColourReader(),))),
        "AI officer + ludus' detective": (ai_officer(), make_policy("detective", seed=2)),
        "baseline: AI officer + detective moving at random": (ai_officer(), RandomDetective(seed=2)),
        "literal officer + ludus' detective": (LiteralOfficer(seed=1), make_policy("detective", seed=2)),
    }
    teller = LiteralOfficer(seed=1)
    lineups["ceiling: literal officer + a detective told the space meant (not a bot)"] = (
        teller, TellingDetective(teller, make_policy("detective", seed=2)))
    stuck = LiteralOfficer(seed=1)
    lineups["ceiling: literal officer + a detective told the space meant, unstuck at 0 (not a bot)"] = (
        stuck, TellingDetective(stuck, make_policy("detective", seed=2), unstick=0))
    blank = LiteralOfficer(seed=1)
    lineups["ceiling: literal officer with ludus' detective told the space meant on cards naming nothing"] = (
        blank, TellingDetective(blank, make_policy("detective", seed=2), blank_only=True))
    random.seed(args.seed)
    for name, (officer, detective) in lineups.items():
        if args.only not in name:
            continue
        tally = Tally()
        started = time.perf_counter()
        for n in range(args.rounds):
            if args.paired:
                reseed(officer, detective, args.seed + n)
            play_round(args.seed + n, officer, detective, tally, args.minutes * 60)
            if args.progress and (n + 1) % args.progress == 0 and n + 1 < args.rounds:
                report(f"{name} (so far)", tally, time.perf_counter() - started, args.why)
        report(name, tally, time.perf_counter() - started, args.why)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
