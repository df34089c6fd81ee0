"""The games' setup options and the bots as words in the display language, for the Play page.

The engines name an option and its values by the codes a command line takes (`vp_chips_5p`,
`reshuffle`, `synthetic`); a box on a page shows these words instead (Korean from the catalog,
the rulebooks' terms). A code with no word here is shown as it is, so a new option still works.

The language is passed, not read when a box formats its values: Streamlit's test runner formats
the values again in its own thread, where the page's language is not set.
"""

from __future__ import annotations

from application.i18n import N_, term
from domain.core import registry

OPTION_NAMES: dict[str, str] = {
    "names": N_("Display names"),
    "vp_chips_5p": N_("VP chips (5 players)"),
    "discards": N_("Unchosen plantations"),
    "colonist_end": N_("Game end by colonists"),
    "nobles": N_("Expansion 2: nobles"),
    "buildings": N_("Violet buildings"),
    "pack": N_("Component pack"),
    "side": N_("Colony board side"),
    "setup": N_("Setup"),
    "boards": N_("Side A colony boards"),
    "blue_dice": N_("Blue dice"),
    "expansion": N_("Expansion"),
    "modules": N_("Expansion modules"),
    "maya": N_("Module D: Maya city"),
    "board": N_("Fourth board piece"),
}

SWITCH = {"false": N_("Off"), "true": N_("On")}

VALUE_NAMES: dict[str, dict[str, str]] = {
    "names": {"standard": N_("Base game"), "2p": N_("2-player sheet")},
    "vp_chips_5p": {"126": N_("126 (Korean rulebook)"), "122": N_("122 (English edition)")},
    "discards": {
        "bottom": N_("Under the stack (Korean rulebook)"),
        "reshuffle": N_("Discard pile, reshuffled (English edition)"),
    },
    "colonist_end": {
        # the box is 242 px at 800 px: the option's help says it whole
        "empty": N_("Supply or ship short (Korean rulebook)"),
        "short": N_("Ship short only (English edition)"),
    },
    "nobles": SWITCH,
    "buildings": {
        "base": N_("Base game"),
        "draft": N_("Expansion 1 draft"),
        "random": N_("Random set"),
        "new": N_("All 14 of Expansion 1"),
        "all": N_("Every base and Expansion 1 building"),
    },
    "pack": {
        "synthetic": N_("Synthetic (invented for demonstration)"),
        "published": N_("Published (sourced facts only, incomplete)"),
    },
    "side": {"A": N_("Side A (four different boards)"), "B": N_("Side B")},
    "setup": {"basic": N_("Basic"), "advanced": N_("Advanced")},
    "boards": {"random": N_("Dealt at random"), "choose": N_("Chosen in reverse turn order")},
    "blue_dice": {"own": N_("Each player's own"), "shared": N_("In the common pool (variant)")},
    "expansion": SWITCH,
    "maya": SWITCH,
}

MODULES = {
    "A": N_("A Governor"),
    "B": N_("B Experts"),
    "C": N_("C Ambassador"),
    "D": N_("D Maya city"),
}
"""Santa Maria's expansion modules; the option's values are their letters joined by commas."""

BOTS = {"heuristic": N_("Heuristic"), "random": N_("Random")}


def option_name(key: str, lang: str | None = None) -> str:
    """An option's name in `lang` (default: the display language; its code when it has none)."""
    return term(OPTION_NAMES[key], None, lang) if key in OPTION_NAMES else key


def value_name(key: str, value: str, lang: str | None = None) -> str:
    """One value of the option `key` in `lang` (its code when it has none)."""
    if key == "modules":
        if value == "none":
            return term(N_("None"), None, lang)
        letters = value.split(",")
        if all(letter in MODULES for letter in letters):
            return ", ".join(term(MODULES[letter], None, lang) for letter in letters)
    words = VALUE_NAMES.get(key, {})
    return term(words[value], None, lang) if value in words else value


def bot_name(kind: str, lang: str | None = None) -> str:
    """A bot kind (`heuristic`, `random`) in `lang`."""
    return term(BOTS[kind], None, lang) if kind in BOTS else kind


def variant_words(game: str, variant: str, lang: str | None = None) -> str:
    """A stored game's variant (`buildings=base, names=2p, ...`, every option) as the options
    that differ from the game's defaults, in words (`표시 이름: 2인 규칙`); the defaults alone read
    "standard rules"."""
    spec = registry.get(game).options if game in registry.names() else ()
    defaults = {option.key: option.default for option in spec}
    parts = []
    for pair in variant.split(", "):
        key, equals, value = pair.partition("=")
        if equals and defaults.get(key) != value:
            parts.append(f"{option_name(key, lang)}: {value_name(key, value, lang)}")
    return ", ".join(parts) or term(N_("standard rules"), None, lang)
