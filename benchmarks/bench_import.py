"""Import throughput: native 4-player Puerto Rico files per second, validation included.

    python benchmarks/bench_import.py [--games 1000] [--players 4] [--bot heuristic]
                                      [--reports 30]

Makes `--games` simulated games in a scratch store, exports them as `.novus.jsonl` files, then
times `importers.api.import_paths` into a fresh SQLite store: reading, header validation, the
rules engine on every step (parse), the engine again in the aggregate, and one save per game.
Target (issue 7): 1,000 4-player games in under 60 s. Then a re-import of the same files (all
`already present`) and, with `--reports`, PBeM report imports (written by the report writer),
into an empty store and into the store of `--games` games (a new report is looked for among the
stored games it may continue: issue 21's games in progress).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from application.service import open_app
from importers.api import export_bytes, import_bytes, import_paths
from importers.pbem.writer import write


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--reports", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
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
