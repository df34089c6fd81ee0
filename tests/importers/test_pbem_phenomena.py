"""Real reports' variety, read by the legal moves (issue 21): one test per phenomenon.

Each test takes a complete report of ours (tests/importers/data, written from simulated games)
and rewrites it the way human moderators write, then checks that it replays to the very same
steps. `natural-5p.txt` is a hand-written game in progress in that style with most phenomena at
once; it is checked against the simulated game it was written from.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from application.service import open_app
from importers import native
from importers.errors import ReportAmbiguity, ReportError
from importers.pbem.buildings import ALTERNATES, NAMES, lookup
from importers.pbem.facts import Reader
from importers.pbem.text import Sentence, sentences
from importers.pbem.writer import write
from importers.pbem_report import loads

DATA = Path(__file__).parent / "data"
REPORTS = {n: (DATA / f"pr-{n}p.txt").read_text(encoding="utf-8") for n in (4, 5)}
NAMES_4 = ("Ana", "Ben", "Cleo", "Dan")
NAMES_5 = ("Marta", "Joaquín", "Li", "Priya", "Tom")


def steps(text: str, lenient: bool = False) -> tuple[object, ...]:
    return loads("r.txt", text.encode(), lenient=lenient).game.steps


def same_game(variant: str, original: str, lenient: bool = False) -> None:
    assert variant != original
    assert steps(variant, lenient) == steps(original)


def test_a_definite_or_relative_phrase_names_the_plantation() -> None:
    """ "takes the other corn plantation": the second tile of a kind in one settler phase."""

    def other(paragraph: str) -> str:
        seen: set[str] = set()

        def repl(m: re.Match[str]) -> str:
            good = m.group(2)
            if good in seen:
                return f"{m.group(1)} the other {good} plantation"
            seen.add(good)
            return f"{m.group(1)} the {good} plantation"

        return re.sub(r"(takes|gains|selects) an? (\w+) plantation", repl, paragraph)

    for n in (4, 5):
        text = "\n\n".join(other(p) for p in REPORTS[n].split("\n\n"))
        assert re.search(r"the other \w+ plantation", text)
        same_game(text, REPORTS[n])


def test_both_english_editions_building_names() -> None:
    """The first English edition prints the large production buildings without "Large"."""
    text = REPORTS[4]
    parts = text.split("Large Indigo Plant")
    mixed = parts[0] + "".join(
        ("Indigo Plant" if i % 2 else "Large Indigo Plant") + part
        for i, part in enumerate(parts[1:])
    )
    mixed = mixed.replace("Large Sugar Mill", "Sugar Mill").replace(" a Indigo", " an Indigo")
    assert re.search(r"(builds|buys) an Indigo Plant", mixed)
    assert "Large Indigo Plant" in mixed and "a Sugar Mill" in mixed
    same_game(mixed, text)


def test_one_table_of_names_and_alternates_for_every_building() -> None:
    assert lookup("Indigo Plant") == lookup("Large Indigo Plant") == "large_indigo_plant"
    assert lookup("Sugar Mill") == lookup("large sugar mill") == "large_sugar_mill"
    assert lookup("Small Indigo Plant") == "small_indigo_plant"
    assert lookup("the Harbour") == "harbor" and lookup("Custom House") == "customs_house"
    assert lookup("Speciality Factory") == "specialty_factory"  # New Buildings
    assert lookup("Jeweller") == "jeweler" and lookup("Royal Garden") == "royal_garden"  # Nobles
    assert lookup("Small Fruit Depot") == "small_indigo_plant"  # the 2-player sheet
    assert len(ALTERNATES) == 45 and set(NAMES.values()) == set(ALTERNATES)


def test_a_colon_after_the_verb_of_new_plantations() -> None:
    text = REPORTS[4].replace("New plantations: ", "New plantations are: ")
    same_game(text, REPORTS[4])


def _one_sentence(paragraph: str, names: tuple[str, ...]) -> str:
    """Join a paragraph's sentences about players into one, with commas and a final "and"."""
    who = "|".join(names)
    parts = re.split(rf"(?<=\.) (?=(?:{who}) )", paragraph)
    tail = ""
    if ". " in parts[-1]:
        parts[-1], tail = parts[-1].split(". ", 1)
        parts[-1] += "."
        tail = " " + tail
    if len(parts) < 3 or any(". " in p for p in parts):
        return paragraph
    body = [p.removesuffix(".") for p in parts]
    return ", ".join(body[:-1]) + ", and " + body[-1] + "." + tail


def test_several_players_actions_in_one_sentence() -> None:
    """ "A selects the Settler and takes a Quarry, B takes ..., and D selects a sugar plantation."
    (with a Hospice owner's remark on his plantation in the middle)."""
    for n, names in ((4, NAMES_4), (5, NAMES_5)):
        text = "\n\n".join(_one_sentence(p, names) for p in REPORTS[n].split("\n\n"))
        if n == 5:
            remark = "Priya gains a corn plantation, Tom"
            assert remark in text
            text = text.replace(
                remark, "Priya gains a corn plantation with a colonist due to the Hospice, Tom", 1
            )
        assert text.count(", and ") > 10
        same_game(text, REPORTS[n])


