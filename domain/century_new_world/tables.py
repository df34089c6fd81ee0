"""The components of one game, compiled from `Setup.components` (never from the pack catalog).

`prepare` embeds the full component definitions in the setup (so the `Started` event carries
them); `compile_tables` turns that JSON into indexed tuples the rules read quickly. A recorded
game therefore replays with no pack on disk.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.century_new_world.packs.model import (
    BonusTile,
    ExplorationTile,
    Facts,
    Location,
    PointCard,
)
from domain.core.errors import SetupError
from domain.core.packs import ByComponents
from domain.core.phrase import phrase


@dataclass(frozen=True, slots=True)
class Tables:
    pack: str
    label: str
    boards: tuple[str, ...]
    facts: Facts
    locations: tuple[Location, ...]
    cards: tuple[PointCard, ...]
    bonus: tuple[BonusTile, ...]
    tiles: tuple[ExplorationTile, ...]
    loc_index: Mapping[str, int]
    card_index: Mapping[str, int]
    bonus_index: Mapping[str, int]
    tile_index: Mapping[str, int]
    villages: tuple[int, ...]
    """Location indices of the villages (forts), in board order."""
    plan: tuple[tuple[int, str, int, int, tuple[int, ...], int], ...]
    """Per location, for fast move generation: (index, ``"place:<id>"``, kind number in
    `KIND_CODES`, settler icon, cubes given per trade, times)."""
    card_points: tuple[int, ...]
    bonus_points: tuple[int, ...]
    tile_points: tuple[int, ...]
    """The points of each card, bonus tile and exploration tile by index (`scoring.breakdown`
    sums them for every seat whose holdings change: a tuple lookup, not an attribute each)."""


KIND_CODES = {"production": 0, "upgrade": 1, "trade": 2, "village": 3}


def _index(items: tuple[Any, ...]) -> dict[str, int]:
    return {item.id: i for i, item in enumerate(items)}


def compile_tables(components: Mapping[str, Any] | None) -> Tables:
    """Indexed component tables from the JSON that `prepare` embedded in the setup (compiled
    once per distinct components, `_TABLES`).

    Raises `SetupError` when a stored setup lacks them or they are malformed (e.g. a hand-edited
    import), rather than failing somewhere inside the rules.
    """
    if not isinstance(components, Mapping):
        raise SetupError(
            phrase("the setup carries no Century: New World components"),
            hint=phrase("start games with RULES.prepare(...), which embeds them"),
        )
    return _TABLES.get(components, lambda: _compiled(components))


def _compiled(components: Mapping[str, Any]) -> Tables:
    try:
        return _compile(components)
    except (KeyError, TypeError, ValueError) as error:
        raise SetupError(
            phrase("the setup's components are malformed: {error}", error=repr(error)),
            hint=phrase("the Started event must hold the components written by prepare()"),
        ) from error


_TABLES: ByComponents[Tables] = ByComponents(keep=16)
"""Tables compiled lately, by their components' canonical JSON: every game of one pack, board
and player count embeds the same components, and compiling them again cost about 0.3 ms a game,
a sixth of a replay (tables are never changed once made, so games may share them)."""


def _compile(components: Mapping[str, Any]) -> Tables:
    locations = tuple(Location.from_json(d) for d in components["locations"])
    cards = tuple(PointCard.from_json(d) for d in components["point_cards"])
    bonus = tuple(BonusTile.from_json(d) for d in components["bonus_tiles"])
    tiles = tuple(ExplorationTile.from_json(d) for d in components["exploration_tiles"])
    return Tables(
        pack=str(components["pack"]),
        label=str(components.get("label", "")),
        boards=tuple(components["boards"]),
        facts=Facts.from_json(components["facts"]),
        locations=locations,
        cards=cards,
        bonus=bonus,
        tiles=tiles,
        loc_index=_index(locations),
        card_index=_index(cards),
        bonus_index=_index(bonus),
        tile_index=_index(tiles),
        villages=tuple(i for i, loc in enumerate(locations) if loc.kind == "village"),
        plan=tuple(
            (i, f"place:{loc.id}", KIND_CODES[loc.kind], loc.settlers, loc.give, loc.times)
            for i, loc in enumerate(locations)
        ),
        card_points=tuple(c.points for c in cards),
        bonus_points=tuple(b.points for b in bonus),
        tile_points=tuple(x.points for x in tiles),
    )
