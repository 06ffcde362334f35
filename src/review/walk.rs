//! The review's pass over a game: the replay is stepped event by event;
//! before a discard the decision is analysed from the table as it stands,
//! after it the engine is asked who could win or call on the tile; when the
//! tile's window closes, what was passed is known. The items are drawn
//! from these facts in `items.rs`.

use crate::engine::{Blocked, KyokuState, Replay, WinChance, ron_was_open};
use crate::event::{DrawKind, Event, GameLength, GameLog, Seat, Wind};
use crate::hand::SuitCache;
use crate::rules::Rules;
use crate::score::MeldKind;
use crate::tile::Tile;

use super::danger::{self, History};
use super::decision::{DecisionContext, analyse};
use super::items::{self, CallFacts};
use super::situation::Moment;
use super::{ChanceKind, Disagreement, GameReview, Options, PassedChance};

/// A tile offered to the others (a discard, an added kong, a north), with
/// the wins the engine saw on it.
struct Window {
    event: usize,
    from: Seat,
    tile: Tile,
    wins: Vec<WinChance>,
    /// The calls open on it, each option with the shanten after the call
    /// and its best discard.
    calls: Vec<(crate::engine::CallChance, Vec<i8>)>,
    winners: Vec<Seat>,
    /// The discarder's decision, when the tile was a discard analysed.
    decision: Option<usize>,
    /// The scores when it was offered.
    scores: Option<Vec<i32>>,
    /// Per seat that could call, its call decision's alternatives and
    /// the opponents in riichi then.
    call_choices: Vec<(Seat, Vec<super::Alternative>, u8)>,
}

/// Where a chance was offered, for the item that reports it passed.
pub(super) struct Offer<'a> {
    pub event: usize,
    pub kyoku: &'a str,
    /// The game's last kyoku.
    pub last: bool,
    pub scores: Option<&'a [i32]>,
    /// The kyoku's dealer.
    pub dealer: Seat,
}

/// Per seat, what the yaku checks of open hands remember.
#[derive(Clone, Default)]
pub(super) struct SeatTrack {
    /// The seat's last call: its event, its kind, and the tiles left in
    /// the live wall then.
    pub last_call: Option<CallFacts>,
    /// The hand has been tenpai since that call.
    pub tenpai_since_call: bool,
    /// The hand sits in a yakuless tenpai already reported.
    pub yakuless: bool,
    /// The event of the seat's riichi declaration.
    pub riichi_at: Option<usize>,
    /// The routes to a yaku the hand kept right after its last call.
    pub routes: Vec<&'static str>,
    /// The seat is the kyoku's dealer.
    pub dealer: bool,
}

/// The walk through one kyoku.
struct Kyoku {
    label: String,
    /// The game's last hand (all-last).
    last: bool,
    /// The dealer.
    dealer: Seat,
    window: Option<Window>,
    /// A tsumo open to the seat that drew, with the draw's event and the
    /// scores then.
    tsumo: Option<(WinChance, usize, Option<Vec<i32>>)>,
    /// Every discard so far: event, seat, kind.
    discards: Vec<(usize, Seat, u8)>,
    seats: Vec<SeatTrack>,
    /// The moments items may be about: each decision analysed (before its
    /// discard) and each call (after it), in event order.
    moments: Vec<Moment>,
}

pub(super) struct Walk<'a> {
    pub log: &'a GameLog,
    pub rules: &'a Rules,
    pub options: &'a Options,
    pub out: GameReview,
    kyoku: Option<Kyoku>,
    /// The game's last hand: its round wind and kyoku number.
    all_last: Option<(Wind, u8)>,
    /// Who the caller of the call being applied was liable to before it.
    liable_before: Option<Seat>,
    /// The last discard's decision, when it was analysed.
    last_decision: Option<usize>,
    /// Per seat, the stretches of events when the server played for it.
    away: Vec<(Seat, usize, usize)>,
    /// Suits looked up for earlier decisions.
    pub suits: SuitCache,
    /// The items before this index have their situation.
    situated: usize,
}

