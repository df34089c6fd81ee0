"""The action grammar of Mundus Novus, and what each verb does.

Action grammar (kinds are 1-9 and R for the Inca relic; card lists are sorted, "-" is empty):
    coronado:none | coronado:<event>        fleets:one | fleets:<ids>|<ids>     pick:<kind>
    declare:<2-4>    offer:<cards>    master:<seat>    take:<seat>:<kind>[:<market kind>]
    give:<kind>      first:<seat>     merchant:<card id>:<from>:<to>
    same:<kind>:<cards of the kind>:<relics>:<position 1-5|deck>   (kind R: relics alone)
    diff:<kinds>     relics:<n>       complete     end:<cards kept in warehouses>
"""

from __future__ import annotations

from collections.abc import Callable

from domain.mundus_novus import cards as K
from domain.mundus_novus import development as dev
from domain.mundus_novus import supply, trade
from domain.mundus_novus.state import State


def apply_decision(s: State, seat: int, action: str) -> None:
    """Apply a legal decision to `s` (a clone)."""
    verb, _, rest = action.partition(":")
    _DECISIONS[verb](s, seat, rest, rest.split(":"))


def _same(s: State, seat: int, rest: str, parts: list[str]) -> None:
    kind = 9 if parts[0] == "R" else int(parts[0])
    dev.apply_same(s, kind, int(parts[1]), int(parts[2]), parts[3])


def _take(s: State, seat: int, rest: str, parts: list[str]) -> None:
    swap = K.parse(parts[2]) if len(parts) > 2 else None
    trade.apply_take(s, int(parts[0]), K.parse(parts[1]), swap)


_DECISIONS: dict[str, Callable[[State, int, str, list[str]], None]] = {
    "offer": lambda s, seat, rest, _: trade.apply_offer(s, seat, K.parse_joined(rest)),
    "take": _take,
    "pick": lambda s, _seat, rest, _: supply.apply_pick(s, K.parse(rest)),
    "same": _same,
    "diff": lambda s, _seat, rest, _: dev.apply_diff(s, [int(k) for k in rest.split(",")]),
    "relics": lambda s, _seat, rest, _: dev.apply_relics(s, int(rest)),
    "merchant": lambda s, _seat, _rest, p: dev.apply_merchant(
        s, p[0], K.parse(p[1]), K.parse(p[2])
    ),
    "end": lambda s, _seat, rest, _: dev.apply_end(s, K.parse_joined(rest)),
    "complete": lambda s, _seat, _rest, _parts: dev.apply_complete(s),
    "declare": lambda s, _seat, rest, _: trade.apply_declare(s, int(rest)),
    "master": lambda s, _seat, rest, _: trade.apply_choose_master(s, int(rest)),
    "give": lambda s, _seat, rest, _: trade.apply_give(s, K.parse(rest)),
    "first": lambda s, _seat, rest, _: dev.apply_first(s, int(rest)),
    "coronado": lambda s, _seat, rest, _: supply.apply_coronado(s, rest),
    "fleets": lambda s, _seat, rest, _: supply.apply_fleets(s, rest),
}
"""What each verb of the grammar does (`legal` only offers these verbs)."""

VERBS = frozenset(_DECISIONS)
"""The verbs of the grammar (the part of an action before the first ``:``)."""
