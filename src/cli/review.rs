//! `paifu review`: each player's decisions reviewed for a teacher. The
//! review is built by `paifu::review`; this module reads the files in
//! parallel, writes the chosen report and picks the exit status.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};

use paifu::report::RulesChoice;
use paifu::review::Options;
use paifu::review::write::{
    Batch, Outcome, ReviewedFile, review_game, write_html, write_json, write_text,
};

use super::batch::{self, Failure};
use super::input::{ReadArgs, expand};
use super::rules::load_rules;

/// The report's form.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    /// For people: per kyoku one line an item, then each seat's summary.
    Text,
    /// JSON lines: one item per line, then a summary line
    /// (formats/review.md).
    Json,
    /// One standalone HTML page (no network), the hands drawn as tiles.
    Html,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit status: 0 when every file was reviewed, 2 when one could not be read
(the other files are still reviewed and reported).

Examples:
  paifu review game.mjlog
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
    /// With `--format json`: also one line per discard decision (every
    /// candidate discard with its shanten, acceptance and waits) and per
    /// chance passed.
    #[arg(long)]
    decisions: bool,
    /// `EFFICIENCY` is an inaccuracy when the discard accepts at least this
    /// many percent fewer tiles than the best at the same shanten.
    #[arg(long, value_name = "PERCENT", default_value_t = Options::default().efficiency_threshold,
          value_parser = clap::value_parser!(u8).range(1..=100))]
    efficiency_threshold: u8,
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
    let options = Options {
        efficiency_threshold: args.efficiency_threshold,
    };
    let paths = expand(&args.files);
    if let Some(out) = &args.output
        && paths.iter().any(|p| same_file(p, out))
    {
        bail!("the output {} is one of the inputs", out.display());
    }
    let files: Vec<ReviewedFile> = batch::run(&paths, &args.read.options(), |log| {
        review_game(log, &choice, &options)
    })
    .into_iter()
    .map(|(file, result)| ReviewedFile {
        file,
        outcome: match result {
            Ok(g) => Outcome::Reviewed(Box::new(g)),
            Err(Failure::Import(e)) => Outcome::ImportError(e),
            Err(Failure::Internal(e)) => Outcome::InternalError(e),
        },
    })
    .collect();
    for f in &files {
        match &f.outcome {
            Outcome::ImportError(e) => eprintln!("paifu: {}: {e}", f.file),
            Outcome::InternalError(e) => eprintln!("paifu: internal error in {}: {e}", f.file),
            Outcome::Reviewed(_) => {}
        }
    }
    let batch = Batch {
        rules: choice.label().to_owned(),
        files,
        seat: args.seat.clone(),
        decisions: args.decisions,
        options,
    };
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot write {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    match args.format {
        OutputFormat::Text => write_text(&batch, &mut out)?,
        OutputFormat::Json => write_json(&batch, &mut out)?,
        OutputFormat::Html => write_html(&batch, &mut out)?,
    }
    out.flush()?;
    Ok(ExitCode::from(batch.exit_status()))
}

/// Whether two paths name the same file (an output never overwrites an
/// input).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
