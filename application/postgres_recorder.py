"""A PostgreSQL application recorder that sends a save's events as four binary arrays.

The library's recorder sends one array of a composite type, which psycopg writes as text with
per-field escaping: most of the cost of an append. Sending the columns as separate arrays
(`unnest(ids, versions, topics, states)`) in binary format inserts the same rows in the same
order, with the same table lock, notification and returned ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier


class ColumnarPostgresApplicationRecorder(PostgresApplicationRecorder):
    """`PostgresApplicationRecorder` with a columnar, binary insert (chosen by `NovusApp`)."""

    def __init__(
        self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events"
    ) -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.columnar_insert_statement = SQL(
            "INSERT INTO {schema}.{table} AS t "
            "(originator_id, originator_version, topic, state) "
            "SELECT * FROM unnest(%b::{id_type}[], %b::bigint[], %b::text[], %b::bytea[]) "
            "RETURNING notification_id"
        ).format(
            schema=Identifier(datastore.schema),
            table=Identifier(self.events_table_name),
            id_type=Identifier(datastore.originator_id_type),
        )

    def _insert_stored_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **_: Any
    ) -> None:
        self._lock_table(curs)
        self._notify_channel(curs)
        curs.execute(
            self.columnar_insert_statement,
            (
                [s.originator_id for s in stored_events],
                [s.originator_version for s in stored_events],
                [s.topic for s in stored_events],
                [s.state for s in stored_events],
            ),
        )
