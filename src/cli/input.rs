//! The options of every command that reads logs, and one log read for
//! the commands that take one (`convert`); batches are `paifu::batch`'s.

use std::fs::File;
use std::path::Path;

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
