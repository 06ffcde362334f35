//! Helpers shared by the integration tests: finding the corpus, reading
//! logs, and a small replay that checks tiles add up.

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(dead_code)]

pub mod browser;
pub mod majsoul;
pub mod replay;

use std::path::{Path, PathBuf};

use paifu::event::{Entry, GameLog};
use paifu::import::{ImportOptions, import_bytes};

/// The shared corpus, if this machine has it (`PAIFU_CORPUS` overrides the
/// default `../shared/corpus` beside the repository).
pub fn corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("PAIFU_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        PathBuf::from,
    );
    dir.is_dir().then_some(dir)
}

/// Writes a line straight to the process's stderr, past the test
/// harness's output capture, so that counts and skips show in every run.
pub fn report(line: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
}

/// Says why a corpus test does nothing here. Never silent.
pub fn skip(test: &str) {
    report(&format!(
        "SKIPPED {test}: the corpus (../shared/corpus or $PAIFU_CORPUS) is not on this machine"
    ));
}

/// All files below `dir`, sorted.
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Imports one file.
pub fn import(path: &Path) -> Result<GameLog, paifu::import::ImportError> {
    let bytes = std::fs::read(path).expect("readable test file");
    import_bytes(&bytes, &ImportOptions::default())
}

/// The testdata folder.
pub fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

/// The events with source locations cleared.
pub fn plain(events: &[Entry]) -> Vec<paifu::event::Event> {
    events.iter().map(|e| e.event.clone()).collect()
}

/// The first difference between two event lists, for a readable failure.
pub fn first_difference(a: &[paifu::event::Event], b: &[paifu::event::Event]) -> Option<String> {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if x != y {
            return Some(format!(
                "event {i} differs:\n  left:  {}\n  right: {}",
                serde_json::to_string(x).unwrap_or_default(),
                serde_json::to_string(y).unwrap_or_default()
            ));
        }
    }
    if a.len() != b.len() {
        return Some(format!("lengths differ: {} vs {}", a.len(), b.len()));
    }
    None
}

/// For the benches: seconds for the best of `rounds` runs of each of `a`
/// and `b`, run alternately so that both see the same machine load.
pub fn best_of_both(
    rounds: usize,
    mut a: impl FnMut() -> usize,
    mut b: impl FnMut() -> usize,
) -> (f64, f64) {
    let (mut best_a, mut best_b) = (f64::INFINITY, f64::INFINITY);
    let mut sink = 0usize;
    for _ in 0..rounds {
        let start = std::time::Instant::now();
        sink = sink.wrapping_add(a());
        best_a = best_a.min(start.elapsed().as_secs_f64());
        let start = std::time::Instant::now();
        sink = sink.wrapping_add(b());
        best_b = best_b.min(start.elapsed().as_secs_f64());
    }
    std::hint::black_box(sink);
    (best_a, best_b)
}

/// For the benches: every game below `dir` imported, with the profile
/// `auto` gives it, and how many files were not games.
pub fn games_below(dir: &Path) -> (Vec<(GameLog, paifu::rules::Rules)>, usize) {
    let options = ImportOptions::default();
    let mut games = Vec::new();
    let mut skipped = 0;
    for path in files_below(dir) {
        let bytes = std::fs::read(&path).expect("readable file");
        let Ok(log) = import_bytes(&bytes, &options) else {
            skipped += 1;
            continue;
        };
        let rules = paifu::rules::Rules::for_log(&log.meta).rules;
        games.push((log, rules));
    }
    (games, skipped)
}

/// For the benches: the folder given on the command line, else the
/// corpus's `tenhou-xml`, else `testdata/tenhou_xml`; and `--rounds N`.
pub fn bench_args(default_rounds: usize) -> (PathBuf, usize) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(default_rounds);
    let dir = args
        .iter()
        .find(|a| !a.starts_with("--") && Path::new(a).is_dir())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            corpus()
                .map(|c| c.join("tenhou-xml"))
                .filter(|c| c.is_dir())
                .unwrap_or_else(|| testdata().join("tenhou_xml"))
        });
    (dir, rounds)
}

/// For the command-line tests: runs the `paifu` binary with `args` and
/// extra environment variables.
pub fn paifu_env(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_paifu"));
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("the binary runs")
}

/// Runs the `paifu` binary with `args`.
pub fn paifu(args: &[&str]) -> std::process::Output {
    paifu_env(args, &[])
}

/// A path below `testdata/`, as a string for the command line.
pub fn td(rel: &str) -> String {
    testdata().join(rel).to_string_lossy().into_owned()
}

/// Runs `args` with 1, 2 and 8 threads and checks that the outputs are
/// byte-identical; returns the one-thread run.
pub fn same_on_any_thread_count(args: &[&str]) -> std::process::Output {
    let runs: Vec<std::process::Output> = ["1", "2", "8"]
        .iter()
        .map(|n| paifu_env(args, &[("RAYON_NUM_THREADS", n)]))
        .collect();
    assert!(!runs[0].stdout.is_empty());
    for (run, n) in runs.iter().zip(["1", "2", "8"]).skip(1) {
        assert_eq!(
            runs[0].status.code(),
            run.status.code(),
            "{args:?}, {n} threads"
        );
        assert!(
            runs[0].stdout == run.stdout,
            "{args:?}: the report on {n} threads differs from one thread's"
        );
        assert_eq!(runs[0].stderr, run.stderr, "{args:?}, {n} threads");
    }
    runs.into_iter().next().unwrap()
}

/// What `--rules auto` makes of a game: the sorted rule ids of its
/// warnings and errors, and of its infos.
pub fn auto_verdict(log: &GameLog) -> (Vec<String>, Vec<String>) {
    let rules = paifu::rules::Rules::for_log(&log.meta).rules;
    let mut acted = Vec::new();
    let mut info = Vec::new();
    for f in paifu::engine::audit(log, &rules).findings {
        let id = f.rule.to_string();
        if f.severity == paifu::engine::Severity::Info {
            info.push(id);
        } else {
            acted.push(id);
        }
    }
    acted.sort();
    info.sort();
    (acted, info)
}
