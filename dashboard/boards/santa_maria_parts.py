"""The expansion's parts of the Santa Maria board: ambassador dice and who holds their tiles (C),
the experts under the die values (B), the extra harbor and special colony tiles, each player's
cocoa, governor (A) and experts taken, and the Maya city (D) with its roads of buildings, dice and
priests, temples, storage tiles and cards (the hand only in the views that may see it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from application.i18n import _, _n, pgettext
from dashboard.boards import santa_maria_words as words
from dashboard.boards.santa_maria_style import REGIONS, bundle_chips, chip, die, e, pawn


def _reward(key: str) -> str:
    """A temple region's reward (`components.MAYA_REWARDS`), English as the view gives it."""
    return {
        "2coin": pgettext("santa_maria.reward", "2coin"),
        "2cards": pgettext("santa_maria.reward", "2cards"),
        "storage": pgettext("santa_maria.reward", "storage"),
        "road": pgettext("santa_maria.reward", "road"),
        "priest": pgettext("santa_maria.reward", "priest"),
    }.get(key, key)


EXPERT_ICON = {
    "farmer": "&#8285;",
    "forester": "&#9650;",
    "soldier": "&#9876;",
    "improve": "&#9635;",
}


def _panel(title: str, body: str) -> str:
    return f"<div class='panel'><div class='t'>{e(title)}</div>{body}</div>"


def dice_panels(
    exp: Mapping[str, Any] | None, names: Sequence[str], synthetic: bool = False
) -> list[str]:
    """Modules in play, the ambassador dice with their tile holders, the experts by die value."""
    if not exp:
        return []
    modules = exp.get("modules") or _("none (general changes only)")
    out = [_panel(_("modules"), e(modules))]
    amb = exp.get("ambassador")
    if amb:
        rows = []
        for colour in ("white", "blue"):
            seat = int(amb[f"{colour}_by"])
            holder = (
                pawn(seat, names[seat]) + " " + e(names[seat])
                if 0 <= seat < len(names)
                else f"<small>{e(_('on its tile'))}</small>"
            )
            face = amb[colour]
            # a 0 is a taken die once rolled, before the year's roll no die yet
            state = _("taken") if amb.get("rolled", True) else _("not rolled yet")
            taken = "" if face else f"<small>{e(state)}</small>"
            rows.append(
                f"<div class='space'><span class='what'>{e(words.colour(colour))} "
                f"{die(face, colour + ' ambassador')} {taken}"
                f"</span>{e(_('tile:'))} {holder}</div>"
            )
        spaces = "<div class='spaces'>" + "".join(rows) + "</div>"
        out.append(_panel(_("ambassador dice"), spaces))
    experts = exp.get("experts") or []
    if experts:
        cells = []
        for v, x in enumerate(experts, start=1):
            if x:
                icon = EXPERT_ICON.get(str(x["kind"]), "")
                eid = e(words.component(str(x["id"]), synthetic))
                what = f"{icon} {e(words.expert(str(x['kind'])))} <small>({eid})</small>"
            else:
                what = f"<small>{e(_('taken'))}</small>"
            cells.append(f"<div class='space'>{die(v, 'white')} {what}</div>")
        body = "<div class='spaces'>" + "".join(cells) + "</div>"
        out.append(_panel(_("experts under the die values"), body))
    return out


def harbor_panels(
    exp: Mapping[str, Any] | None,
    tiles: Mapping[str, Any],
    ships: Mapping[str, Any],
    synthetic: bool = False,
) -> list[str]:
    """The extra harbor's special shipping tile and the special colony tiles on display."""
    if not exp:
        return []
    from dashboard.boards.santa_maria import ship_html, tile_html

    sid = str(exp.get("special_shipping") or "")
    ship = ship_html(sid, ships) if sid else f"<i>{e(_('empty'))}</i>"
    left = _("{n} left", n=exp.get("special_shipping_left"))
    harbor = f"{ship}<small>{e(left)}</small>"
    special = "".join(
        tile_html(str(t), tiles, synthetic) for t in exp.get("special_colony_tiles", ())
    )
    return [
        _panel(_("extra harbor (special shipping)"), harbor),
        _panel(_("special colony tiles (4 coins)"), f"<div class='tiles'>{special or '—'}</div>"),
    ]


