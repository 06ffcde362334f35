#!/usr/bin/env python3
"""Times paifu's Python package beside RiichiEnv's log replay on the same
Tenhou games, in one run, single-threaded.

    python bench/python/compare_riichienv.py XML_DIR [--limit 500]
        [--players 4|3|all] [--rounds 3] [--paifu-bin PATH] [--json OUT]

Every file under XML_DIR (sorted by path) is converted to mjai with the
paifu CLI (`paifu convert --to mjai`) into a temporary folder before any
clock starts; files the CLI cannot convert are skipped and counted, and the
first LIMIT games with the chosen number of players are kept. Then, in
alternating rounds (each round runs every pass once; best of ROUNDS):

  riichienv-replay  RiichiEnv's validating replay, the one its own
                    scripts/validate_logs.py uses: `MjaiReplay.from_jsonl`
                    (it takes a path only; the files are in the page cache),
                    then for every kyoku `Kyoku.steps(skip_single_action=
                    False)` run to the end (each recorded decision is
                    checked against the environment's legal actions; a
                    mismatch raises "Replay desync") and
                    `Kyoku.take_win_result_contexts()` (each win's hand
                    valued again by its HandEvaluator).
  riichienv-apply   `RiichiEnv.apply_event` over every event of the game,
                    parsed with `json.loads` from mjai text held in memory:
                    state updates only, no legality check.
  paifu-load        `paifu.load(path)` on every Tenhou XML file.
  paifu-audit       `paifu.audit(path, rules="auto")` on every XML file.
  paifu-replay      `paifu.Replay(path)` stepped through every event; at
                    each recorded decision `legal(seat)` (the moves the
                    engine allows; the recorded one must be among them, or
                    the game counts as failed) and `table()` (the state the
                    engine holds, as a dict): the pass to set beside
                    riichienv-replay, which checks each decision against
                    its legal actions and builds an observation.
  cli-audit         reference: `paifu audit --quiet --fail-on none FILES…`
                    with RAYON_NUM_THREADS=1, one process over all files
                    (its start, reading, hashing and summary included).

The paifu-* passes run only when `import paifu` works in this interpreter.
A pass that raises on a game counts it as failed and goes on; its time is
kept. Games per second are the games attempted over the pass's best wall
time; games per CPU second over its best CPU time (user + system: the
process's own for the Python passes, the child's for the CLI), the steadier
figure on a machine shared with other work.

Memory: each Python pass runs once more alone in a fresh subprocess of this
interpreter, which reads its own peak resident set (`VmHWM`, where Linux has
it; else `ru_maxrss`) after its imports and inputs are loaded (the baseline)
and after the pass (the peak); the growth is peak minus baseline. The CLI's
peak is GNU time's `%M` (`/usr/bin/time`). Both count every allocation, Rust
and Python alike, which tracemalloc would not. `ru_maxrss` read by the
parent is not used: Linux carries a parent's peak into its children across
fork and exec.

RiichiEnv reads a nukidora (a north set aside in three-player games) as
`{"type":"kita","actor":…}`; paifu's mjai writes `{"type":"nukidora",
"actor":…,"pai":"N"}`, which RiichiEnv 0.4.11 ignores (the north then stays
in hand and the replay soon desyncs: "Replay desync" at a riichi). The
conversion step renames `nukidora` to `kita` in RiichiEnv's copy, before
any clock starts; four-player games have no such event.
"""

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Before any import that may start a thread pool: paifu's CLI sizes rayon's
# global pool by it, and its Rust package is built on the same library.
os.environ["RAYON_NUM_THREADS"] = "1"

PY_PASSES = ["riichienv-replay", "riichienv-apply", "paifu-load", "paifu-audit", "paifu-replay"]


def paifu_importable():
    try:
        import paifu  # noqa: F401
    except ImportError as err:
        return False, str(err)
    return True, ""


def find_cli(given):
    if given:
        return given
    if os.environ.get("PAIFU_BIN"):
        return os.environ["PAIFU_BIN"]
    on_path = shutil.which("paifu")
    if on_path:
        return on_path
    built = Path(__file__).resolve().parents[2] / "target" / "release" / "paifu"
    if built.is_file():
        return str(built)
    sys.exit("no paifu CLI: pass --paifu-bin, set PAIFU_BIN or build with `cargo build --release`")


