//! A discard decision: the hand before it, every discard it could have
//! made with the shanten after it, the kinds that would lower that shanten
//! and how many of them the player cannot see, the waits and furiten of a
//! tenpai hand, and where the tile played ranks among them.

use crate::engine::KyokuState;
use crate::event::{Seat, Source};
use crate::hand::{
    Acceptance, Counts, KindSet, SuitCache, TileSet, discard_forms_cached, is_complete,
};
use crate::rules::FourHeldWait;
use crate::score::Meld;
use crate::tile::{Tile, sort_tiles};

use super::danger::{Danger, Threat};
use super::pushfold::PushFold;
use super::visible::unseen_by;

/// One discard the player could have made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Candidate {
    /// The tile (a plain five when the hand holds one, else the red one).
    pub discard: Tile,
    /// Shanten of the hand after it (0 = tenpai).
    pub shanten: i8,
    /// The kinds whose draw would lower that shanten (for a tenpai hand,
    /// the kinds that complete it).
    pub accepts: KindSet,
    /// How many tiles of those kinds the player cannot see.
    pub ukeire: u8,
    /// For a tenpai hand, its waits: the kinds accepted, less those the
    /// player holds all four of (hand and melds).
    pub waits: KindSet,
    /// For a tenpai hand, whether a wait is among the player's own
    /// discards, this one included: no ron on any wait.
    pub furiten: bool,
    /// 1 for the best (lowest shanten; at tenpai, not furiten before
    /// furiten, which cannot win by ron; then most tiles accepted); equal
    /// candidates share a rank.
    pub rank: u8,
    /// Against each threat of the decision ([`Decision::threats`], in
    /// its order), the chance this discard deals in, with its reasons.
    pub danger: Vec<Danger>,
    /// Under threat, the weighing of push or fold: the hand's chance to
    /// win and value against this discard's expected loss.
    pub push_fold: Option<PushFold>,
    /// The shanten and acceptance of the standard form alone (four sets
    /// and a pair), which `shanten` and `accepts` may beat with seven
    /// pairs or thirteen orphans.
    pub standard: Acceptance,
}

/// One discard decision.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Decision {
    /// The discard's event.
    pub event: usize,
    /// Where in the source file.
    pub src: Source,
    /// The kyoku label (`E2-1`).
    pub kyoku: String,
    /// Who discarded.
    pub seat: Seat,
    /// The concealed tiles before the discard, sorted.
    pub hand: Vec<Tile>,
    /// The melds.
    pub melds: Vec<Meld>,
    /// The tile played.
    pub played: Tile,
    /// The discard declared riichi.
    pub riichi: bool,
    /// Shanten of the hand before the discard (−1 when it was complete).
    pub shanten: i8,
    /// Every discard open to the player (kinds barred by swap-calling left
    /// out, unless played), best first.
    pub candidates: Vec<Candidate>,
    /// Where the played tile is in `candidates`.
    pub played_index: usize,
    /// No opponent had declared riichi: tile efficiency is judged.
    pub efficiency: bool,
    /// The opponents who threatened (in riichi, or an open hand likely
    /// tenpai), in seat order.
    pub threats: Vec<Threat>,
    /// Per kind, the copies the seat could not see ([`unseen_by`]): the
    /// same before and after its discard, computed once for every
    /// judgement of the decision.
    pub unseen: [u8; 34],
}

impl Decision {
    /// The candidate played.
    #[must_use]
    pub fn played(&self) -> Option<&Candidate> {
        self.candidates.get(self.played_index)
    }

    /// The lowest shanten any candidate reaches.
    #[must_use]
    pub fn best_shanten(&self) -> Option<i8> {
        self.candidates.iter().map(|c| c.shanten).min()
    }

    /// The tiles accepted by the best candidate (rank 1).
    #[must_use]
    pub fn best_ukeire(&self) -> Option<u8> {
        self.candidates.first().map(|c| c.ukeire)
    }

    /// Whether the tile played is among the best for tile efficiency
    /// (rank 1: lowest shanten, a tenpai not furiten before one that is,
    /// and most tiles accepted).
    #[must_use]
    pub fn played_best(&self) -> bool {
        self.played().is_some_and(|c| c.rank == 1)
    }
}

/// What [`analyse`] needs to know beyond the table.
pub(super) struct DecisionContext<'a> {
    pub event: usize,
    pub src: &'a Source,
    pub kyoku: &'a str,
    pub seat: Seat,
    pub played: Tile,
    pub riichi: bool,
    /// Kinds the seat may not discard now (swap-calling).
    pub barred: KindSet,
    /// Whether a wait on a kind held four times counts (the profile's).
    pub four_held: FourHeldWait,
}

