"""A SQLite application recorder that inserts a save's events with one `executemany`.

The library's SQLite recorder inserts row by row to read each row's id (the notification id).
Inside the write transaction no other writer can insert, and SQLite gives each new row the
largest rowid plus one, so the ids of a batch are the consecutive numbers ending at
`last_insert_rowid()`. Same table, same rows, same ids; about a third of the insert cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor


class BulkSQLiteApplicationRecorder(SQLiteApplicationRecorder):
    """`SQLiteApplicationRecorder` with batched inserts (selected by `NovusApp` on SQLite)."""

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **_: Any
    ) -> Sequence[int] | None:
        if not stored_events:
            return []
        params = [
            (
                s.originator_id.hex if isinstance(s.originator_id, UUID) else s.originator_id,
                s.originator_version,
                s.topic,
                s.state,
            )
            for s in stored_events
        ]
        c.executemany(self.insert_events_statement, params)
        c.execute("SELECT last_insert_rowid()")
        last: int = c.fetchone()[0]
        return list(range(last - len(params) + 1, last + 1))
