//! The branch: the record up to a decision, the other choice, and the play
//! continued from the wall and the record until a choice is needed or the
//! kyoku ends.

use crate::engine::{Finding, Replay, Severity, Turn, audit};
use crate::event::{DrawClaim, DrawKind, Entry, Event, GameLog, Seat, Source, WhatIf};
use crate::rules::Rules;
use crate::tile::Tile;

use super::options::{events_of, legal_moves};
use super::record::{self, Record, sets_record_aside};
use super::{Asked, BranchError, Choice, Move};

/// How many events a branch may add before it stops: far beyond any
/// kyoku (a wall of 70 draws makes about 150), so only a fault reaches it.
const MOST_EVENTS: usize = 1_000;

/// A what-if branch of a recorded game (see the module's documentation).
///
/// ```
/// # use paifu::whatif::{Branch, Move};
/// # use paifu::rules::Rules;
/// # let text = include_str!("../../testdata/riichicity/two_hands.json");
/// # let log = paifu::import::import_str(text, paifu::event::Format::RiichiCity).unwrap();
/// let rules = Rules::preset("tenhou").unwrap();
/// // Event 7: seat 1 lets the white dragon go; keep it, let West go.
/// let seat = paifu::event::Seat::new(1).unwrap();
/// let mv = Move::Discard { tile: "3z".parse().unwrap(), tsumogiri: false, riichi: false };
/// let branch = Branch::new(&log, &rules, 7, seat, mv).unwrap();
/// assert!(branch.log().meta.what_if.is_some());
/// ```
#[derive(Clone, Debug)]
pub struct Branch {
    log: GameLog,
    rules: Rules,
    seat: Seat,
    /// Where the kyoku starts in `log`.
    kyoku_start: usize,
    record: Record,
    /// The seats that let the tile now offered go.
    passed: Vec<Seat>,
    pending: Option<Choice>,
}

impl Branch {
    /// Branches `log` at event `at`, a decision of `seat`, which makes
    /// `mv` instead of what the record does from there, and plays on until
    /// a choice is needed or the kyoku ends.
    ///
    /// # Errors
    ///
    /// When `at` is not in a kyoku in play, the kyoku has no wall, the seat
    /// has no decision there, or the move is not legal.
    pub fn new(
        log: &GameLog,
        rules: &Rules,
        at: usize,
        seat: Seat,
        mv: Move,
    ) -> Result<Self, BranchError> {
        let (kyoku_start, kyoku) = kyoku_with_wall(log, at)?;
        let recorded = log.events.get(at).map(|e| e.event.clone());
        let mut meta = log.meta.clone();
        meta.end = None;
        meta.incomplete = true;
        meta.damage = None;
        let what_if = WhatIf {
            from_event: at,
            kyoku,
            seat,
            instead: instead_of(&mv, recorded.as_ref()),
        };
        meta.notes.insert(0, what_if.sentence());
        meta.what_if = Some(what_if);
        let mut branch = Self {
            log: GameLog {
                meta,
                events: log.events.get(..at).unwrap_or_default().to_vec(),
            },
            rules: rules.clone(),
            seat,
            kyoku_start,
            record: Record::after(log, at, seat),
            passed: Vec::new(),
            pending: None,
        };
        {
            let replay = branch.replay();
            if replay.kyoku_ended() || legal_moves(&replay, seat).is_empty() {
                return Err(BranchError::NoDecision { seat, at });
            }
        }
        branch.take(seat, &mv)?;
        branch.play_on();
        Ok(branch)
    }

