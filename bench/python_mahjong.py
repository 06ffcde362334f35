"""Times the Python library `mahjong` 2.1.0 on the oracle cases.

Usage: python3 bench/python_mahjong.py CASES.jsonl [--rounds N]

Prints one line: `python mahjong: scored M hands in T s: X hands/s`. The
conversion from the case format to the library's inputs happens before the
clock starts, as paifu's bench converts before timing too.
"""

import json
import sys
import time

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
SUITS = {"m": 0, "p": 9, "s": 18, "z": 27}
KAZOE = {"yakuman": 0, "sanbaiman": 1}


class Wall:
    """Hands out distinct 136-ids per tile, red fives as copy 0."""

    def __init__(self):
        self.used = set()

    def take(self, tile):
        digit, suit = int(tile[0]), tile[1]
        red = digit == 0 and suit != "z"
        kind = SUITS[suit] + (5 if red else digit) - 1
        copies = [0] if red else [1, 2, 3, 0] if digit == 5 and suit != "z" else [0, 1, 2, 3]
        for c in copies:
            tid = kind * 4 + c
            if tid not in self.used:
                self.used.add(tid)
                return tid
        raise ValueError(f"no copy of {tile} left")


MELD_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "minkan": Meld.KAN, "ankan": Meld.KAN, "kakan": Meld.SHOUMINKAN}


def prepare(case):
    wall = Wall()
    win_tile = wall.take(case["win_tile"])
    closed = list(case["closed_tiles"])
    closed.remove(case["win_tile"])
    tiles = [win_tile] + [wall.take(t) for t in closed]
    melds = []
    for m in case["melds"]:
        ids = [wall.take(t) for t in m["tiles"]]
        tiles += ids
        melds.append(Meld(meld_type=MELD_TYPES[m["type"]], tiles=ids, opened=m["opened"]))
    r = case["rules"]
    options = OptionalRules(
        has_open_tanyao=r.get("has_open_tanyao", True),
        has_aka_dora=r.get("has_aka_dora", False),
        has_double_yakuman=r.get("has_double_yakuman", False),
        kazoe_limit=KAZOE.get(r.get("kazoe_limit", "yakuman"), 0),
        kiriage=r.get("kiriage", False),
        fu_for_open_pinfu=r.get("fu_for_open_pinfu", True),
        fu_for_pinfu_tsumo=r.get("fu_for_pinfu_tsumo", False),
        renhou_as_yakuman=r.get("renhou_as_yakuman", False),
    )
    indicators = Wall()
    dora = [indicators.take(t) for t in case["dora_indicators"]]
    ura = [indicators.take(t) for t in case["ura_indicators"]]
    config = HandConfig(
        is_tsumo=case["tsumo"],
        is_riichi=case["riichi"],
        is_ippatsu=case["ippatsu"],
        is_rinshan=case["rinshan"],
        is_chankan=case["chankan"],
        is_haitei=case["haitei"],
        is_houtei=case["houtei"],
        is_daburu_riichi=case["double_riichi"],
        is_tenhou=case["tenhou"],
        is_chiihou=case["chiihou"],
        player_wind=WINDS[case["seat_wind"]],
        round_wind=WINDS[case["round_wind"]],
        kyoutaku_number=case["riichi_sticks"],
        tsumi_number=case["honba"],
        options=options,
    )
    return tiles, win_tile, melds, dora, ura, config


def main():
    path = sys.argv[1]
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    cases = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    prepared = []
    for c in cases:
        try:
            prepared.append(prepare(c))
        except ValueError:
            continue
    best = None
    for _ in range(rounds):
        start = time.perf_counter()
        for tiles, win_tile, melds, dora, ura, config in prepared:
            HandCalculator.estimate_hand_value(
                tiles, win_tile, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config
            )
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    n = len(prepared)
    print(f"python mahjong: scored {n} hands in {best:.3f} s: {n / best:.0f} hands/s")


if __name__ == "__main__":
    main()
