//! Reading logs from files, folders and standard input.

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use paifu::event::GameLog;
use paifu::import::{DEFAULT_MAX_SIZE, ImportOptions, import_reader};

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

/// Expands folders into the files below them (sorted, so output order does
/// not depend on the file system); `-` stays standard input.
pub fn expand(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found);
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
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
