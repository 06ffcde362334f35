//! What a seat could do at a point of the replay: win on the tile just
//! offered (a discard, an added kong, a north set aside, a concealed kong
//! for thirteen orphans), win on its own draw, or call the discard. The
//! verdict on a win is the audit's own: the same waits, the same furiten,
//! the same scoring, so a win the audit accepts is always a chance here
//! and a chance here is a win the audit would accept.

use crate::event::Seat;
use crate::hand::{Counts, KindSet, is_complete};
use crate::rules::{MultipleRon, Rules};
use crate::score::{MeldKind, ScoreError, Scored, score};
use crate::tile::Tile;

use super::kong::kong_forbidden;
use super::phase::{KongKind, Phase};
use super::replay::Replay;
use super::{FuritenCause, KyokuAudit};
use crate::engine::win::shape_win_inputs;
use crate::engine::{Last, WinInputs, WinScore, score_win, win_inputs};

/// A win a seat could declare now.
#[derive(Clone, PartialEq, Debug)]
pub struct WinChance {
    /// Who could win.
    pub seat: Seat,
    /// Whose tile it is: the discarder, the kong's or north's declarer, or
    /// the seat itself on a tsumo.
    pub from: Seat,
    /// The tile won on.
    pub tile: Tile,
    /// By its own draw.
    pub tsumo: bool,
    /// Whether the win is allowed, and what it is worth; or why not.
    pub verdict: Result<ChanceWin, Blocked>,
}

/// A legal win, scored as the audit scores one.
#[derive(Clone, PartialEq, Debug)]
pub struct ChanceWin {
    /// What scoring was given.
    pub inputs: WinInputs,
    /// The score (no ura dora: they are not turned over before a win).
    pub scored: Scored,
    /// The hand's points without counters and sticks.
    pub value: i32,
    /// Score changes, counters and sticks included, as if it were the only
    /// win on the tile.
    pub deltas: Vec<i32>,
}

/// Why a seat whose hand the tile completes may not win on it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Blocked {
    /// Furiten, with its cause (never on a tsumo).
    Furiten(FuritenCause),
    /// The hand has no yaku (or fewer han from yaku than the counters
    /// require).
    NoYaku(String),
    /// The hand is dead.
    Dead,
    /// The hand cannot be scored for another reason.
    Unscorable(String),
}

impl std::fmt::Display for Blocked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Furiten(FuritenCause::OwnDiscard { tile }) => {
                write!(
                    f,
                    "furiten: {} is among its own discards",
                    tile.to_compact()
                )
            }
            Self::Furiten(FuritenCause::Passed { tile, event }) => write!(
                f,
                "furiten: it passed a win on {} at event {event} in this go-around",
                tile.to_compact()
            ),
            Self::Furiten(FuritenCause::PassedInRiichi { tile, event }) => write!(
                f,
                "furiten: it passed a win on {} at event {event} after its riichi",
                tile.to_compact()
            ),
            Self::NoYaku(why) => write!(f, "no yaku ({why})"),
            Self::Dead => f.write_str("the hand is dead"),
            Self::Unscorable(why) => write!(f, "it cannot be scored: {why}"),
        }
    }
}

/// A call a seat could make on the discard just made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CallChance {
    /// Who could call.
    pub seat: Seat,
    /// The discarder.
    pub from: Seat,
    /// The discard.
    pub tile: Tile,
    /// The calls possible, each with the tiles it would take from the hand.
    pub options: Vec<CallOption>,
}

/// One way to call a discard.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CallOption {
    /// Chi, pon or open kong.
    pub kind: MeldKind,
    /// The tiles from the hand (plain fives before red ones).
    pub consumed: Vec<Tile>,
}

