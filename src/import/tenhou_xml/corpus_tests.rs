//! Imports every Tenhou XML log of the shared corpus (when it is present)
//! and checks what the logs allow to check without a rules engine:
//!
//! * every file imports, except the two non-logs, which fail with a located
//!   error;
//! * every event is located (element, byte, line);
//! * every chi, pon and daiminkan takes the tile id of the discard right
//!   before it, from the seat the meld code names (read from the raw XML,
//!   so the meld decoder is checked against the data itself);
//! * per kyoku, no tile kind shows up more than four times among starting
//!   hands, draws and indicators, and each red five at most once;
//! * replaying draws, discards and calls on count arrays gives exactly the
//!   hands that `AGARI hai` and `RYUUKYOKU haiN` show;
//! * the kyoku structure: one `end_kyoku` after each outcome;
//! * on the mjx logs paired with official tenhou.net/6 JSON, the derived
//!   tsumogiri and riichi flags and the starting hands agree with it.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use quick_xml::Reader;
use quick_xml::events::Event as XmlEvent;

use super::meld::{self, Meld};
use super::{Action, Attrs};
use crate::event::{Event, GameLog, Source};
use crate::import::{ImportOptions, import_bytes};
use crate::tile::Tile;

/// Files in the corpus that are not logs and must be refused.
const NOT_LOGS: [&str; 2] = ["README.txt", "example.txt"];

/// Logs edited by hand (play removed): they import, but their hands cannot
/// be replayed.
const EDITED: [&str; 1] = ["pantheon-mimir/models/hanchan_with_noname.xml"];

fn corpus() -> Option<PathBuf> {
    crate::test_support::corpus("tenhou-xml")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    out.extend(crate::test_support::files_below(dir));
}

#[derive(Default)]
struct Counts {
    files: usize,
    logs: usize,
    sanma: usize,
    incomplete: usize,
    kyoku: usize,
    events: usize,
    horas: usize,
    draws: usize,
    calls_checked: usize,
    hands_checked: usize,
    hands_without_winning_tile: usize,
    by_type: BTreeMap<&'static str, usize>,
}

#[test]
fn every_corpus_log_imports_and_replays() {
    let Some(dir) = corpus() else {
        eprintln!("skipped: the shared corpus (../shared/corpus/tenhou-xml) is not present");
        return;
    };
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    let mut counts = Counts::default();
    let mut failures = String::new();
    let started = Instant::now();
    for path in &paths {
        counts.files += 1;
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let shown = path
            .strip_prefix(&dir)
            .unwrap_or(path)
            .display()
            .to_string();
        let bytes = std::fs::read(path).unwrap();
        let result = import_bytes(&bytes, &ImportOptions::default());
        if NOT_LOGS.contains(&name) {
            match result {
                Err(e) => {
                    assert!(e.location.line.is_some(), "{shown}: {e}");
                    eprintln!("{shown}: refused as expected: {e}");
                }
                Ok(_) => {
                    let _ = writeln!(failures, "{shown}: a non-log imported");
                }
            }
            continue;
        }
        let log = match result {
            Ok(log) => log,
            Err(e) => {
                let _ = writeln!(failures, "{shown}: {e}");
                continue;
            }
        };
        counts.logs += 1;
        counts.sanma += usize::from(log.meta.seats == 3);
        counts.incomplete += usize::from(log.meta.incomplete);
        counts.kyoku += log.kyoku_count();
        counts.events += log.events.len();
        for e in &log.events {
            *counts.by_type.entry(e.event.type_name()).or_default() += 1;
        }
        let text = crate::import::decode(&bytes, &ImportOptions::default()).unwrap();
        for problem in check_calls_raw(&text, log.meta.seats, &mut counts)
            .into_iter()
            .chain(
                check_log(&log, &mut counts)
                    .into_iter()
                    .filter(|_| !EDITED.contains(&shown.as_str())),
            )
            .take(5)
        {
            let _ = writeln!(failures, "{shown}: {problem}");
        }
    }
    let elapsed = started.elapsed();
    eprintln!(
        "tenhou-xml corpus: {} files, {} logs ({} three-player, {} incomplete), {} kyoku, {} events, \
         {} wins, {} draws; {} calls matched to their discard, {} shown hands matched by replay \
         ({} AGARI hands without the winning tile); {:.2?} (import + checks, test profile)",
        counts.files,
        counts.logs,
        counts.sanma,
        counts.incomplete,
        counts.kyoku,
        counts.events,
        counts.horas,
        counts.draws,
        counts.calls_checked,
        counts.hands_checked,
        counts.hands_without_winning_tile,
        elapsed
    );
    eprintln!("events by type: {:?}", counts.by_type);
    assert!(failures.is_empty(), "corpus failures:\n{failures}");
    assert!(counts.logs > 0);
}

