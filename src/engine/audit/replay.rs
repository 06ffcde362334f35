//! The replay as a stream: a game stepped through event by event, with the
//! audit's per-seat facts (waits, furiten and its cause, a dead hand) at
//! every point. The audit itself is this replay run to the end; the review
//! and the viewer read the same facts, so that what they say about a seat
//! can never differ from what the audit judged.

use crate::event::{GameLog, Seat};
use crate::hand::{Counts, KindSet, TileSet, shanten_in};
use crate::rules::Rules;

use super::phase::Phase;
use super::{
    Audit, Auditor, FuritenCause, KyokuAudit, PlayerAudit, RuleId, SeatView, WallView, in_river,
};
use crate::engine::{Finding, KyokuState};

/// A game replayed one event at a time.
///
/// ```
/// # use paifu::engine::Replay;
/// # use paifu::rules::Rules;
/// # let text = include_str!("../../../testdata/tenhou6/double_ron.json");
/// # let log = paifu::import::import_str(text, paifu::event::Format::Tenhou6).unwrap();
/// let rules = Rules::preset("tenhou").unwrap();
/// let mut replay = Replay::new(&log, &rules);
/// while let Some(i) = replay.step() {
///     if let Some(state) = replay.table() {
///         assert!(state.players.len() == 4, "event {i}");
///     }
/// }
/// // A one-kyoku excerpt: only the starting total is off.
/// let audit = replay.finish();
/// assert_eq!(audit.outcomes_checked, audit.outcomes_matching);
/// ```
pub struct Replay<'a> {
    auditor: Auditor<'a>,
    next: usize,
    /// The game is for another number of players than the rules: nothing
    /// is replayed (the audit says so once).
    unplayable: bool,
}

impl std::fmt::Debug for Replay<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("next", &self.next)
            .finish_non_exhaustive()
    }
}

impl<'a> Replay<'a> {
    /// A replay positioned before the first event.
    #[must_use]
    pub fn new(log: &'a GameLog, rules: &'a Rules) -> Self {
        let mut auditor = Auditor::new(log, rules);
        let unplayable = log.meta.seats != rules.seats;
        if unplayable {
            // Every tile, payment and turn would be judged by the wrong
            // table: one notice instead of a finding on every event.
            auditor.report(
                0,
                RuleId::Unchecked,
                None,
                format!(
                    "the {} rules are for {} players and this game has {}: it is not audited",
                    rules.name, rules.seats, log.meta.seats
                ),
            );
        }
        Self {
            auditor,
            next: 0,
            unplayable,
        }
    }

    /// Applies the next event; returns its index, or `None` at the end.
    pub fn step(&mut self) -> Option<usize> {
        if self.unplayable {
            return None;
        }
        let i = self.next;
        let entry = self.auditor.log.events.get(i)?;
        self.auditor.step(i, entry);
        self.next += 1;
        Some(i)
    }

    /// The index of the event [`Replay::step`] applies next.
    #[must_use]
    pub const fn position(&self) -> usize {
        self.next
    }

    /// The kyoku in play and still followed by the replay (`None` before
    /// the first deal, after an `end_kyoku`, and after the replay lost
    /// track of the log).
    fn kyoku(&self) -> Option<&KyokuAudit> {
        self.auditor.kyoku.as_ref().filter(|k| !k.desync)
    }

    /// The table as it stands.
    #[must_use]
    pub fn table(&self) -> Option<&KyokuState> {
        self.kyoku().map(|k| &k.state)
    }

    /// The label of the kyoku in play (`E2-1`).
    #[must_use]
    pub fn kyoku_label(&self) -> Option<&str> {
        self.kyoku().map(|k| k.label.as_str())
    }

    /// Whether the kyoku in play has ended (a win or a draw).
    #[must_use]
    pub fn kyoku_ended(&self) -> bool {
        self.kyoku().is_none_or(|k| k.phase == Phase::Ended)
    }

    /// Where play stands in the wall, when the record gives the wall.
    #[must_use]
    pub fn wall(&self) -> Option<WallView> {
        self.kyoku()?.wall.as_ref().map(WallView::of)
    }