impl Replay<'_> {
    /// The wins on the tile just offered (right after a discard, an added
    /// kong, a north set aside, or a concealed kong where thirteen orphans
    /// may rob it), for every other seat whose waits hold it, in seat order
    /// from the one after the offerer. Hidden hands are left out.
    #[must_use]
    pub fn ron_chances(&self) -> Vec<WinChance> {
        let Some(k) = self.audit_state() else {
            return Vec::new();
        };
        let rules = self.rules();
        let Some((from, tile, only_kokushi)) = offered(k, rules) else {
            return Vec::new();
        };
        let seats = k.state.seats;
        let mut out = Vec::new();
        for offset in 1..seats {
            let seat = from.plus(offset, seats);
            let Some(p) = k.players.get(seat.index()) else {
                continue;
            };
            if p.hidden || !p.waits.contains(tile.kind()) {
                continue;
            }
            if only_kokushi && !super::thirteen_orphans_on(&k.state, seat, tile) {
                continue;
            }
            let verdict = if p.dead {
                Err(Blocked::Dead)
            } else if let Some(cause) = self.furiten(seat) {
                Err(Blocked::Furiten(cause))
            } else {
                scored(k, seat, from, tile, rules)
            };
            out.push(WinChance {
                seat,
                from,
                tile,
                tsumo: false,
                verdict,
            });
        }
        out
    }

    /// The win by tsumo open to the seat that has just drawn, when its
    /// hand is complete.
    #[must_use]
    pub fn tsumo_chance(&self) -> Option<WinChance> {
        let k = self.audit_state()?;
        let Phase::Drawn(seat) = k.phase else {
            return None;
        };
        let p = k.players.get(seat.index())?;
        let state = k.state.player(seat).ok()?;
        let tile = state.drawn?;
        if p.hidden || !is_complete(&Counts::from_tiles(&state.concealed)) {
            return None;
        }
        let verdict = if p.dead {
            Err(Blocked::Dead)
        } else {
            scored(k, seat, seat, tile, self.rules())
        };
        Some(WinChance {
            seat,
            from: seat,
            tile,
            tsumo: true,
            verdict,
        })
    }

    /// The calls open on the discard just made: pon, open kong, and chi
    /// for the next seat, by every seat that may call (not in riichi, not
    /// dead, the hand known, tiles left in the wall).
    #[must_use]
    pub fn call_chances(&self) -> Vec<CallChance> {
        let Some(k) = self.audit_state() else {
            return Vec::new();
        };
        let Phase::Discarded(from) = k.phase else {
            return Vec::new();
        };
        let Some((_, tile, _, _)) = k.last_discard else {
            return Vec::new();
        };
        if k.state.live_wall <= 0 {
            return Vec::new();
        }
        let rules = self.rules();
        let seats = k.state.seats;
        let mut out = Vec::new();
        for offset in 1..seats {
            let seat = from.plus(offset, seats);
            let (Some(p), Ok(state)) = (k.players.get(seat.index()), k.state.player(seat)) else {
                continue;
            };
            if p.hidden || p.dead || state.riichi.is_some() {
                continue;
            }
            let mut options = Vec::new();
            let same: Vec<Tile> = tiles_of(&state.concealed, tile.kind());
            if let Some(two) = same.get(..2) {
                options.push(CallOption {
                    kind: MeldKind::Pon,
                    consumed: two.to_vec(),
                });
            }
            if let Some(three) = same.get(..3)
                && !kong_forbidden(k.state.kongs, rules.fourth_kong)
            {
                options.push(CallOption {
                    kind: MeldKind::Daiminkan,
                    consumed: three.to_vec(),
                });
            }
            if offset == 1 && seats == 4 {
                options.extend(chi_options(&state.concealed, tile));
            }
            if !options.is_empty() {
                out.push(CallChance {
                    seat,
                    from,
                    tile,
                    options,
                });
            }
        }
        out
    }
}

impl Replay<'_> {
    /// Of `waits`, the kinds on which `seat`'s hand — the concealed tiles
    /// `concealed` (without the winning tile) and its melds as they stand —
    /// has a yaku of its own shape, on a discard or by tsumo (riichi,
    /// ippatsu, the last tile and the other situational yaku left out).
    /// An open hand with no such wait cannot win.
    #[must_use]
    pub fn waits_with_yaku(&self, seat: Seat, concealed: &[Tile], waits: KindSet) -> KindSet {
        let Some(k) = self.audit_state() else {
            return KindSet::default();
        };
        let rules = self.rules();
        let mut out = 0u64;
        for kind in waits.kinds() {
            let Some(tile) = Tile::from_kind(kind) else {
                continue;
            };
            let has_yaku = [false, true].into_iter().any(|tsumo| {
                shape_win_inputs(&k.state, seat, concealed, tile, tsumo, rules)
                    .is_ok_and(|i| score(&i.hand, &i.situation, rules).is_ok())
            });
            if has_yaku {
                out |= 1 << kind;
            }
        }
        KindSet(out)
    }
}

/// Whether a seat that passed a ron could have won: the rules on several
/// winners, given who did win on the same tile.
#[must_use]
pub fn ron_was_open(seat: Seat, from: Seat, winners: &[Seat], seats: u8, rules: &Rules) -> bool {
    match rules.multiple_ron {
        MultipleRon::All => true,
        // A nearer claimant would have taken the win from the winners.
        MultipleRon::HeadBump => {
            let near = seat.offset_from(from, seats);
            winners.iter().all(|w| near < w.offset_from(from, seats))
        }
        // A third winner makes the hand an abortive draw, not a win.
        MultipleRon::DoubleThenAbort => winners.len() < 2,
    }
}

