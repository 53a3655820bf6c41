"""Sign-in that holds under concurrency (docs/accounts.md): every attempt reserves its place in the counts before
its password is checked, so many attempts at once never check more than the limits allow (per address, per
name and address, and a name's own queue); someone guessing a name from many addresses slows its checks down
but never locks its owner out; and new passwords are judged by zxcvbn, refused with a reason the page words
in its own language."""

from __future__ import annotations

import asyncio
import math
import time
from pathlib import Path

import httpx
import pytest
from account_helpers import PASSWORD
from server_helpers import ServerProcess
from starlette.testclient import TestClient

from ludus import i18n
from ludus.server.api.attempts import AttemptRates

pytestmark = pytest.mark.timeout(300)

ATTACKERS = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
OWNER_ADDRESS = "127.0.0.6"


async def _sign_in(url: str, address: str, password: str) -> httpx.Response:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(transport=transport, timeout=120) as client:
        return await client.post(url + "/api/account/signin", json={"name": "Adso", "password": password})


async def _attack(url: str) -> list[tuple[str, httpx.Response]]:
    tries = [(address, f"guess {n} from {address}") for n in range(10) for address in ATTACKERS]
    answers = await asyncio.gather(*(_sign_in(url, address, password) for address, password in tries))
    return [(address, answer) for (address, _), answer in zip(tries, answers, strict=True)]


async def _owner(url: str) -> tuple[httpx.Response, list[int]]:
    """The owner signs in from an address of their own while the guesses arrive, waiting when told to."""
    await asyncio.sleep(0.2)
    waits: list[int] = []
    for _ in range(6):
        answer = await _sign_in(url, OWNER_ADDRESS, PASSWORD)
        if answer.status_code != 429:
            break
        waits.append(int(answer.headers["retry-after"]))
        await asyncio.sleep(waits[-1])
    return answer, waits


async def _both(url: str) -> tuple[list[tuple[str, httpx.Response]], tuple[httpx.Response, list[int]]]:
    return await asyncio.gather(_attack(url), _owner(url))


def test_forty_simultaneous_guesses_from_four_addresses_check_no_more_than_the_limits_and_the_owner_gets_in(
        tmp_path: Path) -> None:
    rates = AttemptRates()
    server = ServerProcess(f"sqlite:///{tmp_path / 'ludus.sqlite3'}")
    try:
        made = httpx.post(server.url + "/api/account/signup", json={"name": "Adso", "password": PASSWORD}, timeout=60)
        assert made.status_code == 201
        started = time.monotonic()
        answers, (owner, waits) = asyncio.run(_both(server.url))
        elapsed = time.monotonic() - started
        checked = [address for address, answer in answers if answer.status_code == 401]
        refused = [answer for _, answer in answers if answer.status_code == 429]
        assert len(checked) + len(refused) == 40
        assert all(answer.json()["error"] == "too-many-attempts" and int(answer.headers["retry-after"]) >= 1
                   for answer in refused)
        # per name and address: at most 5 a minute were checked from each address
        assert all(checked.count(address) <= 5 for address in ATTACKERS)
        # the name's queue: a burst, then one every ``spacing`` seconds, however many addresses ask (the owner's
        # own check among them)
        assert len(checked) + 1 <= rates.name_burst + math.ceil(elapsed / rates.name_spacing) + 1
        # the owner, in the middle of it all, is let in: at once or after the short waits the server named
        assert owner.status_code == 200, owner.text
        assert owner.json()["account"]["name"] == "Adso"
        assert all(wait <= rates.name_max_wait + rates.name_spacing for wait in waits)  # seconds, not a lock-out
        print(f"40 simultaneous guesses: {len(checked)} checked, {len(refused)} refused in {elapsed:.1f} s; "
              f"the owner, signing in meanwhile, waited {sum(waits)} s")
    finally:
        server.kill()


@pytest.mark.parametrize(("password", "reason"), [("password", "common"), ("12345678", "common"),
                                                  (" " * 8, "blank"), ("qwertyuiop", "common"),
                                                  ("aaaaaaaaaaaa", "repeats")])
def test_common_and_trivial_passwords_are_refused_with_a_reason_in_the_page_s_language(
        client: TestClient, password: str, reason: str) -> None:
    refused = client.post("/api/account/signup", json={"name": "Adso", "password": password})
    assert refused.status_code == 400
    assert (refused.json()["error"], refused.json()["reason"]) == ("weak-password", reason)
    worded = {lang: i18n.t(f"web.password.{reason}", lang) for lang in ("en", "hu", "zh")}
    assert len(set(worded.values())) == 3 and all(f"password.{reason}" not in text for text in worded.values())
    assert client.get("/api/account").json() == {"account": None}  # nothing was made


def test_a_password_built_on_the_account_s_own_name_is_weak_and_a_few_unrelated_words_are_not(
        client: TestClient) -> None:
    assert client.post("/api/account/signup", json={"name": "Baskerville", "password": "baskerville1"}).json()[
        "error"] == "weak-password"
    assert client.post("/api/account/signup", json={"name": "Baskerville", "password": PASSWORD}).status_code == 201