def adapt_for_riichienv(text):
    """The mjai text RiichiEnv gets and how many events were renamed."""
    renamed = 0
    lines = []
    for line in text.splitlines():
        if '"nukidora"' in line:
            event = json.loads(line)
            if event.get("type") == "nukidora":
                event = {"type": "kita", "actor": event["actor"], "pai": event.get("pai", "N")}
                line = json.dumps(event, separators=(",", ":"))
                renamed += 1
        lines.append(line)
    return "\n".join(lines) + "\n", renamed


def players_and_kyoku(text):
    players, kyoku = 0, 0
    for line in text.splitlines():
        if '"start_kyoku"' in line:
            event = json.loads(line)
            if event.get("type") == "start_kyoku":
                kyoku += 1
                players = players or len(event.get("tehais", []))
    return players, kyoku


def convert(xml_dir, cli, out_dir, players, limit):
    """Converts the XML files in path order until LIMIT games are kept."""
    files = sorted(p for p in Path(xml_dir).rglob("*") if p.is_file())
    games, unconverted, other_players, renamed = [], 0, 0, 0
    for xml in files:
        if limit and len(games) >= limit:
            break
        done = subprocess.run(
            [cli, "convert", "--to", "mjai", str(xml)], check=False, capture_output=True, text=True
        )
        if done.returncode != 0 or not done.stdout.strip():
            unconverted += 1
            continue
        n, kyoku = players_and_kyoku(done.stdout)
        if players != "all" and n != int(players):
            other_players += 1
            continue
        text, count = adapt_for_riichienv(done.stdout)
        renamed += count
        mjai = Path(out_dir) / f"{len(games):05d}.mjai.jsonl"
        mjai.write_text(text, encoding="utf-8")
        games.append({"xml": str(xml.resolve()), "mjai": str(mjai), "players": n, "kyoku": kyoku})
    return games, {
        "files_found": len(files),
        "unconverted": unconverted,
        "other_players": other_players,
        "kita_renamed": renamed,
    }


class Pass:
    """One way through all the games; `run` returns (ok, failed, first error)."""

    def __init__(self, name, games, rule):
        self.name = name
        self.games = games
        self.rule = rule
        if name.startswith("riichienv"):
            import riichienv

            self.riichienv = riichienv
            # The apply pass parses text held in memory; MjaiReplay takes
            # only a path, so its files are read once into the page cache
            # (one at a time, not to raise the memory baseline).
            if name == "riichienv-apply":
                self.texts = [Path(g["mjai"]).read_text(encoding="utf-8") for g in games]
            else:
                for g in games:
                    Path(g["mjai"]).read_bytes()
        else:
            import paifu

            self.paifu = paifu
            for g in games:
                Path(g["xml"]).read_bytes()  # into the page cache

    def run(self):
        step = getattr(self, "_" + self.name.replace("-", "_"))
        ok = failed = 0
        first_error = None
        for i, game in enumerate(self.games):
            try:
                step(i, game)
                ok += 1
            except Exception as err:  # noqa: BLE001 — a failed game is counted, not fatal
                failed += 1
                if first_error is None:
                    first_error = f"{game['xml']}: {str(err).splitlines()[0]}"
        return ok, failed, first_error

    def _riichienv_replay(self, _i, game):
        replay = self.riichienv.MjaiReplay.from_jsonl(game["mjai"], rule=self.rule)
        for kyoku in replay.take_kyokus():
            for _step in kyoku.steps(skip_single_action=False):
                pass
            for _win in kyoku.take_win_result_contexts():
                pass

    def _riichienv_apply(self, i, game):
        mode = "4p-red-half" if game["players"] == 4 else "3p-red-half"
        env = self.riichienv.RiichiEnv(game_mode=mode, skip_mjai_logging=True)
        loads = json.loads
        for line in self.texts[i].splitlines():
            env.apply_event(loads(line))

    def _paifu_load(self, _i, game):
        self.paifu.load(game["xml"])

    def _paifu_audit(self, _i, game):
        self.paifu.audit(game["xml"], rules="auto")

    def _paifu_replay(self, _i, game):
        replay = self.paifu.Replay(game["xml"])
        for _ in range(len(replay)):
            taken = replay.taken()
            if taken is not None:
                seat = taken.pop("seat")
                legal = replay.legal(seat)
                if legal is not None and taken not in legal:
                    raise RuntimeError(f"event {replay.position}: {taken['text']} is not among the legal moves")
                replay.table()
            replay.step()


