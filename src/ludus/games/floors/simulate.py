"""Bot-only Fearsome Floors games: ``ludus sim floors --players 4 --seats easy,random,random,random``."""

from __future__ import annotations

import argparse
from typing import Any

from tqdm import tqdm

from ludus.ai import bot_for
from ludus.i18n import t

from .game import GAME


def play_one(levels: list[str], seed: int, options: dict[str, Any] | None = None) -> tuple[list[int], int]:
    """One game among bots of the given levels; returns (winners, rounds)."""
    st = GAME.setup(len(levels), seed, options or {})
    bots = [bot_for(GAME, seat, level, seed * 31 + seat) for seat, level in enumerate(levels)]
    while st.phase != "over":
        decision = GAME.decisions(st)[0]
        GAME.apply(st, decision.seat, bots[decision.seat].choose(GAME.view(st, decision.seat), decision))
    return list(st.winners or []), st.round


def sim_command(args: argparse.Namespace) -> int:
    lang = getattr(args, "lang", "en") or "en"
    seats_arg = getattr(args, "seats", None)
    players = getattr(args, "players", None)
    if seats_arg:
        levels = [level.strip() for level in seats_arg.split(",")]
    else:
        levels = ["easy"] + ["random"] * ((players or 4) - 1)
    if players and len(levels) != players:
        raise ValueError(f"--seats names {len(levels)} bots but --players is {players}")
    games = getattr(args, "games", 100) or 100
    seed = getattr(args, "seed", 0) or 0
    options = getattr(args, "options", None) or {}
    wins = [0] * len(levels)
    rounds = 0
    for n in tqdm(range(games), desc=t("floors.sim.progress", lang), unit="", leave=False):
        winners, played = play_one(levels, seed + n, options)
        rounds += played
        for seat in winners:
            wins[seat] += 1
    print(t("floors.sim.title", lang, games=games, players=len(levels)))
    for seat, level in enumerate(levels):
        print(t("floors.sim.seat", lang, seat=seat + 1, level=level, rate=wins[seat] / games, wins=wins[seat]))
    print(t("floors.sim.rounds", lang, rounds=rounds / games))
    return 0
