//! What a teacher weighs beside shanten and acceptance, each from facts the
//! engine states: a tenpai's chance to win (its winning tiles by ron and by
//! tsumo and the draws left), the routes to a yaku an open hand keeps, the
//! value a discard gives up, a safe tile late in the hand, the placement a
//! win gives. `formats/review.md` ("How the items judge") defines each
//! number; the items in `items.rs` read them.

use crate::engine::KyokuState;
use crate::event::Seat;
use crate::hand::{Counts, KindSet};
use crate::score::{Meld, MeldKind};
use crate::tile::Tile;

/// Opponents keep the tiles they can use and stop discarding dangerous
/// ones, so one of their discards is counted as this share of a random
/// unseen tile.
const RON_SHARE: f64 = 0.5;

/// Most hands end before the wall does (another player wins first), so
/// the winning tiles expected by the end of the wall are scaled by this:
/// a two-sided wait of 8 tiles at turn 7 then wins about half the time.
const HAND_GOES_ON: f64 = 1.0 / 3.0;

/// The chances left to the seat that has just discarded, with `live_wall`
/// tiles left to draw: its own draws, the others' discards, and how many
/// tiles it cannot see.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Draws {
    /// Draws left to the seat (every `seats`-th tile, the others draw first).
    pub own: u32,
    /// Discards left to the others, each a ron chance.
    pub others: u32,
    /// Tiles the seat cannot see (the wall and the others' hands).
    pub unseen: u32,
}

impl Draws {
    /// After a discard by `seat` at `state`, which counts the discard made.
    pub(super) fn after_discard(state: &KyokuState, seat: Seat) -> Self {
        Self::seeing(state, &super::visible::unseen_by(state, seat))
    }

    /// [`Draws::after_discard`] with the seat's unseen copies known.
    pub(super) fn seeing(state: &KyokuState, unseen: &[u8; 34]) -> Self {
        let live = u32::try_from(state.live_wall.max(0)).unwrap_or(0);
        let own = live / u32::from(state.seats.max(1));
        let unseen = unseen.iter().map(|&n| u32::from(n)).sum();
        Self {
            own,
            others: live - own,
            unseen,
        }
    }

    /// No ron or tsumo chance is left: the wall is empty.
    pub(super) fn none_left(self) -> bool {
        self.own == 0 && self.others == 0
    }

    /// The chance to win with `ron` tiles a discard can be won on and
    /// `tsumo` tiles a draw can: 1 − e^(−E), where E, the winning tiles
    /// expected, is (tsumo × own draws + ron × others' discards × ½) ÷
    /// unseen tiles, scaled by ⅓ for the hands that end before the wall.
    pub(super) fn win_chance(self, wins: WinTiles) -> f64 {
        if self.unseen == 0 {
            return 0.0;
        }
        let expected = (f64::from(wins.tsumo) * f64::from(self.own)
            + f64::from(wins.ron) * f64::from(self.others) * RON_SHARE)
            / f64::from(self.unseen);
        1.0 - (-expected * HAND_GOES_ON).exp()
    }
}

/// The tiles a tenpai can win on: by ron (a yaku on the wait, not furiten)
/// and by tsumo (a yaku on the wait), unseen copies only.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct WinTiles {
    /// Unseen copies of the waits a discard can be won on.
    pub ron: u32,
    /// Unseen copies of the waits a draw can be won on.
    pub tsumo: u32,
    /// The hand is furiten.
    pub furiten: bool,
    /// Waits that had no yaku (an open hand's).
    pub yakuless: bool,
}

impl WinTiles {
    /// `waits` with a yaku on `with_yaku`, furiten or not, counted in
    /// `unseen`.
    pub(super) fn of(waits: KindSet, with_yaku: KindSet, furiten: bool, unseen: &[u8; 34]) -> Self {
        let tsumo: u32 = with_yaku
            .kinds()
            .filter(|&k| waits.contains(k))
            .map(|k| u32::from(unseen.get(usize::from(k)).copied().unwrap_or(0)))
            .sum();
        Self {
            ron: if furiten { 0 } else { tsumo },
            tsumo,
            furiten,
            yakuless: waits.0 & !with_yaku.0 != 0,
        }
    }

