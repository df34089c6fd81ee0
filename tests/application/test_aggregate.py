"""The Game aggregate on its own: events, versions, validation, upcasting."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

import orjson
import pytest
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder, Mapper, StoredEvent
from eventsourcing.utils import get_topic

from application.mapper import NovusMapper
from application.transcoder import OrjsonTranscoder
from domain.core import registry
from domain.core.aggregate import Game
from domain.core.errors import ChanceExpected, IllegalAction, NotYourTurn, RuleError
from domain.core.protocol import ChanceStep, Decision, Rules, Step


@pytest.fixture
def pig(toy_game: str) -> Rules[Any]:
    return registry.get(toy_game)


def begin(pig: Rules[Any]) -> tuple[Game, Any]:
    setup = pig.prepare(["Ana", "Ben"], {"target": "10"})
    game = Game.begin(pig, setup, source={"kind": "manual"}, seed=5, created="2026-01-01")
    return game, pig.initial_state(setup)


def test_steps_become_events_with_version_step_plus_one(pig: Rules[Any]) -> None:
    game, state = begin(pig)
    state = game.play(pig, state, Decision(0, "roll"))
    state = game.play(pig, state, ChanceStep((4,)))
    events = game.collect_events()
    assert [type(e).__name__ for e in events] == ["Started", "Decided", "ChanceResolved"]
    assert [e.originator_version for e in events] == [1, 2, 3]
    assert [getattr(e, "step", None) for e in events] == [None, 1, 2]
    assert game.steps == [Decision(0, "roll"), ChanceStep((4,))]
    assert pig.view(state)["turn_total"] == 4


@pytest.mark.parametrize(
    ("step", "error"),
    [
        (Decision(1, "roll"), NotYourTurn),
        (Decision(0, "hold"), IllegalAction),
        (ChanceStep((3,)), ChanceExpected),
    ],
)
def test_an_illegal_step_records_nothing(
    pig: Rules[Any], step: Decision | ChanceStep, error: type[RuleError]
) -> None:
    game, state = begin(pig)
    game.collect_events()
    with pytest.raises(error):
        game.play(pig, state, step)
    assert game.collect_events() == []
    assert game.steps == []
    assert game.version == 1


def test_a_bad_chance_outcome_records_nothing(pig: Rules[Any]) -> None:
    game, state = begin(pig)
    state = game.play(pig, state, Decision(0, "roll"))
    game.collect_events()
    with pytest.raises(RuleError, match="1 to 6"):
        game.play(pig, state, ChanceStep((7,)))
    assert game.collect_events() == []


def test_the_last_step_triggers_finished_with_scores_and_winners(pig: Rules[Any]) -> None:
    game, state = begin(pig)
    steps: list[Step] = [
        Decision(0, "roll"),
        ChanceStep((6,)),
        Decision(0, "roll"),
        ChanceStep((5,)),
    ]
    for step in steps:
        state = game.play(pig, state, step)
    state = game.play(pig, state, Decision(0, "hold"))
    finished = game.collect_events()[-1]
    assert isinstance(finished, Game.Finished)
    assert finished.originator_version == len(game.steps) + 2
    assert finished.winners == [0]
    assert [s["total"] for s in finished.scores] == [11, 0]
    assert game.is_finished
    with pytest.raises(RuleError, match="over"):
        game.play(pig, state, Decision(1, "roll"))


def test_every_event_class_is_versioned() -> None:
    for cls in (Game.Started, Game.Decided, Game.ChanceResolved, Game.Finished):
        assert isinstance(getattr(cls, "class_version", None), int)
    assert Game.Finished.class_version == 2


def test_finished_v1_is_upcast_with_winners_ranked_from_scores() -> None:
    mapper: Mapper[Any] = Mapper(transcoder=OrjsonTranscoder())
    scores = [
        {"seat": 0, "total": 7, "breakdown": {"banked": 7}, "tiebreak": []},
        {"seat": 1, "total": 12, "breakdown": {"banked": 12}, "tiebreak": []},
    ]
    v1_state = {"timestamp": {"_type_": "datetime_iso", "_data_": "2026-01-01T00:00:00+00:00"}}
    v1_state["scores"] = scores  # type: ignore[assignment]
    stored = StoredEvent(
        originator_id=uuid4(),
        originator_version=9,
        topic=get_topic(Game.Finished),
        state=orjson.dumps(v1_state),
    )
    event = mapper.to_domain_event(stored)
    assert isinstance(event, Game.Finished)
    assert event.winners == [1]
    assert event.scores == scores


def test_finished_is_stored_as_v2(pig: Rules[Any]) -> None:
    game, state = begin(pig)
    steps: list[Step] = [
        Decision(0, "roll"),
        ChanceStep((6,)),
        Decision(0, "roll"),
        ChanceStep((6,)),
    ]
    for step in steps:
        state = game.play(pig, state, step)
    game.play(pig, state, Decision(0, "hold"))
    mapper: Mapper[Any] = Mapper(transcoder=OrjsonTranscoder())
    stored = mapper.to_stored_event(game.collect_events()[-1])
    assert orjson.loads(stored.state)["class_version"] == 2


def test_transcoder_round_trips_event_state_and_reads_the_default_format() -> None:
    ours = OrjsonTranscoder()
    theirs = JSONTranscoder()
    theirs.register(DatetimeAsISO())
    state = {"timestamp": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), "outcome": ["a", 3]}
    state["nested"] = {"when": datetime(2020, 1, 1, tzinfo=UTC), "list": [{"x": 1}]}
    assert ours.decode(ours.encode(state)) == state
    assert ours.decode(theirs.encode(state)) == state
    assert theirs.decode(ours.encode(state)) == state
    rng = random.Random(1)
    assert ours.decode(ours.encode({"n": [rng.random() for _ in range(5)]}))["n"][0] < 1


def test_fast_mapper_writes_the_same_bytes_as_the_generic_path(pig: Rules[Any]) -> None:
    game, state = begin(pig)
    roll: list[Step] = [Decision(0, "roll")]
    game.play_all(
        pig, state, [*roll, ChanceStep((6,)), *roll, ChanceStep((5,)), Decision(0, "hold")]
    )
    events = game.collect_events()
    object.__setattr__(events[1], "timestamp", datetime(2026, 1, 1, tzinfo=UTC))  # no micros
    fast = NovusMapper(transcoder=OrjsonTranscoder())
    generic: Mapper[Any] = Mapper(transcoder=OrjsonTranscoder())
    library = JSONTranscoder()
    library.register(DatetimeAsISO())
    kinds = {type(e).__name__ for e in events}
    assert kinds == {"Started", "Decided", "ChanceResolved", "Finished"}
    for event in events:
        ours, theirs = fast.to_stored_event(event), generic.to_stored_event(event)
        assert ours == theirs
        assert orjson.loads(ours.state) == orjson.loads(library.encode(_state_of(theirs, generic)))
        back = fast.to_domain_event(ours)
        assert type(back) is type(event) and back.__dict__ == event.__dict__


def _state_of(stored: StoredEvent, mapper: Mapper[Any]) -> dict[str, Any]:
    state: dict[str, Any] = mapper.transcoder.decode(stored.state)
    return state


def test_events_are_immutable(pig: Rules[Any]) -> None:
    game, state = begin(pig)
    game.play(pig, state, Decision(0, "roll"))
    started, decided = game.collect_events()
    with pytest.raises(AttributeError):
        decided.action = "hold"  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        started.seed = 9  # type: ignore[attr-defined]


@pytest.mark.parametrize("length", [0, 5, None])
def test_record_checked_triggers_the_events_play_all_does(
    pig: Rules[Any], length: int | None
) -> None:
    """Steps already folded through the engine give the same events as `play_all` (but the
    timestamps): per-step events, and `Finished` after the last when the game is over."""
    rng = random.Random(3)
    played, state = begin(pig)
    steps: list[Step] = []
    while not pig.is_over(state) and (length is None or len(steps) < length):
        seat = pig.to_move(state)[0]
        step: Step
        if seat < 0:
            step = ChanceStep((rng.randint(1, 6),))
        else:
            step = Decision(seat, rng.choice(list(pig.legal_actions(state, seat))))
        state = played.play(pig, state, step)
        steps.append(step)
    recorded, _ = begin(pig)
    assert recorded.record_checked(pig, steps, state) is state
    made, triggered = recorded.collect_events(), played.collect_events()
    mine = [(type(e), _fields(e)) for e in made]
    theirs = [(type(e), _fields(e)) for e in triggered]
    assert mine[1:] == theirs[1:]
    assert [list(e.__dict__) for e in made] == [list(e.__dict__) for e in triggered]  # stored order
    assert recorded.version == played.version and recorded.modified_on == made[-1].timestamp
    assert all(e.originator_id == recorded.id for e in made)
    assert (Game.Finished in {kind for kind, _ in mine}) == (length is None)
    assert recorded.steps == played.steps and recorded.scores == played.scores


def _fields(event: Any) -> dict[str, Any]:
    return {k: v for k, v in event.__dict__.items() if k not in ("timestamp", "originator_id")}
