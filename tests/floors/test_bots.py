"""The bots play legally from the view alone; the greedy bot beats random movers."""

from __future__ import annotations

from ludus.ai import bot_for
from ludus.engine import load_game
from ludus.games.floors.bots import GreedyBot, RandomMoveBot


def _play(levels: list[str], seed: int):
    game = load_game("floors")
    st = game.setup(len(levels), seed)
    bots = [bot_for(game, seat, level, seed * 10 + seat) for seat, level in enumerate(levels)]
    while st.phase != "over":
        decision = game.decisions(st)[0]
        game.apply(st, decision.seat, bots[decision.seat].choose(game.view(st, decision.seat), decision))
    return st


def test_importing_the_game_package_registers_the_easy_and_random_bots():
    game = load_game("floors")
    assert isinstance(bot_for(game, 0, "easy", 1), GreedyBot)
    assert isinstance(bot_for(game, 0, "random", 1), RandomMoveBot)


def test_the_greedy_bot_beats_random_movers():
    wins = 0
    for seed in range(3):
        st = _play(["easy", "random", "random"], seed)
        wins += 0 in st.winners and len(st.winners) == 1
    assert wins >= 2
