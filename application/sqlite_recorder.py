"""A SQLite application recorder that inserts a save's events with one `executemany`.

The library's SQLite recorder inserts row by row to read each row's id (the notification id).
Inside the write transaction no other writer can insert, and SQLite gives each new row the
largest rowid plus one, so the ids of a batch are the consecutive numbers ending at
`last_insert_rowid()`. Same table, same rows, same ids; about a third of the insert cost.

Reading the log (`select_notifications`, what projections do most) has a short path for the
plain case (from a position, no topic filter, UUID ids): positional row access, the UUID made
from the stored hex in one step and the frozen `Notification` filled without its per-field
`__setattr__`; the notifications are equal to the library's (`tests/application/test_mapper.py`).

It also keeps the games index (`application.games_index`) in the same transactions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID, SafeUUID

from eventsourcing.persistence import Notification, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor

from application.games_index import (
    BUILT,
    GAMES_TABLE,
    META_TABLE,
    GameFilter,
    IndexRow,
    Summarize,
    has_player,
)
from application.mapper import Row


class BulkSQLiteApplicationRecorder(SQLiteApplicationRecorder):
    """`SQLiteApplicationRecorder` with batched inserts (selected by `NovusApp` on SQLite)."""

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        return self._insert_rows(
            c,
            [(s.originator_id, s.originator_version, s.topic, s.state) for s in stored_events],
            kwargs.get("games") or (),
        )

    def insert_rows(self, rows: Sequence[Row], games: Sequence[IndexRow] = ()) -> list[int]:
        """Insert stored events given as plain rows (`NovusMapper.stored_rows`) and their
        games' index rows in one transaction; their notification ids, in order. What the
        library's `insert_events` does for a save, without a `StoredEvent` per row and the
        library's `Recording` per event made from the ids (whole-game saves)."""
        with self.datastore.transaction(commit=True) as c:
            return self._insert_rows(c, rows, games)

    def _insert_rows(
        self, c: SQLiteCursor, rows: Sequence[Row], games: Sequence[IndexRow]
    ) -> list[int]:
        if not rows:
            return []
        params: list[tuple[str, int, str, bytes]] = []
        starts: list[tuple[str, int]] = []  # (game, index of its version-1 row)
        last_id: Any = None
        key = ""
        for originator_id, version, topic, state in rows:
            if originator_id is not last_id:  # a save's rows are mostly of one game
                last_id = originator_id
                key = originator_id.hex if isinstance(originator_id, UUID) else originator_id
            if version == 1:
                starts.append((key, len(params)))
            params.append((key, version, topic, state))
        c.executemany(self.insert_events_statement, params)
        c.execute("SELECT last_insert_rowid()")
        first: int = c.fetchone()[0] - len(params) + 1
        if games:
            position = {game: first + index for game, index in starts}
            c.executemany(
                f"INSERT INTO {GAMES_TABLE} (game_id, position, summary) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET summary = excluded.summary",
                [(g.hex, position.get(g.hex), summary) for g, summary in games],
            )
        ids = list(range(first, first + len(params)))
        return ids

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {GAMES_TABLE} "
            "(game_id TEXT PRIMARY KEY, position INTEGER, summary BLOB)",
            f"CREATE INDEX IF NOT EXISTS {GAMES_TABLE}_position ON {GAMES_TABLE} (position)",
            f"CREATE TABLE IF NOT EXISTS {META_TABLE} (name TEXT PRIMARY KEY)",
        ]

    def build_games_index(self, topics: Sequence[str], summarize: Summarize) -> bool:
        """Fill the games index from the events of `topics` unless it was built; True if it
        was built now. The first statement writes, so the whole read-and-fill holds the
        store's write lock: no save lands between the read and the fill."""
        with self.datastore.transaction(commit=True) as c:
            c.execute(f"INSERT OR IGNORE INTO {META_TABLE} (name) VALUES (?)", [BUILT])
            c.execute("SELECT changes()")
            if not c.fetchone()[0]:
                return False
            marks = ", ".join("?" for _ in topics)
            c.execute(
                "SELECT rowid, originator_id, originator_version, topic, state FROM "
                f"{self.events_table_name} WHERE topic IN ({marks}) ORDER BY rowid",
                list(topics),
            )
            rows = summarize(c.fetchall())
            c.executemany(
                f"INSERT INTO {GAMES_TABLE} (game_id, position, summary) VALUES (?, ?, ?)",
                [(g.hex, position, summary) for g, position, summary in rows],
            )
            return True

    def select_games(
        self, last: int | None = None, low: UUID | None = None, high: UUID | None = None
    ) -> list[tuple[UUID, bytes]]:
        """`(game_id, summary)` of the indexed games in the order they were started: the
        `last` ones only, or those whose id is from `low` to `high`."""
        where, args = "", list[Any]()
        if low is not None and high is not None:
            where, args = " WHERE game_id BETWEEN ? AND ?", [low.hex, high.hex]
        statement = f"SELECT game_id, summary FROM {GAMES_TABLE}{where} ORDER BY position"
        if last is not None:
            statement = (
                f"SELECT * FROM (SELECT game_id, summary, position FROM {GAMES_TABLE}{where} "
                "ORDER BY position DESC LIMIT ?) ORDER BY position"
            )
            args.append(last)
        with self.datastore.transaction(commit=False) as c:
            c.execute(statement, args)
            return [(_uuid(row[0]), row[1]) for row in c.fetchall()]

    def select_game_ids(self, low: UUID | None = None, high: UUID | None = None) -> list[UUID]:
        """The indexed game ids in the order they were started (those from `low` to `high`)."""
        where, args = "", list[Any]()
        if low is not None and high is not None:
            where, args = " WHERE game_id BETWEEN ? AND ?", [low.hex, high.hex]
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT game_id FROM {GAMES_TABLE}{where} ORDER BY position", args)
            return [_uuid(row[0]) for row in c.fetchall()]

    def select_summary_page(
        self,
        before: int | None,
        limit: int,
        where: GameFilter | None = None,
        *,
        oldest_first: bool = False,
    ) -> list[tuple[UUID, int, bytes]]:
        """`(game_id, position, summary)` of up to `limit` indexed games that match `where`,
        started before `position` `before` (None: from the newest), newest first: a keyset
        page; with `oldest_first`, started after `before` (None: from the oldest)."""
        conditions, args = self._where(where)
        if before is not None:
            conditions.append("position > ?" if oldest_first else "position < ?")
            args.append(before)
        clause = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        order = "" if oldest_first else " DESC"
        with self.datastore.transaction(commit=False) as c:
            _register_functions(c)
            c.execute(
                f"SELECT game_id, position, summary FROM {GAMES_TABLE}{clause} "
                f"ORDER BY position{order} LIMIT ?",
                [*args, limit],
            )
            return [(_uuid(row[0]), int(row[1]), row[2]) for row in c.fetchall()]

    @staticmethod
    def _where(where: GameFilter | None) -> tuple[list[str], list[Any]]:
        return ([], []) if where is None else where.sqlite_where()

    def select_id_page(self, after: int, limit: int) -> list[tuple[UUID, int]]:
        """`(game_id, position)` of up to `limit` indexed games started after `position`
        `after`, oldest first: a keyset page."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                f"SELECT game_id, position FROM {GAMES_TABLE} WHERE position > ? "
                "ORDER BY position LIMIT ?",
                [after, limit],
            )
            return [(_uuid(row[0]), int(row[1])) for row in c.fetchall()]

    def count_games(self, where: GameFilter | None = None) -> int | None:
        """How many indexed games match `where` (counted by SQLite)."""
        conditions, args = self._where(where)
        clause = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        with self.datastore.transaction(commit=False) as c:
            _register_functions(c)
            c.execute(f"SELECT count(*) FROM {GAMES_TABLE}{clause}", args)
            return int(c.fetchone()[0])

    def select_notifications(
        self,
        start: int | None,
        limit: int,
        stop: int | None = None,
        topics: Sequence[str] = (),
        *,
        inclusive_of_start: bool = True,
    ) -> Sequence[Notification]:
        plain = start is not None and stop is None and not topics
        if not plain or self.datastore.originator_id_type != "uuid":
            return super().select_notifications(
                start, limit, stop, topics, inclusive_of_start=inclusive_of_start
            )
        after = ">=" if inclusive_of_start else ">"
        statement = (
            "SELECT rowid, originator_id, originator_version, topic, state FROM "
            f"{self.events_table_name} WHERE rowid {after} ? ORDER BY rowid LIMIT ?"
        )
        with self.datastore.transaction(commit=False) as c:
            c.execute(statement, [start, limit])
            rows = c.fetchall()
        out: list[Notification] = []
        new = object.__new__
        put = object.__setattr__
        for row in rows:
            note = new(Notification)
            put(
                note,
                "__dict__",
                {
                    "originator_id": _uuid(row[1]),
                    "originator_version": row[2],
                    "topic": row[3],
                    "state": row[4],
                    "id": row[0],
                },
            )
            out.append(note)
        return out

    def select_rows(self, after: int, limit: int) -> list[tuple[int, str, int, str, bytes]]:
        """Up to `limit` stored events after notification id `after`, in order, as plain
        `(id, originator_id, originator_version, topic, state)` tuples."""
        statement = (
            "SELECT rowid, originator_id, originator_version, topic, state FROM "
            f"{self.events_table_name} WHERE rowid > ? ORDER BY rowid LIMIT ?"
        )
        with self.datastore.transaction(commit=False) as c:
            c.execute(statement, [after, limit])
            rows: list[tuple[int, str, int, str, bytes]] = c.fetchall()
        return rows


def _register_functions(c: SQLiteCursor) -> None:
    """`novus_has_player(summary, part)` for `GameFilter.sqlite_where`."""
    c.sqlite_cursor.connection.create_function(
        "novus_has_player", 2, has_player, deterministic=True
    )


def _uuid(text: str) -> UUID:
    """`UUID(text)` for the 32 hex digits the recorder stores, without its string checks."""
    if len(text) != 32:
        return UUID(text)
    found = object.__new__(UUID)
    object.__setattr__(found, "int", int(text, 16))
    object.__setattr__(found, "is_safe", SafeUUID.unknown)
    return found
