"""The message catalog's upkeep: which ids the code shows, which of them lack a translation.

    python3 -m novus.catalog check     # ids without Korean (exit 1 if any)
    python3 -m novus.catalog update    # add new ids to every .po (empty, to fill in)
    python3 -m novus.catalog glossary  # docs/glossary-ko.md from the catalog's term entries

Ids come from two places: the source, by Babel's extractor (the keywords in `KEYWORDS`: `_`,
`_n`, `pgettext`, and the domain's `phrase`/`worded`/`counted`; plus such calls inside
f-strings, which Babel does not see on Python 3.11), and the engines' term tables
(`Rules.terms()`, optional: every component name a sentence or board can show). The same
extraction with pybabel:

    pybabel extract -F babel.cfg -k _ -k N_ -k _n:1,2 -k pgettext:1c,2 -k phrase -k worded \
        -k counted:2,3 -o novus.pot application dashboard domain importers novus projections
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from application import i18n
from domain.core.phrase import Count, Term

ROOT = Path(__file__).resolve().parent.parent
SOURCES: tuple[str, ...] = (
    "analysis",
    "application",
    "dashboard",
    "domain",
    "importers",
    "novus",
    "projections",
)
"""Folders whose code shows text (the play-by-email reader's words stay English, as the reports
it parses are: `METHODS` leaves it out; native files are language-neutral and their import's
words are in the catalog)."""
METHODS: list[tuple[str, str]] = [
    ("**/pbem_report.py", "ignore"),
    ("**/pbem/**.py", "ignore"),
    ("**.py", "python"),
]
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "_n": (1, 2),
    "pgettext": ((1, "c"), 2),
    "phrase": None,
    "worded": None,
    "counted": (2, 3),
}


@dataclass(frozen=True)
class Entry:
    """One message id the code can show, and where it comes from."""

    msgid: str
    context: str | None
    plural: str | None
    where: str

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)


def extracted(root: Path = ROOT, sources: Iterable[str] = SOURCES) -> Iterator[Entry]:
    """Every id in the source code, by Babel's Python extractor."""
    from babel.messages.extract import extract_from_dir

    for folder in sources:
        base = root / folder
        if not base.is_dir():
            continue
        for filename, line, message, _comments, context in extract_from_dir(
            base, method_map=METHODS, keywords=KEYWORDS, directory_filter=_wanted
        ):
            where = f"{folder}/{filename}:{line}"
            if isinstance(message, tuple):
                if message[0]:
                    plural = message[1] if len(message) > 1 else None
                    yield Entry(message[0], context, plural, where)
            elif message:
                yield Entry(message, context, None, where)


def in_fstrings(root: Path = ROOT, sources: Iterable[str] = SOURCES) -> Iterator[Entry]:
    """Keyword calls inside f-strings, which Babel's extractor does not see on Python 3.11."""
    for folder in sources:
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.JoinedStr):
                    continue
                for call in ast.walk(node):
                    if not isinstance(call, ast.Call):
                        continue
                    entry = _call_entry(call, f"{path.relative_to(root)}:{call.lineno}")
                    if entry is not None:
                        yield entry


def _call_entry(node: ast.AST, where: str) -> Entry | None:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return None
    spec = KEYWORDS.get(node.func.id, "absent")
    if spec == "absent":
        return None
    texts = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
    positions: tuple[int | tuple[int, str], ...] = spec or (1,)  # type: ignore[assignment]
    context = None
    ids = []
    for p in positions:
        if isinstance(p, tuple):
            context = texts[p[0] - 1] if len(texts) >= p[0] else None
        else:
            ids.append(texts[p - 1] if len(texts) >= p else None)
    if not ids or not isinstance(ids[0], str):
        return None
    plural = ids[1] if len(ids) > 1 and isinstance(ids[1], str) else None
    return Entry(ids[0], context if isinstance(context, str) else None, plural, where)


def _wanted(path: str) -> bool:
    return "__pycache__" not in path and "/locales" not in path


def engine_terms() -> Iterator[Entry]:
    """Every component name the engines' term tables list (`Rules.terms()`, where present)."""
    from domain.core import registry
    from domain.core.labels import SYNTHETIC_LABEL
    from projections.games import GameStats

    yield Entry(SYNTHETIC_LABEL, None, None, "domain/core/labels.py")
    for module in sorted((ROOT / "projections" / "games").glob("*.py")):
        if module.stem.startswith("_"):
            continue
        import importlib

        stats = getattr(importlib.import_module(f"projections.games.{module.stem}"), "STATS", None)
        if isinstance(stats, GameStats):
            for title in stats.titles.values():
                yield Entry(title, None, None, f"projections/games/{module.name} titles")
    for name in registry.names():
        rules = registry.get(name)
        yield Entry(rules.title, "game", None, f"domain {name} title")
        terms = getattr(rules, "terms", None)
        if terms is None:
            continue
        for t in terms():
            if isinstance(t, Count):
                yield Entry(t.one, t.context, t.other, f"domain {name} terms")
            elif not isinstance(t, Term):  # a plain message id of a label table
                yield Entry(str(t), None, None, f"domain {name} terms")
            else:
                yield Entry(t.text, t.context, None, f"domain {name} terms")


