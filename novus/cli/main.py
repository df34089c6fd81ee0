"""The `novus` typer app, assembled from area modules.

Each area module `novus/cli/<area>.py` exposes `register(app: typer.Typer) -> None`. To add
commands, create the module and add its name to `AREAS`; areas whose module does not exist yet
are left out. Every user error (`NovusError`, store and file errors) is printed as a short message
with a hint and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import signal
import sqlite3
import sys
from typing import Annotated, Any


def _quiet_interrupt(signum: int, frame: object) -> None:
    """Ctrl+C while the command line loads (a second or two on a busy machine) ends as a shell
    reports SIGINT, without the traceback of whichever import it cut short.

    If the load failed part-way (an import raised and the caller went on: a test runner, a
    script), the guard was never taken down: Ctrl+C is then the default KeyboardInterrupt again,
    from now on, instead of an exit from whatever runs."""
    module = sys.modules.get(__name__)
    if module is None or vars(module) is not globals():  # this load was abandoned
        signal.signal(signal.SIGINT, signal.default_int_handler)
        raise KeyboardInterrupt
    raise SystemExit(130)


def _guard_loading() -> object:
    """Ctrl+C quiet until the commands are loaded; the handler it replaced (None: none)."""
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not if ignored
            return signal.signal(signal.SIGINT, _quiet_interrupt)
    except ValueError:  # imported outside the main thread: signals are not ours to set
        pass
    return None


_loading = _guard_loading()

import typer  # after the guard: loading the commands is the slow part of a start
from typer._click.core import Command, Context, Parameter
from typer._click.exceptions import BadParameter
from typer.core import TyperGroup

from application.i18n import LANG_VAR, LANGUAGES, _, current_language, set_language
from domain.core.errors import NovusError
from novus.cli.console import errors, report
from novus.cli.metavars import with_metavars

AREAS: tuple[str, ...] = (
    "simulation",
    "library",
    "verification",
    "demo",
    "projections",
    "io",
    "dashboard",
    "components",
    "play",
    "analysis",
)
"""Area modules under `novus.cli`, registered in this order if they exist."""

DEBUG_VAR = "NOVUS_DEBUG"

OK, USER_ERROR, USAGE_ERROR, INTERNAL_ERROR = 0, 1, 2, 3
"""Exit codes (docs/cli.md): done; a user error (`NovusError`: bad input, a game not found, a
failed verification...) with a message and a hint; a usage error (unknown command or option,
bad option value: typer's own code); a bug in Novus."""
PIPE_CLOSED = 141
"""The reader of our output went away (`| head`): as a shell reports a program ended by SIGPIPE."""
INTERRUPTED = 130
"""Ctrl+C: as a shell reports a program ended by SIGINT."""


def store_failed(error: BaseException) -> bool:
    """Whether `error` is the event store's (SQLite or PostgreSQL through eventsourcing).

    eventsourcing is imported by the commands that open a store, not at start (so `--help` stays
    fast): if it was never imported, the error cannot be one of its."""
    if isinstance(error, sqlite3.Error):
        return True
    persistence = sys.modules.get("eventsourcing.persistence")
    return persistence is not None and isinstance(error, persistence.PersistenceError)


def query_interrupted(error: BaseException) -> bool:
    """Whether `error` is Ctrl+C met inside a DuckDB query, which DuckDB raises as its own error
    (`RuntimeError('Query interrupted')`, or `InterruptException`) instead of KeyboardInterrupt."""
    if isinstance(error, RuntimeError) and str(error) == "Query interrupted":
        return True
    duckdb = sys.modules.get("duckdb")  # loaded by the commands that use it, not at start
    return duckdb is not None and isinstance(error, duckdb.InterruptException)


def _choose_language(value: str | None) -> str | None:
    if value:
        if value not in LANGUAGES:
            raise typer.BadParameter(_("choose one of {choices}", choices=", ".join(LANGUAGES)))
        set_language(value)
        _speak_typer()
    return value


def _speak_typer() -> None:
    """Typer's own texts (help pages, usage errors) in the display language, when not English
    (English needs nothing: `novus --help` stays as light as it was)."""
    if current_language() != "en":
        from novus.cli.typer_text import install

        install()


def _given_language(args: list[str]) -> str | None:
    """The `--lang` value anywhere on the command line (`novus show --help --lang ko`: the help
    page is made before the option would be read in its turn)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


@functools.cache
def lang_option() -> Parameter:
    """`--lang ko|en`: the display language of this run (default: $NOVUS_LANG, else English).

    Built once and shared by every command (a parameter keeps no per-command state): building it
    per command cost `novus --help` about 70 ms."""
    probe = typer.Typer()

    @probe.command()
    def probe_command(
        lang: Annotated[
            str | None,
            typer.Option(
                "--lang",
                metavar="en|ko",
                help=f"Display language: en or ko (default: ${LANG_VAR}, else en).",
                callback=_choose_language,
                is_eager=True,
                expose_value=False,
            ),
        ] = None,
    ) -> None:
        """Only here to build the option the way typer builds every other one."""

    return typer.main.get_command(probe).params[0]


def with_lang(command: Command) -> Command:
    """`command` with the `--lang` option (once), on every command and group below it."""
    if not any(p.name == "lang" for p in command.params):
        command.params.append(lang_option())
    return command


class NovusGroup(TyperGroup):
    """Turns every expected error of any command into a message and an exit code; every command
    takes `--lang`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        with_lang(self)

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if ctx.parent is None:
            given = _given_language(args)
            # each run starts from --lang, else $NOVUS_LANG (tests run many in one process)
            set_language(given if given in LANGUAGES else None)
            _speak_typer()
            with_metavars(self, ctx)
        return super().parse_args(ctx, args)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None:
            return None
        if isinstance(command, TyperGroup) and not isinstance(command, NovusGroup):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None:
                    with_metavars(with_lang(sub), ctx)
        return with_metavars(with_lang(command), ctx)

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except BadParameter as error:
            if current_language() == "en":  # pydantic's words ("Input should be greater than
                from novus.cli.typer_text import why  # or equal to 1") said plainly

                error.message = why(error.message)
            raise
        except NovusError as error:
            report(error)
            raise typer.Exit(USER_ERROR) from None
        except BrokenPipeError:  # `novus games --csv | head`: the reader has what it wanted
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes at exit
            raise typer.Exit(PIPE_CLOSED) from None
        except OSError as error:
            where = f" ({error.filename})" if error.filename else ""
            report(NovusError(f"{error.strerror or error}{where}", hint="check the path"))
            raise typer.Exit(USER_ERROR) from None
        except Exception as error:
            if query_interrupted(error):  # Ctrl+C during a DuckDB query: not a bug in Novus
                errors.print(f"[yellow]{_('interrupted')}[/]")
                raise typer.Exit(INTERRUPTED) from None
            if not store_failed(error):
                raise
            report(
                NovusError(
                    f"the event store failed: {error}",
                    hint="check the data folder or the POSTGRES_* settings (see README.md)",
                )
            )
            raise typer.Exit(USER_ERROR) from None
        except KeyboardInterrupt:
            errors.print(f"[yellow]{_('interrupted')}[/]")
            raise typer.Exit(INTERRUPTED) from None


app = typer.Typer(
    name="novus",
    cls=NovusGroup,
    help="Novus: event-sourced replay and analytics for four New World board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


def _show_version(value: bool) -> None:
    if value:
        from novus import __version__

        typer.echo(f"novus {__version__}")
        typer.echo(_engine_line())
        typer.echo(_fold_line())
        raise typer.Exit(OK)


def _engine_line() -> str:
    """Whether the Puerto Rico engine runs compiled (nothing else tells a user), if not why."""
    from domain.puerto_rico.compiled import status

    return {
        "compiled": _("Puerto Rico engine: compiled (mypyc)"),
        "pure": _("Puerto Rico engine: Python (NOVUS_PURE=1)"),
        "stale": _(
            "Puerto Rico engine: Python (its sources changed since the compiled build; "
            "pip install -e . builds it again)"
        ),
    }.get(status(), _("Puerto Rico engine: Python (not compiled at install)"))


def _fold_line() -> str:
    """Whether the projection's fold (what a rebuild runs at every step besides the engines)
    runs compiled, if not why: built and guarded like the engine, but apart from it."""
    from projections.compiled import status

    return {
        "compiled": _("Projection fold: compiled (mypyc)"),
        "pure": _("Projection fold: Python (NOVUS_PURE=1)"),
        "stale": _(
            "Projection fold: Python (its sources changed since the compiled build; "
            "pip install -e . builds it again)"
        ),
    }.get(status(), _("Projection fold: Python (not compiled at install)"))


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version of Novus and exit.",
            callback=_show_version,
            is_eager=True,
            expose_value=False,
        ),
    ] = False,
) -> None:
    """Novus: event-sourced replay and analytics for four New World board games."""


