"""Type stubs of the paifu package (the native module `paifu._paifu`)."""

from __future__ import annotations

import builtins
import os
from collections.abc import Iterable, Iterator
from typing import Any, Literal, Optional, Union

import pyarrow

__version__: str
DEFAULT_MAX_SIZE: int

#: A path or the file's bytes.
Source = Union[str, os.PathLike[str], bytes, bytearray]
#: A JSON object as Python reads it.
JsonDict = dict[str, Any]

class PaifuError(Exception):
    """The base class of every error paifu raises."""

class ImportError(PaifuError):
    """A file could not be read as a game log."""

    file: str
    """The path as given (`-` for bytes)."""
    message: str
    """The error in one line, as the CLI prints it after the file."""
    format: Optional[str]
    """The format the file was being read as; None when not recognised."""
    line: Optional[int]
    """1-based line of the (decompressed) input."""
    byte: Optional[int]
    """0-based byte offset in the (decompressed) input."""
    expected: Optional[str]
    """What the format requires at that place."""
    found: Optional[str]
    """What is there."""

class RulesError(PaifuError):
    """A rule profile could not be found or read."""

class ScoreError(PaifuError):
    """A hand, a tile or a situation could not be read."""

class Game:
    """A game log read by paifu: its metadata and normalised event stream."""

    @property
    def format(self) -> str:
        """`tenhou-xml`, `tenhou6`, `mjai`, `majsoul` or `riichicity`."""
    @property
    def file(self) -> str:
        """The path as given, or `-` when loaded from bytes."""
    @property
    def sha256(self) -> Optional[str]:
        """The SHA-256 of the bytes read, in hex."""
    @property
    def seats(self) -> int:
        """Players at the table: 4 or 3."""
    @property
    def players(self) -> list[JsonDict]:
        """The players in seat order (`name`, `rank`, `rating`, `sex`)."""
    @property
    def rules_hints(self) -> JsonDict:
        """The rule hints the log carries (the game line's `rules`)."""
    @property
    def meta(self) -> JsonDict:
        """The game line `paifu events` prints before the events."""
    @property
    def damaged(self) -> Optional[JsonDict]:
        """Where the log is damaged, or None."""
    @property
    def kyoku(self) -> list[JsonDict]:
        """Each kyoku: `label`, `start`, `end` (event indices), `results`."""
    def events(self) -> list[JsonDict]:
        """The events, each equal to its line of `paifu events`."""
    def __len__(self) -> int: ...

class Report:
    """The audit of one game."""

    @property
    def file(self) -> str: ...
    @property
    def sha256(self) -> Optional[str]: ...
    @property
    def format(self) -> Optional[str]: ...
    @property
    def profile(self) -> Optional[JsonDict]:
        """`name`, `revision`, `book` of the profile that judged the game."""
    @property
    def notes(self) -> list[str]:
        """How `rules="auto"` chose and adjusted the profile."""
    @property
    def findings(self) -> list[JsonDict]:
        """Each equal to its line of `paifu audit --format json`."""
    @property
    def summary(self) -> Optional[JsonDict]:
        """The summary line's `summary`."""
    @property
    def damaged(self) -> Optional[JsonDict]:
        """The `damaged` line, when the file is damaged part-way."""
    @property
    def lines(self) -> list[JsonDict]:
        """Every line the CLI writes for this file alone, summary last."""
    @property
    def error(self) -> Optional[PaifuError]:
        """In `audit_many`: why the file gave no game."""
    @property
    def ok(self) -> bool: ...
    def __len__(self) -> int: ...

class Reports(Iterator[Report]):
    """The reports of `audit_many`, in input order."""

    def __iter__(self) -> Reports: ...
    def __next__(self) -> Report: ...
    def __len__(self) -> int: ...

