"""The archive of finished games and the ratings: every finished table is archived once with each seat's
place; the public archive filters by game, player and date and pages; a rated game moves the OpenSkill
ratings of its accounts and bot levels (each level one rated player, seeded from the bot ladder); a table
its creator marks unrated, or with changed rule options, moves nothing; ratings survive a restart and
`ludus ratings rebuild` recomputes them from the archive; a player's page lists their games."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from account_helpers import Person, play_out
from server_helpers import create, join, two_processes_racing
from starlette.testclient import TestClient

from ludus.engine import Outcome
from ludus.server.api.ratings import places, seed_skills


def board(client: TestClient, game: str = "tiny") -> dict[str, dict]:
    return {row["player"]: row for row in client.get(f"/api/ratings/{game}").json()["players"]}


def accounts_game(client: TestClient, first: Person, second: Person, **body: object) -> str:
    table_id = first.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0, **body).json()["table"]["id"]
    assert second.post(f"/api/tables/{table_id}/join", name="x").status_code == 200
    play_out(client, table_id, [first, second])
    return table_id


def test_places_put_the_winners_first_then_the_game_s_own_score_order_and_a_forfeit_last() -> None:
    rose = Outcome((2,), {0: 30.0, 1: 25.0, 2: 20.0, 3: 25.0})
    assert places("rose", rose, 4) == [3, 2, 1, 2]  # the lowest clue is best; equal clue shares a place
    floors = Outcome((1,), {0: 1.0, 1: 3.0, 2: 2.0})
    assert places("floors", floors, 3) == [3, 1, 2]  # the most figures out is best
    forfeited = Outcome((1, 2), {0: 0.0, 1: 1.0, 2: 1.0}, {"forfeit": 0})
    assert places("floors", forfeited, 3) == [2, 1, 1]
    shadows = Outcome((0, 2), {0: 2.0, 1: 1.0, 2: 2.0, 3: 1.0})
    assert places("shadows", shadows, 4) == [1, 2, 1, 2]


def test_a_finished_table_is_archived_once_with_each_seat_s_place(client: TestClient) -> None:
    created = create(client, players=2, name="Adso")
    table_id = created["table"]["id"]
    william = join(client, table_id, "William")
    final = play_out(client, table_id, [created["token"], william["token"]])
    winner = final["outcome"]["winners"][0]
    archived = client.get("/api/archive").json()
    assert archived["total"] == 1
    game = archived["games"][0]
    assert (game["table"], game["game"], game["winners"], game["rated"]) == (table_id, "tiny", [winner], True)
    assert [(s["name"], s["place"]) for s in game["seats"]] == [
        ("Adso", 1 if winner == 0 else 2), ("William", 1 if winner == 1 else 2)]
    assert game["moves"] == final["seq"]
    # whoever tells the archive again (a restart, another process) changes nothing
    from ludus.engine import Match
    from ludus.server.api.archive import finished_from

    store = client.app.state.store
    record = store.table(table_id)
    match = Match(record.game, record.players, record.seed, record.options)
    for entry in store.moves(table_id):
        match.replay_entry(entry)
    assert client.app.state.archive.record(finished_from(record, match)) is False
    assert client.get("/api/archive").json()["total"] == 1


def test_the_archive_filters_by_game_player_and_date_and_pages(client: TestClient) -> None:
    archive = client.app.state.archive
    from ludus.server.api.archive import Finished
    from ludus.server.store import SeatRecord, TableRecord

    day = 86400.0
    start = 1_780_000_000.0 - 1_780_000_000.0 % day  # a midnight, UTC
    for n in range(30):
        game = "rose" if n % 3 == 0 else "floors"
        names = [f"Monk{n}", "Adso" if n % 2 else "William"]
        record = TableRecord(f"t{n:02}", game, 2, n, {}, "over", 0.0, start,
                             [SeatRecord(seat, name) for seat, name in enumerate(names)], rated=False)
        archive.record(Finished(record, Outcome((0,), {0: 1.0, 1: 0.0}), 10), at=start + n * day + 3600)
    everything = client.get("/api/archive").json()
    assert (everything["total"], everything["per_page"], len(everything["games"])) == (30, 25, 25)
    assert everything["games"][0]["table"] == "t29"  # newest first
    second = client.get("/api/archive?page=2").json()["games"]
    assert [g["table"] for g in second] == ["t04", "t03", "t02", "t01", "t00"]
    roses = client.get("/api/archive?game=rose").json()
    assert roses["total"] == 10 and {g["game"] for g in roses["games"]} == {"rose"}
    adso = client.get("/api/archive?player=ads").json()  # the beginning of a name, any case
    assert adso["total"] == 15 and all("Adso" in [s["name"] for s in g["seats"]] for g in adso["games"])
    assert client.get("/api/archive?player=monk1").json()["total"] == 11  # Monk1, Monk10 … Monk19
    iso = time.strftime("%Y-%m-%d", time.gmtime(start + 5 * day))
    until = time.strftime("%Y-%m-%d", time.gmtime(start + 7 * day))
    dated = client.get(f"/api/archive?since={iso}&until={until}").json()
    assert [g["table"] for g in dated["games"]] == ["t07", "t06", "t05"]
    assert client.get("/api/archive?since=yesterday").json()["error"] == "bad-date"
    assert client.get("/api/archive?game=chess").json()["error"] == "unknown-game"
    assert client.get("/api/archive?page=0").json()["error"] == "bad-page"


def test_bot_levels_start_at_their_ladder_rating_and_show_on_the_leaderboard(client: TestClient) -> None:
    seeded = seed_skills()
    assert set(seeded) == {"rose", "floors", "shadows"}
    for game, levels in seeded.items():
        assert set(levels) == {"bot:random", "bot:easy", "bot:medium", "bot:hard"}
        shown = board(client, game)
        for key, skill in levels.items():
            assert shown[key]["rating"] == pytest.approx(skill.ordinal, abs=0.01)
            assert shown[key]["bot"] == key.removeprefix("bot:")


def test_two_processes_starting_on_one_fresh_database_both_seed_the_bot_levels_once(tmp_path: Path) -> None:
    """Two servers started together on a fresh database (the two-process deployment) both seed the bot
    levels' ratings; the one that writes second meets the other's rows and starts all the same."""
    from sqlalchemy import func, select

    from ludus.server.api.archive import Archive
    from ludus.server.store import ratings

    with two_processes_racing(tmp_path, "ludus_ratings", Archive) as (_, second, raced):
        Archive(second)  # read: nothing seeded; the other process writes; this write meets its rows
        assert raced
        with second.engine.connect() as db:
            count = db.execute(select(func.count()).select_from(ratings)).scalar_one()
        assert count == sum(len(levels) for levels in seed_skills().values())


def test_a_rated_game_moves_the_ratings_of_its_accounts_and_bot_levels(client: TestClient) -> None:
    adso, william = Person(client, "Adso", address="10.0.0.1"), Person(client, "William", address="10.0.0.2")
    table_id = accounts_game(client, adso, william)
    result = client.get("/api/archive").json()["games"][0]
    winner = result["winners"][0]
    shown = board(client)
    ids = [adso.account["id"], william.account["id"]]
    win, lose = shown[f"account:{ids[winner]}"], shown[f"account:{ids[1 - winner]}"]
    assert win["rating"] > lose["rating"] and win["games"] == lose["games"] == 1
    assert win["name"] == ["Adso", "William"][winner]
    assert result["table"] == table_id and all(s["change"] is not None for s in result["seats"])
    # a bot level is one rated player: two easy bots at one table are one player who played one game
    created = adso.post("/api/tables", game="tiny", players=3, name="x", bot_delay=0,
                        bots=[None, "easy", "easy"]).json()
    play_out(client, created["table"]["id"], [adso])
    easy = board(client)["bot:easy"]
    assert easy["games"] == 1 and easy["name"] is None


def test_a_game_nobody_won_is_one_shared_place_and_moves_no_rating(client: TestClient) -> None:
    from ludus.server.api.archive import Finished
    from ludus.server.store import SeatRecord, TableRecord

    # Fearsome Floors with no figure out: every seat lost (docs/floors.md); not a win, not a draw to rate
    nobody = Outcome((), {0: 0.0, 1: 0.0, 2: 0.0}, {"ended": "deck_turned", "first_out": None})
    assert places("floors", nobody, 3) == [1, 1, 1]
    assert places("rose", Outcome((), {0: 20.0, 1: 30.0}), 2) == [1, 1]  # whatever the scores: nobody beat anybody
    before = board(client, "floors")
    record = TableRecord("nobody", "floors", 3, 1, {}, "over", 0.0, time.time(),
                         [SeatRecord(0, bot="easy"), SeatRecord(1, bot="hard"), SeatRecord(2, bot="random")])
    assert client.app.state.archive.record(Finished(record, nobody, 300))
    game = client.get("/api/archive").json()["games"][0]
    assert (game["table"], game["winners"], game["rated"]) == ("nobody", [], True)
    assert all(seat["change"] is None for seat in game["seats"])
    assert board(client, "floors") == before


def test_a_table_marked_unrated_or_with_changed_options_moves_no_rating(client: TestClient) -> None:
    adso, william = Person(client, "Adso", address="10.0.0.1"), Person(client, "William", address="10.0.0.2")
    accounts_game(client, adso, william, rated=False)
    accounts_game(client, adso, william, options={"target": 3})
    games = client.get("/api/archive").json()["games"]
    assert [g["rated"] for g in games] == [False, False]
    assert not any(key.startswith("account:") for key in board(client))


def test_guests_are_not_rated_and_a_game_with_one_rated_player_moves_nothing(client: TestClient) -> None:
    adso = Person(client, "Adso", address="10.0.0.1")
    table_id = adso.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0).json()["table"]["id"]
    guest = join(client, table_id, "Guest")
    play_out(client, table_id, [adso, guest["token"]])
    assert "account:1" not in board(client)
    assert client.get("/api/archive").json()["games"][0]["seats"][1]["rating"] is None


def test_ratings_survive_a_restart_and_ludus_ratings_rebuild_recomputes_them(db_url: str) -> None:
    from ludus.cli import main
    from ludus.server.app import create_app

    with TestClient(create_app(db_url)) as client:
        people = [Person(client, name, address=f"10.0.0.{n}") for n, name in enumerate(("Adso", "William", "Jorge"))]
        for first, second in ((0, 1), (1, 2), (2, 0), (0, 1)):
            accounts_game(client, people[first], people[second])
        before = board(client)
    with TestClient(create_app(db_url)) as client:
        assert board(client) == before
        with client.app.state.store.engine.begin() as db:
            from sqlalchemy import text

            db.execute(text("UPDATE ludus_ratings SET mu = 0, sigma = 1, rating = -3"))  # spoil them
        assert board(client) != before
    assert main(["ratings", "rebuild", "--db", db_url]) == 0
    with TestClient(create_app(db_url)) as client:
        rebuilt = board(client)
    assert rebuilt.keys() == before.keys()
    for key, row in before.items():
        assert rebuilt[key]["rating"] == pytest.approx(row["rating"], abs=1e-6)
        assert rebuilt[key]["games"] == row["games"]
    assert main(["ratings", "rebuild", "--db", db_url, "--replay"]) == 0
    with TestClient(create_app(db_url)) as client:
        assert {k: r["rating"] for k, r in board(client).items()} == pytest.approx(
            {k: r["rating"] for k, r in before.items()}, abs=1e-6)


def test_my_page_lists_my_finished_games_and_my_ratings(client: TestClient) -> None:
    adso, william = Person(client, "Adso", address="10.0.0.1"), Person(client, "William", address="10.0.0.2")
    table_id = accounts_game(client, adso, william)
    create(client, players=2, name="Somebody else")
    mine = adso.get("/api/me").json()
    assert mine["account"]["name"] == "Adso"
    assert [g["table"] for g in mine["finished"]["games"]] == [table_id]
    assert mine["ratings"]["tiny"]["games"] == 1
    assert mine["running"] == [] and mine["waiting"] == 0
    assert adso.get("/api/me/games?page=2").json()["games"] == []
