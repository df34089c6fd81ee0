"""Play-by-email reports: complete 3/4/5-player games, wording variants, inference, typed errors.

The reports in tests/importers/data/ were written from simulated heuristic games by
`importers.pbem.writer` with varied wording and then hand-edited (merged sentences, discounts in
parentheses, wrapped lines, "Round 3", "3VP", "purchases ... for 3 doubloons", ...).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from application.service import NovusApp, open_app
from domain.puerto_rico.rules import RULES
from importers.api import import_bytes
from importers.errors import ReportAmbiguity, ReportError, ReportMismatch
from importers.pbem.writer import write
from importers.pbem_report import loads

DATA = Path(__file__).parent / "data"
REPORTS = {n: (DATA / f"pr-{n}p.txt").read_text(encoding="utf-8") for n in (3, 4, 5)}


def stated_scores(text: str) -> dict[str, int]:
    """The report's own "End of game" statement, read independently of the importer."""
    line = next(x for x in text.splitlines() if x.startswith("End of game"))
    return {name: int(total) for name, total in re.findall(r"(\w+) (\d+)", line.split(":", 1)[1])}


def final_state(text: str, lenient: bool = False) -> object:
    report = loads("r.txt", text.encode(), lenient=lenient)
    state = RULES.initial_state(report.game.setup)
    for step in report.game.steps:
        state = RULES.apply(state, step)
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_complete_reports_import_with_the_stated_final_scores(players: int) -> None:
    text = REPORTS[players]
    report = loads(f"pr-{players}p.txt", text.encode())
    setup = report.game.setup
    assert len(setup.players) == players and report.warnings == ()
    state = RULES.initial_state(setup)
    for step in report.game.steps:
        state = RULES.apply(state, step)
    assert RULES.is_over(state)
    scores = {setup.players[s.seat]: s.total for s in RULES.scores(state).seats}
    assert scores == stated_scores(text)
    assert report.game.source["format"] == "pbem-report"


def test_players_come_from_turn_one_in_seat_order_or_from_the_players_line() -> None:
    assert loads("r", REPORTS[4].encode()).game.setup.players == ("Ana", "Ben", "Cleo", "Dan")
    five = loads("r", REPORTS[5].encode()).game.setup.players
    assert five == ("Marta", "Joaquín", "Li", "Priya", "Tom")


def test_wording_variants_mean_the_same_game() -> None:
    text = REPORTS[4]
    variants = (
        text.replace("New plantations: ", "New plantations are ")
        .replace(" takes a ", " gains a ")
        .replace(" buys a ", " builds a ")
        .replace(" trades ", " sells ")
        .replace("Turn 7\n", "Round 7\n")
    )
    assert variants != text
    assert RULES.view(final_state(variants)) == RULES.view(final_state(text))


def test_the_issue_example_imports_as_a_game_in_progress() -> None:
    example = (DATA / "issue-example.txt").read_text(encoding="utf-8")
    report = loads("example.txt", example.encode())
    assert not report.finished
    state = RULES.initial_state(report.game.setup)
    for step in report.game.steps:
        state = RULES.apply(state, step)
    assert state.round == 2 and RULES.to_move(state) == (1,)  # Ben, the next governor
    assert any("game in progress" in w for w in report.warnings)


def test_a_forced_decision_left_out_is_inferred() -> None:
    sentence = " Cleo ships 1 corn on the 5-ship for 2 VP."
    text = REPORTS[3].replace(sentence, "")
    assert text != REPORTS[3]
    report = loads("r", text.encode())
    assert report.inferred == 1
    assert RULES.view(final_state(text)) == RULES.view(final_state(REPORTS[3]))


def test_a_ship_left_unnamed_with_several_legal_ships_is_an_ambiguity() -> None:
    text = REPORTS[4].replace("Cleo ships two corn on the 6-ship", "Cleo ships two corn", 1)
    with pytest.raises(ReportAmbiguity) as caught:
        loads("r.txt", text.encode())
    assert caught.value.line == 29 and "several ships" in caught.value.message
    assert "Cleo ships two corn" in caught.value.sentence


def test_an_omitted_choice_is_an_ambiguity_naming_the_line_where_the_report_went_on() -> None:
    text = REPORTS[4].replace(" Cleo builds a Small Market (one doubloon spent).", "", 1)
    with pytest.raises(ReportAmbiguity) as caught:
        loads("r.txt", text.encode())
    assert caught.value.line == 8
    assert "does not say what Cleo did" in caught.value.message
    assert "build:" in caught.value.message


def test_unstated_opening_plantations_are_inferred_when_one_row_fits() -> None:
    text = re.sub(r"Starting plantations:[^\n]*\n", "", REPORTS[4])
    assert text != REPORTS[4]
    report = loads("r.txt", text.encode())
    assert any("opening plantations are not stated" in w for w in report.warnings)
    assert RULES.view(final_state(text)) == RULES.view(final_state(REPORTS[4]))


def test_unstated_opening_plantations_are_an_ambiguity_when_several_rows_fit(
    tmp_path: Path,
) -> None:
    """Short 3-player games often end before the untaken opening tiles come back."""
    app = open_app(tmp_path)
    outcomes = []
    for seed in range(8):
        record = app.history(app.simulate("puerto-rico", ["Ana", "Ben", "Cleo"], {}, seed=seed))
        text = write(record.setup, record.steps)
        bare = re.sub(r"Starting plantations:[^\n]*\n", "", text)
        try:
            loads("r.txt", bare.encode())
            outcomes.append("inferred")
        except ReportAmbiguity as error:
            assert (
                "more than one row fits" in error.message and "Starting plantations" in error.hint
            )
            assert loads("r.txt", text.encode())  # stating the row resolves it
            outcomes.append("ambiguous")
    assert "ambiguous" in outcomes


