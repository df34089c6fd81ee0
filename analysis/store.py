"""The analysis tables in DuckDB: each game's rows and the tracking position in one transaction.

`analysis-writer.duckdb` in the data folder belongs to the one `novus analyse` that runs (DuckDB's
file lock: a second one gets `AnalysisBusy`); after each game it is copied to `analysis.duckdb`
by an atomic rename, and readers (the CLI, the dashboard) open only that copy, read-only, so they
never block a run and a run never blocks them.

A game is written exactly once per settings: its rows and, for `--all`, the notification id of
its `Finished` event (`analysis_tracking`, one position per settings key) commit together. A run
killed mid-game loses only that game's work; the next run starts after the last committed game.
Analysing a game again with other settings replaces its rows in one transaction.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path
from typing import Any

import duckdb

from analysis.errors import AnalysisBusy
from analysis.game import GameAnalysis
from application.i18n import _

WRITER_FILE = "analysis-writer.duckdb"
PUBLISHED_FILE = "analysis.duckdb"
LOCK_FILE = "analysis.lock"
SCHEMA_VERSION = "1"

TABLES = {
    "analysis_runs": """
        game_id VARCHAR PRIMARY KEY, game VARCHAR, players VARCHAR[], steps INTEGER,
        settings VARCHAR, rollouts INTEGER, seed BIGINT, turning_points INTEGER,
        started VARCHAR, position BIGINT, seconds DOUBLE""",
    "win_chances": """
        game_id VARCHAR, step INTEGER, viewer INTEGER, seat INTEGER, player VARCHAR,
        chance DOUBLE""",
    "decisions": """
        game_id VARCHAR, step INTEGER, seat INTEGER, player VARCHAR, action VARCHAR,
        legal INTEGER, before DOUBLE, after DOUBLE, loss DOUBLE""",
    "turning_points": """
        game_id VARCHAR, rank INTEGER, step INTEGER, seat INTEGER, player VARCHAR,
        action VARCHAR, before DOUBLE, after DOUBLE, loss DOUBLE, best_action VARCHAR,
        best_chance DOUBLE, chosen_chance DOUBLE, gain DOUBLE""",
    "alternatives": """
        game_id VARCHAR, step INTEGER, seat INTEGER, action VARCHAR, chance DOUBLE,
        chances DOUBLE[], chosen BOOLEAN""",
    "analysis_tracking": "settings VARCHAR PRIMARY KEY, position BIGINT",
    "analysis_marks": "name VARCHAR PRIMARY KEY, value VARCHAR",
}

VIEWS = {
    "decision_accuracy": """
        SELECT d.game_id, r.game, r.started, d.seat, d.player, count(*) AS decisions,
               avg(d.loss) AS mean_loss, max(d.loss) AS worst_loss
        FROM decisions d JOIN analysis_runs r USING (game_id)
        WHERE d.legal > 1
        GROUP BY ALL""",
    "player_accuracy": """
        SELECT player, game, count(DISTINCT game_id) AS games, sum(decisions) AS decisions,
               sum(mean_loss * decisions) / sum(decisions) AS mean_loss
        FROM decision_accuracy GROUP BY ALL""",
}


def writer_path(folder: Path) -> Path:
    return folder / WRITER_FILE


def published_path(folder: Path) -> Path:
    return folder / PUBLISHED_FILE


class AnalysisStore:
    """The read-write connection of the one running analysis."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        # A lock file of our own: DuckDB's lock on the writer file is a POSIX record lock, which
        # the process loses as soon as it closes any descriptor of that file (the publishing
        # copy does), so it cannot tell a second writer off.
        self.lock = open(folder / LOCK_FILE, "a+b")  # noqa: SIM115 - held for the store's life
        try:
            fcntl.lockf(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.lock.close()
            raise AnalysisBusy(
                _("another `novus analyse` is writing in {folder}", folder=str(folder)),
                hint=_("wait for it to end, or stop it (it resumes where it stopped)"),
            ) from None
        self.con = duckdb.connect(str(writer_path(folder)))
        self.con.execute("SET threads = 1")
        self.con.execute("BEGIN")
        for name, columns in TABLES.items():
            self.con.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns})")
        for name, sql in VIEWS.items():
            self.con.execute(f"CREATE OR REPLACE VIEW {name} AS {sql}")
        self.con.execute(
            "INSERT OR REPLACE INTO analysis_marks VALUES ('schema_version', ?)", [SCHEMA_VERSION]
        )
        self.con.execute("COMMIT")
        for stale in folder.glob(f".{PUBLISHED_FILE}.*.tmp"):  # left by a killed run
            stale.unlink(missing_ok=True)
        self.publish()

    def close(self) -> None:
        self.con.close()
        self.lock.close()

    def position(self, settings_key: str) -> int:
        row = self.con.execute(
            "SELECT position FROM analysis_tracking WHERE settings = ?", [settings_key]
        ).fetchone()
        return int(row[0]) if row else 0

    def analysed(self, game_id: str, settings_key: str, steps: int) -> bool:
        """Whether `game_id` already has rows made with these settings over `steps` steps."""
        row = self.con.execute(
            "SELECT settings, steps FROM analysis_runs WHERE game_id = ?", [game_id]
        ).fetchone()
        return row is not None and row[0] == settings_key and row[1] == steps

    def advance(self, settings_key: str, position: int) -> None:
        """Move the tracking position past a game that needs no work (already analysed)."""
        self.con.execute("BEGIN")
        self._track(settings_key, position)
        self.con.execute("COMMIT")

    def _track(self, settings_key: str, position: int) -> None:
        self.con.execute(
            "INSERT INTO analysis_tracking VALUES (?, ?) ON CONFLICT (settings) DO UPDATE "
            "SET position = greatest(analysis_tracking.position, excluded.position)",
            [settings_key, position],
        )

    def write(
        self,
        game_id: str,
        analysis: GameAnalysis,
        *,
        started: str,
        seconds: float,
        position: int | None,
    ) -> None:
        """The game's rows (replacing older ones) and, if given, the tracking position, at once."""
        a, names = analysis, analysis.players
        key = a.settings.key()
        con = self.con
        con.execute("BEGIN")
        try:
            for table in (
                "analysis_runs",
                "win_chances",
                "decisions",
                "turning_points",
                "alternatives",
            ):
                con.execute(f"DELETE FROM {table} WHERE game_id = ?", [game_id])
            con.execute(
                "INSERT INTO analysis_runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    game_id,
                    a.game,
                    list(names),
                    a.steps,
                    key,
                    a.settings.rollouts,
                    a.settings.seed,
                    a.settings.turning_points,
                    started,
                    position,
                    seconds,
                ],
            )
            _insert(
                con,
                "win_chances",
                [
                    (game_id, j, -1 if v is None else v, seat, names[seat], c)
                    for j, v, chances in a.chances
                    for seat, c in enumerate(chances)
                ],
            )
            _insert(
                con,
                "decisions",
                [
                    (
                        game_id,
                        d.step,
                        d.seat,
                        names[d.seat],
                        d.action,
                        d.legal,
                        d.before,
                        d.after,
                        d.loss,
                    )
                    for d in a.decisions
                ],
            )
            _insert(
                con,
                "turning_points",
                [
                    (
                        game_id,
                        t.rank,
                        t.step,
                        t.seat,
                        names[t.seat],
                        t.action,
                        t.before,
                        t.after,
                        t.loss,
                        t.best_action,
                        t.best_chance,
                        t.chosen_chance,
                        t.gain,
                    )
                    for t in a.turning_points
                ],
            )
            _insert(
                con,
                "alternatives",
                [
                    (game_id, x.step, x.seat, x.action, x.chance, list(x.chances), x.chosen)
                    for x in a.alternatives
                ],
            )
            if position is not None:
                self._track(key, position)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        self.publish()

    def publish(self) -> None:
        """Copy the committed file where readers look (atomic rename: never a torn copy)."""
        self.con.execute("CHECKPOINT")
        target = published_path(self.folder)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        shutil.copyfile(writer_path(self.folder), temporary)
        os.replace(temporary, target)


def _insert(con: duckdb.DuckDBPyConnection, table: str, rows: list[tuple[Any, ...]]) -> None:
    if not rows:
        return
    import pandas as pd

    columns = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
    frame = pd.DataFrame(rows, columns=columns)
    con.register("incoming", frame)
    try:
        con.execute(f"INSERT INTO {table} SELECT * FROM incoming")
    finally:
        con.unregister("incoming")
