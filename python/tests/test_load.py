"""`paifu.load` and `Game`: the events equal `paifu events`, line for line."""

from __future__ import annotations

from pathlib import Path

import pytest

import paifu
from conftest import TESTDATA, Cli


def events_by_file(lines: list[dict]) -> dict[str, list[dict]]:
    """`paifu events` output split into games: the game line, then its events."""
    games: dict[str, list[dict]] = {}
    current: list[dict] | None = None
    for line in lines:
        if line.get("type") == "game" and "file" in line:
            current = games.setdefault(line["file"], [])
        assert current is not None, "an event before any game line"
        current.append(line)
    return games


def cli_events(cli: Cli, *paths: str) -> tuple[dict[str, list[dict]], dict[str, str]]:
    """Each game's lines, and each failed file's error line (`paifu: …`)."""
    proc = cli.run("events", *paths)
    import json

    lines = [json.loads(l) for l in proc.stdout.decode().splitlines() if l.strip()]
    errors = {}
    for line in proc.stderr.decode().splitlines():
        if line.startswith("paifu: ") and not line.endswith("skipped, not a game log"):
            rest = line[len("paifu: ") :]
            for path in paths_in(paths):
                if rest.startswith(path + ": "):
                    errors[path] = line
    return events_by_file(lines), errors


def paths_in(paths) -> list[str]:
    out = []
    for p in paths:
        q = Path(p)
        out.extend(str(f) for f in sorted(q.rglob("*")) if f.is_file()) if q.is_dir() else out.append(p)
    return out


def test_events_equal_the_cli_on_testdata(cli: Cli):
    games, errors = cli_events(cli, str(TESTDATA))
    assert len(games) > 50, "testdata holds many logs"
    for file, lines in games.items():
        game = paifu.load(file)
        assert game.meta == lines[0], file
        assert game.events() == lines[1:], file
        assert len(game) == len(lines) - 1
    for file, line in errors.items():
        with pytest.raises(paifu.ImportError) as e:
            paifu.load(file)
        assert line == f"paifu: {e.value}"
    print(f"{len(games)} games equal to paifu events, {len(errors)} files refused alike")


def test_bytes_and_paths_load_alike():
    path = TESTDATA / "tenhou_xml" / "gzip_double_ron.mjlog"
    from_path = paifu.load(path)
    from_bytes = paifu.load(path.read_bytes())
    assert from_bytes.events() == from_path.events()
    assert from_bytes.file == "-" and from_path.file == str(path)
    assert from_bytes.sha256 == from_path.sha256
    assert len(from_path.sha256) == 64
    assert paifu.load(bytearray(path.read_bytes())).events() == from_path.events()


def test_game_facts():
    game = paifu.load(TESTDATA / "tenhou_xml" / "double_ron.mjlog")
    assert game.format == "tenhou-xml"
    assert game.seats == 4 and len(game.players) == 4
    assert all("name" in p for p in game.players)
    assert game.meta["players"] == game.players
    assert game.meta["rules"] == game.rules_hints
    assert game.damaged is None
    events = game.events()
    kyoku = game.kyoku
    assert kyoku and kyoku[0]["start"] == 0 and kyoku[-1]["end"] == len(events)
    for k in kyoku:
        start = events[k["start"]]
        assert start["type"] == "start_kyoku"
        wind = start["bakaze"] if "bakaze" in start else None
        assert k["label"].endswith(f"{start['kyoku']}-{start['honba']}"), (k["label"], start)
        results = [e for e in events[k["start"] : k["end"]] if e["type"] in ("hora", "ryukyoku")]
        assert k["results"] == results
    # Two winners on one discard: a kyoku with two results.
    assert any(len(k["results"]) == 2 for k in kyoku)
    assert "double_ron.mjlog" in repr(game)


def test_load_refuses_other_types():
    with pytest.raises(TypeError):
        paifu.load(12)
