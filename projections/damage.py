"""Damaged projection files: told apart from other DuckDB errors, and named for the user.

The views are derived data, so damage is never fatal: the published copy (`views.duckdb`) is
published again from the projector's file as soon as a reader meets the damage
(`projections.read.Views`), and the projector's own file (`views-projector.duckdb`) is replaced
and replayed from the event store by `novus project --rebuild`.
"""

from __future__ import annotations

import re
from pathlib import Path

import duckdb

from application.i18n import _
from domain.core.errors import NovusError

SIGNS = (
    "not a valid duckdb database",
    "corrupt database file",
    "could not read enough bytes",
    "checksum",
    "database file has been truncated",
    "failed to deserialize",
    "serialization error",
    "invalid block",
)
"""Words of DuckDB's errors for a file that is truncated, overwritten or otherwise damaged."""


def is_lock_error(error: BaseException) -> bool:
    """Whether a DuckDB error says another process holds the file's lock."""
    text = str(error).lower()  # the word "lock": "block" is not one
    return isinstance(error, duckdb.IOException) and re.search(r"\block\b", text) is not None


def is_damage(error: BaseException) -> bool:
    """Whether a DuckDB error says the database file itself is damaged."""
    if not isinstance(error, duckdb.Error) or is_lock_error(error):
        return False
    text = str(error).lower()
    return any(sign in text for sign in SIGNS)


class DamagedViews(NovusError):
    """The published views file is damaged and could not be published again just now."""


class DamagedProjection(NovusError):
    """The projector's own DuckDB file is damaged."""


def damaged_projection(path: Path, error: BaseException) -> DamagedProjection:
    return DamagedProjection(
        _("the projector's file {path} is damaged ({error})", path=path, error=brief(error)),
        hint=_(
            "run `novus project --rebuild`: it replaces the file and replays every stored event"
        ),
    )


def brief(error: BaseException) -> str:
    return str(error).splitlines()[0][:120] if str(error) else type(error).__name__
