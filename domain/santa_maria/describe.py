"""Readable sentences for steps (the move list of the replay)."""

from __future__ import annotations

from collections.abc import Callable

from domain.core.protocol import ChanceStep, Decision, Step
from domain.santa_maria.components import bundle_text
from domain.santa_maria.engine import REST_NAMES
from domain.santa_maria.mayatrade import parse_offer, side_text
from domain.santa_maria.state import State

MAYA_WORDS = {
    "mtech": "technology card",
    "mwalk": "die walks on to",
    "mtemple": "temple",
    "mtrade": "trades",
    "mdiscard": "puts under the deck:",
    "mbuild": "builds a building token at",
    "mstore": "takes a storage tile",
    "mroad": "opens the road",
    "mmonk": "monk symbol:",
    "mfill": "fills a storage tile:",
}


CHANCE_LABELS = {
    "boards": "Colony boards dealt",
    "start_ships": "Starting shipping tiles at the docks",
    "scholars": "Scholars on the board",
    "bishops": "Bishops on the board",
    "col2": "Two-space colony tiles revealed",
    "col3": "Three-space colony tiles revealed",
    "white": "White dice rolled",
    "blue": "Blue dice rolled",
    "blue1": "A new blue die rolled",
    "ship": "Shipping tile drawn to the empty dock",
    "halls": "Scholars dealt under the town halls",
    "amb": "Ambassador dice rolled onto their tiles",
    "xcol": "Special colony tiles revealed",
    "xship": "Special shipping tile drawn to the extra harbor",
    "experts": "Experts laid out under the die values 1-6",
    "mdraw": "Maya action cards drawn",
    "mtemples": "Temple tiles dealt to the five regions",
    "mtemple": "Next temple tile drawn",
}


def describe(s: State, step: Step) -> str:
    if isinstance(step, ChanceStep):
        kind = s.chance[0][0] if s.chance else "chance"
        shown = ", ".join(map(str, step.outcome))
        return f"{CHANCE_LABELS.get(kind, 'Chance')}: {shown}"
    if not isinstance(step, Decision):
        return str(step)
    who = s.names[step.seat] if 0 <= step.seat < len(s.names) else f"seat {step.seat}"
    verb, _, arg = step.action.partition(":")
    line = _VERBS.get(verb)
    if line is None:
        return f"{who}: {step.action}"
    return line(s, who, step.seat, verb, arg)


Line = Callable[[State, str, int, str, str], str]
"""One verb's sentence: (state before, who, seat, verb, argument)."""