def display_words() -> Iterator[Entry]:
    """The words `novus show` names view keys and codes with (`application.view_words`), and the
    engines' option meanings and notes (`novus rules`): ids that are data, not calls."""
    from application import view_words
    from domain.core import registry

    for word in view_words.entries():
        yield Entry(word, view_words.CONTEXT, None, "application/view_words.py")
    for label in view_words.CHANCE_LABELS:
        yield Entry(label, "chance", None, "application/view_words.py CHANCE_LABELS")
    from typer.main import get_command

    from novus.cli import typer_text
    from novus.cli.main import app

    for text, where in typer_text.entries(get_command(app)):
        yield Entry(text, typer_text.CONTEXT, None, f"novus/cli {where}")
    for name in registry.names():
        rules = registry.get(name)
        if rules.synthetic_note:
            yield Entry(rules.synthetic_note, "option", None, f"domain {name} synthetic_note")
        for spec in rules.options:
            yield Entry(spec.help, "option", None, f"domain {name} option {spec.key}")


def all_entries() -> dict[tuple[str | None, str], Entry]:
    found: dict[tuple[str | None, str], Entry] = {}
    for entry in (*extracted(), *in_fstrings(), *engine_terms(), *display_words()):
        found.setdefault(entry.key, entry)
    return found


def untranslated(lang: str = "ko") -> list[Entry]:
    """The ids the code can show that `lang`'s catalog does not translate."""
    have = i18n.entries(lang)
    return [e for key, e in sorted(all_entries().items(), key=_order) if key not in have]


def _order(item: tuple[tuple[str | None, str], Entry]) -> tuple[str, str]:
    return (item[0][0] or "", item[0][1])


def explain(missing: list[Entry], lang: str = "ko") -> str:
    """A report for a developer: each id without a translation, and how to add them."""
    lines = [
        f"{len(missing)} message id(s) have no {i18n.NAMES.get(lang, lang)} translation in "
        f"{i18n.po_path(lang).relative_to(ROOT)}:"
    ]
    for e in missing:
        ctx = f" [context {e.context}]" if e.context else ""
        lines.append(f"  {e.where}: {e.msgid!r}{ctx}")
    lines.append(
        "add them with `python3 -m novus.catalog update`, then write each msgstr "
        "(Korean component names as the rulebooks in shared/rules name them; docs/glossary-ko.md)"
    )
    return "\n".join(lines)


def update(lang: str = "ko") -> int:
    """Add every id the code shows to `lang`'s .po (empty msgstr); returns how many were added."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    path = i18n.po_path(lang)
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=i18n.DOMAIN)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=lang, domain=i18n.DOMAIN, project="novus")
    added = 0
    for entry in all_entries().values():
        if catalog.get(entry.msgid, entry.context) is not None:
            continue
        msgid: str | tuple[str, str] = (entry.msgid, entry.plural) if entry.plural else entry.msgid
        string: str | tuple[str, ...] = ("",) if entry.plural else ""
        catalog.add(msgid, string, context=entry.context, auto_comments=[entry.where])
        added += 1
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=False)
    return added


GLOSSARY = ROOT / "docs" / "glossary-ko.md"


def glossary(lang: str = "ko") -> str:
    """The component names of the four games in `lang`, each with the rulebook that names it
    (the catalog's term entries and their `rulebook:` comments), as Markdown."""
    from babel.messages.pofile import read_po

    with i18n.po_path(lang).open("rb") as handle:
        po = read_po(handle, locale=lang)
    terms = {(e.context, e.msgid) for e in engine_terms() if e.context}
    rows: dict[str, list[str]] = {}
    for message in po:
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        if (message.context, msgid) not in terms:
            continue
        text = message.string[0] if isinstance(message.string, tuple) else message.string
        source = next((c for c in message.user_comments if c.startswith("rulebook:")), "")
        where = source.removeprefix("rulebook:").strip() or "-"
        context = str(message.context)
        rows.setdefault(context, []).append(f"| {msgid} | {text} | {where} |")
    lines = [
        "# Korean names of the components (generated: `python3 -m novus.catalog glossary`)",
        "",
        "Every component name the move sentences and boards show, as the Korean rulebooks",
        "in `shared/rules/` name it; the source column names the rulebook (and its section).",
        "The catalog (`application/locales/ko/LC_MESSAGES/novus.po`) is the source of this",
        "page; each entry there carries the same `rulebook:` comment. Contexts:",
        "`<game>.<kind>`; Puerto Rico's 2-player sheet (option `names=2p`) has its own names",
        "under `puerto_rico.2p.*`.",
        "",
    ]
    for context in sorted(rows):
        lines += [f"## {context}", "", "| English | 한국어 | rulebook |", "|---|---|---|"]
        lines += [*sorted(rows[context]), ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "glossary":
        GLOSSARY.write_text(glossary(), encoding="utf-8")
        print(f"wrote {GLOSSARY}")
        return 0
    if command == "update":
        for lang in i18n.LANGUAGES[1:]:
            print(f"{lang}: {update(lang)} id(s) added to {i18n.po_path(lang)}")
        return 0
    if command == "check":
        bad = 0
        for lang in i18n.LANGUAGES[1:]:
            missing = untranslated(lang)
            if missing:
                print(explain(missing, lang))
                bad += 1
        return 1 if bad else 0
    print("usage: python3 -m novus.catalog check|update|glossary", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
