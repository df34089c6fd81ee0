"""The shared import entry point: per-file results, detection, idempotence, all or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from application.service import NovusApp, open_app
from importers.api import (
    MAX_FILE_BYTES,
    detect,
    export_bytes,
    import_bytes,
    import_paths,
)
from importers.errors import FileTooLarge, NativeFormatError, UnknownFormat


@pytest.fixture
def app(tmp_path: Path) -> NovusApp:
    return open_app(tmp_path / "data")


@pytest.fixture
def exported(tmp_path: Path) -> bytes:
    source = open_app(tmp_path / "source")
    return export_bytes(source, source.simulate("puerto-rico", 3, {}, seed=11, bot="random"))


def test_import_then_reimport_is_idempotent(app: NovusApp, exported: bytes) -> None:
    first = import_bytes(app, "g.novus.jsonl", exported)
    assert first.status == "imported" and first.format == "native" and first.ok
    assert first.game_id is not None and export_bytes(app, first.game_id) == exported
    again = import_bytes(app, "copy.novus.jsonl", exported)
    assert again.status == "present" and again.game_id == first.game_id
    assert app.game_ids() == [first.game_id]


def test_paths_give_one_result_per_file_and_a_bad_file_stops_nothing(
    app: NovusApp, exported: bytes, tmp_path: Path
) -> None:
    good = tmp_path / "good.novus.jsonl"
    good.write_bytes(exported)
    bad = tmp_path / "bad.novus.jsonl"
    bad.write_bytes(exported[: len(exported) // 2])
    seen: list[str] = []
    results = import_paths(app, [bad, good, good], on_result=lambda r: seen.append(r.status))
    assert seen == ["rejected", "imported", "present"]
    assert isinstance(results[0].error, NativeFormatError)
    assert results[0].error.file == str(bad)
    assert len(app.game_ids()) == 1


def test_detection_by_name_and_content(exported: bytes) -> None:
    assert detect("x.novus.jsonl", b"") == "native"
    assert detect("download.txt", exported) == "native"
    assert detect("report.txt", b"Game 12\n\nTurn 1\n\nGovernor Ana selects") == "pbem-report"
    with pytest.raises(UnknownFormat):
        detect("notes.txt", b"hello")


def test_unknown_format_and_too_large_are_typed_rejections(app: NovusApp, tmp_path: Path) -> None:
    result = import_bytes(app, "notes.txt", b"hello")
    assert result.status == "rejected" and isinstance(result.error, UnknownFormat)
    big = tmp_path / "big.novus.jsonl"
    with big.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)
    (rejected,) = import_paths(app, [big])
    assert isinstance(rejected.error, FileTooLarge)
    assert "MiB" in rejected.error.message
    assert app.game_ids() == []


def test_an_unreadable_path_is_a_rejection_not_a_crash(app: NovusApp, tmp_path: Path) -> None:
    folder = tmp_path / "a-folder.novus.jsonl"
    folder.mkdir()
    (result,) = import_paths(app, [folder])
    assert result.status == "rejected" and "cannot read the file" in str(result.error)