class Replay(Iterator[JsonDict]):
    """A game replayed event by event, as the audit replays it.

    Iterating applies the next event and yields it (as `Game.events()` gives
    it). Before each event, `taken()` says the decision the log records and
    `legal(seat)` the moves the engine allows; after it, `table()` is the
    table the engine holds.
    """

    def __init__(
        self, game: Union[Source, Game], rules: builtins.str = "auto", *, max_size: int = ...
    ) -> None: ...
    @property
    def position(self) -> int:
        """The index of the event `step()` applies next."""
    @property
    def rules(self) -> builtins.str:
        """The name of the rule profile replayed by."""
    def step(self) -> Optional[JsonDict]:
        """Apply the next event and return it; None at the end."""
    def seek(self, index: int) -> None:
        """Go to just before event `index` (0: the start; `len(replay)`: the end)."""
    def table(self) -> Optional[JsonDict]:
        """The table after the last event applied; None before a deal and after `end_kyoku`."""
    def legal(self, seat: Optional[int] = None) -> Optional[list[JsonDict]]:
        """The moves the engine allows `seat` now (default: the seat whose decision is next);
        None when the log hides the seat's hand."""
    def taken(self) -> Optional[JsonDict]:
        """The decision the log records next (a move of `legal()` with `seat`), if any."""
    def findings(self) -> list[JsonDict]:
        """The engine's findings on the events applied so far."""
    def __iter__(self) -> Replay: ...
    def __next__(self) -> JsonDict: ...
    def __len__(self) -> int: ...

def load(source: Source, *, max_size: int = ...) -> Game:
    """Read a game log (a path or bytes). Raises paifu.ImportError."""

def audit(source: Union[Source, Game], rules: str = "auto", *, max_size: int = ...) -> Report:
    """Audit one game, as `paifu audit --format json`."""

def audit_many(
    paths: Iterable[Union[str, os.PathLike[str]]],
    rules: str = "auto",
    threads: Optional[int] = None,
    *,
    max_size: int = ...,
) -> Reports:
    """Audit many files in parallel, the GIL released; reports in input order."""

def events_table(
    paths: Iterable[Union[str, os.PathLike[str]]],
    threads: Optional[int] = None,
    *,
    on_error: Literal["raise", "skip"] = "raise",
    max_size: int = ...,
) -> pyarrow.Table:
    """Every event of every file as one `pyarrow.Table`, one row an event.

    Columns: `file`, `game`, `event`, `kyoku`, `type`, `actor`, `target`,
    `seat`, `pai`, `consumed`, `tsumogiri`, `riichi`, `rinshan`, `marker`,
    `round_wind`, `kyoku_number`, `honba`, `riichi_sticks`, `dealer`,
    `dora_marker`, `scores`, `hands`, `han`, `fu`, `points`, `limit`,
    `yaku`, `yaku_han`, `pao`, `deltas`, `kind`, `tenpai`, `json`
    (python/README.md says each one's type and source). Schema metadata:
    `paifu.files`, `paifu.errors`, `paifu.damaged`. Raises builtins
    ImportError without pyarrow; paifu.ImportError for the first
    unreadable file unless `on_error="skip"`.
    """

def review(
    source: Union[Source, Game],
    seat: Union[int, str, None] = None,
    decisions: bool = False,
    *,
    rules: str = "auto",
    efficiency_threshold: int = 25,
    max_size: int = ...,
) -> JsonDict:
    """Review one game: `items`, `decisions`, `chances`, `game`, `summary`, `lines`."""

def convert(game: Game, to: Literal["mjai", "tenhou6"]) -> builtins.str:
    """The text `paifu convert --to TO` writes."""

def rules() -> list[builtins.str]:
    """The names of the built-in rule profiles."""

def profile(name: builtins.str) -> JsonDict:
    """A rule profile as `paifu rules NAME` prints it."""

def score(
    hand: Union[builtins.str, JsonDict],
    *,
    win: Optional[builtins.str] = None,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    seat: Optional[builtins.str] = None,
    round: Optional[builtins.str] = None,
    dora: builtins.str = "",
    ura: builtins.str = "",
    nukidora: int = 0,
    honba: int = 0,
    sticks: int = 0,
    rules: builtins.str = "tenhou",
) -> JsonDict:
    """Score one winning hand: the result `paifu score --json` writes."""
