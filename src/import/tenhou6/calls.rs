//! The entries of the takes and discards arrays (`formats/tenhou6.md`,
//! "Takes and discards"): plain tile codes, `60`, `0`, and the call strings
//! whose letter position says where the called tile came from.

use std::borrow::Cow;

use crate::tile::{Tile, sort_tiles};

/// The tsumogiri marker of the discard arrays.
const TSUMOGIRI: u64 = 60;

/// Seats to the right of the caller, in turn order, at a table of four:
/// the discarder of a call is `(caller + offset) % 4`. Three-player logs
/// keep the four-seat geometry (the empty seat is the fourth).
pub(super) const SHIMOCHA: u8 = 1;
/// The seat across.
pub(super) const TOIMEN: u8 = 2;
/// The seat to the left, whose discards the caller draws after.
pub(super) const KAMICHA: u8 = 3;

/// One entry of a takes array.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Take {
    /// A draw from the wall (or the dead wall after a kong or a north).
    Draw(Tile),
    /// A chi of the kamicha's discard `pai`.
    Chi { pai: Tile, consumed: [Tile; 2] },
    /// A pon of `pai` from the seat `offset` places to the right.
    Pon {
        pai: Tile,
        offset: u8,
        consumed: [Tile; 2],
    },
    /// An open kong of `pai` from the seat `offset` places to the right.
    Daiminkan {
        pai: Tile,
        offset: u8,
        consumed: [Tile; 3],
    },
}

impl Take {
    /// For a call: the offset of the discarder and the called tile.
    pub(super) fn call(&self) -> Option<(u8, Tile)> {
        match *self {
            Self::Draw(_) => None,
            Self::Chi { pai, .. } => Some((KAMICHA, pai)),
            Self::Pon { pai, offset, .. } | Self::Daiminkan { pai, offset, .. } => {
                Some((offset, pai))
            }
        }
    }

    /// Pon and daiminkan take precedence over a chi of the same discard.
    pub(super) fn is_chi(&self) -> bool {
        matches!(self, Self::Chi { .. })
    }
}

/// One entry of a discards array.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Discard {
    /// A tile from the hand (`riichi`: the `r` prefix).
    Tile { tile: Tile, riichi: bool },
    /// `60`: the tile just taken (`r60` with riichi).
    Tsumogiri { riichi: bool },
    /// `0`: the turn was a daiminkan, nothing is discarded.
    Placeholder,
    /// An added kong: the four tiles as written, the tile written right after
    /// `k` (the added tile in the logs seen so far) and the offset of the
    /// pon's discarder.
    Kakan {
        tiles: [Tile; 4],
        after_letter: Tile,
        offset: u8,
    },
    /// A concealed kong of these four tiles.
    Ankan([Tile; 4]),
    /// A north set aside (three-player `f44`).
    Nukidora(Tile),
}

/// What an entry should have been, for the error message.
pub(super) const TAKE_EXPECTED: &str =
    "a tile code or a call string (c…, p…, m…, e.g. `c275226`, `25p2552`)";
/// What a discard entry should have been.
pub(super) const DISCARD_EXPECTED: &str = "a tile code, 60, 0, r + tile, r60, a kakan or ankan string (e.g. `k51151515`, `151515a51`) or f44";

/// An entry as JSON gives it: a number or a string (still raw text).
enum Raw<'a> {
    Number(u64),
    Text(Cow<'a, str>),
}

fn read_raw(raw: &str) -> Option<Raw<'_>> {
    let raw = raw.trim();
    if raw.starts_with('"') {
        if !raw.contains('\\') && raw.len() >= 2 {
            return raw
                .get(1..raw.len() - 1)
                .map(|s| Raw::Text(Cow::Borrowed(s)));
        }
        return serde_json::from_str::<String>(raw)
            .ok()
            .map(|s| Raw::Text(Cow::Owned(s)));
    }
    if !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()) {
        return raw.parse().ok().map(Raw::Number);
    }
    None
}

/// Reads a tile code (a JSON number) as written in haipai, dora lists and
/// takes.
pub(super) fn read_tile(raw: &str) -> Option<Tile> {
    match read_raw(raw)? {
        Raw::Number(n) => Tile::from_tenhou6(n).ok(),
        Raw::Text(_) => None,
    }
}

/// An entry of a takes or discards array that is neither: what the error
/// message quotes of it.
#[derive(Debug, thiserror::Error)]
#[error("{quote}")]
pub(super) struct Unreadable {
    /// A short quote of the entry, between backquotes.
    pub(super) quote: String,
}

/// Reads one entry of a takes array.
pub(super) fn read_take(raw: &str) -> Result<Take, Unreadable> {
    let bad = || Unreadable { quote: quote(raw) };
    match read_raw(raw).ok_or_else(bad)? {
        Raw::Number(n) => Tile::from_tenhou6(n).map(Take::Draw).map_err(|_| bad()),
        Raw::Text(s) => parse_take_call(&s).ok_or_else(bad),
    }
}

