//! `paifu view`: the desktop viewer, or one rendered state as a PNG.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args as ClapArgs;

use paifu::viewer::{self, Options, Profile, ViewerError};

#[derive(Debug, ClapArgs)]
#[command(after_help = "\
Keys: ←/→ event, Shift+←/→ turn, ↑/↓ kyoku, Home/End start/end of the kyoku,
N/P next/previous finding, M/Shift+M next/previous review item,
R rotate the table, D dark/light.

Examples:
  paifu view game.mjlog
  paifu view game.mjlog --rules ema2016
  paifu view game.mjlog --screenshot board.png --kyoku E2-0
  paifu view game.mjlog --screenshot board.png --event 140   (ev#140 of `paifu audit`)
  paifu view game.mjlog --screenshot review.png --item 3
  paifu view game.mjlog --screenshot compare.png --event 443 --compare tenhou,ema2016,wrc2015
  paifu view game.json --event 19 --what-if \"discard East\"")]
pub struct Args {
    /// A log to open (Tenhou XML, tenhou.net/6 JSON, mjai, a Mahjong Soul or Riichi City record; gzip too).
    file: Option<PathBuf>,
    /// Rule profile: `auto` (from the log), a preset (`paifu rules`) or a
    /// JSON profile file.
    #[arg(long, default_value = "auto", value_name = "auto|PRESET|FILE")]
    rules: String,
    /// Render the chosen state to this PNG and exit (needs a display;
    /// under CI run it inside Xvfb).
    #[arg(long, value_name = "OUT.png", requires = "file")]
    screenshot: Option<PathBuf>,
    /// The kyoku to open on: a label as the kyoku list shows it (`E2-1`:
    /// East 2, honba 1), a round (`E2`: its first hand), or a number N: the
    /// N-th round played, honba repeats not counted (in a four-player game
    /// 1-4 are E1-E4 and 5 is S1).
    #[arg(long, value_name = "LABEL|ROUND|N")]
    kyoku: Option<String>,
    /// The event to open on, numbered from 0 in the whole game, as the
    /// viewer's header ("event N of M"), its findings and `paifu audit`
    /// (ev#N) number events. With --kyoku it must lie in that kyoku.
    #[arg(long, visible_alias = "step", value_name = "N")]
    event: Option<usize>,
    /// Open on the N-th review item instead (from 1, in the order
    /// `paifu review` lists a game's items).
    #[arg(long, value_name = "N", conflicts_with_all = ["kyoku", "event"])]
    item: Option<usize>,
    /// The seat (0-3) drawn at the bottom.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..4))]
    seat: u8,
    /// Light tiles and table instead of dark.
    #[arg(long)]
    light: bool,
    /// Open with the Why panel comparing each win under these profiles
    /// (`tenhou,ema2016,wrc2015`), or `all`: the chosen profile and every
    /// preset for the same number of players.
    #[arg(long, value_name = "PROFILES|all")]
    compare: Option<String>,
    /// Open on a what-if branch from the decision at --event: the move in
    /// the words the viewer's "What if…" panel gives it (`discard East`,
    /// `riichi, discard 9m`, `pass`). The kyoku's record must give its wall.
    #[arg(long, value_name = "MOVE", requires = "event")]
    what_if: Option<String>,
    /// Window size in points, `WIDTHxHEIGHT`.
    #[arg(long, default_value = "1440x900", value_parser = parse_size)]
    size: (f32, f32),
}

fn parse_size(text: &str) -> Result<(f32, f32), String> {
    let (w, h) = text
        .split_once('x')
        .ok_or_else(|| format!("expected WIDTHxHEIGHT, found `{text}`"))?;
    let n = |s: &str| {
        s.trim()
            .parse::<f32>()
            .ok()
            .filter(|v| (200.0..=8000.0).contains(v))
            .ok_or_else(|| format!("`{s}` is not a size between 200 and 8000"))
    };
    Ok((n(w)?, n(h)?))
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let profile = Profile::parse(&args.rules, false).map_err(ViewerError::from)?;
    let compare = match args.compare.as_deref() {
        None => None,
        Some("all") => Some(Vec::new()),
        Some(list) => Some(
            list.split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(|name| Profile::parse(name, false).map_err(ViewerError::from))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let options = Options {
        file: args.file.clone(),
        profile,
        kyoku: args.kyoku.clone(),
        event: args.event,
        item: args.item,
        bottom: args.seat,
        dark: !args.light,
        width: args.size.0,
        height: args.size.1,
        remember_files: args.screenshot.is_none(),
        compare,
        what_if: args.what_if.clone(),
    };
    match &args.screenshot {
        Some(out) => {
            viewer::screenshot(&options, out)
                .with_context(|| format!("cannot render {}", out.display()))?;
            eprintln!("paifu: wrote {}", out.display());
        }
        None => viewer::run(options)?,
    }
    Ok(ExitCode::SUCCESS)
}
