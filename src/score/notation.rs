//! The compact hand notation of `paifu score`, as text to a
//! [`WinningHand`] and a [`Situation`].
//!
//! A hand is the concealed tiles in compact notation (`0` = red five), the
//! winning tile included, then each meld after a `+`: `123m` chi, `555z`
//! pon, `5555z` open kong, `a5555z` concealed kong, `k5555z` added kong.
//! The situation is what the command line's flags say, field by field
//! ([`SituationText`]).
//!
//! The parser lives in the library rather than the binary so that the
//! fuzz targets and tests reach the same code as `paifu score`. It only
//! reads text: whether the hand and situation make sense is
//! [`score`](super::score)'s question.

use crate::event::Wind;
use crate::tile::{Tile, TileError, parse_hand as parse_tiles};

use super::{Meld, MeldKind, RiichiKind, Situation, WinningHand};

/// Which part of the notation a list of tiles was read for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Part {
    /// The concealed tiles (before the first `+`).
    Concealed,
    /// One meld (after a `+`).
    Meld,
    /// The dora indicators.
    Dora,
    /// The ura dora indicators.
    Ura,
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Concealed => "concealed tiles",
            Self::Meld => "meld",
            Self::Dora => "dora indicators",
            Self::Ura => "ura indicators",
        })
    }
}

/// Why a hand or situation in the notation cannot be read.
///
/// The messages are those `paifu score` has always printed: the text read
/// and, as the error's source, the tile notation's own complaint.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// A list of tiles is not compact notation.
    #[error("{part} `{text}`")]
    Tiles {
        /// What the tiles were read for.
        part: Part,
        /// The text as given.
        text: String,
        /// What is wrong with it.
        #[source]
        source: TileError,
    },
    /// A meld's tiles read, but they are no chi, pon or kong.
    #[error(
        "meld `{text}`: expected a chi (123m), pon (555z), open kong (5555z), concealed kong (a5555z) or added kong (k5555z)"
    )]
    Meld {
        /// The meld as given, prefix included.
        text: String,
    },
    /// The winning tile is not one tile in mjai or compact notation.
    #[error("winning tile `{text}`")]
    WinTile {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        #[source]
        source: TileError,
    },
    /// No winning tile was named and there is no concealed tile to take
    /// it from.
    #[error("the hand has no concealed tiles")]
    NoConcealedTiles,
    /// A seat or round wind that is not E, S, W or N.
    #[error("`{text}` is not a wind: use E, S, W or N")]
    Wind {
        /// The text as given.
        text: String,
    },
}

/// Reads tiles in compact notation for `part`.
///
/// # Errors
///
/// [`NotationError::Tiles`] when `text` is not compact notation.
pub fn tiles(text: &str, part: Part) -> Result<Vec<Tile>, NotationError> {
    parse_tiles(text).map_err(|source| NotationError::Tiles {
        part,
        text: text.to_owned(),
        source,
    })
}

/// Reads a hand, `234m567p33345s+555z+a1111m`: the concealed tiles and the
/// melds, in the order written.
///
/// # Errors
///
/// [`NotationError::Tiles`] for tiles that do not read,
/// [`NotationError::Meld`] for a meld of the wrong shape.
pub fn parse_hand(text: &str) -> Result<(Vec<Tile>, Vec<Meld>), NotationError> {
    let mut parts = text.split('+');
    let concealed = tiles(parts.next().unwrap_or(""), Part::Concealed)?;
    let mut melds = Vec::new();
    for part in parts {
        melds.push(parse_meld(part)?);
    }
    Ok((concealed, melds))
}

