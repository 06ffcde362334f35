//! Tiles and every notation they are written in.
//!
//! A [`Tile`] is one of the 34 kinds, or one of the three red fives, which are
//! kept apart because a red five is a different physical tile (it is worth a
//! han as aka dora). Which copy of a kind a tile is (Tenhou's ids 0–135) is not
//! kept: no rule depends on it, and only Tenhou XML records it.
//!
//! Notations (each parsed and printed here, nowhere else):
//!
//! | notation | example | where |
//! |---|---|---|
//! | mjai | `5mr`, `E`, `P` `F` `C` | mjai logs, our event stream |
//! | compact | `123m456p0s11z` (`0` = red five) | the oracle, tests, `paifu score` |
//! | tenhou.net/6 code | `15`, `51` (red 5m), `41` (East) | tenhou.net/6 JSON |
//! | Tenhou id | `16` (red 5m when the game has red fives) | Tenhou XML |

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The suit of a number tile.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Suit {
    /// Characters (manzu), written `m`.
    Man,
    /// Circles (pinzu), written `p`.
    Pin,
    /// Bamboo (souzu), written `s`.
    Sou,
}

impl Suit {
    /// The suit letter of the mjai and compact notations.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Man => 'm',
            Self::Pin => 'p',
            Self::Sou => 's',
        }
    }

    const fn index(self) -> u8 {
        self as u8
    }
}

/// One tile: a kind (0–33: 1m–9m, 1p–9p, 1s–9s, E S W N, haku hatsu chun)
/// or a red five (34–36: red 5m, 5p, 5s).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

/// Number of tile kinds (red fives counted with their kind).
pub const KINDS: usize = 34;

const MJAI_NAMES: [&str; 37] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "E", "S", "W", "N", "P", "F", "C", //
    "5mr", "5pr", "5sr",
];

