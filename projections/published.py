"""The readers' views file, published in layers so that a catch-up never copies the whole file.

DuckDB lets one process write a file or several read it, never both at once, so readers cannot
open the projector's file while it runs. The published `views.duckdb` (the *top*) is therefore
one of two things, replaced by an atomic rename:

- a **full** copy of the projector's file (as before): the first publish, after a rebuild, or
  when the layers below would grow too big;
- a **delta**: the rows that changed since the previous publish, and the list of the layers
  below it (`publish_layers`), files in `views.duckdb.layers/` that never change once written:
  the oldest is a full copy (the base), the others are earlier tops, hard-linked there (no copy)
  when a newer top replaces them.

Rows of a delta supersede older layers per game. For `steps`, `fold_timeline` and `fold_facts`
(most of the rows) a delta holds the rows appended since the previous publish, which the writer
keeps in `publish_<table>` in the transaction that inserts them; a game taken back or skipped
(rows deleted) is listed in `publish_reset` and the delta holds all of its rows, hiding the
older layers' rows of that game. The small tables (`games`, `seats`, `takebacks`,
`skipped_games`, `ratings_history`) hold every row of each changed game (`publish_dirty` or
`publish_reset`), hiding the older layers' rows of those games. `tracking` and `marks` are
copied whole. A reader (`connect`) attaches the top and its layers read-only and sees each
table as the union of the layers, each without the games a newer layer hides.

To keep the number of layers small, a publish folds the newest layers into the new top while
they are not much bigger than it (sizes grow geometrically, as in a log-structured merge); when
the deltas together would exceed `FULL_FRACTION` of the base, it publishes a full copy instead.

Exactly once: the writer's buffers are written with the rows; a publish writes the new top to a
temporary file, renames it over the old one, and only then empties the buffers and counts the
window (`publish_window`). A delta is published only on a top of the same lineage (a token set
at each full copy) whose window is the last one counted; anything else (no top, a damaged or
stale top, a crash between the rename and emptying the buffers, a rebuild) gets a full copy.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from projections import ratings

SMALL = ("games", "seats", "takebacks", "skipped_games", ratings.TABLE)
"""Tables with few rows per game: a delta holds every row of each changed game."""
BIG = ("steps", "fold_timeline", "fold_facts")
"""Tables with many rows per game, only appended to except by take-backs and skips."""
WHOLE = ("tracking", "marks")
"""Copied whole into every delta."""
DIRTY, RESET, LAYERS = "publish_dirty", "publish_reset", "publish_layers"
BUFFERS = (DIRTY, RESET, *(f"publish_{name}" for name in BIG))
"""The writer's tables (in the projector's file): what changed since the last publish."""

FULL_FRACTION = 0.1
"""A full copy replaces the layers when the deltas would hold more rows than this share of the
base: the copy then costs about ten deltas' worth of rows per game published since the last."""
FOLD_RATIO = 2.0
"""The newest layer is folded into the new top while it has at most this many times its rows."""
FULL_COPY_BELOW = 32 * 2**20
"""A projector file up to this size (bytes) is published by a full copy: copying 32 MiB costs
about what writing a delta file does (a new DuckDB file of a dozen tables, checkpointed; a
10 MiB copy took 94 ms in `benchmarks/bench_scale.py`), so layers only pay off above it."""
MAX_LAYERS = 12
"""More layers than this (base included): a full copy (each layer is a union branch to read)."""

LINEAGE, WINDOW, SEQ, ROWS, BASE_ROWS = (
    "publish_lineage",
    "publish_window",
    "publish_seq",
    "publish_rows",
    "publish_base_rows",
)


def layers_dir(target: Path) -> Path:
    """`views.duckdb` -> `views.duckdb.layers/` beside it."""
    return target.with_name(f"{target.name}.layers")


DEFINITIONS = {
    DIRTY: "(game_id VARCHAR NOT NULL)",
    RESET: "(game_id VARCHAR NOT NULL)",
    **{f"publish_{name}": f"AS FROM {name} LIMIT 0" for name in BIG},
}
"""The writer's buffers and what follows `CREATE TABLE name` for each (`create`, and
`schema.remake` for a rebuild): the big tables' buffers have their columns."""


def create(con: duckdb.DuckDBPyConnection, have: set[str] | None = None) -> None:
    """The writer's buffers, empty (inside the caller's transaction, after the data tables);
    `have`: the tables there already (`ratings.existing`), if the caller read them."""
    for name, definition in DEFINITIONS.items():
        if have is None or name not in have:
            con.execute(f"CREATE TABLE IF NOT EXISTS {name} {definition}")


