"""Read models the application hands out: a game's whole history, and a one-line summary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.core.protocol import Scores, Setup, Step


@dataclass(frozen=True)
class GameRecord:
    """Everything stored about one game, decoded: enough to replay it with no random numbers."""

    id: UUID
    setup: Setup
    rules_version: str
    source: dict[str, Any]
    seed: int | None
    created: str
    steps: tuple[Step, ...]
    scores: Scores | None
    winners: tuple[int, ...] | None = None

    @property
    def game(self) -> str:
        return self.setup.game

    @property
    def finished(self) -> bool:
        return self.scores is not None

    @property
    def version(self) -> int:
        """The aggregate version: Started, one event per step, then Finished if over."""
        return 1 + len(self.steps) + (1 if self.finished else 0)


@dataclass(frozen=True)
class GameSummary:
    """One stored game as `novus games` lists it (from the Started and Finished events)."""

    id: UUID
    game: str
    players: tuple[str, ...]
    options: dict[str, str]
    source: dict[str, Any]
    seed: int | None
    created: str
    steps: int | None
    """Number of steps once finished; None while the game is in progress."""
    totals: tuple[int, ...] | None
    winners: tuple[int, ...] | None
