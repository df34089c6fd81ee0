"""Common random numbers for rollouts: the randomness of a rollout's step depends only on the
analysis seed, the rollout's index and the step's position in the game.

Rollout `i` from the state after `k` steps draws everything at game position `t` (a chance
outcome, a bot's tie-breaking noise) from the stream `(seed, i, t)`. So rollout `i` from state
`k`, once its bot has made the move the player made, continues exactly as rollout `i` from state
`k + 1`: the chance before a decision and the chances after each legal action share their seeds,
and their difference measures the decision, not the rollout noise. Rollouts with different
indices stay independent, so each evaluation is still a plain Monte Carlo mean.

`Stream` is a `random.Random` whose `seed` is cheap (splitmix64 in Python): a rollout re-positions
it at every step, and seeding a Mersenne Twister takes about as long as a Puerto Rico step.
"""

from __future__ import annotations

import hashlib
import random

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
DEAL = (1 << 32) - 1
"""The position of the stream that redeals hidden information (the same for every state, so
two states with the same hidden pool deal it the same way in rollout `i`)."""


_UNIT = 1.0 / (1 << 53)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Stream(random.Random):
    """A splitmix64 generator with the `random.Random` interface (shuffle, sample, choice...)."""

    _state: int
    _base: int = 0

    def seed(self, a: object = None, version: int = 2) -> None:
        if not isinstance(a, int):  # stable across processes (str hashes are not)
            a = int.from_bytes(hashlib.blake2b(repr(a).encode(), digest_size=8).digest(), "big")
        self._state = _mix(a & _MASK)

    def at(self, seed: int, index: int, position: int) -> Stream:
        """Position the stream at rollout `index`, game position `position`."""
        self._base = _mix(_mix(seed & _MASK) ^ index)
        return self.to(position)

    def to(self, position: int) -> Stream:
        """The same rollout at another game position (one mix: called at every step)."""
        self._state = _mix(self._base ^ (position * _GAMMA & _MASK))
        return self

    def getstate(self) -> tuple[int]:
        return (self._state,)

    def setstate(self, state: tuple[int, ...]) -> None:
        self._state = state[0]

    def _next(self) -> int:
        self._state = z = (self._state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        z = self._state = (self._state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _UNIT

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next() >> (64 - k) if k else 0
        out, have = 0, 0
        while have < k:
            out = (out << 64) | self._next()
            have += 64
        return out >> (have - k)


def stream(seed: int, index: int, position: int) -> Stream:
    """A fresh stream at `(seed, index, position)`."""
    return Stream(0).at(seed, index, position)
