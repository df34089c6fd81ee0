"""The chance items on the Play page's pad, by what a person at the table sees on them.

An item is an engine code: "corn", Mundus Novus's "d01", Santa Maria's "s0-1". The pad names
them as the CLI does (`application.chance_names`: goods and components in the display
language, a game's own cards by their titles), and Santa Maria's colony and shipping tiles
(the synthetic pack's, invented: their codes are printed nowhere) by what the Replay board
draws on them: a colony tile's squares, a shipping tile's cost and points, after the code the
log uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from application.chance_names import item_names
from application.i18n import _
from dashboard.boards import santa_maria_words as sm_words


def labels(game: str, state: Any, choices: Sequence[str]) -> dict[str, str]:
    """Each of `choices` (item codes of the awaited outcome, at `state`) as the pad shows it."""
    out = item_names(game, state, choices)
    if game == "santa-maria":
        _santa_maria_tiles(getattr(state, "cat", None), out)
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
