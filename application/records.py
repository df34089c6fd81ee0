"""Read models the application hands out: a game's whole history, and a one-line summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.core.protocol import Entry, Scores, Setup, Step, TakeBack


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
    log: tuple[Entry, ...] | None = None
    """The full history, steps and take-backs in order, when a step was taken back; else None
    (`steps` is then the whole history)."""

    stored_version: int = 0
    """The aggregate version as stored (0: not known; `version` then counts it)."""

    @property
    def history(self) -> tuple[Entry, ...]:
        """Every recorded step and take-back in order."""
        return self.steps if self.log is None else self.log

    @property
    def takebacks(self) -> tuple[TakeBack, ...]:
        return tuple(e for e in self.log or () if isinstance(e, TakeBack))

    @property
    def game(self) -> str:
        return self.setup.game

    @property
    def finished(self) -> bool:
        return self.scores is not None

    @property
    def version(self) -> int:
        """The aggregate version: Started, one event per step or take-back, then Finished if
        over (a game finished, taken back and finished again counts its older `Finished` too,
        which only `stored_version` knows)."""
        if self.stored_version:
            return self.stored_version
        return 1 + len(self.history) + (1 if self.finished else 0)


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
    played: int | None = field(default=None, compare=False)
    """Steps recorded so far, in progress too (`novus games` shows '12 (playing)'); None in
    an index row written before it was kept, or an unfinished game's summary made from the
    Started/Finished/TakenBack events alone (no step events read). Not compared: the index
    equals the log's summaries with or without it."""
