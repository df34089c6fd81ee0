"""`apply` and `apply_trusted` from one `_apply(state, step, check)` (engines that share it).

`apply_trusted` is for steps the store already checked when it recorded them (projection
replays): the same state as `apply` for every legal step, without listing the legal actions. A
step `apply` would refuse gives an unspecified state or error there, so imports and
verification always use `apply`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from domain.core.protocol import Step


class CheckedOrTrusted(ABC):
    """Mixin: `apply` checks the step against the legal actions, `apply_trusted` does not."""

    @abstractmethod
    def _apply(self, state: Any, step: Step, check: bool) -> Any:
        """The state after `step`; with `check`, a step not legal now raises a `RuleError`."""

    def apply(self, state: Any, step: Step) -> Any:
        return self._apply(state, step, True)

    def apply_trusted(self, state: Any, step: Step) -> Any:
        """`apply` for a step already checked when it was stored (see the module)."""
        return self._apply(state, step, False)
