"""paifu from Python: load, audit, review and convert recorded Riichi
mahjong games with the engine of the ``paifu`` CLI.

Every dict this package returns equals the CLI's JSON line for the same
thing (``paifu events``, ``paifu audit --format json``, ...): the values
are the library's own serde types, written as JSON by the library and read
back with :func:`json.loads`. See ``python/README.md`` for the API.
"""

from ._paifu import (
    DEFAULT_MAX_SIZE,
    Game,
    ImportError,
    PaifuError,
    Replay,
    Report,
    Reports,
    RulesError,
    ScoreError,
    __version__,
    audit,
    audit_many,
    convert,
    events_table,
    load,
    profile,
    review,
    rules,
    score,
)

__all__ = [
    "DEFAULT_MAX_SIZE",
    "Game",
    "ImportError",
    "PaifuError",
    "Replay",
    "Report",
    "Reports",
    "RulesError",
    "ScoreError",
    "__version__",
    "audit",
    "audit_many",
    "convert",
    "events_table",
    "load",
    "profile",
    "review",
    "rules",
    "score",
]
