//! `paifu audit`: check logs against a rule profile and report the
//! findings. The report itself is built and written by `paifu::report`;
//! this module reads the files in parallel and picks the exit status.

use std::io::{BufWriter, IsTerminal, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use paifu::engine::Severity;
use paifu::import::ImportOptions;
use paifu::report::{
    FileOutcome, FileReport, Report, RulesChoice, audit_game, write_json, write_text,
};

use super::input::{ReadArgs, expand, read_log};
use super::rules::load_rules;

/// The report's form.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    /// For people: per file, per kyoku, one line a finding, then a summary.
    Text,
    /// JSON lines: one finding per line, then a summary line
    /// (formats/audit-report.md).
    Json,
}

/// The least severity that makes the exit status 1.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum FailOn {
    Error,
    Warning,
    Info,
}

impl FailOn {
    const fn severity(self) -> Severity {
        match self {
            Self::Error => Severity::Error,
            Self::Warning => Severity::Warning,
            Self::Info => Severity::Info,
        }
    }
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit status: 0 when no finding reaches --fail-on, 1 when one does, 2 when a
file could not be read (the other files are still audited and reported).

Examples:
  paifu audit testdata/tenhou_xml
  paifu audit --rules ema2016 --format json --fail-on warning game.mjlog")]
pub struct Args {
    /// Rule profile: `auto` (each game's from its log), a preset (`paifu
    /// rules` lists them) or a JSON profile file.
    #[arg(long, default_value = "auto", value_name = "auto|PRESET|FILE")]
    rules: String,
    /// The report's form.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    format: OutputFormat,
    /// The least severity that makes the exit status 1.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    fail_on: FailOn,
    /// Log files or folders (searched recursively); `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let choice = if args.rules == "auto" {
        RulesChoice::Auto
    } else {
        RulesChoice::Fixed(load_rules(&args.rules)?)
    };
    let options = args.read.options();
    let paths = expand(&args.files);
    let bar = progress(paths.len());
    // `collect` keeps input order whatever thread finished first.
    let files: Vec<FileReport> = paths
        .par_iter()
        .map(|path| {
            let report = audit_file(path, &options, &choice);
            bar.inc(1);
            report
        })
        .collect();
    bar.finish_and_clear();
    for f in &files {
        match &f.outcome {
            FileOutcome::ImportError(e) => eprintln!("paifu: {}: {e}", f.file),
            FileOutcome::InternalError(e) => eprintln!("paifu: internal error in {}: {e}", f.file),
            FileOutcome::Audited(_) => {}
        }
    }
    let report = Report {
        rules: choice.label().to_owned(),
        files,
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match args.format {
        OutputFormat::Text => write_text(&report, &mut out)?,
        OutputFormat::Json => write_json(&report, &mut out)?,
    }
    out.flush()?;
    Ok(ExitCode::from(report.exit_status(args.fail_on.severity())))
}

/// Reads, imports and audits one file. A panic is a bug in paifu; it is
/// caught here so that the rest of the batch is still audited.
fn audit_file(path: &Path, options: &ImportOptions, choice: &RulesChoice) -> FileReport {
    let outcome = catch_unwind(AssertUnwindSafe(|| match read_log(path, options) {
        Ok(log) => FileOutcome::Audited(Box::new(audit_game(&log, choice))),
        Err(err) => FileOutcome::ImportError(format!("{err:#}")),
    }))
    .unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_owned());
        FileOutcome::InternalError(message)
    });
    FileReport {
        file: path.display().to_string(),
        outcome,
    }
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
