//! Whose move it is: the turn structure of a kyoku.

use crate::event::Seat;

/// What kind of kong is waiting for its replacement draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum KongKind {
    /// An open kong on a discard.
    Daiminkan,
    /// An added kong (robbable).
    Kakan,
    /// A concealed kong (robbable for thirteen orphans where allowed).
    Ankan,
    /// A north set aside (three-player; can be won on).
    Nukidora,
}

/// The point the kyoku has reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Phase {
    /// Dealt: the dealer draws first.
    Deal,
    /// The seat has drawn: it discards, declares a kong or a north, wins,
    /// or (first draw) declares nine terminals.
    Drawn(Seat),
    /// The seat called chi or pon: it discards.
    Called(Seat),
    /// The seat discarded: others may win or call; otherwise the next
    /// seat draws.
    Discarded(Seat),
    /// The seat declared a kong or set a north aside: others may rob it
    /// where allowed; otherwise the seat takes a replacement draw.
    Kong(Seat, KongKind),
    /// The kyoku has an outcome.
    Ended,
}
