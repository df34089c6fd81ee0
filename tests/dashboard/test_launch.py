"""`novus dashboard` as a new user starts it: a fresh home, a real terminal, nobody typing.

Streamlit asks for an e-mail address on a terminal in a fresh home unless it runs headless; the
test gives the dashboard a pseudo-terminal as stdin and expects the health check without input,
the browser opened by Novus, the server on 127.0.0.1 only, and no Streamlit banner.
"""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from dashboard import launch
from tests.dashboard.test_browser import _free_port, chromium

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 30.0
NOVUS = (sys.executable, "-m", "novus.cli.main")


@dataclass
class Started:
    """A `novus dashboard` process on a pseudo-terminal, and what it printed."""

    process: subprocess.Popen[bytes]
    port: int
    home: Path
    opened: Path
    seconds_to_health: float | None = None
    screen: bytearray = field(default_factory=bytearray)

    def text(self) -> str:
        return self.screen.decode(errors="replace")


def _listening(port: int) -> list[str]:
    """Local addresses (hex, as /proc shows them) of the sockets listening on `port`."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, _, hex_port = local.rpartition(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                found.append(address)
    return found


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Started]:
    home = tmp_path_factory.mktemp("fresh-home")
    opened = home / "opened-url"
    browser = home / "browser.sh"  # what `webbrowser` runs: records the address it was given
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    browser.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("STREAMLIT_", "DISPLAY"))}
    env.update(HOME=str(home), BROWSER=str(browser), PYTHONPATH=str(ROOT), TERM="xterm")
    port = _free_port()
    (home / "data").mkdir()  # a folder that does not exist is an error (test_cli_missing_folder)
    primary, secondary = pty.openpty()
    process = subprocess.Popen(
        [*NOVUS, "dashboard", "-d", str(home / "data"), "--port", str(port)],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        cwd=home,
        env=env,
    )
    os.close(secondary)
    run = Started(process, port, home, opened)

    def read() -> None:
        while True:
            try:
                chunk = os.read(primary, 4096)
            except OSError:
                return
            if not chunk:
                return
            run.screen.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    began = time.monotonic()
    while time.monotonic() - began < STARTUP_SECONDS and process.poll() is None:
        if launch.healthy(f"http://127.0.0.1:{port}", timeout=0.5):
            run.seconds_to_health = time.monotonic() - began
            break
        time.sleep(0.2)
    try:
        yield run
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        finally:
            if process.poll() is None:
                process.kill()
            os.close(primary)


def test_the_dashboard_answers_within_30_s_with_no_input_in_a_fresh_home(
    started: Started,
) -> None:
    assert started.seconds_to_health is not None, started.text()
    assert started.seconds_to_health < STARTUP_SECONDS
    assert not (started.home / ".streamlit" / "credentials.toml").exists()


def test_novus_opens_the_browser_itself_once_the_server_answers(started: Started) -> None:
    deadline = time.monotonic() + 10
    while not started.opened.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert started.opened.read_text().strip() == f"http://127.0.0.1:{started.port}"
    ready = f"ready at http://127.0.0.1:{started.port}"
    # the browser may be told before the reader thread has the line from the terminal (a loaded CI)
    while ready not in started.text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert ready in started.text()


def test_the_dashboard_listens_on_127_0_0_1_only(started: Started) -> None:
    assert _listening(started.port) == ["0100007F"], _listening(started.port)  # 127.0.0.1


def test_the_terminal_shows_no_streamlit_prompt_banner_or_telemetry_text(
    started: Started,
) -> None:
    time.sleep(0.5)  # anything printed just after the health check
    text = started.text().lower()
    for banner in ("email", "usage statistics", "you can now view", "network url", "uvicorn"):
        assert banner not in text, started.text()
    assert "starting the dashboard" in text


def test_sigterm_stops_the_server_with_novus(tmp_path: Path) -> None:
    port = _free_port()
    env = dict(os.environ, HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    (tmp_path / "data").mkdir()
    process = subprocess.Popen(
        [*NOVUS, "dashboard", "--no-browser", "-d", str(tmp_path / "data"), "--port", str(port)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while not launch.healthy(f"http://127.0.0.1:{port}", 0.5):
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.2)
        process.send_signal(signal.SIGTERM)
        out = process.communicate(timeout=20)[0].decode()
    finally:
        if process.poll() is None:
            process.kill()
    assert "dashboard stopped" in out
    assert _listening(port) == []  # Streamlit did not outlive Novus


@pytest.mark.browser
def test_library_path_opens_the_library(started: Started) -> None:
    """`/library` (the old address of the Library) leads to the Library, not "Page not found",
    and Streamlit's Deploy button is gone."""
    base = f"http://127.0.0.1:{started.port}"
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{base}/library")
        page.get_by_role("heading", name="Library").wait_for(timeout=20000)
        page.wait_for_selector("[data-test-script-state='notRunning']", timeout=20000)
        assert urlsplit(page.url).path in ("", "/"), page.url  # the Library's own address
        assert page.get_by_text("Page not found").count() == 0
        assert page.get_by_role("button", name="Deploy").count() == 0


