"""The analysis tables: written once per game with the tracking position, only new games on the
next run, and a run killed with SIGKILL resumes to exactly the rows of an uninterrupted run."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import duckdb
import pytest

from analysis import read
from analysis.runner import analyse_all, analyse_one
from analysis.settings import Settings
from analysis.store import AnalysisStore, published_path
from application.service import open_app
from tests.conftest import TOY_GAME, TOY_MODULE

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = Settings(rollouts=3, turning_points=2, seed=5)
CHILD = f"""
import sys
from domain.core import registry
registry._ENGINES[{TOY_GAME!r}] = {TOY_MODULE!r}
from pathlib import Path
from analysis.runner import analyse_all
from analysis.settings import Settings
from application.service import open_app
if __name__ == "__main__":
    folder = Path(sys.argv[1])
    app = open_app(folder)
    analyse_all(app, folder, Settings.from_key(sys.argv[2]), workers=int(sys.argv[3]),
                on_game=lambda game: print(game, flush=True))
    print("done", flush=True)
"""
TABLES = (
    "analysis_runs",
    "win_chances",
    "decisions",
    "turning_points",
    "alternatives",
    "analysis_tracking",
)


def dump(folder: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a fixed order, without the time each game took."""
    con = duckdb.connect(str(published_path(folder)), read_only=True)
    try:
        out = {}
        for table in TABLES:
            columns = [c[0] for c in con.execute(f"DESCRIBE {table}").fetchall()]
            keep = ", ".join(c for c in columns if c != "seconds")
            out[table] = con.execute(f"SELECT {keep} FROM {table} ORDER BY ALL").fetchall()
        return out
    finally:
        con.close()


def _store(folder: Path, games: int, first: int = 0) -> None:
    app = open_app(folder)
    for seed in range(first, first + games):
        app.simulate(TOY_GAME, 2 + seed % 3, {"target": "20"}, seed=seed, bot="heuristic")
    app.close()


