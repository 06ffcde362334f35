//! Full-audit throughput beside the parse-only pass and the tokenise floor,
//! on one thread.
//!
//! `cargo bench --bench audit [-- DIR] [--rounds N]` (default: the corpus's
//! `tenhou-xml` beside the repository, else `testdata/tenhou_xml`). Every
//! file is read into memory before the clock starts; then, single-threaded,
//! each round (a) tokenises every file with quick-xml (every XML event
//! read, gzip inflated first, nothing of paifu: the floor no reader of
//! these files can go below), (a') does the same and reads every attribute
//! of every element too (what any reader of these logs must at least do),
//! (b) imports every file's bytes (`import_bytes`: what `paifu events`
//! stands on) and (c) imports and audits every game under the `auto`
//! profile, each in turn so that all see the same machine load. The best
//! round of each is reported, for all games, for the hanchan (East-South
//! games) and for the East-only (tonpuu) games alone, with the parse-only
//! and parse+audit rates as shares of both floors', measured in the same
//! run.
//!
//! Then the cost of Tenhou's walls: the same games as plain text, imported
//! and audited with their `SHUFFLE` element (each kyoku's wall rebuilt
//! from the seed and every deal, draw and indicator held to it) and with
//! it taken out (no wall), and the rebuild alone, in walls per second.

#![allow(clippy::expect_used)]

// The integration tests' helpers: the corpus location and the file walk.
#[path = "../tests/common/mod.rs"]
mod common;

use std::io::Read;

use paifu::engine::audit;
use paifu::event::GameLength;
use paifu::import::tenhou_xml::shuffle::Shuffler;
use paifu::import::{ImportOptions, decode, import_bytes};
use paifu::rules::Rules;

/// The floor: every XML event of every file read by quick-xml; with
/// `attributes`, every attribute of every element too (key and raw value,
/// nothing unescaped), which is what any reader of these logs must at
/// least do.
fn tokenise(games: &[Vec<u8>], attributes: bool) -> usize {
    let mut inflated = Vec::new();
    let mut buf = Vec::new();
    let mut items = 0;
    for bytes in games {
        let text: &[u8] = if bytes.starts_with(&[0x1f, 0x8b]) {
            inflated.clear();
            flate2::read::GzDecoder::new(bytes.as_slice())
                .read_to_end(&mut inflated)
                .expect("gzip");
            &inflated
        } else {
            bytes
        };
        let mut reader = quick_xml::Reader::from_reader(text);
        loop {
            buf.clear();
            match reader.read_event_into(&mut buf) {
                Ok(quick_xml::events::Event::Eof) | Err(_) => break,
                Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e))
                    if attributes =>
                {
                    items += 1;
                    for attr in e.attributes().with_checks(false).flatten() {
                        items += attr.key.as_ref().len() + attr.value.len();
                    }
                }
                Ok(_) => items += 1,
            }
        }
    }
    items
}

fn parse_only(games: &[Vec<u8>], options: &ImportOptions) -> usize {
    games
        .iter()
        .filter_map(|b| import_bytes(b, options).ok())
        .map(|log| log.events.len())
        .sum()
}

fn parse_and_audit(games: &[Vec<u8>], options: &ImportOptions) -> usize {
    games
        .iter()
        .filter_map(|b| import_bytes(b, options).ok())
        .map(|log| {
            let rules = Rules::for_log(&log.meta).rules;
            audit(&log, &rules).findings.len()
        })
        .sum()
}

/// Seconds for the best of `rounds` runs of each pass, run in turn so
/// that every pass sees the same machine load.
fn best_of<const N: usize>(rounds: usize, mut passes: [&mut dyn FnMut() -> usize; N]) -> [f64; N] {
    let mut best = [f64::INFINITY; N];
    let mut sink = 0usize;
    for _ in 0..rounds {
        for (pass, best) in passes.iter_mut().zip(&mut best) {
            let start = std::time::Instant::now();
            sink = sink.wrapping_add(pass());
            *best = best.min(start.elapsed().as_secs_f64());
        }
    }
    std::hint::black_box(sink);
    best
}

fn report(label: &str, games: &[Vec<u8>], kyoku: usize, rounds: usize) {
    let options = ImportOptions::default();
    let [floor, floor_attrs, parse, full] = best_of(
        rounds,
        [
            &mut || tokenise(games, false),
            &mut || tokenise(games, true),
            &mut || parse_only(games, &options),
            &mut || parse_and_audit(games, &options),
        ],
    );
    let n = games.len() as f64;
    println!(
        "{label}: {} games ({kyoku} kyoku): tokenise {:.0} games/s ({:.3} s), with attributes {:.0} games/s ({:.3} s), parse-only {:.0} games/s ({:.3} s), parse+audit {:.0} games/s ({:.3} s); parse-only at {:.0}% and parse+audit at {:.0}% of the tokenise floor ({:.0}% and {:.0}% of the floor with attributes), audit at {:.0}% of parse-only speed",
        games.len(),
        n / floor,
        floor,
        n / floor_attrs,
        floor_attrs,
        n / parse,
        parse,
        n / full,
        full,
        100.0 * floor / parse,
        100.0 * floor / full,
        100.0 * floor_attrs / parse,
        100.0 * floor_attrs / full,
        100.0 * parse / full,
    );
}