/// Analyses the decision of `cx.seat`, whose turn it is, from the table
/// before the discard. `None` when the hand is not 3n+2 tiles.
pub(super) fn analyse(
    state: &KyokuState,
    cx: &DecisionContext<'_>,
    cache: &mut SuitCache,
) -> Option<Decision> {
    let p = state.player(cx.seat).ok()?;
    let melds = u8::try_from(p.melds.len()).ok()?;
    let concealed = Counts::from_tiles(&p.concealed);
    if melds > 4 || concealed.total() + 3 * u32::from(melds) != 14 {
        return None;
    }
    let set = TileSet::for_seats(state.seats);
    let unseen = unseen_by(state, cx.seat);
    let mut held = concealed;
    for t in p.melds.iter().flat_map(|m| &m.meld.tiles) {
        if let Some(n) = held.0.get_mut(usize::from(t.kind())) {
            *n = n.saturating_add(1);
        }
    }
    let river = p.river.iter().fold(0u64, |acc, r| acc | 1 << r.tile.kind());
    let mut candidates: Vec<Candidate> = Vec::with_capacity(14);
    let table = discard_forms_cached(&concealed, melds, set, cache);
    // The hand's own shanten is its best discard's, unless it is complete.
    let shanten = if is_complete(&concealed) {
        -1
    } else {
        table
            .iter()
            .map(|(_, f)| f.all.shanten)
            .min()
            .unwrap_or(i8::MAX)
    };
    for (kind, forms) in table {
        let a = forms.all;
        if cx.barred.contains(kind) && kind != cx.played.kind() {
            continue;
        }
        let discard = representative(&p.concealed, kind, cx.played)?;
        let ukeire = a
            .kinds
            .kinds()
            .map(|k| unseen.get(usize::from(k)).copied().unwrap_or(0))
            .fold(0u8, u8::saturating_add);
        let (waits, furiten) = if a.shanten == 0 {
            // All four held after the discard (in hand and melds, where the
            // rules count those): no fifth copy to win on.
            let counts_melds = cx.four_held == FourHeldWait::Noten;
            let four = a
                .kinds
                .kinds()
                .filter(|&k| counts_melds && held.get(k) - u8::from(k == kind) >= 4)
                .fold(0u64, |acc, k| acc | 1 << k);
            let waits = KindSet(a.kinds.0 & !four);
            let discards = river | 1 << kind;
            (waits, waits.0 & discards != 0)
        } else {
            (KindSet::default(), false)
        };
        candidates.push(Candidate {
            discard,
            shanten: a.shanten,
            accepts: a.kinds,
            ukeire,
            waits,
            furiten,
            rank: 0,
            danger: Vec::new(),
            push_fold: None,
            standard: forms.standard,
        });
    }
    rank(&mut candidates);
    let played_index = candidates
        .iter()
        .position(|c| c.discard.kind() == cx.played.kind())?;
    let mut hand = p.concealed.clone();
    sort_tiles(&mut hand);
    Some(Decision {
        event: cx.event,
        src: cx.src.clone(),
        kyoku: cx.kyoku.to_owned(),
        seat: cx.seat,
        hand,
        melds: p.melds.iter().map(|m| m.meld.clone()).collect(),
        played: cx.played,
        riichi: cx.riichi,
        shanten,
        candidates,
        played_index,
        unseen,
        efficiency: !state
            .players
            .iter()
            .enumerate()
            .any(|(i, o)| i != cx.seat.index() && o.riichi.is_some()),
        threats: Vec::new(),
    })
}

/// The tile that stands for discarding `kind`: the one played if it is of
/// that kind, else a plain tile before a red five.
fn representative(hand: &[Tile], kind: u8, played: Tile) -> Option<Tile> {
    if played.kind() == kind {
        return Some(played);
    }
    let mut of_kind = hand.iter().copied().filter(|t| t.kind() == kind);
    let first = of_kind.next()?;
    Some(if first.is_red() {
        of_kind.next().unwrap_or(first)
    } else {
        first
    })
}

/// Ranks the candidates, best first: lowest shanten; at tenpai, a hand
/// that can win by ron before a furiten one; then most tiles accepted,
/// then tile order. Equal ones share a rank.
pub(super) fn rank(candidates: &mut [Candidate]) {
    let key = |c: &Candidate| (c.shanten, c.furiten, std::cmp::Reverse(c.ukeire));
    candidates.sort_by_key(|c| (key(c), c.discard.kind()));
    let mut rank = 1u8;
    let mut previous = None;
    for (i, c) in candidates.iter_mut().enumerate() {
        let key = key(c);
        if previous != Some(key) {
            rank = u8::try_from(i + 1).unwrap_or(u8::MAX);
            previous = Some(key);
        }
        c.rank = rank;
    }
}
