"""Whole-game saves go straight to the recorder (`NovusMapper.stored_rows` and the recorders'
`insert_rows`: one `executemany` on SQLite, binary COPY on PostgreSQL), on a SQLite file and a
real PostgreSQL server: the stored rows are the library's, the notification ids one sequence
shared with the library's own saves, a conflicting save stores nothing, and a projection that
catches up while games are being copied in sees every event once, in order."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import psycopg
import pytest
from eventsourcing.persistence import Mapper, StoredEvent
from hypothesis import given, settings
from hypothesis import strategies as st

from application import postgres_recorder
from application.errors import GameExists
from application.mapper import NovusMapper
from application.postgres_copy import copy_data
from application.service import NovusApp, open_app
from application.transcoder import OrjsonTranscoder
from domain.core import registry
from domain.core.aggregate import Game
from domain.core.play import play
from domain.core.protocol import ChanceStep, Decision, Step
from projections import runner
from tests import pg
from tests.projections.conftest import dump

TARGET = {"target": "20"}


def _game(game: str, seed: int, take_back: bool = False) -> Game:
    """An aggregate of a whole bot game with all its events pending (and, with `take_back`,
    a take-back after the end and the game played to the end again)."""
    rules = registry.get(game)
    setup = rules.prepare(["Ana", "Ben", "Cy"], TARGET if game == "toy-pig" else {})
    aggregate = Game.begin(rules, setup, source={"kind": "test"}, seed=seed, created="2026")
    steps, _ = _play(rules, setup, seed)
    state = aggregate.play_all(rules, rules.initial_state(setup), steps)
    if take_back:
        state = aggregate.take_back(rules, 3)
        aggregate.play_all(rules, state, steps[-3:])
    return aggregate


def _play(rules: Any, setup: Any, seed: int) -> tuple[list[Step], Any]:
    bots = [rules.bot("random", seed + seat) for seat in range(setup.num_players)]
    return play(rules, setup, bots, random.Random(seed))


def _library_rows(events: list[Any]) -> list[tuple[Any, int, str, bytes]]:
    """What the library's generic mapper stores for `events`."""
    mapper = Mapper[UUID](transcoder=OrjsonTranscoder())
    stored = [mapper.to_stored_event(e) for e in events]
    return [(s.originator_id, s.originator_version, s.topic, s.state) for s in stored]


def _stored_after(app: NovusApp, after: int) -> list[tuple[int, Any, int, str, bytes]]:
    notes = app.recorder.select_notifications(start=after, limit=100_000, inclusive_of_start=False)
    return [(n.id, n.originator_id, n.originator_version, n.topic, n.state) for n in notes]


def test_stored_rows_are_the_rows_the_library_stores(toy_game: str) -> None:
    aggregate = _game(toy_game, 3, take_back=True)
    events = list(aggregate.pending_events)
    kinds = {type(e) for e in events}
    assert {Game.Started, Game.Decided, Game.ChanceResolved, Game.TakenBack} <= kinds
    assert Game.Finished in kinds
    mapper = NovusMapper(transcoder=OrjsonTranscoder())
    assert mapper.stored_rows(events) == _library_rows(events)
    assert [mapper.to_stored_event(e) for e in events] == [
        StoredEvent(*row) for row in _library_rows(events)
    ]


