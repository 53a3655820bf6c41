"""OpenMoji's pictures are credited in the app itself, in every language (CC BY-SA 4.0 asks for it)."""

from __future__ import annotations

from ludus.i18n import LANGUAGES


def test_every_page_credits_openmoji_and_its_licence(client):
    page = client.get("/t/anything").text
    assert 'data-i18n="web.credits.openmoji"' in page
    assert "https://openmoji.org" in page and "creativecommons.org/licenses/by-sa/4.0" in page


def test_the_openmoji_credit_is_translated(client):
    for lang in LANGUAGES:
        credit = client.get(f"/i18n/{lang}").json()["web.credits.openmoji"]
        assert "OpenMoji" in credit