/// Reads the XML again, independently of the importer's state machine:
/// every chi/pon/daiminkan must call the id of the discard just before it
/// (only `REACH`, `BYE` and `UN` may stand between) from the seat the code
/// names.
fn check_calls_raw(text: &str, seats: u8, counts: &mut Counts) -> Vec<String> {
    let mut problems = Vec::new();
    let mut reader = Reader::from_str(text);
    let mut last_discard: Option<(u8, u32)> = None;
    let mut attrs = Attrs::default();
    let src = Source::default();
    loop {
        let at = reader.buffer_position() as usize;
        let e = match reader.read_event() {
            Ok(XmlEvent::Start(e) | XmlEvent::Empty(e)) => e,
            Ok(XmlEvent::Eof) | Err(_) => break,
            Ok(_) => continue,
        };
        let name = e.name().into_inner();
        if let Some(a) = Action::from_name(name) {
            last_discard = a.discard.then_some((a.seat, a.id));
            continue;
        }
        match name {
            "REACH" | "BYE" | "UN" => continue,
            "N" => {}
            _ => {
                last_discard = None;
                continue;
            }
        }
        let content = &text[at + 1..at + 1 + e.len()];
        attrs.load(content, 1, &src).unwrap();
        let who: u8 = attrs.int("who", &src).unwrap();
        let m: u16 = attrs.int("m", &src).unwrap();
        let decoded = meld::decode(m).unwrap();
        let called = match decoded {
            Meld::Chi { from, called, .. }
            | Meld::Pon { from, called, .. }
            | Meld::Daiminkan { from, called, .. } => Some(((who + from) % 4, called)),
            _ => None,
        };
        if let Some((from_seat, id)) = called {
            counts.calls_checked += 1;
            if from_seat >= seats {
                problems.push(format!("N m={m} at byte {at} names seat {from_seat}"));
            }
            if last_discard != Some((from_seat, u32::from(id))) {
                problems.push(format!(
                    "N m={m} at byte {at} calls id {id} from seat {from_seat}, the last discard is {last_discard:?}"
                ));
            }
        }
        last_discard = None;
    }
    problems
}

/// Tile counts of one seat: 34 kinds and 3 red fives, by tile index.
type Counts37 = [i32; 37];

fn add(c: &mut Counts37, t: Tile, n: i32) {
    c[usize::from(t.index())] += n;
}

fn counts_of(tiles: &[Tile]) -> Counts37 {
    let mut c = [0; 37];
    for t in tiles {
        add(&mut c, *t, 1);
    }
    c
}

