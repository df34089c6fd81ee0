"""The display language: every id shown has Korean; particles, plurals, choosing a language."""

from __future__ import annotations

import os
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from application import i18n
from application.i18n import _, _n, negotiate, render, with_particle
from domain.core.phrase import Phrase, Term, counted, phrase
from novus import catalog


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)


def test_every_message_id_has_korean() -> None:
    """Fails naming each id (file:line) that the Korean catalog lacks: add it with
    `python3 -m novus.catalog update`, then write its msgstr."""
    missing = catalog.untranslated("ko")
    assert not missing, catalog.explain(missing)


def _fields(text: str) -> set[str]:
    parsed = string.Formatter().parse(text)
    return {name.split(".")[0] for _lit, name, _spec, _conv in parsed if name}


def test_translations_use_exactly_the_fields_of_their_id() -> None:
    """A Korean text naming a field its id lacks would fail at run time; one dropping a field
    would lose information."""
    from babel.messages.pofile import read_po

    with i18n.po_path("ko").open("rb") as handle:
        po = read_po(handle, locale="ko")
    wrong = []
    for message in po:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        want = set().union(*(_fields(i) for i in ids))
        for text in texts:
            if _fields(text) != want:
                wrong.append((message.id, text))
    assert not wrong


def test_a_particle_after_a_field_follows_its_sound() -> None:
    """'산타마리아은(는)' on the Play page: a Korean particle written after a plain field as
    '은(는)' shows both forms whatever the word; `{title:은}` picks the one its sound takes.
    (A field in quotes or with a conversion, '{pair}' or {given!r}, keeps both forms.)"""
    import re

    from babel.messages.pofile import read_po

    with i18n.po_path("ko").open("rb") as handle:
        po = read_po(handle, locale="ko")
    both = re.compile(r"\{[A-Za-z_]\w*\}(은\(는\)|이\(가\)|을\(를\)|과\(와\)|으로\(로\))")
    texts = (
        t for m in po if m.string for t in ((m.string,) if isinstance(m.string, str) else m.string)
    )
    assert not [t for t in texts if both.search(t)]
    i18n.set_language("ko")
    said = _(
        "{title} with the synthetic pack: the rules are the rulebook's, but its boards, "
        "tiles and cards are invented, so a table game can be recorded only where its "
        "draws are among them. For the printed components, complete the published pack "
        "(docs/components.md) and choose it under Component pack.",
        title="산타마리아",
    )
    assert "산타마리아는" in said and "출판판" in said, said


def test_the_catalog_writes_the_rulebooks_words() -> None:
    """Words the Korean rulebooks spell otherwise: the Games page and `novus show` wrote
    '두블론' where the Puerto Rico and Mundus Novus rulebooks write 더블룬."""
    from babel.messages.pofile import read_po

    with i18n.po_path("ko").open("rb") as handle:
        po = read_po(handle, locale="ko")
    theirs = {"두블론": "더블룬"}
    texts = [
        t for m in po if m.string for t in ((m.string,) if isinstance(m.string, str) else m.string)
    ]
    assert not [(t, theirs[w]) for t in texts for w in theirs if w in t]


