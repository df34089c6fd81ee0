"""The Play page's "continue a game" list: the unfinished games entered by hand or branched,
newest first, read from the games index a page at a time."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from application import i18n, play
from application.service import open_app
from application.settings import data_dir


def _play() -> None:
    from dashboard import language, pages

    language.choose()
    pages.play_page()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    app = open_app(tmp_path)
    done = app.simulate("puerto-rico", 3, {}, seed=1, bot="random")  # a bot game: not listed
    early = play.new_game(app, "puerto-rico", ["Ana", "Bo", "Cy"], seed=2)
    branched = play.branch(app, done, 40)
    finished = play.new_game(app, "mundus-novus", ["Di", "Ed"], seed=3)
    play.finish(app, finished, "random")  # over: not listed
    late = play.new_game(app, "century-new-world", ["Fa", "Gu"], seed=4)
    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    st.cache_data.clear()
    st.cache_resource.clear()
    yield {"early": str(early), "branched": str(branched), "late": str(late), "over": str(finished)}
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.set_language(None)


def test_continue_lists_unfinished_hand_and_branched_games_newest_first(
    folder: dict[str, str],
) -> None:
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = "en"
    at.run()
    assert not at.exception, at.exception
    keys = [b.key for b in at.button if b.key and b.key.startswith("play-open-")]
    assert keys == [f"play-open-{folder[k]}" for k in ("late", "branched", "early")]
    at.button(key=keys[1]).click().run()
    assert at.query_params["game"] in (folder["branched"], [folder["branched"]])


@pytest.mark.parametrize(
    ("lang", "clock"),
    [("en", r"Century: New World: .*\d:\d\d:\d\d\s[AP]M"), ("ko", r"센추리: 신대륙: .*\d{4}\. ")],
)
def test_continue_labels_say_when_as_the_language_writes_it(
    folder: dict[str, str], lang: str, clock: str
) -> None:
    """The labels showed the store's timestamp cut to "2026-11-25T05:14", and the game's English
    title on the Korean page."""
    import re

    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    labels = [b.label for b in at.button if b.key and b.key.startswith("play-open-")]
    assert len(labels) == 3
    assert re.search(clock, labels[0]), labels[0]  # the newest: the Century game
    for label in labels:
        assert not re.search(r"\d{4}-\d\d-\d\dT", label), label


def test_an_open_game_names_its_game_in_korean(folder: dict[str, str]) -> None:
    """The page's line under the title read "Century: New World · step 1 · Fa, Gu" in Korean."""
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = "ko"
    at.query_params["game"] = folder["late"]
    at.run()
    assert not at.exception, at.exception
    captions = [c.value for c in at.caption]
    assert any(c.startswith("센추리: 신대륙 · ") for c in captions), captions
    assert not any("Century" in c for c in captions), captions


def test_what_a_tap_recorded_is_said_in_korean(folder: dict[str, str]) -> None:
    """A tap's message ("Recorded: ...") is made in the button's callback, which Streamlit runs
    before the page sets its language: the Korean page said "Recorded: Ana selects the
    Settler" and "Drawn: corn, ..."; the chance items showed "corn"."""
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = "ko"
    at.query_params["game"] = folder["early"]
    at.run()
    (pad,) = [e for e in at.get("bidi_component") if "play-pad" in e.proto.id]
    data = json.loads(pad.proto.json)
    labels = [item["label"] for item in data["items"]]
    assert "옥수수" in labels and "corn" not in labels, labels
    assert [item["value"] for item in data["items"]][labels.index("옥수수")] == "corn"
    assert "{have}" in data["texts"]["tap"] and "테이블" in data["texts"]["tap"]
    at.button(key="play-draw").click().run()
    said = [str(s.value) for s in at.success]
    assert len(said) == 1 and said[0].startswith("뽑았습니다: "), said
    assert not any(word in said[0] for word in ("corn", "indigo", "sugar", "tobacco")), said
    settler = next(b for b in at.button if "role:settler" in str(b.label))
    settler.click().run()
    said = [str(s.value) for s in at.success]
    assert said == ["기록했습니다: Ana가 개척자를 선택합니다"], said


def test_a_new_game_starts_with_the_names_typed_in(folder: dict[str, str]) -> None:
    """The players' box held "Ana, Ben, Cleo" as its value: a game started without typing
    was recorded under names nobody at the table has. It is an example now, and starting with
    the box empty says how many players the game needs (in Korean on the Korean page)."""
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = "ko"
    i18n.set_language("ko")  # AppTest runs the game selectbox's format_func in this thread
    at.run()
    box = at.text_input(key="play-new-players")
    assert box.value == "" and box.placeholder == "민준, 서연, 지우"  # a Korean example
    at.button(key="play-start").click().run()
    assert "game" not in at.query_params
    assert any("플레이어 수는" in str(e.value) for e in at.error), [e.value for e in at.error]
    at.text_input(key="play-new-players").input("Mia, Noa, Oli").run()
    at.button(key="play-start").click().run()
    record = open_app(data_dir()).history(UUID(str(at.query_params["game"])))
    assert list(record.setup.players) == ["Mia", "Noa", "Oli"]


