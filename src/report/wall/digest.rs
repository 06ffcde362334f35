//! The commitment to a kyoku's wall: a SHA-256 digest an organiser
//! publishes before a game and reveals the walls of after it, so that
//! anyone can check the walls played were the walls committed to.
//!
//! The digest is taken over a canonical text ([`canonical`]) that a third
//! party can write from the wall with `printf` and hash with `sha256sum`;
//! `formats/wall-digest.md` specifies it byte for byte. The salt, the
//! organiser's secret until the reveal, keeps a published digest from being
//! matched against walls known elsewhere (a Tenhou wall anyone can rebuild
//! from its seed, a wall published with another game) and two publications
//! of one wall from being linked.

use std::fmt;
use std::io::{self, Write};

use crate::batch::Sha256Digest;
use crate::event::Wall;
use crate::plural::count;
use crate::tile::Tile;

use super::{KyokuWall, WallError, tile_row};

/// The first line of the canonical text: the version of its layout.
pub const CANONICAL_VERSION: &str = "paifu-wall-v1";

/// The longest digest-file line an error quotes whole.
const QUOTED: usize = 80;

/// The organiser's salt: any text without a line break, not empty.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Salt(String);

impl Salt {
    /// The salt `text`.
    ///
    /// # Errors
    ///
    /// [`WallError::Salt`] for an empty salt or one with a line break (the
    /// canonical text holds it on one line).
    pub fn new(text: &str) -> Result<Self, WallError> {
        if text.is_empty() {
            return Err(WallError::Salt {
                reason: "is empty: give the organiser's secret salt",
            });
        }
        if text.contains(['\n', '\r']) {
            return Err(WallError::Salt {
                reason: "holds a line break: it must fit on one line",
            });
        }
        Ok(Self(text.to_owned()))
    }

    /// The salt's text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The canonical text of one kyoku's wall, the bytes its digest is taken
/// over: a line each, every line ended by `\n` — the version, the salt,
/// the kyoku number, a `deal` line per seat when the record gives the deal
/// (seat 0 first), then `live`, `replacements`, `dora` and `ura`. Each line
/// after its keyword lists its tiles in drawing order, a space before each,
/// in compact notation one tile at a time (`0m` the red five, `1z`–`7z`
/// the honours).
#[must_use]
pub fn canonical(number: usize, wall: &Wall, salt: &Salt) -> String {
    let mut text = format!("{CANONICAL_VERSION}\nsalt {}\nkyoku {number}\n", salt.0);
    let mut line = |keyword: &str, tiles: &[Tile]| {
        text.push_str(keyword);
        if !tiles.is_empty() {
            text.push(' ');
            text.push_str(&tile_row(tiles));
        }
        text.push('\n');
    };
    for hand in &wall.deal {
        line("deal", hand);
    }
    line("live", &wall.live);
    line("replacements", &wall.replacements);
    line("dora", &wall.dora_markers);
    line("ura", &wall.ura_markers);
    text
}

/// The digest of one kyoku's wall: SHA-256 of its [`canonical`] text.
#[must_use]
pub fn wall_digest(number: usize, wall: &Wall, salt: &Salt) -> Sha256Digest {
    Sha256Digest::of(canonical(number, wall, salt).as_bytes())
}

/// One kyoku's line of a digest file: `K <hex>`, or `K none` for a kyoku
/// whose record gives no wall.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KyokuDigest {
    /// The kyoku number (the n-th dealt, from 1).
    pub number: usize,
    /// Its wall's digest; `None` when there is no wall.
    pub digest: Option<Sha256Digest>,
}

impl fmt::Display for KyokuDigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.digest {
            Some(d) => write!(f, "{} {d}", self.number),
            None => write!(f, "{} none", self.number),
        }
    }
}

/// A digest file: a line per kyoku and, for a whole game, the game line.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Digests {
    /// The kyoku lines, by kyoku number.
    pub kyoku: Vec<KyokuDigest>,
    /// The game line's digest, over the kyoku lines ([`game_digest`]).
    pub game: Option<Sha256Digest>,
}

/// The whole game's digest: SHA-256 of its kyoku lines as a digest file
/// writes them, in kyoku order, each ended by `\n` (`K <hex>` or
/// `K none`): `grep -v '^game ' FILE | sha256sum` of a written file.
#[must_use]
pub fn game_digest(kyoku: &[KyokuDigest]) -> Sha256Digest {
    let mut sorted = kyoku.to_vec();
    sorted.sort_by_key(|k| k.number);
    let text: String = sorted.iter().map(|k| format!("{k}\n")).collect();
    Sha256Digest::of(text.as_bytes())
}

