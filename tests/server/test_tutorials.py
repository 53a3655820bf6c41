"""The tutorials' HTTP API (issue 23): a step is the learner's seat's view of the scripted game; a click is judged
by the engine (ok, illegal with the refusal, or another legal move) and changes nothing; a signed-in learner's
step is kept in the account, a guest's is not the server's business."""

from __future__ import annotations

from account_helpers import Person
from starlette.testclient import TestClient

from ludus.engine.tutorial import load_tutorial


def test_a_step_shows_only_the_learners_seat(client: TestClient) -> None:
    listing = client.get("/api/tutorials").json()
    assert listing["progress"] is None
    rose = next(item for item in listing["tutorials"] if item["game"] == "rose")
    assert [c["id"] for c in rose["chapters"]][:2] == ["secret", "cards"]
    step = client.get("/api/tutorials/rose/steps/0").json()
    assert step["seat"] == 0 and step["view"]["you"]["identity"] == "black"
    assert all(d["seat"] == 0 for d in step["decisions"]) and step["decisions"][0]["kind"] == "card"
    assert all(e["audience"] in (None, [0]) for e in step["events"])
    assert client.get("/api/tutorials/rose/steps/999").json()["error"] == "bad-step"
    assert client.get("/api/tutorials/nosuch/steps/0").status_code == 404


def test_a_wrong_click_gets_the_engines_refusal_and_the_tutorial_goes_on(client: TestClient) -> None:
    refused = client.post("/api/tutorials/rose/steps/0", json={"choice": "Porta"}).json()
    assert refused["result"] == "illegal" and refused["code"] == "not-offered" and refused["expected"] == "c4"
    other = client.post("/api/tutorials/rose/steps/0", json={"choice": "c19"}).json()
    assert other == {"result": "other", "expected": "c4"}
    assert client.post("/api/tutorials/rose/steps/0", json={"choice": "c4"}).json()["result"] == "ok"
    last = len(load_tutorial("rose").steps) - 1
    assert client.post(f"/api/tutorials/rose/steps/{last}", json={"choice": "x"}).json()["error"] == "bad-step"


def test_a_shadows_detective_step_shows_no_map_card_and_an_officer_step_shows_only_the_officers_own(
        client: TestClient) -> None:
    shadows = load_tutorial("shadows")
    seen = {"officer": 0, "detective": 0}
    for index in range(len(shadows.steps)):
        step = client.get(f"/api/tutorials/shadows/steps/{index}").json()
        view = step["view"]
        if view["phase"] != "play":
            continue
        role = view["you"]["role"]
        seen[role] += 1
        if role == "detective":
            assert view["map"] is None, index
            assert "map" not in step["decisions"][0]["prompt"], index
        else:
            assert view["map"]["card"] == "coop", index
        # the only maps anyone sees besides the officer's own are of finished rounds (public at the table)
        for event in step["events"]:
            assert "maps" not in event["data"] or event["kind"] == "round-ended", (index, event["kind"])
    assert seen["officer"] >= 3 and seen["detective"] >= 3
    refused = client.post("/api/tutorials/shadows/steps/0", json={"choice": 22}).json()
    assert refused["result"] == "illegal" and refused["code"] == "no-decision"


def test_a_signed_in_learner_resumes_at_the_kept_step_and_a_finished_tutorial_stays_finished(
        client: TestClient) -> None:
    assert client.post("/api/tutorials/rose/progress", json={"step": 3}).status_code == 401
    ann = Person(client, "Ann")
    assert client.post("/api/tutorials/rose/progress", json={"step": 3}, headers=ann.headers).json() == {
        "step": 3, "done": False}
    assert client.get("/api/tutorials", headers=ann.headers).json()["progress"] == {"rose": {"step": 3, "done": False}}
    client.post("/api/tutorials/rose/progress", json={"step": 15, "done": True}, headers=ann.headers)
    again = client.post("/api/tutorials/rose/progress", json={"step": 0}, headers=ann.headers).json()
    assert again == {"step": 0, "done": True}


def test_a_floors_step_is_the_learners_view_and_a_click_on_a_bots_figure_gets_the_engines_refusal(
        client: TestClient) -> None:
    listing = client.get("/api/tutorials").json()
    floors = next(item for item in listing["tutorials"] if item["game"] == "floors")
    assert [c["rules"] for c in floors["chapters"]][:3] == ["moving", "figures", "stones"]
    step = client.get("/api/tutorials/floors/steps/0").json()
    assert step["seat"] == 0 and step["decisions"][0]["kind"] == "figure" and step["expected"] == 1
    assert all(e["audience"] in (None, [0]) for e in step["events"])
    refused = client.post("/api/tutorials/floors/steps/0", json={"choice": "2"}).json()  # the bot's figure
    assert refused["result"] == "illegal" and refused["code"] == "not-offered" and refused["expected"] == 1
    assert client.post("/api/tutorials/floors/steps/0", json={"choice": 0}).json() == {"result": "other", "expected": 1}
    ok = client.post("/api/tutorials/floors/steps/0", json={"choice": 1}).json()
    assert ok["result"] == "ok" and ok["next"]["step"] == 1 and ok["next"]["expected"] == "enter"
