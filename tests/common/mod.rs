//! Helpers shared by the integration tests: finding the corpus, reading
//! logs, and a small replay that checks tiles add up.

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(dead_code)]

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
