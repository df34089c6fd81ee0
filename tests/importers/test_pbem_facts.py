"""Sentence variants -> the same facts: meaning, not one template (issue 7's wordings)."""

from __future__ import annotations

import pytest

from importers.errors import ReportError
from importers.pbem.facts import Reader
from importers.pbem.text import Sentence, sentences

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


def facts(text: str, lenient: bool = False) -> list[tuple[object, ...]]:
    reader = Reader("f.txt", lenient, players=list(PLAYERS))
    found = reader.read(Sentence(7, text, 2))
    return [
        (f.kind, f.player, f.role or f.tile or f.building or f.good, f.money, f.amount, f.vp)
        for f in found
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Governor Ana selects the Settler and takes a Quarry.",
            [
                ("role", "Ana", "settler", None, None, None),
                ("plantation", "Ana", "quarry", None, None, None),
            ],
        ),
        ("Ben takes a corn plantation.", [("plantation", "Ben", "corn", None, None, None)]),
        (
            "Cleo selects an indigo plantation.",
            [("plantation", "Cleo", "indigo", None, None, None)],
        ),
        ("Dan gains a sugar plantation.", [("plantation", "Dan", "sugar", None, None, None)]),
        (
            "Ben selects the Builder and builds a Small Market "
            "(1 doubloon discount from Builder, 0 doubloons spent).",
            [
                ("role", "Ben", "builder", None, None, None),
                ("build", "Ben", "small_market", 0, None, None),
            ],
        ),
        (
            "Cleo selects the Mayor and takes the privilege colonist.",
            [("role", "Cleo", "mayor", None, None, None)],
        ),
        ("Dan buys a Hacienda (2 doubloons spent).", [("build", "Dan", "hacienda", 2, None, None)]),
        (
            "Dan purchases a Hacienda for two doubloons.",
            [("build", "Dan", "hacienda", 2, None, None)],
        ),
        ("Ana passes.", [("pass", "Ana", "", None, None, None)]),
        (
            "Dan selects the Prospector, gaining 1 doubloon.",
            [("role", "Dan", "prospector", 1, None, None)],
        ),
        (
            "Cleo trades corn for 2 doubloons (1 from the privilege).",
            [("sell", "Cleo", "corn", 2, None, None)],
        ),
        (
            "Cleo sells a barrel of coffee for five doubloons.",
            [("sell", "Cleo", "coffee", 5, None, None)],
        ),
        ("Ana ships 2 corn on Ship 3 for 3VP.", [("ship", "Ana", "corn", None, 2, 3)]),
        ("Ana ships two corn onto the 6-ship for 3 VP.", [("ship", "Ana", "corn", None, 2, 3)]),
        ("Ben uses the Wharf and ships 4 sugar for 5 VP.", [("ship", "Ben", "sugar", None, 4, 5)]),
        ("Cleo produces a bonus corn.", [("extra", "Cleo", "corn", None, None, None)]),
        ("Cleo takes an extra corn.", [("extra", "Cleo", "corn", None, None, None)]),
        (
            "Ana keeps 1 corn and stores indigo in the Small Warehouse.",
            [
                ("keep", "Ana", "corn", None, None, None),
                ("store", "Ana", "indigo", None, None, None),
            ],
        ),
        ("Ana keeps all her sugar.", [("store", "Ana", "sugar", None, None, None)]),
        (
            "Four colonists are placed on the Colonist Ship.",
            [("colonist_ship", None, "", None, 4, None)],
        ),
        (
            "The Colonist Ship is refilled with 5 colonists.",
            [("colonist_ship", None, "", None, 5, None)],
        ),
        ("New plantations: corn, 2 indigo and sugar.", [("draw", None, "", None, None, None)]),
    ],
)
def test_wordings(text: str, expected: list[tuple[object, ...]]) -> None:
    assert facts(text) == expected


def test_draws_and_placements_keep_their_details() -> None:
    reader = Reader("f.txt", False, players=list(PLAYERS))
    (draw,) = reader.read(Sentence(1, "New plantations are corn, indigo, 2 sugar plantations.", 1))
    assert draw.tiles == ("corn", "indigo", "sugar", "sugar")
    (place,) = reader.read(
        Sentence(
            2,
            "Cleo places colonists on the indigo plantation and Small Indigo Plant and moves "
            "a colonist from the corn plantation to San Juan.",
            1,
        )
    )
    assert place.targets == (("indigo", 1), ("small_indigo_plant", 1))
    assert place.moves == (("corn", "san_juan"),)


def test_sentences_keep_their_line_across_wrapped_lines() -> None:
    found = sentences(
        "Turn 1\n\nAna passes. Ben builds a\nSmall Market (1 doubloon\nspent). Cleo passes.\n"
    )
    assert [(s.line, s.text) for s in found[1:]] == [
        (3, "Ana passes."),
        (3, "Ben builds a Small Market (1 doubloon spent)."),
        (5, "Cleo passes."),
    ]


def test_unknown_words_are_errors_with_the_line_and_sentence() -> None:
    with pytest.raises(ReportError) as caught:
        facts("Ana juggles three coconuts.")
    assert caught.value.line == 7 and caught.value.sentence == "Ana juggles three coconuts."
    with pytest.raises(ReportError, match="unknown building 'Palace'"):
        facts("Ana builds a Palace.", lenient=True)
