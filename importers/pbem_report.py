"""Puerto Rico play-by-email session reports -> an engine-checked game (`novus import --format
pbem-report`). The sentences the reader understands, how chance outcomes are reconstructed and
what is inferred are documented in docs/pbem-report.md.

    report = loads("game12.txt", data, lenient=False)   # raises an ImportProblem subclass
    report.game, report.game_id, report.warnings
"""

from __future__ import annotations

import hashlib
import re
import uuid
from dataclasses import dataclass, replace
from pathlib import PurePath

from application.i18n import _
from domain.core.errors import NovusError
from domain.puerto_rico.components import BUILDING_INDEX, BUILDINGS
from domain.puerto_rico.rules import RULES
from importers.errors import ImportProblem, MisspeltVerb, ReportError, verb_read_as
from importers.native import NAMESPACE, NativeGame, dumps
from importers.pbem import opening
from importers.pbem.facts import Reader
from importers.pbem.interpret import Interpreter
from importers.pbem.model import Fact
from importers.pbem.text import Sentence, sentences


@dataclass(frozen=True)
class Report:
    game: NativeGame
    game_id: uuid.UUID
    warnings: tuple[str, ...]
    inferred: int
    """Decisions the report left out that the rules forced (exactly one legal action)."""
    finished: bool = True
    """False for a game in progress: the report stops before the game ends."""
    lines: tuple[int, ...] = ()
    """The report line each step was read from (the line a difference is named by)."""


def loads(
    file: str,
    data: bytes,
    lenient: bool = False,
    opening_row: tuple[str, ...] | None = None,
) -> Report:
    """Read and replay a report. `opening_row`: the row of a stored game this report may
    extend, tried first when the report does not state its opening plantations.

    When the reading fails just after a word that looks like a misspelt verb ("Ben bilds a
    Small Market", which the grammar cannot read and the next sentence then seems to skip a
    move), the error names that word and its line instead; `lenient` reads it as the close verb
    and tries again."""
    suspects: list[MisspeltVerb] = []
    try:
        return _loads(file, data, lenient, opening_row, suspects, ())
    except ImportProblem as problem:
        typo = _misspelt_before(problem, suspects, data)
        if typo is None:
            raise
        if not lenient:
            raise typo from None
        fixes = tuple(s for s in suspects if s.line <= typo.line)
        return _loads(file, data, lenient, opening_row, [], fixes)


def _respelled(text: str, fixes: tuple[MisspeltVerb, ...]) -> str:
    """The report with each fixed word replaced by its close verb (first whole-word match
    from the word's sentence's line on; line numbers stay)."""
    lines = text.split("\n")
    for fix in fixes:
        for i in range(fix.line - 1, len(lines)):
            pattern = re.compile(rf"\b{re.escape(fix.word)}\b")
            if pattern.search(lines[i]):
                lines[i] = pattern.sub(fix.verb, lines[i], count=1)
                break
    return "\n".join(lines)


def _misspelt_before(
    problem: ImportProblem, suspects: list[MisspeltVerb], data: bytes
) -> MisspeltVerb | None:
    """The suspect word a failure most likely comes from: the last one in the failing sentence
    or the few sentences before it (a real verb the grammar lacks, far earlier, is not)."""
    if not suspects:
        return None
    found = sentences(data.decode("utf-8-sig", "replace"))
    at = [i for i, s in enumerate(found) if s.line <= problem.line] if problem.line else []
    for suspect in reversed(suspects):
        mine = [i for i, s in enumerate(found) if s.line == suspect.line]
        if not at or not mine:
            continue
        if mine[0] <= at[-1] and at[-1] - mine[-1] <= NEAR_SENTENCES:
            return suspect
    return None


NEAR_SENTENCES = 3
"""How many sentences a misread verb can be away from the failure it causes."""


