//! What every batch command does, once: `paifu audit` and `paifu review`
//! (and whatever reads many logs next) are uses of it.
//!
//! The PATH arguments are walked into files ([`expand`], folders in
//! sorted order); each file is read with its SHA-256 taken as the bytes
//! pass ([`read_hashed`]: gzip undone and the size capped by the
//! importer), imported and handed to the command's job on the rayon pool,
//! with a progress bar on a terminal and a panic caught per file
//! ([`run`]). The results come back in input order as one
//! [`BatchFile`] per input: the job's result for the game ([`FileOutcome`]
//! is generic over it), or why there is none — skipped (a file found in a
//! folder that is no game log), unreadable (an [`ImportFailure`], located)
//! or an internal error. A [`Batch`] counts them ([`Tally`]) and says the
//! exit status they impose ([`EXIT_UNREADABLE`]); [`text`] and [`json`]
//! write what every batch report says of its files, each command writing
//! only its games. An output file is never one of the inputs
//! ([`output_is_input`]).

mod digest;
mod failure;
pub(crate) mod json;
mod read;
mod run;
pub(crate) mod text;
mod walk;

use std::path::Path;

pub use digest::{Sha256Digest, profile_fingerprint};
pub use failure::{ImportFailure, SKIPPED_REASON, is_not_a_log};
pub use read::{Hashed, ReadError, read_hashed};
pub use run::run;
pub use walk::{Input, expand};

use crate::event::Damage;

/// Exit status: nothing failed.
pub const EXIT_CLEAN: u8 = 0;
/// Exit status: a finding reached the command's threshold (`paifu audit
/// --fail-on`).
pub const EXIT_FINDINGS: u8 = 1;
/// Exit status: a file could not be read, was damaged part-way, or paifu
/// failed on it (wins over [`EXIT_FINDINGS`]).
pub const EXIT_UNREADABLE: u8 = 2;

/// What a command computes of one game, as the batch's writers read it.
pub trait Judged {
    /// The fingerprint of the profile the game was judged by.
    fn profile_sha256(&self) -> Sha256Digest;
    /// Where the file is damaged, when it is.
    fn damage(&self) -> Option<&Damage>;
    /// The kyoku the game's result covers (those before the damage).
    fn kyoku(&self) -> usize;
}

/// What became of one input file: the job's result `T`, or why there is
/// none.
#[derive(Clone, PartialEq, Debug)]
pub enum FileOutcome<T> {
    /// The game was imported and the job ran on it.
    Game(Box<T>),
    /// Found by walking a folder, the file is no game log (a README):
    /// skipped, not an error. A file named on the command line is never
    /// skipped.
    Skipped,
    /// The file could not be read or imported.
    ImportError(ImportFailure),
    /// paifu itself failed on the file (a bug: the message).
    InternalError(String),
}

/// One input file and what became of it.
#[derive(Clone, PartialEq, Debug)]
pub struct BatchFile<T> {
    /// The path as given (or found in a folder); `-` for standard input.
    pub file: String,
    /// The SHA-256 of the file's bytes as read (before gzip is undone),
    /// when they were read to the end: not when the file could not be
    /// opened, nor when it was refused as too large before its end.
    pub sha256: Option<Sha256Digest>,
    /// The job's result, or why there is none.
    pub outcome: FileOutcome<T>,
}

impl<T> BatchFile<T> {
    /// The game's result, when there is one.
    pub fn game(&self) -> Option<&T> {
        match &self.outcome {
            FileOutcome::Game(g) => Some(g),
            FileOutcome::Skipped | FileOutcome::ImportError(_) | FileOutcome::InternalError(_) => {
                None
            }
        }
    }

    /// The same file with its game's result turned into another.
    #[must_use]
    pub fn map<U>(&self, f: impl FnOnce(&T) -> U) -> BatchFile<U> {
        BatchFile {
            file: self.file.clone(),
            sha256: self.sha256,
            outcome: match &self.outcome {
                FileOutcome::Game(g) => FileOutcome::Game(Box::new(f(g))),
                FileOutcome::Skipped => FileOutcome::Skipped,
                FileOutcome::ImportError(e) => FileOutcome::ImportError(e.clone()),
                FileOutcome::InternalError(e) => FileOutcome::InternalError(e.clone()),
            },
        }
    }

    /// Why the file gave no game, in the line `paifu: …` prints on
    /// standard error; `None` for a game or a skipped file.
    #[must_use]
    pub fn failure(&self) -> Option<String> {
        match &self.outcome {
            FileOutcome::ImportError(e) => Some(format!("{}: {}", self.file, e.message)),
            FileOutcome::InternalError(e) => Some(format!("internal error in {}: {e}", self.file)),
            FileOutcome::Game(_) | FileOutcome::Skipped => None,
        }
    }
}

/// A batch: the files in input order, and the profile chosen for it.
#[derive(Clone, PartialEq, Debug)]
pub struct Batch<T> {
    /// `auto` or the fixed profile's name, as chosen for the batch.
    pub rules: String,
    /// One entry per input file, in input order.
    pub files: Vec<BatchFile<T>>,
}

/// How the files of a batch fared.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// Input files (skipped ones included).
    pub files: usize,
    /// Games the job ran on (damaged ones included).
    pub games: usize,
    /// Files that could not be read or imported.
    pub import_errors: usize,
    /// Files paifu itself failed on.
    pub internal_errors: usize,
    /// Files found in folders that are no game logs, skipped.
    pub skipped: usize,
    /// Files damaged part-way: the kyoku before the damage are judged.
    pub damaged: usize,
}

impl Tally {
    /// Whether a file could not be read or judged, or was read only up to
    /// damage (a skipped file is neither): the exit status is then
    /// [`EXIT_UNREADABLE`].
    #[must_use]
    pub const fn unreadable(&self) -> bool {
        self.import_errors > 0 || self.internal_errors > 0 || self.damaged > 0
    }
}

impl<T> Batch<T> {
    /// The games, with their file names.
    pub fn games(&self) -> impl Iterator<Item = (&str, &T)> {
        self.files
            .iter()
            .filter_map(|f| f.game().map(|g| (f.file.as_str(), g)))
    }

    /// The files skipped as no game logs, in input order.
    pub fn skipped(&self) -> impl Iterator<Item = &str> {
        self.files
            .iter()
            .filter(|f| matches!(f.outcome, FileOutcome::Skipped))
            .map(|f| f.file.as_str())
    }
}

impl<T: Judged> Batch<T> {
    /// How the files fared.
    #[must_use]
    pub fn tally(&self) -> Tally {
        let mut t = Tally {
            files: self.files.len(),
            ..Tally::default()
        };
        for f in &self.files {
            match &f.outcome {
                FileOutcome::Game(g) => {
                    t.games += 1;
                    t.damaged += usize::from(g.damage().is_some());
                }
                FileOutcome::Skipped => t.skipped += 1,
                FileOutcome::ImportError(_) => t.import_errors += 1,
                FileOutcome::InternalError(_) => t.internal_errors += 1,
            }
        }
        t
    }
}

/// Whether `output` names one of the inputs: a report written over a log
/// would destroy it before it is read. A path that does not exist yet is
/// none of them.
#[must_use]
pub fn output_is_input(output: &Path, inputs: &[Input]) -> bool {
    let Ok(out) = output.canonicalize() else {
        return false;
    };
    inputs
        .iter()
        .any(|i| i.path.canonicalize().is_ok_and(|p| p == out))
}