/// Why a tile or hand text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TileError {
    /// Not a tile in the named notation.
    #[error("`{text}` is not a tile in {notation} notation")]
    Unknown {
        /// The text or number that was read.
        text: String,
        /// The notation that was expected.
        notation: &'static str,
    },
    /// Compact hand notation with digits not followed by a suit letter, or a
    /// digit that does not exist in that suit.
    #[error("bad compact hand `{text}`: {reason}")]
    Hand {
        /// The whole text.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}

impl Tile {
    /// Builds a tile from its kind index 0–33 (never red).
    #[must_use]
    pub const fn from_kind(kind: u8) -> Option<Self> {
        if kind < KINDS as u8 {
            Some(Self(kind))
        } else {
            None
        }
    }

    /// The red five of a suit.
    #[must_use]
    pub const fn red_five(suit: Suit) -> Self {
        Self(34 + suit.index())
    }

    /// A number tile. `number` is 1–9.
    #[must_use]
    pub const fn number_tile(suit: Suit, number: u8) -> Option<Self> {
        if number >= 1 && number <= 9 {
            Some(Self(suit.index() * 9 + number - 1))
        } else {
            None
        }
    }

    /// The wind tile with index 0 (East) to 3 (North), wrapping.
    #[must_use]
    pub const fn wind(index: u8) -> Self {
        Self(27 + index % 4)
    }

    /// The raw index 0–36 (34–36 are the red fives).
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Builds a tile from the raw index 0–36.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Self> {
        if index < 37 { Some(Self(index)) } else { None }
    }

    /// The kind 0–33; a red five has the kind of the plain five.
    #[must_use]
    pub const fn kind(self) -> u8 {
        // Red fives 34–36 are the fives of the three suits, 4, 13 and 22:
        // arithmetic rather than cases, as every hand operation asks.
        if self.0 >= 34 {
            (self.0 - 34) * 9 + 4
        } else {
            self.0
        }
    }

    /// Whether this is a red five.
    #[must_use]
    pub const fn is_red(self) -> bool {
        self.0 >= 34
    }

    /// The tile at a place in hand order (see `hand_order`).
    fn from_hand_order(key: u8) -> Self {
        let kind = key / 2;
        if key % 2 == 1 {
            Self(34 + kind / 9)
        } else {
            Self(kind)
        }
    }

    /// The same kind without the red marking.
    #[must_use]
    pub const fn plain(self) -> Self {
        Self(self.kind())
    }

    /// The red five of this tile's kind, if the kind is a five.
    #[must_use]
    pub const fn reddened(self) -> Option<Self> {
        match self.kind() {
            4 => Some(Self(34)),
            13 => Some(Self(35)),
            22 => Some(Self(36)),
            _ => None,
        }
    }

    /// The suit, for number tiles.
    #[must_use]
    pub const fn suit(self) -> Option<Suit> {
        match self.kind() {
            0..=8 => Some(Suit::Man),
            9..=17 => Some(Suit::Pin),
            18..=26 => Some(Suit::Sou),
            _ => None,
        }
    }

    /// The number 1–9 of a number tile, or 1–7 for honours (E S W N haku
    /// hatsu chun, the order of the compact `z` notation).
    #[must_use]
    pub const fn number(self) -> u8 {
        let k = self.kind();
        if k >= 27 { k - 27 + 1 } else { k % 9 + 1 }
    }

    /// Whether this is a wind or a dragon.
    #[must_use]
    pub const fn is_honor(self) -> bool {
        self.kind() >= 27
    }

    /// Whether this is a wind.
    #[must_use]
    pub const fn is_wind(self) -> bool {
        matches!(self.kind(), 27..=30)
    }

    /// Whether this is a dragon.
    #[must_use]
    pub const fn is_dragon(self) -> bool {
        matches!(self.kind(), 31..=33)
    }

    /// Whether this is a 1 or a 9.
    #[must_use]
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && matches!(self.number(), 1 | 9)
    }

    /// Whether this is a terminal or an honour (yaochuuhai).
    #[must_use]
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// The tile a dora indicator points at: the next number in its suit,
    /// winds E→S→W→N→E, dragons haku→hatsu→chun→haku.
    #[must_use]
    pub const fn dora_from_indicator(self) -> Self {
        let k = self.kind();
        let next = match k {
            0..=26 => {
                if k % 9 == 8 {
                    k - 8
                } else {
                    k + 1
                }
            }
            30 => 27,
            33 => 31,
            _ => k + 1,
        };
        Self(next)
    }

    /// The mjai spelling (`5mr`, `E`, `P`…).
    #[must_use]
    pub const fn to_mjai(self) -> &'static str {
        MJAI_NAMES[self.0 as usize]
    }

    /// Reads the mjai spelling. `?` (a hidden tile) is not a tile; the
    /// importers map it to `None` themselves.
    ///
    /// # Errors
    ///
    /// [`TileError::Unknown`] when the text is not an mjai tile.
    pub fn from_mjai(text: &str) -> Result<Self, TileError> {
        MJAI_NAMES
            .iter()
            .position(|n| *n == text)
            .map(|i| Self(i as u8))
            .ok_or_else(|| TileError::Unknown {
                text: text.to_owned(),
                notation: "mjai",
            })
    }

    /// The compact spelling of one tile (`5m`, `0m` for the red five, `1z`).
    #[must_use]
    pub fn to_compact(self) -> String {
        let (digit, letter) = self.compact_parts();
        format!("{digit}{letter}")
    }

    fn compact_parts(self) -> (u8, char) {
        let digit = if self.is_red() { 0 } else { self.number() };
        let letter = self.suit().map_or('z', Suit::letter);
        (digit, letter)
    }

    /// The tenhou.net/6 code: 11–19, 21–29, 31–39 for number tiles,
    /// 41–47 for E S W N haku hatsu chun, 51–53 for the red fives.
    #[must_use]
    pub const fn to_tenhou6(self) -> u8 {
        if self.is_red() {
            return 51 + (self.0 - 34);
        }
        match self.suit() {
            Some(s) => (s.index() + 1) * 10 + self.number(),
            None => 40 + self.number(),
        }
    }

    /// Reads a tenhou.net/6 tile code (not the 60 tsumogiri or 0 placeholder
    /// discards, which are not tiles).
    ///
    /// # Errors
    ///
    /// [`TileError::Unknown`] for any other number.
    pub fn from_tenhou6(code: u64) -> Result<Self, TileError> {
        let unknown = || TileError::Unknown {
            text: code.to_string(),
            notation: "tenhou.net/6",
        };
        let c = u8::try_from(code).map_err(|_| unknown())?;
        let (tens, ones) = (c / 10, c % 10);
        match (tens, ones) {
            (1..=3, 1..=9) => Ok(Self((tens - 1) * 9 + ones - 1)),
            (4, 1..=7) => Ok(Self(27 + ones - 1)),
            (5, 1..=3) => Ok(Self(34 + ones - 1)),
            _ => Err(unknown()),
        }
    }

    /// Reads a Tenhou XML tile id 0–135. Ids 16, 52 and 88 are the red fives
    /// only when the game plays with red fives; otherwise they are plain fives.
    ///
    /// # Errors
    ///
    /// [`TileError::Unknown`] for ids above 135.
    pub fn from_tenhou_id(id: u32, red_fives: bool) -> Result<Self, TileError> {
        if id > 135 {
            return Err(TileError::Unknown {
                text: id.to_string(),
                notation: "Tenhou id",
            });
        }
        let kind = (id / 4) as u8;
        if red_fives && matches!(id, 16 | 52 | 88) {
            Ok(Self(34 + (kind / 9)))
        } else {
            Ok(Self(kind))
        }
    }

    /// All 34 plain kinds in order.
    pub fn all_kinds() -> impl Iterator<Item = Self> {
        (0..KINDS as u8).map(Self)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.to_mjai())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.to_mjai())
    }
}