def buffering(marks: dict[str, str]) -> bool:
    """Whether the file with these marks was published in full since it was made (else the
    next publish is a full copy anyway, and nothing needs to be kept: a rebuild writes no
    buffers, so they are empty)."""
    return LINEAGE in marks


def record(con: duckdb.DuckDBPyConnection, dirty: set[str], reset: set[str]) -> None:
    """List changed games (inside the transaction that changes them)."""
    if dirty:
        con.execute(f"INSERT INTO {DIRTY} SELECT unnest($ids)", {"ids": sorted(dirty)})
    if reset:
        con.execute(f"INSERT INTO {RESET} SELECT unnest($ids)", {"ids": sorted(reset)})


def record_rows(con: duckdb.DuckDBPyConnection, name: str, rows: Any) -> None:
    """Keep the rows (an Arrow table) just appended to a big table (inside the same
    transaction)."""
    if name in BIG:
        con.from_arrow(rows).insert_into(f"publish_{name}")


def _mark(con: duckdb.DuckDBPyConnection, key: str, catalog: str = "") -> str | None:
    prefix = f"{catalog}." if catalog else ""
    rows = con.execute(f"SELECT value FROM {prefix}marks WHERE key = ?", [key]).fetchall()
    return str(rows[0][0]) if rows else None