def test_participles_man_buildings_and_make_the_extra_barrel() -> None:
    """ "selects the Mayor, manning the corn plantation, the Small Market"; "produces a second
    corn" for the craftsman's extra barrel."""

    def manning(m: re.Match[str]) -> str:
        return f"selects the Mayor, manning {m.group(1)}, the {m.group(2).removeprefix('the ')}."

    text = re.sub(
        r"selects the Mayor and places colonists on (the [\w ]+?) and ([\w ]+?)\.",
        manning,
        REPORTS[4],
    )
    assert "manning the corn plantation, the Small Market" in text
    text = text.replace("produces a bonus", "produces a second")
    assert "produces a second corn" in text
    same_game(text, REPORTS[4])


def test_sending_colonists_to_san_juan_is_part_of_the_placement() -> None:
    reader = Reader("f.txt", False, players=list(NAMES_5))
    (role, place) = reader.read(
        Sentence(
            3,
            "Governor Li selects the Mayor, manning the indigo plantation, the Hospice, and "
            "sending 1 colonist to San Juan, Priya places a colonist on the sugar plantation.",
            2,
        )
    )[:2]
    assert (role.kind, role.role) == ("role", "mayor")
    assert place.kind == "place" and place.player == "Li"
    assert place.targets == (("indigo", 1), ("hospice", 1), ("san_juan", 1))


def test_misspelt_player_names_are_refused_strictly_and_corrected_in_the_source_leniently() -> None:
    renamed = REPORTS[4].replace("Ana", "Christopher").replace("Ben", "Chris")
    typos = renamed.replace("Chris buys", "Chis buys", 1).replace(
        "Christopher builds", "Chritopher builds", 1
    )
    assert typos.count("Chis ") == 1 and typos.count("Chritopher ") == 1
    with pytest.raises(ReportError, match="unknown player") as caught:
        loads("r.txt", typos.encode())
    assert "did you mean" in caught.value.hint
    report = loads("r.txt", typos.encode(), lenient=True)
    assert report.game.steps == steps(renamed)
    notes = report.game.source["notes"]
    assert any("'Chis' read as 'Chris'" in n for n in notes)
    assert any("'Chritopher' read as 'Christopher'" in n for n in notes)


def test_players_are_named_as_the_report_spells_them_most_often() -> None:
    """The first mention of a player may be the misspelt one."""
    text = (
        "Turn 1\n\nGovernor Dave selects the Settler and takes a quarry. Chritopher takes a "
        "corn plantation. Chris takes an indigo plantation.\n\nChristopher selects the "
        "Builder. Christopher builds a Small Market. Chris passes. Dave passes.\n\n"
        "Chris selects the Mayor. Christopher places a colonist on the Small Market.\n"
    )
    reader = Reader("n.txt", True)
    assert reader.find_players(sentences(text)) == ["Dave", "Christopher", "Chris"]


def test_a_sentence_without_a_subject_is_the_player_to_move() -> None:
    text = (
        REPORTS[4]
        .replace(
            "Cleo builds a Small Market (one doubloon spent).",
            "Builds a Small Market (one doubloon spent).",
            1,
        )
        .replace(
            "Dan buys a Small Market (1 doubloon spent).", "Small Market (1 doubloon spent).", 1
        )
    )
    report = loads("r.txt", text.encode())
    assert report.game.steps == steps(REPORTS[4])
    notes = report.game.source["notes"]
    assert sum("names no player; read as" in n for n in notes) == 2


def test_five_players_two_prospectors_in_one_round() -> None:
    text = (
        REPORTS[5]
        .replace(
            "Priya chooses the Prospector and takes 1 doubloon.",
            "Priya selects a Prospector, gaining 1 doubloon.",
        )
        .replace(
            "Tom picks the Prospector, gaining 1 doubloon.",
            "Tom selects the other Prospector, gaining 1 doubloon.",
        )
    )
    same_game(text, REPORTS[5])


def test_a_report_that_stops_mid_game_and_mid_sentence_is_a_game_in_progress() -> None:
    full = REPORTS[4]
    whole = steps(full)
    cut = full[: full.index("Cleo moves a colonist from the quarry to the Hac")] + (
        "Cleo moves a colonist from the quarry to the Hac"
    )
    report = loads("r.txt", cut.encode())
    assert not report.finished
    assert report.game.steps == whole[: len(report.game.steps)]
    assert 40 < len(report.game.steps) < len(whole)
    assert any("stops in the middle of this sentence" in w for w in report.warnings)
    at_turn = full[: full.index("Turn 9")]
    shorter = loads("r.txt", at_turn.encode())
    assert not shorter.finished and shorter.game.steps == whole[: len(shorter.game.steps)]


