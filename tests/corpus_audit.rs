//! Every Tenhou log of the corpus audits under its Tenhou profile with no
//! finding at all — no error, and every recorded outcome reproduced (score
//! changes, han, fu, yaku, pao, sticks, the next kyoku, final scores and
//! game points). The logs that cannot are named below with the reason:
//! logs not written by Tenhou, or edited by hand. A lobby game whose rule
//! sheet is not in its log is found by its game type, not named: the
//! differences its unknown values decide may only be info.
//!
//! The same logs under ema2016 and wrc2015 report only what those rule
//! books imply.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use paifu::engine::{Finding, RuleId, Severity, audit};
use paifu::event::{Format, GameLog};
use paifu::rules::Rules;

use common::{corpus, files_below, import, report, skip};

/// Logs Tenhou's own log writer did not write as they are, with the rule
/// ids they are allowed to raise and the reason.
const EXCEPTIONS: &[(&str, &[&str], &str)] = &[
    (
        "pantheon-mimir/models/hanchan_with_noname.xml",
        &["TURN-ORDER", "WIN-NOT-COMPLETE", "FINAL-SCORE"],
        "hand-edited by its source: the play of the only kyoku was removed",
    ),
    (
        "pantheon-mimir/onlineLog/west.xml",
        &["NEXT-KYOKU"],
        "hand-edited by its source: its GO element says an East-only game of no lobby (type 1, lobby 0) where its log id (2017030413gm-0009-3821-…) says a hanchan of lobby 3821, so its South round reads as an East-only game's extension, where the dealer's win in first place would have ended the game",
    ),
    (
        "tenhou-python-bot-system_testing/23.txt",
        &["RIICHI-STICK", "SCORE-CONTINUITY", "SCORE-DELTAS"],
        "written by tenhou-python-bot's own log writer: no stick payments (REACH step 2), so the winners' deltas lack the sticks the rules give them",
    ),
    (
        "tenhou-python-bot-system_testing/24.txt",
        &[
            "TURN-ORDER",
            "RIICHI-FEW-TILES",
            "ABORTIVE-DRAW-MISSING",
            "ENGINE-DESYNC",
            "NEXT-KYOKU",
            "RIICHI-STICK",
            "SCORE-CONTINUITY",
            "SCORE-POINTS",
            "SCORE-YAKU",
            "SCORE-DELTAS",
        ],
        "written by tenhou-python-bot's own log writer: a kyoku dealt to the wrong seat, no stick payments, limits left out, ura dora listed as dora",
    ),
    (
        "tenhou-python-bot-system_testing/25.txt",
        &[
            "RIICHI-STICK",
            "SCORE-CONTINUITY",
            "SCORE-POINTS",
            "SCORE-YAKU",
            "SCORE-DELTAS",
        ],
        "written by tenhou-python-bot's own log writer: no stick payments, limits left out, ura dora listed as dora",
    ),
];

/// The Tenhou profile a log is played under: `--rules auto` (the preset
/// for the table, the log's rule hints and a lobby's rule sheet).
fn tenhou_profile(log: &GameLog) -> Rules {
    Rules::for_log(&log.meta).rules
}

struct Game {
    rel: String,
    log: GameLog,
}

fn tenhou_games(corpus: &Path) -> Vec<Game> {
    let root = corpus.join("tenhou-xml");
    files_below(&root)
        .into_iter()
        .filter_map(|p: PathBuf| {
            let log = import(&p).ok()?;
            (log.meta.format == Format::TenhouXml).then(|| Game {
                rel: p
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/"),
                log,
            })
        })
        .collect()
}

