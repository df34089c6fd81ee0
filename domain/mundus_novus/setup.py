"""Options, `prepare` (validating players and the pack, embedding the components) and the
initial state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.core.errors import PlayerCount, SetupError
from domain.core.options import choose_options
from domain.core.phrase import phrase
from domain.core.protocol import OptionSpec, Setup
from domain.mundus_novus import packs
from domain.mundus_novus.state import Seat, State

NAME = "mundus-novus"
OPTIONS = (
    OptionSpec(
        "pack",
        packs.PACK_NAMES,
        "synthetic",
        "component pack: synthetic = invented for demonstration (synthetic components, not the "
        "printed game); published = only sourced facts (incomplete, refuses to start)",
    ),
)
DEFAULTS = {o.key: o.default for o in OPTIONS}


def prepare(players: Sequence[str], options: Mapping[str, str]) -> Setup:
    names = tuple(players)
    if not 2 <= len(names) <= 6:
        raise PlayerCount("Mundus Novus", 2, 6, len(names))
    chosen = choose_options(OPTIONS, options, players=len(names))
    pack = packs.load(chosen["pack"])
    return Setup(NAME, names, chosen, packs.components(pack, len(names)))


def initial(setup: Setup) -> State:
    """Before the setup shuffle: the youngest player (seat 0) holds the trade master token."""
    if not setup.components:
        raise SetupError(
            phrase("the setup has no components"), hint=phrase("create setups with prepare()")
        )
    counts, cards, synthetic = packs.from_components(setup.components)
    return State(
        players=tuple(setup.players),
        cards=cards,
        synthetic=synthetic,
        seats=[Seat([0] * 11) for _ in setup.players],
        deck=counts,
    )
