"""A PostgreSQL application recorder that sends a save's events as four binary arrays.

The library's recorder sends one array of a composite type, which psycopg writes as text with
per-field escaping: most of the cost of an append. Sending the columns as separate arrays
(`unnest(ids, versions, topics, states)`) in binary format inserts the same rows in the same
order, with the same table lock, notification and returned ids.

It also keeps the games index (`application.games_index`) in the same transactions: a save's
rows are written after its events, under the same table lock.

Whole-game saves (`insert_rows`) skip all that: one simple query with a binary COPY inside,
two round trips (`application.postgres_copy`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.persistence import (
    DataError,
    InterfaceError,
    OperationalError,
    PersistenceError,
    StoredEvent,
)
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.utils import retry
from psycopg import Cursor
from psycopg.errors import DuplicateObject
from psycopg.pq import TransactionStatus
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composed, Identifier, Literal

from application.games_index import (
    BUILT,
    GAMES_TABLE,
    META_TABLE,
    GameFilter,
    IndexRow,
    Summarize,
    positions,
)
from application.mapper import Row
from application.postgres_copy import copy_data, run_copy_query

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
        names = {
            "schema": Identifier(datastore.schema),
            "games": Identifier(GAMES_TABLE),
            "meta": Identifier(META_TABLE),
            "events": Identifier(self.events_table_name),
            "id_type": Identifier(datastore.originator_id_type),
            "position_index": Identifier(f"{GAMES_TABLE}_position"),
        }
        self.games_create_statements: list[Composed] = [
            SQL(
                "CREATE TABLE IF NOT EXISTS {schema}.{games} "
                "(game_id {id_type} PRIMARY KEY, position bigint, summary bytea)"
            ).format(**names),
            SQL(
                "CREATE INDEX IF NOT EXISTS {position_index} ON {schema}.{games} (position)"
            ).format(**names),
            SQL("CREATE TABLE IF NOT EXISTS {schema}.{meta} (name text PRIMARY KEY)").format(
                **names
            ),
        ]
        self.games_upsert_statement = SQL(
            "INSERT INTO {schema}.{games} (game_id, position, summary) VALUES (%s, %s, %b) "
            "ON CONFLICT (game_id) DO UPDATE SET summary = EXCLUDED.summary"
        ).format(**names)
        self.games_build_statements = (
            SQL(
                "INSERT INTO {schema}.{meta} (name) VALUES (%s) ON CONFLICT DO NOTHING "
                "RETURNING name"
            ).format(**names),
            SQL(
                "SELECT notification_id, originator_id, originator_version, topic, state "
                "FROM {schema}.{events} WHERE topic = ANY(%s) ORDER BY notification_id"
            ).format(**names),
        )
        self.copy_statement = SQL(
            "COPY {schema}.{events} (originator_id, originator_version, topic, state) "
            "FROM STDIN (FORMAT BINARY)"
        ).format(**names)
        self._save_parts: tuple[bytes, tuple[str, ...], bytes] | None = None
        self._icu: bool | None = None
        self.games_select = SQL("SELECT game_id, summary, position FROM {schema}.{games}").format(
            **names
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
            for statement in self.games_create_statements:
                curs.execute(statement)
        self.datastore.register_type_adapters()

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_rows(self, rows: Sequence[Row], games: Sequence[IndexRow] = ()) -> list[int]:
        """Insert stored events given as plain rows (`NovusMapper.stored_rows`) by binary
        COPY, and their games' index rows, in one transaction; their notification ids, in
        order.

        As the library's insert: the table's EXCLUSIVE lock first (so ids are committed in
        the order they are issued and no reader passes over a gap that fills later), then
        NOTIFY; the ids come from the column's default, as in the library's insert (under
        the lock no other writer draws from the sequence, so they are consecutive: the last
        is `currval`). The primary key refuses a second writer's rows of the same versions
        (`IntegrityError`, a `RecordConflictError`). A game's index row takes the id of its
        `Started` row as its position.

        Two round trips (`application.postgres_copy`): the whole save is one simple query
        with the COPY inside. Any error rolls the transaction back before it is raised."""
        if not rows:
            return []
        if self.datastore.originator_id_type != "uuid":  # the library's insert handles text ids
            stored = [StoredEvent(*row) for row in rows]
            return list(self.insert_events(stored, games=games) or ())
        data = copy_data(rows)
        with self.datastore.get_connection() as conn:
            try:
                query = self._save_query(conn, games)
                with conn.lock:
                    last = conn.wait(run_copy_query(conn.pgconn, query, data, conn.info.encoding))
            except BaseException:
                if conn.info.transaction_status != TransactionStatus.IDLE:
                    with contextlib.suppress(psycopg.Error):
                        conn.execute("ROLLBACK")
                raise
        end = int(last.get_value(0, 0) or 0)
        return list(range(end - len(rows) + 1, end + 1))

    def _save_query(self, conn: psycopg.Connection[Any], games: Sequence[IndexRow]) -> bytes:
        """`BEGIN`, the library's lock statements, `NOTIFY`, the COPY, an upsert of each
        game's index row, `SELECT currval(<the id sequence>)` and `COMMIT`, as one simple
        query (its fixed parts are rendered once; the rows' values are written as
        literals: a uuid and the summary's hex, nothing to escape)."""
        if self._save_parts is None:
            found = conn.execute(
                SQL("SELECT pg_get_serial_sequence(%s, 'notification_id') AS seq"),
                [f'"{self.datastore.schema}"."{self.events_table_name}"'],
            ).fetchone()
            assert found is not None and found["seq"], "no notification id sequence"
            names = {"games": Identifier(GAMES_TABLE), "events": Identifier(self.events_table_name)}
            names["schema"] = Identifier(self.datastore.schema)
            head = SQL("; ").join(
                [
                    SQL("BEGIN"),
                    *self.lock_table_statements,
                    SQL("NOTIFY {0}").format(Identifier(self.channel_name)),
                    self.copy_statement,
                    SQL(""),
                ]
            )
            upsert = [  # around the game id, the game id again, the summary's hex
                SQL("INSERT INTO {schema}.{games} (game_id, position, summary) VALUES ('"),
                SQL(
                    "'::uuid, (SELECT notification_id FROM {schema}.{events} "
                    "WHERE originator_id = '"
                ),
                SQL("'::uuid AND originator_version = 1), decode('"),
                SQL("', 'hex')) ON CONFLICT (game_id) DO UPDATE SET summary = EXCLUDED.summary; "),
            ]
            tail = SQL("SELECT currval({0}::regclass); COMMIT").format(Literal(found["seq"]))
            self._save_parts = (
                head.as_bytes(conn),
                tuple(part.format(**names).as_string(conn) for part in upsert),
                tail.as_bytes(conn),
            )
        start, (a, b, c, d), end = self._save_parts
        text = "".join(
            f"{a}{game_id}{b}{game_id}{c}{summary.hex()}{d}"
            for game_id, summary in ((UUID(str(g)), s) for g, s in games)
        )
        return start + text.encode() + end

    def _fetch_ids_after_insert_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        """The library's ids, then the save's games-index rows (same transaction, same lock)."""
        ids = super()._fetch_ids_after_insert_events(curs, stored_events, **kwargs)
        games = kwargs.get("games")
        if games and ids is not None:
            first = positions(ids, ((s.originator_id, s.originator_version) for s in stored_events))
            curs.executemany(
                self.games_upsert_statement,
                [(g, first.get(g), summary) for g, summary in games],
            )
        return ids

    def build_games_index(self, topics: Sequence[str], summarize: Summarize) -> bool:
        """Fill the games index from the events of `topics` unless it was built; True if it
        was built now. Holds the events table's write lock throughout, as saves do."""
        mark, select = self.games_build_statements
        with self.datastore.transaction(commit=True) as curs:
            self._lock_table(curs)
            curs.execute(mark, [BUILT])
            if curs.fetchone() is None:
                return False
            curs.execute(select, [list(topics)])
            rows = summarize(
                [
                    (
                        r["notification_id"],
                        r["originator_id"],
                        r["originator_version"],
                        r["topic"],
                        bytes(r["state"]),
                    )
                    for r in curs.fetchall()
                ]
            )
            if rows:
                curs.executemany(self.games_upsert_statement, rows)
            return True

    def select_games(
        self, last: int | None = None, low: Any = None, high: Any = None
    ) -> list[tuple[Any, bytes]]:
        """`(game_id, summary)` of the indexed games in the order they were started: the
        `last` ones only, or those whose id is from `low` to `high`."""
        statement, args = self._games_query(self.games_select, last, low, high)
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(statement, args)
            return [(r["game_id"], bytes(r["summary"])) for r in curs.fetchall()]

    def select_game_ids(self, low: Any = None, high: Any = None) -> list[Any]:
        """The indexed game ids in the order they were started (those from `low` to `high`)."""
        statement, args = self._games_query(self.games_select, None, low, high)
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(statement, args)
            return [r["game_id"] for r in curs.fetchall()]

    def select_summary_page(
        self,
        before: int | None,
        limit: int,
        where: GameFilter | None = None,
        *,
        oldest_first: bool = False,
    ) -> list[tuple[Any, int, bytes]]:
        """`(game_id, position, summary)` of up to `limit` indexed games that match `where`,
        started before `position` `before` (None: from the newest), newest first: a keyset
        page; with `oldest_first`, started after `before` (None: from the oldest). Without
        ICU the name filter is left to the caller (`GameFilter.matches`)."""
        for player in self._player_filters(where):
            conditions, args = self._where(where, player)
            if before is not None:
                conditions.append("position > %s" if oldest_first else "position < %s")
                args.append(before)
            clause = f" WHERE {' AND '.join(conditions)}" if conditions else ""
            order = "" if oldest_first else " DESC"
            statement = self.games_select + SQL(clause + f" ORDER BY position{order} LIMIT %s")
            try:
                with self.datastore.transaction(commit=False) as curs:
                    curs.execute(statement, [*args, limit])
                    return [
                        (r["game_id"], int(r["position"]), bytes(r["summary"]))
                        for r in curs.fetchall()
                    ]
            except DataError:
                if not player:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def select_id_page(self, after: int, limit: int) -> list[tuple[Any, int]]:
        """`(game_id, position)` of up to `limit` indexed games started after `position`
        `after`, oldest first: a keyset page."""
        statement = self.games_select + SQL(" WHERE position > %s ORDER BY position LIMIT %s")
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(statement, [after, limit])
            return [(r["game_id"], int(r["position"])) for r in curs.fetchall()]

    def count_games(self, where: GameFilter | None = None) -> int | None:
        """How many indexed games match `where`, counted by PostgreSQL; None if it cannot
        tell (a name filter without ICU, or names JSON cannot hand over: a NUL)."""
        if where is not None and where.player and not self._icu_lower():
            return None
        conditions, args = self._where(where, True)
        clause = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        statement = SQL("SELECT count(*) AS n FROM {}.{}").format(
            Identifier(self.datastore.schema), Identifier(GAMES_TABLE)
        ) + SQL(clause)
        try:
            with self.datastore.transaction(commit=False) as curs:
                curs.execute(statement, args)
                row = curs.fetchone()
                return int(row["n"]) if row else 0
        except DataError:
            if where is None or not where.player:
                raise
            return None

    def _player_filters(self, where: GameFilter | None) -> list[bool]:
        """Whether to filter by name in SQL: first yes if it can, then (on a DataError) no."""
        if where is None or not where.player or not self._icu_lower():
            return [False]
        return [True, False]

    @staticmethod
    def _where(where: GameFilter | None, player: bool) -> tuple[list[str], list[Any]]:
        return ([], []) if where is None else where.postgres_where(player)

    def _icu_lower(self) -> bool:
        """Whether the server's ICU lower case is Python's `str.lower` (checked once)."""
        if self._icu is None:
            probe = "ÀÖİΣ Straße"
            try:
                with self.datastore.transaction(commit=False) as curs:
                    curs.execute(SQL('SELECT lower(%s COLLATE "und-x-icu") AS l'), [probe])
                    row = curs.fetchone()
                self._icu = row is not None and row["l"] == probe.lower()
            except PersistenceError:
                self._icu = False
        return self._icu

    @staticmethod
    def _games_query(
        select: Composed, last: int | None, low: Any, high: Any
    ) -> tuple[Composed, list[Any]]:
        args: list[Any] = []
        statement = select
        if low is not None and high is not None:
            statement = statement + SQL(" WHERE game_id BETWEEN %s AND %s")
            args += [low, high]
        if last is None:
            return statement + SQL(" ORDER BY position"), args
        args.append(last)
        inner = statement + SQL(" ORDER BY position DESC LIMIT %s")
        return SQL("SELECT * FROM (") + inner + SQL(") AS g ORDER BY position"), args

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
