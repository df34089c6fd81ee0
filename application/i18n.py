"""Display language for what Novus shows (English and Korean), from Babel `.po` catalogs.

Write every user-facing string as `_("English text with {name} fields", name=value)`: the English
text is the message id, `application/locales/<lang>/LC_MESSAGES/novus.po` gives the other
languages. Plurals: `_n("{n} game", "{n} games", n)`. Engines hand move sentences over as
`domain.core.phrase.Phrase`s; `render(phrase)` translates the template and every `Term` in it.
Stored events and files stay language-neutral; only what is shown goes through here.

The catalog is read from the `.po` file at run time (Babel's `read_po`; no compiled `.mo` that
could go stale) and re-read when the file changes. Korean templates may put a particle after a
field, `{who:이} {role:을} 고릅니다`: the particle is chosen by the last sound of the value
(`이`/`가`, `을`/`를`, `은`/`는`, `과`/`와`, `으로`/`로`).

Ids asked for in a language whose catalog lacks them are remembered (`missing()`), so tests can
render screens in Korean and name every untranslated id.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from domain.core.phrase import Count, Listing, Phrase, Term, Worded, article

LANGUAGES: tuple[str, ...] = ("en", "ko")
LANG_VAR = "NOVUS_LANG"
LOCALES = Path(__file__).with_name("locales")
DOMAIN = "novus"
NAMES = {"en": "English", "ko": "한국어"}
"""Each language's name in itself (for language switches)."""

_current: ContextVar[str | None] = ContextVar("novus_language", default=None)
"""Per thread/context: each dashboard session runs its script in a thread of its own."""


def set_language(lang: str | None) -> None:
    """Choose the display language for this run (None: from `NOVUS_LANG`, else English)."""
    _current.set(normalize(lang) if lang else None)


def normalize(lang: str | None) -> str | None:
    """`ko`, `ko_KR`, `ko-KR.UTF-8` -> `ko`; None for a language Novus does not have."""
    if not lang:
        return None
    code = lang.replace("-", "_").split(".")[0].split("_")[0].strip().lower()
    return code if code in LANGUAGES else None


def current_language() -> str:
    """The display language: the one set, else `NOVUS_LANG`, else English."""
    chosen = _current.get()
    if chosen is not None:
        return chosen
    return normalize(os.environ.get(LANG_VAR)) or "en"


def negotiate(accept_language: str | None) -> str:
    """The language to show for an HTTP Accept-Language header (English when none fits)."""
    choices = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        lang = normalize(tag)
        if lang and quality > 0:
            choices.append((-quality, position, lang))
    return min(choices)[2] if choices else "en"


# --- the catalog -------------------------------------------------------------------------------

Key = tuple[str | None, str]
"""(message context, message id); plural entries are keyed by their singular id."""


@dataclass
class _Loaded:
    stamp: float
    checked: float
    entries: dict[Key, str | tuple[str, ...]]


