"""Filtered listing by the store's SQL (`GameFilter`), on a SQLite file and a real PostgreSQL
server: the SQL means what `GameFilter.matches` means, and the requests that want some of the
games (`novus games` with a filter and its count, branches, games to continue, `Data.games()`)
read only the matching rows of the games index, never every summary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from application import games_index, play
from application.games_index import GameFilter
from application.records import GameSummary
from application.service import NovusApp
from novus.api import Data

TARGET = {"target": "20"}
NAMES = "aAbBöÖİiıΣσςßKkK 김"
"""Letters whose lower case differs between Python and an ASCII-only or C-locale `lower`."""


def _summaries(draw: Any, count: int) -> list[GameSummary]:
    names = st.text(st.sampled_from(NAMES), min_size=1, max_size=5)
    kinds = st.sampled_from(["manual", "branch", "import", "simulation", 3, None])
    parents = st.sampled_from(["p1", "p2", "P1", 7, None])
    out = []
    for n in range(count):
        players = tuple(draw(st.lists(names, min_size=1, max_size=4)))
        source: dict[str, Any] = {}
        for key, values in (("kind", kinds), ("parent", parents)):
            value = draw(values)
            if value is not None or draw(st.booleans()):
                source[key] = value
        finished = draw(st.booleans())
        out.append(
            GameSummary(
                id=UUID(int=n + 1),
                game=draw(st.sampled_from(["puerto-rico", "santa-maria", "Puerto-Rico"])),
                players=players,
                options={},
                source=source,
                seed=None,
                created="2026",
                steps=10 if finished else None,
                totals=(1,) * len(players) if finished else None,
                winners=(0,) if finished else None,
            )
        )
    return out


filters = st.builds(
    GameFilter,
    game=st.sampled_from([None, "", "puerto-rico", "santa-maria"]),
    players=st.sampled_from([None, 0, 1, 2, 3]),
    player=st.sampled_from([None, ""]) | st.text(st.sampled_from(NAMES), max_size=2),
    kinds=st.sampled_from([(), ("manual",), ("manual", "branch"), ("import",)]),
    parent=st.sampled_from([None, "p1", "P1"]),
    unfinished=st.booleans(),
)


def _put(app: NovusApp, summaries: list[GameSummary]) -> None:
    """Write index rows directly (positions 10, 20, ...), replacing the index's rows."""
    recorder: Any = app.recorder
    postgres = hasattr(recorder, "copy_statement")
    mark = "%s" if postgres else "?"
    table = games_index.GAMES_TABLE
    if postgres:
        table = f'"{recorder.datastore.schema}".{table}'
    rows = [
        (s.id if postgres else s.id.hex, 10 * (n + 1), games_index.encode(s))
        for n, s in enumerate(summaries)
    ]
    with recorder.datastore.transaction(commit=True) as c:
        c.execute(f"DELETE FROM {table}")
        if rows:
            c.executemany(f"INSERT INTO {table} VALUES ({mark}, {mark}, {mark})", rows)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_the_stores_sql_filter_means_what_matches_means(app: NovusApp, data: st.DataObject) -> None:
    stored = _summaries(data.draw, data.draw(st.integers(0, 12)))
    _put(app, stored)
    where = data.draw(filters)
    expected = [s for s in stored if where.matches(s)]
    newest = [s for page in app.summary_pages(3, where) for s in page]
    oldest = [s for page in app.summary_pages(2, where, oldest_first=True) for s in page]
    assert newest == expected[::-1]
    assert oldest == expected
    assert app.count_games(where) == len(expected)


@pytest.fixture
def reads(app: NovusApp, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many summary rows each read of the games index returned."""
    counted: list[int] = []
    recorder: Any = app.recorder
    original = recorder.select_summary_page

    def select(*args: Any, **kwargs: Any) -> Any:
        rows = original(*args, **kwargs)
        counted.append(len(rows))
        return rows

    monkeypatch.setattr(recorder, "select_summary_page", select)
    monkeypatch.setattr(recorder, "select_games", _refuse)
    yield counted


def _refuse(*args: Any, **kwargs: Any) -> None:
    raise AssertionError("every summary was read")


def test_a_filtered_count_and_page_read_only_the_matching_rows(
    app: NovusApp, toy_game: str, reads: list[int]
) -> None:
    for seed in range(6):
        app.simulate(toy_game, 3 if seed == 2 else 2, TARGET, seed=seed)
    reads.clear()
    where = GameFilter(players=3)
    assert app.count_games(where) == 1
    assert reads == []  # counted by SQL
    assert [len(p) for p in app.summary_pages(2, where)] == [1]
    assert sum(reads) == 1
    reads.clear()
    where = GameFilter(player="TIC 3")  # any case (PostgreSQL: by ICU, as Debian builds it)
    assert app.count_games(where) == 1 and reads == []
    assert [len(p) for p in app.summary_pages(2, where)] == [1] and sum(reads) == 1


def test_branches_and_games_to_continue_read_only_theirs(
    app: NovusApp, toy_game: str, reads: list[int]
) -> None:
    parent = app.simulate(toy_game, 2, TARGET, seed=1)
    for seed in range(4):
        app.simulate(toy_game, 2, TARGET, seed=10 + seed)
    child = play.branch(app, parent, 2, seed=5)
    manual = app.start(toy_game, ["A", "B"], TARGET, seed=9, source={"kind": play.MANUAL})
    app.simulate(toy_game, 2, TARGET, seed=20)
    reads.clear()
    assert play.branches(app, parent) == [(2, child)]
    assert sum(reads) == 1
    reads.clear()
    where = GameFilter(kinds=(play.MANUAL, play.BRANCH), unfinished=True)
    going = [s.id for page in app.summary_pages(20, where) for s in page]
    assert going == [manual, child] and sum(reads) == 2  # newest first, both in progress
    assert play.branches(app, manual) == []


def test_data_games_reads_the_index_as_it_is_used(
    app: NovusApp, toy_game: str, reads: list[int]
) -> None:
    ids = [app.simulate(toy_game, 2, TARGET, seed=seed) for seed in range(7)]
    games = Data(app).games()
    reads.clear()
    assert len(games) == 7 and reads == []
    assert games[-1].id == ids[-1] and sum(reads) == 1
    reads.clear()
    assert games[1].id == ids[1] and sum(reads) == 2
    assert [s.id for s in games[-3:]] == ids[-3:]
    assert [s.id for s in games[5:1:-2]] == [ids[5], ids[3]]
    assert games[7:] == [] and [s.id for s in games] == ids
    with pytest.raises(IndexError):
        games[7]


def test_a_name_with_a_nul_is_still_found(app: NovusApp) -> None:
    """PostgreSQL's JSON cannot hand over a text holding NUL: the name filter then falls back
    to comparing names in Python; the games and their count are the same."""
    plain, odd = (_summary(n, players) for n, players in ((1, ("Ö", "y")), (2, ("x\x00Ö", "y"))))
    _put(app, [plain, odd])
    where = GameFilter(player="ö")
    assert [s.id for page in app.summary_pages(where=where) for s in page] == [odd.id, plain.id]
    assert app.count_games(where) == 2
    assert app.count_games(GameFilter(player="\x00")) == 1


def _summary(n: int, players: tuple[str, ...]) -> GameSummary:
    return GameSummary(
        id=UUID(int=n),
        game="puerto-rico",
        players=players,
        options={},
        source={},
        seed=None,
        created="2026",
        steps=None,
        totals=None,
        winners=None,
    )
