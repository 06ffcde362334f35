//! A Mahjong Soul room's own rules (`detail_rule`) decide the verdict: each
//! rule shown by a record whose room sets it (the record as the server
//! would write it: no finding) and one whose room does not (the same claims
//! contradicted). The records are `testdata/majsoul/one_ron.json` with its
//! room and claims edited as each case says; `formats/majsoul.md`, "The
//! room's rules", lists every field. How each rule reaches a profile field
//! is unit-tested in `src/import/majsoul/room.rs`; what each profile field
//! changes, in `tests/rules_fields.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use serde_json::{Value, json};

use paifu::import::majsoul;
use paifu::rules::Rules;

/// The record, its room's `detail_rule` replaced.
fn record(detail: Value) -> Value {
    let text = std::fs::read_to_string(common::testdata().join("majsoul/one_ron.json")).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["head"]["config"]["mode"]["detail_rule"] = detail;
    v
}

/// A detailed room's settings as the client sends them: the ranked values,
/// with `changes` laid over them.
fn detailed(changes: Value) -> Value {
    let mut d = json!({
        "init_point": 25000, "fandian": 30000, "dora_count": 3, "shiduan": 1,
        "can_jifei": true, "tianbian_value": 0, "liqibang_value": 1000,
        "changbang_value": 300, "noting_fafu_1": 1000, "noting_fafu_2": 1500,
        "noting_fafu_3": 3000, "have_liujumanguan": true, "have_biao_dora": true,
        "have_gang_biao_dora": true, "have_li_dora": true, "have_gang_li_dora": true,
        "have_sifenglianda": true, "have_sigangsanle": true, "have_sijializhi": true,
        "have_jiuzhongjiupai": true, "have_helelianzhuang": true, "have_helezhongju": true,
        "have_tingpailianzhuang": true, "have_tingpaizhongju": true, "have_yifa": true,
        "have_nanruxiru": true, "jingsuanyuandian": 25000, "shunweima_2": 5,
        "shunweima_3": -5, "shunweima_4": -15, "fanfu": 1
    });
    if let (Some(d), Some(c)) = (d.as_object_mut(), changes.as_object()) {
        for (k, v) in c {
            d.insert(k.clone(), v.clone());
        }
    }
    d
}

/// Sets the final game points, seat by seat (in points, as the record
/// writes them: thousandths of a game point).
fn final_points(v: &mut Value, by_seat: [i64; 4]) {
    for p in v["head"]["result"]["players"].as_array_mut().unwrap() {
        let seat = usize::try_from(p["seat"].as_u64().unwrap()).unwrap();
        p["total_point"] = json!(by_seat[seat]);
    }
}

/// The sorted rule ids of the warnings and errors, and of the infos.
fn verdict(v: &Value) -> (Vec<String>, Vec<String>) {
    common::auto_verdict(&majsoul::parse(&v.to_string()).unwrap())
}

const NONE: &[&str] = &[];

#[test]
fn the_rooms_uma_and_return_points() {
    // +30/+10/−10/−30 from 25000: South 27600 → 32.6, West and North
    // 25000 → +10 and −10 (seat order), East 22400 → −32.6.
    let points = [-32600, 32600, 10000, -10000];
    let mut hit = record(detailed(json!({
        "shunweima_2": 10, "shunweima_3": -10, "shunweima_4": -30
    })));
    final_points(&mut hit, points);
    assert_eq!(verdict(&hit).0, NONE);
    // The near miss: the same points in a room with the default uma.
    let mut miss = record(detailed(json!({})));
    final_points(&mut miss, points);
    assert_eq!(verdict(&miss).0, ["FINAL-SCORE"]);
    // Counted from 30000 (jingsuanyuandian) with the default uma, the
    // 4 × 5000 over the start going to first place (zero sum).
    let mut from_30000 = record(detailed(json!({"jingsuanyuandian": 30000})));
    final_points(&mut from_30000, [-22600, 32600, 0, -10000]);
    assert_eq!(verdict(&from_30000).0, NONE);
}

#[test]
fn the_rooms_minimum_han() {
    // The win is 2 han: a room of 3 han (番缚) refuses it, one of 2 not.
    let hit = record(detailed(json!({"fanfu": 3})));
    assert_eq!(verdict(&hit).0, ["WIN-NO-YAKU"]);
    let miss = record(detailed(json!({"fanfu": 2})));
    assert_eq!(verdict(&miss).0, NONE);
}

#[test]
fn the_rooms_counter_value() {
    // One counter on the table, worth 600 in this room: the ron pays 3200.
    let edit = |mut v: Value| {
        for a in v["data"]["data"]["actions"].as_array_mut().unwrap() {
            let r = &mut a["result"];
            match r["name"].as_str() {
                Some(".lq.RecordNewRound") => r["data"]["ben"] = json!(1),
                Some(".lq.RecordHule") => {
                    r["data"]["delta_scores"] = json!([-3200, 3200, 0, 0]);
                    r["data"]["scores"] = json!([21800, 28200, 25000, 25000]);
                }
                _ => {}
            }
        }
        for p in v["head"]["result"]["players"].as_array_mut().unwrap() {
            match p["seat"].as_u64() {
                Some(0) => p["part_point_1"] = json!(21800),
                Some(1) => p["part_point_1"] = json!(28200),
                _ => {}
            }
        }
        final_points(&mut v, [-18200, 18200, 5000, -5000]);
        v
    };
    let hit = edit(record(detailed(json!({"changbang_value": 600}))));
    assert_eq!(verdict(&hit).0, NONE);
    let miss = edit(record(detailed(json!({}))));
    assert!(verdict(&miss).0.contains(&"SCORE-DELTAS".to_owned()));
}

