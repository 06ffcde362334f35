"""What the tests share: the repository's paths, the `paifu` CLI the
binding is compared with, and running it.

The CLI is `$PAIFU_BIN` when set, else the newest of the repository's
`target/release/paifu`, `target/debug/paifu` and (for `.ci/python`)
`python/target/release/paifu`; tests that need it are skipped, saying
why, when there is none. The corpus is `$PAIFU_CORPUS` or `../shared/corpus`
beside the repository.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"


def cli_path() -> Path | None:
    env = os.environ.get("PAIFU_BIN")
    if env:
        return Path(env)
    found = [
        p
        for p in (
            ROOT / "target" / "release" / "paifu",
            ROOT / "python" / "target" / "release" / "paifu",
            ROOT / "target" / "debug" / "paifu",
        )
        if p.is_file()
    ]
    return max(found, key=lambda p: p.stat().st_mtime) if found else None


def corpus_path() -> Path:
    env = os.environ.get("PAIFU_CORPUS")
    return Path(env) if env else ROOT.parent / "shared" / "corpus"


class Cli:
    """The `paifu` binary, run as a subprocess."""

    def __init__(self, path: Path):
        self.path = path

    def run(self, *args: str, check: bool = False, env: dict | None = None) -> subprocess.CompletedProcess:
        proc = subprocess.run(
            [str(self.path), *args],
            capture_output=True,
            env={**os.environ, **(env or {})},
        )
        if check and proc.returncode != 0:
            raise AssertionError(f"paifu {' '.join(args)}: exit {proc.returncode}: {proc.stderr.decode()}")
        return proc

    def lines(self, *args: str, **kw) -> list[dict]:
        """The command's JSON lines, read as the binding reads them."""
        out = self.run(*args, **kw).stdout.decode()
        return [json.loads(line) for line in out.splitlines() if line.strip()]


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = cli_path()
    if path is None or not path.is_file():
        reason = "no paifu CLI to compare with: set PAIFU_BIN or run `cargo build --release`"
        print(f"skipped: {reason}")
        pytest.skip(reason)
    return Cli(path)


@pytest.fixture(scope="session")
def corpus() -> Path:
    path = corpus_path()
    if not path.is_dir():
        reason = f"the shared corpus is absent ({path}); set PAIFU_CORPUS"
        print(f"skipped: {reason}")
        pytest.skip(reason)
    return path


def testdata_logs() -> list[Path]:
    """Every file under testdata/ (logs and not: the CLI's own walk decides)."""
    return sorted(p for p in TESTDATA.rglob("*") if p.is_file())


def by_file(lines: list[dict], key: str = "file") -> dict[str, list[dict]]:
    """JSON lines grouped by their file, in order."""
    out: dict[str, list[dict]] = {}
    for line in lines:
        if key in line:
            out.setdefault(line[key], []).append(line)
    return out
