"""The replay's data for the browser: boards per step, sentences, ranking, charts."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from application.service import open_app
from dashboard import boards, ranking, replay_payload, step_charts
from dashboard.replay import move_lines, score_timeline
from domain.core.protocol import Decision, Scores, SeatScore


@given(st.lists(st.lists(st.sampled_from(["<div>", "<div class='a'>", "x", "</div>", "é"]))))
def test_chunked_pages_join_back_to_the_pages(parts: list[list[str]]) -> None:
    pages = ["".join(p) for p in parts]
    pieces, indices = replay_payload.chunked(pages)
    assert ["".join(pieces[i] for i in page) for page in indices] == pages
    assert len(pieces) == len(set(pieces))


def _board(data: dict, step: int) -> str:
    return "".join(data["pieces"][i] for i in data["boards"][step])


def test_every_step_of_every_game_is_in_the_payload(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    for game, players in (
        ("puerto-rico", 3),
        ("santa-maria", 2),
        ("century-new-world", 2),
        ("mundus-novus", 3),
    ):
        gid = app.simulate(game, players, {}, seed=2, bot="random")
        data = replay_payload.build(app, gid)
        timeline = app.timeline(gid)
        rules = timeline.rules
        last = len(timeline.steps)
        assert data["last"] == last and len(data["boards"]) == last + 1
        for step in (0, last // 3, last):
            view = rules.view(app.state_at(gid, step))
            assert _board(data, step) == boards.render(game, view, rules, timeline.setup)
        assert [m[2] for m in data["moves"]] == [line.text for line in move_lines(app, gid)]
        assert [m[0] for m in data["moves"]] == [line.round for line in move_lines(app, gid)]
        for k, step in enumerate(timeline.steps):
            if isinstance(step, Decision):
                seat, others = data["decisions"][k]
                state = app.state_at(gid, k)
                legal = rules.legal_actions(state, seat)
                assert seat == step.seat and len(others) == len(legal) - 1
            else:
                assert data["decisions"][k] is None
        assert data["finished"] and len(data["ranking"]) == players
        # the score table's last row is the final score
        final = rules.scores(app.state_at(gid, last))
        assert [sum(parts) for parts in data["scores"][-1][1]] == [s.total for s in final.seats]
        # the payload is sent as is: its size stays far below the boards' raw size
        raw = sum(len(_board(data, k)) for k in range(last + 1))
        assert sum(len(p) for p in data["pieces"]) < raw / 3


def test_a_seat_sees_only_its_own_choices(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    gid = app.simulate("mundus-novus", 3, {}, seed=4, bot="random")
    data = replay_payload.build(app, gid, viewer=1)
    timeline = app.timeline(gid)
    seen = [d for d in data["decisions"] if d is not None]
    assert {seat for seat, others in seen if others is None} == {0, 2}
    assert all(others is not None for seat, others in seen if seat == 1)
    view = timeline.rules.view(app.state_at(gid, 20), 1)
    assert _board(data, 20) == boards.render("mundus-novus", view, timeline.rules, timeline.setup)
    assert data["key"] != replay_payload.build(app, gid)["key"]


def test_ranking_shares_ranks_and_says_the_tie_break() -> None:
    scores = Scores(
        (
            SeatScore(0, 40, {"a": 40}, (3,)),
            SeatScore(1, 40, {"a": 40}, (7,)),
            SeatScore(2, 50, {"a": 50}, (0,)),
            SeatScore(3, 40, {"a": 40}, (3,)),
        )
    )
    places = ranking.ranking("puerto-rico", ["A", "B", "C", "D"], scores)
    assert [(p.rank, p.player) for p in places] == [(1, "C"), (2, "B"), (3, "A"), (3, "D")]
    assert [p.decided_by_tiebreak for p in places] == [False, True, True, True]
    assert places[1].tiebreak == "doubloons + goods: 7"
    assert ranking.tiebreak_rule("puerto-rico") and not ranking.tiebreak_rule("mundus-novus")
    century = ranking.ranking(
        "century-new-world",
        ["A", "B"],
        Scores((SeatScore(0, 9, {}, (0,)), SeatScore(1, 9, {}, (1,)))),
    )
    assert [p.player for p in century] == ["B", "A"]


def _numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def test_the_last_steps_change_is_drawn_past_the_marker_at_the_last_step(tmp_path: Path) -> None:
    last = 100
    series = [step_charts.Series("points", "#111111", [(0, 0), (60, 10), (last, 30)])]
    group = step_charts.stacked_group("Score", [step_charts.Panel("Ann", series)], last)
    (svg,) = group.svgs
    x0 = float(re.search(r"data-x0='([\d.]+)'", svg).group(1))  # type: ignore[union-attr]
    dx = float(re.search(r"data-dx='([\d.]+)'", svg).group(1))  # type: ignore[union-attr]
    marker_at_last = x0 + last * dx
    polygon = re.search(r"<polygon points='([^']*)'", svg).group(1)  # type: ignore[union-attr]
    xy = [tuple(map(float, p.split(","))) for p in polygon.split()]
    top = min(y for _, y in xy)  # the highest point: the final 30 points
    right_of_marker = [x for x, y in xy if y == top and x > marker_at_last + 1]
    assert right_of_marker, "the final jump must show to the right of the last step's marker"
    assert "class='nv-marker'" in svg
    app = open_app(tmp_path)
    gid = app.simulate("puerto-rico", 3, {}, seed=1, bot="random")
    points = score_timeline(app, gid)
    chart = replay_payload.score_chart(points, ["a", "b", "c"], len(app.history(gid).steps))
    assert len(chart.svgs) == 3 and {label for label, _ in chart.legend} == {
        "shipping",
        "buildings",
        "large buildings",
    }
