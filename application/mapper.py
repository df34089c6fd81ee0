"""A mapper with a short path for the per-step events, which are most of what is stored.

`Decided`, `ChanceResolved` and `Finished` hold only JSON values (ints, strings, lists and
dicts of them) plus the library's `timestamp`, so they skip the generic encoder's per-value
callback: the timestamp is tagged up front (`datetime_iso`, the library's tag) and `orjson`
writes it natively. The bytes are the same as the generic path writes; every other event
(`Started`, whose `source` is free-form) takes the generic path.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import get_topic

from domain.core.aggregate import Game

PLAIN_EVENTS: frozenset[type[Any]] = frozenset({Game.Decided, Game.ChanceResolved, Game.Finished})
"""Event classes whose fields are JSON values by construction (see `Game.play`)."""


class NovusMapper(Mapper[UUID]):
    """`Mapper` that encodes the per-step Game events without a per-value callback."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._classes: dict[type[Any], tuple[str, int]] = {}

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        cls = type(domain_event)
        if cls not in PLAIN_EVENTS or self.cipher or self.compressor:
            return super().to_stored_event(domain_event)
        known = self._classes.get(cls)
        if known is None:
            known = self._classes[cls] = (get_topic(cls), getattr(cls, "class_version", 1))
        topic, class_version = known
        state = dict(domain_event.__dict__)
        originator_id = state.pop("originator_id")
        originator_version = state.pop("originator_version")
        if class_version > 1:
            state["class_version"] = class_version
        for key, value in state.items():
            if type(value) is datetime:
                state[key] = {"_type_": "datetime_iso", "_data_": value}
        return StoredEvent(
            originator_id=originator_id,
            originator_version=originator_version,
            topic=topic,
            state=orjson.dumps(state),
        )
