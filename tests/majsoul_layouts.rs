//! Every layout a Mahjong Soul record is saved in reads as the same game.
//! `testdata/majsoul/layouts/` holds `one_ron.json`'s game (and its wire
//! form `one_ron.pb`) converted by `make.py` into each layout: records
//! tagged with `__type` (a bare list, beside the head as `records` and as
//! `data`), the records' wrapper as a Node `Buffer`, in base64 and in hex,
//! and the protobuf text format. Each gives the JSON record's events; those
//! with the head give its metadata. Damaged variants of each are refused
//! at their place, never a panic. And a win whose han and fu are left out
//! is audited with them *not recorded*, the rest of its claim judged.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use paifu::engine::{RuleId, Severity, audit};
use paifu::event::{Event, Format, GameLog};
use paifu::import::{ImportOptions, import_bytes, import_str};
use paifu::rules::Rules;

use common::{first_difference, plain, report, testdata};

fn read(bytes: &[u8]) -> Result<GameLog, paifu::import::ImportError> {
    import_bytes(bytes, &ImportOptions::default())
}

fn one_ron() -> GameLog {
    let text = std::fs::read_to_string(testdata().join("majsoul/one_ron.json")).unwrap();
    import_str(&text, Format::MahjongSoul).unwrap()
}

/// Each layout file, whether it carries the head.
const LAYOUTS: &[(&str, bool)] = &[
    ("typed_list.json", false),
    ("typed_records.json", true),
    ("typed_data.json", true),
    ("buffer.json", true),
    ("base64.json", true),
    ("hex.json", true),
    ("actions.txt", false),
];

