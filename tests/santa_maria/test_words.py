"""Santa Maria's scholar and bishop tiles read as words in English, as in Korean: the English
log and board showed their ids ('Bishops on the board: square, diversity, hall_cities';
'basic_economics'; the board 'hall cities')."""

from __future__ import annotations

import re
from pathlib import Path

from application.service import open_app
from dashboard.boards import santa_maria_words
from domain.santa_maria.components import BISHOPS, NEW_BISHOPS, SCHOLARS
from domain.santa_maria.describe import BISHOP_NAMES
from novus.api import open_data

IDS = re.compile(r"\b[a-z]+_[a-z_]+\b")


def test_the_log_names_scholars_and_bishops_in_words(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    for seed in range(1, 9):  # three of six bishops and scholars each: ids with '_' turn up
        app.simulate("santa-maria", 2, {"expansion": "true"}, seed=seed, bot="random")
    app.close()
    seen: set[str] = set()
    data = open_data(tmp_path)
    for summary in data.games():
        for _number, _step, sentence in data.game(summary.id).moves():
            assert not IDS.findall(sentence), sentence
            seen.update(w for w in BISHOP_NAMES.values() if w in sentence)
    assert "cities around the town hall" in seen or "one dock" in seen, seen


def test_the_board_names_the_bishops_as_the_sentences_do() -> None:
    assert set(BISHOP_NAMES) == {*BISHOPS, *NEW_BISHOPS}
    assert santa_maria_words.BISHOPS == BISHOP_NAMES
    assert santa_maria_words.bishop("hall_cities") == "cities around the town hall"
    assert all("_" not in santa_maria_words.scholar(s) for s in SCHOLARS)
