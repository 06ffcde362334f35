//! A Mahjong Soul record reads the same in every form it comes in. Every
//! JSON record of `testdata/majsoul/` and of the corpus is written in the
//! protobuf wire form with prost (`paifu::import::majsoul::to_wire`): the
//! download's wrapper with `records` (version 0) and with `actions`
//! (version 210715), a whole `ResGameRecord` with its head, that response
//! in a websocket frame, and JSON holding the bytes in base64 (`data` as
//! the wrapper, or each of `records`). Each reads back as the JSON record's
//! events (sources aside) and, where the form has the head, its metadata.
//!
//! `testdata/majsoul/one_ron.pb` is the `ResGameRecord` of `one_ron.json`,
//! made by `to_wire`; `UPDATE_FIXTURES=1` rewrites it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use base64::Engine as _;
use paifu::event::GameLog;
use paifu::import::majsoul::{Layout, to_wire};
use paifu::import::{ImportOptions, import_bytes, import_str};
use prost::Message as _;

use common::{first_difference, plain, report};

/// `.lq.Wrapper`, to take the bytes apart as a reader of them would.
#[derive(Clone, PartialEq, prost::Message)]
struct Wrapper {
    #[prost(string, tag = "1")]
    name: String,
    #[prost(bytes = "vec", tag = "2")]
    data: Vec<u8>,
}

/// `.lq.GameDetailRecords`, its version-0 records only.
#[derive(Clone, PartialEq, prost::Message)]
struct Details {
    #[prost(bytes = "vec", repeated, tag = "1")]
    records: Vec<Vec<u8>>,
}

fn read(bytes: &[u8]) -> GameLog {
    import_bytes(bytes, &ImportOptions::default()).unwrap()
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The forms of one record, each with whether it carries the head.
fn forms(text: &str) -> Vec<(&'static str, Vec<u8>, bool)> {
    let records = to_wire(text, Layout::Records).unwrap();
    let actions = to_wire(text, Layout::Actions).unwrap();
    let response = to_wire(text, Layout::Response).unwrap();
    let mut frame = vec![3, 1, 0];
    frame.extend(
        Wrapper {
            name: String::new(),
            data: response.clone(),
        }
        .encode_to_vec(),
    );
    let json: serde_json::Value = serde_json::from_str(text).unwrap();
    let head = json["head"].to_string();
    let data_b64 = format!(r#"{{"head":{head},"data":"{}"}}"#, b64(&actions));
    let details = Details::decode(&Wrapper::decode(&records[..]).unwrap().data[..]).unwrap();
    let list: Vec<String> = details
        .records
        .iter()
        .map(|r| format!("\"{}\"", b64(r)))
        .collect();
    let records_b64 = format!(
        r#"{{"head":{head},"data":{{"name":".lq.GameDetailRecords","data":{{"version":0,"records":[{}]}}}}}}"#,
        list.join(",")
    );
    vec![
        ("wrapper, records (version 0)", records, false),
        ("wrapper, actions (version 210715)", actions, false),
        ("ResGameRecord", response, true),
        ("websocket response frame", frame, true),
        ("JSON, data in base64", data_b64.into_bytes(), true),
        ("JSON, records in base64", records_b64.into_bytes(), true),
    ]
}

#[test]
fn every_record_reads_the_same_in_every_form() {
    let records = common::majsoul::json_records("every_record_reads_the_same_in_every_form");
    let mut failures = Vec::new();
    let mut read_in: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    for rec in &records {
        let json = import_str(&rec.text, paifu::event::Format::MahjongSoul).unwrap();
        for (form, bytes, with_head) in forms(&rec.text) {
            let log = read(&bytes);
            let entry = read_in.entry(form).or_default();
            entry.0 += 1;
            if let Some(d) = first_difference(&plain(&json.events), &plain(&log.events)) {
                failures.push(format!("{} as {form}: {d}", rec.name));
                continue;
            }
            entry.1 += log.events.len();
            if with_head
                && serde_json::to_value(&log.meta).unwrap()
                    != serde_json::to_value(&json.meta).unwrap()
            {
                failures.push(format!("{} as {form}: the metadata differs", rec.name));
            }
            // The bytes themselves: every event is located by byte and path.
            if !bytes.starts_with(b"{")
                && let Some(e) = log
                    .events
                    .iter()
                    .find(|e| e.src.byte.is_none() || e.src.path.is_none() || e.src.line.is_some())
            {
                failures.push(format!("{} as {form}: an event at {}", rec.name, e.src));
            }
        }
    }
    for (form, (n, events)) in &read_in {
        report(&format!(
            "Mahjong Soul as {form}: {n} records read, {events} events equal to the JSON's"
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        records.len() >= 8 || common::corpus().is_none(),
        "{}",
        records.len()
    );
}

#[test]
fn the_binary_fixture_is_the_json_record() {
    let dir = common::testdata().join("majsoul");
    let text = std::fs::read_to_string(dir.join("one_ron.json")).unwrap();
    let made = to_wire(&text, Layout::Response).unwrap();
    let path = dir.join("one_ron.pb");
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &made).unwrap();
    }
    let committed = std::fs::read(&path).unwrap();
    assert_eq!(
        committed, made,
        "one_ron.pb is not to_wire(one_ron.json); rerun with UPDATE_FIXTURES=1"
    );
    let json = import_str(&text, paifu::event::Format::MahjongSoul).unwrap();
    let log = read(&committed);
    assert_eq!(plain(&log.events), plain(&json.events));
    assert_eq!(
        serde_json::to_value(&log.meta).unwrap(),
        serde_json::to_value(&json.meta).unwrap()
    );
    // The wall came through the bytes too.
    let paifu::event::Event::StartKyoku(sk) = &log.events[0].event else {
        panic!("no kyoku")
    };
    assert!(sk.wall.is_some());
}
