"""`paifu.Replay` against the audit's own state: the replay is the audit's,
so what it says at each event must agree with what the audit judged.

- A recorded move the replay does not list among the legal ones is at or
  after an event of its kyoku the audit has a finding on (a game the audit
  finds nothing in has every recorded move legal), and at the end its
  findings are the audit's.
- A ron is on a tile the winner waits on, from a hand that is not furiten,
  unless the audit has a finding there; a riichi is declared from tenpai.
- The table follows the events: the deal's scores and hands, the wall's
  count at an exhaustive draw, seeking equal to stepping.

On testdata (every format) and on a sample of the corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import paifu
from conftest import TESTDATA, corpus_path

SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".gz")


def logs(folder: Path) -> list[Path]:
    out = []
    for p in sorted(folder.rglob("*")):
        if p.is_file() and p.suffix in SUFFIXES and "golden" not in p.parts:
            try:
                paifu.load(p)
            except paifu.ImportError:
                continue
            out.append(p)
    return out


def plain(tile: str) -> str:
    return tile[:-1] if tile.endswith("r") else tile


class Walk:
    """What one replay of a file showed, checked against its audit."""

    def __init__(self, path: Path):
        self.path = path
        self.audit = paifu.audit(path)
        self.game = paifu.load(path)
        self.found = {f["event"] for f in self.audit.findings}
        self.kyoku_found = {f.get("kyoku") for f in self.audit.findings}
        self.decisions = 0
        self.not_legal: list[tuple[int, dict]] = []
        self.rons = 0
        self.riichi = 0
        self.hidden = 0
        replay = paifu.Replay(path)
        events = self.game.events()
        assert len(replay) == len(events)
        for i, event in enumerate(events):
            assert replay.position == i
            self.before(replay, event)
            applied = replay.step()
            assert applied == event, f"{path}: event {i}"
            self.after(replay, i, event)
        assert replay.step() is None
        self.findings = replay.findings()

    def before(self, replay: paifu.Replay, event: dict) -> None:
        i = replay.position
        taken = replay.taken()
        if taken is None:
            return
        self.decisions += 1
        seat = taken.pop("seat")
        assert seat == event["actor"]
        legal = replay.legal(seat)
        if legal is None:
            # The log hides this hand: its moves are unknown.
            self.hidden += 1
            assert replay.table()["seats"][seat]["hidden"]
            return
        if taken not in legal:
            table = replay.table()
            self.not_legal.append((i, table["kyoku"] if table else None, taken))
        table = replay.table()
        if table is None or i in self.found:
            return
        me = table["seats"][seat]
        if event["type"] == "hora" and event["actor"] != event["target"] and not me["hidden"]:
            self.rons += 1
            assert plain(event["pai"]) in me["waits"], f"{self.path}: event {i}: {me}"
            assert me["furiten"] is None, f"{self.path}: event {i}: {me}"
        if event["type"] == "dahai" and event.get("riichi") and not me["hidden"]:
            self.riichi += 1
            assert me["shanten"] is not None and me["shanten"] <= 0, f"{self.path}: event {i}: {me}"

    def after(self, replay: paifu.Replay, i: int, event: dict) -> None:
        table = replay.table()
        if event["type"] == "end_kyoku":
            assert table is None
        if table is None:
            return
        assert table["event"] == i
        if event["type"] == "start_kyoku":
            # A record may leave the scores out: unknown, not zero.
            assert table["scores"] == event.get("scores")
            assert table["dealer"] == event["dealer"]
            for seat, hand in zip(table["seats"], event["hands"]):
                if not seat["hidden"]:
                    assert sorted(seat["hand"]) == sorted(hand)
        clean = table["kyoku"] not in self.kyoku_found
        if event["type"] == "ryukyoku" and event["kind"] == "exhaustive" and clean:
            assert table["tiles_left"] == 0, f"{self.path}: event {i}"

    def check(self) -> None:
        # A move is explained by a finding on it, or earlier in its kyoku
        # (after four winds the kyoku should have ended: each later move
        # is one the engine does not allow).
        findings = [(f["event"], f.get("kyoku")) for f in self.audit.findings]
        unexplained = [
            (i, m) for i, kyoku, m in self.not_legal if not any(e <= i and k == kyoku for e, k in findings)
        ]
        assert not unexplained, f"{self.path}: recorded moves not legal and no finding on or before them: {unexplained}"
        key = lambda f: (f["event"], f["rule"], str(f.get("seat")), f["message"])  # noqa: E731
        assert sorted(map(key, self.findings)) == sorted(map(key, self.audit.findings)), self.path


def walk_all(files: list[Path]) -> list[Walk]:
    walks = [Walk(p) for p in files]
    for w in walks:
        w.check()
    return walks


def summary(walks: list[Walk]) -> str:
    return (
        f"{len(walks)} files, {sum(w.decisions for w in walks)} recorded decisions "
        f"({sum(len(w.not_legal) for w in walks)} not legal, each on or after a finding of its kyoku), "
        f"{sum(w.rons for w in walks)} rons in the winner's waits, {sum(w.riichi for w in walks)} riichi from tenpai, "
        f"{sum(w.hidden for w in walks)} moves of hidden hands (unknown)"
    )


def test_replay_agrees_with_the_audit_on_testdata():
    walks = walk_all(logs(TESTDATA))
    formats = {w.game.format for w in walks}
    assert {"tenhou-xml", "tenhou6", "mjai", "majsoul", "riichicity"} <= formats
    # The edited logs of testdata make moves the engine does not allow.
    assert any(w.not_legal for w in walks)
    assert sum(w.rons for w in walks) > 50
    print(f"\nreplay on testdata: {summary(walks)}")


def test_replay_agrees_with_the_audit_on_the_corpus():
    corpus = corpus_path()
    if not corpus.is_dir():
        reason = f"the corpus ({corpus}) is not on this machine"
        print(f"skipped: {reason}")
        pytest.skip(reason)
    files = logs(corpus)
    # Every 15th file: each format, without the run of the whole corpus
    # (test_corpus.py holds events and audits equal to the CLI on all).
    sample = files[::15]
    walks = walk_all(sample)
    assert len(walks) >= 100
    print(f"\nreplay on the corpus (every 15th file): {summary(walks)}")


def test_seek_equals_stepping():
    path = TESTDATA / "tenhou_xml" / "double_ron.mjlog"
    stepped = paifu.Replay(path)
    tables = [None]
    for _ in range(len(stepped)):
        stepped.step()
        tables.append(stepped.table())
    sought = paifu.Replay(path)
    for i in (200, 17, len(stepped), 0, 444, 443):
        sought.seek(i)
        assert sought.position == i
        assert sought.table() == tables[i], i


def test_a_double_ron_is_legal_for_both_winners():
    path = TESTDATA / "tenhou_xml" / "double_ron.mjlog"
    replay = paifu.Replay(path)
    rons = []
    for _ in range(len(replay)):
        taken = replay.taken()
        if taken is not None and taken["type"] == "hora" and not taken["tsumo"]:
            seat = taken.pop("seat")
            rons.append((seat, taken in replay.legal(seat)))
        replay.step()
    assert len(rons) >= 2
    assert all(ok for _, ok in rons), rons


def test_a_red_five_call_is_its_own_move():
    path = TESTDATA / "tenhou_xml" / "kakan_red_five.xml"
    replay = paifu.Replay(path)
    for _ in range(len(replay)):
        taken = replay.taken()
        if taken is not None and taken["type"] == "chi" and any(t.endswith("r") for t in taken["consumed"]):
            seat = taken.pop("seat")
            legal = replay.legal(seat)
            assert taken in legal
            plain_call = {**taken, "consumed": sorted(plain(t) for t in taken["consumed"])}
            assert [m["consumed"] for m in legal if m["type"] == "chi"].count(plain_call["consumed"]) <= 1
            return
        replay.step()
    pytest.fail("no chi with a red five in kakan_red_five.xml")


def test_legal_moves_name_the_choices_at_a_draw():
    replay = paifu.Replay(TESTDATA / "tenhou_xml" / "chankan.mjlog")
    while (taken := replay.taken()) is None or taken["type"] != "dahai":
        replay.step()
    seat = taken["seat"]
    legal = replay.legal()
    assert legal == replay.legal(seat)
    discards = [m for m in legal if m["type"] == "dahai"]
    hand = replay.table()["seats"][seat]["hand"]
    assert {m["pai"] for m in discards} == set(hand)
    assert all(isinstance(m["text"], str) and m["text"] for m in legal)
    # Others have no decision while a seat is to discard.
    assert all(replay.legal(s) == [] for s in range(4) if s != seat)


def test_replay_errors(tmp_path: Path):
    bad = tmp_path / "bad.mjlog"
    bad.write_bytes(b"<mjloggm ver=")
    with pytest.raises(paifu.ImportError):
        paifu.Replay(bad)
    replay = paifu.Replay(TESTDATA / "tenhou_xml" / "chankan.mjlog")
    with pytest.raises(ValueError):
        replay.legal(7)
    with pytest.raises(paifu.RulesError):
        paifu.Replay(TESTDATA / "tenhou_xml" / "chankan.mjlog", rules="no-such-rules")
    assert "paifu.Replay" in repr(replay)


def test_replay_takes_a_game_and_iterates():
    game = paifu.load(TESTDATA / "tenhou_xml" / "chankan.mjlog")
    replay = paifu.Replay(game, rules="tenhou")
    assert replay.rules.startswith("tenhou")
    assert list(replay) == game.events()
    assert replay.position == len(game)
