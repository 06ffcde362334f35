//! `paifu wall`: each kyoku's wall as the record gives it, written for
//! people ([`write_text`]) and as JSON lines for programs ([`write_json`]),
//! and the commitment to it ([`digest`]). `formats/wall-digest.md` is the
//! contract.
//!
//! A kyoku is numbered by its place in the game: the n-th kyoku dealt,
//! from 1, every honba repeat and redeal counted. An organiser who commits
//! to walls before a game knows that number for each wall, not the kyoku
//! label (`E2-1`) that play will give it.
//!
//! A kyoku whose record gives no wall says so, with the reason
//! ([`no_wall_reason`]); nothing here guesses a wall.

pub mod digest;

use std::io::{self, Write};

use serde::Serialize;

use crate::event::{Event, Format, GameLog, Seat, Wall};
use crate::names;
use crate::plural::count;
use crate::tile::Tile;

/// Tiles per row of the live wall in the text form.
const ROW: usize = 10;

/// What `paifu wall` could not do with what it was given.
#[derive(Debug, thiserror::Error)]
pub enum WallError {
    /// `--kyoku` names no kyoku of the game.
    #[error(
        "no kyoku `{text}` in this game; its kyoku are {labels} (give a label such as E2-1, a round such as E2 for its first hand, or a kyoku number 1–{count}: the n-th kyoku dealt, honba repeats counted)"
    )]
    NoSuchKyoku {
        /// What was asked for.
        text: String,
        /// The game's kyoku labels, comma-separated.
        labels: String,
        /// How many kyoku the game has.
        count: usize,
    },
    /// The salt cannot go into the canonical text.
    #[error("the salt {reason}")]
    Salt {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A line of a digest file is not one `--digest` writes.
    #[error("digest line {line}: `{text}`: {problem}")]
    DigestLine {
        /// The line, from 1.
        line: usize,
        /// The line as read (cut short when long).
        text: String,
        /// What was expected.
        problem: String,
    },
    /// A digest file without a single digest.
    #[error(
        "the digest holds no line: expected `K <64 hex digits>`, `K none` or `game <64 hex digits>`"
    )]
    EmptyDigests,
}

/// One kyoku of a game and its wall, as `paifu wall` lists it (the JSON
/// lines of `--format json` are this, one kyoku a line).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct KyokuWall<'a> {
    /// The kyoku's number in the game: the n-th kyoku dealt, from 1.
    pub number: usize,
    /// The kyoku label, `E2-1`.
    pub label: String,
    /// The kyoku as players say it, `East 2, 1 counter`.
    pub name: String,
    /// The dealer's seat.
    pub dealer: Seat,
    /// The wall, as `paifu events` writes it (`formats/events.md`, "The
    /// wall"); `null` when the record gives none.
    pub wall: Option<&'a Wall>,
    /// Why there is no wall; absent when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_wall: Option<&'static str>,
}

/// Every kyoku of the game with its wall, in the order dealt.
#[must_use]
pub fn kyoku_walls(log: &GameLog) -> Vec<KyokuWall<'_>> {
    let reason = no_wall_reason(log);
    log.events
        .iter()
        .filter_map(|e| match &e.event {
            Event::StartKyoku(sk) => Some(sk),
            _ => None,
        })
        .enumerate()
        .map(|(i, sk)| KyokuWall {
            number: i + 1,
            label: sk.label(),
            name: names::kyoku(sk.round_wind, sk.kyoku, sk.honba),
            dealer: sk.dealer,
            wall: sk.wall.as_deref(),
            no_wall: sk.wall.is_none().then_some(reason),
        })
        .collect()
}

/// Why a kyoku of this log has no wall: what its format records.
#[must_use]
pub fn no_wall_reason(log: &GameLog) -> &'static str {
    match log.meta.format {
        Format::Tenhou6 => "tenhou.net/6 logs do not record the wall",
        Format::TenhouXml if log.meta.rules.tenhou_early_format == Some(true) => {
            "this Tenhou log is in the early format, whose seed paifu does not rebuild walls from"
        }
        Format::TenhouXml => {
            "this Tenhou log's wall is not rebuilt: paifu rebuilds walls from the SHUFFLE seed `mt19937ar-sha512-n288-base64` only"
        }
        Format::Mjai => "this mjai log lists no wall (akochan's logs do, in `haiyama`)",
        Format::MahjongSoul => "the Mahjong Soul record gives no wall (`paishan`) for this kyoku",
        Format::RiichiCity => "the Riichi City record gives no wall (`paiShan`) for this kyoku",
    }
}

