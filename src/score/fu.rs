//! Fu (minipoints) of one reading.
//!
//! 20 for winning, 10 more for a closed hand won on a discard, 2 for a
//! tsumo unless the hand is pinfu, the pair, the sets by kind and
//! concealment, 2 for a closed, edge or single wait; rounded up to ten.
//! Seven pairs is 25 flat. An open hand that earns nothing beyond the 20
//! gets 2 (EMA §4.1.1), so it scores 30 and never 1 han 20 fu.

use super::facts::{Facts, is_terminal_or_honor};
use super::reading::{Reading, SetKind, Shape, Wait};
use super::{FuPart, FuReason};

/// The fu of a reading.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Fu {
    /// Entry by entry, before rounding.
    pub parts: Vec<FuPart>,
    /// Rounded up to ten (25 for seven pairs).
    pub fu: u8,
    /// A closed hand that earns nothing beyond winning: the pinfu shape.
    pub pinfu: bool,
}

impl Fu {
    /// The sum of the entries before rounding.
    pub fn raw(&self) -> u32 {
        self.parts.iter().map(|p| u32::from(p.fu)).sum()
    }
}

fn part(reason: FuReason, fu: u8) -> FuPart {
    FuPart { reason, fu }
}

/// Computes the fu of `reading`.
pub(super) fn fu(reading: &Reading, facts: &Facts<'_>) -> Fu {
    let (sets, pair) = match &reading.shape {
        Shape::SevenPairs => {
            return Fu {
                parts: vec![part(FuReason::SevenPairs, 25)],
                fu: 25,
                pinfu: false,
            };
        }
        // Thirteen orphans is a yakuman: it has no fu to speak of.
        Shape::ThirteenOrphans { .. } => {
            return Fu {
                parts: Vec::new(),
                fu: 0,
                pinfu: false,
            };
        }
        Shape::Standard { sets, pair } => (sets, *pair),
    };
    let tsumo = facts.situation.tsumo;
    let mut extra = Vec::new();

    if matches!(reading.wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        extra.push(part(FuReason::Wait, 2));
    }
    match facts.value_count(pair) {
        0 => {}
        1 => extra.push(part(FuReason::ValuePair, 2)),
        _ => extra.push(part(
            FuReason::DoubleWindPair,
            facts.rules.double_wind_pair_fu,
        )),
    }
    for set in sets {
        let terminal = is_terminal_or_honor(set.tile);
        let (reason, fu) = match (set.kind, set.concealed, terminal) {
            (SetKind::Sequence, ..) => continue,
            (SetKind::Triplet, false, false) => (FuReason::OpenTripletSimple, 2),
            (SetKind::Triplet, false, true) => (FuReason::OpenTripletTerminal, 4),
            (SetKind::Triplet, true, false) => (FuReason::ClosedTripletSimple, 4),
            (SetKind::Triplet, true, true) => (FuReason::ClosedTripletTerminal, 8),
            (SetKind::Kong, false, false) => (FuReason::OpenKongSimple, 8),
            (SetKind::Kong, false, true) => (FuReason::OpenKongTerminal, 16),
            (SetKind::Kong, true, false) => (FuReason::ClosedKongSimple, 16),
            (SetKind::Kong, true, true) => (FuReason::ClosedKongTerminal, 32),
        };
        extra.push(part(reason, fu));
    }

    let pinfu = facts.closed && extra.is_empty();
    let mut parts = vec![part(FuReason::Base, 20)];
    if facts.closed && !tsumo {
        parts.push(part(FuReason::ClosedRon, 10));
    }
    if tsumo && !pinfu {
        parts.push(part(FuReason::Tsumo, 2));
    }
    if !facts.closed && !tsumo && extra.is_empty() {
        parts.push(part(FuReason::OpenPinfu, 2));
    }
    parts.extend(extra);
    let raw: u32 = parts.iter().map(|p| u32::from(p.fu)).sum();
    let rounded = raw.div_ceil(10).saturating_mul(10);
    Fu {
        parts,
        fu: u8::try_from(rounded).unwrap_or(u8::MAX),
        pinfu,
    }
}
