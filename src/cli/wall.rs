//! `paifu wall`: each kyoku's wall, its digest, or the check of a digest
//! file (`paifu::report::wall`; `formats/wall-digest.md`).

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};

use paifu::report::wall::digest::{Digests, Salt, digests, verify};
use paifu::report::wall::{KyokuWall, find_kyoku, kyoku_walls, write_json, write_text};

use super::input::{ReadArgs, read_log};

/// How the walls are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Form {
    /// For people: each kyoku's deal, live wall and dead wall.
    Text,
    /// JSON lines, one object per kyoku (`formats/wall-digest.md`).
    Json,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Kyoku are numbered by their place in the game: K is the K-th kyoku dealt,
from 1, every honba repeat and redeal counted (an organiser knows that
number for each wall before the game, not the label play will give it).
`paifu view --kyoku N` counts rounds instead; both read labels alike.

A digest line is `K <SHA-256 in hex>`, or `K none` for a kyoku whose
record gives no wall; the game line `game <hex>` is the SHA-256 of the
kyoku lines. Each digest is taken over a canonical text of the wall and
the salt that `formats/wall-digest.md` specifies, so that anyone can
recompute it with printf and sha256sum.

Examples:
  paifu wall game.json
  paifu wall game.json --kyoku E2-1 --format json
  paifu wall game.json --digest --salt \"$SALT\" > walls.sha256
  paifu wall game.json --verify walls.sha256 --salt \"$SALT\"")]
pub struct Args {
    /// The log (any format paifu reads, gzip too); `-` reads standard input.
    file: PathBuf,
    /// One kyoku: its number K (see below), a label as the audit prints
    /// it (`E2-1`: East 2, one honba) or a round (`E2`: its first hand).
    #[arg(long, value_name = "K|LABEL|ROUND")]
    kyoku: Option<String>,
    /// How to write the walls.
    #[arg(long, value_enum, default_value_t = Form::Text)]
    format: Form,
    /// Print each kyoku's wall digest (a commitment to publish before the
    /// game and reveal after) and the game's; needs --salt.
    #[arg(long, conflicts_with_all = ["verify", "format"])]
    digest: bool,
    /// Check each kyoku's wall against a digest file (or its text given
    /// here) as --digest writes it; needs the same --salt. Exit status 1
    /// on any mismatch.
    #[arg(long, value_name = "DIGEST_FILE|DIGESTS", conflicts_with = "format")]
    verify: Option<String>,
    /// The organiser's secret salt for --digest and --verify: any text on
    /// one line, revealed with the walls after the game.
    #[arg(long, value_name = "S")]
    salt: Option<String>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let salt = match (&args.salt, args.digest || args.verify.is_some()) {
        (Some(s), true) => Some(Salt::new(s)?),
        (None, true) => bail!(
            "--digest and --verify need --salt S: the organiser's secret, published with the walls after the game, so that no one can match a digest against walls known elsewhere before then (formats/wall-digest.md)"
        ),
        (Some(_), false) => bail!("--salt is for --digest or --verify"),
        (None, false) => None,
    };
    let log = match read_log(&args.file, &args.read.options()) {
        Ok(log) => log,
        Err(err) => {
            eprintln!("paifu: {}: {err:#}", args.file.display());
            return Ok(ExitCode::from(2));
        }
    };
    let all = kyoku_walls(&log);
    let walls: &[KyokuWall<'_>] = match &args.kyoku {
        Some(text) => {
            let at = find_kyoku(&all, text)?;
            all.get(at..=at).unwrap_or_default()
        }
        None => &all,
    };
    let whole_game = args.kyoku.is_none();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let status = match (&args.verify, salt) {
        (Some(given), Some(salt)) => {
            let file = read_digests(given)?;
            let checked = verify(walls, &file, &salt, whole_game);
            checked.write(&mut out)?;
            if checked.passed() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        (None, Some(salt)) => {
            if let Some(reason) = walls.iter().find_map(|k| k.no_wall)
                && walls.iter().all(|k| k.wall.is_none())
            {
                bail!("{}: no wall to commit to: {reason}", args.file.display());
            }
            digests(walls, &salt, whole_game).write(&mut out)?;
            ExitCode::SUCCESS
        }
        _ => {
            match args.format {
                Form::Text => write_text(&args.file.display().to_string(), walls, &mut out)?,
                Form::Json => write_json(walls, &mut out)?,
            }
            ExitCode::SUCCESS
        }
    };
    out.flush()?;
    Ok(status)
}

/// The digest file named, or the digest lines given in its place.
fn read_digests(given: &str) -> anyhow::Result<Digests> {
    let path = Path::new(given);
    if path.is_file() {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the digest file {}", path.display()))?;
        return Digests::parse(&text).with_context(|| format!("{}", path.display()));
    }
    Digests::parse(given)
        .with_context(|| format!("--verify `{given}` is no file, and not digest lines either"))
}
