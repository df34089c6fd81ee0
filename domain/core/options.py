"""Checking a game's options against its `OptionSpec`s: one place for every engine and importer.

    chosen = choose_options(OPTIONS, {"pack": "synthetic"}, players=3)

Unknown keys and values outside a spec are typed `SetupError`s that list what is allowed; a
spec limited to some player counts refuses other counts unless the value is its default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.core.errors import SetupError, guessed
from domain.core.phrase import phrase
from domain.core.protocol import OptionSpec


def choose_options(
    specs: Sequence[OptionSpec], options: Mapping[str, object], players: int | None = None
) -> dict[str, str]:
    """The defaults of `specs` overridden by `options`, each checked; raises `SetupError`."""
    by_key = {spec.key: spec for spec in specs}
    chosen = {spec.key: spec.default for spec in specs}
    for key, raw in options.items():
        value = str(raw)
        spec = by_key.get(key)
        if spec is None:
            raise SetupError(
                phrase("unknown option '{key}'", key=key),
                hint=guessed(key, list(by_key), phrase("options: {keys}", keys=", ".join(by_key))),
            )
        if value not in spec.values:
            raise SetupError(
                phrase("option {key}='{value}' is not allowed", key=key, value=value),
                hint=guessed(
                    value,
                    spec.values,
                    phrase("{key} is one of: {values}", key=key, values=", ".join(spec.values)),
                ),
            )
        if (
            players is not None
            and spec.player_counts
            and players not in spec.player_counts
            and value != spec.default
        ):
            raise SetupError(
                phrase(
                    "option {key}={value} is not for {n} players", key=key, value=value, n=players
                ),
                hint=phrase(
                    "{key} applies to {counts} players",
                    key=key,
                    counts=", ".join(map(str, spec.player_counts)),
                ),
            )
        chosen[key] = value
    return chosen
