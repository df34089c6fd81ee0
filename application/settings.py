"""Where Novus keeps its data, and which event store it uses, chosen by the environment.

The data folder is `$NOVUS_DATA_DIR` (default `./novus-data`); it holds `events.sqlite` (the event
store, unless PostgreSQL is chosen) and `views.duckdb` (the projections). PostgreSQL is used when
`PERSISTENCE_MODULE=eventsourcing.postgres` and the library's `POSTGRES_*` settings are given.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

DATA_DIR_VAR = "NOVUS_DATA_DIR"
DEFAULT_DATA_DIR = "novus-data"
EVENTS_FILE = "events.sqlite"
VIEWS_FILE = "views.duckdb"
SQLITE = "eventsourcing.sqlite"
POSTGRES = "eventsourcing.postgres"
POSTGRES_KEYS = ("POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_PORT", "POSTGRES_USER")


def data_dir(path: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: `path` if given, else `$NOVUS_DATA_DIR`, else `./novus-data`."""
    chosen = path if path is not None else os.environ.get(DATA_DIR_VAR) or DEFAULT_DATA_DIR
    return Path(chosen).expanduser().resolve()


def events_path(folder: Path) -> Path:
    return folder / EVENTS_FILE


def views_path(folder: Path) -> Path:
    return folder / VIEWS_FILE


def persistence_module(env: Mapping[str, str] | None = None) -> str:
    """The store module the settings select: SQLite unless PostgreSQL is asked for."""
    merged = {**os.environ, **(env or {})}
    return merged.get("NOVUS_PERSISTENCE_MODULE") or merged.get("PERSISTENCE_MODULE") or SQLITE


def store_env(folder: Path, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The eventsourcing settings for the store in `folder`, on top of `env` and the process."""
    chosen = dict(env or {})
    if persistence_module(env) == POSTGRES:
        chosen["PERSISTENCE_MODULE"] = POSTGRES
        return chosen
    chosen["PERSISTENCE_MODULE"] = SQLITE
    chosen["SQLITE_DBNAME"] = str(events_path(folder))
    chosen.setdefault("SQLITE_LOCK_TIMEOUT", "10")
    return chosen


def describe_store(env: Mapping[str, str]) -> str:
    """A one-line, password-free description of the store, for CLI output."""
    if env.get("PERSISTENCE_MODULE") == POSTGRES:
        merged = {**os.environ, **env}
        host = merged.get("POSTGRES_HOST", "?")
        return (
            f"PostgreSQL {merged.get('POSTGRES_DBNAME', '?')} on {host}:"
            f"{merged.get('POSTGRES_PORT', '5432')} as {merged.get('POSTGRES_USER', '?')}"
        )
    return f"SQLite {env.get('SQLITE_DBNAME')}"
