"""What /api/games offers beyond options: a game's presets (Shadows' "First game") and its component table
(The Name of the Rose's assumed values), and the server's check of an edition typed in the lobby."""

from __future__ import annotations

from server_helpers import create
from starlette.testclient import TestClient

from ludus.engine import load_game, resolve_options


def _games(client: TestClient) -> dict[str, dict]:
    return {game["id"]: game for game in client.get("/api/games").json()["games"]}


def test_shadows_offers_the_rulebooks_first_game_preset_with_the_easier_map_cards_only(client: TestClient) -> None:
    presets = {preset["name"]: preset["options"] for preset in _games(client)["shadows"]["presets"]}
    assert presets["first-game"]["max_map_rating"] == 1
    table = create(client, game="shadows", players=4, options=presets["first-game"])["table"]
    assert table["options"]["max_map_rating"] == 1 and table["options"]["districts_each_round"] is False


def test_every_preset_of_every_game_is_a_valid_set_of_options(client: TestClient) -> None:
    for game_id, info in _games(client).items():
        for preset in info["presets"]:
            resolve_options(load_game(game_id).options, preset["options"])


def test_the_rose_component_table_marks_the_assumed_values_with_what_is_certain(client: TestClient) -> None:
    rows = {row["name"]: row for row in _games(client)["rose"]["components"]}
    assumed = {name for name, row in rows.items() if row["assumed"]}
    assert assumed == {"building_card_hours", "monk_card_hours", "task_tile_values"}
    def certain(name: str) -> tuple[int, int, int]:
        return rows[name]["count"], rows[name]["low"], rows[name]["high"]

    assert certain("monk_card_hours") == (4, 0, 5) and certain("task_tile_values") == (7, 2, 6)
    assert _games(client)["floors"]["components"] is None


def test_a_table_plays_the_edition_its_creator_typed_in(client: TestClient) -> None:
    edition = {"monk_card_hours": [0, 2, 4, 5], "task_tile_values": [2, 3, 3, 4, 4, 5, 6]}
    table = create(client, game="rose", players=3, options={"edition": edition})["table"]
    assert table["options"]["edition"] == edition


def test_a_wrong_edition_is_refused_with_a_clear_error_and_creates_nothing(client: TestClient) -> None:
    before = client.get("/api/tables").json()["tables"]
    for edition, says in (({"monk_card_hours": [1, 2, 3]}, "needs 4 numbers"),
                          ({"monk_card_hours": [1, 2, 3, 9]}, "from 0 to 5"),
                          ({"task_tile_values": "2, 2, x"}, "list of whole numbers"),
                          ({"dragons": [1]}, "unknown component"),
                          ("/etc/passwd", "must be an object")):
        response = client.post("/api/tables", json={"game": "rose", "players": 3, "options": {"edition": edition}})
        assert response.status_code == 400 and response.json()["error"] == "bad-options"
        assert says in response.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == before
