"""The `novus` CLI through typer's CliRunner (toy game registered) and as a real subprocess."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from application.service import open_app
from domain.core import registry
from domain.core.errors import MissingComponents
from novus.cli.main import app, registered, unavailable

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def novus(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture
def data(tmp_path: Path, toy_game: str) -> Path:
    return tmp_path / "data"


def test_every_core_area_is_registered() -> None:
    assert {"simulation", "library", "verification", "demo"} <= set(registered)
    assert unavailable == {}
    code, out = novus("--help")
    assert code == 0
    for command in ("simulate", "rules", "games", "show", "log", "verify", "demo"):
        assert command in out


def test_simulate_then_browse_and_verify(data: Path) -> None:
    code, out = novus(
        "simulate", "--game", "toy-pig", "--players", "3", "--games", "4", "--seed", "7",
        "--option", "target=10", "--bot", "random", "-d", data,
    )  # fmt: skip
    assert code == 0, out
    assert "stored 4 Pig (test dice game) games" in out
    assert "seeds 7..10" in out
    assert "toy game: made up for tests" in out
    assert out.count(", ") >= 3  # the four new ids

    code, out = novus("games", "-d", data)
    assert code == 0 and "4 games" in out and "simulation" in out
    code, out = novus("games", "-d", data, "--players", "2")
    assert code == 0 and "no games match" in out
    code, out = novus("games", "-d", data, "--player", "random 3", "--limit", "1")
    assert code == 0 and "4 games" in out and "showing the last 1" in out
    newest_first = [s.id.hex[:8] for s in reversed(open_app(data).summaries())]
    code, out = novus("games", "-d", data, "--limit", "2")  # the newest page
    assert code == 0 and "4 games" in out and "--offset 2" in out
    assert [g for g in newest_first if g in out] == newest_first[:2]
    code, out = novus("games", "-d", data, "--limit", "2", "--offset", "2")  # the next one
    assert [g for g in newest_first if g in out] == newest_first[2:]
    assert "--offset" not in out  # nothing before them
    code, out = novus("games", "-d", data, "--limit", "1", "--all")
    assert code == 0 and all(g in out for g in newest_first)

    app_ = open_app(data)
    game_id = app_.game_ids()[1]
    record = app_.history(game_id)
    app_.close()
    prefix = game_id.hex[:8]

    code, out = novus("show", prefix, "--step", "3", "--json", "-d", data)
    assert code == 0, out
    shown = json.loads(out)
    assert shown["id"] == str(game_id)
    assert (shown["step"], shown["steps"]) == (3, len(record.steps))
    assert shown["players"] == ["Random 1", "Random 2", "Random 3"]
    code, out = novus("show", prefix, "-d", data)
    assert code == 0 and "game over" in out and f"step {len(record.steps)} of" in out

    code, out = novus("log", prefix, "-d", data)
    assert code == 0
    assert f"{len(record.steps)}  " in out and "final:" in out
    assert "seat 0 rolls" in out and "the die shows" in out

    code, out = novus("verify", "--all", "-d", data)
    assert code == 0 and "ok: 4 games" in out
    code, out = novus("verify", prefix, "-d", data)
    assert code == 0 and "ok: 1 game, " in out  # "1 games" before


def test_verify_catches_a_tampered_event(data: Path) -> None:
    assert novus("simulate", "-g", "toy-pig", "-p", "2", "-n", "2", "-d", data)[0] == 0
    with sqlite3.connect(data / "events.sqlite") as db:
        rowid, state = db.execute(
            "SELECT rowid, state FROM stored_events WHERE topic LIKE '%Decided' "
            "ORDER BY rowid DESC LIMIT 1"
        ).fetchone()
        decoded = orjson.loads(state)
        decoded["action"] = "roll" if decoded["action"] == "hold" else "hold"
        db.execute("UPDATE stored_events SET state=? WHERE rowid=?", (orjson.dumps(decoded), rowid))
    code, out = novus("verify", "--all", "-d", data)
    assert code == 1
    assert "FAIL" in out and "1 of 2 games failed verification" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--game", "nope"], "unknown game 'nope'"),
        (["simulate", "-g", "toy-pig", "--players", "9"], "takes 2-4 players, not 9"),
        (["simulate", "-g", "toy-pig", "--option", "target"], "is not KEY=VALUE"),
        (["simulate", "-g", "toy-pig", "--option", "colour=red"], "unknown option 'colour'"),
        (["simulate", "-g", "toy-pig", "-p", "4", "-o", "bank=bonus"], "needs (2, 3) players"),
        (["rules", "nope"], "unknown game"),
        (["games", "--game", "nope"], "unknown game"),
        (["show", "abcdef"], "(from --data-dir) does not exist"),
        (["log", "abcdef"], "(from --data-dir) does not exist"),
        (["verify", "--all"], "(from --data-dir) does not exist"),
        (["verify"], "give either one game or --all"),
        (["verify", "abc", "--all"], "give either one game or --all"),
    ],
)
def test_user_errors_are_messages_with_exit_1(data: Path, args: list[str], message: str) -> None:
    where: list[str | Path] = [] if args[0] == "rules" else ["-d", data]
    code, out = novus(*args, *where)
    assert code == 1
    assert "error:" in out and message in " ".join(out.split())


def test_a_step_out_of_range_is_a_message(data: Path) -> None:
    novus("simulate", "-g", "toy-pig", "-p", "2", "-d", data)
    app_ = open_app(data)
    prefix = app_.game_ids()[0].hex[:6]
    app_.close()
    code, out = novus("show", prefix, "--step", "100000", "-d", data)
    assert code == 1 and "step 100000 is out of range" in out
    code, out = novus("show", "abcdefg", "-d", data)
    assert code == 1 and "no game 'abcdefg' in the store" in out
    code, out = novus("log", "abcdefg", "-d", data)
    assert code == 1 and "no game 'abcdefg' in the store" in out
    code, out = novus("show", prefix, "--seat", "3", "-d", data)  # seats counted from 1
    assert code == 1 and "no seat 3 in this game" in out and "seats are 1 to 2" in out
    code, out = novus("show", prefix, "--seat", "2", "--json", "-d", data)
    assert code == 0 and json.loads(out)["step"] > 0


def test_rules_lists_options_values_defaults_and_counts(toy_game: str) -> None:
    code, out = novus("rules", toy_game)
    assert code == 0
    assert "toy-pig" in out and "2-4 players" in out
    assert "target" in out and "10 | 20 | 50" in out and "(default 20)" in out
    assert "2, 3 players only" in out
    assert "toy game: made up for tests" in out


def test_demo_fills_a_fresh_folder_and_says_what_it_skipped(data: Path) -> None:
    code, out = novus("demo", "-d", data, "--games", "1", "--no-dashboard")
    assert code == 0, out
    assert "stored 3 sample games" in out or "sample games of" in out
    assert "dashboard not started (--no-dashboard)" in out
    app_ = open_app(data)
    count = len(app_.game_ids())
    app_.close()
    assert count >= 3  # the toy game alone gives one game per player count, 2-4
    code, out = novus("demo", "-d", data, "--games", "1", "--no-dashboard")
    assert code == 0 and f"kept the {count} games already stored" in out
    code, out = novus("demo", "-d", data, "--games", "1", "--no-dashboard", "--reset")
    assert code == 0 and "sample games of" in out
    app_ = open_app(data)
    assert len(app_.game_ids()) == count
    app_.close()


def run_novus(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "novus.cli.main", *args],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(cwd)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_real_subprocess_errors_and_default_data_folder(tmp_path: Path) -> None:
    done = run_novus("show", "0123", cwd=tmp_path)
    assert done.returncode == 1
    said = " ".join(done.stderr.split())
    assert f"error: the data folder {tmp_path / 'novus-data'} (the default) does not exist" in said
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "novus-data").exists()  # reading never creates a store
    done = run_novus("games", "--data-dir", str(tmp_path / "other"), cwd=tmp_path)
    said = " ".join(done.stderr.split())
    assert done.returncode == 1 and "(from --data-dir) does not exist" in said
    assert not (tmp_path / "other").exists()
    done = run_novus("demo", "--no-dashboard", "--games", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "novus-data" / "events.sqlite").exists()
    # A uuid4's 13th hex digit is always 4, so this prefix can never match a stored game.
    done = run_novus("show", "0000000000000", cwd=tmp_path)
    assert done.returncode == 1 and "error: no game '0000000000000' in the store" in done.stderr
    done = run_novus("simulate", "--game", "nope", cwd=tmp_path)
    assert done.returncode == 1 and "unknown game" in done.stderr
    done = run_novus("--help", cwd=tmp_path)
    assert done.returncode == 0 and "simulate" in done.stdout


def test_demo_reports_an_engine_it_could_not_play(
    data: Path, toy_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = registry.get(toy_game)

    def incomplete(players: list[str], options: dict[str, str]) -> None:
        raise MissingComponents("published", ["plantation tiles"])

    monkeypatch.setattr(rules, "prepare", incomplete)
    code, out = novus("demo", "-d", data, "--games", "1", "--no-dashboard")
    assert code == 0, out
    flat = " ".join(out.split())
    others = [registry.get(name).title for name in registry.names() if name != toy_game]
    assert f"sample games of {', '.join(others) or 'no game'}" in flat
    assert "skipped toy-pig: component pack 'published' is incomplete" in flat


BIG_GAME = "puerto-rico" if "puerto-rico" in registry.names() else "toy-pig"


def test_verify_all_passes_on_200_simulated_games(data: Path) -> None:
    """The issue's acceptance run: 200 bot games across every player count, then verify --all."""
    rules = registry.get(BIG_GAME)
    counts = list(range(rules.min_players, rules.max_players + 1))
    per_count = [200 // len(counts) + (i < 200 % len(counts)) for i in range(len(counts))]
    seed = 0
    for players, games in zip(counts, per_count, strict=True):
        for bot in ("heuristic", "random"):
            half = games // 2 if bot == "heuristic" else games - games // 2
            args = ["simulate", "-g", BIG_GAME, "-p", str(players), "-n", str(half)]
            code, out = novus(*args, "-s", str(seed), "-b", bot, "-d", data)
            assert code == 0, out
            seed += half
    code, out = novus("verify", "--all", "-d", data)
    assert code == 0, out
    assert "ok: 200 games" in out


def test_the_cli_uses_postgresql_when_the_environment_says_so(
    data: Path, postgres_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for key, value in postgres_env.items():
        monkeypatch.setenv(key, value)
    code, out = novus("simulate", "-g", "toy-pig", "-p", "3", "-n", "3", "-d", data)
    assert code == 0, out
    assert not (data / "events.sqlite").exists()
    code, out = novus("verify", "--all", "-d", data)
    assert code == 0 and "ok: 3 games" in out
    monkeypatch.setenv("POSTGRES_PORT", "1")
    monkeypatch.setenv("POSTGRES_CONNECT_TIMEOUT", "1")
    code, out = novus("games", "-d", data)
    assert code == 1 and "cannot open the event store (PostgreSQL" in " ".join(out.split())


def test_a_missing_area_is_skipped_and_a_broken_one_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    import typer

    from novus.cli import main

    real_import = importlib.import_module

    def fake_import(name: str, package: str | None = None) -> object:
        if name == "novus.cli.library_broken":
            raise ImportError("cannot import name 'thing'")
        return real_import(name, package)

    found = {"novus.cli.library_broken": object()}
    monkeypatch.setattr(main.importlib.util, "find_spec", found.get)
    monkeypatch.setattr(main.importlib, "import_module", fake_import)
    monkeypatch.setattr(main, "unavailable", {})
    target = typer.Typer()
    done = main.register_areas(target, ("missing_area", "library_broken"))
    assert done == []
    assert main.unavailable == {"library_broken": "ImportError: cannot import name 'thing'"}


def test_demo_projects_then_serves_through_the_other_packages(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """demo calls `projections.runner.catch_up(folder)` then `dashboard.launch.serve(...)`."""
    import importlib.machinery
    import sys
    import types

    calls: list[tuple[object, ...]] = []
    runner = types.ModuleType("projections.runner")
    runner.__spec__ = importlib.machinery.ModuleSpec("projections.runner", None)
    runner.catch_up = lambda folder: calls.append(("catch_up", folder))  # type: ignore[attr-defined]
    launch = types.ModuleType("dashboard.launch")
    launch.__spec__ = importlib.machinery.ModuleSpec("dashboard.launch", None)

    def serve(folder: Path, port: int, open_browser: bool, host: str, **_: object) -> None:
        calls.append(("serve", folder, port, open_browser, host))
        raise KeyboardInterrupt  # the user stops the server

    launch.serve = serve  # type: ignore[attr-defined]
    launch.port_free = lambda port, host: True  # type: ignore[attr-defined]
    launch.is_local = lambda host: host == "127.0.0.1"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "projections.runner", runner)
    monkeypatch.setitem(sys.modules, "dashboard.launch", launch)
    code, out = novus("demo", "-d", data, "--games", "1", "--port", "8765", "--no-browser")
    assert code == 0, out
    folder = data.resolve()
    assert calls == [("catch_up", folder), ("serve", folder, 8765, False, "127.0.0.1")]
    assert "projected the games into" in out and "dashboard stopped" in out
    assert "warning" not in out


def test_exposing_the_dashboard_is_on_purpose_and_warned(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dashboard import launch

    calls: list[tuple[str, int]] = []

    def serve(folder: Path, port: int, open_browser: bool, host: str, **_: object) -> None:
        calls.append((host, port))

    monkeypatch.setattr(launch, "serve", serve)
    monkeypatch.setattr(launch, "port_free", lambda port, host: True)
    data.mkdir()
    code, out = novus("dashboard", "-d", data, "--host", "0.0.0.0", "--port", "8766")
    assert code == 0 and calls == [("0.0.0.0", 8766)], out
    flat = " ".join(out.split())
    assert "warning: the dashboard listens on 0.0.0.0" in flat
    assert "upload files, with no password" in flat
    calls.clear()
    code, out = novus("dashboard", "-d", data, "--port", "8766")
    assert code == 0 and calls == [("127.0.0.1", 8766)] and "warning" not in out


def test_demo_samples_show_variants_and_expansions() -> None:
    from novus.cli.demo import sample_plan

    plan = sample_plan(4)
    pr = [options for game, _, options in plan if game == "puerto-rico"]
    assert {"buildings": "draft"} in pr and {"buildings": "random", "nobles": "true"} in pr
    assert all(options.get("nobles") != "true" for game, n, options in plan if n == 2)
    for game, players, options in plan:  # every planned game can start
        registry.get(game).prepare([f"P{i}" for i in range(players)], options)


def test_a_busy_or_impossible_port_is_a_clear_error_before_any_work(data: Path) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        for command in (["dashboard", "--no-browser"], ["demo", "--no-browser"]):
            code, out = novus(*command, "--port", port, "-d", data)
            flat = " ".join(out.split())
            assert code == 1 and f"port {port} is already in use" in flat, out
            assert "choose another port with --port" in flat
            assert "Traceback" not in out
        assert not data.exists()  # the demo stopped before making any sample game
    code, out = novus("dashboard", "--port", "99999", "-d", data)
    assert code == 2 and "65535" in out


def test_a_command_closes_the_store_it_opened(
    data: Path, toy_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`open_store` closes the store when the command ends, not the garbage collector later
    (it looked for the context in the `click` package, which typer no longer uses)."""
    import inspect

    from application.service import NovusApp

    open_app(data).simulate(toy_game, 2, {}, seed=1, bot="random")
    closed: list[NovusApp] = []
    real_close = NovusApp.close

    def close(self: NovusApp) -> None:
        if all(frame.function != "__del__" for frame in inspect.stack()):
            closed.append(self)
        real_close(self)

    monkeypatch.setattr(NovusApp, "close", close)
    code, out = novus("games", "-d", data)
    assert code == 0, out
    assert len(closed) == 1


def test_python_m_novus_runs_the_command(tmp_path: Path) -> None:
    """`python3 -m novus` (how a checkout runs its own sources) failed: "'novus' is a package
    and cannot be directly executed"."""
    done = subprocess.run(
        [sys.executable, "-m", "novus", "games", "-d", str(tmp_path)],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and "no games stored yet" in done.stdout, done.stderr