/// The call decisions open on the discard just made, one per seat that
/// could call.
fn calls_offered(
    replay: &Replay<'_>,
    state: &KyokuState,
    rules: &Rules,
    cache: &mut SuitCache,
) -> Vec<(Seat, Vec<super::Alternative>, u8)> {
    replay
        .call_chances()
        .iter()
        .filter_map(|c| {
            let alternatives = super::choice::call(state, rules, c, cache)?;
            Some((
                c.seat,
                alternatives,
                super::choice::others_in_riichi(state, c.seat),
            ))
        })
        .collect()
}

/// A chance's verdict as reported: the win's points, or why there is none.
fn outcome(c: &WinChance) -> Result<i32, Blocked> {
    c.verdict.as_ref().map(|v| v.value).map_err(Clone::clone)
}

/// The game's last hand (all-last) by round wind and number: East 4 of an
/// East-only game, South 4 of a hanchan (3 with three players), the hands
/// after them (a dealer's repeats, a West round) too; when the log does not
/// say how long the game is, its last kyoku.
fn all_last(log: &GameLog) -> Option<(Wind, u8)> {
    let round = match log.meta.rules.length {
        Some(GameLength::EastOnly) => Some(Wind::East),
        Some(GameLength::Hanchan) => Some(Wind::South),
        None => None,
    };
    if let Some(round) = round {
        return Some((round, log.meta.seats));
    }
    log.events.iter().rev().find_map(|e| match &e.event {
        Event::StartKyoku(sk) => Some((sk.round_wind, sk.kyoku)),
        _ => None,
    })
}

/// The stretches when a seat was disconnected and the server played for
/// it: from its last draw before the log says it left (the turn the server
/// timed out on) until the log says it came back, or the end.
fn away(log: &GameLog) -> Vec<(Seat, usize, usize)> {
    let mut out = Vec::new();
    for (i, e) in log.events.iter().enumerate() {
        let Event::Disconnect { seat } = e.event else {
            continue;
        };
        let mut start = i;
        for (j, before) in log.events.iter().enumerate().take(i).rev() {
            match before.event {
                Event::StartKyoku(_) => break,
                Event::Tsumo { actor, .. } if actor == seat => {
                    start = j;
                    break;
                }
                _ => {}
            }
        }
        let end = log
            .events
            .iter()
            .enumerate()
            .skip(i + 1)
            .find(|(_, e)| matches!(e.event, Event::Reconnect { seat: s } if s == seat))
            .map_or(log.events.len(), |(j, _)| j);
        out.push((seat, start, end));
    }
    out
}

pub(super) fn run(log: &GameLog, rules: &Rules, options: &Options) -> GameReview {
    let mut replay = Replay::new(log, rules);
    let all_last = all_last(log);
    let mut walk = Walk {
        log,
        rules,
        options,
        out: GameReview {
            seats: log.meta.seats,
            players: (0..usize::from(log.meta.seats))
                .map(|i| {
                    log.meta
                        .players
                        .get(i)
                        .map(|p| p.name.clone())
                        .unwrap_or_default()
                })
                .collect(),
            kyoku: 0,
            decisions: Vec::new(),
            choices: Vec::new(),
            chances: Vec::new(),
            items: Vec::new(),
            deal_ins: Vec::new(),
            summary: Vec::new(),
            disagreements: Vec::new(),
        },
        kyoku: None,
        all_last,
        liable_before: None,
        last_decision: None,
        away: away(log),
        suits: SuitCache::take_thread(),
        situated: 0,
    };
    loop {
        let i = replay.position();
        let Some(entry) = log.events.get(i) else {
            break;
        };
        walk.before(&replay, i, &entry.event);
        walk.situate(&replay);
        if replay.step().is_none() {
            break;
        }
        walk.after(&replay, i, &entry.event);
        walk.situate(&replay);
    }
    // A kyoku still open here was cut off (a truncated log, a what-if
    // branch waiting for a choice, a replay that lost track): what its
    // players did with the last tile offered is not known, so a chance
    // on it is not judged as passed.
    if let Some(k) = walk.kyoku.as_mut() {
        k.window = None;
        k.tsumo = None;
    }
    walk.situate(&replay);
    std::mem::replace(&mut walk.suits, SuitCache::none()).give_back();
    let mut out = walk.out;
    super::hindsight::attach(log, &mut out);
    // Calls and wins are known when their tile's window closes, after
    // later choices may be kept: event order is restored.
    out.choices.sort_by_key(|c| c.event);
    out.summary = super::summary::summarise(&out);
    out
}

