//! The legality audit: replay every event, check it against the profile,
//! recompute every outcome, report each discrepancy as a [`Finding`].
//!
//! The order for each event is: check that it may happen now (turn order,
//! tiles held, the profile's rules), report what it breaks, then apply it
//! if it still can be applied. When the state can no longer be trusted the
//! audit says so once (`ENGINE-DESYNC`) and resumes at the next kyoku.
//!
//! [`audit`] is a pure function of the game and the rules: no IO, no
//! clock, no randomness; findings come out in event order.

mod chances;
mod chombo;
mod draw;
mod kan_dora;
mod kong;
mod options;
mod outcome;
mod phase;
mod play;
mod replay;
mod table;
mod view;
mod wall;
mod window;

pub use chances::{Blocked, CallChance, CallOption, ChanceWin, WinChance, ron_was_open};
pub use options::KongOption;
pub use phase::Turn;
pub use replay::Replay;
pub use table::ranking;
pub use view::{
    FuritenCause, KongWaits, SeatView, TableView, WinCheck, WinView, kong_waits_at, view_at, win_at,
};
pub use wall::WallView;

use crate::event::{Entry, Event, GameLog, Seat, Source};
use crate::hand::{Counts, KindSet, SuitMemo, Waits, shape_waits_memo};
use crate::rules::Rules;
use crate::tile::Tile;

use super::finding::{Finding, NOT_JUDGED, RuleId, Severity};
use super::state::KyokuState;
use phase::Phase;

/// The audit of one game.
#[derive(Clone, PartialEq, Debug)]
pub struct Audit {
    /// Every finding, in event order.
    pub findings: Vec<Finding>,
    /// Kyoku replayed.
    pub kyoku: usize,
    /// Outcomes (wins and draws) whose claimed result was compared.
    pub outcomes_checked: usize,
    /// Of those, the ones that matched in every compared field.
    pub outcomes_matching: usize,
    /// The value the recomputation gives each win it could score (points
    /// before counters and riichi sticks), in event order: what the
    /// dashboard's histogram of points per win counts.
    pub win_values: Vec<i32>,
}

/// Audits a game under a rule profile.
#[must_use]
pub fn audit(log: &GameLog, rules: &Rules) -> Audit {
    Replay::new(log, rules).finish()
}

/// What the audit tracks per player beyond the table state.
#[derive(Clone, Debug, Default)]
struct PlayerAudit {
    /// The waits of the concealed hand as it stands after the player's last
    /// discard, kong or north (empty while the hand is not 3n+1 tiles).
    waits: Waits,
    /// The suit table entries `waits` was last looked up with.
    suits: SuitMemo,
    /// How the hand moved since `waits` was computed: 1 for each draw, 2
    /// for each call, kong or north (saturating). At 1, discarding the
    /// tile just drawn gives back the hand `waits` describes.
    moves: u8,
    /// Passed a winning discard in this go-around.
    furiten_temporary: bool,
    /// The last winning tile passed, and the event (a discard or kong)
    /// that offered it.
    passed: Option<(Tile, usize)>,
    /// Passed a winning discard after declaring riichi.
    furiten_riichi: bool,
    /// The hand is dead (EMA §3.4.7).
    dead: bool,
    /// The concealed tiles are the wrong number (reported once, when they
    /// become wrong).
    wrong_size: bool,
    /// A concealed kong after riichi broke the rules: a chombo at the
    /// player's win or at a draw.
    riichi_kong_invalid: bool,
    /// Hidden tiles: checks that need the hand are skipped.
    hidden: bool,
    /// The tile the player called with their last chi or pon, with the tiles
    /// that may not be discarded now (kuikae).
    kuikae: KindSet,
}

