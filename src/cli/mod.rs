//! Argument parsing and the subcommands. `anyhow` is used here and only
//! here; the library returns typed errors.

mod audit;
mod convert;
mod danger;
mod events;
mod input;
mod review;
mod rules;
mod score;
mod side;
mod stats;
#[cfg(feature = "viewer")]
mod view;
mod wall;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Replay and audit recorded Riichi mahjong games.
#[derive(Debug, Parser)]
#[command(name = "paifu", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the normalised event stream of each log as JSON lines
    /// (a `game` metadata line first, then one event per line).
    Events(events::Args),
    /// Convert a log to mjai or tenhou.net/6 JSON.
    Convert(convert::Args),
    /// Score a hand: yaku, han, fu, points and payments under a rule profile.
    Score(score::Args),
    /// Check logs against a rule profile: one finding per rule broken or
    /// claim contradicted, with its citation, then a summary.
    Audit(audit::Args),
    /// Review each player's decisions for a teacher: missed wins, furiten
    /// discards, deal-ins with a safe tile in hand, yakuless calls,
    /// liability, tile efficiency; each explained with the engine's numbers.
    Review(review::Args),
    /// Each player's statistics over the games read: placements, win,
    /// deal-in, riichi and call rates, values, riichi waits, deal-ins while
    /// tenpai, the review's items per 100 decisions and what to work on
    /// (formats/stats.md defines each).
    Stats(stats::Args),
    /// Measure the review's danger model on logs that show every hand:
    /// predicted against observed deal-ins per bin, the Brier and log-loss
    /// skills against a genbutsu-and-suji table with 95 % intervals over
    /// resampled games, and the AUC (or fit it: `--fit`).
    Danger(danger::Args),
    /// List the rule profiles, or print one as JSON to edit into a variant.
    Rules(rules::Args),
    /// Print each kyoku's wall as the record gives it (the deal, the live
    /// wall, the dead wall), commit to the walls with salted SHA-256
    /// digests (`--digest`), or check them against digests (`--verify`).
    Wall(wall::Args),
    /// Step through a game on a mahjong table with the audit's findings
    /// flagged on the board (a desktop window).
    #[cfg(feature = "viewer")]
    View(view::Args),
}

/// Exit statuses: 0 clean, 1 when `audit` finds what `--fail-on` names
/// (or `score` cannot score, or `wall --verify` finds a wall that does not
/// match), 2 when an input could not be read.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Events(args) => events::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Score(args) => score::run(&args),
        Command::Audit(args) => audit::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::Danger(args) => danger::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Wall(args) => wall::run(&args),
        #[cfg(feature = "viewer")]
        Command::View(args) => view::run(&args),
    }
}
