//! Reading a batch of logs in parallel: each file is read, imported and
//! handed to a job on the rayon pool, with a progress bar on a terminal; a
//! panic in one file is caught so that the rest of the batch goes on. The
//! results come back in input order, whatever thread finished first.

use std::io::IsTerminal;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use paifu::event::GameLog;
use paifu::import::ImportOptions;

use super::input::read_log;

/// Why a file gave no result.
pub enum Failure {
    /// It could not be read or imported (the error, one line).
    Import(String),
    /// paifu panicked on it (a bug: the message).
    Internal(String),
}

/// Runs `job` on every file's game, in parallel; one result per path, in
/// input order, with the path as given.
pub fn run<T: Send>(
    paths: &[PathBuf],
    options: &ImportOptions,
    job: impl Fn(&GameLog) -> T + Sync,
) -> Vec<(String, Result<T, Failure>)> {
    let bar = progress(paths.len());
    let out = paths
        .par_iter()
        .map(|path| {
            let result = catch_unwind(AssertUnwindSafe(|| match read_log(path, options) {
                Ok(log) => Ok(job(&log)),
                Err(err) => Err(Failure::Import(format!("{err:#}"))),
            }))
            .unwrap_or_else(|payload| {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_owned());
                Err(Failure::Internal(message))
            });
            bar.inc(1);
            (path.display().to_string(), result)
        })
        .collect();
    bar.finish_and_clear();
    out
}

/// A progress bar on stderr when it is a terminal; hidden otherwise, so
/// that logs and pipes stay clean.
fn progress(files: usize) -> ProgressBar {
    if files < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(files as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed} ({eta})")
    {
        bar.set_style(style);
    }
    bar
}
