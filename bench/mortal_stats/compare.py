#!/usr/bin/env python3
"""paifu's player statistics beside Mortal's, statistic by statistic.

Issue 24's cross-check: the same games are counted by `paifu stats` and by
Mortal's `libriichi` (`riichi::stat::Stat`, through the small driver in
`driver/`, built as `README.md` says), and the two sets of figures are
printed side by side with their difference. Where the two definitions differ
the row says so (`DEFINITIONS.md` gives every definition, with the libriichi
function it comes from); a difference on a row marked "same" is a bug on one
side.

Steps:

1. Every file under the given paths is converted with `paifu convert --to
   mjai FILE -o DIR/NNNNN.json`, one game to a file, as the README's Mortal
   check does. Files `convert` refuses (a README, say) are counted and left
   out; so are games Mortal cannot read: not four players (Mortal's
   `start_game` holds four names), not exactly one game in the file, or a
   `hora`/`ryukyoku` without `deltas` (libriichi's `Stat::from_game` panics
   on one).
2. The players are the `--player` names, or else every name with at least
   `--min-games` games among the kept ones.
3. Mortal: `mortal-stats DIR NAME…` (one JSON line per name, libriichi's
   counters and getters).
4. paifu: `paifu stats --format json --player NAME PATH…` once per name, on
   the source files of the kept games (`--paifu-input mjai` gives it the
   converted folder instead), and its player line with `"seats": 4` (or
   without `seats`) is taken.

Both halves can be replaced by JSON lines already written (`--mortal-json`,
`--paifu-json`), which is how the comparison itself is tested without
either program.

    python3 bench/mortal_stats/compare.py ../shared/corpus/tenhou-xml \
        --min-games 20 --paifu-bin target/release/paifu --mortal-bin mortal-stats
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SAME = "same"

# One row per statistic the two programs share, in the contract's order:
# (label, paifu key, how Mortal's figure is read, definition note).
# Mortal's figure is ("rate", getter) for one of libriichi's own getters,
# ("count", field) for one of `Stat`'s fields, or a function of the Mortal
# line for a figure libriichi holds only as counters.
# A note other than SAME names the difference of definition; DEFINITIONS.md
# says it at length.
ROWS = [
    ("games", "games", ("count", "game"), SAME),
    ("kyoku", "kyoku", ("count", "round"), SAME),
    ("1st", ("placements", 0), ("count", "rank_1"), "D1 placement from summed deltas"),
    ("2nd", ("placements", 1), ("count", "rank_2"), "D1 placement from summed deltas"),
    ("3rd", ("placements", 2), ("count", "rank_3"), "D1 placement from summed deltas"),
    ("4th", ("placements", 3), ("count", "rank_4"), "D1 placement from summed deltas"),
    ("average placement", "average_placement", ("rate", "avg_rank"), "D1 placement from summed deltas"),
    (
        "average final points",
        "average_final_points",
        lambda m: none_or(m["rates"].get("avg_point_per_game"), lambda x: x + 25000),
        "D2 final points rebuilt from deltas, 25,000 start assumed",
    ),
    ("win rate", "win_rate", ("rate", "agari_rate"), SAME),
    ("deal-in rate", "deal_in_rate", ("rate", "houjuu_rate"), "D3 a double ron is two deal-ins"),
    ("riichi rate", "riichi_rate", ("rate", "riichi_rate"), SAME),
    ("call rate", "call_rate", ("rate", "fuuro_rate"), SAME),
    ("draw rate", "draw_rate", ("rate", "ryukyoku_rate"), "D4 every ryukyoku, abortive draws included"),
    ("dama share", "dama_share", lambda m: ratio(m, "dama_agari", "agari"), SAME),
    ("average win", "average_win", ("rate", "avg_point_per_agari"), "D5 honba and sticks included"),
    (
        "average deal-in",
        "average_deal_in",
        lambda m: none_or(m["rates"].get("avg_point_per_houjuu"), abs),
        "D6 honba included",
    ),
    ("riichi first share", "riichi_first_share", lambda m: first_share(m), SAME),
    ("riichi chasing share", "riichi_chasing_share", ("rate", "chasing_riichi_rate"), SAME),
    ("wins", "wins", ("count", "agari"), SAME),
    ("deal-ins", "deal_ins", ("count", "houjuu"), "D3 a double ron is two deal-ins"),
    ("riichi", "riichi", ("count", "riichi"), SAME),
    ("calls (kyoku)", "calls", ("count", "fuuro"), SAME),
    ("draws", "exhaustive_draws", ("count", "ryukyoku"), "D4 every ryukyoku, abortive draws included"),
    ("dama wins", "dama_wins", ("count", "dama_agari"), SAME),
    ("riichi first", "riichi_first", lambda m: m["counts"]["riichi"] - m["counts"]["chasing_riichi"], SAME),
    ("riichi chasing", "riichi_chasing", ("count", "chasing_riichi"), SAME),
]

# The contract's statistics libriichi has no counterpart for.
PAIFU_ONLY = [
    "tenpai_at_draw_rate",
    "tsumo_share",
    "riichi_good_wait_share",
    "average_riichi_unseen_waits",
    "deal_in_while_tenpai_share",
]

# libriichi's figures the contract has no counterpart for (shown for reference).
MORTAL_ONLY = [
    "tobi_rate",
    "avg_pt_90_45_0_m135",
    "avg_point_per_round",
    "avg_point_per_riichi_agari",
    "avg_point_per_fuuro_agari",
    "avg_point_per_dama_agari",
    "avg_point_per_ryukyoku",
    "avg_agari_jun",
    "avg_houjuu_jun",
    "riichi_chased_rate",
    "agari_rate_after_riichi",
    "houjuu_rate_after_riichi",
    "avg_riichi_jun",
    "avg_riichi_point",
    "avg_fuuro_num",
    "agari_rate_after_fuuro",
    "houjuu_rate_after_fuuro",
    "avg_fuuro_point",
    "agari_rate_as_oya",
    "agari_as_oya_rate",
    "houjuu_to_oya_rate",
]

DEFINITION_NOTES = {
    "D1": "libriichi ranks on the final scores it rebuilds from start_kyoku scores and deltas (less 1,000 per "
    "accepted riichi), the sticks left on the table going to the leader; ties by seat, the first dealer's first "
    "(rankings.rs). paifu ranks on the recorded final scores with the platform's tie break; on Tenhou these "
    "coincide unless the recorded scores and the deltas disagree. A log cut before its end records no final "
    "scores: paifu leaves that game unplaced, libriichi places it on the scores so far.",
    "D2": "libriichi's `point` is the rebuilt final score less 25,000 (a 25,000 start and a 100,000 total are "
    "assumed); the column adds 25,000 back. paifu averages the recorded final scores.",
    "D3": "libriichi counts one deal-in per hora event whose target is the player, so the discarder of a double "
    "ron has two; paifu counts one deal-in per discard won on (a double ron is one deal-in of the discarder).",
    "D4": "libriichi's ryukyoku is every ryukyoku event: abortive draws (nine terminals, four winds, four kongs, "
    "four riichi, three ron) and nagashi mangan included; paifu's draw rate counts exhaustive draws only.",
    "D5": "libriichi's winning points are the winner's delta less its own riichi stick of that kyoku: honba and "
    "every other stick on the table are in; paifu's average win is the hand's value alone.",
    "D6": "libriichi's deal-in points are the discarder's delta (honba included; shown here without its sign); "
    "paifu's average deal-in leaves honba out.",
    "D7": "a kyoku the log cuts off before its end (no hora or ryukyoku: test fixtures and excerpts) is played "
    "for libriichi, with its riichi, calls and wins so far; paifu leaves it out of every statistic "
    "(formats/stats.md). A player whose games have such kyoku is marked, and their rows that differ are "
    "put down to it rather than called DIFFERS.",
}


def none_or(x, f):
    return None if x is None else f(x)


def ratio(m, num, den):
    d = m["counts"][den]
    return None if d == 0 else m["counts"][num] / d


def first_share(m):
    c = m["counts"]
    return None if c["riichi"] == 0 else (c["riichi"] - c["chasing_riichi"]) / c["riichi"]


def mortal_value(how, line):
    if callable(how):
        return how(line)
    kind, key = how
    return line["counts" if kind == "count" else "rates"].get(key)


def paifu_value(key, line):
    if isinstance(key, tuple):
        seq = line.get(key[0])
        return None if seq is None or len(seq) <= key[1] else seq[key[1]]
    return line.get(key)


def find_cli(given, env, name, built):
    if given:
        return given
    if os.environ.get(env):
        return os.environ[env]
    on_path = shutil.which(name)
    if on_path:
        return on_path
    if built and Path(built).is_file():
        return str(built)
    return None


def check_mjai(text):
    """Why Mortal cannot read this mjai game, or None when it can."""
    games, names = 0, None
    for line in text.splitlines():
        if not line.strip():
            continue
        event = json.loads(line)
        kind = event.get("type")
        if kind == "start_game":
            games += 1
            names = event.get("names", [])
        elif kind in ("hora", "ryukyoku") and event.get("deltas") is None:
            return f"{kind} without deltas"
    if games != 1:
        return f"{games} games in one file"
    if names is None or len(names) != 4:
        return "not four players"
    return None


def cut_kyoku(text):
    """How many kyoku of this mjai game end without a hora or ryukyoku."""
    cut, open_kyoku = 0, False
    for line in text.splitlines():
        if not line.strip():
            continue
        kind = json.loads(line).get("type")
        if kind == "start_kyoku":
            cut += open_kyoku
            open_kyoku = True
        elif kind in ("hora", "ryukyoku"):
            open_kyoku = False
    return cut + open_kyoku


def convert_all(paths, cli, out_dir, jobs):
    files = []
    for p in paths:
        p = Path(p)
        if not p.exists():
            sys.exit(f"{p}: no such file or folder")
        files.extend(sorted(q for q in p.rglob("*") if q.is_file()) if p.is_dir() else [p])

    def one(i_file):
        i, src = i_file
        dst = Path(out_dir) / f"{i:05d}.json"
        done = subprocess.run(
            [cli, "convert", "--to", "mjai", str(src), "-o", str(dst)], capture_output=True, text=True, check=False
        )
        if done.returncode != 0 or not dst.is_file():
            return src, None, "not converted"
        text = dst.read_text(encoding="utf-8")
        why = check_mjai(text)
        if why:
            dst.unlink()
            return src, None, why
        names = json.loads(text.splitlines()[0])["names"]
        return src, (names, cut_kyoku(text)), None

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one, enumerate(files)))
    kept = [(src, names) for src, names, why in results if why is None]
    left_out = {}
    for _, _, why in results:
        if why:
            left_out[why] = left_out.get(why, 0) + 1
    return kept, left_out, len(files)


def run_mortal(cli, mjai_dir, names):
    done = subprocess.run([cli, str(mjai_dir), *names], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"mortal-stats failed ({done.returncode}): {done.stderr.strip()}")
    return [json.loads(x) for x in done.stdout.splitlines() if x.strip()]


def run_paifu(cli, name, inputs):
    argv = [cli, "stats", "--format", "json", "--player", name, *map(str, inputs)]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        first = (done.stderr.strip().splitlines() or [""])[0]
        return [], f"paifu stats failed ({done.returncode}): {first}"
    return [json.loads(x) for x in done.stdout.splitlines() if x.strip()], None


def pick_paifu_line(lines, name):
    """The four-player line of NAME (the contract: one line per table size)."""
    for line in lines:
        if line.get("type") != "player":
            continue
        if name not in line.get("names", [line.get("name")]) and line.get("name") != name:
            continue
        if line.get("seats", 4) == 4 and line.get("group") is None:
            return line
    return None


def fmt(x):
    if x is None:
        return "-"
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) >= 100):
        return f"{int(x)}"
    return f"{x:.4f}"


def diff(a, b):
    if a is None or b is None:
        return None
    return b - a


def compare(mortal, paifu, cut_games=0):
    """The rows of one player: (label, mortal, paifu, paifu - mortal, note, verdict).
    With games that have a kyoku cut off (D7), a row of the same definition
    that differs is put down to D7."""
    rows = []
    for label, pkey, how, note in ROWS:
        m = mortal_value(how, mortal) if mortal else None
        p = paifu_value(pkey, paifu) if paifu else None
        d = diff(m, p)
        if d is None:
            verdict = "n/a"
        elif abs(d) <= 1e-9 * max(1.0, abs(m)):
            verdict = "equal"
        elif note == SAME and cut_games:
            verdict = "definition"
            note = f"D7 {cut_games} game(s) with a kyoku cut off"
        elif note == SAME:
            verdict = "DIFFERS"
        else:
            verdict = "definition"
        rows.append((label, m, p, d, note, verdict))
    return rows


def print_player(name, mortal, paifu, out, cut_games=0):
    cut = f" ({cut_games} game(s) with a kyoku cut off before its end: D7)" if cut_games else ""
    out.write(f"\n== {name}{cut}\n")
    rows = compare(mortal, paifu, cut_games)
    out.write(f"{'statistic':<22} {'Mortal':>12} {'paifu':>12} {'paifu-Mortal':>13}  {'':<10} definitions\n")
    for label, m, p, d, note, verdict in rows:
        out.write(f"{label:<22} {fmt(m):>12} {fmt(p):>12} {fmt(d):>13}  {verdict:<10} {note}\n")
    if paifu:
        only = ", ".join(f"{k} {fmt(paifu.get(k))}" for k in PAIFU_ONLY)
        out.write(f"paifu only: {only}\n")
    if mortal:
        only = ", ".join(f"{k} {fmt(mortal['rates'].get(k))}" for k in MORTAL_ONLY)
        out.write(f"Mortal only: {only}\n")
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", help="log files or folders (read recursively)")
    ap.add_argument("--player", action="append", default=[], help="a player name (repeatable)")
    ap.add_argument("--min-games", type=int, default=20, help="without --player: every name with this many games")
    ap.add_argument("--paifu-bin", help="the paifu CLI (else $PAIFU_BIN, PATH, target/release/paifu)")
    ap.add_argument("--mortal-bin", help="the driver (else $MORTAL_STATS_BIN, mortal-stats on PATH)")
    ap.add_argument("--mjai-dir", help="write the conversions here (kept); else a temporary folder")
    ap.add_argument("--paifu-input", choices=["source", "mjai"], default="source")
    ap.add_argument("--jobs", type=int, default=1, help="conversions run at once")
    ap.add_argument("--mortal-json", help="Mortal's JSON lines already written (skips the driver)")
    ap.add_argument("--paifu-json", help="paifu's JSON lines already written (skips paifu stats)")
    ap.add_argument("--json", help="also write every row as JSON lines here")
    args = ap.parse_args(argv)

    root = Path(__file__).resolve().parents[2]
    names = list(args.player)
    mortal_lines, paifu_lines, inputs, mjai_dir = None, None, [], None
    # Per name: the games with a kyoku cut off before its end (D7).
    cut_games = {}
    tmp = None

    need_games = not (args.mortal_json and args.paifu_json) or not names
    if need_games:
        if not args.paths:
            ap.error("give log paths, or --player with both --mortal-json and --paifu-json")
        paifu_cli = find_cli(args.paifu_bin, "PAIFU_BIN", "paifu", root / "target" / "release" / "paifu")
        if not paifu_cli:
            sys.exit("no paifu CLI: pass --paifu-bin, set PAIFU_BIN or `cargo build --release`")
        if args.mjai_dir:
            mjai_dir = Path(args.mjai_dir)
            mjai_dir.mkdir(parents=True, exist_ok=True)
        else:
            tmp = tempfile.TemporaryDirectory(prefix="mortal-stats-")
            mjai_dir = Path(tmp.name)
        kept, left_out, found = convert_all(args.paths, paifu_cli, mjai_dir, args.jobs)
        print(f"files {found}, games kept {len(kept)}, left out: {left_out or 'none'}")
        counts = {}
        for _, (seat_names, cut) in kept:
            for n in set(seat_names):
                counts[n] = counts.get(n, 0) + 1
                if cut:
                    cut_games[n] = cut_games.get(n, 0) + 1
        if not names:
            names = sorted((n for n, c in counts.items() if c >= args.min_games), key=lambda n: (-counts[n], n))
            print(f"players with at least {args.min_games} games: {len(names)}")
        inputs = [src for src, _ in kept] if args.paifu_input == "source" else [mjai_dir]
    if not names:
        sys.exit("no player to compare")

    if args.mortal_json:
        mortal_lines = [json.loads(x) for x in Path(args.mortal_json).read_text().splitlines() if x.strip()]
    else:
        mortal_cli = find_cli(args.mortal_bin, "MORTAL_STATS_BIN", "mortal-stats", None)
        if not mortal_cli:
            sys.exit("no Mortal driver: pass --mortal-bin or set MORTAL_STATS_BIN (README.md builds it)")
        mortal_lines = run_mortal(mortal_cli, mjai_dir, names)
    mortal_by_name = {x["name"]: x for x in mortal_lines}

    paifu_by_name, paifu_errors = {}, {}
    if args.paifu_json:
        lines = [json.loads(x) for x in Path(args.paifu_json).read_text().splitlines() if x.strip()]
        for n in names:
            paifu_by_name[n] = pick_paifu_line(lines, n)
    else:
        paifu_cli = find_cli(args.paifu_bin, "PAIFU_BIN", "paifu", root / "target" / "release" / "paifu")
        for n in names:
            lines, err = run_paifu(paifu_cli, n, inputs)
            if err:
                paifu_errors[n] = err
            paifu_by_name[n] = pick_paifu_line(lines, n)

    out = sys.stdout
    records = []
    differs = 0
    for n in names:
        if n in paifu_errors:
            out.write(f"\n{n}: {paifu_errors[n]}\n")
        rows = print_player(n, mortal_by_name.get(n), paifu_by_name.get(n), out, cut_games.get(n, 0))
        differs += sum(1 for r in rows if r[5] == "DIFFERS")
        for label, m, p, d, note, verdict in rows:
            records.append(
                {"player": n, "statistic": label, "mortal": m, "paifu": p, "difference": d, "note": note, "verdict": verdict}
            )
    out.write("\nDifferences of definition:\n")
    for key, text in DEFINITION_NOTES.items():
        out.write(f"  {key}: {text}\n")
    out.write(f"Not in libriichi: {', '.join(PAIFU_ONLY)}.\n")
    out.write(f"\nrows marked DIFFERS (same definition, different figure): {differs}\n")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    if tmp:
        tmp.cleanup()
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
