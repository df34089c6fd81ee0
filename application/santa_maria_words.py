"""Santa Maria's goods, bundles, effects and terrain in the display language.

The engine speaks in ids and short texts (`components.bundle_text` "2coin+wood",
`effect_text` "produce 2coin+wood", "trade wood > 3coin / gem > 3coin"); each becomes the
rulebook's Korean through the catalog (contexts `santa_maria.item`, `.terrain`, `.bundle`,
`.effect`) and stays the engine's text in English. The Replay board, the Play page's pad and
`novus legal` (a tile's squares, a shipping tile's cost) say them alike.
"""

from __future__ import annotations

from functools import lru_cache

from application.i18n import _, current_language, pgettext, term

CONTEXT = "santa_maria"


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
