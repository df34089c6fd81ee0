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
DEFAULT_PRIOR = 2.0
"""Pseudo-rollouts split evenly among the seats, added to every rollout estimate
(`rollout.with_prior`). Why: a chance estimated from 48 rollouts is noisy, and a noisy estimate
far from 1/players is more often too far than too near (regression to the mean), so raw
estimates read as over-confident. The posterior mean under a symmetric Dirichlet prior of
weight `prior` pulls each estimate by prior / (rollouts + prior) toward 1/players, which undoes
that on average. The weight 2 was chosen by cross-validation over games on the calibration
benchmark (fit on two games, tested on the other two; every split chose 1.5-2.5), and lies
inside the range the noise alone asks for (Buhlmann's credibility weight, rollout variance over
the spread of the chances: 0.5 for Puerto Rico to 3.7 for Century): docs/analysis-calibration.md.
One weight for all games keeps it simple; a pull toward each seat's own base rate instead of
1/players measured no better."""
VERSION = 6
"""Raised when the method changes so that old rows would no longer be made the same way (it is
part of the settings key stored with every run). 2: common random numbers by game position,
the public history remembered in determinization, the Maya hand redealt, losses never below 0;
3: the stream re-positioned with one mix per step; 4: Century's heuristic bot no longer passes
by a rest that takes back nothing (its rollouts could pass forever); 5: the prior on the rollout
estimate (`prior`); 6: Puerto Rico's heuristic bot plans its mayor placement whole (it left the
plantations of its production buildings empty, so the seats that start on corn won most games)
and values corn plantations and goods-bound violet buildings anew (docs/analysis-calibration.md)."""


class BadSettings(NovusError):
    """Analysis settings out of range."""


@dataclass(frozen=True)
class Settings:
    """Rollouts per evaluated state, turning points looked at, the seed of every rollout and the
    prior's weight in pseudo-rollouts (`DEFAULT_PRIOR`)."""

    rollouts: int = DEFAULT_ROLLOUTS
    turning_points: int = DEFAULT_TURNING_POINTS
    seed: int = DEFAULT_SEED
    bot: str = "heuristic"
    version: int = VERSION
    prior: float = DEFAULT_PRIOR

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
        if not 0 <= self.prior <= 1000:
            raise BadSettings(
                _("--prior must be between 0 and 1000, not {n}", n=self.prior),
                hint=_(
                    "the default is {n} pseudo-rollouts; 0 keeps the plain rollout average",
                    n=DEFAULT_PRIOR,
                ),
            )

    def key(self) -> str:
        """The settings as canonical JSON: equal settings, equal key (stored with every run)."""
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_key(cls, key: str) -> Settings:
        """The settings of a stored key; keys from before version 5 had no prior (0)."""
        fields = json.loads(key)
        fields.setdefault("prior", 0.0)
        return cls(**fields)
