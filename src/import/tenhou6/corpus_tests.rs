//! Tests over the shared corpus (`../shared/corpus`, outside the repo).
//! Each returns early, saying why, when the corpus is absent.
//!
//! Every file must import, and what must hold whatever the order is checked
//! from the JSON arrays themselves: counts per seat, each call right after
//! the discard it takes, tile conservation, the last action before a win.
//! `corpus_xml_tests` compares games that also exist as Tenhou XML.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::event::{Event, GameLog};
use crate::tile::Tile;

pub(super) fn corpus() -> Option<PathBuf> {
    crate::test_support::corpus("")
}

pub(super) fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    out.extend(
        crate::test_support::files_below(dir)
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "json")),
    );
}

#[test]
fn every_corpus_file_imports() {
    let Some(root) = corpus() else { return };
    let mut all = Vec::new();
    files(&root.join("tenhou-json"), &mut all);
    let texts: Vec<(PathBuf, String)> = all
        .iter()
        .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap()))
        .collect();
    let bytes: usize = texts.iter().map(|(_, t)| t.len()).sum();
    // The best of three passes, so that a busy machine skews less.
    let mut elapsed = std::time::Duration::MAX;
    for _ in 0..2 {
        let start = Instant::now();
        for (_, t) in &texts {
            let _ = super::parse(t);
        }
        elapsed = elapsed.min(start.elapsed());
    }
    let start = Instant::now();
    let results: Vec<_> = texts.iter().map(|(_, t)| super::parse(t)).collect();
    let elapsed = elapsed.min(start.elapsed());
    let mut kyoku = 0;
    let mut events = 0;
    let mut failures = Vec::new();
    for ((path, text), result) in texts.iter().zip(results) {
        match result {
            Ok(log) => {
                kyoku += log.kyoku_count();
                events += log.events.len();
                if let Err(e) = check_invariants(&log).and_then(|()| check_counts(&log, text)) {
                    failures.push(format!("{}: {e}", path.display()));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    println!(
        "tenhou6 corpus: {} files ({bytes} bytes), {kyoku} kyoku, {events} events, imported in {elapsed:?} ({:.1} MB/s)",
        texts.len(),
        bytes as f64 / elapsed.as_secs_f64() / 1e6,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(texts.len() >= 100, "only {} files", texts.len());
}

/// Damaged copies of real files (a digit changed, an entry removed, the
/// text cut short) must give an error or a game, never a panic or a hang.
#[test]
fn damaged_files_never_panic() {
    let Some(root) = corpus() else { return };
    let mut all = Vec::new();
    files(
        &root.join("tenhou-json/mjai-reviewer-convlog-testdata"),
        &mut all,
    );
    files(
        &root.join("tenhou-json/riichi-rs-t6-samples/t6-samples/notable-features"),
        &mut all,
    );
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        usize::try_from(seed % (n.max(1) as u64)).unwrap()
    };
    let (mut ok, mut err) = (0, 0);
    let start = Instant::now();
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap();
        let digits: Vec<usize> = text
            .bytes()
            .enumerate()
            .filter(|(_, b)| b.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        let commas: Vec<usize> = text
            .bytes()
            .enumerate()
            .filter(|(_, b)| *b == b',')
            .map(|(i, _)| i)
            .collect();
        for round in 0..150 {
            let mut bytes = text.clone().into_bytes();
            match round % 3 {
                0 => {
                    for _ in 0..1 + next(3) {
                        let i = digits[next(digits.len())];
                        bytes[i] = b'0' + u8::try_from(next(10)).unwrap();
                    }
                }
                1 => {
                    let i = commas[next(commas.len())];
                    let end = bytes[i + 1..]
                        .iter()
                        .position(|b| matches!(b, b',' | b']'))
                        .map_or(bytes.len(), |p| i + 1 + p);
                    bytes.drain(i..end);
                }
                _ => bytes.truncate(next(bytes.len())),
            }
            let Ok(damaged) = String::from_utf8(bytes) else {
                continue;
            };
            match super::parse(&damaged) {
                Ok(_) => ok += 1,
                Err(_) => err += 1,
            }
        }
    }
    println!(
        "damaged files: {ok} imported, {err} refused in {:?}",
        start.elapsed()
    );
    assert!(err > 0 && ok > 0);
}

/// Per kyoku and seat, the number of draws, discards, calls and kongs in
/// the events equals what the arrays hold (counted here from a plain JSON
/// reading).
fn check_counts(log: &GameLog, text: &str) -> Result<(), String> {
    let clean = super::doc::strip_comments(text);
    let mut kyoku: Vec<serde_json::Value> = Vec::new();
    for v in serde_json::Deserializer::from_str(&clean).into_iter::<serde_json::Value>() {
        let v = v.map_err(|e| e.to_string())?;
        kyoku.extend(v["log"].as_array().cloned().unwrap_or_default());
    }
    // [draws, calls from takes, discards, kongs and nukidora from discards]
    let mut expected: Vec<[[usize; 4]; 4]> = Vec::new();
    for k in &kyoku {
        let mut seats = [[0usize; 4]; 4];
        for (s, counts) in seats.iter_mut().enumerate() {
            for take in k[5 + 3 * s].as_array().into_iter().flatten() {
                counts[usize::from(take.is_string())] += 1;
            }
            for d in k[6 + 3 * s].as_array().into_iter().flatten() {
                match (d.as_u64(), d.as_str()) {
                    (Some(0), _) => {}
                    (Some(_), _) => counts[2] += 1,
                    (_, Some(x)) if x.starts_with('r') => counts[2] += 1,
                    _ => counts[3] += 1,
                }
            }
        }
        expected.push(seats);
    }
    let mut actual: Vec<[[usize; 4]; 4]> = Vec::new();
    for e in log.plain_events() {
        if e.is_start_kyoku() {
            actual.push([[0; 4]; 4]);
            continue;
        }
        let (Some(k), Some(a)) = (actual.last_mut(), e.actor()) else {
            continue;
        };
        let slot = match e {
            Event::Tsumo { .. } => 0,
            Event::Chi { .. } | Event::Pon { .. } | Event::Daiminkan { .. } => 1,
            Event::Dahai { .. } => 2,
            Event::Kakan { .. } | Event::Ankan { .. } | Event::Nukidora { .. } => 3,
            _ => continue,
        };
        k[a.index()][slot] += 1;
    }
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "counts differ: arrays {expected:?}, events {actual:?}"
        ))
    }
}

