"""Readable sentences for steps (the move list of the replay)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from domain.core.phrase import Count, Listing, Said, Say, Term, sentences
from domain.core.protocol import ChanceStep, Decision, Step
from domain.santa_maria.components import (
    BISHOPS,
    EXPERT_KINDS,
    ITEMS,
    MAYA_REGIONS,
    NEW_BISHOPS,
    NEW_SCHOLARS,
    SCHOLARS,
    TERRAINS,
    Bundle,
)
from domain.santa_maria.engine import REST_NAMES
from domain.santa_maria.mayatrade import parse_offer
from domain.santa_maria.state import State

MAYA_WORDS = {  # shown through `phrase` (N_-style: ids of the catalog)
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


CONTEXT = "santa_maria"
ITEM_TERMS = {item: Term(item, f"{CONTEXT}.item") for item in ITEMS}
REST_TERMS = tuple(
    Term(name, f"{CONTEXT}.rest")
    for name in (*REST_NAMES, "fill a storage tile", "complete a temple")
)
COLOURS = {c: Term(c, f"{CONTEXT}.die") for c in ("white", "blue")}
BISHOP_NAMES = {
    "square": "square",
    "one_dock": "one dock",
    "hall_cities": "cities around the town hall",
    "hall_colonists": "colonists around the town hall",
    "terrain_area": "terrain area",
    "diversity": "diversity",
    "conquest_again": "conquistador points again in year 3",
    "big_tiles": "large colony tiles",
    "ship_gems": "gems on shipping tiles",
}
"""The bishop tiles in words (the English log read "hall_cities, one_dock"): the names the
view's words give them (`application.view_words.VALUES`)."""
SCHOLAR_TERMS = {
    k: Term(k.replace("_", " "), f"{CONTEXT}.scholar") for k in (*SCHOLARS, *NEW_SCHOLARS)
}
BISHOP_TERMS = {k: Term(BISHOP_NAMES[k], f"{CONTEXT}.bishop") for k in (*BISHOPS, *NEW_BISHOPS)}
EXPERT_TERMS = {k: Term(k, f"{CONTEXT}.expert") for k in EXPERT_KINDS}
TERRAIN_TERMS = {k: Term(k, f"{CONTEXT}.terrain") for k in (*TERRAINS, "road")}
REGION_TERMS = {k: Term(k, f"{CONTEXT}.region") for k in MAYA_REGIONS}
MAYA_ARGS = ("skip", "done", "stop", "redraw", "card")
"""The Maya's fixed action arguments (`maya.py`: mtech:skip, mdiscard:done, mwalk:stop...),
message ids of their own (words, not component names)."""
SYNTHETIC = f"{CONTEXT}.synthetic"
"""The context of the ids the synthetic pack invents (town halls, special colony tiles, action
cards, experts): their Korean names say they are synthetic, not the printed game's."""
_WORDY = re.compile(r"[A-Za-z]{2}")


def component(cid: str, synthetic: bool = True) -> Term | str:
    """A component id as shown: ids with words in them ("hall-2", "card-07", "e-farmer-1") are
    terms of the pack's own; codes like "c2-01" or "A1" stay as they are."""
    if not _WORDY.search(cid):
        return cid
    return Term(cid, SYNTHETIC if synthetic else f"{CONTEXT}.component")


def synthetic_ids() -> Iterator[str]:
    """The synthetic pack's ids that `component` names (read from the pack, for the catalog)."""
    from domain.santa_maria import packs

    cat = packs.catalog("synthetic", expansion=True)
    found: list[str] = [*cat.boards, *cat.tiles, *cat.halls, *cat.ships]
    if cat.expansion is not None:
        found += [cat.expansion.cocoa_hall.id, "cocoa", *cat.expansion.experts]
        if cat.expansion.maya is not None:
            found += [*cat.expansion.maya.cards, *cat.expansion.maya.temples]
    yield from (cid for cid in dict.fromkeys(found) if _WORDY.search(cid))


