//! Fu (minipoints) of one reading.
//!
//! 20 for winning, 10 more for a closed hand won on a discard, 2 for a
//! tsumo unless the hand is pinfu, the pair, the sets by kind and
//! concealment, 2 for a closed, edge or single wait; rounded up to ten.
//! Seven pairs is 25 flat. An open hand that earns nothing beyond the 20
//! gets 2 (EMA §4.1.1), so it scores 30 and never 1 han 20 fu.

use arrayvec::ArrayVec;

use super::facts::{Facts, is_terminal_or_honor};
use super::reading::{Reading, SetKind, Shape, Wait};
use super::{FuPart, FuParts, FuReason};

/// The fu of a reading.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Fu {
    /// Entry by entry, before rounding.
    pub parts: FuParts,
    /// The sum of the entries before rounding.
    pub raw: u32,
    /// Rounded up to ten (25 for seven pairs).
    pub fu: u8,
    /// A closed hand that earns nothing beyond winning: the pinfu shape.
    pub pinfu: bool,
}

fn part(reason: FuReason, fu: u8) -> FuPart {
    FuPart { reason, fu }
}

/// Appends an entry. The capacity is the most entries a reading can have
/// (see [`FuParts`]), so nothing is ever left out; a full list is not a
/// reason to panic in library code.
fn add(parts: &mut FuParts, p: FuPart) {
    let _fits = parts.try_push(p);
}

/// Computes the fu of `reading`.
pub(super) fn fu(reading: &Reading<'_>, facts: &Facts<'_>) -> Fu {
    let (sets, pair) = match &reading.shape {
        Shape::SevenPairs => {
            let mut parts = FuParts::new();
            add(&mut parts, part(FuReason::SevenPairs, 25));
            return Fu {
                parts,
                raw: 25,
                fu: 25,
                pinfu: false,
            };
        }
        // Thirteen orphans is a yakuman: it has no fu to speak of.
        Shape::ThirteenOrphans { .. } => {
            return Fu {
                parts: FuParts::new(),
                raw: 0,
                fu: 0,
                pinfu: false,
            };
        }
        Shape::Standard { sets, pair } => (sets, *pair),
    };
    let tsumo = facts.situation.tsumo;
    // The entries beyond winning itself: the wait, the pair, the sets.
    let mut extra = ArrayVec::<FuPart, 6>::new();
    let mut push_extra = |p| {
        let _fits = extra.try_push(p);
    };

    if matches!(reading.wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        push_extra(part(FuReason::Wait, 2));
    }
    match facts.value_count(pair) {
        0 => {}
        1 => push_extra(part(FuReason::ValuePair, 2)),
        _ => push_extra(part(
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
        push_extra(part(reason, fu));
    }

    let pinfu = facts.closed && extra.is_empty();
    let mut parts = FuParts::new();
    add(&mut parts, part(FuReason::Base, 20));
    if facts.closed && !tsumo {
        add(&mut parts, part(FuReason::ClosedRon, 10));
    }
    if tsumo && !pinfu {
        add(&mut parts, part(FuReason::Tsumo, 2));
    }
    if !facts.closed && !tsumo && extra.is_empty() {
        add(&mut parts, part(FuReason::OpenPinfu, 2));
    }
    for p in extra {
        add(&mut parts, p);
    }
    let raw: u32 = parts.iter().map(|p| u32::from(p.fu)).sum();
    let rounded = raw.div_ceil(10).saturating_mul(10);
    Fu {
        parts,
        raw,
        fu: u8::try_from(rounded).unwrap_or(u8::MAX),
        pinfu,
    }
}
