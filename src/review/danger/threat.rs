//! Who threatens the deciding seat, and what the table says of each
//! threat's safe tiles: their river, the tiles passed after their riichi,
//! the tiles passed since their last discard.

use serde::Serialize;

use crate::engine::KyokuState;
use crate::event::Seat;
use crate::score::MeldKind;

use super::History;

/// An open hand is a threat from this many open sets.
const OPEN_SETS: usize = 2;
/// With one open set, a threat from this many discards of its own (the
/// second half of a hand: tenpai is likely by then).
const LATE_DISCARDS: usize = 9;
/// "Early" discards: the first go-arounds, when a player discards what
/// their hand needs least (the outside-tile reading).
pub(super) const EARLY_DISCARDS: usize = 6;

/// How an opponent threatens.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ThreatKind {
    /// They declared riichi: tenpai for certain.
    Riichi,
    /// An open hand whose calls say tenpai is likely: two or more open
    /// sets, or one after nine or more of its own discards.
    Open,
}

/// An opponent who threatens the deciding seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Threat {
    /// The opponent.
    pub seat: Seat,
    /// How.
    pub kind: ThreatKind,
}

/// A threat with the facts its reasons are read from.
pub(super) struct Facts {
    pub threat: Threat,
    /// Kinds in their river (their own discards, called ones too).
    pub river: u64,
    /// Kinds anyone discarded after their riichi declaration.
    pub after_riichi: u64,
    /// Kinds others discarded since their last discard.
    pub same_go_around: u64,
    /// The kind of their riichi declaration tile.
    pub riichi_tile: Option<u8>,
    /// Their first [`EARLY_DISCARDS`] discards' kinds.
    pub early: u64,
    /// Their open sets.
    pub melds: u8,
    /// The kinds in their open sets.
    pub called: u64,
    /// Red fives in their open sets.
    pub called_reds: u8,
    /// The one suit (0–2) of all their number sets, when their open sets
    /// are of one suit and honours.
    pub flush_suit: Option<u8>,
    /// Honour kinds that are yakuhai for them: dragons, the round's wind,
    /// their seat's wind.
    pub yakuhai: u64,
    /// Their discards of each suit (man, pin, sou), called ones too.
    pub suit_discards: [u8; 3],
    /// Their discards up to their riichi declaration, the declaration
    /// tile included.
    pub riichi_turn: Option<u8>,
    /// Their declaration tile was the tile just drawn.
    pub riichi_tsumogiri: bool,
    /// Their latest discards in a row that were the tile just drawn (a
    /// hand that stopped changing: often tenpai).
    pub tsumogiri_run: u8,
    /// They called a pon or kong of one of their yakuhai: the hand has a
    /// yaku whatever it waits on.
    pub yakuhai_called: bool,
    /// Two or more open sets, all pons or kongs: a toitoi shape, whose
    /// waits are pairs (shanpon, tanki).
    pub pons_only: bool,
}

impl Facts {
    /// Kinds they cannot win on by the rules (furiten if they wait on
    /// them).
    pub fn genbutsu(&self) -> u64 {
        self.river | self.after_riichi | self.same_go_around
    }
}

/// How an opponent threatens, if at all: riichi, or an open hand with
/// [`OPEN_SETS`] open sets, or one after [`LATE_DISCARDS`] of its own
/// discards. The decision's threats and an item's situation both ask here.
#[must_use]
pub fn threat_kind(riichi: bool, open_sets: usize, discards: usize) -> Option<ThreatKind> {
    if riichi {
        Some(ThreatKind::Riichi)
    } else if open_sets >= OPEN_SETS || (open_sets == 1 && discards >= LATE_DISCARDS) {
        Some(ThreatKind::Open)
    } else {
        None
    }
}

