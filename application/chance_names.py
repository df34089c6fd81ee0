"""Chance items as a person at the table names them, for entering an outcome and for saying it.

An item is an engine code: "corn", Santa Maria's "A1", Mundus Novus's "d07". Goods and known
components read in the display language (`Words`); a game's own cards (`state.cards`, Mundus
Novus's development deck) by their printed titles, and cards that share a title by their event
icon too ("Shipyard (Natives)"). The Play page's pad and the CLI (`novus legal`, `move
--chance`, `draw --first`) use the same names, so a card can be typed as it reads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from application.event_names import event_name
from application.i18n import term
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
