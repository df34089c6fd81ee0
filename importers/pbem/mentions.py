"""What a clause mentions: roles, plantations, buildings, goods, ships, San Juan, numbers and the
kind of verb, whatever the sentence's shape.

This is the reading the legal-move reader (`importers.pbem.fit`) matches against the engine's
legal actions, as a chess reader resolves "Nf3" by the legal moves: "takes the other corn
plantation" mentions a corn plantation, "builds an Indigo Plant" the large indigo plant,
"produces a second indigo" indigo with a producing verb. Parenthesised remarks ("(1 doubloon
discount from Builder)") are not mentions: they comment on the move, they do not name it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from importers.pbem import buildings
from importers.pbem.text import blank_parentheses
from importers.pbem.words import NUM_RE, ROLE_IDS, number

VERB_KINDS: dict[str, tuple[str, ...]] = {
    "role": ("select", "choose", "chose", "pick", "call", "play", "take", "took"),
    "take": ("take", "took", "gain", "get", "got", "receive", "plant", "choose", "select", "pick"),
    "build": ("build", "built", "buy", "bought", "construct", "purchas", "erect", "spend"),
    "place": ("place", "put", "man", "send", "assign", "add", "staff", "fill", "move", "keep"),
    "ship": ("ship", "load", "deliver", "sail", "send"),
    "sell": ("sell", "sold", "trade"),
    "store": ("store", "warehous", "save"),
    "keep": ("keep", "kept", "save", "retain"),
    "produce": ("produc", "make", "made", "bonus", "extra", "second", "additional"),
    "pass": ("pass", "declin", "nothing", "no build", "does not", "doesn't", "cannot", "can't"),
    "draw": ("draw", "drew"),
    "return": ("return", "give back", "gives back", "hand back"),
    "pay": ("pay", "paid"),
    "done": ("done", "finish", "stop"),
    "use": ("use", "using", "activat"),
    "leave": ("leave", "left"),
}
VERB_RES: dict[str, re.Pattern[str]] = {
    kind: re.compile(r"\b(?:" + "|".join(map(re.escape, stems)) + ")")
    for kind, stems in VERB_KINDS.items()
}
WORDS_RE = re.compile(r"\b(noble|forest|vp|victory|guest|colonist|doubloon|plain|face)")
"""Other telling words (their stems: "nobles", "colonists" count)."""
TILE_RE = re.compile(
    r"\b(corn|indigo|sugar|tobacco|coffee)\s+(?:plantations?|tiles?|fields?)\b|\b(quarr(?:y|ies))\b",
    re.IGNORECASE,
)
GOOD_WORD_RE = re.compile(r"\b(corn|indigo|sugar|tobacco|coffee)s?\b", re.IGNORECASE)
SHIP_RE = re.compile(
    r"\bship\s*(?:no\.?\s*|#\s*)?(\d)\b|\b(\d)[- ]?(?:hold\s+|barrel\s+|cargo\s+)?ship\b|"
    r"\bship\s+of\s+(?:size\s+)?(\d)\b",
    re.IGNORECASE,
)
SAN_JUAN_RE = re.compile(r"\bsan\s+juan\b", re.IGNORECASE)
ROLE_RE = re.compile(r"\b(" + "|".join(ROLE_IDS) + r")s?\b(?!\s+plantation)", re.IGNORECASE)
COUNT_BEFORE_RE = re.compile(
    NUM_RE + r"\s+(?:more\s+|new\s+|extra\s+)?colonists?\s+(?:\w+\s+){0,2}$", re.I
)


@dataclass
class Mentions:
    """What one clause names. Lists keep their order and repeats (placements count them)."""

    roles: list[str] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)
    """Plantation types ('corn') and 'quarry', named as tiles."""
    buildings: list[str] = field(default_factory=list)
    goods: list[str] = field(default_factory=list)
    """Goods named as goods (barrels), not as plantations or buildings."""
    ships: list[int] = field(default_factory=list)
    san_juan: int = 0
    numbers: list[int] = field(default_factory=list)
    verbs: set[str] = field(default_factory=set)
    words: set[str] = field(default_factory=set)
    """Other telling words: noble, forest, vp, guest, colonist."""
    targets: list[tuple[str, int]] = field(default_factory=list)
    """Colonist targets in order with counts (tile types, building ids, 'san_juan')."""

    def empty(self) -> bool:
        return not (
            self.roles
            or self.tiles
            or self.buildings
            or self.goods
            or self.ships
            or self.san_juan
            or self.verbs & {"pass", "draw", "done"}
            or self.words & {"noble", "guest", "forest"}
        )

    def summary(self) -> str:
        """The mentions in a few words, for error messages."""
        parts = [*self.roles, *(f"{t} plantation" if t != "quarry" else t for t in self.tiles)]
        parts += [buildings.TITLE[b] for b in self.buildings] + self.goods
        parts += [f"ship {n}" for n in self.ships]
        if self.san_juan:
            parts.append("San Juan")
        return ", ".join(parts) or "nothing the rules know"


def scan(clause: str) -> Mentions:
    """The mentions of one clause (parenthesised remarks left out)."""
    text = blank_parentheses(clause)
    m = Mentions()
    spans: list[tuple[int, int, str, str]] = []
    for start, end, building in buildings.find(text):
        spans.append((start, end, "building", building))
    masked = _mask(text, [(s, e) for s, e, _, _ in spans])
    for hit in SAN_JUAN_RE.finditer(masked):
        spans.append((hit.start(), hit.end(), "san_juan", "san_juan"))
    masked = _mask(masked, [(s, e) for s, e, k, _ in spans if k == "san_juan"])
    for hit in TILE_RE.finditer(masked):
        tile = "quarry" if hit.group(2) else hit.group(1).lower()
        spans.append((hit.start(), hit.end(), "tile", tile))
    masked = _mask(masked, [(s, e) for s, e, k, _ in spans if k == "tile"])
    for hit in SHIP_RE.finditer(masked):
        m.ships.append(int(next(g for g in hit.groups() if g)))
    masked = SHIP_RE.sub(lambda h: " " * len(h.group()), masked)
    for hit in GOOD_WORD_RE.finditer(masked):
        spans.append((hit.start(), hit.end(), "good", hit.group(1).lower()))
    lowered = masked.lower()
    m.verbs.update(kind for kind, pattern in VERB_RES.items() if pattern.search(lowered))
    m.words.update(word.lower() for word in WORDS_RE.findall(lowered))
    if "victory" in m.words:
        m.words.add("vp")
    for hit in ROLE_RE.finditer(masked):
        role = ROLE_IDS[hit.group(1).lower()]
        if role not in m.roles:
            m.roles.append(role)
    for hit in re.finditer(NUM_RE, masked, re.IGNORECASE):
        if hit.group(1).lower() not in ("a", "an", "no"):
            m.numbers.append(number(hit.group(1)))
    for start, end, kind, what in sorted(spans):
        if kind == "building":
            m.buildings.append(what)
        elif kind == "tile":
            m.tiles.append(what)
        elif kind == "good":
            m.goods.append(what)
        else:
            m.san_juan += 1
        if kind in ("building", "tile", "san_juan"):
            m.targets.append((what, _count_before(text[:start], clause[end:])))
    return m


def _count_before(before: str, after: str) -> int:
    """How many colonists a target gets: "2 colonists on the quarry", "the quarry (2)"."""
    lead = COUNT_BEFORE_RE.search(before)
    if lead:
        return number(lead.group(1))
    tail = re.match(rf"\s*(?:\((\d+)\)|with\s+{NUM_RE}\s+colonists?\b)", after, re.I)
    if tail:
        return number(tail.group(1) or tail.group(2))
    return 1


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)
