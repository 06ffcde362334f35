#!/usr/bin/env python3
"""Writes the fuzz campaign's seeds into fuzz/seeds/<target>/ from testdata/.

Seeds come only from the repository's testdata (permissively licensed or
written for the project, see testdata/README.md) and from inputs made here:

* import, audit, roundtrip: every log in testdata/ (not the golden outputs,
  the scoring cases or the READMEs), a gzip copy of a few of them, and the
  mjai and tenhou.net/6 exports `paifu convert` writes of each (when the
  binary is built: target/release/paifu, or the binary $PAIFU names), so
  every importer has seeds in its format;
* score: one `paifu score` argument line per scoring case of
  testdata/oracle/cases.jsonl, and the command lines of the README and the
  CLI tests;
* majsoul, riichicity: the platform's records in testdata/ (the Mahjong
  Soul record as JSON, minified, and in the wire form), and for Riichi City
  each hand of a record alone, minified, its embedded events cut to the
  fields paifu reads (checked with the binary to read as the hand did), so
  that a seed fits the campaign's length.

Run from the repository root: python3 fuzz/seeds.py (it replaces what
fuzz/seeds/ held; the folder is not committed).
"""

import gzip
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTDATA = ROOT / "testdata"
SEEDS = ROOT / "fuzz" / "seeds"
PAIFU = pathlib.Path(os.environ.get("PAIFU", ROOT / "target" / "release" / "paifu"))
LOG_TARGETS = ["import", "audit", "roundtrip"]
RECORD_TARGETS = ["majsoul", "riichicity"]

# The fields of a Riichi City event that the reader reads
# (src/import/riichicity/records.rs), and the event types it reads.
CITY_FIELDS = {
    "hand_cards", "dealer_pos", "bao_pai_card", "quan_feng", "chang_ci",
    "ben_chang_num", "li_zhi_bang_num", "user_info_list", "user_id",
    "hand_points", "in_card", "is_gang_incard", "action", "card",
    "group_cards", "is_li_zhi", "move_cards_pos", "end_type", "win_info",
    "user_profit", "fang_info", "all_fang_num", "all_fu", "all_point",
    "user_cards", "li_bao_card", "fang_type", "fang_num", "point_profit",
    "user_data", "point_num", "score", "cards",
}
CITY_EVENTS = {1, 2, 4, 5, 6, 7}


def write(target, data):
    """Stores one seed under its content hash (as libFuzzer names files)."""
    folder = SEEDS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def logs():
    for path in sorted(TESTDATA.rglob("*")):
        rel = path.relative_to(TESTDATA)
        if not path.is_file() or path.suffix == ".md":
            continue
        if rel.parts[0] in ("golden", "oracle") or path.name == "expected.json":
            continue
        if path.name == "golden.txt":
            continue
        yield path


def converted(path):
    if not PAIFU.exists():
        return
    for to in ("mjai", "tenhou6"):
        out = subprocess.run(
            [str(PAIFU), "convert", str(path), "--to", to],
            capture_output=True,
            check=False,
        )
        if out.returncode == 0 and out.stdout:
            yield out.stdout


def meld(m):
    prefix = {"ankan": "a", "kakan": "k"}.get(m["type"], "")
    return prefix + compact(m["tiles"])


def compact(tiles):
    """["1m", "2m", "5p"] -> "12m5p" (the notation groups a suit's run)."""
    out, suit = "", None
    for t in tiles:
        if suit is not None and t[1] != suit:
            out += suit
        out += t[0]
        suit = t[1]
    return out + (suit or "")


def score_line(case):
    words = [compact(case["closed_tiles"]) + "".join("+" + meld(m) for m in case["melds"])]
    words += ["--win", case["win_tile"]]
    words.append("--tsumo" if case["tsumo"] else "--ron")
    for flag in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
                 "chankan", "tenhou", "chiihou"):
        # The oracle sets both riichi flags for a double riichi; the command
        # line refuses both at once.
        if case.get(flag) and not (flag == "riichi" and case.get("double_riichi")):
            words.append("--" + flag.replace("_", "-"))
    words += ["--seat", case["seat_wind"], "--round", case["round_wind"]]
    if case["dora_indicators"]:
        words += ["--dora", compact(case["dora_indicators"])]
    if case["ura_indicators"]:
        words += ["--ura", compact(case["ura_indicators"])]
    for key, flag in (("honba", "--honba"), ("riichi_sticks", "--sticks")):
        if case.get(key):
            words += [flag, str(case[key])]
    profile = case["rules"]["profile"]
    words += ["--rules", "ema2016" if profile == "ema" else profile]
    return " ".join(words)


