"""Sentences -> facts: what a report says happened, matched by meaning rather than one template.

A sentence is split into its subject (a player, after an optional "Governor") and clauses
joined by "and"/"then" before a verb ("selects the Settler and takes a quarry"). Each clause is
recognised by what it is about, not by one fixed verb: a role name after selects/chooses/takes
is a role choice; a plantation or quarry after takes/selects/gains/gets is a settler pick; a
building after builds/buys/constructs is a build; and so on (`CLAUSES`). Stated numbers
(doubloons spent or gained, barrels, VP) are kept on the fact for the interpreter to check.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from importers.errors import ReportError
from importers.pbem.text import Sentence
from importers.pbem.words import (
    BUILDING_IDS,
    GOOD_RE,
    NUM_RE,
    ROLE_IDS,
    closest,
    good_of,
    number,
)

VERBS = (
    "selects|chooses|picks|takes|plays|calls|builds|buys|constructs|purchases|places|puts|"
    "sends|moves|passes|trades|sells|ships|loads|delivers|uses|produces|makes|keeps|stores|"
    "gains|gets|receives|draws|declines|discards|loses|collects|does|leaves|adds|assigns"
)
VERB_RE = re.compile(rf"\b(?:{VERBS})\b", re.IGNORECASE)
SPLIT_RE = re.compile(rf"(?:,\s*|\s+)(?:and|then|and then)\s+(?=(?:{VERBS})\b)|;\s*", re.IGNORECASE)
GOVERNOR_RE = re.compile(rf"^(?:the\s+)?governor\s+(.+?)\s+(?:{VERBS})\b", re.IGNORECASE)
TITLE_RE = re.compile(r"^(?:the\s+)?(?:governor|then|finally|next)\s*,?\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Fact:
    """One thing the report states, with where it says it."""

    kind: str
    line: int
    sentence: str
    player: str | None = None
    role: str = ""
    tile: str = ""
    tiles: tuple[str, ...] = ()
    building: str = ""
    good: str = ""
    amount: int | None = None
    money: int | None = None
    vp: int | None = None
    ship: int | None = None
    wharf: bool = False
    targets: tuple[tuple[str, int], ...] = ()
    moves: tuple[tuple[str, str], ...] = ()
    produced: tuple[tuple[str, int], ...] = ()
    scores: tuple[tuple[str, int], ...] = ()
    turn: int = 0


PREAMBLE_KEYS = ("players", "options", "date", "game", "title", "moderator", "rules")


@dataclass
class Reader:
    """Reads sentences into facts; collects lenient-mode warnings."""

    file: str
    lenient: bool
    players: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    preamble: dict[str, str] = field(default_factory=dict)

    # -- players -------------------------------------------------------------------------------
    def find_players(self, found: list[Sentence]) -> list[str]:
        """The "Players:" preamble line, else the subjects of turn 1 in order of appearance."""
        listed = self.preamble.get("players")
        if listed:
            names = [n.strip() for n in re.split(r",|\band\b", listed) if n.strip()]
            self.players = [re.sub(r"\s*\(.*\)$", "", n) for n in names]
            return self.players
        governors = self.governors(found)
        if governors:
            self.players = governors
            return self.players
        for s in found:
            if s.turn != 1 or s.heading:
                continue
            subject, _ = self.subject_of(s.text)
            if not subject:
                continue
            if subject in self.players:
                continue
            near = closest(subject, self.players) if self.players else None
            if near is not None:
                if not self.lenient:
                    raise ReportError(
                        self.file,
                        s.line,
                        f"unknown player {subject!r}",
                        hint=f"did you mean {near!r}? (--lenient fixes clear misspellings)",
                        sentence=s.text,
                    )
                continue
            self.players.append(subject)
        return self.players

    def governors(self, found: list[Sentence]) -> list[str]:
        """Seat order from the governors named at the start of turns 1, 2, ... (the governor
        passes clockwise each turn); [] unless the cycle is seen to close."""
        by_turn: dict[int, str] = {}
        for s in found:
            m = GOVERNOR_RE.match(s.text)
            if m and s.turn and s.turn not in by_turn:
                by_turn[s.turn] = m.group(1)
        order: list[str] = []
        for turn in range(1, len(by_turn) + 1):
            name = by_turn.get(turn)
            if name is None:
                return []
            if order and name == order[0]:
                return order if 2 <= len(order) <= 5 else []
            if name in order:
                return []
            order.append(name)
        return []

    @staticmethod
    def subject_of(text: str) -> tuple[str, str]:
        """(subject words before the first verb, the rest); subject '' when there is none."""
        match = VERB_RE.search(text)
        if match is None:
            return "", text
        subject = TITLE_RE.sub("", text[: match.start()].strip()).strip(" ,")
        if not subject or not subject[0].isupper() or len(subject.split()) > 3:
            return "", text
        return subject, text[match.start() :]

    def player(self, name: str, s: Sentence) -> str:
        if name in self.players:
            return name
        lowered = {p.lower(): p for p in self.players}
        if name.lower() in lowered:
            return lowered[name.lower()]
        near = closest(name, self.players)
        if near is not None and self.lenient:
            self.warnings.append(f"line {s.line}: player {name!r} read as {near!r}")
            return near
        hint = f"players: {', '.join(self.players)}"
        if near is not None:
            hint = f"did you mean {near!r}? (--lenient fixes clear misspellings)"
        raise ReportError(self.file, s.line, f"unknown player {name!r}", hint, s.text)

    def building(self, phrase: str, s: Sentence) -> str:
        phrase = re.sub(r"^(?:a|an|the|his|her|their|new)\s+", "", phrase.strip(), flags=re.I)
        words = re.sub(r"^(?:a|an|the|his|her|their|new)\s+", "", phrase.strip().lower())
        words = re.sub(r"[.!,;:]+$", "", words).strip()
        if words in BUILDING_IDS:
            return BUILDING_IDS[words]
        near = closest(words, list(BUILDING_IDS), 0.8)
        if near is not None and self.lenient:
            self.warnings.append(
                f"line {s.line}: building {phrase.strip()!r} read as {near.title()!r}"
            )
            return BUILDING_IDS[near]
        hint = "building names follow the English edition (Small Market, Hacienda, ...)"
        if near is not None:
            hint = f"did you mean {near.title()!r}? (--lenient fixes clear misspellings)"
        raise ReportError(self.file, s.line, f"unknown building {phrase.strip()!r}", hint, s.text)

    def target(self, phrase: str, s: Sentence) -> str:
        """A colonist circle: a tile type ('indigo plantation', 'quarry') or a building id."""
        words = re.sub(r"^(?:a|an|the|his|her|their|one|new|\d+)\s+", "", phrase.strip().lower())
        words = re.sub(r"[.!,;:]+$", "", words).strip()
        if re.fullmatch(r"quarr(?:y|ies)", words):
            return "quarry"
        m = re.fullmatch(GOOD_RE + r" plantations?", words)
        if m:
            return m.group(1)
        if words in ("san juan", "the san juan"):
            return "san_juan"
        return self.building(words, s)

    # -- sentences -----------------------------------------------------------------------------
    def read(self, s: Sentence) -> list[Fact]:
        if s.heading:
            return [Fact("turn", s.line, s.text, amount=s.turn, turn=s.turn)]
        if s.turn == 0:
            return self.read_preamble(s)
        subject, rest = self.subject_of(s.text)
        known = subject.lower() in (p.lower() for p in self.players)
        if not known:  # "The Colonist Ship gets 4 colonists", "Final scores: ..."
            for pattern, make in SUBJECTLESS:
                m = pattern.search(s.text)
                if m:
                    return make(self, s, m)
        if not subject:
            raise ReportError(self.file, s.line, "cannot read this sentence", _HINT, s.text)
        who = self.player(subject, s)
        facts: list[Fact] = []
        for clause in SPLIT_RE.split(rest.rstrip(".!? ")):
            facts.extend(self.clause(who, clause.strip(), s))
        return _merge_placements(facts, self.file)

    def read_preamble(self, s: Sentence) -> list[Fact]:
        key, sep, value = s.text.partition(":")
        if sep and key.strip().lower() in PREAMBLE_KEYS:
            self.preamble[key.strip().lower()] = value.strip().rstrip(".")
            return []
        m = DRAW_RE.search(s.text)
        if m:
            return [self.draw(s, m)]
        return []  # a title or other prose before the first turn

    def clause(self, who: str, clause: str, s: Sentence) -> list[Fact]:
        for pattern, make in CLAUSES:
            m = pattern.search(clause)
            if m:
                return make(self, who, clause, s, m)
        raise ReportError(self.file, s.line, f"cannot read {who}'s {clause!r}", _HINT, s.text)

    def draw(self, s: Sentence, m: re.Match[str]) -> Fact:
        tiles: list[str] = []
        for part in re.split(r",|\band\b", m.group("list")):
            words = part.strip().rstrip(".").strip()
            if not words:
                continue
            count = 1
            lead = re.match(NUM_RE + r"\s+(.*)$", words, re.IGNORECASE)
            if lead and lead.group(2):
                count, words = number(lead.group(1)), lead.group(2)
            good = good_of(re.sub(r"\s*plantations?$", "", words, flags=re.IGNORECASE))
            if good is None:
                raise ReportError(
                    self.file, s.line, f"{words!r} is not a plantation", _HINT, s.text
                )
            tiles.extend([good] * count)
        return Fact("draw", s.line, s.text, tiles=tuple(tiles), turn=s.turn)


_HINT = "see docs/pbem-report.md for the sentences the importer understands"
DRAW_RE = re.compile(
    r"(?:new|starting|opening|initial|face-up|face up|available)\s+plantations?"
    r"(?:\s+on\s+(?:offer|display))?\s*(?:are|were|is|:)\s*(?P<list>.+)$",
    re.IGNORECASE,
)


def _merge_placements(facts: list[Fact], file: str) -> list[Fact]:
    """One placement fact per player and sentence; "uses the Hacienda and draws ..." as one."""
    merged: list[Fact] = []
    for fact in facts:
        if merged and merged[-1].kind == "wharf" and fact.kind == "ship":
            merged[-1] = replace(fact, wharf=True)
        elif fact.kind == "coins":
            if not merged or merged[-1].kind != "role":
                raise ReportError(
                    file, fact.line, "doubloons gained outside a role choice", _HINT, fact.sentence
                )
            merged[-1] = replace(merged[-1], money=fact.money)
        elif merged and fact.kind == "hacienda" and merged[-1].kind == "hacienda":
            merged[-1] = replace(merged[-1], tile=merged[-1].tile or fact.tile)
        elif merged and fact.kind == "place" and merged[-1].kind == "place":
            last = merged[-1]
            merged[-1] = replace(
                last, targets=last.targets + fact.targets, moves=last.moves + fact.moves
            )
        else:
            merged.append(fact)
    for fact in merged:
        if fact.kind == "wharf":
            raise ReportError(
                file, fact.line, "the Wharf is used but nothing is shipped", _HINT, fact.sentence
            )
    return merged


# -- clause recognisers ------------------------------------------------------------------------

ClauseMaker = Callable[[Reader, str, str, Sentence, re.Match[str]], list[Fact]]


def _money(clause: str) -> int | None:
    m = re.search(r"\(\s*\+\s*(\d+)\s*doubloons?\s*\)", clause, re.IGNORECASE)
    if m:
        return int(m.group(1))
    m = re.search(
        rf"(?:gaining|gains|taking|takes|collecting|collects|receiving|receives|getting|gets|"
        rf"earning|earns|with)\s+{NUM_RE}\s+doubloons?",
        clause,
        re.IGNORECASE,
    )
    return number(m.group(1)) if m else None


def _role(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    role = ROLE_IDS[m.group(1).lower()]
    return [Fact("role", s.line, s.text, who, role=role, money=_money(clause), turn=s.turn)]


def _hacienda(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    drawn = re.search(rf"draw(?:s|ing)?\s+(?:a|an|one)\s+{GOOD_RE}", clause, re.IGNORECASE)
    tile = drawn.group(1).lower() if drawn else ""
    return [Fact("hacienda", s.line, s.text, who, tile=tile, turn=s.turn)]


def _plantation(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    tile = "quarry" if m.group("quarry") else m.group("good").lower()
    return [Fact("plantation", s.line, s.text, who, tile=tile, turn=s.turn)]


def _build(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    building = r.building(m.group("what"), s)
    spent = re.search(rf"{NUM_RE}\s+doubloons?\s+(?:spent|paid)", clause, re.IGNORECASE)
    if spent is None:
        spent = re.search(rf"(?:paying|pays|for)\s+{NUM_RE}\s+doubloons?", clause, re.IGNORECASE)
    money = number(spent.group(1)) if spent else None
    return [Fact("build", s.line, s.text, who, building=building, money=money, turn=s.turn)]


def _place(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    targets: list[tuple[str, int]] = []
    for part in re.split(r",|\band\b", m.group("where")):
        words = part.strip()
        if not words:
            continue
        count = 1
        lead = re.match(rf"{NUM_RE}\s+(?:colonists?\s+)?(?:on|in|to)\s+(.*)$", words, re.I)
        if lead:
            count, words = number(lead.group(1)), lead.group(2)
        tail = re.match(r"(.*?)\s*\((\d+)\)$", words)
        if tail:
            words, count = tail.group(1), int(tail.group(2))
        targets.append((r.target(words, s), count))
    first = m.group("count")
    if first and len(targets) == 1 and number(first) > 1:
        targets = [(targets[0][0], number(first))]
    return [Fact("place", s.line, s.text, who, targets=tuple(targets), turn=s.turn)]


def _move(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    count = number(m.group("count")) if m.group("count") else 1
    move = (r.target(m.group("src"), s), r.target(m.group("dst"), s))
    return [Fact("place", s.line, s.text, who, moves=(move,) * count, turn=s.turn)]


def _wharf(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("wharf", s.line, s.text, who, turn=s.turn)]


def _coins(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("coins", s.line, s.text, who, money=number(m.group(1)), turn=s.turn)]


def _keep_colonists(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("place", s.line, s.text, who, turn=s.turn)]


def _pass(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("pass", s.line, s.text, who, turn=s.turn)]


def _sell(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    good = m.group("good").lower()
    money = number(m.group("money")) if m.group("money") else None
    return [Fact("sell", s.line, s.text, who, good=good, money=money, turn=s.turn)]


def _ship(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    good = m.group("good").lower()
    amount = number(m.group("amount")) if m.group("amount") else None
    wharf = bool(re.search(r"\bwharf\b", clause, re.IGNORECASE))
    ship = re.search(r"\bship\s+(?:no\.?\s*|#)?(\d+)\b|\bthe\s+(\d+)[- ]ship\b", clause, re.I)
    vp = re.search(rf"(?:for|gaining|scoring|earning|\()\s*{NUM_RE}\s*vps?\b", clause, re.I)
    return [
        Fact(
            "ship",
            s.line,
            s.text,
            who,
            good=good,
            amount=amount,
            wharf=wharf,
            ship=int(ship.group(1) or ship.group(2)) if ship else None,
            vp=number(vp.group(1)) if vp else None,
            turn=s.turn,
        )
    ]


def _extra(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("extra", s.line, s.text, who, good=m.group("good").lower(), turn=s.turn)]


def _produce(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    made: dict[str, int] = {}
    body = m.group("what")
    if not re.fullmatch(r"\s*nothing\s*", body, re.IGNORECASE):
        for part in re.split(r",|\band\b", body):
            words = part.strip()
            if not words:
                continue
            lead = re.match(rf"{NUM_RE}\s+(.*)$", words, re.IGNORECASE)
            good = good_of(lead.group(2)) if lead else None
            if lead is None or good is None:
                raise ReportError(
                    r.file, s.line, f"cannot read produced goods {words!r}", _HINT, s.text
                )
            made[good] = made.get(good, 0) + number(lead.group(1))
    return [Fact("produce", s.line, s.text, who, produced=tuple(sorted(made.items())), turn=s.turn)]


def _store(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    goods = re.findall(GOOD_RE, m.group("what"), re.IGNORECASE)
    return [Fact("store", s.line, s.text, who, good=g.lower(), turn=s.turn) for g in goods]


def _keep(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("keep", s.line, s.text, who, good=m.group("good").lower(), turn=s.turn)]


def _lose(r: Reader, who: str, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    made: dict[str, int] = {}
    for count, good in re.findall(rf"{NUM_RE}\s+{GOOD_RE}", m.group("what"), re.IGNORECASE):
        made[good.lower()] = made.get(good.lower(), 0) + number(count)
    return [Fact("lose", s.line, s.text, who, produced=tuple(sorted(made.items())), turn=s.turn)]


_ROLE_NAMES = "|".join(ROLE_IDS)
_TAKE = r"(?:takes|selects|gains|chooses|picks|gets|receives|plants)"
CLAUSES: list[tuple[re.Pattern[str], ClauseMaker]] = [
    (re.compile(r"^uses\s+(?:the|his|her|their)\s+wharf\s*$", re.I), _wharf),
    (
        re.compile(
            rf"^(?:keeps|stores)\s+(?:all\s+(?:(?:his|her|their)\s+)?|(?:his|her|their)\s+)"
            rf"(?P<what>(?:{GOOD_RE[1:-1]})(?:\s*(?:,|and)\s*(?:{GOOD_RE[1:-1]}))*)",
            re.I,
        ),
        _store,
    ),
    (
        re.compile(
            rf"^(?:takes|gains|receives|collects|gets|earns)\s+{NUM_RE}\s+doubloons?\b", re.I
        ),
        _coins,
    ),
    (
        re.compile(
            rf"^(?:selects|chooses|picks|takes|plays|calls)\s+(?:the\s+)?({_ROLE_NAMES})\b(?!\s+plantation)",
            re.I,
        ),
        _role,
    ),
    (
        re.compile(r"^(?:uses|activates)\s+(?:the|his|her|their)\s+hacienda\b|^draws\b", re.I),
        _hacienda,
    ),
    (
        re.compile(
            rf"^{_TAKE}\s+(?:a|an|the|one)?\s*(?:(?P<good>{GOOD_RE[1:-1]})\s+plantation|(?P<quarry>quarry))",
            re.I,
        ),
        _plantation,
    ),
    (
        re.compile(
            r"^(?:builds|buys|constructs|purchases|erects)\s+(?P<what>[^(,]+?)\s*(?:\(|,|\bfor\b|$)",
            re.I,
        ),
        _build,
    ),
    (
        re.compile(
            rf"^moves\s+(?:(?P<count>{NUM_RE[1:-1]})\s+)?colonists?\s+from\s+(?P<src>.+?)\s+to\s+(?P<dst>.+)$",
            re.I,
        ),
        _move,
    ),
    (
        re.compile(
            rf"^(?:places|puts|sends|assigns|adds)\s+(?:(?P<count>{NUM_RE[1:-1]})\s+)?(?:new\s+)?colonists?\s+(?:on|in|to|onto)\s+(?P<where>.+)$",
            re.I,
        ),
        _place,
    ),
    (
        re.compile(
            r"^(?:keeps|leaves)\s+(?:his|her|their|all)\s+(?:\w+\s+)?colonists\s+"
            r"(?:where|in place|as)",
            re.I,
        ),
        _keep_colonists,
    ),
    (
        re.compile(
            r"^(?:passes|does nothing|declines|builds nothing|takes nothing|ships nothing|"
            r"sells nothing)",
            re.I,
        ),
        _pass,
    ),
    (
        re.compile(
            rf"^(?:trades|sells)\s+(?:(?:a|an|one|1)\s+)?(?:barrel\s+of\s+)?(?P<good>{GOOD_RE[1:-1]})(?:\s+barrel)?(?:\s+for\s+(?P<money>{NUM_RE[1:-1]})\s+doubloons?)?",
            re.I,
        ),
        _sell,
    ),
    (
        re.compile(
            rf"^(?:ships|loads|delivers|uses\s+(?:the|his|her|their)\s+wharf\s+(?:to\s+ship|for))\s+(?:(?P<amount>{NUM_RE[1:-1]})\s+)?(?:barrels?\s+of\s+)?(?P<good>{GOOD_RE[1:-1]})",
            re.I,
        ),
        _ship,
    ),
    (
        re.compile(rf"\b(?:bonus|extra)\s+(?:barrel\s+of\s+)?(?P<good>{GOOD_RE[1:-1]})", re.I),
        _extra,
    ),
    (re.compile(r"^(?:produces|makes)\s+(?P<what>.+)$", re.I), _produce),
    (re.compile(r"^stores\s+(?P<what>.+)$", re.I), _store),
    (
        re.compile(
            rf"^(?:keeps|saves)\s+(?:a|one|1|a single)\s+(?:barrel\s+of\s+)?"
            rf"(?P<good>{GOOD_RE[1:-1]})",
            re.I,
        ),
        _keep,
    ),
    (re.compile(r"^(?:loses|discards)\s+(?P<what>.+)$", re.I), _lose),
]


def _colonist_ship(r: Reader, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("colonist_ship", s.line, s.text, amount=number(m.group("n")), turn=s.turn)]


def _final(r: Reader, s: Sentence, m: re.Match[str]) -> list[Fact]:
    scores = []
    for entry in re.split(r"[,;]|\band\b", m.group("list")):
        entry = entry.strip().rstrip(".")
        if not entry:
            continue
        found = re.match(
            r"^(?P<name>.+?)\s*(?::|with|-|=)?\s*(?P<total>\d+)(?:\s*vps?|\s*points?)?\b",
            entry,
            re.I,
        )
        names = sorted(r.players, key=len, reverse=True)
        known = next((n for n in names if entry.lower().startswith(n.lower())), None)
        if known is not None:
            total = re.search(r"\d+", entry[len(known) :])
            if total is None:
                raise ReportError(r.file, s.line, f"no score for {known}", _HINT, s.text)
            scores.append((known, int(total.group())))
        elif found is not None:
            scores.append((r.player(found.group("name"), s), int(found.group("total"))))
    if not scores:
        raise ReportError(r.file, s.line, "cannot read the final scores", _HINT, s.text)
    return [Fact("final", s.line, s.text, scores=tuple(scores), turn=s.turn)]


def _end(r: Reader, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("end", s.line, s.text, turn=s.turn)]


def _draw(r: Reader, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [r.draw(s, m)]


def _nothing(r: Reader, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return []


SUBJECTLESS: list[
    tuple[re.Pattern[str], Callable[[Reader, Sentence, re.Match[str]], list[Fact]]]
] = [
    (DRAW_RE, _draw),
    (
        re.compile(
            rf"(?P<n>{NUM_RE[1:-1]})\s+colonists?\s+(?:are|is|go|goes)\s+(?:placed\s+|put\s+)?(?:on|onto|to)\s+the\s+colonist\s+ship",
            re.I,
        ),
        _colonist_ship,
    ),
    (
        re.compile(
            rf"the\s+colonist\s+ship\s+(?:is\s+refilled\s+with|gets|receives|now\s+holds|holds)\s+(?P<n>{NUM_RE[1:-1]})\s+colonists?",
            re.I,
        ),
        _colonist_ship,
    ),
    (re.compile(r"final\s+scores?\s*(?:are|were|:)?\s*(?P<list>.+)$", re.I), _final),
    (re.compile(r"^(?:end\s+of\s+(?:the\s+)?game|the\s+game\s+(?:ends|is\s+over))", re.I), _end),
    (re.compile(r"^(?:nobody|no\s+one)\b", re.I), _nothing),
]
