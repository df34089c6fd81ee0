"""A whole-game save to PostgreSQL in two round trips: one simple query that holds the COPY.

psycopg's `Cursor.copy` runs COPY as a statement of its own, so a save took four round trips
(BEGIN with the lock and NOTIFY; the COPY's start; its data; the index rows with COMMIT), and
on a busy machine each round trip costs as much as the whole COPY. PostgreSQL runs a simple
query of several statements in order, a `COPY ... FROM STDIN` among them, so the save here is
one query: `BEGIN; <lock>; NOTIFY; COPY ...; <index rows>; SELECT currval(...); COMMIT`. The
server answers up to the COPY (one round trip), the data follows with the end of the COPY and
the server runs the rest (the second). An error anywhere stops the query there with the
transaction aborted; the caller rolls it back.

The COPY data is built here in PostgreSQL's binary COPY format (signature, one tuple a row,
trailer) from the rows as the mapper made them: the same bytes psycopg's row writer sends
(`tests/application/test_bulk_save.py` compares them with the server's own binary COPY of
the stored rows), without its per-row and per-value calls.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from uuid import UUID

from psycopg import errors, generators, pq
from psycopg.abc import PQGen
from psycopg.pq.abc import PGconn, PGresult

from application.mapper import Row

SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + bytes(8)
"""The binary COPY header: the signature, no flags, no header extension."""
TRAILER = b"\xff\xff"
_HEAD = struct.Struct(">hi16siq").pack
"""A tuple's field count (4), the uuid's length and bytes, the version's length and value."""
_INT4 = struct.Struct(">i").pack
CHUNK = 1 << 17
"""Bytes handed to libpq at a time (a very large single put can loop, psycopg issue 255)."""


def copy_data(rows: Sequence[Row]) -> bytes:
    """The binary COPY data of `rows` for the columns `(originator_id uuid,
    originator_version bigint, topic text, state bytea)`."""
    parts = [SIGNATURE]
    append = parts.append
    topics: dict[str, bytes] = {}
    last: object = None
    uuid = b""
    for originator_id, version, topic, state in rows:
        if originator_id is not last:  # a save's rows are mostly of one game
            last = originator_id
            found = originator_id if type(originator_id) is UUID else UUID(str(originator_id))
            uuid = found.bytes
        text = topics.get(topic)
        if text is None:
            encoded = topic.encode()
            text = topics[topic] = _INT4(len(encoded)) + encoded
        append(_HEAD(4, 16, uuid, 8, version))
        append(text)
        append(_INT4(len(state)))
        append(state)
    append(TRAILER)
    return b"".join(parts)


def run_copy_query(pgconn: PGconn, query: bytes, data: bytes, encoding: str) -> PQGen[PGresult]:
    """Send `query` (statements with one `COPY ... FROM STDIN` among them), the COPY `data`
    when the server asks for it, and return the result of the query's last statement that
    returned rows. Raises the first error the server reported (the rest of the query was
    not run). A connection left inside the COPY (a broken connection, an interrupt) is not
    idle, so the pool closes it and the server drops its transaction."""
    pgconn.send_query(query)
    yield from generators.send(pgconn)
    results = yield from generators.fetch_many(pgconn)
    if not results or results[-1].status != pq.ExecStatus.COPY_IN:
        raise _error(results, encoding)
    view = memoryview(data)
    for start in range(0, len(view), CHUNK):
        yield from generators.copy_to(pgconn, view[start : start + CHUNK], flush=True)
    while pgconn.put_copy_end(None) == 0:
        while not (yield generators.WAIT_W):
            continue
    while pgconn.flush() != 0:
        while not (yield generators.WAIT_W):
            continue
    results = []
    while batch := (yield from generators.fetch_many(pgconn)):
        results += batch
    if any(r.status == pq.ExecStatus.FATAL_ERROR for r in results):
        raise _error(results, encoding)
    return [r for r in results if r.status == pq.ExecStatus.TUPLES_OK][-1]


def _error(results: Sequence[PGresult], encoding: str) -> errors.Error:
    for result in results:
        if result.status == pq.ExecStatus.FATAL_ERROR:
            return errors.error_from_result(result, encoding=encoding)
    found = [pq.ExecStatus(r.status).name for r in results]
    return errors.InternalError(f"the save query ended without a COPY: {found}")
