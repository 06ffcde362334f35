//! The replay as a stream: a game stepped through event by event, with the
//! audit's per-seat facts (waits, furiten and its cause, a dead hand) at
//! every point. The audit itself is this replay run to the end; the review
//! and the viewer read the same facts, so that what they say about a seat
//! can never differ from what the audit judged.

use crate::event::{Event, GameLog, Seat};
use crate::hand::{Counts, KindSet, TileSet, shanten_in};
use crate::rules::Rules;

use super::phase::{Phase, Turn};
use super::{
    Audit, Auditor, FuritenCause, KyokuAudit, PlayerAudit, RuleId, SeatView, TableView, WallView,
    WinCheck, in_river,
};
use crate::engine::{Finding, KyokuState, NoInputs};

/// A game replayed one event at a time.
///
/// There is one replay, in two manners. [`Replay::new`] (and
/// [`Replay::of_kyoku`], one kyoku alone, as the viewer seeks) judges every
/// event as the audit does: the audit is this replay run to the end.
/// [`Replay::as_logged`] judges nothing: it applies the log's events as
/// they are (riichi sticks are on the table when the log pays them), which
/// is what [`crate::engine::wins`] reads a win off. Both apply an event to
/// the table in one place, [`KyokuState::apply`].
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
    log: &'a GameLog,
    rules: &'a Rules,
    next: usize,
    manner: Manner<'a>,
}

/// How a [`Replay`] takes the events.
enum Manner<'a> {
    /// Each event judged before it is applied (the audit).
    Judged {
        auditor: Box<Auditor<'a>>,
        /// The game is for another number of players than the rules:
        /// nothing is replayed (the audit says so once).
        unplayable: bool,
    },
    /// Each event applied as the log has it.
    AsLogged(AsLogged),
}

/// The table of a replay as logged.
struct AsLogged {
    seats: u8,
    /// The kyoku's table, from its deal to the next deal.
    state: Option<KyokuState>,
    label: String,
    /// The first event of the kyoku that could not be applied.
    broken: Option<NoInputs>,
}

impl AsLogged {
    fn step(&mut self, i: usize, event: &Event) {
        if let Event::StartKyoku(sk) = event {
            self.state = Some(KyokuState::new(sk, self.seats));
            self.label = sk.label();
            self.broken = None;
            return;
        }
        let Some(state) = self.state.as_mut() else {
            return;
        };
        // The state is left as it was; the kyoku's wins carry the reason.
        if let Err(error) = state.apply(event)
            && self.broken.is_none()
        {
            self.broken = Some(NoInputs::Unapplied {
                event: i,
                kind: event.type_name(),
                error,
            });
        }
    }
}

impl std::fmt::Debug for Replay<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("next", &self.next)
            .finish_non_exhaustive()
    }
}

