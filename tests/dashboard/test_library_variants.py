"""The Library's variant filter and column in words: they showed the stored option codes
('buildings=base, colonist_end=empty, ...', 'pack=synthetic') on the Korean page too."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from application import i18n
from application.service import open_app


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("novus-variants")
    app = open_app(path)
    ids = [
        str(app.simulate("puerto-rico", 3, {}, seed=1, bot="random")),
        str(app.simulate("puerto-rico", 2, {"names": "2p"}, seed=2, bot="random")),
        str(app.simulate("santa-maria", 2, {"modules": "A,C", "expansion": "true"}, seed=3)),
    ]
    app.close()
    return path, ids


def _library() -> None:
    from dashboard import language, pages

    language.choose()
    pages.library_page()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ko", {"기본 규칙", "표시 이름: 2인 규칙", "확장판: 사용, 확장 모듈: A 총독, C 대사"}),
        ("en", {"standard rules", "Display names: 2-player sheet",
                "Expansion: On, Expansion modules: A Governor, C Ambassador"}),
    ],
)  # fmt: skip
def test_variants_read_as_the_options_changed(env: list[str], lang: str, words: set[str]) -> None:
    at = AppTest.from_function(_library, default_timeout=60)
    at.query_params["lang"] = lang
    i18n.set_language(lang)  # AppTest runs the filter's format_func in this thread
    at.run()
    assert not at.exception, at.exception
    column = set(at.dataframe[0].value["variant"])
    assert column == words, column
    box = at.selectbox(key="f_variant")
    assert not any("=" in option for option in box.options), box.options
    title = "산타마리아" if lang == "ko" else "Santa Maria"
    chosen = next(o for o in box.options if o.startswith(title))
    box.select(chosen).run()  # the filter still filters by the stored code
    assert list(at.dataframe[0].value["id"]) == [env[2]]
