"""Component packs: every printed component as a row of a CSV table, loaded and checked.

The layout every game's packs share (`domain.core.packs`): a pack is a folder holding
`resources.csv` (kind,name,count) and `development.csv`
(id,kind,name,value,range,income,capacity,event,players); lines starting with ``#`` are comments,
``?`` marks a fact that is not yet sourced. Two packs ship, in `synthetic/` and `published/`:
`published` (only sourced facts, incomplete) and `synthetic` (invented, marked with
`SYNTHETIC_LABEL`). `parse(folder)` is the one entry point. The format is documented in
docs/components.md.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from domain.core.labels import SYNTHETIC_LABEL
from domain.core.packs import PACK_NAMES, Folder, Packs, data_lines, read_text
from domain.core.phrase import worded
from domain.mundus_novus.cards import EVENTS, KINDS, NO_EVENT, RELIC, text
from domain.mundus_novus.cards import parse as kind_of

DEV_KINDS = ("caravel", "shipyard", "warehouse", "merchant", "personality")
PERSONALITIES = (
    "almagro",
    "de_la_cosa",
    "de_las_casas",
    "gonzalo_pizarro",
    "ponce_de_leon",
    "valdivia",
    "orellana",
    "coronado",
    "cortes",
)
PERSONALITY_TITLES = {
    "almagro": "Diego de Almagro",
    "de_la_cosa": "Juan de la Cosa",
    "de_las_casas": "Bartolome de las Casas",
    "gonzalo_pizarro": "Gonzalo Pizarro",
    "ponce_de_leon": "Juan Ponce de Leon",
    "valdivia": "Pedro de Valdivia",
    "orellana": "Francisco de Orellana",
    "coronado": "Francisco de Coronado",
    "cortes": "Hernan Cortes",
}
RESOURCE_TOTAL = 120
DEVELOPMENT_TOTAL = 44
RANGES = {"1-3": (1, 3), "4-6": (4, 6), "7-9": (7, 9)}
DEV_COLUMNS = ("id", "kind", "name", "value", "range", "income", "capacity", "event", "players")


@dataclass(frozen=True, slots=True)
class DevCard:
    """One development card: its kind and the numbers printed on it."""

    id: str
    kind: str
    name: str
    value: int = 0
    """Caravel value (caravels only)."""
    range: str = ""
    """Merchant range "1-3", "4-6" or "7-9" (merchants only)."""
    income: int = 0
    """Doubloons at the end of the owner's development turn."""
    capacity: int = 0
    """Cards a warehouse keeps at the end of the round."""
    event: str = NO_EVENT
    players: int = 2
    """The player-count number: the card is removed with fewer players."""

    @property
    def title(self) -> str:
        return PERSONALITY_TITLES.get(self.name, self.name)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> DevCard:
        return cls(**{k: d[k] for k in DEV_COLUMNS if k in d})


@dataclass(frozen=True, slots=True)
class Pack:
    name: str
    resources: tuple[int, ...]
    """Count per kind, index 0 unused, 10 = relic."""
    development: tuple[DevCard, ...]
    synthetic: bool


def _rows(data: str) -> list[dict[str, str]]:
    lines = [line for _, line in data_lines(data)]
    return [
        {k: (v or "").strip() for k, v in row.items() if k is not None}
        for row in csv.DictReader(io.StringIO("\n".join(lines)))
    ]


def _int(row: dict[str, str], key: str, where: str, problems: list[str], missing: bool) -> int:
    raw = row.get(key, "")
    if raw == "?":
        if missing:
            problems.append(worded("{where}: {column} not sourced", where=where, column=key))
        return 0
    if raw == "":
        return 0
    try:
        return int(raw)
    except ValueError:
        problems.append(
            worded(
                "{where}: {column} {value} is not a whole number",
                where=where,
                column=key,
                value=repr(raw),
            )
        )
        return 0


def _resources(res_text: str, problems: list[str]) -> list[int]:
    """The resource deck's count per kind (index 0 unused, 10 = relic)."""
    counts = [0] * 11
    seen: set[int] = set()
    for row in _rows(res_text):
        try:
            k = kind_of(row.get("kind", ""))
        except ValueError:
            problems.append(
                worded("resources.csv: unknown kind {kind}", kind=repr(row.get("kind")))
            )
            continue
        seen.add(k)
        where = worded("resources.csv kind {kind}", kind=text(k))
        counts[k] = _int(row, "count", where, problems, True)
    for k in KINDS:
        if k not in seen:
            problems.append(worded("resources.csv: no row for kind {kind}", kind=text(k)))
    if sum(counts) != RESOURCE_TOTAL and len(seen) == len(KINDS):
        problems.append(
            worded(
                "resources.csv: {have} cards, the game has {want}",
                have=sum(counts),
                want=RESOURCE_TOTAL,
            )
        )
    return counts


def _kind_problems(row: dict[str, str], kind: str, name: str, capacity: int) -> list[str]:
    """What is wrong with the numbers a card of `kind` must carry."""
    found: list[str] = []
    rng = row.get("range", "")
    if kind == "caravel" and row.get("value", "") == "":
        found.append(worded("caravel without a value"))
    if kind == "merchant":
        if rng == "?":
            found.append(worded("range not sourced"))
        elif rng not in RANGES:
            found.append(worded("range {range} is not 1-3, 4-6 or 7-9", range=repr(rng)))
    if kind == "warehouse" and row.get("capacity") not in ("?",) and capacity not in (1, 2):
        found.append(worded("warehouse capacity {n} is not 1 or 2", n=capacity))
    if kind == "personality" and name not in PERSONALITIES:
        found.append(worded("unknown personality {name}", name=repr(name)))
    return found


