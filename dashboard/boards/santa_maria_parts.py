"""The expansion's parts of the Santa Maria board: ambassador dice and who holds their tiles (C),
the experts under the die values (B), the extra harbor and special colony tiles, each player's
cocoa, governor (A) and experts taken, and the Maya city (D) with its roads of buildings, dice and
priests, temples, storage tiles and cards (the hand only in the views that may see it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dashboard.boards.santa_maria_style import REGIONS, bundle_chips, chip, die, e, pawn

EXPERT_ICON = {
    "farmer": "&#8285;",
    "forester": "&#9650;",
    "soldier": "&#9876;",
    "improve": "&#9635;",
}


def _panel(title: str, body: str) -> str:
    return f"<div class='panel'><div class='t'>{e(title)}</div>{body}</div>"


def dice_panels(exp: Mapping[str, Any] | None, names: Sequence[str]) -> list[str]:
    """Modules in play, the ambassador dice with their tile holders, the experts by die value."""
    if not exp:
        return []
    out = [_panel("modules", e(exp.get("modules") or "none (general changes only)"))]
    amb = exp.get("ambassador")
    if amb:
        rows = []
        for colour in ("white", "blue"):
            seat = int(amb[f"{colour}_by"])
            holder = (
                pawn(seat, names[seat]) + " " + e(names[seat])
                if 0 <= seat < len(names)
                else "<small>on its tile</small>"
            )
            face = amb[colour]
            rows.append(
                f"<div class='space'><span class='what'>{colour} "
                f"{die(face, colour + ' ambassador')} {'' if face else '<small>taken</small>'}"
                f"</span>tile: {holder}</div>"
            )
        out.append(_panel("ambassador dice", "<div class='spaces'>" + "".join(rows) + "</div>"))
    experts = exp.get("experts") or []
    if experts:
        cells = []
        for v, x in enumerate(experts, start=1):
            if x:
                icon = EXPERT_ICON.get(str(x["kind"]), "")
                what = f"{icon} {e(x['kind'])} <small>({e(x['id'])})</small>"
            else:
                what = "<small>taken</small>"
            cells.append(f"<div class='space'>{die(v, 'white')} {what}</div>")
        body = "<div class='spaces'>" + "".join(cells) + "</div>"
        out.append(_panel("experts under the die values", body))
    return out


def harbor_panels(
    exp: Mapping[str, Any] | None, tiles: Mapping[str, Any], ships: Mapping[str, Any]
) -> list[str]:
    """The extra harbor's special shipping tile and the special colony tiles on display."""
    if not exp:
        return []
    from dashboard.boards.santa_maria import ship_html, tile_html

    sid = str(exp.get("special_shipping") or "")
    ship = ship_html(sid, ships) if sid else "<i>empty</i>"
    harbor = f"{ship}<small>{e(exp.get('special_shipping_left'))} left</small>"
    special = "".join(tile_html(str(t), tiles) for t in exp.get("special_colony_tiles", ()))
    return [
        _panel("extra harbor (special shipping)", harbor),
        _panel("special colony tiles (4 coins)", f"<div class='tiles'>{special or '—'}</div>"),
    ]


