"""The component pack as validated frozen dataclasses, and their JSON form for `Setup.components`.

A pack is the game's printed components as rows: locations (by board side), point cards, bonus
tiles, exploration tiles, plus the sourced game facts (counts, starting cubes, settlers). The
loader (`loader.py`) builds it from a folder of CSV files and collects every problem it finds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from domain.century_new_world import cubes as C
from domain.core.phrase import said, worded

KINDS = ("production", "upgrade", "trade", "village")
"""The four kinds of location (rulebook b-1..b-4)."""
EXPLORATION_MARKS = ("", "explore", "2-3")
"""A location's exploration icon: none, an exploration space, or a "2-3" space."""
CARD_MARKS = ("", "star", "3+", "=4")
BONUS_MARKS = ("", "I", "III")
BENEFIT_FORMS = ('""', "explore", "settlers:N", "cubes:LETTERS")


def benefit_problem(benefit: str, allow_explore: bool = True) -> str:
    """Why `benefit` is not a valid immediate benefit, or "" if it is."""
    if benefit == "":
        return ""
    if benefit == "explore":
        return "" if allow_explore else worded("an exploration tile cannot grant explore")
    verb, _, arg = benefit.partition(":")
    if verb == "settlers" and arg.isdigit() and int(arg) > 0:
        return ""
    if verb == "cubes" and arg:
        try:
            C.parse(arg)
        except ValueError as error:
            return said(error)
        return ""
    return worded(
        "benefit {benefit} is not one of {forms}",
        benefit=repr(benefit),
        forms=", ".join(BENEFIT_FORMS),
    )


@dataclass(frozen=True, slots=True)
class Location:
    """One location on a board side: its settler icon, kind and printed function."""

    id: str
    board: str
    kind: str
    settlers: int
    give: C.Cubes
    """Trade: cubes paid per exchange."""
    take: C.Cubes
    """Production: cubes gained; trade: cubes gained per exchange."""
    times: int
    """Upgrade: up to this many single-level upgrades; trade: up to this many exchanges."""
    exploration: str
    bonus_stack: int
    """Village: how many bonus tiles its bonus space stacks (printed on the board)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "board": self.board,
            "kind": self.kind,
            "settlers": self.settlers,
            "give": C.text(self.give),
            "take": C.text(self.take),
            "times": self.times,
            "exploration": self.exploration,
            "bonus_stack": self.bonus_stack,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Location:
        return cls(
            str(d["id"]),
            str(d["board"]),
            str(d["kind"]),
            int(d["settlers"]),
            C.parse(d["give"]),
            C.parse(d["take"]),
            int(d["times"]),
            str(d["exploration"]),
            int(d["bonus_stack"]),
        )


@dataclass(frozen=True, slots=True)
class CostedComponent:
    """A component bought with cubes for points and a benefit: point cards and bonus tiles."""

    id: str
    cost: C.Cubes
    points: int
    mark: str
    benefit: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "cost": C.text(self.cost),
            "points": self.points,
            "mark": self.mark,
            "benefit": self.benefit,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Self:
        return cls(
            str(d["id"]), C.parse(d["cost"]), int(d["points"]), str(d["mark"]), str(d["benefit"])
        )


@dataclass(frozen=True, slots=True)
class PointCard(CostedComponent):
    """A point card (cost, points, player-count mark, benefit)."""


@dataclass(frozen=True, slots=True)
class BonusTile(CostedComponent):
    """A bonus tile (cost, points, stack mark, benefit)."""


@dataclass(frozen=True, slots=True)
class ExplorationTile:
    id: str
    points: int
    benefit: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "points": self.points, "benefit": self.benefit}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ExplorationTile:
        return cls(str(d["id"]), int(d["points"]), str(d["benefit"]))


@dataclass(frozen=True, slots=True)
class Facts:
    """The sourced game facts (rulebook and shared/components FACTS.md)."""

    fixed_boards: tuple[str, ...]
    choice_boards: tuple[str, ...]
    action_locations: int
    forts: int
    point_cards: int
    bonus_tiles_used: int
    exploration_tiles: int
    exploration_spaces: int
    two_three_spaces: int
    settlers: int
    settlers_available: int
    storage: int
    end_cards: int
    starting_cubes: tuple[C.Cubes, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "fixed_boards": list(self.fixed_boards),
            "choice_boards": list(self.choice_boards),
            "action_locations": self.action_locations,
            "forts": self.forts,
            "point_cards": self.point_cards,
            "bonus_tiles_used": self.bonus_tiles_used,
            "exploration_tiles": self.exploration_tiles,
            "exploration_spaces": self.exploration_spaces,
            "two_three_spaces": self.two_three_spaces,
            "settlers": self.settlers,
            "settlers_available": self.settlers_available,
            "storage": self.storage,
            "end_cards": self.end_cards,
            "starting_cubes": [C.text(c) for c in self.starting_cubes],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Facts:
        return cls(
            tuple(d["fixed_boards"]),
            tuple(d["choice_boards"]),
            int(d["action_locations"]),
            int(d["forts"]),
            int(d["point_cards"]),
            int(d["bonus_tiles_used"]),
            int(d["exploration_tiles"]),
            int(d["exploration_spaces"]),
            int(d["two_three_spaces"]),
            int(d["settlers"]),
            int(d["settlers_available"]),
            int(d["storage"]),
            int(d["end_cards"]),
            tuple(C.parse(c) for c in d["starting_cubes"]),
        )


@dataclass(frozen=True, slots=True)
class Pack:
    """A whole component pack. `label` is "" for printed facts, else the synthetic label."""

    name: str
    label: str
    facts: Facts
    locations: tuple[Location, ...]
    point_cards: tuple[PointCard, ...]
    bonus_tiles: tuple[BonusTile, ...]
    exploration_tiles: tuple[ExplorationTile, ...]
