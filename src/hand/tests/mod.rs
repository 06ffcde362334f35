//! Tests of hand analysis: hand-written cases per function, and
//! cross-checks of the fast paths against slow references on
//! pseudo-random hands.

pub(super) mod cross;
mod decompose;
mod shanten;
mod waits;

use super::Counts;
use crate::tile::parse_hand;

/// Counts of a hand in compact notation.
pub(super) fn counts(text: &str) -> Counts {
    Counts::from_tiles(&parse_hand(text).expect("test hand"))
}

/// A kind from its compact name (`"5p"`, `"7z"`).
pub(super) fn kind(text: &str) -> u8 {
    let tiles = parse_hand(text).expect("test tile");
    assert_eq!(tiles.len(), 1, "{text} is not one tile");
    tiles[0].kind()
}

mod no_panic {
    use proptest::prelude::*;

    use crate::hand::{Counts, decompositions, is_complete, shanten, shape_waits, waits};

    fn sparse() -> impl Strategy<Value = Counts> {
        // Mostly small hands with the odd impossible count.
        proptest::collection::vec((0u8..34, 0u8..7), 0..12).prop_map(|cells| {
            let mut c = Counts::default();
            for (k, n) in cells {
                c.0[usize::from(k)] = n;
            }
            c
        })
    }

    proptest! {
        #[test]
        fn any_counts_are_answered(c in sparse(), melds in 0u8..6, wide in proptest::array::uniform32(any::<u8>())) {
            let _ = decompositions(&c);
            let _ = is_complete(&c);
            let _ = waits(&c, &c);
            let mut memo = crate::hand::SuitMemo::default();
            prop_assert_eq!(crate::hand::shape_waits_memo(&c, &mut memo), shape_waits(&c).0);
            let s = shanten(&c, melds);
            prop_assert!((-1..=13).contains(&s));
            let mut w = Counts::default();
            w.0[..32].copy_from_slice(&wide);
            let _ = decompositions(&w);
            let _ = is_complete(&w);
            let _ = waits(&w, &c);
            prop_assert_eq!(crate::hand::shape_waits_memo(&w, &mut memo), shape_waits(&w).0);
            let _ = shanten(&w, melds);
        }
    }
}

/// The number of complete suit shapes, counted independently (by a script
/// adding sets and a pair to the empty suit): the tables hold exactly those.
#[test]
fn tables_hold_every_complete_shape() {
    use super::tables::{SETS, SETS_PAIR, tables};
    let t = tables();
    let count = |table: &[u32], bit: u32| table.iter().filter(|&&e| e & bit != 0).count();
    assert_eq!(count(&t.number, SETS), 2_869);
    assert_eq!(count(&t.number, SETS_PAIR), 18_874);
    // Honours: each of 7 kinds 0 or 3 times, at most 4 triplets.
    assert_eq!(count(&t.honour, SETS), 1 + 7 + 21 + 35 + 35);
}

/// The arithmetic "sets only" test of the waits' fast path agrees with the
/// table on every number-suit vector it is asked about (at most 12 tiles,
/// a multiple of three).
#[test]
fn sets_only_agrees_with_the_table() {
    use super::tables::{SETS, SmallVectors, sets_only, tables};
    let t = tables();
    let mut asked = 0;
    for (index, digits, total) in SmallVectors::new(9) {
        if total > 12 || total % 3 != 0 {
            continue;
        }
        asked += 1;
        let table = t.number[index] & SETS != 0;
        assert_eq!(sets_only(&digits), table, "{digits:?}");
    }
    assert!(asked > 10_000, "{asked}");
}