    /// How the tiles win, in words: "6 tiles win", "8 tiles win by tsumo
    /// only (furiten)", "no tile can win (no yaku)".
    pub(super) fn describe(self) -> String {
        let n = |x: u32| {
            if x == 1 {
                "1 tile".into()
            } else {
                format!("{x} tiles")
            }
        };
        let verb = |x: u32| if x == 1 { "wins" } else { "win" };
        if self.tsumo == 0 {
            if self.yakuless {
                "no tile can win: no yaku".into()
            } else {
                "no tile left to win on".into()
            }
        } else if self.ron == 0 {
            format!(
                "{} {} by tsumo only: furiten",
                n(self.tsumo),
                verb(self.tsumo)
            )
        } else {
            format!("{} {}", n(self.tsumo), verb(self.tsumo))
        }
    }
}

/// The chance in percent, rounded, for messages: `48%`, `<1%` for a
/// chance that is not nil.
pub(super) fn percent(chance: f64) -> String {
    // A chance is within 0..=1, so the cast cannot overflow.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let p = (chance.clamp(0.0, 1.0) * 100.0).round() as u32;
    if p == 0 && chance > 0.0 {
        "<1%".into()
    } else {
        format!("{p}%")
    }
}

/// The kinds whose pair or set is a yaku for `seat`: the dragons, its seat
/// wind and the round wind.
pub(super) fn yakuhai(state: &KyokuState, seat: Seat) -> KindSet {
    let wind = |w: crate::event::Wind| 27 + w.index();
    KindSet((0b111 << 31) | 1 << wind(state.seat_wind(seat)) | 1 << wind(state.round_wind))
}

/// The kinds that are dora at the table (indicated; three-player 1m points
/// at 9m).
pub(super) fn dora_kinds(state: &KyokuState) -> KindSet {
    KindSet(state.dora_indicators.iter().fold(0u64, |acc, t| {
        let k = if state.seats == 3 && t.kind() == 0 {
            8
        } else {
            t.dora_from_indicator().kind()
        };
        acc | 1 << k
    }))
}

/// The kind each dora indicator points at, one entry per indicator (a
/// kind indicated twice counts twice).
pub(super) fn dora_kinds_each(state: &KyokuState) -> Vec<u8> {
    state
        .dora_indicators
        .iter()
        .map(|t| {
            if state.seats == 3 && t.kind() == 0 {
                8
            } else {
                t.dora_from_indicator().kind()
            }
        })
        .collect()
}

/// How many tiles of the flush are in the hand: for each suit, the
/// concealed tiles of that suit or honours, when every meld is too.
fn flush_suit(concealed: &Counts, melds: &[Meld]) -> Option<(u8, u32)> {
    (0..3u8)
        .filter(|&s| {
            melds
                .iter()
                .flat_map(|m| &m.tiles)
                .all(|t| t.is_honor() || t.kind() / 9 == s)
        })
        .map(|s| {
            let off: u32 = (0..27u8)
                .filter(|k| k / 9 != s)
                .map(|k| u32::from(concealed.get(k)))
                .sum();
            (s, off)
        })
        .min_by_key(|&(_, off)| off)
}

/// Tiles of a flush's other suits a hand may hold and still be on its
/// way to a flush: a route, a value kept.
pub(super) const FLUSH_OFF_SUIT: u32 = 3;

/// Of the nine kinds `kinds`, how many the hand holds (concealed or in a
/// chi that is one of `groups`), and whether the melds outside those
/// groups leave room for them (at most one).
fn shape_held(concealed: &Counts, melds: &[Meld], groups: &[[u8; 3]]) -> Option<u32> {
    let is_group = |m: &Meld| {
        m.kind == MeldKind::Chi && {
            let mut ks: Vec<u8> = m.tiles.iter().map(|t| t.kind()).collect();
            ks.sort_unstable();
            groups.iter().any(|g| ks == g)
        }
    };
    let outside = melds.iter().filter(|m| !is_group(m)).count();
    if outside > 1 {
        return None;
    }
    let mut held = 0u64;
    for g in groups {
        for &k in g {
            if concealed.get(k) > 0 {
                held |= 1 << k;
            }
        }
    }
    for m in melds.iter().filter(|m| is_group(m)) {
        for t in &m.tiles {
            held |= 1 << t.kind();
        }
    }
    Some(held.count_ones())
}

/// The groups of a pure straight in suit `s`, and of a mixed triple
/// sequence from number `n` (0-based).
fn ittsu_groups(s: u8) -> [[u8; 3]; 3] {
    let b = 9 * s;
    [
        [b, b + 1, b + 2],
        [b + 3, b + 4, b + 5],
        [b + 6, b + 7, b + 8],
    ]
}

fn sanshoku_groups(n: u8) -> [[u8; 3]; 3] {
    [
        [n, n + 1, n + 2],
        [9 + n, 10 + n, 11 + n],
        [18 + n, 19 + n, 20 + n],
    ]
}