/// The digest of each kyoku's wall; with `whole_game`, the game line too
/// (not for a selection of kyoku: it covers the game).
#[must_use]
pub fn digests(walls: &[KyokuWall<'_>], salt: &Salt, whole_game: bool) -> Digests {
    let kyoku: Vec<KyokuDigest> = walls
        .iter()
        .map(|k| KyokuDigest {
            number: k.number,
            digest: k.wall.map(|w| wall_digest(k.number, w, salt)),
        })
        .collect();
    let game = whole_game.then(|| game_digest(&kyoku));
    Digests { kyoku, game }
}

impl Digests {
    /// Writes the digest file: the kyoku lines, then the game line.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        for k in &self.kyoku {
            writeln!(out, "{k}")?;
        }
        if let Some(game) = self.game {
            writeln!(out, "game {game}")?;
        }
        Ok(())
    }

    /// Reads a digest file as [`Digests::write`] writes it. Blank lines,
    /// spaces around a line and a carriage return before its end are
    /// allowed; hexadecimal digits may be upper case.
    ///
    /// # Errors
    ///
    /// [`WallError::DigestLine`] for a line that is none of `K <hex>`,
    /// `K none` and `game <hex>`, a kyoku number given twice or a second
    /// game line, with the line's number; [`WallError::EmptyDigests`] when
    /// there is no line.
    pub fn parse(text: &str) -> Result<Self, WallError> {
        let mut file = Self::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            let bad = |problem: String| WallError::DigestLine {
                line: i + 1,
                text: quoted(line),
                problem,
            };
            let mut words = line.split_whitespace();
            let (Some(key), Some(value), None) = (words.next(), words.next(), words.next()) else {
                return Err(bad(
                    "expected `K <64 hex digits>`, `K none` or `game <64 hex digits>`".to_owned(),
                ));
            };
            if key == "game" {
                if file.game.is_some() {
                    return Err(bad("a second game line".to_owned()));
                }
                file.game = Some(hex_digest(value).ok_or_else(|| {
                    bad("the game digest is not 64 hexadecimal digits".to_owned())
                })?);
                continue;
            }
            let number = key
                .parse::<usize>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| {
                    bad(format!(
                        "`{key}` is neither a kyoku number (from 1) nor `game`"
                    ))
                })?;
            if file.kyoku.iter().any(|k| k.number == number) {
                return Err(bad(format!("a second line for kyoku {number}")));
            }
            let digest = if value == "none" {
                None
            } else {
                Some(hex_digest(value).ok_or_else(|| {
                    bad("the digest is neither 64 hexadecimal digits nor `none`".to_owned())
                })?)
            };
            file.kyoku.push(KyokuDigest { number, digest });
        }
        if file.kyoku.is_empty() && file.game.is_none() {
            return Err(WallError::EmptyDigests);
        }
        Ok(file)
    }
}

/// A line quoted in an error, cut short when long.
fn quoted(line: &str) -> String {
    match line.char_indices().nth(QUOTED) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_owned(),
    }
}

/// 64 hexadecimal digits as a digest.
fn hex_digest(text: &str) -> Option<Sha256Digest> {
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut bytes = [0u8; 32];
    for (b, pair) in bytes.iter_mut().zip(text.as_bytes().chunks(2)) {
        let pair = std::str::from_utf8(pair).ok()?;
        *b = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(Sha256Digest(bytes))
}

/// What a kyoku's check found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The wall's digest is the digest file's.
    Match,
    /// The wall's digest is not the digest file's.
    Mismatch,
    /// Neither the record nor the digest file gives a wall.
    NoWall,
    /// The record gives a wall; the digest file says there is none.
    WallNotCommitted,
    /// The record gives no wall; the digest file commits to one, which
    /// cannot be checked.
    NoWallToCheck,
    /// The digest file has no line for this kyoku.
    NotInDigests,
}

impl Verdict {
    /// Whether the kyoku passes: a match, or no wall on either side.
    #[must_use]
    pub const fn passed(self) -> bool {
        matches!(self, Self::Match | Self::NoWall)
    }

    /// The verdict as the report prints it.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Self::Match => "match",
            Self::Mismatch => "MISMATCH",
            Self::NoWall => "no wall (the digest says none too)",
            Self::WallNotCommitted => "MISMATCH: the digest says no wall, the record gives one",
            Self::NoWallToCheck => "NOT VERIFIED: no wall in the record, the digest commits to one",
            Self::NotInDigests => "NOT VERIFIED: the digest has no line for this kyoku",
        }
    }
}

/// What the check of the game line found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameVerdict {
    /// The game line is the digest of this game's kyoku lines.
    Match,
    /// The game line is the digest of the file's kyoku lines, which
    /// commit to kyoku the game did not reach (an organiser commits to
    /// more walls than are played); every played kyoku passed.
    CoversUnplayed,
    /// The game line is neither.
    Mismatch,
}

