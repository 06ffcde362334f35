//! Scoring against the oracle: cases scored by an independent library
//! (see `testdata/README.md`). The bundled subset always runs; the full
//! development set runs when `../shared/oracle/cases-dev.jsonl` exists.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use paifu::score::case::Case;
use paifu::score::score;

/// Scores every case of a JSON-lines file; returns (agreeing, total, the
/// first disagreements).
fn run(path: &Path) -> (usize, usize, Vec<String>) {
    let text = std::fs::read_to_string(path).expect("readable case file");
    let mut agree = 0;
    let mut total = 0;
    let mut failures = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        total += 1;
        let case = Case::parse(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let differences = match case.inputs() {
            Ok((hand, situation, rules)) => case.check(&score(&hand, &situation, &rules)),
            Err(e) => vec![format!("inputs: {e}")],
        };
        if differences.is_empty() {
            agree += 1;
        } else if failures.len() < 20 {
            failures.push(format!(
                "{} ({}): {}",
                case.id,
                case.generator,
                differences.join("; ")
            ));
        }
    }
    (agree, total, failures)
}

fn check_file(name: &str, path: &Path) {
    let (agree, total, failures) = run(path);
    common::report(&format!("oracle {name}: agree {agree} of {total}"));
    for f in &failures {
        common::report(&format!("  {f}"));
    }
    assert!(total > 0, "{name}: no cases");
    assert_eq!(agree, total, "{name}: disagreements (first ones above)");
}

#[test]
fn bundled_oracle_cases_agree() {
    let path = common::testdata().join("oracle/cases.jsonl");
    check_file("testdata/oracle/cases.jsonl", &path);
}

#[test]
fn development_oracle_cases_agree() {
    let path: PathBuf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/oracle/cases-dev.jsonl");
    if !path.is_file() {
        common::report(
            "SKIPPED development_oracle_cases_agree: ../shared/oracle/cases-dev.jsonl is not on this machine",
        );
        return;
    }
    check_file("cases-dev.jsonl", &path);
}
