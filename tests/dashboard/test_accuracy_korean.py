"""The Players page's decision accuracy tables in Korean: every column shown has a Korean header
(the frames' English names, player/games/decisions/started/game_id, showed on Korean pages)."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from analysis.runner import analyse_one
from analysis.settings import Settings
from application.service import open_app


def _accuracy(folder: str) -> None:
    from pathlib import Path

    from application.i18n import set_language
    from dashboard import analysis_chart

    set_language("ko")
    analysis_chart.accuracy_section(Path(folder), None)


def test_every_accuracy_column_has_a_korean_header(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    game = app.simulate("puerto-rico", 2, {}, seed=3, bot="random")
    analyse_one(app, tmp_path, game, Settings(rollouts=1, turning_points=1))
    app.close()
    at = AppTest.from_function(_accuracy, args=(str(tmp_path),), default_timeout=60).run()
    assert not at.exception
    assert len(at.dataframe) == 2
    for table in at.dataframe:
        labels = json.loads(table.proto.columns)
        for column in table.value.columns:
            label = labels.get(column, {}).get("label", column)
            assert any("\uac00" <= ch <= "\ud7a3" for ch in label), (column, label)


def test_each_games_row_reads_its_date_and_opens_its_replay(tmp_path: Path) -> None:
    """The per-game table showed `2026-11-25T11:29:32+00:00` and the full id, with no way to the
    game: the date as the Library writes it, the game a link to its replay (short id shown)."""
    import re

    from dashboard.analysis_chart import REPLAY_SHORT

    app = open_app(tmp_path)
    game = app.simulate("puerto-rico", 2, {}, seed=3, bot="random")
    analyse_one(app, tmp_path, game, Settings(rollouts=1, turning_points=1))
    app.close()
    at = AppTest.from_function(_accuracy, args=(str(tmp_path),), default_timeout=60).run()
    assert not at.exception
    table = at.dataframe[1]  # the per-game rows, under the chart
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", s) for s in table.value["started"])
    links = set(table.value["game_id"])
    assert links == {f"replay?game={game}&step=0"}, links
    config = json.loads(table.proto.columns)["game_id"]
    assert config["type_config"]["display_text"] == REPLAY_SHORT, config
    shown = re.fullmatch(REPLAY_SHORT, links.pop())
    assert shown is not None and shown.group(1) == str(game)[:8]
