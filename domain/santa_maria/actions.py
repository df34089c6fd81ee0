"""The action grammar of Santa Maria (what each action does: `engine.py`; what is legal:
`moves.py`).

Action grammar (cells are "row,column" from 1):

  main:   colony:<tile>  coin:<r>,<c>  white:<face>-<target>[:wood|grain|gold|cocoa]
          blue:<face>-<target>[:...]  bluecol:<face>-<target>[:...]  rest:<1-5>
          whitediag:<face>-<1|6>[:...]  bluediag:<face>-<1|6>[:...]  (archery, 1 coin more)
  setup:  board:<board id> (boards=choose)  hall:<1-5> (advanced setup)
  tasks:  place:<r>,<c>,<turn>  road:<r>,<c>  trade:<n>|skip  ship:<dock 1-4>|x<dock>|skip
          astro:<dock>|stay  piety:1|2  monk:<space>|skip  die:<r>,<c>  math:<r>,<c>|skip
          expert:take|skip  improve:<r>,<c>  (module B)  guide:go|stop  (module A)
          medrest:<1-5>  (meditation after the road-tile rest space)
          echoarch:line|diag  (module C: an archer activating another's ambassador line)
  main (module C): ambwhite: ambblue: ambbluecol: ambwhitediag: ambbluediag: as the plain
          die verbs, with the ambassador die
  free:   sell:<resource>  buy:<resource>  move:<r>,<c>><r>,<c>  (logistics)

Module D (the Maya seat) has its own grammar: `maya.py`.
Expansion: `ship:x<d>` takes the special shipping tile to dock d; a `:cocoa` suffix pays a cocoa
(or `:gold`) to set the die to any value; the scholar4 monk space and the cocoa mission.
"""

from __future__ import annotations

DIE_VERBS = ("white", "blue", "bluecol", "whitediag", "bluediag")
"""The main actions taking a die; each also with the ambassador die (module C): ``amb<verb>``."""

COLONIST_VERBS = frozenset(
    {
        "colony", "coin", "rest", "board", "hall", "place", "road", "trade", "ship", "astro",
        "piety", "monk", "die", "math", "expert", "improve", "guide", "medrest", "echoarch",
        "sell", "buy", "move",
        *DIE_VERBS,
        *(f"amb{verb}" for verb in DIE_VERBS),
    }
)  # fmt: skip
"""The verbs of a colonist seat (and ``manswer``, a colonist's answer to a Maya offer)."""

MAYA_VERBS = frozenset(
    {
        "mwhite", "mblue", "mambwhite", "mambblue", "mcard", "mpriest", "mtech", "mwalk",
        "mtemple", "mtrade", "moffer", "mdiscard", "mbuild", "mstore", "mroad", "mmonk", "mfill",
    }
)  # fmt: skip
"""The verbs of the Maya seat (module D; grammar in `maya.py`); it rests with ``rest``."""

VERBS = COLONIST_VERBS | MAYA_VERBS | {"manswer"}
"""Every verb of the grammar (the part of an action before the first ``:``)."""
