"""The one import entry point, shared by `novus import`/`novus export` and the dashboard upload.

    result = import_bytes(app, "game.novus.jsonl", data)          # fmt="auto", lenient=False
    results = import_paths(app, [Path("a.novus.jsonl"), Path("round.txt")], on_result=print)

Each file is parsed and folded through the rules engine in memory, then stored in ONE save
(`NovusApp.record_game`), so a file is imported whole or not at all. The game id is the one an
exported file names, else derived from the content, so importing the same game again reports
`already present` and stores nothing.
A rejected file carries the typed `ImportProblem` (file, line, what was expected); errors of
other kinds are bugs and propagate.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import stat
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from uuid import UUID

from application.errors import GameExists, WriteConflict
from application.games_index import GameFilter
from application.i18n import _
from application.records import GameRecord
from application.service import NovusApp
from domain.core.protocol import ChanceStep, Step
from importers import native
from importers.errors import (
    FileTooLarge,
    GameContradiction,
    IdConflict,
    ImportProblem,
    ReaderFailed,
    ReportError,
    UnknownFormat,
    UnreadableFile,
)

MAX_FILE_BYTES = 8 * 1024 * 1024
"""Files above 8 MiB are refused unread: a game is far below 1 MiB (the largest measured,
Century: New World with random bots, ~170 KB), so a bigger file is not one game
(docs/format.md)."""

FORMATS = ("native", "pbem-report")
Format = Literal["native", "pbem-report", "auto"]
Status = Literal["imported", "extended", "present", "rejected"]


@dataclass(frozen=True)
class Parsed:
    """What a format reader returns: an engine-checked game, its id and any warnings."""

    game: native.NativeGame
    game_id: UUID
    warnings: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()
    """The file line each step was read from (named when a file contradicts a stored game)."""
    reread: Callable[[tuple[str, ...]], Parsed] | None = None
    """A report read again assuming a stored game's opening row (unstated in the report)."""

    @property
    def finished(self) -> bool:
        return self.game.finished


@dataclass(frozen=True)
class ImportResult:
    """The outcome for one file."""

    file: str
    status: Status
    format: str | None = None
    game_id: UUID | None = None
    steps: int = 0
    error: ImportProblem | None = None
    warnings: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        """Imported now or already present (idempotent re-import)."""
        return self.status != "rejected"


Reader = Callable[[str, bytes, bool], Parsed]


def _read_native(file: str, data: bytes, lenient: bool) -> Parsed:
    game = native.loads(file, data)
    warnings: tuple[str, ...] = ()
    if game.recorded_under is not None:
        warnings = (
            f"recorded under {game.setup.game} rules version {game.recorded_under!r}: every "
            f"move was checked again under version {game.rules_version!r} and stored as such",
        )
    if not game.finished:
        warnings += (
            _("the game is not over: a game in progress ({steps} steps)", steps=len(game.steps)),
        )
    lines = tuple(range(2, len(game.steps) + 2))
    return Parsed(game, game.game_id, warnings, lines)


MAX_REPORT_LINE = 16 * 1024
"""Longest line a play-by-email report may have, in bytes: the longest paragraph of the reports
we know is under 700; reading a line costs time and memory far beyond its size (a 1 MB line
took 5 s), so a longer one is refused before the report is parsed at all."""


def long_line(data: bytes, limit: int) -> tuple[int, int] | None:
    """(line number, length) of the first line longer than `limit` bytes, else None."""
    if max(map(len, data.split(b"\n"))) <= limit:
        return None
    start = number = 0
    size = len(data)
    while start <= size:
        number += 1
        end = data.find(b"\n", start)
        end = size if end < 0 else end
        if end - start > limit:
            return number, end - start
        start = end + 1
    return None


