"""The aids that teach during a real game (issue 23 point 3) are options of casual tables: a table asked to be
rated with an aid on is refused with a clear error and nothing is stored; without "rated" it is casual."""

from __future__ import annotations

from server_helpers import create
from starlette.testclient import TestClient

AIDED = ("rose", "floors", "shadows")


def test_every_game_offers_its_aid_off_by_default(client: TestClient) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()["games"]}
    for game in AIDED:
        aid = next(option for option in games[game]["options"] if option["name"] == "aid")
        assert aid["default"] is False, game


def test_a_rated_table_with_an_aid_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    before = client.get("/api/tables").json()["tables"]
    for game in AIDED:
        response = client.post("/api/tables", json={"game": game, "players": 4, "name": "Adso", "rated": True,
                                                     "options": {"aid": True}})
        assert response.status_code == 400, game
        assert response.json()["error"] == "aid-on-rated-table"
        assert "casual" in response.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == before


def test_a_table_with_an_aid_is_casual(client: TestClient) -> None:
    for game, rated in (("rose", False), ("floors", None)):
        body = {"game": game, "players": 4, "name": "Adso", "options": {"aid": True}}
        if rated is not None:
            body["rated"] = rated
        table = create(client, **body)["table"]
        assert table["rated"] is False and table["options"]["aid"] is True
    # the aid off is the published game: still rated
    assert create(client, game="floors", players=3, name="Adso", options={"aid": False})["table"]["rated"] is True