fn lines(findings: &[Finding]) -> String {
    findings
        .iter()
        .take(5)
        .map(|f| format!("    {f}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn tenhou_logs_audit_clean_under_their_tenhou_profile() {
    let Some(corpus) = corpus() else {
        return skip("tenhou_logs_audit_clean_under_their_tenhou_profile");
    };
    let games = tenhou_games(&corpus);
    let (mut kyoku, mut checked, mut matching, mut excepted, mut incomplete) = (0, 0, 0, 0, 0);
    let (mut lobby_games, mut lobby_unmatched) = (0, 0);
    let mut failures = Vec::new();
    for g in &games {
        let rules = tenhou_profile(&g.log);
        let mut a = audit(&g.log, &rules);
        // A truncated log (marked incomplete by the importer) ends in a
        // kyoku without outcome: that notice is expected.
        if g.log.meta.incomplete {
            incomplete += 1;
            a.findings.retain(|f| f.rule != RuleId::Unchecked);
        }
        kyoku += a.kyoku;
        checked += a.outcomes_checked;
        matching += a.outcomes_matching;
        match EXCEPTIONS.iter().find(|(p, ..)| *p == g.rel) {
            Some((_, allowed, why)) => {
                excepted += 1;
                let other: Vec<Finding> = a
                    .findings
                    .into_iter()
                    .filter(|f| !allowed.contains(&f.rule.code()))
                    .collect();
                if other.is_empty() {
                    report(&format!("  named exception {}: {why}", g.rel));
                } else {
                    failures.push(format!(
                        "{} (named exception) raises more than named:\n{}",
                        g.rel,
                        lines(&other)
                    ));
                }
            }
            // A lobby game whose rule sheet the log lacks (`auto` says so in
            // a note): what the unknown values decide is info, and nothing
            // else may be found.
            None if !rules.values_known => {
                lobby_games += 1;
                lobby_unmatched += a.outcomes_checked - a.outcomes_matching;
                let judged: Vec<Finding> = a
                    .findings
                    .iter()
                    .filter(|f| f.severity != Severity::Info)
                    .cloned()
                    .collect();
                if judged.is_empty() {
                    let codes: Vec<&str> = a.findings.iter().map(|f| f.rule.code()).collect();
                    report(&format!(
                        "  lobby game without its rule sheet {}: not judged on values: {}",
                        g.rel,
                        codes.join(", ")
                    ));
                } else {
                    failures.push(format!(
                        "{} (lobby rules unknown) has judged findings:\n{}",
                        g.rel,
                        lines(&judged)
                    ));
                }
            }
            None => {
                if !a.findings.is_empty() {
                    failures.push(format!(
                        "{}: {} findings\n{}",
                        g.rel,
                        a.findings.len(),
                        lines(&a.findings)
                    ));
                }
            }
        }
    }
    report(&format!(
        "corpus audit under Tenhou profiles: {} games, {kyoku} kyoku, outcomes reproduced {matching} of {checked} ({lobby_unmatched} of the others in {lobby_games} lobby games whose rule sheet is not in the log), {excepted} named exceptions, {incomplete} truncated logs (their last kyoku has no outcome)",
        games.len()
    ));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The rule ids a book's differences from Tenhou can raise on a Tenhou log.
fn implied(book: &str) -> Vec<RuleId> {
    let mut v = vec![
        // Three-player games are not EMA or WRC games: not audited.
        RuleId::Unchecked,
        // No red fives (EMA §1.3, WRC §6.1): reported once a game, and the
        // wins holding one score lower.
        RuleId::TileNotInSet,
        RuleId::ScoreHan,
        RuleId::ScoreYaku,
        RuleId::ScorePoints,
        RuleId::ScoreDeltas,
        // No abortive draws, no nagashi mangan.
        RuleId::AbortiveDraw,
        RuleId::NagashiMangan,
        // 30000 starting points and +15/+5/-5/-15 uma without oka.
        RuleId::ScoreConservation,
        RuleId::FinalScore,
        // The dealer keeps the deal after a win (a Tenhou lobby that plays
        // without it differs).
        RuleId::NextKyoku,
        // An open or added kong's indicator is turned at once (EMA §3.3.5-
        // §3.3.7), where Tenhou turns it after the replacement draw.
        RuleId::KanDora,
        // No minimum score for riichi: never raised, listed for symmetry.
    ];
    if book == "wrc2015" {
        // Head bump: one winner per discard.
        v.push(RuleId::MultipleRon);
    }
    v
}

#[test]
fn ema_and_wrc_report_only_what_their_books_imply() {
    let Some(corpus) = corpus() else {
        return skip("ema_and_wrc_report_only_what_their_books_imply");
    };
    let games = tenhou_games(&corpus);
    for book in ["ema2016", "wrc2015"] {
        let rules = Rules::preset(book).unwrap();
        let allowed = implied(book);
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        let mut failures = Vec::new();
        for g in &games {
            let auto = tenhou_profile(&g.log);
            // Named exceptions, and lobby games played under rules the log
            // does not state, have no Tenhou reading to differ from.
            if EXCEPTIONS.iter().any(|(p, ..)| *p == g.rel) || !auto.values_known {
                continue;
            }
            let tenhou = audit(&g.log, &auto);
            let a = audit(&g.log, &rules);
            for f in &a.findings {
                *counts.entry(f.rule.code()).or_default() += 1;
                let also_tenhou = tenhou
                    .findings
                    .iter()
                    .any(|t| t.rule == f.rule && t.event == f.event);
                if !allowed.contains(&f.rule) && !also_tenhou {
                    failures.push(format!("{}: {f}", g.rel));
                }
                // Score differences must come from a rule the books change:
                // a red five in the hand, kiriage, or the sticks of a double
                // ron (EMA pays every winner the counters).
                if matches!(
                    f.rule,
                    RuleId::ScoreHan | RuleId::ScoreYaku | RuleId::ScorePoints
                ) && !explained(&g.log, f, book)
                {
                    failures.push(format!("{}: unexplained {f}", g.rel));
                }
            }
            if a.findings
                .iter()
                .any(|f| f.severity == Severity::Error && f.rule == RuleId::TurnOrder)
            {
                failures.push(format!("{}: turn order under {book}", g.rel));
            }
        }
        let summary: Vec<String> = counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
        report(&format!("Tenhou logs under {book}: {}", summary.join(", ")));
        for f in failures.iter().take(20) {
            eprintln!("{f}");
        }
        assert!(
            failures.is_empty(),
            "{} findings under {book} are not implied by its rules",
            failures.len()
        );
    }
}

/// Whether a score finding under EMA or WRC is explained by a rule those
/// books change: the win holds red fives (aka dora claimed), or the hand
/// is at the kiriage boundary (WRC), or counted han reach 11+ (sanbaiman
/// cap), or several yakuman (no stacking).
fn explained(log: &GameLog, f: &Finding, book: &str) -> bool {
    let Some(paifu::event::Event::Hora { claim, .. }) = log.events.get(f.event).map(|e| &e.event)
    else {
        return false;
    };
    let aka = claim
        .yaku
        .iter()
        .any(|y| y.yaku == paifu::yaku::Yaku::AkaDora && y.han > 0);
    let han = claim.han.unwrap_or(0);
    let fu = claim.fu.unwrap_or(0);
    let kiriage = book == "wrc2015" && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
    let yakuman = claim.yaku.iter().filter(|y| y.han >= 13).count();
    aka || kiriage || han >= 11 || yakuman > 1
}
