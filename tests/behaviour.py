"""The behaviour of a fixed set of games, to check that a refactoring changes nothing.

`tests/data/behaviour/games/` holds native files of all four games (options, expansions, a
take-back, an unfinished game), exported once from bot and hand-entered games. `snapshot`
imports them into a fresh store (every step checked by the engines), exports them again,
rebuilds the projections and reads every table; it also prepares fresh setups of every game
(packs, expansions). The result is compared with `tests/data/behaviour/expected.json`:

- every exported file is byte-for-byte the file imported;
- every projection table has the same rows (sorted; the import time left out), by count and
  SHA-256 of their text;
- every prepared setup is the same JSON (or the same refusal).

Run ``python3 -m tests.behaviour`` to print what differs, ``--write`` to record a new expected
state after a change meant to alter behaviour, ``--dump DIR`` to write every table's rows as
text (to diff two runs).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import duckdb

from domain.core.errors import NovusError
from domain.core.registry import get as get_rules

HERE = Path(__file__).parent / "data" / "behaviour"
GAMES = HERE / "games"
EXPECTED = HERE / "expected.json"

VOLATILE = {"games": ("recorded", "ended"), "takebacks": ("recorded",)}
"""Columns that hold the time of the import."""

PUBLISHING = "publish_"
"""Tables and `marks` keys of this prefix say how the view file was published (a random lineage,
delta counts), not what the projection holds: left out."""

SETUPS: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("puerto-rico", 4, {}),
    ("puerto-rico", 3, {"buildings": "draft", "nobles": "true"}),
    ("puerto-rico", 4, {"buildings": "random"}),
    ("puerto-rico", 5, {"buildings": "all"}),
    ("santa-maria", 1, {}),
    ("santa-maria", 3, {}),
    ("santa-maria", 4, {"modules": "A,B,C,D", "setup": "advanced"}),
    ("santa-maria", 5, {"maya": "true"}),
    ("santa-maria", 2, {"expansion": "true", "side": "B"}),
    ("santa-maria", 3, {"pack": "published"}),
    ("century-new-world", 2, {}),
    ("century-new-world", 4, {"board": "F1"}),
    ("century-new-world", 3, {"pack": "published"}),
    ("mundus-novus", 2, {}),
    ("mundus-novus", 6, {}),
    ("mundus-novus", 4, {"pack": "published"}),
)
"""Setups prepared fresh: the component packs and options as a new game sees them."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def table_rows(path: Path) -> dict[str, list[str]]:
    """Every table's rows as sorted lines of text (volatile columns left out)."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        names = [
            r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()
        ]
        out = {}
        for name in sorted(names):
            if name.startswith(PUBLISHING):
                continue
            skip = VOLATILE.get(name, ())
            cols = [
                r[0]
                for r in con.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                    "ORDER BY ordinal_position",
                    [name],
                ).fetchall()
                if r[0] not in skip
            ]
            select = ", ".join(f'"{c}"' for c in cols)
            rows = con.execute(f'SELECT {select} FROM "{name}"').fetchall()
            if name == "marks":  # how the file was published, and the views' digest: left out
                rows = [
                    row
                    for row in rows
                    if not str(row[0]).startswith(PUBLISHING) and row[0] != "views"
                ]
            out[name] = sorted(repr(row) for row in rows)
        return out
    finally:
        con.close()


def prepared() -> dict[str, str]:
    """Each fresh setup of `SETUPS` as JSON, or the error it is refused with."""
    out = {}
    for game, n, options in SETUPS:
        key = f"{game} {n} {json.dumps(options, sort_keys=True)}"
        rules = get_rules(game)
        try:
            setup = rules.prepare([f"P{i}" for i in range(n)], options)
        except NovusError as error:
            out[key] = f"{type(error).__name__}: {error.message} ({error.hint})"
        else:
            out[key] = json.dumps(setup.to_json(), sort_keys=True)
    return out


def snapshot(work: Path, dump: Path | None = None) -> dict[str, Any]:
    """The behaviour of the fixed games (see the module), built in the empty folder `work`."""
    from application.service import open_app
    from importers.api import export_bytes, import_paths
    from projections import runner

    files = sorted(GAMES.glob("*.novus.jsonl"))
    app = open_app(work)
    try:
        results = import_paths(app, files)
        rejected = [f"{r.file}: {r.error}" for r in results if r.status != "imported"]
        exports = {}
        for path, result in zip(files, results, strict=True):
            if result.game_id is not None:
                same = export_bytes(app, result.game_id) == path.read_bytes()
                exports[path.name] = "same" if same else "differs"
        runner.catch_up(app, folder=work, rebuild=True)
    finally:
        app.close()
    tables = table_rows(work / "views.duckdb")
    if dump is not None:
        dump.mkdir(parents=True, exist_ok=True)
        for name, rows in tables.items():
            (dump / f"{name}.txt").write_text("".join(f"{r}\n" for r in rows))
    return {
        "rejected": rejected,
        "exports": exports,
        "tables": {k: [len(v), _digest("\n".join(v))] for k, v in tables.items()},
        "setups": {k: _digest(v) if v.startswith("{") else v for k, v in prepared().items()},
    }


def differences(found: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """What differs between two snapshots, one line per item."""
    out = []
    for part in ("rejected", "exports", "tables", "setups"):
        a, b = expected.get(part), found.get(part)
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b)):
                if a.get(key) != b.get(key):
                    out.append(f"{part} {key}: expected {a.get(key)}, found {b.get(key)}")
        elif a != b:
            out.append(f"{part}: expected {a}, found {b}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the expected state")
    parser.add_argument("--dump", type=Path, help="write every table's rows to this folder")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        found = snapshot(Path(tmp), args.dump)
    if args.write:
        EXPECTED.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {EXPECTED}")
        return 0
    diff = differences(found, json.loads(EXPECTED.read_text()))
    print("\n".join(diff) or "identical")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
