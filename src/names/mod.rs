//! The names people read: tiles, winds, limits and yaku as every report,
//! page and panel prints them, one function per name. Notations that logs
//! and formats carry (`5mr`, `1z`, `haku`) are not names for people: they
//! are in [`crate::tile`] and [`crate::yaku`].

mod yaku;

pub use yaku::{NameStyle, listing_for_people};

use crate::event::{Limit, Wind};
use crate::tile::Tile;

/// A tile as a player names it: `5m`, `red 5p`, `East`, `White`.
#[must_use]
pub fn tile(t: Tile) -> String {
    const HONOURS: [&str; 7] = ["East", "South", "West", "North", "White", "Green", "Red"];
    match t.kind().checked_sub(27) {
        Some(h) => HONOURS
            .get(usize::from(h))
            .map_or_else(|| t.to_mjai().to_owned(), |n| (*n).to_owned()),
        None if t.is_red() => format!("red {}", t.plain().to_mjai()),
        None => t.to_mjai().to_owned(),
    }
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
        assert_eq!(limit(Limit::Sanbaiman), "sanbaiman");
        assert_eq!(limit(Limit::None), "no limit");
        assert_eq!(yakuman(2), "double yakuman");
        assert_eq!(yakuman(7), "7-fold yakuman");
    }
}
