//! `paifu audit`: exit statuses and `--fail-on` (a tampered payment fails
//! by default), a bad file among good ones, files in folders that are no
//! logs skipped, the JSON lines contract (`formats/audit-report.md`) read
//! with strict structs, the digests of inputs and profiles, `--quiet`,
//! output independent of the thread count, `-o` (never over an input), the
//! outcomes counted, and the corpus.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde::Deserialize;

use common::{paifu, same_on_any_thread_count, td};

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
    format: Option<String>,
    line: Option<u32>,
    byte: Option<u64>,
    expected: Option<String>,
    found: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SkippedLine {
    file: String,
    skipped: String,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct Input {
    file: String,
    sha256: Option<String>,
    profile_sha256: Option<String>,
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
    skipped: usize,
    damaged: usize,
    contradictions: usize,
    paifu: String,
    rules: String,
    profiles: Vec<ProfileUse>,
    outcomes: Outcomes,
    notes: Vec<Note>,
    inputs: Vec<Input>,
}

/// How the kyoku ended, summed over the batch.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Outcomes {
    ron: usize,
    tsumo: usize,
    exhaustive_draws: usize,
    nine_terminals: usize,
    four_riichi: usize,
    triple_ron: usize,
    #[serde(rename = "four_kans")]
    four_kongs: usize,
    four_winds: usize,
    chombo: usize,
}

#[derive(Debug, Default)]
struct Parsed {
    findings: Vec<FindingLine>,
    import_errors: Vec<ImportErrorLine>,
    skipped: Vec<SkippedLine>,
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
            assert_eq!(keys.len(), 7, "every key present, null when absent: {line}");
            p.import_errors.push(serde_json::from_str(line).unwrap());
        } else if value.get("skipped").is_some() {
            p.skipped.push(serde_json::from_str(line).unwrap());
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
    // A starting total other than the profile's contradicts no recorded
    // outcome: it fails from `warning` on.
    assert_eq!(s.contradictions, 0);
    for (fail_on, code) in [("none", 0), ("error", 0), ("warning", 1), ("info", 1)] {
        let out = paifu(&["audit", "--fail-on", fail_on, &warned]);
        assert_eq!(out.status.code(), Some(code), "--fail-on {fail_on}");
    }
    let out = paifu(&["audit", "--rules", "ema2016", "--fail-on", "none", &edited]);
    assert_eq!(out.status.code(), Some(0), "none never fails on findings");
    assert!(stderr(&out).is_empty(), "no progress bar off a terminal");
}

