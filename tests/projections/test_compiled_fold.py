"""The compiled projection fold (mypyc, built at install time with the engine) never runs
stale, and rebuilds the same rows as the pure-Python one.

CI installs on a fresh machine, so the suite runs the compiled fold there when the build worked;
the pure-Python path runs here in a subprocess with ``NOVUS_PURE=1``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from domain.puerto_rico.compiled import RECORD, SourceFirst, source_hashes, source_path
from projections import compiled
from projections.compiled import MODULES, fresh

ROOT = Path(__file__).resolve().parents[2]

REBUILD = """
import hashlib, sys, tempfile
from pathlib import Path
import duckdb
from application.service import open_app
from projections import runner
from projections.compiled import running_compiled
from projections.schema import TABLES

app = open_app(Path(sys.argv[1]))
if not app.game_ids():
    kinds = [("puerto-rico", 4, {}), ("puerto-rico", 3, {"buildings": "all", "nobles": "true"}),
             ("santa-maria", 3, {}), ("century-new-world", 2, {}), ("mundus-novus", 3, {})]
    for seed, (game, players, options) in enumerate(kinds * 2):
        app.simulate(game, players, options, seed=seed, bot="random" if seed % 2 else "heuristic")
out = Path(tempfile.mkdtemp(dir=sys.argv[1]))
runner.catch_up(app, folder=out, rebuild=True)
con = duckdb.connect(str(out / runner.WORK_FILE), read_only=True)
h = hashlib.sha256()
for name in TABLES:
    rows = sorted(map(repr, con.sql(f"SELECT * FROM {name}").fetchall()))
    h.update(name.encode() + repr(len(rows)).encode() + "".join(rows).encode())
print(running_compiled(), h.hexdigest())
"""


def _run(code: str, *args: str, root: Path = ROOT, pure: bool = False) -> str:
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("NOVUS_PURE", None)
    if pure:
        env["NOVUS_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout.strip()


def test_the_pure_and_the_installed_fold_write_the_same_rows(tmp_path: Path) -> None:
    pure = _run(REBUILD, str(tmp_path), pure=True)
    installed = _run(REBUILD, str(tmp_path))
    assert pure.startswith("False ")  # NOVUS_PURE=1: every module from its source
    assert pure.split()[1] == installed.split()[1]


def _package_copy(tmp_path: Path) -> Path:
    for module in MODULES:
        target = source_path(module, tmp_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source_path(module, compiled.HERE), target)
    (tmp_path / RECORD).write_text(json.dumps({"sources": source_hashes(tmp_path, MODULES)}))
    return tmp_path


def test_the_fold_record_is_fresh_until_a_source_changes(tmp_path: Path) -> None:
    root = _package_copy(tmp_path)
    assert fresh(root)
    edited = source_path("games.puerto_rico", root)
    edited.write_text(edited.read_text() + "\n# an edit after the build\n")
    assert not fresh(root)
    (root / RECORD).unlink()
    assert not fresh(root)


def test_every_games_statistics_module_is_compiled() -> None:
    """Each game's facts and scores run at every step of a rebuild, as the fold does."""
    from projections import games

    for stats in games.known():
        assert games.module_name(stats.game).removeprefix("projections.") in MODULES


def test_source_first_finds_the_projection_modules_python_files() -> None:
    finder = SourceFirst(compiled.PACKAGE, compiled.HERE)
    spec = finder.find_spec("projections.games.puerto_rico", None)
    assert spec is not None and spec.origin == str(compiled.HERE / "games" / "puerto_rico.py")
    assert finder.find_spec("domain.puerto_rico.state", None) is None


STATE = (
    "from projections.compiled import running_compiled as fold\n"
    "from domain.puerto_rico.compiled import running_compiled as engine\n"
    "print(fold(), engine())"
)


def test_a_copy_with_an_edited_fold_runs_python_not_its_build(tmp_path: Path) -> None:
    """What an editable install does after an edit of the fold: the fold runs Python, the
    engine stays compiled (and an edited engine leaves the fold compiled)."""
    for package in ("domain", "projections", "application"):
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    for group in (*ROOT.glob("novus_puerto_rico__mypyc*"), *ROOT.glob("novus_projections__mypyc*")):
        shutil.copy(group, tmp_path)
    fold_built, engine_built = (_run(STATE).split()[i] == "True" for i in (0, 1))
    assert _run(STATE, root=tmp_path) == f"{fold_built} {engine_built}"
    assert _run(STATE, root=tmp_path, pure=True) == "False False"
    edited = tmp_path / "projections" / "fold.py"
    edited.write_text(edited.read_text() + "\n# an edit after the build\n")
    assert _run(STATE, root=tmp_path) == f"False {engine_built}"
    turns = tmp_path / "domain" / "puerto_rico" / "turns.py"
    turns.write_text(turns.read_text() + "\n# an edit after the build\n")
    shutil.copy(ROOT / "projections" / "fold.py", edited)
    assert _run(STATE, root=tmp_path) == f"{fold_built} False"
