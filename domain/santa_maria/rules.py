"""The Santa Maria rules engine (base game, 1-4 players) behind `domain.core.protocol.Rules`.

    setup = RULES.prepare(["Ana", "Ben"], {"pack": "synthetic"})
    state = RULES.initial_state(setup)   # waits for chance: boards, tiles, scholars, dice

The component pack is embedded whole in `Setup.components`; the engine reads only that, so a
recorded game replays without any pack. Turn flow and the action grammar: `engine.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.chance import ChanceSpec
from domain.core.engine import Engine
from domain.core.errors import NoChanceAwaited, PlayerCount, SetupError
from domain.core.options import choose_options
from domain.core.packs import ByComponents
from domain.core.phrase import phrase
from domain.core.protocol import CHANCE, ChanceStep, Decision, Setup, Step
from domain.santa_maria import engine, moves, packs
from domain.santa_maria import setup as setup_mod
from domain.santa_maria.components import Catalog, parse_pack
from domain.santa_maria.state import State

_CATALOGS: ByComponents[Catalog] = ByComponents(keep=8)
"""Catalogs parsed lately, by their embedded components' canonical JSON: every game started
from one pack embeds the same components, and parsing them again cost about half a
millisecond a game (a catalog is never changed once made, so games may share one)."""


def catalog_of(setup: Setup) -> Catalog:
    """The catalog embedded in a setup (parsed once per distinct components, `_CATALOGS`)."""
    data = setup.components or {}
    return _CATALOGS.get(data, lambda: _parsed(data))


def _parsed(data: Mapping[str, Any]) -> Catalog:
    cat, problems = parse_pack(data, str(data.get("pack", "embedded")))
    if cat is None:
        raise SetupError(
            phrase(
                "the game's embedded components are incomplete: {problems}",
                problems="; ".join(problems),
            ),
            hint=phrase("start the game from a complete pack"),
        )
    return cat


class SantaMariaRules(Engine[State]):
    """Santa Maria with side A/B, the advanced setup, the shared blue dice variant and solo."""

    name = "santa-maria"
    title = "Santa Maria"
    package = "domain.santa_maria"
    rules_version = "4"
    min_players = 1
    max_players = 5
    """5 only as 4 colonists + the Maya city with module C (expansion module D)."""
    options = setup_mod.OPTIONS
    synthetic_note = ""

    def prepare(self, players: Sequence[str], options: Mapping[str, str]) -> Setup:
        names = tuple(players)
        if not self.min_players <= len(names) <= self.max_players:
            raise PlayerCount(
                self.title,
                self.min_players,
                self.max_players,
                len(names),
                hint=phrase("name between 1 and 4 players (5 with the Maya city and module C)"),
            )
        chosen = choose_options(self.options, options)
        if len(names) == 1:
            chosen["setup"] = "advanced"  # rulebook: solo play uses the advanced setup
        if chosen["setup"] == "advanced":
            if options.get("side") == "A":
                raise SetupError(
                    phrase("the advanced setup uses the B sides"),
                    hint=phrase("drop side=A (solo play always uses the advanced setup)"),
                )
            chosen["side"] = "B"
        if chosen["side"] == "B":
            chosen["boards"] = "random"  # the B sides are all the same: nothing to choose
        _modules(chosen, options, len(names))
        if chosen["modules"] != "none":
            if options.get("expansion") == "false":
                raise SetupError(
                    phrase("the expansion modules are played with the expansion's general rules"),
                    hint=phrase("drop expansion=false (modules turn it on)"),
                )
            chosen["expansion"] = "true"  # every module is played with the general changes
        if chosen["maya"] == "true" and chosen["blue_dice"] == "shared":
            raise SetupError(
                phrase("the Maya city keeps its own blue dice: no shared blue dice with module D"),
                hint=phrase("drop blue_dice=shared or the Maya"),
            )
        exp = chosen["expansion"] == "true"
        if "C" in chosen["modules"] and chosen["blue_dice"] == "shared":
            raise SetupError(
                phrase("module C (Ambassador) has no personal blue dice to share at the start"),
                hint=phrase("drop blue_dice=shared or module C"),
            )
        raw = packs.data(chosen["pack"])
        if not exp:
            raw = {k: v for k, v in raw.items() if k != "expansion"}
        packs.catalog(chosen["pack"], raw, exp)  # raises MissingComponents listing the gaps
        return Setup(self.name, names, chosen, raw)

    def initial_state(self, setup: Setup) -> State:
        s = setup_mod.initial(setup, catalog_of(setup))
        return s

    def to_move(self, state: State) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.chance:
            return (CHANCE,)
        return (state.actor,)

    def legal_actions(self, state: State, seat: int) -> Sequence[str]:
        return moves.legal(state, seat)

    def chance_spec(self, state: State) -> ChanceSpec:
        if not state.chance:
            raise NoChanceAwaited(state.actor, state.over)
        return setup_mod.chance_spec(state)

    def awaits_chance(self, state: State) -> bool:
        return not state.over and bool(state.chance)

    def _step(self, state: State, step: Step) -> State:
        if isinstance(step, ChanceStep):
            if state.chance and state.chance[0][0] in setup_mod.EDITS_NO_PLAYER:
                s = state.clone()  # as for a decision: the actor's queued tasks run on
                actor = state.actor
                s.players = (*s.players[:actor], s.players[actor].clone(), *s.players[actor + 1 :])
            else:
                s = self._private(state)
            setup_mod.resolve(s, step.outcome)
            engine.run(s)
            return s
        assert isinstance(step, Decision)
        s = state.clone()  # only the actor's player is copied; others are copied when edited
        seat = step.seat
        s.players = (*s.players[:seat], s.players[seat].clone(), *s.players[seat + 1 :])
        engine.act(s, seat, step.action)
        return s

    @staticmethod
    def _private(state: State) -> State:
        s = state.clone()
        s.players = tuple(p.clone() for p in state.players)
        return s

    def is_over(self, state: State) -> bool:
        return bool(state.over)

    def round_of(self, state: State) -> int:
        return int(state.year)


def _modules(chosen: dict[str, str], given: Mapping[str, str], players: int) -> None:
    """Keep `modules` and `maya` in step (D = maya); 5 players are 4 colonists + the Maya with
    module C, so a 5-player game turns both on unless told otherwise (then it is an error)."""
    letters = set(chosen["modules"].replace("none", "").replace(",", ""))
    if chosen["maya"] == "true":
        letters.add("D")
    if players == 5:
        if given.get("maya") == "false" or ("modules" in given and "C" not in given["modules"]):
            raise SetupError(
                phrase("5 players are 4 colonists and the Maya city, with module C"),
                hint=phrase(
                    "choose modules C and D (--option modules=C,D), or leave modules and maya "
                    "at their defaults"
                ),
            )
        letters |= {"C", "D"}
    chosen["maya"] = "true" if "D" in letters else "false"
    chosen["modules"] = ",".join(sorted(letters)) or "none"


RULES = SantaMariaRules()
