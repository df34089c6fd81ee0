"""The analysis pieces of the replay, without a browser: the chart's lines and rings, the move
marks and the alternatives (hidden from other seats' views)."""

from __future__ import annotations

from typing import Any

from dashboard import analysis_chart

ANALYSIS: dict[str, Any] = {
    "game": "puerto-rico",
    "players": ["Ann", "Ben"],
    "settings": {"rollouts": 8},
    "steps": [
        {"step": 0, "win_chances": [0.5, 0.5]},
        {"step": 1, "win_chances": [0.25, 0.75]},
        {"step": 2, "win_chances": [0.0, 1.0]},
    ],
    "turning_points": [
        {
            "step": 1,
            "seat": 0,
            "action": "b",
            "after": 0.25,
            "loss": 0.25,
            "best_action": "a",
            "gain": 0.5,
            "alternatives": [
                {"action": "b", "chance": 0.25, "chosen": True},
                {"action": "a", "chance": 0.75, "chosen": False},
            ],
        }
    ],
}


def test_chart_has_a_line_per_seat_and_a_ring_per_turning_point() -> None:
    group = analysis_chart.win_chance_group(ANALYSIS, 2)
    (svg,) = group.svgs
    assert svg.count("<polyline") == 2 and svg.count("class='nv-turning'") == 1
    assert "Ann&#x27;s win chance fell 25% to 25% (b); best: a, 50% better" in svg, svg
    assert [label for label, _ in group.legend] == ["Ann", "Ben", "turning point"]
    assert "8 rollouts" in group.title


def test_annotate_marks_moves_and_orders_alternatives_best_first() -> None:
    payload = {"viewer": None, "key": "k", "last": 2}
    out = analysis_chart.annotate(payload, ANALYSIS, lambda step, seat, a: f"{seat}:{step}:{a}")
    assert out["analysis"]["marks"].keys() == {"1"}
    assert out["analysis"]["alternatives"] == {"0": [["0:1:a", 0.75, False], ["0:1:b", 0.25, True]]}
    assert out["key"] != "k" and payload == {"viewer": None, "key": "k", "last": 2}


def test_another_seats_view_gets_the_mark_but_not_the_alternatives() -> None:
    out = analysis_chart.annotate({"viewer": 1, "key": "k"}, ANALYSIS, lambda *a: "x")
    assert out["analysis"]["marks"].keys() == {"1"}
    assert out["analysis"]["alternatives"] == {}
    mine = analysis_chart.annotate({"viewer": 0, "key": "k"}, ANALYSIS, lambda *a: "x")
    assert mine["analysis"]["alternatives"].keys() == {"0"}


def test_a_seat_view_of_a_game_with_private_cards_gets_only_its_own_marks() -> None:
    hidden = {**ANALYSIS, "game": "mundus-novus"}
    assert analysis_chart.private(hidden) and not analysis_chart.private(ANALYSIS)
    other = analysis_chart.annotate({"viewer": 1, "key": "k"}, hidden, lambda *a: "x")
    assert other["analysis"]["marks"] == {} and other["analysis"]["alternatives"] == {}
    mine = analysis_chart.annotate({"viewer": 0, "key": "k"}, hidden, lambda *a: "x")
    assert mine["analysis"]["marks"].keys() == {"1"}
    observer = analysis_chart.annotate({"viewer": None, "key": "k"}, hidden, lambda *a: "x")
    assert observer["analysis"]["alternatives"].keys() == {"0"}


def test_the_chart_is_wide_and_its_rings_sit_on_the_marker_scale() -> None:
    """Full width under the board: a wide SVG (text at its CSS size there), first among the
    charts; a ring's x is where the step marker stands at that step (`data-x0 + step * dx`)."""
    import re

    from dashboard import replay_payload, step_charts

    group = analysis_chart.win_chance_group(ANALYSIS, 2)
    assert group.wide and group.to_json()["wide"] is True
    (svg,) = group.svgs
    size = f"viewBox='0 0 {step_charts.WIDE_WIDTH} {step_charts.WIDE_HEIGHT}'"
    assert size in svg
    x0 = float(re.search(r"data-x0='([\d.]+)'", svg).group(1))  # type: ignore[union-attr]
    dx = float(re.search(r"data-dx='([\d.]+)'", svg).group(1))  # type: ignore[union-attr]
    ring = float(re.search(r"nv-turning' cx='([\d.]+)'", svg).group(1))  # type: ignore[union-attr]
    assert abs(ring - (x0 + 1 * dx)) < 0.02
    scores = step_charts.stacked_group("Score", [step_charts.Panel("Ann", [])], 2)
    payload = {"charts": [scores.to_json()], "key": "k"}
    charts = replay_payload.add_charts(payload, [group])["charts"]
    assert [c["title"] for c in charts] == [group.title, "Score"]


def test_a_turning_point_where_the_move_played_was_best_gets_no_mark() -> None:
    """A turning point is a decision after which the mover's chance fell most; when the move
    played was the best found (gain 0: the chance fell for other reasons) the move list put
    '?!' on it, titled 'the best move was 0% better'. Its alternatives are still shown."""
    best = {**ANALYSIS["turning_points"][0], "action": "a", "best_action": "a", "gain": 0.0}
    best["alternatives"] = [
        {"action": "a", "chance": 0.75, "chosen": True},
        {"action": "b", "chance": 0.25, "chosen": False},
    ]
    analysis = {**ANALYSIS, "turning_points": [best]}
    out = analysis_chart.annotate({"viewer": None, "key": "k"}, analysis, lambda *a: "x")
    assert out["analysis"]["marks"] == {}
    assert out["analysis"]["alternatives"].keys() == {"0"}
    # the chart's ring said "Ann lost 25% (a); best: a, 0% better"
    (svg,) = analysis_chart.win_chance_group(analysis, 2).svgs
    assert "Ann&#x27;s win chance fell 25% to 25% (a, the best move found)" in svg, svg
    assert "lost" not in svg and "0% better" not in svg
