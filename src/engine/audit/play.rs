//! Checks of the actions inside a kyoku: draws, discards, calls, kongs,
//! norths, dora, riichi payments.

use crate::event::{ScoresClaim, Seat};
use crate::hand::{Counts, Decomposition, GroupKind, Waits, decompositions};
use crate::rules::{FourthKong, KongAfterRiichi};
use crate::score::MeldKind;
use crate::tile::Tile;

use super::phase::{KongKind, Phase};
use super::{Auditor, RuleId, waits_of};

/// The three calls on a discard.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum CallKind {
    Chi,
    Pon,
    Daiminkan,
}

impl Auditor<'_> {
    /// Counts a tile coming into view; reports a fifth copy or a tile the
    /// set does not have.
    pub(super) fn see(&mut self, at: usize, tile: Tile, seat: Option<Seat>) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_mut() else { return };
        let kind = usize::from(tile.kind());
        let mut problems = Vec::new();
        if let Some(n) = k.seen.get_mut(kind) {
            *n = n.saturating_add(1);
            if *n == 5 {
                problems.push((
                    RuleId::FifthCopy,
                    format!("a fifth {} comes into play", tile.plain()),
                ));
            }
        }
        if tile.is_red() {
            let suit = kind / 9;
            if let Some(n) = k.seen_red.get_mut(suit) {
                *n = n.saturating_add(1);
                if *n == 2 {
                    problems.push((
                        RuleId::FifthCopy,
                        format!("a second {tile} comes into play"),
                    ));
                }
            }
            if rules.red_fives == 0 {
                problems.push((
                    RuleId::TileNotInSet,
                    format!("{tile}: the {} rules have no red fives", rules.name),
                ));
            }
        }
        if rules.seats == 3 && (1..=7).contains(&kind) {
            problems.push((
                RuleId::TileNotInSet,
                format!("{tile} is not in the three-player set"),
            ));
        }
        for (rule, message) in problems {
            self.report(at, rule, seat, message);
        }
    }

    /// The claim window on the last discard or kong closed without a win:
    /// players who could have won on it are furiten for the go-around (for
    /// the rest of the hand after riichi), and a riichi discard's stick is
    /// due.
    fn pass_window(&mut self, at: usize) {
        let Some(k) = self.kyoku.as_mut() else { return };
        let from_tile = match k.phase {
            Phase::Discarded(s) => k.last_discard.map(|(_, t, _, _)| (s, t)),
            Phase::Kong(s, KongKind::Kakan | KongKind::Ankan | KongKind::Nukidora) => {
                match k.state.last {
                    crate::engine::Last::Kakan(_, t)
                    | crate::engine::Last::Ankan(_, t)
                    | crate::engine::Last::Nukidora(_, t) => Some((s, t)),
                    _ => None,
                }
            }
            _ => None,
        };
        // A concealed kong can be robbed only for thirteen orphans, so only
        // such a hand passes it up.
        let only_kokushi = matches!(k.phase, Phase::Kong(_, KongKind::Ankan));
        let allow_ankan = self.rules.chankan_on_ankan_for_kokushi;
        if let Some((from, tile)) = from_tile {
            for (i, p) in k.players.iter_mut().enumerate() {
                if i == from.index() || !p.waits.contains(tile.kind()) {
                    continue;
                }
                let state = k.state.players.get(i);
                let kokushi = state.is_some_and(|p| {
                    p.melds.is_empty() && p.concealed.iter().all(|t| t.is_terminal_or_honor())
                });
                if only_kokushi && !(allow_ankan && kokushi) {
                    continue;
                }
                if state.is_some_and(|p| p.riichi.is_some()) {
                    p.furiten_riichi = true;
                } else {
                    p.furiten_temporary = true;
                }
            }
        }
        if let Some((seat, _)) = k.riichi_due.take() {
            self.report(
                at,
                RuleId::RiichiStick,
                Some(seat),
                "the riichi discard passed but the log records no stick payment; it is counted as paid".into(),
            );
            if let Some(k) = self.kyoku.as_mut() {
                let _ = k.state.riichi_accepted(seat);
            }
        }
        self.check_mandatory_aborts(at);
    }

    /// Abortive draws the rules make mandatory but the log plays past.
    fn check_mandatory_aborts(&mut self, at: usize) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let seats = usize::from(k.state.seats);
        let mut missing = None;
        if rules.abortive_draws.four_winds && seats == 4 && !k.state.interrupted {
            let mut firsts = k.state.players.iter().map(|p| {
                if p.river.len() == 1 {
                    p.river.first().map(|r| r.tile)
                } else {
                    None
                }
            });
            if let Some(Some(w)) = firsts.next()
                && w.is_wind()
                && firsts.all(|f| f.map(Tile::kind) == Some(w.kind()))
            {
                missing = Some(format!(
                    "all four players discarded {} in the first go-around",
                    w.plain()
                ));
            }
        }
        if rules.abortive_draws.four_riichi
            && seats == 4
            && k.state.players.iter().all(|p| p.riichi.is_some())
        {
            missing = Some("all four players are in riichi".into());
        }
        // Four kongs abort once the discard after the fourth has passed.
        let after_fourth_discard = matches!(k.phase, Phase::Discarded(_))
            && k.kong_owners.len() >= 4
            && k.last_kong_at
                .is_some_and(|kong| k.last_discard.is_some_and(|(_, _, at, _)| at > kong));
        if rules.abortive_draws.four_kans
            && rules.fourth_kong == FourthKong::AbortUnlessOnePlayer
            && after_fourth_discard
            && k.kong_owners.windows(2).any(|w| w.first() != w.get(1))
        {
            missing = Some("four kongs by more than one player and the next discard passed".into());
        }
        if let Some(why) = missing {
            self.report(
                at,
                RuleId::AbortiveDrawMissing,
                None,
                format!("{why}: the rules end the hand in an abortive draw, but play goes on"),
            );
            self.desync(at, "play continued past an abortive draw".into());
        }
    }

    pub(super) fn draw(&mut self, at: usize, actor: Seat, pai: Option<Tile>, rinshan: bool) {
        let seats = self.seats();
        let Some(k) = self.kyoku.as_ref() else { return };
        let expected = match k.phase {
            Phase::Deal => Some(k.state.dealer),
            Phase::Discarded(s) => Some(s.plus(1, seats)),
            Phase::Kong(s, _) => Some(s),
            _ => None,
        };
        let closes_window = matches!(k.phase, Phase::Discarded(_) | Phase::Kong(..));
        let live = k.state.live_wall;
        if closes_window {
            self.pass_window(at);
        }
        if self.kyoku.as_ref().is_none_or(|k| k.desync) {
            return;
        }
        if expected != Some(actor) {
            let whose = expected.map_or_else(
                || "nobody's draw".to_owned(),
                |s| format!("seat {s}'s draw"),
            );
            self.report(
                at,
                RuleId::TurnOrder,
                Some(actor),
                format!("seat {actor} draws, but it is {whose}"),
            );
        }
        if live <= 0 {
            self.report(
                at,
                RuleId::WallEmpty,
                Some(actor),
                "a draw from an empty live wall".into(),
            );
        }
        match pai {
            Some(t) => self.see(at, t, Some(actor)),
            None => self.hidden(at, actor),
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.draw(actor, pai, rinshan) {
            return self.desync(at, why);
        }
        if let Some(p) = k.players.get_mut(actor.index()) {
            p.furiten_temporary = false;
            p.kuikae.clear();
        }
        k.phase = Phase::Drawn(actor);
        self.check_hand_size(at, actor, true);
    }

    /// A tile the log hides: the checks that need it are skipped.
    fn hidden(&mut self, at: usize, seat: Seat) {
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Some(p) = k.players.get_mut(seat.index()) {
            p.hidden = true;
        }
        if !k.hidden_noted {
            k.hidden_noted = true;
            self.report(
                at,
                RuleId::Unchecked,
                Some(seat),
                "the log hides some tiles: checks that need a hidden hand are skipped".into(),
            );
        }
    }

    /// Concealed tiles must be 14 − 3 × sets after a draw, 13 − 3 × sets after a discard.
    fn check_hand_size(&mut self, at: usize, seat: Seat, after_draw: bool) {
        let Some(k) = self.kyoku.as_mut() else { return };
        let Ok(p) = k.state.player(seat) else { return };
        let want = (13 + usize::from(after_draw)).saturating_sub(3 * p.melds.len());
        let have = p.concealed.len();
        let hidden = k.players.get(seat.index()).is_some_and(|p| p.hidden);
        if have != want && !hidden {
            if let Some(p) = k.players.get_mut(seat.index()) {
                p.dead = true;
            }
            self.report_values(
                at,
                RuleId::HandSize,
                Some(seat),
                format!("seat {seat} holds {have} concealed tiles; the hand is dead"),
                Some(want.to_string()),
                Some(have.to_string()),
            );
        }
    }

    pub(super) fn discard(
        &mut self,
        at: usize,
        actor: Seat,
        pai: Tile,
        tsumogiri: bool,
        riichi: bool,
    ) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let called = k.phase == Phase::Called(actor);
        let my_turn = matches!(k.phase, Phase::Drawn(s) | Phase::Called(s) if s == actor);
        let Ok(p) = k.state.player(actor) else {
            return self.desync(at, format!("seat {actor} is not at the table"));
        };
        let hidden = k.players.get(actor.index()).is_some_and(|p| p.hidden);
        let in_riichi = p.riichi.is_some();
        let drawn = p.drawn;
        let closed = p.is_closed();
        let kuikae = k
            .players
            .get(actor.index())
            .is_some_and(|p| p.kuikae.contains(&pai.kind()));
        let live = k.state.live_wall;
        let score = k
            .state
            .scores
            .as_ref()
            .and_then(|s| s.get(actor.index()).copied());
        let mut found: Vec<(RuleId, String)> = Vec::new();
        if !my_turn {
            found.push((
                RuleId::TurnOrder,
                format!("seat {actor} discards out of turn"),
            ));
        }
        if in_riichi && !riichi && drawn.is_some() && drawn != Some(pai) {
            found.push((
                RuleId::RiichiChangedHand,
                format!("in riichi, seat {actor} discards {pai} instead of the tile just drawn"),
            ));
        }
        if tsumogiri && (called || (drawn != Some(pai) && !hidden)) {
            found.push((
                RuleId::TsumogiriMismatch,
                format!("the log marks {pai} as the tile just drawn, but it is not"),
            ));
        }
        if called && kuikae && rules.kuikae_forbidden {
            found.push((
                RuleId::Kuikae,
                format!("swap-calling: {pai} discarded right after the call that used it"),
            ));
        }
        if riichi {
            if in_riichi {
                found.push((RuleId::RiichiTwice, "a second riichi declaration".into()));
            }
            if !closed {
                found.push((RuleId::RiichiOpenHand, "riichi with an open hand".into()));
            }
            if live < i32::from(rules.riichi_min_tiles_left) {
                found.push((
                    RuleId::RiichiFewTiles,
                    format!(
                        "riichi with {live} tiles left in the wall (at least {} needed)",
                        rules.riichi_min_tiles_left
                    ),
                ));
            }
            if let (Some(min), Some(score)) = (rules.riichi_min_points, score)
                && score < min
            {
                found.push((
                    RuleId::RiichiNoPoints,
                    format!("riichi with {score} points (at least {min} needed)"),
                ));
            }
        }
        for (rule, message) in found {
            if matches!(rule, RuleId::RiichiOpenHand | RuleId::Kuikae)
                && let Some(p) = self
                    .kyoku
                    .as_mut()
                    .and_then(|k| k.players.get_mut(actor.index()))
            {
                // EMA §3.4.7: riichi on an open hand and swap-calling make the hand dead.
                p.dead |= rules.book != crate::rules::Book::Tenhou;
            }
            self.report(at, rule, Some(actor), message);
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.discard(actor, pai, tsumogiri, riichi) {
            self.report(
                at,
                RuleId::TileNotHeld,
                Some(actor),
                format!("seat {actor} {why}"),
            );
            return self.desync(at, format!("seat {actor} discards a tile it does not hold"));
        }
        let mut w = Waits::default();
        if let Some(p) = k.players.get_mut(actor.index()) {
            if hidden {
                p.waits_memo = None;
            } else {
                w = waits_of(&k.state, actor, &mut p.waits_memo, p.waits);
            }
            p.waits = w;
            p.kuikae.clear();
        }
        k.phase = Phase::Discarded(actor);
        k.last_discard = Some((actor, pai, at, riichi));
        k.last_discard_called = false;
        k.winners.clear();
        if riichi {
            k.riichi_due = Some((actor, at));
        }
        self.check_hand_size(at, actor, false);
        if riichi && !hidden && !w.is_tenpai() {
            self.report(
                at,
                RuleId::RiichiNotTenpai,
                Some(actor),
                format!("riichi on a hand that is not waiting after discarding {pai}"),
            );
        }
    }

    pub(super) fn riichi_accepted(&mut self, at: usize, actor: Seat, claim: Option<&ScoresClaim>) {
        let Some(k) = self.kyoku.as_mut() else { return };
        match k.riichi_due {
            Some((seat, _)) if seat == actor => {
                k.riichi_due = None;
                let _ = k.state.riichi_accepted(actor);
            }
            _ => {
                self.report(
                    at,
                    RuleId::RiichiStick,
                    Some(actor),
                    format!(
                        "a riichi stick paid by seat {actor} without a riichi discard that passed"
                    ),
                );
                return;
            }
        }
        let ours = k.state.scores.clone();
        if let (Some(ours), Some(theirs)) = (ours, claim.and_then(|c| c.scores.clone()))
            && ours != theirs
        {
            self.report_values(
                at,
                RuleId::ScoreContinuity,
                Some(actor),
                "the scores after the riichi payment differ from the running scores".into(),
                Some(format!("{ours:?}")),
                Some(format!("{theirs:?}")),
            );
        }
    }

    pub(super) fn call(
        &mut self,
        at: usize,
        kind: CallKind,
        actor: Seat,
        target: Seat,
        pai: Tile,
        consumed: &[Tile],
    ) {
        let rules = self.rules;
        let seats = self.seats();
        let Some(k) = self.kyoku.as_ref() else { return };
        let last = k.last_discard;
        let on_discard = matches!(k.phase, Phase::Discarded(s) if s == target)
            && last.is_some_and(|(s, t, _, _)| s == target && t == pai);
        let live = k.state.live_wall;
        let caller = k.state.player(actor).ok();
        let in_riichi = caller.is_some_and(|p| p.riichi.is_some());
        let dead = k.players.get(actor.index()).is_some_and(|p| p.dead);
        let kongs = k.state.kongs;
        let mut found: Vec<(RuleId, String)> = Vec::new();
        if !on_discard || actor == target {
            found.push((
                RuleId::CallNotLastDiscard,
                format!(
                    "seat {actor} calls {pai} from seat {target}, which is not the last discard"
                ),
            ));
        }
        let name = match kind {
            CallKind::Chi => "chi",
            CallKind::Pon => "pon",
            CallKind::Daiminkan => "open kong",
        };
        match kind {
            CallKind::Chi => {
                if seats == 3 {
                    found.push((
                        RuleId::CallShape,
                        "chi is not played with three players".into(),
                    ));
                } else if actor != target.plus(1, seats) {
                    found.push((
                        RuleId::ChiNotFromLeft,
                        format!(
                            "seat {actor} calls chi from seat {target}, not the player on its left"
                        ),
                    ));
                }
                if !is_sequence(pai, consumed) {
                    found.push((
                        RuleId::CallShape,
                        format!("chi of {pai} with {consumed:?} is not a sequence"),
                    ));
                }
            }
            CallKind::Pon | CallKind::Daiminkan => {
                let need = if kind == CallKind::Pon { 2 } else { 3 };
                if consumed.len() != need || consumed.iter().any(|t| t.kind() != pai.kind()) {
                    found.push((
                        RuleId::CallShape,
                        format!("{name} of {pai} with {consumed:?}"),
                    ));
                }
            }
        }
        if live <= 0 {
            found.push((RuleId::LastTileCall, format!("{name} on the last discard")));
        }
        if in_riichi {
            found.push((
                RuleId::RiichiChangedHand,
                format!("{name} by a player in riichi"),
            ));
        }
        if dead {
            found.push((RuleId::DeadHand, format!("{name} by a dead hand")));
        }
        if kind == CallKind::Daiminkan && kong_forbidden(kongs, rules.fourth_kong) {
            found.push((RuleId::KongLimit, format!("a kong after {kongs} kongs")));
        }
        for (rule, message) in found {
            self.report(at, rule, Some(actor), message);
        }
        self.pass_window(at);
        let Some(k) = self.kyoku.as_mut() else { return };
        if k.desync {
            return;
        }
        let meld_kind = match kind {
            CallKind::Chi => MeldKind::Chi,
            CallKind::Pon => MeldKind::Pon,
            CallKind::Daiminkan => MeldKind::Daiminkan,
        };
        if let Err(why) = k.state.call(meld_kind, actor, target, pai, consumed) {
            self.report(
                at,
                RuleId::TileNotHeld,
                Some(actor),
                format!("seat {actor} {why}"),
            );
            return self.desync(
                at,
                format!("seat {actor} calls with tiles it does not hold"),
            );
        }
        if let Some(p) = k.players.get_mut(actor.index()) {
            p.furiten_temporary = false;
            p.kuikae = kuikae_kinds(kind, pai, consumed);
        }
        k.last_discard_called = true;
        k.phase = match kind {
            CallKind::Daiminkan => {
                k.kong_owners.push(actor);
                k.last_kong_at = Some(at);
                k.last_kong_at = Some(at);
                Phase::Kong(actor, KongKind::Daiminkan)
            }
            _ => Phase::Called(actor),
        };
    }

    /// Checks common to the kongs and norths declared in one's own turn.
    fn own_turn_declaration(&mut self, at: usize, actor: Seat, what: &str, is_kong: bool) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let mut found: Vec<(RuleId, String)> = Vec::new();
        match k.phase {
            Phase::Drawn(s) if s == actor => {}
            Phase::Called(s) if s == actor && is_kong => {
                found.push((
                    RuleId::KongAfterCall,
                    format!("{what} in a turn that began with a call"),
                ));
            }
            _ => found.push((
                RuleId::TurnOrder,
                format!("seat {actor} declares {what} out of turn"),
            )),
        }
        if k.state.live_wall <= 0 && is_kong {
            found.push((RuleId::LastTileCall, format!("{what} on the last tile")));
        }
        if is_kong && kong_forbidden(k.state.kongs, rules.fourth_kong) {
            found.push((
                RuleId::KongLimit,
                format!("a kong after {} kongs", k.state.kongs),
            ));
        }
        if k.players.get(actor.index()).is_some_and(|p| p.dead) && is_kong {
            found.push((RuleId::DeadHand, format!("{what} by a dead hand")));
        }
        for (rule, message) in found {
            self.report(at, rule, Some(actor), message);
        }
    }

    pub(super) fn kakan(&mut self, at: usize, actor: Seat, pai: Tile) {
        self.own_turn_declaration(at, actor, "an added kong", true);
        let Some(k) = self.kyoku.as_ref() else { return };
        if k.state.player(actor).is_ok_and(|p| p.riichi.is_some()) {
            self.report(
                at,
                RuleId::RiichiChangedHand,
                Some(actor),
                "an added kong by a player in riichi".into(),
            );
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.kakan(actor, pai) {
            self.report(
                at,
                RuleId::TileNotHeld,
                Some(actor),
                format!("seat {actor} {why}"),
            );
            return self.desync(at, "an added kong that cannot be made".into());
        }
        k.kong_owners.push(actor);
        k.last_kong_at = Some(at);
        k.phase = Phase::Kong(actor, KongKind::Kakan);
        k.winners.clear();
    }

    pub(super) fn ankan(&mut self, at: usize, actor: Seat, consumed: &[Tile]) {
        self.own_turn_declaration(at, actor, "a concealed kong", true);
        let Some(first) = consumed.first().copied() else {
            return self.desync(at, "a concealed kong of no tiles".into());
        };
        if consumed.len() != 4 || consumed.iter().any(|t| t.kind() != first.kind()) {
            self.report(
                at,
                RuleId::CallShape,
                Some(actor),
                format!("a concealed kong of {consumed:?}"),
            );
        }
        self.check_kong_after_riichi(at, actor, first);
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.ankan(actor, consumed) {
            self.report(
                at,
                RuleId::TileNotHeld,
                Some(actor),
                format!("seat {actor} {why}"),
            );
            return self.desync(at, "a concealed kong that cannot be made".into());
        }
        k.kong_owners.push(actor);
        k.last_kong_at = Some(at);
        k.phase = Phase::Kong(actor, KongKind::Ankan);
        k.winners.clear();
    }

    /// A concealed kong in riichi must be of the tile just drawn and keep
    /// the waits; under EMA and WRC the three tiles must also be a triplet
    /// in every reading of the riichi hand (EMA §3.3.14, WRC §6.5.1).
    fn check_kong_after_riichi(&mut self, at: usize, actor: Seat, tile: Tile) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let Ok(p) = k.state.player(actor) else { return };
        if p.riichi.is_none() || k.players.get(actor.index()).is_some_and(|p| p.hidden) {
            return;
        }
        let kind = tile.kind();
        let mut problem = None;
        if p.drawn.map(Tile::kind) != Some(kind) {
            problem = Some(format!(
                "a concealed kong of {} in riichi with a tile not just drawn",
                tile.plain()
            ));
        }
        let mut before = Counts::from_tiles(&p.concealed);
        if let Some(d) = p.drawn
            && let Some(n) = before.0.get_mut(usize::from(d.kind()))
        {
            *n = n.saturating_sub(1);
        }
        let mut after = Counts::from_tiles(&p.concealed);
        if let Some(n) = after.0.get_mut(usize::from(kind)) {
            *n = n.saturating_sub(4);
        }
        let waits_before = crate::hand::shape_waits(&before);
        let waits_after = crate::hand::shape_waits(&after);
        if problem.is_none() && waits_before != waits_after {
            problem = Some(format!(
                "a concealed kong of {} in riichi changes the waits",
                tile.plain()
            ));
        }
        if problem.is_none()
            && rules.kong_after_riichi == KongAfterRiichi::WaitsUnchangedOnlyTriplet
        {
            let only_triplet = waits_before.kinds().all(|w| {
                let mut full = before;
                if let Some(n) = full.0.get_mut(usize::from(w)) {
                    *n = n.saturating_add(1);
                }
                decompositions(&full).iter().all(|d| match d {
                    Decomposition::Standard { groups, .. } => groups
                        .iter()
                        .any(|g| g.kind == GroupKind::Triplet && g.tile == kind),
                    _ => false,
                })
            });
            if !only_triplet {
                problem = Some(format!(
                    "a concealed kong of {} in riichi: the three tiles can be read other than as a triplet",
                    tile.plain()
                ));
            }
        }
        if let Some(message) = problem {
            self.report(at, RuleId::RiichiKong, Some(actor), message);
        }
    }

    pub(super) fn nukidora(&mut self, at: usize, actor: Seat, pai: Tile) {
        self.own_turn_declaration(at, actor, "a north set aside", false);
        if !self.rules.nukidora || pai.kind() != 30 {
            self.report(
                at,
                RuleId::CallShape,
                Some(actor),
                format!("{pai} set aside as a north under {} rules", self.rules.name),
            );
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.nukidora(actor, pai) {
            self.report(
                at,
                RuleId::TileNotHeld,
                Some(actor),
                format!("seat {actor} {why}"),
            );
            return self.desync(at, "a north set aside that is not held".into());
        }
        k.phase = Phase::Kong(actor, KongKind::Nukidora);
        k.winners.clear();
    }

    pub(super) fn dora(&mut self, at: usize, marker: Tile) {
        self.see(at, marker, None);
        if let Some(k) = self.kyoku.as_mut() {
            k.state.dora(marker);
        }
    }
}

