"""The short reading paths (SQLite notifications, per-step event decoding) give what the
library's generic paths give."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from uuid import UUID, uuid4

import orjson
from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import get_topic

from application.mapper import NovusMapper
from application.service import NovusApp, open_app
from application.sqlite_recorder import BulkSQLiteApplicationRecorder
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


def test_sqlite_notifications_equal_the_library_reading(tmp_path: Path) -> None:
    """SQLite only: the short reading path is the SQLite recorder's (PostgreSQL reads through
    the library's own path, covered by every store test)."""
    app = open_app(tmp_path / "data")
    assert isinstance(app.recorder, BulkSQLiteApplicationRecorder)
    app.simulate("puerto-rico", 3, {}, seed=5, bot="random")
    last = app.max_notification_id()
    for start, inclusive in ((0, False), (1, True), (7, False), (last, True)):
        fast = app.recorder.select_notifications(start, 50, inclusive_of_start=inclusive)
        slow = SQLiteApplicationRecorder.select_notifications(
            app.recorder, start, 50, inclusive_of_start=inclusive
        )
        assert fast == slow
        assert [n.originator_id for n in fast] == [n.originator_id for n in slow]
        assert all(type(n.originator_id) is UUID for n in fast)
    assert app.recorder.select_notifications(last, 10, inclusive_of_start=False) == []


def test_braces_in_text_are_not_taken_for_tagged_values() -> None:
    """The short path skips its value check when the JSON has only the two braces of the object
    and its timestamp; a brace inside a string means the check runs, and still passes."""
    mapper = NovusMapper(transcoder=OrjsonTranscoder())
    when = datetime(2024, 5, 1, 12, tzinfo=UTC)
    topic = get_topic(Game.Decided)
    for action in ("build:small_market", "say:{hello}", "}{"):
        state = {
            "timestamp": {"_type_": "datetime_iso", "_data_": when.isoformat()},
            "step": 3,
            "seat": 1,
            "action": action,
        }
        data = orjson.dumps(state)
        assert mapper.stored_fields(topic, data) == (3, 1, action)
        event = mapper.to_domain_event(StoredEvent(uuid4(), 4, topic, data))
        assert isinstance(event, Game.Decided) and event.action == action
        assert (
            event.__dict__
            == generic(mapper, StoredEvent(event.originator_id, 4, topic, data)).__dict__
        )
    untagged = orjson.dumps({"timestamp": "{", "step": 3, "seat": 1, "action": "pass"})
    assert mapper.stored_fields(topic, untagged) is None
