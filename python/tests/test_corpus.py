"""Every file of the shared corpus: `paifu.load(...).events()` and
`paifu.audit` equal the CLI's, file by file, and the test counts them."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import paifu
from conftest import Cli


def test_corpus_events_equal_the_cli(cli: Cli, corpus: Path):
    proc = subprocess.Popen([str(cli.path), "events", str(corpus)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    equal = 0
    differ: list[str] = []
    current: list[dict] = []

    def check(lines: list[dict]) -> None:
        nonlocal equal
        file = lines[0]["file"]
        game = paifu.load(file)
        if game.meta == lines[0] and game.events() == lines[1:]:
            equal += 1
        else:
            differ.append(file)

    assert proc.stdout is not None
    for raw in proc.stdout:
        line = json.loads(raw)
        if line.get("type") == "game" and "file" in line and current:
            check(current)
            current = []
        current.append(line)
    if current:
        check(current)
    stderr = proc.stderr.read().decode() if proc.stderr else ""
    proc.wait()
    refused = [l for l in stderr.splitlines() if l.startswith("paifu: ") and not l.endswith("not a game log")]
    refused_alike = 0
    for line in refused:
        file = line[len("paifu: ") :].split(": ", 1)[0]
        try:
            paifu.load(file)
        except paifu.ImportError as e:
            refused_alike += line == f"paifu: {e}"
    print(f"corpus events: {equal} games equal to paifu events, {len(differ)} differ; {refused_alike} of {len(refused)} refused files refused alike")
    assert not differ, differ[:10]
    assert equal > 1000
    assert refused_alike == len(refused)


def test_corpus_audit_equals_the_cli(cli: Cli, corpus: Path):
    proc = cli.run("audit", "--format", "json", str(corpus))
    lines = [json.loads(l) for l in proc.stdout.decode().splitlines() if l.strip()]
    per_file: dict[str, list[dict]] = {}
    for line in lines[:-1]:
        per_file.setdefault(line["file"], []).append(line)
    equal = 0
    differ = []
    findings = 0
    reports = 0
    for report in paifu.audit_many([corpus]):
        reports += 1
        if report.lines[:-1] == per_file.get(report.file, []):
            equal += 1
        else:
            differ.append(report.file)
        findings += len(report.findings)
    summary = lines[-1]["summary"]
    expected_files = summary["files"] - summary["skipped"]
    cli_findings = sum(1 for l in lines if "rule" in l)
    print(f"corpus audit: {equal} files equal to paifu audit, {len(differ)} differ; {findings} findings (CLI {cli_findings})")
    assert not differ, differ[:10]
    assert equal == reports == expected_files
    assert findings == cli_findings
