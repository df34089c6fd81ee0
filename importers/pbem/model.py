"""What a report states: one `Fact` per event or checkable statement, with its line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importers.pbem.mentions import Mentions

HINT = "see docs/pbem-report.md for the sentences the importer understands"


@dataclass(frozen=True)
class Fact:
    """One thing the report states, with where it says it."""

    kind: str
    line: int
    sentence: str
    player: str | None = None
    role: str = ""
    tile: str = ""
    tiles: tuple[str, ...] = ()
    building: str = ""
    good: str = ""
    amount: int | None = None
    money: int | None = None
    vp: int | None = None
    ship: int | None = None
    wharf: bool = False
    targets: tuple[tuple[str, int], ...] = ()
    moves: tuple[tuple[str, str], ...] = ()
    produced: tuple[tuple[str, int], ...] = ()
    scores: tuple[tuple[str, int], ...] = ()
    turn: int = 0
    governor: bool = False
    """The sentence names the player as governor ("Governor Ana selects ...")."""
    mentions: Mentions | None = None
    """What the clause names, for the legal-move reader (`importers.pbem.fit`)."""
    clause: str = ""
    """The clause the fact was read from."""
    tail: bool = False
    """From a last sentence the report stops in the middle of (no final full stop)."""
