"""`novus analyse` and `novus analysis` from the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from application.service import open_app
from novus.cli.main import app, registered

cli = CliRunner()


def novus(*args: str | Path) -> tuple[int, str]:
    result = cli.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_analyse_one_then_all_then_print(toy_game: str, tmp_path: Path) -> None:
    assert "analysis" in registered
    data = tmp_path / "data"
    store = open_app(data)
    first = store.simulate(toy_game, 3, {}, seed=1, bot="random")
    store.simulate(toy_game, 2, {}, seed=2, bot="heuristic")
    store.close()
    short = str(first)[:8]

    code, out = novus("analysis", short, "-d", data)
    assert code == 1 and "no analysis yet" in out and f"novus analyse {short}" in out

    code, out = novus("analyse", short, "--rollouts", "3", "--workers", "1", "-d", data)
    assert code == 0, out
    assert f"analysed {short}" in out
    code, out = novus("analyse", short, "--rollouts", "3", "--workers", "1", "-d", data)
    assert code == 0 and "already analysed" in out

    code, out = novus("analyse", "--all", "--rollouts", "3", "-w", "2", "-d", data)
    assert code == 0, out
    assert "analysed 1 game in" in " ".join(out.split()) and "1 already done" in out

    code, out = novus("analysis", short, "--json", "-d", data)
    assert code == 0, out
    found = json.loads(out)
    assert [s["step"] for s in found["steps"]] == list(range(len(found["steps"])))
    for row in found["steps"]:
        assert len(row["win_chances"]) == 3
        assert abs(sum(row["win_chances"]) - 1) < 1e-9
    assert found["turning_points"], "random moves lose something against the bots' choices"
    for point in found["turning_points"]:
        assert {"step", "seat", "action", "loss", "best_action", "gain"} <= set(point)
        assert {a["action"] for a in point["alternatives"]} <= {"roll", "hold"}

    code, out = novus("analysis", short, "-d", data)
    assert code == 0 and "Turning points" in out and "step" in out
    # the moves in words (the engine's sentences, in the display language), not action codes
    said = {"roll": "rolls", "hold": "holds"}
    for point in found["turning_points"]:
        played = f"seat {point['seat']} {said[point['action']]}"
        best = f"seat {point['seat']} {said[point['best_action']]}"
        assert played in out and best in out, (played, best, out)

    point = found["turning_points"][0]
    code, out = novus(
        "analysis", short, "--step", str(point["step"]), "--json", "-w", "1", "-d", data
    )
    assert code == 0, out
    asked = json.loads(out)
    assert {(a["action"], a["chance"], a["chosen"]) for a in asked["alternatives"]} == {
        (a["action"], a["chance"], a["chosen"]) for a in point["alternatives"]
    }, "asked at any step, the same rollouts as the stored turning point"
    code, out = novus("analysis", short, "--step", str(point["step"]), "-w", "1", "-d", data)
    assert code == 0 and "(played)" in out
    # each action in words too, as the turning points say it (the codes alone were listed)
    played = f"seat {point['seat']} {said[point['action']]} (played)"
    assert played in " ".join(out.split()), out
    decided = {d["step"] for d in found["decisions"]}
    chance = next(k for k in range(1, len(found["steps"])) if k not in decided)
    code, out = novus("analysis", short, "--step", str(chance), "-d", data)
    assert code == 1 and "is not a decision" in out
    code, out = novus("analysis", short, "--step", "0", "-d", data)
    assert code == 1 and "is not a decision" in out


def test_analyse_needs_a_game_or_all(tmp_path: Path) -> None:
    code, out = novus("analyse", "-d", tmp_path)
    assert code == 1 and "give either a game id or --all" in out
    code, out = novus("analyse", "--all", "--rollouts", "0", "-d", tmp_path)
    assert code == 2


def test_no_turning_points_asked_and_too_many_workers(
    toy_game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--turning-points 0` prints a sentence, not an empty table; `--workers` beyond the cores
    is lowered to the cores with a note (99 processes on 2 cores were started before)."""
    from analysis import pool

    monkeypatch.setattr(pool, "default_workers", lambda: 2)
    started: list[int] = []
    real = pool.Workers.__init__

    def counted(self: pool.Workers, workers: int = 1) -> None:
        started.append(workers)
        real(self, workers)

    monkeypatch.setattr(pool.Workers, "__init__", counted)
    data = tmp_path / "data"
    store = open_app(data)
    short = str(store.simulate(toy_game, 3, {}, seed=1, bot="random"))[:8]
    store.close()
    code, out = novus(
        "analyse", short, "--rollouts", "2", "--turning-points", "0", "-w", "99", "-d", data
    )
    assert code == 0, out
    assert "more than this machine's 2 cores; using 2" in " ".join(out.split())
    assert started and set(started) == {2}
    code, out = novus("analysis", short, "-d", data)
    assert code == 0 and "No turning points" in out and "--turning-points 0" in out
    assert "Turning points (*)" not in out


def _crafted(toy_game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """A real toy game, and an analysis of it whose one turning point's best move is the move
    played (read back instead of running rollouts)."""
    from analysis import read

    data = tmp_path / "data"
    store = open_app(data)
    game = str(store.simulate(toy_game, 2, {}, seed=1, bot="random"))
    record = store.history(store.find(game))
    store.close()
    step = next(k for k, s in enumerate(record.steps, 1) if getattr(s, "seat", None) is not None)
    played = record.steps[step - 1]
    action, seat = played.action, played.seat  # type: ignore[union-attr]
    point = {"step": step, "seat": seat, "player": "P", "action": action, "loss": 0.3}
    point.update(before=0.6, after=0.3)
    stored = {
        "players": ["A", "B"],
        "settings": {"rollouts": 4, "turning_points": 1},
        "steps": [{"step": 0, "win_chances": [0.5, 0.5]}],
        "turning_points": [{**point, "best_action": action, "gain": 0.0}],
    }
    monkeypatch.setattr(read, "game_analysis", lambda folder, game_id: stored)
    return game, data


def test_a_turning_point_whose_best_move_was_played(
    toy_game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the move played was the best (the win chance fell with what followed), the table
    repeated its sentence under "best" with "better by 0%", which read as a contradiction; then
    it showed the fall of the chance (the bots' choice, made again in every rollout, against
    the move) as "lost" beside "(the move played)". It loses nothing against the best move."""
    game, data = _crafted(toy_game, tmp_path, monkeypatch)
    code, out = novus("analysis", game[:8], "-d", data)
    assert code == 0, out
    assert re.search(r"60% → 30%\s+0%\s+\(the move played\)\s*$", out, re.M), out


def test_the_title_is_one_line_in_an_80_column_terminal(
    toy_game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The title of a two- or three-player game's table wrapped to the table's narrow width
    ("Win chances of e60e7ddd (2" / "rollouts per state)")."""
    import io

    from novus.cli import analysis as area
    from novus.cli.console import OutputConsole

    game, data = _crafted(toy_game, tmp_path, monkeypatch)
    out = io.StringIO()
    screen = OutputConsole(file=out, width=80, force_terminal=True, color_system=None)
    monkeypatch.setattr(area, "console", screen)
    code, said = novus("analysis", game[:8], "-d", data)
    assert code == 0, said
    assert f"Win chances of {game[:8]} (4 rollouts per state)" in out.getvalue().splitlines()