/// The audit state of one kyoku.
#[derive(Clone, Debug)]
struct KyokuAudit {
    state: KyokuState,
    label: String,
    phase: Phase,
    players: Vec<PlayerAudit>,
    /// The state can no longer be trusted: skip to the next kyoku.
    desync: bool,
    /// Copies of each kind seen (hands, draws, indicators); red fives apart.
    seen: [u8; 34],
    seen_red: [u8; 3],
    /// The last discard: seat, tile, event index, riichi.
    last_discard: Option<(Seat, Tile, usize, bool)>,
    /// The discard was called by someone (for call priority).
    last_discard_called: bool,
    /// Winners on the current discard, in order.
    winners: Vec<Seat>,
    /// The first ron of the kyoku: from whom, on which tile, robbing a kong.
    ron_on: Option<(Seat, Tile, bool)>,
    /// The kyoku number within the round (1–4).
    number: u8,
    /// Kong declarers in order (for four-kong rules).
    kong_owners: Vec<Seat>,
    /// The event of the last kong.
    last_kong_at: Option<usize>,
    /// The dora indicators on the table when the last added kong was
    /// declared: those turned after it are its own, which a win robbing it
    /// may not count under some timings.
    kakan_indicators: usize,
    /// What happened at the end, for the next kyoku.
    end: Option<table::KyokuEnd>,
    /// A riichi discard passed and its payment is due.
    riichi_due: Option<(Seat, usize)>,
    /// Unchecked-tile notice already given.
    hidden_noted: bool,
    /// Kan dora indicators still to be turned.
    reveals: Vec<kan_dora::DueReveal>,
    /// The hand ended in a chombo: what the log plays after it is not part
    /// of the game.
    chombo: bool,
    /// The record's wall, when it gives one, and how far play has taken it.
    wall: Option<wall::WallTrack>,
}

struct Auditor<'a> {
    log: &'a GameLog,
    rules: &'a Rules,
    findings: Vec<Finding>,
    kyoku: Option<KyokuAudit>,
    game: table::GameTrack,
    kyoku_count: usize,
    outcomes_checked: usize,
    outcomes_matching: usize,
    win_values: Vec<i32>,
    /// Tile kinds already reported as not in the set (once per game).
    not_in_set: Vec<u8>,
    /// What the audit made of the last win, with its event: the replay API
    /// ([`win_at`]) shows this very verdict.
    last_win: Option<(usize, view::WinCheck)>,
    /// The last kyoku's table once it closed, whose memory the next deal
    /// reuses.
    spare: Option<KyokuAudit>,
}

impl<'a> Auditor<'a> {
    fn new(log: &'a GameLog, rules: &'a Rules) -> Self {
        Self {
            log,
            rules,
            findings: Vec::new(),
            kyoku: None,
            game: table::GameTrack::default(),
            kyoku_count: 0,
            outcomes_checked: 0,
            outcomes_matching: 0,
            win_values: Vec::new(),
            not_in_set: Vec::new(),
            last_win: None,
            spare: None,
        }
    }

    fn seats(&self) -> u8 {
        self.log.meta.seats
    }

    /// Records a finding for the event at `at`.
    fn report(&mut self, at: usize, rule: RuleId, seat: Option<Seat>, message: String) {
        self.report_values(at, rule, seat, message, None, None);
    }

    fn report_values(
        &mut self,
        at: usize,
        rule: RuleId,
        seat: Option<Seat>,
        message: String,
        expected: Option<String>,
        recorded: Option<String>,
    ) {
        let src = self
            .log
            .events
            .get(at)
            .map_or_else(Source::default, |e| e.src.clone());
        let (severity, message) = if !self.rules.values_known
            && rule.rests_on_values()
            && rule.severity() != Severity::Info
        {
            (Severity::Info, format!("{message}{NOT_JUDGED}"))
        } else {
            (rule.severity(), message)
        };
        self.findings.push(Finding {
            rule,
            severity,
            event: at,
            kyoku: self.kyoku.as_ref().map(|k| k.label.clone()),
            seat,
            message,
            expected,
            recorded,
            citation: rule.citation(self.rules.book),
            src,
        });
    }

