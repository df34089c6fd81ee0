"""Running analyses over the event store: one game, or every finished game not analysed yet.

`analyse_all` follows the `Finished` events after the stored tracking position (per settings),
in log order, one game at a time (its evaluations spread over the workers), committing each game
with its position. Killed, it resumes after the last committed game; run again, it analyses only
games finished since.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol
from uuid import UUID

from analysis.game import GameAnalysis, analyse
from analysis.pool import Workers
from analysis.settings import Settings
from analysis.store import AnalysisStore
from application.i18n import term
from application.service import FINISHED_TOPIC, NovusApp
from domain.core import registry
from domain.core.errors import NovusError


def game_title(game: str) -> str:
    """The game's name in the display language (its registry name if no engine has it)."""
    try:
        return term(registry.get(game).title, "game")
    except NovusError:
        return game


class Progress(Protocol):
    """What a run reports to (the CLI's progress bars; nothing in tests)."""

    def game(self, game_id: str, title: str) -> None: ...

    def total(self, evaluations: int) -> None: ...

    def advance(self, evaluations: int) -> None: ...

    def finished(self, game_id: str, seconds: float) -> None: ...


class Quiet:
    def game(self, game_id: str, title: str) -> None:
        pass

    def total(self, evaluations: int) -> None:
        pass

    def advance(self, evaluations: int) -> None:
        pass

    def finished(self, game_id: str, seconds: float) -> None:
        pass


@dataclass
class Report:
    analysed: list[str]
    skipped: list[str]
    position: int
    seconds: float
    refused: list[tuple[str, str]] = field(default_factory=list)
    """Games that could not be analysed (id, why), e.g. refused by the installed rules."""


def analyse_record(
    app: NovusApp,
    game_id: UUID,
    settings: Settings,
    workers: Workers,
    progress: Progress,
) -> tuple[GameAnalysis, str]:
    """Analyse one stored game; returns the analysis and the game's start time."""
    record = app.history(game_id)
    progress.game(str(game_id), f"{game_title(record.game)} {str(game_id)[:8]}")
    analysis = analyse(
        record.game,
        record.setup,
        record.steps,
        settings,
        run=workers.run,
        parts=workers.parts,
        on_total=progress.total,
        on_done=progress.advance,
    )
    return analysis, record.created


def analyse_one(
    app: NovusApp,
    folder: Path,
    game_id: UUID,
    settings: Settings,
    *,
    workers: int = 1,
    progress: Progress | None = None,
) -> Report:
    """Analyse `game_id` unless it already has rows with these settings over all its steps."""
    progress = progress or Quiet()
    began = time.perf_counter()
    with Workers(workers) as pool:
        store = AnalysisStore(folder)
        try:
            steps = len(app.history(game_id).steps)
            if store.analysed(str(game_id), settings.key(), steps):
                return Report([], [str(game_id)], 0, time.perf_counter() - began)
            t0 = time.perf_counter()
            analysis, started = analyse_record(app, game_id, settings, pool, progress)
            seconds = time.perf_counter() - t0
            store.write(str(game_id), analysis, started=started, seconds=seconds, position=None)
            progress.finished(str(game_id), seconds)
        finally:
            store.close()
    return Report([str(game_id)], [], 0, time.perf_counter() - began)


def analyse_all(
    app: NovusApp,
    folder: Path,
    settings: Settings,
    *,
    workers: int = 1,
    progress: Progress | None = None,
    limit: int | None = None,
    on_game: Callable[[str], None] | None = None,
) -> Report:
    """Analyse every finished game after the tracking position, committing each with it."""
    progress = progress or Quiet()
    began = time.perf_counter()
    key = settings.key()
    done: list[str] = []
    skipped: list[str] = []
    refused: list[tuple[str, str]] = []
    with Workers(workers) as pool:
        store = AnalysisStore(folder)
        try:
            position = store.position(key)
            while limit is None or len(done) < limit:
                batch = app.notifications(after=position, limit=100, topics=[FINISHED_TOPIC])
                if not batch:
                    break
                for notification_id, event in batch:
                    game_id = event.originator_id
                    steps = event.originator_version - 2
                    if store.analysed(str(game_id), key, steps):
                        store.advance(key, notification_id)
                        skipped.append(str(game_id))
                    else:
                        t0 = time.perf_counter()
                        try:
                            analysis, started = analyse_record(
                                app, game_id, settings, pool, progress
                            )
                        except NovusError as error:  # e.g. refused by the installed rules
                            store.advance(key, notification_id)
                            refused.append((str(game_id), error.message))
                            position = notification_id
                            continue
                        seconds = time.perf_counter() - t0
                        store.write(
                            str(game_id),
                            analysis,
                            started=started,
                            seconds=seconds,
                            position=notification_id,
                        )
                        done.append(str(game_id))
                        progress.finished(str(game_id), seconds)
                        if on_game:
                            on_game(str(game_id))
                    position = notification_id
                    if limit is not None and len(done) >= limit:
                        break
        finally:
            store.close()
    return Report(done, skipped, position, time.perf_counter() - began, refused)


def pending(app: NovusApp, folder: Path, settings: Settings) -> int:
    """How many finished games lie after the tracking position (for the progress bar)."""
    from analysis.read import tracking_position

    position = tracking_position(folder, settings.key())
    count = 0
    while True:
        batch = app.notifications(after=position, limit=500, topics=[FINISHED_TOPIC])
        if not batch:
            return count
        count += len(batch)
        position = batch[-1][0]
