"""The archive of finished games and the ratings they move (docs/accounts.md).

When a table ends, one row goes to ``ludus_results`` and one per seat to ``ludus_result_seats`` (name,
account or bot level, place, score, the rating before and after), and, for a rated table, the players'
ratings change — all in one transaction whose primary key makes it happen once, whichever process (or
restart) gets there. The archive pages, a player's finished games and the leaderboards read these rows;
``rebuild`` recomputes every rating from them (and, asked to, re-derives each result from its move log).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from ludus.engine import Match, Outcome

from ..store import Sightings, Store, TableRecord, accounts, moves, ratings, result_seats, results, tables
from . import fairness
from . import ratings as rating_model
from .ratings import Skill, account_key, bot_key

log = logging.getLogger("ludus.server.archive")

PER_PAGE = 25
BOARD_PAGE = 50


@dataclass(frozen=True)
class Finished:
    """What the archive keeps of a table that ended."""

    table: TableRecord
    outcome: Outcome
    moves: int


def _player(seat: Any) -> str | None:
    if seat.bot is not None and seat.token_hash is None:
        return bot_key(seat.bot)
    if seat.account_id is not None:
        return account_key(seat.account_id)
    return None  # a guest: not rated


def _name_key(name: str | None) -> str | None:
    from .accounts import name_key  # one notion of "the same name" for accounts and the archive

    return None if name is None else name_key(name)


class Archive:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        self.seed = rating_model.seed_skills()
        self.sightings = Sightings(store.engine)
        self.seed_bot_ratings()

    # --- recording ----------------------------------------------------------------------------------
    def seed_bot_ratings(self) -> None:
        """Each bot level starts at its ladder rating, so the leaderboard shows how strong it is at once."""
        now = time.time()
        for _ in range(3):
            try:
                with self.engine.begin() as db:
                    known = {(row.game, row.player)
                             for row in db.execute(select(ratings.c.game, ratings.c.player)).all()}
                    rows = [{"game": game, "player": key, "mu": skill.mu, "sigma": skill.sigma,
                             "rating": skill.ordinal, "games": 0, "updated": now}
                            for game, table in self.seed.items() for key, skill in table.items()
                            if (game, key) not in known]
                    if rows:
                        db.execute(insert(ratings), rows)
                return
            except IntegrityError:
                # two processes started on one fresh database seed at the same moment: the other one's rows
                # are in now, so read again and add only what is still missing (nothing, as a rule)
                continue

    def record(self, finished: Finished, at: float | None = None) -> bool:
        """Archive a finished table and move its players' ratings; False if it was archived already."""
        for _ in range(5):  # a concurrent writer of the same ratings (SQLite's busy snapshot): read again
            try:
                return self._record(finished, time.time() if at is None else at)
            except IntegrityError:
                return False
            except OperationalError:
                time.sleep(0.05)
        log.error("table %s could not be archived", finished.table.id)
        return False

    def _record(self, finished: Finished, at: float) -> bool:
        record, outcome = finished.table, finished.outcome
        # an abandoned game (nobody could go on, or nobody came back: live/attendance.py) rates nobody
        is_rated = record.rated and not _abandoned(outcome)
        places = rating_model.places(record.game, outcome, record.players)
        seated = [(_player(seat), places[seat.seat]) for seat in record.seats]
        accounts_here = [seat.account_id for seat in record.seats if seat.account_id is not None]
        linked = fairness.linked_accounts(self.sightings.of(accounts_here)) \
            if is_rated and len(accounts_here) > 1 else set()
        with self.engine.begin() as db:
            entries = [json.loads(row.entry) for row in db.execute(
                select(moves.c.entry).where(moves.c.table_id == record.id).order_by(moves.c.n)).all()]
            played = fairness.participation(entries, record.players)
            facts = [fairness.SeatFacts(seat.seat, seat.token_hash is not None, seat.account_id,
                                        *played[seat.seat], linked=seat.account_id in linked)
                     for seat in record.seats]
            before: dict[str, Skill] = {}
            after: dict[str, Skill] = {}
            weight = None
            if is_rated:
                verdict = fairness.judge(facts, _forfeited(outcome), self._repeats(db, accounts_here, at))
                weight = verdict.weight
                rated = [(key, place) for (key, place), seat in zip(seated, record.seats, strict=True)
                         if key is not None and seat.account_id not in verdict.excluded]
                before = self._skills(db, record.game, {key for key, _ in rated})
                after = rating_model.rate(rated, before, verdict.weight)
                if not after:
                    weight = 0.0  # nothing moved (fewer than two rated places): no repeat to count either
                self._save(db, record.game, after, before, at)
            db.execute(insert(results).values(
                table_id=record.id, game=record.game, players=record.players, finished=at, rated=is_rated,
                moves=finished.moves, outcome=json.dumps(_outcome_json(outcome)), weight=weight))
            db.execute(insert(result_seats), [{
                "table_id": record.id, "seat": seat.seat, "name": seat.name, "name_key": _name_key(seat.name),
                "account_id": seat.account_id, "bot": seat.bot if seat.token_hash is None else None,
                "place": places[seat.seat], "score": outcome.scores.get(seat.seat),
                "rating_before": before[key].ordinal if key in after and key in before else None,
                "rating_after": after[key].ordinal if key in after else None,
                "own_moves": fact.own, "seat_moves": fact.moves, "linked": fact.linked,
            } for seat, (key, _), fact in zip(record.seats, seated, facts, strict=True)])
        return True

    def _repeats(self, db: Any, account_ids: Sequence[int], at: float) -> dict[tuple[int, int], int]:
        """Per pair of these accounts: the games that moved ratings they played together in the pair window."""
        if len(set(account_ids)) < 2:
            return {}
        rows = db.execute(select(result_seats.c.table_id, result_seats.c.account_id)
                          .select_from(result_seats.join(results, results.c.table_id == result_seats.c.table_id))
                          .where(result_seats.c.account_id.in_(sorted(set(account_ids))),
                                 results.c.finished > at - fairness.PAIR_WINDOW, results.c.weight > 0)).all()
        together: dict[str, set[int]] = {}
        for row in rows:
            together.setdefault(row.table_id, set()).add(row.account_id)
        history = fairness.PairHistory()
        for members in together.values():
            history.add(members, at)
        return history.repeats(account_ids, at)

    def _skills(self, db: Any, game: str, keys: set[str]) -> dict[str, Skill]:
        if not keys:
            return {}
        query = select(ratings).where(ratings.c.game == game, ratings.c.player.in_(sorted(keys)))
        if db.dialect.name == "postgresql":
            query = query.with_for_update()  # two games ending at once for one player: one waits
        found = {row.player: Skill(row.mu, row.sigma, row.games) for row in db.execute(query).all()}
        for key in keys - set(found):
            found[key] = self.seed.get(game, {}).get(key) or rating_model.fresh()
        return found

    def _save(self, db: Any, game: str, after: dict[str, Skill], before: dict[str, Skill], at: float) -> None:
        existing = {row.player for row in db.execute(select(ratings.c.player).where(
            ratings.c.game == game, ratings.c.player.in_(sorted(after)))).all()}
        for key, skill in after.items():
            values = {"mu": skill.mu, "sigma": skill.sigma, "rating": skill.ordinal, "games": skill.games,
                      "updated": at}
            if key in existing:
                db.execute(update(ratings).where(ratings.c.game == game, ratings.c.player == key).values(**values))
            else:
                db.execute(insert(ratings).values(game=game, player=key, **values))

    def unarchived(self, limit: int = 1000) -> list[str]:
        """Finished tables without an archive row (the process that finished them stopped in between)."""
        query = (select(tables.c.id).select_from(tables.outerjoin(results, results.c.table_id == tables.c.id))
                 .where(tables.c.status == "over", results.c.table_id.is_(None)).limit(limit))
        with self.engine.connect() as db:
            return [row.id for row in db.execute(query).all()]

    # --- reading ------------------------------------------------------------------------------------
    def games(self, game: str | None = None, player: str | None = None, since: str | None = None,
              until: str | None = None, page: int = 1, account_id: int | None = None,
              per_page: int = PER_PAGE) -> dict[str, Any]:
        """Finished games, newest first: filtered by game, by a player's name (its beginning, any case), by
        date (``YYYY-MM-DD``, UTC, both ends included) or by account; one page and the total."""
        conditions = []
        if game:
            conditions.append(results.c.game == game)
        if since:
            conditions.append(results.c.finished >= _day(since))
        if until:
            conditions.append(results.c.finished < _day(until) + 86400)
        if player:
            key = _name_key(player.strip())
            conditions.append(results.c.table_id.in_(select(result_seats.c.table_id).where(
                result_seats.c.name_key >= key, result_seats.c.name_key < key + "\U0010ffff")))
        if account_id is not None:
            conditions.append(results.c.table_id.in_(select(result_seats.c.table_id).where(
                result_seats.c.account_id == account_id)))
        where = and_(*conditions) if conditions else None
        count = select(func.count()).select_from(results)
        rows_query = select(results).order_by(results.c.finished.desc(), results.c.table_id.desc())
        if where is not None:
            count = count.where(where)
            rows_query = rows_query.where(where)
        page = max(1, page)
        with self.engine.connect() as db:
            total = db.execute(count).scalar_one()
            rows = db.execute(rows_query.offset((page - 1) * per_page).limit(per_page)).all()
            listed = self._seats(db, [row.table_id for row in rows])
        return {"games": [_game_json(row, listed.get(row.table_id, [])) for row in rows], "total": total,
                "page": page, "per_page": per_page}

    def _seats(self, db: Any, table_ids: Sequence[str]) -> dict[str, list[Any]]:
        if not table_ids:
            return {}
        found: dict[str, list[Any]] = {}
        for row in db.execute(select(result_seats).where(result_seats.c.table_id.in_(list(table_ids)))
                              .order_by(result_seats.c.table_id, result_seats.c.seat)).all():
            found.setdefault(row.table_id, []).append(row)
        return found

    def result(self, table_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            row = db.execute(select(results).where(results.c.table_id == table_id)).first()
            if row is None:
                return None
            return _game_json(row, self._seats(db, [table_id]).get(table_id, []))

    def board(self, game: str, page: int = 1, per_page: int = BOARD_PAGE) -> dict[str, Any]:
        """A game's leaderboard: accounts and bot levels by rating (mu - 3 sigma), best first."""
        page = max(1, page)
        query = (select(ratings).where(ratings.c.game == game)
                 .order_by(ratings.c.rating.desc(), ratings.c.player).offset((page - 1) * per_page).limit(per_page))
        with self.engine.connect() as db:
            total = db.execute(select(func.count()).select_from(ratings).where(ratings.c.game == game)).scalar_one()
            rows = db.execute(query).all()
            ids = [int(row.player.partition(":")[2]) for row in rows if row.player.startswith("account:")]
            names = dict(db.execute(select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(ids))).all()) \
                if ids else {}
        players = []
        for rank, row in enumerate(rows, start=(page - 1) * per_page + 1):
            kind, _, ident = row.player.partition(":")
            players.append({"rank": rank, "player": row.player,
                            "name": names.get(int(ident)) if kind == "account" else None,
                            "bot": ident if kind == "bot" else None, "rating": round(row.rating, 2),
                            "mu": round(row.mu, 2), "sigma": round(row.sigma, 2), "games": row.games})
        return {"game": game, "players": players, "total": total, "page": page, "per_page": per_page}

    def skills_of(self, account_id: int) -> dict[str, dict[str, Any]]:
        with self.engine.connect() as db:
            rows = db.execute(select(ratings).where(ratings.c.player == account_key(account_id))).all()
        return {row.game: Skill(row.mu, row.sigma, row.games).to_json() for row in rows}

    # --- rebuilding ---------------------------------------------------------------------------------
    def rebuild(self, replay: bool = False) -> dict[str, int]:
        """Recompute every rating from the archive, game by game in the order they ended (bot levels start
        from the ladder again). With ``replay``, each result is first derived anew from its move log."""
        replayed = self._replay_results() if replay else 0
        with self.engine.connect() as db:
            rows = db.execute(select(results.c.table_id, results.c.game, results.c.finished, results.c.outcome,
                                     results.c.players)
                              .where(results.c.rated.is_(True))
                              .order_by(results.c.finished, results.c.table_id)).all()
            seat_rows = self._seats(db, [row.table_id for row in rows])
        skills: dict[str, dict[str, Skill]] = {game: dict(table) for game, table in self.seed.items()}
        changes: list[dict[str, Any]] = []
        weights: dict[str, float] = {}
        pairs = fairness.PairHistory()
        for row in rows:
            table = skills.setdefault(row.game, {})
            listed = seat_rows.get(row.table_id, [])
            facts = self._facts(row.table_id, row.players, listed)
            accounts_here = [seat.account_id for seat in listed if seat.account_id is not None]
            verdict = fairness.judge(facts, "forfeit" in json.loads(row.outcome),
                                     pairs.repeats(accounts_here, row.finished))
            rated = [(_result_player(seat), seat.place) for seat in listed if seat.account_id not in verdict.excluded]
            rated = [(key, place) for key, place in rated if key is not None]
            after = rating_model.rate(rated, table, verdict.weight)
            weights[row.table_id] = verdict.weight if after else 0.0
            if after:
                pairs.add([a for a in accounts_here if a not in verdict.excluded], row.finished)
            for seat in listed:
                key = _result_player(seat)
                changes.append({"t": row.table_id, "s": seat.seat,
                                "b": table[key].ordinal if key in after and key in table else None,
                                "a": after[key].ordinal if key in after else None})
            table.update(after)
        now = time.time()
        with self.engine.begin() as db:
            db.execute(delete(ratings))
            board = [{"game": game, "player": key, "mu": s.mu, "sigma": s.sigma, "rating": s.ordinal,
                      "games": s.games, "updated": now} for game, table in skills.items() for key, s in table.items()]
            if board:
                db.execute(insert(ratings), board)
            for change in changes:
                db.execute(update(result_seats).where(result_seats.c.table_id == change["t"],
                                                      result_seats.c.seat == change["s"])
                           .values(rating_before=change["b"], rating_after=change["a"]))
            for table_id, weight in weights.items():
                db.execute(update(results).where(results.c.table_id == table_id).values(weight=weight))
        return {"games": len(rows), "counted": sum(1 for w in weights.values() if w > 0), "players": len(board),
                "replayed": replayed}

    def _facts(self, table_id: str, players: int, listed: Sequence[Any]) -> list[fairness.SeatFacts]:
        """The seats as fairness.py judges them: as archived, or, for a game archived before the archive kept
        what each seat did, counted from its stored move log (and linked as the sightings say now)."""
        if listed and all(seat.own_moves is not None for seat in listed):
            return [fairness.SeatFacts(seat.seat, seat.bot is None, seat.account_id, seat.own_moves,
                                       seat.seat_moves, bool(seat.linked)) for seat in listed]
        played = fairness.participation(self.store.moves(table_id), players)
        linked = fairness.linked_accounts(self.sightings.of(
            [seat.account_id for seat in listed if seat.account_id is not None]))
        return [fairness.SeatFacts(seat.seat, seat.bot is None, seat.account_id, *played.get(seat.seat, (0, 0)),
                                   linked=seat.account_id in linked) for seat in listed]

    def _replay_results(self) -> int:
        """Derive each archived result from its stored move log again (places and outcome)."""
        with self.engine.connect() as db:
            ids = [row.table_id for row in db.execute(select(results.c.table_id)).all()]
        count = 0
        for table_id in ids:
            record = self.store.table(table_id)
            if record is None:
                continue
            match = Match(record.game, record.players, record.seed, record.options)
            for entry in self.store.moves(table_id):
                match.replay_entry(entry)
            outcome = match.outcome()
            if outcome is None:
                continue
            places = rating_model.places(record.game, outcome, record.players)
            with self.engine.begin() as db:
                db.execute(update(results).where(results.c.table_id == table_id)
                           .values(outcome=json.dumps(_outcome_json(outcome)), moves=len(match.log)))
                for seat in range(record.players):
                    db.execute(update(result_seats).where(result_seats.c.table_id == table_id,
                                                          result_seats.c.seat == seat)
                               .values(place=places[seat], score=outcome.scores.get(seat)))
            count += 1
        return count


