//! `paifu review`: each player's decisions reviewed for a teacher. The
//! review is built by `paifu::review` over a `paifu::batch` of the files;
//! this module picks the report and writes it.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;

use paifu::batch::{self, Batch};
use paifu::review::Options;
use paifu::review::write::{
    ReviewBatch, review_game, write_html, write_json, write_json_summary, write_text,
    write_text_summary,
};
use paifu::rules::ProfileSpec;

use super::input::{ReadArgs, batch_inputs, report_writer, say_failures};

/// The report's form.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    /// For people: per kyoku one line an item, then each seat's summary.
    Text,
    /// JSON lines: one item per line, then a summary line
    /// (formats/review.md).
    Json,
    /// One standalone HTML page (no network): what to work on, filters,
    /// and each item with its board, hand, candidates and the command that
    /// opens it in the viewer.
    Html,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit status: 0 when every file was reviewed, 2 when one could not be read
or was damaged part-way (its complete kyoku are still reviewed; the other
files are reviewed and reported). A file found in a folder
that is no game log (a README) is skipped, not an error.

Examples:
  paifu review game.mjlog
  paifu review --quiet logs/             # each player's totals only
  paifu review --seat 2 --format html -o review.html game.mjlog
  paifu review --format json --decisions testdata/tenhou_xml")]
pub struct Args {
    /// Only this seat (0-3, from the first dealer) or this player's name.
    #[arg(long, value_name = "N|NAME")]
    seat: Option<String>,
    /// Rule profile: `auto` (each game's from its log), a preset (`paifu
    /// rules` lists them) or a JSON profile file.
    #[arg(long, default_value = "auto", value_name = "auto|PRESET|FILE")]
    rules: String,
    /// The report's form.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    format: OutputFormat,
    /// Write the report to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// With `--format json`: also one line per decision — each discard
    /// (every candidate discard with its shanten, acceptance and waits),
    /// each call, riichi or dama, kong and win open (its alternatives and
    /// the one taken) — and per chance passed.
    #[arg(long)]
    decisions: bool,
    /// Only the summary: the text report's header and the batch's summary,
    /// or the JSON summary line (not with `--format html`).
    #[arg(short, long)]
    quiet: bool,
    /// `EFFICIENCY` is an inaccuracy when the discard accepts at least this
    /// many percent fewer tiles than the best at the same shanten.
    #[arg(long, value_name = "PERCENT", default_value_t = Options::default().efficiency_threshold,
          value_parser = clap::value_parser!(u8).range(1..=100))]
    efficiency_threshold: u8,
    /// Log files or folders (searched recursively; a file found there that
    /// is no game log is skipped); `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let choice = ProfileSpec::parse(&args.rules, false)?.load()?;
    let options = Options {
        efficiency_threshold: args.efficiency_threshold,
        choices: args.decisions,
    };
    if args.quiet && matches!(args.format, OutputFormat::Html) {
        bail!("--quiet has no HTML form: use --format text or json");
    }
    let inputs = batch_inputs(&args.files, args.output.as_deref())?;
    let files = batch::run(&inputs, &args.read.options(), |log| {
        review_game(log, &choice, &options)
    });
    say_failures(&files);
    let batch = ReviewBatch {
        batch: Batch {
            rules: choice.label().to_owned(),
            files,
        },
        seat: args.seat.clone(),
        decisions: args.decisions,
        options,
    };
    let mut out = report_writer(args.output.as_deref())?;
    match (args.format, args.quiet) {
        (OutputFormat::Text, false) => write_text(&batch, &mut out)?,
        (OutputFormat::Text, true) => write_text_summary(&batch, &mut out)?,
        (OutputFormat::Json, false) => write_json(&batch, &mut out)?,
        (OutputFormat::Json, true) => write_json_summary(&batch, &mut out)?,
        (OutputFormat::Html, _) => write_html(&batch, &mut out)?,
    }
    out.flush()?;
    Ok(ExitCode::from(batch.exit_status()))
}
