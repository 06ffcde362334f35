//! `paifu events`: the normalised stream as JSON lines.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use paifu::event::GameLine;

use paifu::batch::{expand, read_hashed};

use super::input::ReadArgs;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Log files or folders (searched recursively; a file found there that
    /// is no game log is skipped, with a note on standard error); `-` reads
    /// standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let options = args.read.options();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    for input in expand(&args.files) {
        let path = input.path;
        match read_hashed(&path, &options).log {
            Ok(log) => {
                let file = path.display().to_string();
                let line = GameLine::new(&file, &log.meta);
                let written = (|| -> std::io::Result<()> {
                    serde_json::to_writer(&mut out, &line)?;
                    out.write_all(b"\n")?;
                    for e in &log.events {
                        serde_json::to_writer(&mut out, e)?;
                        out.write_all(b"\n")?;
                    }
                    Ok(())
                })();
                if let Err(e) = written {
                    if e.kind() == std::io::ErrorKind::BrokenPipe {
                        return Ok(ExitCode::SUCCESS);
                    }
                    return Err(e.into());
                }
            }
            Err(err) if input.walked && err.is_not_a_log() => {
                eprintln!("paifu: {}: skipped, not a game log", path.display());
            }
            Err(err) => {
                failed = true;
                eprintln!("paifu: {}: {err}", path.display());
            }
        }
    }
    if let Err(e) = out.flush()
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        return Err(e.into());
    }
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