def _read_pbem(file: str, data: bytes, lenient: bool) -> Parsed:
    found = long_line(data, MAX_REPORT_LINE)
    if found is not None:
        raise ReportError(
            file,
            found[0],
            f"a line of {found[1]:,} bytes: report lines are at most {MAX_REPORT_LINE:,}",
            hint="is it a session report? a report has one paragraph per line",
        )
    # the report parser is only loaded when a report is imported
    module = importlib.import_module("importers.pbem_report")

    def read(row: tuple[str, ...] | None) -> Parsed:
        report = module.loads(file, data, lenient=lenient, opening_row=row)
        return Parsed(report.game, report.game_id, report.warnings, report.lines, read)

    return read(None)


READERS: dict[str, Reader] = {"native": _read_native, "pbem-report": _read_pbem}


def detect(file_name: str, data: bytes) -> str:
    """The format of `data`: the file name first (`.novus.jsonl`), else the content."""
    name = file_name.lower()
    if name.endswith((".novus.jsonl", ".jsonl")):
        return "native"
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"{") and b'"format"' in head.split(b"\n", 1)[0]:
        return "native"
    text = head.decode("utf-8", errors="replace").lower()
    if "turn 1" in text or "round 1" in text:
        return "pbem-report"
    raise UnknownFormat(
        file_name,
        0,
        "neither a native .novus.jsonl file nor a Puerto Rico play-by-email report",
        hint="pass --format native or --format pbem-report",
    )


def parse_bytes(file_name: str, data: bytes, fmt: Format = "auto", lenient: bool = False) -> Parsed:
    """Detect, parse and engine-check one file without touching any store."""
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(file_name, len(data))
    chosen = detect(file_name, data) if fmt == "auto" else fmt
    reader = READERS.get(chosen)
    if reader is None:
        hint = f"one of: {', '.join(FORMATS)}"
        raise UnknownFormat(file_name, 0, f"unknown format {fmt!r}", hint=hint)
    try:
        return reader(file_name, data, lenient)
    except ImportProblem:
        raise
    except (MemoryError, OSError):
        raise
    except Exception as error:  # a reader bug met with bad input: this file only is refused
        raise ReaderFailed(
            file_name,
            0,
            f"the {chosen} reader broke on this file ({type(error).__name__}: {error!s:.160})",
            hint="this is a bug in Novus: please report it with the file; the other files of "
            "the run are imported as usual",
        ) from error


def import_bytes(
    app: NovusApp, file_name: str, data: bytes, fmt: Format = "auto", lenient: bool = False
) -> ImportResult:
    """Import one file's bytes: imported, already present, or rejected with its typed error."""
    chosen: str | None = fmt if fmt != "auto" else None
    known = _stored_copy(app, file_name, data, chosen)
    if known is not None:
        return known
    try:
        if chosen is None and len(data) <= MAX_FILE_BYTES:
            chosen = detect(file_name, data)
        parsed = parse_bytes(file_name, data, chosen or fmt, lenient)  # type: ignore[arg-type]
    except ImportProblem as problem:
        return ImportResult(file_name, "rejected", chosen, error=problem)
    game = parsed.game
    game_id = parsed.game_id

    def result(status: Status, more: tuple[str, ...] = ()) -> ImportResult:
        steps = len(game.steps)
        warnings = parsed.warnings + more
        return ImportResult(file_name, status, chosen, game_id, steps, None, warnings)

    try:
        stored = _stored_game_for(app, file_name, parsed)
    except ImportProblem as problem:
        return ImportResult(file_name, "rejected", chosen, error=problem)
    if stored is not None:
        record, parsed = stored
        game, game_id = parsed.game, record.id
        if len(record.steps) == len(game.steps):
            return result("present")
        if len(record.steps) > len(game.steps):
            ahead = _("the stored game goes further ({steps} steps)", steps=len(record.steps))
            return result("present", (ahead,))
        new = game.steps[len(record.steps) :]
        try:
            app.record(record.id, new, expected_version=app.version(record.id))
        except WriteConflict:
            conflict = IdConflict(
                file_name, 0, _("the game {id} changed while it was being extended", id=record.id)
            )
            return ImportResult(file_name, "rejected", chosen, error=conflict)
        added = _("{n} new steps appended to the game in progress", n=len(new))
        return result("extended", (added,))
    try:
        app.record_game(
            game.setup,
            game.history,
            seed=game.seed,
            source=game.source,
            created=game.created,
            game_id=parsed.game_id,
            checked=game.state,
        )
    except GameExists:  # stored meanwhile by another writer: still idempotent
        return result("present")
    return result("imported")


