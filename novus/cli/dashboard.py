"""`novus dashboard`: serve the Streamlit dashboard on a data folder (also used by `novus demo`)."""

from __future__ import annotations

import contextlib
import importlib
import os
from pathlib import Path
from typing import Annotated

import typer

from application import settings
from application.errors import PortBusy
from application.i18n import _, current_language
from novus.cli.console import console, errors
from novus.cli.options import DataDir, missing_folder

LOCAL_HOST = "127.0.0.1"

Port = Annotated[int, typer.Option("--port", "-p", min=1, max=65535, help="Port to serve on.")]
Host = Annotated[
    str,
    typer.Option(
        "--host",
        help="Address to listen on. The default serves this machine only; 0.0.0.0 opens the "
        "dashboard (and its Upload page, which has no password) to the network.",
    ),
]
Browser = Annotated[
    bool, typer.Option("--browser/--no-browser", help="Open a browser on the dashboard.")
]


def check_port(port: int, host: str) -> None:
    """Raise `PortBusy` now if the dashboard could not listen there (before any long work)."""
    launch = importlib.import_module("dashboard.launch")
    if not launch.port_free(port, host):
        raise PortBusy(port)


def run_dashboard(folder: Path, port: int, host: str, browser: bool) -> None:
    """Serve the dashboard until Ctrl+C, saying where it is and warning when it is exposed."""
    launch = importlib.import_module("dashboard.launch")
    if not launch.is_local(host):
        errors.print(
            f"[yellow]{_('warning:')}[/] "
            + _(
                "the dashboard listens on {host}: anyone who can reach this machine on port "
                "{port} can read every stored game and upload files, with no password",
                host=host,
                port=port,
            ),
            highlight=False,
        )
    console.print(_("starting the dashboard for {folder} ...", folder=folder), highlight=False)

    def ready(address: str, opened: bool) -> None:
        if opened:
            said = _(
                "the dashboard is ready at {url} (opened in your browser; Ctrl+C stops it)",
                url=address,
            )
        else:
            said = _(
                "the dashboard is ready: open {url} in a browser (Ctrl+C stops it)", url=address
            )
        console.print(said, highlight=False)

    def slow(address: str) -> None:
        console.print(
            _("the dashboard at {url} is slow to start; still waiting", url=address),
            highlight=False,
        )

    # a person who asked Novus for Korean (--lang, NOVUS_LANG) gets the dashboard in Korean
    # too, whatever language the browser is set to; otherwise the browser's language decides
    lang = current_language()
    with contextlib.suppress(KeyboardInterrupt):
        launch.serve(
            folder,
            port=port,
            open_browser=browser,
            host=host,
            on_ready=ready,
            on_slow=slow,
            lang=None if lang == "en" else lang,
        )
    console.print(_("dashboard stopped"))


def dashboard(
    data_dir: DataDir = None,
    port: Port = 8501,
    host: Host = LOCAL_HOST,
    browser: Browser = True,
) -> None:
    """Serve the dashboard (library, replay, statistics) until Ctrl+C."""
    folder = settings.data_dir(data_dir)
    check_port(port, host)
    sqlite = settings.persistence_module() == settings.SQLITE
    named = data_dir is not None or bool(os.environ.get(settings.DATA_DIR_VAR))
    if sqlite and named and not folder.is_dir():
        # as every command that reads: a mistyped --data-dir served an empty dashboard (and
        # made the folder) after a note that was easy to miss. The default folder is made: a
        # first run with no games yet opens the dashboard to upload or record them in
        raise missing_folder(
            data_dir,
            hint=_(
                "check the folder's name, or make games there first with `novus demo` or "
                "`novus simulate`; to start from an empty dashboard and upload games, create "
                "the folder first"
            ),
        )
    if sqlite and not settings.events_path(folder).exists():
        errors.print(
            f"[yellow]{_('note:')}[/] "
            + _(
                "{folder} holds no games yet: the dashboard starts empty (games can be uploaded "
                "there); `novus demo` fills a folder with sample games, --data-dir picks another",
                folder=folder,
            ),
            highlight=False,
        )
    run_dashboard(folder, port, host, browser)


def register(app: typer.Typer) -> None:
    app.command("dashboard")(dashboard)
