"""Properties of the PBeM reader: written reports of random games replay to the same game, and
mutated reports give only typed import errors."""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from application.service import open_app
from domain.puerto_rico.rules import RULES
from importers.api import parse_bytes
from importers.errors import ImportProblem
from importers.pbem.writer import write
from importers.pbem_report import loads

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva"]
REPORT = (Path(__file__).parent / "data" / "pr-3p.txt").read_text(encoding="utf-8")


def comparable(view: dict[str, object]) -> dict[str, object]:
    """The view with the two identical Prospector cards made interchangeable (5 players)."""
    roles = view["roles"]
    assert isinstance(roles, list)
    cards = sorted(
        (r["doubloons"], r["taken_by"] is None) for r in roles if r["label"] == "Prospector"
    )
    return {**view, "roles": [r for r in roles if r["label"] != "Prospector"], "cards": cards}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 5),
    st.integers(0, 10_000),
    st.sampled_from(["random", "heuristic"]),
    st.sampled_from(
        [
            {},
            {"discards": "reshuffle", "colonist_end": "short"},
            {"buildings": "all"},
            {"buildings": "all", "nobles": "true"},
        ]
    ),
)
def test_written_reports_replay_to_the_same_game(
    players: int, seed: int, bot: str, options: dict[str, str]
) -> None:
    assume(players > 2 or "nobles" not in options)  # no 2-player rules for nobles (KO)
    with tempfile.TemporaryDirectory() as folder:
        app = open_app(Path(folder))
        game_id = app.simulate("puerto-rico", NAMES[:players], options, seed=seed, bot=bot)
        record = app.history(game_id)
    listed = ", ".join(f"{k}={v}" for k, v in options.items())
    preamble = [f"Options: {listed}", ""] if options else []
    text = write(record.setup, record.steps, style=random.Random(seed), preamble=preamble)
    report = loads("r.txt", text.encode())
    assert report.game.setup == record.setup
    states = []
    for steps in (record.steps, report.game.steps):
        state = RULES.initial_state(record.setup)
        for step in steps:
            state = RULES.apply(state, step)
        states.append(state)
    assert RULES.scores(states[0]) == RULES.scores(states[1])
    assert comparable(RULES.view(states[0])) == comparable(RULES.view(states[1]))


@st.composite
def mutated_reports(draw: st.DrawFn) -> str:
    lines = REPORT.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "dup", "number", "word", "char", "cut", "sentence"]))
        line = lines[i]
        if kind == "drop":
            del lines[i]
        elif kind == "dup":
            lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
        elif kind == "number" and re.search(r"\d+", line):
            lines[i] = re.sub(r"\d+", str(draw(st.integers(0, 12))), line, count=1)
        elif kind == "word" and line.split():
            words = line.split()
            j = draw(st.integers(0, len(words) - 1))
            words[j] = draw(st.sampled_from(["Settler", "Ana", "quarry", "corn", "Wharf", "the"]))
            lines[i] = " ".join(words)
        elif kind == "char" and line:
            j = draw(st.integers(0, len(line) - 1))
            lines[i] = line[:j] + draw(st.characters(codec="utf-8")) + line[j + 1 :]
        elif kind == "cut":
            lines = lines[: max(i, 1)]
        elif kind == "sentence" and ". " in line:
            parts = line.split(". ")
            del parts[draw(st.integers(0, len(parts) - 1))]
            lines[i] = ". ".join(parts)
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_reports(), st.booleans())
def test_mutated_reports_give_only_typed_import_errors(text: str, lenient: bool) -> None:
    try:
        parse_bytes("r.txt", text.encode("utf-8", "surrogatepass"), "pbem-report", lenient)
    except ImportProblem as problem:
        assert problem.file == "r.txt" and problem.hint
