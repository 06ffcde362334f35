use super::*;
use crate::batch::{FileOutcome, ImportFailure, is_not_a_log};
use crate::engine::{Finding, RuleId};
use crate::event::{Seat, Source};
use crate::import::{ImportErrorKind, ImportOptions, import_bytes};

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

fn game(findings: Vec<Finding>) -> FileOutcome<GameReport> {
    let rules = Rules::preset("ema2016").unwrap();
    FileOutcome::Game(Box::new(GameReport {
        format: Format::TenhouXml,
        seats: 4,
        profile: Profile::of(&rules),
        profile_sha256: profile_fingerprint(&rules),
        notes: vec!["a note".into()],
        damage: None,
        outcomes: Outcomes {
            ron: 2,
            tsumo: 1,
            ..Outcomes::default()
        },
        audit: Audit {
            findings,
            kyoku: 3,
            outcomes_checked: 3,
            outcomes_matching: 2,
            win_values: vec![8_000, 2_600, 1_000],
        },
    }))
}

/// A batch of these files; a game's bytes were `a game`.
fn report(files: Vec<(&str, FileOutcome<GameReport>)>) -> Report {
    Report {
        rules: "ema2016".into(),
        files: files
            .into_iter()
            .map(|(file, outcome)| FileReport {
                file: file.into(),
                sha256: matches!(outcome, FileOutcome::Game(_))
                    .then(|| Sha256Digest::of(b"a game")),
                outcome,
            })
            .collect(),
    }
}

#[test]
fn exit_status_follows_the_policy_and_unreadable_files_win() {
    let clean = report(vec![("a", game(vec![]))]);
    assert_eq!(clean.exit_status(FailOn::Info), EXIT_CLEAN);
    // A warning that contradicts no outcome fails only from `warning` on.
    let warned = report(vec![(
        "a",
        game(vec![finding(RuleId::TsumogiriMismatch, Some("E1-0"), 5)]),
    )]);
    assert_eq!(warned.exit_status(FailOn::None), EXIT_CLEAN);
    assert_eq!(warned.exit_status(FailOn::Error), EXIT_CLEAN);
    assert_eq!(warned.exit_status(FailOn::Warning), EXIT_FINDINGS);
    assert_eq!(warned.exit_status(FailOn::Info), EXIT_FINDINGS);
    let broken = report(vec![
        ("a", game(vec![finding(RuleId::FuritenRon, None, 1)])),
        ("b", FileOutcome::ImportError("not a log".into())),
    ]);
    assert_eq!(broken.exit_status(FailOn::Error), EXIT_UNREADABLE);
    assert_eq!(broken.exit_status(FailOn::None), EXIT_UNREADABLE);
    let bug = report(vec![("c", FileOutcome::InternalError("boom".into()))]);
    assert_eq!(bug.exit_status(FailOn::Error), EXIT_UNREADABLE);
}

#[test]
fn a_contradicted_outcome_fails_by_default() {
    for rule in CONTRADICTION_RULES {
        assert_eq!(rule.severity(), Severity::Warning, "{rule}");
        let r = report(vec![("a", game(vec![finding(*rule, Some("E1-0"), 5)]))]);
        let s = r.summary();
        assert_eq!((s.findings.error, s.contradictions), (0, 1), "{rule}");
        assert_eq!(r.exit_status(FailOn::default()), EXIT_FINDINGS, "{rule}");
        assert_eq!(r.exit_status(FailOn::None), EXIT_CLEAN, "{rule}");
    }
    // The policy is the summary's: what the report shows is what it reads.
    let errors = report(vec![(
        "a",
        game(vec![finding(RuleId::FuritenRon, None, 1)]),
    )]);
    assert_eq!(errors.summary().contradictions, 0);
    assert_eq!(errors.summary().exit_status(FailOn::Error), EXIT_FINDINGS);
    assert!(FailOn::None < FailOn::Error && FailOn::Warning < FailOn::Info);
}

