//! The review's throughput beside the audit's, on one thread, on the same
//! games in the same run.
//!
//! `cargo bench --bench review [-- DIR] [--rounds N]` (default: the
//! corpus's `tenhou-xml` beside the repository, else
//! `testdata/tenhou_xml`). Every game is read and imported before the clock
//! starts (the import is the same for both and is measured by the audit
//! bench); then, single-threaded, each round (a) audits every game under
//! the `auto` profile and (b) reviews every game (all seats, all
//! decisions), alternating so that both see the same machine load. The best
//! round of each is reported for the hanchan (East-South games) and for all
//! games, with the ratio of the two rates.

#![allow(clippy::expect_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use paifu::engine::audit;
use paifu::event::{GameLength, GameLog};
use paifu::review::{Options, review};
use paifu::rules::Rules;

fn report(label: &str, games: &[(GameLog, Rules)], rounds: usize) {
    let options = Options::default();
    let kyoku: usize = games.iter().map(|(log, _)| log.kyoku_count()).sum();
    let mut decisions = 0;
    let (audit_s, review_s) = common::best_of_both(
        rounds,
        || {
            games
                .iter()
                .map(|(log, rules)| audit(log, rules).findings.len())
                .sum()
        },
        || {
            let n: usize = games
                .iter()
                .map(|(log, rules)| review(log, rules, &options).decisions.len())
                .sum();
            decisions = n;
            n
        },
    );
    let n = games.len() as f64;
    println!(
        "{label}: {} games ({kyoku} kyoku, {decisions} decisions): audit {:.0} games/s ({:.3} s), review {:.0} games/s ({:.3} s, {:.2} µs a decision), review at {:.0}% of the audit's speed",
        games.len(),
        n / audit_s,
        audit_s,
        n / review_s,
        review_s,
        1e6 * review_s / decisions.max(1) as f64,
        100.0 * audit_s / review_s,
    );
}

fn main() {
    let (dir, rounds) = common::bench_args(5);
    let (all, skipped) = common::games_below(&dir);
    let hanchan: Vec<(GameLog, Rules)> = all
        .iter()
        .filter(|(log, _)| log.meta.rules.length == Some(GameLength::Hanchan))
        .cloned()
        .collect();
    println!(
        "{}: {} games read ({} hanchan), {skipped} files that are not games skipped; one thread, best of {rounds} rounds",
        dir.display(),
        all.len(),
        hanchan.len()
    );
    if !hanchan.is_empty() {
        report("hanchan", &hanchan, rounds);
    }
    report("all games", &all, rounds);
    wall_cost(&all, rounds);
}

/// The review's cost of the walls it is given (hindsight on the wall): the
/// games whose records give walls, reviewed as they are and with their
/// walls taken away, alternately in the same rounds.
fn wall_cost(games: &[(GameLog, Rules)], rounds: usize) {
    let walled: Vec<(GameLog, Rules)> = games
        .iter()
        .filter(|(log, _)| {
            log.events.iter().any(
                |e| matches!(&e.event, paifu::event::Event::StartKyoku(sk) if sk.wall.is_some()),
            )
        })
        .cloned()
        .collect();
    if walled.is_empty() {
        println!("no game with a wall: the review's hindsight on the wall is not measured");
        return;
    }
    let bare: Vec<(GameLog, Rules)> = walled
        .iter()
        .map(|(log, rules)| {
            let mut log = log.clone();
            for e in &mut log.events {
                if let paifu::event::Event::StartKyoku(sk) = &mut e.event {
                    sk.wall = None;
                }
            }
            (log, rules.clone())
        })
        .collect();
    let options = Options::default();
    let run = |games: &[(GameLog, Rules)]| -> usize {
        games
            .iter()
            .map(|(log, rules)| {
                let r = review(log, rules, &options);
                r.items.iter().filter(|i| i.hindsight.is_some()).count() + r.items.len()
            })
            .sum()
    };
    let (with_s, without_s) = common::best_of_both(rounds, || run(&walled), || run(&bare));
    println!(
        "the {} games with walls: review {:.3} s with their walls, {:.3} s without (hindsight on the wall {:+.1}%)",
        walled.len(),
        with_s,
        without_s,
        100.0 * (with_s - without_s) / without_s,
    );
}
