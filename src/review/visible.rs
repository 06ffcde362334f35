//! What a seat can see: the copies of each kind in view from its chair.
//! `formats/review.md` defines it; acceptance counts the tiles of a kind
//! the seat cannot see.

use crate::engine::KyokuState;
use crate::event::Seat;
use crate::hand::TileSet;

/// North, the kind a three-player north set aside is.
const NORTH: usize = 30;

/// Per kind, how many copies `seat` can see: its own concealed tiles, every
/// meld at the table (its own and the others', concealed kongs included),
/// every river (a called discard once: it is counted in the meld it went
/// to), the dora indicators, and the norths set aside. Tiles the log hides
/// are never counted.
#[must_use]
pub fn seen_by(state: &KyokuState, seat: Seat) -> [u8; 34] {
    let mut seen = [0u8; 34];
    let mut add = |kind: u8| {
        if let Some(n) = seen.get_mut(usize::from(kind)) {
            *n = n.saturating_add(1);
        }
    };
    if let Ok(p) = state.player(seat) {
        for t in &p.concealed {
            add(t.kind());
        }
    }
    for p in &state.players {
        for t in p.melds.iter().flat_map(|m| &m.meld.tiles) {
            add(t.kind());
        }
        for r in p.river.iter().filter(|r| !r.called) {
            add(r.tile.kind());
        }
        for _ in 0..p.nukidora {
            add(NORTH as u8);
        }
    }
    for t in &state.dora_indicators {
        add(t.kind());
    }
    seen
}

/// Per kind, the copies `seat` cannot see: four less those in view, none
/// for a kind the set lacks (2m–8m in three-player games).
#[must_use]
pub fn unseen_by(state: &KyokuState, seat: Seat) -> [u8; 34] {
    let set = TileSet::for_seats(state.seats);
    let seen = seen_by(state, seat);
    std::array::from_fn(|k| {
        let kind = u8::try_from(k).unwrap_or(0);
        if set.has(kind) {
            4u8.saturating_sub(seen[k])
        } else {
            0
        }
    })
}
