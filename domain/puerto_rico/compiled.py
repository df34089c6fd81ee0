"""Whether the Puerto Rico engine runs compiled (mypyc) or from its Python sources.

At install time `setup.py` compiles the modules in `MODULES` with mypyc when it can (a C compiler
and mypy are there; otherwise the install goes on without), and writes `compiled.json` beside
them: the SHA-256 of each module's source as it was compiled. Python imports a compiled module in
preference to its source, whatever the source says now, so before any module of the package is
imported `choose` (called by the package's `__init__`) checks that record: when the record is
missing (no build, or a build that failed), when any source differs from what was compiled (an
editable install after an edit), or when ``NOVUS_PURE=1`` is set, every module of the package is
loaded from its source instead (`SourceFirst`). Compiled code can therefore never run stale.

Only import plumbing lives here (it reads the package's own files): the engine is the same
Python source either way, and both paths play the same games (tests/puerto_rico/test_compiled.py).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = "domain.puerto_rico"
HERE = Path(__file__).resolve().parent
RECORD = "compiled.json"
PURE_ENV = "NOVUS_PURE"

MODULES: tuple[str, ...] = (
    "actions",
    "black_market",
    "building_sets",
    "components",
    "guest_house",
    "heuristic",
    "land_office",
    "nobles",
    "roles.builder",
    "roles.captain",
    "roles.craftsman",
    "roles.mayor",
    "roles.prospector",
    "roles.settler",
    "roles.trader",
    "scoring",
    "setup",
    "state",
    "turns",
)
"""The modules compiled, relative to the package: the engine's steps, states and the heuristic
bot of the analysis rollouts. `rules` (its engine class is extended at run time), `describe`,
`view` and the names stay Python."""


def source_path(module: str, root: Path = HERE) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_hashes(root: Path = HERE, modules: Sequence[str] = MODULES) -> dict[str, str]:
    """SHA-256 of each compiled module's source, as `setup.py` records it."""
    return {m: hashlib.sha256(source_path(m, root).read_bytes()).hexdigest() for m in modules}


def fresh(root: Path = HERE, modules: Sequence[str] = MODULES) -> bool:
    """Whether `root`'s record names exactly the sources there now (False without one)."""
    try:
        record = json.loads((root / RECORD).read_text(encoding="utf-8"))
        return isinstance(record, dict) and record.get("sources") == source_hashes(root, modules)
    except (OSError, ValueError):
        return False


class SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the package's modules in their `.py` files only, never a compiled build."""

    def __init__(self, package: str = PACKAGE, root: Path = HERE) -> None:
        self.package = package
        self.root = root

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(self.package + "."):
            return None
        base = self.root.joinpath(*fullname[len(self.package) + 1 :].split("."))
        init = base / "__init__.py"
        if init.is_file():
            return importlib.util.spec_from_file_location(
                fullname, init, submodule_search_locations=[str(base)]
            )
        source = base.with_suffix(".py")
        if source.is_file():
            return importlib.util.spec_from_file_location(fullname, source)
        return None


def choose(package: str = PACKAGE, root: Path = HERE, modules: Sequence[str] = MODULES) -> bool:
    """Let a fresh compiled build load, or make every module load from source; True when the
    compiled modules may load (they do if they were built). Also for another package built the
    same way (`projections.compiled`: its own modules and record)."""
    if os.environ.get(PURE_ENV) != "1" and fresh(root, modules):
        return True
    if not any(isinstance(f, SourceFirst) and f.package == package for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst(package, root))
    return False


def running_compiled() -> bool:
    """Whether the engine's state module was loaded from a compiled build."""
    from domain.puerto_rico import state

    return not (state.__file__ or "").endswith(".py")


def status(compiled: bool | None = None, root: Path = HERE) -> str:
    """Which build runs and why, for `novus --version`: "compiled", or the reason it is Python:
    "pure" (``NOVUS_PURE=1``), "stale" (a source changed since the build), "not built". By
    default of the engine; the fold (`projections/compiled.py`) passes its own."""
    if running_compiled() if compiled is None else compiled:
        return "compiled"
    if os.environ.get(PURE_ENV) == "1":
        return "pure"
    return "stale" if (root / RECORD).exists() else "not built"
