//! One game read into per-seat tallies: the kyoku walked with the audit's
//! replay, each outcome read off the log's claims.

use crate::batch::{Judged, Sha256Digest, profile_fingerprint};
use crate::engine::{Replay, placements};
use crate::event::{Damage, DrawKind, Event, Format, GameLog, GameMeta, Platform, Seat, WinClaim};
use crate::hand::{Counts, TileSet, shanten_in};
use std::ops::Range;

use crate::review::{GameReview, Options as ReviewOptions, review, unseen_by};
use crate::rules::Rules;

use super::Tally;
use super::review::ReviewTally;
use super::tally::GOOD_WAIT;

/// A riichi stick's value, as every profile pays it.
const RIICHI_STICK: i64 = 1000;

/// One seat of one game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatStats {
    /// The player's name as the log gives it.
    pub name: String,
    /// The counts of the game's kyoku.
    pub tally: Tally,
    /// The final placement (1 = first), ties broken as the platforms
    /// break them; `None` when the log records no final scores.
    pub placement: Option<u8>,
    /// The final score as recorded.
    pub final_points: Option<i32>,
    /// The review's decisions and items of the seat, when the review was
    /// run beside the statistics ([`GameStats::add_review`]).
    pub review: Option<ReviewTally>,
}

/// One game's statistics: per seat, and what it is grouped by.
#[derive(Clone, PartialEq, Debug)]
pub struct GameStats {
    /// The players at the table (3 or 4).
    pub seats: u8,
    /// The format the game was read from.
    pub format: Format,
    /// The platform, when the log shows it.
    pub platform: Option<Platform>,
    /// The lobby or room, when the log shows it.
    pub lobby: Option<String>,
    /// The month the game was played (`2020-05`), when the log shows it.
    pub month: Option<String>,
    /// Per seat, from the first dealer.
    pub players: Vec<SeatStats>,
    /// The kyoku counted (those ended by a win or a draw).
    pub kyoku: usize,
    /// The events of each kyoku counted, in order: the review's decisions
    /// and items count only inside them.
    pub counted: Vec<Range<usize>>,
    /// The fingerprint of the profile replayed by.
    pub profile_sha256: Sha256Digest,
    /// Where the file is damaged, when it is.
    pub damage: Option<Damage>,
}

impl Judged for GameStats {
    fn profile_sha256(&self) -> Sha256Digest {
        self.profile_sha256
    }

    fn damage(&self) -> Option<&Damage> {
        self.damage.as_ref()
    }

    fn kyoku(&self) -> usize {
        self.kyoku
    }
}

/// The month a game was played, from its log id: Tenhou's ids begin with
/// the date and hour (`2020052700gm-…`), Mahjong Soul's with the date
/// (`200527-…`). `None` for other ids.
#[must_use]
pub fn month_of(meta: &GameMeta) -> Option<String> {
    let id = meta.log_id.as_deref()?;
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let (year, month) = match meta.platform {
        Some(Platform::Tenhou) | None
            if id.len() > 12
                && id.get(10..12) == Some("gm")
                && id.get(..10).is_some_and(digits) =>
        {
            (id.get(..4)?.to_owned(), id.get(4..6)?)
        }
        Some(Platform::MahjongSoul)
            if id.get(6..7) == Some("-") && id.get(..6).is_some_and(digits) =>
        {
            (format!("20{}", id.get(..2)?), id.get(2..4)?)
        }
        _ => return None,
    };
    let valid = month.parse::<u8>().is_ok_and(|m| (1..=12).contains(&m));
    valid.then(|| format!("{year}-{month}"))
}

/// The facts of the kyoku in play, per seat.
struct Kyoku {
    /// The event that dealt it.
    start: usize,
    tally: Vec<Tally>,
    /// The seat made a call (chi, pon, open kong) this kyoku.
    called: Vec<bool>,
    /// The seat declared riichi this kyoku.
    riichi: Vec<bool>,
    /// Someone declared riichi this kyoku.
    any_riichi: bool,
    /// The discarder of this kyoku's ron, counted once for a double ron.
    dealt_in: bool,
    /// The kyoku has an outcome.
    ended: bool,
}

impl Kyoku {
    fn new(start: usize, seats: usize) -> Self {
        Self {
            start,
            tally: vec![Tally::default(); seats],
            called: vec![false; seats],
            riichi: vec![false; seats],
            any_riichi: false,
            dealt_in: false,
            ended: false,
        }
    }

    /// Adds the kyoku to the game's tallies when it had an outcome, its
    /// events (up to `end`, not included) to those counted.
    fn close(self, end: usize, game: &mut [Tally], counted: &mut Vec<Range<usize>>) {
        if !self.ended {
            return;
        }
        counted.push(self.start..end);
        for ((g, k), called) in game.iter_mut().zip(&self.tally).zip(&self.called) {
            let mut k = *k;
            k.kyoku = 1;
            k.calls = u32::from(*called);
            *g += &k;
        }
    }
}