/// The opponents of `seat` who threaten, in seat order, with their facts.
pub(super) fn threats(state: &KyokuState, seat: Seat, history: &History<'_>) -> Vec<Facts> {
    let mut out = Vec::new();
    for (i, p) in state.players.iter().enumerate() {
        let Some(them) = u8::try_from(i).ok().and_then(Seat::new) else {
            continue;
        };
        if them == seat {
            continue;
        }
        let open = p
            .melds
            .iter()
            .filter(|m| m.meld.kind.is_open())
            .collect::<Vec<_>>();
        let Some(kind) = threat_kind(p.riichi.is_some(), open.len(), p.river.len()) else {
            continue;
        };
        let river = p.river.iter().fold(0u64, |m, r| m | 1 << r.tile.kind());
        let early = p
            .river
            .iter()
            .take(EARLY_DISCARDS)
            .fold(0u64, |m, r| m | 1 << r.tile.kind());
        let riichi_tile = p
            .riichi
            .and_then(|_| p.river.iter().find(|r| r.riichi).map(|r| r.tile.kind()));
        let riichi_at = history.riichi_at.get(i).copied().flatten();
        let after_riichi = riichi_at.map_or(0, |at| {
            history
                .discards
                .iter()
                .filter(|(e, _, _)| *e > at)
                .fold(0u64, |m, (_, _, k)| m | 1 << k)
        });
        let last_own = history
            .discards
            .iter()
            .rev()
            .find(|(_, s, _)| *s == them)
            .map(|(e, _, _)| *e);
        let same_go_around = history
            .discards
            .iter()
            .filter(|(e, s, _)| *s != them && last_own.is_none_or(|l| *e > l))
            .fold(0u64, |m, (_, _, k)| m | 1 << k);
        let suits = open
            .iter()
            .flat_map(|m| m.meld.tiles.first())
            .filter_map(|t| t.suit().map(|_| t.kind() / 9))
            .collect::<Vec<_>>();
        let flush_suit = suits
            .first()
            .copied()
            .filter(|s| open.len() >= 2 && suits.iter().all(|x| x == s));
        let seat_wind = them.offset_from(state.dealer, state.seats);
        let yakuhai = (1u64 << 31)
            | (1 << 32)
            | (1 << 33)
            | 1 << (27 + state.round_wind.index())
            | 1 << (27 + seat_wind);
        let mut suit_discards = [0u8; 3];
        for r in &p.river {
            if let Some(n) = suit_discards.get_mut(usize::from(r.tile.kind() / 9)) {
                *n = n.saturating_add(1);
            }
        }
        let riichi_at_river = p.riichi.and_then(|_| p.river.iter().position(|r| r.riichi));
        let tsumogiri_run = p.river.iter().rev().take_while(|r| r.tsumogiri).count();
        let pons = open.iter().filter(|m| m.meld.kind != MeldKind::Chi).count();
        out.push(Facts {
            threat: Threat { seat: them, kind },
            river,
            after_riichi,
            same_go_around,
            riichi_tile,
            early,
            melds: u8::try_from(open.len()).unwrap_or(u8::MAX),
            called: open
                .iter()
                .flat_map(|m| &m.meld.tiles)
                .fold(0u64, |m, t| m | 1 << t.kind()),
            called_reds: u8::try_from(
                open.iter()
                    .flat_map(|m| &m.meld.tiles)
                    .filter(|t| t.is_red())
                    .count(),
            )
            .unwrap_or(u8::MAX),
            flush_suit,
            yakuhai,
            suit_discards,
            riichi_turn: riichi_at_river.and_then(|i| u8::try_from(i + 1).ok()),
            riichi_tsumogiri: riichi_at_river
                .and_then(|i| p.river.get(i))
                .is_some_and(|r| r.tsumogiri),
            tsumogiri_run: u8::try_from(tsumogiri_run).unwrap_or(u8::MAX),
            yakuhai_called: open.iter().any(|m| {
                m.meld.kind != MeldKind::Chi
                    && m.meld
                        .tiles
                        .first()
                        .is_some_and(|t| yakuhai & 1 << t.kind() != 0)
            }),
            pons_only: open.len() >= 2 && pons == open.len(),
        });
    }
    out
}
