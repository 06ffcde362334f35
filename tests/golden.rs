//! Event streams, audit and review reports and `paifu wall`'s text of small
//! fixtures against committed expectations in `testdata/golden/`. A
//! mismatch prints both sides; `UPDATE_GOLDEN=1 cargo test --test golden`
//! rewrites the expectations (review the diff).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

/// Fixtures small enough that their whole stream is worth reviewing.
const CASES: &[&str] = &[
    "tenhou6/chankan.json",
    "tenhou6/confusing_nakis_0.json",
    "tenhou6/complex_nakis_0.json",
    "tenhou6/double_kakan_then_chankan.json",
    "tenhou6/double_ron.json",
    "tenhou6/suukantsu_0.json",
    "tenhou6/kyushukyuhai.json",
    "tenhou6/rinshan.json",
    "tenhou6/ryukyoku.json",
    "tenhou6/four_reach.json",
    "tenhou6/annotated_lesson.json",
    "tenhou6/lobby_rule_array.json",
    "mjai/bot_stream_arrays.jsonl",
    "mjai/old_protocol_haipai.jsonl",
];

fn render(path: &Path) -> String {
    let log = common::import(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = serde_json::to_string(&log.meta).unwrap();
    out.push('\n');
    for e in &log.events {
        out.push_str(&serde_json::to_string(e).unwrap());
        out.push('\n');
    }
    out
}

/// Text audit reports: (fixture, profile, golden file name). The edited
/// game breaks EMA and WRC rules (red fives); the others are clean.
const AUDITS: &[(&str, &str, &str)] = &[
    (
        "tenhou_xml/pao_ron_edited.mjlog",
        "ema2016",
        "audit__pao_ron_edited.ema2016.txt",
    ),
    (
        "tenhou_xml/pao_ron_edited.mjlog",
        "wrc2015",
        "audit__pao_ron_edited.wrc2015.txt",
    ),
    (
        "tenhou_xml/double_ron.mjlog",
        "tenhou",
        "audit__double_ron.tenhou.txt",
    ),
    (
        "tenhou6/kyushukyuhai.json",
        "auto",
        "audit__kyushukyuhai.auto.txt",
    ),
];

/// The text report of one file, with paifu's version blanked so that a
/// version bump does not churn the expectations. The fixtures' digests
/// are stable: a change to one is a change to the fixture (or to its
/// profile's fingerprint, when a profile changes).
fn render_audit(case: &str, profile: &str) -> String {
    use paifu::batch::{FileOutcome, Sha256Digest};
    use paifu::report::{FileReport, Report, audit_game, write_text};
    use paifu::rules::RulesChoice;
    let path = common::testdata().join(case);
    let log = common::import(&path).unwrap();
    let sha256 = Some(Sha256Digest::of(&std::fs::read(&path).unwrap()));
    let choice = if profile == "auto" {
        RulesChoice::Auto
    } else {
        RulesChoice::Fixed(paifu::rules::Rules::preset(profile).unwrap())
    };
    let report = Report {
        rules: choice.label().to_owned(),
        files: vec![FileReport {
            file: case.to_owned(),
            sha256,
            outcome: FileOutcome::Game(Box::new(audit_game(&log, &choice))),
        }],
    };
    let mut out = Vec::new();
    write_text(&report, &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .replace(paifu::report::PAIFU_VERSION, "VERSION")
}

/// Review reports: (fixture, format, golden file name).
const REVIEWS: &[(&str, &str, &str)] = &[
    (
        "tenhou_xml/kakan_red_five.xml",
        "text",
        "review__kakan_red_five.auto.txt",
    ),
    (
        "tenhou_xml/double_ron.mjlog",
        "json",
        "review__double_ron.auto.jsonl",
    ),
    // Seat 3's decisions with their candidates, the threats and each
    // candidate's danger.
    (
        "tenhou_xml/double_ron.mjlog",
        "json-decisions",
        "review__double_ron.decisions.jsonl",
    ),
];

/// A review report of one file under `auto`, with paifu's version blanked.
fn render_review(case: &str, format: &str) -> String {
    use paifu::batch::{Batch, FileOutcome, Sha256Digest};
    use paifu::review::Options;
    use paifu::review::write::{ReviewBatch, ReviewedFile, review_game, write_json, write_text};
    use paifu::rules::RulesChoice;
    let path = common::testdata().join(case);
    let log = common::import(&path).unwrap();
    let sha256 = Some(Sha256Digest::of(&std::fs::read(&path).unwrap()));
    // `--decisions` keeps every decision, as the CLI asks.
    let options = Options {
        choices: format == "json-decisions",
        ..Options::default()
    };
    let batch = ReviewBatch {
        batch: Batch {
            rules: "auto".into(),
            files: vec![ReviewedFile {
                file: case.to_owned(),
                sha256,
                outcome: FileOutcome::Game(Box::new(review_game(
                    &log,
                    &RulesChoice::Auto,
                    &options,
                ))),
            }],
        },
        // One seat's decisions keep the file small: the seat that
        // discards into two riichi and an open hand at the end.
        seat: (format == "json-decisions").then(|| "3".to_owned()),
        decisions: format == "json-decisions",
        options,
    };
    let mut out = Vec::new();
    if format.starts_with("json") {
        write_json(&batch, &mut out).unwrap();
    } else {
        write_text(&batch, &mut out).unwrap();
    }
    String::from_utf8(out)
        .unwrap()
        .replace(paifu::report::PAIFU_VERSION, "VERSION")
}

/// `paifu wall`'s text: (fixture, golden file name). Records that give
/// their wall; a kong takes a replacement tile in the first.
const WALLS: &[(&str, &str)] = &[
    ("riichicity/two_hands.json", "wall__two_hands.txt"),
    ("majsoul/one_ron.json", "wall__one_ron.txt"),
];

/// The wall text of one file, named as given.
fn render_wall(case: &str) -> String {
    use paifu::report::wall::{kyoku_walls, write_text};
    let log = common::import(&common::testdata().join(case)).unwrap();
    let mut out = Vec::new();
    write_text(case, &kyoku_walls(&log), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// `paifu stats`' report of a small set (a double ron, a chankan, a
/// three-player game) in each form: (format, golden file name).
const STATS: &[(&str, &str)] = &[
    ("text", "stats__small_set.txt"),
    ("json", "stats__small_set.jsonl"),
];

/// The statistics report of the small set, as the CLI writes it (the
/// review beside the statistics, as by default).
fn render_stats(format: &str) -> String {
    use paifu::batch::{Batch, BatchFile, FileOutcome};
    use paifu::rules::Rules;
    use paifu::stats::write::{Summary, write_json, write_text};
    use paifu::stats::{Options, collect, game_stats_with_review};
    let cases = [
        "tenhou_xml/double_ron.mjlog",
        "tenhou_xml/chankan.mjlog",
        "tenhou_xml/sanma_nukidora_rinshan.xml",
    ];
    let files = cases
        .iter()
        .map(|case| {
            let log = common::import(&common::testdata().join(case)).unwrap();
            BatchFile {
                file: (*case).to_owned(),
                sha256: None,
                outcome: FileOutcome::Game(Box::new(game_stats_with_review(
                    &log,
                    &Rules::for_log(&log.meta).rules,
                ))),
            }
        })
        .collect();
    let batch = Batch {
        rules: "auto".into(),
        files,
    };
    let players = collect(batch.games().map(|(_, g)| g), &Options::default());
    let summary = Summary::of(&batch, players.len());
    let mut out = Vec::new();
    if format == "json" {
        write_json(&players, false, &summary, &mut out).unwrap();
    } else {
        write_text(&players, false, &summary, &mut out).unwrap();
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn stats_reports_match_golden_files() {
    let cases = STATS
        .iter()
        .map(|(format, name)| ((*name).to_owned(), render_stats(format)));
    compare(cases);
}

#[test]
fn wall_texts_match_golden_files() {
    let cases = WALLS
        .iter()
        .map(|(case, name)| ((*name).to_owned(), render_wall(case)));
    compare(cases);
}

#[test]
fn review_reports_match_golden_files() {
    let cases = REVIEWS
        .iter()
        .map(|(case, format, name)| ((*name).to_owned(), render_review(case, format)));
    compare(cases);
}

#[test]
fn event_streams_match_golden_files() {
    let cases = CASES.iter().map(|case| {
        (
            format!("{}.events.jsonl", case.replace('/', "__")),
            render(&common::testdata().join(case)),
        )
    });
    compare(cases);
}

#[test]
fn audit_reports_match_golden_files() {
    let cases = AUDITS
        .iter()
        .map(|(case, profile, name)| ((*name).to_owned(), render_audit(case, profile)));
    compare(cases);
}

/// Compares each rendering with its golden file (or writes it).
fn compare(cases: impl Iterator<Item = (String, String)>) {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let dir = common::testdata().join("golden");
    let mut failures = Vec::new();
    for (case, actual) in cases {
        let golden = dir.join(&case);
        if update || !golden.exists() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&golden, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&golden).unwrap();
        if expected != actual {
            let (line, want, got) = expected
                .lines()
                .zip(actual.lines())
                .enumerate()
                .find(|(_, (a, b))| a != b)
                .map_or_else(
                    || ("end".to_owned(), String::new(), String::new()),
                    |(i, (a, b))| (format!("line {}", i + 1), a.to_owned(), b.to_owned()),
                );
            let rule = "-".repeat(60);
            failures.push(format!(
                "{case}: first difference at {line}\n{rule}\nexpected: {want}\nactual:   {got}\n{rule}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
