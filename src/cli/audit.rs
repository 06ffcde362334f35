//! `paifu audit`: check logs against a rule profile and report the
//! findings: a use of `paifu::batch`, whose files `paifu::report`
//! audits, writes and judges for the exit status.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use paifu::batch::{self, expand, output_is_input};
use paifu::report::{
    FailOn, Report, audit_game, write_html, write_html_summary, write_json, write_json_summary,
    write_text, write_text_summary,
};
use paifu::rules::ProfileSpec;

use super::input::{ReadArgs, say_failures};
use super::side;

/// The report's form.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    /// For people: per file, per kyoku, one line a finding, then a summary.
    Text,
    /// JSON lines: one finding per line, then a summary line
    /// (formats/audit-report.md).
    Json,
    /// A dashboard of the batch: one standalone HTML page (counts by rule,
    /// severity, folder and profile, how the kyoku ended, points per win,
    /// the files with their findings); best written with -o.
    Html,
}

/// What makes the exit status 1.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum FailOnArg {
    /// An error, or a recorded outcome the recomputation contradicts (a
    /// payment, a hand's value, han, fu, yaku, liability, a riichi stick,
    /// the scores carried over, the final scores or game points).
    Error,
    /// Also any other warning.
    Warning,
    /// Any finding at all.
    Info,
    /// Never: only unreadable files change the exit status.
    None,
}

impl FailOnArg {
    const fn policy(self) -> FailOn {
        match self {
            Self::Error => FailOn::Error,
            Self::Warning => FailOn::Warning,
            Self::Info => FailOn::Info,
            Self::None => FailOn::None,
        }
    }
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit status:
  0  no finding fails the --fail-on policy;
  1  one does. By default (--fail-on error) that is an error, or a recorded
     outcome the recomputation contradicts, although those are warnings:
     SCORE-DELTAS, SCORE-POINTS, SCORE-HAN, SCORE-FU, SCORE-YAKU, PAO,
     RIICHI-STICK, SCORE-CONTINUITY, FINAL-SCORE. A tampered payment exits 1.
     --fail-on warning adds every other warning, info every finding; none
     never exits 1;
  2  a file could not be read or imported (the other files are still
     audited and reported; 2 wins over 1). A file found in a folder that is
     no game log (a README) is skipped, not an error; a file named on the
     command line must be a log.
  With several profiles (--rules a,b,c) the status is the worst of the
  profiles': 2 for an unreadable file, else 1 when a finding fails the
  policy under any one of them.

Examples:
  paifu audit testdata/tenhou_xml
  paifu audit --quiet tournament/          # the summary only; exit 1 on a contradicted score
  paifu audit --rules ema2016 --format json --fail-on warning game.mjlog
  paifu audit --format html -o report.html corpus/   # a dashboard of the batch
  paifu audit --rules tenhou,ema2016,wrc2015 game.mjlog   # side by side")]
pub struct Args {
    /// Rule profile: `auto` (each game's from its log), a preset (`paifu
    /// rules` lists them) or a JSON profile file; several separated by
    /// commas (`tenhou,ema2016,wrc2015`) print the games side by side.
    #[arg(long, default_value = "auto", value_name = "auto|PRESET|FILE[,…]")]
    rules: String,
    /// The report's form.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    format: OutputFormat,
    /// What makes the exit status 1 (see below).
    #[arg(long, value_enum, default_value_t = FailOnArg::Error)]
    fail_on: FailOnArg,
    /// Only the summary: the text report's header and summary, or the JSON
    /// summary line. For large batches; unreadable files are still named
    /// on standard error.
    #[arg(short, long)]
    quiet: bool,
    /// Write the report to FILE instead of standard output (never over one
    /// of the input files).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Log files or folders (searched recursively; a file found there that
    /// is no game log is skipped); `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let spec = ProfileSpec::parse(&args.rules, true)?;
    if let Some(profiles) = spec.side()? {
        let json = matches!(args.format, OutputFormat::Json);
        let inputs = expand(&args.files);
        return side::audit(
            &inputs,
            &args.read.options(),
            &profiles,
            json,
            args.fail_on.policy(),
        );
    }
    let choice = spec.load()?;
    let options = args.read.options();
    let inputs = expand(&args.files);
    if let Some(output) = &args.output
        && output_is_input(output, &inputs)
    {
        anyhow::bail!(
            "{} is one of the input files: refusing to write the report over it",
            output.display()
        );
    }
    let files = batch::run(&inputs, &options, |log| audit_game(log, &choice));
    say_failures(&files);
    let report = Report {
        rules: choice.label().to_owned(),
        files,
    };
    match &args.output {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
            write_report(args, &report, &mut BufWriter::new(file))
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
        }
        None => write_report(args, &report, &mut BufWriter::new(std::io::stdout().lock()))?,
    }
    Ok(ExitCode::from(report.exit_status(args.fail_on.policy())))
}

fn write_report(args: &Args, report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    // The dashboard names files relative to the arguments as given.
    let roots: Vec<String> = args
        .files
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    match (args.format, args.quiet) {
        (OutputFormat::Text, false) => write_text(report, out)?,
        (OutputFormat::Text, true) => write_text_summary(report, out)?,
        (OutputFormat::Json, false) => write_json(report, out)?,
        (OutputFormat::Json, true) => write_json_summary(report, out)?,
        (OutputFormat::Html, false) => write_html(report, &roots, out)?,
        (OutputFormat::Html, true) => write_html_summary(report, &roots, out)?,
    }
    out.flush()
}
