"""The Play page (record a game at the table, explore any game) and the Replay page's
"branch from here" and variations, over `application.play` (the same service as `novus move`).

Made for a tablet at the table: large buttons, one tap per move (each legal move is a button
with its sentence and code; a filter box narrows long lists), chance outcomes entered by
tapping the items that turned up (recorded when complete) or drawn by Novus. Every write carries
the version the page was drawn from, so a second tab on the same game gets a clear conflict
message and stores nothing.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from functools import partial
from typing import Any
from uuid import UUID

import streamlit as st

from application import play
from application.errors import GameChanged
from application.games_index import GameFilter
from application.i18n import N_, _, current_language, explained, term, when
from application.service import NovusApp
from application.settings import data_dir
from application.view_words import chance_label
from dashboard import boards, chance_items, chance_pad, data
from dashboard.language import game_title, restore, select_all
from dashboard.option_words import bot_name, option_name, value_name
from domain.core import registry
from domain.core.chance import Dice, Draw, Shuffle
from domain.core.errors import NovusError

FLASH = "play-flash"
WROTE = "play-wrote"
"""(game, version) this tab's last write made."""
PAD_TRIES = "play-pad-tries"
"""Outcomes sent from the chance pad so far in this session: part of the pad's name."""
BOTS = ("heuristic", "random")
REFRESH_AT_MOST = 2000
"""Events the Replay page projects itself before listing variations (more: left to Library)."""
MANY = 12
"""Above this many legal moves, a filter box is shown above them."""
FILTER_WORDS = {
    "puerto-rico": N_("settler, coffee, harbor"),
    "santa-maria": N_("wood, white die, rest"),
    "century-new-world": N_("A1-1, corn, rest"),
    "mundus-novus": N_("declares, coffee, caravel"),
}
"""Words of each game's moves for the filter's example (Santa Maria's page showed Puerto
Rico's 'settler, coffee, harbor')."""

CSS = """
<style>
.st-key-play-moves button, .st-key-play-chance button, .st-key-play-controls button,
.st-key-play-new button { min-height: 3.4rem; font-size: 1.05rem; text-align: left;
  justify-content: flex-start; white-space: normal; }
.st-key-play-moves button p, .st-key-play-chance button p { font-size: 1.05rem;
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important;
  text-align: left; }
.st-key-play-moves button div, .st-key-play-moves button span { white-space: normal !important;
  overflow: visible !important; text-overflow: clip !important; max-width: 100%; }
.st-key-play-moves code, .st-key-play-chance code { font-size: 0.8rem; opacity: 0.75; }
</style>
"""


Where = tuple[UUID, int] | None
"""The game and version a message belongs to (None: shown once, wherever)."""


def _say(kind: str, text: str, where: Where = None) -> None:
    st.session_state[FLASH] = (kind, text, where)


def _flash(where: Where = None) -> None:
    """The last write's message. One bound to a game's version stays while the game is at that
    version (a run cut short by the next tap drew it and lost it, so "Recorded: ..." was not
    always seen); a message for another game or version is dropped."""
    found = st.session_state.get(FLASH)
    if found is None:
        return
    kind, text, at = found
    if at is None or at != where:
        st.session_state.pop(FLASH, None)
        if at is not None:
            return
    (st.error if kind == "error" else st.success)(text)


def _done(app: NovusApp, game_id: UUID, text: str) -> None:
    """A write went through: say so for the version it made, remembered as this tab's own."""
    where = (game_id, app.version(game_id))
    st.session_state[WROTE] = where
    _say("success", text, where)


def _guarded(action: Any, *args: Any, on: UUID | None = None, **kwargs: Any) -> Any:
    """Run a write; a user error (a stale tab's conflict, a bad outcome) becomes a message,
    bound to the game `on` as it stands."""
    try:
        return action(*args, **kwargs)
    except NovusError as error:
        where = None if on is None else (on, args[0].version(on))
        if isinstance(error, GameChanged) and st.session_state.get(WROTE) == where:
            # this tab's own previous tap changed the game: not "another tab"
            _say(
                "error",
                _(
                    "That tap came after the step before it was recorded and was not "
                    "stored: the page shows the game as it stands now."
                ),
                where,
            )
            return None
        message, hint = explained(error)  # the engine's reason in the display language
        _say("error", message + (f" — {hint}" if hint else ""), where)
        return None


