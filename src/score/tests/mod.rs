//! Tests of scoring: yaku edge cases, fu, limits and payments, errors,
//! settlement with liability, and random input that must never panic.

mod errors;
mod naming;
mod points;
mod settle;
mod yaku;

use super::{Meld, MeldKind, RiichiKind, ScoreError, Scored, Situation, WinningHand, score};
use crate::event::Wind;
use crate::rules::Rules;
use crate::tile::{Tile, parse_hand};
use crate::yaku::Yaku;

/// Tiles in compact notation.
pub(super) fn tiles(text: &str) -> Vec<Tile> {
    parse_hand(text).expect("test tiles")
}

/// One tile in compact notation.
pub(super) fn tile(text: &str) -> Tile {
    let t = tiles(text);
    assert_eq!(t.len(), 1, "{text} is not one tile");
    t[0]
}

/// A meld: `"p555m"`, `"c123s"`, `"k7777z"` (daiminkan), `"a1111m"`
/// (ankan), `"s5555p"` (kakan).
pub(super) fn meld(text: &str) -> Meld {
    let (code, rest) = text.split_at(1);
    let kind = match code {
        "c" => MeldKind::Chi,
        "p" => MeldKind::Pon,
        "k" => MeldKind::Daiminkan,
        "s" => MeldKind::Kakan,
        "a" => MeldKind::Ankan,
        _ => panic!("meld code {code}"),
    };
    Meld {
        kind,
        tiles: tiles(rest),
    }
}

/// A hand: concealed tiles (winning tile included), melds, winning tile.
pub(super) fn hand(concealed: &str, melds: &[&str], win: &str) -> WinningHand {
    WinningHand {
        concealed: tiles(concealed),
        melds: melds.iter().map(|m| meld(m)).collect(),
        win_tile: tile(win),
    }
}

/// A plain ron by the South player in the East round, dora indicator 9z
/// (nothing of the usual test hands).
pub(super) fn ron() -> Situation {
    Situation::plain(false, Wind::South, Wind::East)
}

/// The same as a tsumo.
pub(super) fn tsumo() -> Situation {
    Situation {
        tsumo: true,
        ..ron()
    }
}

/// A preset.
pub(super) fn rules(name: &str) -> Rules {
    Rules::preset(name).expect("preset")
}

/// Scores under Tenhou rules and unwraps.
pub(super) fn scored(h: &WinningHand, s: &Situation) -> Scored {
    scored_by(h, s, &rules("tenhou"))
}

/// Scores under `r` and unwraps.
pub(super) fn scored_by(h: &WinningHand, s: &Situation, r: &Rules) -> Scored {
    match score(h, s, r) {
        Ok(x) => x,
        Err(e) => panic!("{h:?} did not score: {e}"),
    }
}

/// Scores and returns the error.
pub(super) fn error(h: &WinningHand, s: &Situation) -> ScoreError {
    match score(h, s, &rules("tenhou")) {
        Ok(x) => panic!("{h:?} scored {x:?}"),
        Err(e) => e,
    }
}

/// The yaku of a score with their han, in table order.
pub(super) fn yaku_of(s: &Scored) -> Vec<(Yaku, u8)> {
    s.yaku.iter().map(|y| (y.yaku.clone(), y.han)).collect()
}

/// The yakuman of a score with their multipliers.
pub(super) fn yakuman_of(s: &Scored) -> Vec<(Yaku, u8)> {
    s.yakuman
        .iter()
        .map(|y| (y.yaku.clone(), y.multiplier))
        .collect()
}