/// Reads one meld: `123m`, `555z`, `5555z`, `a5555z` or `k5555z`.
fn parse_meld(text: &str) -> Result<Meld, NotationError> {
    let (prefix, body) = match text.chars().next() {
        Some(c @ ('a' | 'k')) => (Some(c), text.get(c.len_utf8()..).unwrap_or("")),
        _ => (None, text),
    };
    let t = tiles(body, Part::Meld)?;
    // The shape alone says which set it is: the same kind throughout is a
    // triplet or kong, anything else of three tiles is taken as a chi and
    // left to the scorer to judge.
    let same = t.windows(2).all(|w| w[0].kind() == w[1].kind());
    let kind = match (prefix, t.len(), same) {
        (Some('a'), 4, true) => MeldKind::Ankan,
        (Some('k'), 4, true) => MeldKind::Kakan,
        (None, 4, true) => MeldKind::Daiminkan,
        (None, 3, true) => MeldKind::Pon,
        (None, 3, false) => MeldKind::Chi,
        _ => {
            return Err(NotationError::Meld {
                text: text.to_owned(),
            });
        }
    };
    Ok(Meld { kind, tiles: t })
}

/// Reads the winning tile in mjai (`5mr`, `E`) or compact (`0m`, `1z`)
/// notation.
///
/// # Errors
///
/// [`NotationError::WinTile`] when `text` is not exactly one tile.
pub fn parse_win_tile(text: &str) -> Result<Tile, NotationError> {
    text.parse::<Tile>()
        .map_err(|source| NotationError::WinTile {
            text: text.to_owned(),
            source,
        })
}

/// Reads a hand and its winning tile; without `win`, the winning tile is
/// the last concealed tile written.
///
/// # Errors
///
/// As [`parse_hand`] and [`parse_win_tile`], and
/// [`NotationError::NoConcealedTiles`] when no winning tile is named and the
/// hand has no concealed tile.
pub fn winning_hand(hand: &str, win: Option<&str>) -> Result<WinningHand, NotationError> {
    let (concealed, melds) = parse_hand(hand)?;
    let win_tile = match win {
        Some(w) => parse_win_tile(w)?,
        None => *concealed.last().ok_or(NotationError::NoConcealedTiles)?,
    };
    Ok(WinningHand {
        concealed,
        melds,
        win_tile,
    })
}

/// Reads a wind: `E`, `S`, `W`, `N` (either case) or `1z`–`4z`.
///
/// # Errors
///
/// [`NotationError::Wind`] for anything else.
pub fn parse_wind(text: &str) -> Result<Wind, NotationError> {
    Ok(match text {
        "E" | "e" | "1z" => Wind::East,
        "S" | "s" | "2z" => Wind::South,
        "W" | "w" | "3z" => Wind::West,
        "N" | "n" | "4z" => Wind::North,
        _ => {
            return Err(NotationError::Wind {
                text: text.to_owned(),
            });
        }
    })
}

/// A situation as `paifu score`'s flags give it: switches, and the winds
/// and indicators as text. [`Default`] is what the command line assumes
/// (a ron by East in the East round, no dora, nothing on the table).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct SituationText<'a> {
    /// Won on the player's own draw (otherwise on a discard).
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi declared (counts over `riichi`).
    pub double_riichi: bool,
    /// Won within the first go-around after riichi.
    pub ippatsu: bool,
    /// Tsumo on the last tile of the wall.
    pub haitei: bool,
    /// Ron on the discard after the last tile.
    pub houtei: bool,
    /// Tsumo on a replacement tile after a kong.
    pub rinshan: bool,
    /// Ron on a tile added to a kong.
    pub chankan: bool,
    /// The dealer's win on the initial hand.
    pub tenhou: bool,
    /// A non-dealer's tsumo on the first uninterrupted draw.
    pub chiihou: bool,
    /// A non-dealer's ron before their first draw.
    pub renhou: bool,
    /// The winner's seat wind ([`parse_wind`]).
    pub seat: &'a str,
    /// The round wind ([`parse_wind`]).
    pub round: &'a str,
    /// Dora indicators in compact notation (`4s1z`).
    pub dora: &'a str,
    /// Ura dora indicators in compact notation.
    pub ura: &'a str,
    /// North tiles set aside (three-player).
    pub nukidora: u8,
    /// Counters on the table.
    pub honba: u8,
    /// Riichi sticks the winner collects.
    pub sticks: u8,
}

