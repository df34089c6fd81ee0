"""The Mundus Novus board: the round's event, the development queue, market and open supply,
then one panel per seat. Drawn from `Rules.view(state, seat)`: for a seat, other hands and
unrevealed offers appear only as face-down counts; for the observer, every card shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from dashboard.boards import SYNTHETIC_LABEL
from domain.core.protocol import Rules

STYLE = (
    "<style>.mn-board{font-size:0.9em;max-width:100%;overflow-x:auto}"
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
        return f"<span class='mn-card mn-back'>{n} hidden</span>" if n else empty
    return "".join(_chip(c) for c in cards) or empty


def _dev(card: Mapping[str, Any]) -> str:
    extra = []
    if "value" in card:
        extra.append(f"value {card['value']}")
    if "range" in card:
        extra.append(f"range {card['range']}")
    if "capacity" in card:
        extra.append(f"keeps {card['capacity']}")
    if card.get("income"):
        extra.append(f"+{card['income']}/round")
    if card.get("event", "none") != "none":
        extra.append(f"event: {str(card['event']).replace('_', ' ')}")
    detail = f" <span class='mn-muted'>({escape(', '.join(extra))})</span>" if extra else ""
    return f"<span class='mn-dev'>{escape(str(card['name']))}{detail}</span>"


def _seat(seat: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    classes = ["mn-seat"]
    if seat["seat"] == view.get("master"):
        classes.append("mn-master")
    if seat["seat"] in view.get("to_move", []):
        classes.append("mn-move")
    tags = []
    if seat["seat"] == view.get("master"):
        tags.append("trade master")
    if seat.get("complete"):
        tags.append("complete set")
    if seat["seat"] == view.get("viewer"):
        tags.append("you")
    head = f"<b>{escape(str(seat['name']))}</b> — {seat['doubloons']} doubloons"
    if tags:
        head += f" <span class='mn-label'>[{escape(', '.join(tags))}]</span>"
    if not seat["offered"]:
        offer = "—"
    elif seat["offer"] is None:
        offer = f"<span class='mn-card mn-back'>{seat['offer_count']} face down</span>"
    else:
        offer = _chips(seat["offer"])
    fleets = "; ".join("+".join(map(str, f)) for f in seat.get("fleets", [])) or "—"
    rows = [
        f"<div>{head}</div>",
        f"<div class='mn-row'>hand: {_chips(seat['hand'], seat['hand_count'])}</div>",
        f"<div class='mn-row'>warehouse: {_chips(seat['stored'], seat['stored_count'])}</div>",
        f"<div class='mn-row'>trade offer: {offer}</div>",
        f"<div class='mn-row'>caravels: {escape(fleets)}</div>",
        "<div class='mn-row'>development: "
        + ("".join(_dev(c) for c in seat["development"]) or "—")
        + "</div>",
    ]
    return f"<div class='{' '.join(classes)}'>{''.join(rows)}</div>"


def render(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    parts = [STYLE, "<div class='mn-board'>", f"<h4>{escape(rules.title)}</h4>"]
    if view.get("synthetic"):
        parts.append(f"<div class='mn-label'>{escape(SYNTHETIC_LABEL)}</div>")
    who = "observer (all cards)" if view.get("viewer") is None else "seat view"
    parts.append(
        f"<div>Round {view['round']} · event: <b>{escape(str(view['event_name']))}</b> · "
        f"phase: {escape(str(view['phase']).replace('_', ' '))} · "
        f"<span class='mn-muted'>{escape(who)}</span></div>"
    )
    if view.get("over"):
        parts.append(f"<div class='mn-label'>Game over: {escape(str(view['end_reason']))}</div>")
    queue = "".join(
        f"<span class='mn-muted'>{i}.</span>{_dev(c)}" for i, c in enumerate(view["queue"], 1)
    )
    parts.append(f"<div class='mn-row'>development queue: {queue or '—'}</div>")
    parts.append(
        f"<div class='mn-row'>market: {_chips(view['market'])} · open supply: "
        f"{_chips(view['open_cards'])} · deck {view['deck']} · discard {view['discard']}"
        f" · development deck {view['development_deck']}</div>"
    )
    trade = view.get("trade", {})
    if trade.get("declared"):
        parts.append(f"<div>trade: {trade['declared']} cards declared</div>")
    parts.extend(_seat(seat, view) for seat in view["seats"])
    parts.append("</div>")
    return "".join(parts)
