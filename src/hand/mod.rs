//! Hand analysis: is a hand complete, in how many ways, what does it wait
//! on, how far is it from tenpai.
//!
//! Everything works on [`Counts`], a count per tile kind (red fives are
//! counted with their kind: shape never depends on them). The fast paths
//! (complete? waits?) use per-suit lookup tables built once per process;
//! decompositions for scoring are enumerated.

mod counts;
mod decompose;
mod distance;
mod rank;
mod shanten;
mod tables;
mod waits;

pub use counts::Counts;
pub use decompose::{Decomposition, Group, GroupKind, decompositions, is_complete};
pub use shanten::shanten;
pub use waits::{Waits, shape_waits, waits};

#[cfg(test)]
mod tests;