def test_what_was_recorded_stays_said_and_a_double_tap_is_named_as_such(
    folder: dict[str, str],
) -> None:
    """ "Recorded: ..." was shown by one run only: a run cut short by the next tap (or any other
    rerun) lost it. It now stays while the game is at the step it made. Two moves tapped before
    the page reran: the second was refused as if "changed in another tab"; it was this one."""
    app = open_app(data_dir())
    play.draw(app, UUID(folder["early"]))
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["game"] = folder["early"]
    at.run()
    next(b for b in at.button if "role:settler" in str(b.label)).click().run()
    assert [str(s.value) for s in at.success] == ["Recorded: Ana selects the Settler"]
    at.run()  # another rerun at the same step (a run cut short, an expander opened, ...)
    assert [str(s.value) for s in at.success] == ["Recorded: Ana selects the Settler"]
    quarry, corn = (
        next(b for b in at.button if code in str(b.label))
        for code in ("plantation:quarry", "plantation:corn")
    )
    quarry.click()
    corn.click()  # both taps reach one run
    at.run()
    said = [str(e.value) for e in at.error]
    assert len(said) == 1 and said[0].startswith("That tap came after the step"), said
    assert "another tab" not in said[0]
    assert len(app.history(UUID(folder["early"])).steps) == 3  # one of the two taps stored


def test_the_move_filter_gives_the_games_own_words_and_reads_korean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a Santa Maria game the filter's example was Puerto Rico's ('예: 개척자, 커피, 항구'),
    and '나무를 팝니다' filtered every move out: the sentence reads '나무 1개를 팝니다'."""
    app = open_app(tmp_path)
    game = play.new_game(app, "santa-maria", ["민준", "서연"], seed=4)
    while play.position(app, game).chance is not None:
        play.draw(app, game)
    app.close()
    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    st.cache_data.clear()
    st.cache_resource.clear()
    try:
        at = AppTest.from_function(_play, default_timeout=60)
        at.query_params["lang"] = "ko"
        at.query_params["game"] = str(game)
        at.run()
        assert not at.exception, at.exception
        box = at.text_input(key=f"play-filter-{game}")
        assert box.placeholder == "수에 들어 있는 말, 예: 나무, 하얀색 주사위, 휴식", (
            box.placeholder
        )
        box.input("나무를 팝니다").run()
        shown = [str(b.label) for b in at.button if b.key and b.key.startswith("play-move-")]
        assert shown == ["민준이 나무 1개를 팝니다  `sell:wood`"], shown
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()
        i18n.set_language(None)


def test_five_players_of_santa_maria_start_from_the_play_page(folder: dict[str, str]) -> None:
    """The page sent every option, the defaults too: 'modules=none' and 'maya=false' said
    outright refused a 5-player Santa Maria (in English: '5 players are 4 colonists and the
    Maya city ... use --option modules=C,D'), which `novus new` starts with the Maya city and
    module C. Options left at their defaults are left out, as on the command line."""
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = "ko"
    i18n.set_language("ko")
    at.run()
    at.selectbox(key="play-new-game").select("santa-maria").run()
    at.text_input(key="play-new-players").input("민준, 서연, 지호, 하은, 도윤").run()
    at.button(key="play-start").click().run()
    assert not at.error, [e.value for e in at.error]
    record = open_app(data_dir()).history(UUID(str(at.query_params["game"])))
    assert len(record.setup.players) == 5
    assert record.setup.options["modules"] == "C,D" and record.setup.options["maya"] == "true"


def test_a_finished_games_replay_link_opens_at_its_last_step(folder: dict[str, str]) -> None:
    """"Open it in the replay" opened the replay at step 0, in the browser's language."""
    app = open_app(None)
    last = len(app.timeline(UUID(folder["over"])).steps)
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = "ko"
    at.query_params["game"] = folder["over"]
    at.run()
    assert not at.exception, at.exception
    links = [m.value for m in at.markdown if "replay?game=" in m.value]
    assert links == [f"[리플레이에서 열기](replay?game={folder['over']}&step={last}&lang=ko)"]


@pytest.mark.parametrize(("lang", "said"), [("en", "Branch of game"), ("ko", "나온 분기")])
def test_a_branch_in_the_list_says_what_it_branches(
    folder: dict[str, str], lang: str, said: str
) -> None:
    """A branch read as its parent does ('Puerto Rico: 민수, 지영, 현우 (date)' twice, at the
    table's two tries of one game): it names the game and the step it left."""
    app = open_app(data_dir())
    parent = str(app.history(UUID(folder["branched"])).source["parent"])[:8]
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    labels = {b.key: str(b.label) for b in at.button if b.key and b.key.startswith("play-open-")}
    branch = labels[f"play-open-{folder['branched']}"]
    assert said in branch and parent in branch and "40" in branch, branch
    assert said not in labels[f"play-open-{folder['early']}"]
