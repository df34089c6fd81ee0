"""Mayor placements from report wording: literal reading, forced rest, inferred moves, ambiguity."""

from __future__ import annotations

import pytest

from importers.pbem.placement import PlacementProblem, action_for, describe_placement

CAPS = {"corn": 1, "indigo": 2, "small_indigo_plant": 1, "small_market": 1}


def test_new_colonists_go_where_named_and_the_others_stay() -> None:
    before = {"corn": 1}
    placed = describe_placement(CAPS, before, 3, (("indigo", 1), ("small_market", 1)), ())
    assert placed == {"corn": 1, "indigo": 1, "small_market": 1}
    assert action_for(placed) == "colonists:corn=1,indigo=1,small_market=1"


def test_named_moves_are_applied() -> None:
    placed = describe_placement(
        CAPS, {"corn": 1}, 2, (("indigo", 1),), (("corn", "small_indigo_plant"),)
    )
    assert placed == {"indigo": 1, "small_indigo_plant": 1}


def test_an_unstated_rest_is_inferred_only_when_forced() -> None:
    # 5 colonists, 5 circles: every circle is filled whatever the report says
    assert describe_placement(CAPS, {}, 5, (("corn", 1),), ()) == CAPS
    with pytest.raises(PlacementProblem) as caught:
        describe_placement(CAPS, {}, 3, (("corn", 1),), ())
    assert caught.value.ambiguous and "more than one legal way" in str(caught.value)


def test_a_left_out_move_is_inferred_when_only_one_placement_keeps_the_words() -> None:
    # the old colonist sat on corn and the report names corn (1 circle) for a new one, so a
    # colonist moved without being mentioned: with the circles corn + market exactly one
    # placement keeps the words; with more circles there are several, an ambiguity
    caps = {"corn": 1, "small_market": 1}
    assert describe_placement(caps, {"corn": 1}, 2, (("corn", 1),), ()) == caps
    with pytest.raises(PlacementProblem) as caught:
        describe_placement(CAPS, {"corn": 1}, 2, (("corn", 1),), ())
    assert caught.value.ambiguous


def test_impossible_placements_are_errors_not_ambiguities() -> None:
    with pytest.raises(PlacementProblem) as caught:
        describe_placement(CAPS, {}, 2, (("coffee", 1),), ())
    assert not caught.value.ambiguous and "no coffee" in str(caught.value)
    with pytest.raises(PlacementProblem, match="no colonist on corn to move"):
        describe_placement(CAPS, {}, 1, (), (("corn", "indigo"),))