#[test]
fn every_layout_reads_as_the_json_record() {
    let json = one_ron();
    let dir = testdata().join("majsoul/layouts");
    let mut failures = Vec::new();
    for (name, with_head) in LAYOUTS {
        let log = match read(&std::fs::read(dir.join(name)).unwrap()) {
            Ok(log) => log,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        if let Some(d) = first_difference(&plain(&json.events), &plain(&log.events)) {
            failures.push(format!("{name}: {d}"));
        }
        if log.events.len() != json.events.len() {
            failures.push(format!(
                "{name}: {} events, not {}",
                log.events.len(),
                json.events.len()
            ));
        }
        let same_meta =
            serde_json::to_value(&log.meta).unwrap() == serde_json::to_value(&json.meta).unwrap();
        if *with_head && !same_meta {
            failures.push(format!("{name}: the metadata differs"));
        }
        if !with_head {
            // Without a head the game's metadata is unknown, not defaulted.
            if !log.meta.players.is_empty() || log.meta.log_id.is_some() || log.meta.end.is_some() {
                failures.push(format!("{name}: metadata without a head"));
            }
        }
        // Every event is placed.
        if let Some(e) = log.events.iter().find(|e| e.src.path.is_none()) {
            failures.push(format!("{name}: an event without a path at {}", e.src));
        }
        report(&format!(
            "Mahjong Soul layout {name}: {} events equal to the JSON record's",
            log.events.len()
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The layouts' files name their encoding in each event's place.
#[test]
fn bytes_in_json_are_placed_by_their_encoding() {
    let dir = testdata().join("majsoul/layouts");
    for (name, encoding) in [
        ("buffer.json", "Buffer"),
        ("base64.json", "base64"),
        ("hex.json", "hex"),
    ] {
        let log = read(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        let path = log.events[0].src.path.clone().unwrap();
        assert!(
            path.starts_with(&format!("data ({encoding}, decoded byte ")),
            "{name}: {path}"
        );
    }
}

/// A file's text with one replacement, which must apply.
fn altered(name: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(testdata().join("majsoul/layouts").join(name)).unwrap();
    assert!(text.contains(from), "{name} has no {from}");
    text.replacen(from, to, 1)
}

#[test]
fn damaged_layouts_are_refused_at_their_place() {
    let base64 = std::fs::read_to_string(testdata().join("majsoul/layouts/base64.json")).unwrap();
    let b64: serde_json::Value = serde_json::from_str(&base64).unwrap();
    let b64 = b64["data"].as_str().unwrap();
    let hex = std::fs::read_to_string(testdata().join("majsoul/layouts/hex.json")).unwrap();
    let hexv: serde_json::Value = serde_json::from_str(&hex).unwrap();
    let hexs = hexv["data"].as_str().unwrap();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "base64 cut short inside a record",
            base64.replace(b64, &b64[..b64.len() / 2]),
            "data (base64, decoded byte",
        ),
        (
            "base64 cut in a character",
            base64.replace(b64, &b64[..b64.len() - 1]),
            "not base64",
        ),
        (
            "hex of odd length",
            hex.replace(hexs, &hexs[..hexs.len() - 1]),
            "odd",
        ),
        (
            "hex cut short",
            hex.replace(hexs, &hexs[..hexs.len() / 4 * 2]),
            "data (hex, decoded byte",
        ),
        (
            "a Buffer with a byte above 255",
            altered("buffer.json", "\"data\": [\n   10,", "\"data\": [\n   266,"),
            "data.data[0]",
        ),
        (
            "a Buffer with a string among its bytes",
            altered(
                "buffer.json",
                "\"data\": [\n   10,",
                "\"data\": [\n   \"x\",",
            ),
            "a Node Buffer's bytes",
        ),
        (
            "a tagged record with a field of the wrong type",
            altered("typed_records.json", "\"chang\": 0", "\"chang\": \"east\""),
            "records[0]",
        ),
        (
            "a tagged list whose entry is no object",
            altered(
                "typed_data.json",
                "{\n   \"__type\": \"RecordDiscardTile\"",
                "7, {\n   \"__type\": \"RecordDiscardTile\"",
            ),
            "data[1]",
        ),
        (
            "the text format cut inside a record",
            {
                let t = altered("actions.txt", "", "");
                t[..t.len() / 2].to_owned()
            },
            "actions, byte",
        ),
        (
            "the text format with a value of the wrong kind",
            altered("actions.txt", "seat: 1", "seat: \"one\""),
            "actions[2]",
        ),
    ];
    let mut failures = Vec::new();
    for (what, text, place) in &cases {
        match read(text.as_bytes()) {
            Ok(_) => failures.push(format!("{what}: read")),
            Err(e) => {
                let shown = e.to_string();
                if !shown.contains(place) {
                    failures.push(format!("{what}: {shown} (not at {place})"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_unknown_type_is_skipped_and_said() {
    let text = altered(
        "typed_list.json",
        "{\n  \"__type\": \"RecordDiscardTile\"",
        "{\"__type\": \"NotARecord\", \"seat\": 9}, {\n  \"__type\": \"RecordDiscardTile\"",
    );
    let log = read(text.as_bytes()).unwrap();
    assert_eq!(plain(&log.events), plain(&one_ron().events));
    assert!(
        log.meta
            .notes
            .iter()
            .any(|n| n.contains("`NotARecord` is no round record")),
        "{:?}",
        log.meta.notes
    );
}

/// The findings of a game under its own profile.
fn findings(log: &GameLog) -> Vec<paifu::engine::Finding> {
    audit(log, &Rules::for_log(&log.meta).rules).findings
}

#[test]
fn a_win_without_han_and_fu_is_not_recorded_and_the_rest_is_judged() {
    let path = testdata().join("majsoul/layouts/no_han_fu.json");
    let log = read(&std::fs::read(&path).unwrap()).unwrap();
    let Some(Event::Hora { claim, .. }) = log
        .events
        .iter()
        .map(|e| &e.event)
        .find(|e| matches!(e, Event::Hora { .. }))
    else {
        panic!("no win")
    };
    assert_eq!((claim.han, claim.fu), (None, None));
    assert_eq!(claim.points, Some(2600));
    let found = findings(&log);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].rule, RuleId::Unchecked);
    assert_eq!(found[0].severity, Severity::Info);
    assert!(found[0].message.contains("not recorded: the win's han, fu"));
    // The rest is still judged: a wrong value is a contradiction.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\"dadian\": 2600", "\"dadian\": 3900");
    let wrong = findings(&read(text.as_bytes()).unwrap());
    assert!(
        wrong.iter().any(|f| f.rule == RuleId::ScorePoints),
        "{wrong:?}"
    );
}

#[test]
fn a_recorded_han_and_fu_are_still_checked() {
    let text = std::fs::read_to_string(testdata().join("majsoul/one_ron.json")).unwrap();
    assert!(findings(&read(text.as_bytes()).unwrap()).is_empty());
    let wrong = text
        .replace("\"count\": 2,", "\"count\": 3,")
        .replace("\"fu\": 40,", "\"fu\": 50,");
    let found = findings(&read(wrong.as_bytes()).unwrap());
    for rule in [RuleId::ScoreHan, RuleId::ScoreFu] {
        assert!(found.iter().any(|f| f.rule == rule), "{rule:?}: {found:?}");
    }
}

/// The wire form leaves a zero out: han and fu absent there are not
/// recorded, never "0 han, 0 fu".
#[test]
fn the_wire_form_without_han_and_fu_is_not_recorded() {
    let text = std::fs::read_to_string(testdata().join("majsoul/layouts/no_han_fu.json")).unwrap();
    let bytes =
        paifu::import::majsoul::to_wire(&text, paifu::import::majsoul::Layout::Response).unwrap();
    let found = findings(&read(&bytes).unwrap());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].rule, RuleId::Unchecked);
}

/// Removes every `liqi` member (the riichi payment the server writes on the
/// record after a riichi discard) from a JSON value.
fn without_liqi(v: &mut serde_json::Value) -> usize {
    match v {
        serde_json::Value::Object(map) => {
            // The payment is an object; a win's `liqi` (in riichi) a flag.
            let paid = map.get("liqi").is_some_and(serde_json::Value::is_object);
            let mut n = usize::from(paid && map.remove("liqi").is_some());
            for child in map.values_mut() {
                n += without_liqi(child);
            }
            n
        }
        serde_json::Value::Array(items) => items.iter_mut().map(without_liqi).sum(),
        _ => 0,
    }
}

#[test]
fn a_layout_without_the_riichi_payments_pays_them_as_play_goes_on() {
    // Every corpus record with a riichi paid: without its `liqi` members
    // the events are the same, the payments placed where play goes on.
    let mut checked = 0;
    for record in common::majsoul::json_records("a_layout_without_the_riichi_payments") {
        let mut v: serde_json::Value = serde_json::from_str(&record.text).unwrap();
        if without_liqi(&mut v) == 0 {
            continue;
        }
        let with = import_str(&record.text, Format::MahjongSoul).unwrap();
        let without = import_str(&v.to_string(), Format::MahjongSoul).unwrap();
        let diff = first_difference(&plain(&with.events), &plain(&without.events));
        assert!(diff.is_none(), "{}: {diff:?}", record.name);
        checked += 1;
    }
    if checked == 0 {
        report(
            "SKIPPED a_layout_without_the_riichi_payments: no record with a riichi here (the corpus is not on this machine)",
        );
    } else {
        report(&format!(
            "records read alike without their riichi payments: {checked}"
        ));
    }
}
