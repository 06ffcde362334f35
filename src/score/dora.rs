//! Dora of every kind: indicated dora (kan dora included), red fives, ura
//! dora for riichi, and north tiles set aside in three-player games.

use super::facts::Facts;
use super::{DoraCount, RiichiKind};
use crate::hand::Counts;
use crate::tile::Tile;

/// North's kind.
const NORTH: u8 = 30;

/// The kind an indicator points at. Three players play without 2m–8m, so
/// there 1m points at 9m.
pub(crate) fn dora_kind(indicator: Tile, seats: u8) -> u8 {
    if seats == 3 && indicator.kind() == 0 {
        8
    } else {
        indicator.dora_from_indicator().kind()
    }
}

/// How many han each indicator list gives: every tile of the hand (melds
/// and north tiles set aside included) of the kind each indicator points at.
fn indicated(indicators: &[Tile], all: &Counts, nukidora: u8, seats: u8) -> u8 {
    let mut n: u8 = 0;
    for ind in indicators {
        let dora = dora_kind(*ind, seats);
        n = n.saturating_add(all.get(dora));
        if dora == NORTH {
            n = n.saturating_add(nukidora);
        }
    }
    n
}

/// Counts the dora of a hand (not used for yakuman hands).
pub(super) fn count(facts: &Facts<'_>) -> DoraCount {
    let (situation, rules) = (facts.situation, facts.rules);
    let nukidora = if rules.nukidora {
        situation.nukidora
    } else {
        0
    };
    let aka = if rules.red_fives > 0 { facts.reds } else { 0 };
    let ura = if situation.riichi != RiichiKind::None && rules.ura_dora {
        let shown = if rules.kan_ura_dora {
            &situation.ura_indicators[..]
        } else {
            situation.ura_indicators.get(..1).unwrap_or(&[])
        };
        indicated(shown, &facts.all, nukidora, rules.seats)
    } else {
        0
    };
    DoraCount {
        dora: indicated(
            &situation.dora_indicators,
            &facts.all,
            nukidora,
            rules.seats,
        ),
        aka,
        ura,
        nukidora,
    }
}

impl DoraCount {
    /// All dora han together.
    #[must_use]
    pub fn total(&self) -> u8 {
        self.dora
            .saturating_add(self.aka)
            .saturating_add(self.ura)
            .saturating_add(self.nukidora)
    }
}