/// A temporary folder for one test, emptied first.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-audit-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// double_ron.mjlog with the first win's recorded payment changed: the
/// winner of the tsumo is recorded as receiving 12000 instead of 13000,
/// the dealer as paying 5000 instead of 6000 (the scores still add up).
fn tampered_payment(dir: &Path) -> PathBuf {
    let clean = std::fs::read_to_string(td("tenhou_xml/double_ron.mjlog")).unwrap();
    let paid = r#"sc="250,-60,240,130,250,-30,250,-30""#;
    assert_eq!(
        clean.matches(paid).count(),
        1,
        "the fixture has that payment"
    );
    let tampered = clean.replace(paid, r#"sc="250,-50,240,120,250,-30,250,-30""#);
    let path = dir.join("tampered.mjlog");
    std::fs::write(&path, tampered).unwrap();
    path
}

#[test]
fn a_tampered_payment_fails_by_default() {
    let dir = temp_dir("tampered");
    let path = tampered_payment(&dir);
    let path = path.to_str().unwrap();
    // The clean game passes under its own rules.
    let clean = paifu(&["audit", &td("tenhou_xml/double_ron.mjlog")]);
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));

    let out = paifu(&["audit", "--format", "json", path]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let p = parse(&stdout(&out));
    let s = p.summary.unwrap();
    assert_eq!(s.findings.error, 0, "no rule broken: {:?}", p.findings);
    assert!(s.contradictions >= 1);
    let deltas = p
        .findings
        .iter()
        .find(|f| f.rule == "SCORE-DELTAS")
        .expect("the payment is contradicted");
    assert_eq!(deltas.severity, "warning");
    assert!(deltas.expected.is_some() && deltas.recorded.is_some());
    // The summary counts exactly the findings of the contradiction rules.
    let counted = p
        .findings
        .iter()
        .filter(|f| contradiction_codes().contains(&f.rule.as_str()))
        .count();
    assert_eq!(counted, s.contradictions);

    let text = paifu(&["audit", path]);
    assert_eq!(text.status.code(), Some(1));
    assert!(stdout(&text).contains("WARNING SCORE-DELTAS"));
    for (fail_on, code) in [("none", 0), ("error", 1), ("warning", 1), ("info", 1)] {
        let out = paifu(&["audit", "--fail-on", fail_on, path]);
        assert_eq!(out.status.code(), Some(code), "--fail-on {fail_on}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The codes of the rules the default policy fails on although they are
/// warnings.
fn contradiction_codes() -> Vec<&'static str> {
    paifu::report::CONTRADICTION_RULES
        .iter()
        .map(|r| r.code())
        .collect()
}

#[test]
fn the_help_and_the_contract_document_the_exit_policy() {
    let out = paifu(&["audit", "--help"]);
    let help = stdout(&out);
    for needle in ["--fail-on", "--quiet", "none", "skipped"] {
        assert!(help.contains(needle), "--help lacks {needle}: {help}");
    }
    let contract = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("formats/audit-report.md"),
    )
    .unwrap();
    let policy = &contract[contract.find("* **`--fail-on`**").unwrap()..];
    let policy = &policy[..policy.find("For example").unwrap()];
    for code in contradiction_codes() {
        assert!(help.contains(code), "--help does not name {code}");
        assert!(
            policy.contains(&format!("`{code}`")),
            "formats/audit-report.md does not name {code} under --fail-on"
        );
    }
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
        text.find(&format!("== {bad}\n   file sha256 "))
            .expect("the bad file, in the report"),
        text.find(&format!("== {edited}")).expect("the last file"),
    );
    assert!(a < b && b < c, "input order");
    assert!(
        text[b..c].contains("\n   import error: unrecognised input: line 1"),
        "{text}"
    );
    assert!(text.contains("import errors 1"), "{text}");
    assert!(stderr(&out).contains("not-a-log.txt"), "and on stderr");

    let mut json_args = args.to_vec();
    json_args.insert(1, "--format");
    json_args.insert(2, "json");
    let out = paifu(&json_args);
    assert_eq!(out.status.code(), Some(2));
    let p = parse(&stdout(&out));
    assert_eq!(p.import_errors.len(), 1);
    let e = &p.import_errors[0];
    assert_eq!(e.file, bad);
    assert!(e.import_error.contains("line 1"));
    // Named on the command line, a file that is no log is an error, with
    // the import error's parts.
    assert_eq!((e.format.as_deref(), e.line), (None, Some(1)));
    assert_eq!(e.found.as_deref(), Some("`hello`"));
    assert_eq!((e.byte, e.expected.as_deref()), (None, None));
    assert!(p.skipped.is_empty());
    let s = p.summary.unwrap();
    assert_eq!((s.files, s.games, s.import_errors, s.skipped), (3, 2, 1, 0));
    assert!(p.findings.iter().any(|f| f.file == edited));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_broken_log_has_its_format_and_place_in_json() {
    let dir = temp_dir("broken");
    let bad = dir.join("bad.mjlog");
    std::fs::write(&bad, "<mjloggm ver=\"2.3\"><INIT seed=").unwrap();
    let missing = dir.join("missing.json");
    let out = paifu(&[
        "audit",
        "--format",
        "json",
        bad.to_str().unwrap(),
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let p = parse(&stdout(&out));
    let e = &p.import_errors[0];
    assert_eq!(e.format.as_deref(), Some("tenhou-xml"), "{e:?}");
    assert!(e.line.is_some() || e.byte.is_some(), "located: {e:?}");
    assert!(e.import_error.starts_with("tenhou-xml: "), "{e:?}");
    // A file that cannot be opened: the message only.
    let gone = &p.import_errors[1];
    assert!(gone.import_error.contains("cannot open"), "{gone:?}");
    assert_eq!(
        (gone.format.as_deref(), gone.line, gone.byte),
        (None, None, None)
    );
    let s = p.summary.unwrap();
    assert_eq!(s.inputs[1].sha256, None, "never read");
    assert_eq!(
        s.inputs[0].sha256.as_deref(),
        Some(sha256_of(&std::fs::read(&bad).unwrap()).as_str()),
        "the bytes read, even when they are no log"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn files_in_a_folder_that_are_no_logs_are_skipped() {
    let dir = temp_dir("walk");
    std::fs::copy(td("tenhou_xml/double_ron.mjlog"), dir.join("game.mjlog")).unwrap();
    std::fs::write(dir.join("README.md"), "# Logs of the 2024 club league\n").unwrap();
    std::fs::write(dir.join("empty.txt"), "").unwrap();
    let folder = dir.to_str().unwrap();
    let out = paifu(&["audit", "--format", "json", folder]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "skipped files are no errors");
    let p = parse(&stdout(&out));
    let skipped: Vec<(&str, &str)> = p
        .skipped
        .iter()
        .map(|l| (l.file.as_str(), l.skipped.as_str()))
        .collect();
    let readme = dir.join("README.md").to_string_lossy().into_owned();
    let empty = dir.join("empty.txt").to_string_lossy().into_owned();
    assert_eq!(
        skipped,
        [
            (readme.as_str(), "not a game log"),
            (empty.as_str(), "not a game log")
        ]
    );
    assert!(p.import_errors.is_empty());
    let s = p.summary.unwrap();
    assert_eq!((s.files, s.games, s.import_errors, s.skipped), (3, 1, 0, 2));

    let text = stdout(&paifu(&["audit", folder]));
    assert!(
        text.contains(&format!(
            "\nskipped (not a game log, found in a folder)\n   {readme}\n   {empty}\n"
        )),
        "{text}"
    );
    assert!(text.contains("import errors 0, skipped 2"), "{text}");
    assert!(
        !text.contains(&format!("== {readme}")),
        "one line each: {text}"
    );

    // Named on the command line, the same README is an error.
    let out = paifu(&["audit", folder, &readme]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("README.md"));
    let out = paifu(&["audit", "--format", "json", folder, &readme]);
    let s = parse(&stdout(&out)).summary.unwrap();
    assert_eq!((s.import_errors, s.skipped), (1, 2));
    std::fs::remove_dir_all(&dir).ok();
}

/// SHA-256 in hex, as the reports write it.
fn sha256_of(bytes: &[u8]) -> String {
    paifu::batch::Sha256Digest::of(bytes).to_string()
}

#[test]
fn reports_state_the_digests_of_inputs_and_profiles() {
    let dir = temp_dir("digests");
    let log = td("tenhou_xml/double_ron.mjlog");
    let bytes = std::fs::read(&log).unwrap();
    // gzip: the digest is of the bytes as read, before decompression.
    let gz = dir.join("double_ron.mjlog.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut enc, &bytes).unwrap();
    let gz_bytes = enc.finish().unwrap();
    std::fs::write(&gz, &gz_bytes).unwrap();
    // A profile edited from tenhou that kept the name.
    let printed = paifu(&["rules", "tenhou"]);
    let mut profile: serde_json::Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(profile["name"], "tenhou");
    profile["kiriage"] = serde_json::Value::Bool(!profile["kiriage"].as_bool().unwrap());
    let edited = dir.join("tenhou-edited.json");
    std::fs::write(&edited, serde_json::to_string_pretty(&profile).unwrap()).unwrap();

    let run = |rules: &str, files: &[&str]| {
        let mut args = vec!["audit", "--format", "json", "--rules", rules];
        args.extend_from_slice(files);
        let out = paifu(&args);
        parse(&stdout(&out)).summary.unwrap()
    };
    let preset = run("tenhou", &[&log, gz.to_str().unwrap()]);
    assert_eq!(preset.inputs.len(), 2);
    assert_eq!(preset.inputs[0].file, log);
    assert_eq!(
        preset.inputs[0].sha256.as_deref(),
        Some(sha256_of(&bytes).as_str())
    );
    assert_eq!(
        preset.inputs[1].sha256.as_deref(),
        Some(sha256_of(&gz_bytes).as_str())
    );
    let fingerprint = preset.inputs[0].profile_sha256.clone().unwrap();
    assert_eq!(fingerprint.len(), 64);
    assert!(
        fingerprint
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    );
    assert_eq!(preset.inputs[1].profile_sha256.as_ref(), Some(&fingerprint));
    // The fingerprint is the digest of the profile's compact JSON.
    let tenhou = paifu::rules::Rules::preset("tenhou").unwrap();
    assert_eq!(
        fingerprint,
        sha256_of(&serde_json::to_vec(&tenhou).unwrap()),
        "canonical JSON: serde_json's compact form"
    );

    let changed = run(edited.to_str().unwrap(), &[&log]);
    assert_eq!(changed.profiles[0].name, "tenhou", "the name was kept");
    let other = changed.inputs[0].profile_sha256.clone().unwrap();
    assert_ne!(other, fingerprint, "an edited profile is told apart");
    assert_eq!(changed.inputs[0].sha256, preset.inputs[0].sha256);

    // The text report says the same.
    let text = stdout(&paifu(&["audit", "--rules", "tenhou", &log]));
    assert!(
        text.contains(&format!("== {log}\n   file sha256 {}\n", sha256_of(&bytes))),
        "{text}"
    );
    assert!(
        text.contains(&format!("   profile sha256 {fingerprint}\n")),
        "{text}"
    );
    assert!(text.contains(&format!("paifu {}", env!("CARGO_PKG_VERSION"))));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn quiet_writes_the_summary_only() {
    let edited = td("tenhou_xml/pao_ron_edited.mjlog");
    let args = ["audit", "--rules", "ema2016", &edited];
    let full = paifu(&args);
    let quiet = paifu(&["audit", "--quiet", "--rules", "ema2016", &edited]);
    assert_eq!(quiet.status.code(), full.status.code());
    let (full, quiet) = (stdout(&full), stdout(&quiet));
    assert!(!quiet.contains("== ") && !quiet.contains("ev#"), "{quiet}");
    let summary = &full[full.find("\nsummary\n").unwrap()..];
    assert!(quiet.ends_with(summary), "{quiet}");
    assert_eq!(full.lines().next(), quiet.lines().next(), "the same header");

    let json = paifu(&[
        "audit", "-q", "--format", "json", "--rules", "ema2016", &edited,
    ]);
    let text = stdout(&json);
    assert_eq!(text.lines().count(), 1);
    let p = parse(&text);
    assert!(p.findings.is_empty());
    assert_eq!(p.summary.unwrap().inputs.len(), 1);
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
    let revision = paifu::rules::Rules::preset("ema2016").unwrap().revision;
    assert_eq!(
        (s.profiles[0].name.as_str(), s.profiles[0].revision),
        ("ema2016", revision)
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
    for format in ["text", "json", "html"] {
        same_on_any_thread_count(&["audit", "--format", format, &dir]);
    }
    same_on_any_thread_count(&["audit", "--rules", "ema2016", "--format", "json", &dir]);
    let Some(corpus) = common::corpus() else {
        return common::skip("output_does_not_depend_on_the_thread_count (corpus)");
    };
    let corpus = corpus.to_string_lossy().into_owned();
    for format in ["text", "json"] {
        same_on_any_thread_count(&["audit", "--format", format, &corpus]);
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
    // Only the two text files beside the logs are not games: skipped.
    assert_eq!(s.import_errors, 0, "{:?}", p.import_errors);
    assert!(s.skipped <= 2, "{:?}", p.skipped);
    assert_eq!(s.inputs.len(), s.files);
    assert!(s.inputs.iter().all(|i| i.sha256.is_some()));
    assert!(s.games > 2000);
    // The audit agrees with Tenhou on nearly every outcome.
    assert!(s.outcomes_matching * 1000 >= s.outcomes_checked * 998);
}

/// The README's first command: the audit of the whole bundled `testdata/`
/// reads every game in it, skips what is no game (the fixtures' expected
/// values, paifu's own golden outputs) without an error, and ends with a
/// summary a newcomer can read.
#[test]
fn the_first_run_audits_testdata_without_import_errors() {
    let folder = td("");
    let out = paifu(&["audit", &folder]);
    let text = stdout(&out);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    // The rule fixtures break rules on purpose: findings, exit status 1.
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("import errors 0, skipped "), "{text}");
    let summary = text.rfind("\nsummary\n").unwrap();
    let skipped = text
        .rfind("\nskipped (not a game log, found in a folder)\n")
        .unwrap();
    let listed = text[skipped..summary]
        .lines()
        .filter(|l| l.starts_with("   "))
        .count();
    assert_eq!(
        listed,
        11,
        "ten names and a count: {}",
        &text[skipped..summary]
    );
    assert!(text[skipped..summary].contains("more (`--format json` names every one)"));

    let p = parse(&stdout(&paifu(&["audit", "--format", "json", &folder])));
    let s = p.summary.unwrap();
    assert_eq!(s.import_errors, 0);
    assert_eq!(s.skipped, p.skipped.len());
    assert!(s.skipped > 11);
    assert!(p.skipped.iter().any(|l| l.file.ends_with(".events.jsonl")));
    assert!(p.skipped.iter().any(|l| l.file.ends_with("expected.json")));
    assert!(s.games > 200);
}

#[test]
fn output_goes_to_the_file_named_and_never_over_an_input() {
    let dir = temp_dir("output");
    let log = dir.join("game.mjlog");
    std::fs::copy(td("tenhou_xml/double_ron.mjlog"), &log).unwrap();
    let original = std::fs::read(&log).unwrap();
    let log_arg = log.to_string_lossy().into_owned();

    // -o writes exactly what standard output would have had, in any format.
    for format in ["text", "json", "html"] {
        let report = dir.join(format!("report.{format}"));
        let to_file = paifu(&[
            "audit",
            "--format",
            format,
            "-o",
            report.to_str().unwrap(),
            &log_arg,
        ]);
        let to_stdout = paifu(&["audit", "--format", format, &log_arg]);
        assert_eq!(to_file.status.code(), to_stdout.status.code());
        assert!(to_file.stdout.is_empty(), "{format}: nothing on stdout");
        assert_eq!(
            std::fs::read(&report).unwrap(),
            to_stdout.stdout,
            "{format}"
        );
    }

    // Named directly, or found in a folder, an input is never written over.
    let dir_arg = dir.to_string_lossy().into_owned();
    for args in [
        vec!["audit", "-o", log_arg.as_str(), log_arg.as_str()],
        vec![
            "audit",
            "--format",
            "html",
            "--output",
            log_arg.as_str(),
            dir_arg.as_str(),
        ],
    ] {
        let out = paifu(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains("is one of the input files"), "{err}");
        assert!(out.stdout.is_empty());
        assert_eq!(std::fs::read(&log).unwrap(), original, "the log is intact");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_summary_counts_how_the_kyoku_ended() {
    let out = paifu(&[
        "audit",
        "--format",
        "json",
        &td("tenhou_xml/double_ron.mjlog"),
        &td("tenhou_xml/nine_terminals.mjlog"),
        &td("tenhou_xml/four_riichi.mjlog"),
        &td("tenhou_xml/four_winds.mjlog"),
        &td("tenhou_xml/four_kan_draw.mjlog"),
        &td("tenhou_xml/triple_ron_draw.mjlog"),
    ]);
    let s = parse(&stdout(&out)).summary.unwrap();
    let o = &s.outcomes;
    assert_eq!(
        (
            o.nine_terminals,
            o.four_riichi,
            o.four_winds,
            o.four_kongs,
            o.triple_ron
        ),
        (1, 1, 1, 1, 1),
        "{o:?}"
    );
    assert!(o.ron >= 2, "the double ron's two winners: {o:?}");
    assert_eq!(o.chombo, 0);
    // Every kyoku ends in exactly one way (a double ron's kyoku in two wins).
    let ends = o.ron + o.tsumo + o.exhaustive_draws + 5;
    assert!(ends >= s.kyoku, "{ends} outcomes for {} kyoku", s.kyoku);
}