/// One kyoku checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KyokuCheck {
    /// The kyoku number.
    pub number: usize,
    /// The kyoku as players say it, `East 2, 1 counter`.
    pub name: String,
    /// What the check found.
    pub verdict: Verdict,
}

/// A game's walls checked against a digest file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verification {
    /// Each kyoku checked, in the order dealt.
    pub kyoku: Vec<KyokuCheck>,
    /// The kyoku numbers the digest file has lines for beyond the game's.
    pub unplayed: Vec<usize>,
    /// The game line's check; `None` without a game line or for a
    /// selection of kyoku.
    pub game: Option<GameVerdict>,
}

/// Checks `walls` against the digest file `file` with the salt `salt`.
/// With `whole_game` the game line is checked and lines for kyoku the game
/// does not have are listed as unplayed; without it (a selection of kyoku),
/// only the kyoku given are checked.
#[must_use]
pub fn verify(
    walls: &[KyokuWall<'_>],
    file: &Digests,
    salt: &Salt,
    whole_game: bool,
) -> Verification {
    let ours = digests(walls, salt, whole_game);
    let kyoku: Vec<KyokuCheck> = walls
        .iter()
        .zip(&ours.kyoku)
        .map(|(k, mine)| {
            let theirs = file.kyoku.iter().find(|d| d.number == k.number);
            let verdict = match (mine.digest, theirs.map(|d| d.digest)) {
                (_, None) => Verdict::NotInDigests,
                (Some(a), Some(Some(b))) if a == b => Verdict::Match,
                (Some(_), Some(Some(_))) => Verdict::Mismatch,
                (Some(_), Some(None)) => Verdict::WallNotCommitted,
                (None, Some(None)) => Verdict::NoWall,
                (None, Some(Some(_))) => Verdict::NoWallToCheck,
            };
            KyokuCheck {
                number: k.number,
                name: k.name.clone(),
                verdict,
            }
        })
        .collect();
    let unplayed: Vec<usize> = if whole_game {
        let mut n: Vec<usize> = file
            .kyoku
            .iter()
            .map(|d| d.number)
            .filter(|n| !walls.iter().any(|k| k.number == *n))
            .collect();
        n.sort_unstable();
        n
    } else {
        Vec::new()
    };
    let game = match (file.game, ours.game) {
        (Some(theirs), Some(mine)) if theirs == mine => Some(GameVerdict::Match),
        (Some(theirs), Some(_))
            if theirs == game_digest(&file.kyoku)
                && !unplayed.is_empty()
                && kyoku.iter().all(|k| k.verdict.passed()) =>
        {
            Some(GameVerdict::CoversUnplayed)
        }
        (Some(_), Some(_)) => Some(GameVerdict::Mismatch),
        _ => None,
    };
    Verification {
        kyoku,
        unplayed,
        game,
    }
}

impl Verification {
    /// Whether every kyoku and the game line passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.kyoku.iter().all(|k| k.verdict.passed()) && self.game != Some(GameVerdict::Mismatch)
    }

    /// Writes the check for people: a line per kyoku, the game line's, the
    /// unplayed kyoku, and the outcome.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        for k in &self.kyoku {
            writeln!(
                out,
                "kyoku {} ({}): {}",
                k.number,
                k.name,
                k.verdict.words()
            )?;
        }
        match self.game {
            Some(GameVerdict::Match) => writeln!(out, "game: match")?,
            Some(GameVerdict::CoversUnplayed) => writeln!(
                out,
                "game: match with the digest's kyoku lines, which include kyoku not played"
            )?,
            Some(GameVerdict::Mismatch) => writeln!(
                out,
                "game: MISMATCH (the game line is not the digest of this game's kyoku lines)"
            )?,
            None => {}
        }
        if !self.unplayed.is_empty() {
            let numbers: Vec<String> = self.unplayed.iter().map(ToString::to_string).collect();
            writeln!(
                out,
                "not played: kyoku {} (lines of the digest beyond this game, not checked)",
                numbers.join(", ")
            )?;
        }
        let matched = self
            .kyoku
            .iter()
            .filter(|k| k.verdict == Verdict::Match)
            .count();
        let failed = self.kyoku.iter().filter(|k| !k.verdict.passed()).count();
        if self.passed() {
            writeln!(
                out,
                "verified: {} of {} match",
                matched,
                count(self.kyoku.len(), "kyoku", "kyoku")
            )
        } else {
            writeln!(
                out,
                "FAILED: {} of {} not verified or not matching{}",
                failed,
                count(self.kyoku.len(), "kyoku", "kyoku"),
                if self.game == Some(GameVerdict::Mismatch) {
                    ", and the game line"
                } else {
                    ""
                }
            )
        }
    }
}
