"""Tables staged at a chosen moment of a game, for browser tests that must look at every kind of decision.

Playing a whole game through the browser to reach a rare decision (a Rose "clue_bonus" needs the right event
on the right day) would take minutes. Instead a game is played here, with the real rules, by a seeded random
policy until some seat faces the wanted kind of decision; that match (seed and move log) is written to the
test server's database as a table whose every seat is held by a person, exactly as the server itself stores
tables. The server loads it like any table after a restart, and since nobody else moves, the decision stays
on screen for as long as the test looks at it.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ludus.engine import Decision, Match
from ludus.server.store import Store, hash_token


@dataclass(frozen=True)
class Moment:
    """A point of a game where `seat` faces a decision of `kind`: the match up to there."""

    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    log: tuple[dict[str, Any], ...]
    seat: int
    kind: str


def _random_play(game: str, players: int, options: Mapping[str, Any], seeds: range,
                 moves: int) -> Iterator[tuple[int, Match, list[Decision]]]:
    """Every state of seeded random games (one game per seed), with the decisions open there."""
    for seed in seeds:
        match = Match(game, players, seed, dict(options))
        rng = random.Random(seed)
        for _ in range(moves):
            decisions = match.decisions()
            if match.finished or not decisions:
                break
            yield seed, match, decisions
            decision = rng.choice(decisions)
            match.play(decision.seat, rng.choice(decision.options))


def moments(game: str, players: int, options: Mapping[str, Any] | None = None, seeds: range = range(1, 40),
            moves: int = 3000, enough: frozenset[str] = frozenset(), games: int = 5) -> dict[str, Moment]:
    """The first moment of each decision kind that seeded random play meets (games are tried in seed order);
    it stops once every kind in `enough` is found and at least `games` games were played."""
    found: dict[str, Moment] = {}
    for seed, match, decisions in _random_play(game, players, options or {}, seeds, moves):
        if enough and enough <= set(found) and seed >= seeds.start + games:
            break
        for decision in decisions:
            if decision.kind not in found:
                found[decision.kind] = Moment(game, players, dict(options or {}), seed, tuple(match.log),
                                              decision.seat, decision.kind)
    return found


def moment_when(game: str, players: int, options: Mapping[str, Any] | None,
                wanted: Callable[[Match, Decision], bool], seeds: range = range(1, 40), moves: int = 3000) -> Moment:
    """The first moment of seeded random play where `wanted(match, decision)` holds for some decision."""
    for seed, match, decisions in _random_play(game, players, options or {}, seeds, moves):
        for decision in decisions:
            if wanted(match, decision):
                return Moment(game, players, dict(options or {}), seed, tuple(match.log), decision.seat, decision.kind)
    raise LookupError(f"no {game} game of seeds {seeds} reached the wanted moment")


@dataclass(frozen=True)
class StagedTable:
    id: str
    tokens: tuple[str, ...]

    def seat_link(self, server: str, seat: int) -> str:
        """The page of `seat` (the seat travels in the fragment, as the table's "seat on another device" link)."""
        return f"{server}/t/{self.id}#seat={self.tokens[seat]}"

    def open(self, page: Any, server: str, seat: int) -> None:
        """Show `seat`'s page in `page`: a page already on the site moves there as the client's own links do
        (no reload, so a test visiting many tables stays quick); the caller then waits for readiness."""
        link = self.seat_link(server, seat)
        if page.url.startswith(server):
            page.evaluate("(path) => { history.pushState(null, '', path);"
                          " window.dispatchEvent(new Event('ludus:navigate')); }", link.removeprefix(server))
        else:
            page.goto(link)


def stage(database: str, moment: Moment) -> StagedTable:
    """Write `moment` to the server's database (its address) as a running table whose seats are all taken by
    people."""
    store = Store(database)
    try:
        table_id = "stage-" + secrets.token_hex(4)
        store.create_table(table_id, moment.game, moment.players, moment.seed, dict(moment.options),
                           [None] * moment.players, 0.0)
        tokens = tuple(secrets.token_urlsafe(16) for _ in range(moment.players))
        for seat, token in enumerate(tokens):
            assert store.claim_seat(table_id, seat, f"Player {seat + 1}", hash_token(token))
        if moment.log:
            store.append_moves([(table_id, n, entry) for n, entry in enumerate(moment.log, 1)])
    finally:
        store.close()
    return StagedTable(table_id, tokens)


def wait_asked(page: Any, kind: str | None = None, timeout: float = 60_000) -> None:
    """Wait until the page has asked its question and brought it into view (`#board[data-asked]`, set by the
    client's lib/boardview.js), as generously as the page's own readiness signal."""
    selector = "#board[data-asked]" if kind is None else f"#board[data-asked='{kind}']"
    page.wait_for_selector(selector, state="attached", timeout=timeout)


def wait_settled(page: Any, timeout: float = 60_000) -> None:
    """Wait until the asked question's view has settled: nothing of it scrolls, pans, zooms or glides any more and
    the board takes taps (`#board[data-settled]`, set by lib/boardview.js; not inert while out of step with the
    server). What the board offers is measured and tapped only then."""
    page.wait_for_selector("#board[data-asked][data-settled]:not([inert])", state="attached", timeout=timeout)
