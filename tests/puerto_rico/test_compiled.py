"""The compiled Puerto Rico engine (mypyc, built at install time) never runs stale, and plays the
same games as the pure-Python one.

CI installs on a fresh machine, so the suite runs compiled there when the build worked; the
pure-Python engine runs here in a subprocess with ``NOVUS_PURE=1``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from domain.puerto_rico import compiled
from domain.puerto_rico.compiled import MODULES, SourceFirst, fresh, source_hashes, source_path

ROOT = Path(__file__).resolve().parents[2]

GAMES = """
import hashlib, random, sys
from domain.core.bots import RandomBot
from domain.core.chance import resolve
from domain.core.protocol import CHANCE, ChanceStep, Decision
from domain.puerto_rico.compiled import running_compiled
from domain.puerto_rico.rules import RULES

OPTIONS = [{}, {"buildings": "all"}, {"buildings": "random", "nobles": "true"},
           {"buildings": "new", "discards": "reshuffle", "colonist_end": "short"}]
h = hashlib.sha256()
for g in range(int(sys.argv[1])):
    n = 3 + g % 3
    setup = RULES.prepare([f"P{i}" for i in range(n)], OPTIONS[g % len(OPTIONS)])
    heuristic = g % 2 == 0
    bots = [RULES.bot("heuristic", g + i) if heuristic else RandomBot(RULES, g + i)
            for i in range(n)]
    rng = random.Random(g)
    state = RULES.initial_state(setup)
    apply = RULES.apply if g % 3 == 0 else RULES.apply_trusted
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        if seat == CHANCE:
            step = ChanceStep(resolve(RULES.chance_spec(state), rng))
        else:
            h.update(repr(RULES.legal_actions(state, seat)).encode())
            step = Decision(seat, bots[seat].choose(state, seat))
        h.update(repr(step).encode())
        state = apply(state, step)
    h.update(repr((RULES.scores(state), sorted(state.__getstate__().items()))).encode())
    h.update(repr(RULES.view(state)).encode())
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


def test_the_pure_and_the_installed_engine_play_the_same_games() -> None:
    pure = _run(GAMES, "24", pure=True)
    installed = _run(GAMES, "24")
    assert pure.startswith("False ")  # NOVUS_PURE=1: every module from its source
    assert pure.split()[1] == installed.split()[1]


def _package_copy(tmp_path: Path) -> Path:
    """The package's compiled modules' sources in a scratch folder, with a record of them."""
    for module in MODULES:
        target = source_path(module, tmp_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source_path(module), target)
    (tmp_path / compiled.RECORD).write_text(json.dumps({"sources": source_hashes(tmp_path)}))
    return tmp_path


def test_a_record_of_the_sources_as_they_are_is_fresh(tmp_path: Path) -> None:
    assert fresh(_package_copy(tmp_path))


def test_an_edited_source_makes_the_build_stale(tmp_path: Path) -> None:
    root = _package_copy(tmp_path)
    edited = source_path("roles.mayor", root)
    edited.write_text(edited.read_text() + "\n# an edit after the build\n")
    assert not fresh(root)


def test_no_record_or_a_damaged_one_is_never_fresh(tmp_path: Path) -> None:
    root = _package_copy(tmp_path)
    (root / compiled.RECORD).unlink()
    assert not fresh(root)
    (root / compiled.RECORD).write_text("{not json")
    assert not fresh(root)
    (root / compiled.RECORD).write_text(json.dumps({"sources": {"state": "0" * 64}}))
    assert not fresh(root)


def test_source_first_finds_only_the_packages_python_files() -> None:
    finder = SourceFirst()
    spec = finder.find_spec("domain.puerto_rico.roles.mayor", None)
    assert spec is not None and spec.origin == str(source_path("roles.mayor"))
    package = finder.find_spec("domain.puerto_rico.roles", None)
    assert package is not None and package.submodule_search_locations
    assert finder.find_spec("domain.santa_maria.state", None) is None
    assert finder.find_spec("domain.puerto_rico.no_such_module", None) is None


STATE = "from domain.puerto_rico.compiled import running_compiled; print(running_compiled())"
STATUS = "from domain.puerto_rico.compiled import status; print(status())"


def test_a_copy_with_an_edited_source_runs_python_not_its_build(tmp_path: Path) -> None:
    """What an editable install does after an edit: the build stays, its sources changed."""
    shutil.copytree(
        ROOT / "domain", tmp_path / "domain", ignore=shutil.ignore_patterns("__pycache__")
    )
    for group in ROOT.glob("novus_puerto_rico__mypyc*"):
        shutil.copy(group, tmp_path)
    built = _run(STATE) == "True"
    assert _run(STATE, root=tmp_path) == str(built)  # the copy runs what the checkout runs
    assert _run(STATE, root=tmp_path, pure=True) == "False"
    edited = source_path("turns", tmp_path / "domain" / "puerto_rico")
    edited.write_text(edited.read_text() + "\n# an edit after the build\n")
    assert _run(STATE, root=tmp_path) == "False"
    # what `novus --version` says, and why it runs Python
    assert _run(STATUS, root=tmp_path) == ("stale" if built else "not built")
    assert _run(STATUS, root=tmp_path, pure=True) == "pure"
    assert _run(STATUS) == ("compiled" if built else "not built")
