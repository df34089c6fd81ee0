"""The Santa Maria board's words: the view's names and texts in the display language.

The view speaks in ids and short texts (`components.bundle_text` "2coin+wood", `effect_text`
"produce 2coin+wood", "trade wood > 3coin / gem > 3coin", terrain and scholar ids); here each
becomes the rulebook's Korean through the catalog (contexts `santa_maria.item`, `.terrain`,
`.scholar`, `.bishop`, `.expert`, `.region`, `.rest`, `.die`, `.synthetic`, listed by the
engine's `terms()`), and stays exactly the text the view gave in English. Goods, bundles,
effects and terrain are `application.santa_maria_words`' (the CLI says them too), named here as
before.
"""

from __future__ import annotations

import re

from application.i18n import _, term
from application.santa_maria_words import CONTEXT as CONTEXT
from application.santa_maria_words import bundle as bundle
from application.santa_maria_words import effect as effect
from application.santa_maria_words import item as item
from application.santa_maria_words import terrain as terrain

_WORDY = re.compile(r"[A-Za-z]{2}")


def scholar(name: str) -> str:
    return term(name.replace("_", " "), f"{CONTEXT}.scholar") if name else ""


BISHOPS = {
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
"""The bishop tiles' names as the sentences give them (the Santa Maria engine's `describe`
module's BISHOP_NAMES, which a board may not import; a test keeps the two equal)."""


def bishop(name: str) -> str:
    """A bishop tile by its id in words (the board read 'hall cities')."""
    return term(BISHOPS.get(name, name.replace("_", " ")), f"{CONTEXT}.bishop") if name else ""


def expert(kind: str) -> str:
    return term(kind, f"{CONTEXT}.expert")


def region(name: str) -> str:
    """A temple region of the Maya city: trade, feast, gold, build, technology."""
    return term(name, f"{CONTEXT}.region")


def rest(name: str) -> str:
    """A rest space's action: 2 coins, piety, conquistador, shipping, road tile."""
    return term(name, f"{CONTEXT}.rest")


def colour(name: str) -> str:
    """A die's name in the view: white, blue, white ambassador, blue ambassador."""
    base, _sep, amb = name.partition(" ")
    shown = term(base, f"{CONTEXT}.die") if base in ("white", "blue") else base
    return _("{colour} ambassador", colour=shown) if amb == "ambassador" else shown


def die_title(kind: str, face: object) -> str:
    return _("{colour} die {face}", colour=colour(kind), face=face).strip()


def component(cid: str, synthetic: bool) -> str:
    """A component id: the synthetic pack's worded ids ("hall-2", "card-07", "e-farmer-1") by
    their names (marked synthetic); codes like "c2-01" or "A1" as they are."""
    if not _WORDY.search(cid):
        return cid
    return term(cid, f"{CONTEXT}.synthetic" if synthetic else f"{CONTEXT}.component")