def _colony(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    tile = s.cat.tiles[arg]
    return f"{who} colonizes with tile {arg} ({len(tile.squares)} spaces)"


def _coin(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} activates the building at {arg} with coins"


_DIE_HOW = {"bluecol": " (philosophy)", "whitediag": " (archery)", "bluediag": " (archery)"}


def _die_action(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    """white/blue/bluecol/whitediag/bluediag, and the same with the ambassador die (amb...)."""
    amb = " ambassador" if verb.startswith("amb") else ""
    verb = verb.removeprefix("amb")
    faces, _, paid = arg.partition(":")
    face, target = faces.split("-")
    line = "row" if verb == "blue" else "column"
    if verb.endswith("diag"):
        line = "diagonal"
    change = ""
    if face != target:
        change = f" changed from {face}" + (f" paying 1 {paid}" if paid else "")
    colour = "white" if verb.startswith("white") else "blue"
    return (
        f"{who} takes a {colour}{amb} die {target}{change} and activates {line} {target}"
        f"{_DIE_HOW.get(verb, '')}" + (" (every other player activates it too)" if amb else "")
    )


def _rest(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    names = REST_NAMES
    if s.players[seat].caps:  # the Maya player's fourth and fifth spaces differ
        names = (*REST_NAMES[:3], "fill a storage tile", "complete a temple")
    return f"{who} rests on space {arg} ({names[int(arg) - 1]})"


def _board(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} chooses colony board {arg}"


def _hall(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    hall, scholar = s.hall_sets[int(arg) - 1]
    return f"{who} chooses {hall} with the scholar {scholar}"


def _place(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} places the tile at {arg} (row, column, turn)"


def _road(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} places a road at {arg}"


def _trade(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    if arg == "skip":
        return f"{who} does not trade"
    cost, gain = s.tasks[0][1][int(arg) - 1]
    return f"{who} trades {bundle_text(cost)} for {bundle_text(gain)}"


def _ship(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    if arg == "skip":
        return f"{who} does not ship"
    if arg.startswith("x"):
        return f"{who} ships the special tile {s.xdock} to dock {arg[1:]}"
    return f"{who} ships tile {s.docks[int(arg) - 1]} from dock {arg}"


def _astro(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    if arg == "stay":
        return f"{who} keeps the ship at its dock"
    return f"{who} moves the ship to dock {arg}"


def _piety(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} advances {arg} on the piety track" + (" paying 1 grain" if arg == "2" else "")


def _monk(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} hires no monk" if arg == "skip" else f"{who} places a monk on {arg}"


def _die(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} puts the die on {arg}"


def _math(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    if arg == "skip":
        return f"{who} takes back no coins"
    return f"{who} takes back the coins at {arg}"


def _maya_die(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    faces, _, paid = arg.partition(":")
    face, road = faces.split("-")
    colour = verb.removeprefix("m").removeprefix("amb")
    amb = " ambassador" if "amb" in verb else ""
    change = "" if face == road else f" changed from {face}" + (" with a cocoa" if paid else "")
    return f"{who} (Maya) takes a {colour}{amb} die {road}{change} onto road {road}"


def _maya_card(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    card, _, i = arg.rpartition("-")
    return f"{who} (Maya) plays card {card}, action {i}"


def _maya_priest(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} (Maya) puts a priest on the building at {arg}"


def _maya_build(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    token, _, spot = arg.partition("@")
    kind, _, i = token.partition(":")
    name = "wooden" if kind == "wood" else "straw"
    return f"{who} (Maya) builds {name} building token {i} at {spot}"


def _maya_offer(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    other, give, get = parse_offer(arg)
    return f"{who} (Maya) offers {s.names[other]} {side_text(give)} for {side_text(get)}"


def _maya_answer(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    _, give, get = parse_offer(s.tasks[0][1])
    answer = "accepts" if arg == "accept" else "declines"
    tiles = {give[0], get[0]} - {"coin", "gold"}  # gold tokens change hands directly
    how = (
        " (the Maya flips its storage tile; the token goes to or from the supply)"
        if arg == "accept" and tiles
        else ""
    )
    return f"{who} {answer} the Maya's offer: {side_text(give)} for {side_text(get)}{how}"


def _maya_trade(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    if arg.startswith("sell-"):
        return f"{who} (Maya) sells 1 {arg[5:]} to the supply for 1 coin"
    return _maya_words(s, who, seat, verb, arg)


def _maya_words(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} (Maya): {MAYA_WORDS[verb]} {arg}"


def _expert(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} takes the expert" if arg == "take" else f"{who} takes no expert"


def _improve(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} places the improvement expert at {arg}"


def _guide(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    if arg == "go":
        return f"{who} pays 1 coin: the governor goes on (guide)"
    return f"{who} lets the governor stop"


def _echo_arch(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} activates the ambassador's {'diagonal (archery)' if arg == 'diag' else 'line'}"


def _meditation(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} also takes rest space {arg} (meditation)"


def _sell(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} sells 1 {arg}"


def _buy(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} buys 1 {arg}"


def _move(s: State, who: str, seat: int, verb: str, arg: str) -> str:
    return f"{who} moves a die {arg.replace('>', ' to ')} (logistics)"


_DIE_VERBS = ("white", "blue", "bluecol", "whitediag", "bluediag")
_VERBS: dict[str, Line] = {
    **{verb: _maya_words for verb in MAYA_WORDS},
    **{verb: _die_action for verb in _DIE_VERBS},
    **{f"amb{verb}": _die_action for verb in _DIE_VERBS},
    **{verb: _maya_die for verb in ("mwhite", "mblue", "mambwhite", "mambblue")},
    "colony": _colony,
    "coin": _coin,
    "rest": _rest,
    "board": _board,
    "hall": _hall,
    "place": _place,
    "road": _road,
    "trade": _trade,
    "ship": _ship,
    "astro": _astro,
    "piety": _piety,
    "monk": _monk,
    "die": _die,
    "math": _math,
    "mcard": _maya_card,
    "mpriest": _maya_priest,
    "mbuild": _maya_build,
    "moffer": _maya_offer,
    "manswer": _maya_answer,
    "mtrade": _maya_trade,
    "expert": _expert,
    "improve": _improve,
    "guide": _guide,
    "echoarch": _echo_arch,
    "medrest": _meditation,
    "sell": _sell,
    "buy": _buy,
    "move": _move,
}
"""The sentence of each verb of the grammar (`engine.py`, `maya.py`); others are shown as
`who: action`."""
