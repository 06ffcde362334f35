//! The teaching review: for every decision of every seat, what the engine
//! can say for certain about it, and the mistakes a teacher points at.
//!
//! [`review`] replays a game with the audit's own replay
//! ([`crate::engine::Replay`]), so waits, furiten, yaku, liability and
//! scores are the audit's. At each discard it analyses the hand
//! ([`Decision`]: every candidate discard with its shanten, acceptance and
//! waits); at each tile offered it asks the engine who could win or call
//! on it and records what was passed ([`PassedChance`]); from both it
//! draws the [`Item`]s of the catalogue in [`ItemKind`]. Like the audit it
//! is a pure function of the game and the rules: no IO, no clock, no
//! randomness, output in event order. `formats/review.md` defines every
//! term and item kind.

mod choice;
pub mod cost;
pub mod danger;
mod decision;
mod hindsight;
mod items;
mod judge;
pub mod pushfold;
mod quality;
mod situation;
mod summary;
mod taken;
mod visible;
mod walk;
pub mod write;

pub use crate::catalogue::{ItemKind, Weight};
pub use choice::{Alternative, Choice, ChoiceKind};
pub use cost::Cost;
pub use danger::{Danger, Reason, Threat, ThreatKind};
pub use decision::{Candidate, Decision};
pub use hindsight::Hindsight;
pub use pushfold::PushFold;
pub use situation::{Board, SeatBoard, Situation};
pub use summary::{SeatSummary, WeightCounts};
pub use visible::{seen_by, unseen_by};

use crate::engine::Blocked;
use crate::event::{GameLog, Seat, Source};
use crate::rules::Rules;
use crate::score::Meld;
use crate::tile::Tile;

/// Choices a review takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// `EFFICIENCY` is an inaccuracy when the discard played accepts at
    /// least this many percent fewer tiles than the best at the same
    /// shanten.
    pub efficiency_threshold: u8,
    /// Keep every call, kong and win decision and every riichi declared
    /// in [`GameReview::choices`] (`--decisions`): they cost time and no
    /// item needs them. The dama decisions are always kept
    /// (`DAMA-WITHOUT-YAKU` reads them).
    pub choices: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            efficiency_threshold: 25,
            choices: false,
        }
    }
}

/// One thing a teacher points at.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Item {
    /// The kind.
    pub kind: ItemKind,
    /// How much it weighs.
    pub weight: Weight,
    /// The event it is about (the discard, call or draw).
    pub event: usize,
    /// The kyoku label (`E2-1`).
    pub kyoku: String,
    /// Whose decision it was.
    pub seat: Seat,
    /// The tile played (discarded, called), when there was one.
    pub played: Option<Tile>,
    /// The better choices, best first.
    pub better: Vec<Tile>,
    /// Shanten before and after the decision, where it applies.
    pub shanten: Option<(i8, i8)>,
    /// Tiles accepted after the tile played, and after the best choice.
    pub ukeire: Option<(u8, u8)>,
    /// The points involved (a missed win's or a deal-in's value).
    pub value: Option<i32>,
    /// One sentence, with the engine's numbers.
    pub message: String,
    /// The rule paragraph of the profile's book (empty when no rule is
    /// involved).
    pub citation: &'static str,
    /// Where in the source file.
    pub src: Source,
    /// The concealed tiles and melds the item is about.
    pub hand: Vec<Tile>,
    /// The melds.
    pub melds: Vec<Meld>,
    /// The decision analysed at `event`, as an index into
    /// [`GameReview::decisions`].
    pub decision: Option<usize>,
    /// Another event the item refers to (the tenpai reached after a call,
    /// the win dealt into).
    pub related: Option<usize>,
    /// The table at the item, for its seat: turn, tiles left, scores,
    /// placements, threats, dora and the board (`None` only when the
    /// replay had lost track of the kyoku).
    pub situation: Option<Situation>,
    /// For a discard item that names another tile, in a kyoku whose
    /// record gives its wall: how soon that tile discarded instead, and
    /// the hand as played, could have been tenpai on the tiles that came.
    /// A fact beside the odds, never part of the judgement.
    pub hindsight: Option<Hindsight>,
}

/// What a passed chance was.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ChanceKind {
    /// A win on another's tile.
    Ron {
        /// Whose tile.
        from: Seat,
    },
    /// A win on one's own draw.
    Tsumo,
    /// Calls on a discard: each option's kind (chi, pon or daiminkan) and the
    /// tiles it would have taken from the hand.
    Call {
        /// The discarder.
        from: Seat,
        /// The options, with the shanten after the call's best discard.
        options: Vec<(crate::score::MeldKind, Vec<Tile>, i8)>,
    },
}

/// A chance to win or call that a seat let pass.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PassedChance {
    /// The event that offered it.
    pub event: usize,
    /// Where in the source file.
    pub src: Source,
    /// The kyoku label.
    pub kyoku: String,
    /// Who passed it.
    pub seat: Seat,
    /// The tile.
    pub tile: Tile,
    /// What it was.
    pub kind: ChanceKind,
    /// For a win: its points when it was legal, or why it was not.
    pub win: Option<Result<i32, Blocked>>,
}

/// A win the log shows that the review's engine query did not confirm as
/// legal. The audit reports such a win too; when it does not, the two
/// disagree, which is a bug (the corpus test holds this list empty).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Disagreement {
    /// The `hora` event.
    pub event: usize,
    /// The winner.
    pub seat: Seat,
    /// What the review found instead.
    pub why: String,
}

/// The review of one game.
#[derive(Clone, PartialEq, Debug)]
pub struct GameReview {
    /// Players at the table.
    pub seats: u8,
    /// The players' names by seat (may be empty).
    pub players: Vec<String>,
    /// Kyoku reviewed.
    pub kyoku: usize,
    /// Every discard decision analysed, in event order.
    pub decisions: Vec<Decision>,
    /// Every other decision (a call, riichi or dama, a kong, a win), in
    /// event order; without [`Options::choices`] only the dama ones.
    pub choices: Vec<Choice>,
    /// Every chance passed, in event order.
    pub chances: Vec<PassedChance>,
    /// The items, in event order.
    pub items: Vec<Item>,
    /// The discarders of the analysed discards that were won on, one per
    /// discard.
    pub deal_ins: Vec<Seat>,
    /// Per seat.
    pub summary: Vec<SeatSummary>,
    /// Wins the review could not confirm (see [`Disagreement`]).
    pub disagreements: Vec<Disagreement>,
}

impl GameReview {
    /// The decision analysed at event `event`, if any (decisions are in
    /// event order, one an event at most).
    #[must_use]
    pub fn decision_at(&self, event: usize) -> Option<&Decision> {
        let i = self.decisions.partition_point(|d| d.event < event);
        self.decisions.get(i).filter(|d| d.event == event)
    }

    /// A seat by its number or its player's name.
    #[must_use]
    pub fn find_seat(&self, who: &str) -> Option<Seat> {
        if let Ok(n) = who.parse::<u8>() {
            return Seat::new(n).filter(|s| s.get() < self.seats);
        }
        self.players
            .iter()
            .position(|p| p == who)
            .and_then(|i| u8::try_from(i).ok())
            .and_then(Seat::new)
    }
}

/// Reviews a game under a rule profile.
#[must_use]
pub fn review(log: &GameLog, rules: &Rules, options: &Options) -> GameReview {
    walk::run(log, rules, options)
}
