use super::*;
use crate::engine::{Finding, RuleId};
use crate::event::{Seat, Source};
use crate::import::{ImportOptions, import_bytes};

fn testdata_log(rel: &str) -> GameLog {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel);
    let bytes = std::fs::read(path).unwrap();
    import_bytes(&bytes, &ImportOptions::default()).unwrap()
}

fn finding(rule: RuleId, kyoku: Option<&str>, event: usize) -> Finding {
    Finding {
        rule,
        severity: rule.severity(),
        event,
        kyoku: kyoku.map(str::to_owned),
        seat: Seat::new(2),
        message: "a message".into(),
        expected: Some("1".into()),
        recorded: None,
        citation: "EMA 2016 §3.4.5",
        src: Source {
            line: Some(7),
            ..Source::default()
        },
    }
}

fn game(findings: Vec<Finding>) -> FileOutcome {
    FileOutcome::Audited(Box::new(GameReport {
        format: Format::TenhouXml,
        seats: 4,
        profile: Profile::of(&Rules::preset("ema2016").unwrap()),
        notes: vec!["a note".into()],
        audit: Audit {
            findings,
            kyoku: 3,
            outcomes_checked: 3,
            outcomes_matching: 2,
        },
    }))
}

fn report(files: Vec<(&str, FileOutcome)>) -> Report {
    Report {
        rules: "ema2016".into(),
        files: files
            .into_iter()
            .map(|(file, outcome)| FileReport {
                file: file.into(),
                outcome,
            })
            .collect(),
    }
}

#[test]
fn exit_status_follows_the_threshold_and_unreadable_files_win() {
    let clean = report(vec![("a", game(vec![]))]);
    assert_eq!(clean.exit_status(Severity::Info), EXIT_CLEAN);
    let warned = report(vec![(
        "a",
        game(vec![finding(RuleId::ScoreFu, Some("E1-0"), 5)]),
    )]);
    assert_eq!(warned.exit_status(Severity::Error), EXIT_CLEAN);
    assert_eq!(warned.exit_status(Severity::Warning), EXIT_FINDINGS);
    assert_eq!(warned.exit_status(Severity::Info), EXIT_FINDINGS);
    let broken = report(vec![
        ("a", game(vec![finding(RuleId::FuritenRon, None, 1)])),
        ("b", FileOutcome::ImportError("not a log".into())),
    ]);
    assert_eq!(broken.exit_status(Severity::Error), EXIT_UNREADABLE);
    let bug = report(vec![("c", FileOutcome::InternalError("boom".into()))]);
    assert_eq!(bug.exit_status(Severity::Error), EXIT_UNREADABLE);
}

#[test]
fn summary_counts_by_severity_rule_and_profile() {
    let r = report(vec![
        (
            "a",
            game(vec![
                finding(RuleId::FuritenRon, Some("E1-0"), 5),
                finding(RuleId::FuritenRon, Some("E2-0"), 9),
                finding(RuleId::ScoreFu, Some("E2-0"), 10),
                finding(RuleId::Unchecked, None, 11),
            ]),
        ),
        ("b", FileOutcome::ImportError("x".into())),
        ("c", game(vec![])),
        ("d", FileOutcome::InternalError("y".into())),
    ]);
    let s = r.summary();
    assert_eq!((s.files, s.games, s.kyoku), (4, 2, 6));
    assert_eq!((s.import_errors, s.internal_errors), (1, 1));
    assert_eq!(
        s.findings,
        SeverityCounts {
            error: 2,
            warning: 1,
            info: 1
        }
    );
    assert_eq!(s.by_rule.get("FURITEN-RON"), Some(&2));
    assert_eq!(s.by_rule.get("SCORE-FU"), Some(&1));
    assert_eq!((s.outcomes_checked, s.outcomes_matching), (6, 4));
    assert_eq!(s.profiles.len(), 1);
    assert_eq!(s.profiles[0].games, 2);
    assert_eq!(s.paifu, PAIFU_VERSION);
}

#[test]
fn json_lines_have_the_documented_shape() {
    let r = report(vec![
        (
            "a.mjlog",
            game(vec![
                finding(RuleId::FuritenRon, Some("E1-0"), 5),
                finding(RuleId::FinalScore, None, 9),
            ]),
        ),
        ("b.txt", FileOutcome::ImportError("not a log".into())),
    ]);
    let mut out = Vec::new();
    write_json(&r, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    let first = lines[0].as_object().unwrap();
    let keys: Vec<&str> = first.keys().map(String::as_str).collect();
    let mut want = vec![
        "file", "kyoku", "event", "line", "seat", "rule", "severity", "message", "expected",
        "recorded", "citation", "profile",
    ];
    let mut got = keys.clone();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
    assert_eq!(lines[0]["rule"], "FURITEN-RON");
    assert_eq!(lines[0]["severity"], "error");
    assert_eq!(lines[0]["seat"], 2);
    assert_eq!(lines[0]["line"], 7);
    assert!(lines[0]["recorded"].is_null());
    assert!(lines[1]["kyoku"].is_null());
    assert_eq!(lines[2]["import_error"], "not a log");
    let s = &lines[3]["summary"];
    assert_eq!(s["files"], 2);
    assert_eq!(s["import_errors"], 1);
    assert_eq!(s["findings"]["error"], 1);
    assert_eq!(s["findings"]["warning"], 1);
    assert_eq!(s["by_rule"]["FINAL-SCORE"], 1);
    assert_eq!(s["notes"][0]["file"], "a.mjlog");
    assert_eq!(s["paifu"], PAIFU_VERSION);
}

#[test]
fn text_report_groups_by_file_and_kyoku() {
    let r = report(vec![
        (
            "a.mjlog",
            game(vec![
                finding(RuleId::FuritenRon, Some("E1-0"), 5),
                finding(RuleId::ScoreFu, Some("E1-0"), 6),
                finding(RuleId::FinalScore, None, 9),
            ]),
        ),
        ("b.txt", FileOutcome::ImportError("not a log".into())),
    ]);
    let mut out = Vec::new();
    write_text(&r, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with(&format!(
        "paifu {PAIFU_VERSION} audit; profile ema2016 revision 1"
    )));
    assert_eq!(text.matches("   E1-0\n").count(), 1, "{text}");
    assert!(text.contains("   (game)\n"));
    assert!(text.contains("ev#5 E1-0 seat 2 ERROR FURITEN-RON a message [EMA 2016 §3.4.5]"));
    assert!(text.contains("== b.txt\n   import error: not a log"));
    assert!(text.contains("by rule: FINAL-SCORE 1, FURITEN-RON 1, SCORE-FU 1"));
}

#[test]
fn auto_and_fixed_profiles() {
    let log = testdata_log("tenhou_xml/double_ron.mjlog");
    let auto = audit_game(&log, &RulesChoice::Auto);
    assert_eq!(auto.profile.name, "tenhou");
    let fixed = audit_game(&log, &RulesChoice::Fixed(Rules::preset("wrc2015").unwrap()));
    assert_eq!(fixed.profile.name, "wrc2015");
    assert!(fixed.notes.is_empty());
    assert_eq!(RulesChoice::Auto.label(), "auto");
    let sanma = audit_game(
        &testdata_log("tenhou_xml/sanma_nukidora_rinshan.xml"),
        &RulesChoice::Auto,
    );
    assert_eq!(sanma.profile.name, "tenhou-sanma");
}
