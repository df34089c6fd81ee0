"""Readable sentences for steps (the move list of the replay)."""

from __future__ import annotations

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


def describe(s: State, step: Step) -> str:
    if isinstance(step, ChanceStep):
        kind = s.chance[0][0] if s.chance else "chance"
        shown = ", ".join(map(str, step.outcome))
        labels = {
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
        return f"{labels.get(kind, 'Chance')}: {shown}"
    if not isinstance(step, Decision):
        return str(step)
    who = s.names[step.seat] if 0 <= step.seat < len(s.names) else f"seat {step.seat}"
    verb, _, arg = step.action.partition(":")
    if verb == "colony":
        tile = s.cat.tiles[arg]
        return f"{who} colonizes with tile {arg} ({len(tile.squares)} spaces)"
    if verb == "coin":
        return f"{who} activates the building at {arg} with coins"
    amb = " ambassador" if verb.startswith("amb") else ""
    verb = verb.removeprefix("amb")
    if verb in ("white", "blue", "bluecol", "whitediag", "bluediag"):
        faces, _, paid = arg.partition(":")
        face, target = faces.split("-")
        line = "row" if verb == "blue" else "column"
        if verb.endswith("diag"):
            line = "diagonal"
        change = (
            ""
            if face == target
            else f" changed from {face}" + (f" paying 1 {paid}" if paid else "")
        )
        colour = "white" if verb.startswith("white") else "blue"
        why = {"bluecol": " (philosophy)", "whitediag": " (archery)", "bluediag": " (archery)"}
        how = why.get(verb, "")
        return (
            f"{who} takes a {colour}{amb} die {target}{change} and activates {line} {target}{how}"
            + (" (every other player activates it too)" if amb else "")
        )
    if verb == "rest":
        names = REST_NAMES
        if s.players[step.seat].caps:  # the Maya player's fourth and fifth spaces differ
            names = (*REST_NAMES[:3], "fill a storage tile", "complete a temple")
        return f"{who} rests on space {arg} ({names[int(arg) - 1]})"
    if verb == "board":
        return f"{who} chooses colony board {arg}"
    if verb == "hall":
        hall, scholar = s.hall_sets[int(arg) - 1]
        return f"{who} chooses {hall} with the scholar {scholar}"
    if verb == "place":
        return f"{who} places the tile at {arg} (row, column, turn)"
    if verb == "road":
        return f"{who} places a road at {arg}"
    if verb == "trade":
        if arg == "skip":
            return f"{who} does not trade"
        cost, gain = s.tasks[0][1][int(arg) - 1]
        return f"{who} trades {bundle_text(cost)} for {bundle_text(gain)}"
    if verb == "ship":
        if arg == "skip":
            return f"{who} does not ship"
        if arg.startswith("x"):
            return f"{who} ships the special tile {s.xdock} to dock {arg[1:]}"
        return f"{who} ships tile {s.docks[int(arg) - 1]} from dock {arg}"
    if verb == "astro":
        return (
            f"{who} keeps the ship at its dock"
            if arg == "stay"
            else f"{who} moves the ship to dock {arg}"
        )
    if verb == "piety":
        return f"{who} advances {arg} on the piety track" + (
            " paying 1 grain" if arg == "2" else ""
        )
    if verb == "monk":
        return f"{who} hires no monk" if arg == "skip" else f"{who} places a monk on {arg}"
    if verb == "die":
        return f"{who} puts the die on {arg}"
    if verb == "math":
        return (
            f"{who} takes back no coins"
            if arg == "skip"
            else f"{who} takes back the coins at {arg}"
        )
    if verb in ("mwhite", "mblue", "mambwhite", "mambblue"):
        faces, _, paid = arg.partition(":")
        face, road = faces.split("-")
        colour = verb.removeprefix("m").removeprefix("amb")
        amb = " ambassador" if "amb" in verb else ""
        change = "" if face == road else f" changed from {face}" + (" with a cocoa" if paid else "")
        return f"{who} (Maya) takes a {colour}{amb} die {road}{change} onto road {road}"
    if verb == "mcard":
        card, _, i = arg.rpartition("-")
        return f"{who} (Maya) plays card {card}, action {i}"
    if verb == "mpriest":
        return f"{who} (Maya) puts a priest on the building at {arg}"
    if verb == "mbuild":
        token, _, spot = arg.partition("@")
        kind, _, i = token.partition(":")
        name = "wooden" if kind == "wood" else "straw"
        return f"{who} (Maya) builds {name} building token {i} at {spot}"
    if verb == "moffer":
        seat, give, get = parse_offer(arg)
        return f"{who} (Maya) offers {s.names[seat]} {side_text(give)} for {side_text(get)}"
    if verb == "manswer":
        seat, give, get = parse_offer(s.tasks[0][1])
        answer = "accepts" if arg == "accept" else "declines"
        tiles = {give[0], get[0]} - {"coin", "gold"}  # gold tokens change hands directly
        how = (
            " (the Maya flips its storage tile; the token goes to or from the supply)"
            if arg == "accept" and tiles
            else ""
        )
        return f"{who} {answer} the Maya's offer: {side_text(give)} for {side_text(get)}{how}"
    if verb == "mtrade" and arg.startswith("sell-"):
        return f"{who} (Maya) sells 1 {arg[5:]} to the supply for 1 coin"
    if verb.startswith("m") and verb in MAYA_WORDS:
        return f"{who} (Maya): {MAYA_WORDS[verb]} {arg}"
    if verb == "expert":
        return f"{who} takes the expert" if arg == "take" else f"{who} takes no expert"
    if verb == "improve":
        return f"{who} places the improvement expert at {arg}"
    if verb == "guide":
        return (
            f"{who} pays 1 coin: the governor goes on (guide)"
            if arg == "go"
            else (f"{who} lets the governor stop")
        )
    if verb == "echoarch":
        return (
            f"{who} activates the ambassador's {'diagonal (archery)' if arg == 'diag' else 'line'}"
        )
    if verb == "medrest":
        return f"{who} also takes rest space {arg} (meditation)"
    if verb == "sell":
        return f"{who} sells 1 {arg}"
    if verb == "buy":
        return f"{who} buys 1 {arg}"
    if verb == "move":
        return f"{who} moves a die {arg.replace('>', ' to ')} (logistics)"
    return f"{who}: {step.action}"
