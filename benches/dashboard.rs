//! The dashboard on a large batch: its size and the time to write it.
//!
//! `cargo bench --bench dashboard [-- DIR] [--copies N] [--rounds N]`
//! (default: the whole corpus beside the repository, else `testdata`; 10
//! copies; 3 rounds). Every file of DIR is imported and audited once under
//! the `auto` profile; the [`Report`] is then repeated N times in memory
//! (each copy's files under their own folder, `copy3/…`), about 30,000
//! games for the corpus, and the page is written into a file through a
//! `BufWriter`, as `paifu audit --format html -o` writes it. The best
//! round's time and the page's size are printed. The audit itself is not
//! timed here (`benches/audit.rs` measures it).

#![allow(clippy::expect_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use paifu::batch::{FileOutcome, ImportFailure, Sha256Digest, is_not_a_log};
use paifu::import::{ImportOptions, import_bytes};
use paifu::report::{FileReport, Report, audit_game, write_html};
use paifu::rules::RulesChoice;

fn arg(args: &[String], name: &str, default: usize) -> usize {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let copies = arg(&args, "--copies", 10);
    let rounds = arg(&args, "--rounds", 3);
    let dir = args
        .iter()
        .find(|a| !a.starts_with("--") && std::path::Path::new(a).is_dir())
        .map(PathBuf::from)
        .or_else(common::corpus)
        .unwrap_or_else(common::testdata);
    let root = dir.to_string_lossy().into_owned();
    let options = ImportOptions::default();
    let start = Instant::now();
    let mut once = Vec::new();
    for path in common::files_below(&dir) {
        let bytes = std::fs::read(&path).expect("readable file");
        let sha256 = Some(Sha256Digest::of(&bytes));
        let outcome = match import_bytes(&bytes, &options) {
            Ok(log) => FileOutcome::Game(Box::new(audit_game(&log, &RulesChoice::Auto))),
            Err(e) if is_not_a_log(&e) => continue,
            Err(e) => FileOutcome::ImportError(ImportFailure::of(&e)),
        };
        let rel = path.strip_prefix(&dir).map_or_else(
            |_| path.to_string_lossy().into_owned(),
            |p| p.to_string_lossy().into_owned(),
        );
        once.push((rel, sha256, outcome));
    }
    let audited = start.elapsed().as_secs_f64();
    let mut files = Vec::with_capacity(once.len() * copies);
    for copy in 0..copies {
        for (rel, sha256, outcome) in &once {
            files.push(FileReport {
                file: format!("{root}/copy{copy}/{rel}"),
                sha256: *sha256,
                outcome: outcome.clone(),
            });
        }
    }
    let report = Report {
        rules: "auto".into(),
        files,
    };
    let s = report.summary();
    let roots = vec![root];
    let page =
        std::env::temp_dir().join(format!("paifu-bench-dashboard-{}.html", std::process::id()));
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let start = Instant::now();
        let file = std::fs::File::create(&page).expect("a temporary file");
        let mut out = BufWriter::new(file);
        write_html(&report, &roots, &mut out).expect("the page is written");
        out.flush().expect("the page is written");
        drop(out);
        best = best.min(start.elapsed().as_secs_f64());
    }
    let size = std::fs::metadata(&page).map_or(0, |m| m.len());
    let _ = std::fs::remove_file(&page);
    println!(
        "{} files audited once in {audited:.1} s; {copies} copies: {} files, {} games, {} kyoku, {} findings",
        once.len(),
        s.files,
        s.games,
        s.kyoku,
        s.findings.error + s.findings.warning + s.findings.info
    );
    println!(
        "dashboard: {size} bytes ({:.1} MB), written in {best:.3} s (best of {rounds})",
        size as f64 / 1e6
    );
}
