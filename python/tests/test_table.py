"""`paifu.events_table`: one row an event, every row equal to its dict of
`paifu.load(f).events()`, column by column, on every log of testdata (all
formats) and a sample of the corpus; the declared types; bad files raised
or listed; Python's ImportError without pyarrow."""

from __future__ import annotations

import builtins
import json
import sys
from pathlib import Path

import pytest

import paifu
import conftest
from conftest import TESTDATA

try:
    import pyarrow as pa
except builtins.ImportError:  # paifu works without it; these tests do not
    pa = None


@pytest.fixture(scope="module")
def arrow():
    if pa is None:
        reason = "pyarrow is not installed (pip install pyarrow): events_table needs it"
        print(f"skipped: {reason}")
        pytest.skip(reason)
    return pa


def schema_types(pa) -> dict:
    """The declared columns: name -> (type, nullable)."""
    i8, i16, i32, s, b = pa.int8(), pa.int16(), pa.int32(), pa.string(), pa.bool_()
    return {
        "file": (s, False),
        "game": (i32, False),
        "event": (i32, False),
        "kyoku": (s, True),
        "type": (s, False),
        "actor": (i8, True),
        "target": (i8, True),
        "seat": (i8, True),
        "pai": (s, True),
        "consumed": (pa.list_(s), True),
        "tsumogiri": (b, True),
        "riichi": (b, True),
        "rinshan": (b, True),
        "marker": (s, True),
        "round_wind": (s, True),
        "kyoku_number": (i8, True),
        "honba": (i16, True),
        "riichi_sticks": (i16, True),
        "dealer": (i8, True),
        "dora_marker": (s, True),
        "scores": (pa.list_(i32), True),
        "hands": (pa.list_(pa.list_(s)), True),
        "han": (i16, True),
        "fu": (i16, True),
        "points": (i32, True),
        "limit": (s, True),
        "yaku": (pa.list_(s), True),
        "yaku_han": (pa.list_(i16), True),
        "pao": (i8, True),
        "deltas": (pa.list_(i32), True),
        "kind": (s, True),
        "tenpai": (pa.list_(b), True),
        "json": (s, False),
    }


def expected_row(d: dict) -> dict:
    """The typed columns of one event, read from its dict as the README
    says each column is taken."""
    t = d["type"]
    claim = d.get("claim") or {}
    start = t == "start_kyoku"
    hora = t == "hora"
    return {
        "type": t,
        "actor": d.get("actor"),
        "target": d.get("target"),
        "seat": d.get("seat"),
        "pai": d.get("pai"),
        "consumed": d.get("consumed"),
        "tsumogiri": d.get("tsumogiri"),
        # Left out of the line when false: every discard and draw has one.
        "riichi": d.get("riichi", False) if t == "dahai" else None,
        "rinshan": d.get("rinshan", False) if t == "tsumo" else None,
        "marker": d.get("marker"),
        "round_wind": d.get("round_wind"),
        "kyoku_number": d.get("kyoku") if start else None,
        "honba": d.get("honba"),
        "riichi_sticks": d.get("riichi_sticks"),
        "dealer": d.get("dealer"),
        "dora_marker": d.get("dora_marker"),
        "scores": d.get("scores") if start else claim.get("scores") if t == "riichi_accepted" else None,
        "hands": d.get("hands"),
        "han": claim.get("han") if hora else None,
        "fu": claim.get("fu") if hora else None,
        "points": claim.get("points") if hora else None,
        "limit": claim.get("limit") if hora else None,
        "yaku": [y["yaku"] for y in claim["yaku"]] if hora and "yaku" in claim else None,
        "yaku_han": [y["han"] for y in claim["yaku"]] if hora and "yaku" in claim else None,
        "pao": claim.get("pao") if hora else None,
        "deltas": claim.get("deltas") if t in ("hora", "ryukyoku", "riichi_accepted") else None,
        "kind": d.get("kind"),
        "tenpai": claim.get("tenpai") if t == "ryukyoku" else None,
    }


def labels(game: paifu.Game) -> list:
    """Each event's kyoku label, from `Game.kyoku`."""
    out: list = [None] * len(game)
    for k in game.kyoku:
        out[k["start"] : k["end"]] = [k["label"]] * (k["end"] - k["start"])
    return out


