//! The committed fuzz corpus, replayed without the fuzzer: every file of
//! `fuzz/corpus/<target>/` goes through the target's own body
//! (`fuzz/targets.rs`, included here as it is in the fuzz targets), so an
//! input that once crashed a target, or reached code nothing else reaches,
//! stays a test of `cargo test`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

#[path = "../fuzz/targets.rs"]
mod targets;

fn corpus(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join("corpus")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs every corpus file of `target` and names those that panic (the
/// panic message itself is printed by the default hook as it happens).
fn replay(target: &str, run: fn(&[u8])) {
    let files = corpus(target);
    assert!(!files.is_empty(), "the {target} corpus is empty");
    let failed: Vec<String> = files
        .iter()
        .filter(|path| {
            let bytes = std::fs::read(path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            catch_unwind(AssertUnwindSafe(|| run(&bytes))).is_err()
        })
        .map(|path| {
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} {target} corpus inputs panic: {failed:?}",
        failed.len(),
        files.len()
    );
}

#[test]
fn import_corpus_replays() {
    replay("import", targets::import);
}

#[test]
fn audit_corpus_replays() {
    replay("audit", targets::audit);
}

#[test]
fn score_corpus_replays() {
    replay("score", targets::score);
}

#[test]
fn roundtrip_corpus_replays() {
    replay("roundtrip", targets::roundtrip);
}

#[test]
fn majsoul_corpus_replays() {
    replay("majsoul", targets::majsoul);
}

#[test]
fn riichicity_corpus_replays() {
    replay("riichicity", targets::riichicity);
}
