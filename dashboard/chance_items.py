"""The chance items on the Play page's pad, by what a person at the table sees on them.

An item is an engine code: "corn", Mundus Novus's "d01", Santa Maria's "s0-1". The pad names
them as the CLI does (`application.chance_names`: goods and components in the display
language, a game's own cards by their titles), and Santa Maria's colony and shipping tiles
(the synthetic pack's, invented: their codes are printed nowhere) by what the Replay board
draws on them (`chance_names.tile_faces`: a colony tile's squares, a shipping tile's cost and
points), after the code the log uses, as `novus legal` lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from application.chance_names import item_names, tile_faces


def labels(game: str, state: Any, choices: Sequence[str]) -> dict[str, str]:
    """Each of `choices` (item codes of the awaited outcome, at `state`) as the pad shows it."""
    out = item_names(game, state, choices)
    for item, face in tile_faces(game, state, choices).items():  # Santa Maria's tiles
        out[item] = f"{out[item]} · {face}"
    return out