def terms() -> Iterator[Term | Count | str]:
    """Every name the sentences show (goods, rest spaces, dice colours, monk places), and the
    label tables' texts, which are message ids of their own (plain strings)."""
    yield from ITEM_TERMS.values()
    yield from REST_TERMS
    yield from COLOURS.values()
    yield from MONK_PLACES.values()
    yield from CHANCE_LABELS.values()
    yield from MAYA_WORDS.values()
    for table in (SCHOLAR_TERMS, BISHOP_TERMS, EXPERT_TERMS, TERRAIN_TERMS, REGION_TERMS):
        yield from table.values()
    yield from MAYA_ARGS
    yield from (Term(cid, SYNTHETIC) for cid in synthetic_ids())


def _item(name: str) -> Term | str:
    return ITEM_TERMS.get(name, name)


def _bundle(bundle: Bundle, phrase: Say) -> Said:
    """`bundle_text` in words: "2 wood + grain"."""
    parts = tuple(
        phrase("{n} {item}", n=n, item=ITEM_TERMS[ITEMS[i]]) if n > 1 else ITEM_TERMS[ITEMS[i]]
        for i, n in enumerate(bundle)
        if n
    )
    return Listing(parts) if parts else phrase("nothing")


def _side(side: tuple[str, int], phrase: Say) -> Said:
    what, n = side
    if what == "coin":
        return phrase("{n} coins", n=n) if n > 1 else phrase("1 coin")
    return phrase("1 {item}", item=_item(what))


def _sentence(s: State, step: Step, phrase: Say) -> Said:
    if isinstance(step, ChanceStep):
        kind = s.chance[0][0] if s.chance else "chance"
        shown = _outcome(s, kind, step.outcome)
        label = CHANCE_LABELS.get(kind)
        if label is None:
            return phrase("Chance: {shown}", shown=shown)
        return phrase("{label}: {shown}", label=phrase(label), shown=shown)
    if not isinstance(step, Decision):
        return phrase("{step}", step=str(step))
    who = s.names[step.seat] if 0 <= step.seat < len(s.names) else f"seat {step.seat}"
    verb, _, arg = step.action.partition(":")
    line = _VERBS.get(verb)
    if line is None:
        return phrase("{who}: {action}", who=who, action=step.action)
    return line(s, who, step.seat, verb, arg, phrase)


def _outcome(s: State, kind: str, outcome: tuple[object, ...]) -> Listing:
    """What chance dealt, each name as a term (scholars, bishops, the pack's own ids)."""
    if kind in ("scholars", "halls"):
        return Listing(tuple(SCHOLAR_TERMS.get(str(x), str(x)) for x in outcome))
    if kind == "bishops":
        return Listing(tuple(BISHOP_TERMS.get(str(x), str(x)) for x in outcome))
    return Listing(tuple(component(str(x), s.cat.synthetic) for x in outcome))


Line = Callable[[State, str, int, str, str, Say], Said]
"""One verb's sentence: (state before, who, seat, verb, argument, maker)."""


