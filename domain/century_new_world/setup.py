"""Options, `prepare` (filter and embed the components) and the setup chance steps.

Setup follows the rulebook's <게임 준비>: boards A1, B1, C1 and one of D1/E1/F1 (option
``board``); point cards without the star, and without "3+"/"=4" (2 players) or "=4" (3 players);
the bonus tiles not marked I/III, shuffled onto the forts' bonus spaces by their printed counts;
the exploration tiles shuffled onto the exploration spaces, and onto the "2-3" spaces with 2-3
players; starting cubes by seat; 12 settlers each, 6 of them available.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.century_new_world import packs
from domain.century_new_world.packs.model import Pack
from domain.century_new_world.state import (
    CHANCE_BONUS,
    CHANCE_CARDS,
    CHANCE_TILES,
    WORK,
    Player,
    State,
)
from domain.century_new_world.tables import Tables, compile_tables
from domain.core import options as core_options
from domain.core.chance import Shuffle
from domain.core.errors import PlayerCount
from domain.core.protocol import OptionSpec, Setup

GAME = "century-new-world"
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "pack",
        packs.PACK_NAMES,
        "synthetic",
        "component pack: synthetic = invented for demonstration (synthetic components, not the "
        "printed game); published = the sourced facts only (incomplete: refuses to start)",
    ),
    OptionSpec(
        "board",
        ("D1", "E1", "F1"),
        "D1",
        "the fourth board piece, joined after A1, B1 and C1",
    ),
)
DEFAULTS = {o.key: o.default for o in OPTIONS}

REMOVED_CARD_MARKS = {2: ("star", "3+", "=4"), 3: ("star", "=4"), 4: ("star",)}
"""Point card marks taken out by player count (rulebook setup 2)."""


def choose_options(players: int, options: Mapping[str, str]) -> dict[str, str]:
    return core_options.choose_options(OPTIONS, options, players=players)


def components(pack: Pack, players: int, board: str) -> dict[str, Any]:
    """The definitions of every component this game uses, as JSON for `Setup.components`."""
    boards = (*pack.facts.fixed_boards, board)
    removed = REMOVED_CARD_MARKS[players]
    return {
        "pack": pack.name,
        "label": pack.label,
        "boards": list(boards),
        "facts": pack.facts.to_json(),
        "locations": [loc.to_json() for b in boards for loc in pack.locations if loc.board == b],
        "point_cards": [c.to_json() for c in pack.point_cards if c.mark not in removed],
        "bonus_tiles": [t.to_json() for t in pack.bonus_tiles if not t.mark],
        "exploration_tiles": [t.to_json() for t in pack.exploration_tiles],
    }


def prepare(players: Sequence[str], options: Mapping[str, str]) -> Setup:
    names = tuple(players)
    if not 2 <= len(names) <= 4:
        raise PlayerCount("Century: New World", 2, 4, len(names))
    chosen = choose_options(len(names), options)
    pack = packs.load(chosen["pack"])
    return Setup(GAME, names, chosen, components(pack, len(names), chosen["board"]))


def initial_state(setup: Setup) -> State:
    t = compile_tables(setup.components)
    f = t.facts
    n = setup.num_players
    s = State.__new__(State)
    s.t = t
    s.names = tuple(setup.players)
    s.players = tuple(
        Player(f.starting_cubes[i], f.settlers_available, f.settlers - f.settlers_available)
        for i in range(n)
    )
    size = len(t.locations)
    s.occ_seat = (-1,) * size
    s.occ_n = (0,) * size
    s.explore_on = (-1,) * size
    s.fort_card = (-1,) * size
    s.stacks = ((),) * size
    s.deck = ()
    s.actor = 0
    s.phase = CHANCE_CARDS
    s.round = 1
    s.ending = False
    s.pending_explore = 0
    out = [0, 0, 0, 0]
    for p in s.players:
        for k in range(4):
            out[k] += p.cubes[k]
    s.supply_out = tuple(out)
    s.supply_in = (0, 0, 0, 0)
    s.forget_legal()
    return s


def chance_spec(s: State) -> Shuffle:
    t = s.t
    if s.phase == CHANCE_CARDS:
        return Shuffle(tuple(c.id for c in t.cards), "shuffle the point cards")
    if s.phase == CHANCE_BONUS:
        return Shuffle(tuple(b.id for b in t.bonus), "shuffle the bonus tiles")
    return Shuffle(tuple(x.id for x in t.tiles), "shuffle the exploration tiles")


def resolve(s: State, outcome: Sequence[str]) -> None:
    """Lay out the shuffled components (the state `s` is a private clone)."""
    t: Tables = s.t
    if s.phase == CHANCE_CARDS:
        order = [t.card_index[c] for c in outcome]
        forts = list(s.fort_card)
        for li in t.villages:
            forts[li] = order.pop(0) if order else -1
        s.fort_card = tuple(forts)
        s.deck = tuple(order)
        s.phase = CHANCE_BONUS
        return
    if s.phase == CHANCE_BONUS:
        order = [t.bonus_index[b] for b in outcome]
        stacks = list(s.stacks)
        for li in t.villages:
            count = t.locations[li].bonus_stack
            stacks[li] = tuple(order[:count])
            del order[:count]
        s.stacks = tuple(stacks)  # spare tiles go back to the box
        s.phase = CHANCE_TILES
        return
    order = [t.tile_index[x] for x in outcome]
    spaces = [i for i, loc in enumerate(t.locations) if loc.exploration == "explore"]
    if s.nplayers < 4:
        spaces += [i for i, loc in enumerate(t.locations) if loc.exploration == "2-3"]
    on = list(s.explore_on)
    for li in spaces:
        if order:
            on[li] = order.pop(0)
    s.explore_on = tuple(on)  # with 4 players the "2-3" spaces stay empty, spare tiles boxed
    s.phase = WORK