def player_facts(p: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A player's expansion rows: cocoa storage, governor, experts taken."""
    facts = []
    if p.get("cocoa_storage") is not None:
        facts.append(("cocoa", f"{e(p.get('cocoa'))} of {e(p['cocoa_storage'])} storage tile(s)"))
    if p.get("governor"):
        facts.append(("governor", f"&#9819; on {e(p['governor'])} (row, column)"))
    taken = p.get("experts_taken") or {}
    if any(taken.values()):
        facts.append(
            (
                "experts taken",
                " ".join(f"{EXPERT_ICON.get(k, '')} {e(k)} {v}" for k, v in taken.items() if v),
            )
        )
    return facts


def _spot(spot: Mapping[str, Any]) -> str:
    building = spot.get("building")
    bits = [f"<b>{e(spot['spot'])}</b>"]
    bits.append(e(", ".join(building)) if building else "<i>site</i>")
    on = spot.get("on")
    if on == "priest":
        bits.append("<span class='pawn' style='background:#6d4c41' title='priest'>P</span> priest")
    elif on:
        bits.append(die("\u2022", str(on), small=True) + f" {e(on)}")
    if spot.get("next"):
        bits.append("&rarr; " + e(", ".join(spot["next"])))
    regions = [str(r) for r in spot.get("regions", ())]
    if regions:
        bits.append(f"<small>{e(', '.join(regions))}</small>")
    if not building:
        return f"<td class='site'>{'<br>'.join(bits)}</td>"
    tint = REGIONS.get(regions[0], "#e6dcc4") if regions else "#e6dcc4"
    return f"<td style='background:{tint}'>{'<br>'.join(bits)}</td>"


def maya_html(maya: Mapping[str, Any], name: str, player: str) -> str:
    """The Maya city: roads 1-6 as rows of building spots, temples, storage and the card hand."""
    by_road: dict[str, list[Mapping[str, Any]]] = {}
    for spot in maya.get("city", ()):
        by_road.setdefault(str(spot["spot"]).split(".")[0], []).append(spot)
    opened = {str(r) for r in maya.get("roads_open", ())}
    rows = "".join(
        f"<tr><th>road {e(road)}</th>{''.join(_spot(s) for s in spots)}</tr>"
        for road, spots in sorted(by_road.items())
    )
    temples = []
    for t in maya.get("temples", ()):
        stage = int(t["stage"])
        steps = "".join(f"<i class='{'on' if k < stage else ''}'></i>" for k in range(3))
        cost = bundle_chips(str(t["cost"])) if t.get("cost") else "—"
        temples.append(
            f"<div class='temple' style='background:{REGIONS.get(str(t['region']), '#f7efd9')}'>"
            f"<b>{e(t['region'])}</b> <small>stage {stage}/3</small>"
            f"<div class='st'>{steps}</div>{e(t['tile'] or '—')} {cost}"
            f"<br>{e(t['cards'])} card(s) &middot; reward {e(t['reward'])}</div>"
        )
    storage = "".join(chip(k, f"{v[0]}/{v[1]}") for k, v in maya.get("storage", {}).items())
    hand = maya.get("hand")
    cards = (
        e(", ".join(str(c) for c in hand) or "—")
        if hand is not None
        else (f"{e(maya.get('hand_size'))} (hidden)")
    )
    tokens = "; ".join(
        f"{e(tid)} ({e(', '.join(effects))})"
        for kind in maya.get("building_tokens_left", {}).values()
        for tid, effects in kind.items()
    )
    facts = [
        ("storage (full / tiles)", storage),
        ("gold", chip("gold", maya.get("gold"))),
        ("cards in hand", cards),
        ("cards in deck", e(maya.get("deck", "?"))),
        ("priests ready / owned", f"{e(maya.get('priests'))} / {e(maya.get('priests_owned'))}"),
        ("road tokens left", e(maya.get("road_tokens"))),
        ("building tokens left", tokens or "—"),
        ("roads opened", e(", ".join(sorted(opened))) or "—"),
        ("temple points if leaving now", e(maya.get("temple_points"))),
    ]
    offer = maya.get("offer")
    if offer:  # a trade proposal waiting for the other player's answer (public)
        facts.insert(
            0,
            (
                "trade proposal",
                f"to seat {e(offer['to'])}: {e(offer['maya_gives'])} for {e(offer['maya_gets'])}",
            ),
        )
    kv = "".join(f"<span>{e(k)}</span><span>{v}</span>" for k, v in facts)
    return (
        f"<div class='player maya'><div class='phead'><span class='name'>{e(name)}: the Maya city"
        f"</span></div><table class='city'>{rows}</table>"
        f"<div class='temples'>{''.join(temples)}</div><div class='kv'>{kv}</div>"
        f"<div class='sub'>{e(name)} as a player</div>{player}</div>"
    )
