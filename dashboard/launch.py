"""Start the dashboard server: `streamlit run dashboard/app.py` with the data folder in the env.

Streamlit always runs headless: in a fresh home, a non-headless Streamlit asks for an e-mail
address on the terminal and serves nothing until it is answered, so `novus demo` would hang.
Novus waits for the server's health check and opens the browser itself. The server listens on
127.0.0.1 unless a host is given on purpose (the Upload page has no password).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import webbrowser
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

from application.errors import PortBusy
from importers.api import MAX_FILE_BYTES

APP = Path(__file__).resolve().parent / "app.py"
LOCAL_HOST = "127.0.0.1"
"""Where the dashboard listens unless `--host` says otherwise: this machine only."""
READY_SECONDS = 60.0
"""How long to wait for the server's health check before saying it is slow."""

SETTINGS: dict[str, str] = {
    "server.headless": "true",  # no e-mail prompt, no browser opened by Streamlit
    "server.showEmailPrompt": "false",
    "server.fileWatcherType": "none",  # users do not edit the app; no watchdog advert
    "browser.gatherUsageStats": "false",  # no telemetry, no telemetry notice
    "client.toolbarMode": "minimal",  # no Deploy button, no developer menu
    "logger.hideWelcomeMessage": "true",  # Novus prints the address itself
    "logger.level": "warning",  # no "server started" lines; problems still show
    # uploads above Novus's file limit are refused by the server while they stream in (the
    # default, 200 MB, held a 150 MB file in memory before Novus refused it)
    "server.maxUploadSize": str(MAX_FILE_BYTES // (1024 * 1024)),
}
"""Streamlit settings every dashboard run uses (command-line flags beat any config file)."""


def command(port: int, open_browser: bool = False, *, host: str = LOCAL_HOST) -> list[str]:
    """The Streamlit command line. `open_browser` is kept for callers of the old signature:
    Streamlit never opens the browser (`serve` does, once the server answers)."""
    flags = [f"--{key}={value}" for key, value in SETTINGS.items()]
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(APP),
        f"--server.port={port}",
        f"--server.address={host}",
        *flags,
    ]


def is_local(host: str) -> bool:
    """Whether `host` is reachable from this machine only (a loopback address or `localhost`)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def port_free(port: int, host: str = LOCAL_HOST) -> bool:
    """Whether a server could listen on `host`:`port` now (as the server binds: connections of
    an earlier run waiting to close do not count, a listening server does)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def url(port: int, host: str = LOCAL_HOST) -> str:
    """The address to open: a wildcard host is reached through this machine's loopback."""
    if host in {"", "0.0.0.0", "::"}:
        host = LOCAL_HOST
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def healthy(base: str, timeout: float = 1.0) -> bool:
    """Whether the server at `base` answers its health check."""
    try:
        with urllib.request.urlopen(f"{base}/_stcore/health", timeout=timeout) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


@contextlib.contextmanager
def background(folder: Path, timeout: float = 30.0) -> Iterator[str]:
    """A dashboard server for `folder` on a free local port, quiet, yielded (its base URL)
    once it answers its health check and stopped on exit (browser tests and benchmarks)."""
    with socket.socket() as s:
        s.bind((LOCAL_HOST, 0))
        port: int = s.getsockname()[1]
    env = dict(os.environ, NOVUS_DATA_DIR=str(folder))
    proc = subprocess.Popen(
        command(port), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = url(port).rstrip("/")
    try:
        deadline = time.monotonic() + timeout
        while not healthy(base):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("dashboard server did not start")
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def can_open_browser(env: dict[str, str] | None = None) -> bool:
    """Whether a graphical browser can be opened: on Linux without a display and without
    `$BROWSER`, `webbrowser` would start a text browser that takes over the terminal."""
    env = dict(os.environ) if env is None else env
    if env.get("BROWSER"):
        return True
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    return True


def open_in_browser(address: str) -> bool:
    """Open `address` in the user's browser (in the background); False when none can be."""
    if not can_open_browser():
        return False
    threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()
    return True


STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """SIGTERM or a closed terminal (SIGHUP) stop the server too, as Ctrl+C does, instead of
    leaving it running without Novus."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve(
    data_dir: str | Path,
    port: int = 8501,
    open_browser: bool = True,
    *,
    host: str = LOCAL_HOST,
    on_ready: Callable[[str, bool], None] | None = None,
    on_slow: Callable[[str], None] | None = None,
    lang: str | None = None,
) -> int:
    """Run the dashboard until it stops (Ctrl+C or SIGTERM stop it too); returns its exit code.

    The data folder is passed as `NOVUS_DATA_DIR`. A port already in use raises `PortBusy`
    before Streamlit starts (it would only print a traceback). `on_ready(url, opened)` is called
    once the server answers (`opened`: a browser was asked to show it); `on_slow(url)` if it
    has not answered within `READY_SECONDS`. `lang`: the address opened and shown asks for
    that language (`?lang=`), else the browser's language decides."""
    if not port_free(port, host):
        raise PortBusy(port)
    env = dict(os.environ, NOVUS_DATA_DIR=str(Path(data_dir).resolve()))
    address = url(port, host)
    page = f"{address}/?lang={lang}" if lang else address
    with _stopped_by_signals():
        # Its own session: Ctrl+C reaches Novus only, which stops the server once. Streamlit's
        # stdout holds only its own banners; its log (problems) goes to stderr, shown.
        process = subprocess.Popen(
            command(port, host=host),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            started = time.monotonic()
            slow_said = False
            while process.poll() is None and not healthy(address):
                if not slow_said and time.monotonic() - started > READY_SECONDS:
                    slow_said = True
                    if on_slow is not None:
                        on_slow(page)
                time.sleep(0.2)
            if process.poll() is None:
                opened = open_in_browser(page) if open_browser else False
                if on_ready is not None:
                    on_ready(page, opened)
            return process.wait()
        finally:
            _stop(process)
