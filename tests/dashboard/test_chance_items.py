"""The Play page's pad names Santa Maria's tiles by what is on them: it read "s0-1, s0-2" and
"c2-01" (the synthetic pack's invented codes, printed on nothing) while the Replay board drew
each tile's cost and points or squares."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

from application import i18n, play
from application.service import NovusApp, open_app
from dashboard import chance_items


def _labels(app: NovusApp, game: UUID, lang: str) -> dict[str, str]:
    i18n.set_language(lang)
    pos = play.position(app, game)
    assert pos.chance is not None
    state = app.timeline(game).state_at(pos.step)
    return chance_items.labels(pos.game, state, play.chance_choices(pos.chance))


def test_shipping_and_colony_tiles_show_what_is_on_them(tmp_path: Path) -> None:
    app = open_app(tmp_path / "data")
    game = play.new_game(app, "santa-maria", ["Ann", "Ben"], {}, seed=2)
    play.draw(app, game)  # the colony boards: the starting shipping tiles come next
    english = _labels(app, game, "en")
    assert english["s0-1"] == "s0-1 · wood+grain → 1 VP", english
    assert _labels(app, game, "ko")["s0-1"] == "s0-1 · 나무+곡물 → 1점"
    for _chance in range(3):  # shipping tiles, scholars, bishops: the colony tiles next
        play.draw(app, game)
    english = _labels(app, game, "en")
    assert english["c2-01"] == "c2-01 · forest produce wood+grain / mountain produce gem"
    assert _labels(app, game, "ko")["c2-01"] == "c2-01 · 숲 나무+곡물 생산 / 산 보석 생산"
    assert all(label.startswith(f"{code} · ") for code, label in english.items())
    app.close()
