"""Ratings that mean something (docs/accounts.md): a rated game counts only when every person at it took part,
a game abandoned early rates nobody, accounts seen from one address or browser session do not rate each
other, repeats of one pairing count less and then not at all, ``ludus ratings rebuild`` judges the archive by
the same rules, and the farming attack of issue 20 gets its account nowhere near the top of the leaderboard."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from account_helpers import Person, play_out, seated
from hypothesis import given
from hypothesis import strategies as st
from server_helpers import until
from starlette.testclient import TestClient

from ludus.engine import Outcome
from ludus.server.api import fairness
from ludus.server.api.fairness import SeatFacts, judge, participation
from ludus.server.api.ratings import places
from ludus.server.guards.limits import Limits

pytestmark = pytest.mark.timeout(300)


class Clock:
    """The turn clock's time: real time plus an offset the test moves on (a second's deadline passes at once)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from ludus.server.app import create_app

    # the rates that would slow the attacker down are opened wide: here only the rating rules stand in its way
    limits = Limits(tables="100000 per minute", joins="100000 per minute")
    app = create_app(f"sqlite:///{tmp_path / 'ludus.sqlite3'}", turn_tick=0.02, limits=limits)
    with TestClient(app) as test_client:
        clock = Clock()
        app.state.turns.now = clock
        app.state.clock_for_tests = clock
        yield test_client


def board(client: TestClient, game: str) -> dict[str, dict]:
    return {row["player"]: row for row in client.get(f"/api/ratings/{game}").json()["players"]}


def two_accounts(client: TestClient, same_address: bool) -> tuple[Person, Person]:
    first = Person(client, "Adso", address="10.0.1.1")
    second = Person(client, "William", address="10.0.1.1" if same_address else "10.0.1.2")
    return first, second


# --- the rules ----------------------------------------------------------------------------------------
def test_a_move_a_bot_made_for_a_person_is_not_theirs_and_a_forfeit_is_a_move_nobody_made() -> None:
    entries = [{"seat": 0, "choice": "+1"}, {"seat": 1, "choice": "+1", "by": "bot"}, {"seat": 0, "choice": "+1"},
               {"seat": 1, "choice": "+1"}, {"forfeit": 1}]
    assert participation(entries, 2) == {0: (2, 2), 1: (1, 3)}


def test_a_game_where_a_person_did_not_take_part_rates_nobody() -> None:
    present = SeatFacts(0, True, 1, own=10, moves=10)
    assert judge([present, SeatFacts(1, True, 2, own=0, moves=1)], True, {}).reason == "absent"
    assert judge([present, SeatFacts(1, True, 2, own=3, moves=10)], False, {}).weight == 0  # a bot played most
    assert judge([present, SeatFacts(1, True, 2, own=5, moves=10)], False, {}).weight == 1
    assert judge([present, SeatFacts(1, False, None, own=0, moves=10)], False, {}).weight == 1  # a bot's own seat


def test_a_game_ended_by_a_forfeit_before_everyone_made_a_few_moves_was_abandoned_early() -> None:
    early = [SeatFacts(0, True, 1, own=2, moves=2), SeatFacts(1, True, 2, own=2, moves=3)]
    assert judge(early, True, {}) == fairness.Verdict(0.0, frozenset(), "abandoned")
    assert judge(early, False, {}).weight == 1  # the same moves to a real end count
    later = [SeatFacts(0, True, 1, own=5, moves=5), SeatFacts(1, True, 2, own=5, moves=6)]
    assert judge(later, True, {}).weight == 1


def test_linked_accounts_are_left_out_and_the_others_rated_among_themselves() -> None:
    seats = [SeatFacts(0, True, 1, 5, 5, linked=True), SeatFacts(1, True, 2, 5, 5, linked=True),
             SeatFacts(2, True, 3, 5, 5)]
    verdict = judge(seats, False, {})
    assert verdict.excluded == {1, 2} and verdict.weight == 1


@given(st.lists(st.integers(0, 10), min_size=1, max_size=6))
def test_each_repeat_of_a_pairing_counts_less_and_from_the_cap_not_at_all(counts: list[int]) -> None:
    seats = [SeatFacts(0, True, 1, 5, 5), SeatFacts(1, True, 2, 5, 5)]
    weights = [judge(seats, False, {(1, 2): n}).weight for n in sorted(counts)]
    assert all(0 <= w <= 1 for w in weights)
    assert weights == sorted(weights, reverse=True)
    for n, weight in zip(sorted(counts), weights, strict=True):
        assert (weight == 0) == (n >= fairness.PAIR_CAP - 1)


def test_a_game_with_no_winner_at_all_is_judged_and_archived_without_a_fault(client: TestClient) -> None:
    nobody = Outcome((), {0: 1.0, 1: 3.0, 2: 3.0})
    assert len(places("floors", nobody, 3)) == 3
    from ludus.server.api.archive import Finished
    from ludus.server.store import SeatRecord, TableRecord

    record = TableRecord("t0", "floors", 3, 1, {}, "over", 0.0, time.time(),
                         [SeatRecord(seat, f"Monk{seat}", bot="easy") for seat in range(3)])
    assert client.app.state.archive.record(Finished(record, nobody, 10)) is True
    assert client.get("/api/archive").json()["games"][0]["winners"] == []


# --- in play ------------------------------------------------------------------------------------------
def accounts_game(client: TestClient, first: Person, second: Person) -> str:
    table_id = first.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0).json()["table"]["id"]
    assert second.post(f"/api/tables/{table_id}/join", name="x").status_code == 200
    play_out(client, table_id, [first, second])
    return table_id