def check_rows(rows: list[dict], games: list[paifu.Game]) -> int:
    """`rows` (the table's, as dicts) are `games`' events in order, each
    column equal to its dict's field. Returns the rows checked."""
    by_game: dict[int, list[dict]] = {}
    for r in rows:
        by_game.setdefault(r["game"], []).append(r)
    assert sorted(by_game) == [i for i, g in enumerate(games) if len(g)]
    n = 0
    for index, game in enumerate(games):
        events = game.events()
        mine = by_game.get(index, [])
        assert len(mine) == len(events), game.file
        kyoku = labels(game)
        for i, (row, event) in enumerate(zip(mine, events)):
            where = f"{game.file} event {i}"
            assert row["file"] == game.file, where
            assert row["event"] == i, where
            assert json.loads(row["json"]) == event, where
            assert row["kyoku"] == kyoku[i], where
            want = expected_row(event)
            got = {k: row[k] for k in want}
            assert got == want, where
            n += 1
    return n


def load_testdata() -> tuple[list[str], list[paifu.Game], dict[str, paifu.ImportError]]:
    files, games, refused = [], [], {}
    for p in conftest.testdata_logs():
        try:
            games.append(paifu.load(str(p)))
            files.append(str(p))
        except paifu.ImportError as e:
            refused[str(p)] = e
    return files, games, refused


def test_rows_equal_the_events_on_testdata(arrow):
    files, games, _ = load_testdata()
    table = paifu.events_table(files)
    assert table.num_rows == sum(len(g) for g in games)
    formats = {g.format for g in games}
    assert formats >= {"tenhou-xml", "tenhou6", "mjai", "majsoul", "riichicity"}, formats
    n = check_rows(table.to_pylist(), games)
    meta = table.schema.metadata
    assert int(meta[b"paifu.files"]) == len(files)
    assert json.loads(meta[b"paifu.errors"]) == []
    damaged = json.loads(meta[b"paifu.damaged"])
    assert damaged == [{"file": g.file, "damaged": g.damaged} for g in games if g.damaged is not None]
    # Every kind of event and of column is exercised, not only its nulls.
    seen = set(table.column("type").to_pylist())
    assert {"start_kyoku", "tsumo", "dahai", "chi", "pon", "hora", "ryukyoku", "dora", "end_kyoku"} <= seen, seen
    for name in schema_types(arrow):
        assert table.column(name).null_count < n, f"column {name} is all null on testdata"
    print(f"events_table on testdata: {n} rows of {len(files)} files equal to their events()")


def test_declared_types(arrow):
    table = paifu.events_table([TESTDATA / "tenhou_xml"])
    declared = schema_types(arrow)
    assert table.schema.names == list(declared)
    for field in table.schema:
        ty, nullable = declared[field.name]
        assert field.type == ty, field.name
        assert field.nullable == nullable, field.name
        assert table.column(field.name).null_count == 0 or nullable, field.name
    table.validate(full=True)


def test_folders_walked_as_the_cli_walks_them(arrow):
    table = paifu.events_table([TESTDATA], on_error="skip")
    table.validate(full=True)
    files, games, refused = load_testdata()
    assert table.num_rows == sum(len(g) for g in games)
    assert table.column("file").unique().to_pylist() == [g.file for g in games if len(g)]
    errors = json.loads(table.schema.metadata[b"paifu.errors"])
    assert int(table.schema.metadata[b"paifu.files"]) == len(files)
    # Refused files found in a folder are listed unless they are no game
    # log at all (passed over, as the CLI passes them over).
    for e in errors:
        assert e["error"] == refused[e["file"]].message
    assert {e["file"] for e in errors} == {f for f, e in refused.items() if "not a game log" not in e.message}


def test_threads_give_the_same_table(arrow):
    files = sorted(str(p) for p in (TESTDATA / "tenhou_xml").iterdir())
    one = paifu.events_table(files, threads=1, on_error="skip")
    two = paifu.events_table(files, threads=2, on_error="skip")
    assert one.num_rows > 0
    assert one.equals(two, check_metadata=True)


