"""The replay's computations: score timeline from the engine fold, round jumps."""

from __future__ import annotations

from pathlib import Path

from application.service import open_app
from dashboard.charts import at_step, score_chart, score_spec
from dashboard.replay import MoveLine, frame, move_lines, round_jumps, score_timeline, scores_at


def test_score_timeline_ends_on_the_recorded_scores(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    game = app.simulate(
        "puerto-rico", 4, {"nobles": "true", "buildings": "draft"}, seed=3, bot="random"
    )
    points = score_timeline(app, game)
    record = app.history(game)
    assert record.scores is not None
    last = len(record.steps)
    assert points[0].step == 0 and points[-1].step == last
    for seat in record.scores.seats:
        final = {p.category: p.points for p in points if p.step == last and p.seat == seat.seat}
        assert final == seat.breakdown
    assert {p.category for p in points} == {"shipping", "buildings", "large_buildings", "nobles"}
    # only the steps where some score changed are kept
    steps = sorted({p.step for p in points})
    assert len(steps) < last / 2
    spec = score_chart(points, 40).to_dict()
    assert spec["facet"]["field"] == "player"
    layers = spec["spec"]["layer"]
    assert layers[1]["encoding"]["x"]["datum"] == 40
    once = score_spec(points)
    moved = at_step(once, 77)
    assert moved["spec"]["layer"][1]["encoding"]["x"]["datum"] == 77
    assert once["spec"]["layer"][1]["encoding"]["x"]["datum"] == 0  # the cached one is untouched
    assert moved["datasets"] is once["datasets"]


def test_round_jumps(tmp_path: Path) -> None:
    lines = [MoveLine(i, 1 if i <= 4 else 2 if i <= 9 else 3, 0, "x") for i in range(1, 13)]
    assert round_jumps(lines, 0) == (1, 4, 0)
    assert round_jumps(lines, 2) == (1, 4, 0)
    assert round_jumps(lines, 4) == (2, 9, 0)
    assert round_jumps(lines, 6) == (2, 9, 4)
    assert round_jumps(lines, 9) == (3, 12, 4)
    assert round_jumps(lines, 12) == (3, 12, 9)
    app = open_app(tmp_path)
    game = app.simulate("puerto-rico", 3, {}, seed=1, bot="random")
    real = move_lines(app, game)
    now, nxt, back = round_jumps(real, 0)
    assert (now, back) == (1, 0) and real[nxt].round == 2 and real[nxt - 1].round == 1


def test_scores_at_a_step_and_alternatives_in_words(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    game = app.simulate("puerto-rico", ["Ann", "Bo", "Cy"], {}, seed=4, bot="random")
    points = score_timeline(app, game)
    record = app.history(game)
    assert record.scores is not None
    last = len(record.steps)
    final = scores_at(points, last)
    assert [r["player"] for r in final] == ["Ann", "Bo", "Cy"]
    assert [r["total"] for r in final] == [s.total for s in record.scores.seats]
    start = scores_at(points, 0)
    assert all(r["total"] == 0 for r in start)
    middle = scores_at(points, last // 2)
    state = app.state_at(game, last // 2)
    rules = app.timeline(game).rules
    assert [r["total"] for r in middle] == [s.total for s in rules.scores(state).seats]
    shown = next(f for f in (frame(app, game, k) for k in range(last)) if f.alternatives)
    assert len(shown.described) == len(shown.alternatives)
    assert shown.seat is not None and record.setup.players[shown.seat] in shown.described[0]
    assert all(text and ":" not in text.split()[0] for text in shown.described)
