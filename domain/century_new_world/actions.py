"""The action grammar of Century: New World (working: `locations.py`; exploring, the storage
limit and the turn order: `turns.py`). One location per action; its id names it, so statistics
can count uses.

- ``place:<loc>``                      production: take the printed cubes
- ``place:<loc>:<give>><take>``        upgrade: the net change of 1..N single-level upgrades,
                                       e.g. ``place:B1-3:YY>RG``
- ``place:<loc>:x<k>``                 trade: the printed exchange k times (1..N, whole exchanges)
- ``place:<loc>:card=<id>``            village: pay and take the point card above the fort,
  ``place:<loc>:bonus=<id>``           or the top bonus tile of its stack,
  ``place:<loc>:card=<id>+bonus=<id>`` or both
- ``rest``                             take back all one's settlers (always legal: KO offers
                                       work or rest; with none on the board it is a pass)
- ``explore:<loc>``                    take the exploration tile on that location (its
                                       immediate bonus; the location is open from then on)
- ``return:<Y|R|G|B>``                 give one cube of that kind back to the supply while
                                       holding more than the storage limit

A location can be chosen only without an exploration tile, without one's own settlers, with
enough available settlers (its icon when empty, one more than the settlers there when another
player occupies it) and when its function can be used (rulebook 일하기 (b)).
"""

from __future__ import annotations

VERBS = frozenset({"place", "rest", "explore", "return"})
"""Every verb of the grammar (the part of an action before the first ``:``)."""
