//! `paifu convert`: write a log as mjai or tenhou.net/6.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};

use paifu::event::Format;
use paifu::export::export;

use super::input::{ReadArgs, read_log};

/// Formats paifu can write.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Target {
    /// mjai JSON lines (Mortal schema, with gimite's result fields).
    Mjai,
    /// tenhou.net/6 JSON (one object).
    Tenhou6,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The format to write.
    #[arg(long, value_enum)]
    to: Target,
    /// The log to convert; `-` reads standard input.
    file: PathBuf,
    /// Where to write; standard output when absent. Never the input file.
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if let Some(out) = &args.output
        && args.file.as_os_str() != "-"
        && out.exists()
        && same_file(&args.file, out)
    {
        bail!(
            "refusing to write over the input {}: choose another -o",
            args.file.display()
        );
    }
    let log = match read_log(&args.file, &args.read.options()) {
        Ok(log) => log,
        Err(err) => {
            eprintln!("paifu: {}: {err:#}", args.file.display());
            return Ok(ExitCode::from(2));
        }
    };
    let format = match args.to {
        Target::Mjai => Format::Mjai,
        Target::Tenhou6 => Format::Tenhou6,
    };
    let mut text = export(&log, format)?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => {
            let mut out = std::io::stdout().lock();
            if let Err(e) = out.write_all(text.as_bytes())
                && e.kind() != std::io::ErrorKind::BrokenPipe
            {
                return Err(e.into());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
