"""`paifu.audit` and `audit_many`: the findings equal `paifu audit
--format json`, line for line."""

from __future__ import annotations

import pytest

import paifu
from conftest import TESTDATA, Cli, by_file


def finding_lines(lines: list[dict]) -> dict[str, list[dict]]:
    return by_file([l for l in lines if "rule" in l])


def test_audit_many_equals_the_cli_on_testdata(cli: Cli):
    lines = cli.lines("audit", "--format", "json", str(TESTDATA))
    expected = finding_lines(lines)
    reports = list(paifu.audit_many([TESTDATA]))
    assert len(reports) > 50
    files = {r.file for r in reports}
    assert set(expected) <= files
    for r in reports:
        assert r.findings == expected.get(r.file, []), r.file
    # The CLI's per-file lines (import errors, damage) are the report's too.
    for r in reports:
        cli_file_lines = [l for l in lines if l.get("file") == r.file]
        assert r.lines[:-1] == cli_file_lines, r.file
    assert sum(len(r.findings) for r in reports) == sum(map(len, expected.values()))
    print(f"{len(reports)} files, {sum(map(len, expected.values()))} findings equal to paifu audit")


@pytest.mark.parametrize("rules", ["auto", "tenhou", "ema2016", "wrc2015"])
def test_one_file_report_equals_the_cli(cli: Cli, rules: str):
    for name in ["tenhou_xml/pao_tsumo.mjlog", "tenhou_xml/double_ron.mjlog", "tenhou_xml/truncated_no_round_end.mjlog"]:
        path = TESTDATA / name
        lines = cli.lines("audit", "--format", "json", "--rules", rules, str(path))
        report = paifu.audit(path, rules=rules)
        assert report.lines == lines
        assert report.summary == lines[-1]["summary"]
        assert report.findings == [l for l in lines if "rule" in l]
        assert report.sha256 == lines[-1]["summary"]["inputs"][0]["sha256"]
        assert report.profile["name"] == lines[-1]["summary"]["profiles"][0]["name"]
        assert report.format == "tenhou-xml"
        assert report.ok and report.error is None


def test_a_game_audits_as_its_file():
    path = TESTDATA / "tenhou_xml" / "pao_tsumo.mjlog"
    game = paifu.load(path)
    assert paifu.audit(game).lines == paifu.audit(path).lines
    from_bytes = paifu.audit(path.read_bytes())
    assert from_bytes.file == "-"
    assert [dict(f, file=None) for f in from_bytes.findings] == [dict(f, file=None) for f in paifu.audit(path).findings]


def test_findings_point_into_the_events(cli: Cli):
    for report in paifu.audit_many([TESTDATA / "chombo"], rules="ema2016"):
        if not report.ok:
            continue
        events = paifu.load(report.file).events()
        for f in report.findings:
            assert 0 <= f["event"] < len(events)


def test_audit_many_keeps_input_order_and_threads():
    files = sorted((TESTDATA / "tenhou_xml").iterdir()) * 3
    files = [f for f in files if f.suffix in (".mjlog", ".xml")]
    one = [r.lines for r in paifu.audit_many(files, threads=1)]
    two = list(paifu.audit_many(files, threads=2))
    assert [r.file for r in two] == [str(f) for f in files]
    assert [r.lines for r in two] == one
    assert len(paifu.audit_many(files)) == len(files)


def test_audit_many_takes_any_iterable_of_paths():
    files = [TESTDATA / "tenhou_xml" / "pao_tsumo.mjlog", TESTDATA / "tenhou_xml" / "chankan.mjlog"]
    assert [r.file for r in paifu.audit_many(f for f in files)] == [str(f) for f in files]
    with pytest.raises(TypeError):
        paifu.audit_many(str(files[0]))
