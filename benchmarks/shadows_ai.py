"""Shadows: Amsterdam AI quality: an AI officer and AI detectives play seeded co-op rounds.

    .venv/bin/python benchmarks/shadows_ai.py              # 500 rounds per line-up (a few minutes)
    .venv/bin/python benchmarks/shadows_ai.py --rounds 50  # a quick check
    .venv/bin/python benchmarks/shadows_ai.py --all        # also the officer that trusts its own reading

Each round is the first round of a fresh 2-player co-op game (seat 0 officer, seat 1 detective)
with its own seed, played to its end (client reached or the 3rd police token) or to 30 minutes of
simulated time. Time is simulated, not measured: every give, refresh and move costs a fixed think
time (THINK below), so "won at a preset" means the round was won before that countdown ran out.

The AI officer is the default of ``make_policy("officer")``, the "hedging" officer: it averages the
landing odds of two readers, keywords+colours and keyword overlap, so its clues hold up for
detectives who think differently. With ``--all`` the "own-reading" officer plays too: it predicts
its detectives with its own scorer (keywords+colours) alone.
Detectives: keywords+colours (always the best match), the same "with doubt" (softmax choice,
temperature 0.6, like an unsure person), keyword overlap only, or random.

Printed per line-up:
- detective accuracy on 1-card clues: how often the detectives landed where the officer meant,
  next to the random baseline (the mean of 1 / number of reachable spaces over the same clues);
- the same for 2-card clues;
- clue cards used per evidence found, police tokens per round, refreshes per round;
- rounds won at each countdown preset: Apprentice 15, Novice 8, Agent 5, Super-agent 3 minutes.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

from ludus.engine import Decision
from ludus.games.shadows.ai import Detective, Officer, shared_scorer
from ludus.games.shadows.game import GAME
from ludus.games.shadows.policies import RandomDetective

PRESETS = {"apprentice": 15 * 60, "novice": 8 * 60, "agent": 5 * 60, "super-agent": 3 * 60}
THINK = {"give": 8.0, "give_per_card": 4.0, "move": 5.0, "move_per_card": 3.0, "refresh": 4.0}
"""Simulated seconds: an officer gives in 8 s + 4 s a card, detectives move in 5 s + 3 s a card,
a refresh of the face-up row takes 4 s."""
TIME_CAP = 30 * 60


@dataclass
class Tally:
    rounds: int = 0
    hits: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    clues: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    chance: dict[int, float] = field(default_factory=lambda: {1: 0.0, 2: 0.0})
    cards: int = 0
    evidence: int = 0
    police: int = 0
    refreshes: int = 0
    finish_times: list[float] = field(default_factory=list)
    """simulated seconds at which each won round was won"""
    lost_to_police: int = 0


def play_round(seed: int, officer: Officer, detective: Detective | RandomDetective, tally: Tally) -> None:
    state = GAME.setup(2, seed, {"coop": "apprentice", "rounds_to_win": 1})
    clock = 0.0
    while state.phase == "play" and clock < TIME_CAP:
        found = {d.kind: d for d in GAME.decisions(state)}
        if "move" in found:
            decision = found["move"]
            cards = len(decision.prompt["cards"])
            space = detective.choose(GAME.view(state, decision.seat), decision)
            plan = officer.last_plan
            if plan is not None:
                tally.clues[cards] += 1
                tally.chance[cards] += 1 / len(decision.options)
                tally.hits[cards] += int(space == plan.target)
            tally.cards += cards
            clock += THINK["move"] + THINK["move_per_card"] * cards
            GAME.apply(state, decision.seat, space)
            continue
        view = GAME.view(state, 0)
        refresh: Decision | None = found.get("refresh")
        if refresh is not None and officer.wants(view, refresh):
            GAME.apply(state, 0, "refresh")
            tally.refreshes += 1
            clock += THINK["refresh"]
            continue
        give = found["give"]
        cards = officer.choose(view, give)
        clock += THINK["give"] + THINK["give_per_card"] * len(cards)
        GAME.apply(state, 0, cards)
    team = state.teams["black"]
    tally.rounds += 1
    tally.evidence += len(team.markers)
    tally.police += len(team.police)
    record = state.history[-1] if state.history else None
    if record is not None and record["winner"] == "black":
        tally.finish_times.append(clock)
    elif record is not None and record["reason"] == "police":
        tally.lost_to_police += 1


def report(name: str, tally: Tally, seconds: float) -> None:
    n = tally.rounds
    print(f"\n== {name}: {n} rounds in {seconds:.0f} s ==")
    for size in (1, 2):
        clues = tally.clues[size]
        if clues:
            print(f"  detective accuracy on {size}-card clues: {tally.hits[size] / clues:6.1%}"
                  f"   (random baseline {tally.chance[size] / clues:5.1%}, {clues} clues)")
    per_evidence = tally.cards / tally.evidence if tally.evidence else float("inf")
    print(f"  clue cards used per evidence found:   {per_evidence:6.2f}")
    print(f"  police tokens per round:              {tally.police / n:6.2f}"
          f"   (rounds lost to police: {tally.lost_to_police / n:.1%})")
    print(f"  face-up refreshes per round:          {tally.refreshes / n:6.2f}")
    won = ", ".join(f"{preset} {sum(t <= limit for t in tally.finish_times) / n:.1%}"
                    for preset, limit in PRESETS.items())
    print(f"  rounds won at each countdown:         {won}")
    print(f"  rounds won with no countdown (≤ {TIME_CAP // 60} min): {len(tally.finish_times) / n:.1%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--all", action="store_true", help="also the own-reading officer's line-ups")
    args = parser.parse_args(argv)
    print(f"Shadows AI benchmark: {args.rounds} seeded co-op rounds per line-up; simulated think times {THINK}")
    full, overlap = shared_scorer("keywords+colours"), shared_scorer("keyword-overlap")
    hedging = (full, overlap)

    def own() -> Officer:
        return Officer(full, seed=1)

    def hedger() -> Officer:
        return Officer(full, seed=1, readers=hedging)

    lineups = {
        "AI officer + AI detectives (keywords+colours)": (hedger(), Detective(full, seed=2)),
        "AI officer + AI detectives reading with doubt": (hedger(), Detective(full, seed=2, doubt=0.6)),
        "AI officer + detectives on keyword overlap only": (hedger(), Detective(overlap, seed=2)),
        "baseline: AI officer + detectives moving at random": (hedger(), RandomDetective(seed=2)),
    }
    if args.all:
        lineups |= {
            "own-reading officer + AI detectives (keywords+colours)": (own(), Detective(full, seed=2)),
            "own-reading officer + AI detectives reading with doubt": (own(), Detective(full, seed=2, doubt=0.6)),
            "own-reading officer + detectives on keyword overlap only": (own(), Detective(overlap, seed=2)),
        }
    for name, (officer, detective) in lineups.items():
        tally = Tally()
        started = time.perf_counter()
        for n in range(args.rounds):
            play_round(args.seed + n, officer, detective, tally)
        report(name, tally, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