impl Default for SituationText<'_> {
    fn default() -> Self {
        Self {
            tsumo: false,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            seat: "E",
            round: "E",
            dora: "",
            ura: "",
            nukidora: 0,
            honba: 0,
            sticks: 0,
        }
    }
}

impl SituationText<'_> {
    /// Reads the winds and indicators (in that order: the first error is
    /// the one reported).
    ///
    /// # Errors
    ///
    /// [`NotationError::Wind`] or [`NotationError::Tiles`].
    pub fn situation(&self) -> Result<Situation, NotationError> {
        let riichi = if self.double_riichi {
            RiichiKind::Double
        } else if self.riichi {
            RiichiKind::Riichi
        } else {
            RiichiKind::None
        };
        Ok(Situation {
            tsumo: self.tsumo,
            riichi,
            ippatsu: self.ippatsu,
            haitei: self.haitei,
            houtei: self.houtei,
            rinshan: self.rinshan,
            chankan: self.chankan,
            tenhou: self.tenhou,
            chiihou: self.chiihou,
            renhou: self.renhou,
            seat_wind: parse_wind(self.seat)?,
            round_wind: parse_wind(self.round)?,
            dora_indicators: tiles(self.dora, Part::Dora)?,
            ura_indicators: tiles(self.ura, Part::Ura)?,
            nukidora: self.nukidora,
            honba: self.honba,
            riichi_sticks: self.sticks,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn t(s: &str) -> Vec<Tile> {
        parse_tiles(s).unwrap()
    }

    #[test]
    fn reads_concealed_tiles_and_every_meld_kind() {
        let (concealed, melds) = parse_hand("234m0p+123s+555z+5555p+a1111m+k7777z").unwrap();
        assert_eq!(concealed, t("234m0p"));
        let kinds: Vec<MeldKind> = melds.iter().map(|m| m.kind).collect();
        assert_eq!(
            kinds,
            [
                MeldKind::Chi,
                MeldKind::Pon,
                MeldKind::Daiminkan,
                MeldKind::Ankan,
                MeldKind::Kakan
            ]
        );
        assert_eq!(melds[3].tiles, t("1111m"));
        assert_eq!(melds[4].tiles, t("7777z"));
    }

    #[test]
    fn a_red_five_in_a_triplet_is_the_same_kind() {
        let (_, melds) = parse_hand("11m+505m+0555p").unwrap();
        assert_eq!(melds[0].kind, MeldKind::Pon);
        assert_eq!(melds[1].kind, MeldKind::Daiminkan);
    }

    #[test]
    fn the_winning_tile_defaults_to_the_last_concealed_tile() {
        let hand = winning_hand("234m567p33345s+555z", None).unwrap();
        assert_eq!(hand.win_tile, t("5s")[0]);
        let hand = winning_hand("234m567p33345s+555z", Some("3s")).unwrap();
        assert_eq!(hand.win_tile, t("3s")[0]);
        let hand = winning_hand("11m", Some("5mr")).unwrap();
        assert_eq!(hand.win_tile, t("0m")[0]);
        assert_eq!(
            winning_hand("+555z", None),
            Err(NotationError::NoConcealedTiles)
        );
        assert_eq!(winning_hand("", None), Err(NotationError::NoConcealedTiles));
    }

    #[test]
    fn bad_tiles_say_which_part() {
        let err = parse_hand("12x").unwrap_err();
        assert!(matches!(
            err,
            NotationError::Tiles {
                part: Part::Concealed,
                ..
            }
        ));
        assert_eq!(err.to_string(), "concealed tiles `12x`");
        let err = parse_hand("11m+8z88z").unwrap_err();
        assert_eq!(err.to_string(), "meld `8z88z`");
        let err = winning_hand("11m", Some("1m2m")).unwrap_err();
        assert_eq!(err.to_string(), "winning tile `1m2m`");
        assert!(std::error::Error::source(&err).is_some());
    }

    #[test]
    fn melds_of_the_wrong_shape_are_refused() {
        for meld in [
            "12m", "1234m", "a555z", "k123m", "a1234m", "", "a", "11111m",
        ] {
            let err = parse_hand(&format!("11m+{meld}")).unwrap_err();
            assert!(
                matches!(&err, NotationError::Meld { text } if text == meld),
                "{meld}: {err:?}"
            );
        }
        let err = parse_hand("11m+12m").unwrap_err();
        assert!(err.to_string().starts_with("meld `12m`: expected a chi"));
    }

    #[test]
    fn a_multibyte_first_character_is_an_error_not_a_panic() {
        assert!(parse_hand("11m+é123m").is_err());
        assert!(parse_hand("11m+a").is_err());
        assert!(parse_hand("11m+k€").is_err());
    }

    #[test]
    fn winds() {
        for (text, wind) in [
            ("E", Wind::East),
            ("s", Wind::South),
            ("3z", Wind::West),
            ("N", Wind::North),
        ] {
            assert_eq!(parse_wind(text).unwrap(), wind);
        }
        let err = parse_wind("X").unwrap_err();
        assert_eq!(err.to_string(), "`X` is not a wind: use E, S, W or N");
    }

    #[test]
    fn the_default_situation_is_a_ron_by_east_in_east() {
        let s = SituationText::default().situation().unwrap();
        assert!(!s.tsumo);
        assert_eq!(s.riichi, RiichiKind::None);
        assert_eq!(s.seat_wind, Wind::East);
        assert_eq!(s.round_wind, Wind::East);
        assert!(s.dora_indicators.is_empty() && s.ura_indicators.is_empty());
    }

    #[test]
    fn the_situation_carries_every_flag() {
        let text = SituationText {
            tsumo: true,
            riichi: true,
            double_riichi: true,
            ippatsu: true,
            seat: "W",
            round: "S",
            dora: "4s1z",
            ura: "9m",
            nukidora: 1,
            honba: 2,
            sticks: 3,
            ..SituationText::default()
        };
        let s = text.situation().unwrap();
        assert!(s.tsumo && s.ippatsu);
        assert_eq!(s.riichi, RiichiKind::Double);
        assert_eq!(s.seat_wind, Wind::West);
        assert_eq!(s.round_wind, Wind::South);
        assert_eq!(s.dora_indicators, t("4s1z"));
        assert_eq!(s.ura_indicators, t("9m"));
        assert_eq!((s.nukidora, s.honba, s.riichi_sticks), (1, 2, 3));
    }

    #[test]
    fn situation_errors_come_in_flag_order() {
        let text = SituationText {
            seat: "X",
            dora: "9z",
            ..SituationText::default()
        };
        assert!(matches!(
            text.situation(),
            Err(NotationError::Wind { text }) if text == "X"
        ));
        let text = SituationText {
            dora: "9z",
            ura: "x",
            ..SituationText::default()
        };
        assert!(matches!(
            text.situation(),
            Err(NotationError::Tiles {
                part: Part::Dora,
                ..
            })
        ));
    }

    #[test]
    fn scored_through_the_notation() {
        let hand = winning_hand("22m456789p555z+a7777z", Some("2m")).unwrap();
        let situation = SituationText {
            tsumo: true,
            riichi: true,
            seat: "W",
            round: "S",
            honba: 2,
            sticks: 1,
            ..SituationText::default()
        }
        .situation()
        .unwrap();
        let rules = crate::rules::Rules::preset("tenhou").unwrap();
        let scored = super::super::score(&hand, &situation, &rules).unwrap();
        assert_eq!(scored.total, 9600);
    }
}
