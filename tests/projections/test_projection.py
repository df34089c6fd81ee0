"""The projection: tables from the store, incremental catch-up, rebuild, restarts mid-game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from application.service import NovusApp
from domain.core import registry
from domain.core.protocol import Decision
from projections import runner
from projections.view import ProjectorBusy
from tests.projections.conftest import dump, naive_score_changes, pig_steps


def _simulate(app: NovusApp, count: int, first_seed: int = 0) -> None:
    for seed in range(first_seed, first_seed + count):
        app.simulate("puerto-rico", 3 + seed % 3, {}, seed=seed)


def test_catch_up_projects_every_event(folder: Path, make_app: Callable[..., NovusApp]) -> None:
    app = make_app()
    _simulate(app, 3)
    report = runner.catch_up(app, folder=folder)
    assert report.events == app.max_notification_id() == report.position
    tables = dump(folder / "views.duckdb")
    records = [app.history(g) for g in app.game_ids()]
    assert len(tables["games"]) == 3
    assert len(tables["steps"]) == sum(len(r.steps) for r in records)
    assert len(tables["seats"]) == sum(r.setup.num_players for r in records)
    assert tables["tracking"] == [("Novus", app.max_notification_id())]


def test_incremental_catch_up_equals_rebuild(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    app = make_app()
    _simulate(app, 2)
    first = runner.catch_up(app, folder=folder)
    before = app.max_notification_id()
    _simulate(app, 2, first_seed=10)
    second = runner.catch_up(app, folder=folder, batch_size=97)
    assert second.events == app.max_notification_id() - before
    assert runner.catch_up(app, folder=folder).events == 0
    incremental = dump(folder / "views.duckdb")
    rebuilt = runner.catch_up(app, folder=folder, rebuild=True)
    assert rebuilt.rebuilt and rebuilt.events == first.events + second.events
    assert dump(folder / "views.duckdb") == incremental


def test_games_in_progress_across_batches_and_restarts(
    folder: Path, make_app: Callable[..., NovusApp], toy_game: str
) -> None:
    """Steps arriving one by one, projected by fresh projectors (folds rebuilt from DuckDB)."""
    app = make_app()
    steps = pig_steps("r", 6, "r", 5, "h", "r", 1, "r", 4, "h", "r", 6, "h")
    ids = [app.start(toy_game, ["Ana", "Ben"], {"target": "20"}, seed=None) for _ in range(2)]
    for i, step in enumerate(steps):
        for game_id in ids:
            app.record(game_id, [step])
        if i % 3 == 0:
            runner.catch_up(app, folder=folder, batch_size=2)
    runner.catch_up(app, folder=folder, batch_size=2)
    incremental = dump(folder / "views.duckdb")
    runner.catch_up(app, folder=folder, rebuild=True)
    assert dump(folder / "views.duckdb") == incremental
    timeline = [r for r in incremental["score_timeline"] if r[0] == str(ids[0])]
    # sparse: step 0 (both seats, both categories), then each hold that banked points:
    # Ana 6+5 at step 5, Ben rolls a 1, Ana 4 more at step 10 (15), Ben 6 at step 13
    assert sorted((step, seat, cat, pts) for _, step, seat, cat, pts in timeline) == [
        (0, 0, "banked", 0),
        (0, 0, "total", 0),
        (0, 1, "banked", 0),
        (0, 1, "total", 0),
        (5, 0, "banked", 11),
        (5, 0, "total", 11),
        (10, 0, "banked", 15),
        (10, 0, "total", 15),
        (13, 1, "banked", 6),
        (13, 1, "total", 6),
    ]


def test_score_timeline_matches_a_naive_fold(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """Skipping unchanged players (score_parts) loses nothing: same as scores() every step."""
    app = make_app()
    _simulate(app, 1, first_seed=4)
    runner.catch_up(app, folder=folder)
    record = app.history(app.game_ids()[0])
    expected, last = naive_score_changes(record)
    rows = dump(folder / "views.duckdb")["score_timeline"]
    assert {(step, seat, c, p) for _, step, seat, c, p in rows} == expected
    final = {(seat, c): p for (seat, c), p in last.items()}
    assert record.scores is not None
    assert final == {
        (s.seat, c): p
        for s in record.scores.seats
        for c, p in {"total": s.total, **s.breakdown}.items()
    }


def test_steps_rows_hold_round_and_chance_outcome_and_no_sentence(
    folder: Path, make_app: Callable[..., NovusApp], toy_game: str
) -> None:
    app = make_app()
    game_id = app.record_game(
        registry.get(toy_game).prepare(["Ana", "Ben"], {"target": "10"}),
        pig_steps("r", 6, "r", 5, "h"),
        seed=None,
    )
    runner.catch_up(app, folder=folder)
    rows = sorted(dump(folder / "views.duckdb")["steps"], key=lambda r: r[1])
    assert [r[1:] for r in rows] == [
        (1, 0, "decision", "roll", 1),
        (2, -1, "chance", "[6]", 1),
        (3, 0, "decision", "roll", 1),
        (4, -1, "chance", "[5]", 1),
        (5, 0, "decision", "hold", 1),
    ]
    games = dump(folder / "views.duckdb")["games"]
    (game,) = games
    assert game[0] == str(game_id) and game[14] == 5 and game[15] is True
    assert game[16] == [0] and game[17] == ["Ana"]


def test_another_store_in_the_folder_means_rebuild(
    folder: Path, make_app: Callable[..., NovusApp], toy_game: str
) -> None:
    app = make_app()
    setup = registry.get(toy_game).prepare(["Ana", "Ben"], {"target": "10"})
    app.record_game(setup, pig_steps("r", 6, "r", 5, "h"), seed=None)
    runner.catch_up(app, folder=folder)
    app.close()
    (folder / "events.sqlite").unlink()
    other = make_app()
    other.record_game(setup, pig_steps("r", 6, "r", 6, "h"), seed=None)
    report = runner.catch_up(other, folder=folder)
    assert report.rebuilt and "not the one" in report.reason
    games = dump(folder / "views.duckdb")["games"]
    assert len(games) == 1 and games[0][17] == ["Ana"]


def test_second_projector_process_is_refused(folder: Path) -> None:
    import subprocess
    import sys

    folder.mkdir(parents=True)
    con = duckdb.connect(str(runner.work_path(folder)))
    try:
        code = (
            "import sys\n"
            "from projections import runner\n"
            "from projections.view import ProjectorBusy\n"
            "try:\n"
            f"    runner.catch_up({str(folder)!r})\n"
            "except ProjectorBusy:\n"
            "    sys.exit(7)\n"
        )
        done = subprocess.run([sys.executable, "-c", code], cwd=Path.cwd(), timeout=60)
        assert done.returncode == 7
    finally:
        con.close()
    assert ProjectorBusy.__doc__


def test_decisions_rejected_by_the_engine_never_reach_the_tables(
    folder: Path, make_app: Callable[..., NovusApp], toy_game: str
) -> None:
    app = make_app()
    game_id = app.start(toy_game, ["Ana", "Ben"], {"target": "10"}, seed=1)
    with pytest.raises(Exception):  # noqa: B017 - the engine's own typed error
        app.record(game_id, [Decision(0, "hold")])
    runner.catch_up(app, folder=folder)
    assert dump(folder / "views.duckdb")["steps"] == []


def test_the_library_entry_points_event_by_event(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """`process_event(event, Tracking)` one at a time gives the same tables as batches, and the
    view is a working `TrackingRecorder` (`max_tracking_id`, `wait`, `insert_tracking`)."""
    from eventsourcing.persistence import Tracking

    from projections.projection import GamesProjection
    from projections.view import DuckDBView

    app = make_app()
    _simulate(app, 1, first_seed=2)
    runner.catch_up(app, folder=folder / "batched")
    view = DuckDBView(folder / "one-by-one.duckdb")
    projection = GamesProjection(view)
    for position, event in app.notifications(0, 10_000):
        projection.process_event(event, Tracking(app.name, position))
    last = app.max_notification_id()
    assert view.max_tracking_id(app.name) == last
    view.wait(app.name, last, timeout=0.1)
    with pytest.raises(TimeoutError):
        view.wait(app.name, last + 1, timeout=0.1)
    view.insert_tracking(Tracking("Other", 3))
    assert view.max_tracking_id("Other") == 3 and view.max_tracking_id("Nobody") is None
    view.close()
    one_by_one = dump(folder / "one-by-one.duckdb")
    one_by_one["tracking"].remove(("Other", 3))
    assert one_by_one == dump(folder / "batched" / "views.duckdb")


def test_tables_of_another_schema_version_are_rebuilt(
    folder: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    from projections import schema

    app = make_app()
    _simulate(app, 1)
    runner.catch_up(app, folder=folder)
    before = dump(folder / "views.duckdb")
    monkeypatch.setattr(schema, "SCHEMA_VERSION", "next")
    report = runner.catch_up(app, folder=folder)
    assert report.rebuilt and "another version" in report.reason
    assert report.events == app.max_notification_id()
    assert dump(folder / "views.duckdb") == before
    assert runner.catch_up(app, folder=folder).events == 0


def test_a_version_4_file_with_a_facts_table_is_rebuilt(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """Before version 5 `facts` was a table (now a view over `fold_facts` and the steps): a
    file of that version is rebuilt at open, its old table dropped."""
    app = make_app()
    _simulate(app, 1)
    runner.catch_up(app, folder=folder)
    before = dump(folder / "views.duckdb")
    con = duckdb.connect(str(folder / runner.WORK_FILE))
    con.execute("DROP VIEW facts")
    con.execute("CREATE TABLE facts AS FROM fold_facts")
    con.execute("CREATE TABLE publish_facts AS FROM fold_facts LIMIT 0")
    con.execute("UPDATE marks SET value = '4' WHERE key = 'schema_version'")
    con.close()
    report = runner.catch_up(app, folder=folder)
    assert report.rebuilt and "another version" in report.reason
    assert dump(folder / "views.duckdb") == before
    con = duckdb.connect(str(folder / runner.WORK_FILE), read_only=True)
    kinds = dict(con.sql("SELECT table_name, table_type FROM information_schema.tables").fetchall())
    con.close()
    assert kinds["facts"] == "VIEW" and "publish_facts" not in kinds


def test_public_action_hides_outcomes_and_restarts_refold_from_the_store(
    folder: Path,
    make_app: Callable[..., NovusApp],
    toy_game: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game module may store a public text instead of the recorded action (hidden hands);
    games in progress then refold from the event store after a restart, not from that text."""
    from projections import games as game_stats
    from projections.games import GameStats

    def public(rules: object, before: object, step: object) -> str:
        return "roll or hold" if isinstance(step, Decision) else "a die"

    hiding = GameStats(game=toy_game, facts=lambda *_: (), public_action=public)
    monkeypatch.setattr(game_stats, "get", lambda game: hiding if game == toy_game else None)
    app = make_app()
    game_id = app.start(toy_game, ["Ana", "Ben"], {"target": "20"}, seed=None)
    for step in pig_steps("r", 6, "r", 5, "h", "r", 1, "r", 4, "h"):
        app.record(game_id, [step])
        runner.catch_up(app, folder=folder, batch_size=1)  # a new projector every step
    tables = dump(folder / "views.duckdb")
    assert {row[4] for row in tables["steps"]} == {"roll or hold", "a die"}
    runner.catch_up(app, folder=folder, rebuild=True)
    assert dump(folder / "views.duckdb") == tables
    assert (10, 0, "total", 15) in {row[1:] for row in tables["score_timeline"]}


