//! What-if play: a recorded game played on from one decision with another
//! choice (`formats/glossary.md`, "what-if", "branch").
//!
//! A [`Branch`] is a new [`GameLog`]: the recorded events up to a seat's
//! decision, the alternative taken there, then the kyoku played on. The
//! record's wall gives every later draw (live draws in turn, replacement
//! draws after kongs, kan dora indicators); the other seats repeat their
//! recorded actions while they stay legal, and the seat that branched makes
//! each of its later decisions itself. Where a seat's recorded action
//! cannot be repeated, or the branch opens a win the record does not take,
//! the branch waits for a [`Choice`]; a call the record does not make is
//! passed, as the record passed. Whether an
//! action is legal is the engine's word (`engine::Replay`, its chances and
//! its findings), never this module's; it only matches the record to what
//! the engine allows.
//!
//! The branch ends with its kyoku: a win (with a claim that records nothing
//! for the audit to check), an exhaustive draw when the wall runs out, or a
//! draw the seat to move declares. The next kyoku is not played.

mod branch;
mod options;
mod record;

pub use branch::Branch;

/// Every move the engine allows `seat` now in `replay` (a discard, a call,
/// a win, a kong, riichi, a pass), in the what-if panel's order and words
/// ([`Move`]'s `Display`); empty when the seat has no decision. A replay
/// stepped through a record reads, at each decision, what the seat could
/// have done. Unlike a [`Branch`]'s choices, which name one call per shape
/// (a plain five before a red one), a call is listed with each choice of
/// copies the hand holds (`pon with 55p` and `pon with 50p`): which five a
/// player gives up is a decision a record makes.
#[must_use]
pub fn legal_moves(replay: &crate::engine::Replay<'_>, seat: Seat) -> Vec<Move> {
    let hand = replay
        .table()
        .and_then(|s| s.player(seat).ok())
        .map(|p| p.concealed.as_slice())
        .unwrap_or_default();
    let mut out: Vec<Move> = Vec::new();
    for mv in options::legal_moves(replay, seat) {
        if let Move::Call { kind, consumed } = &mv {
            for copies in copies_held(hand, consumed) {
                let call = Move::Call {
                    kind: *kind,
                    consumed: copies,
                };
                if !out.contains(&call) {
                    out.push(call);
                }
            }
        } else {
            out.push(mv);
        }
    }
    out
}

/// The decision `event` records, if it is one: who makes it and the move
/// ([`legal_moves`]' words: a call with the tiles it takes, a concealed
/// kong by one tile of its kind). `None` for what is no decision (a draw,
/// a deal, a dora, the kyoku's end).
#[must_use]
pub fn recorded_move(event: &Event) -> Option<(Seat, Move)> {
    let mv = match event {
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
            riichi,
        } => (
            *actor,
            Move::Discard {
                tile: *pai,
                tsumogiri: *tsumogiri,
                riichi: *riichi,
            },
        ),
        Event::Hora { actor, target, .. } if actor == target => (*actor, Move::Tsumo),
        Event::Hora { actor, .. } => (*actor, Move::Ron),
        Event::Chi {
            actor, consumed, ..
        } => (*actor, call(MeldKind::Chi, consumed)),
        Event::Pon {
            actor, consumed, ..
        } => (*actor, call(MeldKind::Pon, consumed)),
        Event::Daiminkan {
            actor, consumed, ..
        } => (*actor, call(MeldKind::Daiminkan, consumed)),
        Event::Kakan { actor, pai, .. } => (
            *actor,
            Move::Kong {
                kind: MeldKind::Kakan,
                tile: *pai,
            },
        ),
        Event::Ankan { actor, consumed } => (
            *actor,
            Move::Kong {
                kind: MeldKind::Ankan,
                tile: consumed[0],
            },
        ),
        Event::Nukidora { actor, .. } => (*actor, Move::North),
        _ => return None,
    };
    Some(mv)
}

fn call(kind: MeldKind, consumed: &[Tile]) -> Move {
    Move::Call {
        kind,
        consumed: consumed.to_vec(),
    }
}

/// The ways `hand` can give the tiles of `consumed`: each five plain or
/// red as the hand holds them, `consumed` itself first; each sorted.
fn copies_held(hand: &[Tile], consumed: &[Tile]) -> Vec<Vec<Tile>> {
    let mut ways: Vec<Vec<Tile>> = vec![Vec::new()];
    for tile in consumed {
        let mut next = Vec::new();
        for way in &ways {
            let first = [*tile, tile.plain(), tile.reddened().unwrap_or(*tile)];
            for copy in first {
                let held = hand.iter().filter(|t| **t == copy).count();
                let used = way.iter().filter(|t| **t == copy).count();
                if held > used {
                    let mut longer = way.clone();
                    longer.push(copy);
                    next.push(longer);
                }
            }
        }
        ways = next;
    }
    let mut out: Vec<Vec<Tile>> = Vec::new();
    for mut way in ways {
        crate::tile::sort_tiles(&mut way);
        if !out.contains(&way) {
            out.push(way);
        }
    }
    out
}

use crate::event::{Event, Seat};
use crate::score::MeldKind;
use crate::tile::Tile;

