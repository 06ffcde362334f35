//! Every Riichi City record of the corpus
//! (`other/riichicity-0num4-paifu-playground/`) is read natively: as many
//! kyoku as the record has hands, every tile of every hand in the deal and
//! the wall (the wall its SHA-256 commits to), every draw, replacement draw, kan dora and ura indicator where
//! the wall puts it, and under `--rules auto` (`riichicity` or
//! `riichicity-sanma` with the room's settings) no error or warning: every
//! win's han, fu, yaku, points and score changes, every draw and the final
//! scores and points reproduced. The exceptions are named with their
//! reasons, and so is the file that is no record.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use paifu::engine::{Severity, audit};
use paifu::event::{Event, Format, GameLog, Platform};
use paifu::export::export;
use paifu::import::import_str;
use paifu::rules::{KanDoraTiming, Rules};
use paifu::tile::Tile;

use common::{corpus, files_below, import, report, skip};

/// The folder of the records.
const DIR: &str = "other/riichicity-0num4-paifu-playground";

/// Files that are no record paifu reads, and why.
const NOT_RECORDS: &[(&str, &str)] = &[(
    "eventdata.json",
    "the embedded events of one record taken out of it, without their types, players, walls or room: refused as no record",
)];

/// Records whose outcomes the audit does not judge, and why: each is
/// allowed info findings only, and outcomes that do not match.
const NOT_JUDGED: &[(&str, &str)] = &[
    (
        "gameDataSample.json",
        "a friend room with open riichi and wareme, local rules no profile field holds: its payments are info, not judged",
    ),
    (
        "iroiroFriendMatch.json",
        "the friend room was closed in the first hand (end type 8): no outcome to check",
    ),
    (
        "stampsample.json",
        "the friend room was closed in the first hand (end type 8): no outcome to check",
    ),
    (
        "syugiFriendMatch.json",
        "the friend room was closed in the first hand (end type 8): no outcome to check",
    ),
    (
        "waremeFriendMatch.json",
        "the friend room was closed in the first hand (end type 8): no outcome to check",
    ),
];

/// The whole set of a table: four of each kind (three-player games
/// without 2m–8m), red fives counted as fives.
fn full_set(seats: u8) -> BTreeMap<u8, usize> {
    (0..34u8)
        .filter(|k| seats == 4 || !(1..=7).contains(k))
        .map(|k| (k, 4))
        .collect()
}

/// Checks one game against its walls: the tiles of each hand, each draw,
/// replacement draw, kan dora and ura indicator. Returns the problems.
fn wall_problems(log: &GameLog) -> (usize, Vec<String>) {
    let mut problems = Vec::new();
    let mut walls = 0;
    let mut wall = None;
    let (mut live, mut rinshan, mut doras) = (0usize, 0usize, 0usize);
    let mut label = String::new();
    for (i, e) in log.events.iter().enumerate() {
        match &e.event {
            Event::StartKyoku(s) => {
                label = s.label();
                (live, rinshan, doras) = (0, 0, 1);
                let Some(w) = s.wall.as_deref() else {
                    problems.push(format!("{label}: no wall"));
                    wall = None;
                    continue;
                };
                walls += 1;
                let mut counts: BTreeMap<u8, usize> = BTreeMap::new();
                for t in s.hands.iter().flatten().flatten().copied().chain(w.tiles()) {
                    *counts.entry(t.kind()).or_default() += 1;
                }
                if counts != full_set(log.meta.seats) {
                    problems.push(format!(
                        "{label}: the deal and the wall are not the whole set"
                    ));
                }
                if w.dora_markers.first() != Some(&s.dora_marker) {
                    problems.push(format!(
                        "{label}: the first dora indicator is not the wall's"
                    ));
                }
                wall = Some(w.clone());
            }
            Event::Tsumo {
                pai, rinshan: r, ..
            } => {
                let Some(w) = &wall else { continue };
                let (list, at) = if *r {
                    rinshan += 1;
                    (&w.replacements, rinshan - 1)
                } else {
                    live += 1;
                    // Each replacement draw shortens the live wall by one.
                    if live > w.live.len().saturating_sub(rinshan) {
                        problems.push(format!("{label}: draw {live} beyond the live wall"));
                    }
                    (&w.live, live - 1)
                };
                if list.get(at).copied() != *pai {
                    problems.push(format!(
                        "{label} event {i}: drew {pai:?}, the wall has {:?} ({} {at})",
                        list.get(at),
                        if *r { "replacement" } else { "live" }
                    ));
                }
            }
            Event::Dora { marker } => {
                let Some(w) = &wall else { continue };
                if w.dora_markers.get(doras) != Some(marker) {
                    problems.push(format!(
                        "{label} event {i}: kan dora {marker} is not the wall's"
                    ));
                }
                doras += 1;
            }
            Event::Hora { claim, .. } => {
                let Some(w) = &wall else { continue };
                if let Some(ura) = &claim.ura_markers
                    && w.ura_markers.get(..ura.len()) != Some(ura.as_slice())
                {
                    problems.push(format!(
                        "{label} event {i}: ura indicators {ura:?} are not the wall's"
                    ));
                }
                if let Some(ura) = &claim.ura_markers
                    && ura.len() != doras
                {
                    problems.push(format!(
                        "{label} event {i}: {} ura indicators for {doras} dora",
                        ura.len()
                    ));
                }
            }
            _ => {}
        }
    }
    (walls, problems)
}

