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
from psycopg.errors import DuplicateObject
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier

CREATE_LOCK = "novus: create tables in {schema}"
"""Text of the advisory lock (`pg_advisory_xact_lock(hashtext(...))`) that serializes creating
the tables of one schema: concurrent first commands on a fresh database each ran
`CREATE TABLE IF NOT EXISTS`, and all but one failed with a duplicate `pg_type` row or
"tuple concurrently updated"."""


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

    def create_table(self) -> None:
        """The library's table creation (types, table, index, functions), in ONE transaction
        that first takes an advisory lock: concurrent first commands wait for each other, and
        the later ones find everything created. A type that exists is skipped inside a
        savepoint (the library used a transaction of its own per type)."""
        schema = self.datastore.schema or "public"
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(
                SQL("SELECT pg_advisory_xact_lock(hashtext(%s))"),
                [CREATE_LOCK.format(schema=schema)],
            )
            for statement in self.sql_create_statements:
                if "CREATE TYPE" in statement.as_string():
                    try:
                        with curs.connection.transaction():  # a savepoint
                            curs.execute(statement, prepare=False)
                    except DuplicateObject:
                        pass
            self._create_table(curs)
        self.datastore.register_type_adapters()

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