# ---- the page -----------------------------------------------------------------------------


def play_page(app: NovusApp) -> None:
    st.markdown(CSS, unsafe_allow_html=True)
    st.title(_("Play"))
    requested = st.query_params.get("game")
    if not requested:
        _flash()
        _new_game(app)
        _in_progress(app)
        return
    try:
        game_id = app.find(requested)
        pos = play.position(app, game_id)
    except NovusError as error:
        st.error(explained(error)[0])
        if st.button(_("Start a new game"), key="play-back"):
            st.query_params.clear()
            st.rerun()
        return
    _flash((pos.game_id, pos.version))
    _header(app, pos)
    if pos.over:
        _final(app, pos)
    elif pos.chance is not None:
        _chance(app, pos)
    else:
        _moves(app, pos)
    _controls(app, pos)
    _board(app, pos)


def _header(app: NovusApp, pos: play.Position) -> None:
    title = game_title(pos.game)  # in the display language (English on the Korean page before)
    if pos.synthetic_note:
        st.warning(
            _(
                "{title} plays with invented components ({note}): its moves follow the "
                "rulebook, and a table game is recorded here as far as its draws are among "
                "these boards, tiles and cards; the published pack, once completed "
                "(docs/components.md), records the printed ones.",
                title=title,
                note=pos.synthetic_note,
            )
        )
    parent = pos.source.get("parent") if pos.source.get("kind") == play.BRANCH else None
    line = _(
        "{title} · step {step} · {players}",
        title=title,
        step=pos.step,
        players=", ".join(pos.players),
    )
    st.caption(line)
    if parent:
        st.caption(
            _(
                "Branch of game {parent} at step {step}",
                parent=str(parent)[:8],
                step=pos.source.get("step"),
            )
        )
    if pos.over:
        return
    if pos.chance is not None:
        st.subheader(_("Chance: {label}", label=chance_label(pos.chance.label)))
    else:
        names = ", ".join(pos.players[s] for s in pos.to_move)
        st.subheader(_("{names} to move", names=names))


def _moves(app: NovusApp, pos: play.Position) -> None:
    moves: Sequence[play.Move] = pos.moves
    with st.container(key="play-moves"):
        if len(moves) > MANY:
            wanted = st.text_input(
                _("Filter moves"),
                key=f"play-filter-{pos.game_id}",
                placeholder=_(
                    "words of the move, e.g. {words}",
                    words=_(FILTER_WORDS.get(pos.game, FILTER_WORDS["puerto-rico"])),
                ),
            )
            moves = play.matching(moves, wanted)
        several = len(pos.to_move) > 1
        columns = st.columns(2)
        for index, move in enumerate(moves):
            label = f"{move.text}  `{move.action}`"
            name = pos.players[move.seat]
            if several and not move.text.startswith(name):  # most texts name their player
                label = f"{name}: {label}"
            columns[index % 2].button(
                label,
                key=f"play-move-{index}-{move.seat}-{move.action}",
                on_click=_record_move,
                args=(app, pos.game_id, move, pos.version),
                use_container_width=True,
            )
        if not moves:
            st.info(_("No legal move matches the filter."))


def _record_move(app: NovusApp, game_id: UUID, move: play.Move, version: int) -> None:
    restore()
    st.session_state[f"play-filter-{game_id}"] = ""  # the next position starts unfiltered
    done = _guarded(
        play.move, app, game_id, move.action, seat=move.seat, expected_version=version, on=game_id
    )
    if done is not None:
        _done(app, game_id, _("Recorded: {text}", text=done.text))


