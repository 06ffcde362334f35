//! The Mahjong Soul records the tests read: `testdata/majsoul/` and the
//! corpus's `majsoul/` folder, whose files that are no record are named
//! with the reason.

use std::path::Path;

use super::{corpus, files_below, report, skip, testdata};

/// Files of the corpus's `majsoul/` that are no record paifu reads, and
/// why.
pub const NOT_RECORDS: &[(&str, &str)] = &[
    (
        "injusticejudge-examples/example_mahjoul_head.log",
        "a terminal session printing a record's head in protobuf text format, without its records",
    ),
    (
        "thougr-mjai_bridge/testlog.js",
        "a JavaScript array of one seat's live client messages, not a game record",
    ),
];

/// One JSON record: where it is (for messages) and its text.
pub struct Record {
    /// `testdata/majsoul/one_ron.json`, `corpus/majsoul/…`.
    pub name: String,
    /// The record.
    pub text: String,
}

/// The JSON records of `testdata/majsoul/` and, when the corpus is here,
/// of its `majsoul/` folder; `test` names the caller in the skip message.
pub fn json_records(test: &str) -> Vec<Record> {
    let mut out = Vec::new();
    let own = testdata().join("majsoul");
    // `layouts/` holds `one_ron.json`'s game in the other layouts tools
    // save (`tests/majsoul_layouts.rs` reads them): the same game again,
    // some without a head.
    for p in files_below(&own) {
        if p.extension().is_some_and(|e| e == "json") && !p.starts_with(own.join("layouts")) {
            out.push(read(&p, "testdata/majsoul", &own));
        }
    }
    let Some(corpus) = corpus() else {
        skip(&format!("{test} over the corpus (testdata only)"));
        return out;
    };
    let root = corpus.join("majsoul");
    for p in files_below(&root) {
        let rel = p
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if let Some((_, why)) = NOT_RECORDS.iter().find(|(r, _)| *r == rel) {
            report(&format!("  not a record: majsoul/{rel}: {why}"));
            continue;
        }
        let rec = read(&p, "corpus/majsoul", &root);
        // The records in the protobuf text format are no JSON record
        // (`tests/majsoul_corpus.rs` reads them).
        if !rec.text.trim_start().starts_with('{') {
            report(&format!("  not JSON: {}", rec.name));
            continue;
        }
        out.push(rec);
    }
    out
}

fn read(path: &Path, prefix: &str, root: &Path) -> Record {
    let rel = path.strip_prefix(root).unwrap().to_string_lossy();
    Record {
        name: format!("{prefix}/{rel}"),
        text: std::fs::read_to_string(path).unwrap(),
    }
}
