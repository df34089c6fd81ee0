"""Bad input: typed `ImportProblem`s naming file and line; the store stays unchanged."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from application.service import NovusApp, open_app
from domain.core import registry
from importers.api import MAX_FILE_BYTES, ImportResult, export_bytes, import_bytes, import_paths
from importers.errors import FileTooLarge, IdConflict, ImportProblem, NativeFormatError

GAME = "puerto-rico"


@pytest.fixture
def app(tmp_path: Path) -> NovusApp:
    store = open_app(tmp_path / "data")
    store.simulate(GAME, 3, {}, seed=1, bot="random")  # the store is not empty
    return store


@pytest.fixture
def lines(tmp_path: Path) -> list[bytes]:
    source = open_app(tmp_path / "source")
    return export_bytes(source, source.simulate(GAME, 4, {}, seed=21, bot="random")).splitlines()


def snapshot(app: NovusApp) -> tuple[object, ...]:
    return (app.max_notification_id(), tuple(app.game_ids()))


def rejected(app: NovusApp, data: bytes, name: str = "bad.novus.jsonl") -> ImportProblem:
    before = snapshot(app)
    result: ImportResult = import_bytes(app, name, data)
    assert result.status == "rejected" and result.error is not None, result
    assert snapshot(app) == before, "a rejected file changed the store"
    assert result.error.file == name
    return result.error


def join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines) + b"\n"


def header(lines: list[bytes], **changes: object) -> list[bytes]:
    data = orjson.loads(lines[0])
    data.update(changes)
    return [orjson.dumps(data), *lines[1:]]


def test_illegal_move_in_the_middle_names_line_and_move(app: NovusApp, lines: list[bytes]) -> None:
    middle = len(lines) // 2
    while b'"seat"' not in lines[middle]:
        middle += 1
    step = orjson.loads(lines[middle])
    step["action"] = "build:fortress"
    lines[middle] = orjson.dumps(step)
    error = rejected(app, join(lines))
    assert isinstance(error, NativeFormatError)
    assert error.line == middle + 1
    assert "build:fortress" in error.message and f":{middle + 1}:" in error.message
    assert "legal now" in error.hint


def test_a_file_cut_inside_a_line_is_rejected_and_stores_nothing(
    app: NovusApp, lines: list[bytes]
) -> None:
    """(A file cut between two lines is a game in progress: tests/importers/test_in_progress.py)"""
    cut = join(lines)[:-40]  # cut inside the last line
    assert "not JSON" in rejected(app, cut).message


def test_a_line_that_is_not_json_says_what_the_file_likely_is(
    app: NovusApp, lines: list[bytes]
) -> None:
    """"not JSON (invalid literal, expected 'null' ...)" was all a file of something else or a
    file cut short was told: the first line says it is no game file, the last that the file
    was cut short, with what to do (the lines before make a game in progress)."""
    error = rejected(app, b"not a game at all\n")
    assert "not a Novus game file: its first line is not JSON" in error.message, error.message
    assert "header line" in error.hint
    error = rejected(app, join(lines[:-1]) + lines[-1][:10])  # a copy stopped in its last line
    assert error.line == len(lines) and "the last line is cut short" in error.message
    assert "delete its last line" in error.hint
    result = import_bytes(app, "cut.novus.jsonl", join(lines[:-1]))  # as the hint says
    assert result.status == "imported", result


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"version": 2}, "format version 2"),
        ({"rules_version": "99"}, "rules version '99'"),
        ({"rules_version": "2b"}, "rules version '2b'"),
        ({"format": "other"}, "not a novus.jsonl header"),
        ({"seed": "x"}, "bad header: seed"),
    ],
)
def test_wrong_versions_and_header_fields(
    app: NovusApp, lines: list[bytes], change: dict[str, object], words: str
) -> None:
    error = rejected(app, join(header(lines, **change)))
    assert error.line == 1 and words in error.message


def test_an_older_rules_version_is_checked_again_under_the_current_one(
    app: NovusApp, lines: list[bytes]
) -> None:
    """A file from an older Novus: imported when every move is legal under today's rules (with
    a warning, stored as today's version), rejected at the first move they refuse."""
    older = str(int(registry.get(GAME).rules_version) - 1)
    data = join(header(lines, rules_version=older))
    result = import_bytes(app, "old.novus.jsonl", data)
    assert result.status == "imported", result
    assert any(f"rules version '{older}'" in w for w in result.warnings)
    assert result.game_id is not None
    record = app.history(result.game_id)
    assert record.rules_version == registry.get(GAME).rules_version
    assert record.source["recorded_rules_version"] == older
    assert import_bytes(app, "old.novus.jsonl", data).status == "present"

    first = next(i for i, line in enumerate(lines) if b'"seat"' in line)
    broken = header(lines, rules_version=older)
    broken[first] = broken[first].replace(b'"role:', b'"role:pirate')
    error = rejected(app, join(broken))
    assert error.line == first + 1 and f"rules version '{older}'" in error.hint


