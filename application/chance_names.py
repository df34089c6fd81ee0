"""Chance items as a person at the table names them, for entering an outcome and for saying it.

An item is an engine code: "corn", Santa Maria's "A1", Mundus Novus's "d07". Goods and known
components read in the display language (`Words`); a game's own cards (`state.cards`, Mundus
Novus's development deck) by their printed titles, and cards that share a title by their event
icon too ("Shipyard (Natives)"). The Play page's pad and the CLI (`novus legal`, `move
--chance`, `draw --first`) use the same names, so a card can be typed as it reads. Santa
Maria's colony and shipping tiles keep their codes as names (the synthetic pack's, printed
nowhere); `tile_faces` says what is on each, which the pad and `novus legal` show beside it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from application import santa_maria_words as sm_words
from application.event_names import event_name
from application.i18n import _, term
from application.view_words import Words


def item_names(game: str, state: Any, choices: Sequence[str]) -> dict[str, str]:
    """Each of `choices` (item codes of the outcome awaited at `state`) by its name."""
    words = Words(game)
    out = {item: words.value(item) for item in choices}
    cards = getattr(state, "cards", None)
    if not isinstance(cards, dict):
        return out
    context = game.replace("-", "_") + ".card"
    for item in choices:
        title = getattr(cards.get(item), "title", None)
        if title:
            out[item] = term(str(title), context)
    named = Counter(out[item] for item in choices)
    for item in choices:  # four "Shipyard"s: they differ by their event icons
        event = getattr(cards.get(item), "event", None)
        if named[out[item]] > 1 and event and game == "mundus-novus":
            out[item] = f"{out[item]} ({event_name(str(event))})"
    return out


def tile_faces(game: str, state: Any, choices: Sequence[str]) -> dict[str, str]:
    """What is on each of `choices` that is a Santa Maria shipping or colony tile, by code:
    a shipping tile's cost and points ("wood+grain → 1 VP"), a colony tile's squares ("forest
    produce wood+grain / mountain produce gem"); the codes alone said nothing at the table."""
    if game != "santa-maria":
        return {}
    from domain.santa_maria.components import bundle_text
    from domain.santa_maria.view import tile_json

    catalog = getattr(state, "cat", None)
    tiles = getattr(catalog, "tiles", {})
    ships = getattr(catalog, "ships", {})
    out = {}
    for item in choices:
        if item in ships:
            ship = ships[item]
            cost = sm_words.bundle(bundle_text(ship.cost))
            out[item] = f"{cost} → {_('{n} VP', n=ship.points)}"
        elif item in tiles:
            out[item] = " / ".join(
                "{kind} {effects}".format(
                    kind=sm_words.terrain(str(square["kind"])),
                    effects=", ".join(sm_words.effect(str(x)) for x in square["effects"]),
                ).strip()
                for square in tile_json(tiles[item])["squares"]
            )
    return out
