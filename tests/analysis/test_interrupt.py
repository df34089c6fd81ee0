"""Ctrl-C in a terminal during `novus analyse` with workers: the terminal sends SIGINT to every
process of the group, and the user sees one short "interrupted" (in the display language), never
a worker's KeyboardInterrupt traceback; the next run resumes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from application.i18n import LANG_VAR

ROOT = Path(__file__).resolve().parents[2]


def _novus(data: Path, *args: str, lang: str = "en") -> list[str]:
    return [sys.executable, "-m", "novus.cli.main", "--lang", lang, *args, "--data-dir", str(data)]


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:  # a thread that ended
            continue
    return found


def _ignores_sigint(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    ignored = next(line for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(ignored.split()[1], 16) & (1 << (signal.SIGINT - 1)))


def _workers_ready(pid: int, workers: int, timeout: float) -> bool:
    """Whether `workers` children of `pid` run with SIGINT ignored (their pool's start) within
    `timeout` seconds: the readiness to wait for, whatever the load."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if sum(_ignores_sigint(c) for c in _children(pid)) >= workers:
            return True
        time.sleep(0.05)
    return False


def test_ctrl_c_stops_every_worker_without_a_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    env.pop(LANG_VAR, None)
    subprocess.run(
        _novus(tmp_path, "simulate", "-g", "puerto-rico", "-p", "4", "-n", "3"),
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=True,
        timeout=300,
    )
    child = subprocess.Popen(
        _novus(tmp_path, "analyse", "--all", "--rollouts", "48", "--workers", "2", lang="ko"),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, like a terminal's foreground job
        # Ctrl-C's default action, whatever this test's runner inherited (a background job's
        # SIGINT is ignored, and Python then installs no KeyboardInterrupt)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    # the workers started and took Ctrl-C off themselves (the whole run takes minutes): a fixed
    # 8 s could end before that on a loaded machine, and SIGINT then met the start instead
    deadline = time.monotonic() + 120
    while len(_children(child.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(_children(child.pid)) >= 2, "the two workers did not start"
    # their start done (not asserted: workers that keep Ctrl-C fail the checks below)
    _workers_ready(child.pid, 2, timeout=10)
    assert child.poll() is None
    os.killpg(child.pid, signal.SIGINT)  # what Ctrl-C does: the whole group
    out, err = child.communicate(timeout=120)
    shown = (err + out).decode(errors="replace")
    assert child.returncode == 130, shown
    assert "Traceback" not in shown and "ForkPoolWorker" not in shown, shown
    assert "KeyboardInterrupt" not in shown
    assert "중단" in shown and "interrupted" not in shown  # the display language's word