    /// The decision recorded at event `at` (a discard, a call, a kong or a
    /// win, by its actor) with every move the engine allowed that seat
    /// there: what a branch from `at` may choose instead.
    ///
    /// # Errors
    ///
    /// As [`Branch::new`]: not in a kyoku in play, no wall, no decision.
    pub fn choice_at(log: &GameLog, rules: &Rules, at: usize) -> Result<Choice, BranchError> {
        let (kyoku_start, _) = kyoku_with_wall(log, at)?;
        let event = log.events.get(at).map(|e| &e.event);
        let seat = event
            .filter(|e| e.is_discard() || e.is_call() || e.gives_replacement_draw() || e.is_win())
            .and_then(Event::actor)
            .ok_or(BranchError::NoDecision {
                seat: Seat::wrapping(0),
                at,
            })?;
        let mut replay =
            Replay::of_kyoku(log, rules, kyoku_start).ok_or(BranchError::NotInPlay { at })?;
        replay.run_through(at - 1);
        let options = legal_moves(&replay, seat);
        if options.is_empty() {
            return Err(BranchError::NoDecision { seat, at });
        }
        Ok(Choice {
            seat,
            asked: Asked::Branching,
            options,
        })
    }

    /// The choice the branch waits for; `None` once the kyoku has ended.
    #[must_use]
    pub fn pending(&self) -> Option<&Choice> {
        self.pending.as_ref()
    }

    /// Makes the pending choice and plays on.
    ///
    /// # Errors
    ///
    /// When the branch waits for no choice, or the move is not among the
    /// legal ones (or the engine refuses it once played).
    pub fn choose(&mut self, mv: Move) -> Result<(), BranchError> {
        let Some(choice) = self.pending.clone() else {
            return Err(BranchError::NotWaiting);
        };
        if !choice.options.contains(&mv) {
            return Err(BranchError::Illegal {
                seat: choice.seat,
                why: "it is not among the moves the engine allows".into(),
                mv,
            });
        }
        self.take(choice.seat, &mv)?;
        if sets_record_aside(&choice.asked) {
            self.record.pop(choice.seat);
            // The discard chosen in place of the record's may be the one
            // the record makes next: it is made now, not again.
            if let (Move::Discard { tile, .. }, Some(Event::Dahai { pai, .. })) =
                (&mv, self.record.head(choice.seat))
                && pai.kind() == tile.kind()
            {
                self.record.pop(choice.seat);
            }
        }
        self.pending = None;
        self.play_on();
        Ok(())
    }

    /// The branch as a game log, marked as a what-if in its metadata.
    #[must_use]
    pub const fn log(&self) -> &GameLog {
        &self.log
    }

    /// The branch as a game log, taken out.
    #[must_use]
    pub fn into_log(self) -> GameLog {
        self.log
    }

    /// The seat that branched.
    #[must_use]
    pub const fn seat(&self) -> Seat {
        self.seat
    }

    /// The event of the record the branch left from.
    #[must_use]
    pub fn from_event(&self) -> usize {
        self.log.meta.what_if.as_ref().map_or(0, |w| w.from_event)
    }

    /// Whether the kyoku has ended in the branch.
    #[must_use]
    pub fn ended(&self) -> bool {
        self.log
            .events
            .last()
            .is_some_and(|e| e.event.is_end_kyoku())
    }

    /// The audit's findings on the branch's kyoku (the normal audit, run on
    /// the branch's log, from the kyoku's deal).
    #[must_use]
    pub fn findings(&self) -> Vec<Finding> {
        audit(&self.log, &self.rules)
            .findings
            .into_iter()
            .filter(|f| f.event >= self.kyoku_start)
            .collect()
    }

