//! `paifu audit`: check logs against a rule profile and report the
//! findings. The report itself is built and written by `paifu::report`;
//! this module reads the files in parallel and picks the exit status.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use paifu::engine::Severity;
use paifu::report::{
    FileOutcome, FileReport, Report, RulesChoice, audit_game, write_json, write_text,
};

use super::batch::{self, Failure};
use super::input::{ReadArgs, expand};
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
    let files: Vec<FileReport> = batch::run(&paths, &options, |log| audit_game(log, &choice))
        .into_iter()
        .map(|(file, result)| FileReport {
            file,
            outcome: match result {
                Ok(g) => FileOutcome::Audited(Box::new(g)),
                Err(Failure::Import(e)) => FileOutcome::ImportError(e),
                Err(Failure::Internal(e)) => FileOutcome::InternalError(e),
            },
        })
        .collect();
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