_catalogs: dict[str, _Loaded] = {}
_missing: set[tuple[str, str | None, str]] = set()
RECHECK_SECONDS = 2.0


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(lang: str) -> dict[Key, str | tuple[str, ...]]:
    from babel.messages.pofile import read_po

    path = po_path(lang)
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    entries: dict[Key, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        text = message.string
        if isinstance(text, (list, tuple)):
            if all(text):
                entries[(message.context, msgid)] = tuple(text)
        elif text:
            entries[(message.context, msgid)] = text
    return entries


def entries(lang: str) -> dict[Key, str | tuple[str, ...]]:
    """The translated entries of `lang`'s catalog, re-read when the `.po` file changed."""
    now = time.monotonic()
    loaded = _catalogs.get(lang)
    if loaded is not None and now - loaded.checked < RECHECK_SECONDS:
        return loaded.entries
    path = po_path(lang)
    stamp = path.stat().st_mtime if path.exists() else -1.0
    if loaded is None or loaded.stamp != stamp:
        loaded = _Loaded(stamp, now, _read(lang))
        _catalogs[lang] = loaded
    loaded.checked = now
    return loaded.entries


def missing() -> set[tuple[str, str | None, str]]:
    """(language, context, id) asked for in a language whose catalog lacks them, so far."""
    return set(_missing)


def clear_missing() -> None:
    _missing.clear()


def lookup(msgid: str, context: str | None = None, lang: str | None = None) -> str | None:
    """The translation of `msgid` in `lang` (English: the id itself); None when it has none."""
    lang = lang or current_language()
    if lang == "en":
        return msgid
    found = entries(lang).get((context, msgid))
    if found is None:
        _missing.add((lang, context, msgid))
        return None
    return found if isinstance(found, str) else found[0]


def _plural(lang: str, n: int, one: str, other: str, context: str | None = None) -> str:
    english = one if n == 1 else other
    if lang == "en":
        return english
    found = entries(lang).get((context, one))
    if found is None:
        _missing.add((lang, context, one))
        return english
    if isinstance(found, str):
        return found
    return found[min(_plural_index(lang, n), len(found) - 1)]


@lru_cache(maxsize=4096)
def _plural_index(lang: str, n: int) -> int:
    """Which plural form `n` takes in `lang` (Babel's CLDR rules), remembered."""
    from babel.core import Locale

    locale = Locale.parse(lang)
    form = locale.plural_form(n)
    order = ("zero", "one", "two", "few", "many", "other")
    forms = [f for f in order if f in locale.plural_form.tags] + ["other"]
    return forms.index(form) if form in forms else len(forms) - 1


# --- rendering ---------------------------------------------------------------------------------

PARTICLES: dict[str, tuple[str, str]] = {}
for _after_consonant, _after_vowel in (
    ("은", "는"),
    ("이", "가"),
    ("을", "를"),
    ("과", "와"),
    ("으로", "로"),
    ("이랑", "랑"),
    ("아", "야"),
):
    PARTICLES[_after_consonant] = PARTICLES[_after_vowel] = (_after_consonant, _after_vowel)

_DIGIT_FINAL = {
    "0": 21,  # 영 (ㅇ)
    "1": 8,  # 일 (ㄹ)
    "2": 0,  # 이
    "3": 16,  # 삼 (ㅁ)
    "4": 0,  # 사
    "5": 0,  # 오
    "6": 1,  # 육 (ㄱ)
    "7": 8,  # 칠 (ㄹ)
    "8": 8,  # 팔 (ㄹ)
    "9": 0,  # 구
}
_TENS_FINAL = {1: 17, 2: 1, 3: 4, 4: 4}  # 십 (ㅂ), 백 (ㄱ), 천 (ㄴ), 만 (ㄴ)
_RIEUL = 8


def final_consonant(text: str) -> int | None:
    """The final consonant index (0 = none, 8 = ㄹ) of how `text` ends when read in Korean.

    Hangul is exact; digits are read as Sino-Korean numbers; Latin letters are guessed from
    the English sound (a final vowel letter reads as no final consonant). None when unknown.
    """
    word = text.rstrip(" )]}'\".,!?*")
    if not word:
        return None
    last = word[-1]
    if "가" <= last <= "힣":
        return (ord(last) - ord("가")) % 28
    if last.isdigit():
        i = len(word)
        while i > 0 and word[i - 1].isdigit():
            i -= 1
        digits = word[i:]
        zeros = len(digits) - len(digits.rstrip("0"))
        if zeros and digits.strip("0"):
            return _TENS_FINAL[min(zeros, 4)]
        return _DIGIT_FINAL[last]
    lower = last.lower()
    if "a" <= lower <= "z":
        if lower in "aeiouwy":
            return 0
        return _RIEUL if lower in "lr" else 4
    return None


def with_particle(text: str, particle: str) -> str:
    """`text` followed by the form of `particle` its last sound takes (e.g. 을 or 를)."""
    after_consonant, after_vowel = PARTICLES[particle]
    final = final_consonant(text)
    if final is None:
        return f"{text}{after_consonant}({after_vowel})"
    if after_consonant == "으로":
        return text + ("으로" if final not in (0, _RIEUL) else "로")
    return text + (after_consonant if final else after_vowel)


class _Shown:
    """A parameter as shown in a language: translates terms, counts and nested phrases."""

    __slots__ = ("lang", "value")

    def __init__(self, value: Any, lang: str) -> None:
        self.value = value
        self.lang = lang

    def text(self, spec: str = "") -> str:
        value = self.value
        if isinstance(value, Term):
            return term(str(value), value.context, self.lang)
        if isinstance(value, Worded):
            return render(value.phrase, self.lang)
        if isinstance(value, Count):
            shown = _plural(self.lang, value.n, value.one, value.other, value.context)
            return shown.format(n=value.n)
        if isinstance(value, Phrase):
            return render(value, self.lang)
        if isinstance(value, Listing):
            return value.lead + value.sep.join(_Shown(i, self.lang).text() for i in value.items)
        if spec and spec not in PARTICLES:
            return format(value, spec)
        return str(value)

    def __format__(self, spec: str) -> str:
        if spec in PARTICLES:
            return with_particle(self.text(), spec)
        return self.text(spec)

    @property
    def a(self) -> str:
        """`{term.a}` of an English template shown in another language: no article."""
        shown = self.text()
        return article(shown) if self.lang == "en" else shown

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return repr(self.text())


def _fill(template: str, params: Mapping[str, Any], lang: str) -> str:
    if not params:
        return template
    if lang == "en":
        return template.format_map(params)
    return template.format_map({k: _Shown(v, lang) for k, v in params.items()})


def _has_hangul(text: str) -> bool:
    return any("가" <= ch <= "힣" for ch in text)


def term(text: str, context: str | None = None, lang: str | None = None) -> str:
    """A component name in the display language (its English `text` when there is none)."""
    lang = lang or current_language()
    found = lookup(text, context, lang)
    return text if found is None else found


def render(shown: Phrase | str, lang: str | None = None) -> str:
    """A move sentence (or any `Phrase`) in the display language."""
    lang = lang or current_language()
    if isinstance(shown, Worded):
        shown = shown.phrase
    if isinstance(shown, str):
        if lang == "en" or (lang == "ko" and _has_hangul(shown)):
            return shown  # English, or text already made in the display language by `_`
        return _(shown)
    if lang == "en":
        return str(shown)
    template = lookup(shown.msgid, None, lang) or shown.msgid
    return _fill(template, shown.params, lang)


def explained(error: Exception) -> tuple[str, str]:
    """A user error's message and hint in the display language: the parts the domain gave as
    `Phrase`s (an engine's reason for a refused move) translated, text made by `_` as it is."""
    message, hint = getattr(error, "said", (str(error), ""))
    return tuple(render(p) if isinstance(p, Phrase) else str(p) for p in (message, hint))  # type: ignore[return-value]


def _(msgid: str, /, **params: object) -> str:
    """The text of `msgid` in the current language, with `params` filled in."""
    lang = current_language()
    template = lookup(msgid, None, lang) or msgid
    return _fill(template, params, lang)


def N_(msgid: str, /) -> str:
    """Marks an id for the catalog where it is defined (a table of labels); translate it where
    it is shown with `_(variable)`."""
    return msgid


def _n(one: str, other: str, n: int, /, **params: object) -> str:
    """A plural message: `_n("{n} game", "{n} games", n)`; `n` is a parameter too."""
    lang = current_language()
    return _fill(_plural(lang, n, one, other), {"n": n, **params}, lang)


def pgettext(context: str, msgid: str, /, **params: object) -> str:
    """`_` for an id that needs a context (a short word meaning different things)."""
    lang = current_language()
    template = lookup(msgid, context, lang) or msgid
    return _fill(template, params, lang)


# --- numbers and dates -------------------------------------------------------------------------


def locale_name(lang: str | None = None) -> str:
    return {"en": "en_US", "ko": "ko_KR"}[lang or current_language()]


def number(value: float, digits: int | None = None) -> str:
    """A number as the display language writes it (grouping, decimals)."""
    from babel.numbers import format_decimal

    if digits is None:
        return format_decimal(value, locale=locale_name())
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=locale_name())


