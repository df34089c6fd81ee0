"""The Mundus Novus board: the round's event, the development queue, market and open supply,
then one panel per seat. Drawn from `Rules.view(state, seat)`: for a seat, other hands and
unrevealed offers appear only as face-down counts; for the observer, every card shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from application.event_names import event_name
from application.i18n import N_, _, term
from dashboard.boards import SYNTHETIC_LABEL
from domain.core.protocol import Rules

PHASES = {
    "setup_dev": N_("shuffle the development deck"),
    "setup_market": N_("market cards"),
    "coronado": N_("Coronado buys an event"),
    "supply": N_("supply"),
    "fleets": N_("fleets"),
    "pick": N_("pick open cards"),
    "pirates": N_("pirates"),
    "declare": N_("declare the trade"),
    "offer": N_("trade offers"),
    "choose_master": N_("choose the trade master"),
    "draw": N_("draws"),
    "give": N_("give a card back"),
    "first": N_("first player of development"),
    "develop": N_("development"),
    "over": N_("over"),
}
END_REASONS = {
    "development queue not refilled": N_("development queue not refilled"),
    "complete set": N_("complete set"),
}


def _term(text: Any, kind: str) -> str:
    return term(str(text), f"mundus_novus.{kind}")


def _end_reason(text: str) -> str:
    parts = []
    for reason in text.split("; "):
        doubloons = reason.removesuffix(" doubloons")
        if doubloons != reason and doubloons.isdigit():
            parts.append(_("{n} doubloons", n=doubloons))
        else:
            parts.append(_(END_REASONS[reason]) if reason in END_REASONS else reason)
    return "; ".join(parts)


STYLE = (
    "<style>.mn-board{font-size:0.9em;max-width:100%;overflow-x:auto;word-break:keep-all;"
    "overflow-wrap:break-word}"
    ".mn-row{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:3px 0}"
    ".mn-card{display:inline-block;min-width:1.6em;padding:2px 5px;border-radius:4px;"
    "border:1px solid #888;text-align:center;font-weight:600}"
    ".mn-c{background:#f4e8c8}.mn-r{background:#cfe3f6}.mn-v{background:#e3cdf2}"
    ".mn-R{background:#f5d142}.mn-back{background:#6b4f2a;color:#fff}"
    ".mn-dev{border:1px solid #999;border-radius:5px;padding:3px 6px;background:#fafafa}"
    ".mn-seat{border:1px solid #bbb;border-radius:6px;padding:4px 8px;margin:4px 0}"
    ".mn-master{border:2px solid #b8860b}.mn-move{background:#eef8ee}"
    ".mn-label{color:#a15c00;font-weight:600}.mn-muted{color:#666}</style>"
)


def _chip(card: str) -> str:
    cls = "mn-R" if card == "R" else ("mn-c", "mn-r", "mn-v")[(int(card) - 1) // 3]
    return f"<span class='mn-card {cls}'>{escape(card)}</span>"


def _chips(cards: Sequence[str] | None, count: int | None = None, empty: str = "—") -> str:
    if cards is None:
        n = count or 0
        hidden = escape(_("{n} hidden", n=n))
        return f"<span class='mn-card mn-back'>{hidden}</span>" if n else empty
    return "".join(_chip(c) for c in cards) or empty


def _dev(card: Mapping[str, Any]) -> str:
    extra = []
    if "value" in card:
        extra.append(_("value {n}", n=card["value"]))
    if "range" in card:
        extra.append(_("range {range}", range=card["range"]))
    if "capacity" in card:
        extra.append(_("keeps {n}", n=card["capacity"]))
    if card.get("income"):
        extra.append(_("+{n}/round", n=card["income"]))
    if card.get("event", "none") not in ("none", "?"):
        extra.append(_("event: {event}", event=event_name(str(card["event"]))))
    detail = f" <span class='mn-muted'>({escape(', '.join(extra))})</span>" if extra else ""
    return f"<span class='mn-dev'>{escape(_term(card['name'], 'card'))}{detail}</span>"


def _seat(seat: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    classes = ["mn-seat"]
    if seat["seat"] == view.get("master"):
        classes.append("mn-master")
    if seat["seat"] in view.get("to_move", []):
        classes.append("mn-move")
    tags = []
    if seat["seat"] == view.get("master"):
        tags.append(_("trade master"))
    if seat.get("complete"):
        tags.append(_("complete set"))
    if seat["seat"] == view.get("viewer"):
        tags.append(_("you"))
    money = escape(_("{n} doubloons", n=seat["doubloons"]))
    head = f"<b>{escape(str(seat['name']))}</b> — {money}"
    if tags:
        head += f" <span class='mn-label'>[{escape(', '.join(tags))}]</span>"
    if not seat["offered"]:
        offer = "—"
    elif seat["offer"] is None:
        down = escape(_("{n} face down", n=seat["offer_count"]))
        offer = f"<span class='mn-card mn-back'>{down}</span>"
    else:
        offer = _chips(seat["offer"])
    fleets = "; ".join("+".join(map(str, f)) for f in seat.get("fleets", [])) or "—"
    rows = [
        f"<div>{head}</div>",
        f"<div class='mn-row'>{_('hand:')} {_chips(seat['hand'], seat['hand_count'])}</div>",
        f"<div class='mn-row'>{_('warehouse:')} "
        f"{_chips(seat['stored'], seat['stored_count'])}</div>",
        f"<div class='mn-row'>{_('trade offer:')} {offer}</div>",
        f"<div class='mn-row'>{_('caravels:')} {escape(fleets)}</div>",
        f"<div class='mn-row'>{_('development:')} "
        + ("".join(_dev(c) for c in seat["development"]) or "—")
        + "</div>",
    ]
    return f"<div class='{' '.join(classes)}'>{''.join(rows)}</div>"


def render(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    parts = [STYLE, "<div class='mn-board'>", f"<h4>{escape(term(rules.title, 'game'))}</h4>"]
    if view.get("synthetic"):
        parts.append(f"<div class='mn-label'>{escape(_(SYNTHETIC_LABEL))}</div>")
    who = _("observer (all cards)") if view.get("viewer") is None else _("seat view")
    phase = str(view["phase"])
    shown_phase = _(PHASES[phase]) if phase in PHASES else phase
    event = escape(_term(view["event_name"], "event"))
    parts.append(
        f"<div>{escape(_('Round {round}', round=view['round']))} · "
        f"{escape(_('event:'))} <b>{event}</b> · "
        f"{escape(_('phase:'))} {escape(shown_phase)} · "
        f"<span class='mn-muted'>{escape(who)}</span></div>"
    )
    if view.get("over"):
        reason = escape(_end_reason(str(view["end_reason"])))
        parts.append(f"<div class='mn-label'>{escape(_('Game over:'))} {reason}</div>")
    queue = "".join(
        f"<span class='mn-muted'>{i}.</span>{_dev(c)}" for i, c in enumerate(view["queue"], 1)
    )
    parts.append(f"<div class='mn-row'>{_('development queue:')} {queue or '—'}</div>")
    counts = _(
        "deck {deck} · discard {discard} · development deck {development}",
        deck=view["deck"],
        discard=view["discard"],
        development=view["development_deck"],
    )
    parts.append(
        f"<div class='mn-row'>{_('market:')} {_chips(view['market'])} · {_('open supply:')} "
        f"{_chips(view['open_cards'])} · {escape(counts)}</div>"
    )
    trade = view.get("trade", {})
    if trade.get("declared"):
        declared = _("trade: {n} cards declared", n=trade["declared"])
        parts.append(f"<div>{escape(declared)}</div>")
    parts.extend(_seat(seat, view) for seat in view["seats"])
    parts.append("</div>")
    return "".join(parts)