/// Reads one entry of a discards array.
pub(super) fn read_discard(raw: &str) -> Result<Discard, Unreadable> {
    let bad = || Unreadable { quote: quote(raw) };
    match read_raw(raw).ok_or_else(bad)? {
        Raw::Number(0) => Ok(Discard::Placeholder),
        Raw::Number(TSUMOGIRI) => Ok(Discard::Tsumogiri { riichi: false }),
        Raw::Number(n) => Tile::from_tenhou6(n)
            .map(|tile| Discard::Tile {
                tile,
                riichi: false,
            })
            .map_err(|_| bad()),
        Raw::Text(s) => parse_discard_string(&s).ok_or_else(bad),
    }
}

fn quote(raw: &str) -> String {
    let raw = raw.trim();
    if raw.chars().count() > 24 {
        let head: String = raw.chars().take(24).collect();
        format!("`{head}…`")
    } else {
        format!("`{raw}`")
    }
}

/// A call string split into its tiles and its one letter.
struct Split {
    letter: u8,
    /// Index (in `tiles`) of the tile right after the letter.
    at: usize,
    tiles: [Tile; 4],
    len: usize,
}

/// Splits `25p2552` into tiles `[25, 25, 52]`, letter `p` before tile 1.
/// Anything but two-digit tile codes around exactly one letter is refused.
fn split(s: &str) -> Option<Split> {
    let bytes = s.as_bytes();
    let mut tiles = [Tile::from_kind(0)?; 4];
    let mut len = 0;
    let mut letter = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = *bytes.get(i)?;
        if b.is_ascii_lowercase() {
            if letter.is_some() {
                return None;
            }
            letter = Some((b, len));
            i += 1;
            continue;
        }
        let pair = s.get(i..i + 2)?;
        if !pair.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let tile = Tile::from_tenhou6(pair.parse().ok()?).ok()?;
        *tiles.get_mut(len)? = tile;
        len += 1;
        i += 2;
    }
    let (letter, at) = letter?;
    if at >= len {
        return None;
    }
    Some(Split {
        letter,
        at,
        tiles,
        len,
    })
}

impl Split {
    /// The tiles other than the one at `at`, sorted.
    fn others<const N: usize>(&self, skip: usize) -> Option<[Tile; N]> {
        let mut out = [self.tiles[0]; N];
        let mut n = 0;
        for (i, t) in self.tiles.iter().take(self.len).enumerate() {
            if i != skip {
                *out.get_mut(n)? = *t;
                n += 1;
            }
        }
        if n != N {
            return None;
        }
        sort_tiles(&mut out);
        Some(out)
    }
}

fn parse_take_call(s: &str) -> Option<Take> {
    let sp = split(s)?;
    let pai = *sp.tiles.get(sp.at)?;
    match (sp.letter, sp.len, sp.at) {
        (b'c', 3, 0) => Some(Take::Chi {
            pai,
            consumed: sp.others(0)?,
        }),
        (b'p', 3, at) => {
            let offset = match at {
                0 => KAMICHA,
                1 => TOIMEN,
                _ => SHIMOCHA,
            };
            Some(Take::Pon {
                pai,
                offset,
                consumed: sp.others(at)?,
            })
        }
        (b'm', 4, at @ (0 | 1 | 3)) => {
            let offset = match at {
                0 => KAMICHA,
                1 => TOIMEN,
                _ => SHIMOCHA,
            };
            Some(Take::Daiminkan {
                pai,
                offset,
                consumed: sp.others(at)?,
            })
        }
        _ => None,
    }
}

fn parse_discard_string(s: &str) -> Option<Discard> {
    if let Some(rest) = s.strip_prefix('r') {
        if rest == "60" {
            return Some(Discard::Tsumogiri { riichi: true });
        }
        return two_digit_tile(rest).map(|tile| Discard::Tile { tile, riichi: true });
    }
    if let Some(rest) = s.strip_prefix('f') {
        return two_digit_tile(rest).map(Discard::Nukidora);
    }
    let sp = split(s)?;
    match (sp.letter, sp.len, sp.at) {
        (b'k', 4, at @ 0..=2) => {
            let offset = match at {
                0 => KAMICHA,
                1 => TOIMEN,
                _ => SHIMOCHA,
            };
            Some(Discard::Kakan {
                tiles: sorted(sp.tiles),
                after_letter: *sp.tiles.get(at)?,
                offset,
            })
        }
        (b'a', 4, _) => Some(Discard::Ankan(sorted(sp.tiles))),
        _ => None,
    }
}

fn sorted(mut tiles: [Tile; 4]) -> [Tile; 4] {
    sort_tiles(&mut tiles);
    tiles
}

fn two_digit_tile(s: &str) -> Option<Tile> {
    if s.len() != 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Tile::from_tenhou6(s.parse().ok()?).ok()
}