def test_the_catalog_is_read_from_the_po_file_and_follows_its_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "ko" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "novus.po"
    po.write_text('msgid "Library"\nmsgstr "라이브러리"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    monkeypatch.setattr(i18n, "RECHECK_SECONDS", 0.0)
    monkeypatch.setattr(i18n, "_catalogs", {})
    i18n.set_language("ko")
    assert _("Library") == "라이브러리"
    po.write_text('msgid "Library"\nmsgstr "보관함"\n', encoding="utf-8")
    stamp = po.stat().st_mtime + 5
    os.utime(po, (stamp, stamp))
    assert _("Library") == "보관함"


def test_missing_ids_are_remembered_and_shown_in_english() -> None:
    i18n.set_language("ko")
    i18n.clear_missing()
    assert _("no such message {x}", x=3) == "no such message 3"
    assert ("ko", None, "no such message {x}") in i18n.missing()


@pytest.mark.parametrize(
    ("word", "particle", "shown"),
    [
        ("개척자", "을", "개척자를"),
        ("선장", "를", "선장을"),
        ("시장", "이", "시장이"),
        ("건축가", "이", "건축가가"),
        ("광부", "은", "광부는"),
        ("항구", "으로", "항구로"),
        ("시청", "로", "시청으로"),
        ("일꾼 배치 칸", "과", "일꾼 배치 칸과"),
        ("물", "으로", "물로"),
        ("3", "을", "3을"),
        ("2", "을", "2를"),
        ("10", "이", "10이"),
        ("1", "으로", "1로"),
        ("Ana", "이", "Ana가"),
        ("Ben", "이", "Ben이"),
        ("Bot 3 (heuristic)", "은", "Bot 3 (heuristic)은"),
    ],
)
def test_korean_particles_follow_the_last_sound(word: str, particle: str, shown: str) -> None:
    assert with_particle(word, particle) == shown


@given(st.text(alphabet="가나다라마바사아자차카타파하각난닫랄맘밥삿앙잦찾", min_size=1, max_size=6))
def test_hangul_particles_pair_by_final_consonant(word: str) -> None:
    last = (ord(word[-1]) - ord("가")) % 28
    assert with_particle(word, "을").endswith("을" if last else "를")
    assert with_particle(word, "로").endswith("로" if last in (0, 8) else "으로")


def test_phrases_render_in_english_as_before_and_in_korean_with_terms() -> None:
    p = Phrase(
        "{who} builds {b.a} ({cost} spent)",
        {
            "who": "Ana",
            "b": Term("Indigo Plant", "test.building"),
            "cost": counted(1, "{n} doubloon", "{n} doubloons"),
        },
    )
    assert str(p) == "Ana builds an Indigo Plant (1 doubloon spent)"
    assert render(p, "en") == str(p)
    assert str(phrase("{who} passes", who="Ben")) == "Ben passes"


def test_plurals_in_both_languages() -> None:
    assert _n("{n} game", "{n} games", 1) == "1 game"
    assert _n("{n} game", "{n} games", 3) == "3 games"


def test_negotiating_the_browser_language() -> None:
    assert negotiate("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7") == "ko"
    assert negotiate("en-US,en;q=0.9,ko;q=0.8") == "en"
    assert negotiate("fr-FR,fr;q=0.9,ko;q=0.5") == "ko"
    assert negotiate("fr-FR") == "en"
    assert negotiate("ko;q=0, en") == "en"
    assert negotiate(None) == "en"
    assert negotiate("garbage;q=x, ko") == "ko"


def test_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(None)
    monkeypatch.setenv(i18n.LANG_VAR, "ko_KR.UTF-8")
    assert i18n.current_language() == "ko"
    monkeypatch.setenv(i18n.LANG_VAR, "de")
    assert i18n.current_language() == "en"
    i18n.set_language("ko")
    assert i18n.current_language() == "ko"


def test_numbers_and_dates_follow_the_language() -> None:
    from datetime import datetime

    moment = datetime(2026, 3, 5, 14, 30)
    i18n.set_language("en")
    assert i18n.number(12345.5, 1) == "12,345.5"
    english = i18n.when(moment)
    i18n.set_language("ko")
    korean = i18n.when(moment)
    assert "2026" in english and "Mar" in english
    assert "2026" in korean and "3" in korean and "Mar" not in korean
    assert i18n.percent(0.25) == "25%"


def _rules_folder() -> Path | None:
    """`shared/rules` beside the checkout (CI) or beside the worktrees (development)."""
    root = Path(catalog.ROOT)
    for base in (root.parent, root.parent.parent):
        if (base / "shared" / "rules").is_dir():
            return base / "shared" / "rules"
    return None


def test_every_component_name_is_traced_to_its_rulebook() -> None:
    """Each engine term's Korean name carries a `rulebook:` comment naming a rulebook, and every
    Hangul word of the name is found in that rulebook's text."""
    import re

    from babel.messages.pofile import read_po

    with i18n.po_path("ko").open("rb") as handle:
        po = read_po(handle, locale="ko")
    terms = {(e.context, e.msgid) for e in catalog.engine_terms() if e.context}
    folder = _rules_folder()
    untraced, unfound = [], []
    for message in po:
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        if (message.context, msgid) not in terms:
            continue
        source = next((c for c in message.user_comments if c.startswith("rulebook:")), "")
        match = re.search(r"([a-z0-9-]+\.ko\.txt)", source)
        if match is None:
            untraced.append((message.context, msgid))
            continue
        if folder is None:
            continue
        book = (folder / match.group(1)).read_text(encoding="utf-8")
        text = message.string[0] if isinstance(message.string, tuple) else message.string
        if message.context and message.context.endswith(".synthetic"):
            # an id the synthetic pack invents: its name must say so; the rest is the book's
            if "(합성)" not in text or not any(c.startswith("synthetic:") for c in
                                                message.user_comments):  # fmt: skip
                untraced.append((message.context, msgid))
            text = text.replace("(합성)", "")
        for word in re.findall("[가-힣]{2,}", text):
            if word not in book:
                unfound.append((message.context, msgid, word, match.group(1)))
    assert not untraced, f"terms without a `rulebook:` comment: {untraced}"
    assert not unfound, f"Korean words not in the named rulebook: {unfound}"


def test_the_glossary_page_is_the_catalog() -> None:
    """docs/glossary-ko.md is made from the catalog: `python3 -m novus.catalog glossary`."""
    assert catalog.GLOSSARY.read_text(encoding="utf-8") == catalog.glossary()
