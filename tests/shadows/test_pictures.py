"""The Shadows pictures: scenes of a subject in a relation with a second element, in a setting and a mood,
composed by the scene grammar from OpenMoji; a library of more than 200; the game's 84 clue cards and 70
district faces dealt from it; no police and no text anywhere."""

from __future__ import annotations

import argparse
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from ludus.games.shadows import board
from ludus.games.shadows.pictures import (
    ATTRIBUTION,
    CLUE_IDS,
    DISTRICT_IDS,
    MOODS,
    RELATIONS,
    SETTINGS,
    fresh_deck,
    icon_pool,
    is_picture_id,
    library_pictures,
    picture_svg,
    render_svg,
    standard_deck,
    standard_library,
)
from ludus.games.shadows.pictures.colours import likeness
from ludus.games.shadows.pictures.contact_sheet import render_deck_command
from ludus.games.shadows.pictures.percept import label
from ludus.games.shadows.pictures.render import GROUND, MIN_ELEMENT, WATERLINE, layout
from ludus.games.shadows.pictures.scenes import compose_library

SKIN_TONES = re.compile(r"1F3F[B-F]")
POLICE = {"1F693", "1F694", "1F6A8", "1F46E", "1F46E-200D-2642-FE0F", "1F46E-200D-2640-FE0F", "1F482"}
"""police car, oncoming police car, police car light, police officers, guard"""


def test_the_library_holds_more_than_200_scenes_each_with_its_own_subject() -> None:
    scenes = [entry.scene for entry in standard_library()]
    assert len(scenes) >= 200
    assert len({s.subject for s in scenes}) == len(scenes)


def test_no_setting_shows_the_same_second_element_twice() -> None:
    scenes = [entry.scene for entry in standard_library()]
    pairs = Counter((s.setting, s.object) for s in scenes)
    assert max(pairs.values()) == 1
    assert len({s.setting for s in scenes}) == len(SETTINGS), "every setting is used"
    assert {s.mood for s in scenes} == set(MOODS) and {s.relation for s in scenes} == set(RELATIONS)


def test_every_scene_follows_the_grammar_subject_relation_object_setting_mood() -> None:
    for entry in standard_library():
        entry.scene.check()  # raises on a subject that cannot be in that relation there
    for scene in compose_library(seed=99, size=60):  # any composition, not only the shipped one
        scene.check()


def test_the_moon_and_stars_shine_only_at_dusk_and_night_and_the_sun_never_at_night() -> None:
    pool = icon_pool()
    for entry in standard_library():
        names = " ".join(pool[code].name for code in (entry.scene.subject, entry.scene.object))
        if "moon" in names or "star" in names:
            assert entry.scene.mood in ("dusk", "night"), names
        if "sun" in names.split():
            assert entry.scene.mood != "night", names


def test_people_and_faces_take_part_in_the_default_skin_tone() -> None:
    pool = icon_pool()
    people = [s for s in (e.scene for e in standard_library())
              if pool[s.subject].placement in ("bust", "figure", "face")]
    assert len(people) >= 60
    assert any(pool[s.subject].placement == "face" for s in people)
    assert not any(SKIN_TONES.search(code) for code in pool)


def test_no_police_imagery_on_any_card_or_district_face() -> None:
    pool = icon_pool()
    assert not POLICE & set(pool)
    for shown in pool.values():
        words = {w for text in (shown.name, *shown.keywords) for w in re.findall(r"[a-z]+", text.lower())}
        assert not words & {"police", "cop", "cops", "sheriff", "officer"}, shown.name
    used = {code for entry in standard_library() for code in (entry.scene.subject, entry.scene.object)}
    assert used <= set(pool)


def test_pictures_carry_no_text() -> None:
    for picture in library_pictures()[::5]:
        svg = render_svg(picture, title=False)
        assert "<text" not in svg and "<tspan" not in svg


def test_things_stand_on_the_ground_float_on_the_water_or_hang_where_they_belong() -> None:
    for picture in library_pictures():
        scene = picture.scene
        setting = SETTINGS[scene.setting]
        subject, obj = layout(scene)
        for placed in (subject, obj):
            kind = placed.icon.placement
            assert placed.cx - placed.width / 2 >= 0 and placed.cx + placed.width / 2 <= 200, picture.id
            if kind in ("boat", "swim") and setting.water:
                assert placed.bottom == WATERLINE, picture.id
            elif kind in ("sky", "aircraft", "hang") or (kind == "bird" and scene.relation not in ("on", "eating")):
                assert placed.bottom <= GROUND - 40, (picture.id, "in the air")
            elif kind in ("bust", "figure", "animal", "vehicle", "thing"):
                assert placed.bottom == GROUND, (picture.id, placed.icon.name, "on the ground")
            elif kind == "wall":
                assert setting.indoor and placed.bottom < GROUND - 30, (picture.id, "on a wall")
        if scene.relation == "above":  # flies over the second element
            assert subject.bottom <= obj.top + 4, picture.id
        if scene.relation == "on":  # sits on top of the second element, not in the air above it
            assert obj.top < subject.bottom < obj.bottom, picture.id
        if scene.relation == "holding":  # at hand height, beside the person
            assert subject.top < obj.bottom <= GROUND and obj.cx > subject.cx, picture.id


def test_every_element_is_drawn_large_enough_to_recognise_at_50_px_a_hex() -> None:
    for picture in library_pictures():
        for placed in layout(picture.scene):
            assert max(placed.width, placed.height) >= MIN_ELEMENT, (picture.id, placed.icon.name)