impl FromStr for Tile {
    type Err = TileError;

    /// Reads one tile in mjai (`5mr`, `E`) or compact (`0m`, `1z`) notation.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Ok(t) = Self::from_mjai(s) {
            return Ok(t);
        }
        match parse_hand(s) {
            Ok(tiles) if tiles.len() == 1 => tiles.first().copied().ok_or(TileError::Unknown {
                text: s.to_owned(),
                notation: "mjai or compact",
            }),
            _ => Err(TileError::Unknown {
                text: s.to_owned(),
                notation: "mjai or compact",
            }),
        }
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.to_mjai())
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Self::from_mjai(&s).map_err(serde::de::Error::custom)
    }
}

/// Reads the compact hand notation: groups of digits each followed by a suit
/// letter (`m`, `p`, `s`, `z`), `0` for a red five, e.g. `123m406p789s1122z`.
/// Spaces, `+` and `,` between groups are allowed and ignored, so a hand can
/// be written with its melds set apart.
///
/// # Errors
///
/// [`TileError::Hand`] for digits without a suit letter, `0` outside m/p/s,
/// `8`/`9`/`0` with `z`, or any other character.
pub fn parse_hand(text: &str) -> Result<Vec<Tile>, TileError> {
    let bad = |reason| TileError::Hand {
        text: text.to_owned(),
        reason,
    };
    let mut tiles = Vec::new();
    let mut pending: Vec<u8> = Vec::new();
    for c in text.chars() {
        match c {
            '0'..='9' => pending.push(c as u8 - b'0'),
            'm' | 'p' | 's' | 'z' => {
                if pending.is_empty() {
                    return Err(bad("a suit letter without digits"));
                }
                for d in pending.drain(..) {
                    let tile = match c {
                        'z' => match d {
                            1..=7 => Tile(27 + d - 1),
                            _ => return Err(bad("honours are 1z-7z")),
                        },
                        _ => {
                            let suit = match c {
                                'm' => Suit::Man,
                                'p' => Suit::Pin,
                                _ => Suit::Sou,
                            };
                            if d == 0 {
                                Tile::red_five(suit)
                            } else {
                                Tile(suit.index() * 9 + d - 1)
                            }
                        }
                    };
                    tiles.push(tile);
                }
            }
            ' ' | '+' | ',' | '_' => {
                if !pending.is_empty() {
                    return Err(bad("digits without a suit letter"));
                }
            }
            _ => return Err(bad("unexpected character")),
        }
    }
    if !pending.is_empty() {
        return Err(bad("digits without a suit letter"));
    }
    Ok(tiles)
}

/// Writes tiles in compact notation, grouping runs of the same suit in the
/// given order: `[1m, 2m, 5p]` → `12m5p`.
#[must_use]
pub fn format_hand(tiles: &[Tile]) -> String {
    let mut out = String::new();
    let mut current: Option<char> = None;
    for t in tiles {
        let (digit, letter) = t.compact_parts();
        if let Some(c) = current
            && c != letter
        {
            out.push(c);
        }
        out.push(char::from(b'0' + digit));
        current = Some(letter);
    }
    if let Some(c) = current {
        out.push(c);
    }
    out
}

/// Sorts tiles in hand order: by kind, a red five right after the plain fives.
pub fn sort_tiles(tiles: &mut [Tile]) {
    sort_by_hand_order(tiles, |t| hand_order(*t), Tile::from_hand_order);
}

/// Sorts tiles that may be hidden (`None`): hidden tiles go last.
pub fn sort_seen_tiles(tiles: &mut [Option<Tile>]) {
    sort_by_hand_order(
        tiles,
        |t| t.map_or(u8::MAX, hand_order),
        |k| (k != u8::MAX).then(|| Tile::from_hand_order(k)),
    );
}

/// Sorts by a key that tells every item apart (so any sort gives the one
/// order): a hand's worth of keys is sorted as bytes and mapped back, which
/// is several times quicker than comparing tiles.
fn sort_by_hand_order<T>(items: &mut [T], key: impl Fn(&T) -> u8, back: impl Fn(u8) -> T) {
    const HAND: usize = 16;
    if items.len() > HAND {
        items.sort_unstable_by_key(key);
        return;
    }
    let mut keys = [0u8; HAND];
    for (k, item) in keys.iter_mut().zip(items.iter()) {
        *k = key(item);
    }
    let keys = keys.get_mut(..items.len()).unwrap_or_default();
    // An insertion sort: a hand is short and mostly in order already
    // (logs list a hand's tiles sorted, or nearly), where it does a pass.
    for i in 1..keys.len() {
        let mut j = i;
        while j > 0 && keys.get(j - 1) > keys.get(j) {
            keys.swap(j - 1, j);
            j -= 1;
        }
    }
    for (item, k) in items.iter_mut().zip(keys.iter()) {
        *item = back(*k);
    }
}

