//! Chombo adjudicated with the penalty applied (testdata/chombo/, written
//! by its make.py from the rule books' arithmetic). Each detectable offence
//! is played under ema2016, ema2012 and wrc2015 with the final scores and
//! game points its book gives after the penalty: the audit must find the
//! offence and the chombo and agree with every score. The same games with
//! the scores left as if nothing happened must be contradicted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use paifu::engine::{Finding, RuleId, Severity, audit};
use paifu::rules::Rules;
use serde_json::Value;

const PROFILES: [&str; 3] = ["ema2016", "ema2012", "wrc2015"];

fn findings(name: &str, profile: &str) -> Vec<Finding> {
    let path = common::testdata()
        .join("chombo")
        .join(format!("{name}.json"));
    let log = common::import(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    audit(&log, &Rules::preset(profile).unwrap()).findings
}

fn score_rules(f: &Finding) -> bool {
    matches!(
        f.rule,
        RuleId::FinalScore
            | RuleId::ScoreContinuity
            | RuleId::ScoreDeltas
            | RuleId::ScorePoints
            | RuleId::NextKyoku
    )
}

#[test]
fn every_offence_is_punished_as_each_book_says() {
    let dir = common::testdata().join("chombo");
    let text = std::fs::read_to_string(dir.join("expected.json")).unwrap();
    let expected: BTreeMap<String, Value> = serde_json::from_str(&text).unwrap();
    let mut offences = std::collections::BTreeSet::new();
    for (case, want) in &expected {
        let (offence, profile) = case.split_once('.').unwrap();
        assert_eq!(want["profile"], profile, "{case}");
        offences.insert(offence.to_owned());
        // The file holds the scores expected.json states (a hand edit of
        // either is caught).
        let doc: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{case}.json"))).unwrap(),
        )
        .unwrap();
        let sc = doc["sc"].as_array().unwrap();
        let scores: Vec<&Value> = sc.iter().step_by(2).collect();
        let points: Vec<&Value> = sc.iter().skip(1).step_by(2).collect();
        assert_eq!(
            scores,
            want["scores"]
                .as_array()
                .unwrap()
                .iter()
                .collect::<Vec<_>>(),
            "{case}"
        );
        assert_eq!(
            points,
            want["points"]
                .as_array()
                .unwrap()
                .iter()
                .collect::<Vec<_>>(),
            "{case}"
        );

        let got = findings(case, profile);
        let offender = want["offender"].as_u64().unwrap();
        let chombo: Vec<&Finding> = got.iter().filter(|f| f.rule == RuleId::Chombo).collect();
        assert_eq!(chombo.len(), 1, "{case}: one chombo: {got:#?}");
        assert_eq!(
            chombo[0].seat.map(|s| s.index()),
            usize::try_from(offender).ok(),
            "{case}: the offender"
        );
        assert_eq!(chombo[0].severity, Severity::Error, "{case}");
        // The offence itself is reported too, beside the chombo.
        assert!(
            got.iter()
                .any(|f| f.rule != RuleId::Chombo && f.severity == Severity::Error),
            "{case}: the offence's own rule: {got:#?}"
        );
        let contradicted: Vec<&Finding> = got.iter().filter(|f| score_rules(f)).collect();
        assert!(
            contradicted.is_empty(),
            "{case}: the scores the book gives after the penalty are contradicted: {contradicted:#?}"
        );
    }
    assert_eq!(offences.len(), 6, "six detectable offences: {offences:?}");
    for offence in &offences {
        for profile in PROFILES {
            assert!(
                expected.contains_key(&format!("{offence}.{profile}")),
                "{offence} has no {profile} fixture"
            );
            let got = findings(&format!("{offence}.unpunished"), profile);
            assert!(
                got.iter().any(|f| f.rule == RuleId::FinalScore),
                "{offence}.unpunished under {profile}: a game that ignores the penalty must be contradicted: {got:#?}"
            );
        }
    }
    common::report(&format!(
        "chombo: {} offences x {} books, each punished and each unpunished copy contradicted",
        offences.len(),
        PROFILES.len()
    ));
}