/// The kyoku `text` names: a kyoku number (`3`, the third kyoku dealt),
/// a kyoku label (`E2-1`) or a round (`E2`: its first hand), labels and
/// rounds as `paifu view --kyoku` reads them. Returns its place in
/// `walls`.
///
/// # Errors
///
/// [`WallError::NoSuchKyoku`], which lists the game's kyoku.
pub fn find_kyoku(walls: &[KyokuWall<'_>], text: &str) -> Result<usize, WallError> {
    let text = text.trim();
    let round = |k: &KyokuWall<'_>| k.label.split('-').next().unwrap_or_default().to_owned();
    let found = match text.parse::<usize>() {
        Ok(n) => walls.iter().position(|k| k.number == n),
        Err(_) => walls
            .iter()
            .position(|k| k.label.eq_ignore_ascii_case(text))
            .or_else(|| {
                walls
                    .iter()
                    .position(|k| round(k).eq_ignore_ascii_case(text))
            }),
    };
    found.ok_or_else(|| WallError::NoSuchKyoku {
        text: text.to_owned(),
        labels: walls
            .iter()
            .map(|k| k.label.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        count: walls.len(),
    })
}

/// Tiles in compact notation, one by one in the order given, a space
/// between two: `1m 0p 7z`. The digest's canonical text writes them so.
#[must_use]
pub fn tile_row(tiles: &[Tile]) -> String {
    tiles
        .iter()
        .map(|t| t.to_compact())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes the walls for people: a line for the file, then each kyoku's
/// deal, live wall and dead wall; a log that gives no wall says so once.
///
/// # Errors
///
/// The writer's.
pub fn write_text(file: &str, walls: &[KyokuWall<'_>], out: &mut impl Write) -> io::Result<()> {
    let given = walls.iter().filter(|k| k.wall.is_some()).count();
    let kyoku = count(walls.len(), "kyoku", "kyoku");
    match walls.iter().find_map(|k| k.no_wall) {
        Some(reason) if given == 0 => {
            return writeln!(out, "{file}: {kyoku}; the record gives no wall: {reason}");
        }
        _ if walls.is_empty() => return writeln!(out, "{file}: no kyoku"),
        Some(_) => writeln!(out, "{file}: {kyoku}; the record gives the wall of {given}")?,
        None if walls.len() == 1 => writeln!(out, "{file}: {kyoku}; the record gives its wall")?,
        None => writeln!(out, "{file}: {kyoku}; the record gives the wall of each")?,
    }
    for k in walls {
        writeln!(out)?;
        writeln!(
            out,
            "Kyoku {}: {} ({}), dealer seat {}",
            k.number,
            k.name,
            k.label,
            k.dealer.get()
        )?;
        match k.wall {
            Some(wall) => write_wall(wall, out)?,
            None => writeln!(out, "  no wall: {}", k.no_wall.unwrap_or_default())?,
        }
    }
    Ok(())
}

/// One wall in drawing order: the deal, the live wall, the dead wall.
fn write_wall(wall: &Wall, out: &mut impl Write) -> io::Result<()> {
    if wall.deal.is_empty() {
        writeln!(
            out,
            "  deal: not given with the wall (it starts after the deal)"
        )?;
    } else {
        writeln!(out, "  deal, each hand in the order dealt:")?;
        for (seat, hand) in wall.deal.iter().enumerate() {
            writeln!(out, "    seat {seat}  {}", tile_row(hand))?;
        }
    }
    writeln!(
        out,
        "  live wall, {} in drawing order:",
        count(wall.live.len(), "tile", "tiles")
    )?;
    for (row, tiles) in wall.live.chunks(ROW).enumerate() {
        writeln!(out, "    {:>3}  {}", row * ROW + 1, tile_row(tiles))?;
    }
    let listed = |tiles: &[Tile]| {
        if tiles.is_empty() {
            "none".to_owned()
        } else {
            tile_row(tiles)
        }
    };
    writeln!(
        out,
        "  replacement tiles, in the order they are taken: {}",
        listed(&wall.replacements)
    )?;
    writeln!(
        out,
        "  dora indicators, in the order they are turned: {}",
        listed(&wall.dora_markers)
    )?;
    writeln!(out, "  ura indicators: {}", listed(&wall.ura_markers))
}

/// Writes one JSON object per kyoku, a line each
/// (`formats/wall-digest.md`, "JSON lines").
///
/// # Errors
///
/// The writer's (serialising these types cannot fail otherwise).
pub fn write_json(walls: &[KyokuWall<'_>], out: &mut impl Write) -> io::Result<()> {
    for k in walls {
        serde_json::to_writer(&mut *out, k)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
