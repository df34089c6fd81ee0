"""What a person or a script meets at the edges of the CLI: the version, "did you mean",
the exit codes of docs/cli.md, a readable list of missing components, a closed pipe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import novus
from domain.puerto_rico.compiled import running_compiled
from novus.cli import main
from novus.cli.main import app
from projections.compiled import running_compiled as fold_running_compiled

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def novus_cli(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_version() -> None:
    code, out = novus_cli("--version")
    first, engine, fold = out.strip().splitlines()
    assert code == 0 and first == f"novus {novus.__version__}"
    assert novus.__version__[0].isdigit()
    # whether the Puerto Rico engine runs compiled, which nothing else tells a user
    compiled = running_compiled()
    assert engine.startswith("Puerto Rico engine: ")
    assert ("compiled (mypyc)" in engine) == compiled
    assert compiled or "Python (" in engine
    # and whether the projection's fold does, built and guarded apart from the engine
    fold_compiled = fold_running_compiled()
    assert fold.startswith("Projection fold: ")
    assert ("compiled (mypyc)" in fold) == fold_compiled
    assert fold_compiled or "Python (" in fold


def test_an_unknown_game_suggests_the_closest() -> None:
    code, out = novus_cli("rules", "puerto-ric")
    flat = " ".join(out.split())
    assert code == 1 and "unknown game 'puerto-ric'" in flat
    assert "did you mean 'puerto-rico'?" in flat
    code, out = novus_cli("simulate", "-g", "santa-mara")  # ("santamaria" names it: taken)
    assert code == 1 and "did you mean 'santa-maria'?" in " ".join(out.split())
    code, out = novus_cli("rules", "chess")
    assert code == 1 and "did you mean" not in out and "known games" in " ".join(out.split())


def test_unknown_commands_and_options_are_usage_errors_with_a_suggestion() -> None:
    code, out = novus_cli("gamez")
    assert code == main.USAGE_ERROR == 2 and "Did you mean 'games'?" in out
    code, out = novus_cli("games", "--gam", "puerto-rico")
    assert code == 2 and "--game" in out
    code, out = novus_cli("show")
    assert code == 2 and "Missing argument" in out


def test_the_published_pack_error_is_a_list() -> None:
    code, out = novus_cli("simulate", "-g", "santa-maria", "-p", "2", "-o", "pack=published")
    assert code == 1
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if "is incomplete" in line)
    problems = [line for line in lines[first + 1 :] if line.startswith("  - missing ")]
    assert len(problems) > 10
    assert f"({len(problems)} problems)" in lines[first]
    assert "missing missing" not in out


def test_a_bug_exits_with_3_and_says_how_to_see_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(**_: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(main, "app", broken)
    monkeypatch.delenv(main.DEBUG_VAR, raising=False)
    with pytest.raises(SystemExit) as stopped:
        main.run()
    assert stopped.value.code == main.INTERNAL_ERROR == 3
    err = " ".join(capsys.readouterr().err.split())
    assert "internal error: ZeroDivisionError: boom" in err and "NOVUS_DEBUG=1" in err


def test_a_closed_pipe_ends_quietly() -> None:
    """`novus rules --json | head -0`: the reader is gone before Novus writes (it closes its end
    at once, long before the interpreter has started)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "novus.cli.main", "rules", "--json"],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == main.PIPE_CLOSED, err
    assert "error" not in err.lower() and "Traceback" not in err


def test_a_mistyped_game_option_suggests_the_closest() -> None:
    code, out = novus_cli("simulate", "-g", "santa-maria", "-p", "2", "-o", "packk=synthetic")
    flat = " ".join(out.split())
    assert code == 1 and "unknown option 'packk'" in flat and "did you mean 'pack'?" in flat
    code, out = novus_cli("simulate", "-g", "santa-maria", "-p", "2", "-o", "pack=synthetik")
    flat = " ".join(out.split())
    assert code == 1 and "did you mean 'synthetic'?" in flat and "one of: synthetic" in flat


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["games", "--limit", "0"], "Invalid value for '--limit' / '-n': it must be at least 1"),
        (["games", "--limit", "x"], "'--limit' / '-n': a whole number is needed"),
    ],
)
def test_a_refused_value_is_said_plainly_in_english(args: list[str], said: str) -> None:
    """English showed pydantic's words ("Input should be greater than or equal to 1"), which
    the Korean screen already put plainly."""
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert said in result.output and "Input should" not in result.output, result.output
