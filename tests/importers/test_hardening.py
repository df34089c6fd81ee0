"""Inputs that used to end a whole import run or hang it: deep nesting, components an engine
cannot use, special files, megabyte lines. Each is a typed rejection naming file and line, and
the other files of the run still import."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from application.service import NovusApp, open_app
from importers.api import (
    MAX_FILE_BYTES,
    MAX_REPORT_LINE,
    export_bytes,
    import_bytes,
    import_paths,
    read_file,
)
from importers.errors import (
    FileTooLarge,
    ImportProblem,
    NativeFormatError,
    ReaderFailed,
    ReportError,
    UnreadableFile,
)
from importers.native import MAX_DEPTH
from novus.cli.main import app as cli

DATA = Path(__file__).parent / "data"


@pytest.fixture
def app(tmp_path: Path) -> NovusApp:
    return open_app(tmp_path / "store")


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[bytes]]:
    """Exported lines of a Puerto Rico and a Mundus Novus game (ids removed)."""
    source = open_app(tmp_path_factory.mktemp("samples"))
    found = {}
    for game in ("puerto-rico", "mundus-novus"):
        lines = export_bytes(source, source.simulate(game, 3, {}, seed=4, bot="random"))
        header = orjson.loads(lines.splitlines()[0])
        del header["id"]
        found[game] = [orjson.dumps(header), *lines.splitlines()[1:]]
    return found


def join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines) + b"\n"


def refused(app: NovusApp, data: bytes, name: str = "bad.novus.jsonl") -> ImportProblem:
    result = import_bytes(app, name, data)
    assert result.status == "rejected" and result.error is not None, result
    assert not isinstance(result.error, ReaderFailed), result.error  # a precise error, please
    assert result.error.file == name and result.error.hint
    assert app.max_notification_id() == 0
    return result.error


def test_a_line_of_a_thousand_nested_brackets_is_a_typed_error(
    app: NovusApp, samples: dict[str, list[bytes]]
) -> None:
    lines = samples["puerto-rico"]
    nested = b"[" * 1000 + b"]" * 1000  # 2 KB: gave RecursionError while printing the hint
    error = refused(app, join([lines[0], nested, *lines[1:]]))
    assert isinstance(error, NativeFormatError) and error.line == 2
    assert f"nested more than {MAX_DEPTH}" in error.message


def test_deep_nesting_in_the_header_names_the_field(
    app: NovusApp, samples: dict[str, list[bytes]]
) -> None:
    header = orjson.loads(samples["puerto-rico"][0])
    deep: object = 1
    for _ in range(300):  # imported before, then broke the store's and the views' JSON writers
        deep = [deep]
    header["source"]["detail"] = deep
    text = json.dumps(header).encode()  # orjson writes at most 255 levels; files may hold more
    error = refused(app, join([text, *samples["puerto-rico"][1:]]))
    assert error.line == 1 and "source.detail.0.0" in error.message


@pytest.mark.parametrize(
    ("card", "value", "line"),
    [(0, "x", None), (0, None, None), (1, [], 1)],
)
def test_components_the_engine_cannot_use_are_typed_naming_line_and_field(
    app: NovusApp, samples: dict[str, list[bytes]], card: int, value: object, line: int | None
) -> None:
    """Embedded components of the wrong type passed the format check and made the engine raise
    TypeError in the middle of the game: now the move's line and setup.components are named."""
    header = orjson.loads(samples["mundus-novus"][0])
    field = "id" if line == 1 else "income"
    header["setup"]["components"]["development"][card][field] = value
    error = refused(app, join([orjson.dumps(header), *samples["mundus-novus"][1:]]))
    assert isinstance(error, NativeFormatError)
    assert "setup.components" in error.message + error.hint
    if line is not None:
        assert error.line == line
    else:
        assert error.line > 1 and "engine cannot apply this move" in error.message


