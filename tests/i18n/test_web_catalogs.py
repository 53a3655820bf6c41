"""Words, not keys: every key the browser client asks for exists in English, Hungarian and Chinese, and no
message is just its own key. The keys are read from the client's source (t("…"), a game renderer's tr(ctx, "…")
or w.r("…")), including the ones it builds: a template key like `web.level.${level}` must match catalog keys,
and the lobby's option words web.option.<game>.<name> (.help, .<choice>) must exist for every option it shows."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from ludus.engine.registry import game_ids, load_game
from ludus.i18n import LANGUAGES, catalog, namespaces, plural_base

WEB = Path(str(resources.files("ludus") / "web"))
CALL = re.compile(r"""(?<![\w.$])(?P<fn>t|ctx\.t|tr|w\.r|r)\((?:ctx,\s*)?(?P<quote>["`])(?P<key>[^"`]+)(?P=quote)""")
HELPER = re.compile(r"ctx\.t\(`(\w+)\.\$\{key\}`")
PLACEHOLDER = re.compile(r"\$\{[^}]*\}")


def all_keys(lang: str) -> set[str]:
    # a plural family (key_one, key_other) is asked for by its name and a count
    return {f"{namespace}.{name}" for namespace in namespaces() for key, messages in
            ((key, catalog(lang, namespace)) for key in catalog(lang, namespace))
            for name in {key, plural_base(key, messages) or key}}


def client_keys() -> tuple[set[str], set[str]]:
    """(plain keys, template keys) the client's modules ask for."""
    plain: set[str] = set()
    built: set[str] = set()
    for path in sorted(WEB.rglob("*.js")):
        source = path.read_text(encoding="utf-8")
        helper = HELPER.search(source)  # a renderer's own shorthand for its game's namespace
        for call in CALL.finditer(source):
            key = call["key"]
            if call["fn"] in ("tr", "w.r", "r"):
                if helper is None:
                    continue
                key = f"{helper.group(1)}.{key}"
            (built if "${" in key else plain).add(key)
    return plain, built


def lobby_option_keys() -> set[str]:
    """The words the lobby shows for each option a person can set (see optionField in web/lobby.js)."""
    keys: set[str] = set()
    for game_id in game_ids():
        for option in load_game(game_id).options:
            if option.name == "seating" or not (option.choices or isinstance(option.default, bool | int | float)):
                continue
            base = f"web.option.{game_id}.{option.name}"
            keys |= {base, f"{base}.help"} | {f"{base}.{choice}" for choice in option.choices or ()}
    return keys


def test_the_client_asks_for_keys_in_the_catalogs():
    plain, built = client_keys()
    assert len(plain) > 150 and len(built) > 30, "the client's keys were not found: has the way it calls t() changed?"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_client_uses_exists_in_every_language(lang):
    plain, built = client_keys()
    known = all_keys(lang)
    assert not sorted(plain - known), f"{lang} lacks keys the client uses: {sorted(plain - known)}"
    for template in sorted(built):
        pattern = re.compile(".+?".join(re.escape(part) for part in PLACEHOLDER.split(template)))
        assert any(pattern.fullmatch(key) for key in known), f"{lang}: no key matches the client's {template}"


def built_keys() -> set[str]:
    """Keys the client builds from values the games and the server define (each value needs its words)."""
    from ludus.ai.bot import LEVELS
    from ludus.games.floors.game import SETUP_TILES
    from ludus.games.shadows.state import TEAMS

    families = {
        "web.level.{}": LEVELS, "web.status.{}": ("open", "running", "over"), "common.game.{}": tuple(game_ids()),
        "floors.dir.{}": "NESW", "floors.step.{}": ("enter", "exit", "undo", "done"), "floors.orient.{}": "hv",
        "floors.tile.{}": tuple(SETUP_TILES), "shadows.team.{}": TEAMS, "shadows.role.{}": ("officer", "detective"),
        "shadows.hint.{}": ("officer", "detective"), "shadows.kind.{}": ("police", "client", "evidence", "empty"),
    }
    return {family.format(value) for family, values in families.items() for value in values} | lobby_option_keys()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_client_builds_exists_in_every_language(lang):
    missing = built_keys() - all_keys(lang)
    assert not missing, f"{lang} lacks keys the client builds: {sorted(missing)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lobby_option_has_a_label_a_help_line_and_words_for_each_choice(lang):
    missing = lobby_option_keys() - all_keys(lang)
    assert not missing, f"{lang} lacks option words: {sorted(missing)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_is_just_its_key(lang):
    raw = {option.name for game_id in game_ids() for option in load_game(game_id).options if "_" in option.name}
    raw |= {choice for game_id in game_ids() for option in load_game(game_id).options
            for choice in option.choices or () if isinstance(choice, str) and "_" in choice}
    for namespace in namespaces():
        for key, message in catalog(lang, namespace).items():
            text = message.strip()
            # an English key may be the very word it stands for ("bot"); a dotted or snake_case key never is
            plain_word = lang == "en" and re.fullmatch(r"[a-z]+", key) is not None
            assert text != f"{namespace}.{key}" and (text != key or plain_word), f"{lang}/{namespace}.json {key}"
            assert not raw & set(re.findall(r"[a-z]+(?:_[a-z]+)+", text)), f"{lang}/{namespace}.json {key}: {text!r}"


GERMAN_EVENT_NAMES = ("Mitteilsam", "Dicht dran", "Eilig", "Unauffällig", "Rätselhaft", "Fleißig", "Unglaublich",
                      "Heikel", "Verfänglich", "Dubios", "Verboten", "Erwischt", "Forschend", "Verdächtig")


def test_hungarian_names_the_rose_events_in_hungarian():
    """The Hungarian rulebook (a translation of the German edition) calls the events by their German names:
    the event texts cite that name so a player can find it there, but no name or other message is German."""
    for namespace in namespaces():
        for key, message in catalog("hu", namespace).items():
            cited = key.startswith("event.") and key.endswith(".text") and "A magyar szabálykönyvben" in message
            german = [name for name in GERMAN_EVENT_NAMES if name in message]
            assert not german or cited, f"hu/{namespace}.json {key}: {german}"


def test_hungarian_speaks_to_the_player_in_one_informal_voice():
    """Te-form throughout (as the rulebooks do): no formal Ön, and a player's own label is never the pronoun
    "Te" that a third-person verb in the log would follow."""
    formal = re.compile(r"\b(Ön|Önök|Önnek|Önt|Kérjük|kérjük)\b")
    for namespace in namespaces():
        for key, message in catalog("hu", namespace).items():
            assert not formal.search(message), f"hu/{namespace}.json {key}: {message!r}"
    labels = {"rose": ("ui.you", "ui.player", "ui.bot"), "floors": ("seat.you", "seat.name", "seat.bot"),
              "web": ("you", "bot_name")}
    for namespace, keys in labels.items():
        for key in keys:
            assert not catalog("hu", namespace)[key].startswith("Te"), f"hu/{namespace}.json {key}"

