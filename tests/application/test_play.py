"""Recording a table game, taking back, branching and letting bots finish (`application.play`),
on both stores."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from application import play
from application.errors import GameChanged, WriteConflict
from application.service import NovusApp
from application.verification import verify_record
from domain.core import registry
from domain.core.chance import Dice, Draw, Shuffle
from domain.core.errors import BadChanceOutcome, ChanceExpected, SetupError
from domain.core.play import replay
from domain.core.protocol import ChanceStep, Decision, TakeBack

BOTH = {"buildings": "draft", "nobles": "true"}


def table_outcome(spec: object) -> list[str]:
    """What came up at the table: the first items of the pool, in order (a possible draw)."""
    if isinstance(spec, Draw):
        return list(spec.pool[: spec.count])
    assert isinstance(spec, Shuffle | Dice)
    return list(spec.items) if isinstance(spec, Shuffle) else ["1"] * spec.count


def enter(app: NovusApp, game_id: object, count: int) -> list[object]:
    """Enter `count` steps as a person at the table would: outcomes as seen, moves by their
    sentence (odd steps) or their code (even steps), always the last legal move listed."""
    entered: list[object] = []
    for number in range(count):
        pos = play.position(app, game_id)  # type: ignore[arg-type]
        if pos.chance is not None:
            seen = table_outcome(pos.chance)
            outcome = play.enter_chance(app, pos.game_id, ", ".join(seen).upper())
            assert list(outcome) == seen
            entered.append(ChanceStep(tuple(seen)))
        else:
            chosen = pos.moves[-1]
            text = chosen.text if number % 2 else chosen.action
            assert play.move(app, pos.game_id, text) == chosen
            entered.append(Decision(chosen.seat, chosen.action))
    return entered


def test_a_table_game_with_both_expansions_take_back_branch_and_bots(
    app: NovusApp, make_app: Callable[[], NovusApp]
) -> None:
    game_id = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], BOTH)
    entered = enter(app, game_id, 40)
    record = app.history(game_id)
    assert record.source["kind"] == "manual" and record.setup.options["nobles"] == "true"
    assert list(record.steps) == entered
    assert any(isinstance(s, ChanceStep) for s in entered)  # plantations turned up were entered

    # a mistaken step is taken back: an event of its own, the step itself is kept in the log
    mistaken = entered[-1]
    assert play.take_back(app, game_id) == 39
    record = app.history(game_id)
    assert list(record.steps) == entered[:39]
    assert record.log is not None and record.log[-1] == TakeBack(39, (mistaken,))
    assert len(record.history) == 41
    other = make_app()  # another process sees the game as it stands
    assert other.timeline(game_id, fresh=True).steps == entered[:39]
    assert play.position(other, game_id).step == 39
    entered = entered[:39] + enter(app, game_id, 5)

    # branch at step k: the first k steps equal the parent's, parent and step in the source
    k = 17
    child = play.branch(app, game_id, k)
    child_record = app.history(child)
    assert child_record.steps == app.history(game_id).steps[:k]
    assert child_record.source == {
        "kind": "branch",
        "name": "novus branch",
        "parent": str(game_id),
        "step": k,
    }
    assert play.branches(app, game_id) == [(k, child)]
    alternative = [m for m in play.position(app, child).moves if m != entered[k]]
    if alternative:  # any legal move may be tried in the branch
        play.move(app, child, alternative[0].action)

    # bots finish both games; every game verifies
    for finished in (game_id, child):
        assert play.finish(app, finished, "heuristic")
        assert play.position(app, finished).over
        assert verify_record(app.history(finished)).ok
    state = replay(registry.get("puerto-rico"), record.setup, app.history(game_id).steps)
    assert registry.get("puerto-rico").is_over(state)
    counts = {s.id: s.steps for s in app.summaries()}
    assert counts[game_id] == len(app.history(game_id).steps)
    assert counts[child] == len(app.history(child).steps)


def test_taking_back_a_finished_game_reopens_it(
    app: NovusApp, make_app: Callable[[], NovusApp]
) -> None:
    game_id = play.new_game(app, "puerto-rico", ["A", "B", "C"], seed=4)
    play.finish(app, game_id, "random")
    steps = app.history(game_id).steps
    other = make_app()  # another process, which saw the game finished
    assert other.timeline(game_id).finished
    assert app.state_at(game_id, len(steps)) is not None
    play.take_back(app, game_id, 3)
    record = app.history(game_id)
    assert not record.finished and record.steps == steps[:-3]
    assert record.version == len(list(app.events.get(game_id)))  # the old Finished counts
    assert other.timeline(game_id, fresh=True).steps == list(steps[:-3])
    reader = make_app()  # its timeline starts from the record, with a Finished taken back
    assert reader.timeline(game_id, fresh=True).steps == list(steps[:-3])
    assert verify_record(record).ok
    assert [s.steps for s in app.summaries() if s.id == game_id] == [None]
    assert not play.position(app, game_id).over
    played = play.finish(app, game_id, "heuristic", max_steps=1)
    for seen in (other, reader):
        assert seen.timeline(game_id, fresh=True).steps == list(app.history(game_id).steps)
    played += play.finish(app, game_id, "heuristic")
    record = app.history(game_id)
    assert record.finished and len(record.steps) == len(steps) - 3 + len(played)
    assert verify_record(record).ok
    assert [s.steps for s in app.summaries() if s.id == game_id] == [len(record.steps)]
    with pytest.raises(play.NothingToTakeBack):
        play.take_back(app, game_id, len(record.steps) + 1)


def test_two_tabs_on_one_game_the_second_gets_a_conflict(
    app: NovusApp, make_app: Callable[[], NovusApp]
) -> None:
    game_id = play.new_game(app, "puerto-rico", ["A", "B", "C"], seed=2)
    play.draw(app, game_id)
    tab1 = play.position(app, game_id)
    tab2 = play.position(make_app(), game_id)
    assert tab1.version == tab2.version
    first = play.move(app, game_id, tab1.moves[0].action, expected_version=tab1.version)
    with pytest.raises(GameChanged) as caught:
        play.move(app, game_id, tab2.moves[1].action, expected_version=tab2.version)
    assert isinstance(caught.value, WriteConflict)
    assert "another tab" in caught.value.message and caught.value.hint
    with pytest.raises(GameChanged):
        play.take_back(app, game_id, expected_version=tab2.version)
    record = app.history(game_id)
    assert record.steps[-1] == Decision(first.seat, first.action)  # nothing lost, nothing added
    assert len(record.steps) == 2


def test_move_text_exact_words_ambiguous_and_unknown(app: NovusApp) -> None:
    game_id = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=9)
    with pytest.raises(ChanceExpected):
        play.move(app, game_id, "settler")
    with pytest.raises(SetupError, match="cannot come out"):
        play.enter_chance(app, game_id, "gold, gold, gold, gold")
    with pytest.raises(BadChanceOutcome):
        play.enter_chance(app, game_id, "corn")
    play.draw(app, game_id)
    pos = play.position(app, game_id)
    assert all(m.text for m in pos.moves)
    with pytest.raises(play.AmbiguousMove) as caught:
        play.find_move(pos, "Ana")
    assert len(caught.value.candidates) == len(pos.moves) and "say which" in caught.value.hint
    with pytest.raises(play.NoSuchMove, match="no legal move"):
        play.find_move(pos, "build a spaceship")
    settler = play.find_move(pos, "settler")
    assert settler.action == "role:settler"
    assert play.find_move(pos, settler.text.upper()) == settler
    with pytest.raises(ChanceExpected):
        play.draw(app, game_id)


def test_a_seat_not_to_move_is_said_so(app: NovusApp) -> None:
    """`novus move G role:settler --seat 2` answered "no legal move matches 'role:settler'"
    with the hint "legal now: -", as if the move were wrong rather than the seat."""
    game_id = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=9)
    play.draw(app, game_id)
    pos = play.position(app, game_id)
    with pytest.raises(play.NoSuchMove) as caught:
        play.find_move(pos, "role:settler", seat=2)
    # people count seats from 1 (the charts' 'seat 1 = first player'); the API from 0
    assert caught.value.message == "it is not Cleo's turn (seat 3)"
    assert caught.value.hint == "to move now: Ana (1)"
    with pytest.raises(play.NoSuchMove, match=r"no seat 8 \(seats 1 to 3\)"):
        play.find_move(pos, "role:settler", seat=7)
    assert play.find_move(pos, "role:settler", seat=0).action == "role:settler"


@pytest.mark.parametrize(
    ("game", "players"),
    [("santa-maria", 2), ("century-new-world", 3), ("mundus-novus", 3)],
)
def test_other_games_branch_and_play_with_bots(app: NovusApp, game: str, players: int) -> None:
    parent = app.simulate(game, players, {}, seed=1, bot="random")
    steps = app.history(parent).steps
    k = len(steps) // 3
    child = play.branch(app, parent, k)
    assert app.history(child).steps == steps[:k]
    pos = play.position(app, child)
    assert pos.synthetic_note  # invented components: the page says so
    if pos.chance is not None:
        play.draw(app, child)
    else:
        play.move(app, child, pos.moves[-1].action, seat=pos.moves[-1].seat)
    play.take_back(app, child)
    seats = [0]
    played = play.finish(app, child, "random", seats=seats, max_steps=50)
    assert all(isinstance(s, ChanceStep) or s.seat in seats for s in played)
    play.finish(app, child, "heuristic")
    assert play.position(app, child).over
    assert verify_record(app.history(child)).ok


def test_branches_are_found_a_page_of_the_games_index_at_a_time(
    app: NovusApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent = app.simulate("puerto-rico", 3, {}, seed=2, bot="random")
    others = [app.simulate("puerto-rico", 3, {}, seed=s, bot="random") for s in (3, 4)]
    first, second = play.branch(app, parent, 30), play.branch(app, parent, 10)
    play.branch(app, others[0], 5)  # another game's branch is not one of them

    def every_summary(*_: object, **__: object) -> None:
        raise AssertionError("read every game at once")

    monkeypatch.setattr(app, "summaries", every_summary)
    pages: list[int] = []
    paged = app.summary_pages

    def small_pages(page: int = 500, where: object = None):  # type: ignore[no-untyped-def]
        for chunk in paged(page=2, where=where):  # type: ignore[arg-type]
            pages.append(len(chunk))
            yield chunk

    monkeypatch.setattr(app, "summary_pages", small_pages)
    assert play.branches(app, parent) == [(10, second), (30, first)]
    assert pages == [2]  # six games, but only the two branches of `parent` are read


def test_a_wrong_outcome_says_what_it_needs() -> None:
    """The engines' check ('dice: expected 3 values from 1 to 6, got (1, 2)') is English only;
    `parse_outcome` says it in the display language, naming what is missing or doubled."""
    with pytest.raises(BadChanceOutcome, match="white dice needs 3 dice values, not 1, 2"):
        play.parse_outcome(Dice(3, label="white dice"), "1,2")
    with pytest.raises(BadChanceOutcome, match="from 1 to 6"):
        play.parse_outcome(Dice(2), "1,7")
    boards = Draw(("A1", "A2", "A3"), 2, label="boards")
    with pytest.raises(BadChanceOutcome, match="boards does not hold that many of A1 x2"):
        play.parse_outcome(boards, "a1 a1")
    with pytest.raises(BadChanceOutcome, match="boards takes 2 items, not 1") as caught:
        play.parse_outcome(boards, "A3")
    assert "in order" in caught.value.hint
    with pytest.raises(BadChanceOutcome) as caught:
        play.parse_outcome(Shuffle(("x", "y", "z")), "y")
    assert caught.value.hint == "missing: x, z"
    assert play.parse_outcome(boards, "A3, A1") == ("A3", "A1")


def test_secret_offers_to_enter_name_their_cards(app: NovusApp) -> None:
    """Mundus Novus's trade offers listed for the person entering them all read 'Ana offers 3
    cards face down', told apart only by codes ('offer:1,6,8'); each names its cards now, as
    the codes already showed them to whoever enters the move."""
    game_id = play.new_game(app, "mundus-novus", ["Ana", "Ben", "Cleo"], seed=5)
    pos = play.position(app, game_id)
    while pos.chance is not None or not any(m.action.startswith("offer:") for m in pos.moves):
        if pos.chance is not None:
            play.draw(app, game_id)
        else:
            play.move(app, game_id, pos.moves[0].action)
        pos = play.position(app, game_id)
    offers = [m for m in pos.moves if m.action.startswith("offer:")]
    assert len({m.text for m in offers}) == len(offers), [m.text for m in offers]
    assert all("face down" in m.text and "cards face down" not in m.text for m in offers)
    chosen = offers[-1]
    assert play.find_move(pos, chosen.text, seat=chosen.seat) == chosen


def test_the_final_result_names_the_winner_of_a_tie() -> None:
    """'the game is over: 민수 45, 지영 33, 현우 45' (novus finish, the Play page) left a tie
    open: who won, and that the tie-break decided, is said now."""
    from application.i18n import set_language
    from application.play import final_result
    from domain.core.protocol import Scores, SeatScore

    players = ("민수", "지영", "현우")

    def scores(*rows: tuple[int, int]) -> Scores:
        return Scores(tuple(SeatScore(i, t, {}, (b,)) for i, (t, b) in enumerate(rows)))

    tied = scores((45, 3), (33, 0), (45, 5))
    assert final_result(tied, players) == "민수 45, 지영 33, 현우 45; 현우 wins on the tie-break"
    shared = scores((45, 5), (33, 0), (45, 5))
    assert final_result(shared, players).endswith("; 민수, 현우 share the win")
    assert final_result(scores((40, 0), (45, 0), (30, 9)), players).endswith("; 지영 wins")
    set_language("ko")
    try:
        assert final_result(tied, players).endswith("; 현우 승리 (동점을 동점 규칙으로 가림)")
        assert final_result(shared, players).endswith("; 민수, 현우 공동 승리")
    finally:
        set_language("en")