    /// What the engine knows about a seat now.
    #[must_use]
    pub fn seat(&self, seat: Seat) -> Option<SeatView> {
        let k = self.kyoku()?;
        seat_view(k, seat, self.auditor.rules)
    }

    /// Whether the log hides some of a seat's hand (true when the seat is
    /// not at the table or the replay lost track).
    #[must_use]
    pub fn hidden(&self, seat: Seat) -> bool {
        self.kyoku()
            .and_then(|k| k.players.get(seat.index()))
            .is_none_or(|p| p.hidden)
    }

    /// Why a seat may not win on a discard now, when it waits (the
    /// [`SeatView::furiten`] of [`Replay::seat`], without its shanten).
    #[must_use]
    pub fn furiten(&self, seat: Seat) -> Option<FuritenCause> {
        let k = self.kyoku()?;
        furiten(k, seat, k.players.get(seat.index())?)
    }

    /// The kinds a seat may not discard now (swap-calling, when the rules
    /// forbid it).
    #[must_use]
    pub fn kuikae(&self, seat: Seat) -> KindSet {
        self.kyoku()
            .and_then(|k| k.players.get(seat.index()))
            .filter(|_| self.auditor.rules.kuikae_forbidden)
            .map_or_else(KindSet::default, |p| {
                KindSet(p.kuikae.iter().fold(0, |acc, &k| acc | 1u64 << k))
            })
    }

    /// The winners of the last discard or kong so far, nearest the
    /// discarder first.
    #[must_use]
    pub fn winners(&self) -> &[Seat] {
        self.kyoku().map_or(&[], |k| k.winners.as_slice())
    }

    /// The findings so far, in event order.
    #[must_use]
    pub fn findings(&self) -> &[Finding] {
        &self.auditor.findings
    }

    /// The rules replayed by.
    #[must_use]
    pub const fn rules(&self) -> &'a Rules {
        self.auditor.rules
    }

    /// The game.
    #[must_use]
    pub const fn log(&self) -> &'a GameLog {
        self.auditor.log
    }

    /// Runs to the end and returns the audit.
    #[must_use]
    pub fn finish(mut self) -> Audit {
        while self.step().is_some() {}
        self.auditor.finish()
    }

    pub(super) fn audit_state(&self) -> Option<&KyokuAudit> {
        self.kyoku()
    }
}

/// A seat's facts from the audit's state of the kyoku.
pub(super) fn seat_view(k: &KyokuAudit, seat: Seat, rules: &Rules) -> Option<SeatView> {
    let p: &PlayerAudit = k.players.get(seat.index())?;
    let ps = k.state.player(seat).ok()?;
    let set = TileSet::for_seats(k.state.seats);
    let shanten = (!p.hidden).then(|| {
        let melds = u8::try_from(ps.melds.len()).unwrap_or(4);
        shanten_in(&Counts::from_tiles(&ps.concealed), melds, set)
    });
    Some(SeatView {
        waits: p.waits,
        shanten,
        furiten: furiten(k, seat, p),
        dead: p.dead,
        hidden: p.hidden,
        kuikae: KindSet(if rules.kuikae_forbidden {
            p.kuikae.iter().fold(0, |acc, &k| acc | 1u64 << k)
        } else {
            0
        }),
    })
}

/// Why a seat may not win on a discard now, when it waits.
fn furiten(k: &KyokuAudit, seat: Seat, p: &PlayerAudit) -> Option<FuritenCause> {
    if p.hidden || !p.waits.is_tenpai() {
        return None;
    }
    if let Some(tile) = in_river(&k.state, seat, p.waits) {
        return Some(FuritenCause::OwnDiscard { tile });
    }
    match (p.passed, p.furiten_riichi, p.furiten_temporary) {
        (Some((tile, event)), true, _) => Some(FuritenCause::PassedInRiichi { tile, event }),
        (Some((tile, event)), false, true) => Some(FuritenCause::Passed { tile, event }),
        _ => None,
    }
}
