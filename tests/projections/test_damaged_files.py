"""Damaged projection files are derived data: the damage is detected, said, and repaired from
the events. The readers' copy is published again by itself; the projector's own file is replaced
and replayed by `novus project --rebuild`, which a one-line hint names."""

from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from application.service import open_app
from novus.cli.main import app as cli
from projections import runner
from projections.damage import DamagedProjection, DamagedViews
from projections.read import Views
from projections.schema import TABLES
from tests.projections.conftest import dump


def half(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def garbage(path: Path) -> None:
    path.write_bytes(b"not a database\n" * 64)


def flipped(path: Path) -> None:
    """A byte flipped in every 16 KiB past the headers: some land in blocks in use."""
    data = bytearray(path.read_bytes())
    for at in range(3 * 4096 + 100, len(data), 16 * 1024):
        data[at] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A projected store and the dump of its tables."""
    folder = tmp_path_factory.mktemp("damage") / "data"
    app = open_app(folder)
    for seed in range(6):
        app.simulate(("puerto-rico", "santa-maria")[seed % 2], 3, {}, seed=seed, bot="random")
    app.close()
    runner.catch_up(folder)
    return folder, dump(folder / "views.duckdb")


@pytest.fixture
def folder(clean: tuple[Path, dict[str, object]], tmp_path: Path) -> Path:
    import shutil

    copy = tmp_path / "data"
    shutil.copytree(clean[0], copy)
    return copy


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output.replace("\n", "")  # rich wraps at 80 columns


@pytest.mark.parametrize("damage", [half, garbage])
def test_a_damaged_published_copy_is_published_again_by_its_reader(
    folder: Path, clean: tuple[Path, dict[str, object]], damage: object
) -> None:
    assert callable(damage)
    damage(folder / "views.duckdb")
    code, output = invoke("stats", "-d", str(folder))
    assert code == 0, output
    assert "internal error" not in output
    assert re.search(r"Puerto ?Rico", output), output  # the game's title (rich may fold it)
    assert "was damaged" in output
    assert dump(folder / "views.duckdb") == clean[1]
    damage(folder / "views.duckdb")  # the library API repairs the same way
    views = Views(folder)
    for table in TABLES:  # every block is read
        views.query(f"SELECT * FROM {table}")
    assert views.library_count() == 6 and views.repaired
    views.close()


def test_novus_project_republishes_even_with_nothing_new(
    folder: Path, clean: tuple[Path, dict[str, object]]
) -> None:
    """A half-truncated copy still told its tracking position: `novus project` left it."""
    half(folder / "views.duckdb")
    code, output = invoke("project", "-d", str(folder))
    assert code == 0, output
    assert dump(folder / "views.duckdb") == clean[1]


def test_a_follower_republishes_a_copy_that_was_damaged(
    folder: Path, clean: tuple[Path, dict[str, object]]
) -> None:
    stop = threading.Event()
    follower = threading.Thread(
        target=runner.follow, args=(folder,), kwargs={"stop": stop, "poll": 0.02}
    )
    follower.start()
    try:
        time.sleep(0.5)
        half(folder / "views.duckdb")
        views = Views(folder)
        deadline = time.monotonic() + 30
        while True:
            try:
                assert views.library_count() == 6
                break
            except DamagedViews as error:  # the follower holds the lock: it republishes
                assert "running projector" in error.hint
                assert time.monotonic() < deadline, "the follower never republished"
                time.sleep(0.05)
        views.close()
    finally:
        stop.set()
        follower.join(timeout=30)
    assert dump(folder / "views.duckdb") == clean[1]


@pytest.mark.parametrize("damage", [half, garbage, flipped])
def test_a_damaged_projector_file_gets_a_one_line_hint_and_rebuild_replaces_it(
    folder: Path, clean: tuple[Path, dict[str, object]], damage: object
) -> None:
    assert callable(damage)
    damage(runner.work_path(folder))
    code, output = invoke("project", "-d", str(folder))
    assert code == 1 and "this is a bug" not in output, output
    assert "views-projector.duckdb is damaged" in output
    assert "novus project --rebuild" in output
    code, output = invoke("project", "-d", str(folder), "--rebuild")
    assert code == 0, output
    assert "rebuilt the views" in output
    assert dump(folder / "views.duckdb") == clean[1]
    assert dump(runner.work_path(folder)) == clean[1]


def test_readers_name_a_damaged_projector_file(folder: Path) -> None:
    garbage(runner.work_path(folder))
    garbage(folder / "views.duckdb")
    with pytest.raises(DamagedViews) as raised:
        Views(folder).library_count()
    assert "views-projector.duckdb is damaged" in raised.value.hint
    assert "--rebuild" in raised.value.hint
    with pytest.raises(DamagedProjection):
        runner.catch_up(folder)
    assert runner.catch_up(folder, rebuild=True).rebuilt
