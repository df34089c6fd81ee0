"""The CLI in Korean leaves no English word on the screen: every command's output for a game of
each of the four games, scanned for Latin-letter words that are not ids, numbers, players'
names, game ids or option names (`tests/latin_words.py`); `novus log --lang ko` prints every
move in Korean."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from application import i18n
from domain.core import registry
from novus.cli.main import app
from tests.latin_words import english_words

runner = CliRunner()
GAMES = ("puerto-rico", "santa-maria", "century-new-world", "mundus-novus")
PLAYERS = ("Random 1", "Random 2", "Random 3")
CODES = tuple(
    word
    for name in GAMES
    for spec in registry.get(name).options
    for word in (spec.key, *spec.values, *(f"{spec.key}={v}" for v in spec.values))
)
"""Option names and values: what a person types (`--option side=B`), the same in Korean."""
HANGUL = re.compile("[가-힣]")


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    data = tmp_path_factory.mktemp("korean-cli") / "data"
    ids = {}
    for game in GAMES:
        out = korean("simulate", "--game", game, "--players", "3", "--games", "1", "--seed", "4",
                     "--bot", "random", "-d", str(data))  # fmt: skip
        ids[game] = re.findall(r"\b([0-9a-f]{8})\b", out)[0]
    return data, ids


def korean(*args: str, code: int | None = 0, allowed: tuple[str, ...] = ()) -> str:
    """The output of `novus ARGS --lang ko` (exit `code`; None: any), checked for English."""
    i18n.clear_missing()
    try:
        result = runner.invoke(app, [*args, "--lang", "ko"], terminal_width=200)
    finally:
        i18n.set_language(None)  # the next test's code runs in English again
    assert "Traceback" not in result.output, result.output
    assert code is None or result.exit_code == code, result.output
    left = english_words(result.output, (*PLAYERS, *CODES, *allowed))
    assert not left, (
        "English on a Korean screen (`novus " + " ".join(args) + "`):\n" + "\n".join(left)
    )
    assert not i18n.missing(), sorted(i18n.missing(), key=str)
    return result.output


@pytest.mark.parametrize("game", GAMES)
def test_a_game_shown_in_korean(stored: tuple[Path, dict[str, str]], game: str) -> None:
    data, ids = stored
    ref = ids[game]
    korean("show", ref, "--step", "30", "-d", str(data))
    korean("show", ref, "--step", "31", "--seat", "1", "-d", str(data))
    korean("show", ref, "-d", str(data))


@pytest.mark.parametrize("game", GAMES)
def test_log_prints_korean_moves(stored: tuple[Path, dict[str, str]], game: str) -> None:
    data, ids = stored
    out = korean("log", ids[game], "-d", str(data))
    moves = [line for line in out.splitlines() if re.match(r"\s*\d+\s+\S", line)]
    assert len(moves) > 20
    english = [line for line in moves if not HANGUL.search(line)]
    assert not english, english[:5]


@pytest.mark.parametrize("game", GAMES)
def test_game_commands_in_korean(stored: tuple[Path, dict[str, str]], game: str) -> None:
    data, ids = stored
    korean("verify", ids[game], "-d", str(data))
    korean("rules", game)
    korean("legal", ids[game], "-d", str(data))


VERBS = tuple(
    verb
    for package in ("puerto_rico", "santa_maria", "century_new_world", "mundus_novus")
    for verb in importlib.import_module(f"domain.{package}.actions").VERBS
)
"""Action codes' verbs (`build`, `role`): `novus stats`'s decisions table counts the moves by
the code a person types in `novus move` (shown as codes, like `novus legal`'s action column)."""


@pytest.mark.parametrize("game", GAMES)
def test_statistics_in_korean(stored: tuple[Path, dict[str, str]], game: str) -> None:
    data, _ids = stored
    korean("project", "-d", str(data))
    korean("stats", "-d", str(data))
    korean("stats", "--game", game, "--player", "Random 1", "-d", str(data), allowed=VERBS)


def test_library_commands_in_korean(stored: tuple[Path, dict[str, str]]) -> None:
    data, _ids = stored
    korean("games", "-d", str(data))
    korean("components", "list")
    korean("games", "--game", "nope", "-d", str(data), code=1, allowed=("nope",))
    korean("simulate", "-g", "santa-maria", "--option", "sid=B", "-d", str(data), code=1,
           allowed=("sid",))  # fmt: skip
    korean("show", "ffffffff", "-d", str(data), code=1)


def _commands() -> list[list[str]]:
    from typer.main import get_command

    root = get_command(app)
    found = [[]]
    for name, command in sorted(root.commands.items()):  # type: ignore[attr-defined]
        found.append([name])
        found += [[name, sub] for sub in sorted(getattr(command, "commands", {}))]
    return found


def _argument_names() -> list[str]:
    """The arguments' names a help page shows (`game_ref`): a placeholder, as typed."""
    from typer.main import get_command

    root = get_command(app)
    found = []
    for command in root.commands.values():  # type: ignore[attr-defined]
        for sub in [command, *getattr(command, "commands", {}).values()]:
            found += [p.name for p in sub.params if p.param_type_name == "argument"]
    return found


@pytest.mark.parametrize("where", ["after", "env"])
def test_every_help_page_in_korean(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`novus [COMMAND] --help --lang ko` (the option after --help) or NOVUS_LANG=ko: every
    command's help page in Korean, English again without them."""
    pages = _commands()
    assert len(pages) > 20
    for command in pages:
        i18n.clear_missing()
        if where == "env":
            monkeypatch.setenv("NOVUS_LANG", "ko")
            args = [*command, "--help"]
        else:
            args = [*command, "--help", "--lang", "ko"]
        try:
            result = runner.invoke(app, args, terminal_width=100)
        finally:
            monkeypatch.delenv("NOVUS_LANG", raising=False)
            i18n.set_language(None)
        assert result.exit_code == 0, result.output
        assert "사용법" in result.output and "옵션" in result.output
        names = [name for c in pages for name in c]  # command names: what a person types
        names += _argument_names()
        names += ["browser", "bots"]  # `[default: browser]`: the flag --browser/--no-browser
        names += ["games", "players", "by-player-count", "by-seat", "points", "seats"]
        names += ["decisions"]  # the values `novus stats --table` takes
        left = english_words(result.output, (*CODES, *names, "SEED+i", "Ctrl+C"))
        assert not left, f"English in `novus {' '.join(command)} --help`:\n" + "\n".join(left)
        assert not i18n.missing(), sorted(i18n.missing(), key=str)
    english = runner.invoke(app, ["show", "--help"], terminal_width=100).output
    assert "Usage:" in english and "Show the state after N steps." in english


@pytest.mark.parametrize(
    "args",
    [
        ["shw"],
        ["show"],
        ["show", "abc", "--stp", "3"],
        ["show", "abc", "-s", "x"],
        ["games", "extra"],
        ["games", "--limit", "0"],
        ["simulate", "--game", "puerto-rico", "--bot", "smart"],
        ["log", "abc", "--lmt", "3"],
        ["components", "chk"],
        ["log", "abc", "--lang", "fr"],
    ],
)
def test_usage_errors_in_korean(args: list[str]) -> None:
    i18n.clear_missing()
    try:  # NOVUS_LANG: `--lang fr` is the mistake of one case
        result = runner.invoke(app, args, terminal_width=100, env={"NOVUS_LANG": "ko"})
    finally:
        i18n.set_language(None)
    assert result.exit_code == 2, result.output
    assert "오류" in result.output
    typed = [a.partition("=")[0] for a in args]  # what the person typed may come back
    names = [name for c in _commands() for name in c]
    left = english_words(result.output, (*CODES, *typed, *names, "fr", "game_ref"))
    assert not left, f"English in `novus {' '.join(args)}`:\n" + "\n".join(left)
    english = runner.invoke(app, args, terminal_width=100).output
    assert "Error" in english


def test_korean_help_loads_no_heavy_library() -> None:
    from tests.application.test_cli_startup import _loaded_after

    loaded, out = _loaded_after([["--help", "--lang", "ko"], ["show", "--help", "--lang", "ko"]])
    assert "사용법" in out
    assert loaded == set(), f"novus --help --lang ko imported {sorted(loaded)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_entered_by_hand_in_korean(tmp_path: Path, game: str) -> None:
    """`novus new`, `legal` (the chance awaited, then the moves), `draw`, a wrong move and a
    take-back too far, in Korean."""
    data = str(tmp_path / "data")
    new = korean("new", "--game", game, "--players", "Ann,Bo,Cy", "--seed", "1", "-d", data)
    game_id = re.findall(r"[0-9a-f]{8}-[0-9a-f-]{27}", new)[0]
    shown = json.loads(runner.invoke(app, ["legal", game_id, "--json", "-d", data]).output)
    items = shown["chance"].get("pool") or shown["chance"].get("items") or []
    names = ("Ann", "Bo", "Cy", *map(str, items))  # the codes `novus move --chance` takes
    korean("legal", game_id, "-d", data, allowed=names)
    for _ in range(4):
        korean("draw", game_id, "-d", data, allowed=names, code=None)
    shown = json.loads(runner.invoke(app, ["legal", game_id, "--json", "-d", data]).output)
    codes = tuple(m["action"] for m in shown.get("moves") or ())  # action codes, as typed
    korean("legal", game_id, "-d", data, allowed=(*names, *codes), code=None)
    korean("move", game_id, "nonsense", "-d", data, allowed=(*names, *codes, "nonsense"), code=1)
    korean("takeback", game_id, "--steps", "99", "-d", data, code=1)


def test_export_and_import_in_korean(stored: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    data, ids = stored
    target = str(tmp_path / "game.novus.jsonl")
    korean("export", ids["puerto-rico"], "-o", target, "-d", str(data))
    korean("import", target, "-d", str(data))
    korean("export", "-d", str(data), code=1)
    korean("import", str(tmp_path / "nothing.txt"), "-d", str(data), code=2,
           allowed=("import", "files"))  # fmt: skip


def test_demo_in_korean(tmp_path: Path) -> None:
    """`novus demo --no-dashboard` (one sample game per game and player count) in Korean."""
    out = korean("demo", "--games", "1", "--no-dashboard", "-d", str(tmp_path / "demo"))
    assert "예시 게임" in out
    assert "몬두스 노부스" in out and "mundus-novus" not in out  # the games' Korean names
    korean("demo", "--games", "1", "--no-dashboard", "-d", str(tmp_path / "demo"))


def test_games_names_each_game_by_its_korean_title(stored: tuple[Path, dict[str, str]]) -> None:
    """`novus games --lang ko` showed the codes ('puerto-rico') in its game column: the titles
    in the display language, as `novus show` and `legal` give them; --json keeps the codes,
    and --game takes a code or a title (English or Korean)."""
    data, ids = stored
    out = korean("games", "-d", str(data))
    assert not any(code in out for code in GAMES), out
    titles = {game: i18n.term(registry.get(game).title, "game", "ko") for game in GAMES}
    assert all(title in out for title in titles.values()) and "푸에르토 리코" in out, out
    listed = json.loads(runner.invoke(app, ["games", "--json", "-d", str(data)]).stdout)
    assert sorted(g["game"] for g in listed) == sorted(GAMES)
    for pick in ("santa-maria", "Santa Maria", "santa maria", titles["santa-maria"]):
        out = korean("games", "--game", pick, "-d", str(data))
        assert "게임 1개" in out and ids["santa-maria"] in out, (pick, out)
    korean("games", "--game", "santa-mara", "-d", str(data), code=1, allowed=("santa-mara",))


def test_every_game_option_takes_a_title(
    stored: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """`--game` of `simulate`, `new`, `stats` and `components check` took only the code while
    `games --game` took the title shown beside it ('산타마리아'): every one takes both now, and
    a misspelt title is still an error."""
    data, _ids = stored
    title = i18n.term(registry.get("santa-maria").title, "game", "ko")
    out = korean("simulate", "--game", title, "--players", "2", "--games", "1", "--seed", "9",
                 "-d", str(tmp_path / "sim"))  # fmt: skip
    assert title in out, out
    new = korean("new", "--game", "Santa Maria", "--players", "Ann,Bo", "-d", str(tmp_path / "n"))
    assert re.search(r"^[0-9a-f-]{36}$", new.strip().splitlines()[-1], re.M), new
    korean("stats", "--game", title, "-d", str(data), allowed=VERBS)
    checked = korean("components", "check", "synthetic", "--game", "santa maria")
    assert f"{title} synthetic" in checked and "빠진 것 없이 올바름" in checked, checked
    korean("simulate", "--game", "산타마리야", "-d", str(tmp_path / "x"), code=1)


def test_rules_takes_a_title_and_an_unknown_game_lists_the_titles() -> None:
    """`novus rules 산타마리아` was an unknown game (only `--game` took titles), and the hint
    listed the codes alone, so '센추리 뉴월드' left the person guessing 'century-new-world'."""
    out = korean("rules", "산타마리아", allowed=CODES)
    assert out.startswith("santa-maria  산타마리아"), out
    out = korean("rules", "센추리 뉴월드", code=1, allowed=GAMES)
    assert "센추리: 신대륙 (century-new-world)" in out, out
    # the start of one game's title names it, as a prefix of an id names its game
    assert korean("rules", "센추리", allowed=CODES).startswith("century-new-world  센추리")
    assert korean("rules", "Mundus", allowed=CODES).startswith("mundus-novus")
    korean("rules", "푸", code=1, allowed=GAMES)  # one letter: too short to name a game


def test_a_wrong_chance_outcome_is_said_in_korean(tmp_path: Path) -> None:
    """A board entered twice, too few shipping tiles or dice: the engine's own check answered
    in English ('boards: not in the pool: A1 x2', 'expected 4 items, got 2') on a Korean
    screen; it says what the outcome needs, naming the items."""
    data = str(tmp_path / "data")
    new = korean("new", "--game", "santa-maria", "--players", "Ann,Bo,Cy", "-d", data)
    game_id = re.findall(r"[0-9a-f]{8}-[0-9a-f-]{27}", new)[0]
    boards = ("A1", "A2", "A3", "A4")
    out = korean("move", game_id, "--chance", "A1,A1,A2", "-d", data, code=1, allowed=boards)
    assert "A1 2개" in out, out
    out = korean("move", game_id, "--chance", "A1,A2", "-d", data, code=1, allowed=boards)
    assert "3개" in out, out
    korean("move", game_id, "--chance", "A1,A2,A3", "-d", data, allowed=boards)
    tiles = ("s0-1", "s0-2", "s0-3", "s0-4")
    out = korean("move", game_id, "--chance", "s0-1,s0-2", "-d", data, code=1, allowed=tiles)
    assert "s0-3, s0-4" in out, out  # the shuffle's missing tiles


@pytest.mark.parametrize(
    ("players", "options"),
    [
        ("Ann,Bo,Cy,Di,Ed", ()),
        ("Ann,Bo,Cy", ("--option", "expansion=true", "--option", "modules=A,B")),
    ],
)
def test_santa_maria_expansion_shown_in_korean(
    tmp_path: Path, players: str, options: tuple[str, ...]
) -> None:
    """Five players bring the expansion, modules C and D (the Maya city): `novus show --lang
    ko` left 'scholar4', 'cocoa storage', 'road tokens', 'temples', the Maya's tasks ('mwalk',
    'mtech') and the experts of module B in English."""
    data = str(tmp_path / "data")
    names = tuple(players.split(","))
    new = korean("new", "--game", "santa-maria", "--players", players, *options, "--seed", "2",
                 "-d", data)  # fmt: skip
    game_id = re.findall(r"[0-9a-f]{8}-[0-9a-f-]{27}", new)[0]
    korean("finish", game_id, "-d", data, allowed=names)
    tokens = (*names, "straw", "wood")  # building token codes ('straw:0'), cut short at a border
    shown = "".join(
        korean("show", game_id, "--step", str(step), "-d", data, allowed=tokens)
        for step in range(20, 300, 19)
    )
    assert "학자 4" in shown or "전문가" in shown, shown


def test_five_player_santa_maria_without_the_maya_is_said_in_korean(tmp_path: Path) -> None:
    """`novus new` with five players and `--option maya=false` answered in English."""
    names = ("Ann", "Bo", "Cy", "Di", "Ed")
    out = korean("new", "--game", "santa-maria", "--players", ",".join(names), "--option",
                 "maya=false", "-d", str(tmp_path / "d"), code=1, allowed=names)  # fmt: skip
    assert "마야인의 도시" in out and "모듈 C" in out, out


def test_new_says_what_the_player_count_brought_and_branch_what_to_type(tmp_path: Path) -> None:
    """Five names at Santa Maria started a game with the expansion, module C and the Maya city
    without a word (the player in seat 0 was the Maya city); `novus branch` printed a bare id,
    where `novus new` says what to type next."""
    data = str(tmp_path / "d")
    names = ("Ann", "Bo", "Cy", "Di", "Ed")
    out = korean("new", "--game", "santa-maria", "--players", ",".join(names), "-d", data,
                 allowed=names)  # fmt: skip
    flat = " ".join(out.split())
    assert "5인 게임이라 다음 옵션이 켜졌습니다: expansion=true, modules=C,D, maya=true" in flat
    out = korean("new", "--game", "santa-maria", "--players", "Ann,Bo", "-d", data, allowed=names)
    assert "켜졌습니다" not in out, out
    game_id = re.findall(r"[0-9a-f]{8}-[0-9a-f-]{27}", out)[0]
    korean("finish", game_id, "-d", data, allowed=names)
    out = korean("branch", game_id, "--at", "20", "-d", data, allowed=names)
    branch = re.findall(r"[0-9a-f]{8}-[0-9a-f-]{27}", out)[0]
    assert f"`novus legal {branch[:8]}`" in " ".join(out.split()) and branch != game_id, out


def test_at_80_columns_korean_text_is_folded_not_cut(
    stored: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """At a laptop's 80 columns Rich's default cut Korean words with '…': a move in `novus
    legal` ('담뱃 …' for 담뱃잎), lines of `novus log`, and the headers of `novus stats`
    ('평균 플레이…': a Korean letter takes two cells); stats named the game by its code
    ('century-new-world') where `novus games` shows its title."""
    data, ids = stored

    def at_80(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "novus.cli.main", *args, "--lang", "ko"],
            env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]), COLUMNS="80"),
            capture_output=True,
            text=True,
            timeout=120,
        )
        out = done.stdout + done.stderr
        assert done.returncode == 0, out
        assert "…" not in out, [line for line in out.splitlines() if "…" in line]
        return out

    out = at_80("stats", "-d", str(data))
    assert "플레이어" in out and "센추리: 신대륙" in out and "century-new-world" not in out, out
    at_80("stats", "--game", "century-new-world", "-d", str(data))
    at_80("log", ids["santa-maria"], "-d", str(data))
    own = str(tmp_path / "own")
    new = at_80("new", "--game", "century-new-world", "--players", "민준,서연,지호", "--seed", "3",
                "-d", own)  # fmt: skip
    game_id = re.findall(r"[0-9a-f]{8}-[0-9a-f-]{27}", new)[0]
    for _ in range(3):
        at_80("draw", game_id, "-d", own)
    assert "담뱃잎" in at_80("legal", game_id, "-d", own)


def test_santa_marias_shipping_points_are_named_as_on_the_dashboard(
    stored: tuple[Path, dict[str, str]],
) -> None:
    """`novus show` named Santa Maria's shipping points '수출' (Puerto Rico's word) where the
    Replay page and `novus stats` say '해운 타일' (the rulebook's shipping tiles)."""
    data, ids = stored
    flat = " ".join(korean("show", ids["santa-maria"], "-d", str(data)).split())
    assert "해운 타일" in flat and "수출" not in flat, flat
    flat = " ".join(korean("show", ids["puerto-rico"], "-d", str(data)).split())
    assert "수출" in flat, flat


def test_a_misspelt_korean_player_name_is_guessed(tmp_path: Path) -> None:
    """`novus stats --player 민쥰` listed the first eight players (the demo's bots first) and
    guessed nothing: no syllable of 민쥰 is 민준's, though one letter (jamo) is off; the
    guess was written "'민준'을(를)"."""
    data = str(tmp_path / "d")
    names = ("Heuristic 1", "Heuristic 2", "Heuristic 3")
    korean("simulate", "--game", "century-new-world", "--players", "3", "--games", "3",
           "--seed", "1", "-d", data, allowed=names)  # fmt: skip
    new = korean("new", "--game", "센추리", "--players", "민준,서연", "--seed", "1", "-d", data)
    game_id = re.findall(r"[0-9a-f]{8}-[0-9a-f-]{27}", new)[0]
    korean("finish", game_id, "-d", data)
    out = korean("stats", "--player", "민쥰", "-d", data, code=1, allowed=names)
    assert "민준을 뜻했나요?" in " ".join(out.split()), out


def test_mundus_novus_cards_to_enter_are_named(tmp_path: Path) -> None:
    """The market to enter was '1, 2, ..., 9, R' and '커피' could not be typed."""
    data = str(tmp_path / "d")
    new = korean("new", "--game", "몬두스", "--players", "민준,서연", "--seed", "2", "-d", data)
    game_id = re.findall(r"[0-9a-f]{8}-[0-9a-f-]{27}", new)[0]
    korean("draw", game_id, "-d", data)
    out = " ".join(korean("legal", game_id, "-d", data).split())
    assert "시장 (카카오, 옥수수, 담배, 커피" in out, out
    out = korean("move", game_id, "--chance", "커피,커피,잉카의 유물", "-d", data)
    assert "기록했습니다: 커피, 커피, 잉카의 유물" in out, out


def test_a_korean_title_written_as_one_word_is_found_by_its_first_syllables(
    tmp_path: Path,
) -> None:
    """'센추리' finds 센추리: 신대륙 (its first word) but '산타' found nothing: Korean writes
    산타마리아 as one word, so it has no first word to type."""
    data = tmp_path / "data"
    out = korean("new", "--game", "산타", "--players", "민준,서연", "--seed", "1", "-d", str(data))
    assert "산타마리아 게임을 시작했습니다" in " ".join(out.split()), out
    game_id = out.strip().splitlines()[-1]
    from uuid import UUID

    from application import play
    from application.service import open_app

    app = open_app(data)
    while play.position(app, UUID(game_id)).chance is not None:  # to the first decision
        play.draw(app, UUID(game_id))
    at = str(play.position(app, UUID(game_id)).step)
    app.close()
    out = korean("branch", game_id, "--at", at, "-d", str(data))
    flat = " ".join(out.split())  # what to type next names the move as the usage line does
    assert "수 기록하기 `novus move" in flat and " 수`" in flat and "MOVE" not in flat, flat
    assert korean("rules", "몬두스", allowed=CODES).startswith("mundus-novus  몬두스 노부스")
