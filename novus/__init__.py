"""Novus: event-sourced replay and analytics for four New World board games.

The package is the front door: the `novus` command (`novus.cli`) and a small Python API
(`novus.api`: `read_game`, `open_data`, `Game`; re-exported here on first use). It is
kept light on import, so `novus --help` starts quickly: heavy modules load in the commands that
use them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from novus.api import Data, Game, open_data, read_game

    __version__: str


def _version() -> str:
    """The installed version (read on first use: `importlib.metadata` costs a CLI start ~30 ms)."""
    from importlib import metadata

    try:
        return metadata.version("novus")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "0.0.0+unknown"


_API = ("Data", "Game", "open_data", "read_game")
"""The Python API (`novus.api`), loaded on first use so `import novus` stays light."""


def __getattr__(name: str) -> Any:
    if name == "__version__":
        globals()["__version__"] = version = _version()
        return version
    if name in _API:
        from novus import api

        return getattr(api, name)
    raise AttributeError(f"module 'novus' has no attribute {name!r}")


__all__ = ["Data", "Game", "__version__", "open_data", "read_game"]
