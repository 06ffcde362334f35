//! Rule books side by side (`--rules a,b,c`) in `paifu score` and `paifu
//! audit`: a column per profile, differing cells marked, each explained
//! with its paragraph, the JSON lines of `formats/audit-report.md`, and
//! the exit status the worst of the profiles'. Also `paifu score`'s
//! wording: the defaults it assumes, riichi sticks only when there are
//! some, and the multiple of a yakuman named.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::process::Output;

use common::{paifu, td};

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// Riichi, pinfu, tanyao, a dora and a red five: Tenhou's mangan, EMA's
/// 7700 (no red fives), WRC's mangan again (kiriage).
const RED_FIVE_HAND: [&str; 7] = [
    "score",
    "234m40655p234678s",
    "--win",
    "2s",
    "--riichi",
    "--dora",
    "7s",
];

#[test]
fn score_prints_a_column_per_profile_and_explains_the_difference() {
    let mut args = RED_FIVE_HAND.to_vec();
    args.extend(["--rules", "tenhou,ema2016,wrc2015"]);
    let out = paifu(&args);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let header = text
        .lines()
        .find(|l| l.contains("tenhou") && l.contains("ema2016") && l.contains("wrc2015"))
        .expect("a header naming the three profiles");
    assert!(
        header.find("tenhou") < header.find("ema2016")
            && header.find("ema2016") < header.find("wrc2015"),
        "{header}"
    );
    let points = text
        .lines()
        .find(|l| l.starts_with("points"))
        .expect("a points row");
    let cells: Vec<&str> = points
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(
        cells,
        ["points", "8000 mangan", "7700*", "8000 mangan"],
        "{text}"
    );
    let red = text.lines().find(|l| l.starts_with("Aka dora")).unwrap();
    assert!(red.contains("—*"), "{red}");
    assert!(text.contains("* differs from tenhou:"), "{text}");
    assert!(
        text.contains("ema2016: han 4 (tenhou: 5); points 7700 (tenhou: 8000 mangan)"),
        "{text}"
    );
    assert!(text.contains("because of `red_fives`"), "{text}");
    assert!(
        text.contains("EMA 2016 §1.3"),
        "the paragraph is cited: {text}"
    );
}

