//! The names people read: tiles, winds, limits and yaku as every report,
//! page and panel prints them, one function per name. Notations that logs
//! and formats carry (`5mr`, `1z`, `haku`) are not names for people: they
//! are in [`crate::tile`] and [`crate::yaku`].

mod yaku;

pub use yaku::{NameStyle, listing_for_people};

use crate::event::{Limit, Wind};
use crate::tile::{Tile, format_hand};

/// The honours' names, by kind from 27 (`1z`): the winds, then the
/// dragons. Every honour the Rust side prints for people is named here;
/// the HTML page's script, which draws tiles from compact data, holds
/// the same seven.
const HONOURS: [&str; 7] = ["East", "South", "West", "North", "White", "Green", "Red"];

/// An honour kind's name, `East` … `Red`; `None` for a number kind.
#[must_use]
pub fn honour(kind: u8) -> Option<&'static str> {
    kind.checked_sub(27)
        .and_then(|h| HONOURS.get(usize::from(h)))
        .copied()
}

/// A tile as a player names it: `5m`, `red 5p`, `East`, `White`.
#[must_use]
pub fn tile(t: Tile) -> String {
    if t.is_red() {
        format!("red {}", t.plain().to_compact())
    } else {
        short_tile(t)
    }
}

/// A tile in a review message: a number tile in compact notation, as the
/// hand printed beside the message is written (`5p`, `0p` for a red
/// five), an honour by name (`South`, `White`).
#[must_use]
pub fn short_tile(t: Tile) -> String {
    honour(t.kind()).map_or_else(|| t.to_compact(), str::to_owned)
}

/// Tiles or kinds in a review message, in one form: the number tiles in
/// compact notation, grouped by suit in the order given (`46m1678p567s`),
/// then the honours by name, a comma between two (`46m1678p567s South`,
/// `23567m36s North, White`, `East, Red`); empty for none.
#[must_use]
pub fn short_tiles(tiles: &[Tile]) -> String {
    let (honours, numbers): (Vec<Tile>, Vec<Tile>) = tiles.iter().partition(|t| t.is_honor());
    let names: Vec<&str> = honours.iter().filter_map(|t| honour(t.kind())).collect();
    let mut out = format_hand(&numbers);
    if !out.is_empty() && !names.is_empty() {
        out.push(' ');
    }
    out.push_str(&names.join(", "));
    out
}

/// A wind: `East`, `South`, `West`, `North`.
#[must_use]
pub const fn wind(w: Wind) -> &'static str {
    match w {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    }
}

/// A kyoku as players say it: `East 2, 1 counter` (round wind, the
/// dealer's number in the round, counters). Reports that list kyoku for
/// people (the review's HTML page, `paifu wall`) name them so; the kyoku
/// label (`E2-1`) is the short form beside it.
#[must_use]
pub fn kyoku(round_wind: Wind, number: u8, honba: u8) -> String {
    format!(
        "{} {number}, {}",
        wind(round_wind),
        crate::plural::count(usize::from(honba), "counter", "counters")
    )
}

/// A limit as players say it: `mangan`, `haneman`, `baiman`, `sanbaiman`,
/// `yakuman`; `no limit` below mangan.
#[must_use]
pub const fn limit(l: Limit) -> &'static str {
    match l {
        Limit::None => "no limit",
        Limit::Mangan => "mangan",
        Limit::Haneman => "haneman",
        Limit::Baiman => "baiman",
        Limit::Sanbaiman => "sanbaiman",
        Limit::Yakuman => "yakuman",
    }
}

/// How many yakuman a hand is paid as: `yakuman`, `double yakuman`,
/// `triple yakuman`…
#[must_use]
pub fn yakuman(multiple: u8) -> String {
    match multiple {
        0 | 1 => "yakuman".to_owned(),
        2 => "double yakuman".to_owned(),
        3 => "triple yakuman".to_owned(),
        4 => "quadruple yakuman".to_owned(),
        5 => "quintuple yakuman".to_owned(),
        6 => "sextuple yakuman".to_owned(),
        n => format!("{n}-fold yakuman"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_winds_and_limits_by_name() {
        let t = |s: &str| Tile::from_mjai(s).unwrap();
        assert_eq!(tile(t("3m")), "3m");
        assert_eq!(tile(t("5pr")), "red 5p");
        assert_eq!(tile(t("E")), "East");
        assert_eq!(tile(t("P")), "White");
        assert_eq!(tile(t("C")), "Red");
        assert_eq!(wind(Wind::North), "North");
        assert_eq!(kyoku(Wind::East, 2, 1), "East 2, 1 counter");
        assert_eq!(kyoku(Wind::South, 4, 0), "South 4, 0 counters");
        assert_eq!(limit(Limit::Sanbaiman), "sanbaiman");
        assert_eq!(limit(Limit::None), "no limit");
        assert_eq!(yakuman(2), "double yakuman");
        assert_eq!(yakuman(7), "7-fold yakuman");
    }

    #[test]
    fn message_tiles_name_the_honours_and_keep_number_tiles_compact() {
        let t = |s: &str| s.parse::<Tile>().unwrap();
        let honours: Vec<String> = (1..=7).map(|n| short_tile(t(&format!("{n}z")))).collect();
        assert_eq!(
            honours,
            ["East", "South", "West", "North", "White", "Green", "Red"]
        );
        assert_eq!(short_tile(t("0p")), "0p");
        assert_eq!(short_tile(t("5p")), "5p");
        assert_eq!(short_tile(t("9s")), "9s");
        assert_eq!(honour(26), None);
        assert_eq!(honour(33), Some("Red"));
        assert_eq!(honour(34), None);
        // A player's name of a tile differs from the message's on the red
        // fives only.
        assert_eq!(tile(t("0p")), "red 5p");
        assert_eq!(tile(t("6z")), short_tile(t("6z")));
    }

    #[test]
    fn message_lists_give_number_tiles_compact_then_honours_by_name() {
        let list = |s: &str| crate::tile::parse_hand(s).unwrap();
        assert_eq!(short_tiles(&list("46m1678p567s2z")), "46m1678p567s South");
        assert_eq!(short_tiles(&list("23567m36s45z")), "23567m36s North, White");
        assert_eq!(short_tiles(&list("17z")), "East, Red");
        assert_eq!(short_tiles(&list("340p")), "340p");
        // The order given is kept within the number tiles and within the
        // honours: a list of choices stays best first in each.
        assert_eq!(short_tiles(&list("4z9p1z3s")), "9p3s North, East");
        assert_eq!(short_tiles(&[]), "");
    }
}
