"""Options shared by several commands, and opening the store they name."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from typer._click.globals import get_current_context

from application import settings
from application.i18n import _, term
from domain.core import registry
from domain.core.errors import NovusError, UnknownGame

if TYPE_CHECKING:  # the store (eventsourcing, psycopg) loads in the commands that open it
    from application.service import NovusApp

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
                _("--option '{pair}' is not KEY=VALUE", pair=pair),
                hint=_("e.g. --option pack=synthetic; `novus rules GAME` lists the options"),
            )
        options[key.strip()] = value.strip()
    return options


def new_folder(data_dir: Path | None) -> Path | None:
    """The outermost folder that opening the store in `data_dir` would create (None if the
    data folder is already there, or the store is not a SQLite file in it).

    `novus import` removes it again when nothing was stored: a mistyped --data-dir whose every
    file was rejected must not leave an empty data folder behind.
    """
    if settings.persistence_module() != settings.SQLITE:
        return None
    folder = settings.data_dir(data_dir)
    if folder.exists():
        return None
    while not folder.parent.exists() and folder.parent != folder:
        folder = folder.parent
    return folder


class NoStore(NovusError):
    """A command that only reads was pointed at a data folder with no event store."""


class NoDataFolder(NovusError):
    """A command that only reads was pointed at a data folder that does not exist: most often a
    typo in --data-dir, which "no games stored yet" made look like lost games."""


def missing_folder(data_dir: Path | None, hint: str | None = None) -> NoDataFolder:
    """The error for a missing data folder, saying where its path came from (`hint`: what to
    do, when the reading commands' own hint does not fit)."""
    folder = str(settings.data_dir(data_dir))
    if data_dir is not None:
        said = _("the data folder {folder} (from --data-dir) does not exist", folder=folder)
    elif os.environ.get(settings.DATA_DIR_VAR):
        said = _("the data folder {folder} (from NOVUS_DATA_DIR) does not exist", folder=folder)
    else:
        said = _("the data folder {folder} (the default) does not exist", folder=folder)
    return NoDataFolder(
        said,
        hint=hint
        or _(
            "check the folder's name, or make games there first with `novus demo` or "
            "`novus simulate`; reading commands do not create it"
        ),
    )


def open_store(data_dir: Path | None, *, create: bool = True) -> NovusApp:
    """The application on the data folder given on the command line (or the default one).

    Commands that only read pass `create=False`: a mistyped folder is then an error, not a new,
    empty store (`NoDataFolder` when the folder itself is missing, `NoStore` when it holds no
    event store). The store is closed when the command ends (its PostgreSQL pool with it, not
    later by the garbage collector).
    """
    if not create and settings.persistence_module() == settings.SQLITE:
        if not settings.data_dir(data_dir).is_dir():
            raise missing_folder(data_dir)
        events = settings.events_path(settings.data_dir(data_dir))
        if not events.exists():
            raise NoStore(
                _("no event store in {folder}", folder=str(events.parent)),
                hint=_(
                    "check --data-dir / NOVUS_DATA_DIR, or create games with `novus demo` "
                    "or `novus simulate`"
                ),
            )
    from application.service import open_app

    app = open_app(data_dir)
    context = get_current_context(silent=True)
    if context is not None:
        context.call_on_close(app.close)
    return app


def game_title(code: str) -> str:
    """A game's title in the display language ('puerto-rico' read as a code on a Korean line);
    a code no installed engine knows stays as it is."""
    return term(registry.get(code).title, "game") if code in registry.names() else code


def game_code(text: str) -> str:
    """`--game` by code (`puerto-rico`) or by the title the table shows, in English or the
    display language, any case and spacing (`Puerto Rico`, `푸에르토 리코`)."""
    known = registry.names()
    if text in known:
        return text

    def bare(name: str) -> str:
        return "".join(c for c in name.casefold() if c.isalnum())

    names = {
        code: (
            bare(code),
            bare(registry.get(code).title),
            bare(term(registry.get(code).title, "game")),
        )
        for code in known
    }
    for code, said in names.items():
        if bare(text) in said:
            return code

    # the first word(s) of one game's name ('센추리', 'santa'; not a word cut short:
    # 'puerto-ric' is a typo to be told about)
    def leads(name: str) -> set[str]:
        parts = [bare(w) for w in re.split(r"[\W_]+", name) if w]
        return {"".join(parts[:n]) for n in range(1, len(parts) + 1)}

    begun = {
        code
        for code in known
        for name in (code, registry.get(code).title, term(registry.get(code).title, "game"))
        if bare(text) in leads(name)
    }
    if len(begun) == 1:
        return begun.pop()
    # Korean writes some titles as one word ('산타마리아'): its first syllables are its first
    # word ('산타'), as 'santa' is Santa Maria's; a Latin word cut short stays a typo
    if len(bare(text)) >= 2 and all("가" <= c <= "힣" for c in bare(text)):
        titles = {code: bare(term(registry.get(code).title, "game")) for code in known}
        started = {code for code, title in titles.items() if title.startswith(bare(text))}
        if len(started) == 1:
            return started.pop()
    # the titles too: a person who typed a title ('센추리 뉴월드') learns the one we use
    raise UnknownGame(text, known, [f"{game_title(code)} ({code})" for code in known])
