"""The stylesheet of the Puerto Rico board: colours of goods and tiles, island and city grids.

Kept apart from the drawing code so `puerto_rico.py` reads as the board's structure. Every rule
is scoped under `.pr` so it cannot leak into the rest of the Streamlit page.
"""

from __future__ import annotations

GOOD_COLOURS = {
    "corn": ("#f3d33b", "#3a3000"),
    "indigo": ("#2f4fa8", "#ffffff"),
    "sugar": ("#f7f5ee", "#333333"),
    "tobacco": ("#a8703f", "#ffffff"),
    "coffee": ("#4a2e1a", "#ffffff"),
    "quarry": ("#9b9b9b", "#ffffff"),
    "forest": ("#2e7d32", "#ffffff"),
}
"""Background and text colour per good / island tile."""

CSS = """
<style>
.pr{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:13px;color:#222;
  line-height:1.25;word-break:keep-all;overflow-wrap:break-word}
.pr *{box-sizing:border-box}
.pr h4{margin:2px 0 6px;font-size:15px}
.pr .bar{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;padding:6px 10px;
  background:#f4efe2;border:1px solid #d8cfb6;border-radius:8px;margin-bottom:8px}
.pr .bar b{font-weight:600}
.pr .end{color:#b3261e;font-weight:600}
.pr .shared{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:8px;
  margin-bottom:10px}
.pr .panel{border:1px solid #d9d9d9;border-radius:8px;padding:6px 8px;background:#fff}
.pr .panel>.t{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#666;
  margin-bottom:4px}
.pr .roles{display:flex;flex-wrap:wrap;gap:5px;margin-bottom:8px}
.pr .role{border:1px solid #b9a77a;background:#fbf6e6;border-radius:6px;padding:4px 8px;
  min-width:88px}
.pr .role.taken{background:#e9e9e9;border-color:#c6c6c6;color:#777}
.pr .role.current{outline:2px solid #c0392b}
.pr .role .n{font-weight:600}
.pr .role .who{font-size:11px}
.pr .coin{display:inline-block;min-width:18px;height:18px;border-radius:9px;background:#e0b000;
  color:#3a2b00;font-size:11px;font-weight:700;text-align:center;line-height:18px;padding:0 4px}
.pr .ship{display:flex;align-items:center;gap:4px;margin:3px 0}
.pr .ship .cap{width:26px;font-size:11px;color:#666}
.pr .cell{display:inline-block;width:16px;height:16px;border:1px solid #999;border-radius:3px;
  background:#fafafa}
.pr .good{display:inline-flex;align-items:center;gap:3px;border-radius:10px;padding:1px 7px;
  margin:1px;font-size:12px;border:1px solid rgba(0,0,0,.25)}
.pr .good.zero{opacity:.35}
.pr .tiles{display:flex;flex-wrap:wrap;gap:3px}
.pr .kv{display:grid;grid-template-columns:auto auto;gap:1px 10px;font-size:12px}
.pr .kv span:nth-child(odd){color:#666}
.pr .players{display:grid;grid-template-columns:repeat(auto-fit,minmax(330px,1fr));gap:10px}
.pr .player{border:2px solid #d0c4a0;border-radius:10px;padding:8px;background:#fffdf7}
.pr .player.tomove{border-color:#c0392b;box-shadow:0 0 0 2px rgba(192,57,43,.15)}
.pr .phead{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;margin-bottom:6px}
.pr .phead .name{font-weight:700;font-size:14px}
.pr .badge{display:inline-block;border-radius:4px;padding:0 6px;font-size:11px;font-weight:600}
.pr .badge.gov{background:#7b1fa2;color:#fff}
.pr .badge.move{background:#c0392b;color:#fff}
.pr .stat{font-size:12px}
.pr .stat b{font-size:14px}
.pr .sub{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#777;margin:6px 0 3px}
.pr .island{display:grid;grid-template-columns:repeat(6,1fr);gap:3px}
.pr .tile{height:38px;border-radius:5px;border:1px solid rgba(0,0,0,.3);position:relative;
  font-size:10px;padding:2px 3px;overflow:hidden}
.pr .tile.empty{border:1px dashed #c9c9c9;background:#f6f6f6}
.pr .dot{position:absolute;right:3px;bottom:3px;width:13px;height:13px;border-radius:50%;
  border:1px solid #777;background:#fff}
.pr .dot.on{background:#111;border:2px solid #fff;box-shadow:0 0 0 1px #111}
.pr .dot.noble{background:#d4a017;border-color:#5a3d00}
.pr .city{display:grid;grid-template-columns:repeat(4,1fr);grid-auto-rows:54px;gap:3px;
  grid-auto-flow:row dense}
.pr .bld{border-radius:5px;border:1px solid rgba(0,0,0,.3);padding:2px 4px;position:relative;
  overflow:hidden;font-size:11px;background:#ece1f5}
.pr .bld.large{grid-row:span 2;background:#dac3ee}
.pr .bld.empty{border:1px dashed #c9c9c9;background:#f6f6f6}
.pr .bld .vp{position:absolute;right:3px;top:2px;font-size:10px;font-weight:700;opacity:.75}
.pr .bld .label{font-weight:600;padding-right:22px;display:block;font-size:10.5px;
  max-height:27px;overflow:hidden}
.pr .bld .circles{position:absolute;left:4px;bottom:4px;display:flex;gap:3px}
.pr .bld .circles .dot{position:static}
.pr .bld .bonus{font-size:10px;color:#4a2070}
.pr .supply{display:grid;grid-template-columns:repeat(4,1fr);gap:2px 6px;font-size:11px}
.pr .supply .col{display:flex;flex-direction:column;gap:2px}
.pr .supply .item{display:flex;justify-content:space-between;border-bottom:1px dotted #ddd}
.pr .supply .item.out{color:#aaa;text-decoration:line-through}
.pr .synthetic{color:#b3261e;font-size:11px}
</style>
"""