def percent(value: float, digits: int = 0) -> str:
    from babel.numbers import format_percent

    pattern = "#,##0" + ("." + "0" * digits if digits else "") + "%"
    return format_percent(value, format=pattern, locale=locale_name())


def when(moment: datetime | date | str | None, *, with_time: bool = True) -> str:
    """A date (and time) as the display language writes it; '' for None, text as it is."""
    if moment is None:
        return ""
    if isinstance(moment, str):
        try:
            moment = datetime.fromisoformat(moment)
        except ValueError:
            return str(moment)
    from babel.dates import format_date, format_datetime

    if isinstance(moment, datetime) and with_time:
        return format_datetime(moment, format="medium", locale=locale_name())
    return format_date(moment, format="medium", locale=locale_name())


# --- move sentences ----------------------------------------------------------------------------


def describe(rules: Any, state: Any, step: Any, own: bool = False) -> str:
    """`rules.describe(state, step)` in the display language.

    Engines with a `phrase(state, step) -> Phrase` method (the sentence before it is made English)
    are translated; an engine without one shows its English sentence. `own`: as the mover (or an
    observer of every card) reads it, naming the mover's own hidden cards where the engine has
    such a sentence (`own_sentence`): only for a reader who may see them.
    """
    lang = current_language()
    mine = getattr(rules, "own_sentence", None) if own else None
    said_own = mine(state, step) if mine is not None else None
    if said_own is not None:
        return render(said_own, lang)
    make = getattr(rules, "phrase", None)
    if lang == "en":
        return str(rules.describe(state, step))
    said = make(state, step) if make is not None else None
    if said is None:  # the engine's sentences are English only: named once in `missing()`
        _missing.add((lang, "engine sentences", str(getattr(rules, "name", rules))))
        return str(rules.describe(state, step))
    return render(said, lang)
