"""Shadows pictures over HTTP: any picture id of the standard or a seeded deck, as SVG."""

from __future__ import annotations

from starlette.testclient import TestClient


def test_a_clue_card_and_a_district_face_are_served_as_svg(client: TestClient) -> None:
    for picture_id in ("k0", "k83", "d6b4"):
        response = client.get(f"/pictures/{picture_id}.svg")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("image/svg+xml")
        assert response.text.startswith("<svg") and f'data-picture="{picture_id}"' in response.text


def test_a_seed_gives_that_games_fresh_deck(client: TestClient) -> None:
    standard = client.get("/pictures/k5.svg").text
    assert client.get("/pictures/k5.svg?seed=").text == standard
    assert client.get("/pictures/k5.svg?seed=7").text == client.get("/pictures/k5.svg?seed=7").text


def test_unknown_pictures_and_bad_seeds_are_refused(client: TestClient) -> None:
    assert client.get("/pictures/k84.svg").json()["error"] == "unknown-picture"
    assert client.get("/pictures/d7a0.svg").status_code == 404
    assert client.get("/pictures/k1.svg?seed=abc").json()["error"] == "bad-seed"
