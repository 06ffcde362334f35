//! The review on every log of the corpus and of `testdata/`: it runs on
//! every format, four and three players; a win the audit accepts is always
//! a legal win for the review (the two read the same engine); three-player
//! acceptance counts the 108-tile set; and the numbers it reports stay
//! within what the tiles allow.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use rayon::prelude::*;

use paifu::engine::{RuleId, Severity, audit};
use paifu::event::{Event, GameLog};
use paifu::review::{GameReview, ItemKind, Options, review, unseen_by};
use paifu::rules::Rules;

use common::{corpus, files_below, import, report, skip, testdata};

/// What one game's review showed.
#[derive(Default)]
struct Tally {
    games: usize,
    three_player: usize,
    decisions: usize,
    hands: usize,
    items: usize,
    wins: usize,
    accepted_wins: usize,
    problems: Vec<String>,
}

impl Tally {
    fn add(mut self, other: Self) -> Self {
        self.games += other.games;
        self.three_player += other.three_player;
        self.decisions += other.decisions;
        self.hands += other.hands;
        self.items += other.items;
        self.wins += other.wins;
        self.accepted_wins += other.accepted_wins;
        self.problems.extend(other.problems);
        self
    }
}

/// Reviews one game and checks it.
fn check(name: &str, log: &GameLog) -> Tally {
    let rules = Rules::for_log(&log.meta).rules;
    let r = review(log, &rules, &Options::default());
    let a = audit(log, &rules);
    let mut t = Tally {
        games: 1,
        three_player: usize::from(log.meta.seats == 3),
        decisions: r.decisions.len(),
        hands: r.decisions.iter().map(|d| d.candidates.len()).sum(),
        items: r.items.len(),
        ..Tally::default()
    };
    // Every win the audit accepts (no error on its event, and scored: not
    // left unchecked) is one the review's engine query confirms as legal.
    let rejected: BTreeSet<usize> = a
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error || f.rule == RuleId::Unchecked)
        .map(|f| f.event)
        .collect();
    for (i, e) in log.events.iter().enumerate() {
        if matches!(e.event, Event::Hora { .. }) {
            t.wins += 1;
            t.accepted_wins += usize::from(!rejected.contains(&i));
        }
    }
    for d in &r.disagreements {
        if !rejected.contains(&d.event) {
            t.problems.push(format!(
                "{name}: the audit accepts the win at event {} (seat {}) but the review does not: {}",
                d.event, d.seat, d.why
            ));
        }
    }
    // A missed win is never on a tile the audit would have refused: the
    // review's verdict is the audit's.
    for i in r.items.iter().filter(|i| i.kind == ItemKind::MissedWin) {
        if i.value.is_none_or(|v| v <= 0) {
            t.problems.push(format!(
                "{name}: MISSED-WIN at event {} has no value",
                i.event
            ));
        }
    }
    check_numbers(name, log, &r, &mut t);
    t
}

/// Acceptance within the tiles: no 2m–8m with three players, no more tiles
/// accepted than four a kind, ranks that order the candidates.
fn check_numbers(name: &str, log: &GameLog, r: &GameReview, t: &mut Tally) {
    let three = log.meta.seats == 3;
    for d in &r.decisions {
        let mut previous: Option<(i8, bool, u8)> = None;
        for c in &d.candidates {
            let kinds = c.accepts.len();
            if u32::from(c.ukeire) > 4 * kinds {
                t.problems.push(format!(
                    "{name}: event {}: {} accepts {} tiles of {kinds} kinds",
                    d.event, c.discard, c.ukeire
                ));
            }
            if three && (1..=7).any(|k| c.accepts.contains(k)) {
                t.problems.push(format!(
                    "{name}: event {}: a three-player hand accepts 2m-8m",
                    d.event
                ));
            }
            if c.shanten != 0 && !c.waits.is_empty() {
                t.problems.push(format!(
                    "{name}: event {}: waits on a hand that is not tenpai",
                    d.event
                ));
            }
            // Best first: shanten, at tenpai not furiten before furiten,
            // then tiles accepted.
            let key = (c.shanten, c.furiten, u8::MAX - c.ukeire);
            if previous.is_some_and(|p| p > key) {
                t.problems.push(format!(
                    "{name}: event {}: candidates out of order",
                    d.event
                ));
            }
            previous = Some(key);
        }
        if d.played()
            .is_none_or(|p| p.discard.kind() != d.played.kind())
        {
            t.problems.push(format!(
                "{name}: event {}: the tile played is not among the candidates",
                d.event
            ));
        }
    }
}

