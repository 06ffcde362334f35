//! Checks of the actions inside a kyoku: draws, discards, calls, dora,
//! riichi payments (kongs and norths declared in one's own turn are in
//! `kong.rs`).

use crate::event::{Event, ScoresClaim, Seat};
use crate::hand::{KindSet, Waits};
use crate::tile::Tile;

use super::kong::kong_forbidden;
use super::phase::{KongKind, Phase};
use super::{Auditor, RuleId, has_dead_hands, waits_of};

/// What the checks of a discard read of the table before it is applied.
#[derive(Clone, Copy, Debug)]
struct Before {
    /// The discard follows the player's own chi or pon.
    called: bool,
    /// It is the player's turn to discard.
    my_turn: bool,
    /// The log hides some of the player's tiles.
    hidden: bool,
    /// The tile the player drew last, if the turn began with a draw.
    drawn: Option<Tile>,
}

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
    #[inline]
    pub(super) fn see(&mut self, at: usize, tile: Tile, seat: Option<Seat>) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_mut() else { return };
        let kind = usize::from(tile.kind());
        let mut seen = None;
        if let Some(n) = k.seen.get_mut(kind) {
            *n = n.saturating_add(1);
            // Nearly every tile: nothing to report, nothing else to count.
            if *n < 5 && !tile.is_red() && rules.seats != 3 {
                return;
            }
            seen = Some(*n);
        }
        self.see_more(at, tile, seat, seen);
    }

    /// What [`Auditor::see`] checks of a fifth copy, a red five or a tile
    /// of a three-player table (`seen`: the copies of its kind seen now).
    #[cold]
    fn see_more(&mut self, at: usize, tile: Tile, seat: Option<Seat>, seen: Option<u8>) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_mut() else { return };
        let kind = usize::from(tile.kind());
        let mut problems = Vec::new();
        if seen == Some(5) {
            problems.push((
                RuleId::FifthCopy,
                format!("a fifth {} comes into play", tile.plain()),
            ));
        }
        if tile.is_red() {
            let suit = kind / 9;
            // One red five a suit, or more where the set has more (a
            // Riichi City room with two a suit in three-player, a Mahjong
            // Soul room's two 5p of four).
            let per_suit = rules.red_fives_in(suit).max(1);
            if let Some(n) = k.seen_red.get_mut(suit) {
                *n = n.saturating_add(1);
                if *n == per_suit + 1 {
                    problems.push((
                        RuleId::FifthCopy,
                        if per_suit == 1 {
                            format!("a second {tile} comes into play")
                        } else {
                            format!(
                                "a red five {tile} more than the set's {per_suit} comes into play"
                            )
                        },
                    ));
                }
            }
            if rules.red_fives == 0 && !self.not_in_set.contains(&tile.index()) {
                problems.push((
                    RuleId::TileNotInSet,
                    format!("{tile}: the {} rules have no red fives", rules.name),
                ));
            }
        }
        if rules.seats == 3 && (1..=7).contains(&kind) && !self.not_in_set.contains(&tile.index()) {
            problems.push((
                RuleId::TileNotInSet,
                format!("{tile} is not in the three-player set"),
            ));
        }
        for (rule, message) in problems {
            if rule == RuleId::TileNotInSet {
                // Once a game is enough: the rest follows.
                self.not_in_set.push(tile.index());
            }
            self.report(at, rule, seat, message);
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
        // A replacement draw comes from the dead wall; a kong on the last
        // tile is reported as such (LAST-TILE-CALL).
        if live <= 0 && !rinshan {
            self.report(
                at,
                RuleId::WallEmpty,
                Some(actor),
                "a draw from an empty live wall".into(),
            );
        }
        self.wall_draw(at, actor, pai, rinshan, live <= 0 && !rinshan);
        match pai {
            Some(t) => self.see(at, t, Some(actor)),
            None => self.hidden(at, actor),
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.draw(actor, pai, rinshan) {
            return self.desync(at, why.to_string());
        }
        if let Some(p) = k.players.get_mut(actor.index()) {
            p.furiten_temporary = false;
            p.kuikae = KindSet::default();
        }
        k.phase = Phase::Drawn(actor);
        self.check_hand_size(at, actor, true);
        self.kan_dora_at_draw(at, actor, rinshan);
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
    #[inline]
    fn check_hand_size(&mut self, at: usize, seat: Seat, after_draw: bool) {
        let Some(k) = self.kyoku.as_mut() else { return };
        let Some(p) = k.state.players.get(seat.index()) else {
            return;
        };
        let want = (13 + usize::from(after_draw)).saturating_sub(3 * p.melds.len());
        let have = p.concealed.len();
        let Some(pa) = k.players.get_mut(seat.index()) else {
            return;
        };
        let was_wrong = pa.wrong_size;
        pa.wrong_size = have != want && !pa.hidden;
        if pa.wrong_size && !was_wrong {
            self.wrong_hand_size(at, seat, want, have);
        }
    }

    /// The hand became the wrong size: EMA §3.4.7 makes it dead.
    #[cold]
    fn wrong_hand_size(&mut self, at: usize, seat: Seat, want: usize, have: usize) {
        let dead_hands = has_dead_hands(self.rules);
        if let Some(pa) = self
            .kyoku
            .as_mut()
            .and_then(|k| k.players.get_mut(seat.index()))
        {
            pa.dead |= dead_hands;
        }
        self.report_values(
            at,
            RuleId::HandSize,
            Some(seat),
            format!(
                "seat {seat} holds {}{}",
                crate::plural::count(have, "concealed tile", "concealed tiles"),
                if dead_hands { "; the hand is dead" } else { "" }
            ),
            Some(want.to_string()),
            Some(have.to_string()),
        );
    }

    pub(super) fn discard(
        &mut self,
        at: usize,
        actor: Seat,
        pai: Tile,
        tsumogiri: bool,
        riichi: bool,
    ) {
        self.kan_dora_at_discard(at, actor);
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let called = k.phase == Phase::Called(actor);
        let my_turn = matches!(k.phase, Phase::Drawn(s) | Phase::Called(s) if s == actor);
        let Ok(p) = k.state.player(actor) else {
            return self.desync(at, format!("seat {actor} is not at the table"));
        };
        let hidden = k.players.get(actor.index()).is_some_and(|p| p.hidden);
        let drawn = p.drawn;
        let before = Before {
            called,
            my_turn,
            hidden,
            drawn,
        };
        // A discard in turn, without riichi, of a tile whose marking says
        // truly where it came from, breaks nothing: the checks themselves
        // run only when one of those may not hold.
        let may_break = !my_turn
            || riichi
            || called
            || (p.riichi.is_some() && drawn.is_some() && drawn != Some(pai))
            || (tsumogiri && drawn != Some(pai) && !hidden)
            || (!tsumogiri && !hidden && drawn == Some(pai));
        if may_break {
            self.discard_findings(at, actor, pai, (tsumogiri, riichi), before);
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.discard(actor, pai, tsumogiri, riichi) {
            self.report(at, why.rule(), Some(actor), why.to_string());
            return self.desync(at, format!("seat {actor} discards a tile it does not hold"));
        }
        let mut w = Waits::default();
        if let Some(p) = k.players.get_mut(actor.index()) {
            if !hidden {
                w = if p.moves == 1 && drawn == Some(pai) {
                    // The tile just drawn went out again: the hand is the
                    // one the waits were computed for.
                    p.moves = 0;
                    p.waits
                } else {
                    waits_of(&k.state, actor, p, rules)
                };
            }
            p.waits = w;
            p.kuikae = KindSet::default();
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

    /// What a discard may break: turn order, riichi's rules, the marking of
    /// the tile just drawn, swap-calling. Each finding is reported (and a
    /// dead hand marked) before the discard is applied.
    #[cold]
    fn discard_findings(
        &mut self,
        at: usize,
        actor: Seat,
        pai: Tile,
        (tsumogiri, riichi): (bool, bool),
        before: Before,
    ) {
        let Before {
            called,
            my_turn,
            hidden,
            drawn,
        } = before;
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let Ok(p) = k.state.player(actor) else {
            return;
        };
        let in_riichi = p.riichi.is_some();
        let closed = p.is_closed();
        let kuikae = k
            .players
            .get(actor.index())
            .is_some_and(|p| p.kuikae.contains(pai.kind()));
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
        // A second riichi declaration does not make another discard legal.
        if in_riichi && drawn.is_some() && drawn != Some(pai) {
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
        // The reverse is only certain when no other copy of the tile is held.
        if !tsumogiri
            && !hidden
            && drawn == Some(pai)
            && p.concealed.iter().filter(|t| **t == pai).count() == 1
        {
            found.push((
                RuleId::TsumogiriMismatch,
                format!(
                    "the log marks {pai} as a tile from the hand, but it is the tile just drawn"
                ),
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
                        "riichi with {} left in the wall (at least {} needed)",
                        crate::plural::count(usize::try_from(live).unwrap_or(0), "tile", "tiles"),
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
                // EMA 2016 §3.4.7: riichi on an open hand and swap-calling
                // make the hand dead; the 2012 list of dead-hand faults
                // (EMA 2012 §3.4.7) does not name the riichi.
                p.dead |= has_dead_hands(rules)
                    && (rule == RuleId::Kuikae || rules.open_riichi_dead_hand);
            }
            self.report(at, rule, Some(actor), message);
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

    /// A chi, pon or open kong (`event`, of the `kind` it is).
    pub(super) fn call(&mut self, at: usize, event: &Event, kind: CallKind) {
        let (actor, target, pai, consumed): (Seat, Seat, Tile, &[Tile]) = match event {
            Event::Chi {
                actor,
                target,
                pai,
                consumed,
            }
            | Event::Pon {
                actor,
                target,
                pai,
                consumed,
            } => (*actor, *target, *pai, consumed),
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => (*actor, *target, *pai, consumed),
            _ => return,
        };
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
        if k.phase == Phase::Ended
            && !k.winners.is_empty()
            && last.is_some_and(|(s, t, _, _)| s == target && t == pai)
        {
            // The kyoku ended with the win: the call is reported, not played.
            self.report(
                at,
                RuleId::CallPriority,
                Some(actor),
                format!("seat {actor} calls {pai}, a discard another player won on"),
            );
            return;
        }
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
        // EMA §3.4.7: an invalid chow, pung or kong makes the hand dead.
        let invalid = found.iter().any(|(r, _)| *r == RuleId::CallShape) && has_dead_hands(rules);
        for (rule, message) in found {
            self.report(at, rule, Some(actor), message);
        }
        // A dead hand's claim of a discard is a chombo (EMA §3.4.6): the
        // hand ends there.
        if dead && self.has_chombo() {
            return self.chombo(at, actor, &format!("a {name} by a dead hand"), None);
        }
        self.pass_window(at);
        let Some(k) = self.kyoku.as_mut() else { return };
        if k.desync {
            return;
        }
        if let Err(why) = k.state.apply(event) {
            self.report(at, why.rule(), Some(actor), why.to_string());
            return self.desync(
                at,
                format!("seat {actor} calls with tiles it does not hold"),
            );
        }
        if let Some(p) = k.players.get_mut(actor.index()) {
            p.furiten_temporary = false;
            p.kuikae = kuikae_kinds(kind, pai, consumed);
            p.dead |= invalid;
        }
        k.last_discard_called = true;
        k.phase = match kind {
            CallKind::Daiminkan => {
                k.kong_owners.push(actor);
                k.last_kong_at = Some(at);
                Phase::Kong(actor, KongKind::Daiminkan)
            }
            _ => Phase::Called(actor),
        };
        if kind == CallKind::Daiminkan {
            self.kan_dora_due(at, actor, KongKind::Daiminkan);
        }
    }

    pub(super) fn dora(&mut self, at: usize, event: &Event, marker: Tile) {
        self.kan_dora_turned(at);
        self.wall_dora(at, marker);
        self.see(at, marker, None);
        if let Some(k) = self.kyoku.as_mut() {
            // A dora indicator always applies.
            let _ = k.state.apply(event);
        }
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
fn kuikae_kinds(kind: CallKind, pai: Tile, consumed: &[Tile]) -> KindSet {
    let k = pai.kind();
    let mut out = 1u64 << k;
    if kind == CallKind::Chi
        && let [a, b] = consumed
    {
        let (lo, hi) = (a.kind().min(b.kind()), a.kind().max(b.kind()));
        if k + 1 == lo && hi % 9 != 8 {
            out |= 1 << (hi + 1);
        } else if hi + 1 == k && lo % 9 != 0 {
            out |= 1 << (lo - 1);
        }
    }
    KindSet(out)
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
            KindSet(1 << 2 | 1 << 5)
        );
        assert_eq!(
            kuikae_kinds(CallKind::Chi, t("6m"), &[t("4m"), t("5m")]),
            KindSet(1 << 5 | 1 << 2)
        );
        assert_eq!(
            kuikae_kinds(CallKind::Chi, t("5m"), &[t("4m"), t("6m")]),
            KindSet(1 << 4)
        );
        assert_eq!(
            kuikae_kinds(CallKind::Chi, t("7m"), &[t("8m"), t("9m")]),
            KindSet(1 << 6)
        );
        assert_eq!(
            kuikae_kinds(CallKind::Pon, t("7z"), &[t("7z"), t("7z")]),
            KindSet(1 << 33)
        );
    }
}