unavailable: dict[str, str] = {}
"""Area modules that exist but failed to load: area -> error (shown by `novus --help` users)."""


def register_areas(target: typer.Typer, areas: tuple[str, ...] = AREAS) -> list[str]:
    """Register each existing area module on `target`; returns the names registered."""
    done = []
    for area in areas:
        name = f"{__package__}.{area}"
        if importlib.util.find_spec(name) is None:
            continue
        try:
            importlib.import_module(name).register(target)
        except Exception as error:  # a broken area must not take the whole CLI down
            unavailable[area] = f"{type(error).__name__}: {error}"
            errors.print(f"[yellow]warning:[/] the {area} commands are unavailable: {error}")
            continue
        done.append(area)
    return done


registered = register_areas(app)
if _loading is not None:  # loaded: Ctrl+C is KeyboardInterrupt again, each command's to handle
    signal.signal(signal.SIGINT, _loading)  # type: ignore[arg-type]


def run() -> None:
    """Console-script entry point: `novus ...`."""
    try:
        app(prog_name="novus")
    except KeyboardInterrupt:  # while typer builds the commands, before any command runs
        errors.print(f"[yellow]{_('interrupted')}[/]")
        raise SystemExit(INTERRUPTED) from None
    except Exception as error:
        if os.environ.get(DEBUG_VAR):
            raise
        errors.print(
            f"[bold red]internal error:[/] {type(error).__name__}: {error}\n"
            f"[yellow]hint:[/] this is a bug in Novus; rerun with {DEBUG_VAR}=1 to see the "
            "traceback and report it"
        )
        raise SystemExit(INTERNAL_ERROR) from None


if __name__ == "__main__":
    run()
