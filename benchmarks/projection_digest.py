"""A digest of every row a rebuild writes, to compare two versions of the code over one store.

    python3 benchmarks/projection_digest.py STORE_DIR [--games 24] [--workers 1]

Fills `STORE_DIR` (once; reused afterwards) with `--games` bot games of the four games in turn
(2-5 players, random and heuristic bots, several Puerto Rico options), rebuilds the projection
into a fresh folder and prints one SHA-256 per data table over its sorted rows, then one over
all. Run it with the code before and after a change (e.g. from a `git archive` of the older
commit with the same STORE_DIR): equal digests mean the change wrote the same rows. `--views`
digests the rows of everything readers query too, one line each: every view (the statistics
tables, `facts`, `score_timeline`) and every data table but the fold's stored rows (`fold_*`,
which readers see through `facts` and `score_timeline`), so the same names on both sides of a
change that moved rows from a table into a view (schema version 8: `score_timeline`). A change
that stores a table differently but keeps what readers see gives other table digests and the
same `all read` digest.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.service import open_app  # noqa: E402
from projections import runner  # noqa: E402
from projections.schema import TABLES, view_definitions  # noqa: E402


def read_relations() -> list[str]:
    """What readers query: every view, and each data table that is not the fold's stored rows."""
    return sorted({*view_definitions(), *(t for t in TABLES if not t.startswith("fold_"))})


def rows_digest(con: duckdb.DuckDBPyConnection, relation: str) -> tuple[int, str]:
    """How many rows `relation` has, and a digest of them in sorted order."""
    table = con.sql(f"SELECT * FROM {relation}").to_arrow_table()
    rows = sorted(repr(tuple(row.values())) for row in table.to_pylist())
    return len(rows), hashlib.sha256("\n".join(rows).encode()).hexdigest()

KINDS = [
    ("puerto-rico", 4, {}),
    ("santa-maria", 3, {}),
    ("century-new-world", 4, {}),
    ("mundus-novus", 3, {}),
    ("puerto-rico", 3, {"buildings": "random", "nobles": "true"}),
    ("santa-maria", 4, {"modules": "A,B,C"}),
    ("century-new-world", 2, {}),
    ("mundus-novus", 5, {}),
    ("puerto-rico", 5, {"buildings": "draft"}),
    ("puerto-rico", 2, {}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("store", type=Path)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--views", action="store_true", help="digest every view's rows too")
    args = parser.parse_args()
    app = open_app(args.store)
    for seed in range(len(app.game_ids()), args.games):
        game, players, options = KINDS[seed % len(KINDS)]
        bot = "random" if seed % 2 else "heuristic"
        app.simulate(game, players, options, seed=seed, bot=bot)
    out = Path(tempfile.mkdtemp(prefix="novus-digest-"))
    runner.catch_up(app, folder=out, rebuild=True, workers=args.workers)
    app.close()
    con = duckdb.connect(str(out / runner.WORK_FILE), read_only=True)
    whole = hashlib.sha256()
    for name in TABLES:
        count, digest = rows_digest(con, name)
        whole.update(digest.encode())
        print(f"{name:16} {count:7} rows  {digest[:16]}")
    print(f"{'all tables':16} {'':7}       {whole.hexdigest()[:16]}")
    if args.views:
        shown = hashlib.sha256()
        for name in read_relations():
            count, digest = rows_digest(con, name)
            shown.update(digest.encode())
            print(f"{name:48} {count:7} rows  {digest[:16]}")
        print(f"{'all read':48} {'':7}       {shown.hexdigest()[:16]}")
    con.close()


if __name__ == "__main__":
    main()
