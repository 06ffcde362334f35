//! Every rule id against hand-written scenarios: `testdata/rules/<RULE-ID>/`
//! holds `hit*.jsonl` fixtures (the rule fires under some profile) and
//! `miss*.jsonl` near misses (it fires under none), written in mjai, and
//! `expected.json` with, for each fixture, a `note` and the exact multiset
//! of rule ids the audit reports under each of the six profiles. A profile
//! for another table size (`tenhou-sanma` for a four-player fixture, the
//! others for a three-player one) only says the game is not audited, so it
//! counts for neither a hit nor a miss.
//!
//! A few fixtures are also kept as text (`testdata/rules/golden.txt`, the
//! findings as `paifu` prints them); `UPDATE_GOLDEN=1 cargo test --test
//! rules` rewrites that file (review the diff).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use paifu::engine::{Finding, RuleId, audit};
use paifu::rules::Rules;
use serde_json::Value;

const PROFILES: [&str; 6] = [
    "tenhou",
    "tenhou-sanma",
    "mahjongsoul",
    "ema2016",
    "wrc2015",
    "ema2012",
];

/// Fixtures whose findings are kept word for word.
const GOLDEN: &[&str] = &[
    "FURITEN-RON/hit",
    "KUIKAE/hit",
    "MULTIPLE-RON/hit_triple",
    "CHANKAN/hit_kokushi",
    "ABORTIVE-DRAW/hit_valid",
    "CHOMBO/hit",
    "DEAD-HAND/hit_win",
    "SCORE-POINTS/hit_kiriage",
    "FINAL-SCORE/hit_sticks",
    "UNCHECKED/hit",
    // Counts and yaku as people read them: "1 tile", "Ittsu (pure straight)".
    "DRAW-EARLY/hit_one",
    "SCORE-YAKU/hit",
];

/// The findings of one fixture under one profile.
fn findings(path: &Path, profile: &str) -> Vec<Finding> {
    let log = common::import(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let rules = Rules::preset(profile).unwrap();
    audit(&log, &rules).findings
}

fn codes(findings: &[Finding]) -> Vec<String> {
    let mut out: Vec<String> = findings.iter().map(|f| f.rule.code().to_owned()).collect();
    out.sort();
    out
}

fn expected_codes(entry: &Value, profile: &str, what: &str) -> Vec<String> {
    let list = entry
        .get(profile)
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("{what}: no list for profile `{profile}`"));
    let mut out: Vec<String> = list
        .iter()
        .map(|v| {
            v.as_str()
                .unwrap_or_else(|| panic!("{what}: not a rule id: {v}"))
                .to_owned()
        })
        .collect();
    out.sort();
    out
}

/// The fixtures of one rule directory, by stem.
fn fixtures(dir: &Path) -> Vec<(String, std::path::PathBuf)> {
    let mut out: Vec<(String, std::path::PathBuf)> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    out.sort();
    out
}

