//! The options of every command that reads logs, one log read for the
//! commands that take one (`convert`), and what the batch commands that
//! write a report (`review`, `stats`) share around `paifu::batch`: their
//! inputs, their failures on standard error, their output.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;

use paifu::batch::{BatchFile, Input, expand, output_is_input};
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

/// The files a batch command reads, its folders walked; an output that is
/// one of them is refused before anything is read.
pub fn batch_inputs(files: &[PathBuf], output: Option<&Path>) -> anyhow::Result<Vec<Input>> {
    let inputs = expand(files);
    if let Some(out) = output
        && output_is_input(out, &inputs)
    {
        bail!("the output {} is one of the inputs", out.display());
    }
    Ok(inputs)
}

/// Says on standard error why each file of a batch could not be read or
/// judged; the others are reported as usual.
pub fn say_failures<T>(files: &[BatchFile<T>]) {
    for message in files.iter().filter_map(BatchFile::failure) {
        eprintln!("paifu: {message}");
    }
}

/// Where a report goes: the file `-o` names, else standard output.
pub fn report_writer(output: Option<&Path>) -> anyhow::Result<Box<dyn Write>> {
    Ok(match output {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot write {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    })
}
