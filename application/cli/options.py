"""Options shared by several commands, and opening the store they name."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from application.service import NovusApp, open_app
from domain.core.errors import NovusError

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        "-d",
        help="Data folder (default: $NOVUS_DATA_DIR or ./novus-data).",
        show_default=False,
    ),
]

OptionPairs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Game option as KEY=VALUE; repeat for several."),
]


class BadOption(NovusError):
    """A `--option` that is not of the form KEY=VALUE."""


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """`["variant=base", "pack=synthetic"]` -> `{"variant": "base", "pack": "synthetic"}`."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise BadOption(
                f"--option {pair!r} is not KEY=VALUE",
                hint="e.g. --option pack=synthetic; `novus rules GAME` lists the options",
            )
        options[key.strip()] = value.strip()
    return options


def open_store(data_dir: Path | None) -> NovusApp:
    """The application on the data folder given on the command line (or the default one)."""
    return open_app(data_dir)
