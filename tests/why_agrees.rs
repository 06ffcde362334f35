//! The viewer's Why panel and the audit agree on every win: what the panel
//! shows (through `engine::win_at`, the function it calls, so no egui is
//! needed) is the audit's verdict — the same findings, the same expected
//! values (score changes and liability included), the same agreement or
//! disagreement field by field — and `engine::wins` returns that verdict
//! too wherever its replay and the audit's see the same table. Runs over
//! `testdata/` always and over the corpus when present, under the profile
//! `auto` picks and the other books of the table size.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use paifu::engine::{
    ClaimField, Discrepancy, Finding, NOT_JUDGED, RuleId, WinCheck, WinView, audit, win_at, wins,
};
use paifu::event::{Event, GameLog, Seat};
use paifu::rules::Rules;

use common::{corpus, files_below, import, report, skip};

/// The rule ids a win's recomputation reports under.
const WIN_RULES: &[RuleId] = &[
    RuleId::ScoreHan,
    RuleId::ScoreFu,
    RuleId::ScoreYaku,
    RuleId::ScorePoints,
    RuleId::ScoreDeltas,
    RuleId::Pao,
    RuleId::WinNotComplete,
    RuleId::WinNoYaku,
];

/// What the audit reported about one win, as compared here.
type Reported = (RuleId, Option<Seat>, String, Option<String>, Option<String>);

#[derive(Default)]
struct Tally {
    wins: usize,
    recomputed: usize,
    disagreeing: usize,
    pao: usize,
    hidden: usize,
    chombo: usize,
    not_followed: usize,
    same_as_wins: usize,
    failures: Vec<String>,
}

fn reported(f: &Finding) -> Reported {
    (
        f.rule,
        f.seat,
        f.message.clone(),
        f.expected.clone(),
        f.recorded.clone(),
    )
}

/// The message the audit gives a finding of `rule` under `rules`: marked
/// not judged where the profile's values are not the game's.
fn as_reported(rule: RuleId, message: String, rules: &Rules) -> String {
    if rules.values_known || !rule.rests_on_values() {
        message
    } else {
        format!("{message}{NOT_JUDGED}")
    }
}

fn from_discrepancy(d: &Discrepancy, seat: Seat, rules: &Rules) -> Reported {
    (
        d.rule(),
        Some(seat),
        as_reported(d.rule(), d.message(), rules),
        Some(d.expected.clone()),
        Some(d.recorded.clone()),
    )
}

/// The profiles a log is checked under: `auto`'s, then the other books
/// for its table size.
fn profiles(log: &GameLog) -> Vec<Rules> {
    let mut out = vec![Rules::for_log(&log.meta).rules];
    if log.meta.seats == 4 {
        for name in ["mahjongsoul", "ema2016", "wrc2015"] {
            let r = Rules::preset(name).unwrap();
            if r.name != out[0].name {
                out.push(r);
            }
        }
    }
    out
}

/// Whether the audit stopped following the kyoku holding the win at
/// `at` before judging it: a desync, a chombo or an unaudited game.
fn stopped_before(findings: &[Finding], kyoku: Option<&str>, at: usize) -> bool {
    findings.iter().any(|f| {
        f.event <= at
            && (f.kyoku.as_deref() == kyoku || f.kyoku.is_none())
            && match f.rule {
                RuleId::EngineDesync | RuleId::Chombo => true,
                RuleId::Unchecked => f.message.contains("it is not audited"),
                _ => false,
            }
    })
}

