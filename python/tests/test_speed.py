"""Speed: from Python, loading and auditing run at least at half the CLI's
single-thread rate on the same files: `paifu.load` against `paifu events`
(the CLI's read of a log, its events written as JSON), `paifu.audit` and
`audit_many(threads=1)` against `paifu audit --format json`. The events
as Python dicts (`Game.events()`) are measured and printed, not bounded:
building hundreds of dicts per game costs Python more than the engine's
whole read (see python/README.md). `events_table(threads=1)` is measured
beside `[load(f).events() for f in files]` and printed, not bounded.

Measured side by side in one run, on up to 400 files of the corpus (or
testdata's Tenhou logs when it is absent). Against a CLI that is not a
release build the rates are printed, not held to the bound.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

import paifu
from conftest import TESTDATA, Cli, corpus_path

BOUND = 0.5


def sample() -> list[str]:
    corpus = corpus_path()
    if corpus.is_dir():
        files = sorted(str(p) for p in corpus.rglob("*") if p.is_file() and p.suffix in (".mjlog", ".xml", ".json", ".jsonl", ".gz"))
        step = max(1, len(files) // 400)
        files = files[::step][:400]
    else:
        files = sorted(str(p) for p in (TESTDATA / "tenhou_xml").iterdir() if p.suffix in (".mjlog", ".xml")) * 10
    ok = []
    for f in files:
        try:
            paifu.load(f)
            ok.append(f)
        except paifu.ImportError:
            pass
    return ok


def timed_cli(cli: Cli, *args: str) -> float:
    start = time.perf_counter()
    proc = subprocess.run(
        [str(cli.path), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "RAYON_NUM_THREADS": "1"},
    )
    assert proc.returncode in (0, 1, 2)
    return time.perf_counter() - start


def timed(f) -> float:
    start = time.perf_counter()
    f()
    return time.perf_counter() - start


def test_speed_against_the_cli(cli: Cli):
    files = sample()
    assert files
    cli_events = min(timed_cli(cli, "events", *files) for _ in range(2))
    py_load = min(timed(lambda: [paifu.load(f) for f in files]) for _ in range(2))
    py_events = timed(lambda: [paifu.load(f).events() for f in files])
    cli_audit = min(timed_cli(cli, "audit", "--format", "json", *files) for _ in range(2))
    py_audit = min(timed(lambda: [paifu.audit(f) for f in files]) for _ in range(2))
    py_many = timed(lambda: list(paifu.audit_many(files, threads=1)))
    load_ratio = cli_events / py_load
    audit_ratio = cli_audit / max(py_audit, py_many)
    n = len(files)
    print(
        f"\nspeed on {n} files, one thread ({cli.path}):\n"
        f"  load:        CLI (paifu events) {n / cli_events:.0f} files/s, Python load {n / py_load:.0f} files/s ({load_ratio:.0%}); "
        f"load + events() as dicts {n / py_events:.0f} files/s ({cli_events / py_events:.0%}, not bounded)\n"
        f"  audit:       CLI {n / cli_audit:.0f} files/s, Python audit {n / py_audit:.0f} files/s, "
        f"audit_many(threads=1) {n / py_many:.0f} files/s ({audit_ratio:.0%})"
    )
    if "release" not in Path(cli.path).parts:
        print("speed bound not held: the CLI compared with is not a release build")
        return
    assert load_ratio >= BOUND
    assert audit_ratio >= BOUND


def test_events_table_speed():
    """`events_table(threads=1)` beside `[load(f).events() for f in files]`
    on the same files in one run: printed, not bounded."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        reason = "pyarrow is not installed: events_table is not measured"
        print(f"skipped: {reason}")
        pytest.skip(reason)
    files = sample()
    assert files
    events = min(timed(lambda: [paifu.load(f).events() for f in files]) for _ in range(2))
    table = min(timed(lambda: paifu.events_table(files, threads=1)) for _ in range(2))
    rows = paifu.events_table(files, threads=1).num_rows
    n = len(files)
    print(
        f"\nevents on {n} files ({rows} events), one thread:\n"
        f"  [load(f).events() for f in files] {n / events:.0f} files/s ({rows / events:.0f} events/s); "
        f"events_table(files, threads=1) {n / table:.0f} files/s ({rows / table:.0f} events/s), "
        f"{events / table:.1f} times as fast"
    )
