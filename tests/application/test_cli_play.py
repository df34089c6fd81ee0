"""`novus new/legal/move/draw/takeback/branch/finish` through typer's CliRunner: a Puerto Rico
game with both expansions entered at the table, a take-back, a branch, bots, `novus verify`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from application.service import open_app
from domain.core.protocol import ChanceStep
from novus.cli.main import app, registered

runner = CliRunner()


def novus(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def legal(data: Path, game: str) -> dict[str, object]:
    code, out = novus("legal", game, "--json", "-d", data)
    assert code == 0, out
    found: dict[str, object] = json.loads(out)
    return found


def test_record_take_back_branch_finish_verify(tmp_path: Path) -> None:
    assert "play" in registered
    data = tmp_path / "data"
    code, out = novus(
        "new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo",
        "--option", "buildings=draft", "--option", "nobles=true", "--seed", "3", "-d", data,
    )  # fmt: skip
    assert code == 0, out
    game = out.strip().splitlines()[-1]
    start = legal(data, game)
    assert start["chance"] == {
        "kind": "draw",
        "label": "face-up plantations",
        "count": 4,
        "pool": start["chance"]["pool"],  # type: ignore[index]
    }
    code, out = novus("legal", game, "-d", data)
    assert "waiting for chance: face-up plantations" in out
    # the plantations turned up at the table
    code, out = novus("move", game, "--chance", "corn,indigo,sugar,corn", "-d", data)
    assert code == 0 and "recorded: corn, indigo, sugar, corn" in out
    code, out = novus("legal", game, "-d", data)
    assert "to move: Ana" in out and "draft:small_market" in out
    code, out = novus("move", game, "small market", "-d", data)  # words of the sentence
    assert code == 0 and "draft:small_market" in out
    code, out = novus("move", game, "market", "-d", data)  # two markets left: candidates
    assert code == 1 and "matches 2 legal moves" in out and "draft:large_market" in out
    code, out = novus("move", game, "draft:large_market", "-d", data)
    assert code == 0
    code, out = novus("takeback", game, "-d", data)
    assert code == 0 and "at step 2" in out
    assert legal(data, game)["step"] == 2
    code, out = novus("takeback", game, "--steps", "9", "-d", data)
    assert code == 1 and "cannot take back 9 steps" in out
    code, out = novus("move", game, "--chance", "gold", "-d", data)
    assert code == 1 and "error:" in out
    code, out = novus("draw", game, "-d", data)
    assert code == 1 and "decision, not a chance" in out

    code, out = novus("branch", game, "--at", "1", "-d", data)
    assert code == 0, out
    assert f"Branch of game {game[:8]} at step 1" in out  # not only 'started a game of ...'
    child = out.strip().splitlines()[-1]
    code, out = novus("finish", game, "--bot", "heuristic", "--seats", "2,3", "-d", data)
    assert code == 0 and "played 2 step" in out and "next: Ana" in out  # Ben, Cleo; Ana: no bot
    code, out = novus("finish", game, "--bot", "heuristic", "-d", data)
    assert code == 0 and "the game is over" in out
    code, out = novus("finish", child, "--bot", "random", "-d", data)
    assert code == 0 and "the game is over" in out
    code, out = novus("log", game, "-d", data)  # the take-back stays readable
    assert code == 0 and "taken back to step 2 (1 step(s), kept in the history)" in out
    assert "Ben drafts the Large Market" in out.split("taken back to step 2")[1]
    code, out = novus("log", child, "-d", data)
    assert "a branch of game" in out and "first 1 steps" in out
    code, out = novus("verify", "--all", "-d", data)
    assert code == 0 and "ok: 2 games" in out
    store = open_app(data)
    try:
        parent_steps = store.history(store.find(game)).steps
        child_record = store.history(store.find(child))
        assert child_record.steps[:1] == parent_steps[:1]
        assert child_record.source["parent"] == str(store.find(game))
        assert store.history(store.find(game)).takebacks
    finally:
        store.close()


def test_new_with_too_few_players_says_how_many_in_the_display_language(tmp_path: Path) -> None:
    """The engines' own setup errors are English; `novus new` (and the Play page) check the
    number of players first and say it in the display language."""
    for game, names in (("puerto-rico", "Ana"), ("century-new-world", "A,B,C,D,E")):
        code, out = novus("new", "-g", game, "-p", names, "-d", str(tmp_path))
        assert code == 1 and "players, not" in out and "Traceback" not in out
        code, out = novus("new", "-g", game, "-p", names, "-d", str(tmp_path), "--lang", "ko")
        flat = " ".join(out.split())
        assert code == 1 and "플레이어 수는" in flat, flat
        assert "needs" not in flat and "name between" not in flat


def test_finish_takes_seats_by_name(tmp_path: Path) -> None:
    """A person names the players (`novus new --players Ana,Ben,Cleo`), so `--seats Ben,Cleo`
    was what they typed; it answered "--seats takes seat numbers"."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    game = out.strip().splitlines()[-1]
    novus("draw", game, "-d", data)
    code, out = novus("finish", game, "--seats", "ana, CLEO", "-d", data)
    assert code == 0 and "next: Ben" in out, out
    code, out = novus("finish", game, "--seats", "Bob", "-d", data)
    assert code == 1 and "got 'Bob'" in out and "1 Ana, 2 Ben, 3 Cleo" in out, out
    code, out = novus("finish", game, "--seats", "2", "-d", data)  # seats from 1: Ben
    assert code == 0 and "next: Ben" not in out, out
    code, out = novus("finish", game, "--seats", "Ben", "-d", data)  # Ben is not to move now
    said = " ".join(out.split())
    assert "the bots played 0 step(s)" in said and "none of the seats Ben (2) is to move" in said
    code, out = novus("finish", game, "--seats", "0", "-d", data)
    said = " ".join(out.split())
    assert code == 1 and "no seat 0 in this game" in said and "seats are 1 to 3" in said, said


