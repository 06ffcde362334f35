//! What to work on: the kinds of item that cost the most in the games
//! shown ([`crate::review::cost`] says what a cost is).

use crate::review::cost::{self, Cost};
use crate::review::write::ReviewBatch;

/// The kinds of the items shown that cost something (a mistake or an
/// inaccuracy), the costliest first (ties by kind code).
#[must_use]
pub fn work_on(batch: &ReviewBatch) -> Vec<Cost> {
    let items = batch.games().flat_map(|(_, g)| {
        let r = &g.review;
        r.items.iter().filter(move |i| batch.shows(r, i.seat))
    });
    let mut costs = cost::by_kind(items);
    costs.retain(Cost::costs);
    costs
}