def _stored_game_for(app: NovusApp, file: str, parsed: Parsed) -> tuple[GameRecord, Parsed] | None:
    """The stored game this file is (or continues, or is an earlier part of), with the file's
    reading that matches it; None for a new game.

    A native file names its game by the id in its header. A report is the same game as a
    stored report of the same players and options whose steps it continues (or repeats), or,
    when the report names its game ("Game: ..."), as the stored report of that name. A file
    that differs from its stored game raises `GameContradiction` naming the first line that
    differs (nothing is rewritten).
    """
    if app.exists(parsed.game_id):
        return _compare(file, app.history(parsed.game_id), parsed)
    if parsed.reread is None:
        return None
    game = parsed.game
    named = game.source.get("name")
    contradicted: GameRecord | None = None
    same = GameFilter(game=game.setup.game, players=len(game.setup.players))  # the store's SQL
    stored = (s for page in app.summary_pages(where=same, oldest_first=True) for s in page)
    for summary in stored:
        if (
            summary.game != game.setup.game
            or summary.players != game.setup.players
            or summary.options != dict(game.setup.options)
            or summary.source.get("format") != game.source.get("format")
        ):
            continue
        record = app.history(summary.id)
        reading = _reading_for(record, parsed)
        if _prefix(record.steps, reading.game.steps):
            return _compare(file, record, reading)
        if named and summary.source.get("name") == named:
            contradicted = record
    if contradicted is not None:
        return _compare(file, contradicted, _reading_for(contradicted, parsed))
    return None


def _reading_for(record: GameRecord, parsed: Parsed) -> Parsed:
    """The report read again with the stored game's opening row when the report does not state
    it and the rows differ (a report in progress may not show the untaken tiles yet)."""
    first = record.steps[0] if record.steps else None
    mine = parsed.game.steps[0] if parsed.game.steps else None
    if (
        parsed.reread is None
        or not isinstance(first, ChanceStep)
        or not isinstance(mine, ChanceStep)
        or first == mine
        or not any("opening plantations are not stated" in w for w in parsed.warnings)
    ):
        return parsed
    try:
        return parsed.reread(tuple(str(t) for t in first.outcome))
    except ImportProblem:
        return parsed


def _prefix(a: Sequence[Step], b: Sequence[Step]) -> bool:
    """Whether one step list starts with the other."""
    n = min(len(a), len(b))
    pairs = zip(a[:n], b[:n], strict=True)
    return all(native.step_json(x) == native.step_json(y) for x, y in pairs)


def _compare(file: str, record: GameRecord, parsed: Parsed) -> tuple[GameRecord, Parsed]:
    """(record, parsed) when the file repeats, continues or is an earlier part of the stored
    game; else raise naming the file line where they part."""
    steps = parsed.game.steps
    if record.setup.to_json() != parsed.game.setup.to_json():
        raise IdConflict(
            file,
            1,
            f"a different game with id {record.id} is already stored",
            hint="remove the id from the header to import it as a new game",
        )
    if _prefix(record.steps, steps):
        if record.finished and len(steps) > len(record.steps):
            raise GameContradiction(
                file, 1, _("the stored game {id} is already over", id=record.id)
            )
        return record, parsed
    at = next(
        i
        for i, (x, y) in enumerate(zip(record.steps, steps, strict=False))
        if native.step_json(x) != native.step_json(y)
    )
    raise GameContradiction(
        file,
        parsed.lines[at] if at < len(parsed.lines) else 0,
        _(
            "this file contradicts the stored game {id} at step {step}: it has {mine}, the "
            "stored game {theirs}; nothing was stored",
            id=str(record.id)[:8],
            step=at + 1,
            mine=_step_text(record, steps[at]),
            theirs=_step_text(record, record.steps[at]),
        ),
        hint=_("fix this line, or give the game another name if it is a different game"),
    )


