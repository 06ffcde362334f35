//! A batch run in parallel: each file is read (and hashed), imported and
//! handed to the job on the rayon pool, with a progress bar on a
//! terminal; a panic in one file is caught so that the rest of the batch
//! goes on. The results come back in input order, whatever thread finished
//! first.

use std::io::IsTerminal;
use std::panic::{AssertUnwindSafe, catch_unwind};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use super::{BatchFile, FileOutcome, Input, read_hashed};
use crate::event::GameLog;
use crate::import::ImportOptions;

/// Runs `job` on every file's game, in parallel; one result per input, in
/// input order, with the path as given.
pub fn run<T: Send>(
    inputs: &[Input],
    options: &ImportOptions,
    job: impl Fn(&GameLog) -> T + Sync,
) -> Vec<BatchFile<T>> {
    let bar = progress(inputs.len());
    let out = inputs
        .par_iter()
        .map(|input| {
            let (sha256, outcome) = catch_unwind(AssertUnwindSafe(|| {
                let read = read_hashed(&input.path, options);
                let outcome = match read.log {
                    Ok(log) => FileOutcome::Game(Box::new(job(&log))),
                    Err(err) if input.walked && err.is_not_a_log() => FileOutcome::Skipped,
                    Err(err) => FileOutcome::ImportError(err.failure()),
                };
                (read.sha256, outcome)
            }))
            .unwrap_or_else(|payload| {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_owned());
                (None, FileOutcome::InternalError(message))
            });
            bar.inc(1);
            BatchFile {
                file: input.path.display().to_string(),
                sha256,
                outcome,
            }
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
