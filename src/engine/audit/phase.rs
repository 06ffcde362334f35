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

/// Whose move it is, as the replay sees it: the public face of the
/// kyoku's phase, for a caller that plays on from a point (the what-if
/// branch) and must know who acts next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// Dealt: the dealer draws first.
    Deal,
    /// The seat has drawn: it discards, declares a kong, or wins by tsumo.
    Drawn(Seat),
    /// The seat called chi or pon: it discards.
    Called(Seat),
    /// The seat discarded: others may win or call; otherwise the next seat
    /// draws.
    Discarded(Seat),
    /// The seat declared a kong or set a north aside: others may rob it
    /// where allowed; otherwise the seat takes a replacement draw.
    Kong(Seat),
    /// The kyoku has an outcome.
    Ended,
}

impl From<Phase> for Turn {
    fn from(phase: Phase) -> Self {
        match phase {
            Phase::Deal => Self::Deal,
            Phase::Drawn(s) => Self::Drawn(s),
            Phase::Called(s) => Self::Called(s),
            Phase::Discarded(s) => Self::Discarded(s),
            Phase::Kong(s, _) => Self::Kong(s),
            Phase::Ended => Self::Ended,
        }
    }
}
