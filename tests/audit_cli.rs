//! `paifu audit`: exit statuses and `--fail-on`, a bad file among good
//! ones, the JSON lines contract (`formats/audit-report.md`) read with
//! strict structs, output independent of the thread count, and the corpus.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Output;

use serde::Deserialize;

use common::{paifu, paifu_env, td};

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A finding line, exactly as documented: an unknown key fails the parse.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct FindingLine {
    file: String,
    kyoku: Option<String>,
    event: usize,
    line: Option<u32>,
    seat: Option<u8>,
    rule: String,
    severity: String,
    message: String,
    expected: Option<String>,
    recorded: Option<String>,
    citation: String,
    profile: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportErrorLine {
    file: String,
    import_error: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SummaryLine {
    summary: Summary,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct BySeverity {
    error: usize,
    warning: usize,
    info: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ProfileUse {
    name: String,
    revision: u32,
    book: String,
    games: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Note {
    file: String,
    note: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Summary {
    files: usize,
    games: usize,
    kyoku: usize,
    import_errors: usize,
    findings: BySeverity,
    by_rule: BTreeMap<String, usize>,
    outcomes_checked: usize,
    outcomes_matching: usize,
    internal_errors: usize,
    paifu: String,
    rules: String,
    profiles: Vec<ProfileUse>,
    notes: Vec<Note>,
}

#[derive(Debug, Default)]
struct Parsed {
    findings: Vec<FindingLine>,
    import_errors: Vec<ImportErrorLine>,
    summary: Option<Summary>,
}

/// Reads JSON lines output: findings and import errors, then exactly one
/// summary, last.
fn parse(text: &str) -> Parsed {
    let mut p = Parsed::default();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
        let keys: Vec<&String> = value.as_object().expect("an object").keys().collect();
        if value.get("summary").is_some() {
            assert_eq!(i + 1, lines.len(), "the summary is the last line");
            p.summary = Some(serde_json::from_str::<SummaryLine>(line).unwrap().summary);
        } else if value.get("import_error").is_some() {
            p.import_errors.push(serde_json::from_str(line).unwrap());
        } else {
            assert_eq!(
                keys.len(),
                12,
                "every key present, null when absent: {line}"
            );
            p.findings.push(serde_json::from_str(line).unwrap());
        }
    }
    assert!(p.summary.is_some(), "a summary line");
    p
}

#[test]
fn exit_status_follows_fail_on() {
    // pao_ron_edited has red fives, which EMA 2016 forbids: errors.
    let edited = td("tenhou_xml/pao_ron_edited.mjlog");
    let out = paifu(&["audit", "--rules", "ema2016", &edited]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // Under Tenhou's rules the same game is clean.
    let out = paifu(&["audit", "--rules", "tenhou", &edited]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // tenhou6/double_ron.json is an excerpt whose starting points do not
    // add up: one warning, nothing worse.
    let warned = td("tenhou6/double_ron.json");
    let out = paifu(&["audit", "--format", "json", &warned]);
    let s = parse(&stdout(&out)).summary.unwrap();
    assert_eq!(
        s.findings,
        BySeverity {
            error: 0,
            warning: 1,
            info: 0
        }
    );
    assert_eq!(out.status.code(), Some(0));
    for (fail_on, code) in [("error", 0), ("warning", 1), ("info", 1)] {
        let out = paifu(&["audit", "--fail-on", fail_on, &warned]);
        assert_eq!(out.status.code(), Some(code), "--fail-on {fail_on}");
    }
    assert!(stderr(&out).is_empty(), "no progress bar off a terminal");
}

#[test]
fn a_bad_file_among_good_ones_exits_2_and_the_rest_are_reported() {
    let dir = std::env::temp_dir().join(format!("paifu-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad: PathBuf = dir.join("not-a-log.txt");
    std::fs::write(&bad, "hello\n").unwrap();
    let bad = bad.to_string_lossy().into_owned();
    let edited = td("tenhou_xml/pao_ron_edited.mjlog");
    let clean = td("tenhou_xml/double_ron.mjlog");
    let args = ["audit", "--rules", "ema2016", &clean, &bad, &edited];

    let out = paifu(&args);
    assert_eq!(out.status.code(), Some(2), "2 wins over 1");
    let text = stdout(&out);
    let (a, b, c) = (
        text.find(&format!("== {clean}")).expect("the first file"),
        text.find(&format!("== {bad}\n   import error:"))
            .expect("the bad file, in the report"),
        text.find(&format!("== {edited}")).expect("the last file"),
    );
    assert!(a < b && b < c, "input order");
    assert!(text.contains("import errors 1"), "{text}");
    assert!(stderr(&out).contains("not-a-log.txt"), "and on stderr");

    let mut json_args = args.to_vec();
    json_args.insert(1, "--format");
    json_args.insert(2, "json");
    let out = paifu(&json_args);
    assert_eq!(out.status.code(), Some(2));
    let p = parse(&stdout(&out));
    assert_eq!(p.import_errors.len(), 1);
    assert_eq!(p.import_errors[0].file, bad);
    assert!(p.import_errors[0].import_error.contains("line 1"));
    let s = p.summary.unwrap();
    assert_eq!((s.files, s.games, s.import_errors), (3, 2, 1));
    assert!(p.findings.iter().any(|f| f.file == edited));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn json_lines_follow_the_contract() {
    let edited = td("tenhou_xml/pao_ron_edited.mjlog");
    let out = paifu(&["audit", "--rules", "ema2016", "--format", "json", &edited]);
    assert_eq!(out.status.code(), Some(1));
    let p = parse(&stdout(&out));
    let s = p.summary.unwrap();
    assert_eq!(
        p.findings.len(),
        s.findings.error + s.findings.warning + s.findings.info
    );
    assert_eq!(
        s.by_rule.values().sum::<usize>(),
        p.findings.len(),
        "by_rule adds up"
    );
    let red = p
        .findings
        .iter()
        .find(|f| f.rule == "TILE-NOT-IN-SET")
        .expect("red fives are not in the EMA set");
    assert_eq!(red.severity, "error");
    assert_eq!(red.profile, "ema2016");
    assert!(
        red.citation.starts_with("EMA 2016 §1.3"),
        "{}",
        red.citation
    );
    assert!(red.kyoku.as_deref().is_some_and(|k| k.starts_with('E')));
    assert!(red.line.is_some(), "Tenhou XML has lines");
    let end = p.findings.iter().find(|f| f.rule == "FINAL-SCORE").unwrap();
    assert_eq!(end.kyoku, None, "the end of the game is outside a kyoku");
    assert!(end.expected.is_some() && end.recorded.is_some());
    assert_eq!(s.paifu, env!("CARGO_PKG_VERSION"));
    assert_eq!(s.rules, "ema2016");
    assert_eq!(s.profiles.len(), 1);
    assert_eq!(
        (s.profiles[0].name.as_str(), s.profiles[0].revision),
        ("ema2016", 1)
    );
    assert!(s.outcomes_checked >= s.outcomes_matching && s.outcomes_checked > 0);
    // Findings come in event order.
    let events: Vec<usize> = p.findings.iter().map(|f| f.event).collect();
    assert!(events.windows(2).all(|w| w[0] <= w[1]), "{events:?}");
}

#[test]
fn auto_names_each_games_profile() {
    let out = paifu(&[
        "audit",
        "--format",
        "json",
        &td("tenhou_xml/sanma_nukidora_rinshan.xml"),
        &td("tenhou_xml/double_ron.mjlog"),
        &td("mjai/riichienv_selfplay.jsonl"),
    ]);
    let s = parse(&stdout(&out)).summary.unwrap();
    let names: Vec<&str> = s.profiles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["tenhou", "tenhou-sanma"]);
    assert_eq!(s.rules, "auto");
    assert!(
        s.notes
            .iter()
            .any(|n| n.file.ends_with("riichienv_selfplay.jsonl") && n.note.contains("assumed")),
        "{:?}",
        s.notes
    );
}

#[test]
fn output_does_not_depend_on_the_thread_count() {
    let dir = td("");
    for format in ["text", "json"] {
        let one = paifu_env(
            &["audit", "--format", format, &dir],
            &[("RAYON_NUM_THREADS", "1")],
        );
        let many = paifu(&["audit", "--format", format, &dir]);
        assert_eq!(one.status.code(), many.status.code());
        assert!(!one.stdout.is_empty());
        assert!(one.stdout == many.stdout, "{format}: output differs");
        assert_eq!(one.stderr, many.stderr);
    }
}

#[test]
fn an_unknown_profile_is_refused() {
    let out = paifu(&[
        "audit",
        "--rules",
        "no-such-profile",
        &td("tenhou_xml/double_ron.mjlog"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("neither a rule profile"));
    assert!(out.stdout.is_empty());
}

#[test]
fn every_corpus_tenhou_game_is_audited() {
    let Some(corpus) = common::corpus() else {
        return common::skip("every_corpus_tenhou_game_is_audited");
    };
    let dir = corpus.join("tenhou-xml");
    let out = paifu(&["audit", "--format", "json", dir.to_str().unwrap()]);
    let p = parse(&stdout(&out));
    let s = p.summary.unwrap();
    common::report(&format!(
        "audit corpus tenhou-xml: {} files, {} games, {} kyoku, {} import errors, findings {:?}, outcomes {}/{} matching",
        s.files,
        s.games,
        s.kyoku,
        s.import_errors,
        s.findings,
        s.outcomes_matching,
        s.outcomes_checked
    ));
    assert_eq!(s.internal_errors, 0);
    // Only the two text files beside the logs are not games.
    assert!(s.import_errors <= 2, "{:?}", p.import_errors);
    assert!(s.games > 2000);
    // The audit agrees with Tenhou on nearly every outcome.
    assert!(s.outcomes_matching * 1000 >= s.outcomes_checked * 998);
}
