"""Novus: event-sourced replay and analytics for four New World board games.

The package is the front door: the `novus` command (`novus.cli`) and a small Python API
(`novus.api`: `read_game`, `open_data`, `Game`; re-exported here on first use). It is
kept light on import, so `novus --help` starts quickly: heavy modules load in the commands that
use them.
"""

from __future__ import annotations

from importlib import metadata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from novus.api import Data, Game, open_data, read_game

try:
    __version__ = metadata.version("novus")
except metadata.PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0.0.0+unknown"

_API = ("Data", "Game", "open_data", "read_game")
"""The Python API (`novus.api`), loaded on first use so `import novus` stays light."""


def __getattr__(name: str) -> Any:
    if name in _API:
        from novus import api

        return getattr(api, name)
    raise AttributeError(f"module 'novus' has no attribute {name!r}")


__all__ = ["Data", "Game", "__version__", "open_data", "read_game"]
