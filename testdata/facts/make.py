#!/usr/bin/env python3
"""Writes the rule-fact fixtures of testdata/facts/ (tests/rule_facts.rs).

Each is a minimal edit of a fixture of testdata/rules/ or testdata/fields/:
a daisangen won by ron with the third dragon fed by seat 1 (from
rules/PAO/miss.jsonl), a double ron whose second winner is in riichi (from
fields/double_ron_riichi_counters.jsonl), a player dealt fourteen tiles
(from rules/FURITEN-RON/miss.jsonl), and a win robbing an added kong with
and without a kan dora indicator turned for it (from
rules/CHANKAN/miss.jsonl). The deltas written are the ones each rule book
gives; tests/rule_facts.rs says which profiles must accept them. The two
tenhou.net/6 files are written through `paifu convert`, which leaves
`paoWho`'s counterpart out when no liability is recorded, as Tenhou does.

The two rinshan fixtures (rinshan_liability_daiminkan.jsonl,
rinshan_after_kakan.jsonl) are written by hand, not here: a 6z kong by
seat 3 and its replacement tile won on, the open kong paid by its
feeder (Riichi City's rinshan liability), the added kong by all.

Two are real Tenhou hanchan of the corpus (Agony5757/mahjong
`paipuxmls`, Apache-2.0; see testdata/README.md), read from the corpus
(`PAIFU_CORPUS`, else `../shared/corpus` beside the repository): in
`2020010123gm-00a9-0000-609e8324` the East 4 dealer wins to 31500, first
by 400 points, and play goes on into the South round; its `GO type` 169
(hanchan) is written 161 (East only), which makes East 4 the all-last
kyoku: Tenhou's agari-yame would end the game there
(all_last_dealer_first_plays_on.xml). The same edit of
`2020010114gm-00a9-0000-7e7cd1e3`, whose East 4 dealer is tenpai at an
exhaustive draw with 39800, first, makes a tenpai-yame that plays on
(all_last_dealer_tenpai_first_plays_on.xml). In
`2020010114gm-00a9-0000-d589e878`,
unedited, the South 4 dealer wins to 32900, second behind 33400, and plays
on, as Tenhou's rules have it (all_last_dealer_second_plays_on.xml).
Run from the repository root after building paifu:
python3 testdata/facts/make.py
"""

import copy
import json
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "testdata" / "facts"
PAIFU = ROOT / "target" / "release" / "paifu"
CORPUS = pathlib.Path(os.environ.get("PAIFU_CORPUS", ROOT.parent / "shared" / "corpus"))
AGONY = CORPUS / "tenhou-xml" / "agony5757-mahjong-paipuxmls"


def load(rel):
    text = (ROOT / "testdata" / rel).read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def write(name, evs):
    (OUT / f"{name}.jsonl").write_text(
        "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in evs)
    )


PAO = load("rules/PAO/miss.jsonl")
# Seat 3 is dealt N for its 3m and lets it go for its third discard: it
# waits on 3m (1m2m 9p9p), a tile it never discarded.
assert PAO[1]["tehais"][3][2] == "3m"
PAO[1]["tehais"][3][2] = "N"
assert PAO[19] == {"type": "dahai", "actor": 3, "pai": "9p", "tsumogiri": False}
PAO[19]["pai"] = "N"
CUT = 22
assert PAO[CUT] == {"type": "tsumo", "actor": 1, "pai": "S"}


def ron_from(seat, deltas, pao, honba=0):
    """Seat 3's daisangen ron on 3m discarded by `seat` (seat 1 fed the
    third dragon)."""
    ev = copy.deepcopy(PAO[:CUT])
    ev[1]["honba"] = honba
    if seat == 1:
        ev += [{"type": "tsumo", "actor": 1, "pai": "3m"},
               {"type": "dahai", "actor": 1, "pai": "3m", "tsumogiri": True}]
    else:
        ev += [{"type": "tsumo", "actor": 1, "pai": "S"},
               {"type": "dahai", "actor": 1, "pai": "S", "tsumogiri": True},
               {"type": "tsumo", "actor": 2, "pai": "3m"},
               {"type": "dahai", "actor": 2, "pai": "3m", "tsumogiri": True}]
    hora = {"type": "hora", "actor": 3, "target": seat, "pai": "3m", "deltas": deltas,
            "ura_markers": []}
    if pao is not None:
        hora["pao"] = pao
    return ev + [hora, {"type": "end_kyoku"}]


def as_tenhou6(name, evs):
    write(name, evs)
    src, dst = OUT / f"{name}.jsonl", OUT / f"{name}.json"
    subprocess.run([str(PAIFU), "convert", "--to", "tenhou6", str(src), "-o", str(dst)], check=True)
    doc = json.loads(dst.read_text())
    doc.pop("paifu_notes", None)
    dst.write_text(json.dumps(doc, ensure_ascii=False) + "\n")
    src.unlink()


