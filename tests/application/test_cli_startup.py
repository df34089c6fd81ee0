"""`novus --help` (and every command's `--help`) starts without the heavy libraries: DuckDB,
pyarrow, pandas and psycopg load only in the commands that use them (issue 19)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("duckdb", "pyarrow", "pandas", "psycopg", "eventsourcing", "streamlit", "numpy")

PROBE = """
import sys
from novus.cli.main import app
for args in {runs!r}:
    try:
        app(args, prog_name="novus")
    except SystemExit:
        pass
print("loaded:", *sorted(m for m in {heavy!r} if m in sys.modules))
"""


def _loaded_after(runs: list[list[str]]) -> tuple[set[str], str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(runs=runs, heavy=HEAVY)],
        env=dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100"),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("loaded:"), done.stdout
    return set(last.split()[1:]), done.stdout


def test_novus_help_imports_no_heavy_library() -> None:
    loaded, out = _loaded_after([["--help"]])
    assert "Commands" in out and "dashboard" in out
    assert loaded == set(), f"novus --help imported {sorted(loaded)}"


def test_no_command_help_imports_a_heavy_library() -> None:
    from typer.main import get_command

    from novus.cli.main import app

    names = sorted(get_command(app).commands)  # type: ignore[attr-defined]
    assert {"stats", "project", "import", "dashboard", "show"} <= set(names)
    loaded, out = _loaded_after([[name, "--help"] for name in names])
    assert out.count("Usage: novus") == len(names)
    assert loaded == set(), f"a command's --help imported {sorted(loaded)}"


def test_a_command_that_needs_duckdb_still_loads_it(tmp_path: Path) -> None:
    """The probe can see a heavy import: `novus stats` on an empty folder loads DuckDB."""
    loaded, _ = _loaded_after([["stats", "-d", str(tmp_path)]])
    assert "duckdb" in loaded