def test_move_takes_the_seat_by_name(tmp_path: Path) -> None:
    """At the table a player is named: `novus move GAME corn --seat Ben` was a usage error ("a
    whole number is needed"); it now takes the name (any case) as `finish --seats` does."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    game = out.strip().splitlines()[-1]
    novus("draw", game, "-d", data)
    code, out = novus("move", game, "role:settler", "--seat", "ben", "-d", data)
    assert code == 1 and "not Ben's turn" in out, out
    code, out = novus("move", game, "role:settler", "--seat", "Bob", "-d", data, "--lang", "ko")
    flat = " ".join(out.split())
    assert code == 1 and "--seat에는" in flat and "1 Ana, 2 Ben, 3 Cleo" in flat, flat
    code, out = novus("move", game, "role:settler", "--seat", "ANA", "-d", data)
    assert code == 0 and "recorded: Ana selects the Settler" in out, out
    code, out = novus("move", game, "quarry", "--seat", "1", "-d", data)  # seat 1: the first
    assert code == 0 and "recorded: Ana takes a quarry" in out, out


def test_a_misspelt_move_is_answered_with_the_move_it_is_close_to(tmp_path: Path) -> None:
    """`novus move GAME setler` listed the first six legal moves, as for words naming none;
    a word close to a word of the legal moves is offered as a guess (and not recorded)."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    game = out.strip().splitlines()[-1]
    novus("draw", game, "-d", data)
    code, out = novus("move", game, "setler", "-d", data)
    flat = " ".join(out.split())
    assert code == 1 and "did you mean role:settler (Ana selects the Settler)?" in flat, flat
    code, out = novus("move", game, "bilder role", "-d", data)
    assert code == 1 and "did you mean role:builder" in " ".join(out.split()), out
    code, out = novus("move", game, "개척저", "-d", data, "--lang", "ko")  # 개척자, one jamo off
    flat = " ".join(out.split())
    assert code == 1 and "혹시 role:settler (Ana가 개척자를 선택합니다)인가요?" in flat, flat
    code, out = novus("move", game, "xyzzy", "-d", data)
    assert code == 1 and "legal now: role:settler" in " ".join(out.split()), out
    code, out = novus("legal", game, "-d", data)
    assert "Puerto Rico step 1" in out  # nothing was recorded
    code, out = novus("legal", game, "-d", data, "--lang", "ko")
    assert "푸에르토 리코 1단계" in out and "puerto-rico" not in out, out  # the title, not the code


