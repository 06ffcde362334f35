//! Full-audit throughput beside the parse-only floor, on one thread.
//!
//! `cargo bench --bench audit [-- DIR] [--rounds N]` (default: the corpus's
//! `tenhou-xml` beside the repository, else `testdata/tenhou_xml`). Every
//! file is read into memory before the clock starts; then, single-threaded,
//! each round (a) imports every file's bytes (`import_bytes`: the floor
//! `paifu events` stands on) and (b) imports and audits every game under
//! the `auto` profile, (a) and (b) alternating so that both see the same
//! machine load. The best round of each is reported, for all games
//! and for the hanchan (East-South games) alone, with the ratio of the two
//! rates measured in the same run.

#![allow(clippy::expect_used)]

// The integration tests' helpers: the corpus location and the file walk.
#[path = "../tests/common/mod.rs"]
mod common;

use paifu::engine::audit;
use paifu::event::GameLength;
use paifu::import::{ImportOptions, import_bytes};
use paifu::rules::Rules;

fn parse_only(games: &[Vec<u8>], options: &ImportOptions) -> usize {
    games
        .iter()
        .filter_map(|b| import_bytes(b, options).ok())
        .map(|log| log.events.len())
        .sum()
}

fn parse_and_audit(games: &[Vec<u8>], options: &ImportOptions) -> usize {
    games
        .iter()
        .filter_map(|b| import_bytes(b, options).ok())
        .map(|log| {
            let rules = Rules::for_log(&log.meta).rules;
            audit(&log, &rules).findings.len()
        })
        .sum()
}

fn report(label: &str, games: &[Vec<u8>], kyoku: usize, rounds: usize) {
    let options = ImportOptions::default();
    let (parse, full) = common::best_of_both(
        rounds,
        || parse_only(games, &options),
        || parse_and_audit(games, &options),
    );
    let n = games.len() as f64;
    println!(
        "{label}: {} games ({kyoku} kyoku): parse-only {:.0} games/s ({:.3} s), parse+audit {:.0} games/s ({:.3} s), audit at {:.0}% of parse-only speed",
        games.len(),
        n / parse,
        parse,
        n / full,
        full,
        100.0 * parse / full,
    );
}

fn main() {
    let (dir, rounds) = common::bench_args(10);
    let options = ImportOptions::default();
    let mut all = Vec::new();
    let mut hanchan = Vec::new();
    let (mut all_kyoku, mut hanchan_kyoku, mut skipped) = (0, 0, 0);
    for path in common::files_below(&dir) {
        let bytes = std::fs::read(&path).expect("readable file");
        let Ok(log) = import_bytes(&bytes, &options) else {
            skipped += 1;
            continue;
        };
        all_kyoku += log.kyoku_count();
        if log.meta.rules.length == Some(GameLength::Hanchan) {
            hanchan_kyoku += log.kyoku_count();
            hanchan.push(bytes.clone());
        }
        all.push(bytes);
    }
    println!(
        "{}: {} games read ({} hanchan), {skipped} files that are not games skipped; one thread, best of {rounds} rounds",
        dir.display(),
        all.len(),
        hanchan.len()
    );
    report("all games", &all, all_kyoku, rounds);
    if !hanchan.is_empty() {
        report("hanchan", &hanchan, hanchan_kyoku, rounds);
    }
}