def _chance(app: NovusApp, pos: play.Position) -> None:
    spec = pos.chance
    assert spec is not None
    count = play.chance_count(spec)
    if isinstance(spec, Dice):
        choices = [str(v) for v in range(1, spec.sides + 1)]
    else:
        choices = play.chance_choices(spec)
    labels = chance_items.labels(pos.game, app.timeline(pos.game_id).state_at(pos.step), choices)
    # one pad per position and per try: a refused outcome (another tab moved) starts afresh
    ident = f"{pos.game_id}-{pos.version}-{st.session_state.get(PAD_TRIES, 0)}"
    with st.container(key="play-chance"):
        parts = play.chance_parts(spec)
        dealt = (
            [*pos.players[: len(spec.hands)], _("face up")][: len(parts)]
            if isinstance(spec, Draw) and spec.hands
            else []
        )
        chance_pad.show(
            ident,
            [(item, labels[item]) for item in choices],
            count,
            {
                "part": _(
                    "{label}: {have} of {count}", label="{label}", have="{have}", count="{count}"
                ),
                "tap": _(
                    "Tap what turned up at the table ({have} of {count}), or let Novus draw.",
                    have="{have}",
                    count="{count}",
                ),
                "so_far": _("So far: {items}", items="{items}"),
                "clear": _("Clear"),
                **({"rest": _("Novus draws the rest")} if count > 1 and choices else {}),
            },
            on_outcome=lambda: _tapped(app, pos, ident, labels),
            limits=play.chance_limits(spec),
            parts=list(zip(dealt, parts, strict=True)) if dealt else (),
        )
        st.button(
            _("Let Novus draw"),
            key="play-draw",
            on_click=_draw,
            args=(app, pos.game_id, pos.version, labels),
            use_container_width=True,
        )
    if dealt:
        st.caption(
            _(
                "A deal: tap a player's line, then the cards of that hand; the hands you saw "
                "are recorded as they are, and “Novus draws the rest” deals the others."
            )
        )
    if isinstance(spec, Shuffle):
        st.caption(
            _(
                "A shuffle: tap the items in the order they came; for a face-down rest, tap "
                "the ones turned up, then “Novus draws the rest”."
            )
        )


def _tapped(app: NovusApp, pos: play.Position, ident: str, labels: dict[str, str]) -> None:
    """The pad's complete outcome, as seen at the table: recorded (at the version drawn)."""
    seen = chance_pad.sent(ident)
    if seen is None:
        return
    restore()
    st.session_state[PAD_TRIES] = st.session_state.get(PAD_TRIES, 0) + 1
    if chance_pad.rest_asked(ident):  # the rest is face down: drawn, and not shown
        done = _guarded(
            play.draw_rest,
            app,
            pos.game_id,
            seen,
            parts=chance_pad.sent_parts(ident),
            expected_version=pos.version,
            on=pos.game_id,
        )
        if done is not None:
            said = ", ".join(labels.get(item, item) for item in seen)
            drawn = len(done) - len(seen)
            _done(
                app,
                pos.game_id,
                _("Recorded: {items}; Novus drew the other {n}.", items=said, n=drawn),
            )
        return
    done = _guarded(
        play.enter_chance, app, pos.game_id, seen, expected_version=pos.version, on=pos.game_id
    )
    if done is not None:
        said = ", ".join(labels.get(str(item), str(item)) for item in done)
        _done(app, pos.game_id, _("Recorded: {items}", items=said))


def _draw(app: NovusApp, game_id: UUID, version: int, labels: dict[str, str]) -> None:
    restore()
    done = _guarded(play.draw, app, game_id, expected_version=version, on=game_id)
    if done is not None:
        said = ", ".join(labels.get(str(item), str(item)) for item in done)
        _done(app, game_id, _("Drawn: {items}", items=said))


def _controls(app: NovusApp, pos: play.Position) -> None:
    with st.container(key="play-controls"):
        st.button(
            _("Take back the last step"),
            key="play-takeback",
            on_click=_take_back,
            args=(app, pos.game_id, pos.version),
            disabled=pos.step == 0,
            use_container_width=True,
        )
        if pos.over:
            return
        with st.expander(_("Bots"), expanded=False):
            seats = st.multiselect(
                _("Seats the bots play"),
                list(range(len(pos.players))),
                format_func=lambda s: pos.players[s],
                key=f"play-bot-seats-{pos.game_id}",
                placeholder=_("none"),
                select_all=select_all(),
            )
            kind = st.radio(
                _("Bot"),
                BOTS,
                horizontal=True,
                format_func=partial(bot_name, lang=current_language()),
                key=f"play-bot-kind-{pos.game_id}",
            )
            left, right = st.columns(2)
            left.button(
                _("One bot step"),
                key="play-bot-one",
                on_click=_bots,
                args=(app, pos.game_id, kind, seats, 1, pos.version),
                disabled=not seats,
                use_container_width=True,
            )
            right.button(
                _("Bots play on"),
                key="play-bot-all",
                on_click=_bots,
                args=(app, pos.game_id, kind, seats, None, pos.version),
                disabled=not seats,
                use_container_width=True,
                help=_("until the game ends or a seat without a bot is to move"),
            )


