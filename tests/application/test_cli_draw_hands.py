"""`novus draw GAME --hand PLAYER=ITEMS`: the hands of a deal seen at the table, each kept in its
hand, the others dealt by Novus. A Mundus Novus supply could be entered from the terminal only
whole (all 15 cards of three hands) or from the first hand on (`--first`): a player who saw
their own hand, the second, had no way to record it; the Play page had one line per hand."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from uuid import UUID

from typer.testing import CliRunner

from application import i18n, play
from application.service import open_app
from application.view_words import Words
from domain.core.chance import Draw
from domain.core.protocol import ChanceStep
from novus.cli.main import app

runner = CliRunner()


def novus(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), terminal_width=300)
    assert "Traceback" not in result.output
    return result.exit_code, " ".join(result.output.split())


def _at_the_supply(folder: Path) -> tuple[UUID, Draw]:
    store = open_app(folder)
    game = play.new_game(store, "mundus-novus", ["Ana", "Ben", "Cleo"], seed=5)
    play.draw(store, game)  # the development deck
    play.draw(store, game)  # the market
    supply = play.position(store, game).chance
    assert isinstance(supply, Draw) and supply.hands == (5, 5, 5)
    store.close()
    return game, supply


def _supply(folder: Path, game: UUID) -> tuple[str, ...]:
    """The supply recorded, its cards by their English names (stored as codes: '2' is corn)."""
    step = open_app(folder).history(game).steps[-1]
    assert isinstance(step, ChanceStep)
    i18n.set_language("en")
    return tuple(Words("mundus-novus").value(str(code)) for code in step.outcome)


def test_the_second_players_hand_seen_the_others_dealt(tmp_path: Path) -> None:
    game, supply = _at_the_supply(tmp_path)
    where = ("-d", str(tmp_path))
    code, out = novus("legal", str(game)[:8], *where)
    assert "`novus draw GAME --hand PLAYER=A,B,...` records a hand seen" in out, out
    mine = "corn,potato,indigo,vanilla,cocoa"
    code, out = novus("draw", str(game)[:8], "--hand", f"Ben={mine}", *where)
    assert code == 0, out
    assert "recorded: Ben: corn, potato, indigo, vanilla, cocoa; Novus drew the other 10" in out
    outcome = _supply(tmp_path, game)
    assert outcome[5:10] == tuple(mine.split(","))
    assert len(outcome) == 15 and not Counter(outcome) - Counter(
        Words("mundus-novus").value(str(code)) for code in supply.pool
    )


def test_hands_by_seat_number_and_korean_names(tmp_path: Path) -> None:
    game, _supply_spec = _at_the_supply(tmp_path)
    where = ("-d", str(tmp_path), "--lang", "ko")
    hands = ("--hand", "3=옥수수,감자", "--hand", "1=바닐라")
    code, out = novus("draw", str(game)[:8], *hands, *where)
    assert code == 0, out
    assert "기록했습니다: Ana: 바닐라; Cleo: 옥수수, 감자. 나머지 12개는 Novus가 뽑았습니다" in out
    outcome = _supply(tmp_path, game)
    assert outcome[0] == "vanilla" and outcome[10:12] == ("corn", "potato")


def test_what_cannot_be_a_hand_is_refused_and_nothing_stored(tmp_path: Path) -> None:
    game, _supply_spec = _at_the_supply(tmp_path)
    where = ("-d", str(tmp_path))
    cases = {
        ("--hand", "Ben=corn,corn,corn,corn,corn,corn"): "Ben: 6 cards given, the deal has 5",
        ("--hand", "Ben=corn", "--hand", "2=potato"): "Ben's hand is given twice",
        ("--hand", "Ben"): "--hand takes PLAYER=ITEMS, got 'Ben'",
        ("--hand", "Dora=corn"): "--hand takes seat numbers or player names, got 'Dora'",
        ("--hand", "4=corn"): "--hand takes seat numbers or player names, got '4'",
        ("--hand", "Ben=corn", "--face-up", "corn"): "this deal lays no cards face up",
        ("--hand", "Ben=corn", "--first", "corn"): "give either --first or --hand, not both",
        ("--hand", "Ben=gold"): "gold cannot come out of supply",
    }
    for args, said in cases.items():
        code, out = novus("draw", str(game)[:8], *args, *where)
        assert code == 1 and said in out, (args, out)
    assert len(open_app(tmp_path).history(game).steps) == 2  # the deck and the market only
    fresh = play.new_game(open_app(tmp_path), "mundus-novus", ["Ana", "Ben"], seed=1)
    code, out = novus("draw", str(fresh)[:8], "--hand", "1=d01", *where)
    assert code == 1 and "the game waits for development deck" in out, out
