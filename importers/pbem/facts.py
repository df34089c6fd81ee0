"""Sentences -> facts: what a report says happened, matched by meaning rather than one template.

A sentence is split into its subject (a player, after an optional "Governor") and clauses
joined by "and"/"then" before a verb ("selects the Settler and takes a quarry"). Each clause is
recognised by what it is about, not by one fixed verb: a role name after selects/chooses/takes
is a role choice; a plantation or quarry after takes/selects/gains/gets is a settler pick; a
building after builds/buys/constructs is a build; and so on (`CLAUSES`). Stated numbers
(doubloons spent or gained, barrels, VP) are kept on the fact for the interpreter to check.
"""

from __future__ import annotations

import difflib
import itertools
import re
from dataclasses import dataclass, field, replace

from importers.errors import MisspeltVerb, ReportError
from importers.pbem import buildings
from importers.pbem.clauses import CLAUSES, DRAW_RE, SUBJECTLESS, merge
from importers.pbem.mentions import scan
from importers.pbem.model import HINT, Fact
from importers.pbem.text import Sentence, blank_parentheses
from importers.pbem.words import GOOD_RE, NUM_RE, closest, good_of, number

VERBS = (
    "selects|chooses|picks|takes|plays|calls|builds|buys|constructs|purchases|places|puts|"
    "sends|moves|passes|trades|sells|ships|loads|delivers|uses|produces|makes|keeps|stores|"
    "gains|gets|receives|draws|declines|discards|loses|collects|does|leaves|adds|assigns|"
    "spends|pays|earns|mans|plants|returns|erects|staffs|fills"
)
PARTICIPLES: dict[str, str] = {
    "manning": "mans",
    "sending": "sends",
    "placing": "places",
    "putting": "puts",
    "gaining": "gains",
    "taking": "takes",
    "building": "builds",
    "buying": "buys",
    "shipping": "ships",
    "trading": "trades",
    "selling": "sells",
    "producing": "produces",
    "drawing": "draws",
    "using": "uses",
    "paying": "pays",
    "moving": "moves",
    "keeping": "keeps",
    "storing": "stores",
    "choosing": "chooses",
    "selecting": "selects",
    "collecting": "collects",
    "receiving": "receives",
    "getting": "gets",
    "earning": "earns",
    "loading": "loads",
    "passing": "passes",
    "leaving": "leaves",
    "adding": "adds",
    "planting": "plants",
    "returning": "returns",
}
"""Participle clauses ("selects the Mayor, manning the Hospice") read as their plain verb."""
ANY_VERB = VERBS + "|" + "|".join(PARTICIPLES)
VERB_RE = re.compile(rf"\b(?:{VERBS})\b", re.IGNORECASE)
CLAUSE_START_RE = re.compile(rf"^(?:also\s+|then\s+)?(?:{ANY_VERB})\b", re.IGNORECASE)
NAME_START_RE = re.compile(
    rf"^(?:the\s+)?(?:governor\s+)?(?P<name>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){{0,2}})\s+"
    rf"(?:also\s+|then\s+)?(?:{VERBS})\b"
)
BOUNDARY_RE = re.compile(
    r",\s*(?:and\s+then\s+|and\s+|then\s+|but\s+)?|;\s*|\s+(?:and\s+then|and|then|but)\s+",
    re.IGNORECASE,
)
GOVERNOR_RE = re.compile(rf"^(?:the\s+)?governor\s+(.+?)\s+(?:{VERBS})\b", re.IGNORECASE)
TITLE_RE = re.compile(r"^(?:the\s+)?(?:governor|then|finally|next)\s*,?\s+", re.IGNORECASE)

PRONOUNS = frozenset({"he", "she", "they", "it", "then"})
"""Subjects that name nobody: the player to move is meant."""
NOT_NAMES = frozenset({"new", "nobody", "everyone", "everybody", "all", "each", "no", "the"})

KNOWN_VERBS = sorted(set(VERBS.split("|")) | set(PARTICIPLES))
"""The verbs a clause may start with: a word close to one of them is a misspelt verb."""
NOT_VERBS = frozenset(
    {
        "the",
        "a",
        "an",
        "his",
        "her",
        "their",
        "its",
        "one",
        "other",
        "another",
        "last",
        "new",
        "first",
        "second",
        "third",
        "all",
        "each",
        "and",
        "then",
        "but",
        "also",
        "now",
        "finally",
        "with",
        "for",
        "from",
        "on",
        "in",
        "to",
        "of",
        "by",
        "at",
        "as",
        "no",
        "nothing",
        "not",
        "build",
        "building",
        "buildings",
        "ship",
        "plantation",
        "plantations",
        "colonist",
        "colonists",
        "barrel",
        "barrels",
        "good",
        "goods",
        "doubloon",
        "doubloons",
        "discount",
        "quarry",
        "quarries",
        "wharf",
        "role",
        "selection",
        "place",
        "plays",
        "plants",
    }
)
"""Words that may follow a name, "and" or a comma without being a verb (some look like one)."""
WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’]*")