#[test]
fn every_fixture_gives_the_expected_findings_and_every_rule_has_a_hit_and_a_miss() {
    let root = common::testdata().join("rules");
    let known: BTreeMap<&str, RuleId> = RuleId::ALL.iter().map(|r| (r.code(), *r)).collect();
    let mut mismatches = Vec::new();
    // rule code -> (hit fixtures, miss fixtures)
    let mut coverage: BTreeMap<String, (Vec<String>, Vec<String>)> = BTreeMap::new();
    let mut dirs: Vec<std::path::PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let mut runs = 0;
    for dir in &dirs {
        let rule = dir.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            known.contains_key(rule.as_str()),
            "testdata/rules/{rule}: not a rule id"
        );
        let text = std::fs::read_to_string(dir.join("expected.json"))
            .unwrap_or_else(|e| panic!("testdata/rules/{rule}/expected.json: {e}"));
        let expected: serde_json::Map<String, Value> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("testdata/rules/{rule}/expected.json: {e}"));
        let found = fixtures(dir);
        for stem in expected.keys() {
            assert!(
                found.iter().any(|(s, _)| s == stem),
                "testdata/rules/{rule}/expected.json: `{stem}` has no {stem}.jsonl"
            );
        }
        for (stem, path) in &found {
            let what = format!("{rule}/{stem}");
            let entry = expected
                .get(stem)
                .unwrap_or_else(|| panic!("{what}: no entry in expected.json"));
            assert!(
                entry
                    .get("note")
                    .and_then(Value::as_str)
                    .is_some_and(|n| !n.is_empty()),
                "{what}: no `note`"
            );
            let seats = common::import(path).map_or(0, |log| log.meta.seats);
            let mut fires_somewhere = false;
            for profile in PROFILES {
                let want = expected_codes(entry, profile, &what);
                // A profile for another table size does not audit the game
                // (one UNCHECKED notice): it says nothing about the rule.
                if Rules::preset(profile).unwrap().seats == seats {
                    fires_somewhere |= want.contains(&rule);
                }
                let got = findings(path, profile);
                runs += 1;
                if codes(&got) != want {
                    let lines: Vec<String> = got.iter().map(|f| format!("    {f}")).collect();
                    mismatches.push(format!(
                        "{what} under {profile}: expected {want:?}, got {:?}\n{}",
                        codes(&got),
                        lines.join("\n")
                    ));
                }
            }
            let slot = coverage.entry(rule.clone()).or_default();
            if stem.starts_with("hit") && fires_somewhere {
                slot.0.push(stem.clone());
            }
            if stem.starts_with("miss") && !fires_somewhere {
                slot.1.push(stem.clone());
            }
            assert!(
                stem.starts_with("hit") == fires_somewhere,
                "{what}: a hit* fixture must expect {rule} under some profile, a miss* fixture under none"
            );
        }
    }
    common::report(&format!(
        "rules: {} rule directories, {runs} fixture audits",
        dirs.len()
    ));
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    let missing: Vec<String> = RuleId::ALL
        .iter()
        .filter_map(|r| {
            let (hits, misses) = coverage.get(r.code()).cloned().unwrap_or_default();
            (hits.is_empty() || misses.is_empty()).then(|| {
                format!(
                    "{}: {} hit fixture(s), {} miss fixture(s)",
                    r.code(),
                    hits.len(),
                    misses.len()
                )
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "rules without a hit and a near miss in testdata/rules/:\n{}",
        missing.join("\n")
    );
}

fn render_golden() -> String {
    let root = common::testdata().join("rules");
    let mut out = String::new();
    for case in GOLDEN {
        let path = root.join(format!("{case}.jsonl"));
        for profile in PROFILES {
            out.push_str(&format!("== {case} {profile}\n"));
            for f in findings(&path, profile) {
                out.push_str(&format!("{f}\n"));
            }
        }
    }
    out
}

#[test]
fn findings_of_a_few_fixtures_match_the_golden_text() {
    let golden = common::testdata().join("rules").join("golden.txt");
    let actual = render_golden();
    if std::env::var_os("UPDATE_GOLDEN").is_some() || !golden.exists() {
        std::fs::write(&golden, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap();
    if let Some((i, (want, got))) = expected
        .lines()
        .zip(actual.lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
    {
        panic!(
            "testdata/rules/golden.txt differs at line {}:\nexpected: {want}\nactual:   {got}",
            i + 1
        );
    }
    assert_eq!(
        expected.lines().count(),
        actual.lines().count(),
        "testdata/rules/golden.txt: a different number of lines"
    );
}

/// A NAGASHI-MANGAN finding names the seat that claims the nagashi mangan:
/// the seat the log pays, else the seat whose river qualifies — not the
/// dealer (it used to name the dealer, whoever claimed it).
#[test]
fn nagashi_mangan_findings_name_the_claimant() {
    let data = common::testdata();
    let seats = |path: &Path, profile: &str| -> Vec<Option<usize>> {
        findings(path, profile)
            .iter()
            .filter(|f| f.rule == RuleId::NagashiMangan)
            .map(|f| f.seat.map(paifu::event::Seat::index))
            .collect()
    };
    // Seat 3's river qualifies; the dealer is seat 0; no payments written.
    let valid = data.join("rules/NAGASHI-MANGAN/hit_valid.jsonl");
    assert_eq!(seats(&valid, "ema2016"), vec![Some(3)]);
    // Tenhou pays seat 2 (sc +8000) in kyoku E4, whose dealer is seat 3.
    let tenhou = data.join("tenhou_xml/nagashi_mangan.mjlog");
    assert_eq!(seats(&tenhou, "ema2016"), vec![Some(2)]);
    // No river qualifies and the log pays nobody: no seat to name.
    let none = data.join("rules/NAGASHI-MANGAN/hit.jsonl");
    assert_eq!(seats(&none, "tenhou"), vec![None]);
}