def _quote(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


@dataclass(frozen=True)
class Layer:
    seq: int
    file: str
    """Name in the layers folder ('' for the top itself, before it is linked there)."""
    rows: int


@dataclass(frozen=True)
class Top:
    """What the published top says about itself."""

    lineage: str
    window: int
    seq: int
    rows: int
    base_rows: int
    layers: tuple[Layer, ...]
    full: bool


def _read_top(con: duckdb.DuckDBPyConnection, target: Path) -> Top | None:
    """The published top's state (attached read-only as `cur`, left attached), or None when it
    is missing, not readable, or refers to a missing layer."""
    if not target.exists():
        return None
    try:
        con.execute(f"ATTACH {_quote(target)} AS cur (READ_ONLY)")
    except duckdb.Error:
        return None
    try:
        marks = dict(
            con.execute("SELECT key, value FROM cur.marks WHERE key LIKE 'publish_%'").fetchall()
        )
        full = con.execute(
            "SELECT count(*) FROM duckdb_tables() WHERE database_name = 'cur' AND table_name = ?",
            [LAYERS],
        ).fetchall() == [(0,)]
        layers: tuple[Layer, ...] = ()
        if not full:
            layers = tuple(
                Layer(int(s), str(f), int(r))
                for s, f, r in con.execute(
                    f"SELECT seq, file, rows FROM cur.{LAYERS} ORDER BY seq"
                ).fetchall()
            )
        top = Top(
            str(marks[LINEAGE]),
            int(marks[WINDOW]),
            int(marks[SEQ]),
            int(marks[ROWS]),
            int(marks[BASE_ROWS]),
            layers,
            full,
        )
    except (duckdb.Error, KeyError, ValueError):
        _detach(con, "cur")
        return None
    folder = layers_dir(target)
    if any(not (folder / layer.file).exists() for layer in layers):
        _detach(con, "cur")
        return None
    return top


def _intact(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether every column of every table of the attached top `cur` reads (DuckDB checks each
    block's checksum): a top this process did not leave may have been damaged since."""
    try:
        tables = con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = 'cur'"
        ).fetchall()
        for (name,) in tables:
            con.execute(f'SELECT count(*), bit_xor(hash(COLUMNS(*))) FROM cur."{name}"').fetchall()
    except duckdb.Error:
        return False
    return True


def _detach(con: duckdb.DuckDBPyConnection, name: str) -> None:
    with contextlib.suppress(duckdb.Error):
        con.execute(f"DETACH {name}")


def data_rows(con: duckdb.DuckDBPyConnection, catalog: str = "") -> int:
    """Rows of the data tables (what a copy of them costs)."""
    prefix = f"{catalog}." if catalog else ""
    counts = " UNION ALL ".join(f"SELECT count(*) AS n FROM {prefix}{t}" for t in (*SMALL, *BIG))
    found = con.execute(f"SELECT sum(n) FROM ({counts})").fetchall()  # one statement, not 8
    return int(found[0][0])


def publish(
    con: duckdb.DuckDBPyConnection,
    target: Path,
    copy_full: Callable[[Path], None],
    *,
    full: bool = False,
    work_bytes: int = 0,
    trusted: bool = False,
    empty: bool = False,
) -> bool:
    """Publish the projector's file (`con`, checkpointed by the caller, `work_bytes` long) to
    `target`: a delta on the current top when it can, else (or when the file is small, under
    `FULL_COPY_BELOW`) a full copy by `copy_full(temporary)`. Whether it was a full copy.
    `trusted`: the top is the file this process published last (same inode, size and time);
    any other top is read whole first, and a damaged one replaced by a full copy. `empty`:
    the writer's buffers are known to be empty (nothing kept since the file was made or reset,
    `buffering`), so a full copy does not empty them again."""
    for stale in target.parent.glob(f".{target.name}.*.tmp"):  # from a killed projector
        stale.unlink(missing_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    top = None if full else _read_top(con, target)
    if top is not None and (work_bytes <= FULL_COPY_BELOW or not (trusted or _intact(con))):
        _detach(con, "cur")
        top = None
    try:
        usable = (
            top is not None
            and top.lineage == _mark(con, LINEAGE)
            and str(top.window) == _mark(con, WINDOW)
        )
        if top is not None and usable:
            try:
                if _delta(con, target, temporary, top):
                    return False
            except duckdb.Error:  # a damaged top or layer: a full copy replaces them
                pass
    finally:
        if top is not None:
            _detach(con, "cur")
    _full(con, target, temporary, copy_full, clear=not empty)
    return True


def _set_marks(con: duckdb.DuckDBPyConnection, values: dict[str, Any], catalog: str = "") -> None:
    prefix = f"{catalog}." if catalog else ""
    keys = list(values)
    con.execute(f"DELETE FROM {prefix}marks WHERE key IN (SELECT unnest($k))", {"k": keys})
    con.execute(  # one statement (`executemany` ran one a mark)
        f"INSERT INTO {prefix}marks SELECT unnest($k), unnest($v)",
        {"k": keys, "v": [str(v) for v in values.values()]},
    )


def _transaction(con: duckdb.DuckDBPyConnection, body: Callable[[], None]) -> None:
    con.execute("BEGIN TRANSACTION")
    try:
        body()
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


def _clear(con: duckdb.DuckDBPyConnection) -> None:
    for name in BUFFERS:
        con.execute(f"DELETE FROM {name}")


def _full(
    con: duckdb.DuckDBPyConnection,
    target: Path,
    temporary: Path,
    copy_full: Callable[[Path], None],
    *,
    clear: bool = True,
) -> None:
    """A full copy, under a new lineage; the layers go. `clear`: empty the writer's buffers
    (one statement each; not when they are known to be empty)."""
    rows = data_rows(con)

    def body() -> None:
        if clear:
            _clear(con)
        seq = int(_mark(con, SEQ) or 0) + 1
        _set_marks(
            con,
            {LINEAGE: uuid.uuid4().hex, WINDOW: 0, SEQ: seq, ROWS: rows, BASE_ROWS: rows},
        )

    _transaction(con, body)
    con.execute("CHECKPOINT")
    copy_full(temporary)
    Path(f"{target}.wal").unlink(missing_ok=True)  # a stale log would be replayed on open
    os.replace(temporary, target)
    _remove_unlisted(target, ())


def _delta(con: duckdb.DuckDBPyConnection, target: Path, temporary: Path, top: Top) -> bool:
    """Write the changes since `top` as a new top over the layers it keeps. False (nothing
    written) when a full copy is due instead."""
    temporary.unlink(missing_ok=True)
    con.execute(f"ATTACH {_quote(temporary)} AS out")
    attached = ["out"]
    try:
        con.execute("BEGIN TRANSACTION")  # one commit for every table of the new file
        try:
            written = _write_delta(con, target, top, attached)
        except BaseException:
            con.execute("ROLLBACK")
            raise
        if not written:
            con.execute("ROLLBACK")
            return written is not None  # (): nothing changed, the top stays; None: full copy
        con.execute("COMMIT")
        window, seq, kept = written
        con.execute("CHECKPOINT out")
        while attached:
            _detach(con, attached.pop())
        Path(f"{target}.wal").unlink(missing_ok=True)
        os.replace(temporary, target)

        def counted() -> None:
            _clear(con)
            _set_marks(con, {WINDOW: window, SEQ: seq})

        _transaction(con, counted)
        _remove_unlisted(target, kept)
        return True
    finally:
        for name in attached:
            _detach(con, name)
        temporary.unlink(missing_ok=True)


def _write_delta(
    con: duckdb.DuckDBPyConnection, target: Path, top: Top, attached: list[str]
) -> tuple[int, int, tuple[str, ...]] | tuple[()] | None:
    """The new top's tables in `out` (inside the caller's transaction): (window, seq, layer
    files kept); None when a full copy is due instead; () when nothing changed."""
    rows = _window(con)
    below = [*top.layers, Layer(top.seq, "", top.rows)]  # the top itself is the newest
    con.execute(f"CREATE TABLE out.hide_small AS SELECT game_id FROM out.{DIRTY}")
    con.execute(f"INSERT INTO out.hide_small SELECT game_id FROM out.{RESET}")
    con.execute(f"CREATE TABLE out.hide_big AS SELECT game_id FROM out.{RESET}")
    keep_bottom = 1  # never fold the base (the full copy at the bottom)
    while len(below) > keep_bottom and below[-1].rows <= FOLD_RATIO * max(rows, 1):
        layer = below.pop()
        name = "cur" if not layer.file else f"fold{layer.seq}"
        if layer.file:
            path = layers_dir(target) / layer.file
            con.execute(f"ATTACH {_quote(path)} AS {name} (READ_ONLY)")
            attached.append(name)
        _fold(con, name)
        rows += layer.rows
    con.execute("DROP TABLE out.hide_small")
    con.execute("DROP TABLE out.hide_big")
    base_rows = top.base_rows
    if rows > FULL_FRACTION * max(base_rows, 1) or len(below) + 1 > MAX_LAYERS:
        return None
    if not rows and _same_tracking(con):
        return ()
    for name in WHOLE:
        con.execute(f"CREATE TABLE out.{name} AS FROM main.{name}")
    window = int(top.window) + 1
    seq = int(_mark(con, SEQ) or 0) + 1
    _set_marks(
        con,
        {LINEAGE: top.lineage, WINDOW: window, SEQ: seq, ROWS: rows, BASE_ROWS: base_rows},
        "out",
    )
    kept = []
    folder = layers_dir(target)
    for layer in below:
        if not layer.file:  # the current top stays below the new one: link it there
            folder.mkdir(exist_ok=True)
            link = folder / f"{layer.seq}.duckdb"
            link.unlink(missing_ok=True)
            os.link(target, link)
            layer = Layer(layer.seq, link.name, layer.rows)
        kept.append(layer)
    con.execute(f"CREATE TABLE out.{LAYERS} (seq BIGINT, file VARCHAR, rows BIGINT)")
    con.executemany(
        f"INSERT INTO out.{LAYERS} VALUES (?, ?, ?)",
        [[layer.seq, layer.file, layer.rows] for layer in kept],
    )
    return window, seq, tuple(layer.file for layer in kept)


def _same_tracking(con: duckdb.DuckDBPyConnection) -> bool:
    query = "SELECT application_name, notification_id FROM {}.tracking ORDER BY 1"
    return bool(
        con.execute(query.format("main")).fetchall() == con.execute(query.format("cur")).fetchall()
    )


def _window(con: duckdb.DuckDBPyConnection) -> int:
    """The changes since the last publish into `out` (attached); its rows."""
    con.execute(f"CREATE TABLE out.{DIRTY} AS SELECT DISTINCT game_id FROM main.{DIRTY}")
    con.execute(f"CREATE TABLE out.{RESET} AS SELECT DISTINCT game_id FROM main.{RESET}")
    for name in SMALL:
        con.execute(
            f"""CREATE TABLE out.{name} AS FROM main.{name}
                WHERE game_id IN (SELECT game_id FROM out.{DIRTY}
                                  UNION SELECT game_id FROM out.{RESET})"""
        )
    reset = con.execute(f"SELECT count(*) FROM out.{RESET}").fetchall() != [(0,)]
    for name in BIG:
        con.execute(
            f"""CREATE TABLE out.{name} AS FROM main.publish_{name}
                WHERE game_id NOT IN (SELECT game_id FROM out.{RESET})"""
        )
        if reset:  # taken back or skipped: every row they have now
            con.execute(
                f"""INSERT INTO out.{name} FROM main.{name}
                    WHERE game_id IN (SELECT game_id FROM out.{RESET})"""
            )
    return data_rows(con, "out")


def _fold(con: duckdb.DuckDBPyConnection, name: str) -> None:
    """Add layer `name`'s rows that no newer layer hides to `out` (folding it in)."""
    for table, hide in (*((t, "hide_small") for t in SMALL), *((t, "hide_big") for t in BIG)):
        con.execute(
            f"INSERT INTO out.{table} FROM {name}.{table} "
            f"WHERE game_id NOT IN (SELECT game_id FROM out.{hide})"
        )
    for table in (DIRTY, RESET):
        con.execute(f"INSERT INTO out.{table} FROM {name}.{table}")
    con.execute(f"INSERT INTO out.hide_small SELECT game_id FROM {name}.{DIRTY}")
    con.execute(f"INSERT INTO out.hide_small SELECT game_id FROM {name}.{RESET}")
    con.execute(f"INSERT INTO out.hide_big SELECT game_id FROM {name}.{RESET}")


def _remove_unlisted(target: Path, files: tuple[str, ...]) -> None:
    """Delete the layer files the published top no longer lists (a reader that has one open
    keeps reading it: the file goes when it closes)."""
    folder = layers_dir(target)
    if not folder.exists():
        return
    for path in folder.iterdir():
        if path.name not in files:
            path.unlink(missing_ok=True)
    if not files:
        with contextlib.suppress(OSError):
            folder.rmdir()


# ---- reading ------------------------------------------------------------------------------


def connect(path: Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection on a published views file (full or layered) where every table
    and view reads as in the projector's file. Raises `duckdb.IOException` when a layer is
    gone (a newer top was published meanwhile: open again).

    The top is opened once: layered when its layers folder is there (attached to an in-memory
    connection that holds the union views), else directly; a wrong guess (a folder left beside
    a full top, or a top published between the look and the open) only costs a second open."""
    if layers_dir(path).exists():
        con = duckdb.connect()
        try:
            con.execute(f"ATTACH {_quote(path)} AS top (READ_ONLY)")
            if _is_layered(con, "top"):
                _layered(con, path)
                return con
        except BaseException:
            con.close()
            raise
        con.close()
        return duckdb.connect(str(path), read_only=True)
    con = duckdb.connect(str(path), read_only=True)
    try:
        if not _is_layered(con, ""):
            return con
    except BaseException:
        con.close()
        raise
    con.close()
    con = duckdb.connect()
    try:
        con.execute(f"ATTACH {_quote(path)} AS top (READ_ONLY)")
        _layered(con, path)
    except BaseException:
        con.close()
        raise
    return con


def _is_layered(con: duckdb.DuckDBPyConnection, catalog: str) -> bool:
    where = " AND database_name = ?" if catalog else ""
    found = con.execute(
        f"SELECT count(*) FROM duckdb_tables() WHERE table_name = ?{where}",
        [LAYERS, catalog] if catalog else [LAYERS],
    ).fetchall()
    return found != [(0,)]


def _layered(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """The union views on `con` (an in-memory connection with the top attached as `top`).

    A layer's rows of a game are hidden when a newer layer changed that game, but only the
    games the layer has rows of need hiding: most changed games are new ones (no rows below),
    so each layer's table gets its own hide list (those games that are in that table of that
    layer), and a layer whose list is empty is read plainly, with no anti-join per query."""
    from projections import schema  # schema imports this module for `create`

    files = [
        str(f) for (f,) in con.execute(f"SELECT file FROM top.{LAYERS} ORDER BY seq").fetchall()
    ]
    names = []
    for n, file in enumerate(files):
        con.execute(f"ATTACH {_quote(layers_dir(path) / file)} AS layer{n} (READ_ONLY)")
        names.append(f"layer{n}")
    names.append("top")
    hidden: set[tuple[str, str]] = set()  # (layer, table) with games to hide
    for n in range(len(names) - 1):  # what the layers above layer n hide in it
        above = names[n + 1 :]
        small = " UNION ".join(
            f"SELECT game_id FROM {a}.{t}" for a in above for t in (DIRTY, RESET)
        )
        big = " UNION ".join(f"SELECT game_id FROM {a}.{RESET}" for a in above)
        lists = [
            f"SELECT '{table}' AS tbl, game_id FROM ({small}) c "
            f"SEMI JOIN {names[n]}.{table} USING (game_id)"
            for table in SMALL
        ] + [f"SELECT '{table}' AS tbl, game_id FROM ({big}) c" for table in BIG]
        con.execute(f"CREATE TABLE hide_{n} AS {' UNION ALL '.join(lists)}")
        for (table,) in con.execute(f"SELECT DISTINCT tbl FROM hide_{n}").fetchall():
            hidden.add((names[n], str(table)))
    for table in (*SMALL, *BIG):
        parts = []
        for n, name in enumerate(names):
            join = (
                f" ANTI JOIN (SELECT game_id FROM hide_{n} WHERE tbl = '{table}') USING (game_id)"
                if (name, table) in hidden
                else ""
            )
            parts.append(f"SELECT * FROM {name}.{table}{join}")
        con.execute(f"CREATE VIEW {table} AS {' UNION ALL '.join(parts)}")
    for table in WHOLE:
        con.execute(f"CREATE VIEW {table} AS FROM top.{table}")
    schema.create_views(con)