def test_one_bad_file_never_stops_the_others(
    app: NovusApp, samples: dict[str, list[bytes]], tmp_path: Path
) -> None:
    nested = tmp_path / "nested.novus.jsonl"
    nested.write_bytes(join([samples["puerto-rico"][0], b"[" * 1000 + b"]" * 1000]))
    header = orjson.loads(samples["mundus-novus"][0])
    header["setup"]["components"]["development"][0]["income"] = "x"
    components = tmp_path / "components.novus.jsonl"
    components.write_bytes(join([orjson.dumps(header), *samples["mundus-novus"][1:]]))
    good = tmp_path / "good.novus.jsonl"
    good.write_bytes(join(samples["puerto-rico"]))
    result = CliRunner().invoke(
        cli, ["import", "-d", str(tmp_path / "cli"), str(nested), str(components), str(good)]
    )
    assert result.exit_code == 1
    assert "internal error" not in result.output
    assert "1 imported" in result.output and "2 rejected" in result.output
    statuses = [r.status for r in import_paths(app, [nested, components, good])]
    assert statuses == ["rejected", "rejected", "imported"]


def test_a_reader_that_breaks_refuses_that_file_only(
    app: NovusApp, samples: dict[str, list[bytes]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The last resort: a reader bug met with bad input is a typed rejection of that file."""
    from importers import api

    def broken(file: str, data: bytes, lenient: bool) -> api.Parsed:
        raise TypeError("a reader bug")

    monkeypatch.setitem(api.READERS, "pbem-report", broken)
    report = tmp_path / "r.txt"
    report.write_bytes((DATA / "pr-3p.txt").read_bytes())
    good = tmp_path / "good.novus.jsonl"
    good.write_bytes(join(samples["puerto-rico"]))
    first, second = import_paths(app, [report, good])
    assert isinstance(first.error, ReaderFailed) and "TypeError: a reader bug" in str(first.error)
    assert second.status == "imported"


def test_a_fifo_is_refused_without_blocking(app: NovusApp, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.novus.jsonl"
    os.mkfifo(fifo)
    results: list[object] = []
    worker = threading.Thread(target=lambda: results.extend(import_paths(app, [fifo])))
    worker.daemon = True
    worker.start()
    worker.join(timeout=20)
    if worker.is_alive():  # unblock the reader so the test process can end, then fail
        with open(fifo, "wb"):
            pass
        pytest.fail("importing a FIFO blocked")
    (result,) = results
    assert isinstance(result.error, UnreadableFile)  # type: ignore[attr-defined]
    assert "a pipe (FIFO)" in str(result.error)  # type: ignore[attr-defined]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_unread(app: NovusApp, device: str) -> None:
    (result,) = import_paths(app, [Path(device)])  # /dev/zero was read until MemoryError
    assert isinstance(result.error, UnreadableFile) and "a device" in str(result.error)


def test_a_growing_file_is_read_with_a_hard_bound(tmp_path: Path) -> None:
    """Past the size check, at most MAX_FILE_BYTES + 1 bytes are ever read."""
    path = tmp_path / "grows.novus.jsonl"
    path.write_bytes(b"x" * 10)
    original = os.fstat

    def lying(fd: int) -> os.stat_result:  # the file grew after it was measured
        found = original(fd)
        values = list(found)
        values[6] = 10
        return os.stat_result(values)

    with path.open("ab") as out:
        out.truncate(MAX_FILE_BYTES + 4096)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fstat", lying)
        with pytest.raises(FileTooLarge):
            read_file(path)


def test_a_megabyte_report_line_is_refused_before_parsing(
    app: NovusApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 5.6 MB line cost 5 s and 261 MB before it was rejected: now the report reader is not
    even started."""
    from importers import pbem_report

    report = (DATA / "pr-3p.txt").read_bytes().split(b"\n")
    long = b"Ana selects the Settler and takes a quarry. " * 130_000  # 5.6 MB on one line
    data = b"\n".join([*report[:12], long, *report[12:]])
    parse = pbem_report.loads
    calls: list[str] = []
    monkeypatch.setattr(
        pbem_report, "loads", lambda *a, **k: calls.append("parsed") or parse(*a, **k)
    )
    error = refused(app, data, "report.txt")
    assert calls == [], "the report was parsed before the line was refused"
    assert isinstance(error, ReportError) and error.line == 13
    assert f"at most {MAX_REPORT_LINE:,}" in error.message
    good = b"\n".join([*report[:12], b"x" * MAX_REPORT_LINE, *report[12:]])
    at_limit = import_bytes(app, "report.txt", good)  # a line of exactly the limit is read
    assert at_limit.error is None or "at most" not in at_limit.error.message