def test_a_natural_report_in_progress_replays_the_game_it_was_written_from() -> None:
    """natural-5p.txt: all the phenomena at once, written from the seed-0 heuristic game of
    its players; that game is kept as natural-5p-source.novus.jsonl (simulated by the heuristic
    bot of 25 Nov 2026 before its Puerto Rico play changed: a new simulation plays otherwise)."""
    report = loads("n.txt", (DATA / "natural-5p.txt").read_bytes(), lenient=True)
    assert not report.finished
    name = "natural-5p-source.novus.jsonl"
    source = native.loads(name, (DATA / name).read_bytes())
    assert source.seed == 0 and source.setup.players == report.game.setup.players
    got = list(report.game.steps)
    want = list(source.steps[: len(got)])
    # the opening row's untaken tiles are unknown until they come back (assumed, noted), and
    # the two identical Prospector cards may be swapped
    swap = {"role:prospector": "role:prospector2", "role:prospector2": "role:prospector"}
    for i, (a, b) in enumerate(zip(got, want, strict=True)):
        if i == 0:
            continue
        if a != b:
            assert getattr(a, "action", "") == swap.get(getattr(b, "action", ""), "?")
    notes = report.game.source["notes"]
    assert any("is assumed" in n for n in notes)
    assert any("stops in the middle" in n for n in notes)
    assert any("'Chritopher' read as 'Christopher'" in n for n in notes)
    assert len(got) == 65


def test_several_legal_moves_fitting_a_sentence_is_an_ambiguity_naming_them() -> None:
    text = REPORTS[4].replace("Cleo ships two corn on the 6-ship", "Cleo ships corn", 1)
    with pytest.raises(ReportAmbiguity) as caught:
        loads("r.txt", text.encode())
    assert "ship:corn:" in caught.value.message and caught.value.line == 29


def test_nothing_legal_fitting_a_sentence_names_what_it_mentions() -> None:
    text = REPORTS[4].replace(
        "Cleo builds a Small Market (one doubloon spent).",
        "Cleo then goes for the Wharf with everything she has.",
        1,
    )
    with pytest.raises(ReportError) as caught:
        loads("r.txt", text.encode())
    assert caught.value.line == 8
    assert "Wharf" in caught.value.message and "build:" in caught.value.hint


def _equal_but_prospectors(got: tuple[object, ...], want: tuple[object, ...]) -> bool:
    """Steps equal, the two identical Prospector cards (5 players) interchangeable."""
    swap = {"role:prospector": "role:prospector2", "role:prospector2": "role:prospector"}
    return len(got) == len(want) and all(
        a == b or getattr(a, "action", "") == swap.get(getattr(b, "action", ""), "?")
        for a, b in zip(got, want, strict=True)
    )


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (4, 1, {"buildings": "all"}),
        (5, 3, {"buildings": "all"}),
        (4, 3, {"buildings": "all", "nobles": "true"}),
        (5, 12, {"buildings": "all", "nobles": "true"}),
    ],
)
def test_new_buildings_and_nobles_reports_replay_the_whole_game(
    players: int, seed: int, options: dict[str, str]
) -> None:
    """Reports of expansion games (written from simulated games; the expansions' moves in the
    engine's own sentences) name no options: the expansion buildings they name put every base
    and expansion building in the supply (buildings=all, as moderated games played them)."""
    names = ["Ana", "Ben", "Cleo", "Dan", "Eva"][:players]
    with tempfile.TemporaryDirectory() as folder:
        app = open_app(Path(folder))
        record = app.history(
            app.simulate("puerto-rico", names, options, seed=seed, bot="heuristic")
        )
    text = write(record.setup, record.steps)
    assert "Options:" not in text and re.search(r"Aqueduct|Black Market|Forest House", text)
    if "nobles" in options:
        assert "takes the noble" in text or "leaves the noble" in text
    report = loads("r.txt", text.encode())
    assert report.finished and report.game.setup.options == record.setup.options
    assert _equal_but_prospectors(report.game.steps, record.steps)
    assert any("expansion building" in w for w in report.warnings)


def test_players_with_near_identical_names_stay_apart() -> None:
    """ "Heuristic 1" .. "Heuristic 4" are four players, not one name misspelt."""
    names = ["Heuristic 1", "Heuristic 2", "Heuristic 3", "Heuristic 4"]
    with tempfile.TemporaryDirectory() as folder:
        app = open_app(Path(folder))
        record = app.history(app.simulate("puerto-rico", names, {}, seed=2, bot="heuristic"))
    text = write(record.setup, record.steps)
    for cut in (len(text), text.index("Turn 3")):  # whole, and turn 1 and 2 only
        report = loads("r.txt", text[:cut].encode())
        assert list(report.game.setup.players) == names
        assert report.game.steps == record.steps[: len(report.game.steps)]
