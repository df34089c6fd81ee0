"""Import throughput: native 4-player Puerto Rico files per second, validation included.

    python benchmarks/bench_import.py [--games 1000] [--players 4] [--bot heuristic]
                                      [--reports 30] [--baseline REV [--rounds 5] [--dir D]]

Makes `--games` simulated games in a scratch store, exports them as `.novus.jsonl` files, then
times `importers.api.import_paths` into a fresh SQLite store: reading, header validation, the
rules engine on every step (checked once, while reading), the events and one save per game.
Target (issue 7): 1,000 4-player games in under 60 s. Then a re-import of the same files (all
`already present`) and, with `--reports`, PBeM report imports (written by the report writer),
into an empty store and into the store of `--games` games (a new report is looked for among the
stored games it may continue: issue 21's games in progress).

With `--baseline REV` (a git revision, e.g. the main of before a change), the same files are
imported by this checkout and by REV (`git archive`d to a temporary folder), each in a fresh
Python process and a fresh store, taking turns going first for `--rounds` rounds; it prints the
median games/s of each and the ratio (issue 26: at least 1.6x). `--dir` puts the stores there
(/dev/shm takes the disk's fsync out).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from application.service import open_app
from importers.api import export_bytes, import_bytes, import_paths
from importers.pbem.writer import write

ROOT = Path(__file__).resolve().parents[1]
TIMED = """
import sys, time
from pathlib import Path
from application.service import open_app
from importers.api import import_paths
paths = sorted(Path(sys.argv[1]).iterdir())
app = open_app(Path(sys.argv[2]))
start = time.perf_counter()
results = import_paths(app, paths)
elapsed = time.perf_counter() - start
assert all(r.status == "imported" for r in results), [r.error for r in results if r.error]
print(len(paths) / elapsed)
"""
"""One timed import in a fresh process: the files folder, the store folder -> games/s."""


def checkout(revision: str, folder: Path) -> Path:
    """The tree of `revision` of this repository, unpacked into `folder` (read-only use of git)."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def timed_import(source: Path, files: Path, store: Path) -> float:
    """Games/s of importing `files` with the code in `source`, in a new process."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    out = subprocess.run(
        [sys.executable, "-c", TIMED, str(files), str(store)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=source,
    ).stdout
    return float(out.strip().splitlines()[-1])


def compare(revision: str, files: Path, rounds: int, scratch: Path) -> None:
    """This checkout against `revision` on the same files, turn about, medians and ratio."""
    base = checkout(revision, scratch / "baseline")
    rates: dict[str, list[float]] = {"this checkout": [], revision: []}
    sources = {"this checkout": ROOT, revision: base}
    for r in range(rounds):
        order = list(rates) if r % 2 == 0 else list(reversed(rates))
        for name in order:
            store = Path(tempfile.mkdtemp(dir=scratch))
            rates[name].append(timed_import(sources[name], files, store))
    now, before = (statistics.median(rates[k]) for k in rates)
    print(f"native import, {rounds} rounds each, turn about, fresh process and store each:")
    for name, values in rates.items():
        shown = ", ".join(f"{v:.1f}" for v in values)
        print(f"  {name:<16} median {statistics.median(values):6.1f} games/s ({shown})")
    print(f"  ratio this checkout / {revision}: {now / before:.2f} (target 1.6)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--reports", type=int, default=30)
    parser.add_argument("--baseline", default=None, help="a git revision to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of --baseline")
    parser.add_argument("--dir", default=None, help="folder for the stores and files")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        root = Path(folder)
        source = open_app(root / "source")
        files = root / "files"
        files.mkdir()
        start = time.perf_counter()
        ids = [
            source.simulate("puerto-rico", args.players, {}, seed=seed, bot=args.bot)
            for seed in range(args.games)
        ]
        for game_id in ids:
            (files / f"{game_id}.novus.jsonl").write_bytes(export_bytes(source, game_id))
        made = time.perf_counter() - start
        paths = sorted(files.iterdir())
        size = sum(p.stat().st_size for p in paths)
        print(f"made {len(paths)} files ({size / 1e6:.1f} MB) in {made:.1f} s (not timed below)")

        if args.baseline:
            compare(args.baseline, files, args.rounds, root)
            return
        target = open_app(root / "target")
        start = time.perf_counter()
        results = import_paths(target, paths)
        elapsed = time.perf_counter() - start
        assert all(r.status == "imported" for r in results), [r.error for r in results if r.error]
        moves = sum(r.steps for r in results)
        print(
            f"import {len(paths)} {args.players}-player games: {elapsed:.2f} s = "
            f"{len(paths) / elapsed:.1f} games/s, {moves / elapsed:,.0f} moves/s "
            f"({moves / len(paths):.0f} moves/game); target 1,000 games < 60 s"
        )
        start = time.perf_counter()
        again = import_paths(target, paths)
        elapsed = time.perf_counter() - start
        assert all(r.status == "present" for r in again)
        print(f"re-import (all already present): {len(paths) / elapsed:.1f} games/s")

        if args.reports:
            texts = []
            for game_id in ids[: args.reports]:
                record = source.history(game_id)
                texts.append(write(record.setup, record.steps, style=random.Random(1)).encode())
            reports = open_app(root / "reports")
            start = time.perf_counter()
            done = [import_bytes(reports, f"r{i}.txt", t) for i, t in enumerate(texts)]
            elapsed = time.perf_counter() - start
            assert all(r.status == "imported" for r in done), [r.error for r in done]
            print(f"PBeM reports: {len(texts) / elapsed:.1f} reports/s")
            # a report not stored yet is looked for among the stored games it may continue
            # (games in progress): the same reports into the store of --games native games
            start = time.perf_counter()
            crowded = [import_bytes(target, f"r{i}.txt", t) for i, t in enumerate(texts)]
            more = time.perf_counter() - start
            assert all(r.status == "imported" for r in crowded), [r.error for r in crowded]
            print(
                f"PBeM reports into a store of {len(paths)} games: {len(texts) / more:.1f} "
                f"reports/s ({more / elapsed:.2f}x the time into an empty store)"
            )


if __name__ == "__main__":
    main()
