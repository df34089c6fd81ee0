"""The engines' own reasons for a refused step (an illegal move, a setup the rules do not allow,
a chance outcome that cannot be) show in the display language: they were English text inside
Korean messages ("1번 자리에 허용되지 않는 행동 'fly': not an action of the grammar").

The domain stays pure: it hands each reason over as a `Phrase` (`phrase(...)`, the catalog's
extraction keyword) and `application.i18n` translates it where it is shown."""

from __future__ import annotations

import ast
import inspect
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from application import i18n
from application.i18n import explained
from domain.core import errors, registry
from domain.core.chance import Draw, resolve, validate
from domain.core.errors import NovusError
from domain.core.phrase import phrase
from domain.core.protocol import ChanceStep, Decision
from novus import catalog

ROOT = Path(__file__).resolve().parents[2]
ERRORS = {
    name
    for name, value in inspect.getmembers(errors, inspect.isclass)
    if issubclass(value, NovusError)
}


def _texts(node: ast.AST) -> Iterator[ast.AST]:
    """English made on the spot: a string literal, an f-string, or text joined with `+`."""
    if isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value
    ):
        yield node
    elif isinstance(node, ast.BinOp):
        yield from _texts(node.left)
        yield from _texts(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _texts(node.body)
        yield from _texts(node.orelse)


def test_the_domain_gives_every_reason_as_a_phrase() -> None:
    """No user error the engines raise carries bare English (its message, hint or reason), and
    no `_why` returns it: each is a `phrase(...)`, which the catalog extracts."""
    found = []
    for path in sorted((ROOT / "domain").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            given: list[ast.AST] = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in ERRORS and path.name != "errors.py":
                    given = list(node.args) + [k.value for k in node.keywords]
                    if node.func.id == "PlayerCount":  # the game's title: a catalog term
                        given = given[1:]
            elif isinstance(node, ast.FunctionDef) and node.name in ("_why", "placement_problem"):
                given = [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value]
            for value in given:
                for text in _texts(value):
                    found.append(f"{path.relative_to(ROOT)}:{text.lineno}")
    assert not found, found


def test_the_catalog_extracts_the_engines_reasons_and_has_korean_for_each() -> None:
    ids = {e.msgid: e.where for e in catalog.extracted()}
    for reason in (
        "not an action of the grammar",  # Puerto Rico and Century: New World
        "single placements were already made this turn",  # Puerto Rico's Mayor
        "your own settlers are already on that location",  # Century: New World
        "{game} needs {low} to {high} players, got {n}",  # all four
        "the advanced setup uses the B sides",  # Santa Maria
        "{label}: not in the pool: {short}",  # any chance draw
    ):
        assert ids.get(reason, "").startswith("domain/"), reason
        assert i18n.lookup(reason, lang="ko"), reason
    domain = [e for e in catalog.extracted() if e.where.startswith("domain/")]
    untranslated = [e.msgid for e in domain if not i18n.lookup(e.msgid, e.context, "ko")]
    assert len(domain) > 50 and not untranslated, untranslated


@pytest.fixture
def korean() -> Iterator[None]:
    i18n.set_language("ko")
    yield
    i18n.set_language(None)


def _refused(game: str, action: str) -> NovusError:
    """The error `game`'s engine raises for `action` by the first seat to decide."""
    rules = registry.get(game)
    state = rules.initial_state(rules.prepare(("민준", "서연"), {}))
    rng = random.Random(1)
    while rules.awaits_chance(state):
        state = rules.apply(state, ChanceStep(resolve(rules.chance_spec(state), rng)))
    with pytest.raises(NovusError) as caught:
        rules.apply(state, Decision(rules.to_move(state)[0], action))
    return caught.value


@pytest.mark.parametrize(
    ("game", "action", "english", "korean_text"),
    [
        (
            "puerto-rico",
            "fly",
            "illegal action 'fly' for seat 1: not an action of the grammar",
            "1번 자리에 허용되지 않는 행동 'fly': 수의 형식에 맞지 않습니다",
        ),
        (
            "century-new-world",
            "place:ZZ",
            "illegal action 'place:ZZ' for seat 1: no location 'ZZ' on this board",
            "1번 자리에 허용되지 않는 행동 'place:ZZ': 이 게임판에는 'ZZ' 장소가 없습니다",
        ),
        (
            "santa-maria",
            "fly",
            "illegal action 'fly' for seat 1",
            "1번 자리에 허용되지 않는 행동 'fly'",
        ),
        (
            "mundus-novus",
            "fly",
            "illegal action 'fly' for seat 1",
            "1번 자리에 허용되지 않는 행동 'fly'",
        ),
    ],
)
def test_a_refused_move_says_why_in_korean_and_the_same_english(
    korean: None, game: str, action: str, english: str, korean_text: str
) -> None:
    error = _refused(game, action)
    assert error.message == english  # the English text stays what tests and users know
    message, hint = explained(error)
    assert message == korean_text
    assert hint.startswith("지금 가능한 수: ")


def test_puerto_ricos_mayor_placement_and_centurys_reasons_in_korean(korean: None) -> None:
    error = errors.IllegalAction("colonists:0=9", 1, ["colonists:0=1"], MAYOR_PROBLEM)
    assert explained(error)[0] == (
        "2번 자리에 허용되지 않는 행동 'colonists:0=9': "
        "이주민 9개를 놓았지만 정확히 1개를 놓아야 합니다 (원을 먼저 채우세요)"
    )
    assert (
        str(MAYOR_PROBLEM)
        == "9 colonists placed, but exactly 1 must be placed (fill circles first)"
    )


MAYOR_PROBLEM = phrase(
    "{placed} colonists placed, but exactly {must} must be placed (fill circles first)",
    placed=9,
    must=1,
)


@pytest.mark.parametrize(
    ("game", "players", "korean_text"),
    [
        ("puerto-rico", 1, "푸에르토 리코는 2~5명이 플레이합니다 (주어진 플레이어: 1명)"),
        ("santa-maria", 6, "산타마리아는 1~5명이 플레이합니다 (주어진 플레이어: 6명)"),
        ("century-new-world", 5, "센추리: 신대륙은 2~4명이 플레이합니다 (주어진 플레이어: 5명)"),
        ("mundus-novus", 7, "몬두스 노부스는 2~6명이 플레이합니다 (주어진 플레이어: 7명)"),
    ],
)
def test_a_setup_the_rules_refuse_says_why_in_korean(
    korean: None, game: str, players: int, korean_text: str
) -> None:
    rules = registry.get(game)
    with pytest.raises(errors.SetupError) as caught:
        rules.prepare([f"p{i}" for i in range(players)], {})
    message, hint = explained(caught.value)
    assert message == korean_text and "명" in hint and "players" not in hint
    assert "needs" in caught.value.message and str(players) in caught.value.message


def test_a_setup_option_the_rules_refuse_says_why_in_korean(korean: None) -> None:
    rules = registry.get("santa-maria")
    with pytest.raises(errors.SetupError) as caught:
        rules.prepare(["민준", "서연"], {"setup": "advanced", "side": "A"})
    assert explained(caught.value) == (
        "상급자 규칙의 준비는 B면을 씁니다",
        "side=A를 빼세요 (1인 게임은 항상 상급자 규칙으로 준비합니다)",
    )
    with pytest.raises(errors.SetupError) as caught:
        registry.get("puerto-rico").prepare(["a", "b", "c"], {"nobles": "true"})
    assert explained(caught.value)[0] == "nobles=true에는 확장 1 건물 풀이 필요합니다"


def test_a_chance_outcome_the_rules_refuse_says_why_in_korean(korean: None) -> None:
    spec = Draw(("corn", "corn", "coffee"), 2, "face-up plantations")
    with pytest.raises(errors.BadChanceOutcome) as caught:
        validate(spec, ("coffee", "coffee"))
    message, hint = explained(caught.value)
    assert message == "공개할 농장: 뽑을 수 있는 것에 없음: coffee x2"  # the label as the CLI says
    assert hint == "뽑을 수 있는 것: coffee, corn"
    assert caught.value.message == "face-up plantations: not in the pool: coffee x2"


def test_an_imported_file_with_a_refused_move_says_the_engines_reason_in_korean(
    tmp_path: Path,
) -> None:
    """`novus import` names the file, the line and the move, and now the engine's reason in
    Korean too (it said '... 'fly': not an action of the grammar')."""
    from typer.testing import CliRunner

    from novus.cli.main import app

    def novus(*args: object) -> str:
        result = CliRunner().invoke(app, [str(a) for a in args])
        assert "Traceback" not in result.output
        return result.output

    game = novus("new", "-g", "puerto-rico", "-p", "민준,서연,지우", "-d", tmp_path / "a")
    game = game.strip().splitlines()[-1]
    novus("draw", game, "-d", tmp_path / "a")
    file = tmp_path / "game.novus.jsonl"
    novus("export", game, "-o", file, "-d", tmp_path / "a")
    file.write_text(file.read_text(encoding="utf-8") + '{"seat":0,"action":"fly"}\n', "utf-8")
    out = "".join(novus("import", file, "-d", tmp_path / "b", "--lang", "ko").split())
    said = "1번자리에허용되지않는행동'fly':수의형식에맞지않습니다"  # rich wraps lines anywhere
    assert f"game.novus.jsonl:3:{{'seat':0,'action':'fly'}}:{said}" in out, out
    assert "grammar" not in out