    /// The state can no longer be trusted: say so once, skip the kyoku.
    fn desync(&mut self, at: usize, why: String) {
        if let Some(k) = self.kyoku.as_mut() {
            if k.desync {
                return;
            }
            k.desync = true;
        }
        self.report(
            at,
            RuleId::EngineDesync,
            None,
            format!(
                "the replay cannot follow the log ({why}); the rest of this kyoku is not checked"
            ),
        );
    }

    #[inline]
    fn step(&mut self, i: usize, entry: &Entry) {
        let event = &entry.event;
        match event {
            Event::StartKyoku(sk) => self.start_kyoku(i, sk),
            Event::EndKyoku => self.end_kyoku(i),
            _ => {
                let Some(k) = self.kyoku.as_ref() else {
                    if !event.is_connection() {
                        self.report(
                            i,
                            RuleId::TurnOrder,
                            event.actor(),
                            format!("{} before the first kyoku", event.type_name()),
                        );
                    }
                    return;
                };
                if k.desync || k.chombo {
                    return;
                }
                self.play_event(i, event);
            }
        }
    }

    #[inline]
    fn play_event(&mut self, i: usize, event: &Event) {
        match event {
            Event::Tsumo {
                actor,
                pai,
                rinshan,
            } => {
                self.moved(*actor, 1);
                self.draw(i, *actor, *pai, *rinshan);
            }
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
                riichi,
            } => self.discard(i, *actor, *pai, *tsumogiri, *riichi),
            Event::Chi { actor, .. } => {
                self.moved(*actor, 2);
                self.call(i, event, play::CallKind::Chi);
            }
            Event::Pon { actor, .. } => {
                self.moved(*actor, 2);
                self.call(i, event, play::CallKind::Pon);
            }
            Event::Daiminkan { actor, .. } => {
                self.moved(*actor, 2);
                self.call(i, event, play::CallKind::Daiminkan);
                self.kong_waits(*actor);
            }
            Event::Kakan { actor, .. } => {
                self.moved(*actor, 2);
                self.kakan(i, event, *actor);
                self.kong_waits(*actor);
            }
            Event::Ankan { actor, consumed } => {
                self.moved(*actor, 2);
                self.ankan(i, event, *actor, consumed);
                self.kong_waits(*actor);
            }
            Event::Nukidora { actor, pai } => {
                self.moved(*actor, 2);
                self.nukidora(i, event, *actor, *pai);
                self.kong_waits(*actor);
            }
            Event::Dora { marker } => self.dora(i, event, *marker),
            Event::RiichiAccepted { actor, claim } => {
                self.riichi_accepted(i, *actor, claim.as_deref());
            }
            Event::Hora {
                actor,
                target,
                pai,
                claim,
            } => self.win(i, *actor, *target, *pai, claim),
            Event::Ryukyoku { kind, claim } => self.ryukyoku(i, *kind, claim),
            Event::Disconnect { .. } | Event::Reconnect { .. } => {}
            Event::StartKyoku(_) | Event::EndKyoku => {}
        }
    }

    /// Notes that a seat's hand moved since its waits were computed: `by`
    /// 1 for a draw, 2 for a call, kong or north.
    #[inline]
    fn moved(&mut self, actor: Seat, by: u8) {
        if let Some(p) = self
            .kyoku
            .as_mut()
            .and_then(|k| k.players.get_mut(actor.index()))
        {
            p.moves = p.moves.saturating_add(by);
        }
    }

    /// A kong or a north leaves the hand at 3n+1 tiles until the
    /// replacement draw: its waits are those of the hand now, not of the
    /// hand before it (which the viewer would otherwise show until the next
    /// discard).
    fn kong_waits(&mut self, actor: Seat) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_mut() else { return };
        if k.desync {
            return;
        }
        if let Some(p) = k.players.get_mut(actor.index())
            && !p.hidden
        {
            p.waits = waits_of(&k.state, actor, p, rules);
        }
    }

    fn finish(mut self) -> Audit {
        if let Some(k) = self.kyoku.as_ref()
            && k.phase != Phase::Ended
            && !k.desync
        {
            let at = self.log.events.len().saturating_sub(1);
            let message = format!("kyoku {} has no outcome; the log ends", k.label);
            self.report(at, RuleId::Unchecked, None, message);
        }
        self.finish_game();
        Audit {
            findings: self.findings,
            kyoku: self.kyoku_count,
            outcomes_checked: self.outcomes_checked,
            outcomes_matching: self.outcomes_matching,
            win_values: self.win_values,
        }
    }
}

