"""Puerto Rico (base game, 2-5 players): a pure rules engine; `rules.RULES` is the entry point.

Its modules may run compiled (mypyc, built at install time); `compiled.choose` runs first and
lets only a build of exactly these sources load (see `compiled`)."""

from domain.puerto_rico import compiled as _compiled

COMPILED_ALLOWED = _compiled.choose()
"""Whether a compiled build may load (it does if one was built): False with NOVUS_PURE=1, without a
build, or once a source changed since the build."""
