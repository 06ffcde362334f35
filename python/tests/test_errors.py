"""Bad input: exceptions with the file, format and place, never a crash,
and the same outcome as the CLI's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import paifu
from conftest import TESTDATA, Cli


def cut(src: Path, dst: Path, fraction: float) -> Path:
    data = src.read_bytes()
    dst.write_bytes(data[: int(len(data) * fraction)])
    return dst


@pytest.mark.parametrize(
    "name",
    [
        "tenhou_xml/double_ron.mjlog",
        "tenhou_xml/chankan.mjlog",
        "tenhou6/" + (sorted(p.name for p in (TESTDATA / "tenhou6").iterdir() if p.suffix == ".json") or ["x"])[0],
        "mjai/" + (sorted(p.name for p in (TESTDATA / "mjai").iterdir() if p.suffix in (".json", ".jsonl")) or ["x"])[0],
    ],
)
@pytest.mark.parametrize("fraction", [0.03, 0.4, 0.77])
def test_cut_files_behave_as_in_the_cli(tmp_path: Path, cli: Cli, name: str, fraction: float):
    src = TESTDATA / name
    if not src.is_file():
        pytest.skip(f"no {name} in testdata")
    f = cut(src, tmp_path / src.name, fraction)
    proc = cli.run("events", str(f))
    if proc.returncode == 0:
        import json

        lines = [json.loads(l) for l in proc.stdout.decode().splitlines()]
        game = paifu.load(f)
        assert [game.meta, *game.events()] == lines
        # A damaged game is audited as far as it goes.
        report = paifu.audit(f)
        if game.damaged is not None:
            assert report.damaged is not None and report.damaged["file"] == str(f)
    else:
        with pytest.raises(paifu.ImportError) as e:
            paifu.load(f)
        err = e.value
        assert proc.stderr.decode().strip() == f"paifu: {err}"
        assert err.file == str(f)
        assert err.format is None or isinstance(err.format, str)
        assert err.line is not None or err.byte is not None
        assert isinstance(err, paifu.PaifuError)
        with pytest.raises(paifu.ImportError):
            paifu.audit(f)
        with pytest.raises(paifu.ImportError):
            paifu.review(f)


def test_not_a_log(tmp_path: Path):
    f = tmp_path / "notes.txt"
    f.write_text("hello")
    with pytest.raises(paifu.ImportError) as e:
        paifu.load(f)
    assert e.value.file == str(f)
    assert e.value.format is None
    assert e.value.found is not None
    assert "not a game log" in e.value.message


def test_missing_file(tmp_path: Path):
    with pytest.raises(paifu.ImportError) as e:
        paifu.load(tmp_path / "absent.mjlog")
    assert "cannot open" in str(e.value)
    assert e.value.line is None and e.value.format is None


def test_size_cap(tmp_path: Path):
    src = TESTDATA / "tenhou_xml" / "double_ron.mjlog"
    with pytest.raises(paifu.ImportError):
        paifu.load(src, max_size=100)


def test_unknown_rules():
    src = TESTDATA / "tenhou_xml" / "double_ron.mjlog"
    with pytest.raises(paifu.RulesError):
        paifu.audit(src, rules="no-such-rules")
    with pytest.raises(paifu.RulesError):
        paifu.profile("no-such-rules")
    with pytest.raises(paifu.RulesError):
        paifu.audit_many([src], rules="no-such-rules")


def test_bad_hand():
    with pytest.raises(paifu.ScoreError):
        paifu.score("123x")
    with pytest.raises(ValueError):
        paifu.convert(paifu.load(TESTDATA / "tenhou_xml" / "double_ron.mjlog"), to="xml")


def test_audit_many_goes_on_after_a_bad_file(tmp_path: Path):
    good = TESTDATA / "tenhou_xml" / "double_ron.mjlog"
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm ver=")
    reports = list(paifu.audit_many([good, bad, good]))
    assert [r.ok for r in reports] == [True, False, True]
    assert isinstance(reports[1].error, paifu.ImportError)
    assert reports[1].findings == []
    assert reports[1].lines[0]["import_error"] == reports[1].error.message
