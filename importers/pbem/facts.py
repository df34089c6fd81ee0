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
from dataclasses import dataclass, field, replace

from importers.errors import ReportError
from importers.pbem.clauses import CLAUSES, DRAW_RE, SUBJECTLESS, merge
from importers.pbem.model import HINT, Fact
from importers.pbem.text import Sentence
from importers.pbem.words import BUILDING_IDS, GOOD_RE, NUM_RE, closest, good_of, number

VERBS = (
    "selects|chooses|picks|takes|plays|calls|builds|buys|constructs|purchases|places|puts|"
    "sends|moves|passes|trades|sells|ships|loads|delivers|uses|produces|makes|keeps|stores|"
    "gains|gets|receives|draws|declines|discards|loses|collects|does|leaves|adds|assigns"
)
VERB_RE = re.compile(rf"\b(?:{VERBS})\b", re.IGNORECASE)
SPLIT_RE = re.compile(rf"(?:,\s*|\s+)(?:and|then|and then)\s+(?=(?:{VERBS})\b)|;\s*", re.IGNORECASE)
GOVERNOR_RE = re.compile(rf"^(?:the\s+)?governor\s+(.+?)\s+(?:{VERBS})\b", re.IGNORECASE)
TITLE_RE = re.compile(r"^(?:the\s+)?(?:governor|then|finally|next)\s*,?\s+", re.IGNORECASE)

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
            raise ReportError(self.file, s.line, "cannot read this sentence", HINT, s.text)
        who = self.player(subject, s)
        facts: list[Fact] = []
        for clause in SPLIT_RE.split(rest.rstrip(".!? ")):
            facts.extend(self.clause(who, clause.strip(), s))
        if GOVERNOR_RE.match(s.text):
            facts = [replace(f, governor=True) if f.kind == "role" else f for f in facts]
        return merge(facts, self.file)

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
        raise ReportError(self.file, s.line, f"cannot read {who}'s {clause!r}", HINT, s.text)

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
                raise ReportError(self.file, s.line, f"{words!r} is not a plantation", HINT, s.text)
            tiles.extend([good] * count)
        return Fact("draw", s.line, s.text, tiles=tuple(tiles), turn=s.turn)


__all__ = ["Fact", "Reader"]
