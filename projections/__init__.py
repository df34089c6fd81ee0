"""DuckDB projections of the event store: analytics tables, statistics, and the read API.

- `schema.py`: the tables and views; `columns.py`: a batch of rows as column lists; `rows.py`:
  a batch as Arrow tables;
- `projection.py`: `GamesProjection`, events -> rows; `fold.py`: the engine folded once per game;
  `workers.py`: the folds spread over worker processes;
- `view.py`: `DuckDBView`, the projector's DuckDB file (rows + tracking in one transaction);
- `runner.py`: catch-up, follow, rebuild, and publishing the copy readers use;
- `read.py`: `Views`, the read API of the dashboard and the CLI;
- `games/`: per-game statistics modules behind a small interface;
- `compiled.py`: whether the fold runs compiled (mypyc, built at install time) or as Python.

See docs/architecture.md for the contracts.
"""

from projections import compiled as _compiled

COMPILED_ALLOWED = _compiled.choose()
"""Whether a compiled build of the fold may load (`projections.compiled`)."""
