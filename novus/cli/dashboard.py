"""`novus dashboard`: serve the Streamlit dashboard on a data folder."""

from __future__ import annotations

from typing import Annotated

import typer

from application import settings
from application.errors import PortBusy
from novus.cli.console import console
from novus.cli.options import DataDir


def dashboard(
    data_dir: DataDir = None,
    port: Annotated[
        int, typer.Option("--port", "-p", min=1, max=65535, help="Port to serve on.")
    ] = 8501,
    browser: Annotated[
        bool, typer.Option("--browser/--no-browser", help="Open a browser on the dashboard.")
    ] = True,
) -> None:
    """Serve the dashboard (library, replay, statistics) until Ctrl+C."""
    from dashboard.launch import port_free, serve

    folder = settings.data_dir(data_dir)
    if not port_free(port):
        raise PortBusy(port)
    console.print(f"serving the dashboard for {folder} on http://localhost:{port} (Ctrl+C to stop)")
    try:
        serve(folder, port=port, open_browser=browser)
    except KeyboardInterrupt:
        console.print("dashboard stopped")


def register(app: typer.Typer) -> None:
    app.command("dashboard")(dashboard)
