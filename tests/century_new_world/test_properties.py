"""Property tests over random legal games with 2, 3 and 4 players, every fourth board.

Checked at every step: cubes per kind conserved between the (unlimited) supply and the players
(what the players hold = what left the supply - what came back, and each decision's flows equal
those read from the printed components and the action text alone); 12 settlers per player
(available + reserve + on the board); one colour per location; nothing negative; through the
shared driver (`tests/engine_driver.py`) the input state never changed, offered actions apply,
others and wrong seats refused with typed errors, replay == live. At the end: the end condition
held.

The chooser is uniformly random among the legal actions, or (``bias`` 0.5) takes a point card
half of the times one is offered, which keeps games short enough for more examples.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.century_new_world import cubes as C
from domain.century_new_world.rules import RULES
from domain.century_new_world.state import OVER, State
from domain.core.protocol import Decision, Step
from tests.engine_driver import Driver

JUNK = ("place:Z9-9", "rest:now", "explore:A1-1", "return:Q", "place:A1-1:x9", "pass")


def check_invariants(s: State) -> None:
    held = [sum(p.cubes[k] for p in s.players) for k in range(4)]
    assert held == [o - i for o, i in zip(s.supply_out, s.supply_in, strict=True)]
    assert min(s.supply_in) >= 0
    for seat, p in enumerate(s.players):
        assert min(p.cubes) >= 0 and p.available >= 0 and p.reserve >= 0
        assert p.available + p.reserve + s.settlers_on_board(seat) == 12
    for owner, n in zip(s.occ_seat, s.occ_n, strict=True):
        assert (owner < 0) == (n == 0)
    taken = [c for p in s.players for c in p.cards]
    laid = [c for c in s.fort_card if c >= 0]
    assert sorted([*taken, *laid, *s.deck]) == list(range(len(s.t.cards))) or s.phase < 3
    tiles = [x for p in s.players for x in p.explored] + [x for x in s.explore_on if x >= 0]
    assert len(tiles) == len(set(tiles))


def snapshot(s: State) -> tuple[object, ...]:
    """The whole value of `s` as nested immutable tuples (players copied by value)."""
    rest = tuple(getattr(s, name) for name in State.VALUE if name != "players")
    return (tuple(p.key() for p in s.players), rest)


def _benefit_cubes(text: str) -> C.Cubes:
    return C.parse(text.split(":", 1)[1]) if text.startswith("cubes:") else C.NONE


def expected_flow(s: State, step: Decision) -> tuple[C.Cubes, C.Cubes]:
    """(cubes from the supply, cubes to the supply) of a decision, read from the printed
    components and the action text alone (independent of the engine's counters)."""
    t = s.t
    verb, _, rest = step.action.partition(":")
    if verb == "return":
        return C.NONE, C.parse(rest)
    if verb == "explore":
        tile = t.tiles[s.explore_on[t.loc_index[rest]]]
        return _benefit_cubes(tile.benefit), C.NONE
    if verb != "place":
        return C.NONE, C.NONE
    loc_id, _, arg = rest.partition(":")
    loc = t.locations[t.loc_index[loc_id]]
    if loc.kind == "production":
        return loc.take, C.NONE
    if loc.kind == "upgrade":
        give, _, take = arg.partition(">")
        return C.parse(take), C.parse(give)
    if loc.kind == "trade":
        k = int(arg[1:])
        return C.times(loc.take, k), C.times(loc.give, k)
    got, paid = C.NONE, C.NONE
    for part in arg.split("+"):
        what, _, ident = part.partition("=")
        item = t.cards[t.card_index[ident]] if what == "card" else t.bonus[t.bonus_index[ident]]
        paid = C.add(paid, item.cost)
        got = C.add(got, _benefit_cubes(item.benefit))
    return got, paid


def check_turn_rules(before: State, step: Decision, after: State) -> None:
    """The rulebook's placement, rest and storage rules, checked from outside the engine."""
    seat = step.seat
    verb, _, rest = step.action.partition(":")
    if verb == "place":
        li = before.t.loc_index[rest.partition(":")[0]]
        owner, there = before.occ_seat[li], before.occ_n[li]
        assert before.explore_on[li] < 0, "placed on a location under an exploration tile"
        assert owner != seat, "placed on a location holding one's own settlers"
        need = before.t.locations[li].settlers if owner < 0 else there + 1
        assert (after.occ_seat[li], after.occ_n[li]) == (seat, need)
        joined = before.players[seat].reserve - after.players[seat].reserve  # settler benefits
        assert after.players[seat].available == before.players[seat].available - need + joined
        if owner >= 0:
            assert after.players[owner].available == before.players[owner].available + there
    elif verb == "rest":
        assert after.settlers_on_board(seat) == 0
        gained = after.players[seat].available - before.players[seat].available
        assert gained == before.settlers_on_board(seat), "rest takes back all, never some"
    for b, a in zip(before.players, after.players, strict=True):
        assert a.reserve <= b.reserve, "settlers beside the board only ever come into play"
    if after.actor != seat or after.phase == OVER:
        held = sum(after.players[seat].cubes)
        assert held <= after.t.facts.storage, f"turn ended holding {held} cubes"


def choose(state: State, seat: int, rng: random.Random, bias: float) -> str:
    legal = RULES.legal_actions(state, seat)
    claims = [a for a in legal if "card=" in a]
    if claims and rng.random() < bias:
        return rng.choice(claims)
    return rng.choice(list(legal))


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    board=st.sampled_from(["D1", "E1", "F1"]),
    seed=st.integers(0, 2**32 - 1),
    bias=st.sampled_from([0.0, 0.5]),
)
def test_random_games_keep_every_invariant(
    players: int, board: str, seed: int, bias: float
) -> None:
    setup = RULES.prepare([f"P{i}" for i in range(players)], {"board": board})
    first_eighth: list[int] = []

    def step_check(state: State, step: Step, after: State) -> None:
        if not isinstance(step, Decision):
            return
        got, paid = expected_flow(state, step)
        assert C.sub(after.supply_out, state.supply_out) == got
        assert C.sub(after.supply_in, state.supply_in) == paid
        held = C.sub(after.players[step.seat].cubes, state.players[step.seat].cubes)
        assert held == C.sub(got, paid), "only the actor's cubes change, by the flows"
        others = [p.cubes for i, p in enumerate(after.players) if i != step.seat]
        assert others == [p.cubes for i, p in enumerate(state.players) if i != step.seat]
        check_turn_rules(state, step, after)
        if not first_eighth and any(len(p.cards) >= 8 for p in after.players):
            first_eighth.append(state.round)

    driver = Driver(
        RULES,
        choose=lambda state, seat, rng: choose(state, seat, rng, bias),
        junk=JUNK,
        offered_sample=10_000,
        snapshot=snapshot,
        offered=lambda after, _: check_invariants(after),
        step_check=step_check,
        check=check_invariants,
    )
    _, state = driver.drive(setup, random.Random(seed))
    assert max(len(p.cards) for p in state.players) >= 8
    assert state.actor == players - 1, "the round is played out to its last player"
    assert first_eighth == [state.round], "the game ends in the round of the first 8th card"
    for row in RULES.scores(state).seats:
        p = state.players[row.seat]
        printed = sum(state.t.cards[c].points for c in p.cards)
        printed += sum(state.t.bonus[b].points for b in p.bonus)
        printed += sum(state.t.tiles[x].points for x in p.explored)
        assert row.total == printed + sum(p.cubes) - p.cubes[0], "1 point per non-yellow cube"
        assert row.tiebreak == (row.seat,), "the later player in turn order wins a tie"