impl Walk<'_> {
    fn before(&mut self, replay: &Replay<'_>, i: usize, event: &Event) {
        match event {
            Event::StartKyoku(sk) => {
                self.close_window(replay.table(), None);
                self.pass_tsumo();
                self.situate(replay);
                self.out.kyoku += 1;
                self.kyoku = Some(Kyoku {
                    label: sk.label(),
                    last: self
                        .all_last
                        .is_some_and(|last| (sk.round_wind, sk.kyoku) >= last),
                    dealer: sk.dealer,
                    window: None,
                    tsumo: None,
                    discards: Vec::new(),
                    seats: (0..self.log.meta.seats)
                        .map(|s| SeatTrack {
                            dealer: s == sk.dealer.get(),
                            ..SeatTrack::default()
                        })
                        .collect(),
                    moments: Vec::new(),
                });
            }
            Event::EndKyoku => {
                self.close_window(replay.table(), None);
                self.pass_tsumo();
            }
            Event::Tsumo { .. } => {
                self.close_window(replay.table(), None);
                self.pass_tsumo();
            }
            Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. } => {
                self.liable_before = replay
                    .table()
                    .and_then(|s| s.player(*actor).ok())
                    .and_then(|p| p.liable);
                if !self.options.choices {
                    self.measure_call_taken(replay, event);
                }
                self.close_window(replay.table(), Some((i, event)));
            }
            Event::Ryukyoku { kind, .. } => {
                self.pass_tsumo();
                if *kind == DrawKind::TripleRon {
                    // The claimants declared; the rules turned it into a draw.
                    if let Some(w) = self.kyoku.as_mut().and_then(|k| k.window.as_mut()) {
                        w.winners.extend(w.wins.iter().map(|c| c.seat));
                    }
                }
                self.close_window(replay.table(), None);
            }
            Event::Dahai {
                actor, pai, riichi, ..
            } => {
                self.pass_tsumo();
                self.decide(replay, i, *actor, *pai, *riichi);
                if self.out.decisions.last().is_some_and(|d| d.event == i) {
                    self.note_moment(replay, i, *actor);
                }
            }
            Event::Kakan { .. } | Event::Ankan { .. } | Event::Nukidora { .. } => {
                self.pass_tsumo();
                match event {
                    Event::Kakan { actor, pai, .. } => {
                        self.kong_taken(replay, i, *actor, MeldKind::Kakan, *pai);
                    }
                    Event::Ankan { actor, consumed } => {
                        if let Some(&t) = consumed.first() {
                            self.kong_taken(replay, i, *actor, MeldKind::Ankan, t);
                        }
                    }
                    _ => {}
                }
            }
            Event::Hora { actor, target, .. } => self.win(replay, i, *actor, *target),
            Event::Dora { .. }
            | Event::RiichiAccepted { .. }
            | Event::Disconnect { .. }
            | Event::Reconnect { .. } => {}
        }
    }

    fn after(&mut self, replay: &Replay<'_>, i: usize, event: &Event) {
        let Some(state) = replay.table() else {
            return;
        };
        match event {
            Event::Tsumo { actor, .. } => {
                if let Some(k) = self.kyoku.as_mut() {
                    k.tsumo = replay.tsumo_chance().map(|c| (c, i, state.scores.clone()));
                }
                self.offer_kongs(replay, state, i, *actor);
            }
            Event::Dahai {
                actor, pai, riichi, ..
            } => {
                let decision = self
                    .out
                    .decisions
                    .last()
                    .filter(|d| d.event == i)
                    .map(|_| self.out.decisions.len() - 1);
                if let Some(k) = self.kyoku.as_mut() {
                    k.discards.push((i, *actor, pai.kind()));
                    if *riichi
                        && let Some(t) = k.seats.get_mut(actor.index())
                        && t.riichi_at.is_none()
                    {
                        t.riichi_at = Some(i);
                    }
                }
                self.last_decision = decision;
                if let Some(d) = decision {
                    items::after_discard(self, replay, d);
                }
                self.open_window(replay, i, *actor, *pai, decision);
            }
            Event::Kakan { actor, pai, .. } | Event::Nukidora { actor, pai } => {
                self.open_window(replay, i, *actor, *pai, None);
            }
            Event::Ankan { actor, consumed } => {
                if let Some(&t) = consumed.first() {
                    self.open_window(replay, i, *actor, t, None);
                }
            }
            Event::Chi {
                actor, target, pai, ..
            } => {
                self.note_moment(replay, i, *actor);
                self.after_call(state, i, MeldKind::Chi, *actor, *target, *pai);
            }
            Event::Pon {
                actor, target, pai, ..
            } => {
                self.note_moment(replay, i, *actor);
                self.after_call(state, i, MeldKind::Pon, *actor, *target, *pai);
            }
            Event::Daiminkan {
                actor, target, pai, ..
            } => {
                self.note_moment(replay, i, *actor);
                self.after_call(state, i, MeldKind::Daiminkan, *actor, *target, *pai);
            }
            _ => {}
        }
    }

    /// Notes the table as it stands for `seat` at event `at`.
    fn note_moment(&mut self, replay: &Replay<'_>, at: usize, seat: Seat) {
        if let (Some(state), Some(k)) = (replay.table(), self.kyoku.as_mut()) {
            k.moments.push(Moment::of(state, at, seat));
        }
    }

    /// Gives each item pushed since the last call its situation: the
    /// moment noted at its event for its seat (a decision, a call), else
    /// the table as it stands (a passed win, judged when its tile's window
    /// closed). Without a table (the replay lost the kyoku) an item has
    /// none.
    fn situate(&mut self, replay: &Replay<'_>) {
        let state = replay.table();
        let moments = self.kyoku.as_ref().map_or(&[][..], |k| &k.moments[..]);
        for item in self.out.items.iter_mut().skip(self.situated) {
            item.situation = state.map(|state| {
                moments
                    .iter()
                    .rev()
                    .find(|m| m.event == item.event && m.seat == item.seat)
                    .copied()
                    .unwrap_or_else(|| Moment::of(state, item.event, item.seat))
                    .situation(state)
            });
        }
        self.situated = self.out.items.len();
    }

    /// Whether the server played for `seat` at event `at`.
    pub(super) fn away(&self, seat: Seat, at: usize) -> bool {
        self.away
            .iter()
            .any(|&(s, start, end)| s == seat && (start..end).contains(&at))
    }

    /// Analyses a discard decision before it is applied.
    fn decide(&mut self, replay: &Replay<'_>, i: usize, seat: Seat, pai: Tile, riichi: bool) {
        if self.away(seat, i) {
            return;
        }
        let (Some(state), Some(k)) = (replay.table(), self.kyoku.as_ref()) else {
            return;
        };
        // A hidden hand is unknown; a hand in riichi has no choice.
        if replay.hidden(seat) || state.player(seat).is_ok_and(|p| p.riichi.is_some()) {
            return;
        }
        let src = self.src(i);
        let cx = DecisionContext {
            event: i,
            src: &src,
            kyoku: &k.label,
            seat,
            played: pai,
            riichi,
            barred: replay.kuikae(seat),
            four_held: self.rules.four_held_wait,
        };
        if let Some(mut d) = analyse(state, &cx, &mut self.suits) {
            let riichi_at: Vec<Option<usize>> = k.seats.iter().map(|t| t.riichi_at).collect();
            let history = History {
                discards: &k.discards,
                riichi_at: &riichi_at,
            };
            danger::assess(state, &history, &mut d);
            super::pushfold::weigh(replay, state, &mut d);
            // Riichi declared matters only to the decisions written out.
            let riichi = (self.options.choices || !d.riichi)
                .then(|| super::choice::riichi(replay, state, &d))
                .flatten();
            self.out.decisions.push(d);
            if let Some(c) = riichi {
                self.out.choices.push(c);
                let late = super::judge::late(state);
                self.dama_without_yaku(self.out.decisions.len() - 1, late);
            }
        }
    }

    fn open_window(
        &mut self,
        replay: &Replay<'_>,
        i: usize,
        from: Seat,
        tile: Tile,
        decision: Option<usize>,
    ) {
        let wins = replay.ron_chances();
        let calls = replay
            .call_chances()
            .into_iter()
            .map(|c| {
                let after = c
                    .options
                    .iter()
                    .map(|o| items::shanten_after_call(replay, &c, o))
                    .collect();
                (c, after)
            })
            .collect();
        let call_choices = match replay.table() {
            Some(state) if self.options.choices => {
                calls_offered(replay, state, self.rules, &mut self.suits)
            }
            _ => Vec::new(),
        };
        if let Some(k) = self.kyoku.as_mut() {
            k.window = Some(Window {
                event: i,
                from,
                tile,
                wins,
                calls,
                winners: Vec::new(),
                decision,
                scores: replay.table().and_then(|s| s.scores.clone()),
                call_choices,
            });
        }
    }

    /// A `hora`: the chance it takes is checked against the engine's; a
    /// ron on a riichi player is checked for a safe tile held.
    fn win(&mut self, replay: &Replay<'_>, i: usize, actor: Seat, target: Seat) {
        let Some(k) = self.kyoku.as_mut() else {
            return;
        };
        let hidden = replay.hidden(actor);
        if actor == target {
            let chance = k.tsumo.take().filter(|(c, _, _)| c.seat == actor);
            if hidden {
                return;
            }
            let label = k.label.clone();
            if let Some((c, at, scores)) = &chance
                && let Some(alternatives) = super::choice::win(c, scores.as_deref(), true)
            {
                let offered = super::choice::Offered {
                    kind: super::ChoiceKind::Win,
                    event: *at,
                    kyoku: &label,
                    seat: actor,
                    tile: c.tile,
                    from: actor,
                    riichi_opponents: 0,
                };
                self.choose(&offered, alternatives);
            }
            let why = match chance {
                Some((c, _, _)) => c.verdict.err().map(|b| b.to_string()),
                None => Some("the engine saw no complete hand to win by tsumo".to_owned()),
            };
            if let Some(why) = why {
                self.out.disagreements.push(Disagreement {
                    event: i,
                    seat: actor,
                    why,
                });
            }
            return;
        }
        let Some(w) = k.window.as_mut() else {
            if !hidden {
                self.out.disagreements.push(Disagreement {
                    event: i,
                    seat: actor,
                    why: "no tile was on offer".into(),
                });
            }
            return;
        };
        if w.winners.is_empty()
            && let Some(d) = w.decision
            && let Some(dec) = self.out.decisions.get(d)
        {
            self.out.deal_ins.push(dec.seat);
        }
        w.winners.push(actor);
        // The win is on the tile offered, whatever tile the log names (the
        // audit reports a difference as WIN-TILE).
        let chance = w.wins.iter().find(|c| c.seat == actor);
        let why = match chance {
            Some(c) => c.verdict.as_ref().err().map(ToString::to_string),
            None => Some(format!(
                "the engine saw no ron on {} for seat {actor}",
                w.tile
            )),
        };
        let decision = w.decision;
        // The win's value as the audit recomputes it, with the ura dora the
        // log turned over.
        let value = decision
            .and_then(|_| crate::engine::win_at(self.log, self.rules, i))
            .and_then(|v| v.value())
            .or_else(|| {
                chance
                    .and_then(|c| c.verdict.as_ref().ok())
                    .map(|v| v.value)
            });
        if let Some(why) = why.filter(|_| !hidden) {
            self.out.disagreements.push(Disagreement {
                event: i,
                seat: actor,
                why,
            });
        }
        if let Some(d) = decision {
            items::deal_in(self, replay, d, actor, i, value);
        }
    }

    /// `actor` called `target`'s discard `pai` as a `kind`: a discard
    /// that made its discarder liable is a liability feed, and the caller's
    /// last call is this one.
    fn after_call(
        &mut self,
        state: &KyokuState,
        i: usize,
        kind: MeldKind,
        actor: Seat,
        target: Seat,
        pai: Tile,
    ) {
        let call = CallFacts {
            event: i,
            kind,
            tile: pai,
            live_wall: state.live_wall,
        };
        let newly_liable = state
            .player(actor)
            .is_ok_and(|p| p.liable == Some(target) && self.liable_before != Some(target));
        if newly_liable && let Some(d) = self.last_decision {
            items::liability_feed(self, d, actor, call);
        }
        let routes = items::call_routes(state, actor, self.rules);
        if let Some(t) = self
            .kyoku
            .as_mut()
            .and_then(|k| k.seats.get_mut(actor.index()))
        {
            t.last_call = Some(call);
            t.tenpai_since_call = false;
            t.yakuless = false;
            t.routes = routes;
        }
    }

    /// Without [`Options::choices`] no call decision is measured when a
    /// tile is offered; the call taken (`event`) is, for its caller alone,
    /// when an item may be drawn from it: a chi or pon from a closed hand
    /// (`CALL-NO-PROGRESS`), an open kong while another seat is in riichi
    /// (`KONG-INTO-RIICHI`).
    fn measure_call_taken(&mut self, replay: &Replay<'_>, event: &Event) {
        let Some((actor, kind, consumed)) = super::choice::made_call(event) else {
            return;
        };
        let (Some(state), Some(k)) = (replay.table(), self.kyoku.as_mut()) else {
            return;
        };
        let Some(w) = k.window.as_mut() else {
            return;
        };
        let riichi_opponents = super::choice::others_in_riichi(state, actor);
        let judged = if kind == MeldKind::Daiminkan {
            riichi_opponents > 0
        } else {
            state.player(actor).is_ok_and(|p| p.is_closed())
        };
        if !judged {
            return;
        }
        let Some((chance, _)) = w.calls.iter().find(|(c, _)| c.seat == actor) else {
            return;
        };
        // Passing and the call made are all the items compare: the other
        // calls open are not measured.
        let mut only = chance.clone();
        only.options
            .retain(|o| o.kind == kind && super::choice::same_kinds(&o.consumed, consumed));
        if let Some(alternatives) = super::choice::call(state, self.rules, &only, &mut self.suits) {
            w.call_choices.push((actor, alternatives, riichi_opponents));
        }
    }

    /// The window on the last tile offered closes: the wins nobody took are
    /// passed (a missed win when the rules left it open), the calls not
    /// made are passed. `state` is the table before the call made, if any
    /// (`call`, with its event).
    fn close_window(&mut self, state: Option<&KyokuState>, call: Option<(usize, &Event)>) {
        let Some(k) = self.kyoku.as_mut() else {
            return;
        };
        let Some(w) = k.window.take() else {
            return;
        };
        let label = k.label.clone();
        let last = k.last;
        let dealer = k.dealer;
        let seats = self.log.meta.seats;
        for c in &w.wins {
            let won = w.winners.contains(&c.seat);
            if (won || ron_was_open(c.seat, w.from, &w.winners, seats, self.rules))
                && let Some(alternatives) = super::choice::win(c, w.scores.as_deref(), won)
            {
                let at = super::choice::Offered {
                    kind: super::ChoiceKind::Win,
                    event: w.event,
                    kyoku: &label,
                    seat: c.seat,
                    tile: c.tile,
                    from: c.from,
                    riichi_opponents: 0,
                };
                self.choose(&at, alternatives);
            }
            if won {
                continue;
            }
            let ron = ChanceKind::Ron { from: c.from };
            self.pass(w.event, &label, c.seat, c.tile, ron, Some(outcome(c)));
            if let Ok(v) = &c.verdict
                && ron_was_open(c.seat, w.from, &w.winners, seats, self.rules)
                && !self.away(c.seat, w.event)
            {
                let at = Offer {
                    event: w.event,
                    kyoku: &label,
                    last,
                    scores: w.scores.as_deref(),
                    dealer,
                };
                items::missed_win(self, c, v, at);
            }
        }
        let taker = call.and_then(|(_, e)| e.actor());
        // A tile won on was never open to a call (a win takes precedence and
        // ends the hand), so no call on it was passed — not even by the
        // winner, who took it.
        let calls: &[_] = if w.winners.is_empty() { &w.calls } else { &[] };
        // A pon or kong takes precedence over a chi: when one was made, the
        // chi was never open.
        let taken_over_chi = matches!(call, Some((_, Event::Pon { .. } | Event::Daiminkan { .. })));
        if w.winners.is_empty() {
            let head = (w.event, w.from, w.tile);
            self.call_choices_of(&w.call_choices, head, &label, call, state, taken_over_chi);
        }
        for (c, after) in calls {
            if Some(c.seat) == taker {
                continue;
            }
            let options: Vec<_> = c
                .options
                .iter()
                .zip(after)
                .filter(|(o, _)| !(taken_over_chi && o.kind == MeldKind::Chi))
                .map(|(o, &sh)| (o.kind, o.consumed.clone(), sh))
                .collect();
            if options.is_empty() {
                continue;
            }
            let call = ChanceKind::Call {
                from: c.from,
                options,
            };
            self.pass(w.event, &label, c.seat, w.tile, call, None);
        }
    }

    /// A tsumo open to the seat that drew was not declared.
    fn pass_tsumo(&mut self) {
        let Some(k) = self.kyoku.as_mut() else {
            return;
        };
        let Some((c, at, scores)) = k.tsumo.take() else {
            return;
        };
        let label = k.label.clone();
        let last = k.last;
        let dealer = k.dealer;
        self.pass(
            at,
            &label,
            c.seat,
            c.tile,
            ChanceKind::Tsumo,
            Some(outcome(&c)),
        );
        if let Some(alternatives) = super::choice::win(&c, scores.as_deref(), false) {
            let offered = super::choice::Offered {
                kind: super::ChoiceKind::Win,
                event: at,
                kyoku: &label,
                seat: c.seat,
                tile: c.tile,
                from: c.seat,
                riichi_opponents: 0,
            };
            self.choose(&offered, alternatives);
        }
        if let Ok(v) = &c.verdict
            && !self.away(c.seat, at)
        {
            let offer = Offer {
                event: at,
                kyoku: &label,
                last,
                scores: scores.as_deref(),
                dealer,
            };
            items::missed_win(self, &c, v, offer);
        }
    }

    /// Keeps a chance `seat` passed on `tile`, offered at `event`.
    fn pass(
        &mut self,
        event: usize,
        kyoku: &str,
        seat: Seat,
        tile: Tile,
        kind: ChanceKind,
        win: Option<Result<i32, Blocked>>,
    ) {
        self.out.chances.push(PassedChance {
            event,
            src: self.src(event),
            kyoku: kyoku.to_owned(),
            seat,
            tile,
            kind,
            win,
        });
    }

    /// The kyoku's label, when one is being walked.
    pub(super) fn kyoku_label(&self) -> Option<String> {
        self.kyoku.as_ref().map(|k| k.label.clone())
    }

    /// The kyoku is the game's last hand (all-last).
    pub(super) fn all_last_hand(&self) -> bool {
        self.kyoku.as_ref().is_some_and(|k| k.last)
    }

    /// The walk's state of a seat in the kyoku, to read.
    pub(super) fn tracked(&self, seat: Seat) -> Option<&SeatTrack> {
        self.kyoku.as_ref()?.seats.get(seat.index())
    }

    /// The walk's state of a seat in the kyoku.
    pub(super) fn track(&mut self, seat: Seat) -> Option<&mut SeatTrack> {
        self.kyoku.as_mut()?.seats.get_mut(seat.index())
    }

    /// Every discard of the kyoku so far: event, seat, kind.
    pub(super) fn kyoku_discards(&self) -> Vec<(usize, Seat, u8)> {
        self.kyoku
            .as_ref()
            .map_or_else(Vec::new, |k| k.discards.clone())
    }

    /// The discards made since event `after` and before event `before`.
    pub(super) fn discards_between(&self, after: usize, before: usize) -> Vec<u8> {
        self.kyoku.as_ref().map_or_else(Vec::new, |k| {
            k.discards
                .iter()
                .filter(|(e, _, _)| *e > after && *e < before)
                .map(|(_, _, kind)| *kind)
                .collect()
        })
    }
}