impl<'a> Replay<'a> {
    /// A replay that judges every event, positioned before the first.
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
            log,
            rules,
            next: 0,
            manner: Manner::Judged {
                auditor: Box::new(auditor),
                unplayable,
            },
        }
    }

    /// A replay that judges the kyoku holding event `index` as if the game
    /// began with it, positioned before its `start_kyoku`: what the viewer
    /// seeks with. The kyoku is replayed whatever the rules' table size
    /// (the caller says whether the rules fit). `None` when `index` comes
    /// before the first kyoku.
    #[must_use]
    pub fn of_kyoku(log: &'a GameLog, rules: &'a Rules, index: usize) -> Option<Self> {
        let last = index.min(log.events.len().saturating_sub(1));
        let start = log
            .events
            .get(..=last)?
            .iter()
            .rposition(|e| e.event.is_start_kyoku())?;
        Some(Self {
            log,
            rules,
            next: start,
            manner: Manner::Judged {
                auditor: Box::new(Auditor::new(log, rules)),
                unplayable: false,
            },
        })
    }

    /// A replay that judges nothing: every event is applied as the log has
    /// it, and an event that cannot be applied leaves the table as it was
    /// ([`Replay::unapplied`] says which). It has the table and the kyoku
    /// label, no seat facts and no findings.
    #[must_use]
    pub fn as_logged(log: &'a GameLog, rules: &'a Rules) -> Self {
        Self {
            log,
            rules,
            next: 0,
            manner: Manner::AsLogged(AsLogged {
                seats: log.meta.seats,
                state: None,
                label: String::new(),
                broken: None,
            }),
        }
    }

    /// Applies the next event; returns its index, or `None` at the end.
    pub fn step(&mut self) -> Option<usize> {
        let i = self.next;
        let entry = self.log.events.get(i)?;
        match &mut self.manner {
            Manner::Judged { unplayable, .. } if *unplayable => return None,
            Manner::Judged { auditor, .. } => auditor.step(i, entry),
            Manner::AsLogged(t) => t.step(i, &entry.event),
        }
        self.next += 1;
        Some(i)
    }

    /// Applies the events up to event `index` (inclusive), or to the end.
    pub fn run_through(&mut self, index: usize) -> &mut Self {
        while self.next <= index && self.step().is_some() {}
        self
    }

    /// The index of the event [`Replay::step`] applies next.
    #[must_use]
    pub const fn position(&self) -> usize {
        self.next
    }

    const fn auditor(&self) -> Option<&Auditor<'a>> {
        match &self.manner {
            Manner::Judged { auditor, .. } => Some(auditor),
            Manner::AsLogged(_) => None,
        }
    }

    /// The judged kyoku, also when the replay lost track of it (the table
    /// is then the one before the event it could not follow).
    pub(super) fn kyoku_held(&self) -> Option<&KyokuAudit> {
        self.auditor()?.kyoku.as_ref()
    }

    /// The judged kyoku in play and still followed (`None` before the
    /// first deal, after an `end_kyoku`, and after the replay lost track of
    /// the log).
    fn kyoku(&self) -> Option<&KyokuAudit> {
        self.kyoku_held().filter(|k| !k.desync)
    }

    /// The table as it stands. A judged replay has none before the first
    /// deal, after an `end_kyoku` and once it lost track of the kyoku; a
    /// replay as logged keeps the kyoku's table until the next deal.
    #[must_use]
    pub fn table(&self) -> Option<&KyokuState> {
        match &self.manner {
            Manner::Judged { .. } => self.kyoku().map(|k| &k.state),
            Manner::AsLogged(t) => t.state.as_ref(),
        }
    }

    /// The label of the kyoku in play (`E2-1`).
    #[must_use]
    pub fn kyoku_label(&self) -> Option<&str> {
        match &self.manner {
            Manner::Judged { .. } => self.kyoku().map(|k| k.label.as_str()),
            Manner::AsLogged(t) => t.state.as_ref().map(|_| t.label.as_str()),
        }
    }

    /// In a replay as logged, the first event of the kyoku in play that
    /// could not be applied.
    #[must_use]
    pub const fn unapplied(&self) -> Option<&NoInputs> {
        match &self.manner {
            Manner::AsLogged(t) => t.broken.as_ref(),
            Manner::Judged { .. } => None,
        }
    }

    /// Whether the kyoku in play has ended (a win or a draw).
    #[must_use]
    pub fn kyoku_ended(&self) -> bool {
        self.kyoku().is_none_or(|k| k.phase == Phase::Ended)
    }

    /// Whose move it is in the kyoku in play (`None` before the first deal,
    /// after an `end_kyoku`, once the replay lost track of the log, and for
    /// a replay as logged).
    #[must_use]
    pub fn turn(&self) -> Option<Turn> {
        self.kyoku().map(|k| Turn::from(k.phase))
    }

    /// Whether a kan dora indicator is due and may be turned now, as the
    /// rules time it (at once, or after the kong's replacement draw).
    #[must_use]
    pub fn kan_dora_due(&self) -> bool {
        self.kyoku().is_some() && self.auditor().is_some_and(|a| a.kan_dora_ready())
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
        seat_view(k, seat, self.rules)
    }

    /// The table after the last event applied, with each seat's facts and
    /// the wall: the viewer's picture. Also when the replay lost track of
    /// the kyoku (then it is the table before the event it could not
    /// follow); `None` before the first deal, after an `end_kyoku`, and
    /// for a replay as logged.
    #[must_use]
    pub fn view(&self) -> Option<TableView> {
        let rules = self.rules;
        let k = self.kyoku_held()?;
        let seats = (0..k.state.seats)
            .filter_map(|i| seat_view(k, Seat::wrapping(i), rules))
            .collect();
        Some(TableView {
            event: self.next.saturating_sub(1),
            kyoku: k.label.clone(),
            state: k.state.clone(),
            seats,
            wall: k.wall.as_ref().map(WallView::of),
        })
    }

    /// What the audit made of the last win stepped, with its event.
    #[must_use]
    pub fn last_win(&self) -> Option<(usize, &WinCheck)> {
        self.auditor()?
            .last_win
            .as_ref()
            .map(|(at, check)| (*at, check))
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
            .filter(|_| self.rules.kuikae_forbidden)
            .map_or_else(KindSet::default, |p| p.kuikae)
    }

    /// The winners of the last discard or kong so far, nearest the
    /// discarder first.
    #[must_use]
    pub fn winners(&self) -> &[Seat] {
        self.kyoku().map_or(&[], |k| k.winners.as_slice())
    }

    /// The findings so far, in event order (none in a replay as logged).
    #[must_use]
    pub fn findings(&self) -> &[Finding] {
        self.auditor().map_or(&[], |a| a.findings.as_slice())
    }

    /// The rules replayed by.
    #[must_use]
    pub const fn rules(&self) -> &'a Rules {
        self.rules
    }

    /// The game.
    #[must_use]
    pub const fn log(&self) -> &'a GameLog {
        self.log
    }

    /// Runs to the end and returns the audit (an empty one for a replay
    /// as logged, which judges nothing).
    #[must_use]
    pub fn finish(mut self) -> Audit {
        if let Manner::Judged {
            auditor,
            unplayable: false,
        } = &mut self.manner
        {
            // The audit's own loop: every event in turn, nothing to hand
            // back between them.
            let rest = self.log.events.iter().enumerate().skip(self.next);
            for (i, entry) in rest {
                auditor.step(i, entry);
            }
            self.next = self.log.events.len();
        }
        while self.step().is_some() {}
        match self.manner {
            Manner::Judged { auditor, .. } => auditor.finish(),
            Manner::AsLogged(_) => Audit {
                findings: Vec::new(),
                kyoku: 0,
                outcomes_checked: 0,
                outcomes_matching: 0,
                win_values: Vec::new(),
            },
        }
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
        kuikae: if rules.kuikae_forbidden {
            p.kuikae
        } else {
            KindSet::default()
        },
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