def test_chance_is_entered_by_the_items_korean_names(tmp_path: Path) -> None:
    """A Korean player typed what turned up as the page and `novus legal` name it: '옥수수,
    인디고, ...' was refused ("옥수수 ... cannot come out of face-up plantations"), and what was
    recorded was echoed as codes ('corn, indigo')."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    game = out.strip().splitlines()[-1]
    code, out = novus("legal", game, "-d", data, "--lang", "ko")
    assert "옥수수, 인디고" in out and "corn" not in out, out  # named as they are to be typed
    code, out = novus("move", game, "--chance", "옥슈수,인디고", "-d", data, "--lang", "ko")
    flat = " ".join(out.split())
    assert code == 1 and "옥수수 (corn)" in flat, flat  # the hint names both
    seen = "옥수수, 인디고, 설탕, 옥수수"
    code, out = novus("move", game, "--chance", seen, "-d", data, "--lang", "ko")
    assert code == 0 and "기록했습니다: 옥수수, 인디고, 설탕, 옥수수" in out, out
    store = open_app(data)
    first = store.history(store.find(game)).steps[0]
    assert first == ChanceStep(("corn", "indigo", "sugar", "corn"))
    code, out = novus("takeback", game, "-d", data)
    code, out = novus("move", game, "--chance", "Corn indigo SUGAR tobacco", "-d", data)
    assert code == 0 and "recorded: corn, indigo, sugar, tobacco" in out, out


def test_show_takes_the_seat_by_name(tmp_path: Path) -> None:
    """`novus show GAME --seat Ben` was a usage error ("a whole number is needed") while
    `novus new --players` named the seats; it is Ben's view, as `--seat 2` is (seats counted
    from 1, as the charts count)."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    game = out.strip().splitlines()[-1]
    novus("draw", game, "-d", data)
    code, by_name = novus("show", game, "--seat", "ben", "--json", "-d", data)
    code2, by_number = novus("show", game, "--seat", "2", "--json", "-d", data)
    assert code == code2 == 0 and json.loads(by_name) == json.loads(by_number)
    code, out = novus("show", game, "--seat", "Bob", "-d", data)
    assert code == 1 and "1 Ana, 2 Ben, 3 Cleo" in " ".join(out.split()), out
    code, out = novus("show", game, "--seat", "5", "-d", data)
    assert code == 1 and "no seat 5" in out and "seats are 1 to 3" in out, out
    code, out = novus("show", game, "--seat", "0", "-d", data)
    assert code == 1 and "no seat 0" in out, out