def _loads(
    file: str,
    data: bytes,
    lenient: bool,
    opening_row: tuple[str, ...] | None,
    suspects: list[MisspeltVerb],
    fixes: tuple[MisspeltVerb, ...],
) -> Report:
    """`loads`, collecting `suspects` (words that may be misspelt verbs) and reading the
    words of `fixes` as their close verbs."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ReportError(file, line, f"not UTF-8 ({error.reason})", hint="save as UTF-8") from None
    found = sentences(_respelled(text, fixes) if fixes else text)
    if not any(s.heading and s.turn == 1 for s in found):
        raise ReportError(file, 0, "no 'Turn 1' heading: not a session report")
    reader = Reader(file, lenient, suspects=suspects)
    reader.warnings.extend(verb_read_as(f.line, f.word, f.verb) for f in fixes)
    for s in found:
        if s.turn == 0:
            reader.read_preamble(s)
    players = reader.find_players(found)
    first = next(s.line for s in found if s.heading)
    if not 2 <= len(players) <= 5:
        raise ReportError(
            file,
            first,
            f"{len(players)} players found in turn 1 ({', '.join(players)})",
            hint="Puerto Rico has 2-5 players; add a 'Players: A, B, C' line before Turn 1",
        )
    tail = _unfinished(found)
    facts: list[Fact] = []
    skipped: list[str] = []
    for s in found:
        reader.lenient = lenient and s is not tail  # a cut-off word is no misspelling
        reader.cut = s is tail
        try:
            read = reader.read(s)
        except ImportProblem:
            if s is not tail:
                raise
            skipped.append(
                _(
                    "line {line}: the report stops in the middle of this sentence; it is not "
                    "read: {text}",
                    line=s.line,
                    text=s.text,
                )
            )
            continue
        facts.extend(replace(f, tail=True) if s is tail else f for f in read)
    warnings = list(reader.warnings)
    options = _options(reader.preamble.get("options", ""))
    expansion = _expansion(facts, options)
    if expansion:
        warnings.append(expansion)
    try:
        setup = RULES.prepare(players, options)
    except NovusError as error:
        raise ReportError(file, first, error.message, error.hint) from None
    if opening.stated(facts):
        interpreter = Interpreter(file, RULES, setup)
        steps = interpreter.run(facts)
    else:
        interpreter, steps, row, assumed = opening.infer(
            file, RULES, setup, facts, first, prefer=opening_row
        )
        if assumed:
            warnings.append(
                _(
                    "line {line}: the opening plantations are not stated and the untaken ones "
                    "have not come back yet; {row} is assumed",
                    line=first,
                    row=", ".join(row),
                )
            )
        else:
            warnings.append(
                f"line {first}: the opening plantations are not stated; {', '.join(row)} is the "
                "only row under which the report replays"
            )
    warnings = sorted(warnings + interpreter.notes + skipped, key=_line_of)
    source: dict[str, object] = {
        "kind": "import",
        "format": "pbem-report",
        "file": PurePath(file).name,
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    if reader.preamble.get("game"):
        source["name"] = reader.preamble["game"]
    if warnings:
        source["notes"] = list(warnings)
    game = NativeGame(
        setup=setup,
        rules_version=RULES.rules_version,
        source=source,
        seed=None,
        created=reader.preamble.get("date", ""),
        steps=tuple(steps),
        state=interpreter.state,  # every step went through the engine's apply
    )
    if not interpreter.finished:
        warnings.append(
            _(
                "the report ends in round {round} before the game is over: a game in progress "
                "({steps} steps)",
                round=interpreter.state.round,
                steps=len(steps),
            )
        )
    bare = replace(game, source={}, created="")
    game_id = uuid.uuid5(NAMESPACE, "pbem:" + hashlib.sha256(dumps(bare)).hexdigest())
    return Report(
        game,
        game_id,
        tuple(warnings),
        interpreter.inferred,
        interpreter.finished,
        tuple(interpreter.lines),
    )


def _expansion(facts: list[Fact], options: dict[str, str]) -> str:
    """Read a report naming expansion buildings with them in the supply: with no `buildings`
    option, every base and New Buildings building (`buildings=all`, as moderated games played
    them), with nobles when a Nobles building or a noble is named. Returns the note, or ''."""
    if "buildings" in options:
        return ""
    first: tuple[int, str] | None = None
    nobles = False
    for fact in facts:
        named = [fact.building] if fact.building else []
        if fact.mentions is not None:
            named += fact.mentions.buildings
            nobles = nobles or "noble" in fact.mentions.words
        for b in (BUILDINGS[BUILDING_INDEX[n]] for n in named if n in BUILDING_INDEX):
            if b.expansion != "base":
                first = first or (fact.line, b.name)
                nobles = nobles or b.expansion == "nobles"
    if first is None:
        return ""
    options["buildings"] = "all"
    if nobles:
        options.setdefault("nobles", "true")
    return _(
        "line {line}: the report names {building}, an expansion building: read with every base "
        "and expansion building in the supply (buildings=all{nobles}); state 'Options: "
        "buildings=...' if the game used another set",
        line=first[0],
        building=first[1],
        nobles=", nobles=true" if options.get("nobles") == "true" else "",
    )


def _line_of(note: str) -> int:
    """The line a note names ("line 7: ..."), for listing notes in report order."""
    m = re.match(r"line (\d+):", note)
    return int(m.group(1)) if m else 1 << 30


def _unfinished(found: list[Sentence]) -> Sentence | None:
    """The report's last sentence when it stops without a full stop (cut off mid-sentence)."""
    body = [s for s in found if s.turn and not s.heading]
    if not body or body[-1].text.rstrip().endswith((".", "!", "?", ")")):
        return None
    return body[-1]


def _options(text: str) -> dict[str, str]:
    """'discards=reshuffle, colonist_end=short' -> dict."""
    pairs = re.findall(r"([a-z_0-9]+)\s*=\s*([a-z_0-9]+)", text)
    return dict(pairs)