/// Checks what must hold whatever the order: every call takes the discard
/// right before it, a ron follows the loser's discard (or kakan), a tsumo
/// the winner's draw, no tile kind is seen more than four times, and
/// `riichi_accepted` follows its discard.
fn check_invariants(log: &GameLog) -> Result<(), String> {
    let mut kinds = [0u32; 34];
    let mut reds = [0u32; 3];
    let mut last_action: Option<&Event> = None;
    let mut k = 0;
    for (n, entry) in log.events.iter().enumerate() {
        if matches!(entry.event, Event::StartKyoku(_)) {
            k += 1;
            kinds = [0; 34];
            reds = [0; 3];
            last_action = None;
        }
        let at = format!("kyoku {k} event {n} ({:?})", entry.src.path);
        let mut count = |t: Tile| -> Result<(), String> {
            kinds[usize::from(t.kind())] += 1;
            if t.is_red() {
                reds[usize::from(t.index() - 34)] += 1;
            }
            if kinds[usize::from(t.kind())] > 4 || reds.iter().any(|r| *r > 1) {
                return Err(format!("{at}: too many {t}"));
            }
            Ok(())
        };
        match &entry.event {
            Event::StartKyoku(s) => {
                count(s.dora_marker)?;
                for t in s.hands.iter().flatten().flatten() {
                    count(*t)?;
                }
            }
            Event::Tsumo { pai: Some(t), .. } => count(*t)?,
            Event::Dora { marker } => count(*marker)?,
            Event::Chi {
                actor, target, pai, ..
            }
            | Event::Pon {
                actor, target, pai, ..
            }
            | Event::Daiminkan {
                actor, target, pai, ..
            } => {
                let ok = matches!(last_action, Some(Event::Dahai { actor: a, pai: p, .. }) if a == target && p == pai);
                if !ok || actor == target {
                    return Err(format!("{at}: call after {last_action:?}"));
                }
            }
            Event::RiichiAccepted { actor, .. } => {
                let prev = n
                    .checked_sub(1)
                    .and_then(|i| log.events.get(i))
                    .map(|e| &e.event);
                if !matches!(prev, Some(Event::Dahai { actor: a, riichi: true, .. }) if a == actor)
                {
                    return Err(format!("{at}: riichi_accepted after {prev:?}"));
                }
            }
            Event::Hora {
                actor,
                target,
                pai,
                claim,
            } => {
                let ok = match last_action {
                    Some(Event::Dahai {
                        actor: a, pai: p, ..
                    }) => a == target && p == pai && actor != target,
                    Some(Event::Kakan {
                        actor: a, pai: p, ..
                    }) => a == target && p == pai && actor != target,
                    Some(Event::Tsumo {
                        actor: a, pai: p, ..
                    }) => a == actor && actor == target && *p == Some(*pai),
                    _ => false,
                };
                if !ok {
                    return Err(format!("{at}: win after {last_action:?}"));
                }
                if let Some(d) = &claim.deltas
                    && d.len() != usize::from(log.meta.seats)
                {
                    return Err(format!("{at}: {} deltas", d.len()));
                }
            }
            _ => {}
        }
        if entry.event.actor().is_some()
            && !matches!(
                entry.event,
                Event::RiichiAccepted { .. }
                    | Event::Hora { .. }
                    | Event::Disconnect { .. }
                    | Event::Reconnect { .. }
            )
        {
            last_action = Some(&entry.event);
        }
    }
    Ok(())
}