def _take_back(app: NovusApp, game_id: UUID, version: int) -> None:
    restore()
    taken = play.last_steps(app, game_id, 1)
    left = _guarded(play.take_back, app, game_id, 1, expected_version=version, on=game_id)
    if left is not None:
        said = _("Took back one step: the game is at step {step}.", step=left)
        if taken:  # which move is gone, as it read
            said = _("Took back “{move}”: the game is at step {step}.", move=taken[0], step=left)
        _done(app, game_id, said)


def _bots(
    app: NovusApp, game_id: UUID, kind: str, seats: list[int], most: int | None, version: int
) -> None:
    restore()
    played = _guarded(
        play.finish, app, game_id, kind, seats, max_steps=most, expected_version=version, on=game_id
    )
    if played is not None:
        _done(app, game_id, _("The bots played {n} step(s).", n=len(played)))


def _final(app: NovusApp, pos: play.Position) -> None:
    record = app.history(pos.game_id)
    st.subheader(_("The game is over"))
    if record.scores is not None:
        st.write(play.final_result(record.scores, pos.players))
    st.markdown(f"[{_('Open it in the replay')}]({replay_link(pos.game_id, pos.step)})")


def replay_link(game_id: object, step: object) -> str:
    """The Replay page's address at `step`, in this page's language: the Play page's link
    opened at step 0, and a link without `lang` opened in the browser's language."""
    return f"replay?game={game_id}&step={step}&lang={current_language()}"


def _board(app: NovusApp, pos: play.Position) -> None:
    timeline = app.timeline(pos.game_id, fresh=True)
    state = timeline.state_at(len(timeline.steps))
    rules = timeline.rules
    with st.expander(_("Board"), expanded=True):
        st.html(boards.render(pos.game, rules.view(state), rules, timeline.setup))


# ---- starting and choosing a game ----------------------------------------------------------


def _new_game(app: NovusApp) -> None:
    st.subheader(_("Record a new game"))
    names = registry.names()
    game = st.selectbox(
        _("Game"),
        names,
        index=names.index("puerto-rico") if "puerto-rico" in names else 0,
        format_func=game_title,
        key="play-new-game",
    )
    rules = registry.get(game)
    players = st.text_input(
        _("Players, in seat order"),
        placeholder=_("Ana, Ben, Cleo"),  # an example, in names of the display language
        key="play-new-players",
        help=_(
            "names separated by commas; {low} to {high} players",
            low=rules.min_players,
            high=rules.max_players,
        ),
    )
    options: dict[str, str] = {}
    columns = st.columns(2)
    for index, spec in enumerate(rules.options):
        options[spec.key] = columns[index % 2].selectbox(
            option_name(spec.key),
            spec.values,
            index=spec.values.index(spec.default) if spec.default in spec.values else 0,
            format_func=partial(value_name, spec.key, lang=current_language()),
            help=term(spec.help, "option"),
            key=f"play-new-{game}-{spec.key}",
        )
    if options.get("pack") == "synthetic":
        # the rules are the rulebook's; only the printed components are not known to Novus
        st.warning(
            _(
                "{title} with the synthetic pack: the rules are the rulebook's, but its boards, "
                "tiles and cards are invented, so a table game can be recorded only where its "
                "draws are among them. For the printed components, complete the published pack "
                "(docs/components.md) and choose it under Component pack.",
                title=game_title(game),
            )
        )
    with st.container(key="play-new"):
        if st.button(_("Start the game"), key="play-start", use_container_width=True):
            names_given = [p.strip() for p in players.split(",") if p.strip()]
            # the options changed from their defaults, as `novus new` is given them: with all
            # of them, a 5-player Santa Maria was refused (modules=none and maya=false said
            # outright, where left out they give way to the Maya city and module C)
            changed = {
                spec.key: options[spec.key]
                for spec in rules.options
                if options[spec.key] != spec.default
            }
            found = _guarded(play.new_game, app, game, names_given, changed, name="dashboard")
            if found is not None:
                st.query_params["game"] = str(found)
                st.rerun()
            _flash()