/// Replays one log kyoku by kyoku.
fn check_log(log: &GameLog, counts: &mut Counts) -> Vec<String> {
    let mut problems = Vec::new();
    let mut hands: Vec<Counts37> = Vec::new();
    let mut seen: Counts37 = [0; 37];
    let mut ura_seen = false;
    let mut kyoku_open = false;
    let mut outcome = false;
    let mut label = String::new();
    for entry in &log.events {
        let src = &entry.src;
        if src.element.is_none() || src.byte.is_none() || src.line.is_none() {
            problems.push(format!(
                "{} has no full location: {src:?}",
                entry.event.type_name()
            ));
        }
        let at = format!("{label} element {}", src.element.unwrap_or_default());
        let take = |hands: &mut Vec<Counts37>, seat: usize, t: Tile, problems: &mut Vec<String>| {
            let c = &mut hands[seat];
            c[usize::from(t.index())] -= 1;
            if c[usize::from(t.index())] < 0 {
                problems.push(format!("{at}: seat {seat} gives up {t} it does not hold"));
            }
        };
        match &entry.event {
            Event::StartKyoku(k) => {
                if kyoku_open && outcome {
                    problems.push(format!("{label}: no end_kyoku"));
                }
                label = k.label();
                kyoku_open = true;
                outcome = false;
                ura_seen = false;
                seen = [0; 37];
                add(&mut seen, k.dora_marker, 1);
                hands = k
                    .hands
                    .iter()
                    .map(|h| counts_of(&h.iter().flatten().copied().collect::<Vec<_>>()))
                    .collect();
                for h in &hands {
                    for (s, n) in seen.iter_mut().zip(h) {
                        *s += n;
                    }
                }
                if hands.len() != usize::from(log.meta.seats) {
                    problems.push(format!("{label}: {} hands", hands.len()));
                }
            }
            Event::Tsumo { actor, pai, .. } => {
                let pai = pai.unwrap();
                add(&mut hands[actor.index()], pai, 1);
                add(&mut seen, pai, 1);
            }
            Event::Dahai { actor, pai, .. } => take(&mut hands, actor.index(), *pai, &mut problems),
            Event::Chi {
                actor, consumed, ..
            }
            | Event::Pon {
                actor, consumed, ..
            } => {
                for t in consumed {
                    take(&mut hands, actor.index(), *t, &mut problems);
                }
            }
            Event::Daiminkan {
                actor, consumed, ..
            } => {
                for t in consumed {
                    take(&mut hands, actor.index(), *t, &mut problems);
                }
            }
            Event::Kakan { actor, pai, .. } | Event::Nukidora { actor, pai } => {
                take(&mut hands, actor.index(), *pai, &mut problems);
            }
            Event::Ankan { actor, consumed } => {
                for t in consumed {
                    take(&mut hands, actor.index(), *t, &mut problems);
                }
            }
            Event::Dora { marker } => add(&mut seen, *marker, 1),
            Event::Hora {
                actor,
                target,
                pai,
                claim,
            } => {
                counts.horas += 1;
                outcome = true;
                let mut expected = hands[actor.index()];
                if actor != target {
                    add(&mut expected, *pai, 1);
                }
                let mut without = expected;
                add(&mut without, *pai, -1);
                match &claim.hand {
                    Some(h) if counts_of(h) == expected => counts.hands_checked += 1,
                    // The tenhou-python-bot fixtures write `hai` without the
                    // winning tile; the claim is kept as written.
                    Some(h) if counts_of(h) == without => counts.hands_without_winning_tile += 1,
                    other => problems.push(format!(
                        "{at}: AGARI hai {other:?} is not the replayed hand of seat {actor}"
                    )),
                }
                if let (Some(ura), false) = (&claim.ura_markers, ura_seen) {
                    ura_seen = true;
                    for t in ura {
                        add(&mut seen, *t, 1);
                    }
                }
            }
            Event::Ryukyoku { claim, .. } => {
                counts.draws += 1;
                outcome = true;
                for (seat, shown) in claim.shown_hands.iter().flatten().enumerate() {
                    if let Some(h) = shown {
                        if counts_of(h) == hands[seat] {
                            counts.hands_checked += 1;
                        } else {
                            problems.push(format!(
                                "{at}: shown hand of seat {seat} is not the replayed one"
                            ));
                        }
                    }
                }
            }
            Event::EndKyoku => {
                if !outcome {
                    problems.push(format!("{at}: end_kyoku without an outcome"));
                }
                kyoku_open = false;
            }
            Event::RiichiAccepted { .. } | Event::Disconnect { .. } | Event::Reconnect { .. } => {}
        }
        if entry.event.is_end_kyoku() {
            check_conservation(&seen, &label, &mut problems);
        }
    }
    if kyoku_open {
        check_conservation(&seen, &label, &mut problems);
        if outcome {
            problems.push(format!("{label}: outcome but no end_kyoku at the end"));
        }
    }
    problems
}

