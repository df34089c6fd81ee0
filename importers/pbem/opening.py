"""The opening plantation row when a report does not state it.

The row (players + 1 tiles) is the game's first chance outcome. Reports in the usual style start
with turn 1 and only show the tiles taken from it; the tiles nobody took go under the stack
(KO rules) and come back, in order, once the stack runs out, so they matter. The row is
therefore inferred only if exactly one row lets the whole report replay: the tiles taken from
it before the first "New plantations" sentence, plus every possible multiset of the untaken
tiles from the stack, in every order (the untaken tiles come back in their order). Each
candidate is a full replay; if none fits, the error of the replay that got furthest is raised
(usually the report's real problem); if rows with different tiles fit, it is a
`ReportAmbiguity`. When only the order of the untaken tiles is left open (they never came back
before the end), the first fitting order in goods order is used.
"""

from __future__ import annotations

import itertools
from collections import Counter

from domain.core.protocol import Setup, Step
from domain.puerto_rico.components import GOODS
from domain.puerto_rico.rules import PuertoRicoRules
from importers.errors import ImportProblem, ReportAmbiguity, ReportError
from importers.pbem.interpret import Interpreter
from importers.pbem.model import Fact

MAX_CANDIDATES = 200
"""More possible rows than this (many untaken tiles) are not searched: state the row."""
DECISIONS = ("role", "plantation", "hacienda", "build", "place", "pass", "sell", "ship")


def stated(facts: list[Fact]) -> bool:
    """Whether a plantation draw comes before the first decision (the opening row is given)."""
    for fact in facts:
        if fact.kind == "draw":
            return True
        if fact.kind in DECISIONS:
            return False
    return False


def infer(
    file: str,
    rules: PuertoRicoRules,
    setup: Setup,
    facts: list[Fact],
    line: int,
    prefer: tuple[str, ...] | None = None,
) -> tuple[Interpreter, list[Step], tuple[str, ...], bool]:
    """(interpreter, steps, row, assumed) of the one opening row under which the report
    replays. A game in progress whose untaken tiles have not come back yet fits several rows:
    then the first is assumed (`assumed` true), `prefer` (the row of the stored game this report
    extends) before any other."""
    probe = Interpreter(file, rules, setup)
    spec = probe.rules.chance_spec(probe.state)
    pool = Counter(str(t) for t in spec.pool)  # type: ignore[union-attr]
    size = spec.count  # type: ignore[union-attr]
    taken: list[str] = []
    for fact in facts:
        if fact.kind == "draw":
            break
        if fact.kind == "plantation" and fact.tile != "quarry":
            taken.append(fact.tile)
        elif (
            fact.kind == "said"
            and fact.mentions
            and _picked(fact.mentions.tiles, fact.mentions.roles)
        ):
            taken.append(fact.mentions.tiles[0])
        if fact.kind == "role" and taken and fact.role != "settler":
            break  # the first settler phase is over
    if len(taken) > size or Counter(taken) - pool:
        raise ReportError(
            file,
            line,
            f"{len(taken)} plantations taken in the first settler phase do not fit "
            f"an opening row of {size}",
            hint="add 'Starting plantations: ...' before Turn 1",
        )
    left = pool - Counter(taken)
    orders = [
        order
        for rest in itertools.combinations_with_replacement(GOODS, size - len(taken))
        if not Counter(rest) - left
        for order in sorted(set(itertools.permutations(rest)))
    ]
    if prefer is not None and tuple(prefer[: len(taken)]) == tuple(taken):
        preferred = tuple(prefer[len(taken) :])
        orders = [preferred, *(o for o in orders if o != preferred)]
    if len(orders) > MAX_CANDIDATES:
        raise ReportAmbiguity(
            file,
            line,
            f"the opening plantations are not stated and {len(orders)} rows are possible",
            hint="add 'Starting plantations: ...' before Turn 1",
        )
    fits: list[tuple[Interpreter, list[Step], tuple[str, ...]]] = []
    furthest: ImportProblem | None = None
    for rest in orders:
        if any(sorted(f[2][len(taken) :]) == sorted(rest) for f in fits):
            continue  # the same tiles in another order: the first (goods) order is kept
        row = (*taken, *rest)
        draw = Fact("draw", line, "(opening plantations, inferred)", tiles=row, turn=1)
        attempt = Interpreter(file, rules, setup)
        try:
            steps = attempt.run([draw, *facts])
        except ImportProblem as problem:
            if furthest is None or problem.line > furthest.line:
                furthest = problem
            continue
        fits.append((attempt, steps, row))
        if len(fits) > 1:
            break
    if len(fits) == 1:
        return (*fits[0], False)
    if not fits:
        assert furthest is not None
        raise furthest
    if not fits[0][0].finished:
        return (*fits[0], True)
    rows = "; ".join(", ".join(f[2]) for f in fits)
    raise ReportAmbiguity(
        file,
        line,
        f"the opening plantations are not stated and more than one row fits the "
        f"report ({rows}, ...)",
        hint="add 'Starting plantations: ...' before Turn 1",
    )


def _picked(tiles: list[str], roles: list[str]) -> bool:
    """A clause naming a plantation first (not a quarry) and no role: a pick from the row."""
    return bool(tiles) and tiles[0] != "quarry" and not roles
