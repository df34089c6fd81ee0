"""The settings an analysis is made with, stored beside its rows: the same settings give the same
numbers."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from application.i18n import _
from domain.core.errors import NovusError

DEFAULT_ROLLOUTS = 48
DEFAULT_TURNING_POINTS = 5
DEFAULT_SEED = 0
VERSION = 4
"""Raised when the method changes so that old rows would no longer be made the same way (it is
part of the settings key stored with every run). 2: common random numbers by game position,
the public history remembered in determinization, the Maya hand redealt, losses never below 0;
3: the stream re-positioned with one mix per step; 4: Century's heuristic bot no longer passes
by a rest that takes back nothing (its rollouts could pass forever)."""


class BadSettings(NovusError):
    """Analysis settings out of range."""


@dataclass(frozen=True)
class Settings:
    """Rollouts per evaluated state, turning points looked at, and the seed of every rollout."""

    rollouts: int = DEFAULT_ROLLOUTS
    turning_points: int = DEFAULT_TURNING_POINTS
    seed: int = DEFAULT_SEED
    bot: str = "heuristic"
    version: int = VERSION

    def __post_init__(self) -> None:
        if not 1 <= self.rollouts <= 100_000:
            raise BadSettings(
                _("--rollouts must be between 1 and 100000, not {n}", n=self.rollouts),
                hint=_("the default is {n}; fewer is faster and noisier", n=DEFAULT_ROLLOUTS),
            )
        if not 0 <= self.turning_points <= 1000:
            raise BadSettings(
                _("turning points must be between 0 and 1000, not {n}", n=self.turning_points)
            )

    def key(self) -> str:
        """The settings as canonical JSON: equal settings, equal key (stored with every run)."""
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_key(cls, key: str) -> Settings:
        return cls(**json.loads(key))
