"""Dashboard speed: replay stepping in a real browser, the replay's first load, the library page.

    python3 benchmarks/bench_dashboard.py [--presses N] [--library-games N]

- Replay stepping (Playwright, Debian's headless Chromium, the real server): a 4-player Puerto
  Rico game (Expansions 1 and 2 on) is opened; `--presses` key presses (Right mostly, some Left,
  N, B, Home) are sent 50 ms apart. Latency is measured in the page from the key event's
  timestamp to the first frame painted after the board changed (a MutationObserver on the board,
  then requestAnimationFrame + a task). Baseline, same browser and process: a bare page whose
  key handler only writes the step number (the browser's own key-to-paint floor). Lost presses:
  the final step against the one the presses ask for, 50 ms apart and back to back.
- Replay first load (server side): the whole game built for the browser (`replay_payload.build`:
  every board, sentence and score), and its size as sent.
- Library: `--library-games` games are stored and projected into DuckDB, then the Library page
  is run in `AppTest` (cold: first run in a fresh process-wide cache; warm: a rerun).
Targets (issue 17): key press to new board p95 < 50 ms, no lost presses; (issue 6) library < 2 s
with 10,000 games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from application.service import open_app  # noqa: E402
from dashboard import replay_payload  # noqa: E402
from dashboard.replay import MoveLine, move_lines, round_jumps  # noqa: E402

OPTIONS = {"buildings": "draft", "nobles": "true"}
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

PROBE = """() => {
  window.latencies = [];
  const target = TARGET;
  let pressed = [];
  document.addEventListener("keydown", (e) => pressed.push(e.timeStamp), true);
  new MutationObserver(() => {
    const started = pressed.shift();
    if (started === undefined) return;
    requestAnimationFrame(() => setTimeout(() => {
      window.latencies.push(performance.now() - started);
    }, 0));
  }).observe(target, { attributes: true, attributeFilter: ["data-step"] });
}"""

BARE_PAGE = """<html><body><div id="board" data-step="0">0</div><script>
let step = 0;
document.addEventListener("keydown", (e) => {
  step += e.key === "ArrowLeft" ? -1 : 1;
  const board = document.getElementById("board");
  board.textContent = String(step);
  board.dataset.step = String(step);
});
</script></body></html>"""


def _ms(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"max {ordered[-1] * 1000:.1f} ms"
    )


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def _timed(action: Callable[[], object]) -> float:
    begin = time.perf_counter()
    action()
    return time.perf_counter() - begin


@contextmanager
def _serving(folder: Path) -> Iterator[str]:
    """The real dashboard server for `folder` on a free local port."""
    from dashboard.launch import background

    with background(folder, timeout=60) as base:
        yield base


def _keys(presses: int, lines: list[MoveLine], rng: random.Random) -> tuple[list[str], int]:
    """Keys to press from step 0 (Right mostly; Left, N, B; Home at the end) and the step
    they end on, as the server's `round_jumps` computes N and B."""
    keys, step, last = [], 0, len(lines)
    for _ in range(presses):
        roll = rng.random()
        if step >= last:
            key, step = "Home", 0
        elif roll < 0.1 and step > 0:
            key, step = "ArrowLeft", step - 1
        elif roll < 0.14:
            key, step = "n", round_jumps(lines, step)[1]
        elif roll < 0.17:
            key, step = "b", round_jumps(lines, step)[2]
        else:
            key, step = "ArrowRight", step + 1
        keys.append(key)
    return keys, step


def _press(page: Any, keys: list[str], gap_ms: int) -> None:
    for key in keys:
        page.keyboard.press(key)
        if gap_ms:
            page.wait_for_timeout(gap_ms)


def bench_stepping(folder: Path, presses: int) -> None:
    from playwright.sync_api import sync_playwright

    app = open_app(folder)
    game = app.simulate("puerto-rico", 4, OPTIONS, seed=7, bot="heuristic")
    other = app.simulate("puerto-rico", 4, OPTIONS, seed=9, bot="heuristic")
    last = len(app.history(game).steps)
    rng = random.Random(1)
    keys, expected = _keys(presses, move_lines(app, game), rng)
    with _serving(folder) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        bare = browser.new_page(viewport={"width": 1400, "height": 1000})
        bare.set_content(BARE_PAGE)
        bare.evaluate(PROBE.replace("TARGET", "document.getElementById('board')"))
        bare.locator("#board").click()
        _press(bare, keys, 50)
        bare.wait_for_timeout(300)
        floor = [ms / 1000 for ms in bare.evaluate("window.latencies")]
        page = browser.new_page(viewport={"width": 1400, "height": 1000})

        def opened(which: object) -> float:
            began = time.perf_counter()
            page.goto(f"{base}/replay?game={which}&step=0")
            page.wait_for_function(
                f"window.novusReplay && window.novusReplay.data "
                f"&& window.novusReplay.data.game === '{which}'",
                timeout=60000,
            )
            return time.perf_counter() - began

        cold = opened(other)
        fresh = opened(game)
        again = opened(other)
        page.goto(f"{base}/replay?game={game}&step=0")
        page.wait_for_function(
            f"window.novusReplay && window.novusReplay.data.game === '{game}'", timeout=60000
        )
        page.evaluate(PROBE.replace("TARGET", "window.novusReplay.wrap"))
        page.get_by_role("heading", name="Replay").click()
        _press(page, keys, 50)
        page.wait_for_timeout(300)
        latencies = [ms / 1000 for ms in page.evaluate("window.latencies")]
        spaced = page.evaluate("window.novusReplay.step")
        page.keyboard.press("Home")
        burst_keys = ["ArrowRight"] * min(100, last)
        _press(page, burst_keys, 0)
        burst = page.evaluate("window.novusReplay.step")
        browser.close()
    print(f"4-player game, {last} steps ({OPTIONS}), {presses} key presses 50 ms apart")
    print(
        f"  replay page opened: first of the server {cold * 1000:.0f} ms, another game (built "
        f"and sent) {fresh * 1000:.0f} ms, a game opened before (cached) {again * 1000:.0f} ms"
    )
    print(f"  key press to new board painted: {_ms(latencies)}")
    print(f"  baseline, bare page key press to paint: {_ms(floor)}")
    print(f"  ratio replay/bare at p95: {_p95(latencies) / _p95(floor):.2f}")
    print(
        f"  presses 50 ms apart: ended on step {spaced} (expected {expected}), "
        f"{len(latencies)} of {presses} boards drawn"
    )
    print(
        f"  {len(burst_keys)} presses back to back: ended on step {burst} "
        f"(expected {len(burst_keys)})"
    )


def bench_payload(folder: Path) -> None:
    app = open_app(folder)
    game = app.simulate("puerto-rico", 4, OPTIONS, seed=8, bot="heuristic")
    last = len(app.history(game).steps)
    built: dict[str, Any] = {}
    seconds = _timed(lambda: built.update(replay_payload.build(app, game)))
    raw = sum(len("".join(built["pieces"][i] for i in board)) for board in built["boards"])
    sent = len(json.dumps(built))
    print(f"replay payload of a {last}-step game: built in {seconds * 1000:.0f} ms")
    print(f"  {sent / 1e6:.2f} MB as sent (boards as shared pieces; {raw / 1e6:.1f} MB drawn out)")


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
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--library-games", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bench_stepping(Path(tmp) / "replay", args.presses)
        bench_payload(Path(tmp) / "payload")
        bench_library(Path(tmp) / "library", args.library_games)


if __name__ == "__main__":
    main()
