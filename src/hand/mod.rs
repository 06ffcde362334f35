//! Hand analysis: is a hand complete, in how many ways, what does it wait
//! on, how far is it from tenpai.
//!
//! Everything works on [`Counts`], a count per tile kind (red fives are
//! counted with their kind: shape never depends on them). The fast paths
//! use per-suit lookup tables built once per process, on first use:
//!
//! - [`is_complete`] and [`waits`]: a table per suit shape (number suit,
//!   honours) indexed by the suit's counts read in base 5, telling whether
//!   the suit splits into sets, or sets and a pair, and which added tile
//!   makes it do so (module `tables`). About 10 ms to build in release;
//!   8 MB.
//! - [`shanten`]: per suit, how many tiles can be kept towards each target
//!   (m sets, with or without the pair), over the 405,350 suit vectors of at
//!   most 14 tiles numbered densely (modules `distance`, `rank`). About
//!   40 ms to build in release (after the first tables); 4 MB.
//!
//! [`decompositions`], needed for scoring, is an enumeration on the counts.
//!
//! Every function takes any [`Counts`] without panicking; anything that is
//! not a hand (a kind held more than four times, a tile count that does not
//! fit) is documented per function.

mod acceptance;
mod counts;
mod decompose;
mod distance;
mod pool;
mod rank;
mod shanten;
mod tables;
mod waits;

pub use acceptance::{
    Acceptance, Forms, KindSet, SuitCache, TileSet, acceptance, discard_acceptance,
    discard_acceptance_cached, discard_forms_cached, shanten_in,
};
pub use counts::Counts;
pub use decompose::{Decomposition, Group, GroupKind, Groups, decompositions, is_complete};
pub use pool::shanten_of_best;
pub use shanten::shanten;
pub(crate) use tables::{HandShape, SuitMemo, shape_waits_memo};
pub use waits::{Waits, shape_waits, waits};

#[cfg(test)]
mod tests;
