"""The Shadows picture deck: 84 clue cards + 70 district faces, drawn from OpenMoji, with metadata."""

from __future__ import annotations

import argparse
import json
import xml.etree.ElementTree as ET

import pytest

from ludus.games.shadows import board
from ludus.games.shadows.pictures import (
    ATTRIBUTION,
    CLUE_IDS,
    DISTRICT_IDS,
    fresh_deck,
    icon_pool,
    is_picture_id,
    picture_svg,
    render_svg,
    standard_deck,
)
from ludus.games.shadows.pictures.colours import likeness
from ludus.games.shadows.pictures.contact_sheet import render_deck_command


def test_deck_has_84_clue_cards_and_70_district_faces_with_the_boards_ids() -> None:
    deck = standard_deck()
    assert len(deck.clue_cards) == 84 and len(deck.district_faces) == 70
    assert tuple(CLUE_IDS) == board.CLUE_IDS
    assert tuple(DISTRICT_IDS) == board.DISTRICT_PICTURE_IDS
    assert set(deck) == set(board.CLUE_IDS) | set(board.DISTRICT_PICTURE_IDS)
    assert all(is_picture_id(i) for i in deck) and not is_picture_id("k84") and not is_picture_id("d7a0")


def test_every_picture_is_distinct_and_has_a_subject_and_two_or_three_props() -> None:
    deck = standard_deck()
    recipes = {(p.backdrop, p.subject, p.props) for p in deck.values()}
    assert len(recipes) == 154
    assert len({p.subject for p in deck.values()}) == 154
    for picture in deck.values():
        assert 2 <= len(picture.props) <= 3
        assert picture.subject not in picture.props and len(set(picture.props)) == len(picture.props)


def test_every_picture_carries_its_icons_keywords_and_dominant_colours() -> None:
    for picture in standard_deck().values():
        assert [i.code for i in picture.icons] == [picture.subject, *picture.props]
        assert picture.keywords and picture.icons[0].name in picture.keywords
        colours = picture.colours
        assert 1 <= len(colours) <= 4
        assert all(c.startswith("#") and len(c) == 7 for c, _ in colours)
        assert abs(sum(share for _, share in colours) - 1) < 0.02
        described = picture.describe()
        assert json.loads(json.dumps(described)) == described


def test_icon_pool_is_a_few_hundred_concrete_icons_without_flags_or_skin_tones() -> None:
    pool = icon_pool()
    assert 300 <= len(pool) <= 700
    for code, shown in pool.items():
        points = [int(p, 16) for p in code.split("-")]
        assert not any(0x1F1E6 <= p <= 0x1F1FF for p in points), f"{shown.name} is a flag"
        assert not any(0x1F3FB <= p <= 0x1F3FF for p in points), f"{shown.name} has a skin tone"
        assert shown.colours and shown.theme


def test_svg_is_well_formed_xml_with_a_hex_and_every_icon() -> None:
    for picture in list(standard_deck().values())[::7]:
        svg = render_svg(picture)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        nested = root.findall(".//{http://www.w3.org/2000/svg}svg")
        assert len(nested) == 1 + len(picture.props)
        assert 'id="emoji"' not in svg  # OpenMoji's own ids are stripped so pictures can share a page


def test_same_seed_gives_the_same_fresh_deck_and_another_seed_another() -> None:
    first, again, other = fresh_deck(7), fresh_deck(7), fresh_deck(8)
    assert first.to_json()["pictures"] == again.to_json()["pictures"]
    assert first.to_json()["pictures"] != other.to_json()["pictures"]
    assert len(first) == 154


def test_colour_likeness_is_one_for_the_same_palette_and_low_for_opposites() -> None:
    blue = [("#0077b6", 0.7), ("#caf0f8", 0.3)]
    red = [("#d22f27", 0.8), ("#ffd6a5", 0.2)]
    assert likeness(blue, blue) == pytest.approx(1.0)
    assert likeness(blue, red) < 0.2


def test_render_deck_writes_every_picture_and_a_contact_sheet(tmp_path) -> None:
    code = render_deck_command(argparse.Namespace(out=str(tmp_path), png=False, seed=None))
    assert code == 0
    svgs = sorted(p.stem for p in tmp_path.glob("*.svg"))
    assert len(svgs) == 154 and "k0" in svgs and "d6b4" in svgs
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert html.count("<img ") == 154 and "OpenMoji" in html
    meta = json.loads((tmp_path / "deck.json").read_text(encoding="utf-8"))
    assert meta["attribution"] == ATTRIBUTION and len(meta["pictures"]) == 154


def test_ludus_render_deck_command_writes_a_fresh_seeded_deck(tmp_path) -> None:
    from ludus.cli import main

    assert main(["render-deck", "--out", str(tmp_path), "--seed", "3"]) == 0
    meta = json.loads((tmp_path / "deck.json").read_text(encoding="utf-8"))
    assert meta["name"] == "fresh-3"
    assert [p["subject"] for p in meta["pictures"]] == [p.subject for p in fresh_deck(3).values()]


def test_picture_svg_draws_a_picture_by_its_board_id() -> None:
    svg = picture_svg("d3b2")
    assert 'data-picture="d3b2"' in svg
    assert picture_svg("k5", seed=4) == render_svg(fresh_deck(4)["k5"])


def test_render_deck_png_option_writes_png_files(tmp_path, monkeypatch) -> None:
    pytest.importorskip("cairosvg")
    from ludus.games.shadows.pictures import contact_sheet

    few = standard_deck()
    monkeypatch.setattr(contact_sheet, "deck_for", lambda seed: few)
    monkeypatch.setattr(contact_sheet, "render_png", lambda picture: b"\x89PNG fake " + picture.id.encode())
    assert render_deck_command(argparse.Namespace(out=str(tmp_path), png=True, seed=None)) == 0
    assert len(list(tmp_path.glob("*.png"))) == 154


def test_png_rendering_gives_a_png() -> None:
    pytest.importorskip("cairosvg")
    from ludus.games.shadows.pictures import render_png

    assert render_png(standard_deck()["k0"], width=64).startswith(b"\x89PNG")


def test_attribution_credits_openmoji_under_cc_by_sa() -> None:
    assert "OpenMoji" in ATTRIBUTION and "CC BY-SA 4.0" in ATTRIBUTION
