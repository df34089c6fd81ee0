"""Storage, payments and gains: the 3-per-resource limit with forced sale, gold as a wildcard.

All functions edit a private `Player` (the caller has cloned it).
"""

from __future__ import annotations

from domain.santa_maria.components import (
    COIN,
    GOLD,
    ITEMS,
    RESOURCES,
    SALE_PRICE,
    VP,
    Bundle,
    cocoa_of,
)
from domain.santa_maria.state import Player

LIMIT = 3
"""At most 3 of each resource in storage (rulebook, storage limit)."""


def gain(p: Player, bundle: Bundle) -> None:
    """Take `bundle` from the supply; resources over the limit are sold at once."""
    res = list(p.res)
    for i in range(len(RESOURCES)):
        n = bundle[i]
        if n:
            if p.caps:  # the Maya player: one per storage tile, more is lost (KO module D)
                res[i] += n if i == GOLD else max(0, min(n, p.caps[i] - res[i]))
                continue
            keep = min(n, LIMIT - res[i])
            res[i] += keep
            p.coins += (n - keep) * SALE_PRICE[i]
    p.res = tuple(res)
    p.coins += bundle[COIN]
    p.vp += bundle[VP]
    cocoa = cocoa_of(bundle)
    if cocoa:  # one cocoa per storage tile; more is lost without pay (KO, cocoa)
        p.cocoa = min(p.cocoa_cap, p.cocoa + cocoa)


def shortfall(p: Player, bundle: Bundle) -> int | None:
    """Gold needed to pay `bundle` after the named resources; None if coins fall short."""
    if bundle[COIN] > p.coins:
        return None
    gold = bundle[GOLD] + max(0, cocoa_of(bundle) - p.cocoa)  # gold stands in for cocoa too
    for i in range(GOLD):
        gold += max(0, bundle[i] - p.res[i])
    return gold


def can_pay(p: Player, bundle: Bundle) -> bool:
    need = shortfall(p, bundle)
    return need is not None and need <= p.res[GOLD] and bundle[VP] <= p.vp


def pay(p: Player, bundle: Bundle) -> None:
    """Pay `bundle`: named resources first, gold covers what is short (rulebook, gold)."""
    res = list(p.res)
    cocoa = cocoa_of(bundle)
    use_cocoa = min(cocoa, p.cocoa)
    p.cocoa -= use_cocoa
    gold = bundle[GOLD] + cocoa - use_cocoa
    for i in range(GOLD):
        use = min(bundle[i], res[i])
        res[i] -= use
        gold += bundle[i] - use
    res[GOLD] -= gold
    if res[GOLD] < 0:
        raise ValueError("payment short of gold")  # callers check can_pay first
    p.res = tuple(res)
    p.coins -= bundle[COIN]
    p.vp -= bundle[VP]


def one(index: int, count: int = 1) -> Bundle:
    """A bundle of `count` of the item at `index`."""
    b = [0] * len(ITEMS)
    b[index] = count
    return tuple(b)