def test_a_whole_game_save_stores_the_library_rows_without_the_library_save(
    app: NovusApp, toy_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.simulate(toy_game, 2, TARGET, seed=1)  # something stored before
    monkeypatch.setattr(app, "save", _refuse)  # the library's save is not on this path
    before = app.max_notification_id()
    aggregate = _game(toy_game, 7, take_back=True)
    expected = _library_rows(list(aggregate.pending_events))
    app._save(aggregate)
    stored = _stored_after(app, before)
    assert [row[1:] for row in stored] == expected
    ids = [row[0] for row in stored]
    assert ids == list(range(ids[0], ids[0] + len(ids))) and ids[0] > before
    assert app.summaries() == app.scan_summaries()
    assert app.history(aggregate.id).steps == tuple(aggregate.steps)
    assert app.summaries()[-1].id == aggregate.id


def _refuse(*args: Any, **kwargs: Any) -> None:
    raise AssertionError("NovusApp.save was called")


def test_library_saves_and_whole_game_saves_share_one_id_sequence(
    app: NovusApp, toy_game: str
) -> None:
    saved: list[list[int]] = []
    for seed in range(6):
        before = app.max_notification_id()
        aggregate = _game(toy_game, seed)
        if seed % 2:
            app.save(aggregate, games=[])  # the library's path (its own insert)
        else:
            app._save(aggregate)
        saved.append([row[0] for row in _stored_after(app, before)])
    flat = [n for ids in saved for n in ids]
    assert flat == sorted(set(flat))  # increasing, never reused
    assert [n for n, _ in app.notifications(0, limit=100_000)] == flat
    for ids in saved:  # each save's ids are consecutive
        assert ids == list(range(ids[0], ids[0] + len(ids)))


def test_concurrent_saves_of_one_game_store_it_once(
    make_app: Callable[[], NovusApp], toy_game: str
) -> None:
    """Writers that each record the same new game under the same id: one stores it, the
    others get `GameExists` and store nothing (the primary key refuses the copied rows)."""
    rules = registry.get(toy_game)
    setup = rules.prepare(["Ana", "Ben"], TARGET)
    steps, _ = _play(rules, setup, 11)
    game_id = uuid5(NAMESPACE_URL, "novus-test:raced")
    apps = [make_app() for _ in range(4)]
    apps[0].simulate(toy_game, 2, TARGET, seed=2)
    before = apps[0].max_notification_id()
    barrier = threading.Barrier(len(apps))
    outcomes: list[str] = []

    def write(app: NovusApp) -> None:
        barrier.wait()
        try:
            app.record_game(setup, steps, seed=None, game_id=game_id)
            outcomes.append("stored")
        except GameExists:
            outcomes.append("exists")

    threads = [threading.Thread(target=write, args=(a,)) for a in apps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["exists"] * 3 + ["stored"]
    fresh = make_app()
    stored = _stored_after(fresh, before)
    assert [row[2] for row in stored] == list(range(1, len(steps) + 3))  # one copy
    assert fresh.history(game_id).steps == tuple(steps)
    assert [s.id for s in fresh.summaries()].count(game_id) == 1
    assert fresh.summaries() == fresh.scan_summaries()
    apps[1].simulate(toy_game, 2, TARGET, seed=3)  # the losers' connections still work
    assert fresh.max_notification_id() > stored[-1][0]


def test_a_projection_catching_up_during_copies_sees_every_event_once(
    tmp_path: Path, postgres_env: dict[str, str]
) -> None:
    """Games copied in by a writer thread while the projector catches up again and again:
    the projection it ends with equals a rebuild of the store, row for row."""
    writer, reader = open_app(tmp_path / "w", postgres_env), open_app(tmp_path / "r", postgres_env)
    try:
        rules = registry.get("puerto-rico")
        games = []
        for seed in range(5):
            setup = rules.prepare(["Ana", "Ben"], {})
            games.append((setup, _play(rules, setup, seed)[0]))
        done = threading.Event()
        failures: list[BaseException] = []

        def write() -> None:
            try:
                for setup, steps in games:
                    writer.record_game(setup, steps, seed=None)
            except BaseException as error:  # pragma: no cover - reported below
                failures.append(error)
            finally:
                done.set()

        thread = threading.Thread(target=write)
        thread.start()
        passes = 0
        while not done.is_set() or passes == 0:
            runner.catch_up(reader, folder=tmp_path / "views", batch_size=97)
            passes += 1
        thread.join()
        assert not failures
        runner.catch_up(reader, folder=tmp_path / "views", batch_size=97)
        incremental = dump(tmp_path / "views" / "views.duckdb")
        assert len(incremental["steps"]) == sum(len(steps) for _, steps in games)
        runner.catch_up(reader, folder=tmp_path / "views", rebuild=True)
        assert dump(tmp_path / "views" / "views.duckdb") == incremental
        positions = [n for n, _ in reader.notifications(0, limit=100_000)]
        assert positions == sorted(set(positions))
    finally:
        writer.close()
        reader.close()


def test_chance_steps_and_decisions_round_trip_through_the_copy(
    tmp_path: Path, postgres_env: dict[str, str]
) -> None:
    """Binary COPY keeps every value: texts with quotes, tabs, newlines and non-ASCII."""
    app = open_app(tmp_path, postgres_env)
    try:
        rules = registry.get("puerto-rico")
        setup = rules.prepare(['Ana "the\tfirst"', "Bön\nzweite"], {})
        steps, _ = _play(rules, setup, 5)
        game_id = app.record_game(
            setup, steps, seed=-(2**63), source={"kind": "import", "name": "ä\\b\x01.jsonl"}
        )
        record = open_app(tmp_path / "other", postgres_env).history(game_id)
        assert record.steps == tuple(steps)
        assert record.setup == setup and record.seed == -(2**63)
        assert record.source["name"] == "ä\\b\x01.jsonl"
        assert any(isinstance(s, ChanceStep) for s in steps)
        assert any(isinstance(s, Decision) for s in steps)
    finally:
        app.close()


_rows = st.lists(
    st.tuples(
        st.sampled_from([uuid5(NAMESPACE_URL, f"novus-test:{n}") for n in range(3)]) | st.uuids(),
        st.integers(-(2**63), 2**63 - 1),
        st.text(st.characters(exclude_characters="\x00", exclude_categories=["Cs"]), max_size=40),
        st.binary(max_size=300),
    ),
    max_size=30,
)


@settings(max_examples=40, deadline=None)
@given(rows=_rows)
def test_the_copy_data_is_the_servers_own_binary_copy_of_the_rows(
    postgres_server: pg.PostgresServer, rows: list[tuple[UUID, int, str, bytes]]
) -> None:
    """`copy_data` writes what PostgreSQL itself writes for the same rows in binary COPY
    (byte for byte), and the rows it copies in read back equal."""
    columns = "originator_id, originator_version, topic, state"
    with postgres_server.connect() as conn, conn.transaction(force_rollback=True):
        conn.execute(
            "CREATE TEMP TABLE copied (originator_id uuid, originator_version bigint, "
            "topic text, state bytea, n bigserial) ON COMMIT DROP"
        )
        with conn.cursor() as curs, curs.copy(f"COPY copied ({columns}) FROM STDIN BINARY") as c:
            c.write(copy_data(rows))
        got = conn.execute(f"SELECT {columns} FROM copied ORDER BY n").fetchall()
        assert got == rows
        served = bytearray()
        with (
            conn.cursor() as curs,
            curs.copy(f"COPY (SELECT {columns} FROM copied ORDER BY n) TO STDOUT BINARY") as c,
        ):
            for block in c:
                served += block
        assert bytes(served) == copy_data(rows)


def test_a_save_that_meets_the_lock_held_waits_and_stores_once(
    tmp_path: Path,
    postgres_env: dict[str, str],
    postgres_server: pg.PostgresServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a lock timeout, a save that finds the events table locked fails before its COPY
    (nothing of it runs), is rolled back and retried: once the lock is free it stores its
    game once, and the connections it used still work."""
    app = open_app(tmp_path, {**postgres_env, "POSTGRES_LOCK_TIMEOUT": "1"})
    attempts: list[BaseException | None] = []
    original = postgres_recorder.run_copy_query

    def run(*args: Any) -> Any:
        try:
            result = yield from original(*args)
        except BaseException as error:
            attempts.append(error)
            raise
        attempts.append(None)
        return result

    monkeypatch.setattr(postgres_recorder, "run_copy_query", run)
    try:
        app.simulate("puerto-rico", 2, {}, seed=1)
        before = app.max_notification_id()
        table = f'"{postgres_env["POSTGRES_SCHEMA"]}"."{app.recorder.events_table_name}"'
        holder = postgres_server.connect()
        holder.execute("BEGIN")
        holder.execute(f"LOCK TABLE {table} IN EXCLUSIVE MODE")
        timer = threading.Timer(1.5, holder.execute, ["ROLLBACK"])
        timer.start()
        game_id = app.simulate("puerto-rico", 2, {}, seed=2)
        timer.join()
        holder.close()
        assert len(attempts) >= 2 and attempts[-1] is None  # refused at the lock, then stored
        assert all(isinstance(e, psycopg.errors.LockNotAvailable) for e in attempts[1:-1])
        stored = _stored_after(app, before)
        assert {row[1] for row in stored} == {game_id}
        assert [row[2] for row in stored] == list(range(1, len(stored) + 1))
        assert [s.id for s in app.summaries()].count(game_id) == 1
        assert app.summaries() == app.scan_summaries()
        app.simulate("puerto-rico", 2, {}, seed=3)
        assert len(app.summaries()) == 3
    finally:
        app.close()