def bad_files(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A log cut part-way (loads, damaged), and two that are no log."""
    src = TESTDATA / "tenhou_xml" / "double_ron.mjlog"
    data = src.read_bytes()
    damaged = tmp_path / "damaged.mjlog"
    damaged.write_bytes(data[: int(len(data) * 0.77)])
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm ver=")
    worse = tmp_path / "worse.json"
    worse.write_text('{"log": [')
    return damaged, bad, worse


def test_on_error_raise(arrow, tmp_path: Path):
    good = TESTDATA / "tenhou_xml" / "double_ron.mjlog"
    damaged, bad, worse = bad_files(tmp_path)
    with pytest.raises(paifu.ImportError) as e:
        paifu.events_table([good, worse, bad, good])
    with pytest.raises(paifu.ImportError) as first:
        paifu.load(worse)
    # The first bad file in input order, as paifu.load raises it.
    assert str(e.value) == str(first.value)
    assert (e.value.file, e.value.format, e.value.line, e.value.byte) == (
        first.value.file,
        first.value.format,
        first.value.line,
        first.value.byte,
    )
    with pytest.raises(paifu.ImportError) as e:
        paifu.events_table([bad, worse])
    assert e.value.file == str(bad)
    with pytest.raises(paifu.ImportError):
        paifu.events_table([tmp_path / "absent.mjlog"])
    with pytest.raises(ValueError):
        paifu.events_table([good], on_error="ignore")
    with pytest.raises(TypeError):
        paifu.events_table(str(good))


def test_on_error_skip(arrow, tmp_path: Path):
    good = TESTDATA / "tenhou_xml" / "double_ron.mjlog"
    damaged, bad, worse = bad_files(tmp_path)
    table = paifu.events_table([good, bad, damaged, worse, good], on_error="skip")
    games = [paifu.load(str(good)), paifu.load(str(damaged)), paifu.load(str(good))]
    assert games[1].damaged is not None
    assert table.num_rows == sum(len(g) for g in games)
    check_rows(table.to_pylist(), games)
    meta = table.schema.metadata
    assert int(meta[b"paifu.files"]) == 3
    errors = json.loads(meta[b"paifu.errors"])
    expected = []
    for f in (bad, worse):
        with pytest.raises(paifu.ImportError) as e:
            paifu.load(f)
        expected.append({"file": str(f), "error": e.value.message})
    assert errors == expected
    assert json.loads(meta[b"paifu.damaged"]) == [{"file": str(damaged), "damaged": games[1].damaged}]


def test_nothing_read(arrow, tmp_path: Path):
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm ver=")
    for table in (paifu.events_table([]), paifu.events_table([bad], on_error="skip")):
        assert table.num_rows == 0
        assert table.schema.names == list(schema_types(arrow))
    assert int(table.schema.metadata[b"paifu.files"]) == 0
    assert len(json.loads(table.schema.metadata[b"paifu.errors"])) == 1


def test_without_pyarrow_python_s_import_error(monkeypatch):
    # None in sys.modules makes `import pyarrow` fail as when it is absent.
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(builtins.ImportError) as e:
        paifu.events_table([TESTDATA / "tenhou_xml" / "double_ron.mjlog"])
    assert not isinstance(e.value, paifu.PaifuError)
    assert "pip install pyarrow" in str(e.value)
    assert "paifu[arrow]" in str(e.value)


def test_to_pandas(arrow):
    try:
        import pandas  # noqa: F401
    except builtins.ImportError:
        reason = "pandas is not installed: the conversion to pandas is not tried"
        print(f"skipped: {reason}")
        pytest.skip(reason)
    files, games, _ = load_testdata()
    df = paifu.events_table(files[:20]).to_pandas()
    assert len(df) == sum(len(g) for g in games[:20])
    assert list(df.columns) == list(schema_types(arrow))
    first = games[0].events()
    assert json.loads(df["json"].iloc[0]) == first[0]
    assert df["type"].iloc[0] == first[0]["type"]


def corpus_sample(corpus: Path, n: int = 200) -> list[str]:
    """About `n` files of the corpus, an even share of each top folder (a
    small one whole), so that every format is in it."""
    groups = sorted(
        (sorted(p for p in d.rglob("*") if p.is_file()) for d in corpus.iterdir() if d.is_dir()),
        key=len,
    )
    picked: list[Path] = []
    for i, files in enumerate(groups):
        share = (n - len(picked)) // (len(groups) - i)
        if share > 0:
            picked += files[:: max(1, len(files) // share)][:share]
    return sorted(str(p) for p in picked)


def test_corpus_sample(arrow, corpus: Path):
    sample = corpus_sample(corpus)
    table = paifu.events_table(sample, on_error="skip")
    table.validate(full=True)
    games, refused = [], 0
    for f in sample:
        try:
            games.append(paifu.load(f))
        except paifu.ImportError:
            refused += 1
    assert games
    assert table.num_rows == sum(len(g) for g in games)
    assert int(table.schema.metadata[b"paifu.files"]) == len(games)
    assert len(json.loads(table.schema.metadata[b"paifu.errors"])) == refused
    # Every row of a few games, column by column.
    few = games[:: max(1, len(games) // 10)]
    wanted = [g.file for g in few]
    rows = [r for r in paifu.events_table(wanted).to_pylist()]
    check_rows(rows, few)
    formats = sorted({g.format for g in games})
    print(f"events_table on {len(sample)} corpus files ({', '.join(formats)}): {table.num_rows} rows, {len(games)} games, {refused} refused")
