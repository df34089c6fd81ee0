"""Clause recognisers: each pattern says what a clause is about, whatever the verb variant.

`CLAUSES` are tried in order on each clause of a sentence with a player as subject;
`SUBJECTLESS` on sentences without one (plantation draws, the colonist ship, final scores).
Each maker turns the match into `Fact`s; `merge` joins facts of one sentence that belong
together ("uses the Hacienda and draws ...", "uses the Wharf and ships ...", placements).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from importers.errors import ReportError
from importers.pbem.model import HINT, Fact
from importers.pbem.text import Sentence
from importers.pbem.words import GOOD_RE, NUM_RE, ROLE_IDS, good_of, number

if TYPE_CHECKING:
    from importers.pbem.facts import Reader

DRAW_RE = re.compile(
    r"(?:new|starting|opening|initial|face-up|face up|available)\s+plantations?"
    r"(?:\s+on\s+(?:offer|display))?\s*(?:(?:are|were|is)\s*:?|:)\s*(?P<list>.+)$",
    re.IGNORECASE,
)


def merge(facts: list[Fact], file: str) -> list[Fact]:
    """One placement fact per player and sentence; "uses the Hacienda and draws ..." as one."""
    merged: list[Fact] = []
    for fact in map(_as_placement, facts):
        if merged and merged[-1].kind == "wharf" and fact.kind == "ship":
            merged[-1] = replace(fact, wharf=True)
        elif fact.kind == "coins":
            if merged and merged[-1].kind == "role":
                merged[-1] = replace(merged[-1], money=fact.money)
            # other doubloon gains (Factory, ...) are read, not checked
        elif merged and fact.kind == "hacienda" and merged[-1].kind == "hacienda":
            merged[-1] = replace(merged[-1], tile=merged[-1].tile or fact.tile)
        elif (
            merged
            and fact.kind == "place"
            and merged[-1].kind == "place"
            and merged[-1].player == fact.player
        ):
            last = merged[-1]
            merged[-1] = replace(
                last, targets=last.targets + fact.targets, moves=last.moves + fact.moves
            )
        else:
            merged.append(fact)
    for fact in merged:
        if fact.kind == "wharf":
            raise ReportError(
                file, fact.line, "the Wharf is used but nothing is shipped", HINT, fact.sentence
            )
    return merged


NOT_PLACEMENT = frozenset({"guest", "noble", "plain", "forest", "face"})
"""Words of the expansions' own moves that name circles without placing colonists."""


def _as_placement(fact: Fact) -> Fact:
    """A clause the grammar did not know that mans circles ("manning the indigo plantation,
    the Hospice") is a placement of one colonist on each (or the stated number)."""
    m = fact.mentions
    if fact.kind != "said" or m is None or not m.targets or "place" not in m.verbs:
        return fact
    if m.roles or m.goods or "build" in m.verbs or m.words & NOT_PLACEMENT:
        return fact
    return replace(fact, kind="place", targets=tuple(m.targets))


# -- clause recognisers ------------------------------------------------------------------------

ClauseMaker = Callable[["Reader", str | None, str, Sentence, re.Match[str]], list[Fact]]


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


