"""What the Library and the statistics pages read: the projections' read API
(`projections.read.Views`) on the DuckDB views the projector publishes.

The dashboard process keeps the views up to date itself (`refresh`: a catch-up of the events
stored since the last one, after which the projector publishes `views.duckdb`); if another
process is projecting into the same folder (`novus project --follow`), it reads what that one
publishes. One `Views` per data folder is shared by every session (it is thread-safe).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pandas as pd

from application import settings
from application.service import NovusApp
from projections import runner
from projections.read import NoViews, Views
from projections.view import ProjectorBusy

_lock = threading.Lock()
_views: dict[Path, Views] = {}


def views(folder: Path) -> Views:
    """The shared reader of a data folder's published views."""
    with _lock:
        found = _views.get(folder)
        if found is None:
            found = _views[folder] = Views(folder)
        return found


def refresh(app: NovusApp, folder: Path) -> int:
    """Project what is new in the store (if anything); the number of events projected."""
    reader = views(folder)
    if settings.views_path(folder).exists() and reader.position() >= app.max_notification_id():
        return 0
    with _lock:
        try:
            return runner.catch_up(app, folder=folder).events
        except ProjectorBusy:
            return 0  # another process projects this folder and publishes for us


def query(folder: Path, sql: str, params: list[Any] | None = None) -> pd.DataFrame:
    """A SELECT on the views (empty before the first publication)."""
    try:
        return views(folder).query(sql, params or [])
    except NoViews:
        return pd.DataFrame()


@dataclass(frozen=True)
class LibraryFilter:
    """The Library's filters (`Views.library`'s); empty means "any"."""

    game: str = ""
    variant: str = ""
    players: tuple[int, ...] = ()
    source: str = ""
    player: str = ""
    winner: str = ""
    text: str = ""
    since: date | None = None
    until: date | None = None
    """Inclusive: games started on that day are shown."""

    def arguments(self) -> dict[str, Any]:
        given: dict[str, Any] = {
            "game": self.game,
            "variant": self.variant,
            "players": list(self.players) or None,
            "source": self.source,
            "player": self.player,
            "winner": self.winner,
            "text": self.text,
            "since": self.since,
            "until": date.fromordinal(self.until.toordinal() + 1) if self.until else None,
        }
        return {k: v for k, v in given.items() if v}


def _names(values: Any) -> str:
    """Names joined; "" for none (a game in progress has no winners: None or pandas' NA)."""
    if values is None or values is pd.NA or isinstance(values, float):
        return ""
    return ", ".join(str(v) for v in values)


def library(folder: Path, f: LibraryFilter, limit: int = 5000) -> tuple[pd.DataFrame, int]:
    """The games matching `f`, newest first (at most `limit` rows, for a person to read), and
    how many match."""
    reader = views(folder)
    try:
        rows = reader.library(limit=limit, order="newest", **f.arguments())
        matching = reader.library_count(**f.arguments())
    except NoViews:
        return pd.DataFrame(), 0
    steps = _steps_so_far(reader, rows)
    shown = pd.DataFrame(
        {
            "open": _replay_links(rows, steps),
            "game": rows["game"],
            "variant": rows["variant"],
            "players": rows["players"],
            "names": rows["seats"].map(_names),
            "source": rows["source_kind"],
            "date": rows["started"].dt.strftime("%Y-%m-%d"),
            "started": rows["started"].dt.strftime("%Y-%m-%d %H:%M"),
            "steps": steps,
            "winner": rows["winner_names"].map(_names),
            "finished": rows["finished"],
            "id": rows["game_id"],
            "synthetic": rows["options"].map(lambda o: dict(o or {}).get("pack") == "synthetic"),
        }
    )
    return shown, matching


def _replay_links(rows: pd.DataFrame, steps: pd.Series) -> pd.Series:
    """Each game's replay: a finished game from its start, a game in progress where the table
    stands now (it opened at step 0, the empty setup, and the player had to press End)."""
    at = [0 if done else int(n) for done, n in zip(rows["finished"], steps, strict=True)]
    return "replay?game=" + rows["game_id"] + "&step=" + pd.Series(at, index=rows.index).astype(str)


def _steps_so_far(reader: Any, rows: pd.DataFrame) -> pd.Series:
    """The games' steps; a game in progress (its row has none until it finishes, and the
    Library showed "None") counts the steps recorded so far."""
    steps = rows["steps"]
    going = rows.loc[steps.isna(), "game_id"].tolist()
    if not going:
        return steps
    counted = reader.query(
        "SELECT game_id, count(*) AS n FROM steps WHERE list_contains(?, game_id) "
        "GROUP BY game_id",
        [going],
    )
    so_far = rows["game_id"].map(dict(zip(counted["game_id"], counted["n"], strict=True)))
    return steps.fillna(so_far.fillna(0)).astype("Int64")


def facets(folder: Path) -> dict[str, Any]:
    """What the Library's filter widgets offer (empty before the first publication)."""
    try:
        return views(folder).facets()
    except NoViews:
        return {}


def total(folder: Path) -> int:
    try:
        return views(folder).library_count()
    except NoViews:
        return 0
