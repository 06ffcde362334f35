#!/usr/bin/env python3
"""Writes the chombo fixtures of testdata/chombo/ and their expected.json.

Each offence kyoku comes from a fixture of testdata/rules/ (named below),
played from 30000 points each and followed by the game's end. The game's
end carries the table scores and the game points the rule books give
after the penalty, worked out here from the books' text, not by paifu:

* EMA 2012 §3.4.6 (outside tournaments): a reverse mangan at the table,
  4000 to the dealer and 2000 to each other player, or 4000 to each when
  the dealer is the offender.
* EMA 2016 §3.4.6 (tournaments) and WRC 2015 §7.1: the table scores are
  untouched and 20 points (20000) are taken off the offender's game points
  after uma.
* All three: the riichi sticks of the hand go back to their declarers; uma
  +15/+5/-5/-15 from 30000, shared by tied players.

`NAME.PROFILE.json` (tenhou.net/6 JSON: the only input format that records
the game points) is the game as the book settles it; `NAME.unpunished.json`
is the same game with the scores left as if nothing happened, which the
audit must contradict. Run from the repository root after building paifu:
python3 testdata/chombo/make.py
"""

import copy
import json
import pathlib
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "testdata" / "chombo"
PAIFU = ROOT / "target" / "release" / "paifu"
UMA = [15, 5, -5, -15]


def events(rule, stem):
    path = ROOT / "testdata" / "rules" / rule / f"{stem}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def riichi_kong_win():
    """RIICHI-KONG/hit with seat 3, whose concealed kong in riichi changed
    its waits, winning by tsumo on 6s: the invalid kong is found there."""
    ev = events("RIICHI-KONG", "hit")
    cut = next(i for i, e in enumerate(ev) if e["type"] == "tsumo" and e["pai"] == "4p")
    return ev[:cut] + [
        {"type": "tsumo", "actor": 1, "pai": "S"},
        {"type": "dahai", "actor": 1, "pai": "S", "tsumogiri": True},
        {"type": "tsumo", "actor": 2, "pai": "W"},
        {"type": "dahai", "actor": 2, "pai": "W", "tsumogiri": True},
        {"type": "tsumo", "actor": 3, "pai": "6s"},
        {"type": "hora", "actor": 3, "target": 3, "pai": "6s"},
        {"type": "end_kyoku"},
    ]


def short_hand_call():
    """DEAD-HAND/miss with seat 3 dealt twelve tiles: the hand is dead under
    every book (EMA 2012 and 2016 §3.4.7, WRC), and its later pon is a claim
    by a dead hand."""
    ev = events("DEAD-HAND", "miss")
    start = next(e for e in ev if e["type"] == "start_kyoku")
    start["tehais"][3] = start["tehais"][3][:-1]
    return ev


# name -> (events, offender, dealer, riichi declarers whose stick returns,
#          profiles, note)
CASES = {
    "incomplete_win": (events("WIN-NOT-COMPLETE", "hit"), 0, [],
                       "The dealer declares tsumo on a hand far from complete."),
    "no_yaku_win": (events("WIN-NO-YAKU", "hit"), 3, [],
                    "Seat 3 calls chi and wins on a discard with no yaku."),
    "furiten_ron": (events("FURITEN-RON", "hit"), 1, [],
                    "Seat 1 wins by ron on a wait it discarded."),
    "riichi_not_waiting": (events("CHOMBO", "hit"), 0, [0],
                           "The dealer's riichi hand is not waiting at the exhaustive draw; its stick goes back."),
    "riichi_kong": (riichi_kong_win(), 3, [3],
                    "Seat 3 wins by tsumo after a concealed kong in riichi that changed its waits; its stick goes back."),
    "dead_hand_call": (short_hand_call(), 3, [],
                       "Seat 3, dealt twelve tiles, has a dead hand and later pons."),
}
PROFILES = ["ema2016", "ema2012", "wrc2015"]


def reverse_mangan(offender, dealer=0, seats=4):
    out = [0] * seats
    for s in range(seats):
        if s == offender:
            continue
        pay = 4000 if offender == dealer or s == dealer else 2000
        out[s] += pay
        out[offender] -= pay
    return out


def game_points(scores, deducted=None):
    """(score - 30000) / 1000 plus the uma, tied players sharing theirs."""
    order = sorted(range(4), key=lambda s: -scores[s])
    uma = [0.0] * 4
    i = 0
    while i < 4:
        j = i
        while j < 4 and scores[order[j]] == scores[order[i]]:
            j += 1
        share = sum(UMA[i:j]) / (j - i)
        for k in range(i, j):
            uma[order[k]] = share
        i = j
    pts = [round((scores[s] - 30000) / 1000 + uma[s], 1) for s in range(4)]
    if deducted is not None:
        pts[deducted] = round(pts[deducted] - 20, 1)
    return pts


def settle(profile, offender):
    """The table scores and game points after the chombo under a book."""
    if profile == "ema2012":
        scores = [30000 + d for d in reverse_mangan(offender)]
        return scores, game_points(scores)
    scores = [30000] * 4
    return scores, game_points(scores, deducted=offender)


def tenhou6(evs, scores, points):
    """The game as tenhou.net/6 JSON with the final scores and points."""
    evs = copy.deepcopy(evs)
    for e in evs:
        if e["type"] == "start_kyoku":
            e["scores"] = [30000] * 4
    evs = [e for e in evs if e["type"] != "end_game"]
    evs.append({"type": "end_game", "scores": scores})
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "game.jsonl"
        dst = pathlib.Path(tmp) / "game.json"
        src.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in evs))
        subprocess.run([str(PAIFU), "convert", "--to", "tenhou6", str(src), "-o", str(dst)], check=True)
        doc = json.loads(dst.read_text())
    doc.pop("paifu_notes", None)
    doc["sc"] = [x for pair in zip(scores, points) for x in pair]
    return doc


def main():
    expected = {}
    for name, (evs, offender, _riichi, note) in CASES.items():
        for profile in PROFILES:
            scores, points = settle(profile, offender)
            doc = tenhou6(evs, scores, points)
            (OUT / f"{name}.{profile}.json").write_text(json.dumps(doc, ensure_ascii=False) + "\n")
            expected[f"{name}.{profile}"] = {
                "profile": profile,
                "offender": offender,
                "scores": scores,
                "points": points,
                "note": note,
            }
        scores = [30000] * 4
        doc = tenhou6(evs, scores, game_points(scores))
        (OUT / f"{name}.unpunished.json").write_text(json.dumps(doc, ensure_ascii=False) + "\n")
    (OUT / "expected.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
