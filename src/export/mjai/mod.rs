//! Writes a game as mjai JSON lines (`formats/mjai.md`).
//!
//! The output follows Mortal's schema, one compact object per line, plus
//! the claim fields of gimite's protocol on `hora`, `ryukyoku` and
//! `reach_accepted`, and one extension: `paifu_notes` on `start_game`, the
//! game's notes together with what this export could not carry. What
//! Mortal requires and the game does not state (starting scores, the deltas
//! and `ura_markers` of a win, the `reach_accepted` of a riichi that play
//! went on from) is completed first where the log can say it (`required`).
//! Reading the output back gives [`carried`] of the game, source locations
//! aside.

mod lost;
mod projection;
mod required;
mod writer;

#[cfg(test)]
mod tests;

pub use projection::carried;
pub use writer::write;

use crate::event::{Event, GameLog, Seat};
use crate::tile::Tile;

/// The `hora_tehais` written for a winning hand: the hand without (one copy
/// of) the winning tile, in the hand's order. The reader adds the winning
/// tile back to a list of 3n+1 tiles, so only a hand of 3n+2 tiles holding
/// it is shortened; any other hand is written whole (one of 3n+1 tiles then
/// comes back with the winning tile added).
fn hora_tehais(hand: &[Tile], pai: Tile) -> Vec<Tile> {
    let mut out = hand.to_vec();
    if out.len() % 3 == 2
        && let Some(i) = out.iter().position(|t| *t == pai)
    {
        out.remove(i);
    }
    out
}

/// Scores after an outcome, when both the scores before and the deltas are
/// known for every seat: the only form in which mjai keeps scores before.
fn scores_after(before: Option<&Vec<i32>>, deltas: Option<&Vec<i32>>) -> Option<Vec<i32>> {
    let (before, deltas) = (before?, deltas?);
    if before.len() != deltas.len() {
        return None;
    }
    before
        .iter()
        .zip(deltas)
        .map(|(b, d)| b.checked_add(*d))
        .collect()
}

/// Whether some kyoku has no outcome: the importer then reads the game as
/// incomplete whatever else the file says.
fn has_unfinished_kyoku(log: &GameLog) -> bool {
    let mut open = false;
    for entry in &log.events {
        match entry.event {
            Event::StartKyoku(_) => {
                if open {
                    return true;
                }
                open = true;
            }
            Event::Hora { .. } | Event::Ryukyoku { .. } => open = false,
            _ => {}
        }
    }
    open
}

/// Whether `end_game` is written. It is what tells a finished game, so it
/// is left out of an incomplete one — unless a kyoku without outcome already
/// says so, in which case it is written for the final scores it carries.
fn writes_end_game(log: &GameLog) -> bool {
    let meta = &log.meta;
    !meta.incomplete
        || (meta.end.as_ref().is_some_and(|e| e.scores.is_some()) && has_unfinished_kyoku(log))
}

/// Whether a draw by `actor` right after `previous` (the last event of the
/// kyoku that is not a `dora`) is a replacement draw, as the importer reads it.
fn follows_own_kong(previous: Option<&Event>, actor: Seat) -> bool {
    previous.is_some_and(|e| e.gives_replacement_draw() && e.actor() == Some(actor))
}