PREAMBLE_KEYS = ("players", "options", "date", "game", "title", "moderator", "rules")


def unknown_verb(sentence: str, name: str) -> tuple[str, str | None] | None:
    """(the word, the known verb close to it or None) when `sentence` starts with `name` and
    then a word that is no verb the reader knows ("Ben bilds a Small Market", "Ben lays a
    plantation face down"): it names its player, but the reader found no subject there."""
    m = re.match(
        rf"(?:the\s+)?(?:governor\s+)?{re.escape(name)}\s+(?:also\s+|then\s+)?({WORD_RE.pattern})",
        sentence,
        re.IGNORECASE,
    )
    if m is None:
        return None
    word = m.group(1)
    if word.lower() in KNOWN_VERBS or word.lower() in NOT_VERBS:
        return None
    near = difflib.get_close_matches(word.lower(), KNOWN_VERBS, n=1, cutoff=0.8)
    return word, near[0] if near else None


@dataclass
class Reader:
    """Reads sentences into facts; collects lenient-mode warnings."""

    file: str
    lenient: bool
    players: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    preamble: dict[str, str] = field(default_factory=dict)
    cut: bool = False
    suspects: list[MisspeltVerb] = field(default_factory=list)
    """Words read where a verb is due that are close to a known verb (`spelled_verbs`)."""
    """Reading a sentence the report stops in: a clause the grammar refuses is not guessed."""

    # -- players -------------------------------------------------------------------------------
    def find_players(self, found: list[Sentence]) -> list[str]:
        """The "Players:" preamble line, else the governors of turns 1, 2, ..., else the
        subjects of turn 1 in order of appearance (near-identical spellings are one player,
        named as the report spells it most often)."""
        listed = self.preamble.get("players")
        if listed:
            names = [n.strip() for n in re.split(r",|\band\b", listed) if n.strip()]
            self.players = [re.sub(r"\s*\(.*\)$", "", n) for n in names]
            return self.players
        counts: dict[str, int] = {}
        order: list[str] = []
        for s in found:
            if s.heading or not s.turn:
                continue
            for subject, _ in self.segments(s.text, discover=True):
                if subject:
                    counts[subject] = counts.get(subject, 0) + 1
                    if s.turn == 1 and subject not in order:
                        order.append(subject)
        spelling = self._spellings(counts)
        governors = self.governors(found, spelling)
        if governors:
            self.players = governors
            return self.players
        self.players = []
        for name in order:
            canonical = spelling.get(name, name)
            if canonical not in self.players:
                self.players.append(canonical)
        return self.players

    @staticmethod
    def _spellings(counts: dict[str, int]) -> dict[str, str]:
        """Each subject -> the most frequent spelling it is clearly a variant of."""
        names = sorted(counts, key=lambda n: (-counts[n], n))
        spelling: dict[str, str] = {}
        kept: list[str] = []
        for name in names:
            near = closest(name, kept) if kept else None
            if near is not None and 2 * counts[name] <= counts[near]:
                spelling[name] = near  # a rare variant of a frequent name ("Player 1" and
                # "Player 2" are as frequent as each other: two players)
            else:
                kept.append(name)
                spelling[name] = name
        return spelling

    def governors(self, found: list[Sentence], spelling: dict[str, str] | None = None) -> list[str]:
        """Seat order from the governors named at the start of turns 1, 2, ... (the governor
        passes clockwise each turn); [] unless the cycle is seen to close."""
        by_turn: dict[int, str] = {}
        for s in found:
            m = GOVERNOR_RE.match(s.text)
            if m and s.turn and s.turn not in by_turn:
                name = m.group(1)
                by_turn[s.turn] = (spelling or {}).get(name, name)
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
        subject = re.sub(r"\s+(?:also|then|now|finally)$", "", subject, flags=re.I)
        if not subject or not subject[0].isupper() or len(subject.split()) > 3:
            return "", text
        return subject, text[match.start() :]

    def _names_a_player(self, name: str, discover: bool) -> bool:
        if name.lower() in PRONOUNS:
            return True
        if discover:
            return name.split()[0].lower() not in NOT_NAMES
        if name.lower() in (p.lower() for p in self.players):
            return True
        return closest(name, self.players) is not None

    def segments(self, text: str, discover: bool = False) -> list[tuple[str, list[str]]]:
        """The sentence as (subject, clauses) per player it speaks of, in order.

        "A selects the Settler and takes a Quarry, B takes the corn plantation, and C ..." is
        three segments; "selects the Mayor, manning the Hospice, and sending 1 colonist to San
        Juan" is one subject with three clauses. A list ("the corn plantation, the Hospice")
        is not cut. The first segment's subject is '' when the sentence names nobody.
        """
        masked = blank_parentheses(text)
        cuts: list[tuple[int, int, bool]] = []
        for b in BOUNDARY_RE.finditer(masked):
            rest = masked[b.end() :]
            if CLAUSE_START_RE.match(rest):
                cuts.append((b.start(), b.end(), False))
                continue
            named = NAME_START_RE.match(rest)
            if named and self._names_a_player(named.group("name"), discover):
                cuts.append((b.start(), b.end(), True))
        pieces: list[tuple[bool, str]] = []
        at, new_subject = 0, True
        for start, end, names in cuts:
            pieces.append((new_subject, text[at:start]))
            at, new_subject = end, names
        pieces.append((new_subject, text[at:]))
        out: list[tuple[str, list[str]]] = []
        for starts, piece in pieces:
            piece = piece.strip().rstrip(".!? ")
            if not piece:
                continue
            if starts or not out:
                subject, rest = self.subject_of(piece)
                if subject.lower() in PRONOUNS:
                    subject = ""
                if not subject and out and starts:
                    out[-1][1].append(piece)
                    continue
                out.append((subject, [rest.strip()]))
            else:
                out[-1][1].append(piece)
        return out

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
        known = buildings.lookup(words)
        if known is not None:
            return known
        near = closest(words, list(buildings.NAMES), 0.8)
        if near is not None and self.lenient:
            self.warnings.append(
                f"line {s.line}: building {phrase.strip()!r} read as {near.title()!r}"
            )
            return buildings.NAMES[near]
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
        self.spelled_verbs(s)
        segments = self.segments(s.text)
        subject = segments[0][0] if segments else ""
        known = bool(subject) and self._names_a_player(subject, False)
        if not known:  # "The Colonist Ship gets 4 colonists", "Final scores: ..."
            for pattern, make in SUBJECTLESS:
                m = pattern.search(s.text)
                if m:
                    return make(self, s, m)
        facts: list[Fact] = []
        for subject, clauses in segments:
            who = self.player(subject, s) if subject else None
            for clause in clauses:
                facts.extend(self.clause(who, clause.strip(), s))
        if not segments:
            raise ReportError(self.file, s.line, "cannot read this sentence", HINT, s.text)
        if GOVERNOR_RE.match(s.text):
            facts = [replace(f, governor=True) if f.kind == "role" else f for f in facts]
        return merge(facts, self.file)

    def spelled_verbs(self, s: Sentence) -> None:
        """Keep in `suspects` the words where a verb is due (after a player's name, "and",
        "then", a comma) that are close to a known verb but not one ("Ben bilds ..."): unread,
        such a clause surfaces later as a move the report left out, blamed on the next sentence
        (`importers.pbem_report` names the word instead). A real verb the grammar lacks ("lays
        a plantation face down") looks the same, so nothing is decided here."""
        masked = blank_parentheses(s.text)
        names = {p.split()[-1].lower() for p in self.players if p.split()}
        words = list(WORD_RE.finditer(masked))
        for before, word in itertools.pairwise(words):
            text = word.group()
            gap = masked[before.end() : word.start()]
            after_name = before.group().lower() in names and not gap.strip()
            after_join = before.group().lower() in ("and", "then") or "," in gap
            lowered = text.lower()
            if not (after_name or (after_join and text[0].islower())):
                continue
            if lowered in NOT_VERBS or lowered in KNOWN_VERBS or lowered in names:
                continue
            near = difflib.get_close_matches(lowered, KNOWN_VERBS, n=1, cutoff=0.8)
            if near:
                self.suspects.append(MisspeltVerb(self.file, s.line, text, near[0], s.text))

    def read_preamble(self, s: Sentence) -> list[Fact]:
        key, sep, value = s.text.partition(":")
        if sep and key.strip().lower() in PREAMBLE_KEYS:
            self.preamble[key.strip().lower()] = value.strip().rstrip(".")
            return []
        m = DRAW_RE.search(s.text)
        if m:
            return [self.draw(s, m)]
        return []  # a title or other prose before the first turn

    def clause(self, who: str | None, clause: str, s: Sentence) -> list[Fact]:
        """The facts of one clause: by the grammar (`CLAUSES`) when a pattern knows it, else a
        "said" fact carrying only what it mentions, for the legal-move reader."""
        clause = re.sub(r"^(?:also|then|and)\s+", "", clause, flags=re.I)
        first = clause.split(" ", 1)
        if first[0].lower() in PARTICIPLES:
            clause = PARTICIPLES[first[0].lower()] + (" " + first[1] if len(first) > 1 else "")
        mentions = scan(clause)
        for pattern, make in CLAUSES:
            m = pattern.search(clause)
            if m:
                try:
                    made = make(self, who, clause, s, m)
                except ReportError:
                    if not mentions.buildings or self.cut:
                        raise
                    break  # "buys a face-down plantation with the Land Office": by the mentions
                return [replace(f, mentions=mentions, clause=clause) for f in made]
        if mentions.empty():
            what = f"{who}'s {clause!r}" if who else repr(clause)
            raise ReportError(self.file, s.line, f"cannot read {what}", HINT, s.text)
        return [Fact("said", s.line, s.text, who, turn=s.turn, mentions=mentions, clause=clause)]

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
