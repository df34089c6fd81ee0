"""The orjson transcoder: lossless for event state, and readable by the library's transcoder."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import (
    DatetimeAsISO,
    DecimalAsStr,
    JSONTranscoder,
    TranscodingNotRegisteredError,
    UUIDAsHex,
)
from hypothesis import given
from hypothesis import strategies as st

from application.transcoder import OrjsonTranscoder

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.text(max_size=20)
    | st.datetimes(timezones=st.just(UTC)),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.text(max_size=8).filter(lambda k: k not in ("_type_", "_data_")), inner
        )
    ),
    max_leaves=20,
)


def library() -> JSONTranscoder:
    transcoder = JSONTranscoder()
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        transcoder.register(transcoding)
    return transcoder


@given(st.dictionaries(st.text(max_size=10), json_values, max_size=6))
def test_round_trip_and_both_ways_with_the_library(state: dict[str, Any]) -> None:
    ours, theirs = OrjsonTranscoder(), library()
    assert ours.decode(ours.encode(state)) == state
    assert theirs.decode(ours.encode(state)) == state
    assert ours.decode(theirs.encode(state)) == state


def test_decimals_and_library_uuids_keep_their_types() -> None:
    ours, theirs = OrjsonTranscoder(), library()
    game_id = uuid4()
    state = {"price": Decimal("1.10"), "when": datetime(2026, 1, 1, tzinfo=UTC) + timedelta(1)}
    assert ours.decode(ours.encode(state)) == state
    assert ours.decode(theirs.encode({"id": game_id})) == {"id": game_id}


def test_unknown_types_are_refused_not_stringified() -> None:
    with pytest.raises(TranscodingNotRegisteredError):
        OrjsonTranscoder().encode({"x": {1, 2}})
    with pytest.raises(TranscodingNotRegisteredError):
        OrjsonTranscoder().decode(b'{"x": {"_type_": "martian", "_data_": 1}}')
