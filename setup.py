"""Install-time build of the Puerto Rico engine and the projection's fold with mypyc, from the
very sources installed.

`pip install .` and `pip install -e .` run this (everything else is in pyproject.toml). The
modules named in `domain/puerto_rico/compiled.py` and `projections/compiled.py` are compiled
when mypyc and a C compiler are there; any failure leaves the pure-Python code, which is always
installed, and the install goes on. A successful build writes `compiled.json` in each package,
the hash of each source compiled: a package loads its compiled modules only while every source
still has that hash (an editable install runs its sources again after an edit). ``NOVUS_PURE=1``
at install time skips the build.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE_DIR = ROOT / "domain" / "puerto_rico"
FOLD_DIR = ROOT / "projections"


def _record_module(path: Path, name: str) -> Any:
    """A package's `compiled.py`, loaded by path (importing the package is not needed)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RECORD = _record_module(PACKAGE_DIR / "compiled.py", "_novus_compiled")
FOLD = _record_module(FOLD_DIR / "compiled.py", "_novus_fold_compiled")
"""The projection's fold (`projections/compiled.py`): its own group, so a stale engine source
runs as Python under it; recorded with the engine's functions."""

BUILDS = (
    (PACKAGE_DIR, RECORD.MODULES, "novus_puerto_rico", Path("domain", "puerto_rico")),
    (FOLD_DIR, FOLD.MODULES, FOLD.GROUP, Path("projections")),
)
"""(source folder, modules, mypyc group, folder in the build) of each compiled package."""


def _say(text: str) -> None:
    print(f"novus: {text}", file=sys.stderr)


def _extensions() -> list[Any]:
    if os.environ.get(RECORD.PURE_ENV) == "1":
        _say(f"{RECORD.PURE_ENV}=1: the Puerto Rico engine is not compiled")
        return []
    try:
        from mypyc.build import mypycify

        found = []
        for folder, modules, group, _ in BUILDS:
            paths = [str(RECORD.source_path(m, folder).relative_to(ROOT)) for m in modules]
            found += list(mypycify(paths, opt_level="3", group_name=group))
        return found
    except BaseException as exc:  # mypycify exits on a type error: never fatal
        _say(f"the Puerto Rico engine is not compiled ({exc!r}); it runs as Python")
        return []


class OptionalBuildExt(build_ext):
    """Builds the compiled engine if it can and records the sources it was built from; a
    failure (no compiler, ...) is reported and leaves the pure-Python engine."""

    def run(self) -> None:
        targets = []
        for folder, modules, _, built in BUILDS:
            built_record = Path(self.build_lib) / built / RECORD.RECORD
            for old in {folder / RECORD.RECORD, built_record}:
                old.unlink(missing_ok=True)  # no record, no compiled code loads
            target = folder / RECORD.RECORD if self.inplace else built_record
            targets.append((target, folder, modules, RECORD.source_hashes(folder, modules)))
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # CompileError, a missing compiler, OSError...
            _say(f"compiling the Puerto Rico engine failed ({exc!r}); it runs as Python")
            return
        for target, folder, modules, sources in targets:
            if RECORD.source_hashes(folder, modules) != sources:
                _say(f"a source changed during the build: {folder.name} will run as Python")
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps({"sources": sources}, indent=1), encoding="utf-8")
        _say("the Puerto Rico engine and the projection's fold are compiled (NOVUS_PURE=1 runs "
             "them as Python)")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