#[test]
fn score_explains_kiriage_with_its_paragraph() {
    let out = paifu(&[
        "score",
        "234m45655p234678s",
        "--win",
        "2s",
        "--riichi",
        "--dora",
        "7s",
        "--rules",
        "tenhou,wrc2015",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("wrc2015: points 8000 mangan (tenhou: 7700)"),
        "{text}"
    );
    assert!(text.contains("tenhou: false; wrc2015: true"), "{text}");
    assert!(text.contains("because of `kiriage`"), "{text}");
    assert!(text.contains("WRC 2015 §6.1"), "{text}");
}

#[test]
fn score_names_what_it_assumes() {
    let out = paifu(&["score", "234m45655p234678s", "--win", "2s"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("as       ron by South (non-dealer) in the East round"),
        "{text}"
    );
    assert!(
        text.contains("assumed  --seat S (a non-dealer), --ron, --round E"),
        "{text}"
    );
    assert!(
        text.contains("the discarder pays 2000"),
        "non-dealer 2 han 30 fu: {text}"
    );
    assert!(
        !text.contains("riichi stick"),
        "no sticks, no word of them: {text}"
    );
    assert!(!text.contains("counters included"), "{text}");
    // Given explicitly, nothing is assumed.
    let out = paifu(&[
        "score",
        "234m45655p234678s",
        "--win",
        "2s",
        "--seat",
        "E",
        "--tsumo",
        "--round",
        "S",
        "--sticks",
        "2",
        "--honba",
        "1",
    ]);
    let text = stdout(&out);
    assert!(!text.contains("assumed"), "{text}");
    assert!(
        text.contains("tsumo by East (dealer) in the South round"),
        "{text}"
    );
    assert!(text.contains("(2 riichi sticks included)"), "{text}");
    assert!(text.contains("(counters included)"), "{text}");
}

#[test]
fn score_names_a_double_yakuman() {
    let out = paifu(&[
        "score",
        "19m19p19s1234567z1m",
        "--win",
        "1m",
        "--rules",
        "mahjongsoul",
    ]);
    let text = stdout(&out);
    assert!(text.contains("(double yakuman)"), "{text}");
    assert!(
        text.contains(", double yakuman, basic points 16000"),
        "{text}"
    );
    let out = paifu(&[
        "score",
        "19m19p19s1234567z1m",
        "--win",
        "1m",
        "--rules",
        "mahjongsoul,ema2016",
    ]);
    let text = stdout(&out);
    assert!(text.contains("64000 double yakuman"), "{text}");
    assert!(text.contains("32000 yakuman*"), "{text}");
    assert!(text.contains("because of `double_yakuman`"), "{text}");
}

#[test]
fn audit_side_by_side_tables_findings_and_wins() {
    let log = td("tenhou_xml/pao_ron_edited.mjlog");
    let out = paifu(&["audit", "--rules", "tenhou,ema2016,wrc2015", &log]);
    let text = stdout(&out);
    // EMA finds errors Tenhou does not: the worst status wins.
    assert_eq!(out.status.code(), Some(1), "{text}");
    let header = text
        .lines()
        .find(|l| l.contains("findings E/W/I"))
        .expect("the findings table");
    assert!(
        header.contains("tenhou") && header.contains("wrc2015"),
        "{header}"
    );
    let e1 = text
        .lines()
        .find(|l| l.trim_start().starts_with("E1-0"))
        .unwrap();
    assert!(
        e1.contains('*'),
        "a kyoku whose findings differ is marked: {e1}"
    );
    assert!(text.contains("win E"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("han") && l.contains('*')),
        "{text}"
    );
    assert!(text.contains("* differs from tenhou:"), "{text}");
    assert!(
        text.contains("[EMA 2016 §"),
        "findings cite their paragraphs: {text}"
    );
    assert!(text.contains("because of `red_fives`"), "{text}");
    assert!(
        text.contains("exit status by profile: tenhou 0, ema2016 1, wrc2015 1; exit 1 (the worst)"),
        "{text}"
    );
}

#[test]
fn audit_side_by_side_as_json_lines() {
    let log = td("tenhou_xml/pao_ron_edited.mjlog");
    let out = paifu(&[
        "audit",
        "--rules",
        "tenhou,ema2016",
        "--format",
        "json",
        &log,
    ]);
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    let kyoku: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|v| v["side_by_side"] == "kyoku")
        .collect();
    let wins: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|v| v["side_by_side"] == "win")
        .collect();
    assert_eq!(kyoku.len(), 6, "five kyoku and the game's own findings");
    assert!(!wins.is_empty());
    for k in &kyoku {
        assert_eq!(k["profiles"], serde_json::json!(["tenhou", "ema2016"]));
        assert_eq!(k["counts"].as_array().unwrap().len(), 2);
        assert!(k["counts"][0]["error"].is_u64() && k["counts"][1]["info"].is_u64());
        assert!(
            k["file"]
                .as_str()
                .unwrap()
                .ends_with("pao_ron_edited.mjlog")
        );
    }
    let differing = kyoku
        .iter()
        .flat_map(|k| k["differences"].as_array().unwrap())
        .find(|d| d["rule"] == "TILE-NOT-IN-SET")
        .expect("ema2016 finds red fives tenhou allows");
    assert_eq!(differing["column"], 1);
    assert!(
        differing["citation"]
            .as_str()
            .unwrap()
            .starts_with("EMA 2016")
    );
    let w = wins[0];
    assert_eq!(w["columns"].as_array().unwrap().len(), 2);
    assert!(w["columns"][0]["han"].is_u64() && w["columns"][0]["deltas"].is_array());
    assert!(w["event"].is_u64() && w["winner"].is_u64());
    let explained = wins
        .iter()
        .flat_map(|w| w["differences"].as_array().unwrap())
        .find(|d| d["cell"] == "han")
        .expect("a han that differs");
    assert_eq!(explained["reasons"][0]["field"], "red_fives");
    assert!(
        explained["reasons"][0]["source"]
            .as_str()
            .unwrap()
            .contains("§")
    );
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["exit_status_by_profile"], serde_json::json!([0, 1]));
    assert_eq!(summary["exit_status"], 1);
}

#[test]
fn one_profile_keeps_the_usual_report() {
    let log = td("tenhou_xml/double_ron.mjlog");
    let out = paifu(&["audit", "--rules", "tenhou", &log]);
    let text = stdout(&out);
    assert!(!text.contains("findings E/W/I"), "{text}");
    // The usual report, as `tests/golden.rs` holds it line by line.
    assert!(text.starts_with("paifu "), "{text}");
    assert!(text.contains("; profile tenhou revision"), "{text}");
    assert!(text.contains("   tenhou-xml, 4 players, 4 kyoku"), "{text}");
}

#[test]
fn a_bad_profile_list_is_refused() {
    let log = td("tenhou_xml/double_ron.mjlog");
    let out = paifu(&["audit", "--rules", "tenhou,nonesuch", &log]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nonesuch"));
    let out = paifu(&["audit", "--rules", "auto,ema2016", &log]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("`auto`"));
}
