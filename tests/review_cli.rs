//! `paifu review`: the JSON lines contract of `formats/review.md` read with
//! strict structs (an unknown or missing key fails), `--decisions`,
//! `--seat` by number and by name, exit statuses with a bad file among
//! good ones, an output that is never an input, and output independent of
//! the thread count.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::process::Output;

use serde::Deserialize;
use serde_json::Value;

use common::{paifu, paifu_env, td};

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Ukeire {
    played: u8,
    best: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Meld {
    kind: String,
    tiles: Vec<String>,
}

/// An item line, exactly as documented.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ItemLine {
    #[serde(rename = "type")]
    kind_of_line: String,
    file: String,
    kyoku: String,
    event: usize,
    line: Option<u32>,
    seat: u8,
    player: String,
    kind: String,
    severity: String,
    played: Option<String>,
    better: Vec<String>,
    shanten: Option<[i8; 2]>,
    ukeire: Option<Ukeire>,
    value: Option<i32>,
    message: String,
    citation: String,
    hand: Vec<String>,
    melds: Vec<Meld>,
    related: Option<usize>,
    profile: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct CandidateLine {
    discard: String,
    shanten: i8,
    ukeire: u8,
    ukeire_kinds: Vec<String>,
    waits: Vec<String>,
    furiten: bool,
    rank: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct DecisionLine {
    #[serde(rename = "type")]
    kind_of_line: String,
    file: String,
    kyoku: String,
    event: usize,
    line: Option<u32>,
    seat: u8,
    hand: Vec<String>,
    melds: Vec<Meld>,
    played: String,
    riichi: bool,
    shanten: i8,
    efficiency: bool,
    rank: u8,
    candidates: Vec<CandidateLine>,
}

const KINDS: &[&str] = &[
    "MISSED-WIN",
    "SELF-FURITEN",
    "RIICHI-TRAP",
    "DEAL-IN-WITH-SAFE-TILE",
    "YAKULESS-CALL",
    "YAKULESS-TENPAI",
    "LIABILITY-FEED",
    "EFFICIENCY",
];

#[test]
fn json_lines_follow_the_contract() {
    let out = paifu(&[
        "review",
        "--format",
        "json",
        "--decisions",
        &td("tenhou_xml"),
        &td("tenhou6/double_ron.json"),
        &td("mjai/riichienv_selfplay.jsonl"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = lines(&out);
    let (mut items, mut decisions, mut chances, mut games) = (0, 0, 0, 0);
    let mut severities = std::collections::BTreeSet::new();
    for row in &rows[..rows.len() - 1] {
        match row.get("type").and_then(Value::as_str) {
            Some("item") => {
                let item: ItemLine = serde_json::from_value(row.clone()).unwrap();
                assert!(KINDS.contains(&item.kind.as_str()), "{}", item.kind);
                assert!(!item.message.is_empty());
                assert_eq!(item.citation.is_empty(), item.kind == "EFFICIENCY");
                severities.insert(item.severity);
                items += 1;
            }
            Some("decision") => {
                let d: DecisionLine = serde_json::from_value(row.clone()).unwrap();
                assert!(!d.candidates.is_empty());
                assert!(d.candidates.iter().any(|c| c.discard == d.played));
                assert_eq!(d.hand.len() + 3 * d.melds.len(), 14);
                decisions += 1;
            }
            Some("chance") => {
                for key in ["file", "kyoku", "event", "seat", "kind", "tile", "from"] {
                    assert!(row.get(key).is_some(), "chance without {key}: {row}");
                }
                chances += 1;
            }
            Some("game") => {
                assert!(row.get("seats").and_then(Value::as_array).is_some());
                games += 1;
            }
            _ => panic!("an unknown line: {row}"),
        }
    }
    let summary = rows
        .last()
        .and_then(|r| r.get("summary"))
        .expect("a summary line last");
    assert_eq!(summary["games"].as_u64(), Some(games));
    assert_eq!(summary["total"]["decisions"].as_u64(), Some(decisions));
    assert!(
        items > 50 && decisions > 1000 && chances > 100,
        "{items} {decisions} {chances}"
    );
    assert!(severities.contains("mistake") && severities.contains("note"));
}

#[test]
fn seat_by_number_and_by_name() {
    let log = td("tenhou_xml/kakan_red_five.xml");
    let all = lines(&paifu(&["review", "--format", "json", &log]));
    let seat1 = lines(&paifu(&["review", "--format", "json", "--seat", "1", &log]));
    let items = |rows: &[Value]| -> Vec<Value> {
        rows.iter()
            .filter(|r| r["type"] == "item")
            .cloned()
            .collect()
    };
    let of_seat1: Vec<Value> = items(&all).into_iter().filter(|r| r["seat"] == 1).collect();
    assert!(!of_seat1.is_empty());
    assert_eq!(items(&seat1), of_seat1);
    let name = of_seat1[0]["player"].as_str().unwrap().to_owned();
    let by_name = lines(&paifu(&[
        "review", "--format", "json", "--seat", &name, &log,
    ]));
    assert_eq!(items(&by_name), of_seat1);
    // The summary counts the seat shown only.
    let summary = &seat1.last().unwrap()["summary"];
    assert_eq!(summary["players"].as_array().unwrap().len(), 1);
    assert_eq!(summary["players"][0]["name"], name.as_str());
    let text = paifu(&["review", "--seat", "7", &log]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("no seat 7 at this table"));
}

#[test]
fn a_bad_file_is_reported_and_the_rest_reviewed() {
    let dir = std::env::temp_dir().join(format!("paifu-review-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.mjlog");
    std::fs::write(&bad, "<mjloggm ver=\"2.3\"><INIT seed=").unwrap();
    let out = paifu(&[
        "review",
        "--format",
        "json",
        bad.to_str().unwrap(),
        &td("tenhou_xml/double_ron.mjlog"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let rows = lines(&out);
    assert!(rows[0].get("import_error").is_some(), "{}", rows[0]);
    assert!(rows.iter().any(|r| r["type"] == "game"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.mjlog"));
    // The output is never one of the inputs.
    let log = dir.join("game.mjlog");
    std::fs::copy(td("tenhou_xml/double_ron.mjlog"), &log).unwrap();
    let before = std::fs::read(&log).unwrap();
    let out = paifu(&["review", "-o", log.to_str().unwrap(), log.to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(std::fs::read(&log).unwrap(), before);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    let args = [
        "review",
        "--format",
        "json",
        "--decisions",
        &td("tenhou_xml"),
    ];
    let one = paifu_env(&args, &[("RAYON_NUM_THREADS", "1")]);
    let many = paifu_env(&args, &[("RAYON_NUM_THREADS", "4")]);
    assert!(!one.stdout.is_empty());
    assert_eq!(one.stdout, many.stdout);
}
