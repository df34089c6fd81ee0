"""What the Library and the statistics pages read: the DuckDB views the projector publishes.

The dashboard process keeps the views up to date itself (`refresh`: a catch-up of the events
stored since the last one, then the projector publishes `views.duckdb`); if another process is
projecting into the same folder (`novus project --follow`), it just reads what that one
publishes. Readers open the published file read-only, one connection per published version
(the projector replaces the file atomically), so a page never sees half a batch.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from application import settings
from application.service import NovusApp
from projections import runner
from projections.view import ProjectorBusy

_lock = threading.Lock()
_connections: dict[Path, tuple[tuple[int, int], duckdb.DuckDBPyConnection]] = {}


def refresh(app: NovusApp, folder: Path) -> int:
    """Project what is new in the store (if anything); the number of events projected."""
    if (
        published_position(folder) >= app.max_notification_id()
        and settings.views_path(folder).exists()
    ):
        return 0
    with _lock:
        try:
            return runner.catch_up(app, folder=folder).events
        except ProjectorBusy:
            return 0  # another process projects this folder and publishes for us


def connect(folder: Path) -> duckdb.DuckDBPyConnection | None:
    """A read-only connection to the published views (None before the first publication)."""
    path = settings.views_path(folder)
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    version = (stat.st_ino, stat.st_mtime_ns)
    with _lock:
        cached = _connections.get(path)
        if cached is not None and cached[0] == version:
            return _cursor(cached[1])
        # An older version's connection is dropped, not closed: cursors in use keep it alive.
        # The file is attached to a private in-memory database: `duckdb.connect(path)` would
        # hand back the process's cached instance of the replaced file, with the old rows.
        con = duckdb.connect()
        con.execute("ATTACH ? AS published (READ_ONLY)", [str(path)])
        _connections[path] = (version, con)
        return _cursor(con)


def _cursor(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """A cursor of its own per caller (thread-safe), looking at the attached file."""
    cursor = con.cursor()
    cursor.execute("USE published")
    return cursor


def published_position(folder: Path) -> int:
    con = connect(folder)
    if con is None:
        return 0
    row = con.execute("SELECT max(notification_id) FROM tracking").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def query(folder: Path, sql: str, params: Sequence[Any] = ()) -> pd.DataFrame:
    """A query over the published views as a DataFrame (empty before the first publication)."""
    con = connect(folder)
    if con is None:
        return pd.DataFrame()
    return con.execute(sql, list(params)).df()


@dataclass(frozen=True)
class LibraryFilter:
    """The Library's filters; empty means "any"."""

    games: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    players: tuple[int, ...] = ()
    sources: tuple[str, ...] = ()
    player: str = ""
    winner: str = ""
    search: str = ""
    since: date | None = None
    until: date | None = None
    extra: dict[str, Any] = field(default_factory=dict)


LIBRARY_COLUMNS = """
    'replay?game=' || game_id || '&step=0' AS open, game, variant, players,
    array_to_string(seats, ', ') AS names, source_kind AS source,
    strftime(started, '%Y-%m-%d %H:%M') AS started, steps,
    array_to_string(coalesce(winner_names, []), ', ') AS winner, finished, game_id AS id,
    coalesce(options['pack'] = 'synthetic', false) AS synthetic"""


def library(folder: Path, f: LibraryFilter, limit: int = 5000) -> tuple[pd.DataFrame, int]:
    """The games matching `f`, newest first (at most `limit` rows), and how many match."""
    where: list[str] = []
    params: list[Any] = []
    for column, values in (
        ("game", f.games),
        ("variant", f.variants),
        ("players", f.players),
        ("source_kind", f.sources),
    ):
        if values:
            where.append(f"{column} IN ({', '.join('?' for _ in values)})")
            params.extend(values)
    if f.player:
        where.append("list_contains(list_transform(seats, lambda s: lower(s)), lower(?))")
        params.append(f.player)
    if f.winner:
        where.append(
            "list_contains(list_transform(coalesce(winner_names, []), lambda w: lower(w)), "
            "lower(?))"
        )
        params.append(f.winner)
    if f.search:
        where.append("contains(lower(search), lower(?))")
        params.append(f.search)
    if f.since is not None:
        where.append("started >= ?")
        params.append(f.since)
    if f.until is not None:
        where.append("started < ? + INTERVAL 1 DAY")
        params.append(f.until)
    clause = f"WHERE {' AND '.join(where)}" if where else ""
    rows = query(
        folder,
        f"SELECT {LIBRARY_COLUMNS} FROM games {clause} ORDER BY position DESC LIMIT {int(limit)}",
        params,
    )
    total = query(folder, f"SELECT count(*) AS n FROM games {clause}", params)
    return rows, int(total["n"].iloc[0]) if not total.empty else 0


def choices(folder: Path) -> dict[str, list[Any]]:
    """The values each Library filter can take."""
    out: dict[str, list[Any]] = {}
    for key, column in (
        ("games", "game"),
        ("variants", "variant"),
        ("players", "players"),
        ("sources", "source_kind"),
    ):
        df = query(folder, f"SELECT DISTINCT {column} AS v FROM games ORDER BY v")
        out[key] = [] if df.empty else list(df["v"])
    return out
