//! A Mahjong Soul game converted to tenhou.net/6 and read back: no corpus
//! record has a tensoul twin (the pantheon `tensoul_*.json` files are other
//! games), so every record of `testdata/majsoul/` and of the corpus, read
//! from the JSON and from the protobuf wire form, is converted and read
//! back, and the two event streams are compared event by event. Every
//! difference is of one of the kinds `formats/majsoul.md` explains
//! ("Converted to tenhou.net/6"); the test lists them with their counts.
//! The notes that say where tensoul's file of the game would differ are
//! the same for both forms.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use paifu::event::{Event, Format, GameLog};
use paifu::export::export;
use paifu::import::majsoul::{Layout, to_wire};
use paifu::import::{ImportOptions, import_bytes, import_str};

use common::report;

/// The kinds of difference `formats/majsoul.md` explains.
const EXPLAINED: &[&str] = &[
    "the wall",
    "the winner's hand",
    "the scores before a win",
    "the fu of a limit hand",
    "the hands shown at a draw",
    "the scores before a draw",
];

/// The rule hints tenhou.net/6 has no place for, or keeps only as an
/// on/off flag (red fives), explained in `formats/majsoul.md` too.
const EXPLAINED_HINTS: &[&str] = &[
    "length",
    "lobby",
    "open_tanyao",
    "starting_points",
    "tsumo_loss",
    "red_fives",
];

/// The kinds of difference between an event and its reading back, each
/// field set aside once named; what is left must be equal.
fn differences(a: &Event, b: &Event, kinds: &mut Vec<&'static str>) -> bool {
    match (a, b) {
        (Event::StartKyoku(x), Event::StartKyoku(y)) => {
            let mut x = x.clone();
            if x.wall.is_some() && y.wall.is_none() {
                kinds.push("the wall");
                x.wall = None;
            }
            *x == **y
        }
        (
            Event::Hora {
                actor,
                target,
                pai,
                claim,
            },
            Event::Hora {
                actor: a2,
                target: t2,
                pai: p2,
                claim: c2,
            },
        ) => {
            let mut c = claim.clone();
            if c.hand.is_some() && c2.hand.is_none() {
                kinds.push("the winner's hand");
                c.hand = None;
            }
            if c.scores_before.is_some() && c2.scores_before.is_none() {
                kinds.push("the scores before a win");
                c.scores_before = None;
            }
            if c.fu.is_some()
                && c2.fu.is_none()
                && c.limit.is_some_and(|l| l != paifu::event::Limit::None)
            {
                kinds.push("the fu of a limit hand");
                c.fu = None;
            }
            (actor, target, pai) == (a2, t2, p2) && c == *c2
        }
        (
            Event::Ryukyoku { kind, claim },
            Event::Ryukyoku {
                kind: k2,
                claim: c2,
            },
        ) => {
            let mut c = claim.clone();
            if c.shown_hands.is_some() && c2.shown_hands.is_none() {
                kinds.push("the hands shown at a draw");
                c.shown_hands = None;
            }
            if c.scores_before.is_some() && c2.scores_before.is_none() {
                kinds.push("the scores before a draw");
                c.scores_before = None;
            }
            kind == k2 && c == *c2
        }
        _ => a == b,
    }
}

/// Converts `log` to tenhou.net/6 and back; the difference kinds, counted,
/// and what is not explained.
fn round_trip(
    name: &str,
    log: &GameLog,
    kinds: &mut BTreeMap<&'static str, usize>,
    failures: &mut Vec<String>,
) -> Vec<String> {
    let text = export(log, Format::Tenhou6).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let back = import_str(&text, Format::Tenhou6).unwrap();
    let hints = |l: &GameLog| serde_json::to_value(&l.meta.rules).unwrap();
    let (h1, h2) = (hints(log), hints(&back));
    for (key, value) in h1.as_object().unwrap() {
        if h2.get(key) != Some(value) {
            if !EXPLAINED_HINTS.contains(&key.as_str()) {
                failures.push(format!("{name}: the rule hint `{key}` is not kept"));
            }
            *kinds.entry(hint_kind(key)).or_default() += 1;
        }
    }
    if back.events.len() != log.events.len() {
        failures.push(format!(
            "{name}: {} events back of {}",
            back.events.len(),
            log.events.len()
        ));
        return Vec::new();
    }
    for (a, b) in log.events.iter().zip(&back.events) {
        let mut found = Vec::new();
        if !differences(&a.event, &b.event, &mut found) {
            failures.push(format!(
                "{name}, {}: unexplained difference:\n  {}\n  {}",
                a.src,
                serde_json::to_string(&a.event).unwrap(),
                serde_json::to_string(&b.event).unwrap()
            ));
        }
        for k in found {
            *kinds.entry(k).or_default() += 1;
        }
    }
    json["paifu_notes"]
        .as_array()
        .map(|n| {
            n.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The kind a rule hint's difference is counted under.
fn hint_kind(key: &str) -> &'static str {
    match key {
        "length" => "rule hint: length",
        "lobby" => "rule hint: lobby",
        "open_tanyao" => "rule hint: open tanyao",
        "starting_points" => "rule hint: starting points",
        "tsumo_loss" => "rule hint: tsumo loss",
        "red_fives" => "rule hint: red fives",
        _ => "rule hint: other",
    }
}

#[test]
fn every_record_converts_to_tenhou6_and_back_with_explained_differences() {
    let records = common::majsoul::json_records("majsoul_convert");
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut tensoul_notes = 0;
    for rec in &records {
        let json = import_str(&rec.text, Format::MahjongSoul).unwrap();
        let bytes = to_wire(&rec.text, Layout::Response).unwrap();
        let wire = import_bytes(&bytes, &ImportOptions::default()).unwrap();
        let a = round_trip(&rec.name, &json, &mut kinds, &mut failures);
        let b = round_trip(
            &format!("{} (wire)", rec.name),
            &wire,
            &mut kinds,
            &mut failures,
        );
        if a != b {
            failures.push(format!("{}: the notes differ between the forms", rec.name));
        }
        for n in a.iter().filter(|n| n.contains("tensoul")) {
            tensoul_notes += 1;
            report(&format!("  {}: {n}", rec.name));
        }
    }
    for (k, n) in &kinds {
        report(&format!(
            "  tenhou.net/6 and back: {k}: {n} (events; games for a rule hint)"
        ));
    }
    report(&format!(
        "Mahjong Soul to tenhou.net/6 and back: {} records in two forms, {} difference kinds, all explained; {tensoul_notes} notes on tensoul",
        records.len(),
        kinds.len()
    ));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for k in kinds.keys() {
        assert!(
            EXPLAINED.contains(k) || (k.starts_with("rule hint: ") && *k != "rule hint: other"),
            "{k} is not explained"
        );
    }
    assert!(kinds.contains_key("the wall"), "the walls are dropped");
}
