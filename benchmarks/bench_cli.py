"""How fast `novus --help` starts, against a bare `python -c "import typer"` in the same run.

    python3 benchmarks/bench_cli.py [--runs N] [--command "show --help"]

Each run starts a fresh interpreter for both (alternating, so a busy machine slows both alike)
and times it from outside. Reported: the median and the fastest of each, and their difference;
the target (issue 17) is `novus --help` within 0.3 s of the bare typer import. It also lists which
of DuckDB, pyarrow, pandas and psycopg `novus --help` imported (none is the goal: the commands
that use them import them).
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("duckdb", "pyarrow", "pandas", "psycopg", "eventsourcing", "streamlit")
TARGET_SECONDS = 0.3
LOADED = """
import runpy, sys
sys.argv = ["novus", *sys.argv[1:]]
try:
    runpy.run_module("novus.cli.main", run_name="__main__")
except SystemExit:
    pass
sys.stderr.write(" ".join(m for m in {heavy!r} if m in sys.modules))
"""


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) seconds of one run of `argv`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def summary(label: str, runs: list[tuple[float, float]]) -> tuple[float, float]:
    wall = statistics.median(w for w, _ in runs)
    cpu = statistics.median(c for _, c in runs)
    fastest = min(w for w, _ in runs)
    print(f"{label:<28} wall median {wall:.3f} s (fastest {fastest:.3f} s), CPU median {cpu:.3f} s")
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--command", default="--help", help="novus arguments to time")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    novus = [sys.executable, "-m", "novus.cli.main", *shlex.split(args.command)]
    bare = [sys.executable, "-c", "import typer"]
    timed(novus, env)  # warm the file cache and the .pyc files first
    timed(bare, env)
    novus_times: list[tuple[float, float]] = []
    bare_times: list[tuple[float, float]] = []
    for _ in range(args.runs):
        novus_times.append(timed(novus, env))
        bare_times.append(timed(bare, env))
    loaded = subprocess.run(
        [sys.executable, "-c", LOADED.format(heavy=HEAVY), *shlex.split(args.command)],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stderr.split()
    print(f"runs: {args.runs} of each, alternating; load average {os.getloadavg()[0]:.1f}")
    n_wall, n_cpu = summary(f"novus {args.command}", novus_times)
    b_wall, b_cpu = summary("python -c 'import typer'", bare_times)
    met = "met" if n_wall - b_wall <= TARGET_SECONDS else "NOT met"
    print(
        f"difference: wall {n_wall - b_wall:+.3f} s, CPU {n_cpu - b_cpu:+.3f} s "
        f"(target: within {TARGET_SECONDS} s of wall time: {met}); "
        f"ratio {n_wall / b_wall:.1f}x"
    )
    print(f"heavy modules imported by `novus {args.command}`: {', '.join(loaded) or 'none'}")


if __name__ == "__main__":
    main()
