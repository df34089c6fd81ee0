"""`novus legal` names Santa Maria's shipping and colony tiles by what is on them, as the Play
page's pad does: it listed the synthetic pack's bare codes ('s0-1, s0-2'), printed nowhere."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from application import play
from application.service import open_app
from novus.cli.main import app

runner = CliRunner()


def _legal(tmp_path: Path, game: str, lang: str) -> str:
    result = runner.invoke(app, ["legal", game, "-d", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return " ".join(result.output.split())


def test_legal_puts_each_tile_code_beside_what_is_on_the_tile(tmp_path: Path) -> None:
    store = open_app(tmp_path)
    game = play.new_game(store, "santa-maria", ["Ann", "Ben"], {}, seed=2)
    play.draw(store, game)  # the colony boards: the starting shipping tiles come next
    ref = str(game)[:8]
    assert "s0-1 │ wood+grain → 1 VP" in _legal(tmp_path, ref, "en")
    assert "s0-1 │ 나무+곡물 → 1점" in _legal(tmp_path, ref, "ko")
    for _chance in range(3):  # shipping tiles, scholars, bishops: the colony tiles next
        play.draw(store, game)
    store.close()
    english = _legal(tmp_path, ref, "en")
    assert "c2-01 │ forest produce wood+grain / mountain produce gem" in english, english
    korean = _legal(tmp_path, ref, "ko")
    assert "c2-01 │ 숲 나무+곡물 생산 / 산 보석 생산" in korean and "타일에 있는 것" in korean
