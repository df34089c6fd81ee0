"""The Python face of Novus, in the spirit of `chess.pgn.read_game`: read a game, step through it.

    import novus

    game = novus.read_game("puerto-rico-1234.novus.jsonl")   # a native file or a PBeM report
    print(game.title, game.players, len(game.steps), "steps")
    print(game.view(40))                   # the state after step 40, as the boards see it
    for number, step, sentence in game.moves():
        ...
    print(game.scores().winners())

    with novus.open_data("novus-data") as data:               # a data folder's event store
        for summary in data.games():
            ...
        game = data.game("3fa8")                              # an id or a unique prefix

A `Game` holds the setup and the steps; states are refolded through the rules engine on demand
(every step was checked by the engine when the file was read or the game stored).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, overload
from uuid import UUID

from domain.core import registry
from domain.core.protocol import ChanceStep, Decision, Rules, Scores, Setup, Step

if TYPE_CHECKING:
    from application.records import GameSummary
    from application.service import NovusApp
    from importers.api import Format


@dataclass(frozen=True)
class Game:
    """One recorded game: its setup, its steps, and the engine to replay them with."""

    setup: Setup
    steps: tuple[Step, ...]
    id: UUID | None = None
    source: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    created: str = ""
    warnings: tuple[str, ...] = ()
    """What the reader had to infer or could not check (PBeM reports)."""

    @property
    def rules(self) -> Rules[Any]:
        return registry.get(self.setup.game)

    @property
    def name(self) -> str:
        """The game's registry name (``"puerto-rico"``)."""
        return self.setup.game

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    def states(self) -> Iterator[Any]:
        """The engine state before the first step, then after each step (len(steps) + 1)."""
        rules = self.rules
        state = rules.initial_state(self.setup)
        yield state
        for step in self.steps:
            state = rules.apply_trusted(state, step)
            yield state

    def state_at(self, step: int | None = None) -> Any:
        """The engine state after the first `step` steps (default: all of them)."""
        count = len(self.steps) if step is None else step
        if not 0 <= count <= len(self.steps):
            raise IndexError(f"step {count} is not in 0..{len(self.steps)}")
        for number, state in enumerate(self.states()):
            if number == count:
                return state
        raise AssertionError("unreachable")  # pragma: no cover

    def view(self, step: int | None = None, seat: int | None = None) -> dict[str, Any]:
        """The JSON picture of the state after `step` (`Rules.view`); with a seat, only what
        that seat may see."""
        return self.rules.view(self.state_at(step), seat)

    def scores(self, step: int | None = None) -> Scores:
        """Points after `step` (default: the end; the final scores once the game is over)."""
        return self.rules.scores(self.state_at(step))

    def moves(self) -> Iterator[tuple[int, Step, str]]:
        """Each step with its 1-based number and its sentence (`Rules.describe`)."""
        rules = self.rules
        state = rules.initial_state(self.setup)
        for number, step in enumerate(self.steps, start=1):
            yield number, step, rules.describe(state, step)
            state = rules.apply_trusted(state, step)

    def decisions(self) -> Iterator[tuple[int, Decision]]:
        """The seats' decisions with their step numbers (chance steps left out)."""
        for number, step in enumerate(self.steps, start=1):
            if isinstance(step, Decision):
                yield number, step

    def chance_steps(self) -> Iterator[tuple[int, ChanceStep]]:
        for number, step in enumerate(self.steps, start=1):
            if isinstance(step, ChanceStep):
                yield number, step


def read_game(
    path: str | Path, data: bytes | None = None, *, fmt: Format = "auto", lenient: bool = False
) -> Game:
    """Read one game file: native `.novus.jsonl` or a Puerto Rico play-by-email report.

    Every step is checked by the engine while reading; a bad file raises an `ImportProblem`
    (a `NovusError`) naming the line. `data` reads these bytes instead of the file at `path`;
    `fmt` is ``"native"``, ``"pbem-report"`` or ``"auto"``; `lenient` lets a report's unreadable
    sentences through as warnings."""
    from importers.api import parse_bytes, read_file

    raw = read_file(Path(path)) if data is None else data  # regular files only, size-bounded
    parsed = parse_bytes(str(path), raw, fmt, lenient)
    native = parsed.game
    return Game(
        setup=native.setup,
        steps=tuple(native.steps),
        id=parsed.game_id,
        source=dict(native.source),
        seed=native.seed,
        created=native.created,
        warnings=tuple(parsed.warnings),
    )


class GameList(Sequence["GameSummary"]):
    """The stored games in start order, never all read at once (`Data.games`)."""

    def __init__(self, app: NovusApp, page: int = 500) -> None:
        self.app = app
        self.page = page

    def __len__(self) -> int:
        return self.app.count_games()

    def __iter__(self) -> Iterator[GameSummary]:
        for page in self.app.summary_pages(self.page, oldest_first=True):
            yield from page

    @overload
    def __getitem__(self, index: int) -> GameSummary: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameSummary]: ...

    def __getitem__(self, index: int | slice) -> GameSummary | list[GameSummary]:
        count = len(self)
        if isinstance(index, slice):
            wanted = range(count)[index]
            if not wanted:
                return []
            low, high = min(wanted), max(wanted)
            span = self._span(low, high, count)
            return [span[i - low] for i in wanted]
        position = operator.index(index)
        if position < 0:
            position += count
        if not 0 <= position < count:
            raise IndexError("game index out of range")
        return self._span(position, position, count)[0]

    def _span(self, low: int, high: int, count: int) -> list[GameSummary]:
        """Games `low` to `high` (start order), read from the nearer end of the index."""
        oldest_first = high + 1 <= count - low
        needed = high + 1 if oldest_first else count - low
        read: list[GameSummary] = []
        for page in self.app.summary_pages(min(self.page, needed), oldest_first=oldest_first):
            read += page
            if len(read) >= needed:
                break
        read = read[:needed]
        return read[low : high + 1] if oldest_first else read[::-1][: high - low + 1]

    def __repr__(self) -> str:
        return f"<GameList of {len(self)} games>"


class Data:
    """A data folder's event store, opened for reading and recording (`open_data`)."""

    def __init__(self, app: NovusApp) -> None:
        self.app = app

    def games(self) -> GameList:
        """Every stored game in start order (id, game, players, steps, winners ...): a
        sequence read from the store's games index as it is used (`len` is a count, a loop
        reads a page at a time, an index or slice reads from the nearer end)."""
        return GameList(self.app)

    def game(self, ref: str | UUID) -> Game:
        """A stored game by id or unique id prefix (`GameNotFound`, `AmbiguousGameId`)."""
        game_id = ref if isinstance(ref, UUID) else self.app.find(ref)
        record = self.app.history(game_id)
        return Game(
            setup=record.setup,
            steps=tuple(record.steps),
            id=record.id,
            source=dict(record.source),
            seed=record.seed,
            created=record.created,
        )

    def read(self, paths: Sequence[str | Path]) -> list[Any]:
        """Import files into the store (all or nothing per file); `ImportResult`s in order."""
        from importers.api import import_paths

        return import_paths(self.app, [Path(p) for p in paths])

    def close(self) -> None:
        self.app.close()

    def __enter__(self) -> Data:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def open_data(folder: str | Path | None = None) -> Data:
    """Open a data folder (default `$NOVUS_DATA_DIR` or ``./novus-data``); close it after use
    (or use it in a `with` block). `StoreUnavailable` if its store cannot be opened."""
    from application.service import open_app

    return Data(open_app(folder))


__all__ = ["Data", "Game", "open_data", "read_game"]