fn check_win(
    at: usize,
    actor: Seat,
    rules: &Rules,
    view: &WinView,
    findings: &[Finding],
    tally: &mut Tally,
) -> Result<(), String> {
    let here: Vec<&Finding> = findings.iter().filter(|f| f.event == at).collect();
    let mine = |f: &&&Finding| f.seat == Some(actor);
    let win_findings = |extra: Option<&str>| -> Vec<Reported> {
        here.iter()
            .filter(mine)
            .filter(|f| {
                WIN_RULES.contains(&f.rule)
                    || extra.is_some_and(|m| f.rule == RuleId::Unchecked && f.message == m)
            })
            .map(|f| reported(f))
            .collect()
    };
    match &view.check {
        WinCheck::Recomputed { inputs, verdict } => {
            tally.recomputed += 1;
            if inputs.table.winner != actor {
                return Err(format!("recomputed for seat {}", inputs.table.winner));
            }
            let (shown, actual) = match &verdict.score {
                Ok(_) => (
                    verdict
                        .discrepancies
                        .iter()
                        .map(|d| from_discrepancy(d, actor, rules))
                        .collect::<Vec<_>>(),
                    win_findings(None),
                ),
                Err(r) => (
                    vec![(
                        r.rule,
                        Some(actor),
                        as_reported(r.rule, r.message.clone(), rules),
                        None,
                        None,
                    )],
                    win_findings(Some(&r.message)),
                ),
            };
            if shown != actual {
                return Err(format!(
                    "the panel shows {shown:?}, the audit reports {actual:?}"
                ));
            }
            // Field by field, as the panel marks them.
            for field in ClaimField::ALL {
                let audit_differs = actual.iter().any(|(rule, _, message, ..)| {
                    *rule == field.rule()
                        && *message
                            == as_reported(
                                field.rule(),
                                Discrepancy {
                                    what: field,
                                    expected: String::new(),
                                    recorded: String::new(),
                                }
                                .message(),
                                rules,
                            )
                });
                let panel_agrees = verdict.agrees(field);
                if verdict.score.is_ok() && panel_agrees == audit_differs {
                    return Err(format!(
                        "{field}: the panel says {}, the audit {}",
                        if panel_agrees { "agrees" } else { "differs" },
                        if audit_differs { "differs" } else { "agrees" },
                    ));
                }
            }
            if !verdict.agrees_with_claim() {
                tally.disagreeing += 1;
            }
            if verdict.discrepancy(ClaimField::Pao).is_some()
                || verdict.score.as_ref().is_ok_and(|s| s.pao.is_some())
            {
                tally.pao += 1;
            }
        }
        WinCheck::Hidden => {
            tally.hidden += 1;
            let notice = "the winner's hand is hidden; the win is not scored";
            if !here
                .iter()
                .filter(mine)
                .any(|f| f.rule == RuleId::Unchecked && f.message == notice)
            {
                return Err("hidden for the panel, not for the audit".into());
            }
            if !win_findings(None).is_empty() {
                return Err("a hidden hand the audit scored".into());
            }
        }
        WinCheck::Chombo { offence } => {
            tally.chombo += 1;
            let head = format!("chombo: {offence};");
            if !here
                .iter()
                .filter(mine)
                .any(|f| f.rule == RuleId::Chombo && f.message.starts_with(&head))
            {
                return Err(format!("a chombo ({offence}) the audit did not report"));
            }
            if !win_findings(None).is_empty() {
                return Err("a chombo the audit scored".into());
            }
        }
        WinCheck::NotFollowed => {
            tally.not_followed += 1;
            let kyoku = findings
                .iter()
                .rev()
                .find(|f| f.event <= at && f.kyoku.is_some())
                .and_then(|f| f.kyoku.as_deref());
            if !win_findings(None).is_empty() {
                return Err("not followed for the panel, judged by the audit".into());
            }
            if !stopped_before(findings, kyoku, at) {
                return Err("not followed, with no desync, chombo or notice before it".into());
            }
        }
    }
    Ok(())
}

fn check_log(name: &str, log: &GameLog, tally: &mut Tally) {
    for rules in profiles(log) {
        let a = audit(log, &rules);
        // A game the audit finds nothing in is one whose table the plain
        // replay of `engine::wins` sees alike: its verdicts must be the same.
        let clean = a.findings.is_empty();
        let plain = wins(log, &rules);
        for (i, e) in log.events.iter().enumerate() {
            let Event::Hora { actor, .. } = &e.event else {
                continue;
            };
            tally.wins += 1;
            let at = format!("{name} [{}] event {i}", rules.name);
            let Some(view) = win_at(log, &rules, i) else {
                if log.events[..i]
                    .iter()
                    .any(|e| matches!(e.event, Event::StartKyoku(_)))
                {
                    tally.failures.push(format!("{at}: no view of the win"));
                }
                continue;
            };
            if let Err(why) = check_win(i, *actor, &rules, &view, &a.findings, tally) {
                tally.failures.push(format!("{at}: {why}"));
            }
            if clean {
                let theirs = plain.iter().find(|w| w.event == i);
                match (view.verdict(), theirs.and_then(|w| w.verdict.as_ref())) {
                    (Some(v), Some(w)) if v == w => tally.same_as_wins += 1,
                    (v, w) => tally
                        .failures
                        .push(format!("{at}: engine::wins gives {w:?}, the panel {v:?}")),
                }
            }
        }
    }
}

fn run(root: &Path, tally: &mut Tally) {
    for path in files_below(root) {
        let Ok(log) = import(&path) else { continue };
        let rel = path.strip_prefix(root).unwrap_or(&path).to_string_lossy();
        check_log(&rel, &log, tally);
    }
}

fn finish(what: &str, tally: &Tally) {
    report(&format!(
        "{what}: {} wins checked ({} recomputed, {} of them disagreeing with their claim, {} with liability; {} hidden, {} chombo, {} not followed); {} verdicts of engine::wins identical",
        tally.wins,
        tally.recomputed,
        tally.disagreeing,
        tally.pao,
        tally.hidden,
        tally.chombo,
        tally.not_followed,
        tally.same_as_wins,
    ));
    for f in tally.failures.iter().take(40) {
        eprintln!("{f}");
    }
    assert!(
        tally.failures.is_empty(),
        "{} of {} wins: the Why panel and the audit disagree",
        tally.failures.len(),
        tally.wins
    );
}

#[test]
fn testdata_why_panel_shows_the_audits_verdict() {
    let mut tally = Tally::default();
    run(&common::testdata(), &mut tally);
    finish("testdata", &tally);
    assert!(tally.recomputed > 100, "{}", tally.recomputed);
    // The case the panel once got wrong: liability.
    assert!(tally.pao > 0, "no win with liability in testdata");
    assert!(tally.disagreeing > 0 && tally.chombo > 0);
}

#[test]
fn corpus_why_panel_shows_the_audits_verdict() {
    let Some(corpus) = corpus() else {
        return skip("corpus_why_panel_shows_the_audits_verdict");
    };
    let mut tally = Tally::default();
    run(&corpus, &mut tally);
    finish("corpus", &tally);
    assert!(tally.recomputed > 0);
}