fn run_on(paths: &[std::path::PathBuf], root: &Path) -> (Tally, usize) {
    let refused = std::sync::atomic::AtomicUsize::new(0);
    let tally = paths
        .par_iter()
        .map(|p| {
            let name = p.strip_prefix(root).unwrap_or(p).display().to_string();
            match import(p) {
                Ok(log) => check(&name, &log),
                Err(_) => {
                    refused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    Tally::default()
                }
            }
        })
        .reduce(Tally::default, Tally::add);
    (tally, refused.into_inner())
}

fn assert_clean(what: &str, t: &Tally, refused: usize, files: usize) {
    report(&format!(
        "{what}: {files} files, {} games reviewed ({} three-player), {refused} not games; {} decisions, {} candidate hands, {} items; {} wins in the logs, {} accepted by the audit, every one confirmed by the review",
        t.games, t.three_player, t.decisions, t.hands, t.items, t.wins, t.accepted_wins
    ));
    assert!(
        t.problems.is_empty(),
        "{} problems, the first: {:#?}",
        t.problems.len(),
        &t.problems[..t.problems.len().min(10)]
    );
}

#[test]
fn testdata_logs_review_consistently() {
    let root = testdata();
    // Files that are not games (expectations, oracle cases) are refused by
    // the importer and counted apart.
    let paths = files_below(&root);
    let (t, refused) = run_on(&paths, &root);
    assert!(t.games > 50 && t.decisions > 1000, "{} games", t.games);
    assert!(t.three_player > 0, "a three-player log is in testdata");
    assert_clean("testdata", &t, refused, paths.len());
}

#[test]
fn corpus_logs_review_consistently() {
    let Some(root) = corpus() else {
        return skip("corpus_logs_review_consistently");
    };
    let paths = files_below(&root);
    let (t, refused) = run_on(&paths, &root);
    assert!(t.games > 2_900, "only {} games", t.games);
    assert!(
        t.three_player > 100,
        "only {} three-player games",
        t.three_player
    );
    assert!(t.wins > 16_000, "only {} wins", t.wins);
    assert_clean("corpus", &t, refused, paths.len());
}

/// "Cannot see" as `formats/review.md` defines it, on a real table: the
/// copies in view from one seat are its own hand, every meld, every river
/// (a called tile once), the indicators; never another seat's hand.
#[test]
fn unseen_counts_never_look_into_other_hands() {
    let log = import(&testdata().join("tenhou_xml/double_ron.mjlog")).unwrap();
    let rules = Rules::for_log(&log.meta).rules;
    let mut replay = paifu::engine::Replay::new(&log, &rules);
    let mut checked = 0;
    while let Some(i) = replay.step() {
        let Some(state) = replay.table() else {
            continue;
        };
        if !matches!(log.events[i].event, Event::Dahai { .. }) {
            continue;
        }
        for seat in paifu::event::Seat::all(4) {
            let unseen = unseen_by(state, seat);
            let mut seen = [0u8; 34];
            let p = state.player(seat).unwrap();
            for t in &p.concealed {
                seen[usize::from(t.kind())] += 1;
            }
            for o in &state.players {
                for t in o.melds.iter().flat_map(|m| &m.meld.tiles) {
                    seen[usize::from(t.kind())] += 1;
                }
                for r in o.river.iter().filter(|r| !r.called) {
                    seen[usize::from(r.tile.kind())] += 1;
                }
            }
            for t in &state.dora_indicators {
                seen[usize::from(t.kind())] += 1;
            }
            for k in 0..34 {
                assert_eq!(
                    unseen[k],
                    4 - seen[k].min(4),
                    "event {i} seat {seat} kind {k}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 200);
}