def _colony(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    tile = s.cat.tiles[arg]
    return phrase(
        "{who} colonizes with tile {tile} ({n} spaces)",
        who=who,
        tile=component(arg, s.cat.synthetic),
        n=len(tile.squares),
    )


def _coin(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} activates the building at {where} with coins", who=who, where=arg)


_DIE_HOW = {"bluecol": "philosophy", "whitediag": "archery", "bluediag": "archery"}


def _die_action(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    """white/blue/bluecol/whitediag/bluediag, and the same with the ambassador die (amb...)."""
    amb = verb.startswith("amb")
    verb = verb.removeprefix("amb")
    faces, _, paid = arg.partition(":")
    face, target = faces.split("-")
    line = phrase("row") if verb == "blue" else phrase("column")
    if verb.endswith("diag"):
        line = phrase("diagonal")
    colour = COLOURS["white" if verb.startswith("white") else "blue"]
    die = (
        phrase("{colour} ambassador die", colour=colour)
        if amb
        else phrase("{colour} die", colour=colour)
    )
    if face == target:
        took = phrase("{who} takes a {die} {target}", who=who, die=die, target=target)
    elif paid:
        took = phrase(
            "{who} takes a {die} {target} changed from {face} paying 1 {paid}",
            who=who,
            die=die,
            target=target,
            face=face,
            paid=_item(paid),
        )
    else:
        took = phrase(
            "{who} takes a {die} {target} changed from {face}",
            who=who,
            die=die,
            target=target,
            face=face,
        )
    done = phrase("{took} and activates {line} {target}", took=took, line=line, target=target)
    how = _DIE_HOW.get(verb)
    if how == "philosophy":
        done = phrase("{done} (philosophy)", done=done)
    elif how == "archery":
        done = phrase("{done} (archery)", done=done)
    if amb:
        return phrase("{done} (every other player activates it too)", done=done)
    return done


def _rest(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    names = REST_TERMS[:5]
    if s.players[seat].caps:  # the Maya player's fourth and fifth spaces differ
        names = (*REST_TERMS[:3], *REST_TERMS[5:])
    return phrase(
        "{who} rests on space {space} ({name})", who=who, space=arg, name=names[int(arg) - 1]
    )


def _board(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase(
        "{who} chooses colony board {board}", who=who, board=component(arg, s.cat.synthetic)
    )


def _hall(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    hall, scholar = s.hall_sets[int(arg) - 1]
    return phrase(
        "{who} chooses {hall} with the scholar {scholar}",
        who=who,
        hall=component(hall, s.cat.synthetic),
        scholar=SCHOLAR_TERMS.get(scholar, scholar),
    )


def _place(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} places the tile at {where} (row, column, turn)", who=who, where=arg)


def _road(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} places a road at {where}", who=who, where=arg)


def _trade(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "skip":
        return phrase("{who} does not trade", who=who)
    cost, gain = s.tasks[0][1][int(arg) - 1]
    return phrase(
        "{who} trades {cost} for {gain}",
        who=who,
        cost=_bundle(cost, phrase),
        gain=_bundle(gain, phrase),
    )


def _ship(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "skip":
        return phrase("{who} does not ship", who=who)
    if arg.startswith("x"):
        return phrase(
            "{who} ships the special tile {tile} to dock {dock}",
            who=who,
            tile=s.xdock,
            dock=arg[1:],
        )
    return phrase(
        "{who} ships tile {tile} from dock {dock}", who=who, tile=s.docks[int(arg) - 1], dock=arg
    )


def _astro(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "stay":
        return phrase("{who} keeps the ship at its dock", who=who)
    return phrase("{who} moves the ship to dock {dock}", who=who, dock=arg)


def _piety(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "2":
        return phrase(
            "{who} advances {n} on the piety track paying 1 {grain}",
            who=who,
            n=arg,
            grain=ITEM_TERMS["grain"],
        )
    return phrase("{who} advances {n} on the piety track", who=who, n=arg)


MONK_PLACES = {
    "mission": Term("mission", f"{CONTEXT}.monk"),
    "scholar": Term("scholar", f"{CONTEXT}.monk"),
    "bishop": Term("bishop", f"{CONTEXT}.monk"),
}


def _monk(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "skip":
        return phrase("{who} hires no monk", who=who)
    kind = arg.rstrip("0123456789")
    if kind in MONK_PLACES and arg != kind:  # setup.MONK_SPACES: scholar1, bishop2, mission3
        place = phrase("{place} {n}", place=MONK_PLACES[kind], n=arg[len(kind) :])
        return phrase("{who} places a monk on {place}", who=who, place=place)
    return phrase("{who} places a monk on {place}", who=who, place=MONK_PLACES.get(arg, arg))


def _die(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} puts the die on {where}", who=who, where=arg)


def _math(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "skip":
        return phrase("{who} takes back no coins", who=who)
    return phrase("{who} takes back the coins at {where}", who=who, where=arg)


def _maya_die(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    faces, _, paid = arg.partition(":")
    face, road = faces.split("-")
    colour = COLOURS.get(verb.removeprefix("m").removeprefix("amb"), verb)
    die = (
        phrase("{colour} ambassador die", colour=colour)
        if "amb" in verb
        else phrase("{colour} die", colour=colour)
    )
    if face == road:
        return phrase(
            "{who} (Maya) takes a {die} {road} onto road {road}", who=who, die=die, road=road
        )
    if paid:
        return phrase(
            "{who} (Maya) takes a {die} {road} changed from {face} with a cocoa onto road {road}",
            who=who,
            die=die,
            road=road,
            face=face,
        )
    return phrase(
        "{who} (Maya) takes a {die} {road} changed from {face} onto road {road}",
        who=who,
        die=die,
        road=road,
        face=face,
    )


def _maya_card(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    card, _, i = arg.rpartition("-")
    return phrase(
        "{who} (Maya) plays card {card}, action {i}",
        who=who,
        card=component(card, s.cat.synthetic),
        i=i,
    )


def _maya_priest(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} (Maya) puts a priest on the building at {where}", who=who, where=arg)


def _maya_build(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    token, _, spot = arg.partition("@")
    kind, _, i = token.partition(":")
    if kind == "wood":
        return phrase(
            "{who} (Maya) builds wooden building token {i} at {where}", who=who, i=i, where=spot
        )
    return phrase(
        "{who} (Maya) builds straw building token {i} at {where}", who=who, i=i, where=spot
    )


def _maya_offer(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    other, give, get = parse_offer(arg)
    return phrase(
        "{who} (Maya) offers {other} {give} for {get}",
        who=who,
        other=s.names[other],
        give=_side(give, phrase),
        get=_side(get, phrase),
    )


def _maya_answer(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    _, give, get = parse_offer(s.tasks[0][1])
    tiles = {give[0], get[0]} - {"coin", "gold"}  # gold tokens change hands directly
    fields = {"who": who, "give": _side(give, phrase), "get": _side(get, phrase)}
    if arg != "accept":
        return phrase("{who} declines the Maya's offer: {give} for {get}", **fields)
    if tiles:
        return phrase(
            "{who} accepts the Maya's offer: {give} for {get} (the Maya flips its storage tile; "
            "the token goes to or from the supply)",
            **fields,
        )
    return phrase("{who} accepts the Maya's offer: {give} for {get}", **fields)


def _maya_trade(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg.startswith("sell-"):
        return phrase(
            "{who} (Maya) sells 1 {item} to the supply for 1 coin", who=who, item=_item(arg[5:])
        )
    return _maya_words(s, who, seat, verb, arg, phrase)


def _maya_words(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase(
        "{who} (Maya): {words} {arg}",
        who=who,
        words=phrase(MAYA_WORDS[verb]),
        arg=_maya_arg(s, arg, phrase),
    )


def _maya_arg(s: State, arg: str, phrase: Say) -> Said:
    """A Maya action's argument in words: a good, a temple region, a card, "skip"/"done"..."""
    if arg in MAYA_ARGS:
        return phrase(arg)
    if arg in ITEM_TERMS:
        return ITEM_TERMS[arg]
    if arg in REGION_TERMS:
        return REGION_TERMS[arg]
    if arg.startswith("fill-"):
        return phrase("fill-{item}", item=_item(arg[5:]))
    return component(arg, s.cat.synthetic)  # a card id, a spot ("2.3"), a connector


def _expert(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "take":
        return phrase("{who} takes the expert", who=who)
    return phrase("{who} takes no expert", who=who)


def _improve(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} places the improvement expert at {where}", who=who, where=arg)


def _guide(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "go":
        return phrase("{who} pays 1 coin: the governor goes on (guide)", who=who)
    return phrase("{who} lets the governor stop", who=who)


def _echo_arch(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    if arg == "diag":
        return phrase("{who} activates the ambassador's diagonal (archery)", who=who)
    return phrase("{who} activates the ambassador's line", who=who)


def _meditation(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} also takes rest space {space} (meditation)", who=who, space=arg)


def _sell(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} sells 1 {item}", who=who, item=_item(arg))


def _buy(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    return phrase("{who} buys 1 {item}", who=who, item=_item(arg))


def _move(s: State, who: str, seat: int, verb: str, arg: str, phrase: Say) -> Said:
    here, _, there = arg.partition(">")
    return phrase(
        "{who} moves a die {here} to {there} (logistics)", who=who, here=here, there=there
    )


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


describe, sentence = sentences(_sentence)