def _card(row: dict[str, str], where: str, problems: list[str]) -> DevCard | None:
    """The development card of a row (None for an unknown kind), its problems noted."""
    cid, kind, name = row.get("id", ""), row.get("kind", ""), row.get("name", "")
    if kind not in DEV_KINDS:
        problems.append(
            worded(
                "{where}: kind {kind} is not one of {kinds}",
                where=where,
                kind=repr(kind),
                kinds=", ".join(DEV_KINDS),
            )
        )
        return None
    value = _int(row, "value", where, problems, kind == "caravel")
    income = _int(row, "income", where, problems, True)
    capacity = _int(row, "capacity", where, problems, kind == "warehouse")
    players = _int(row, "players", where, problems, True)
    event = row.get("event", "")
    problems.extend(
        worded("{where}: {problem}", where=where, problem=p)
        for p in _kind_problems(row, kind, name, capacity)
    )
    if event == "?":
        problems.append(worded("{where}: event icon not sourced", where=where))
    elif event not in (*EVENTS, NO_EVENT):
        problems.append(
            worded(
                "{where}: event {event} is not one of {events}, none",
                where=where,
                event=repr(event),
                events=", ".join(EVENTS),
            )
        )
    if row.get("players") != "?" and not 2 <= players <= 6:
        problems.append(
            worded("{where}: player-count number {n} is not 2-6", where=where, n=players)
        )
    if value < 0 or income < 0:
        problems.append(worded("{where}: negative number", where=where))
    event = event if event in (*EVENTS, NO_EVENT) else NO_EVENT
    rng = row.get("range", "")
    return DevCard(cid, kind, name, value, rng, income, capacity, event, players)


def _deck_problems(cards: list[DevCard], problems: list[str]) -> None:
    """What the development deck as a whole lacks."""
    if len(cards) != DEVELOPMENT_TOTAL:
        problems.append(
            worded(
                "development.csv: {have} development cards listed, the game has {want} "
                "(split by kind not sourced)",
                have=len(cards),
                want=DEVELOPMENT_TOTAL,
            )
            if len(cards) < DEVELOPMENT_TOTAL
            else worded(
                "development.csv: {have} development cards, the game has {want}",
                have=len(cards),
                want=DEVELOPMENT_TOTAL,
            )
        )
    names = {c.name for c in cards if c.kind == "personality"}
    problems.extend(
        worded("development.csv: personality {name} missing", name=p)
        for p in PERSONALITIES
        if p not in names
    )
    for kind in DEV_KINDS:
        if not any(c.kind == kind for c in cards):
            problems.append(worded("development.csv: no {kind} card", kind=kind))
    for n_players in range(2, 7):
        if sum(1 for c in cards if c.players <= n_players) < 5 and not problems:
            problems.append(
                worded("development.csv: fewer than 5 cards for {n} players", n=n_players)
            )


def _parse(res_text: str, dev_text: str) -> tuple[list[int], list[DevCard], list[str]]:
    problems: list[str] = []
    counts = _resources(res_text, problems)
    cards: list[DevCard] = []
    ids: set[str] = set()
    for n, row in enumerate(_rows(dev_text), start=1):
        where = worded("development.csv row {n} ({id})", n=n, id=row.get("id") or "?")
        cid = row.get("id", "")
        if not cid or cid in ids:
            problems.append(worded("{where}: missing or repeated id", where=where))
        ids.add(cid)
        card = _card(row, where, problems)
        if card is not None:
            cards.append(card)
    _deck_problems(cards, problems)
    return counts, cards, problems


def parse(folder: Folder) -> tuple[Pack | None, list[str]]:
    """The pack in `folder` (None if a file is missing) and every problem found: invalid rows
    and facts not yet sourced. A pack is synthetic when its files carry `SYNTHETIC_LABEL`."""
    problems: list[str] = []
    res = read_text(folder, "resources.csv", problems)
    dev = read_text(folder, "development.csv", problems)
    if res is None or dev is None:
        return None, problems
    counts, cards, problems = _parse(res, dev)
    synthetic = SYNTHETIC_LABEL in res or SYNTHETIC_LABEL in dev
    return Pack(folder.name, tuple(counts), tuple(cards), synthetic), problems


PACKS = Packs(__name__, parse)
folder, check_pack, load = PACKS.folder, PACKS.check_pack, PACKS.load


def components(pack: Pack, players: int) -> dict[str, Any]:
    """The JSON embedded in `Setup.components`: every component in play, so replays need no pack."""
    return {
        "pack": pack.name,
        "synthetic": pack.synthetic,
        "resources": {text(k): pack.resources[k] for k in KINDS},
        "development": [c.to_json() for c in pack.development if c.players <= players],
        "removed": [c.id for c in pack.development if c.players > players],
    }


def from_components(data: Mapping[str, Any]) -> tuple[list[int], dict[str, DevCard], bool]:
    """Resource counts, development cards by id, synthetic flag from `Setup.components`."""
    counts = [0] * 11
    for k, n in data["resources"].items():
        counts[kind_of(k)] = int(n)
    cards = {d["id"]: DevCard.from_json(d) for d in data["development"]}
    return counts, cards, bool(data.get("synthetic"))


__all__ = [
    "PACK_NAMES",
    "RELIC",
    "DevCard",
    "Pack",
    "check_pack",
    "components",
    "folder",
    "from_components",
    "load",
    "parse",
]