SCORE_LINES = [
    # README and tests/cli.rs.
    "22m456789p555z+a7777z --win 2m --tsumo --riichi --seat W --round S --honba 2 --sticks 1",
    "234m567p33345s+555z --win 3s --ron --riichi --seat S --dora 4s --rules ema2016",
    "19m19p19s1234567z1m --win 1m --tsumo --seat E",
    "234m567p33345s+555z --win 3s --riichi",
    # The other flags and presets, once each.
    "11m+k5555z+0555p+a7777s+123m --win 1m --rinshan --tsumo --rules wrc2015",
    "123456789m11p --win 1p --tenhou --tsumo --rules mahjongsoul",
    "123456789m11p --win 1p --chiihou --tsumo --seat S --rules ema2012",
    "123456789m11p --win 1p --renhou --seat N --nukidora 2 --rules tenhou-sanma",
    "234m567p33345s99s --win 3s --houtei --double-riichi --ura 9s --ippatsu",
    "234m567p33345s99s --win 3s --haitei --tsumo --chankan",
]


def minified(data):
    return json.dumps(json.loads(data), ensure_ascii=False,
                      separators=(",", ":")).encode()


def event_types(data):
    """The event types `paifu events` reads from a record, or None."""
    if not PAIFU.exists():
        return None
    out = subprocess.run([str(PAIFU), "events", "-"], input=data,
                         capture_output=True, check=False)
    if out.returncode != 0:
        return None
    return [json.loads(l).get("type") for l in out.stdout.splitlines()[1:]]


def pruned(value):
    if isinstance(value, dict):
        return {k: pruned(v) for k, v in value.items() if k in CITY_FIELDS}
    if isinstance(value, list):
        return [pruned(v) for v in value]
    return value


def city_hands(path):
    """Each hand of a Riichi City record alone, minified; with its events
    cut to what the reader reads when that reads the same."""
    record = json.loads(path.read_bytes())
    data = record.get("data", record)
    for hand in data.get("handRecord", []):
        alone = dict(data, handRecord=[hand])
        whole = json.dumps(dict(record, data=alone) if "data" in record else alone,
                           ensure_ascii=False, separators=(",", ":")).encode()
        yield whole
        cut = dict(hand, handEventRecord=[
            dict(e, data=json.dumps(pruned(json.loads(e["data"])), separators=(",", ":"))
                 if isinstance(e.get("data"), str) else e.get("data"))
            for e in hand.get("handEventRecord", [])
            if e.get("eventType") in CITY_EVENTS
        ])
        small = dict(data, handRecord=[cut])
        small = json.dumps(dict(record, data=small) if "data" in record else small,
                           ensure_ascii=False, separators=(",", ":")).encode()
        types = event_types(whole)
        if types is not None and types == event_types(small):
            yield small


def record_seeds():
    for path in logs():
        rel = path.relative_to(TESTDATA)
        if rel.parts[0] == "majsoul":
            data = path.read_bytes()
            write("majsoul", data)
            if path.suffix == ".json":
                write("majsoul", minified(data))
        elif rel.parts[0] == "riichicity":
            for seed in city_hands(path):
                write("riichicity", seed)


def main():
    if not TESTDATA.is_dir():
        sys.exit("run from a checkout: testdata/ not found")
    if not PAIFU.exists():
        print(f"{PAIFU} not found (cargo build --release): no converted seeds",
              file=sys.stderr)
    for target in LOG_TARGETS + RECORD_TARGETS + ["score"]:
        shutil.rmtree(SEEDS / target, ignore_errors=True)
    for path in logs():
        data = path.read_bytes()
        variants = [data] + list(converted(path))
        if path.stat().st_size < 10_000:
            variants.append(gzip.compress(data, mtime=0))
        for target in LOG_TARGETS:
            for v in variants:
                write(target, v)
    lines = list(SCORE_LINES)
    with open(TESTDATA / "oracle" / "cases.jsonl", encoding="utf-8") as f:
        lines += [score_line(json.loads(l)) for l in f if l.strip()]
    for line in lines:
        write("score", line.encode())
    record_seeds()
    for target in LOG_TARGETS + RECORD_TARGETS + ["score"]:
        print(target, len(os.listdir(SEEDS / target)), "seeds")


if __name__ == "__main__":
    main()
