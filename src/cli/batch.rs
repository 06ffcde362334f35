//! Reading a batch of logs in parallel: each file is read (and hashed),
//! imported and handed to a job on the rayon pool, with a progress bar on a
//! terminal; a panic in one file is caught so that the rest of the batch
//! goes on. The results come back in input order, whatever thread finished
//! first.

use std::io::IsTerminal;
use std::panic::{AssertUnwindSafe, catch_unwind};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use paifu::event::GameLog;
use paifu::import::ImportOptions;
use paifu::report::{ImportFailure, Sha256Digest};

use super::input::{Input, read_hashed};

/// Why a file gave no result.
pub enum Failure {
    /// Found by walking a folder, the file is no game log: skipped.
    Skipped,
    /// It could not be read or imported (with the SHA-256 of its bytes
    /// when they were read to the end).
    Import(ImportFailure),
    /// paifu panicked on it (a bug: the message).
    Internal(String),
}

/// One file's result.
pub struct Done<T> {
    /// The path as given or found.
    pub file: String,
    /// The SHA-256 of its bytes as read, when they were read to the end.
    pub sha256: Option<Sha256Digest>,
    /// The job's result, or why there is none.
    pub result: Result<T, Failure>,
}

/// Runs `job` on every file's game, in parallel; one result per input, in
/// input order, with the path as given.
pub fn run<T: Send>(
    inputs: &[Input],
    options: &ImportOptions,
    job: impl Fn(&GameLog) -> T + Sync,
) -> Vec<Done<T>> {
    let bar = progress(inputs.len());
    let out = inputs
        .par_iter()
        .map(|input| {
            let (sha256, result) = catch_unwind(AssertUnwindSafe(|| {
                let read = read_hashed(&input.path, options);
                let result = match read.log {
                    Ok(log) => Ok(job(&log)),
                    Err(err) if input.walked && err.is_not_a_log() => Err(Failure::Skipped),
                    Err(err) => Err(Failure::Import(err.failure(read.sha256))),
                };
                (read.sha256, result)
            }))
            .unwrap_or_else(|payload| {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_owned());
                (None, Err(Failure::Internal(message)))
            });
            bar.inc(1);
            Done {
                file: input.path.display().to_string(),
                sha256,
                result,
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
