"""Games in progress (issue 21): a report or native file that stops before the game ends is an
unfinished game; a longer file of the same game appends the new steps; a contradicting one is
refused naming its first differing line; export and re-import of an unfinished game is lossless.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from application.service import NovusApp, open_app
from domain.puerto_rico.rules import RULES
from importers.api import export_bytes, import_bytes
from importers.errors import GameContradiction
from novus.cli.main import app as cli
from projections import runner
from projections.read import Views

DATA = Path(__file__).parent / "data"
FULL = (DATA / "pr-4p.txt").read_text(encoding="utf-8")


def upto(heading: str) -> str:
    """The report up to (not including) a turn heading: a game in progress."""
    return FULL[: FULL.index(heading)]


def stored_events(app: NovusApp, game_id: object) -> list[tuple[int, str]]:
    return [
        (n[2], n[3])
        for n in app.stored_notifications(0, 100_000)
        if str(n[1]).replace("-", "") == str(game_id).replace("-", "")
    ]


def test_a_report_in_progress_imports_then_a_longer_one_appends_its_new_steps(
    tmp_path: Path,
) -> None:
    app = open_app(tmp_path / "data")
    first = import_bytes(app, "turns-1-5.txt", upto("Turn 6").encode())
    assert first.status == "imported" and first.game_id is not None
    game_id = first.game_id
    record = app.history(game_id)
    assert not record.finished and len(record.steps) == first.steps
    assert any("game in progress" in w for w in first.warnings)
    state = app.state_at(game_id)  # replayable to its last step
    assert not RULES.is_over(state) and state.round == 6  # turn 6 is next
    (summary,) = app.summaries()
    assert summary.steps is None and summary.winners is None  # listed as in progress
    events_before = stored_events(app, game_id)

    longer = import_bytes(app, "turns-1-9.txt", upto("Turn 10").encode())
    assert longer.status == "extended" and longer.game_id == game_id
    assert any("new steps appended" in w for w in longer.warnings)
    extended = app.history(game_id)
    assert extended.steps[: len(record.steps)] == record.steps
    assert len(extended.steps) == longer.steps > len(record.steps)
    events_after = stored_events(app, game_id)
    assert events_after[: len(events_before)] == events_before  # nothing rewritten
    assert len(events_after) == len(events_before) + len(extended.steps) - len(record.steps)

    again = import_bytes(app, "turns-1-9-copy.txt", upto("Turn 10").encode())
    assert again.status == "present" and again.game_id == game_id
    older = import_bytes(app, "turns-1-5.txt", upto("Turn 6").encode())
    assert older.status == "present" and any("goes further" in w for w in older.warnings)

    whole = import_bytes(app, "all.txt", FULL.encode())
    assert whole.status == "extended" and whole.game_id == game_id
    assert app.history(game_id).finished and app.game_ids() == [game_id]


def test_a_report_contradicting_the_stored_game_is_refused_at_its_first_differing_line(
    tmp_path: Path,
) -> None:
    app = open_app(tmp_path / "data")
    first = import_bytes(app, "a.txt", upto("Turn 5").encode())
    assert first.status == "imported"
    before = app.max_notification_id()
    said = "Cleo chooses the Craftsman (+1 doubloon). Dan produces one corn."
    changed = upto("Turn 5").replace(said, "Cleo chooses the Trader.", 1)
    assert changed != upto("Turn 5")
    line = changed[: changed.index("Cleo chooses the Trader.")].count("\n") + 1
    result = import_bytes(app, "b.txt", changed.encode())
    assert result.status == "rejected" and isinstance(result.error, GameContradiction)
    assert result.error.line == line
    assert "contradicts the stored game" in result.error.message
    assert app.max_notification_id() == before  # nothing stored


def test_an_unfinished_game_exports_and_reimports_byte_identical(tmp_path: Path) -> None:
    app = open_app(tmp_path / "one")
    result = import_bytes(app, "a.txt", upto("Turn 6").encode())
    assert result.game_id is not None
    exported = export_bytes(app, result.game_id)
    other = open_app(tmp_path / "two")
    back = import_bytes(other, "game.novus.jsonl", exported)
    assert back.status == "imported" and back.game_id == result.game_id
    assert any("game in progress" in w for w in back.warnings)
    assert export_bytes(other, result.game_id) == exported
    assert import_bytes(other, "again.novus.jsonl", exported).status == "present"


def test_a_longer_native_file_of_the_same_game_extends_it_and_a_different_one_is_refused(
    tmp_path: Path,
) -> None:
    source = open_app(tmp_path / "source")
    game_id = import_bytes(source, "a.txt", upto("Turn 6").encode()).game_id
    assert game_id is not None
    short = export_bytes(source, game_id)
    assert import_bytes(source, "b.txt", upto("Turn 10").encode()).status == "extended"
    long = export_bytes(source, game_id)

    target = open_app(tmp_path / "target")
    assert import_bytes(target, "short.novus.jsonl", short).status == "imported"
    grown = import_bytes(target, "long.novus.jsonl", long)
    assert grown.status == "extended" and export_bytes(target, game_id) == long

    other = open_app(tmp_path / "other")
    said = "Cleo chooses the Craftsman (+1 doubloon). Dan produces one corn."
    changed = upto("Turn 5").replace(said, "Cleo chooses the Trader.", 1)
    other_id = import_bytes(other, "c.txt", changed.encode()).game_id
    assert other_id is not None
    forged = export_bytes(other, other_id).replace(str(other_id).encode(), str(game_id).encode())
    stored = target.history(game_id).steps
    theirs = other.history(other_id).steps
    at = next(i for i, (a, b) in enumerate(zip(stored, theirs, strict=False)) if a != b)
    before = target.max_notification_id()
    refused = import_bytes(target, "forged.novus.jsonl", forged)
    assert refused.status == "rejected" and isinstance(refused.error, GameContradiction)
    assert refused.error.line == at + 2  # the header is line 1, step k is line k + 1
    assert target.max_notification_id() == before


def test_games_in_progress_are_in_the_projections_but_in_no_finished_statistics(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "data"
    app = open_app(folder)
    game_id = import_bytes(app, "a.txt", upto("Turn 6").encode()).game_id
    assert game_id is not None
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    try:
        games = views.library()
        assert list(games["finished"]) == [False]
        assert views.library_count(finished=False) == 1
        assert views.player_stats().empty
    finally:
        views.close()
    assert import_bytes(app, "all.txt", FULL.encode()).status == "extended"
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    try:
        assert views.library_count(finished=True) == 1
        assert len(views.player_stats()) == 4
        assert [str(g).replace("-", "") for g in views.library()["game_id"]] == [game_id.hex]
    finally:
        views.close()


def _replay() -> None:
    from dashboard.pages import replay_page

    replay_page()


def test_the_imports_inferences_are_shown_by_novus_log_and_the_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    app = open_app(folder)
    natural = (DATA / "natural-5p.txt").read_bytes()
    result = import_bytes(app, "natural-5p.txt", natural, lenient=True)
    assert result.status == "imported" and result.game_id is not None
    out = CliRunner().invoke(cli, ["log", result.game_id.hex[:8], "-d", str(folder)]).output
    assert "what the import inferred or corrected:" in out
    assert "'Chritopher' read as 'Christopher'" in out and "(in progress)" in out
    monkeypatch.setenv("NOVUS_DATA_DIR", str(folder))
    at = AppTest.from_function(_replay, default_timeout=60)
    at.query_params["game"] = str(result.game_id)
    at.run()
    assert not at.exception
    (expander,) = [e for e in at.expander if "inferred or corrected" in e.label]
    shown = " ".join(m.value for m in expander.markdown)
    assert "'Chis' read as 'Chris'" in shown and "names no player" in shown
