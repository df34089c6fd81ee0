"""Which legal actions a clause's mentions fit: the legal-move reader.

At every decision the engine lists what the player to move may do; a clause fits an action when
it names everything the action is about (the role, the plantation, the building, the good, the
ship if it names one). "takes the other corn plantation" fits ``plantation:corn`` and nothing
else in a settler phase; "produces a second indigo" fits ``extra:indigo`` in a craftsman phase.
One fitting action is the move; none or several is for the caller to report.
"""

from __future__ import annotations

from collections.abc import Iterable

from importers.pbem.mentions import Mentions

KIND_OF_VERB: dict[str, str] = {
    "role": "role",
    "plantation": "plantation",
    "hacienda": "hacienda",
    "build": "build",
    "sell": "sell",
    "ship": "ship",
    "store": "store",
    "keep": "keep",
    "extra": "extra",
    "pass": "pass",
}
"""The grammar's fact kind for an action's verb (``ship:corn:5`` -> ship)."""


def kind_of(action: str) -> str:
    return KIND_OF_VERB.get(action.split(":", 1)[0], "")


def fits(action: str, m: Mentions, ships: tuple[int, ...] = ()) -> bool:
    """Whether the mentions name everything `action` is about."""
    verb, _, rest = action.partition(":")
    args = rest.split(":") if rest else []
    goods, tiles, built = m.goods, m.tiles, m.buildings
    if verb == "role":
        return args[0].removesuffix("2") in m.roles
    if verb == "plantation":
        return args[0] in tiles
    if verb == "hacienda" and not args:
        return "hacienda" in built and bool(m.verbs & {"draw", "use"})
    if verb == "hacienda":
        return (args[0] == "forest") == ("forest" in m.words)
    if verb == "forest":
        return args[0] in tiles and "forest" in m.words
    if verb == "build":
        return args[0] in built and "build" in m.verbs | _implied_build(m)
    if verb == "sell":
        post = len(args) > 1
        return args[0] in goods and ("trading_post" in built) == post
    if verb == "ship":
        if args[0] not in goods:
            return False
        if args[1] == "wharf":
            return "wharf" in built
        if "wharf" in built or "small_wharf" in built:
            return False
        return not m.ships or _names_ship(int(args[1]), m.ships, ships)
    if verb == "store":
        return args[0] in goods and "store" in m.verbs
    if verb == "keep":
        return args[0] in goods and "keep" in m.verbs
    if verb == "extra":
        return args[0] in goods
    if verb == "pass":
        return "pass" in m.verbs
    if verb == "small_wharf":
        if args[0] == "sail":
            return "small_wharf" in built and "ship" in m.verbs and not goods
        return "small_wharf" in built and args[0] in goods
    if verb == "pay":
        if args[0] == "vp":
            return bool(m.words & {"vp", "victory"})
        if args[0] == "good":
            return args[1] in goods
        return "colonist" in m.words and _target(args[1], m)
    if verb == "guest":
        return "guest" in m.words and _target(args[0], m)
    if verb == "noble":
        return "noble" in m.words and args[0] in built
    if verb == "supplier":
        return args[0] in goods if args[0] != "done" else bool(m.verbs & {"done", "pass"})
    if verb == "lodge":
        return args[0] in tiles or (args[0] == "forest" and "forest" in m.words)
    if verb == "land":
        if args[0] == "sell":
            return "sell" in m.verbs and args[1] in tiles
        return "land_office" in built and (args[0] == "forest") == ("forest" in m.words)
    if verb == "ship_noble":
        return "noble" in m.words and (args[0] == "take") == ("take" in m.verbs)
    if verb == "draft":
        return args[0] in built
    return False


def candidates(legal: Iterable[str], m: Mentions, ships: tuple[int, ...] = ()) -> list[str]:
    """The legal actions the mentions fit, in the engine's order."""
    return [a for a in legal if fits(a, m, ships)]


def _implied_build(m: Mentions) -> set[str]:
    """A building named with nothing else ("Small Indigo Plant (0 doubloons spent)") is a
    build when no other verb says otherwise."""
    return {"build"} if not (m.verbs - {"take"}) and not m.tiles and not m.goods else set()


def _names_ship(capacity: int, named: list[int], ships: tuple[int, ...]) -> bool:
    """ "Ship N" is the ship of capacity N when one is in play, else the N-th from the
    smallest (capacities are 4-8 and ordinals 1-3, so the two never collide)."""
    for n in named:
        if n in ships and n == capacity:
            return True
        if n not in ships and 1 <= n <= len(ships) and sorted(ships)[n - 1] == capacity:
            return True
    return False


def _target(name: str, m: Mentions) -> bool:
    return name in m.tiles or name in m.buildings or (name == "san_juan" and m.san_juan > 0)
