//! `paifu stats`: each player's statistics over the games read. The
//! tallies are `paifu::stats`' over a `paifu::batch` of the files; this
//! module picks the report and writes it.

use std::path::PathBuf;
use std::process::ExitCode;

use paifu::batch::{self, Batch};
use paifu::rules::ProfileSpec;
use paifu::stats::write::html::{Page, write_html};
use paifu::stats::write::{Summary, write_json, write_text};
use paifu::stats::{By, Options, collect, game_stats, game_stats_with_review};

use super::input::{ReadArgs, batch_inputs, report_writer, say_failures};

/// The report's form.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    /// For people: a block per player.
    Text,
    /// JSON lines: one line per player, then a summary line
    /// (formats/stats.md).
    Json,
    /// One standalone page: placements as bars, each statistic on the
    /// spread of the batch's players, what to work on.
    Html,
}

/// What the lines are split by.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Group {
    /// Tenhou, Mahjong Soul, Riichi City, Majiang (as the log shows it).
    Platform,
    /// The lobby or room.
    Lobby,
    /// The month played (from the log id).
    Month,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Every statistic is defined in formats/stats.md. Games of three and four
players are never added together: a player with both gets a line each.
The review runs beside the statistics (its items per 100 decisions and
what to work on); --no-review leaves it out, which is most of the time.

Exit status: 0 when every file was read, 2 when one could not be read or
was damaged part-way (its complete kyoku are still counted; the other
files are counted and reported). A file found in a folder that is no game
log (a README) is skipped, not an error.

Examples:
  paifu stats logs/
  paifu stats --player NAME --player OTHER_ACCOUNT --by month logs/
  paifu stats --format json --min-games 20 -o stats.jsonl logs/
  paifu stats --format html --player NAME -o NAME.html logs/")]
pub struct Args {
    /// Only this player; given several times, the names are one person's
    /// accounts, merged into one line under the first.
    #[arg(long, value_name = "NAME")]
    player: Vec<String>,
    /// Split each player's line by platform, lobby or month.
    #[arg(long, value_enum)]
    by: Option<Group>,
    /// Leave out lines of fewer games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    min_games: u32,
    /// Leave the review out: no items per 100 decisions, no "what to
    /// work on".
    #[arg(long)]
    no_review: bool,
    /// The HTML page marks each statistic on the spread of the batch's
    /// players with at least this many games (whatever --player keeps).
    #[arg(long, value_name = "N", default_value_t = 20)]
    population_min_games: u32,
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
    /// Log files or folders (searched recursively; a file found there that
    /// is no game log is skipped); `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let choice = ProfileSpec::parse(&args.rules, false)?.load()?;
    let inputs = batch_inputs(&args.files, args.output.as_deref())?;
    let review = !args.no_review;
    let files = batch::run(&inputs, &args.read.options(), |log| {
        let rules = &choice.for_log(log).rules;
        if review {
            game_stats_with_review(log, rules)
        } else {
            game_stats(log, rules)
        }
    });
    say_failures(&files);
    let batch = Batch {
        rules: choice.label().to_owned(),
        files,
    };
    let options = Options {
        players: args.player.clone(),
        by: args.by.map(|g| match g {
            Group::Platform => By::Platform,
            Group::Lobby => By::Lobby,
            Group::Month => By::Month,
        }),
        min_games: args.min_games,
    };
    let players = collect(batch.games().map(|(_, g)| g), &options);
    let summary = Summary::of(&batch, players.len());
    let split = options.by.is_some();
    let mut out = report_writer(args.output.as_deref())?;
    match args.format {
        OutputFormat::Text => write_text(&players, split, &summary, &mut out)?,
        OutputFormat::Json => write_json(&players, split, &summary, &mut out)?,
        OutputFormat::Html => {
            let population = collect(
                batch.games().map(|(_, g)| g),
                &Options {
                    players: Vec::new(),
                    by: options.by,
                    min_games: args.population_min_games,
                },
            );
            let page = Page {
                players: &players,
                population: &population,
                population_min_games: args.population_min_games,
                split,
                rules: &batch.rules,
                summary: &summary,
            };
            write_html(&page, &mut out)?;
        }
    }
    out.flush()?;
    let status = if batch.tally().unreadable() {
        batch::EXIT_UNREADABLE
    } else {
        batch::EXIT_CLEAN
    };
    Ok(ExitCode::from(status))
}
