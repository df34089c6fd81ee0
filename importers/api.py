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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from uuid import UUID

from application.errors import GameExists
from application.records import GameRecord
from application.service import NovusApp
from importers import native
from importers.errors import (
    FileTooLarge,
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
Status = Literal["imported", "present", "rejected"]


@dataclass(frozen=True)
class Parsed:
    """What a format reader returns: an engine-checked game, its id and any warnings."""

    game: native.NativeGame
    game_id: UUID
    warnings: tuple[str, ...] = ()


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
    return Parsed(game, game.game_id, warnings)


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
    report = importlib.import_module("importers.pbem_report").loads(file, data, lenient=lenient)
    return Parsed(report.game, report.game_id, report.warnings)


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

    def result(status: Status) -> ImportResult:
        steps = len(game.steps)
        return ImportResult(file_name, status, chosen, parsed.game_id, steps, None, parsed.warnings)

    if app.exists(parsed.game_id):
        if not _same_game(app.history(parsed.game_id), game):
            conflict = IdConflict(
                file_name,
                1,
                f"a different game with id {parsed.game_id} is already stored",
                hint="remove the id from the header to import it as a new game",
            )
            return ImportResult(file_name, "rejected", chosen, error=conflict)
        return result("present")
    try:
        app.record_game(
            game.setup,
            game.steps,
            seed=game.seed,
            source=game.source,
            created=game.created,
            game_id=parsed.game_id,
        )
    except GameExists:  # stored meanwhile by another writer: still idempotent
        return result("present")
    return result("imported")


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


def _same_game(stored: GameRecord, game: native.NativeGame) -> bool:
    """Same setup and the same steps (metadata such as `created` may differ)."""
    if stored.setup.to_json() != game.setup.to_json() or len(stored.steps) != len(game.steps):
        return False
    return all(
        native.step_json(a) == native.step_json(b)
        for a, b in zip(stored.steps, game.steps, strict=True)
    )


def _too_large(file: str, size: int) -> FileTooLarge:
    return FileTooLarge(
        file,
        0,
        f"{size / 1024 / 1024:.1f} MiB is more than the {MAX_FILE_BYTES // 1024 // 1024} MiB "
        "a single game file may have",
        hint="one game per file: export games one by one (novus export --all -o DIR)",
    )
