"""Install-time build of the Puerto Rico engine with mypyc, from the very sources installed.

`pip install .` and `pip install -e .` run this (everything else is in pyproject.toml). The
modules named in `domain/puerto_rico/compiled.py` are compiled when mypyc and a C compiler are
there; any failure leaves the pure-Python engine, which is always installed, and the install goes
on. A successful build writes `compiled.json`, the hash of each source compiled: the package
loads the compiled modules only while every source still has that hash (an editable install runs
its sources again after an edit). ``NOVUS_PURE=1`` at install time skips the build.
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


def _record_module() -> Any:
    """`domain/puerto_rico/compiled.py`, loaded by path (importing the package is not needed)."""
    spec = importlib.util.spec_from_file_location("_novus_compiled", PACKAGE_DIR / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RECORD = _record_module()


def _say(text: str) -> None:
    print(f"novus: {text}", file=sys.stderr)


def _extensions() -> list[Any]:
    if os.environ.get(RECORD.PURE_ENV) == "1":
        _say(f"{RECORD.PURE_ENV}=1: the Puerto Rico engine is not compiled")
        return []
    try:
        from mypyc.build import mypycify

        paths = [str(RECORD.source_path(m, PACKAGE_DIR).relative_to(ROOT)) for m in RECORD.MODULES]
        return list(mypycify(paths, opt_level="3", group_name="novus_puerto_rico"))
    except BaseException as exc:  # mypycify exits on a type error: never fatal
        _say(f"the Puerto Rico engine is not compiled ({exc!r}); it runs as Python")
        return []


class OptionalBuildExt(build_ext):
    """Builds the compiled engine if it can and records the sources it was built from; a
    failure (no compiler, ...) is reported and leaves the pure-Python engine."""

    def run(self) -> None:
        built_record = Path(self.build_lib) / "domain" / "puerto_rico" / RECORD.RECORD
        target = PACKAGE_DIR / RECORD.RECORD if self.inplace else built_record
        for old in {PACKAGE_DIR / RECORD.RECORD, built_record}:
            old.unlink(missing_ok=True)  # no record, no compiled code loads
        if not self.extensions:
            return
        sources = RECORD.source_hashes(PACKAGE_DIR)
        try:
            super().run()
        except Exception as exc:  # CompileError, a missing compiler, OSError...
            _say(f"compiling the Puerto Rico engine failed ({exc!r}); it runs as Python")
            return
        if RECORD.source_hashes(PACKAGE_DIR) != sources:
            _say("a source changed during the build: the compiled engine will not be used")
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps({"sources": sources}, indent=1), encoding="utf-8")
        _say("the Puerto Rico engine is compiled (NOVUS_PURE=1 runs it as Python)")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
