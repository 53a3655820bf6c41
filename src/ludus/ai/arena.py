"""Whole bot-versus-bot matches and tournaments with seat rotation, for research and simulations.

``play_match`` plays one game to the end; ``tournament`` plays many, rotating the line-up through
the seats so no entrant keeps a seat advantage, and reports win rates with 95% Wilson intervals.
Everything is reproducible from the seed: match seeds and bot seeds are derived from it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from ludus.engine import Event, Game, Match, Outcome, load_game, visible_events

from .bot import Bot
from .stats import wilson_interval

BotFactory = Callable[[Game, int, int | None], Bot]
Player = Bot | BotFactory
"""A seat's player: a ready bot, or a factory ``(game, seat, seed) -> bot`` called once per match."""


class StalledMatch(RuntimeError):
    """The game is not over but nobody has anything to decide (or it ran past ``max_steps``)."""


def bot_seed(match_seed: int, seat: int) -> int:
    """The seed a factory gets for ``seat`` in the match with ``match_seed`` (stable across runs)."""
    return random.Random(f"ludus-bot:{match_seed}:{seat}").getrandbits(32)


def is_ready_bot(player: Player) -> bool:
    # a bot class has a ``choose`` attribute too, but it is a factory of the wrong shape, not a bot
    return not isinstance(player, type) and callable(getattr(player, "choose", None))


def seat_bots(game: Game, players: Sequence[Player], seed: int) -> list[Bot]:
    return [player if is_ready_bot(player) else player(game, seat, bot_seed(seed, seat))  # type: ignore[operator,misc]
            for seat, player in enumerate(players)]


def play_match(game: Game | str, players: int, seed: int, bots: Sequence[Player],
               options: Mapping[str, Any] | None = None, max_steps: int = 100_000) -> Outcome:
    """Play one game to the end with one bot per seat and return its outcome.

    Each bot is asked only with its seat's view. When several seats hold decisions at once they are
    asked in seat order (the game's view must hide a pending simultaneous choice from the others).
    A bot with an ``observe(events)`` method is told, after every choice, the events its seat may see.
    """
    return play_match_record(game, players, seed, bots, options, max_steps).outcome()  # type: ignore[return-value]


def play_match_record(game: Game | str, players: int, seed: int, bots: Sequence[Player],
                      options: Mapping[str, Any] | None = None, max_steps: int = 100_000) -> Match:
    """Like ``play_match`` but return the finished Match (its move log replays the game)."""
    if len(bots) != players:
        raise ValueError(f"need one bot per seat: {players} seats, {len(bots)} bots")
    match = Match(game, players, seed, options)
    seated = seat_bots(match.game, bots, seed)
    for _ in range(max_steps):
        if match.finished:
            return match
        pending = match.decisions()
        if not pending:
            raise StalledMatch(f"{match.game.id}: nothing to decide but the game is not over "
                               f"(real-time games need their clock advanced)")
        decision = min(pending, key=lambda d: d.seat)
        events = match.play(decision.seat, seated[decision.seat].choose(match.view(decision.seat), decision))
        tell(seated, events)
    if match.finished:
        return match
    raise StalledMatch(f"{match.game.id}: not over after {max_steps} steps (seed {seed})")


def tell(seated: Sequence[Bot], events: list[Event]) -> None:
    """Bots that watch the game (an ``observe(events)`` method, like Rose's) see what their seat may see."""
    for seat, bot in enumerate(seated):
        observe = getattr(bot, "observe", None)
        if callable(observe):
            observe(visible_events(events, seat))


@dataclass(frozen=True)
class Standing:
    """One entrant's results over all the seats it occupied."""

    name: str
    seat_games: int
    wins: int
    share: float
    """Wins counted as 1/k when shared by k seats."""
    mean_score: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_games if self.seat_games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson confidence interval of the win rate."""
        return wilson_interval(self.wins, self.seat_games)


@dataclass(frozen=True)
class GameRecord:
    seed: int
    seating: tuple[str, ...]
    """The entrant's name at each seat."""
    winners: tuple[int, ...]
    scores: dict[int, float]


@dataclass
class TournamentResult:
    game: str
    players: int
    seed: int
    records: list[GameRecord] = field(default_factory=list)

    def standings(self) -> dict[str, Standing]:
        tally: dict[str, list[float]] = {}
        for record in self.records:
            for seat, name in enumerate(record.seating):
                seat_games, wins, share, score = tally.setdefault(name, [0, 0, 0.0, 0.0])
                won = seat in record.winners
                tally[name] = [seat_games + 1, wins + won, share + (1 / len(record.winners) if won else 0.0),
                               score + float(record.scores.get(seat, 0.0))]
        return {name: Standing(name, int(n), int(wins), share, score / n if n else 0.0)
                for name, (n, wins, share, score) in tally.items()}

    def seat_win_rates(self) -> list[float]:
        """How often each seat won, whoever sat there (shows a first-player advantage)."""
        games = len(self.records) or 1
        return [sum(seat in record.winners for record in self.records) / games for seat in range(self.players)]

    def nobody_won(self) -> int:
        """Games with no winner (a Fearsome Floors game in which no figure got out): a loss for every seat."""
        return sum(not record.winners for record in self.records)

    def summary(self) -> str:
        nobody = self.nobody_won()
        lines = [f"{self.game}, {self.players} seats, {len(self.records)} games, seed {self.seed}"
                 + (f", {nobody} won by nobody" if nobody else ""),
                 f"{'entrant':<24}{'seat-games':>11}{'wins':>7}{'win rate':>10}  95% Wilson"]
        for standing in sorted(self.standings().values(), key=lambda s: -s.win_rate):
            low, high = standing.interval
            lines.append(f"{standing.name:<24}{standing.seat_games:>11}{standing.wins:>7}"
                         f"{standing.win_rate:>10.3f}  [{low:.3f}, {high:.3f}]")
        return "\n".join(lines)


def tournament(game: Game | str, lineup: Sequence[tuple[str, Player]] | Mapping[str, Player], games: int = 100,
               seed: int = 0, options: Mapping[str, Any] | None = None, progress: bool = True) -> TournamentResult:
    """Play ``games`` matches of the line-up (one entrant per seat), rotating it through the seats.

    Games come in blocks of one deal (match seed) played under every rotation of the line-up, so
    each entrant meets the same cards from every seat; the deals are drawn from ``seed``. Names may
    repeat (e.g. one ISMCTS bot against three random bots): results are tallied per name.
    """
    game = load_game(game) if isinstance(game, str) else game
    entrants = list(lineup.items()) if isinstance(lineup, Mapping) else list(lineup)
    players = len(entrants)
    result = TournamentResult(game.id, players, seed)
    deals = random.Random(seed)
    match_seed = 0
    with tqdm(total=games, desc=f"{game.id} tournament", unit="game", disable=not progress) as bar:
        for number in range(games):
            rotation = number % players
            if rotation == 0:
                match_seed = deals.getrandbits(32)
            # entrant i sits at seat (i + rotation) % players
            seated = [entrants[(seat - rotation) % players] for seat in range(players)]
            outcome = play_match(game, players, match_seed, [player for _, player in seated], options)
            result.records.append(GameRecord(match_seed, tuple(name for name, _ in seated),
                                             tuple(outcome.winners), dict(outcome.scores)))
            bar.update(1)
            if progress and (number + 1) % max(1, players) == 0:
                standings = result.standings()
                bar.set_postfix({name: f"{s.win_rate:.2f}" for name, s in standings.items()}, refresh=False)
    return result
