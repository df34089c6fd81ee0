"""The mapper's short decoding path for per-step events gives what the generic path gives."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import uuid4

import orjson
from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import get_topic

from application.mapper import NovusMapper
from application.service import NovusApp
from application.transcoder import OrjsonTranscoder
from domain.core.aggregate import Game


def generic(mapper: NovusMapper, stored: StoredEvent) -> object:
    return Mapper.to_domain_event(mapper, stored)


def test_decoded_store_events_equal_the_generic_path(app: NovusApp) -> None:
    app.simulate("puerto-rico", 3, {}, seed=4, bot="random")
    rows = app.recorder.select_notifications(start=0, limit=10_000)
    mapper = app.mapper
    assert isinstance(mapper, NovusMapper)
    kinds = set()
    for row in rows:
        fast, slow = mapper.to_domain_event(row), generic(mapper, row)
        assert type(fast) is type(slow)
        assert fast.__dict__ == slow.__dict__
        assert list(fast.__dict__) == list(slow.__dict__)
        kinds.add(type(fast))
    assert {Game.Started, Game.Decided, Game.ChanceResolved, Game.Finished} <= kinds


def test_tagged_values_take_the_generic_path() -> None:
    mapper = NovusMapper(transcoder=OrjsonTranscoder())
    when = datetime(2024, 5, 1, 12, tzinfo=UTC)
    state = {
        "timestamp": {"_type_": "datetime_iso", "_data_": when.isoformat()},
        "step": 3,
        "outcome": ["a", [{"_type_": "datetime_iso", "_data_": when.isoformat()}]],
    }
    stored = StoredEvent(uuid4(), 4, get_topic(Game.ChanceResolved), orjson.dumps(state))
    event = mapper.to_domain_event(stored)
    assert isinstance(event, Game.ChanceResolved)
    assert event.outcome == ["a", [when]]
    assert event.timestamp == when
    assert event.__dict__ == generic(mapper, stored).__dict__
