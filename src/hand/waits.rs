//! Tenpai and the exact set of waits.
//!
//! The standard form is answered from the per-suit tables (see
//! [`super::tables`]): the tile that completes the hand goes to one suit,
//! which must then become "sets + pair" while the others are "sets only",
//! or become "sets only" while exactly one other suit is "sets + pair".
//! Each suit's table entry already lists which added kinds do either, so
//! the whole computation is four lookups and a few masks. Seven pairs and
//! thirteen orphans have closed-form waits on a 13-tile concealed part.

use super::{Counts, tables};

/// The tile kinds a hand waits on, as a bit set over kinds 0–33.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Waits(pub u64);

impl Waits {
    /// Whether the hand waits on `kind`.
    #[must_use]
    pub fn contains(self, kind: u8) -> bool {
        kind < 34 && self.0 & (1 << kind) != 0
    }

    /// Whether the hand waits on anything (is tenpai).
    #[must_use]
    pub fn is_tenpai(self) -> bool {
        self.0 != 0
    }

    /// The kinds waited on, ascending.
    pub fn kinds(self) -> impl Iterator<Item = u8> {
        (0..34u8).filter(move |k| self.0 & (1 << k) != 0)
    }
}

/// The waits of a concealed part of 3n+1 tiles: the kinds that complete it
/// in any reading (four sets and a pair, seven pairs, thirteen orphans),
/// leaving out kinds of which `held` (every tile the player has, melds
/// included) already has four (EMA §3.3.13).
///
/// Anything that is not a 3n+1 concealed part of at most 13 tiles with at
/// most four of a kind waits on nothing. A kind the concealed part itself
/// holds four of is never a wait, whatever `held` says.
#[must_use]
pub fn waits(concealed: &Counts, held: &Counts) -> Waits {
    let shape = tables::standard_waits(concealed) | tables::special_waits(concealed);
    if shape == 0 {
        return Waits(0);
    }
    let mut four = 0u64;
    for (kind, &n) in held.0.iter().enumerate() {
        if n >= 4 {
            four |= 1 << kind;
        }
    }
    Waits(shape & !four)
}

/// The waits by shape alone: like [`waits`] without the "holds four"
/// rule, except that kinds the concealed part itself holds four of are
/// still left out (no fifth copy exists).
#[must_use]
pub fn shape_waits(concealed: &Counts) -> Waits {
    Waits(tables::standard_waits(concealed) | tables::special_waits(concealed))
}
