"""The chance items on the Play page's pad, by what a person at the table sees on them.

An item is an engine code: "corn", Mundus Novus's "d01", Santa Maria's "s0-1". The pad names
goods and known components in the display language (`Words`), a game's own cards by their
titles, and Santa Maria's colony and shipping tiles (the synthetic pack's, invented: their codes
are printed nowhere) by what the Replay board draws on them: a colony tile's squares, a shipping
tile's cost and points, after the code the log uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from application.i18n import _, term
from application.view_words import Words
from dashboard.boards import santa_maria_words as sm_words
from dashboard.boards.mundus_novus import event_name


def labels(game: str, state: Any, choices: Sequence[str]) -> dict[str, str]:
    """Each of `choices` (item codes of the awaited outcome, at `state`) as the pad shows it."""
    words = Words(game)
    out = {item: words.value(item) for item in choices}
    if game == "santa-maria":
        _santa_maria_tiles(getattr(state, "cat", None), out)
    cards = getattr(state, "cards", None)
    if isinstance(cards, dict):
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


def _santa_maria_tiles(catalog: Any, out: dict[str, str]) -> None:
    """Santa Maria's tiles in `out` (by code) with what is on them: the pad read "s0-1, s0-2"
    while the board showed each tile's cost and points."""
    from domain.santa_maria.components import bundle_text
    from domain.santa_maria.view import tile_json

    tiles = getattr(catalog, "tiles", {})
    ships = getattr(catalog, "ships", {})
    for item, shown in out.items():
        if item in ships:
            ship = ships[item]
            cost = sm_words.bundle(bundle_text(ship.cost))
            out[item] = f"{shown} · {cost} → {_('{n} VP', n=ship.points)}"
        elif item in tiles:
            squares = [
                "{kind} {effects}".format(
                    kind=sm_words.terrain(str(sq["kind"])),
                    effects=", ".join(sm_words.effect(str(x)) for x in sq["effects"]),
                ).strip()
                for sq in tile_json(tiles[item])["squares"]
            ]
            out[item] = f"{shown} · " + " / ".join(squares)
