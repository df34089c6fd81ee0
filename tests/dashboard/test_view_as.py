"""The Replay page's "view as" selector (observer or one seat, kept in the URL as `&seat=`) and
the Games page's statistics for every game with a statistics module (AppTest runs)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from streamlit.testing.v1 import AppTest

from application.service import NovusApp, open_app
from dashboard.pages import OBSERVER
from dashboard.replay import frame, move_lines
from domain.core.protocol import Decision
from projections import games as game_stats

MN = "mundus-novus"
VIEWER = 1


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    path = tmp_path_factory.mktemp("novus-data")
    app = open_app(path)
    ids = {
        MN: str(app.simulate(MN, 3, {"pack": "synthetic"}, seed=7, bot="heuristic")),
        "santa-maria": str(app.simulate("santa-maria", 2, {}, seed=3)),
        "century-new-world": str(app.simulate("century-new-world", 2, {}, seed=3)),
        "puerto-rico": str(app.simulate("puerto-rico", 3, {}, seed=3, bot="random")),
    }
    return path, ids


def _steps(app: NovusApp, game: str) -> tuple[int, int, int]:
    """Positions in the Mundus Novus game: every hand holds cards and the next decision is
    another seat's; the same but the viewer's own (with alternatives); a merchant step of
    another seat (its sentence names hidden cards)."""
    timeline = app.timeline(UUID(game))
    rules = timeline.rules
    other = own = merchant = -1
    state = rules.initial_state(timeline.setup)
    for number, step in enumerate(timeline.steps):
        full = all(sum(s.hand) for s in state.seats)
        if isinstance(step, Decision):
            legal = rules.legal_actions(state, step.seat)
            if full and other < 0 and step.seat != VIEWER and len(legal) > 1:
                other = number
            if full and own < 0 and step.seat == VIEWER and len(legal) > 1:
                own = number
            if merchant < 0 and step.seat != VIEWER and step.action.startswith("merchant:"):
                merchant = number + 1
        state = rules.apply(state, step)
    assert min(other, own, merchant) >= 0
    return other, own, merchant


def _replay() -> None:
    from dashboard.pages import replay_page

    replay_page()


def _games() -> None:
    from dashboard.pages import games_page

    games_page()


def _hands(board: str) -> list[str]:
    return re.findall(r"hand: (.*?)</div>", board)


def _data(at: AppTest) -> dict[str, Any]:
    """What the replay component received in this run."""
    (component,) = at.get("bidi_component")
    data: dict[str, Any] = json.loads(component.proto.json)
    return data


def _board(at: AppTest) -> str:
    """The board the browser shows first (at the step of the address)."""
    data = _data(at)
    step = at.query_params["step"]
    step = step[0] if isinstance(step, list) else step
    return "".join(data["pieces"][i] for i in data["boards"][int(step)])


def test_seat_view_hides_other_hands_and_their_choices(env: dict[str, str]) -> None:
    game = env[MN]
    app = open_app(None)  # the folder of NOVUS_DATA_DIR
    other, own, _ = _steps(app, game)
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = game
    at.query_params["step"] = str(other)
    at.run()
    assert not at.exception
    observer = at.selectbox(key=f"view_as_{game}")  # no seat in the URL: the observer, shown
    assert observer.value == OBSERVER and observer.index == 0
    hands = _hands(_board(at))
    assert len(hands) == 3 and not any("hidden" in h for h in hands)
    assert _data(at)["decisions"][other][1]  # the other legal actions, in words

    at.selectbox(key=f"view_as_{game}").select(VIEWER).run()
    assert at.query_params["seat"] in (str(VIEWER + 1), [str(VIEWER + 1)])  # from 1
    hands = _hands(_board(at))
    assert ["hidden" in h for h in hands] == [True, False, True]
    assert "mn-card mn-back" not in hands[VIEWER]
    data = _data(at)
    seat, others = data["decisions"][other]
    assert seat != VIEWER and others is None  # another seat's choice: hidden
    public = move_lines(app, UUID(game), VIEWER)
    assert [m[2] for m in data["moves"]] == [line.text for line in public]
    assert data["decisions"][own][1]  # the viewer's own decision: its alternatives shown

    at.query_params["step"] = str(own)  # a new step in the address keeps the seat
    at.run()
    assert at.query_params["step"] in (str(own), [str(own)])
    assert at.query_params["seat"] in (str(VIEWER + 1), [str(VIEWER + 1)])  # from 1
    assert at.selectbox(key=f"view_as_{game}").value == VIEWER


def test_seat_from_a_shared_link(env: dict[str, str]) -> None:
    game = env[MN]
    other, _, _ = _steps(open_app(None), game)
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = game
    at.query_params["step"] = str(other)
    at.query_params["seat"] = "3"  # counted from 1, as the charts count: the third player
    at.run()
    assert not at.exception
    assert at.selectbox(key=f"view_as_{game}").value == 2
    hands = _hands(_board(at))
    assert ["hidden" in h for h in hands] == [True, True, False]
    at.selectbox(key=f"view_as_{game}").select(OBSERVER).run()  # back to the observer
    assert "seat" not in at.query_params
    assert not any("hidden" in h for h in _hands(_board(at)))


def test_seat_view_move_list_and_frame(env: dict[str, str]) -> None:
    app = open_app(None)
    game = env[MN]
    other, own, merchant = _steps(app, game)
    seen = move_lines(app, UUID(game), VIEWER)
    everything = move_lines(app, UUID(game))
    assert "turns one" in everything[merchant - 1].text
    assert "turns one" not in seen[merchant - 1].text
    offers = [line for line in seen if "face down to trade" in line.text]
    assert offers  # the offer sentences only count cards, for everyone
    hidden = frame(app, UUID(game), other, VIEWER)
    assert hidden.chosen is None and hidden.alternatives == () and hidden.seat != VIEWER
    mine = frame(app, UUID(game), own, VIEWER)
    assert mine.chosen is not None and mine.alternatives


def test_own_offer_alternatives_read_apart_and_never_reach_another_seat(
    env: dict[str, str],
) -> None:
    """The "also legal" offers of the mover name its cards (in its own view and the observer's,
    who sees every card): different offers read differently. Another seat gets none."""
    app = open_app(None)
    game = UUID(env[MN])
    timeline = app.timeline(game)
    state = timeline.rules.initial_state(timeline.setup)
    at = -1
    for number, step in enumerate(timeline.steps):
        if isinstance(step, Decision) and step.seat == VIEWER and step.action.startswith("offer:"):
            offers = [a for a in timeline.rules.legal_actions(state, VIEWER) if a != step.action]
            if len(offers) > 2:
                at = number
                break
        state = timeline.rules.apply(state, step)
    assert at >= 0
    for viewer in (VIEWER, None):
        shown = frame(app, game, at, viewer)
        said = [d for a, d in zip(shown.alternatives, shown.described, strict=True) if "offer" in a]
        assert len(said) > 2 and len(set(said)) == len(said), said
        assert not any(f"{n} cards face down" in d for n in range(1, 8) for d in said)
    other = frame(app, game, at, (VIEWER + 1) % 3)
    assert other.alternatives == () and other.described == ()


def test_games_page_shows_every_statistics_module(env: dict[str, str]) -> None:
    at = AppTest.from_function(_games, default_timeout=60)
    at.run()
    assert not at.exception
    for game in env:
        stats = game_stats.get(game)
        assert stats is not None
        at.selectbox(key="g_game").select(game).run()
        assert not at.exception
        subheaders = {s.value for s in at.subheader}
        assert set(stats.titles.values()) <= subheaders, game
        charts = at.get("vega_lite_chart")
        assert len(charts) >= 2 + 1, game  # scores, seats and at least one statistics chart
        tables = [e for e in at.expander if e.label.endswith(": table")]
        assert len(tables) == len(stats.views)


def test_santa_maria_seat_view_keeps_other_ships_face_down(env: dict[str, str]) -> None:
    from dashboard.replay import score_timeline, scores_at

    app = open_app(None)
    game = UUID(env["santa-maria"])
    timeline = app.timeline(game)
    last = len(timeline.steps)
    step = last - 1
    state = app.state_at(game, step)
    tiles = [t for dock in state.players[1].ships for t in dock]
    assert tiles and not state.over
    observer = frame(app, game, step).board
    seat0 = frame(app, game, step, 0).board
    assert all(t in observer for t in tiles)
    assert not any(t in seat0 for t in tiles)
    public = scores_at(score_timeline(app, game, public=True), step)
    full = scores_at(score_timeline(app, game), step)
    assert all(row["shipping"] == 0 for row in public)
    assert any(row["shipping"] > 0 for row in full)
    assert scores_at(score_timeline(app, game, public=True), last) == scores_at(
        score_timeline(app, game), last
    )
    seen = move_lines(app, game, 0)
    ships = [line.text for line in seen if line.seat == 1 and " ships " in line.text]
    assert ships and all("from dock" in s and not any(t in s for t in tiles) for s in ships)


def test_santa_maria_seat_view_keeps_other_happiness_points_face_down(
    env: dict[str, str],
) -> None:
    """KO: happiness tokens are kept face down: seen as seat 0, seat 1's points during play are
    hidden in the board and in the score chart; its own are shown; all are shown at the end."""
    from dashboard.replay import score_timeline, scores_at

    app = open_app(None)
    game = UUID(env["santa-maria"])
    last = len(app.timeline(game).steps)
    step = last - 1
    assert app.state_at(game, step).players[1].vp > 0
    assert app.state_at(game, step).players[0].vp > 0
    full = scores_at(score_timeline(app, game, public=True), step)
    seen = scores_at(score_timeline(app, game, public=True, viewer=0), step)
    assert seen[1]["in_play"] == 0 and full[1]["in_play"] > 0
    assert seen[0]["in_play"] == full[0]["in_play"] > 0
    assert scores_at(score_timeline(app, game, public=True, viewer=0), last) == scores_at(
        score_timeline(app, game), last
    )