/// The tile offered to the others now, whose it is, and whether only a
/// thirteen-orphans hand may take it.
fn offered(k: &KyokuAudit, rules: &Rules) -> Option<(Seat, Tile, bool)> {
    match k.phase {
        Phase::Discarded(s) => k.last_discard.map(|(_, t, _, _)| (s, t, false)),
        Phase::Kong(s, KongKind::Kakan) => match k.state.last {
            Last::Kakan(_, t) => Some((s, t, false)),
            _ => None,
        },
        Phase::Kong(s, KongKind::Nukidora) => match k.state.last {
            Last::Nukidora(_, t) => Some((s, t, false)),
            _ => None,
        },
        Phase::Kong(s, KongKind::Ankan) if rules.chankan_on_ankan_for_kokushi => {
            match k.state.last {
                Last::Ankan(_, t) => Some((s, t, true)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Scores a win by `seat` on `tile` from `from` as the audit would.
fn scored(
    k: &KyokuAudit,
    seat: Seat,
    from: Seat,
    tile: Tile,
    rules: &Rules,
) -> Result<ChanceWin, Blocked> {
    let inputs = win_inputs(&k.state, seat, from, tile, &[], &[seat], rules)
        .map_err(|e| Blocked::Unscorable(e.to_string()))?;
    match score_win(&inputs, rules) {
        Ok(WinScore {
            scored,
            value,
            deltas,
            ..
        }) => Ok(ChanceWin {
            inputs,
            scored,
            value,
            deltas,
        }),
        Err(r) => match r.error {
            e @ (ScoreError::NoYaku
            | ScoreError::TooFewHan { .. }
            | ScoreError::BelowMinimumHan { .. }) => Err(Blocked::NoYaku(e.to_string())),
            e => Err(Blocked::Unscorable(e.to_string())),
        },
    }
}

/// The tiles of `kind` in a hand, plain ones first.
fn tiles_of(hand: &[Tile], kind: u8) -> Vec<Tile> {
    let mut out: Vec<Tile> = hand.iter().copied().filter(|t| t.kind() == kind).collect();
    out.sort_by_key(|t| t.is_red());
    out
}

/// The chi of `tile` the hand allows: the tile at the low end, in the
/// middle and at the high end of a sequence.
fn chi_options(hand: &[Tile], tile: Tile) -> Vec<CallOption> {
    let k = tile.kind();
    if k >= 27 {
        return Vec::new();
    }
    let number = k % 9;
    let mut out = Vec::new();
    for (lo, hi) in [(1i8, 2i8), (-1, 1), (-2, -1)] {
        let (a, b) = (
            i8::try_from(number).unwrap_or(0) + lo,
            i8::try_from(number).unwrap_or(0) + hi,
        );
        if !(0..9).contains(&a) || !(0..9).contains(&b) {
            continue;
        }
        let base = k - number;
        let pick = |n: i8| {
            u8::try_from(n)
                .ok()
                .and_then(|n| tiles_of(hand, base + n).first().copied())
        };
        if let (Some(x), Some(y)) = (pick(a), pick(b)) {
            out.push(CallOption {
                kind: MeldKind::Chi,
                consumed: vec![x, y],
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_hand;
    use crate::tile::t;

    #[test]
    fn chi_options_in_every_position() {
        let hand = parse_hand("234506m").unwrap();
        let kinds = |opts: Vec<CallOption>| -> Vec<String> {
            opts.iter()
                .map(|o| crate::tile::format_hand(&o.consumed))
                .collect()
        };
        assert_eq!(kinds(chi_options(&hand, t("4m"))), ["56m", "35m", "23m"]);
        // Plain five before the red one.
        assert_eq!(kinds(chi_options(&hand, t("7m"))), ["56m"]);
        assert_eq!(kinds(chi_options(&hand, t("1m"))), ["23m"]);
        assert!(chi_options(&hand, t("1z")).is_empty());
    }

    #[test]
    fn head_bump_leaves_the_win_to_the_nearest() {
        let rules = Rules::preset("wrc2015").unwrap();
        let s = |n| Seat::new(n).unwrap();
        // Seat 1 is nearer seat 0 than seat 2 is.
        assert!(ron_was_open(s(1), s(0), &[s(2)], 4, &rules));
        assert!(!ron_was_open(s(3), s(0), &[s(2)], 4, &rules));
        let tenhou = Rules::preset("tenhou").unwrap();
        assert!(ron_was_open(s(3), s(0), &[s(2)], 4, &tenhou));
        assert!(!ron_was_open(s(3), s(0), &[s(1), s(2)], 4, &tenhou));
    }
}