/// No kind more than four times, no red five twice.
fn check_conservation(seen: &Counts37, label: &str, problems: &mut Vec<String>) {
    for kind in Tile::all_kinds() {
        let k = usize::from(kind.index());
        let red = kind.reddened().map_or(0, |r| seen[usize::from(r.index())]);
        if seen[k] + red > 4 {
            problems.push(format!("{label}: {} copies of {kind}", seen[k] + red));
        }
        if red > 1 {
            problems.push(format!("{label}: {red} red fives of {kind}"));
        }
    }
}

/// The mjx logs come with the official tenhou.net/6 JSON of the same games
/// (one kyoku per line). Their discard lists mark tsumogiri (`60`) and
/// riichi (`r..`), which Tenhou XML does not store: the derived flags must
/// reproduce them, and the starting hands must agree.
#[test]
fn derived_flags_match_the_paired_tenhou6_logs() {
    let Some(dir) = corpus() else {
        eprintln!("skipped: the shared corpus (../shared/corpus/tenhou-xml) is not present");
        return;
    };
    let json_dir = dir.join("../tenhou-json/mjx-tests_py-mjscore");
    if !json_dir.is_dir() {
        eprintln!("skipped: the paired tenhou.net/6 logs are not present");
        return;
    }
    let mut paths = Vec::new();
    files(&dir.join("mjx-tests_py"), &mut paths);
    let (mut kyoku, mut discards, mut failures) = (0, 0, Vec::new());
    for path in &paths {
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let Ok(json) = std::fs::read_to_string(json_dir.join(format!("{stem}.json"))) else {
            continue;
        };
        let log = import_bytes(&std::fs::read(path).unwrap(), &ImportOptions::default()).unwrap();
        let mut ours = log.events.split(|e| e.event.is_start_kyoku());
        ours.next();
        let starts = log.events.iter().filter_map(|e| match &e.event {
            Event::StartKyoku(k) => Some(k),
            _ => None,
        });
        let theirs = json.lines().filter(|l| !l.trim().is_empty());
        for ((line, events), start) in theirs.zip(ours).zip(starts) {
            kyoku += 1;
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let k = &value["log"][0];
            for seat in 0..4u8 {
                let i = 4 + 3 * usize::from(seat);
                let mut hand: Vec<u64> = k[i]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .collect();
                hand.sort_unstable();
                let mut our_hand: Vec<u64> = start.hands[usize::from(seat)]
                    .iter()
                    .map(|t| u64::from(t.unwrap().to_tenhou6()))
                    .collect();
                our_hand.sort_unstable();
                // Kakan and ankan strings and the daiminkan placeholder 0
                // are calls, not discards.
                let expected: Vec<String> = k[i + 2]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|v| match v {
                        serde_json::Value::String(s) if s.starts_with('r') => Some(s.clone()),
                        serde_json::Value::Number(n) if n.as_u64() != Some(0) => {
                            Some(n.to_string())
                        }
                        _ => None,
                    })
                    .collect();
                let actual: Vec<String> = events
                    .iter()
                    .filter_map(|e| match &e.event {
                        Event::Dahai {
                            actor,
                            pai,
                            tsumogiri,
                            riichi,
                        } if actor.get() == seat => {
                            let code = if *tsumogiri { 60 } else { pai.to_tenhou6() };
                            Some(if *riichi {
                                format!("r{code}")
                            } else {
                                code.to_string()
                            })
                        }
                        _ => None,
                    })
                    .collect();
                discards += actual.len();
                if hand != our_hand || expected != actual {
                    failures.push(format!("{stem} kyoku {} seat {seat}", start.label()));
                }
            }
        }
    }
    eprintln!("paired mjx logs: {kyoku} kyoku, {discards} discards compared with tenhou.net/6");
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(kyoku > 300, "{kyoku}");
}