/// The `SHUFFLE` element's seed and the text without that element.
fn without_shuffle(text: &str) -> Option<(String, String)> {
    let start = text.find("<SHUFFLE")?;
    let end = start + text[start..].find('>')? + 1;
    let element = &text[start..end];
    let at = element.find("seed=\"")? + 6;
    let seed = element[at..].split('"').next()?.to_owned();
    Some((seed, format!("{}{}", &text[..start], &text[end..])))
}

fn audit_texts(texts: &[String]) -> usize {
    texts
        .iter()
        .filter_map(|t| import_bytes(t.as_bytes(), &ImportOptions::default()).ok())
        .map(|log| {
            let rules = Rules::for_log(&log.meta).rules;
            audit(&log, &rules).findings.len()
        })
        .sum()
}

/// Every wall of every game rebuilt from its seed (`(seed, kyoku, seats)`).
fn rebuild(seeds: &[(String, usize, u8)]) -> usize {
    let mut sink = 0usize;
    for (seed, kyoku, seats) in seeds {
        let Ok(mut s) = Shuffler::new(seed) else {
            continue;
        };
        for _ in 0..*kyoku {
            sink = sink.wrapping_add(usize::from(s.next_kyoku_of(*seats).wall[0]));
        }
    }
    sink
}

fn tenhou_walls(games: &[Vec<u8>], rounds: usize) {
    let (mut with, mut without, mut seeds) = (Vec::new(), Vec::new(), Vec::new());
    for bytes in games {
        let Ok(text) = decode(bytes, &ImportOptions::default()) else {
            continue;
        };
        let Some((seed, stripped)) = without_shuffle(&text) else {
            continue;
        };
        let Ok(log) = import_bytes(text.as_bytes(), &ImportOptions::default()) else {
            continue;
        };
        if !seed.starts_with(paifu::import::tenhou_xml::shuffle::SCHEME) {
            continue;
        }
        seeds.push((seed, log.kyoku_count(), log.meta.seats));
        with.push(text);
        without.push(stripped);
    }
    if with.is_empty() {
        println!("Tenhou walls: no game with a seed of the current scheme");
        return;
    }
    let walls: usize = seeds.iter().map(|(_, k, _)| k).sum();
    let [full, bare, rebuilt] = best_of(
        rounds,
        [
            &mut || audit_texts(&with),
            &mut || audit_texts(&without),
            &mut || rebuild(&seeds),
        ],
    );
    let n = with.len() as f64;
    println!(
        "Tenhou walls: {} games ({walls} kyoku) as plain text: parse+audit with the wall check {:.0} games/s ({:.3} s), without the seed {:.0} games/s ({:.3} s): {:.0}% of the speed without; the rebuild alone {:.0} walls/s ({:.3} s)",
        with.len(),
        n / full,
        full,
        n / bare,
        bare,
        100.0 * bare / full,
        walls as f64 / rebuilt,
        rebuilt,
    );
}

fn main() {
    let (dir, rounds) = common::bench_args(10);
    let options = ImportOptions::default();
    let mut all = Vec::new();
    let mut hanchan = Vec::new();
    let mut east = Vec::new();
    let (mut all_kyoku, mut hanchan_kyoku, mut east_kyoku, mut skipped) = (0, 0, 0, 0);
    for path in common::files_below(&dir) {
        let bytes = std::fs::read(&path).expect("readable file");
        let Ok(log) = import_bytes(&bytes, &options) else {
            skipped += 1;
            continue;
        };
        all_kyoku += log.kyoku_count();
        if log.meta.rules.length == Some(GameLength::Hanchan) {
            hanchan_kyoku += log.kyoku_count();
            hanchan.push(bytes.clone());
        }
        if log.meta.rules.length == Some(GameLength::EastOnly) {
            east_kyoku += log.kyoku_count();
            east.push(bytes.clone());
        }
        all.push(bytes);
    }
    println!(
        "{}: {} games read ({} hanchan, {} East-only), {skipped} files that are not games skipped; one thread, best of {rounds} rounds",
        dir.display(),
        all.len(),
        hanchan.len(),
        east.len()
    );
    report("all games", &all, all_kyoku, rounds);
    if !hanchan.is_empty() {
        report("hanchan", &hanchan, hanchan_kyoku, rounds);
    }
    if !east.is_empty() {
        report("East-only", &east, east_kyoku, rounds);
    }
    tenhou_walls(&all, rounds);
}
