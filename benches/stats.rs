//! The statistics' throughput (without the review's items) beside the
//! audit's, and with the review's items beside without, on one thread, on
//! the same games in the same run.
//!
//! `cargo bench --bench stats [-- DIR] [--rounds N]` (default: the
//! corpus's `tenhou-xml` beside the repository, else
//! `testdata/tenhou_xml`). Every game is read and imported before the clock
//! starts (the import is the audit bench's); then, single-threaded, each
//! round (a) audits every game under the `auto` profile and (b) reads every
//! game into its per-seat tallies (`stats::game_stats`) and adds them up
//! per player (`stats::collect`), alternating so that both see the same
//! machine load. The best round of each is reported in games per second;
//! the target of issue 24 is 2,000 games/s on one core for (b). Then (c)
//! the same with the review run beside (`stats::game_stats_with_review`,
//! what `paifu stats` does unless `--no-review`), against (b) again, in
//! at most two rounds: the review is the slow part.

#![allow(clippy::expect_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use paifu::engine::audit;
use paifu::stats::{Options, collect, game_stats, game_stats_with_review};

fn main() {
    let (dir, rounds) = common::bench_args(5);
    let (games, skipped) = common::games_below(&dir);
    let kyoku: usize = games.iter().map(|(log, _)| log.kyoku_count()).sum();
    println!(
        "{}: {} games read ({kyoku} kyoku), {skipped} files that are not games skipped; one thread, best of {rounds} rounds",
        dir.display(),
        games.len(),
    );
    let mut lines = 0;
    let (audit_s, stats_s) = common::best_of_both(
        rounds,
        || {
            games
                .iter()
                .map(|(log, rules)| audit(log, rules).findings.len())
                .sum()
        },
        || {
            let tallies: Vec<_> = games
                .iter()
                .map(|(log, rules)| game_stats(log, rules))
                .collect();
            lines = collect(&tallies, &Options::default()).len();
            lines
        },
    );
    // Counts of games far below 2^52: exact as f64.
    #[allow(clippy::cast_precision_loss)]
    let n = games.len() as f64;
    println!(
        "statistics {:.0} games/s ({:.3} s, {lines} player lines), audit {:.0} games/s ({:.3} s): statistics at {:.0}% of the audit's speed",
        n / stats_s,
        stats_s,
        n / audit_s,
        audit_s,
        100.0 * audit_s / stats_s,
    );
    let stats = |reviewed: bool| {
        let tallies: Vec<_> = games
            .iter()
            .map(|(log, rules)| {
                if reviewed {
                    game_stats_with_review(log, rules)
                } else {
                    game_stats(log, rules)
                }
            })
            .collect();
        collect(&tallies, &Options::default()).len()
    };
    let (plain_s, reviewed_s) =
        common::best_of_both(rounds.min(2), || stats(false), || stats(true));
    println!(
        "statistics with the review {:.0} games/s ({:.3} s), without {:.0} games/s ({:.3} s): with the review at {:.1}% of the speed without",
        n / reviewed_s,
        reviewed_s,
        n / plain_s,
        plain_s,
        100.0 * plain_s / reviewed_s,
    );
}