/// No kong after four, and never a fifth.
fn kong_forbidden(kongs: u8, rule: FourthKong) -> bool {
    match rule {
        FourthKong::ContinueNoMoreKongs | FourthKong::AbortUnlessOnePlayer => kongs >= 4,
    }
}

/// Whether `pai` with `consumed` makes three consecutive tiles of one suit.
fn is_sequence(pai: Tile, consumed: &[Tile]) -> bool {
    let [a, b] = consumed else { return false };
    let mut kinds = [pai.kind(), a.kind(), b.kind()];
    kinds.sort_unstable();
    let [x, y, z] = kinds;
    x < 27 && x / 9 == z / 9 && y == x + 1 && z == x + 2
}

/// The kinds a caller may not discard right after the call: the called
/// tile, and for a chi called at one end, the tile at the other end.
fn kuikae_kinds(kind: CallKind, pai: Tile, consumed: &[Tile]) -> Vec<u8> {
    let k = pai.kind();
    let mut out = vec![k];
    if kind == CallKind::Chi
        && let [a, b] = consumed
    {
        let (lo, hi) = (a.kind().min(b.kind()), a.kind().max(b.kind()));
        if k + 1 == lo && hi % 9 != 8 {
            out.push(hi + 1);
        } else if hi + 1 == k && lo % 9 != 0 {
            out.push(lo - 1);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_hand;

    fn t(s: &str) -> Tile {
        parse_hand(s).unwrap()[0]
    }

    #[test]
    fn sequences_and_swaps() {
        assert!(is_sequence(t("3m"), &[t("4m"), t("5m")]));
        assert!(is_sequence(t("0m"), &[t("4m"), t("6m")]));
        assert!(!is_sequence(t("9m"), &[t("1p"), t("2p")]));
        assert!(!is_sequence(t("1z"), &[t("2z"), t("3z")]));
        assert_eq!(
            kuikae_kinds(CallKind::Chi, t("3m"), &[t("4m"), t("5m")]),
            vec![2, 5]
        );
        assert_eq!(
            kuikae_kinds(CallKind::Chi, t("6m"), &[t("4m"), t("5m")]),
            vec![5, 2]
        );
        assert_eq!(
            kuikae_kinds(CallKind::Chi, t("5m"), &[t("4m"), t("6m")]),
            vec![4]
        );
        assert_eq!(
            kuikae_kinds(CallKind::Chi, t("7m"), &[t("8m"), t("9m")]),
            vec![6]
        );
        assert_eq!(
            kuikae_kinds(CallKind::Pon, t("7z"), &[t("7z"), t("7z")]),
            vec![33]
        );
    }
}