def _result_player(seat: Any) -> str | None:
    if seat.bot is not None:
        return bot_key(seat.bot)
    if seat.account_id is not None:
        return account_key(seat.account_id)
    return None


def _forfeited(outcome: Outcome) -> bool:
    return isinstance(outcome.details, dict) and "forfeit" in outcome.details


def _abandoned(outcome: Outcome) -> bool:
    return isinstance(outcome.details, dict) and "abandoned" in outcome.details


def _outcome_json(outcome: Outcome) -> dict[str, Any]:
    details = outcome.details if isinstance(outcome.details, dict) else {}
    kept = {"winners": list(outcome.winners), "scores": {str(k): v for k, v in outcome.scores.items()}}
    if "forfeit" in details:
        kept["forfeit"] = details["forfeit"]
    if "abandoned" in details:  # the server could not go on (live.py, LiveTable.abandon)
        kept["abandoned"] = details["abandoned"]
    return kept


def _game_json(row: Any, seat_rows: Sequence[Any]) -> dict[str, Any]:
    outcome = json.loads(row.outcome)
    return {"table": row.table_id, "game": row.game, "players": row.players, "finished": row.finished,
            "rated": bool(row.rated), "moves": row.moves, "winners": outcome.get("winners", []),
            "forfeit": outcome.get("forfeit"), "abandoned": outcome.get("abandoned"),
            "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot, "member": s.account_id is not None,
                       "account": s.account_id, "place": s.place, "score": s.score,
                       "rating": None if s.rating_after is None else round(s.rating_after, 2),
                       "change": None if s.rating_after is None or s.rating_before is None
                       else round(s.rating_after - s.rating_before, 2)} for s in seat_rows]}


def _day(text: str) -> float:
    """Midnight UTC of a ``YYYY-MM-DD`` date, as epoch seconds (ValueError if it is not such a date)."""
    return datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=UTC).timestamp()


def finished_from(record: TableRecord, match: Match) -> Finished:
    outcome = match.outcome()
    assert outcome is not None
    return Finished(record, outcome, len(match.log))


def ratings_command(args: Any) -> int:
    """``ludus ratings rebuild [--db URL] [--replay]``: every rating recomputed from the archive."""
    store = Store(args.db)
    try:
        done = Archive(store).rebuild(replay=args.replay)
    finally:
        store.close()
    print(f"ludus: ratings rebuilt from {done['games']} rated games, {done['counted']} of which count under the "
          f"fair-play rules ({done['players']} rated players"
          + (f", {done['replayed']} results replayed from their move logs" if args.replay else "") + ")")
    return 0