@pytest.mark.parametrize(
    ("old", "new", "line", "words"),
    [
        (
            "Cleo buys a Small Warehouse (3 doubloons spent)",
            "Cleo buys a Small Warehouse (2 doubloons spent)",
            39,
            "says 2 doubloons spent, the engine 3",
        ),
        (
            "Cleo ships two corn on the 6-ship for 3 VP",
            "Cleo ships two corn on the 6-ship for 4 VP",
            29,
            "says 4 VP, the engine 3",
        ),
        (
            "Final scores: Ana 37",
            "Final scores: Ana 38",
            197,
            "Ana scores 37 by the engine, the report says 38",
        ),
        (
            "4 colonists are placed on the Colonist Ship.",
            "5 colonists are placed on the Colonist Ship.",
            13,
            "the colonist ship holds 4",
        ),
        ("Cleo produces 1 corn", "Cleo produces 2 corn", 21, "Cleo produces 1 corn by the engine"),
    ],
)
def test_stated_numbers_are_checked(old: str, new: str, line: int, words: str) -> None:
    text = REPORTS[4].replace(old, new, 1)
    assert text != REPORTS[4]
    with pytest.raises(ReportMismatch) as caught:
        loads("r.txt", text.encode())
    assert caught.value.line == line and words in caught.value.message


def test_an_illegal_move_names_the_line_sentence_and_what_was_legal() -> None:
    text = REPORTS[4].replace(
        "Cleo builds a Small Market (one doubloon spent)", "Cleo builds a Fortress", 1
    )
    with pytest.raises(ReportError) as caught:
        loads("r.txt", text.encode())
    error = caught.value
    assert error.line == 8 and "build:fortress" in error.message
    assert "Cleo builds a Fortress" in error.sentence and "legal now" in error.hint


def test_an_unreadable_sentence_names_its_line() -> None:
    text = (
        REPORTS[4].replace("Ana passes.", "Ana juggles.")
        if "Ana passes." in REPORTS[4]
        else (
            REPORTS[4].replace(
                "Dan buys a Small Market (1 doubloon spent).", "Dan juggles three coconuts.", 1
            )
        )
    )
    with pytest.raises(ReportError, match="cannot read") as caught:
        loads("r.txt", text.encode())
    assert caught.value.line == 8 and caught.value.file == "r.txt"


def test_misspelt_names_fail_strictly_and_are_fixed_with_warnings_when_lenient() -> None:
    text = REPORTS[4]
    typo = text.replace("Dan purchases a Hospice", "Dann purchases a Hospice", 1).replace(
        "Cleo buys a Small Warehouse", "Cleo buys a Smal Warehouse", 1
    )
    with pytest.raises(ReportError, match="unknown player 'Dann'") as caught:
        loads("r.txt", typo.encode())
    assert "did you mean 'Dan'" in caught.value.hint
    fixed = loads("r.txt", typo.encode(), lenient=True)
    assert any("'Dann' read as 'Dan'" in w for w in fixed.warnings)
    assert any("'Smal Warehouse' read as 'Small Warehouse'" in w for w in fixed.warnings)
    assert RULES.view(final_state(typo, lenient=True)) == RULES.view(final_state(text))


def test_an_unclear_misspelling_is_not_guessed_even_when_lenient() -> None:
    text = REPORTS[4].replace("Cleo buys a Small Warehouse", "Cleo buys a Large Small Thing", 1)
    with pytest.raises(ReportError, match="unknown building"):
        loads("r.txt", text.encode(), lenient=True)


@pytest.fixture
def app(tmp_path: Path) -> NovusApp:
    return open_app(tmp_path / "data")


def test_reports_go_through_the_shared_entry_point_idempotently(app: NovusApp) -> None:
    first = import_bytes(app, "pr-3p.txt", REPORTS[3].encode())
    assert first.status == "imported" and first.format == "pbem-report"
    again = import_bytes(app, "copy.txt", REPORTS[3].encode(), fmt="pbem-report")
    assert again.status == "present" and again.game_id == first.game_id
    assert first.game_id is not None and app.history(first.game_id).scores is not None
    before = (app.max_notification_id(), app.game_ids())
    bad = import_bytes(app, "bad.txt", REPORTS[4].replace("for 3 VP", "for 9 VP", 1).encode())
    assert bad.status == "rejected" and isinstance(bad.error, ReportMismatch)
    assert (app.max_notification_id(), app.game_ids()) == before


def test_a_non_utf8_report_names_its_line(app: NovusApp) -> None:
    data = REPORTS[3].encode().replace(b"takes a Quarry", b"takes a Quarr\xe9", 1)
    result = import_bytes(app, "latin1.txt", data)
    assert result.status == "rejected" and result.format == "pbem-report"
    assert isinstance(result.error, ReportError) and "not UTF-8" in result.error.message
    assert result.error.line == data[: data.index(b"\xe9")].count(b"\n") + 1


def test_a_wrong_governor_is_a_mismatch() -> None:
    text = REPORTS[4].replace("Ana picks the Mayor.", "Governor Ana picks the Mayor.", 1)
    assert text != REPORTS[4]
    with pytest.raises(ReportMismatch, match="the governor is Ben, not Ana"):
        loads("r.txt", text.encode(), lenient=False)
