"""Novus: event-sourced replay and analytics for four New World board games.

The package is the front door: the `novus` command (`novus.cli`) and a small Python API. It is
kept light on import, so `novus --help` starts quickly: heavy modules load in the commands that
use them.
"""

from __future__ import annotations

from importlib import metadata

try:
    __version__ = metadata.version("novus")
except metadata.PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]