def test_runs_analyse_only_new_games(toy_game: str, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    _store(folder, 3)
    app = open_app(folder)
    first = analyse_all(app, folder, SETTINGS)
    assert len(first.analysed) == 3
    again = analyse_all(app, folder, SETTINGS)
    assert again.analysed == [] and again.position == first.position
    app.close()
    _store(folder, 2, first=10)
    app = open_app(folder)
    third = analyse_all(app, folder, SETTINGS)
    assert len(third.analysed) == 2 and not set(third.analysed) & set(first.analysed)
    rows = dump(folder)
    assert len(rows["analysis_runs"]) == 5
    assert {r[0] for r in rows["analysis_runs"]} == {*first.analysed, *third.analysed}
    found = read.game_analysis(folder, first.analysed[0])
    assert found is not None
    assert found["settings"]["rollouts"] == 3 and found["settings"]["seed"] == 5
    assert all(abs(sum(s["win_chances"]) - 1) < 1e-9 for s in found["steps"])
    app.close()


def test_one_game_then_all_skips_it_and_other_settings_replace(
    toy_game: str, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    _store(folder, 2)
    app = open_app(folder)
    game_id = app.game_ids()[0]
    assert analyse_one(app, folder, game_id, SETTINGS).analysed == [str(game_id)]
    assert analyse_one(app, folder, game_id, SETTINGS).skipped == [str(game_id)]
    report = analyse_all(app, folder, SETTINGS)
    assert report.analysed == [str(app.game_ids()[1])] and report.skipped == [str(game_id)]
    before = dump(folder)["win_chances"]
    analyse_one(app, folder, game_id, Settings(rollouts=4, seed=5))
    after = dump(folder)
    assert len(after["analysis_runs"]) == 2
    assert {r for r in after["win_chances"] if r[0] != str(game_id)} == {
        r for r in before if r[0] != str(game_id)
    }
    app.close()


def test_a_second_writer_is_refused(tmp_path: Path) -> None:
    first = AnalysisStore(tmp_path)
    try:
        second = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from pathlib import Path; from analysis.store import AnalysisStore;"
                "AnalysisStore(Path(sys.argv[1]))",
                str(tmp_path),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
    finally:
        first.close()
    assert second.returncode != 0
    assert "AnalysisBusy" in second.stderr and "another `novus analyse`" in second.stderr


def test_kill_and_resume_gives_the_rows_of_an_uninterrupted_run(
    toy_game: str, tmp_path: Path
) -> None:
    clean, killed = tmp_path / "clean", tmp_path / "killed"
    _store(clean, 4)
    shutil.copytree(clean, killed)
    app = open_app(clean)
    analyse_all(app, clean, SETTINGS, workers=1)
    app.close()
    rng = random.Random(23)
    kills = 0
    for _ in range(4):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(killed), SETTINGS.key(), "2"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        line = child.stdout.readline().strip()
        if line == "done" or not line:
            child.wait()
            break
        time.sleep(rng.random() * 0.05)
        child.kill()  # SIGKILL: no cleanup, maybe mid-transaction or mid-publish
        child.wait()
        kills += 1
    final = subprocess.run(
        [sys.executable, "-c", CHILD, str(killed), SETTINGS.key(), "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert final.stdout.strip().endswith("done")
    assert kills >= 2
    assert dump(killed) == dump(clean)


def test_analyse_all_on_each_store(
    toy_game: str, tmp_path: Path, store_env: dict[str, str]
) -> None:
    """The games come from the store's `Finished` events on SQLite and on PostgreSQL alike."""
    folder = tmp_path / "data"
    app = open_app(folder, env=store_env)
    ids = [app.simulate(toy_game, 2, {}, seed=s, bot="heuristic") for s in range(2)]
    report = analyse_all(app, folder, SETTINGS)
    assert report.analysed == [str(i) for i in ids]
    assert analyse_all(app, folder, SETTINGS).analysed == []
    app.simulate(toy_game, 3, {}, seed=9, bot="heuristic")
    assert len(analyse_all(app, folder, SETTINGS).analysed) == 1
    app.close()
    assert len(dump(folder)["analysis_runs"]) == 3


def test_a_game_the_rules_refuse_is_reported_and_passed(
    toy_game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stored game that no longer replays (other rules) is named, and the run goes on."""
    from analysis import runner
    from domain.core.errors import RuleError

    folder = tmp_path / "data"
    _store(folder, 3)
    app = open_app(folder)
    bad = app.game_ids()[1]
    real = runner.analyse_record

    def refusing(app: Any, game_id: Any, *args: Any) -> Any:
        if game_id == bad:
            raise RuleError("refused by the installed rules")
        return real(app, game_id, *args)

    monkeypatch.setattr(runner, "analyse_record", refusing)
    report = analyse_all(app, folder, SETTINGS)
    assert report.refused == [(str(bad), "refused by the installed rules")]
    assert len(report.analysed) == 2 and str(bad) not in report.analysed
    assert analyse_all(app, folder, SETTINGS).refused == []  # passed for good
    app.close()


def test_a_rollout_that_does_not_end_leaves_its_game_out_with_a_clear_reason(
    toy_game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bots going round in circles (a Century game of random moves did: every seat rested
    forever) are a typed error: `--all` reports the game and goes on, no traceback."""
    from analysis import rollout
    from domain.core.errors import NovusError

    monkeypatch.setattr(rollout, "MAX_STEPS", 3)
    folder = tmp_path / "data"
    app = open_app(folder)
    try:
        game = app.simulate(toy_game, 2, {}, seed=1)
        report = analyse_all(app, folder, Settings(rollouts=1))
    finally:
        app.close()
    assert report.analysed == [] and [g for g, _ in report.refused] == [str(game)]
    assert "did not end after 3 steps" in report.refused[0][1]
    with pytest.raises(NovusError) as caught:
        raise rollout.RolloutRunaway("x")
    assert "other games" in caught.value.hint
