"""compare.py's comparison on hand-made lines: neither paifu nor Mortal runs.

    python3 -m pytest -q bench/mortal_stats/test_compare.py

A two-game, ten-kyoku player: 3 wins (one dama), 4 riichi (one chasing), 3
kyoku with a call, 2 ryukyoku of which one abortive, and 2 deal-ins in
Mortal's count where one is the discarder's double ron (so paifu, counting the
discarder once per ron, has 1). Mortal's rates are its counts divided as
libriichi's getters divide them.
"""

import contextlib
import io
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import compare  # noqa: E402

MORTAL = {
    "type": "mortal",
    "name": "A",
    "counts": {
        "game": 2, "round": 10, "rank_1": 1, "rank_2": 0, "rank_3": 1, "rank_4": 0,
        "agari": 3, "houjuu": 2, "riichi": 4, "chasing_riichi": 1, "fuuro": 3,
        "ryukyoku": 2, "dama_agari": 1,
    },
    "rates": {
        "avg_rank": 2.0, "avg_point_per_game": 1500.0, "agari_rate": 0.3, "houjuu_rate": 0.2,
        "riichi_rate": 0.4, "fuuro_rate": 0.3, "ryukyoku_rate": 0.2,
        # 18,000 won in all, honba and sticks included; 8,000 paid, honba included.
        "avg_point_per_agari": 6000.0, "avg_point_per_houjuu": -4000.0,
        "chasing_riichi_rate": 0.25,
    },
}

PAIFU = {
    "type": "player", "name": "A", "names": ["A"], "seats": 4, "games": 2, "kyoku": 10,
    "placements": [1, 0, 1, 0], "average_placement": 2.0, "average_final_points": 26500.0,
    "win_rate": 0.3, "deal_in_rate": 0.1, "riichi_rate": 0.4, "call_rate": 0.3,
    "draw_rate": 0.1, "tenpai_at_draw_rate": 0.0, "tsumo_share": 1 / 3, "dama_share": 1 / 3,
    "average_win": 5700.0, "average_deal_in": 3700.0, "riichi_first_share": 0.75,
    "riichi_chasing_share": 0.25, "riichi_good_wait_share": 0.5, "average_riichi_unseen_waits": 5.0,
    "deal_in_while_tenpai_share": None,
    "wins": 3, "deal_ins": 1, "riichi": 4, "calls": 3, "exhaustive_draws": 1, "tenpai_at_draw": 0,
    "tsumo_wins": 1, "dama_wins": 1, "riichi_first": 3, "riichi_chasing": 1, "riichi_good_wait": 2,
    "deal_ins_known_hand": 1, "deal_ins_while_tenpai": 0,
}

# The same player's three-player line, which must never be compared.
PAIFU_SANMA = dict(PAIFU, seats=3, games=1, win_rate=0.9)


def verdicts(mortal, paifu):
    return {label: verdict for label, _, _, _, _, verdict in compare.compare(mortal, paifu)}


def test_same_definitions_equal_and_differences_of_definition_named():
    v = verdicts(MORTAL, PAIFU)
    for label in ("games", "kyoku", "1st", "4th", "average placement", "average final points",
                  "win rate", "riichi rate", "call rate", "dama share", "riichi first share",
                  "riichi chasing share", "wins", "riichi", "calls (kyoku)", "dama wins",
                  "riichi first", "riichi chasing"):
        assert v[label] == "equal", label
    for label in ("deal-in rate", "deal-ins", "draw rate", "draws", "average win", "average deal-in"):
        assert v[label] == "definition", label
    assert "DIFFERS" not in v.values()


def test_values_and_differences():
    rows = {r[0]: r for r in compare.compare(MORTAL, PAIFU)}
    # Mortal's deal-in points are negative deltas; the row shows what was paid.
    assert rows["average deal-in"][1] == 4000.0
    assert rows["average deal-in"][3] == -300.0
    assert rows["average final points"][1] == 26500.0
    assert rows["riichi first"][1] == 3
    assert abs(rows["dama share"][1] - 1 / 3) < 1e-12
    assert abs(rows["deal-in rate"][3] + 0.1) < 1e-12


def test_a_same_definition_that_disagrees_is_flagged():
    v = verdicts(MORTAL, dict(PAIFU, win_rate=0.4))
    assert v["win rate"] == "DIFFERS"


def test_missing_figures_are_not_compared():
    v = verdicts(MORTAL, None)
    assert set(v.values()) == {"n/a"}
    zero = json.loads(json.dumps(MORTAL))
    zero["counts"]["agari"] = 0
    assert compare.ratio(zero, "dama_agari", "agari") is None


def test_the_four_player_line_is_picked():
    assert compare.pick_paifu_line([PAIFU_SANMA, PAIFU, {"type": "summary"}], "A") is PAIFU
    assert compare.pick_paifu_line([PAIFU_SANMA], "A") is None
    assert compare.pick_paifu_line([PAIFU], "B") is None


def test_games_mortal_cannot_read_are_named():
    four = '{"type":"start_game","names":["a","b","c","d"]}\n{"type":"ryukyoku","deltas":[0,0,0,0]}\n'
    assert compare.check_mjai(four) is None
    assert compare.check_mjai('{"type":"start_game","names":["a","b","c"]}\n') == "not four players"
    assert compare.check_mjai(four + four) == "2 games in one file"
    no_deltas = '{"type":"start_game","names":["a","b","c","d"]}\n{"type":"hora","actor":0,"target":1}\n'
    assert compare.check_mjai(no_deltas) == "hora without deltas"


def test_main_on_written_lines(tmp_path):
    m = tmp_path / "mortal.jsonl"
    p = tmp_path / "paifu.jsonl"
    rows = tmp_path / "rows.jsonl"
    m.write_text(json.dumps(MORTAL) + "\n")
    p.write_text("\n".join(json.dumps(x) for x in (PAIFU_SANMA, PAIFU, {"type": "summary"})) + "\n")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = compare.main(["--player", "A", "--mortal-json", str(m), "--paifu-json", str(p), "--json", str(rows)])
    assert code == 0
    text = out.getvalue()
    assert "== A" in text and "D3:" in text and "rows marked DIFFERS" in text
    written = [json.loads(x) for x in rows.read_text().splitlines()]
    assert len(written) == len(compare.ROWS)
    assert {r["verdict"] for r in written} == {"equal", "definition"}

    p.write_text(json.dumps(dict(PAIFU, kyoku=11)) + "\n")
    with contextlib.redirect_stdout(io.StringIO()):
        assert compare.main(["--player", "A", "--mortal-json", str(m), "--paifu-json", str(p)]) == 1