def player_facts(p: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A player's expansion rows: cocoa storage, governor, experts taken."""
    facts = []
    if p.get("cocoa_storage") is not None:
        cocoa = _("{n} of {tiles} storage tile(s)", n=p.get("cocoa"), tiles=p["cocoa_storage"])
        facts.append((words.item("cocoa"), e(cocoa)))
    if p.get("governor"):
        where = e(_("on {cell} (row, column)", cell=p["governor"]))
        facts.append((_("governor"), f"&#9819; {where}"))
    taken = p.get("experts_taken") or {}
    if any(taken.values()):
        shown = " ".join(
            f"{EXPERT_ICON.get(k, '')} {e(words.expert(k))} {v}" for k, v in taken.items() if v
        )
        facts.append((_("experts taken"), shown))
    return facts


def _spot(spot: Mapping[str, Any]) -> str:
    building = spot.get("building")
    bits = [f"<b>{e(spot['spot'])}</b>"]
    site = f"<i>{e(_('site'))}</i>"
    bits.append(e(", ".join(words.effect(str(x)) for x in building)) if building else site)
    on = spot.get("on")
    if on == "priest":
        priest = e(_("priest"))
        bits.append(
            f"<span class='pawn' style='background:#6d4c41' title='{priest}'>"
            f"{e(pgettext('santa_maria.priest', 'P'))}</span> "
            f"{priest}"
        )
    elif on:
        bits.append(die("\u2022", str(on), small=True) + f" {e(words.colour(str(on)))}")
    if spot.get("next"):
        bits.append("&rarr; " + e(", ".join(spot["next"])))
    regions = [str(r) for r in spot.get("regions", ())]
    if regions:
        bits.append(f"<small>{e(', '.join(words.region(r) for r in regions))}</small>")
    if not building:
        return f"<td class='site'>{'<br>'.join(bits)}</td>"
    tint = REGIONS.get(regions[0], "#e6dcc4") if regions else "#e6dcc4"
    return f"<td style='background:{tint}'>{'<br>'.join(bits)}</td>"


def maya_html(maya: Mapping[str, Any], name: str, player: str, synthetic: bool = False) -> str:
    """The Maya city: roads 1-6 as rows of building spots, temples, storage and the card hand."""
    by_road: dict[str, list[Mapping[str, Any]]] = {}
    for spot in maya.get("city", ()):
        by_road.setdefault(str(spot["spot"]).split(".")[0], []).append(spot)
    opened = {str(r) for r in maya.get("roads_open", ())}
    rows = "".join(
        f"<tr><th>{e(_('road {n}', n=road))}</th>{''.join(_spot(s) for s in spots)}</tr>"
        for road, spots in sorted(by_road.items())
    )
    temples = []
    for t in maya.get("temples", ()):
        stage = int(t["stage"])
        steps = "".join(f"<i class='{'on' if k < stage else ''}'></i>" for k in range(3))
        cost = bundle_chips(str(t["cost"])) if t.get("cost") else "—"
        cards = e(_("{n} card(s)", n=t["cards"]))
        reward = e(_("reward {what}", what=_reward(str(t["reward"]))))
        temples.append(
            f"<div class='temple' style='background:{REGIONS.get(str(t['region']), '#f7efd9')}'>"
            f"<b>{e(words.region(str(t['region'])))}</b> "
            f"<small>{e(_('stage {n}/3', n=stage))}</small>"
            f"<div class='st'>{steps}</div>{e(t['tile'] or '—')} {cost}"
            f"<br>{cards} &middot; {reward}</div>"
        )
    storage = "".join(chip(k, f"{v[0]}/{v[1]}") for k, v in maya.get("storage", {}).items())
    hand = maya.get("hand")
    cards = (
        e(", ".join(words.component(str(c), synthetic) for c in hand) or "—")
        if hand is not None
        else e(_("{n} (hidden)", n=maya.get("hand_size")))
    )
    tokens = "; ".join(
        f"{e(_tokens(tid))} ({e(', '.join(words.effect(str(x)) for x in effects))})"
        for kind in maya.get("building_tokens_left", {}).values()
        for tid, effects in kind.items()
    )
    facts = [
        (_("storage (full / tiles)"), storage),
        (words.item("gold"), chip("gold", maya.get("gold"))),
        (_("cards in hand"), cards),
        (_("cards in deck"), e(maya.get("deck", "?"))),
        (_("priests ready / owned"), f"{e(maya.get('priests'))} / {e(maya.get('priests_owned'))}"),
        (_("road tokens left"), e(maya.get("road_tokens"))),
        (_("building tokens left"), tokens or "—"),
        (_("roads opened"), e(", ".join(sorted(opened))) or "—"),
        (_("temple points if leaving now"), e(maya.get("temple_points"))),
    ]
    offer = maya.get("offer")
    if offer:  # a trade proposal waiting for the other player's answer (public)
        text = _(
            "to seat {seat}: {gives} for {gets}",
            seat=int(offer["to"]) + 1,  # people count seats from 1
            gives=_side(str(offer["maya_gives"])),
            gets=_side(str(offer["maya_gets"])),
        )
        facts.insert(0, (_("trade proposal"), e(text)))
    kv = "".join(f"<span>{e(k)}</span><span>{v}</span>" for k, v in facts)
    city = e(_("{name}: the Maya city", name=name))
    as_player = e(_("{name} as a player", name=name))
    return (
        f"<div class='player maya'><div class='phead'><span class='name'>{city}"
        f"</span></div><table class='city'>{rows}</table>"
        f"<div class='temples'>{''.join(temples)}</div><div class='kv'>{kv}</div>"
        f"<div class='sub'>{as_player}</div>{player}</div>"
    )


def _tokens(tid: str) -> str:
    """A building token id of the view ("wood:0", "straw:2") in words."""
    kind, _sep, number = tid.partition(":")
    if kind == "wood":
        return pgettext("santa_maria.token", "wood:{n}", n=number)
    if kind == "straw":
        return pgettext("santa_maria.token", "straw:{n}", n=number)
    return tid


def _side(text: str) -> str:
    """One side of a Maya trade (`mayatrade.side_text`: "1 wood", "3 coins") in words."""
    count, _sep, what = text.partition(" ")
    if what in ("coin", "coins"):
        return _n("{n} coin", "{n} coins", int(count)) if count.isdigit() else text
    return _("{n} {item}", n=count, item=words.item(what)) if count.isdigit() else text
