//! `paifu danger`: the review's danger model measured on logs that show
//! every hand (predicted against observed per bin, the Brier and log-loss
//! skills against the genbutsu-and-suji baseline with their intervals over
//! resampled games, the AUC), or fitted on them (`--fit`, writing the
//! model's table as Rust, then measuring the test half with it). The games go through `paifu::batch` like every
//! batch command; the cases are `paifu::review::danger::calibrate`'s.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use paifu::batch::{self, expand};
use paifu::review::ThreatKind;
use paifu::review::danger::calibrate::{
    Half, Observed, fit, measure, observe, repredict, table_source,
};
use paifu::review::pushfold::loss::{self, Losses, losses_source};
use paifu::rules::ProfileSpec;

use super::input::ReadArgs;

/// Which files of the inputs to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Which {
    /// Every file.
    All,
    /// The files whose SHA-256 begins with an even byte (the fit half).
    Fit,
    /// The files whose SHA-256 begins with an odd byte (the test half).
    Test,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Only logs that show every hand give cases (Tenhou XML does). With --fit the
fit half of the inputs is fitted on, the table written, and the test half
measured with it; without it the chosen files are measured with the table
paifu was built with.

Examples:
  paifu danger --half test ../shared/corpus/tenhou-xml
  paifu danger --fit src/review/danger/table.rs ../shared/corpus/tenhou-xml
  paifu danger --fit-losses src/review/pushfold/losses.rs ../shared/corpus/tenhou-xml")]
pub struct Args {
    /// Rule profile: `auto` (each game's from its log), a preset or a JSON
    /// profile file.
    #[arg(long, default_value = "auto", value_name = "auto|PRESET|FILE")]
    rules: String,
    /// The files measured: all, or one half of them by SHA-256.
    #[arg(long, value_enum, default_value_t = Which::All)]
    half: Which,
    /// Fit the model on the fit half and write its table (Rust) here.
    #[arg(long, value_name = "TABLE_RS")]
    fit: Option<PathBuf>,
    /// Count the average ron value to each kind of threat on the fit half
    /// (push or fold's loss table) and write it (Rust) here.
    #[arg(long, value_name = "LOSSES_RS")]
    fit_losses: Option<PathBuf>,
    /// Log files or folders (searched recursively).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let choice = ProfileSpec::parse(&args.rules, false)?.load()?;
    let inputs = expand(&args.files);
    let files = batch::run(&inputs, &args.read.options(), |log| {
        let rules = choice.for_log(log).rules;
        (observe(log, &rules), loss::count(log, &rules))
    });
    let which = if args.fit.is_some() || args.fit_losses.is_some() {
        Which::Fit
    } else {
        args.half
    };
    let mut observed = Observed::default();
    let mut losses = Losses::default();
    // With --fit, the test half too: measured with the new table at once.
    let mut held_out = Observed::default();
    let (mut games, mut failed) = (0usize, 0usize);
    for f in &files {
        if let Some(message) = f.failure() {
            eprintln!("paifu: {message}");
            failed += 1;
        }
        let (Some((o, l)), Some(sha)) = (f.game(), f.sha256) else {
            continue;
        };
        let keep = match which {
            Which::All => true,
            Which::Fit => Half::of(&sha) == Half::Fit,
            Which::Test => Half::of(&sha) == Half::Test,
        };
        if keep {
            games += 1;
            observed.merge(o.clone());
            losses.merge(l);
        } else if args.fit.is_some() {
            held_out.merge(o.clone());
        }
    }
    let command = |flag: &str, path: &std::path::Path| {
        format!(
            "paifu danger {flag} {} {}",
            path.display(),
            args.files
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )
    };
    if let Some(path) = &args.fit_losses {
        std::fs::write(
            path,
            losses_source(&losses, &command("--fit-losses", path), games),
        )
        .with_context(|| format!("cannot write {}", path.display()))?;
        print!("{}", losses.to_text());
        println!("counted on {games} games; written to {}", path.display());
        if args.fit.is_none() {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if let Some(path) = &args.fit {
        let table = fit(observed.cases.iter());
        std::fs::write(path, table_source(&table, &command("--fit", path), games))
            .with_context(|| format!("cannot write {}", path.display()))?;
        println!(
            "fitted on {games} games: {} cases against a riichi, {} against an open hand; written to {}",
            table.cases[0],
            table.cases[1],
            path.display()
        );
        println!(
            "the {} games of the test half with the table just fitted (as a build with it would measure them):",
            held_out.games
        );
        repredict(&table, &mut held_out.cases);
        for kind in [None, Some(ThreatKind::Riichi), Some(ThreatKind::Open)] {
            print!("{}", measure(held_out.cases.iter(), kind).to_text());
        }
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{games} games ({} half), {failed} files unreadable",
        match which {
            Which::All => "either",
            Which::Fit => "fit",
            Which::Test => "test",
        }
    );
    #[allow(clippy::cast_precision_loss)]
    let share = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "threats: {} riichi, {} open (of the open: {:.1}% tenpai, {:.1}% could win by ron)",
        observed.riichi_threats,
        observed.open_threats,
        share(observed.open_tenpai, observed.open_threats),
        share(observed.open_can_win, observed.open_threats),
    );
    for kind in [None, Some(ThreatKind::Riichi), Some(ThreatKind::Open)] {
        print!("{}", measure(observed.cases.iter(), kind).to_text());
    }
    print!("{}", losses.to_text());
    Ok(ExitCode::SUCCESS)
}
