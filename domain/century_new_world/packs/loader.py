"""Reading a pack folder (pack.json + four CSV tables) into a `Pack`, collecting every problem.

Format (documented in docs/components.md): lines starting with ``#`` are comments (the synthetic
pack's header carries `SYNTHETIC_LABEL`); the first other line is the column header. Every bad
row is reported with its file and line, not just the first.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from domain.century_new_world import cubes as C
from domain.century_new_world.packs.model import (
    BONUS_MARKS,
    CARD_MARKS,
    EXPLORATION_MARKS,
    KINDS,
    BonusTile,
    ExplorationTile,
    Facts,
    Location,
    Pack,
    PointCard,
    benefit_problem,
)
from domain.core.packs import Folder, data_lines, read_text
from domain.core.phrase import said, worded

T = TypeVar("T")

COLUMNS: dict[str, tuple[str, ...]] = {
    "locations.csv": (
        "board",
        "id",
        "kind",
        "settlers",
        "give",
        "take",
        "times",
        "exploration",
        "bonus_stack",
    ),
    "point_cards.csv": ("id", "cost", "points", "mark", "benefit"),
    "bonus_tiles.csv": ("id", "cost", "points", "mark", "benefit"),
    "exploration_tiles.csv": ("id", "points", "benefit"),
}


def _rows(folder: Folder, name: str, problems: list[str]) -> list[tuple[int, dict[str, str]]]:
    text = read_text(folder, name, problems)
    if text is None:
        return []
    numbered = data_lines(text)
    if not numbered:
        problems.append(worded("{file}: no header line", file=name))
        return []
    reader = csv.reader(io.StringIO("\n".join(line for _, line in numbered)))
    parsed = list(reader)
    header = tuple(h.strip() for h in parsed[0])
    if header != COLUMNS[name]:
        problems.append(
            worded(
                "{file}: columns {columns}; expected {expected}",
                file=name,
                columns=", ".join(header),
                expected=", ".join(COLUMNS[name]),
            )
        )
        return []
    out = []
    for (line_no, _), values in zip(numbered[1:], parsed[1:], strict=True):
        if len(values) != len(header):
            problems.append(
                worded(
                    "{file} line {line}: {n} values, expected {expected}",
                    file=name,
                    line=line_no,
                    n=len(values),
                    expected=len(header),
                )
            )
            continue
        out.append((line_no, {h: v.strip() for h, v in zip(header, values, strict=True)}))
    return out


def _build(
    name: str,
    rows: Iterable[tuple[int, dict[str, str]]],
    make: Callable[[dict[str, str]], T],
    problems: list[str],
) -> list[T]:
    built: list[T] = []
    seen: set[str] = set()
    for line_no, row in rows:
        try:
            item = make(row)
        except (ValueError, KeyError) as error:
            problems.append(
                worded(
                    "{file} line {line}: {problem}", file=name, line=line_no, problem=said(error)
                )
            )
            continue
        ident = row["id"]
        if not ident or ":" in ident or " " in ident:
            problems.append(
                worded(
                    "{file} line {line}: id {id} must be non-empty, no ':' or ' '",
                    file=name,
                    line=line_no,
                    id=repr(ident),
                )
            )
            continue
        if ident in seen:
            problems.append(
                worded(
                    "{file} line {line}: duplicate id {id}", file=name, line=line_no, id=repr(ident)
                )
            )
            continue
        seen.add(ident)
        built.append(item)
    return built


def _int(value: str, what: str, low: int = 0) -> int:
    if not value.lstrip("-").isdigit() or int(value) < low:
        raise ValueError(
            worded(
                "{column} {value} must be a whole number >= {low}",
                column=what,
                value=repr(value),
                low=low,
            )
        )
    return int(value)


def _location(row: dict[str, str]) -> Location:
    kind = row["kind"]
    if kind not in KINDS:
        raise ValueError(
            worded("kind {kind} is not one of {kinds}", kind=repr(kind), kinds=", ".join(KINDS))
        )
    if row["exploration"] not in EXPLORATION_MARKS:
        raise ValueError(
            worded(
                "exploration {value} is not one of '', explore, 2-3",
                value=repr(row["exploration"]),
            )
        )
    loc = Location(
        id=row["id"],
        board=row["board"],
        kind=kind,
        settlers=_int(row["settlers"], "settlers", 1),
        give=C.parse(row["give"]),
        take=C.parse(row["take"]),
        times=_int(row["times"] or "1", "times", 1),
        exploration=row["exploration"],
        bonus_stack=_int(row["bonus_stack"] or "0", "bonus_stack"),
    )
    if kind == "production" and (not any(loc.take) or any(loc.give)):
        raise ValueError(worded("a production location takes cubes and gives none"))
    if kind == "trade" and (not any(loc.give) or not any(loc.take)):
        raise ValueError(worded("a trade location needs both give and take cubes"))
    if kind in ("upgrade", "village") and (any(loc.give) or any(loc.take)):
        raise ValueError(
            worded("an upgrade location has no give/take cubes")
            if kind == "upgrade"
            else worded("a village location has no give/take cubes")
        )
    if kind != "village" and loc.bonus_stack:
        raise ValueError(worded("only a village location has a bonus tile stack"))
    if kind == "village" and loc.exploration:
        raise ValueError(worded("a village (fort) location has no exploration icon"))
    return loc


def _benefit(value: str, allow_explore: bool = True) -> str:
    problem = benefit_problem(value, allow_explore)
    if problem:
        raise ValueError(problem)
    return value


def _card(row: dict[str, str]) -> PointCard:
    if row["mark"] not in CARD_MARKS:
        raise ValueError(
            worded("mark {mark} is not one of '', star, 3+, =4", mark=repr(row["mark"]))
        )
    cost = C.parse(row["cost"])
    if not sum(cost):
        raise ValueError(worded("a point card costs at least one cube"))
    return PointCard(
        row["id"], cost, _int(row["points"], "points"), row["mark"], _benefit(row["benefit"])
    )


def _bonus(row: dict[str, str]) -> BonusTile:
    if row["mark"] not in BONUS_MARKS:
        raise ValueError(worded("mark {mark} is not one of '', I, III", mark=repr(row["mark"])))
    return BonusTile(
        row["id"],
        C.parse(row["cost"]),
        _int(row["points"], "points"),
        row["mark"],
        _benefit(row["benefit"]),
    )


def _exploration(row: dict[str, str]) -> ExplorationTile:
    return ExplorationTile(
        row["id"], _int(row["points"], "points"), _benefit(row["benefit"], allow_explore=False)
    )


def _facts(folder: Folder, problems: list[str]) -> tuple[str, str, Facts | None]:
    text = read_text(folder, "pack.json", problems)
    if text is None:
        return "", "", None
    try:
        data: dict[str, Any] = json.loads(text)
        facts = Facts.from_json(data["facts"])
        return str(data["name"]), str(data.get("label", "")), facts
    except (ValueError, KeyError, TypeError) as error:
        problems.append(worded("pack.json: {problem}", problem=repr(error)))
        return "", "", None


def read(folder: Folder) -> tuple[Pack | None, list[str]]:
    """The pack in `folder` (None if unreadable) and the problems found while reading it."""
    problems: list[str] = []
    name, label, facts = _facts(folder, problems)
    locations = _build(
        "locations.csv", _rows(folder, "locations.csv", problems), _location, problems
    )
    cards = _build("point_cards.csv", _rows(folder, "point_cards.csv", problems), _card, problems)
    bonus = _build("bonus_tiles.csv", _rows(folder, "bonus_tiles.csv", problems), _bonus, problems)
    tiles = _build(
        "exploration_tiles.csv",
        _rows(folder, "exploration_tiles.csv", problems),
        _exploration,
        problems,
    )
    if facts is None:
        return None, problems
    pack = Pack(name, label, facts, tuple(locations), tuple(cards), tuple(bonus), tuple(tiles))
    return pack, problems
