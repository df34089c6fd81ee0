"""`novus draw GAME --first A,B`: the items seen at the table so far, Novus draws the rest (a
Mundus Novus deck of 32 cards needed all 32 in `novus move --chance`, the face-down ones too)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from application import i18n, play
from application.service import open_app
from application.view_words import Words
from domain.core.chance import Draw, Shuffle
from domain.core.protocol import ChanceStep
from novus.cli.main import app

runner = CliRunner()


def novus(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, " ".join(result.output.split())


def test_the_cards_turned_up_then_the_rest_drawn(tmp_path: Path) -> None:
    store = open_app(tmp_path)
    game = play.new_game(store, "mundus-novus", ["Ana", "Ben", "Cleo"], seed=5)
    deck = play.position(store, game).chance
    assert isinstance(deck, Shuffle)
    store.close()
    code, out = novus(
        "draw", str(game)[:8], "--first", "d07, d03", "-d", str(tmp_path), "--lang", "ko"
    )
    assert code == 0, out
    assert "기록했습니다: 캐러벨선 7, 캐러벨선 3. 나머지 30개는 Novus가 뽑았습니다" in out
    (step,) = open_app(tmp_path).history(game).steps
    assert isinstance(step, ChanceStep) and step.outcome[:2] == ("d07", "d03")
    assert Counter(step.outcome) == Counter(deck.items)


def test_items_by_their_korean_names_and_a_wrong_one_refused(tmp_path: Path) -> None:
    store = open_app(tmp_path)
    game = play.new_game(store, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=5)
    spec = play.position(store, game).chance
    assert isinstance(spec, Draw) and "corn" in spec.pool
    store.close()
    where = ("-d", str(tmp_path), "--lang", "ko")
    code, out = novus("draw", str(game)[:8], "--first", "옥수수,금", *where)
    assert code == 1 and "금" in out and "나올 수 없습니다" in out, out
    assert open_app(tmp_path).history(game).steps == ()
    code, out = novus("draw", str(game)[:8], "--first", "옥수수", *where)
    (step,) = open_app(tmp_path).history(game).steps
    assert isinstance(step, ChanceStep) and step.outcome[0] == "corn" and len(step.outcome) == 4
    # the plantations lie face up: the table lays out the ones Novus drew (it said "the other
    # 3" and not which, and a player had to run `novus show` to know what to put on the table)
    i18n.set_language("ko")
    rest = ", ".join(Words("puerto-rico").value(str(item)) for item in step.outcome[1:])
    i18n.set_language(None)
    assert code == 0 and f"기록했습니다: 옥수수. Novus가 뽑은 나머지: {rest}" in out, out


def test_legal_names_each_card_of_a_deck_beside_its_code(tmp_path: Path) -> None:
    """`novus legal` listed Mundus Novus's development deck as "d01, d02, ...": nothing told a
    player at the table which printed card a code is (the Play page shows the titles)."""
    store = open_app(tmp_path)
    game = play.new_game(store, "mundus-novus", ["Ana", "Ben"], seed=5)
    store.close()
    code, out = novus("legal", str(game)[:8], "-d", str(tmp_path))
    assert code == 0 and "d01 Caravel 1, d02 Caravel 2" in out, out
    code, out = novus("legal", str(game)[:8], "-d", str(tmp_path), "--lang", "ko")
    assert code == 0 and "d01 캐러벨선 1, d02 캐러벨선 2" in out, out


def test_cards_by_their_titles_and_two_of_one_name_both_taken(tmp_path: Path) -> None:
    """The CLI took the development cards by code only ('d07'), while the cards and the Play
    page name them ('Caravel 7'); two cards of one title and event are the two cards in turn."""
    store = open_app(tmp_path)
    game = play.new_game(store, "mundus-novus", ["Ana", "Ben"], seed=5)
    store.close()
    first = "Caravel 7, Shipyard, Merchant 4-6 (no event), merchant 4-6 (no event)"
    code, out = novus("draw", str(game)[:8], "--first", first, "-d", str(tmp_path))
    assert code == 0 and "recorded: Caravel 7, Shipyard, Merchant 4-6 (no event), Merchant" in out
    (step,) = open_app(tmp_path).history(game).steps
    assert isinstance(step, ChanceStep) and step.outcome[:4] == ("d07", "d13", "d29", "d32")
    other = play.new_game(open_app(tmp_path), "mundus-novus", ["Ana", "Ben"], seed=6)
    where = ("-d", str(tmp_path), "--lang", "ko")
    code, out = novus("draw", str(other)[:8], "--first", "캐러벨선 3, 조선소", *where)
    assert code == 0 and "기록했습니다: 캐러벨선 3, 조선소" in out, out
    (step,) = open_app(tmp_path).history(other).steps
    assert isinstance(step, ChanceStep) and step.outcome[:2] == ("d03", "d13")