def test_unknown_names(app: NovusApp, lines: list[bytes]) -> None:
    setup = orjson.loads(lines[0])["setup"]
    game = rejected(app, join(header(lines, setup={**setup, "game": "chess"})))
    assert "unknown game 'chess'" in game.message and "puerto-rico" in game.hint
    option = rejected(app, join(header(lines, setup={**setup, "options": {"pirates": "yes"}})))
    assert "unknown option" in option.message
    first = next(i for i, line in enumerate(lines) if b'"seat"' in line)
    lines[first] = lines[first].replace(b'"role:', b'"role:pirate')
    action = rejected(app, join(lines))
    assert action.line == first + 1 and "illegal action 'role:pirate" in action.message


def test_non_utf8_names_the_line(app: NovusApp, lines: list[bytes]) -> None:
    lines[5] = lines[5].replace(b'"', b'"\xff', 1)
    error = rejected(app, join(lines))
    assert error.line == 6 and "not UTF-8" in error.message


def test_duplicate_import_is_detected_and_a_changed_game_with_the_same_id_is_refused(
    app: NovusApp, lines: list[bytes]
) -> None:
    exported = export_bytes(app, app.game_ids()[0])  # carries the stored id
    assert import_bytes(app, "same.novus.jsonl", exported).status == "present"
    first = import_bytes(app, "new.novus.jsonl", join(lines))
    assert first.status == "imported"
    assert import_bytes(app, "new-again.novus.jsonl", join(lines)).status == "present"
    changed = exported.splitlines()
    changed[-1], changed[-2] = changed[-2], changed[-1]
    assert isinstance(rejected(app, join(changed)), (IdConflict, NativeFormatError))


def test_a_50_mb_file_is_refused_unread_with_a_size_error(app: NovusApp, tmp_path: Path) -> None:
    """Decision (docs/format.md): one game per file; files over MAX_FILE_BYTES are refused."""
    big = tmp_path / "huge.novus.jsonl"
    with big.open("wb") as out:
        out.truncate(50 * 1024 * 1024)
    before = snapshot(app)
    (result,) = import_paths(app, [big])
    assert isinstance(result.error, FileTooLarge) and "50.0 MiB" in result.error.message
    assert snapshot(app) == before
    error = rejected(app, b"{" + b" " * (50 * 1024 * 1024) + b"}")
    assert isinstance(error, FileTooLarge)
    assert MAX_FILE_BYTES < 50 * 1024 * 1024


def test_a_file_naming_a_stored_id_with_other_moves_is_an_id_conflict(
    app: NovusApp, lines: list[bytes]
) -> None:
    stored = app.game_ids()[0]
    error = rejected(app, join(header(lines, id=str(stored))))
    assert isinstance(error, IdConflict) and str(stored) in error.message


def test_a_rejected_file_leaves_the_duckdb_views_unchanged(
    tmp_path: Path, lines: list[bytes]
) -> None:
    from projections.read import Views
    from projections.runner import catch_up

    folder = tmp_path / "projected"
    store = open_app(folder)
    assert import_bytes(store, "good.novus.jsonl", join(lines)).status == "imported"
    catch_up(store, folder=folder)
    tables = ("games", "seats", "steps", "score_timeline", "facts")

    def views() -> tuple[object, ...]:
        reader = Views(folder)
        try:
            counts = tuple(
                int(reader.query(f"select count(*) from {t}").iloc[0, 0]) for t in tables
            )
            return (reader.position(), counts, reader.library_count())
        finally:
            reader.close()

    before = views()
    bad = list(lines)
    middle = len(bad) // 2
    while b'"seat"' not in bad[middle]:
        middle += 1
    bad[middle] = bad[middle].replace(b'"action":"', b'"action":"illegal-', 1)
    result = import_bytes(store, "bad.novus.jsonl", join(header(bad, id=None)))
    assert result.status == "rejected" and result.error is not None
    assert result.error.line == middle + 1
    catch_up(store, folder=folder)
    assert views() == before


def test_a_seat_error_reads_the_file_seat_and_counts_people_seats_from_one(
    app: NovusApp, lines: list[bytes]
) -> None:
    """Import errors said 'seat 0' for the first player while the charts say seat 1 is the first
    player. The reason counts from 1 now, and the hint says how the file's `"seat"` (an index
    from 0) reads, since the line itself is quoted next to it."""
    first = next(i for i, line in enumerate(lines) if b'"seat":0' in line)
    lines[first] = lines[first].replace(b'"seat":0', b'"seat":1')
    error = rejected(app, join(lines))
    assert error.line == first + 1 and error.message.endswith("seat 2 is not to move"), error
    assert error.hint == 'to move: 1; in the file, "seat" counts from 0: "seat": 1 is seat 2'