#[test]
fn an_event_mode_leaves_the_values_unjudged() {
    // Payments the profile cannot know under the room's mode: info, not
    // a contradiction.
    let edit = |mut v: Value| {
        for a in v["data"]["data"]["actions"].as_array_mut().unwrap() {
            let r = &mut a["result"];
            if r["name"].as_str() == Some(".lq.RecordHule") {
                r["data"]["delta_scores"] = json!([-5200, 5200, 0, 0]);
                r["data"]["scores"] = json!([19800, 30200, 25000, 25000]);
            }
        }
        v
    };
    let hit = edit(record(
        json!({"init_point": 25000, "dora_count": 3, "muyu_mode": 1}),
    ));
    let (acted, info) = verdict(&hit);
    assert!(!acted.contains(&"SCORE-DELTAS".to_owned()), "{acted:?}");
    assert!(info.contains(&"SCORE-DELTAS".to_owned()), "{info:?}");
    let miss = edit(record(json!({"init_point": 25000, "dora_count": 3})));
    assert!(verdict(&miss).0.contains(&"SCORE-DELTAS".to_owned()));
}

#[test]
fn the_room_rules_are_named_in_the_notes() {
    let v = record(detailed(
        json!({"have_qieshangmanguan": true, "can_jifei": false, "guyi_mode": 1}),
    ));
    let log = majsoul::parse(&v.to_string()).unwrap();
    let auto = Rules::for_log(&log.meta);
    assert!(auto.rules.kiriage);
    assert!(!auto.rules.ends_below_zero);
    assert_eq!(auto.rules.riichi_min_points, None);
    assert!(!auto.rules.values_known);
    let notes = auto.notes.join("\n");
    assert!(notes.contains("kiriage mangan on"), "{notes}");
    assert!(
        notes.contains("not judged: the room's old-yaku (guyi_mode) mode"),
        "{notes}"
    );
}

/// The fan ids a record's wins claim (Mahjong Soul's: 30 ippatsu, 33 ura
/// dora).
fn claims_fan(v: &Value, id: u64) -> bool {
    match v {
        Value::Object(map) => {
            map.get("fans")
                .and_then(Value::as_array)
                .is_some_and(|fans| {
                    fans.iter()
                        .any(|f| f["id"].as_u64() == Some(id) && f["val"].as_u64() != Some(0))
                })
                || map.values().any(|c| claims_fan(c, id))
        }
        Value::Array(items) => items.iter().any(|c| claims_fan(c, id)),
        _ => false,
    }
}

#[test]
fn real_records_under_a_room_that_turns_a_switch_off() {
    // The corpus's records as they are (their rooms: the defaults) audit
    // clean; the same records under a room with the detailed settings that
    // turns ippatsu or ura dora off have the wins that claim them
    // contradicted.
    let mut shown = Vec::new();
    for record in common::majsoul::json_records("real_records_under_a_room") {
        let v: Value = serde_json::from_str(&record.text).unwrap();
        if v.get("head").is_none() {
            continue;
        }
        let sanma = v["head"]["config"]["mode"]["mode"]
            .as_u64()
            .is_some_and(|m| m >= 11);
        for (fan, switch) in [(30, "have_yifa"), (33, "have_li_dora")] {
            if !claims_fan(&v, fan) {
                continue;
            }
            let mut room = v["head"]["config"]["mode"]["detail_rule"].clone();
            let mut detailed_room = detailed(json!({}));
            if sanma {
                // The three-player defaults, so that only the switch differs.
                detailed_room = detailed(json!({
                    "init_point": 35000, "fandian": 40000, "jingsuanyuandian": 35000,
                    "dora_count": 2, "changbang_value": 200, "noting_fafu_1": 1000,
                    "noting_fafu_2": 2000, "shunweima_2": 0, "shunweima_3": -15,
                    "have_zimosun": true
                }));
                detailed_room.as_object_mut().unwrap().remove("shunweima_4");
                detailed_room
                    .as_object_mut()
                    .unwrap()
                    .remove("noting_fafu_3");
            }
            for (k, val) in room.as_object().cloned().unwrap_or_default() {
                detailed_room[k.as_str()] = val;
            }
            room = detailed_room;
            let mut on = v.clone();
            on["head"]["config"]["mode"]["detail_rule"] = room.clone();
            assert_eq!(verdict(&on).0, NONE, "{} with {switch} on", record.name);
            room[switch] = json!(false);
            let mut off = v.clone();
            off["head"]["config"]["mode"]["detail_rule"] = room;
            let (acted, _) = verdict(&off);
            assert!(
                acted.contains(&"SCORE-YAKU".to_owned()),
                "{} with {switch} off: {acted:?}",
                record.name
            );
            shown.push(format!("{} {switch}", record.name));
        }
    }
    if shown.is_empty() {
        common::report(
            "SKIPPED real_records_under_a_room: no record claiming ippatsu or ura dora here (the corpus is not on this machine)",
        );
    } else {
        common::report(&format!("switches shown on real records: {}", shown.len()));
    }
}
