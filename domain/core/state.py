"""The state base of the engines: `__slots__` objects of values, copied on write.

An engine's `apply` copies the state shallowly (`clone`), edits only the copy and replaces the
players it changes (`edit`), so no state a caller holds is ever mutated and unchanged players
are shared between states. A subclass lists its `__slots__` and says which are not part of its
value:

- `_FRESH`: cache slots with the value a copy starts with (the legal actions once listed,
  `legal_cache`/`legal_seat`, in every `GameState`); ignored by `==`, not pickled;
- `_UNCOMPARED`: slots a copy shares and pickling keeps but `==` ignores (the component
  catalogs of Santa Maria and Mundus Novus, the same object for the whole game);
- `_COPY`: slots holding mutable values, with the function that copies one (Mundus Novus
  keeps count lists that its steps change in place: its copy is deep where it must be).

`clone` and `__eq__` are generated for each subclass from its slots (`__getstate__` and
`__setstate__` follow the same lists), spelled out field by field as the hand-written copies
were (a loop over the slots is several times slower, and the projection copies a state at every
step). `__hash__` stays each
class's own (a cheap subset of the fields; a class without one is unhashable).

The legal actions of a state are listed once and kept on it: every game's `legal(state, seat)`
is the plain listing wrapped by `cached_legal`, and a copy starts with an empty cache.
"""

from __future__ import annotations

from abc import ABCMeta
from collections.abc import Callable
from functools import wraps
from typing import Any, ClassVar, Generic, TypeVar

T = TypeVar("T", bound="SlotState")
P = TypeVar("P", bound="SlotState")

LEGAL_CACHE: dict[str, object] = {"legal_cache": None, "legal_seat": -2}
"""The cache slots of a game state: the legal actions of `legal_seat`, once listed."""


def _generate(cls: type[SlotState]) -> None:
    """Compile `clone` and `__eq__` for `cls`, field by field (as a dataclass does)."""
    name = cls.__name__
    copied = [k for k in cls._SLOTS if k not in cls._FRESH]
    lines = ["def clone(self):", f"    s = {name}.__new__({name})"]
    lines += [
        f"    s.{k} = _copy_{k}(self.{k})" if k in cls._COPY else f"    s.{k} = self.{k}"
        for k in copied
    ]
    lines += [f"    s.{k} = _fresh_{k}" for k in cls._FRESH]
    lines += ["    return s", "", "def __eq__(self, other):"]
    lines += [f"    if not isinstance(other, {name}):", "        return NotImplemented"]
    compared = " and ".join(f"self.{k} == other.{k}" for k in cls._VALUE) or "True"
    lines += [f"    return {compared}"]
    scope: dict[str, Any] = {name: cls, **{f"_fresh_{k}": v for k, v in cls._FRESH.items()}}
    scope.update({f"_copy_{k}": v for k, v in cls._COPY.items()})
    exec("\n".join(lines), scope)  # generated from the class's own slot names
    clone, eq = scope["clone"], scope["__eq__"]
    clone.__qualname__, eq.__qualname__ = f"{name}.clone", f"{name}.__eq__"
    clone.__doc__ = "A shallow copy with fresh caches (generated from the slots)."
    cls.clone = clone  # type: ignore[method-assign]
    cls.__eq__ = eq  # type: ignore[method-assign]
    if "__hash__" not in cls.__dict__:
        cls.__hash__ = None  # type: ignore[assignment]  # equal by value: no identity hash


class SlotState(metaclass=ABCMeta):  # noqa: B024  # abstract only to register others
    """Base of the engine states and their players (see the module). An abstract base only so
    that a game may write these methods out itself and register its classes (Puerto Rico's,
    which compile with mypyc)."""

    __slots__ = ()
    _FRESH: ClassVar[dict[str, object]] = {}
    _UNCOMPARED: ClassVar[tuple[str, ...]] = ()
    _COPY: ClassVar[dict[str, Callable[[Any], Any]]] = {}
    _SLOTS: ClassVar[tuple[str, ...]] = ()
    _VALUE: ClassVar[tuple[str, ...]] = ()
    """The slots `==` compares, in slot order."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in slots:
                    slots.append(name)
        cls._SLOTS = tuple(slots)
        cls._VALUE = tuple(k for k in slots if k not in cls._FRESH and k not in cls._UNCOMPARED)
        _generate(cls)

    def clone(self: T) -> T:
        """A shallow copy with fresh caches: the slot-by-slot loop; every subclass gets a
        faster copy spelled out field by field (`_generate`)."""
        copy = type(self).__new__(type(self))
        for k in self._SLOTS:
            if k in self._FRESH:
                value = self._FRESH[k]
            elif k in self._COPY:
                value = self._COPY[k](getattr(self, k))
            else:
                value = getattr(self, k)
            object.__setattr__(copy, k, value)
        return copy

    def __getstate__(self) -> dict[str, Any]:
        kept = self._VALUE + self._UNCOMPARED
        return {k: getattr(self, k) for k in kept}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for k, v in data.items():
            object.__setattr__(self, k, v)
        for k, v in self._FRESH.items():
            object.__setattr__(self, k, v)


class GameState(SlotState):
    """A game state: a `SlotState` that keeps the legal actions of one seat once listed."""

    __slots__ = ("legal_cache", "legal_seat")
    _FRESH = LEGAL_CACHE
    legal_cache: tuple[str, ...] | None
    legal_seat: int

    def forget_legal(self) -> None:
        """Empty the cache (after changing a state in place, as setups and tests do)."""
        self.legal_cache = None
        self.legal_seat = -2


G = TypeVar("G", bound=GameState)


def cached_legal(
    find: Callable[[G, int], tuple[str, ...]],
) -> Callable[[G, int], tuple[str, ...]]:
    """`find` (a seat's legal actions in a state) listed once per state and seat asked last."""

    @wraps(find)
    def legal(state: G, seat: int) -> tuple[str, ...]:
        if state.legal_seat == seat and state.legal_cache is not None:
            return state.legal_cache
        found = find(state, seat)
        state.legal_cache = found
        state.legal_seat = seat
        return found

    return legal


class SeatedState(GameState, Generic[P]):
    """A game state whose `players` tuple holds `SlotState` players, copied when edited."""

    __slots__ = ()
    players: tuple[P, ...]

    def edit(self, seat: int) -> P:
        """A private copy of `seat`'s player, put in place of the shared one."""
        p = self.players[seat].clone()
        self.players = (*self.players[:seat], p, *self.players[seat + 1 :])  # type: ignore[misc]
        return p
