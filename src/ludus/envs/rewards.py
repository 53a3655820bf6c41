"""Final rewards from a game's outcome, the same in every environment (PettingZoo, OpenSpiel, against_bots).

Competitive games (The Name of the Rose, Fearsome Floors): the winners share +1 and the other seats
share −1, so a lone winner gets +1, two tied winners +½ each, and a game that every seat ties (every
seat won: nobody beat anybody) is 0 for all. A game nobody wins (Fearsome Floors when no figure got
out) is a loss for every seat: they share −1, −1/n each — below a tie and above being beaten, and the
one case that does not sum to zero. A co-operative game (co-op Shadows) rewards
the team's result: +1 to every seat if the team won, −1 to every seat if it lost. A truncated
episode (the step cap) has no outcome and rewards 0.
"""

from __future__ import annotations

from ludus.engine import Outcome


def outcome_rewards(outcome: Outcome, players: int, cooperative: bool = False) -> list[float]:
    """Every seat's final reward for ``outcome`` (see the module docstring)."""
    winners = set(outcome.winners)
    if cooperative:
        return [1.0 if winners else -1.0] * players
    losers = players - len(winners)
    if not losers:
        return [0.0] * players
    if not winners:
        return [-1.0 / players] * players
    return [1.0 / len(winners) if seat in winners else -1.0 / losers for seat in range(players)]