def _role(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    role = ROLE_IDS[m.group(1).lower()]
    return [Fact("role", s.line, s.text, who, role=role, money=_money(clause), turn=s.turn)]


def _hacienda(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    drawn = re.search(rf"draw(?:s|ing)?\s+(?:a|an|one)\s+{GOOD_RE}", clause, re.IGNORECASE)
    tile = drawn.group(1).lower() if drawn else ""
    return [Fact("hacienda", s.line, s.text, who, tile=tile, turn=s.turn)]


def _plantation(
    r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]
) -> list[Fact]:
    tile = "quarry" if m.group("quarry") else m.group("good").lower()
    return [Fact("plantation", s.line, s.text, who, tile=tile, turn=s.turn)]


def _build(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    building = r.building(m.group("what"), s)
    spent = re.search(rf"{NUM_RE}\s+doubloons?\s+(?:spent|paid)", clause, re.IGNORECASE)
    if spent is None:
        spent = re.search(rf"(?:paying|pays|for)\s+{NUM_RE}\s+doubloons?", clause, re.IGNORECASE)
    money = number(spent.group(1)) if spent else None
    return [Fact("build", s.line, s.text, who, building=building, money=money, turn=s.turn)]


def _place(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
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


def _move(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    count = number(m.group("count")) if m.group("count") else 1
    move = (r.target(m.group("src"), s), r.target(m.group("dst"), s))
    return [Fact("place", s.line, s.text, who, moves=(move,) * count, turn=s.turn)]


def _privilege(
    r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]
) -> list[Fact]:
    """The mayor's extra colonist: the rules give it; nothing to record."""
    return []


def _wharf(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("wharf", s.line, s.text, who, turn=s.turn)]


def _coins(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("coins", s.line, s.text, who, money=number(m.group(1)), turn=s.turn)]


def _keep_colonists(
    r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]
) -> list[Fact]:
    return [Fact("place", s.line, s.text, who, turn=s.turn)]


def _pass(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("pass", s.line, s.text, who, turn=s.turn)]


def _sell(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    good = m.group("good").lower()
    money = number(m.group("money")) if m.group("money") else None
    return [Fact("sell", s.line, s.text, who, good=good, money=money, turn=s.turn)]


def _ship(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
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


def _extra(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("extra", s.line, s.text, who, good=m.group("good").lower(), turn=s.turn)]


def _produce(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
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
                    r.file, s.line, f"cannot read produced goods {words!r}", HINT, s.text
                )
            made[good] = made.get(good, 0) + number(lead.group(1))
    return [Fact("produce", s.line, s.text, who, produced=tuple(sorted(made.items())), turn=s.turn)]


def _store(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    goods = re.findall(GOOD_RE, m.group("what"), re.IGNORECASE)
    return [Fact("store", s.line, s.text, who, good=g.lower(), turn=s.turn) for g in goods]


def _keep(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    return [Fact("keep", s.line, s.text, who, good=m.group("good").lower(), turn=s.turn)]


def _lose(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    made: dict[str, int] = {}
    for count, good in re.findall(rf"{NUM_RE}\s+{GOOD_RE}", m.group("what"), re.IGNORECASE):
        made[good.lower()] = made.get(good.lower(), 0) + number(count)
    return [Fact("lose", s.line, s.text, who, produced=tuple(sorted(made.items())), turn=s.turn)]


def _remark(r: Reader, who: str | None, clause: str, s: Sentence, m: re.Match[str]) -> list[Fact]:
    """Barrels a building adds by itself (the Aqueduct): read, not checked."""
    return []


_ROLE_NAMES = "|".join(ROLE_IDS)
_TAKE = r"(?:takes|selects|gains|chooses|picks|gets|receives|plants)"
CLAUSES: list[tuple[re.Pattern[str], ClauseMaker]] = [
    (
        re.compile(r"^(?:gets|produces|receives)\b.*\b(?:from|with)\s+the\s+aqueduct\b", re.I),
        _remark,
    ),
    (
        re.compile(
            r"^(?:takes|gets|receives)\s+(?:a|an|one|the|his|her|their)\s+"
            r"(?:extra\s+|privilege\s+|bonus\s+)?colonist\b",
            re.I,
        ),
        _privilege,
    ),
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
        re.compile(
            rf"\b(?:bonus|extra|second|additional|another)\s+(?:barrel\s+of\s+)?"
            rf"(?P<good>{GOOD_RE[1:-1]})",
            re.I,
        ),
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
                raise ReportError(r.file, s.line, f"no score for {known}", HINT, s.text)
            scores.append((known, int(total.group())))
        elif found is not None:
            scores.append((r.player(found.group("name"), s), int(found.group("total"))))
    if not scores:
        raise ReportError(r.file, s.line, "cannot read the final scores", HINT, s.text)
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
    (re.compile(r"^(?:nobody|no\s+one|no\s+(?:other|more|further)\b)", re.I), _nothing),
]
