"""The projector's tuning defaults, apart from `projections.runner` (which uses them) so the CLI
shows them in `--help` without loading DuckDB."""

from __future__ import annotations

BATCH_SIZE = 20000
"""Events per transaction: each commit costs a few milliseconds whatever its size."""
AUTO = 0
"""`workers=AUTO`: one fold process per idle core (`runner.idle_cores`) while a large backlog
is caught up, else none."""
AUTO_MIN_EVENTS = 20_000
"""Backlog from which `AUTO` starts workers: a worker process starts in about 0.15 s (it imports
the engines only); on two cores, Puerto Rico folds break even at about 14,000 events and a
34,000-event Santa Maria store projects in 1.1 s instead of 1.8 s
(`benchmarks/bench_projections.py`)."""
POLL_SECONDS = 0.2
"""Seconds between polls of the store while following."""
