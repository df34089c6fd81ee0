"""Dashboard speed, server side: a replay step change and the library page.

    python3 benchmarks/bench_dashboard.py [--steps N] [--library-games N]

- Step change: a 4-player Puerto Rico game (Expansions 1 and 2 on) is stored; the Replay page is
  run in Streamlit's `AppTest` (the same script run the server does for a browser, without the
  websocket) at a random step, then "Next" is clicked; the time of that rerun is measured over
  `--steps` random steps (p50, p95, max). The board, move list, alternatives and score chart
  are all built in that rerun. The pure computation (`replay.frame`) is timed on its own too.
- Library: `--library-games` games are stored and projected into DuckDB, then the Library page
  is run (cold: first run in a fresh process-wide cache; warm: a rerun).
Targets (issue 6): step change < 100 ms, library < 2 s with 10,000 games.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from uuid import UUID

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from application.service import open_app  # noqa: E402
from dashboard.replay import frame  # noqa: E402

OPTIONS = {"buildings": "draft", "nobles": "true"}


def _replay() -> None:
    from dashboard.pages import replay_page

    replay_page()


def _ms(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"max {ordered[-1] * 1000:.1f} ms"
    )


def _timed(action: Callable[[], object]) -> float:
    begin = time.perf_counter()
    action()
    return time.perf_counter() - begin


def bench_step_change(folder: Path, samples: int) -> None:
    app = open_app(folder)
    game = app.simulate("puerto-rico", 4, OPTIONS, seed=7, bot="heuristic")
    last = len(app.history(game).steps)
    os.environ["NOVUS_DATA_DIR"] = str(folder)
    st.cache_data.clear()
    st.cache_resource.clear()
    rng = random.Random(1)
    at = AppTest.from_function(_replay, default_timeout=60)
    at.query_params["game"] = str(game)
    at.query_params["step"] = "0"
    first = _timed(at.run)
    reruns = []
    for _ in range(samples):
        at.slider[0].set_value(rng.randrange(0, last - 1))
        at.run()
        reruns.append(_timed(at.button(key="next").click().run))
        assert not at.exception, at.exception
    print(f"4-player game, {last} steps ({OPTIONS})")
    print(f"  replay page, first run (reads the game, folds the scores): {first * 1000:.0f} ms")
    print(f"  step change (Next clicked, whole page rerun), {samples} random steps: {_ms(reruns)}")
    pure = [_timed(lambda: frame(app, UUID(str(game)), rng.randrange(0, last))) for _ in range(200)]
    print(f"  replay.frame alone (state, board HTML, alternatives), 200 random steps: {_ms(pure)}")


def _library() -> None:
    from dashboard.pages import library_page

    library_page()


def _fill_library(folder: Path, target: int) -> int:
    """`target` games in the views: a few real ones projected, then copies of their rows under
    new ids and names (the Library reads only the `games` table), published as the projector
    does. The event store keeps the real games only, so the dashboard has nothing to catch up."""
    from projections.runner import Projector

    app = open_app(folder)
    real = 24
    for i in range(real):
        names = [f"Player {(i + k) % 40}" for k in range(3 + i % 3)]
        app.simulate("puerto-rico", names, {}, seed=i, bot="random")
    with Projector(app, folder=folder) as projector:
        projector.catch_up()
        con = projector.view.con
        copies = (target - real + real - 1) // real
        con.execute(
            f"""INSERT INTO games
                SELECT g.* REPLACE (
                    g.game_id || '-' || c AS game_id,
                    list_transform(g.seats, lambda s: s || ' ' || (c % 97)) AS seats,
                    g.started - to_minutes(c) AS started,
                    g.search || ' copy ' || c AS search)
                FROM games g, range(1, {copies + 1}) r(c)"""
        )
        projector.publish()
        (count,) = con.execute("SELECT count(*) FROM games").fetchone() or (0,)
    return int(count)


def bench_library(folder: Path, games: int) -> None:
    stored = _fill_library(folder, games)
    os.environ["NOVUS_DATA_DIR"] = str(folder)
    st.cache_data.clear()
    st.cache_resource.clear()
    at = AppTest.from_function(_library, default_timeout=120)
    cold = _timed(at.run)
    assert not at.exception, at.exception
    caption = at.caption[0].value
    warm = [_timed(at.run) for _ in range(5)]
    filtered = []
    for name in ("Player 3", "Player 17 5", "nobody"):
        at.text_input(key="f_search").input(name)
        filtered.append(_timed(at.run))
    at.text_input(key="f_search").input("")
    at.run()
    at.multiselect(key="f_players").select(4)
    filtered.append(_timed(at.run))
    print(f"library with {stored} games in DuckDB ({caption})")
    print(f"  first load (process cold: app, views connection, query, table): {cold * 1000:.0f} ms")
    print(f"  reload: {_ms(warm)}")
    print(f"  filter change (search text, player count): {_ms(filtered)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--library-games", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bench_step_change(Path(tmp) / "replay", args.steps)
        bench_library(Path(tmp) / "library", args.library_games)


if __name__ == "__main__":
    main()