/// Terminal and honour tiles a hand may hold and keep tanyao as a route:
/// one, which its next discard can remove.
pub(super) const TANYAO_OUTSIDE: u32 = 1;

/// A shape is on its way when the hand holds 7 of its 9 kinds.
pub(super) const SHAPE_KINDS: u32 = 7;

/// The routes to a yaku an open hand keeps: its concealed tiles (after a
/// call, before the discard) and melds, at `state` for `seat`. Each is
/// named as the player would; `formats/review.md` gives each threshold.
pub(super) fn yaku_routes(
    concealed: &[Tile],
    melds: &[Meld],
    state: &KyokuState,
    seat: Seat,
    open_tanyao: bool,
) -> Vec<&'static str> {
    let counts = Counts::from_tiles(concealed);
    let unseen = super::visible::unseen_by(state, seat);
    let mut out = Vec::new();
    let valued = yakuhai(state, seat);
    if valued.kinds().any(|k| {
        let n = counts.get(k);
        n >= 3 || (n == 2 && unseen.get(usize::from(k)).copied().unwrap_or(0) > 0)
    }) {
        out.push("a yakuhai pair or triplet");
    }
    if flush_suit(&counts, melds).is_some_and(|(_, off)| off <= FLUSH_OFF_SUIT) {
        out.push("a flush");
    }
    let meld_count = u32::try_from(melds.len()).unwrap_or(4);
    let pairs = (0..34u8).filter(|&k| counts.get(k) >= 2).count();
    if melds.iter().all(|m| m.kind != MeldKind::Chi)
        && u32::try_from(pairs).unwrap_or(0) + meld_count >= 5
    {
        out.push("toitoi");
    }
    let outside: u32 = (0..34u8)
        .filter_map(Tile::from_kind)
        .filter(|t| t.is_terminal_or_honor())
        .map(|t| u32::from(counts.get(t.kind())))
        .sum();
    if open_tanyao
        && outside <= TANYAO_OUTSIDE
        && melds
            .iter()
            .flat_map(|m| &m.tiles)
            .all(|t| !t.is_terminal_or_honor())
    {
        out.push("tanyao");
    }
    let middle: u32 = (0..27u8)
        .filter(|k| (3..=5).contains(&(k % 9)))
        .map(|k| u32::from(counts.get(k)))
        .sum();
    if middle <= 1
        && melds
            .iter()
            .all(|m| m.tiles.iter().any(|t| t.is_terminal_or_honor()))
    {
        out.push("chanta");
    }
    if (0..3)
        .any(|s| shape_held(&counts, melds, &ittsu_groups(s)).is_some_and(|n| n >= SHAPE_KINDS))
    {
        out.push("ittsu");
    }
    if (0..7)
        .any(|n| shape_held(&counts, melds, &sanshoku_groups(n)).is_some_and(|h| h >= SHAPE_KINDS))
    {
        out.push("sanshoku");
    }
    out
}

/// The value a discard of `discard` gives up from the hand before it
/// (`concealed`, 3n+2 tiles, and `melds`): a dora or red five, a yakuhai
/// pair or triplet, the flush's suit, a pure straight's or triple
/// sequence's kind. `None` when it gives up none of these.
pub(super) fn value_given_up(
    concealed: &[Tile],
    melds: &[Meld],
    discard: Tile,
    yakuhai: KindSet,
    dora: KindSet,
) -> Option<&'static str> {
    let counts = Counts::from_tiles(concealed);
    let k = discard.kind();
    if discard.is_red() || dora.contains(k) {
        return Some("a dora");
    }
    if yakuhai.contains(k) && counts.get(k) >= 2 {
        return Some("a yakuhai pair");
    }
    if let Some((s, off)) = flush_suit(&counts, melds)
        && off <= FLUSH_OFF_SUIT
        && (k / 9 == s && k < 27 || discard.is_honor() && counts.get(k) >= 2)
    {
        return Some("the flush");
    }
    let mut less = counts;
    if let Some(n) = less.0.get_mut(usize::from(k)) {
        *n = n.saturating_sub(1);
    }
    let lost = |groups: &[[u8; 3]]| {
        shape_held(&counts, melds, groups).is_some_and(|n| n >= SHAPE_KINDS)
            && shape_held(&less, melds, groups).is_some_and(|n| n < SHAPE_KINDS)
    };
    if (0..3).any(|s| lost(&ittsu_groups(s))) {
        return Some("an ittsu shape");
    }
    if (0..7).any(|n| lost(&sanshoku_groups(n))) {
        return Some("a sanshoku shape");
    }
    None
}