def main():
    # The liable player dealt in: Tenhou writes no paoWho, the payment is
    # the same. Near miss: another player dealt in and no liability written.
    as_tenhou6("pao_liable_discarder", ron_from(1, [0, -32000, 0, 32000], None))
    as_tenhou6("pao_liable_other", ron_from(2, [0, 0, -32000, 32000], None))
    # 2 honba, seat 2 deals in, seat 1 liable: Tenhou's liable player pays
    # the counters (16600 and 16000), EMA 2016 §3.3.9's discarder.
    write("pao_counters_liable_pays", ron_from(2, [0, -16600, -16000, 32600], 1, honba=2))
    write("pao_counters_discarder_pays", ron_from(2, [0, -16000, -16600, 32600], 1, honba=2))
    # Mortal's schema has no pao: a liability win with no `pao` key.
    write("pao_not_recorded", ron_from(2, [0, -16000, -16000, 32000], None))
    # Double ron at 1 honba with 1 stick on the table, seat 2 in riichi:
    # EMA 2016 §3.3.14 gives seat 2 its own stick back and the other to the
    # first winner; Tenhou gives both sticks and the counters to the first.
    dr = load("fields/double_ron_riichi_counters.jsonl")
    for e in dr:
        if e["type"] == "start_kyoku":
            e["scores"] = [30000, 30000, 30000, 29000]

    def double(first, second):
        ev = copy.deepcopy(dr)
        wins = [e for e in ev if e["type"] == "hora"]
        wins[0]["deltas"], wins[1]["deltas"] = first, second
        return ev

    write("double_ron_winner_keeps_stick", double([-1600, 2600, 0, 0], [-1600, 0, 2600, 0]))
    write("double_ron_sticks_to_first", double([-1600, 3600, 0, 0], [-1300, 0, 1300, 0]))
    # Seat 1 dealt fourteen tiles wins with fifteen.
    fr = load("rules/FURITEN-RON/miss.jsonl")
    fr[1]["tehais"][1] = fr[1]["tehais"][1] + ["N"]
    write("win_with_fifteen_tiles", fr)
    # Seat 1's riichi ittsu ron with one ura dora (indicator 9p, its single
    # 1p) claimed in the yaku and the payment: a log that records no ura
    # indicators leaves them unknown, one that records none contradicts it.
    ura = load("rules/FINAL-SCORE/hit.jsonl")[:-1]
    win = ura[-2]
    assert win["type"] == "hora" and win["actor"] == 1
    win.update(fan=4, hora_points=8000, deltas=[0, 9000, -8000, 0],
               yakus=[["riichi", 1], ["ittsu", 2], ["uradora", 1]])
    write("ura_not_recorded", ura)
    win["ura_markers"] = []
    write("ura_recorded_none", ura)
    # Seat 1 robs seat 3's added kong of 6s (pinfu, ittsu, chankan: 4 han
    # 30 fu, 7700). With a kan dora indicator 8p turned after the kong, its
    # 9p pair adds two dora: EMA 2016 turns the indicator before the added
    # tile may be robbed, so the win counts it (6 han, 12000); EMA 2012
    # §3.3.7 and WRC §6.5.1 turn none for a robbed kong, Tenhou only after
    # the replacement draw.
    ck = load("rules/CHANKAN/miss.jsonl")
    assert ck[13]["type"] == "kakan" and ck[14]["type"] == "hora"
    turned = copy.deepcopy(ck)
    turned.insert(14, {"type": "dora", "dora_marker": "8p"})
    turned[15].update(fan=6, fu=30, hora_points=12000, deltas=[0, 12000, 0, -12000],
                      yakus=[["pinfu", 1], ["ittsu", 2], ["chankan", 1], ["dora", 2]])
    write("chankan_kan_dora_turned", turned)
    ck[14].update(fan=4, fu=30, hora_points=7700, deltas=[0, 7700, 0, -7700],
                  yakus=[["pinfu", 1], ["ittsu", 2], ["chankan", 1]])
    write("chankan_no_kan_dora", ck)
    # Agari-yame: a hanchan read as East only (one attribute), and a real
    # near miss.
    first = (AGONY / "2020010123gm-00a9-0000-609e8324.txt").read_text()
    assert first.count('<GO type="169"') == 1
    (OUT / "all_last_dealer_first_plays_on.xml").write_text(
        first.replace('<GO type="169"', '<GO type="161"'))
    tenpai = (AGONY / "2020010114gm-00a9-0000-7e7cd1e3.txt").read_text()
    assert tenpai.count('<GO type="169"') == 1
    (OUT / "all_last_dealer_tenpai_first_plays_on.xml").write_text(
        tenpai.replace('<GO type="169"', '<GO type="161"'))
    second = (AGONY / "2020010114gm-00a9-0000-d589e878.txt").read_text()
    (OUT / "all_last_dealer_second_plays_on.xml").write_text(second)


if __name__ == "__main__":
    main()