def _in_progress(app: NovusApp) -> None:
    """Games entered by hand or branched that are not over: continue any of them."""
    where = GameFilter(kinds=(play.MANUAL, play.BRANCH), unfinished=True)
    going = list(
        itertools.islice((s for page in app.summary_pages(20, where) for s in page), 20)
    )  # newest first, the first page of the matching games (the store's SQL filters them)
    if not going:
        return
    st.subheader(_("Continue a game"))
    for summary in going:
        label = _(
            "{title}: {players} ({when})",
            title=game_title(summary.game),
            players=", ".join(summary.players),
            when=when(summary.created),  # as the language writes a date (was "2026-11-25T05:14")
        )
        source = summary.source
        if source.get("kind") == play.BRANCH:  # else a branch reads as its parent does
            branched = _(
                "Branch of game {parent} at step {step}",
                parent=str(source.get("parent", ""))[:8],
                step=source.get("step", 0),
            )
            label = f"{label} · {branched}"
        if st.button(label, key=f"play-open-{summary.id}", use_container_width=True):
            st.query_params["game"] = str(summary.id)
            st.rerun()


# ---- the Replay page's hook ----------------------------------------------------------------


def replay_hook(app: NovusApp, game_id: UUID, step: int) -> None:
    """Under the replay: where a branch comes from, the variations that leave this game (each
    at its step, opening in the replay), and "branch from here" (a new game with the first
    `step` steps, opened on the Play page)."""
    record = app.history(game_id)
    record_source = record.source
    taken = play.takebacks(record)
    if taken:
        with st.expander(_("Take-backs ({n}), kept in the history", n=len(taken))):
            for entry in taken:
                steps = "; ".join(f"~~{text}~~" for text in entry.taken)
                st.markdown(_("Back to step {step}: {steps}", step=entry.to_step, steps=steps))
    if record_source.get("kind") == play.BRANCH:
        parent, at = record_source.get("parent"), record_source.get("step")
        st.caption(
            _(
                "A branch of game {parent}: its first {step} steps are the parent's.",
                parent=str(parent)[:8],
                step=at,
            )
        )
        st.markdown(
            f"[{_('Open the parent at step {step}', step=at)}]({replay_link(parent, at)})"
        )
    found = _variations(app, game_id)
    if found:
        st.markdown(
            _("Variations:")
            + " "
            + " · ".join(
                f"[{_('step {step}', step=k)} → {child.hex[:8]}]({replay_link(child, k)})"
                for k, child in found
            )
        )
    if st.button(_("Branch from here (step {step})", step=step), key="replay-branch"):
        child = _guarded(play.branch, app, game_id, step)
        if child is None:
            _flash()
            return
        st.switch_page(
            st.Page(_play_entry, title=_("Play"), url_path="play"),
            query_params={"game": str(child)},
        )


def _variations(app: NovusApp, game_id: UUID) -> list[tuple[int, UUID]]:
    """The branches of a game (step, id), from the projected `games` table: one query, not a
    scan of the store at every replay. A short backlog is projected first (a branch just made);
    a long one is left to the Library, so opening a replay never waits on a big catch-up."""
    folder = data_dir()
    try:
        done = data.views(folder).position()
    except NovusError:  # nothing published yet
        done = 0
    behind = app.max_notification_id() - done
    if 0 < behind <= REFRESH_AT_MOST:  # a few new events (a branch just made): project them
        data.refresh(app, folder)
    found = data.query(
        folder,
        "SELECT game_id, source FROM games WHERE source_kind = ? "
        "AND json_extract_string(source, '$.parent') = ? ORDER BY position",
        [play.BRANCH, str(game_id)],
    )
    out = []
    for row in found.itertuples(index=False):
        source = json.loads(str(row.source))
        out.append((int(source.get("step", 0)), UUID(str(row.game_id))))
    return sorted(out, key=lambda item: item[0])


def _play_entry() -> None:  # pragma: no cover - the page object `switch_page` goes to
    pass