/// The waits of a player's concealed hand (3n+1 tiles), the kinds the
/// player holds all four of left out as the rules say
/// ([`FourHeldWait`](crate::rules::FourHeldWait)). `pa.suits` remembers the
/// suit entries of the last look-up, so that only the suits that changed are
/// looked up again.
fn waits_of(state: &KyokuState, seat: Seat, pa: &mut PlayerAudit, rules: &Rules) -> Waits {
    pa.moves = 0;
    let Ok(p) = state.player(seat) else {
        return Waits::default();
    };
    let shape = p.shape().waits(&mut pa.suits);
    let concealed = p.shape().counts();
    // The shape kept a tile at a time is the hand's, and so are its waits.
    debug_assert_eq!(*concealed, Counts::from_tiles(&p.concealed), "seat {seat}");
    debug_assert_eq!(shape, shape_waits_memo(concealed, &mut SuitMemo::default()));
    // The shape never waits on a kind the concealed part holds four of;
    // Tenhou's reading stops there.
    if shape == 0 || rules.four_held_wait == crate::rules::FourHeldWait::NotenWhenConcealed {
        return Waits(shape);
    }
    // Kinds held four times (concealed and melded) are no wait. The shape
    // never has a kind held four times concealed, so only the kinds of
    // the melds can add to it.
    let mut four = 0u64;
    if !p.melds.is_empty() {
        let mut held = *concealed;
        for m in &p.melds {
            for t in &m.meld.tiles {
                if let Some(n) = held.0.get_mut(usize::from(t.kind())) {
                    *n = n.saturating_add(1);
                }
            }
        }
        for t in p.melds.iter().flat_map(|m| &m.meld.tiles) {
            if held.get(t.kind()) >= 4 {
                four |= 1 << t.kind();
            }
        }
    }
    Waits(shape & !four)
}

/// Whether `seat`'s concealed hand with `tile` is thirteen orphans: the
/// one hand that may rob a concealed kong where the rules allow it.
fn thirteen_orphans_on(state: &KyokuState, seat: Seat, tile: Tile) -> bool {
    let Ok(p) = state.player(seat) else {
        return false;
    };
    let mut tiles = p.concealed.clone();
    tiles.push(tile);
    crate::hand::decompositions(&Counts::from_tiles(&tiles))
        .iter()
        .any(|d| matches!(d, crate::hand::Decomposition::ThirteenOrphans { .. }))
}

/// Whether a kind is in a player's river (their own discards, called or not).
fn in_river(state: &KyokuState, seat: Seat, waits: Waits) -> Option<Tile> {
    state
        .player(seat)
        .ok()?
        .river
        .iter()
        .find(|r| waits.contains(r.tile.kind()))
        .map(|r| r.tile)
}

/// Whether the rules know dead hands (EMA §3.4.7, WRC §7.1): online play
/// cannot produce one, so Tenhou and Mahjong Soul do not.
const fn has_dead_hands(rules: &Rules) -> bool {
    rules.dead_hands
}

/// Severity helper for tests and reports.
#[must_use]
pub fn count_by_severity(findings: &[Finding]) -> [usize; 3] {
    let mut out = [0; 3];
    for f in findings {
        let i = match f.severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Info => 2,
        };
        if let Some(n) = out.get_mut(i) {
            *n += 1;
        }
    }
    out
}