/// One thing a seat may do at a decision of a branch.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Discard `tile`; `tsumogiri` when it is the tile just drawn; with
    /// `riichi` declared.
    Discard {
        /// The tile.
        tile: Tile,
        /// The tile just drawn goes out.
        tsumogiri: bool,
        /// The discard declares riichi.
        riichi: bool,
    },
    /// Win on one's own draw.
    Tsumo,
    /// Win on the tile just offered (a discard, or a kong robbed).
    Ron,
    /// Call the discard just made: chi, pon or open kong, showing
    /// `consumed` from the hand.
    Call {
        /// Chi, pon or open kong.
        kind: MeldKind,
        /// The tiles shown from the hand.
        consumed: Vec<Tile>,
    },
    /// Declare a concealed or an added kong of `tile`'s kind after a draw.
    Kong {
        /// Concealed or added.
        kind: MeldKind,
        /// A tile of the kong's kind from the hand.
        tile: Tile,
    },
    /// Set a north aside (three players): a dora of its own, then a
    /// replacement draw.
    North,
    /// Let the tile offered go: no win, no call.
    Pass,
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::names::short_tile;
        match self {
            Self::Discard {
                tile,
                tsumogiri,
                riichi,
            } => {
                let how = if *tsumogiri { " (tsumogiri)" } else { "" };
                if *riichi {
                    write!(f, "riichi, discard {}{how}", short_tile(*tile))
                } else {
                    write!(f, "discard {}{how}", short_tile(*tile))
                }
            }
            Self::Tsumo => f.write_str("tsumo"),
            Self::Ron => f.write_str("ron"),
            Self::Call { kind, consumed } => {
                let name = match kind {
                    MeldKind::Chi => "chi",
                    MeldKind::Pon => "pon",
                    _ => "kan",
                };
                write!(f, "{name} with {}", crate::names::short_tiles(consumed))
            }
            Self::North => f.write_str("set a north aside"),
            Self::Kong { kind, tile } => {
                let name = if *kind == MeldKind::Kakan {
                    "added kan"
                } else {
                    "concealed kan"
                };
                write!(f, "{name} of {}", short_tile(*tile))
            }
            Self::Pass => f.write_str("pass"),
        }
    }
}

/// Why a branch waits for a choice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Asked {
    /// The seat that branched decides its own play.
    Branching,
    /// The seat's recorded discard is not in its hand now.
    NotInHand {
        /// The tile the record discards.
        tile: Tile,
    },
    /// The seat's recorded call is not open: its tile was not discarded.
    CallNotOpen {
        /// The tile the record calls.
        tile: Tile,
    },
    /// The seat's recorded action is one the engine finds illegal here.
    NotLegal {
        /// The recorded action in words.
        recorded: String,
    },
    /// A win is open to the seat that the record does not take here.
    WinOpen,
    /// The record has no further action for the seat in this kyoku.
    NoRecord,
}

impl std::fmt::Display for Asked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::names::short_tile;
        match self {
            Self::Branching => f.write_str("the seat that branched plays on its own"),
            Self::NotInHand { tile } => write!(
                f,
                "the recorded discard {} is not in the hand now",
                short_tile(*tile)
            ),
            Self::CallNotOpen { tile } => write!(
                f,
                "the recorded call of {} is not open: the tile was not discarded",
                short_tile(*tile)
            ),
            Self::NotLegal { recorded } => {
                write!(f, "the recorded {recorded} is not legal here")
            }
            Self::WinOpen => f.write_str("a win is open that the record does not take"),
            Self::NoRecord => f.write_str("the record has no further action for this seat"),
        }
    }
}

/// A decision the branch waits for: whose it is, why it is asked, and
/// every move the engine allows there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Choice {
    /// Who decides.
    pub seat: Seat,
    /// Why the branch asks.
    pub asked: Asked,
    /// The legal moves, as the engine gives them.
    pub options: Vec<Move>,
}

/// Why a branch cannot be made or a move not taken.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BranchError {
    /// The event index is past the log's end.
    #[error("event {at} is past the end of the log ({len} events)")]
    OutOfRange {
        /// The index asked for.
        at: usize,
        /// The log's length.
        len: usize,
    },
    /// The kyoku at the event has no wall in its record: the draws after
    /// the branch would be unknown.
    #[error("kyoku {kyoku} has no wall in its record: no what-if without the wall")]
    NoWall {
        /// The kyoku label.
        kyoku: String,
    },
    /// The event is not in a kyoku in play.
    #[error("event {at} is not inside a kyoku in play")]
    NotInPlay {
        /// The index asked for.
        at: usize,
    },
    /// The seat has no decision to make at this point.
    #[error("seat {seat} has no decision to make at event {at}")]
    NoDecision {
        /// The seat.
        seat: Seat,
        /// The index asked for.
        at: usize,
    },
    /// The move is not one the engine allows the seat here.
    #[error("{mv} is not legal for seat {seat} here: {why}")]
    Illegal {
        /// The seat.
        seat: Seat,
        /// The move.
        mv: Move,
        /// Why, as the engine says.
        why: String,
    },
    /// The branch waits for no choice (it has ended).
    #[error("the branch is not waiting for a choice")]
    NotWaiting,
}

#[cfg(test)]
mod tests;