/// How many hands the record holds.
fn hands_in(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["data"]["handRecord"].as_array().map_or(0, Vec::len)
}

#[test]
fn riichi_city_records_import_and_audit_clean() {
    let Some(corpus) = corpus() else {
        return skip("riichi_city_records_import_and_audit_clean");
    };
    let root = corpus.join(DIR);
    let (mut games, mut kyoku, mut checked, mut matching, mut walls) = (0, 0, 0, 0, 0);
    let mut by_severity = [0usize; 3];
    let mut failures = Vec::new();
    for path in files_below(&root) {
        let rel = path.file_name().unwrap().to_string_lossy().into_owned();
        if let Some((_, why)) = NOT_RECORDS.iter().find(|(p, _)| *p == rel) {
            let e = import(&path).expect_err("no record");
            assert!(e.to_string().contains("not a game record"), "{rel}: {e}");
            report(&format!("  not a record: {rel}: {why}"));
            continue;
        }
        let judged = NOT_JUDGED.iter().find(|(p, _)| *p == rel);
        if let Some((_, why)) = judged {
            report(&format!("  not judged: {rel}: {why}"));
        }
        let log = match import(&path) {
            Ok(log) => log,
            Err(e) => {
                failures.push(format!("{rel}: {e}"));
                continue;
            }
        };
        assert_eq!(log.meta.format, Format::RiichiCity, "{rel}");
        assert_eq!(log.meta.platform, Some(Platform::RiichiCity), "{rel}");
        let hands = hands_in(&path);
        if log.kyoku_count() != hands {
            failures.push(format!(
                "{rel}: {} kyoku imported, {hands} hands in the record",
                log.kyoku_count()
            ));
        }
        // Every wall is the one its hand's SHA-256 commits to, and
        // `paiShan` agrees with `handCardEncode`.
        for note in &log.meta.notes {
            if note.contains("commits to") || note.contains("different walls") {
                failures.push(format!("{rel}: {note}"));
            }
        }
        let (w, problems) = wall_problems(&log);
        walls += w;
        failures.extend(problems.into_iter().map(|p| format!("{rel}: {p}")));
        if log.meta.end.is_none() {
            failures.push(format!("{rel}: no final scores read"));
        }
        let rules = Rules::for_log(&log.meta).rules;
        let a = audit(&log, &rules);
        games += 1;
        kyoku += a.kyoku;
        checked += a.outcomes_checked;
        matching += a.outcomes_matching;
        for f in &a.findings {
            by_severity[f.severity as usize] += 1;
            if judged.is_none() || f.severity != Severity::Info {
                failures.push(format!("{rel} [{}]: {f}", rules.name));
            }
        }
        if judged.is_none() && a.outcomes_matching != a.outcomes_checked {
            failures.push(format!(
                "{rel}: {} of {} outcomes reproduced",
                a.outcomes_matching, a.outcomes_checked
            ));
        }
        // Converted for the other tools: each export reads back as what
        // its format carries (`export` checks it), and the tenhou.net/6
        // form audits as the record does under the same profile, but for
        // the kan dora timing: tenhou.net/6 reads every kan dora back at
        // Tenhou's timing (the export says so in its notes).
        let mut t6_rules = rules.clone();
        t6_rules.kan_dora_timing = KanDoraTiming::OpenKongAfterDiscard;
        for format in [Format::Tenhou6, Format::Mjai] {
            match export(&log, format) {
                Ok(text) if format == Format::Tenhou6 => {
                    let back = import_str(&text, format).unwrap();
                    let again = audit(&back, &t6_rules);
                    for f in &again.findings {
                        if judged.is_none() || f.severity != Severity::Info {
                            failures.push(format!("{rel} as tenhou.net/6: {f}"));
                        }
                    }
                }
                Ok(_) => {}
                Err(e) => failures.push(format!("{rel} to {format}: {e}")),
            }
        }
    }
    report(&format!(
        "Riichi City records: {games} games, {kyoku} kyoku, {walls} walls agreeing with every draw and indicator, outcomes reproduced {matching} of {checked}, findings {} error, {} warning, {} info; {} files named as no record, {} not judged",
        by_severity[Severity::Error as usize],
        by_severity[Severity::Warning as usize],
        by_severity[Severity::Info as usize],
        NOT_RECORDS.len(),
        NOT_JUDGED.len()
    ));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The corpus README: 12 records and eventdata.json, about 45 hands.
    assert!(games >= 12 && kyoku >= 45, "{games} games, {kyoku} kyoku");
}

/// The wall's tiles are real tiles of the set (a sanity check of the
/// helper above on a hand-made wall).
#[test]
fn the_full_set_has_108_and_136_tiles() {
    assert_eq!(full_set(4).values().sum::<usize>(), 136);
    assert_eq!(full_set(3).values().sum::<usize>(), 108);
    assert!(!full_set(3).contains_key(&Tile::from_kind(1).unwrap().kind()));
}
