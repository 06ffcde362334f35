//! Reading logs from files, folders and standard input.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use sha2::{Digest, Sha256};

use paifu::event::GameLog;
use paifu::import::{DEFAULT_MAX_SIZE, ImportError, ImportOptions, import_reader};
use paifu::report::{ImportFailure, Sha256Digest, is_not_a_log};

/// Options shared by every command that reads logs.
#[derive(Debug, Clone, Args)]
pub struct ReadArgs {
    /// Largest accepted log in bytes after gzip decompression; larger
    /// inputs (gzip bombs) are refused.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_SIZE)]
    pub max_size: u64,
}

impl ReadArgs {
    pub fn options(&self) -> ImportOptions {
        ImportOptions {
            max_size: self.max_size,
        }
    }
}

/// A file to read, and how it came to be read.
pub struct Input {
    /// The path; `-` is standard input.
    pub path: PathBuf,
    /// Found by walking a folder rather than named on the command line: a
    /// file there that is no game log (a README) is skipped, where a named
    /// one is an error.
    pub walked: bool,
}

/// Expands folders into the files below them (sorted, so output order does
/// not depend on the file system); `-` stays standard input.
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found);
            found.sort();
            out.extend(found.into_iter().map(|path| Input { path, walked: true }));
        } else {
            out.push(Input {
                path: p.clone(),
                walked: false,
            });
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        // An unreadable folder is reported when its path is opened as a file.
        out.push(dir.to_path_buf());
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Why an input gave no game.
pub enum ReadError {
    /// The file could not be opened (the message, naming the path).
    Open(String),
    /// The bytes could not be imported.
    Import(ImportError),
}

impl ReadError {
    /// Whether the bytes are no game log at all (a README, an empty file).
    pub fn is_not_a_log(&self) -> bool {
        match self {
            Self::Open(_) => false,
            Self::Import(e) => is_not_a_log(e),
        }
    }

    /// The failure as the reports carry it.
    pub fn failure(&self, sha256: Option<Sha256Digest>) -> ImportFailure {
        let failure = match self {
            Self::Open(message) => ImportFailure::from(message.as_str()),
            Self::Import(e) => ImportFailure::of(e),
        };
        ImportFailure { sha256, ..failure }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Open(message) => f.write_str(message),
            Self::Import(e) => write!(f, "{e}"),
        }
    }
}

/// What reading one input gave: the game or why not, and the SHA-256 of
/// the bytes read (before gzip is undone), when they were read to the end
/// (not when the file could not be opened, nor when it was refused as
/// larger than `--max-size` before its end).
pub struct Hashed {
    /// The SHA-256 of the bytes read.
    pub sha256: Option<Sha256Digest>,
    /// The game.
    pub log: Result<GameLog, ReadError>,
}

/// Reads and imports one log, hashing its bytes as they are read; `-` is
/// standard input.
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

/// Reads and imports one log; `-` is standard input.
pub fn read_log(path: &Path, options: &ImportOptions) -> anyhow::Result<GameLog> {
    let log = if path.as_os_str() == "-" {
        import_reader(std::io::stdin().lock(), options)?
    } else {
        let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        import_reader(file, options)?
    };
    Ok(log)
}