def test_new_says_what_to_type_next_on_stderr(tmp_path: Path) -> None:
    """`novus new` printed only the id, leaving the person at the table to guess the next
    command. Stdout stays the id alone (scripts take it); stderr names the next commands with
    the id's short prefix, which they accept, in the display language."""
    from uuid import UUID

    from application.i18n import set_language
    from novus.cli.play import _started

    data = tmp_path / "data"
    result = runner.invoke(app, ["new", "-g", "puerto-rico", "-p", "Ana,Ben,Cleo", "-d", str(data)])
    assert result.exit_code == 0 and result.stdout.strip() == str(UUID(result.stdout.strip()))
    short = result.stdout.strip()[:8]
    hint = " ".join(result.stderr.split())
    assert "started a game of Puerto Rico" in hint and f"`novus draw {short}`" in hint, hint
    assert f"`novus move {short} --chance A,B,...`" in hint
    code, out = novus("draw", short, "-d", data)  # the prefix the hint shows is accepted
    assert code == 0 and "drawn:" in out
    args = ["new", "-g", "santa-maria", "-p", "Ana,Ben", "-d", str(data), "--lang", "ko"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0 and UUID(result.stdout.strip().splitlines()[-1])
    assert "산타마리아 게임을 시작했습니다" in " ".join(result.stderr.split()), result.stderr
    set_language("en")  # the last command's --lang stays set in this process
    said = _started("puerto-rico", UUID(int=0xABCDEF12 << 96), chance=False)
    assert "`novus legal abcdef12` lists the moves" in said
    assert "`novus move abcdef12 MOVE` records one" in said


def test_a_move_typed_as_a_person_at_the_table_says_it(tmp_path: Path) -> None:
    """Three ways a Korean player typed a move and was refused: '나무를 팝니다' (the sentence
    reads '나무 1개를 팝니다': the particle moved), 'A1-1 옥수수' (split at the hyphen, its '1'
    named six moves: ambiguous), and '나무 팔기', whose hint listed the first six moves
    (colony tiles) rather than the two with 나무 in them."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "santa-maria", "--players", "민준,서연", "--seed", "4",
                      "-d", data)  # fmt: skip
    game = out.strip().splitlines()[-1]
    while legal(data, game).get("chance"):
        novus("draw", game, "-d", data)
    code, out = novus("move", game, "나무 팔기", "-d", data, "--lang", "ko")
    flat = " ".join(out.split())
    assert code == 1 and "지금 가능한 수: sell:wood (민준이 나무 1개를 팝니다); buy:wood" in flat
    code, out = novus("move", game, "나무를 팝니다", "-d", data, "--lang", "ko")
    assert code == 0 and "(sell:wood)" in out, out
    code, out = novus("draw", game, "-d", data, "--lang", "ko")  # a decision is due: who
    assert code == 1 and "지금 둘 차례: 민준 (1)" in out, out  # was 'seats to move: 0'; from 1

    code, out = novus("new", "--game", "century-new-world", "--players", "민준,서연", "-d", data)
    game = out.strip().splitlines()[-1]
    while legal(data, game).get("chance"):
        novus("draw", game, "-d", data)
    code, out = novus("move", game, "A1-1 옥수수", "-d", data, "--lang", "ko")
    assert code == 0 and "(place:A1-1)" in out, out


def test_a_misspelt_seat_name_is_guessed(tmp_path: Path) -> None:
    """`--seats 서현` (for 서연) listed the seats without a guess."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "santa-maria", "--players", "민준,서연,지호", "-d", data)
    game = out.strip().splitlines()[-1]
    code, out = novus("finish", game, "--seats", "서현", "-d", data, "--lang", "ko")
    assert code == 1 and "서연을 뜻했나요? 자리: 1 민준, 2 서연" in " ".join(out.split()), out
    code, out = novus("move", game, "x", "--seat", "Minjun", "-d", data)
    assert code == 1 and "did you mean" not in out, out  # nothing close: the seats only


def test_a_move_on_a_finished_game_says_to_take_back_or_branch(tmp_path: Path) -> None:
    """'게임이 끝났습니다' said no more: it names the commands that go on from a finished game."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    game = out.strip().splitlines()[-1]
    code, out = novus("finish", game, "-d", data)
    assert code == 0, out
    for lang, over in (("en", "the game is over"), ("ko", "게임이 끝났습니다")):
        code, out = novus("move", game, "anything", "-d", data, "--lang", lang)
        said = " ".join(out.split())
        assert code == 1 and over in said, said
        assert f"novus takeback {game[:8]}" in said and f"novus branch {game[:8]} --at" in said
        code, out = novus("draw", game, "-d", data, "--lang", lang)
        said = " ".join(out.split())
        assert code == 1 and over in said and "novus takeback" in said, said


def test_seats_are_counted_from_one_where_people_read_them(tmp_path: Path) -> None:
    """The charts say 'seat 1 = first player' while the CLI's tables, panels and the log's
    header counted from 0. Text counts from 1 now; `--json` and `--csv` keep the index from 0
    (docs/cli.md), so scripts do not change."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    game = out.strip().splitlines()[-1]
    novus("draw", game, "-d", data)
    code, out = novus("legal", game, "-d", data)
    rows = [line.split("│")[1:3] for line in out.splitlines() if "role:settler" in line]
    assert code == 0 and [seat.strip() for seat, _ in rows] == ["1"], out
    assert legal(data, game)["moves"][0]["seat"] == 0  # type: ignore[index]
    code, out = novus("log", game, "-d", data)
    assert "1: Ana  2: Ben  3: Cleo" in out, out
    code, out = novus("show", game, "-d", data)
    assert "Ana (seat 1)" in out and "Cleo (seat 3)" in out and "(seat 0)" not in out, out
    scores = [line.split() for line in out.splitlines() if line.strip().startswith(("1 ", "3 "))]
    assert [row[:2] for row in scores[:2]] == [["1", "Ana"], ["3", "Cleo"]], out
    code, out = novus("simulate", "-g", "puerto-rico", "-p", "3", "-n", "1", "-d", data)
    code, out = novus("stats", "-g", "puerto-rico", "-t", "seats", "-d", data)
    shown = [line.split()[1] for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert code == 0 and shown == ["1", "2", "3"], out
    code, out = novus("stats", "-g", "puerto-rico", "-t", "seats", "--csv", "-d", data)
    assert [line.split(",")[2] for line in out.strip().splitlines()[1:4]] == ["0", "1", "2"], out


def test_a_move_typed_unquoted_and_korean_without_spaces(tmp_path: Path) -> None:
    """At the table: `novus move G 소형 상가` (two words, no quotes) was a usage error ("extra
    argument: 상가"), as was `--chance 옥수수, 인디고, ...` typed with spaces; '소형상가' (Korean
    often drops the spaces of '소형 상가') matched no move, and the Play page's filter
    '휴식칸' showed none."""
    from uuid import UUID

    from application import play
    from application.i18n import set_language

    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "민수,지영,현우", "-d", data)
    game = out.strip().splitlines()[-1]
    code, out = novus("move", game, "--chance", "옥수수,", "인디고,", "설탕,", "커피", "-d", data,
                      "--lang", "ko")  # fmt: skip
    assert code == 0 and "기록했습니다: 옥수수, 인디고, 설탕, 커피" in out, out
    code, out = novus("move", game, "건축가", "-d", data, "--lang", "ko")
    assert code == 0, out
    code, out = novus("move", game, "소형", "인디고", "-d", data, "--lang", "ko")
    assert code == 0 and "(build:small_indigo_plant)" in out, out
    code, out = novus("move", game, "소형상가", "-d", data, "--lang", "ko")
    assert code == 0 and "(build:small_market)" in out, out
    code, out = novus("move", game, "small", "sugar", "mill", "-d", data)
    assert code == 0 and "(build:small_sugar_mill)" in out, out
    set_language("ko")
    try:
        pos = play.position(open_app(data), UUID(game))
        assert [m.action for m in play.matching(pos.moves, "개척자를")] == ["role:settler"]
        assert [m.action for m in play.matching(pos.moves, "선장을선택")] == ["role:captain"]
    finally:
        set_language("en")


def test_takeback_prints_the_moves_it_took_back(tmp_path: Path) -> None:
    """'1단계를 물렀습니다. 게임은 4단계에 있습니다' named no move: the ones taken back are
    listed with their numbers."""
    data = tmp_path / "data"
    code, out = novus("new", "--game", "puerto-rico", "--players", "Ana,Ben,Cleo", "-d", data)
    game = out.strip().splitlines()[-1]
    novus("move", game, "--chance", "corn,indigo,sugar,corn", "-d", data)
    novus("move", game, "builder", "-d", data)
    novus("move", game, "small market", "-d", data)
    code, out = novus("takeback", game, "--steps", "2", "-d", data)
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert code == 0 and "took back 2 step(s); the game is at step 1" in lines, out
    assert "2 Ana selects the Builder" in lines and any(
        line.startswith("3 Ana builds a Small Market") for line in lines
    ), out


def test_action_codes_are_printed_as_they_are_not_as_emoji(tmp_path: Path) -> None:
    """rich read `ship:corn:5` as the emoji code `:corn:`: `novus legal` and `novus move`
    printed 'ship🌽5' (and `sell:coffee:2` as 'sell☕2'), a code nobody can type back."""
    from application import play

    data = tmp_path / "data"
    app = open_app(data)
    game = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=5)
    for _ in range(400):  # bots play until a corn shipment is legal
        pos = play.position(app, game)
        corn = [m for m in pos.moves if m.action.startswith("ship:corn:")]
        if corn:
            break
        play.finish(app, game, "heuristic", max_steps=1)
    assert corn, "no corn shipment came up"
    app.close()
    code, out = novus("legal", str(game), "-d", data)
    assert code == 0 and corn[0].action in out and "\N{EAR OF MAIZE}" not in out, out
    code, out = novus("move", str(game), corn[0].action, "-d", data)
    assert code == 0 and f"({corn[0].action})" in out and "\N{EAR OF MAIZE}" not in out, out