/// One game's statistics under `rules` (the profile for the game: it
/// prices a counter and drives the replay).
#[must_use]
pub fn game_stats(log: &GameLog, rules: &Rules) -> GameStats {
    let seats = usize::from(log.meta.seats);
    let mut game = vec![Tally::default(); seats];
    let mut kyoku_count = 0;
    let mut counted = Vec::new();
    let mut kyoku: Option<Kyoku> = None;
    // A profile for another table size judges nothing (the audit says so):
    // the events are then applied as logged, and the hands are unknown.
    let mut replay = if rules.seats == log.meta.seats {
        Replay::new(log, rules)
    } else {
        Replay::as_logged(log, rules)
    };
    while let Some(entry) = log.events.get(replay.position()) {
        let event = &entry.event;
        let at = replay.position();
        if event.is_start_kyoku() || event.is_end_kyoku() {
            if let Some(k) = kyoku.take() {
                kyoku_count += usize::from(k.ended);
                k.close(at + 1, &mut game, &mut counted);
            }
            if event.is_start_kyoku() {
                kyoku = Some(Kyoku::new(at, seats));
            }
        }
        // A win is read before it is applied: the discarder's hand is then
        // the one that dealt in.
        if let (Some(k), Event::Hora { .. }) = (kyoku.as_mut(), event) {
            hora(k, &replay, event, rules);
        }
        if replay.step().is_none() {
            break;
        }
        let Some(k) = kyoku.as_mut() else {
            continue;
        };
        match event {
            Event::Dahai {
                actor,
                riichi: true,
                ..
            } => riichi(k, &replay, *actor),
            Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. } => {
                if let Some(c) = k.called.get_mut(actor.index()) {
                    *c = true;
                }
            }
            Event::Ryukyoku { kind, claim } => {
                k.ended = true;
                if *kind == DrawKind::Exhaustive {
                    exhaustive_draw(k, &replay, claim.tenpai.as_deref());
                }
            }
            _ => {}
        }
    }
    if let Some(k) = kyoku.take() {
        kyoku_count += usize::from(k.ended);
        k.close(log.events.len(), &mut game, &mut counted);
    }
    let finals = log
        .meta
        .end
        .as_ref()
        .and_then(|e| e.scores.as_ref())
        .filter(|s| s.len() == seats);
    let places = finals.map(|s| placements(s));
    let players = game
        .into_iter()
        .enumerate()
        .map(|(i, tally)| SeatStats {
            name: log
                .meta
                .players
                .get(i)
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            tally,
            placement: places.as_ref().and_then(|p| p.get(i).copied()),
            final_points: finals.and_then(|s| s.get(i).copied()),
            review: None,
        })
        .collect();
    GameStats {
        seats: log.meta.seats,
        format: log.meta.format,
        platform: log.meta.platform,
        lobby: log.meta.rules.lobby.clone(),
        month: month_of(&log.meta),
        players,
        kyoku: kyoku_count,
        counted,
        profile_sha256: profile_fingerprint(rules),
        damage: log.meta.damage.clone(),
    }
}

/// One game's statistics with the review's decisions and items beside
/// them (the review run with its default options).
#[must_use]
pub fn game_stats_with_review(log: &GameLog, rules: &Rules) -> GameStats {
    let mut stats = game_stats(log, rules);
    stats.add_review(&review(log, rules, &ReviewOptions::default()));
    stats
}

impl GameStats {
    /// Sets each seat's review from the game's review (in the kyoku
    /// counted only).
    pub fn add_review(&mut self, r: &GameReview) {
        for (i, seat) in self.players.iter_mut().enumerate() {
            let s = Seat::wrapping(u8::try_from(i).unwrap_or(0));
            seat.review = Some(ReviewTally::of_seat(r, s, &self.counted));
        }
    }
}

/// A riichi just declared (its discard applied).
fn riichi(k: &mut Kyoku, replay: &Replay<'_>, actor: Seat) {
    let i = actor.index();
    let (Some(t), Some(declared)) = (k.tally.get_mut(i), k.riichi.get_mut(i)) else {
        return;
    };
    t.riichi += 1;
    if k.any_riichi {
        t.riichi_chasing += 1;
    } else {
        t.riichi_first += 1;
    }
    *declared = true;
    k.any_riichi = true;
    // The waits of the hand after the declaration tile, against what the
    // declarer could see then: its hand, the melds, the rivers (the
    // declaration tile included) and the dora indicators.
    if let (Some(view), Some(table)) = (replay.seat(actor), replay.table())
        && !view.hidden
    {
        let unseen = unseen_by(table, actor);
        let n: u32 = view
            .waits
            .kinds()
            .map(|kind| u32::from(unseen.get(usize::from(kind)).copied().unwrap_or(0)))
            .sum();
        t.riichi_known_hand += 1;
        t.riichi_unseen_waits += n;
        t.riichi_good_wait += u32::from(n >= GOOD_WAIT);
    }
}