def test_a_damaged_or_stale_published_copy_is_published_again(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """Nothing new to project, but the readers' copy is garbage (or an older copy): the next
    catch-up publishes it again instead of leaving readers with it."""
    app = make_app()
    _simulate(app, 1)
    runner.catch_up(app, folder=folder)
    good = dump(folder / "views.duckdb")
    old = folder / "old.duckdb"
    old.write_bytes((folder / "views.duckdb").read_bytes())
    _simulate(app, 1, first_seed=9)
    runner.catch_up(app, folder=folder)
    newer = dump(folder / "views.duckdb")
    assert newer != good
    for damage in (b"not a database", old.read_bytes()):
        (folder / "views.duckdb").write_bytes(damage)
        assert runner.catch_up(app, folder=folder).events == 0
        assert dump(folder / "views.duckdb") == newer


def test_reset_keeps_the_views_current_over_new_tables(tmp_path: Path) -> None:
    """A rebuild's reset makes the tables again but not the views (opening the file made them
    current): the same view objects then read the new, empty tables."""
    from projections import schema
    from projections.view import DuckDBView

    view = DuckDBView(tmp_path / "views.duckdb")
    try:
        con = view.con
        con.execute(
            "INSERT INTO seats VALUES ('g', 'puerto-rico', 3, 0, 'Ana', 5, MAP {}, NULL, 1, true)"
        )
        assert con.execute("SELECT count(*) FROM seat_stats").fetchone() == (1,)
        listed = "SELECT view_name, view_oid FROM duckdb_views() WHERE NOT internal ORDER BY 1"
        before = con.execute(listed).fetchall()
        assert {"seat_stats", "player_stats"} <= {name for name, _ in before}
        view.reset()
        assert con.execute(listed).fetchall() == before  # not made again
        assert con.execute("SELECT count(*) FROM seats").fetchone() == (0,)
        for name, _ in before:  # every view binds to the new tables
            con.execute(f'SELECT * FROM "{name}" LIMIT 1').fetchall()
        assert con.execute("SELECT count(*) FROM seat_stats").fetchone() == (0,)
        assert set(schema.TABLES) <= {
            r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()
        }
    finally:
        view.close()


def test_views_made_again_only_when_their_definitions_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening a file whose views are current leaves them (the `views` mark names their
    definitions); a changed definition, or a file without the mark, gets them made again."""
    from projections import schema
    from projections.view import DuckDBView

    made: list[int] = []
    real = schema.create_views

    def create_views(con: duckdb.DuckDBPyConnection) -> None:
        made.append(1)
        real(con)

    monkeypatch.setattr(schema, "create_views", create_views)
    path = tmp_path / "views.duckdb"
    DuckDBView(path).close()
    assert len(made) == 1
    view = DuckDBView(path)  # current: not made again
    assert len(made) == 1
    assert view.mark("views") == schema.views_digest()
    view.reset()  # a rebuild keeps them, and their mark
    assert len(made) == 1 and view.mark("views") == schema.views_digest()
    view.con.execute("DELETE FROM marks WHERE key = 'views'")  # a file of an older version
    view.close()
    DuckDBView(path).close()
    assert len(made) == 2

    changed = {**schema.VIEWS, "game_stats": schema.VIEWS["game_stats"] + " LIMIT 1"}
    monkeypatch.setattr(schema, "VIEWS", changed)
    view = DuckDBView(path)
    try:
        assert len(made) == 3
        sql = view.con.execute(
            "SELECT sql FROM duckdb_views() WHERE view_name = 'game_stats'"
        ).fetchone()
        assert sql is not None and "LIMIT 1" in sql[0]
        assert view.mark("views") == schema.views_digest()
    finally:
        view.close()
