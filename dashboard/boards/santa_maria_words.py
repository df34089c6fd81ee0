"""The Santa Maria board's words: the view's names and texts in the display language.

The view speaks in ids and short texts (`components.bundle_text` "2coin+wood", `effect_text`
"produce 2coin+wood", "trade wood > 3coin / gem > 3coin", terrain and scholar ids); here each
becomes the rulebook's Korean through the catalog (contexts `santa_maria.item`, `.terrain`,
`.scholar`, `.bishop`, `.expert`, `.region`, `.rest`, `.die`, `.synthetic`, listed by the
engine's `terms()`), and stays exactly the text the view gave in English.
"""

from __future__ import annotations

import re
from functools import lru_cache

from application.i18n import _, current_language, pgettext, term

CONTEXT = "santa_maria"
_WORDY = re.compile(r"[A-Za-z]{2}")


def item(kind: str) -> str:
    """A good or token: wood, grain, sugar, gem, gold, coin, vp, cocoa."""
    return term(kind, f"{CONTEXT}.item")


def bundle(text: str) -> str:
    """`"2coin+wood"` in words ("동전 2+나무"); English: the text as it is."""
    if text == "nothing":
        return _("nothing")
    out = []
    for part in text.split("+"):
        digits = "".join(c for c in part if c.isdigit())
        kind = part[len(digits) :]
        if not digits:
            out.append(item(kind))
        else:
            out.append(pgettext("santa_maria.bundle", "{n}{item}", n=digits, item=item(kind)))
    return "+".join(out)


def effect(text: str) -> str:
    """An effect text of the view (`components.effect_text`) in words (made once per language:
    a board shows the same few effects on every square and step)."""
    return _effect(current_language(), text)


@lru_cache(maxsize=4096)
def _effect(lang: str, text: str) -> str:
    if text.startswith("produce "):
        return _("produce {what}", what=bundle(text.removeprefix("produce ")))
    if text.startswith("trade "):
        options = []
        for option in text.removeprefix("trade ").split(" / "):
            pay, _sep, gain = option.partition(" > ")
            options.append(f"{bundle(pay)} > {bundle(gain)}")
        return _("trade {options}", options=" / ".join(options))
    if text == "shipping":
        return pgettext("santa_maria.effect", "shipping")
    if text == "conquistador":
        return pgettext("santa_maria.effect", "conquistador")
    if text == "piety":
        return pgettext("santa_maria.effect", "piety")
    return text


def terrain(kind: str) -> str:
    """A square's kind: farm, forest, mountain, city, town hall, road."""
    return term(kind, f"{CONTEXT}.terrain").replace("_", " ")


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
