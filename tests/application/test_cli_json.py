"""Every `--json` and `--csv` output against the shapes documented in docs/cli.md.

The documented examples are read from the file, so the documentation and the output cannot
drift apart: every documented key must be there (and no other, except under `"…"`), with a value
of the documented type (`null` may stand for any value)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from novus.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "cli.md"
FREE = "…"
runner = CliRunner()


def documented(kind: str) -> dict[str, Any]:
    """The `<!-- shape: NAME -->` JSON blocks and `<!-- columns: NAME -->` header lines."""
    text = DOC.read_text()
    found: dict[str, Any] = {}
    for name, body in re.findall(rf"<!-- {kind}: (\w+) -->\n```\w*\n(.*?)```", text, re.S):
        found[name] = json.loads(body) if kind == "shape" else body.strip().split(",")
    return found


SHAPES = documented("shape")
COLUMNS = documented("columns")


def conforms(real: Any, doc: Any, where: str = "$") -> None:
    if real is None or doc is None:
        return
    if isinstance(doc, dict):
        assert isinstance(real, dict), f"{where}: {real!r} is not an object"
        fixed = set(doc) - {FREE}
        if FREE in doc:
            assert fixed <= set(real), f"{where}: missing {sorted(fixed - set(real))}"
        else:
            assert set(real) == fixed, f"{where}: keys {sorted(real)} != {sorted(fixed)}"
        for key in fixed:
            conforms(real[key], doc[key], f"{where}.{key}")
        return
    if isinstance(doc, list):
        assert isinstance(real, list), f"{where}: {real!r} is not a list"
        for i, item in enumerate(real):
            conforms(item, doc[0], f"{where}[{i}]")
        return
    number = (int, float)
    if isinstance(doc, bool) or not isinstance(doc, number):
        assert type(real) is type(doc), f"{where}: {real!r} is not a {type(doc).__name__}"
    else:
        assert isinstance(real, number) and not isinstance(real, bool), f"{where}: {real!r}"


def run(*args: str | Path, code: int = 0) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result.stdout


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("json") / "data"
    run("simulate", "-g", "puerto-rico", "-p", "3", "-n", "2", "-b", "random", "-d", folder)
    run("simulate", "-g", "santa-maria", "-p", "2", "-n", "1", "-b", "random", "-d", folder)
    first = json.loads(run("games", "--json", "-d", folder))[0]["id"]
    return folder, first


def test_the_documentation_has_every_shape() -> None:
    assert set(SHAPES) == {"games", "rules", "show", "log", "verify", "stats"}
    assert set(COLUMNS) == {"games", "rules", "log", "verify", "stats"}


def test_games(data: tuple[Path, str]) -> None:
    folder, _ = data
    listed = json.loads(run("games", "--json", "-d", folder))
    conforms(listed, SHAPES["games"])
    assert [g["game"] for g in listed] == ["puerto-rico", "puerto-rico", "santa-maria"]
    assert all(isinstance(g["steps"], int) and g["winners"] for g in listed)
    assert [g["synthetic"] for g in listed] == [False, False, True]
    assert len(json.loads(run("games", "--json", "-n", "1", "-d", folder))) == 1
    rows = list(csv.reader(io.StringIO(run("games", "--csv", "-d", folder))))
    assert rows[0] == COLUMNS["games"] and len(rows) == 4
    assert rows[1][0] == listed[0]["id"] and rows[1][5] == "simulation"


def test_rules() -> None:
    every = json.loads(run("rules", "--json"))
    conforms(every, SHAPES["rules"])
    assert {r["name"] for r in every} >= {"puerto-rico", "santa-maria"}
    one = json.loads(run("rules", "santa-maria", "--json"))
    assert [r["name"] for r in one] == ["santa-maria"]
    rows = list(csv.reader(io.StringIO(run("rules", "santa-maria", "--csv"))))
    assert rows[0] == COLUMNS["rules"]
    assert len(rows) - 1 == len(one[0]["options"]) and rows[1][0] == "santa-maria"


def test_show(data: tuple[Path, str]) -> None:
    folder, first = data
    state = json.loads(run("show", first[:8], "--json", "-d", folder))
    conforms(state, SHAPES["show"])
    assert state["over"] and state["step"] == state["steps"]
    early = json.loads(run("show", first[:8], "--step", "3", "--seat", "1", "--json", "-d", folder))
    conforms(early, SHAPES["show"])
    assert early["step"] == 3 and not early["over"]


def test_log(data: tuple[Path, str]) -> None:
    folder, first = data
    moves = json.loads(run("log", first, "--json", "-d", folder))
    conforms(moves, SHAPES["log"])
    assert moves["moves"][0]["step"] == 1 and moves["over"]
    chance = [m for m in moves["moves"] if m["seat"] is None]
    decided = [m for m in moves["moves"] if m["seat"] is not None]
    assert chance and all(m["outcome"] is not None and m["action"] is None for m in chance)
    assert all(m["player"] == moves["players"][m["seat"]] for m in decided)
    rows = list(csv.reader(io.StringIO(run("log", first, "--csv", "-d", folder))))
    assert rows[0] == COLUMNS["log"] and len(rows) - 1 == len(moves["moves"])


def test_verify(data: tuple[Path, str]) -> None:
    folder, first = data
    report = json.loads(run("verify", "--all", "--json", "-d", folder))
    conforms(report, SHAPES["verify"])
    assert report["ok"] and report["games"] == 3 and report["failed"] == 0
    rows = list(csv.reader(io.StringIO(run("verify", first, "--csv", "-d", folder))))
    assert rows[0] == COLUMNS["verify"] and rows[1][:1] == [first] and rows[1][3] == "true"


def test_stats_catch_up_first(data: tuple[Path, str]) -> None:
    folder, _ = data
    report = json.loads(run("stats", "--json", "-d", folder))  # never projected before
    conforms(report, SHAPES["stats"])
    assert report["behind"] == 0
    tables = {t["name"]: t["rows"] for t in report["tables"]}
    assert set(tables) == {"games", "players", "ratings"}
    for row in tables["players"]:  # Wilson interval and OpenSkill rating on every player
        low, high = row["win_rate_interval"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        assert sum(r["games"] for r in row["ratings"]) == row["games"]
        assert row["rating"] == max(row["ratings"], key=lambda r: r["games"])
    assert {r["game"]: r["games"] for r in tables["games"]} == {"puerto-rico": 2, "santa-maria": 1}
    run("simulate", "-g", "puerto-rico", "-p", "3", "-n", "1", "-b", "random", "-d", folder)
    again = json.loads(run("stats", "--json", "-t", "games", "-d", folder))
    assert [t["name"] for t in again["tables"]] == ["games"]
    assert {r["game"]: r["games"] for r in again["tables"][0]["rows"]}["puerto-rico"] == 3
    per_game = json.loads(run("stats", "--json", "-g", "puerto-rico", "-d", folder))
    assert {"seats", "decisions", "role_picks"} <= {t["name"] for t in per_game["tables"]}
    rows = list(csv.reader(io.StringIO(run("stats", "--csv", "-d", folder))))
    assert rows[0] == COLUMNS["stats"]


def test_json_and_csv_together_is_a_usage_error(data: tuple[Path, str]) -> None:
    folder, _ = data
    for command in (["games"], ["log", "x"], ["verify", "--all"], ["stats"], ["rules"]):
        store = [] if command == ["rules"] else ["-d", str(folder)]
        result = runner.invoke(app, [*command, "--json", "--csv", *store])
        assert result.exit_code == 2, (command, result.output)
        assert "give --json or --csv, not both" in " ".join(result.output.split())


def test_tables_are_readable_at_80_columns(data: tuple[Path, str]) -> None:
    """No header or value is cut to "…" and no line is wider than the terminal."""
    import os
    import subprocess
    import sys

    folder, _ = data
    player = json.loads(run("games", "--json", "-d", folder))[0]["players"][0]
    for args in (
        ["stats"],
        ["stats", "--player", player],
        ["stats", "--game", "puerto-rico"],
        ["games"],
        ["rules"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "novus.cli.main", *args, "-d", str(folder)][
                : None if args[0] != "rules" else -2
            ],
            env=dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80"),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert lines and max(len(line) for line in lines) <= 80, args
        assert "…" not in done.stdout, (args, done.stdout)
        if args[0] == "stats":  # every column is there in full, none cropped at the edge
            from novus.cli.projections import header

            shown = set(done.stdout.split())
            tables = json.loads(run(*args, "--json", "-d", folder))["tables"]
            for table in tables:
                for column in table["rows"][0] if table["rows"] else ():
                    if column in ("win_rate_interval", "rating", "ratings"):
                        continue  # --json's own summaries of the low/high and ratings columns
                    assert set(header(column).split()) <= shown, (args, column, done.stdout)