    /// The kyoku replayed, judged, to the end of the branch so far.
    fn replay(&self) -> Replay<'_> {
        let mut replay = Replay::of_kyoku(&self.log, &self.rules, self.kyoku_start)
            .unwrap_or_else(|| Replay::new(&self.log, &self.rules));
        replay.run_through(usize::MAX);
        replay
    }

    /// Takes `mv` for `seat`: its events are appended when the engine
    /// allows the move and finds nothing wrong with them.
    fn take(&mut self, seat: Seat, mv: &Move) -> Result<(), BranchError> {
        let illegal = |why: String| BranchError::Illegal {
            seat,
            mv: mv.clone(),
            why,
        };
        let events = {
            let replay = self.replay();
            if !legal_moves(&replay, seat).contains(mv) {
                return Err(illegal(
                    "it is not among the moves the engine allows".into(),
                ));
            }
            events_of(&replay, seat, mv)
                .ok_or_else(|| illegal("the table does not hold it".into()))?
        };
        if *mv == Move::Pass {
            self.passed.push(seat);
            return Ok(());
        }
        if let Some(why) = self.refused(&events) {
            return Err(illegal(why));
        }
        // A call or a win answers the riichi discard: the stick is paid
        // first when nobody wins on it.
        if matches!(mv, Move::Call { .. }) {
            self.accept_riichi();
        }
        for e in events {
            self.push(e);
        }
        if matches!(mv, Move::Tsumo | Move::Ron) {
            self.win_others_on_it();
        }
        Ok(())
    }

    /// Why the engine refuses `events` appended to the branch: the first
    /// error it reports on them.
    fn refused(&self, events: &[Event]) -> Option<String> {
        let mut trial = self.log.clone();
        let first = trial.events.len();
        trial.events.extend(events.iter().map(|e| Entry {
            event: e.clone(),
            src: Source::default(),
        }));
        let mut replay = Replay::of_kyoku(&trial, &self.rules, self.kyoku_start)?;
        replay.run_through(usize::MAX);
        replay
            .findings()
            .iter()
            .find(|f| f.event >= first && f.severity == Severity::Error)
            .map(|f| f.message.clone())
    }

    fn push(&mut self, event: Event) {
        if event.is_play() {
            self.passed.clear();
        }
        self.log.events.push(Entry {
            event,
            src: Source::default(),
        });
    }

    /// After a win on a discard, the other seats whose record wins on the
    /// same tile win too (a double ron), where the engine allows it.
    fn win_others_on_it(&mut self) {
        let Some(Event::Hora { target, pai, .. }) = self.log.events.last().map(|e| &e.event) else {
            return;
        };
        let (from, tile) = (*target, *pai);
        if self.log.events.last().and_then(|e| e.event.actor()) == Some(from) {
            // A tsumo: nobody else wins.
            self.end_kyoku();
            return;
        }
        let seats = self.log.meta.seats;
        for offset in 1..seats {
            let seat = from.plus(offset, seats);
            if self.won(seat) || seat == self.seat {
                continue;
            }
            let recorded = matches!(
                self.record.head(seat),
                Some(Event::Hora { target, pai, .. }) if *target == from && pai.kind() == tile.kind()
            );
            if recorded {
                let events = {
                    let replay = self.replay();
                    events_of(&replay, seat, &Move::Ron)
                };
                if let Some(events) = events
                    && self.refused(&events).is_none()
                {
                    for e in events {
                        self.push(e);
                    }
                    self.record.pop(seat);
                }
            }
        }
        self.end_kyoku();
    }

    fn won(&self, seat: Seat) -> bool {
        self.log
            .events
            .iter()
            .skip(self.kyoku_start)
            .any(|e| matches!(e.event, Event::Hora { actor, .. } if actor == seat))
    }

    fn end_kyoku(&mut self) {
        if !self.ended() {
            self.push(Event::EndKyoku);
        }
        self.pending = None;
    }

    /// The riichi stick of the discard just made is paid, when it is due.
    fn accept_riichi(&mut self) {
        let last_discard = self
            .log
            .events
            .iter()
            .enumerate()
            .skip(self.kyoku_start)
            .rev()
            .find(|(_, e)| e.event.is_discard());
        if let Some((i, e)) = last_discard
            && let Event::Dahai {
                actor,
                riichi: true,
                ..
            } = e.event
        {
            let paid =
                self.log.events.iter().skip(i).any(
                    |e| matches!(e.event, Event::RiichiAccepted { actor: a, .. } if a == actor),
                );
            if !paid {
                self.push(Event::RiichiAccepted { actor, claim: None });
            }
        }
    }

    /// The tile now offered to the others: the last discard, added kong or
    /// concealed kong's tile.
    fn offered(&self) -> Option<Tile> {
        self.log.events.iter().rev().find_map(|e| match &e.event {
            Event::Dahai { pai, .. } | Event::Kakan { pai, .. } => Some(*pai),
            Event::Ankan { consumed, .. } => consumed.first().copied(),
            _ => None,
        })
    }

    /// Plays on from the record and the wall until a choice is needed or
    /// the kyoku ends.
    fn play_on(&mut self) {
        let limit = self.log.events.len() + MOST_EVENTS;
        while self.pending.is_none() && !self.ended() && self.log.events.len() < limit {
            if let Err(choice) = self.step() {
                self.pending = choice;
                if self.pending.is_none() {
                    // Nothing to ask and nothing to play: stop here.
                    return;
                }
            }
        }
    }

    /// One step of play: `Ok` after appending events, `Err` with the
    /// choice to ask (`None`: the branch cannot go on).
    fn step(&mut self) -> Result<(), Option<Choice>> {
        let replay = self.replay();
        let Some(turn) = replay.turn() else {
            return Err(None);
        };
        let wall = replay.wall();
        let dora_due = replay.kan_dora_due();
        match turn {
            Turn::Ended => {
                drop(replay);
                self.end_kyoku();
                Ok(())
            }
            Turn::Deal => {
                let dealer = replay.table().map(|t| t.dealer);
                let tile = wall.and_then(|w| w.live.first().copied());
                drop(replay);
                let (Some(actor), Some(pai)) = (dealer, tile) else {
                    return Err(None);
                };
                self.push(Event::Tsumo {
                    actor,
                    pai: Some(pai),
                    rinshan: false,
                });
                Ok(())
            }
            Turn::Drawn(seat) | Turn::Called(seat) => {
                if dora_due
                    && let Some(marker) =
                        wall.and_then(|w| w.dora_markers.get(w.dora_turned).copied())
                {
                    drop(replay);
                    self.push(Event::Dora { marker });
                    return Ok(());
                }
                let legal = legal_moves(&replay, seat);
                drop(replay);
                let asked = if seat == self.seat {
                    Err(Asked::Branching)
                } else {
                    record::own_turn(self.record.head(seat), &legal)
                };
                self.repeat_or_ask(seat, asked, legal)
            }
            Turn::Discarded(from) | Turn::Kong(from) => {
                let seats = self.log.meta.seats;
                let offered = self.offered();
                // Wins first, nearest the discarder first; then calls.
                let mut ron_moves = Vec::new();
                let mut call_move = None;
                for offset in 1..seats {
                    let seat = from.plus(offset, seats);
                    if self.passed.contains(&seat) {
                        continue;
                    }
                    let legal = legal_moves(&replay, seat);
                    if legal.is_empty() {
                        continue;
                    }
                    let asked = match (seat == self.seat, offered) {
                        (true, _) => Err(Asked::Branching),
                        (false, Some(tile)) => {
                            record::on_offer(self.record.head(seat), &legal, from, tile)
                        }
                        (false, None) => Err(Asked::NoRecord),
                    };
                    match asked {
                        Ok(Move::Ron) => ron_moves.push(seat),
                        Ok(Move::Pass) => {}
                        Ok(mv) => {
                            if call_move.is_none() {
                                call_move = Some((seat, mv));
                            }
                        }
                        Err(asked) => {
                            return Err(Some(Choice {
                                seat,
                                asked,
                                options: legal,
                            }));
                        }
                    }
                }
                let is_kong = matches!(turn, Turn::Kong(_));
                drop(replay);
                if let Some(&winner) = ron_moves.first() {
                    // The others whose record wins on it too follow.
                    self.take(winner, &Move::Ron).map_err(|_| None)?;
                    self.record.pop(winner);
                    return Ok(());
                }
                if let Some((seat, mv)) = call_move {
                    self.take(seat, &mv).map_err(|_| None)?;
                    self.record.pop(seat);
                    return Ok(());
                }
                if is_kong {
                    self.replacement_draw(from, dora_due, wall.as_ref())
                } else {
                    self.next_draw(from, wall.as_ref())
                }
            }
        }
    }

    /// Repeats the recorded move, or asks.
    fn repeat_or_ask(
        &mut self,
        seat: Seat,
        asked: Result<Move, Asked>,
        legal: Vec<Move>,
    ) -> Result<(), Option<Choice>> {
        match asked {
            Ok(mv) => match self.take(seat, &mv) {
                Ok(()) => {
                    self.record.pop(seat);
                    Ok(())
                }
                Err(_) => Err(Some(Choice {
                    seat,
                    asked: Asked::NotLegal {
                        recorded: mv.to_string(),
                    },
                    options: legal,
                })),
            },
            Err(asked) => Err(Some(Choice {
                seat,
                asked,
                options: legal,
            })),
        }
    }

    /// Nobody took the discard: the next seat draws, or the wall has run
    /// out and the kyoku is drawn.
    fn next_draw(
        &mut self,
        from: Seat,
        wall: Option<&crate::engine::WallView>,
    ) -> Result<(), Option<Choice>> {
        self.accept_riichi();
        let next = wall.and_then(|w| w.live.first().copied());
        match next {
            Some(pai) => {
                let actor = from.plus(1, self.log.meta.seats);
                self.push(Event::Tsumo {
                    actor,
                    pai: Some(pai),
                    rinshan: false,
                });
            }
            None => {
                // Tenpai is the engine's to judge: the claim says nothing.
                self.push(Event::Ryukyoku {
                    kind: DrawKind::Exhaustive,
                    claim: Box::new(DrawClaim::default()),
                });
                self.end_kyoku();
            }
        }
        Ok(())
    }

    /// Nobody robbed the kong: its indicator when due at once, then the
    /// replacement draw.
    fn replacement_draw(
        &mut self,
        seat: Seat,
        dora_due: bool,
        wall: Option<&crate::engine::WallView>,
    ) -> Result<(), Option<Choice>> {
        let Some(w) = wall else {
            return Err(None);
        };
        if dora_due && let Some(&marker) = w.dora_markers.get(w.dora_turned) {
            self.push(Event::Dora { marker });
            return Ok(());
        }
        let pai = w
            .replacements
            .get(w.replacements_taken)
            .copied()
            .ok_or(None)?;
        self.push(Event::Tsumo {
            actor: seat,
            pai: Some(pai),
            rinshan: true,
        });
        Ok(())
    }
}