#[test]
fn skipped_files_are_counted_and_never_unreadable() {
    let r = report(vec![
        ("a", game(vec![])),
        ("README.md", FileOutcome::Skipped),
    ]);
    let s = r.summary();
    assert_eq!((s.files, s.games, s.import_errors, s.skipped), (2, 1, 0, 1));
    assert_eq!(r.exit_status(FailOn::Info), EXIT_CLEAN);
    assert_eq!(r.games().count(), 1);

    let mut out = Vec::new();
    write_text(&r, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(!text.contains("== README.md"), "{text}");
    assert!(
        text.contains("\nskipped (not a game log, found in a folder)\n   README.md\n"),
        "{text}"
    );
    assert!(text.contains("import errors 0, skipped 1"), "{text}");

    let mut out = Vec::new();
    write_json(&r, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(
        first,
        serde_json::json!({"file": "README.md", "skipped": "not a game log"})
    );
}

#[test]
fn import_errors_keep_their_parts() {
    let err = import_bytes(b"hello\n", &ImportOptions::default()).unwrap_err();
    assert!(is_not_a_log(&err));
    let failure = ImportFailure::of(&err);
    assert_eq!(failure.message, err.to_string());
    assert_eq!((failure.format, failure.line), (None, Some(1)));
    assert_eq!(failure.found.as_deref(), Some("`hello`"));

    let broken = import_bytes(
        b"<mjloggm ver=\"2.3\"><INIT seed=",
        &ImportOptions::default(),
    )
    .unwrap_err();
    assert!(!is_not_a_log(&broken));
    let failure = ImportFailure::of(&broken);
    let r = report(vec![("bad.mjlog", FileOutcome::ImportError(failure))]);
    let mut out = Vec::new();
    write_json(&r, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let first = text.lines().next().unwrap();
    let at: Vec<usize> = [
        "file",
        "import_error",
        "format",
        "line",
        "byte",
        "expected",
        "found",
    ]
    .iter()
    .map(|k| first.find(&format!("\"{k}\":")).unwrap())
    .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "keys in order: {first}");
    let line: serde_json::Value = serde_json::from_str(first).unwrap();
    assert_eq!(line.as_object().unwrap().len(), 7);
    assert_eq!(line["format"], "tenhou-xml");
    assert_eq!(line["import_error"], broken.to_string());
    assert!(line["line"].is_u64(), "{line}");
    // A file that could not be opened has its message only.
    let r = report(vec![(
        "gone",
        FileOutcome::ImportError("cannot open gone".into()),
    )]);
    let mut out = Vec::new();
    write_json(&r, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let line: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(
        line,
        serde_json::json!({"file": "gone", "import_error": "cannot open gone", "format": null,
            "line": null, "byte": null, "expected": null, "found": null})
    );
}

#[test]
fn hashes_and_fingerprints_are_stated() {
    let rules = Rules::preset("ema2016").unwrap();
    let file = Sha256Digest::of(b"a game").to_string();
    let profile = profile_fingerprint(&rules).to_string();
    let r = report(vec![
        ("a.mjlog", game(vec![])),
        ("b.txt", FileOutcome::ImportError("not a log".into())),
    ]);
    let mut out = Vec::new();
    write_text(&r, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains(&format!("== a.mjlog\n   file sha256 {file}\n")),
        "{text}"
    );
    assert!(
        text.contains(&format!("   profile sha256 {profile}\n")),
        "{text}"
    );
    assert!(
        text.contains("== b.txt\n   file sha256 unknown\n"),
        "{text}"
    );
    let mut out = Vec::new();
    write_json(&r, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let summary: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(
        summary["summary"]["inputs"],
        serde_json::json!([
            {"file": "a.mjlog", "sha256": file, "profile_sha256": profile},
            {"file": "b.txt", "sha256": null, "profile_sha256": null},
        ])
    );
}

#[test]
fn quiet_writes_the_summary_only() {
    let r = report(vec![(
        "a.mjlog",
        game(vec![finding(RuleId::ScoreDeltas, Some("E1-0"), 5)]),
    )]);
    let mut full = Vec::new();
    write_text(&r, &mut full).unwrap();
    let full = String::from_utf8(full).unwrap();
    let mut quiet = Vec::new();
    write_text_summary(&r, &mut quiet).unwrap();
    let quiet = String::from_utf8(quiet).unwrap();
    assert!(
        !quiet.contains("== a.mjlog") && !quiet.contains("ev#5"),
        "{quiet}"
    );
    assert!(
        quiet.starts_with("paifu ") && full.ends_with(&quiet[quiet.find("\nsummary").unwrap()..])
    );
    assert!(quiet.contains("0 errors, 1 warning, 0 info; 1 contradicting an outcome"));
    let mut json = Vec::new();
    write_json_summary(&r, &mut json).unwrap();
    let json = String::from_utf8(json).unwrap();
    assert_eq!(json.lines().count(), 1);
    assert!(json.starts_with("{\"summary\":"));
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
    assert_eq!(
        (s.outcomes.ron, s.outcomes.tsumo, s.outcomes.wins()),
        (4, 2, 6)
    );
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
    assert_eq!(
        (s["skipped"].as_u64(), s["contradictions"].as_u64()),
        (Some(0), Some(1))
    );
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
    let revision = Rules::preset("ema2016").unwrap().revision;
    assert!(text.starts_with(&format!(
        "paifu {PAIFU_VERSION} audit; profile ema2016 revision {revision}"
    )));
    assert_eq!(text.matches("   E1-0\n").count(), 1, "{text}");
    assert!(text.contains("   (game)\n"));
    assert!(text.contains("ev#5 E1-0 seat 2 ERROR FURITEN-RON a message [EMA 2016 §3.4.5]"));
    assert!(text.contains("== b.txt\n   file sha256 unknown\n   import error: not a log"));
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
    assert_eq!(
        fixed.profile_sha256,
        profile_fingerprint(&Rules::preset("wrc2015").unwrap())
    );
    assert_ne!(fixed.profile_sha256, auto.profile_sha256);
    assert_eq!(RulesChoice::Auto.label(), "auto");
    let sanma = audit_game(
        &testdata_log("tenhou_xml/sanma_nukidora_rinshan.xml"),
        &RulesChoice::Auto,
    );
    assert_eq!(sanma.profile.name, "tenhou-sanma");
}

#[test]
fn a_damaged_file_is_reported_where_it_is_damaged_and_exits_2() {
    let FileOutcome::Game(mut g) = game(Vec::new()) else {
        unreachable!()
    };
    g.damage = Some(crate::event::Damage {
        format: Format::TenhouXml,
        location: crate::event::Source {
            line: Some(1),
            byte: Some(9000),
            ..crate::event::Source::default()
        },
        message: "the input ends before `</mjloggm>`".into(),
    });
    let r = report(vec![("cut.xml", FileOutcome::Game(g))]);
    let s = r.summary();
    assert_eq!((s.games, s.damaged), (1, 1));
    assert_eq!(r.exit_status(FailOn::None), EXIT_UNREADABLE);
    let mut json = Vec::new();
    write_json(&r, &mut json).unwrap();
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8(json).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(
        first["damaged"],
        "tenhou-xml: line 1, byte 9000: the input ends before `</mjloggm>`"
    );
    assert_eq!(
        (first["line"].as_u64(), first["byte"].as_u64()),
        (Some(1), Some(9000))
    );
    assert_eq!(first["kyoku_saved"], 3);
    let mut text = Vec::new();
    write_text(&r, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("damaged: tenhou-xml: line 1, byte 9000"),
        "{text}"
    );
    assert!(text.contains("damaged 1"), "{text}");
}

#[test]
fn an_import_error_line_carries_every_part_of_the_error() {
    // A field of the wrong type: the error has a format, a place (line and
    // byte) and what was expected and found, and the JSON line says all.
    let text = "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n{\"type\":\"tsumo\",\"actor\":\"x\",\"pai\":\"1m\"}\n";
    let err = import_bytes(text.as_bytes(), &ImportOptions::default()).unwrap_err();
    let ImportErrorKind::Expected { expected, found } = &err.kind else {
        panic!("{err:?}")
    };
    let r = report(vec![(
        "bad.jsonl",
        FileOutcome::ImportError(ImportFailure::of(&err)),
    )]);
    let mut out = Vec::new();
    write_json(&r, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let line: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(line["file"], "bad.jsonl");
    assert_eq!(line["import_error"], err.to_string());
    assert_eq!(line["format"], "mjai");
    assert_eq!(line["line"].as_u64(), err.location.line.map(u64::from));
    assert_eq!(line["byte"].as_u64(), err.location.byte);
    assert!(line["line"].is_u64() && line["byte"].is_u64(), "{line}");
    assert_eq!(line["expected"].as_str(), Some(expected.as_str()));
    assert_eq!(line["found"].as_str(), Some(found.as_str()));
}

#[test]
fn outcomes_are_counted_from_the_log_and_the_audit() {
    let g = audit_game(
        &testdata_log("tenhou_xml/nine_terminals.mjlog"),
        &RulesChoice::Auto,
    );
    assert_eq!(g.outcomes.nine_terminals, 1, "{:?}", g.outcomes);
    assert_eq!(g.outcomes.abortive_draws(), 1);
    let ends = g.outcomes.wins() + g.outcomes.exhaustive_draws + g.outcomes.abortive_draws();
    assert!(
        ends >= g.audit.kyoku,
        "{:?} for {} kyoku",
        g.outcomes,
        g.audit.kyoku
    );
    // Each win the recomputation scored has its value.
    assert_eq!(g.audit.win_values.len(), g.outcomes.wins());
    assert!(g.audit.win_values.iter().all(|v| *v >= 1_000));

    // A chombo is the audit's: the CHOMBO findings under a profile that has it.
    let ema = RulesChoice::Fixed(Rules::preset("ema2016").unwrap());
    let g = audit_game(&testdata_log("chombo/no_yaku_win.ema2016.json"), &ema);
    let chombo = g
        .audit
        .findings
        .iter()
        .filter(|f| f.rule == RuleId::Chombo)
        .count();
    assert!(chombo > 0, "{:?}", g.audit.findings);
    assert_eq!(g.outcomes.chombo, chombo);
}
