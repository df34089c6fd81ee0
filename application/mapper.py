"""A mapper with a short path for the per-step events, which are most of what is stored.

`Decided`, `ChanceResolved` and `Finished` hold only JSON values (ints, strings, lists and
dicts of them) plus the library's `timestamp`, so they skip the generic encoder's per-value
callback: the timestamp is tagged up front (`datetime_iso`, the library's tag) and `orjson`
writes it natively. The bytes are the same as the generic path writes; every other event
(`Started`, whose `source` is free-form) takes the generic path.

Decoding has the mirror short path for the two per-step events (`Decided`, `ChanceResolved`):
their stored state is loaded with `orjson`, the tagged timestamp is turned back into a datetime
and the event object is made as the library makes it; any other tagged value, an older class
version, a cipher or a compressor sends the record down the generic path, so the decoded events
are equal to what the generic mapper gives (`tests/application/test_mapper.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import get_topic

from domain.core.aggregate import Game

STEP_EVENTS: frozenset[type[Any]] = frozenset({Game.Decided, Game.ChanceResolved})
"""Per-step events: fields are ints, strings and lists of JSON values, plus the timestamp."""
_STEP_TOPICS: dict[str, type[Any]] = {get_topic(cls): cls for cls in STEP_EVENTS}
_DECIDED_TOPIC = get_topic(Game.Decided)
_TIMESTAMP_TAG = "datetime_iso"
_parse_time = datetime.fromisoformat

Row = tuple[UUID | str, int, str, bytes]
"""A stored event as the recorders' `insert_rows` take it: `(originator_id,
originator_version, topic, state)`."""

PLAIN_EVENTS: frozenset[type[Any]] = frozenset({Game.Decided, Game.ChanceResolved, Game.Finished})
"""Event classes whose fields are JSON values by construction (see `Game.play`)."""


class NovusMapper(Mapper[UUID]):
    """`Mapper` that encodes the per-step Game events without a per-value callback."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._classes: dict[type[Any], tuple[str, int]] = {}

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        if type(domain_event) not in PLAIN_EVENTS or self.cipher or self.compressor:
            return super().to_stored_event(domain_event)
        return StoredEvent(*self.stored_rows([domain_event])[0])

    def stored_rows(self, events: Sequence[DomainEventProtocol[UUID]]) -> list[Row]:
        """`(originator_id, originator_version, topic, state)` of each event: the values
        `to_stored_event` gives, without a `StoredEvent` object each (whole-game saves go
        straight to the recorder's `insert_rows` with these). One loop, no call per event:
        this is most of a save's Python time."""
        if self.cipher or self.compressor:
            return [_row(self.to_stored_event(e)) for e in events]
        generic = super().to_stored_event
        classes = self._classes
        dumps = orjson.dumps
        rows: list[Row] = []
        append = rows.append
        for event in events:
            cls = type(event)
            known = classes.get(cls)
            if known is None:
                if cls not in PLAIN_EVENTS:
                    append(_row(generic(event)))
                    continue
                known = self._known(cls)
            state = event.__dict__.copy()
            originator_id = state.pop("originator_id")
            originator_version = state.pop("originator_version")
            state["timestamp"] = {"_type_": _TIMESTAMP_TAG, "_data_": state["timestamp"]}
            if known[1] > 1:
                state["class_version"] = known[1]
            append((originator_id, originator_version, known[0], dumps(state)))
        return rows

    def _known(self, cls: type[Any]) -> tuple[str, int]:
        """The topic and class version of a class of `PLAIN_EVENTS` (looked up once)."""
        known = self._classes[cls] = (get_topic(cls), getattr(cls, "class_version", 1))
        return known

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        cls = _STEP_TOPICS.get(stored_event.topic)
        if cls is None or type(stored_event.originator_id) is not UUID:
            return super().to_domain_event(stored_event)
        state = self.step_state(stored_event.topic, stored_event.state)
        if state is None:
            return super().to_domain_event(stored_event)
        state["timestamp"] = _parse_time(state["timestamp"]["_data_"])
        state["originator_id"] = stored_event.originator_id
        state["originator_version"] = stored_event.originator_version
        event = object.__new__(cls)
        object.__setattr__(event, "__dict__", state)
        return event

    def step_state(self, topic: str, data: bytes) -> dict[str, Any] | None:
        """The stored fields of a per-step event (`Decided`, `ChanceResolved`) as plain JSON
        values, timestamp still tagged; None when the generic path must decode the record
        (another topic, an older class version, any other tagged value, a cipher or a
        compressor). Projections read the step from here without making the event object."""
        if self.cipher or self.compressor or topic not in _STEP_TOPICS:
            return None
        state: dict[str, Any] = orjson.loads(data)
        stamp = state.get("timestamp")
        if (
            "class_version" in state
            or type(stamp) is not dict
            or stamp.get("_type_") != _TIMESTAMP_TAG
            or len(stamp) != 2
        ):
            return None
        if data.count(b"{") == 2:  # the object and its timestamp: no other dict anywhere
            return state
        for value in state.values():  # any other tagged value: the generic path decodes it
            kind = type(value)
            if (kind is dict and value is not stamp) or (kind is list and _tagged(value)):
                return None
        return state

    def row_event(
        self, originator_id: UUID | str, version: int, topic: str, data: bytes
    ) -> DomainEventProtocol[UUID]:
        """The event of a stored row as `NovusApp.stored_notifications` gives it (the id as a
        UUID or as the stored hex)."""
        game_id = originator_id if isinstance(originator_id, UUID) else UUID(originator_id)
        return self.to_domain_event(
            StoredEvent(originator_id=game_id, originator_version=version, topic=topic, state=data)
        )

    def stored_fields(self, topic: str, data: bytes) -> tuple[int, int, Any] | None:
        """`(step number, seat, action)` of a stored `Decided`, `(step number, -1, outcome
        list)` of a `ChanceResolved` (`step_from` makes the step), or None (see `step_state`).
        The projector hands these plain values to its fold workers as they are."""
        state = self.step_state(topic, data)
        if state is None:
            return None
        if topic == _DECIDED_TOPIC:
            return state["step"], state["seat"], state["action"]
        return state["step"], -1, state["outcome"]


def _row(stored: StoredEvent) -> Row:
    return stored.originator_id, stored.originator_version, stored.topic, stored.state


def _tagged(values: list[Any]) -> bool:
    """Whether a list holds a dict at any depth (a tagged value the generic path decodes)."""
    return any(type(v) is dict or (type(v) is list and _tagged(v)) for v in values)
