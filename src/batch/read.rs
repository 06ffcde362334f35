//! Reading one input: the file or standard input, imported (gzip undone,
//! the size capped, the format detected: `import::import_reader`) while
//! its bytes are hashed as they pass.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::{ImportFailure, Sha256Digest, is_not_a_log};
use crate::event::GameLog;
use crate::import::{ImportError, ImportOptions, import_reader};

/// Why an input gave no game.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened (the message names the path).
    #[error("{0}")]
    Open(String),
    /// The bytes could not be imported.
    #[error("{0}")]
    Import(ImportError),
}

impl ReadError {
    /// Whether the bytes are no game log at all (a README, an empty file).
    #[must_use]
    pub fn is_not_a_log(&self) -> bool {
        match self {
            Self::Open(_) => false,
            Self::Import(e) => is_not_a_log(e),
        }
    }

    /// The failure as the reports carry it.
    #[must_use]
    pub fn failure(&self) -> ImportFailure {
        match self {
            Self::Open(message) => ImportFailure::from(message.as_str()),
            Self::Import(e) => ImportFailure::of(e),
        }
    }
}

/// What reading one input gave: the game or why not, and the SHA-256 of
/// the bytes read (before gzip is undone), when they were read to the end
/// (not when the file could not be opened, nor when it was refused as
/// larger than the size cap before its end).
#[derive(Debug)]
pub struct Hashed {
    /// The SHA-256 of the bytes read.
    pub sha256: Option<Sha256Digest>,
    /// The game.
    pub log: Result<GameLog, ReadError>,
}

/// Reads and imports one log, hashing its bytes as they are read; `-` is
/// standard input.
#[must_use]
pub fn read_hashed(path: &Path, options: &ImportOptions) -> Hashed {
    if path.as_os_str() == "-" {
        return import_hashed(std::io::stdin().lock(), options);
    }
    match File::open(path) {
        Ok(file) => import_hashed(file, options),
        Err(e) => Hashed {
            sha256: None,
            log: Err(ReadError::Open(format!(
                "cannot open {}: {e}",
                path.display()
            ))),
        },
    }
}

fn import_hashed(reader: impl Read, options: &ImportOptions) -> Hashed {
    let mut hashing = Hashing {
        inner: reader,
        hasher: Sha256::new(),
        at_end: false,
    };
    let log = import_reader(&mut hashing, options).map_err(ReadError::Import);
    Hashed {
        sha256: hashing
            .at_end
            .then(|| Sha256Digest(hashing.hasher.finalize().into())),
        log,
    }
}

/// A reader that hashes what passes through it and notes when its input
/// ended: the importer reads to the end unless the input is too large.
struct Hashing<R> {
    inner: R,
    hasher: Sha256,
    at_end: bool,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.at_end = true;
        }
        self.hasher.update(buf.get(..n).unwrap_or_default());
        Ok(n)
    }
}
