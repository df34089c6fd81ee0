"""The Century: New World rules engine (2-4 players) behind `domain.core.protocol.Rules`.

    setup = RULES.prepare(["Ana", "Ben", "Cleo"], {"board": "E1"})  # pack=synthetic by default
    state = RULES.initial_state(setup)  # three chance steps lay out cards, bonus and exploration

Working and resting are in `locations.py` (with the action grammar), the turn order, exploring,
the storage limit and the end in `turns.py`, setup and options in `setup.py`, scoring in
`scoring.py`. Components come only from `Setup.components` (`tables.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.century_new_world import locations as L
from domain.century_new_world import setup as S
from domain.century_new_world import turns
from domain.century_new_world.state import EXPLORE, OVER, RETURN, WORK, State
from domain.core.chance import ChanceSpec
from domain.core.engine import Engine
from domain.core.errors import NoChanceAwaited
from domain.core.phrase import Phrase, phrase
from domain.core.protocol import CHANCE, ChanceStep, Decision, Setup, Step


class CenturyNewWorldRules(Engine[State]):
    """Century: New World, base game; Korean rulebook readings (docs/rules-notes.md)."""

    name = S.GAME
    title = "Century: New World"
    package = "domain.century_new_world"
    rules_version = "2"
    """2: rest is always legal (v1 offered it only with settlers on the board)."""
    min_players = 2
    max_players = 4
    options = S.OPTIONS
    synthetic_note = ""

    def prepare(self, players: Sequence[str], options: Mapping[str, str]) -> Setup:
        return S.prepare(players, options)

    def initial_state(self, setup: Setup) -> State:
        return S.initial_state(setup)

    def to_move(self, state: State) -> tuple[int, ...]:
        if state.phase == OVER:
            return ()
        if state.phase < WORK:
            return (CHANCE,)
        return (state.actor,)

    def legal_actions(self, state: State, seat: int) -> Sequence[str]:
        return turns.legal(state, seat)

    def chance_spec(self, state: State) -> ChanceSpec:
        if state.phase >= WORK:
            raise NoChanceAwaited(state.actor, state.phase == OVER)
        return S.chance_spec(state)

    def awaits_chance(self, state: State) -> bool:
        return state.phase < WORK

    def _why(self, state: State, seat: int, action: str) -> Phrase:
        return _why(state, seat, action)

    def _step(self, state: State, step: Step) -> State:
        s = state.clone()
        if isinstance(step, ChanceStep):
            S.resolve(s, tuple(str(x) for x in step.outcome))
            return s
        assert isinstance(step, Decision)
        seat = step.seat
        action = step.action
        if state.phase == WORK:
            if action == L.REST:
                L.rest(s, seat)
            else:
                L.place(s, seat, action)
        elif state.phase == EXPLORE:
            turns.explore(s, seat, action.split(":", 1)[1])
        elif state.phase == RETURN:
            turns.give_back(s, seat, action.split(":", 1)[1])
        turns.finish_turn(s)
        return s

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def round_of(self, state: State) -> int:
        return state.round


def _why(s: State, seat: int, action: str) -> Phrase:
    """A reason an action is not legal, in the rulebook's terms."""
    if s.phase == EXPLORE:
        return phrase("an exploration tile must be taken first")
    if s.phase == RETURN:
        return phrase(
            "over the storage limit of {limit}: return a cube you hold", limit=s.t.facts.storage
        )
    if not action.startswith("place:"):
        return phrase("not an action of the grammar")
    loc_id = action.split(":")[1]
    li = s.t.loc_index.get(loc_id)
    if li is None:
        return phrase("no location {location} on this board", location=repr(loc_id))
    if s.explore_on[li] >= 0:
        return phrase("an exploration tile lies on that location")
    if s.occ_seat[li] == seat:
        return phrase("your own settlers are already on that location")
    need = L.settlers_needed(s, li)
    if need > s.players[seat].available:
        return phrase(
            "it needs {need} settlers, you have {available} available",
            need=need,
            available=s.players[seat].available,
        )
    return phrase("the location's function cannot be used that way")


RULES = CenturyNewWorldRules()

__all__ = ["RULES", "CenturyNewWorldRules"]