/// A tile's place in hand order: twice its kind, plus one for a red five.
fn hand_order(t: Tile) -> u8 {
    t.kind() * 2 + u8::from(t.is_red())
}

/// One tile in mjai or compact notation (`5m`, `5mr`, `0p`, `E`, `7z`),
/// for tests.
#[cfg(test)]
pub(crate) fn t(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mjai_round_trip_all() {
        for i in 0..37 {
            let t = Tile::from_index(i).unwrap();
            assert_eq!(Tile::from_mjai(t.to_mjai()).unwrap(), t);
            assert_eq!(t.to_string(), t.to_mjai());
        }
        assert!(Tile::from_mjai("?").is_err());
        assert!(Tile::from_mjai("0m").is_err());
    }

    #[test]
    fn kinds_and_red() {
        let red = Tile::from_mjai("5pr").unwrap();
        assert!(red.is_red());
        assert_eq!(red.kind(), 13);
        assert_eq!(red.plain(), Tile::from_mjai("5p").unwrap());
        assert_eq!(Tile::from_mjai("5p").unwrap().reddened(), Some(red));
        assert_eq!(Tile::from_mjai("C").unwrap().number(), 7);
        assert!(Tile::from_mjai("9s").unwrap().is_terminal());
        assert!(!Tile::from_mjai("E").unwrap().is_terminal());
        assert!(Tile::from_mjai("E").unwrap().is_terminal_or_honor());
    }

    #[test]
    fn tenhou6_codes() {
        for i in 0..37 {
            let t = Tile::from_index(i).unwrap();
            assert_eq!(Tile::from_tenhou6(u64::from(t.to_tenhou6())).unwrap(), t);
        }
        assert_eq!(Tile::from_tenhou6(51).unwrap().to_mjai(), "5mr");
        assert_eq!(Tile::from_tenhou6(47).unwrap().to_mjai(), "C");
        for bad in [0, 10, 20, 40, 48, 50, 54, 60, 300] {
            assert!(Tile::from_tenhou6(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tenhou_ids() {
        assert_eq!(Tile::from_tenhou_id(16, true).unwrap().to_mjai(), "5mr");
        assert_eq!(Tile::from_tenhou_id(16, false).unwrap().to_mjai(), "5m");
        assert_eq!(Tile::from_tenhou_id(17, true).unwrap().to_mjai(), "5m");
        assert_eq!(Tile::from_tenhou_id(52, true).unwrap().to_mjai(), "5pr");
        assert_eq!(Tile::from_tenhou_id(88, true).unwrap().to_mjai(), "5sr");
        assert_eq!(Tile::from_tenhou_id(108, true).unwrap().to_mjai(), "E");
        assert_eq!(Tile::from_tenhou_id(135, true).unwrap().to_mjai(), "C");
        assert!(Tile::from_tenhou_id(136, true).is_err());
    }

    #[test]
    fn compact_notation() {
        let h = parse_hand("123m406p789s1122z").unwrap();
        assert_eq!(h.len(), 13);
        assert_eq!(h[4].to_mjai(), "5pr");
        assert_eq!(format_hand(&h), "123m406p789s1122z");
        assert_eq!(parse_hand("234m567p33345s+555z").unwrap().len(), 14);
        assert!(parse_hand("123").is_err());
        assert!(parse_hand("8z").is_err());
        assert!(parse_hand("0z").is_err());
        assert!(parse_hand("m").is_err());
        assert!(parse_hand("12x").is_err());
        assert_eq!("0s".parse::<Tile>().unwrap().to_mjai(), "5sr");
        assert_eq!("7z".parse::<Tile>().unwrap().to_mjai(), "C");
    }

    #[test]
    fn dora_succession() {
        let d = |s: &str| Tile::from_mjai(s).unwrap().dora_from_indicator().to_mjai();
        assert_eq!(d("9m"), "1m");
        assert_eq!(d("5mr"), "6m");
        assert_eq!(d("N"), "E");
        assert_eq!(d("C"), "P");
        assert_eq!(d("P"), "F");
        assert_eq!(d("W"), "N");
    }

    #[test]
    fn error_display_is_not_repeated() {
        let e = Tile::from_mjai("x").unwrap_err();
        assert_eq!(e.to_string(), "`x` is not a tile in mjai notation");
    }

    #[test]
    fn sorting_puts_red_after_plain() {
        let mut v = parse_hand("5m0m4m").unwrap();
        sort_tiles(&mut v);
        assert_eq!(format_hand(&v), "450m");
    }
}
