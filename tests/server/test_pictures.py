"""Shadows pictures over HTTP: any picture id of the standard or a seeded deck, as SVG, and what every
picture shows in the page's language."""

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


def test_every_pictures_label_comes_in_the_pages_language(client: TestClient) -> None:
    from ludus.games.shadows.pictures import standard_deck
    from ludus.games.shadows.pictures.percept import label

    english = client.get("/pictures/labels.json").json()
    hungarian = client.get("/pictures/labels.json?lang=hu").json()
    chinese = client.get("/pictures/labels.json?lang=zh&seed=").json()
    assert english["lang"] == "en" and len(english["labels"]) == 154
    assert english["labels"]["k0"] == label(standard_deck()["k0"], "en")
    assert hungarian["labels"]["k0"] == label(standard_deck()["k0"], "hu") != english["labels"]["k0"]
    assert chinese["labels"]["d6b4"] == label(standard_deck()["d6b4"], "zh")
    seeded = client.get("/pictures/labels.json?seed=7").json()["labels"]
    assert seeded != english["labels"]


def test_labels_refuse_an_unknown_language_and_a_bad_seed(client: TestClient) -> None:
    assert client.get("/pictures/labels.json?lang=de").json()["error"] == "unknown-language"
    assert client.get("/pictures/labels.json?seed=x").json()["error"] == "bad-seed"
