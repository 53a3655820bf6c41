"""What an easy opponent may hold: per hypothesis about it, the chance that each unseen card is in its hand.

The easy rule plays the best card of its hand (``GreedyBot._choose_card``) and keeps the others, so its hand is not
any few of the cards nobody has seen: it holds the cards that lost to the ones it played. ``Hands`` follows that for
every hypothesis (``policy.HYPOTHESES``: the colour weights the rule plays by) with one chance per card, treated as
independent: a card the opponent played had to beat the others it held; after it, the cards that would have beaten it
are less likely to be there, the ones it beat keep the hand's mass, and a card drawn adds one card's worth spread
over the cards it does not hold. A card anybody else plays, or that this seat draws, is in nobody's hand but its
own. So a card played is judged against the hand the rule would have kept, not against a fresh draw: a player who
plays a middling card because its hand held nothing better is not read as one who ignored the better cards it
never had.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

TINY = 1e-12


def beaten(difference: float, noise: float) -> float:
    """P(a + u > b + v) for independent u, v uniform on [0, ``noise``] and a − b = ``difference``."""
    t = difference / noise
    if t <= -1.0:
        return 0.0
    if t >= 1.0:
        return 1.0
    return (1.0 + t) ** 2 / 2 if t < 0 else 1.0 - (1.0 - t) ** 2 / 2


def rescale(chances: dict[str, float], total: float) -> None:
    """Scale the chances to sum to ``total`` (each at most 1)."""
    mass = sum(chances.values())
    if mass <= TINY:
        return
    factor = total / mass
    for card, p in chances.items():
        chances[card] = min(1.0, p * factor)


class Hands:
    """Per opponent, per hypothesis: card → the chance that it is in the opponent's hand."""

    def __init__(self, hypotheses: int, slip: float, noise: float) -> None:
        self.hypotheses = hypotheses
        self.slip = slip
        """The share of a card choice made at random (a player who does not follow the rule)."""
        self.noise = noise
        """The noise the rule adds to each card's score."""
        self.chances: dict[int, list[dict[str, float]]] = {}

    def start(self, opponent: int, pool: Iterable[str], held: int) -> None:
        """Before anything is known: ``held`` cards, each as likely any of ``pool``."""
        cards = list(pool)
        share = min(1.0, held / len(cards)) if cards else 0.0
        self.chances[opponent] = [dict.fromkeys(cards, share) for _ in range(self.hypotheses)]

    def played(self, opponent: int, card: str, pool: Sequence[str], scores: Sequence[Sequence[float]],
               held: int) -> list[float]:
        """The opponent, holding ``held`` cards, played ``card``; ``scores[h]`` is the rule's score of ``card`` and
        then of each card of ``pool`` (the others it may hold) under hypothesis ``h``. Returns per hypothesis the
        log-likelihood of that play, and keeps what the hand may still hold."""
        found = []
        for h, row in enumerate(self.chances[opponent]):
            mine = scores[h][0]
            there = row.get(card, 0.0)
            rest = sum(p for c, p in row.items() if c != card)
            scale = (held - 1) / rest if rest > TINY else 0.0
            lose = 0.0
            kept: dict[str, float] = {}
            for other, score in zip(pool, scores[h][1:], strict=True):
                p = min(1.0, row.get(other, 0.0) * scale)
                if p <= 0.0:
                    continue
                wins = beaten(score - mine, self.noise)
                lose += math.log(max(TINY, 1.0 - p * wins))
                kept[other] = p * ((1.0 - self.slip) * (1.0 - wins) + self.slip)
            rule = (1.0 - self.slip) * math.exp(lose) + self.slip / held
            found.append(math.log(max(TINY, there * rule)))
            rescale(kept, held - 1)
            self.chances[opponent][h] = kept
        return found

    def drew(self, opponent: int, pool: Iterable[str]) -> None:
        """The opponent drew one card, any of ``pool`` that it does not hold."""
        cards = list(pool)
        for row in self.chances.get(opponent, []):
            free = {c: 1.0 - row.get(c, 0.0) for c in cards}
            total = sum(free.values())
            if total <= TINY:
                continue
            for c, p in free.items():
                row[c] = row.get(c, 0.0) + p / total

    def gone(self, card: str, holding: dict[int, int]) -> None:
        """``card`` is in no opponent's hand (played by another seat, or drawn by this one); ``holding[o]``: how
        many cards opponent ``o`` holds."""
        for opponent, rows in self.chances.items():
            for row in rows:
                if row.pop(card, 0.0) > 0.0:
                    rescale(row, holding.get(opponent, 0))


__all__ = ["Hands", "beaten"]
