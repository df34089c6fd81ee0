"""The words for the keys and coded values of the engines' `view` JSON and statistics tables.

The view and the DuckDB statistics are language-neutral (keys such as `colonist_supply`, codes
such as `violet_small`, `large_market`); `novus show` and the dashboard's Games page name each
key and code in the display language. `KEYS` and `VALUES` give the
English of each (the catalog's ids under the context `CONTEXT`; `novus.catalog` lists them, so
`python3 -m novus.catalog check` names any without Korean). Component names (buildings, goods,
cards...) come from the engines' own `terms()`, translated as the move sentences translate them.
`tests/application/test_cli_show.py` fails when a view gains a key that is not here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from application.i18n import N_, _, current_language, pgettext, term

CONTEXT = "view"

KEYS: dict[str, str] = {
    # shared
    "actor": "actor",
    "available": "available",
    "board": "board",
    "boards": "boards",
    "breakdown": "breakdown",
    "total": "total",
    "tiebreak": "tie-break",
    # score categories (the `Scores` breakdown keys of the four games)
    "shipping": "shipping",
    "buildings": "buildings",
    "large_buildings": "large buildings",
    "in_play": "in play",
    "harbor_sets": "harbor sets",
    "complete_set": "complete set",
    "capacity": "capacity",
    "card": "card",
    "cards": "cards",
    "coins": "coins",
    "colonists": "colonists",
    "complete": "complete",
    "cost": "cost",
    "count": "count",
    "cubes": "cubes",
    "deck": "deck",
    "discard": "discard",
    "doubloons": "doubloons",
    "first": "first",
    "function": "function",
    "governor": "governor",
    "hand": "hand",
    "id": "id",
    "kind": "kind",
    "label": "name",
    "left": "left",
    "name": "name",
    "phase": "phase",
    "players": "players",
    "points": "points",
    "round": "round",
    "score": "score",
    "scores": "scores",
    "seat": "seat",
    "seats": "seats",
    "top": "top",
    "value": "value",
    # Puerto Rico
    "building": "building",
    "buildings_supply": "buildings for sale",
    "cargo_ships": "cargo ships",
    "city": "city",
    "city_spaces_used": "city spaces used",
    "colonist": "colonist",
    "colonist_ship": "colonist ship",
    "colonist_ship_nobles": "nobles on the colonist ship",
    "colonist_supply": "colonist supply",
    "colonists_total": "colonists in all",
    "column": "column",
    "current_role": "current role",
    "end_triggered": "game end triggered",
    "face_up_plantations": "face-up plantations",
    "good": "good",
    "goods": "goods",
    "goods_supply": "goods supply",
    "island": "island",
    "island_spaces_used": "island spaces used",
    "mayor": "mayor",
    "noble": "noble",
    "noble_supply": "noble supply",
    "nobles": "nobles",
    "nobles_only": "nobles only",
    "plantation_discards": "discarded plantations",
    "plantation_stack": "plantation stack",
    "quarries_left": "quarries left",
    "quarry": "quarry",
    "role": "role",
    "role_picker": "role chosen by",
    "roles": "roles",
    "san_juan": "San Juan",
    "slots": "slots",
    "spaces": "spaces",
    "taken_by": "taken by",
    "theme": "names",
    "tile": "tile",
    "tiles": "tiles",
    "trading_house": "trading house",
    "vp": "VP",
    "vp_chips": "VP chips",
    "vp_owed": "VP owed",
    "vp_supply": "VP chips left",
    # Santa Maria
    "bishop1": "bishop 1",
    "bishop2": "bishop 2",
    "bishop3": "bishop 3",
    "bishops": "bishops",
    "blue_dice": "blue dice",
    "blue_owned": "blue dice owned",
    "blue_pool": "blue dice pool",
    "board_id": "colony board",
    "colony_tiles": "colony tiles",
    "conquistador": "conquistador",
    "die": "die",
    "docks": "docks",
    "effects": "effects",
    "grid": "grid",
    "mission1": "mission 1",
    "mission2": "mission 2",
    "mission3": "mission 3",
    "mission4": "mission 4",
    "monk_spaces": "monk spaces",
    "monks": "monks",
    "pending": "pending",
    "personal_scholar": "personal scholar",
    "piety": "piety",
    "resources": "resources",
    "rest_space": "rest space",
    "rest_spaces": "rest spaces",
    "rested": "rested",
    "roads_left": "roads left",
    "scholar1": "scholar 1",
    "scholar2": "scholar 2",
    "scholar3": "scholar 3",
    "scholar4": "scholar 4",
    "scholars": "scholars",
    "shipping_left": "shipping tiles left",
    "ships": "ships",
    "start": "start player",
    "white_dice": "white dice",
    "white_used": "white dice used",
    "year": "year",
    "dock_rewards": "dock rewards",
    "missions": "missions",
    "scholar_points": "scholar points",
    # Santa Maria's expansion and modules (five players bring them: 'cocoa storage' and
    # 'road tokens' were left English on a Korean screen)
    "ambassador": "ambassador",
    "white_by": "white taken by",
    "blue_by": "blue taken by",
    "rolled": "dice rolled this year",
    "building_tokens_left": "building tokens left",
    "cocoa_storage": "cocoa storage tiles",
    "expansion": "expansion",
    "expert": "expert",
    "experts": "experts",
    "experts_taken": "experts taken",
    "hand_size": "cards in hand",
    "maya": "Maya city",
    "modules": "modules",
    "next": "next spaces",
    "on": "on it",
    "priests": "priests",
    "priests_owned": "priests owned",
    "region": "region",
    "regions": "regions",
    "reward": "reward",
    "road_tokens": "road tokens",
    "roads_open": "roads open",
    "special_colony_tiles": "special colony tiles",
    "special_shipping": "special shipping tile",
    "special_shipping_left": "special shipping tiles left",
    "spot": "space",
    "stage": "stage",
    "storage": "storage",
    "temple_points": "temple points",
    "temples": "temples",
    "token": "token",
    "straw": "straw buildings",  # the Maya city's building tokens paid with grain
    # Century: New World
    "B": "fur",
    "G": "tobacco",
    "R": "meat",
    "Y": "corn",
    "benefit": "benefit",
    "bonus_left": "bonus tiles left",
    "bonus_tiles": "bonus tiles",
    "bonus_top": "top bonus tile",
    "colour": "colour",
    "cube_count": "cubes held",
    "ending": "ending",
    "exploration_space": "exploration space",
    "exploration_tile": "exploration tile",
    "exploration_tiles": "exploration tiles",
    "locations": "locations",
    "occupant": "occupant's seat",
    "occupant_name": "occupant",
    "on_board": "on the board",
    "point_cards": "point cards",
    "reserve": "reserve",
    "settlers": "settlers",
    # Mundus Novus
    "caravels": "caravels",
    "conversions": "conversions",
    "declared": "declared",
    "development": "development cards",
    "development_deck": "development deck",
    "draws": "draws",
    "end_reason": "end reason",
    "event": "event",
    "event_name": "event name",
    "fleets": "fleets",
    "hand_count": "cards in hand",
    "income": "income",
    "market": "market",
    "master": "trade master",
    "merchants_used": "merchants used",
    "observer": "observer",
    "offer": "offer",
    "offer_count": "cards offered",
    "offered": "offered",
    "open_cards": "open cards",
    "queue": "development queue",
    "range": "range",
    "receiver": "receiver",
    "revealed": "revealed",
    "stored": "stored",
    "stored_count": "cards stored",
    "tied": "tied",
    "trade": "trade",
    "turns_left": "turns left",
}
"""View key -> its English name (`novus show` shows it in the display language)."""

VALUES: dict[str, str] = {
    # Puerto Rico: phases, building kinds, names themes, end reasons
    "picking": "picking a role",
    "storing": "storing goods",
    "chance": "chance",
    "drafting": "drafting buildings",
    "over": "over",
    "production": "production",
    "violet_small": "small violet building",
    "violet_large": "large violet building",
    "standard": "standard",
    "2p": "2-player sheet",
    # Santa Maria
    "play": "play",
    "setup": "setup",
    "empty": "empty",
    "farm": "farm",
    "forest": "forest",
    "mountain": "mountain",
    "road": "road",
    "city": "city square",
    "town_hall": "town hall",
    "architecture": "architecture",
    "basic_economics": "basic economics",
    "advanced_economics": "advanced economics",
    "botany": "botany",
    "industrialization": "industrialization",
    "logistics": "logistics",
    "mathematics": "mathematics",
    "philosophy": "philosophy",
    "taxation": "taxation",
    "astronomy": "astronomy",
    "archery": "archery",
    "meditation": "meditation",
    "guide": "guide",
    "diversity": "diversity",
    "hall_cities": "cities around the town hall",
    "hall_colonists": "colonists around the town hall",
    "one_dock": "one dock",
    "square": "square",
    "terrain_area": "terrain area",
    "conquest_again": "conquistador points again in year 3",
    "big_tiles": "large colony tiles",
    "ship_gems": "gems on shipping tiles",
    "bld": "build",
    "income": "income",
    "monk": "monk",
    "place": "place a colony tile",
    "putdie": "place a die",
    "ship": "ship",
    "trade": "trade",
    "2-space": "2-space colony tile",
    "3-space": "3-space colony tile",
    # Century: New World
    "explore": "explore",
    "return cubes": "return cubes",
    "shuffle cards": "shuffle cards",
    "work": "work",
    "upgrade": "upgrade",
    "village": "village",
    "point card / bonus tile": "point card / bonus tile",
    "blue": "blue",
    "green": "green",
    "red": "red",
    "yellow": "yellow",
    # Mundus Novus
    "choose_master": "choose the trade master",
    "declare": "declare the trade",
    "develop": "development",
    "draw": "draws",
    "first": "first player of development",
    "give": "give a card back",
    "offer": "trade offers",
    "pick": "pick open cards",
    "pirates": "pirates",
    "setup_dev": "shuffle the development deck",
    "supply": "supply",
    "caravel": "caravel",
    "merchant": "merchant",
    "personality": "personality",
    "shipyard": "shipyard",
    "warehouse": "warehouse",
    "fire": "Fire",
    "kings_help": "King's Help",
    "natives": "Natives",
    "storm": "Storm",
    "none": "none",
    "diff": "different kinds",
    "relics": "Inca relics",
    "same": "same kind",
    "shipyards": "shipyards",
    "orellana": "Francisco de Orellana",
    "coronado": "Francisco de Coronado",
    "other": "other",
    "complete set": "complete set",
    "development queue not refilled": "development queue not refilled",
}
"""Coded view values (phases, kinds...) -> their English name."""

GAME_VALUES: dict[str, dict[str, str]] = {
    "puerto-rico": {  # why the game ends (`end_triggered`)
        "colonists": "colonists ran out",
        "city": "a city is full",
        "vp": "VP chips ran out",
    },
    "santa-maria": {  # the main actions (statistics `main_actions`)
        "colony": "take a colony tile",
        "coin": "activate a building for a coin",
        "white": "white die",
        "blue": "blue die",
        "bluecol": "blue die on a column",
        "rest": "rest",
        # what is still to do (`pending`) and the Maya city's words
        "conq": "conquistador",
        "gain": "gain",
        "restact": "rest space action",
        "line": "activate a row or column",
        "echo": "the ambassador's line, next player",
        "echoarch": "archery: the diagonal",
        "astro": "astronomy",
        "expert": "expert",
        "improve": "improve",
        "medrest": "meditation",
        "math": "mathematics",
        "mtech": "technology card",
        "mwalk": "the Maya die walks on",
        "mtemple": "complete a temple",
        "mtrade": "Maya trade",
        "manswer": "answer the Maya trade",
        "mdiscard": "a card under the deck",
        "mbuild": "build a building token",
        "mstore": "take a storage tile",
        "mroad": "place a road token",
        "mmonk": "monk symbol",
        "mfill": "fill a storage tile",
        "mstart": "the Maya die starts",
        "mstep": "the Maya die steps",
        "mbld": "Maya building",
        "mscore": "temple points",
        "priest": "priest",
        "white ambassador": "white ambassador die",
        "blue ambassador": "blue ambassador die",
        "2cards": "2 cards",
        "storage": "a storage tile",
    },
}
"""Codes one game uses for something else than the others (Santa Maria's `blue` is a die)."""


DOUBLOONS = re.compile(r"^(?P<n>\d+) doubloons$")
NUMBERED = re.compile(r"^(?P<what>year|dock) (?P<n>\d+)$")
SPECIAL_DOCK = re.compile(r"^dock x(?P<n>\d+)$")
"""Santa Maria's expansion: the special shipping tile shipped to dock n (`ship:x<n>`)."""
UPGRADE = re.compile(r"^upgrade x(?P<n>\d+)$")
ITEM = re.compile(r"(\d*)([a-z]+)")


COLUMNS = {
    "ahead": N_("ahead"),
    "average_players": N_("average players"),
    "average_points": N_("average points"),
    "average_rank": N_("average rank"),
    "average_score": N_("average score"),
    "average_steps": N_("average steps"),
    "average_winning_score": N_("average winning score"),
    "behind": N_("behind"),
    "best_score": N_("best score"),
    "bot": N_("bot"),
    "finished": N_("finished"),
    "game": N_("game"),
    "level": N_("level"),
    "mu": N_("mu"),
    "opponent": N_("opponent"),
    "ordinal": N_("ordinal"),
    "player": N_("player"),
    "players": N_("players"),
    "score_difference": N_("score difference"),
    "sigma": N_("sigma"),
    "times": N_("times"),
    "verb": N_("kind of decision"),
    "win_rate": N_("win rate"),
    "win_rate_high": N_("win rate (95% to)"),
    "win_rate_low": N_("win rate (95% from)"),
    "wins": N_("wins"),
    "action": N_("action"),
    "activations": N_("activations"),
    "average": N_("average"),
    "average_amount": N_("average amount"),
    "average_of_winners": N_("average of winners"),
    "awards": N_("awards"),
    "bishop": N_("bishop"),
    "bishops": N_("bishops"),
    "bonus_tiles": N_("bonus tiles"),
    "bought": N_("bought"),
    "bought_by_coronado": N_("bought by Coronado"),
    "bought_by_winners": N_("bought by winners"),
    "building": N_("building"),
    "bumped": N_("bumped"),
    "bumps": N_("bumps"),
    "by_tie": N_("by a tie"),
    "card": N_("card"),
    "card_kind": N_("card kind"),
    "cards": N_("cards"),
    "category": N_("category"),
    "chosen": N_("chosen"),
    "claimed_by_winners": N_("claimed by winners"),
    "claims": N_("claims"),
    "conquest_points": N_("conquistador points"),
    "conquistador_steps": N_("conquistador steps"),
    "dock": N_("dock"),
    "doubloons": N_("doubloons"),
    "drawn_in_trade": N_("drawn in a trade"),
    "event": N_("event"),
    "exploration_tiles": N_("exploration tiles"),
    "games": N_("games"),
    "good": N_("good"),
    "item": N_("item"),
    "kept": N_("kept"),
    "kind": N_("kind"),
    "location": N_("location"),
    "monks": N_("monks"),
    "per_game": N_("per game"),
    "per_seat": N_("per seat"),
    "personality": N_("personality"),
    "picked_from_supply": N_("picked from supply"),
    "picks": N_("picks"),
    "piety_steps": N_("piety steps"),
    "placed": N_("placed"),
    "placed_by_winners": N_("placed by winners"),
    "points": N_("points"),
    "produced": N_("produced"),
    "produced_per_game": N_("produced per game"),
    "reason": N_("reason"),
    "rest_space": N_("rest space"),
    "rests": N_("rests"),
    "role": N_("role"),
    "round": N_("round"),
    "rounds": N_("rounds"),
    "scholar": N_("scholar"),
    "scholars": N_("scholars"),
    "seat": N_("seat"),
    "seats": N_("seats"),
    "set_kind": N_("kind of set"),
    "sets": N_("sets"),
    "settlers_placed": N_("settlers placed"),
    "settlers_sent_back": N_("settlers sent back"),
    "share": N_("share"),
    "shipped": N_("shipped"),
    "ships": N_("ships"),
    "size": N_("size"),
    "source": N_("source"),
    "spoiled": N_("spoiled"),
    "taken_by_seats": N_("taken by seats"),
    "taken_by_winners": N_("taken by winners"),
    "taken_from_market": N_("taken from the market"),
    "taken_over": N_("taken over"),
    "terrain": N_("terrain"),
    "tile": N_("tile"),
    "traded": N_("traded"),
    "trades": N_("trades"),
    "trades_won": N_("trades won"),
    "uses": N_("uses"),
    "win_correlation": N_("correlation with winning"),
    "win_rate_if_bought": N_("win rate if bought"),
    "win_rate_if_taken": N_("win rate if taken"),
    "win_rate_otherwise": N_("win rate otherwise"),
    "winner": N_("winner"),
    "year": N_("year"),
}
"""The statistics tables' column names (DuckDB's, language-neutral) as the Games page and
`novus stats` show them."""


CHANCE_LABELS: tuple[str, ...] = (
    "shuffle",
    "draw",
    "dice",
    "development deck",
    "market",
    "supply",
    "building set",
    "hacienda draw",
    "face-up plantations",
    "land office draw",
    "boards",
    "Maya cards",
    "temple tiles",
    "starting shipping tiles",
    "scholars",
    "bishops",
    "special colony tiles",
    "special shipping tile",
    "experts (die values 1-6)",
    "two-space colony tiles",
    "three-space colony tiles",
    "white dice",
    "ambassador dice (white, blue)",
    "blue dice",
    "new blue die",
    "shipping tile",
    "town hall scholars",
    "shuffle the point cards",
    "shuffle the bonus tiles",
    "shuffle the exploration tiles",
)
"""The engines' chance spec labels (`Shuffle`/`Draw`/`Dice` `label`: what the table shuffles,
draws or rolls), catalog ids under the context `chance`."""
PIRATES = re.compile(r"^pirates: seat (?P<seat>\d+) loses$")


def chance_label(label: str) -> str:
    """A chance spec's label in the display language (as it is when unknown)."""
    found = PIRATES.match(label)
    if found:
        # the engine's label counts seats from 0; people (and the charts) from 1
        return pgettext("chance", "pirates: seat {seat} loses", seat=int(found["seat"]) + 1)
    return term(label, "chance") if label in CHANCE_LABELS else label


def column_name(column: object) -> str:
    """A statistics table's column (`win_rate`) as the display language names it."""
    label = COLUMNS.get(str(column))
    return _(label) if label else str(column).replace("_", " ")


def entries() -> Iterator[str]:
    """Every English name here (the catalog's ids under `CONTEXT`)."""
    by_game = (w for table in GAME_VALUES.values() for w in table.values())
    yield from dict.fromkeys((*KEYS.values(), *VALUES.values(), *by_game))


def _plain(text: str) -> str:
    return " ".join(text.replace("_", " ").lower().split())


@lru_cache(maxsize=16)
def _component_names(game: str, theme: str) -> Mapping[str, tuple[str, str]]:
    """The game's component names (its engine's `terms()`), by their plain English form:
    `large_market` and `Large Market` find the same building. The names of the view's theme
    come first (Puerto Rico's 2-player sheet)."""
    from domain.core import registry
    from domain.core.phrase import Term

    try:
        rules = registry.get(game)
    except Exception:  # a view of a game no longer installed: its words stay as they are
        return {}
    terms = getattr(rules, "terms", None)
    found: dict[str, tuple[str, str]] = {}
    mine: dict[str, tuple[str, str]] = {}
    for t in terms() if terms is not None else ():
        if not isinstance(t, Term) or t.context is None:
            continue
        themed = f".{theme}." in t.context
        target = mine if themed else found
        target.setdefault(_plain(t.text), (t.text, t.context))
    return {**found, **mine}


@lru_cache(maxsize=8)
def _card_codes(game: str) -> Mapping[str, Any]:
    """A game's cards shown by a code (Mundus Novus's trade cards, '1'..'9' and 'R': the
    market, hands and the supply to enter read '6, 7, R'), as the `Term`s its sentences use."""
    if game != "mundus-novus":
        return {}
    from domain.mundus_novus import cards
    from domain.mundus_novus.describe import KINDS

    return {cards.text(kind): name for kind, name in KINDS.items()}


class Words:
    """The display language's names for one view's keys and coded values."""

    def __init__(self, game: str = "", theme: str = "", keep: frozenset[str] = frozenset()):
        self.game = game
        self.names = _component_names(game, theme) if game else {}
        self.own = GAME_VALUES.get(game, {})
        self.keep = keep
        self.english = current_language() == "en"

    def key(self, key: str) -> str:
        """A key's name: `colonist_supply` -> `colonist supply` (or its translation)."""
        head, _, number = key.partition(" ")  # `ships 2`: a numbered item of a list
        if number and number.isdigit():
            return f"{self.key(head)} {number}"
        if key == "shipping" and self.game == "santa-maria" and not self.english:
            # its shipping tiles' points (해운 타일), not Puerto Rico's 수출, as the Replay
            # page and `novus stats` name them
            return pgettext("santa_maria.score", "shipping")
        if key in KEYS:
            return KEYS[key] if self.english else term(KEYS[key], CONTEXT)
        found = self.names.get(_plain(key))
        if found is not None:
            return found[0] if self.english else term(*found)
        return key.replace("_", " ")

    def value(self, value: str) -> str:
        """A text value: a component name or a known code in the display language, else as it is
        (players' names are never translated)."""
        if value in self.keep:
            return value
        card = _card_codes(self.game).get(value)
        if card is not None:  # Mundus Novus's trade cards: '4' is coffee, 'R' an Inca relic
            return str(card) if self.english else term(card, card.context)
        if self.english:  # codes in words (`violet_small` -> small violet building), names as are
            return self.own.get(value) or VALUES.get(value) or value
        if value in self.own:
            return term(self.own[value], CONTEXT)
        found = self.names.get(_plain(value))
        if found is not None:
            return term(*found)
        if value in VALUES:
            return term(VALUES[value], CONTEXT)
        return self._coded(value)

    def _coded(self, value: str) -> str:
        """Codes with numbers or goods in them (Century's functions and benefits, Santa Maria's
        building effects, Mundus Novus's end reasons): their words translated, the cube letters
        and numbers kept."""
        if "; " in value:
            return "; ".join(self.value(part) for part in value.split("; "))
        found = DOUBLOONS.match(value)
        if found:
            return _("{n} doubloons", n=found["n"])
        found = NUMBERED.match(value)
        if found and found["what"] == "year":
            return pgettext("view", "year {n}", n=found["n"])
        if found and found["what"] == "dock":
            return pgettext("view", "dock {n}", n=found["n"])
        found = SPECIAL_DOCK.match(value)
        if found:
            return pgettext("view", "special tile to dock {n}", n=found["n"])
        found = UPGRADE.match(value)
        if found:
            return pgettext("view", "upgrade x{n}", n=found["n"])
        kind, _sep, rest = value.partition(":")
        if kind == "cubes" and rest:
            return pgettext("view", "cubes {cubes}", cubes=rest)
        if kind == "settlers" and rest.isdigit():
            return _("+{n} settlers", n=rest)
        verb, _sep, what = value.partition(" ")
        if verb in ("produce", "trade") and what:
            said = ITEM.sub(lambda m: m[1] + self._item(m[2]), what)
            if verb == "produce":
                return pgettext("view", "produce {what}", what=said)
            return pgettext("view", "trade {what}", what=said)
        parts = [ITEM.fullmatch(part) for part in value.split("+")]
        if all(p is not None and p[2] in self.names for p in parts):  # a bundle: `coin+2vp`
            return "+".join(p[1] + self._item(p[2]) for p in parts if p is not None)
        return value

    def _item(self, word: str) -> str:
        found = self.names.get(word)
        return term(*found) if found is not None else word