def _step_text(record: GameRecord, step: Step) -> str:
    if isinstance(step, ChanceStep):
        return _("the chance outcome {outcome}", outcome=", ".join(map(str, step.outcome)))
    names = record.setup.players
    who = names[step.seat] if 0 <= step.seat < len(names) else str(step.seat)
    return f"{who} {step.action}"


def import_paths(
    app: NovusApp,
    paths: Iterable[Path],
    fmt: Format = "auto",
    lenient: bool = False,
    on_result: Callable[[ImportResult], None] | None = None,
) -> list[ImportResult]:
    """Import each file on its own (one bad file never stops the others); results in order."""
    results = []
    for path in paths:
        try:
            data = read_file(path)
        except ImportProblem as problem:
            result = ImportResult(str(path), "rejected", error=problem)
        else:
            result = import_bytes(app, str(path), data, fmt, lenient)
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a pipe (FIFO)",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
}


def read_file(path: Path) -> bytes:
    """A file's bytes, for import: only a regular file, and never more than `MAX_FILE_BYTES`.

    Opened without blocking (a pipe nobody writes to would block the open), checked on the
    open descriptor (no swap between the check and the read), read with a hard bound (a file
    that grows, or a device such as /dev/zero, never fills memory)."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        raise UnreadableFile(name, 0, f"cannot read the file ({error.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
            raise UnreadableFile(
                name,
                0,
                f"cannot read the file: it is {kind}",
                hint="import saved game files (or a folder of them)",
            )
        if info.st_size > MAX_FILE_BYTES:
            raise _too_large(name, info.st_size)
        os.set_blocking(fd, True)
        chunks = []
        left = MAX_FILE_BYTES + 1
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise UnreadableFile(name, 0, f"cannot read the file ({error.strerror})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(name, len(data))
    return data


def export_bytes(app: NovusApp, game_id: UUID) -> bytes:
    """The native file of a stored game (deterministic bytes)."""
    return native.dumps(native.from_record(app.history(game_id)))


def file_name_for(app: NovusApp, game_id: UUID) -> str:
    """`<game>-<id>.novus.jsonl`, the name `novus export --all` writes."""
    record = app.history(game_id)
    return f"{record.setup.game}-{game_id}.novus.jsonl"


def content_id(kind: str, data: bytes) -> UUID:
    """A game id derived from bytes (readers whose files carry no id of their own)."""
    return uuid.uuid5(native.NAMESPACE, f"{kind}:{hashlib.sha256(data).hexdigest()}")


def _stored_copy(
    app: NovusApp, file_name: str, data: bytes, chosen: str | None
) -> ImportResult | None:
    """Fast path for re-imports: an exported file whose stored game exports to the very same
    bytes is `present` without replaying it (the stored game was checked when it was stored)."""
    if chosen not in (None, "native") or not data.startswith(b'{"created":'):
        return None
    head = data.split(b"\n", 1)[0]
    at = head.find(b'"id":"')
    if at < 0:
        return None
    try:
        game_id = uuid.UUID(head[at + 6 : at + 42].decode("ascii"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not app.exists(game_id) or export_bytes(app, game_id) != data:
        return None
    steps = data.count(b"\n") - 1
    return ImportResult(file_name, "present", "native", game_id, steps)


def _too_large(file: str, size: int) -> FileTooLarge:
    return FileTooLarge(
        file,
        0,
        f"{size / 1024 / 1024:.1f} MiB is more than the {MAX_FILE_BYTES // 1024 // 1024} MiB "
        "a single game file may have",
        hint="one game per file: export games one by one (novus export --all -o DIR)",
    )