def test_deck_has_84_clue_cards_and_70_district_faces_with_the_boards_ids() -> None:
    deck = standard_deck()
    assert len(deck.clue_cards) == 84 and len(deck.district_faces) == 70
    assert tuple(CLUE_IDS) == board.CLUE_IDS
    assert tuple(DISTRICT_IDS) == board.DISTRICT_PICTURE_IDS
    assert set(deck) == set(board.CLUE_IDS) | set(board.DISTRICT_PICTURE_IDS)
    assert all(is_picture_id(i) for i in deck) and not is_picture_id("k84") and not is_picture_id("d7a0")


def test_every_deck_is_dealt_from_the_library_with_no_scene_twice() -> None:
    library = {entry.scene for entry in standard_library()}
    for deck in (standard_deck(), fresh_deck(7)):
        scenes = [p.scene for p in deck.values()]
        assert set(scenes) <= library and len(set(scenes)) == 154
    assert [p.scene for p in standard_deck().values()] == [e.scene for e in standard_library()[:154]]


def test_same_seed_gives_the_same_fresh_deck_and_another_seed_another() -> None:
    first, again, other = fresh_deck(7), fresh_deck(7), fresh_deck(8)
    assert first.to_json()["pictures"] == again.to_json()["pictures"]
    assert first.to_json()["pictures"] != other.to_json()["pictures"]


def test_every_picture_carries_its_elements_keywords_and_visible_colours() -> None:
    for picture in standard_deck().values():
        assert [i.code for i in picture.icons] == [picture.scene.subject, picture.scene.object]
        assert picture.keywords and picture.icons[0].name in picture.keywords
        colours = picture.colours
        assert 1 <= len(colours) <= 4
        assert all(c.startswith("#") and len(c) == 7 for c, _ in colours)
        assert abs(sum(share for _, share in colours) - 1) < 0.02
        described = picture.describe()
        assert json.loads(json.dumps(described)) == described


def test_every_icon_has_its_name_in_english_hungarian_and_chinese() -> None:
    for shown in icon_pool().values():
        names = dict(shown.names)
        assert set(names) == {"en", "hu", "zh"} and all(names.values()), shown.name
    dog = next(i for i in icon_pool().values() if i.name == "dog")
    assert (dog.name_in("hu"), dog.name_in("zh")) == ("kutya", "狗")


def test_a_pictures_label_is_in_the_pages_language() -> None:
    picture = standard_deck()["k0"]
    subject, obj = picture.icons
    labels = {lang: label(picture, lang) for lang in ("en", "hu", "zh")}
    for lang, text in labels.items():
        assert subject.name_in(lang) in text and obj.name_in(lang) in text
    assert len(set(labels.values())) == 3


def test_svg_is_well_formed_xml_with_a_hex_and_both_elements() -> None:
    for picture in library_pictures()[::7]:
        svg = render_svg(picture)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        nested = root.findall(".//{http://www.w3.org/2000/svg}svg")
        assert len(nested) == 2
        assert 'id="emoji"' not in svg  # OpenMoji's own ids are stripped so pictures can share a page


def test_colour_likeness_is_one_for_the_same_palette_and_low_for_opposites() -> None:
    blue = [("#0077b6", 0.7), ("#caf0f8", 0.3)]
    red = [("#d22f27", 0.8), ("#ffd6a5", 0.2)]
    assert likeness(blue, blue) == pytest.approx(1.0)
    assert likeness(blue, red) < 0.2


def test_render_deck_writes_the_library_the_deck_and_a_contact_sheet(tmp_path) -> None:
    code = render_deck_command(argparse.Namespace(out=str(tmp_path), png=False, seed=None))
    assert code == 0
    library = len(standard_library())
    svgs = {p.stem for p in tmp_path.glob("*.svg")}
    assert len(svgs) == library + 154 and {"s0", "k0", "d6b4"} <= svgs
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert html.count("<img ") == library + 154 and "OpenMoji" in html
    meta = json.loads((tmp_path / "deck.json").read_text(encoding="utf-8"))
    assert meta["attribution"] == ATTRIBUTION and len(meta["pictures"]) == 154 and len(meta["library"]) == library
    assert meta["pictures"][0]["label"] == label(standard_deck()["k0"])


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


def test_render_deck_png_option_writes_png_files_and_a_contact_sheet_image(tmp_path) -> None:
    pytest.importorskip("cairosvg")
    from ludus.games.shadows.pictures import contact_sheet

    few = library_pictures()[:3]
    monkey = pytest.MonkeyPatch()
    monkey.setattr(contact_sheet, "library_pictures", lambda: few)
    monkey.setattr(contact_sheet, "render_png", lambda picture: b"\x89PNG fake " + picture.id.encode())
    try:
        assert render_deck_command(argparse.Namespace(out=str(tmp_path), png=True, seed=None)) == 0
    finally:
        monkey.undo()
    assert len(list(tmp_path.glob("*.png"))) == 3 + 154 + 1
    assert (tmp_path / "contact-sheet.png").read_bytes().startswith(b"\x89PNG\r\n")


def test_png_rendering_gives_a_png() -> None:
    pytest.importorskip("cairosvg")
    from ludus.games.shadows.pictures import render_png

    assert render_png(standard_deck()["k0"], width=64).startswith(b"\x89PNG")


def test_attribution_credits_openmoji_under_cc_by_sa_and_the_unicode_cldr() -> None:
    assert "OpenMoji" in ATTRIBUTION and "CC BY-SA 4.0" in ATTRIBUTION and "CLDR" in ATTRIBUTION