/// Whether `kind` is in the river of every opponent of `seat` (genbutsu
/// against all: no one can win on it by ron).
pub(super) fn safe_against_all(state: &KyokuState, seat: Seat, kind: u8) -> bool {
    state
        .players
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat.index())
        .all(|(_, p)| p.river.iter().any(|r| r.tile.kind() == kind))
}

/// Late in the hand: at most this many go-arounds of tiles left in the
/// live wall.
pub(super) const LATE_GO_AROUNDS: i32 = 3;

/// Whether the hand is late: at most [`LATE_GO_AROUNDS`] go-arounds left.
pub(super) fn late(state: &KyokuState) -> bool {
    state.live_wall <= LATE_GO_AROUNDS * i32::from(state.seats)
}

/// A formal tenpai is kept for the payment at an exhaustive draw when the
/// seat has at most this many draws left (its last go-arounds: the same
/// stretch as [`late`], counted in the seat's own draws).
pub(super) const FORMAL_TENPAI_DRAWS: u32 = 3;

/// Whether a win worth `value` (a ron, with the riichi sticks on the
/// table) could change `seat`'s place, whoever paid it: `false` when no
/// payer makes the place better than now.
pub(super) fn win_changes_place(scores: &[i32], seat: Seat, value: i32, sticks: u8) -> bool {
    let now = place(scores, seat);
    let gain = value + 1000 * i32::from(sticks);
    (0..scores.len()).filter(|&j| j != seat.index()).any(|j| {
        let mut after = scores.to_vec();
        if let Some(s) = after.get_mut(seat.index()) {
            *s += gain;
        }
        if let Some(s) = after.get_mut(j) {
            *s -= value;
        }
        place(&after, seat) < now
    })
}

/// A seat's place (1 = first) by `scores`, as the engine ranks a game's
/// end.
pub(super) fn place(scores: &[i32], seat: Seat) -> usize {
    crate::engine::ranking(scores)
        .iter()
        .position(|&s| s == seat.index())
        .map_or(scores.len(), |p| p + 1)
}

/// "1st", "2nd", …
pub(super) fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_hand;

    fn draws(live: u32, unseen: u32) -> Draws {
        Draws {
            own: live / 4,
            others: live - live / 4,
            unseen,
        }
    }

    /// The case: a furiten three-sided wait with 8 tiles beats a
    /// single wait with one tile mid-hand; a furiten wait with 3 does not
    /// beat an open one with 4.
    #[test]
    fn a_wide_furiten_wait_can_beat_a_single_wait() {
        let d = draws(40, 80);
        let wide = WinTiles::of(KindSet(0b111), KindSet(0b111), true, &[4; 34]);
        let mut unseen = [0u8; 34];
        unseen[0] = 1;
        let single = WinTiles::of(KindSet(1), KindSet(1), false, &unseen);
        assert_eq!((wide.tsumo, wide.ron), (12, 0));
        assert!(d.win_chance(wide) > d.win_chance(single));
        let mut three = [0u8; 34];
        three[0] = 3;
        let furiten3 = WinTiles::of(KindSet(1), KindSet(1), true, &three);
        let open4 = WinTiles::of(KindSet(2), KindSet(2), false, &[4; 34]);
        assert!(d.win_chance(open4) > d.win_chance(furiten3));
        assert_eq!(draws(0, 80).win_chance(open4), 0.0);
    }

    #[test]
    fn routes_and_value_by_shape() {
        let hand = |s: &str| parse_hand(s).unwrap();
        // A flush: 3 tiles outside pinzu and honours.
        let c = Counts::from_tiles(&hand("1234567p1m9m1s55z"));
        assert_eq!(flush_suit(&c, &[]), Some((1, 3)));
        // Seven of 123 456 789 in souzu.
        let c = Counts::from_tiles(&hand("1235689s"));
        assert_eq!(shape_held(&c, &[], &ittsu_groups(2)), Some(7));
        let yakuhai = KindSet(0b111 << 31);
        assert_eq!(
            value_given_up(&hand("55z"), &[], hand("5z")[0], yakuhai, KindSet(0)),
            Some("a yakuhai pair")
        );
        assert_eq!(
            value_given_up(
                &hand("1235689s19m19p"),
                &[],
                hand("2s")[0],
                yakuhai,
                KindSet(0)
            ),
            Some("an ittsu shape")
        );
        assert_eq!(
            value_given_up(
                &hand("1235689s19m19p"),
                &[],
                hand("1m")[0],
                yakuhai,
                KindSet(0)
            ),
            None
        );
    }
}
