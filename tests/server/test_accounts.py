"""Optional accounts: sign up, sign in, sign out; the session and CSRF cookies; CSRF on every state-changing
call made with the cookie; rate-limited sign-in; no password or token in a log, URL or response; a guest seat
claimed into an account after the game; an account sitting at its seat from another device; and the
no-account path unchanged."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from account_helpers import PASSWORD, Person, play_out, seated
from server_helpers import create, join
from starlette.testclient import TestClient, WebSocketDenialResponse


def cookie_lines(response: object) -> dict[str, str]:
    lines = response.headers.get_list("set-cookie")  # type: ignore[attr-defined]
    return {line.split("=", 1)[0]: line for line in lines}


def test_signing_up_sets_an_http_only_session_cookie_and_a_csrf_cookie_the_page_can_read(client: TestClient) -> None:
    response = client.post("/api/account/signup", json={"name": "Adso", "password": PASSWORD})
    assert response.status_code == 201
    assert response.json() == {"account": {"id": 1, "name": "Adso"}}
    cookies = cookie_lines(response)
    session, csrf = cookies["ludus_session"].lower(), cookies["ludus_csrf"].lower()
    assert "httponly" in session and "samesite=lax" in session and "path=/" in session
    assert "httponly" not in csrf and "samesite=strict" in csrf
    assert "secure" not in session  # served over plain HTTP
    assert client.get("/api/account").json() == {"account": {"id": 1, "name": "Adso"}}


def test_over_https_the_cookies_are_secure(tmp_path: Path) -> None:
    from ludus.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}"), base_url="https://testserver") as secure:
        cookies = cookie_lines(secure.post("/api/account/signup", json={"name": "Adso", "password": PASSWORD}))
    assert all("; secure" in line.lower() for line in cookies.values())


def test_a_name_belongs_to_one_account_whatever_its_case(client: TestClient) -> None:
    Person(client, "Adso")
    again = client.post("/api/account/signup", json={"name": "ADSO", "password": PASSWORD})
    assert (again.status_code, again.json()["error"]) == (409, "name-taken")
    short = client.post("/api/account/signup", json={"name": "Jorge", "password": "short"})
    assert short.json()["error"] == "bad-password"
    assert client.post("/api/account/signup", json={"name": " ", "password": PASSWORD}).json()["error"] == "bad-name"


def test_signing_in_needs_the_right_password_and_an_unknown_name_gets_the_same_answer(client: TestClient) -> None:
    Person(client, "Adso")
    wrong = client.post("/api/account/signin", json={"name": "adso", "password": "not the password"})
    unknown = client.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json()["error"] == unknown.json()["error"] == "bad-credentials"
    assert "set-cookie" not in wrong.headers
    again = Person(client, "adso", signup=False)
    assert again.account == {"id": 1, "name": "Adso"}
    assert again.get("/api/account").json()["account"]["name"] == "Adso"


@pytest.fixture
def counted(tmp_path: Path) -> Iterator[TestClient]:
    """The default rates, counted over a day instead of a minute: nothing depends on how fast Argon2 runs."""
    from ludus.server.api.accounts import AttemptRates
    from ludus.server.app import create_app

    daily = AttemptRates(signin_per_pair="5 per day", signin_per_address="20 per day")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'daily.sqlite3'}", attempt_rates=daily)) as test_client:
        yield test_client


def test_sign_ins_of_one_name_from_one_address_are_limited_but_its_owner_gets_in_from_another(
        counted: TestClient) -> None:
    client = counted
    Person(client, "Adso", address="10.0.0.9")
    answers = [client.post("/api/account/signin", json={"name": "Adso", "password": f"guess {n}"}).status_code
               for n in range(6)]
    assert answers == [401] * 5 + [429]
    refused = client.post("/api/account/signin", json={"name": "Adso", "password": PASSWORD})
    assert refused.status_code == 429 and refused.json()["error"] == "too-many-attempts"
    assert int(refused.headers["retry-after"]) >= 1
    # the owner, from another address, is not locked out by someone else's guesses
    assert Person(client, "Adso", signup=False, address="10.0.0.10").account["name"] == "Adso"
    # and another name from the guessing address is still let in
    Person(client, "William")
    assert client.post("/api/account/signin", json={"name": "William", "password": PASSWORD}).status_code == 200


def test_sign_in_attempts_are_limited_per_address(counted: TestClient) -> None:
    client = counted
    names = [f"Monk{n}" for n in range(21)]
    answers = [client.post("/api/account/signin", json={"name": name, "password": PASSWORD}).status_code
               for name in names]
    assert answers == [401] * 20 + [429]


def test_a_state_changing_call_with_the_session_cookie_needs_the_csrf_token(client: TestClient) -> None:
    adso = Person(client, "Adso")
    forged = client.post("/api/tables", json={"game": "tiny", "players": 2, "name": "Adso"},
                         headers={"cookie": f"ludus_session={adso.session}"})
    assert (forged.status_code, forged.json()["error"]) == (403, "bad-csrf")
    wrong = client.post("/api/tables", json={"game": "tiny", "players": 2, "name": "Adso"},
                        headers={"cookie": f"ludus_session={adso.session}", "x-csrf-token": "guessed"})
    assert wrong.json()["error"] == "bad-csrf"
    assert client.get("/api/tables").json()["tables"] == []  # nothing was created
    made = adso.post("/api/tables", game="tiny", players=2, name="whatever")
    assert made.status_code == 201
    assert made.json()["table"]["seats"][0]["name"] == "Adso"  # an account plays under its own name
    assert made.json()["table"]["seats"][0]["member"] is True


def test_signing_out_ends_the_session(client: TestClient) -> None:
    adso = Person(client, "Adso")
    out = adso.post("/api/account/signout")
    assert out.status_code == 200 and out.json() == {"account": None}
    assert all("max-age=0" in line.lower() or "expires=" in line.lower() for line in cookie_lines(out).values())
    assert adso.get("/api/account").json() == {"account": None}
    # the old cookie is worth nothing now: no CSRF needed, and no account behind it
    made = client.post("/api/tables", json={"game": "tiny", "players": 2, "name": "Guest"},
                       headers={"cookie": f"ludus_session={adso.session}"})
    assert made.status_code == 201 and made.json()["table"]["seats"][0]["member"] is False


def test_no_password_or_session_token_reaches_a_log_a_url_or_a_response_body(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    bodies = []
    signup = client.post("/api/account/signup", json={"name": "Adso", "password": PASSWORD})
    session, csrf = signup.cookies["ludus_session"], signup.cookies["ludus_csrf"]
    client.cookies.clear()
    bodies.append(signup.text)
    bodies.append(client.post("/api/account/signin", json={"name": "Adso", "password": "wrong password"}).text)
    signin = client.post("/api/account/signin", json={"name": "Adso", "password": PASSWORD})
    client.cookies.clear()
    bodies.append(signin.text)
    headers = {"cookie": f"ludus_session={signin.cookies['ludus_session']}",
               "x-csrf-token": signin.cookies["ludus_csrf"]}
    bodies.append(client.get("/api/account", headers=headers).text)
    bodies.append(client.get("/api/me", headers=headers).text)
    bodies.append(client.post("/api/account/signout", json={}, headers=headers).text)
    secrets = [PASSWORD, session, csrf, signin.cookies["ludus_session"], signin.cookies["ludus_csrf"]]
    logged = "\n".join(record.getMessage() + repr(record.args) for record in caplog.records)
    for secret in secrets:
        assert all(secret not in body for body in bodies)
        assert secret not in logged
    stored = client.app.state.store
    with stored.engine.connect() as db:
        from sqlalchemy import text

        dump = repr(db.execute(text("SELECT * FROM ludus_accounts")).all()) + \
            repr(db.execute(text("SELECT * FROM ludus_sessions")).all())
    assert all(secret not in dump for secret in secrets)
    assert "$argon2id$" in dump


def test_a_guest_seat_is_claimed_into_an_account_after_the_game(client: TestClient) -> None:
    created = create(client, players=2, name="Adso")
    table_id = created["table"]["id"]
    william = join(client, table_id, "William")
    play_out(client, table_id, [created["token"], william["token"]])
    adso = Person(client, "Adso")
    assert adso.get("/api/me").json()["finished"]["total"] == 0
    claimed = adso.post("/api/account/claim", table=table_id, token=created["token"])
    assert claimed.json() == {"table": table_id, "seat": 0}
    mine = adso.get("/api/me").json()["finished"]
    assert mine["total"] == 1 and mine["games"][0]["table"] == table_id
    # a token proves the seat: someone else's token, or a seat another account holds, is refused
    jorge = Person(client, "Jorge")
    assert jorge.post("/api/account/claim", table=table_id, token="not-a-token").json()["error"] == "bad-token"
    assert jorge.post("/api/account/claim", table=table_id, token=created["token"]).json()["error"] == "seat-claimed"
    assert client.post("/api/account/claim", json={"table": table_id, "token": william["token"]}).json()["error"] \
        == "signed-out"


def test_a_signed_in_player_sits_at_their_seat_on_another_device_without_the_token(client: TestClient) -> None:
    adso = Person(client, "Adso")
    created = adso.post("/api/tables", game="tiny", players=2, name="Adso").json()
    table_id = created["table"]["id"]
    join(client, table_id, "William")
    with seated(client, table_id, adso) as (_, welcome):
        assert welcome["seat"] == 0 and welcome["decisions"]
    # from another site's page (a different Origin) the cookie seats nobody: the socket is refused outright
    with pytest.raises(WebSocketDenialResponse) as refused, client.websocket_connect(f"/ws/{table_id}", headers={
            "cookie": f"ludus_session={adso.session}", "origin": "https://evil.example"}):
        pass
    assert refused.value.status_code == 403 and refused.value.json()["error"] == "bad-origin"
    # and the account stands in for the token at the table's other endpoints
    left = adso.post(f"/api/tables/{table_id}/leave")
    assert left.json() == {"left": 0}


def test_a_table_is_still_created_and_joined_with_just_a_name(client: TestClient) -> None:
    created = create(client, players=2, name="Adso")
    joined = join(client, created["table"]["id"], "William")
    assert joined["seat"] == 1 and created["table"]["seats"][0]["member"] is False
    assert client.get("/api/me").json()["error"] == "signed-out"


def test_x_forwarded_proto_makes_the_cookies_secure_only_from_a_configured_proxy(tmp_path: Path) -> None:
    import httpx
    from server_helpers import ServerProcess

    def cookies_over(extra: tuple[str, ...], name: str) -> list[str]:
        server = ServerProcess(f"sqlite:///{tmp_path / (name + '.sqlite3')}", extra=extra)
        try:
            answer = httpx.post(server.url + "/api/account/signup", json={"name": name, "password": PASSWORD},
                                headers={"x-forwarded-proto": "https"})
            assert answer.status_code == 201
            return answer.headers.get_list("set-cookie")
        finally:
            server.kill()

    assert not any("secure" in line.lower() for line in cookies_over((), "Adso"))
    behind_proxy = cookies_over(("--forwarded-allow-ips", "127.0.0.1"), "William")
    assert len(behind_proxy) == 2 and all("; secure" in line.lower() for line in behind_proxy)