def test_a_seat_that_never_connected_and_forfeited_gives_no_rating_to_anyone(client: TestClient) -> None:
    adso, william = two_accounts(client, same_address=False)
    table_id = adso.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0,
                         turn={"seconds": 1, "on_timeout": "forfeit"}).json()["table"]["id"]
    william.post(f"/api/tables/{table_id}/join", name="x")
    with seated(client, table_id, adso) as (ws, welcome):
        ws.send_json({"type": "choice", "seq": welcome["seq"], "choice": "+1"})  # Adso plays; William never comes
        client.app.state.clock_for_tests.offset += 5
        over = until(ws, lambda m: m.get("outcome") is not None)
    assert over["outcome"]["details"]["forfeit"] == 1
    game = client.get("/api/archive").json()["games"][0]
    assert game["rated"] and all(seat["rating"] is None for seat in game["seats"])
    assert not any(key.startswith("account:") for key in board(client, "tiny"))


def test_accounts_seen_from_one_address_do_not_rate_each_other(client: TestClient) -> None:
    adso, william = two_accounts(client, same_address=True)
    accounts_game(client, adso, william)
    assert not any(key.startswith("account:") for key in board(client, "tiny"))
    jorge = Person(client, "Jorge", address="10.0.1.3")
    accounts_game(client, adso, jorge)
    assert {"account:1", "account:3"} <= set(board(client, "tiny"))


def test_accounts_signed_into_from_one_browser_session_do_not_rate_each_other(client: TestClient) -> None:
    adso = Person(client, "Adso", address="10.0.1.1")
    signin = adso.client.post("/api/account/signup", json={"name": "William", "password": "another fine password"},
                              headers=adso.headers)  # Adso's browser, still signed in, makes a second account
    assert signin.status_code == 201
    william = Person(client, "William", password="another fine password", signup=False, address="10.0.1.2")
    adso = Person(client, "Adso", signup=False, address="10.0.1.3")
    accounts_game(client, adso, william)
    assert not any(key.startswith("account:") for key in board(client, "tiny"))


def test_repeats_of_one_pairing_count_less_and_rebuild_judges_the_archive_alike(client: TestClient) -> None:
    adso, william = two_accounts(client, same_address=False)
    for _ in range(fairness.PAIR_CAP + 1):
        accounts_game(client, adso, william)
    store = client.app.state.store
    with store.engine.connect() as db:
        from sqlalchemy import text

        weights = [row[0] for row in db.execute(text("SELECT weight FROM ludus_results ORDER BY finished"))]
    assert weights == [1.0, 0.5, 0.25, 0.0, 0.0]
    assert board(client, "tiny")["account:1"]["games"] == 3
    before = board(client, "tiny")
    with store.engine.begin() as db:
        db.execute(text("UPDATE ludus_ratings SET mu = 0, sigma = 1, rating = -3"))
        db.execute(text("UPDATE ludus_results SET weight = NULL"))
    done = client.app.state.archive.rebuild()
    assert (done["games"], done["counted"]) == (5, 3)
    rebuilt = board(client, "tiny")
    assert rebuilt.keys() == before.keys()
    for key, row in before.items():
        assert rebuilt[key]["rating"] == pytest.approx(row["rating"], abs=1e-6)
        assert rebuilt[key]["games"] == row["games"]


# --- the farming attack of issue 20 ----------------------------------------------------------------------
GAME_SECONDS = 2.0  # the attack in the issue: 70 games in 140 s
ATTACK_SECONDS = 300.0


def farm(client: TestClient, farmer: Person, feeder: Person, games: int) -> int:
    """Two accounts of one person: a rated 2-player Rose table, a second a move, forfeit on timeout; the
    feeder joins and never connects, forfeits; both accept the rematch; again. Returns the games played."""
    clock = client.app.state.clock_for_tests
    created = farmer.post("/api/tables", game="rose", players=2, name="x", bot_delay=0,
                          turn={"seconds": 1, "on_timeout": "forfeit"})
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]
    assert feeder.post(f"/api/tables/{table_id}/join", name="x").status_code == 200
    played = 0
    while played < games:
        with seated(client, table_id, farmer) as (ws, message):
            while message.get("outcome") is None:
                if message.get("decisions"):
                    options = message["decisions"][0]["options"]
                    ws.send_json({"type": "choice", "seq": message["seq"], "choice": options[0]})
                elif "1" in (message.get("deadlines") or {}):
                    clock.offset += 2.0  # the feeder's second runs out
                message = until(ws, lambda m: m["type"] in ("update", "welcome"))
        assert message["outcome"]["details"].get("forfeit") == 1
        played += 1
        if played == games:
            break
        for who in (farmer, feeder):
            answer = who.post(f"/api/tables/{table_id}/rematch", answer="accept")
            assert answer.status_code == 200, answer.text
        table_id = answer.json()["rematch"]
    return played


@pytest.mark.parametrize("same_address", [True, False], ids=["one-address", "two-addresses"])
def test_the_farming_attack_run_for_five_minutes_gets_its_account_nowhere_near_the_top_ten(
        client: TestClient, same_address: bool) -> None:
    farmer, feeder = two_accounts(client, same_address)
    games = farm(client, farmer, feeder, round(ATTACK_SECONDS / GAME_SECONDS))
    assert games == 150
    archived = client.get("/api/archive?game=rose").json()
    assert archived["total"] == 150
    ranks = {row["player"]: row["rank"] for row in client.get("/api/ratings/rose?page=1").json()["players"]}
    rank = ranks.get(f"account:{farmer.account['id']}")
    print(f"farming ({'one address' if same_address else 'two addresses'}): {games} games, farmer's rank {rank}")
    assert rank is None or rank > 10
    assert f"account:{feeder.account['id']}" not in ranks