def test_the_streamlit_command_is_headless_quiet_and_local() -> None:
    argv = launch.command(8501)
    assert "--server.headless=true" in argv and "--server.address=127.0.0.1" in argv
    assert "--browser.gatherUsageStats=false" in argv and "--client.toolbarMode=minimal" in argv
    assert "--server.address=0.0.0.0" in launch.command(8501, host="0.0.0.0")


def test_addresses_and_when_a_browser_can_open() -> None:
    assert launch.url(8501) == "http://127.0.0.1:8501"
    assert launch.url(9000, "0.0.0.0") == "http://127.0.0.1:9000"
    assert launch.url(9000, "::1") == "http://[::1]:9000"
    assert launch.is_local("127.0.0.1") and launch.is_local("localhost")
    assert launch.is_local("::1") and not launch.is_local("0.0.0.0")
    assert not launch.is_local("192.168.1.5")
    if sys.platform.startswith("linux"):  # a text browser would take over the terminal
        assert not launch.can_open_browser({})
        assert launch.can_open_browser({"DISPLAY": ":0"})
        assert launch.can_open_browser({"BROWSER": "firefox"})


def test_an_empty_data_folder_is_said_before_serving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder without games is served empty after a note (games can be uploaded there); a
    folder with games says nothing more. (A folder that does not exist is an error:
    tests/application/test_cli_missing_folder.py.)"""
    from typer.testing import CliRunner

    from application.service import open_app
    from novus.cli import dashboard as area
    from novus.cli.main import app

    served: list[Path] = []
    monkeypatch.setattr(area, "check_port", lambda port, host: None)
    monkeypatch.setattr(area, "run_dashboard", lambda folder, *rest: served.append(folder))
    empty = tmp_path / "empty"
    empty.mkdir()
    result = CliRunner().invoke(app, ["dashboard", "-d", str(empty), "--no-browser"])
    assert result.exit_code == 0 and served == [empty]
    assert "holds no games yet" in " ".join(result.output.split()), result.output
    full = tmp_path / "games"
    open_app(full).simulate("puerto-rico", 3, {}, seed=1, bot="random")
    result = CliRunner().invoke(app, ["dashboard", "-d", str(full), "--no-browser"])
    assert result.exit_code == 0 and "holds no games" not in result.output


class _Served:
    """A stand-in server process that is up at once and stops when waited on."""

    def poll(self) -> None:
        return None

    def wait(self, timeout: float | None = None) -> int:
        return 0


@pytest.mark.parametrize(("lang", "page"), [(None, ""), ("ko", "/?lang=ko")])
def test_the_page_opened_and_shown_asks_for_the_language_novus_was_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str | None, page: str
) -> None:
    """`novus --lang ko demo` (or NOVUS_LANG=ko) opened the dashboard in English when the
    browser asked for English: the address opened and shown carries `?lang=ko`; without a
    language of Novus's own, the browser's Accept-Language still decides."""
    opened: list[str] = []
    said: list[tuple[str, bool]] = []
    monkeypatch.setattr(launch, "port_free", lambda port, host: True)
    monkeypatch.setattr(launch.subprocess, "Popen", lambda *a, **k: _Served())
    monkeypatch.setattr(launch, "healthy", lambda base, timeout=1.0: True)
    monkeypatch.setattr(launch, "open_in_browser", lambda url: opened.append(url) or True)
    monkeypatch.setattr(launch, "_stop", lambda process: None)
    code = launch.serve(tmp_path, 8599, on_ready=lambda url, o: said.append((url, o)), lang=lang)
    assert code == 0
    assert opened == [f"http://127.0.0.1:8599{page}"]
    assert said == [(f"http://127.0.0.1:8599{page}", True)]


@pytest.mark.parametrize(
    ("args", "env", "lang"),
    [
        (("--lang", "ko"), {}, "ko"),
        ((), {"NOVUS_LANG": "ko"}, "ko"),
        ((), {}, None),
        (("--lang", "en"), {"NOVUS_LANG": "ko"}, None),
    ],
)
def test_novus_dashboard_passes_its_language_to_the_page(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    env: dict[str, str],
    lang: str | None,
) -> None:
    from typer.testing import CliRunner

    from novus.cli.main import app as cli

    monkeypatch.delenv("NOVUS_LANG", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    asked: list[object] = []

    def serve(folder: Path, **options: object) -> int:
        asked.append(options.get("lang"))
        raise KeyboardInterrupt

    monkeypatch.setattr(launch, "serve", serve)
    monkeypatch.setattr(launch, "port_free", lambda port, host: True)
    result = CliRunner().invoke(
        cli, [*args, "dashboard", "-d", str(tmp_path), "--no-browser", "--port", "8598"]
    )
    assert result.exit_code == 0, result.output
    assert asked == [lang]
