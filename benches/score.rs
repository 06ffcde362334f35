//! Hands scored per second on the oracle cases.
//!
//! `cargo bench --bench score [-- CASES.jsonl]` (default: the full oracle
//! set beside the repository, else the bundled subset). The cases are read
//! and converted before the clock starts; each round scores every case once;
//! the best of several rounds is reported, as `bench/python_mahjong.py`
//! does for the Python library so that `bench/compare.sh` can divide the two.

#![allow(clippy::expect_used)]

use std::path::PathBuf;
use std::time::Instant;

use paifu::score::case::Case;
use paifu::score::score;

fn main() {
    let path = std::env::args()
        .skip(1)
        .find(|a| a.ends_with(".jsonl"))
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let full =
                PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/oracle/cases-dev.jsonl");
            if full.exists() {
                full
            } else {
                PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/oracle/cases.jsonl")
            }
        });
    let text = std::fs::read_to_string(&path).expect("readable cases");
    let inputs: Vec<_> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| Case::parse(l).ok()?.inputs().ok())
        .collect();
    let mut best = f64::INFINITY;
    let mut sink = 0i64;
    for _ in 0..50 {
        let start = Instant::now();
        for (hand, situation, rules) in &inputs {
            if let Ok(s) = score(hand, situation, rules) {
                sink += i64::from(s.total);
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    std::hint::black_box(sink);
    let n = inputs.len();
    println!(
        "paifu: scored {n} hands in {best:.4} s: {:.0} hands/s ({})",
        n as f64 / best,
        path.display()
    );
}
