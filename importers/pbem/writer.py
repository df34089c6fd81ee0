"""Write a Puerto Rico game as a play-by-email session report (the reader's inverse).

Used to make test reports from simulated games: `write(setup, steps, style=random.Random(k))`
varies the wording the way moderators do (takes/selects/gains a plantation, builds/buys,
"New plantations are ..."/"New plantations: ...", Ship 2/the 6-ship, digits or words), so the
reader is tested on meaning rather than on one template. Every decision is written, so the
report replays to exactly the same game; numbers (doubloons spent, VP) are the engine's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain.core.protocol import ChanceStep, Decision, Setup, Step
from domain.puerto_rico import actions as A
from domain.puerto_rico.components import AQUEDUCT, BUILDINGS, CRAFTSMAN, GOODS, MAYOR, ROLES
from domain.puerto_rico.names import ROLE_NAMES
from domain.puerto_rico.rules import RULES
from domain.puerto_rico.state import CHANCE_HACIENDA, CHANCE_LAND, CHANCE_REFILL, State
from importers.pbem.interpret import Interpreter
from importers.pbem.placement import occupied
from importers.pbem.words import spelled


def _where(target: str) -> str:
    if target in GOODS:
        return f"the {target} plantation"
    if target == "quarry":
        return "the quarry"
    return "the " + next(b.name for b in BUILDINGS if b.id == target)


def _building(bid: str) -> str:
    name = next(b.name for b in BUILDINGS if b.id == bid)
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class Writer:
    def __init__(self, setup: Setup, style: random.Random | None = None) -> None:
        self.names = list(setup.players)
        self.style = style
        self.lines: list[str] = []
        self.paragraph: list[str] = []
        self.turn = 0
        self.mayor_start: State | None = None
        self.after_placement: dict[int, list[str]] = {}

    def pick(self, *variants: str) -> str:
        return variants[0] if self.style is None else self.style.choice(variants)

    def count(self, n: int) -> str:
        return str(n) if self.style is None or self.style.random() < 0.7 else spelled(n)

    def coins(self, n: int) -> str:
        return f"{self.count(n)} doubloon{'s' * (n != 1)}"

    def say(self, sentence: str) -> None:
        self.paragraph.append(sentence)

    def end_paragraph(self) -> None:
        if self.paragraph:
            self.lines.append(" ".join(self.paragraph))
            self.lines.append("")
            self.paragraph = []

    def write(self, setup: Setup, steps: Sequence[Step], preamble: Sequence[str]) -> str:
        s = RULES.initial_state(setup)
        self.lines.extend(preamble)
        started = False
        for step in steps:
            after = RULES.apply(s, step)
            if isinstance(step, ChanceStep):
                self.chance(s, after, step, started)
            else:
                started = True
                self.decision(s, after, step)
            if self.mayor_start is not None and (after.role != MAYOR or after.over):
                self.placements(self.mayor_start, after)
                self.mayor_start = None
            s = after
        self.end_paragraph()
        totals = ", ".join(f"{self.names[x.seat]} {x.total}" for x in RULES.scores(s).seats)
        self.lines.append(f"End of game. Final scores: {totals}.")
        return "\n".join(self.lines) + "\n"

    def chance(self, s: State, after: State, step: ChanceStep, started: bool) -> None:
        tiles = [str(t) for t in step.outcome]
        if s.chance in (CHANCE_HACIENDA, CHANCE_LAND):
            self.paragraph[-1] = (
                self.paragraph[-1].rstrip(".") + f" and draws a {tiles[0]} plantation."
            )
            return
        if after.chance == CHANCE_REFILL:
            return  # the reshuffled stack gives the rest of the row: one sentence for the row
        row = ", ".join(GOODS[t] for t in after.face_up)
        if not started:
            self.lines.append(f"Starting plantations: {row}.")
            self.lines.append("")
            return
        self.say(self.pick(f"New plantations are {row}.", f"New plantations: {row}."))

    def decision(self, s: State, after: State, step: Decision) -> None:
        seat, action = step.seat, step.action
        who = self.names[seat]
        p, q = s.players[seat], after.players[seat]
        parsed = A.parse(action)
        assert parsed is not None
        if parsed.verb == A.ROLE:
            self.end_paragraph()
            if s.round != self.turn:
                self.turn = s.round
                self.lines.extend([f"Turn {s.round}", ""])
            role = ROLES[parsed.arg]
            title = ROLE_NAMES["standard"][parsed.arg]
            lead = "Governor " if seat == s.governor and s.picks == 0 else ""
            verb = self.pick("selects", "chooses", "picks")
            money = s.role_doubloons[parsed.arg]
            if role.startswith("prospector"):
                gain = q.doubloons - p.doubloons
                self.say(f"{lead}{who} {verb} the {title}, gaining {self.coins(gain)}.")
            else:
                extra = f" (+{money} doubloon{'s' * (money != 1)})" if money else ""
                self.say(f"{lead}{who} {verb} the {title}{extra}.")
            if parsed.arg == MAYOR:
                self.mayor_start = s
            if parsed.arg == CRAFTSMAN:
                self.production(s, after)
            return
        if parsed.verb == A.PLANTATION:
            tile = GOODS[parsed.arg] + " plantation" if parsed.arg < 5 else "quarry"
            article = "an" if tile[0] in "aeiou" else "a"
            self.say(f"{who} {self.pick('takes', 'selects', 'gains')} {article} {tile}.")
        elif parsed.verb == A.HACIENDA:
            self.say(f"{who} uses the Hacienda.")
        elif parsed.verb == A.BUILD:
            spent = p.doubloons - q.doubloons
            verb = self.pick("builds", "buys")
            self.say(
                f"{who} {verb} {_building(BUILDINGS[parsed.arg].id)} ({self.coins(spent)} spent)."
            )
        elif parsed.verb == A.PASS:
            self.say(f"{who} declines to use the Wharf." if s.role == 5 else f"{who} passes.")
        elif parsed.verb == A.SELL and parsed.arg2 != 1:  # the Trading Post: the engine's words
            gain = q.doubloons - p.doubloons
            verb = self.pick("trades", "sells")
            self.say(f"{who} {verb} {GOODS[parsed.arg]} for {self.coins(gain)}.")
        elif parsed.verb == A.SHIP:
            good = GOODS[parsed.arg]
            n = p.goods[parsed.arg] - q.goods[parsed.arg]
            vp = q.vp - p.vp
            if parsed.arg2 == A.WHARF:
                self.say(f"{who} uses the Wharf to ship {self.count(n)} {good} for {vp} VP.")
            else:
                ordinal = s.ships.index(parsed.arg2) + 1
                ship = self.pick(f"Ship {ordinal}", f"the {parsed.arg2}-ship")
                self.say(f"{who} ships {self.count(n)} {good} on {ship} for {vp} VP.")
        elif parsed.verb == A.EXTRA:
            self.say(
                f"{who} {self.pick('takes an extra', 'produces a bonus')} {GOODS[parsed.arg]}."
            )
        elif parsed.verb == A.STORE:
            self.say(f"{who} stores all {GOODS[parsed.arg]} in a warehouse.")
        elif parsed.verb == A.KEEP:
            self.say(f"{who} keeps 1 {GOODS[parsed.arg]}.")
        elif parsed.verb == A.NOBLE or (parsed.verb == A.COLONIST and s.pending >= 0):
            # Expansion 2: who sits on a special building, asked after the placement
            said = RULES.describe(s, step) + "."
            self.after_placement.setdefault(seat, []).append(said)
        elif parsed.verb in (A.COLONIST, A.COLONISTS):
            pass  # written once the mayor phase is over (`placements`)
        else:  # the expansions' decisions: the engine's own sentence
            self.say(RULES.describe(s, step) + ".")

    def production(self, s: State, after: State) -> None:
        made = Interpreter.production(s)
        n = len(self.names)
        for i in range(n):
            seat = (s.actor + i) % n
            goods = made.get(seat, {})
            if goods:
                listed = _join([f"{self.count(k)} {g}" for g, k in goods.items()])
                self.say(f"{self.names[seat]} produces {listed}.")
        for i in range(n):
            seat = (s.actor + i) % n
            for g, good in enumerate(GOODS):
                extra = (
                    after.players[seat].goods[g]
                    - s.players[seat].goods[g]
                    - made.get(seat, {}).get(good, 0)
                )
                if extra and after.players[seat].has(AQUEDUCT):  # Expansion 1
                    self.say(f"{self.names[seat]} gets {extra} more {good} from the Aqueduct.")
                elif extra == 1 and seat == s.actor:
                    self.say(f"{self.names[seat]} produces a bonus {good}.")

    def placements(self, start: State, end: State) -> None:
        n = len(self.names)
        for i in range(n):
            seat = (start.actor + i) % n
            before, after = occupied(start.players[seat]), occupied(end.players[seat])
            adds: list[str] = []
            removes: list[str] = []
            for t in sorted(set(before) | set(after)):
                d = after.get(t, 0) - before.get(t, 0)
                adds += [t] * max(d, 0)
                removes += [t] * max(-d, 0)
            who = self.names[seat]
            clauses = []
            while adds and removes:
                clauses.append(
                    f"moves a colonist from {_where(removes.pop())} to {_where(adds.pop())}"
                )
            for t in removes:
                clauses.append(f"moves a colonist from {_where(t)} to San Juan")
            if adds:
                counted: dict[str, int] = {}
                for t in adds:
                    counted[t] = counted.get(t, 0) + 1
                ones = [_where(t) for t, k in counted.items() if k == 1]
                more = [(t, k) for t, k in counted.items() if k > 1]
                if ones:
                    word = "a colonist" if len(ones) == 1 and not more else "colonists"
                    rest = [f"{self.count(k)} on {_where(t)}" for t, k in more]
                    clauses.append(f"places {word} on {_join(ones + rest)}")
                else:
                    clauses += [f"places {self.count(k)} colonists on {_where(t)}" for t, k in more]
            if clauses:
                self.say(f"{who} " + " and ".join(clauses) + ".")
            elif (
                sum(start.players[seat].manned)
                + sum(start.players[seat].workers)
                + start.players[seat].san_juan
            ):
                self.say(f"{who} keeps all colonists where they are.")
            for sentence in self.after_placement.pop(seat, []):
                self.say(sentence)
        self.say(
            f"{self.count(end.col_ship).capitalize()} colonists are placed on the Colonist Ship."
        )


def write(
    setup: Setup,
    steps: Sequence[Step],
    *,
    style: random.Random | None = None,
    preamble: Sequence[str] = (),
) -> str:
    """The report text of a finished base-game Puerto Rico game."""
    return Writer(setup, style).write(setup, steps, preamble)
