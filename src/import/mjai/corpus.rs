//! The importer against the real mjai logs of the shared corpus. Skipped,
//! with a printed reason, when the corpus is not there.

use std::path::{Path, PathBuf};

use crate::event::{Event, GameLog};
use crate::import::{ImportOptions, decode};

use super::parse;

/// The corpus folder of mjai logs, if present.
pub(crate) fn corpus_dir() -> Option<PathBuf> {
    crate::test_support::corpus("mjai")
}

/// Every file under `dir`, sorted.
pub(crate) fn files_under(dir: &Path) -> Vec<PathBuf> {
    crate::test_support::files_below(dir)
}

pub(crate) fn read(path: &Path) -> String {
    decode(&std::fs::read(path).unwrap(), &ImportOptions::default()).unwrap()
}

/// The gimite debug dump: events interleaved with board pictures.
pub(crate) fn is_golden_dump(path: &Path) -> bool {
    path.to_string_lossy().ends_with(".golden.log")
}

/// Per kyoku, no tile kind is seen more than four times among the known
/// starting tiles, draws and dora indicators, and each red five at most once.
pub(crate) fn check_conservation(log: &GameLog) -> Result<(), String> {
    let mut counts = [0u32; 37];
    let mut label = String::new();
    let check = |counts: &[u32; 37], label: &str| -> Result<(), String> {
        for (i, c) in counts.iter().enumerate() {
            let limit = if i >= 34 { 1 } else { 4 };
            // A kind's count includes its red five.
            let total = match i {
                4 => c + counts[34],
                13 => c + counts[35],
                22 => c + counts[36],
                _ => *c,
            };
            if total > limit {
                return Err(format!("{label}: tile index {i} seen {total} times"));
            }
        }
        Ok(())
    };
    let add = |counts: &mut [u32; 37], t: crate::tile::Tile| {
        counts[usize::from(t.index())] += 1;
    };
    for e in &log.events {
        match &e.event {
            Event::StartKyoku(sk) => {
                check(&counts, &label)?;
                counts = [0; 37];
                label = sk.label();
                add(&mut counts, sk.dora_marker);
                for t in sk.hands.iter().flatten().flatten() {
                    add(&mut counts, *t);
                }
            }
            Event::Tsumo { pai: Some(t), .. } => add(&mut counts, *t),
            Event::Dora { marker } => add(&mut counts, *marker),
            _ => {}
        }
    }
    check(&counts, &label)
}

/// Only the event lines of the gimite dump.
pub(crate) fn golden_events(text: &str) -> String {
    text.lines()
        .map(|l| if l.starts_with('{') { l } else { "" })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_corpus_file_imports() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: the shared corpus (../shared/corpus/mjai) is not there");
        return;
    };
    let (mut files, mut kyoku, mut events) = (0, 0, 0);
    for path in files_under(&dir) {
        let text = read(&path);
        assert_eq!(
            crate::import::detect(&text).ok(),
            Some(crate::event::Format::Mjai),
            "{}",
            path.display()
        );
        let result = parse(&text);
        if is_golden_dump(&path) {
            let err = result.expect_err("the gimite dump is not an event stream");
            assert_eq!(err.location.line, Some(1), "{err}");
            assert_eq!(
                err.to_string(),
                "mjai: line 1, byte 0: expected an mjai event (a JSON object with \"type\"), found `# Original file: test/test.mjlog`"
            );
            continue;
        }
        let log = result.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        check_conservation(&log).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        files += 1;
        kyoku += log.kyoku_count();
        events += log.events.len();
    }
    println!("mjai corpus: {files} files, {kyoku} kyoku, {events} events imported");
    assert!(files >= 12, "only {files} files");
}

#[test]
fn gimite_dump_events_import_as_the_old_protocol() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: the shared corpus (../shared/corpus/mjai) is not there");
        return;
    };
    let path = dir.join("gimite-mjai-golden/test.mjlog.golden.log");
    if !path.exists() {
        println!("skipped: {} is not there", path.display());
        return;
    }
    let log = parse(&golden_events(&read(&path))).unwrap();
    check_conservation(&log).unwrap();
    assert_eq!(log.kyoku_count(), 17);
    assert_eq!(log.meta.log_id.as_deref(), Some("test"));
    assert!(!log.meta.incomplete);
    let labels: Vec<String> = log
        .plain_events()
        .filter_map(|e| match e {
            Event::StartKyoku(sk) => Some(sk.label()),
            _ => None,
        })
        .collect();
    // Honba is not in the old protocol: always 0.
    assert_eq!(labels.first().map(String::as_str), Some("E1-0"));
    assert!(labels.iter().any(|l| l.starts_with('S')), "{labels:?}");
    println!("gimite dump kyoku: {labels:?}");
}

/// akochan's walls (`haiyama`) against the play of the corpus log that has
/// them: every draw, replacement draw, dora and ura indicator is the tile
/// the layout of `wall.rs` puts at that place, and the hands are its deal.
#[test]
fn akochan_walls_hold_every_draw_and_indicator() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: the shared corpus (../shared/corpus/mjai) is not there");
        return;
    };
    let path = dir.join("akochan-selfplay/haifu_log_1000_0.json");
    if !path.exists() {
        println!("skipped: {} is not there", path.display());
        return;
    }
    let log = parse(&read(&path)).unwrap();
    assert!(
        !log.meta.notes.iter().any(|n| n.contains("haiyama")),
        "{:?}",
        log.meta.notes
    );
    let (mut walls, mut draws, mut ura) = (0, 0, 0);
    let mut wall = None;
    let (mut live, mut dead, mut dora) = (0usize, 0usize, 0usize);
    for e in log.plain_events() {
        match e {
            Event::StartKyoku(sk) => {
                let w = sk.wall.as_deref().expect("every kyoku has its wall");
                assert_eq!(w.dora_markers.first(), Some(&sk.dora_marker));
                let dealt: usize = sk.hands.iter().map(Vec::len).sum();
                assert_eq!(dealt + w.tiles().count(), 136);
                wall = Some(w.clone());
                (live, dead, dora) = (0, 0, 1);
                walls += 1;
            }
            Event::Tsumo { pai, rinshan, .. } => {
                let w = wall.as_ref().unwrap();
                let (list, at) = if *rinshan {
                    (&w.replacements, &mut dead)
                } else {
                    (&w.live, &mut live)
                };
                assert_eq!(list.get(*at), pai.as_ref(), "draw {at}");
                *at += 1;
                draws += 1;
            }
            Event::Dora { marker } => {
                let w = wall.as_ref().unwrap();
                assert_eq!(w.dora_markers.get(dora), Some(marker));
                dora += 1;
            }
            Event::Hora { claim, .. } => {
                let w = wall.as_ref().unwrap();
                if let Some(shown) = &claim.ura_markers {
                    assert_eq!(w.ura_markers.get(..shown.len()), Some(&shown[..]));
                    ura += shown.len();
                }
            }
            _ => {}
        }
    }
    println!("akochan walls: {walls} kyoku, {draws} draws and {ura} ura indicators agree");
    assert_eq!(walls, 5);
    assert!(draws > 200 && ura >= 3, "{draws} draws, {ura} ura");
}
