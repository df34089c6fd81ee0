"""Whether the projection's per-step fold runs compiled (mypyc) or from its Python sources.

Built and guarded like the Puerto Rico engine (`domain/puerto_rico/compiled.py`, whose import
plumbing this uses): `setup.py` compiles `MODULES` at install time, apart from the engine (a
stale engine source then runs as Python under a compiled fold, never compiled code of an old
source), and records their sources' hashes in `compiled.json` here; `choose` (run by the
package's `__init__`) loads every module of `projections` from its source when that record is
missing or names other sources, or with ``NOVUS_PURE=1``. The fold is the same Python either way
(`tests/projections/test_compiled_fold.py` rebuilds the same rows on both paths).

Nothing is imported at module level: `setup.py` reads `MODULES` from this file by path.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = "projections"
HERE = Path(__file__).resolve().parent
GROUP = "novus_projections"
MODULES: tuple[str, ...] = (
    "columns",
    "fold",
    "games.puerto_rico",
    "games.santa_maria",
    "games.century_new_world",
    "games.mundus_novus",
)
"""The modules compiled, relative to the package: what runs at every step of a rebuild besides
the engine (the fold, its row lists, each game's facts and scores)."""


def fresh(root: Path = HERE) -> bool:
    """Whether `root`'s record names exactly the sources there now (False without one)."""
    from domain.puerto_rico import compiled

    return compiled.fresh(root, MODULES)


def choose() -> bool:
    """Let a fresh compiled build of `MODULES` load, or load every module from its source."""
    from domain.puerto_rico import compiled

    return compiled.choose(PACKAGE, HERE, MODULES)


def running_compiled() -> bool:
    """Whether the fold was loaded from a compiled build."""
    from projections import fold

    return not (fold.__file__ or "").endswith(".py")


def status() -> str:
    """Which fold runs and why, for `novus --version` (as the engine's `status`)."""
    from domain.puerto_rico import compiled

    return compiled.status(running_compiled(), HERE)