/// The tile a kakan adds to the pon `pon` (its three tiles): the one tile
/// of the kong that the pon does not account for. `None` when the kong's
/// tiles are not the pon's plus one.
pub(super) fn kakan_added(kong: &[Tile; 4], pon: &[Tile; 3]) -> Option<Tile> {
    let mut rest: Vec<Tile> = kong.to_vec();
    for t in pon {
        let i = rest.iter().position(|r| r == t)?;
        rest.swap_remove(i);
    }
    match rest.as_slice() {
        [added] => Some(*added),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::t;

    fn tiles<const N: usize>(s: &str) -> [Tile; N] {
        crate::tile::parse_hand(s).unwrap().try_into().unwrap()
    }

    #[test]
    fn chi_with_red_five() {
        assert_eq!(
            read_take("\"c275226\"").unwrap(),
            Take::Chi {
                pai: t("7p"),
                consumed: tiles("06p"),
            }
        );
    }

    #[test]
    fn pon_positions() {
        assert_eq!(
            read_take("\"25p2552\"").unwrap(),
            Take::Pon {
                pai: t("5p"),
                offset: TOIMEN,
                consumed: tiles("50p"),
            }
        );
        assert_eq!(
            read_take("\"2552p25\"").unwrap(),
            Take::Pon {
                pai: t("5p"),
                offset: SHIMOCHA,
                consumed: tiles("50p"),
            }
        );
        assert_eq!(
            read_take("\"p151515\"").unwrap(),
            Take::Pon {
                pai: t("5m"),
                offset: KAMICHA,
                consumed: tiles("55m"),
            }
        );
    }

    #[test]
    fn kakan_adds_the_red_five() {
        let Discard::Kakan {
            tiles: kong,
            after_letter,
            offset,
        } = read_discard("\"k51151515\"").unwrap()
        else {
            panic!("not a kakan");
        };
        assert_eq!(offset, KAMICHA);
        assert_eq!(after_letter, t("0m"));
        assert_eq!(kakan_added(&kong, &tiles("555m")), Some(t("0m")));
        // The same kong over a pon that holds the red five adds a plain five.
        let Discard::Kakan { tiles: kong2, .. } = read_discard("\"k15511515\"").unwrap() else {
            panic!("not a kakan");
        };
        assert_eq!(kakan_added(&kong2, &tiles("055m")), Some(t("5m")));
        assert_eq!(kakan_added(&kong2, &tiles("555p")), None);
    }

    #[test]
    fn daiminkan_and_ankan() {
        assert_eq!(
            read_take("\"252552m25\"").unwrap(),
            Take::Daiminkan {
                pai: t("5p"),
                offset: SHIMOCHA,
                consumed: tiles("550p"),
            }
        );
        assert_eq!(
            read_take("\"m39393939\"").unwrap(),
            Take::Daiminkan {
                pai: t("9s"),
                offset: KAMICHA,
                consumed: tiles("999s"),
            }
        );
        assert_eq!(
            read_take("\"39m393939\"").unwrap().call(),
            Some((TOIMEN, t("9s")))
        );
        assert_eq!(
            read_discard("\"151515a51\"").unwrap(),
            Discard::Ankan(tiles("5550m"))
        );
    }

    #[test]
    fn riichi_tsumogiri_nukidora_and_numbers() {
        assert_eq!(
            read_discard("\"r60\"").unwrap(),
            Discard::Tsumogiri { riichi: true }
        );
        assert_eq!(
            read_discard("\"r11\"").unwrap(),
            Discard::Tile {
                tile: t("1m"),
                riichi: true
            }
        );
        assert_eq!(read_discard("\"f44\"").unwrap(), Discard::Nukidora(t("N")));
        assert_eq!(
            read_discard("60").unwrap(),
            Discard::Tsumogiri { riichi: false }
        );
        assert_eq!(read_discard("0").unwrap(), Discard::Placeholder);
        assert_eq!(read_take("47").unwrap(), Take::Draw(t("C")));
        assert_eq!(read_tile(" 53 "), Some(t("0s")));
    }

    #[test]
    fn refuses_what_is_not_an_entry() {
        for bad in [
            "60",
            "0",
            "-1",
            "1.5",
            "\"\"",
            "\"p1515\"",
            "\"c15p1515\"",
            "\"x151515\"",
            "null",
            "\"k51151515\"",
            "\"15c1516\"",
            "\"1515m1515\"",
            "[15]",
            "\"p15151\"",
        ] {
            assert!(read_take(bad).is_err(), "{bad}");
        }
        for bad in [
            "61",
            "\"r\"",
            "\"r6\"",
            "\"p151515\"",
            "\"f4\"",
            "\"151515k15\"",
            "\"r600\"",
        ] {
            assert!(read_discard(bad).is_err(), "{bad}");
        }
        assert_eq!(read_take("\"zz\"").unwrap_err().to_string(), "`\"zz\"`");
    }
}
