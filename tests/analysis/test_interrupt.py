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
    time.sleep(8.0)  # started, workers rolling out (the whole run takes minutes)
    assert child.poll() is None
    os.killpg(child.pid, signal.SIGINT)  # what Ctrl-C does: the whole group
    out, err = child.communicate(timeout=120)
    shown = (err + out).decode(errors="replace")
    assert child.returncode == 130, shown
    assert "Traceback" not in shown and "ForkPoolWorker" not in shown, shown
    assert "KeyboardInterrupt" not in shown
    assert "중단" in shown and "interrupted" not in shown  # the display language's word
