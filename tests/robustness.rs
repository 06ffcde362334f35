//! Broken input never panics: random truncations and byte flips of real
//! logs (testdata, and a sample of the corpus when present, and the Mahjong
//! Soul records in their binary form) either import or give an error.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use paifu::import::majsoul::{Layout, to_wire};
use paifu::import::{ImportOptions, import_bytes};
use proptest::prelude::*;

fn sample_files() -> Vec<Vec<u8>> {
    let mut paths: Vec<PathBuf> = common::files_below(&common::testdata())
        .into_iter()
        .filter(|p| p.extension().is_none_or(|e| e != "md"))
        // Scoring cases are not logs.
        .filter(|p| !p.starts_with(common::testdata().join("oracle")))
        .collect();
    if let Some(corpus) = common::corpus() {
        for folder in ["tenhou-xml", "tenhou-json", "mjai"] {
            // Every 25th file: a spread of sources without the full cost.
            paths.extend(
                common::files_below(&corpus.join(folder))
                    .into_iter()
                    .step_by(25),
            );
        }
    } else {
        common::skip("robustness over the corpus sample (testdata only)");
    }
    let mut files: Vec<Vec<u8>> = paths
        .into_iter()
        .filter_map(|p| std::fs::read(p).ok())
        .collect();
    // Mahjong Soul records in the protobuf wire form, which no file of the
    // corpus is: each JSON record written as the download's wrapper and as
    // a whole response.
    for rec in common::majsoul::json_records("robustness over binary Mahjong Soul records") {
        for layout in [Layout::Actions, Layout::Response] {
            if let Ok(bytes) = to_wire(&rec.text, layout) {
                files.push(bytes);
            }
        }
    }
    files
}

fn files() -> &'static [Vec<u8>] {
    static FILES: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    FILES.get_or_init(sample_files)
}

/// The outcome must be a value; a panic fails the property.
fn survives(bytes: &[u8]) {
    let options = ImportOptions::default();
    match import_bytes(bytes, &options) {
        Ok(log) => {
            // Whatever imported must also serialise, and be audited and
            // reviewed without a panic, however damaged the game.
            for e in &log.events {
                serde_json::to_string(e).unwrap();
            }
            let rules = paifu::rules::Rules::for_log(&log.meta).rules;
            let _ = paifu::engine::audit(&log, &rules);
            let _ = paifu::review::review(&log, &rules, &paifu::review::Options::default());
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn truncated_logs_do_not_panic(pick in any::<prop::sample::Index>(), cut in 0.0f64..1.0) {
        let files = files();
        prop_assume!(!files.is_empty());
        let bytes = &files[pick.index(files.len())];
        let end = (bytes.len() as f64 * cut) as usize;
        survives(&bytes[..end]);
    }

    #[test]
    fn flipped_bytes_do_not_panic(
        pick in any::<prop::sample::Index>(),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        let files = files();
        prop_assume!(!files.is_empty());
        let mut bytes = files[pick.index(files.len())].clone();
        prop_assume!(!bytes.is_empty());
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        survives(&bytes);
    }

    #[test]
    fn digits_changed_do_not_panic(
        pick in any::<prop::sample::Index>(),
        changes in prop::collection::vec((any::<prop::sample::Index>(), 0u8..10), 1..6),
    ) {
        // Changing digits keeps the syntax valid and reaches the deeper
        // checks (tile ids, seats, meld codes, call strings).
        let files = files();
        prop_assume!(!files.is_empty());
        let mut bytes = files[pick.index(files.len())].clone();
        let digits: Vec<usize> = bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        prop_assume!(!digits.is_empty());
        for (at, d) in changes {
            bytes[digits[at.index(digits.len())]] = b'0' + d;
        }
        survives(&bytes);
    }
}

#[test]
fn a_gzip_bomb_is_refused() {
    use std::io::Write;
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![b'<'; 1 << 20];
    for _ in 0..80 {
        enc.write_all(&zeros).unwrap();
    }
    let bomb = enc.finish().unwrap();
    assert!(bomb.len() < 1 << 20, "the bomb is small on disk");
    let err = import_bytes(&bomb, &ImportOptions::default()).unwrap_err();
    assert!(err.to_string().contains("larger than the limit"), "{err}");
}
