"""Output into a pipe or a file keeps tables at their natural width: rich took 80 columns when
stdout is not a terminal and wrapped cells ("Heuristic" over "3" in `novus games | cat`), so a
row was no longer one line for grep or cut. A terminal still wraps, and an exported $COLUMNS is
still obeyed (tests/application/test_cli_json.py reads tables as an 80-column terminal would)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.table import Table

from novus.cli.console import OutputConsole

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Alexandrina Featherstonehaugh", "Bartholomew Wolfeschlegelstein", "Chris"]


def _table() -> Table:
    table = Table("seat", "player", "notes")
    for seat, name in enumerate(NAMES):
        table.add_row(str(seat), name, "a rather long remark about this seat " * 3)
    return table


def test_a_pipe_gets_whole_rows() -> None:
    out = io.StringIO()
    OutputConsole(file=out, _environ={}).print(_table())
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 + 3 + 1  # top, header, rule, three rows, bottom
    for name in NAMES:
        assert sum(name in line for line in lines) == 1
    assert max(cell_len(line) for line in lines) > 80


def test_an_exported_width_is_obeyed() -> None:
    out = io.StringIO()
    OutputConsole(file=out, _environ={"COLUMNS": "60"}).print(_table())
    assert max(cell_len(line) for line in out.getvalue().splitlines()) <= 60


def test_a_terminal_still_wraps_at_its_width() -> None:
    out = io.StringIO()
    OutputConsole(file=out, width=40, force_terminal=True, color_system=None).print(_table())
    lines = out.getvalue().splitlines()
    assert len(lines) > 7 and max(cell_len(line) for line in lines) <= 40


def test_a_short_line_is_not_padded_out() -> None:
    out = io.StringIO()
    screen = OutputConsole(file=out, _environ={})
    screen.print("ok")
    screen.print("word " * 29 + "end")  # a long line stays one line in a pipe
    assert out.getvalue().splitlines() == ["ok", "word " * 29 + "end"]


def _novus(*args: str | Path) -> str:
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    done = subprocess.run(
        [sys.executable, "-m", "novus.cli.main", *map(str, args)],
        capture_output=True,
        text=True,
        env=dict(environment, PYTHONPATH=str(ROOT), NOVUS_LANG="en"),
        timeout=120,
        check=True,
    )
    return done.stdout


def test_piped_commands_keep_one_row_per_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _novus("simulate", "--game", "puerto-rico", "--players", "3", "--games", "2", "-d", data)
    listing = _novus("games", "-d", data).splitlines()
    rows = [line for line in listing if "simulation" in line]
    assert len(rows) == 2 and all("Heuristic " in row for row in rows), listing
    assert all(row.rstrip()[-1].isdigit() for row in rows), listing  # "Heuristic 2", whole
    stats = _novus("stats", "-d", data, "--lang", "ko").splitlines()
    players = [line for line in stats if line.lstrip().startswith("Heuristic")]
    assert sum("%" in line for line in players) == 3, stats  # the players' table, one row each
    assert max(cell_len(line) for line in stats) > 80  # wider than rich's 80, not wrapped


def test_the_games_table_fits_80_columns_in_korean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a terminal of 80 columns the Korean headers made the list 83 wide with a Mundus Novus
    game in it, and the winner wrapped: the table has no blank edge columns now."""
    from typer.testing import CliRunner

    from novus.cli import library
    from novus.cli.main import app

    data = tmp_path / "data"
    _novus("simulate", "--game", "mundus-novus", "--players", "2", "--games", "1", "-d", data)
    out = io.StringIO()
    screen = OutputConsole(file=out, width=80, force_terminal=True, color_system=None)
    monkeypatch.setattr(library, "console", screen)
    result = CliRunner().invoke(app, ["games", "-d", str(data), "--lang", "ko"])
    assert result.exit_code == 0, result.output
    (row,) = [line for line in out.getvalue().splitlines() if "몬두스 노부스" in line]  # the title
    assert row.rstrip().endswith(("Heuristic 1", "Heuristic 2")), out.getvalue()


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_games_table_keeps_the_winner_whole_at_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A game entered at the table has a ten-digit seed (for Novus's draws): with one in the
    list the winner column was left four cells at 80 columns, 'Heuristic 1' broken over two
    lines as 'Heur' / '1' in both languages. The seed shows for simulations only (it reproduces
    them) and the gaps are two cells: a tie reads 'Heuristic 1,' over 'Heuristic 2'."""
    from typer.testing import CliRunner

    from novus.cli import library
    from novus.cli.main import app

    data = tmp_path / "data"
    _novus("simulate", "--game", "puerto-rico", "--players", "5", "--seed", "7", "-d", data)
    _novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    out = io.StringIO()
    screen = OutputConsole(file=out, width=80, force_terminal=True, color_system=None)
    monkeypatch.setattr(library, "console", screen)
    result = CliRunner().invoke(app, ["games", "-d", str(data), "--lang", lang])
    assert result.exit_code == 0, result.output
    lines = out.getvalue().splitlines()
    assert max(cell_len(line) for line in lines) <= 80
    words = [w for line in lines for w in line.split() if w.startswith("Heur")]
    assert words and set(words) == {"Heuristic"}, out.getvalue()  # seed 7: a tie of two
    for line in lines:
        if "Heuristic" in line:
            assert re.search(r"Heuristic [12]", line), out.getvalue()
    playing = "진행 중" if lang == "ko" else "playing"
    (manual,) = [line for line in lines if playing in line]
    # no draw seed (the id before it is left out: '05580266' is a hex id of digits only)
    assert not re.search(r"\d{6}", manual.split(maxsplit=1)[1]), manual