/// A win, read before it is applied.
fn hora(k: &mut Kyoku, replay: &Replay<'_>, event: &Event, rules: &Rules) {
    let Event::Hora {
        actor,
        target,
        pai,
        claim,
    } = event
    else {
        return;
    };
    k.ended = true;
    // Closed as the events say (no chi, pon or open kong; an added kong
    // extends a pon), so that a kyoku the replay lost track of still counts.
    let closed_without_riichi = !k.called.get(actor.index()).copied().unwrap_or(true)
        && !k.riichi.get(actor.index()).copied().unwrap_or(true);
    let honba_value = i64::from(rules.honba_value);
    if let Some(t) = k.tally.get_mut(actor.index()) {
        t.wins += 1;
        t.tsumo_wins += u32::from(actor == target);
        t.dama_wins += u32::from(closed_without_riichi);
        if let Some(v) = win_value(claim, *actor, honba_value) {
            t.wins_valued += 1;
            t.win_points += v;
        }
    }
    if actor == target {
        return;
    }
    let first = !k.dealt_in;
    k.dealt_in = true;
    let Some(t) = k.tally.get_mut(target.index()) else {
        return;
    };
    if first {
        t.deal_ins += 1;
        // The discarder's hand before the discard (or the added kong a
        // chankan robbed): its concealed tiles now and the tile won on.
        if let Some(p) = replay.table().and_then(|s| s.player(*target).ok())
            && !replay.hidden(*target)
        {
            let mut tiles = p.concealed.clone();
            tiles.push(*pai);
            let melds = u8::try_from(p.melds.len()).unwrap_or(4);
            let set = TileSet::for_seats(replay.log().meta.seats);
            let shanten = shanten_in(&Counts::from_tiles(&tiles), melds, set);
            t.deal_ins_known_hand += 1;
            t.deal_ins_while_tenpai += u32::from(shanten <= 0);
        }
    }
    // A double ron's deal-in is valued as the sum of its payments, and only
    // when every one is known.
    let paid = deal_in_value(claim, *target, honba_value);
    match (first, paid) {
        (true, Some(v)) => {
            t.deal_ins_valued += 1;
            t.deal_in_points += v;
        }
        (false, Some(v)) if t.deal_ins_valued > 0 => t.deal_in_points += v,
        (false, None) if t.deal_ins_valued > 0 => {
            // Only this kyoku's deal-in is in the tally yet: undo it.
            t.deal_ins_valued -= 1;
            t.deal_in_points = 0;
        }
        _ => {}
    }
}

/// The value of a win without counters and riichi sticks: the claimed
/// value, else the winner's gain less the counters and sticks it says it
/// collects.
fn win_value(claim: &WinClaim, winner: Seat, honba_value: i64) -> Option<i64> {
    if let Some(p) = claim.points {
        return Some(i64::from(p));
    }
    let gain = i64::from(*claim.deltas.as_ref()?.get(winner.index())?);
    let sticks = claim.sticks?;
    Some(gain - i64::from(sticks.honba) * honba_value - i64::from(sticks.riichi) * RIICHI_STICK)
}

/// What the discarder of a ron paid without counters: its loss less the
/// counters the win collects, else the claimed value (the whole value,
/// which a liable player's share would make wrong: the deltas come first).
fn deal_in_value(claim: &WinClaim, discarder: Seat, honba_value: i64) -> Option<i64> {
    if let (Some(d), Some(s)) = (claim.deltas.as_ref(), claim.sticks) {
        let loss = -i64::from(*d.get(discarder.index())?);
        return Some(loss - i64::from(s.honba) * honba_value);
    }
    claim.points.map(i64::from)
}

/// An exhaustive draw: each seat's tenpai from the claim, else from the
/// replay's waits where the hand is known.
fn exhaustive_draw(k: &mut Kyoku, replay: &Replay<'_>, claimed: Option<&[bool]>) {
    for (i, t) in k.tally.iter_mut().enumerate() {
        t.exhaustive_draws += 1;
        let seat = Seat::wrapping(u8::try_from(i).unwrap_or(0));
        let tenpai = claimed.and_then(|c| c.get(i).copied()).or_else(|| {
            replay
                .seat(seat)
                .filter(|v| !v.hidden)
                .map(|v| v.waits.is_tenpai())
        });
        if let Some(tenpai) = tenpai {
            t.tenpai_at_draw_known += 1;
            t.tenpai_at_draw += u32::from(tenpai);
        }
    }
}