/// The alternative in words, beside what the record did.
fn instead_of(mv: &Move, recorded: Option<&Event>) -> String {
    let what = match recorded {
        Some(Event::Dahai { pai, riichi, .. }) => {
            let r = if *riichi { "riichi, " } else { "" };
            format!("{r}discard {}", crate::names::short_tile(*pai))
        }
        Some(e) if e.is_call() => format!("the recorded {}", e.type_name()),
        Some(e) if e.is_kong() => "the recorded kan".to_owned(),
        Some(Event::Nukidora { .. }) => "the north set aside".to_owned(),
        Some(e) if e.is_win() => "the recorded win".to_owned(),
        _ => "what the record did".to_owned(),
    };
    format!("{mv} instead of {what}")
}

/// The start of the kyoku holding event `at` and its label, when the
/// kyoku's record gives its wall.
fn kyoku_with_wall(log: &GameLog, at: usize) -> Result<(usize, String), BranchError> {
    let len = log.events.len();
    if at >= len {
        return Err(BranchError::OutOfRange { at, len });
    }
    let kyoku_start = log
        .events
        .get(..=at)
        .and_then(|e| e.iter().rposition(|e| e.event.is_start_kyoku()))
        .filter(|&s| s < at)
        .ok_or(BranchError::NotInPlay { at })?;
    let Some(Event::StartKyoku(sk)) = log.events.get(kyoku_start).map(|e| &e.event) else {
        return Err(BranchError::NotInPlay { at });
    };
    let kyoku = sk.label();
    if sk.wall.is_none() {
        return Err(BranchError::NoWall { kyoku });
    }
    Ok((kyoku_start, kyoku))
}