def timed(one_pass):
    wall, cpu = time.perf_counter(), time.process_time()
    ok, failed, first_error = one_pass.run()
    return {
        "wall": time.perf_counter() - wall,
        "cpu": time.process_time() - cpu,
        "ok": ok,
        "failed": failed,
        "first_error": first_error,
    }


def cli_audit(cli, games):
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    argv = [cli, "audit", "--quiet", "--fail-on", "none", *[g["xml"] for g in games]]
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)  # its CPU time; see cli_memory for RSS
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    # The summary's "files N, games N, kyoku N, import errors N" line.
    counts = {}
    for line in out.decode("utf-8", "replace").splitlines():
        if "import errors" in line:
            for part in line.strip().split(", "):
                key, _, value = part.rpartition(" ")
                counts[key] = int(value) if value.isdigit() else None
    return {
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "ok": counts.get("games"),
        "failed": counts.get("import errors"),
        "first_error": None if child.returncode in (0, 1) else f"exit {child.returncode}",
    }


def peak_rss_kb():
    """This process's peak resident set since its exec, in KiB.

    Linux's `ru_maxrss` keeps the parent's peak across fork and exec (a
    child of a 300 MB process reports at least 300 MB), so the peak of the
    process's own address space, `VmHWM`, is read instead where it exists.
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def memory_worker(name, list_file, rule):
    """Runs one pass alone and prints its peak RSS before and after."""
    games = json.loads(Path(list_file).read_text(encoding="utf-8"))
    one_pass = Pass(name, games, rule)
    base = peak_rss_kb()
    ok, failed, _ = one_pass.run()
    peak = peak_rss_kb()
    print(json.dumps({"baseline_kb": base, "peak_kb": peak, "ok": ok, "failed": failed}))


def measure_memory(name, list_file, rule):
    done = subprocess.run(
        [sys.executable, __file__, "--memory-worker", name, "--list", list_file, "--rule", rule],
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def cli_memory(cli, games):
    """The CLI audit's peak RSS, by GNU time (`%M`), which as a small parent
    passes no peak of its own down; None without /usr/bin/time."""
    if not Path("/usr/bin/time").is_file():
        return {"error": ["no /usr/bin/time"]}
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    argv = ["/usr/bin/time", "-f", "%M", cli, "audit", "--quiet", "--fail-on", "none"]
    done = subprocess.run(
        [*argv, *[g["xml"] for g in games]],
        check=False,
        capture_output=True,
        text=True,
        env=env,
    )
    last = done.stderr.strip().splitlines()[-1:]
    if not last or not last[0].isdigit():
        return {"error": last}
    return {"peak_kb": int(last[0])}


def versions(cli, with_paifu):
    import importlib.metadata as meta

    found = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "riichienv": meta.version("riichienv"),
        "paifu-cli": subprocess.run(
            [cli, "--version"], check=False, capture_output=True, text=True
        ).stdout.strip(),
    }
    if with_paifu:
        try:
            found["paifu-python"] = meta.version("paifu")
        except meta.PackageNotFoundError:
            import paifu

            found["paifu-python"] = getattr(paifu, "__version__", "unknown")
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                found["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "xml_dir", nargs="?", help="folder of Tenhou XML games (searched recursively)"
    )
    parser.add_argument("--limit", type=int, default=500, help="games kept, first by path (0: all)")
    parser.add_argument("--players", choices=["4", "3", "all"], default="4")
    parser.add_argument(
        "--rounds", type=int, default=3, help="alternating rounds; best of each pass"
    )
    parser.add_argument(
        "--rule", default="tenhou", help="RiichiEnv's MjaiReplay rule (tenhou or mjsoul)"
    )
    parser.add_argument(
        "--paifu-bin", help="paifu CLI (default: PAIFU_BIN, PATH, target/release/paifu)"
    )
    parser.add_argument(
        "--mjai-dir", help="keep the mjai conversions in this (new or empty) folder"
    )
    parser.add_argument("--no-memory", action="store_true", help="skip the memory subprocesses")
    parser.add_argument("--json", help="also write the results as JSON to this file")
    parser.add_argument("--memory-worker", help=argparse.SUPPRESS)
    parser.add_argument("--list", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.memory_worker:
        memory_worker(args.memory_worker, args.list, args.rule)
        return
    if not args.xml_dir:
        parser.error("XML_DIR is required")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    cli = find_cli(args.paifu_bin)
    with_paifu, why_not = paifu_importable()
    if not with_paifu:
        print(f"paifu-load, paifu-audit, paifu-replay: skipped (import paifu failed: {why_not})")
    names = [n for n in PY_PASSES if with_paifu or not n.startswith("paifu")]

    work = (
        Path(args.mjai_dir) if args.mjai_dir else Path(tempfile.mkdtemp(prefix="paifu-riichienv-"))
    )
    work.mkdir(parents=True, exist_ok=True)
    try:
        start = time.perf_counter()
        games, selection = convert(args.xml_dir, cli, work, args.players, args.limit)
        if not games:
            sys.exit(f"no {args.players}-player game converted from {args.xml_dir}")
        list_file = work / "games.json"
        list_file.write_text(json.dumps(games), encoding="utf-8")
        kyoku = sum(g["kyoku"] for g in games)
        print(
            f"{len(games)} games ({kyoku} kyoku, players {args.players}) from {args.xml_dir}: "
            f"{selection['files_found']} files found, {selection['unconverted']} not converted, "
            f"{selection['other_players']} with another number of players skipped, "
            f"{selection['kita_renamed']} nukidora renamed kita; converted in "
            f"{time.perf_counter() - start:.1f} s"
        )

        passes = {n: Pass(n, games, args.rule) for n in names}
        results = {n: [] for n in [*names, "cli-audit"]}
        for round_no in range(args.rounds):
            for n in names:
                results[n].append(timed(passes[n]))
            results["cli-audit"].append(cli_audit(cli, games))
            line = ", ".join(f"{n} {results[n][-1]['wall']:.2f} s" for n in results)
            print(f"round {round_no + 1}/{args.rounds}: {line}", flush=True)

        memory = {}
        if not args.no_memory:
            for n in names:
                memory[n] = measure_memory(n, str(list_file), args.rule)
            memory["cli-audit"] = cli_memory(cli, games)

        report = {
            "versions": versions(cli, with_paifu),
            "games": len(games),
            "kyoku": kyoku,
            "selection": selection,
            "rounds": args.rounds,
            "passes": {},
        }
        print()
        for k, v in report["versions"].items():
            print(f"{k}: {v}")
        print()
        header = (
            f"{'pass':<17}{'ok':>6}{'failed':>7}{'best s':>9}{'games/s':>10}{'kyoku/s':>10}"
            f"{'cpu s':>8}{'games/cpu-s':>12}{'kyoku/cpu-s':>12}{'peak MB':>9}{'growth MB':>10}"
        )
        print(header)
        for n, rounds in results.items():
            best = min(rounds, key=lambda r: r["wall"])
            cpu = min(r["cpu"] for r in rounds)
            mem = memory.get(n, {})
            peak = mem.get("peak_kb")
            growth = peak - mem["baseline_kb"] if peak and "baseline_kb" in mem else None
            report["passes"][n] = {
                **best,
                "games_per_s": len(games) / best["wall"],
                "best_cpu": cpu,
                "games_per_cpu_s": len(games) / cpu,
                "kyoku_per_cpu_s": kyoku / cpu,
                "kyoku_per_s": kyoku / best["wall"],
                "memory": mem,
                "walls": [r["wall"] for r in rounds],
            }
            ok = "?" if best["ok"] is None else best["ok"]
            failed = "?" if best["failed"] is None else best["failed"]
            print(
                f"{n:<17}{ok:>6}{failed:>7}{best['wall']:>9.3f}"
                f"{len(games) / best['wall']:>10.1f}{kyoku / best['wall']:>10.1f}"
                f"{cpu:>8.3f}{len(games) / cpu:>12.1f}{kyoku / cpu:>12.1f}"
                f"{(f'{peak / 1024:.1f}' if peak else '-'):>9}"
                f"{(f'{growth / 1024:.1f}' if growth is not None else '-'):>10}"
            )
        for n, rounds in results.items():
            errors = {r["first_error"] for r in rounds if r["first_error"]}
            for e in sorted(errors):
                print(f"{n}: first failure: {e}")
            if "error" in memory.get(n, {}):
                print(f"{n}: memory subprocess failed: {memory[n]['error']}")
        if args.json:
            Path(args.json).write_text(json.dumps(report, indent=2), encoding="utf-8")
    finally:
        if not args.mjai_dir:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
