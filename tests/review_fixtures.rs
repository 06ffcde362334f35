//! Every review item kind against hand-written scenarios:
//! `testdata/review/<KIND>/` holds `hit*.jsonl` fixtures (the kind fires)
//! and `miss*.jsonl` near misses (the situation one detail away; the kind
//! does not fire), written in mjai, and `expected.json` with, for each
//! fixture, a `note` and the exact list of items — kind, severity, event
//! and seat, of every kind — the review gives under the `tenhou` profile,
//! so that an item nobody expected fails too. `formats/review.md` is the
//! definition each expectation follows.
//!
//! Besides, every fixture must be a legal game for the audit, every
//! candidate's acceptance count is recomputed here from the log by the
//! spec's definition of what a seat "cannot see", and one decision's
//! candidate table is checked number by number, worked out by hand.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use paifu::engine::{RuleId, Severity as FindingSeverity, audit};
use paifu::event::{Event, GameLog};
use paifu::import::{ImportOptions, import_bytes};
use paifu::review::{ChanceKind, Decision, GameReview, ItemKind, Options, review};
use paifu::rules::Rules;
use paifu::tile::Tile;
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/review")
}

fn import(path: &Path) -> GameLog {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    import_bytes(&bytes, &ImportOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn tenhou() -> Rules {
    Rules::preset("tenhou").unwrap()
}

fn reviewed(path: &Path) -> (GameLog, GameReview) {
    let log = import(path);
    let r = review(&log, &tenhou(), &Options::default());
    (log, r)
}

/// One item as `expected.json` writes it: kind, severity, event, seat.
type Key = (String, String, usize, u8);

fn keys(r: &GameReview) -> Vec<Key> {
    let mut out: Vec<Key> = r
        .items
        .iter()
        .map(|i| {
            (
                i.kind.code().to_owned(),
                i.weight.name().to_owned(),
                i.event,
                i.seat.get(),
            )
        })
        .collect();
    out.sort();
    out
}

fn expected_keys(entry: &Value, what: &str) -> Vec<Key> {
    let list = entry
        .get("items")
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("{what}: no `items` list"));
    let mut out: Vec<Key> = list
        .iter()
        .map(|v| {
            let s = |k: &str| {
                v.get(k)
                    .and_then(Value::as_str)
                    .unwrap_or_else(|| panic!("{what}: item without `{k}`: {v}"))
                    .to_owned()
            };
            let n = |k: &str| {
                v.get(k)
                    .and_then(Value::as_u64)
                    .unwrap_or_else(|| panic!("{what}: item without `{k}`: {v}"))
            };
            (
                s("kind"),
                s("severity"),
                usize::try_from(n("event")).unwrap(),
                u8::try_from(n("seat")).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// The kind folders and, in each, the fixtures by stem.
fn folders() -> Vec<(String, Vec<(String, PathBuf)>)> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .map(|dir| {
            let kind = dir.file_name().unwrap().to_string_lossy().into_owned();
            let mut found: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
                .collect();
            found.sort();
            (kind, found)
        })
        .collect()
}

#[test]
fn every_fixture_gives_exactly_the_expected_items_and_every_kind_has_a_hit_and_a_miss() {
    let known: BTreeMap<&str, ItemKind> = ItemKind::ALL.iter().map(|k| (k.code(), *k)).collect();
    let mut coverage: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut mismatches = Vec::new();
    let mut fixtures = 0;
    for (kind, found) in folders() {
        assert!(
            known.contains_key(kind.as_str()),
            "testdata/review/{kind}: not an item kind"
        );
        let text = std::fs::read_to_string(root().join(&kind).join("expected.json"))
            .unwrap_or_else(|e| panic!("testdata/review/{kind}/expected.json: {e}"));
        let expected: serde_json::Map<String, Value> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("testdata/review/{kind}/expected.json: {e}"));
        for stem in expected.keys() {
            assert!(
                found.iter().any(|(s, _)| s == stem),
                "testdata/review/{kind}/expected.json: `{stem}` has no {stem}.jsonl"
            );
        }
        for (stem, path) in &found {
            let what = format!("{kind}/{stem}");
            let entry = expected
                .get(stem)
                .unwrap_or_else(|| panic!("{what}: no entry in expected.json"));
            assert!(
                entry
                    .get("note")
                    .and_then(Value::as_str)
                    .is_some_and(|n| !n.is_empty()),
                "{what}: no `note`"
            );
            let want = expected_keys(entry, &what);
            let fires = want.iter().any(|k| k.0 == kind);
            let slot = coverage
                .entry(known.get(kind.as_str()).unwrap().code())
                .or_default();
            if stem.starts_with("hit") {
                assert!(fires, "{what}: a hit fixture must expect a {kind} item");
                slot.0 += 1;
            } else if stem.starts_with("miss") {
                assert!(!fires, "{what}: a near miss must not expect a {kind} item");
                slot.1 += 1;
            } else {
                panic!("{what}: a fixture is named hit* or miss*");
            }
            let (_, r) = reviewed(path);
            fixtures += 1;
            let got = keys(&r);
            if got != want {
                let lines: Vec<String> = r
                    .items
                    .iter()
                    .map(|i| {
                        format!(
                            "    ev#{} seat {} {} {}: {}",
                            i.event, i.seat, i.weight, i.kind, i.message
                        )
                    })
                    .collect();
                mismatches.push(format!(
                    "{what}: expected {want:?}, got {got:?}\n{}",
                    lines.join("\n")
                ));
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {fixtures} fixtures differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    // A new kind cannot go untested.
    for k in ItemKind::ALL {
        let (hits, misses) = coverage.get(k.code()).copied().unwrap_or_default();
        assert!(
            hits > 0 && misses > 0,
            "{k}: {hits} hit and {misses} miss fixtures in testdata/review/{k}/ (at least one of each)"
        );
    }
    assert!(fixtures >= 2 * ItemKind::ALL.len());
}

/// The audit's score claims and the total a hand-written excerpt lacks.
fn score_claim(rule: RuleId) -> bool {
    rule == RuleId::ScoreConservation || rule.code().starts_with("SCORE-")
}

#[test]
fn every_fixture_is_a_legal_game_whose_wins_the_review_confirms() {
    let rules = tenhou();
    for (kind, found) in folders() {
        for (stem, path) in &found {
            let log = import(path);
            let findings: Vec<String> = audit(&log, &rules)
                .findings
                .iter()
                .filter(|f| f.severity >= FindingSeverity::Warning && !score_claim(f.rule))
                .map(ToString::to_string)
                .collect();
            assert!(
                findings.is_empty(),
                "{kind}/{stem}: the audit objects:\n{}",
                findings.join("\n")
            );
            let r = review(&log, &rules, &Options::default());
            assert!(
                r.disagreements.is_empty(),
                "{kind}/{stem}: wins the review did not confirm: {:?}",
                r.disagreements
            );
        }
    }
}

/// Per kind, the copies `decision.seat` can see at its decision, counted
/// from the log by the definition of formats/review.md: its own concealed
/// tiles, every discard (a called one is counted once: here, in the river,
/// with only the tiles from the caller's hand added for the meld), every
/// meld's tiles from a hand (concealed kongs included), the dora
/// indicators and the norths set aside. Tiles the log hides (`?`) are
/// never counted. A kyoku's events only: the scan starts at its deal.
fn seen_in_log(log: &GameLog, decision: &Decision) -> [u8; 34] {
    let mut seen = [0u8; 34];
    let mut add = |t: Tile| seen[usize::from(t.kind())] += 1;
    for t in &decision.hand {
        add(*t);
    }
    let start = log.events[..decision.event]
        .iter()
        .rposition(|e| matches!(e.event, Event::StartKyoku(_)))
        .unwrap();
    for e in &log.events[start..decision.event] {
        match &e.event {
            Event::StartKyoku(sk) => add(sk.dora_marker),
            Event::Dora { marker } => add(*marker),
            Event::Dahai { pai, .. } | Event::Nukidora { pai, .. } => add(*pai),
            Event::Chi { consumed, .. } | Event::Pon { consumed, .. } => {
                consumed.iter().copied().for_each(&mut add);
            }
            Event::Daiminkan { consumed, .. } => consumed.iter().copied().for_each(&mut add),
            Event::Ankan { consumed, .. } => consumed.iter().copied().for_each(&mut add),
            Event::Kakan { pai, .. } => add(*pai),
            _ => {}
        }
    }
    seen
}

#[test]
fn every_candidates_ukeire_counts_the_tiles_its_player_cannot_see() {
    let mut checked = 0;
    for (kind, found) in folders() {
        for (stem, path) in &found {
            let (log, r) = reviewed(path);
            assert_eq!(
                log.meta.seats, 4,
                "{kind}/{stem}: the fixtures are for four players"
            );
            for d in &r.decisions {
                let seen = seen_in_log(&log, d);
                for c in &d.candidates {
                    let want: u32 = c
                        .accepts
                        .kinds()
                        .map(|k| 4 - u32::from(seen[usize::from(k)]))
                        .sum();
                    assert_eq!(
                        u32::from(c.ukeire),
                        want,
                        "{kind}/{stem} ev#{} discard {}: ukeire",
                        d.event,
                        c.discard.to_mjai()
                    );
                    // Waits are a tenpai hand's accepted kinds.
                    assert!(
                        c.waits.0 & !c.accepts.0 == 0 && (c.shanten == 0 || c.waits.0 == 0),
                        "{kind}/{stem} ev#{} discard {}: waits",
                        d.event,
                        c.discard.to_mjai()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} candidates checked");
}

fn names(kinds: paifu::hand::KindSet) -> Vec<&'static str> {
    kinds
        .kinds()
        .map(|k| Tile::from_kind(k).unwrap().to_mjai())
        .collect()
}

/// One decision's table, worked out by hand from formats/review.md.
///
/// SELF-FURITEN/miss_no_alternative, event 18, seat 0 (the dealer), before
/// its third discard: hand 123m 789m 123p 5p 67s NN, no melds. It has
/// discarded 5s and 5m; the others (their hands hidden) discarded 9s 1s 9p
/// and S E W; the dora indicator is 9s. So seat 0 sees, of the kinds that
/// matter below: 3p 1 (in hand), 5p 1, 6s 1, 7s 1, 5s 1 (its own river),
/// 8s 0, 9s 2 (the indicator and seat 1's discard), N 2, 1m 1, 4m 0; the
/// hidden hands are never counted.
#[test]
fn a_decision_table_by_hand() {
    let (_, r) = reviewed(&root().join("SELF-FURITEN/miss_no_alternative.jsonl"));
    let d = r
        .decisions
        .iter()
        .find(|d| d.event == 18)
        .expect("the decision at event 18");
    assert_eq!(d.seat.get(), 0);
    assert_eq!(d.played.to_mjai(), "5p");
    assert_eq!(d.hand.len(), 14);
    // 3 sets + NN + 67s + 5p: one discard (5p) from tenpai.
    assert_eq!(d.shanten, 0);
    assert!(!d.riichi && d.efficiency);
    let by = |t: &str| {
        d.candidates
            .iter()
            .find(|c| c.discard.to_mjai() == t)
            .unwrap_or_else(|| panic!("no candidate {t}"))
    };
    // 5p: tenpai on 5s-8s. 5s: 4 - 1 (its own river) = 3; 8s: 4 - 0 = 4.
    // Furiten: 5s is among its own discards.
    let c = by("5p");
    assert_eq!(c.shanten, 0);
    assert_eq!(names(c.accepts), ["5s", "8s"]);
    assert_eq!(c.ukeire, 7);
    assert_eq!(names(c.waits), ["5s", "8s"]);
    assert!(c.furiten);
    assert_eq!(c.rank, 1);
    // 7s: 123m 789m 123p NN + 5p 6s, 1-shanten. A tile next to 5p or 6s
    // makes a second block; N makes NNN, 4 sets and a pair wait. 3p 3,
    // 4p 4, 5p 3, 6p 4, 7p 4; 4s 4, 5s 3, 6s 3, 7s 3, 8s 4; N 2 = 37.
    let c = by("7s");
    assert_eq!(c.shanten, 1);
    assert_eq!(
        names(c.accepts),
        [
            "3p", "4p", "5p", "6p", "7p", "4s", "5s", "6s", "7s", "8s", "N"
        ]
    );
    assert_eq!(c.ukeire, 37);
    assert!(c.waits.0 == 0 && !c.furiten);
    assert_eq!(c.rank, 2);
    // 6s: the same with 7s kept: 3p–7p 18; 5s 3, 6s 3, 7s 3, 8s 4, 9s 2
    // (the indicator and seat 1's 9s); N 2 = 35.
    let c = by("6s");
    assert_eq!(c.shanten, 1);
    assert_eq!(
        names(c.accepts),
        [
            "3p", "4p", "5p", "6p", "7p", "5s", "6s", "7s", "8s", "9s", "N"
        ]
    );
    assert_eq!(c.ukeire, 35);
    assert_eq!(c.rank, 3);
    // 1m: 23m is left, waiting on 1m (4 - 1 = 3) or 4m (4), next to 67s
    // (5s 3, 8s 4) = 14.
    let c = by("1m");
    assert_eq!(c.shanten, 1);
    assert_eq!(names(c.accepts), ["1m", "4m", "5s", "8s"]);
    assert_eq!(c.ukeire, 14);
    assert_eq!(c.rank, 4);
    // N: NN broken; 5p or N makes the pair again (5p 3, N 2), 5s 3, 8s 4 = 12.
    let c = by("N");
    assert_eq!(names(c.accepts), ["5p", "5s", "8s", "N"]);
    assert_eq!(c.ukeire, 12);
    // Every kind held is a candidate: 13 kinds in 14 tiles.
    assert_eq!(d.candidates.len(), 13);
    assert!(d.played_best());
    // And it is not a SELF-FURITEN: no other discard is tenpai.
    assert!(r.items.is_empty(), "{:?}", r.items);
}

#[test]
fn a_tile_won_on_was_never_open_to_a_call() {
    // Seat 1, who wins on seat 0's 5s, could otherwise have chied it with
    // 67s: no passed call may be recorded on a tile a win took.
    let (_, r) = reviewed(&root().join("MISSED-WIN/hit_beside_a_winner.jsonl"));
    assert_eq!(r.summary[1].calls_passed, 0);
    assert_eq!(r.summary[2].missed_wins, 1);
    // In every fixture: a passed call's tile is not won on by anyone.
    for (kind, found) in folders() {
        for (stem, path) in &found {
            let (log, r) = reviewed(path);
            for c in &r.chances {
                let ChanceKind::Call { from, .. } = c.kind else {
                    continue;
                };
                let won = log.events[c.event + 1..]
                    .iter()
                    .take_while(|e| matches!(e.event, Event::Hora { .. }))
                    .any(|e| matches!(e.event, Event::Hora { target, .. } if target == from));
                assert!(
                    !won,
                    "{kind}/{stem} ev#{}: a call passed on a tile won on",
                    c.event
                );
            }
        }
    }
}

/// The one item a fixture gives of `kind`.
fn only_item(path: &str, kind: ItemKind) -> paifu::review::Item {
    let (_, r) = reviewed(&root().join(path));
    let found: Vec<_> = r.items.into_iter().filter(|i| i.kind == kind).collect();
    assert_eq!(found.len(), 1, "{path}: one {kind} item");
    found.into_iter().next().unwrap()
}

/// Rule "every number and tile an item prints is the fact of the
/// alternative it names": each alternative of a furiten tenpai with its own
/// wait and winning tiles, the safe tile of a deal-in with its own shanten
/// and acceptance, a furiten wait's tiles as tsumo only.
#[test]
fn each_alternative_is_printed_with_its_own_facts() {
    let i = only_item("SELF-FURITEN/hit_each_wait.jsonl", ItemKind::SelfFuriten);
    assert!(
        i.message.contains("5 tiles win by tsumo only: furiten"),
        "{}",
        i.message
    );
    assert!(
        i.message.contains("7m (tenpai on 36m: 6 tiles win")
            && i.message.contains("4m (tenpai on 3m: 3 tiles win"),
        "{}",
        i.message
    );
    let names: Vec<&str> = i.better.iter().map(|t| t.to_mjai()).collect();
    assert_eq!(names, ["7m", "4m"]);
    // The acceptance beside the tile played is the first alternative's.
    assert_eq!(i.ukeire, Some((5, 6)));

    let i = only_item(
        "DEAL-IN-WITH-SAFE-TILE/hit_folding_cost_note.jsonl",
        ItemKind::DealInWithSafeTile,
    );
    assert!(
        i.message.contains(
            "folding with 7m left it 2-shanten (40 tiles improve it) where 5s left it 1-shanten"
        ),
        "{}",
        i.message
    );
    assert_eq!(i.better.first().map(|t| t.to_mjai()), Some("7m"));
    assert_eq!(i.ukeire, Some((10, 40)));
    assert_eq!(i.shanten, Some((1, 1)));
}

/// Rule MISSED-WIN placement: the message states the place the win would
/// have ended the game in.
#[test]
fn a_missed_win_that_ends_the_game_states_the_final_place() {
    let i = only_item("MISSED-WIN/hit_bust_second_note.jsonl", ItemKind::MissedWin);
    assert!(
        i.message
            .contains("would have ended the game (a score below zero) with seat 0 2nd (now 2nd)"),
        "{}",
        i.message
    );
    let i = only_item("MISSED-WIN/hit_ends_game_first.jsonl", ItemKind::MissedWin);
    assert!(
        i.message.contains("with seat 0 1st (now 4th)"),
        "{}",
        i.message
    );
}

/// Without `--decisions` the call and kong choices are measured only for
/// the call or kong taken: every fixture gives the same items when every
/// choice offered is measured.
#[test]
fn every_fixture_gives_the_same_items_with_every_choice_measured() {
    let every = Options {
        choices: true,
        ..Options::default()
    };
    for (kind, found) in folders() {
        for (stem, path) in &found {
            let log = import(path);
            let plain = review(&log, &tenhou(), &Options::default());
            let all = review(&log, &tenhou(), &every);
            assert_eq!(plain.items, all.items, "{kind}/{stem}");
        }
    }
}

/// Rule "every number an item prints is the fact of the alternative it
/// names", for the call and kong items: the kong's and the hand's without
/// it, the call's and passing's, each with its own shanten and acceptance.
#[test]
fn call_and_kong_items_print_both_alternatives() {
    let i = only_item(
        "KONG-INTO-RIICHI/hit_added_mistake.jsonl",
        ItemKind::KongIntoRiichi,
    );
    assert_eq!(
        i.message,
        "added kong of White while seat 1 (South) is in riichi leaves the hand 1-shanten (16 tiles improve it): a new dora indicator (and its kan ura) for the riichi hand and a chance to rob the kong with no win in sight; not declaring it kept it 1-shanten (16 tiles improve it)"
    );
    assert_eq!(i.played.map(|t| t.to_mjai()), Some("P"));
    assert_eq!((i.shanten, i.ukeire), (Some((1, 1)), Some((16, 16))));
    // The hand before the kong: the fourth White drawn, the pon beside it.
    assert_eq!(i.hand.len(), 11);
    assert_eq!(i.melds.len(), 1);
    let i = only_item(
        "KONG-INTO-RIICHI/hit_open_mistake.jsonl",
        ItemKind::KongIntoRiichi,
    );
    assert!(
        i.message
            .contains("not calling kept it 3-shanten (39 tiles improve it)")
            && !i.message.contains("rob"),
        "{}",
        i.message
    );
    let i = only_item(
        "CALL-NO-PROGRESS/hit_step_back.jsonl",
        ItemKind::CallNoProgress,
    );
    assert!(
        i.message.contains(
            "leaves it 2-shanten after its best discard (51 tiles improve it), further from tenpai than passing (1-shanten, 12 tiles improve it)"
        ) && !i.message.contains("a note"),
        "{}",
        i.message
    );
    assert_eq!((i.shanten, i.ukeire), (Some((1, 2)), Some((51, 12))));
    let i = only_item(
        "CALL-NO-PROGRESS/hit_late_note.jsonl",
        ItemKind::CallNoProgress,
    );
    assert!(
        i.message.ends_with(
            "routes to a yaku kept: tanyao; a note: late in the hand a call that keeps a route to a yaku may chase a tenpai for the exhaustive draw's payment"
        ),
        "{}",
        i.message
    );
    assert_eq!(i.situation.as_ref().map(|s| s.tiles_left), Some(10));
}
