"""Checks paifu's shanten and acceptance against an independent
implementation: the Python library `mahjong` 2.1.0 (its `Shanten`).

    paifu review --format json --decisions DIR... | python3 bench/shanten_check.py [--limit N]

Reads the review's JSON lines. Every `decision` line lists the hand before
the discard and, for each candidate discard, paifu's shanten after it and
the kinds that lower that shanten (`ukeire_kinds`). For each distinct hand
after a discard (the 13 - 3 x melds concealed tiles, with the number of
melds and whether the game has three players), this script computes with
the library:

* the shanten of the hand (seven pairs and thirteen orphans count only for
  13 tiles, which is the library's rule too), and
* the acceptance by brute force: every kind the wall has (no 2m-8m with
  three players) of which the hand holds fewer than four is added in turn,
  and it is accepted when the shanten of the 14 tiles is lower.

It prints one line with the counts and every disagreement, and exits 1 if
there is one. `--limit N` stops after N distinct hands.
"""

import json
import sys

from mahjong.shanten import Shanten

SUITS = {"m": 0, "p": 9, "s": 18}
HONOURS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}


def kind(tile):
    """The 0-33 kind of an mjai tile name (`5mr` is a red 5m)."""
    if tile in HONOURS:
        return HONOURS[tile]
    return SUITS[tile[1]] + int(tile[0]) - 1


def shanten(counts, three):
    return Shanten.calculate_shanten(counts, is_three_player=three)


def acceptance(counts, three):
    base = shanten(counts, three)
    accepted = []
    for k in range(34):
        if counts[k] >= 4 or (three and 1 <= k <= 7):
            continue
        counts[k] += 1
        if shanten(counts, three) < base:
            accepted.append(k)
        counts[k] -= 1
    return base, accepted


def main():
    limit = None
    if "--limit" in sys.argv:
        limit = int(sys.argv[sys.argv.index("--limit") + 1])
    seen = set()
    pending = []  # decisions of the current file, until its game line
    checked = three_checked = decisions = 0
    problems = []

    def check(decision, three):
        nonlocal checked, three_checked
        hand = [kind(t) for t in decision["hand"]]
        melds = len(decision["melds"])
        for c in decision["candidates"]:
            counts = [0] * 34
            for k in hand:
                counts[k] += 1
            counts[kind(c["discard"])] -= 1
            key = (tuple(counts), melds, three)
            if key in seen:
                continue
            seen.add(key)
            base, accepted = acceptance(counts, three)
            ours = sorted(kind(t) for t in c["ukeire_kinds"])
            if base != c["shanten"] or accepted != ours:
                problems.append(
                    f"{decision['file']} event {decision['event']} discard {c['discard']}: "
                    f"paifu shanten {c['shanten']} kinds {ours}, "
                    f"mahjong shanten {base} kinds {accepted}"
                )
            checked += 1
            three_checked += three
            if limit is not None and checked >= limit:
                return True
        return False

    done = False
    for line in sys.stdin:
        row = json.loads(line)
        kind_of_line = row.get("type")
        # Discard decisions only: the call, riichi, kong and win lines
        # carry no candidate discards.
        if kind_of_line == "decision" and row.get("kind", "discard") == "discard":
            pending.append(row)
        elif kind_of_line == "game":
            three = row["players"] == 3
            for d in pending:
                decisions += 1
                if check(d, three):
                    done = True
                    break
            pending = []
            if done:
                # Read the rest, so that the writer upstream is not cut off.
                for _ in sys.stdin:
                    pass
                break
    verdict = "all agree" if not problems else f"{len(problems)} disagree"
    print(
        f"python mahjong {version()}: checked {checked} distinct hands "
        f"({three_checked} three-player) from {decisions} decisions: "
        f"shanten and acceptance kinds {verdict}"
    )
    for p in problems[:50]:
        print(p)
    sys.exit(1 if problems else 0)


def version():
    try:
        import importlib.metadata

        return importlib.metadata.version("mahjong")
    except Exception:  # noqa: BLE001 - the version is only printed
        return "?"


if __name__ == "__main__":
    main()
