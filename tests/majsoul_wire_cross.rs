//! Mahjong Soul's wire form against an independent encoder. paifu's
//! protobuf messages are written by hand from the public `liqi.proto`
//! (`src/import/majsoul/records.rs`, `head.rs`), and `tests/majsoul_wire.rs`
//! encodes with those same types, so a wrong field number would pass it.
//! Here every JSON record of `testdata/majsoul/` and of the corpus is
//! encoded by `bench/majsoul_wire.py` with the `lq` descriptors compiled
//! into the PyPI package `ms_api` (and Google's `protobuf`): a whole
//! `ResGameRecord` (head and records in the `actions` layout) and the
//! download's wrapper alone (the older `records` layout). Both must read as
//! the JSON record: the same events, sources aside, and the same metadata
//! where the form has the head. Runs when python3 has the package (`.ci/run`
//! installs it) and says why it is skipped otherwise.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use paifu::event::GameLog;
use paifu::import::{ImportOptions, import_bytes, import_str};

use common::majsoul::json_records;
use common::{first_difference, plain, report};

fn python_has_ms_api() -> bool {
    Command::new("python3")
        .args(["-c", "import ms.protocol_pb2, google.protobuf"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A folder of this test's own under the system's temporary folder.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-wire-cross-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn same_game(name: &str, form: &str, json: &GameLog, wire: &GameLog, head: bool) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(d) = first_difference(&plain(&json.events), &plain(&wire.events)) {
        out.push(format!("{name} ({form}): {d}"));
    }
    if head {
        let (mut a, mut b) = (json.meta.clone(), wire.meta.clone());
        // The notes say how the record was read, not what it holds.
        a.notes.clear();
        b.notes.clear();
        if a != b {
            out.push(format!(
                "{name} ({form}): the metadata differs:\n  json {a:?}\n  wire {b:?}"
            ));
        }
    }
    out
}

#[test]
fn the_wire_form_of_an_independent_encoder_reads_as_the_json() {
    if !python_has_ms_api() {
        println!(
            "SKIPPED: python3 with the packages ms_api and protobuf is not installed (`pip install ms_api==0.11.100`; .ci/run installs it)"
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch();
    let records = json_records("the_wire_form_of_an_independent_encoder_reads_as_the_json");
    let mut failures = Vec::new();
    let mut forms = 0;
    for (i, record) in records.iter().enumerate() {
        let json_path = dir.join(format!("{i}.json"));
        std::fs::write(&json_path, &record.text).unwrap();
        let prefix = dir.join(i.to_string());
        let out = Command::new("python3")
            .arg(root.join("bench/majsoul_wire.py"))
            .arg(&json_path)
            .arg(&prefix)
            .output()
            .expect("python3 runs");
        assert!(
            out.status.success(),
            "{}: {}",
            record.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let json = import_str(&record.text, paifu::event::Format::MahjongSoul)
            .unwrap_or_else(|e| panic!("{}: {e}", record.name));
        for (form, head) in [("response", true), ("download", false)] {
            let bytes = std::fs::read(format!("{}.{form}.pb", prefix.display())).unwrap();
            match import_bytes(&bytes, &ImportOptions::default()) {
                Ok(wire) => failures.extend(same_game(&record.name, form, &json, &wire, head)),
                Err(e) => failures.push(format!("{} ({form}): {e}", record.name)),
            }
            forms += 1;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    report(&format!(
        "Mahjong Soul wire form by an independent encoder: {} records, {forms} encodings read, {} differing",
        records.len(),
        failures.len()
    ));
    assert!(!records.is_empty(), "no record was read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
