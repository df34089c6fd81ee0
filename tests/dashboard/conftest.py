"""The dashboard tests' one `env`: the test module's `folder` (a store and what it holds) as the
data folder, with Streamlit's caches and the display language fresh before and after; and
`browser`, one headless Chromium per browser test module that asks for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st

from application import i18n


@pytest.fixture
def env(folder: tuple[Path, Any], monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("NOVUS_DATA_DIR", str(folder[0]))
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.clear_missing()
    yield folder[1]
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.set_language(None)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium for the module (Playwright loaded only by the modules that use it)."""
    from tests.dashboard.test_browser import chromium

    with chromium() as launched:
        yield launched
