"""Start the dashboard server: `streamlit run dashboard/app.py` with the data folder in the env."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from application.errors import PortBusy

APP = Path(__file__).resolve().parent / "app.py"


def command(port: int, open_browser: bool) -> list[str]:
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(APP),
        "--server.port",
        str(port),
        "--server.headless",
        "false" if open_browser else "true",
        "--browser.gatherUsageStats",
        "false",
    ]


def port_free(port: int) -> bool:
    """Whether a server could listen on `port` now (on every interface, as Streamlit does)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("", port))
        except OSError:
            return False
    return True


def serve(data_dir: str | Path, port: int = 8501, open_browser: bool = True) -> int:
    """Run the dashboard until it stops; the data folder is passed as `NOVUS_DATA_DIR`.

    A port already in use raises `PortBusy` before Streamlit starts (it would only print a
    traceback)."""
    if not port_free(port):
        raise PortBusy(port)
    env = dict(os.environ, NOVUS_DATA_DIR=str(Path(data_dir).resolve()))
    return subprocess.call(command(port, open_browser), env=env)
