//! A Riichi City room's settings decide the verdict: each shown by a record
//! whose room sets it and one whose room does not. The records are
//! `testdata/riichicity/two_hands.json` (a ranked four-player game: a 2-han
//! ron, then an exhaustive draw) with its room and claims edited as each
//! case says; `formats/riichicity.md`, "The room", lists every member.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use serde_json::{Value, json};

use paifu::import::riichicity;

/// The record with `changes` laid over its room.
fn record(changes: Value) -> Value {
    let text =
        std::fs::read_to_string(common::testdata().join("riichicity/two_hands.json")).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    let room = if v.get("data").is_some() {
        &mut v["data"]
    } else {
        &mut v
    };
    for (k, val) in changes.as_object().cloned().unwrap_or_default() {
        room[k.as_str()] = val;
    }
    v
}

/// The sorted rule ids of the warnings and errors, and of the infos.
fn verdict(v: &Value) -> (Vec<String>, Vec<String>) {
    common::auto_verdict(&riichicity::parse(&v.to_string()).unwrap())
}

/// The ron's score changes written as 1000 more for the winner.
fn ron_overpaid(mut v: Value) -> Value {
    let hands = if v.get("data").is_some() {
        v["data"]["handRecord"].as_array_mut().unwrap()
    } else {
        v["handRecord"].as_array_mut().unwrap()
    };
    for e in hands[0]["handEventRecord"].as_array_mut().unwrap() {
        if e["eventType"].as_u64() == Some(5) {
            let mut data: Value = serde_json::from_str(e["data"].as_str().unwrap()).unwrap();
            for p in data["user_profit"].as_array_mut().unwrap() {
                match p["user_id"].as_u64() {
                    Some(101) => p["point_profit"] = json!(-3600),
                    Some(404) => p["point_profit"] = json!(4600),
                    _ => {}
                }
            }
            e["data"] = json!(data.to_string());
        }
    }
    v
}

const NONE: &[&str] = &[];

#[test]
fn the_rooms_han_minimum() {
    // The ron is 2 han: a four-han room (fangFu 3) refuses it, a two-han
    // room (fangFu 2) and the usual one (fangFu 1) do not.
    assert_eq!(verdict(&record(json!({"fangFu": 3}))).0, ["WIN-NO-YAKU"]);
    assert_eq!(verdict(&record(json!({"fangFu": 2}))).0, NONE);
    assert_eq!(verdict(&record(json!({"fangFu": 1}))).0, NONE);
}

#[test]
fn a_tournament_rooms_payments_are_its_organisers() {
    // A ron paid 1000 more: in a tournament room (gamePlay 1002), whose
    // organiser sets values the record does not carry, it is info; in a
    // ranked game, a contradiction.
    let (acted, info) = verdict(&ron_overpaid(record(json!({"gamePlay": 1002}))));
    assert!(!acted.contains(&"SCORE-DELTAS".to_owned()), "{acted:?}");
    assert!(info.contains(&"SCORE-DELTAS".to_owned()), "{info:?}");
    let (acted, _) = verdict(&ron_overpaid(record(json!({"gamePlay": 1001}))));
    assert!(acted.contains(&"SCORE-DELTAS".to_owned()), "{acted:?}");
}

#[test]
fn local_rules_no_profile_holds_leave_the_values_unjudged() {
    // Wareme changes every payment: with it, the overpaid ron is info.
    let (acted, info) = verdict(&ron_overpaid(record(json!({"isGeMu": true}))));
    assert!(!acted.contains(&"SCORE-DELTAS".to_owned()), "{acted:?}");
    assert!(info.contains(&"SCORE-DELTAS".to_owned()), "{info:?}");
}
