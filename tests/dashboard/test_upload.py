"""The Upload page imports through `importers.api`: good files stored whole, bad ones shown with
file, line and move, and nothing of a bad file stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from application.service import open_app
from importers.api import export_bytes


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes, bytes]:
    source = open_app(tmp_path_factory.mktemp("source"))
    good = export_bytes(source, source.simulate("puerto-rico", 3, {}, seed=1, bot="random"))
    other = export_bytes(source, source.simulate("puerto-rico", 4, {}, seed=2, bot="random"))
    lines = other.splitlines()
    lines[9] = b'{"action":"role:no_such_role","seat":0}'
    return good, other, b"\n".join(lines) + b"\n"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    open_app(tmp_path)
    st.cache_data.clear()
    st.cache_resource.clear()
    yield tmp_path
    st.cache_data.clear()
    st.cache_resource.clear()


def _upload() -> None:
    from dashboard.pages import upload_page

    upload_page()


def test_good_and_bad_files(env: Path, files: tuple[bytes, bytes, bytes]) -> None:
    good, _, bad = files
    at = AppTest.from_function(_upload, default_timeout=30).run()
    assert at.title[0].value == "Upload"
    assert at.button(key="upload_go").disabled
    at.file_uploader(key="upload_files").set_value(
        [("good.novus.jsonl", good, "application/jsonl"), ("bad.novus.jsonl", bad, "text/plain")]
    ).run()
    at.button(key="upload_go").click().run()
    assert not at.exception
    assert at.error[0].value == "1 imported, 0 already present, 1 rejected"
    shown = at.text[0].value  # plain text: the file's name and content are not Markdown
    assert shown.startswith("bad.novus.jsonl, line 10: ")
    assert "role:no_such_role" in shown
    table = at.dataframe[0].value
    assert list(table["status"]) == ["imported", "rejected"]
    assert table["line"].iloc[1] == 10
    assert len(open_app(env).game_ids()) == 1  # the bad file stored nothing


def test_reimport_is_reported_as_present(env: Path, files: tuple[bytes, bytes, bytes]) -> None:
    good, other, _ = files
    at = AppTest.from_function(_upload, default_timeout=30).run()
    at.file_uploader(key="upload_files").set_value(
        [("a.novus.jsonl", good, "text/plain"), ("b.novus.jsonl", other, "text/plain")]
    ).run()
    at.button(key="upload_go").click().run()
    assert at.success[0].value == "2 imported, 0 already present, 0 rejected"
    at.button(key="upload_go").click().run()
    assert at.success[0].value == "0 imported, 2 already present, 0 rejected"
    assert len(open_app(env).game_ids()) == 2


def test_a_play_by_email_report_is_detected_and_imported(env: Path) -> None:
    from importers.pbem.writer import write

    source = open_app(env / "source")
    game = source.simulate("puerto-rico", ["Ann", "Bo", "Cy"], {}, seed=9, bot="heuristic")
    record = source.history(game)
    report = write(record.setup, record.steps).encode()
    at = AppTest.from_function(_upload, default_timeout=60).run()
    at.file_uploader(key="upload_files").set_value(("round.txt", report, "text/plain")).run()
    at.button(key="upload_go").click().run()
    assert not at.exception
    assert at.success[0].value == "1 imported, 0 already present, 0 rejected"
    table = at.dataframe[0].value
    assert table["format"].iloc[0] == "play-by-email report"  # the format in words, not its code
    assert table["steps"].iloc[0] == len(record.steps)
    stored = open_app(env).history(open_app(env).game_ids()[0])
    assert list(stored.setup.players) == ["Ann", "Bo", "Cy"]
    assert stored.scores == record.scores


def test_names_and_contents_are_shown_as_plain_text(
    env: Path, files: tuple[bytes, bytes, bytes]
) -> None:
    """A file's name and the line it quotes may hold Markdown (a planted image is fetched by
    every browser that shows it): they are shown as text, never rendered."""
    good = files[0]
    planted = "![x](http://127.0.0.1:9/planted.png)"
    lines = good.splitlines()
    lines[3] = f'"{planted}"'.encode()
    at = AppTest.from_function(_upload, default_timeout=30).run()
    at.file_uploader(key="upload_files").set_value(
        [("**bold** [link](http://127.0.0.1:9/).novus.jsonl", b"\n".join(lines), "text/plain")]
    ).run()
    at.button(key="upload_go").click().run()
    assert not at.exception
    texts = [t.value for t in at.text]
    assert texts[0].startswith("**bold** [link](http://127.0.0.1:9/).novus.jsonl, line 4: ")
    assert any(planted in t for t in texts), texts
    rendered = [m.value for m in at.markdown] + [c.value for c in at.caption]
    assert not any("planted" in m or "**bold**" in m for m in rendered), rendered


def test_streamlit_refuses_uploads_above_novus_limit(env: Path) -> None:
    """Streamlit's own limit is Novus's 8 MiB (it was 200 MB: a 150 MB upload was held in
    memory before Novus refused it): in the widget and in the server's settings."""
    from dashboard.launch import SETTINGS, command
    from dashboard.upload import UPLOAD_MB
    from importers.api import MAX_FILE_BYTES

    assert UPLOAD_MB * 1024 * 1024 == MAX_FILE_BYTES
    assert SETTINGS["server.maxUploadSize"] == str(UPLOAD_MB)
    assert f"--server.maxUploadSize={UPLOAD_MB}" in command(8501)
    at = AppTest.from_function(_upload, default_timeout=30).run()
    assert at.file_uploader(key="upload_files").proto.max_upload_size_mb == UPLOAD_MB


def _upload_in_language() -> None:
    from dashboard import language
    from dashboard.pages import upload_page

    language.choose()
    upload_page()


def test_the_results_table_in_korean(env: Path, files: tuple[bytes, bytes, bytes]) -> None:
    """The Korean page showed the table's headers and each file's status in English."""
    import json

    from application import i18n

    good, _, bad = files
    at = AppTest.from_function(_upload_in_language, default_timeout=30)
    at.query_params["lang"] = "ko"
    i18n.set_language("ko")  # AppTest runs the format selectbox's format_func in this thread
    try:
        at.run()
        at.file_uploader(key="upload_files").set_value(
            [("good.novus.jsonl", good, "text/plain"), ("bad.novus.jsonl", bad, "text/plain")]
        ).run()
        at.button(key="upload_go").click().run()
        assert not at.exception
        table = at.dataframe[0]
        assert list(table.value["status"]) == ["가져옴", "거부됨"]
        problem = table.value["problem"].iloc[1]  # was the English message under the Korean
        assert "차례가 아닙니다" in problem and "not to move" not in problem, problem
        assert "role:no_such_role" in problem
        assert list(table.value["format"]) == ["기본 .novus.jsonl"] * 2  # was the code: native
        hint = table.value["hint"].iloc[1]
        assert "차례" in hint and "to move" not in hint, hint
        labels = {k: v.get("label") for k, v in json.loads(table.proto.columns).items()}
        assert labels["file"] == "파일" and labels["problem"] == "문제", labels
        formats = at.selectbox(key="upload_format").options  # were the codes: auto, native, ...
        assert formats == ["내용으로 판단", "기본 .novus.jsonl", "플레이 바이 이메일 보고서"]
    finally:
        i18n.set_language(None)
