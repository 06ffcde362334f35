//! The facts a candidate's danger rests on, read from the deciding seat's
//! chair: what the threatening opponent discarded and when, what passed
//! after their riichi, the copies of each kind in view, the dora, the turn.
//! Each is a [`Reason`], the words of the well-known defence concepts
//! (genbutsu, suji, kabe, one-chance); `formats/review.md` defines them.

use std::fmt;

use arrayvec::ArrayVec;

use serde::{Serialize, Serializer};

use crate::engine::KyokuState;
use crate::event::Seat;
use crate::review::visible::seen_by;

use super::threat::{Facts, ThreatKind};

/// What kind of tile a candidate is, for danger: the waits that can
/// include it differ.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum TileClass {
    /// A wind or dragon: only pair waits (tanki, shanpon).
    Honour,
    /// A 1 or 9: one two-sided shape, and the pair waits.
    Terminal,
    /// A 2 or 8: one two-sided shape, a closed wait, the pair waits.
    TwoEight,
    /// A 3 or 7: one two-sided shape, an edge and a closed wait.
    ThreeSeven,
    /// A 4, 5 or 6: two two-sided shapes.
    Middle,
}

impl TileClass {
    const fn of(kind: u8) -> Self {
        if kind >= 27 {
            return Self::Honour;
        }
        match kind % 9 {
            0 | 8 => Self::Terminal,
            1 | 7 => Self::TwoEight,
            2 | 6 => Self::ThreeSeven,
            _ => Self::Middle,
        }
    }

    const fn name(self) -> &'static str {
        match self {
            Self::Honour => "honour",
            Self::Terminal => "19",
            Self::TwoEight => "28",
            Self::ThreeSeven => "37",
            Self::Middle => "456",
        }
    }
}

/// One fact about a candidate tile and a threatening opponent. In JSON
/// and text, a short id (`genbutsu`, `suji`, `seen-2`, `turn-11`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Reason {
    /// The kind is in their river: furiten for them.
    Genbutsu,
    /// Someone discarded the kind after their riichi and they did not win
    /// on it: furiten for them.
    AfterRiichi,
    /// Someone discarded the kind since their last discard and they did
    /// not win on it: furiten for them until they discard.
    SameGoAround,
    /// The tile's kind.
    Class(TileClass),
    /// Every two-sided shape that waits on the tile is ruled out by a
    /// genbutsu three away (a 4 when 1 and 7 are both genbutsu: full suji).
    Suji,
    /// One of a 4, 5 or 6's two two-sided shapes is ruled out by suji, the
    /// other is not.
    HalfSuji,
    /// A suji that rules a shape out is the riichi declaration tile (a
    /// known weakness: the declaration tile may have left a shape that
    /// waits on its suji).
    RiichiTileSuji,
    /// Within two of the riichi declaration tile in its suit and not its
    /// suji (the shape it left may wait here: matagi-suji).
    RiichiTileNeighbour,
    /// A two-sided shape is impossible: all four copies of one of its
    /// tiles are in view (kabe).
    NoChance,
    /// A two-sided shape has a tile of which three copies are in view.
    OneChance,
    /// How many two-sided shapes waiting on the tile remain possible
    /// (not ruled out by suji or no-chance).
    OpenSides(u8),
    /// The tile lies outside (towards the terminal) of a tile of the same
    /// suit they discarded in their first six discards.
    EarlyOutside,
    /// The tile is a dora.
    Dora,
    /// The tile is one or two from a dora in its suit.
    DoraNeighbour,
    /// An honour that is a yakuhai for them.
    Yakuhai,
    /// Their open sets are all of the tile's suit (and honours): a flush.
    FlushSuit,
    /// Their open sets are all of another suit.
    OffFlushSuit,
    /// Their open sets.
    Melds(u8),
    /// Their open sets hold a dora (a red five, or a tile an indicator
    /// points at): a hand worth pushing.
    DoraCalled,
    /// Copies of the kind in view from the deciding seat (its own hand
    /// included), before the discard.
    Seen(u8),
    /// The deciding seat's turn: its discards so far, this one included.
    Turn(u8),
    /// Their discards of the tile's suit (a number tile): a suit they
    /// keep is where their waits are.
    SuitDiscards(u8),
    /// Their discards up to their riichi declaration, the declaration
    /// tile included (an early riichi more often waits on a good shape).
    RiichiTurn(u8),
    /// Their declaration tile was the tile just drawn: the hand kept
    /// its shape.
    TsumogiriRiichi,
    /// (An open hand) their latest discards in a row were the tile just
    /// drawn: a hand that stopped changing, often tenpai.
    TsumogiriRun(u8),
    /// (An open hand) they called a pon or kong of one of their yakuhai:
    /// the hand has a yaku whatever it waits on.
    YakuhaiCalled,
    /// (An open hand) two or more open sets, all pons or kongs: a toitoi
    /// shape, waiting on pairs.
    PonsOnly,
    /// Of a number tile's two-tile shapes that wait on it (two-sided not
    /// ruled out by suji, closed, edge), the pairs of tiles the deciding
    /// seat cannot see that could make them (the first), out of the pairs
    /// there would be with no copy in view (the second: 16 a shape): the
    /// kabe reading counted out.
    Combos(u8, u8),
}

impl Reason {
    /// Whether the opponent cannot win on the tile by the rules.
    #[must_use]
    pub const fn is_genbutsu(self) -> bool {
        matches!(
            self,
            Self::Genbutsu | Self::AfterRiichi | Self::SameGoAround
        )
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Genbutsu => f.write_str("genbutsu"),
            Self::AfterRiichi => f.write_str("after-riichi"),
            Self::SameGoAround => f.write_str("same-go-around"),
            Self::Class(c) => write!(f, "class-{}", c.name()),
            Self::Suji => f.write_str("suji"),
            Self::HalfSuji => f.write_str("half-suji"),
            Self::RiichiTileSuji => f.write_str("riichi-tile-suji"),
            Self::RiichiTileNeighbour => f.write_str("riichi-tile-neighbour"),
            Self::NoChance => f.write_str("no-chance"),
            Self::OneChance => f.write_str("one-chance"),
            Self::OpenSides(n) => write!(f, "open-sides-{n}"),
            Self::EarlyOutside => f.write_str("early-outside"),
            Self::Dora => f.write_str("dora"),
            Self::DoraNeighbour => f.write_str("dora-neighbour"),
            Self::Yakuhai => f.write_str("yakuhai"),
            Self::FlushSuit => f.write_str("flush-suit"),
            Self::OffFlushSuit => f.write_str("off-flush-suit"),
            Self::Melds(n) => write!(f, "melds-{n}"),
            Self::DoraCalled => f.write_str("dora-called"),
            Self::Seen(n) => write!(f, "seen-{n}"),
            Self::Turn(n) => write!(f, "turn-{n}"),
            Self::SuitDiscards(n) => write!(f, "suit-discards-{n}"),
            Self::RiichiTurn(n) => write!(f, "riichi-turn-{n}"),
            Self::TsumogiriRiichi => f.write_str("tsumogiri-riichi"),
            Self::TsumogiriRun(n) => write!(f, "tsumogiri-run-{n}"),
            Self::YakuhaiCalled => f.write_str("yakuhai-called"),
            Self::PonsOnly => f.write_str("pons-only"),
            Self::Combos(n, of) => write!(f, "combos-{n}-of-{of}"),
        }
    }
}

impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The table from the deciding seat's chair.
pub(super) struct View {
    seen: [u8; 34],
    dora: u64,
    turn: u8,
}

/// The reasons of one tile against one threat, kept inline: a review
/// makes one list per candidate and threat, and an allocation each cost
/// more than the reading itself.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Reasons(ArrayVec<Reason, MAX_REASONS>);

/// More than a tile can have: the three genbutsu kinds, the class, nine
/// readings of a number tile, dora, two of the riichi, seven of an open
/// hand, the copies seen and the turn make 24.
const MAX_REASONS: usize = 28;

impl Reasons {
    /// An empty list.
    #[must_use]
    pub const fn new() -> Self {
        Self(ArrayVec::new_const())
    }

    /// Adds a reason. The capacity holds every reason a tile can have at
    /// once; were it ever short, the reason would be dropped, not panic.
    pub fn push(&mut self, r: Reason) {
        let _ = self.0.try_push(r);
    }
}

impl std::ops::Deref for Reasons {
    type Target = [Reason];

    fn deref(&self) -> &[Reason] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Reasons {
    type Item = &'a Reason;
    type IntoIter = std::slice::Iter<'a, Reason>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// How a two-sided shape waiting on a tile stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// Ruled out: the other tile it waits on is genbutsu.
    Suji,
    /// Ruled out: a tile of the shape has all four copies in view.
    NoChance,
    /// Possible, with three copies of a tile of the shape in view.
    OneChance,
    /// Possible.
    Open,
}

impl View {
    pub fn new(state: &KyokuState, seat: Seat) -> Self {
        let dora = state
            .dora_indicators
            .iter()
            .fold(0u64, |m, t| m | 1 << t.dora_from_indicator().kind());
        let turn = state
            .player(seat)
            .map_or(0, |p| p.river.len().saturating_add(1));
        Self {
            seen: seen_by(state, seat),
            dora,
            turn: u8::try_from(turn).unwrap_or(u8::MAX),
        }
    }

    fn seen(&self, kind: u8) -> u8 {
        self.seen.get(usize::from(kind)).copied().unwrap_or(0)
    }

    /// The two-sided shape of the tiles `a` and `b` (same suit) that
    /// waits on the tile and on `other`.
    fn side(&self, safe: u64, a: u8, b: u8, other: u8) -> Side {
        if safe & 1 << other != 0 {
            Side::Suji
        } else if self.seen(a) >= 4 || self.seen(b) >= 4 {
            Side::NoChance
        } else if self.seen(a) == 3 || self.seen(b) == 3 {
            Side::OneChance
        } else {
            Side::Open
        }
    }

    /// The reasons for discarding a tile of `kind` against the threat
    /// `t`, in a fixed order.
    pub fn reasons(&self, t: &Facts, kind: u8) -> Reasons {
        let mut out = Reasons::new();
        let bit = 1u64 << kind;
        if t.river & bit != 0 {
            out.push(Reason::Genbutsu);
        }
        if t.after_riichi & bit != 0 {
            out.push(Reason::AfterRiichi);
        }
        if t.same_go_around & bit != 0 {
            out.push(Reason::SameGoAround);
        }
        let class = TileClass::of(kind);
        out.push(Reason::Class(class));
        if class == TileClass::Honour {
            if t.yakuhai & bit != 0 {
                out.push(Reason::Yakuhai);
            }
        } else {
            self.number_reasons(t, kind, &mut out);
        }
        if self.dora & bit != 0 {
            out.push(Reason::Dora);
        } else if kind < 27 && self.near_dora(kind) {
            out.push(Reason::DoraNeighbour);
        }
        if let Some(n) = t.riichi_turn {
            out.push(Reason::RiichiTurn(n));
            if t.riichi_tsumogiri {
                out.push(Reason::TsumogiriRiichi);
            }
        }
        if t.threat.kind == ThreatKind::Open {
            if let Some(suit) = t.flush_suit {
                if kind / 9 == suit || kind >= 27 {
                    out.push(Reason::FlushSuit);
                } else {
                    out.push(Reason::OffFlushSuit);
                }
            }
            out.push(Reason::Melds(t.melds));
            if t.called_reds > 0 || t.called & self.dora != 0 {
                out.push(Reason::DoraCalled);
            }
            if t.yakuhai_called {
                out.push(Reason::YakuhaiCalled);
            }
            if t.pons_only {
                out.push(Reason::PonsOnly);
            }
            if t.tsumogiri_run > 0 {
                out.push(Reason::TsumogiriRun(t.tsumogiri_run));
            }
        }
        out.push(Reason::Seen(self.seen(kind)));
        out.push(Reason::Turn(self.turn));
        out
    }

    /// Suji, kabe and the outside reading of a number tile.
    fn number_reasons(&self, t: &Facts, kind: u8, out: &mut Reasons) {
        let n = kind % 9 + 1;
        let safe = t.genbutsu();
        let mut sides: ArrayVec<(Side, u8), 2> = ArrayVec::new();
        // The shape below (n-2, n-1) waits on n-3 and n; above, (n+1, n+2)
        // on n and n+3. A 3's shape below and a 7's above are edge waits.
        if n >= 4 {
            sides.push((self.side(safe, kind - 2, kind - 1, kind - 3), kind - 3));
        }
        if n <= 6 {
            sides.push((self.side(safe, kind + 1, kind + 2, kind + 3), kind + 3));
        }
        let suji = sides.iter().filter(|(s, _)| *s == Side::Suji).count();
        if suji == sides.len() && suji > 0 {
            out.push(Reason::Suji);
        } else if suji == 1 && sides.len() == 2 {
            out.push(Reason::HalfSuji);
        }
        if let Some(r) = t.riichi_tile
            && sides
                .iter()
                .any(|(s, other)| *s == Side::Suji && *other == r)
        {
            out.push(Reason::RiichiTileSuji);
        }
        if let Some(r) = t.riichi_tile
            && r / 9 == kind / 9
            && r < 27
            && r != kind
            && r.abs_diff(kind) <= 2
        {
            out.push(Reason::RiichiTileNeighbour);
        }
        if sides.iter().any(|(s, _)| *s == Side::NoChance) {
            out.push(Reason::NoChance);
        }
        if sides.iter().any(|(s, _)| *s == Side::OneChance) {
            out.push(Reason::OneChance);
        }
        let open = sides
            .iter()
            .filter(|(s, _)| matches!(s, Side::Open | Side::OneChance))
            .count();
        out.push(Reason::OpenSides(u8::try_from(open).unwrap_or(2)));
        if self.outside_early(t, kind) {
            out.push(Reason::EarlyOutside);
        }
        if let Some(&n) = t.suit_discards.get(usize::from(kind / 9)) {
            out.push(Reason::SuitDiscards(n));
        }
        // Two-tile shapes: the two-sided ones left by suji, the closed
        // one around the tile, the edge one of a 3 or 7.
        let mut shapes: [Option<(u8, u8)>; 4] = [None; 4];
        for (slot, (s, other)) in shapes.iter_mut().zip(&sides) {
            if *s != Side::Suji {
                *slot = Some(if *other < kind {
                    (kind - 2, kind - 1)
                } else {
                    (kind + 1, kind + 2)
                });
            }
        }
        if (2..=8).contains(&n) {
            shapes[2] = Some((kind - 1, kind + 1));
        }
        match n {
            3 => shapes[3] = Some((kind - 2, kind - 1)),
            7 => shapes[3] = Some((kind + 1, kind + 2)),
            _ => {}
        }
        let unseen = |k: u8| 4u8.saturating_sub(self.seen(k));
        let (mut combos, mut of) = (0u8, 0u8);
        for (a, b) in shapes.into_iter().flatten() {
            combos = combos.saturating_add(unseen(a).saturating_mul(unseen(b)));
            of = of.saturating_add(16);
        }
        out.push(Reason::Combos(combos, of));
    }

    /// One or two from a dora of the same suit.
    fn near_dora(&self, kind: u8) -> bool {
        let suit = kind / 9;
        (1..=2u8).any(|d| {
            let below = kind.checked_sub(d).filter(|k| k / 9 == suit);
            let above = Some(kind + d).filter(|k| k / 9 == suit);
            [below, above]
                .into_iter()
                .flatten()
                .any(|k| self.dora & 1 << k != 0)
        })
    }

    /// Whether `kind` lies outside of an early discard of theirs in its
    /// suit: nearer the terminal than it (both sides of a 5).
    fn outside_early(&self, t: &Facts, kind: u8) -> bool {
        let suit = kind / 9;
        let n = kind % 9 + 1;
        (0..9u8).any(|i| {
            let m = i + 1;
            let outside = (m <= 5 && n < m) || (m >= 5 && n > m);
            outside && t.early & 1 << (suit * 9 + i) != 0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Seat;
    use crate::review::danger::threat::Threat;

    fn riichi(river: &[u8], riichi_tile: Option<u8>, early: &[u8]) -> Facts {
        let mask = |ks: &[u8]| ks.iter().fold(0u64, |m, k| m | 1 << k);
        Facts {
            threat: Threat {
                seat: Seat::wrapping(1),
                kind: ThreatKind::Riichi,
            },
            river: mask(river),
            after_riichi: 0,
            same_go_around: 0,
            riichi_tile,
            early: mask(early),
            melds: 0,
            called: 0,
            called_reds: 0,
            flush_suit: None,
            yakuhai: 0,
            suit_discards: [0; 3],
            riichi_turn: riichi_tile.map(|_| 7),
            riichi_tsumogiri: false,
            tsumogiri_run: 0,
            yakuhai_called: false,
            pons_only: false,
        }
    }

    fn view(seen: &[(u8, u8)], dora: &[u8]) -> View {
        let mut s = [0u8; 34];
        for &(k, n) in seen {
            s[usize::from(k)] = n;
        }
        View {
            seen: s,
            dora: dora.iter().fold(0u64, |m, k| m | 1 << k),
            turn: 8,
        }
    }

    #[test]
    fn full_suji_half_suji_and_the_riichi_tiles_suji() {
        // 1m and 7m in the river (kinds 0 and 6), 1m declared riichi.
        let t = riichi(&[0, 6], Some(0), &[]);
        let v = view(&[], &[]);
        let four = v.reasons(&t, 3);
        assert!(four.contains(&Reason::Suji), "{four:?}");
        assert!(four.contains(&Reason::OpenSides(0)));
        assert!(four.contains(&Reason::RiichiTileSuji));
        // 5m: 2m is not out, 8m is not either; 2m out makes it half suji.
        let t = riichi(&[1], None, &[]);
        let five = v.reasons(&t, 4);
        assert!(five.contains(&Reason::HalfSuji) && five.contains(&Reason::OpenSides(1)));
        assert!(!five.contains(&Reason::Suji));
        // 2m itself is genbutsu.
        assert!(v.reasons(&t, 1).contains(&Reason::Genbutsu));
    }

    #[test]
    fn kabe_one_chance_outside_and_dora() {
        let t = riichi(&[], None, &[11]);
        // All four 2m in view: 1m's only two-sided shape (2m3m) is gone.
        let v = view(&[(1, 4), (13, 3)], &[22]);
        let one = v.reasons(&t, 0);
        assert!(one.contains(&Reason::NoChance) && one.contains(&Reason::OpenSides(0)));
        // Three 5p in view: 3p's shape 4p5p is a one-chance, still open.
        let three_p = v.reasons(&t, 11);
        assert!(three_p.contains(&Reason::OneChance), "{three_p:?}");
        // 3p was an early discard: 1p and 2p lie outside it, 4p does not.
        assert!(v.reasons(&t, 9).contains(&Reason::EarlyOutside));
        assert!(v.reasons(&t, 10).contains(&Reason::EarlyOutside));
        assert!(!v.reasons(&t, 12).contains(&Reason::EarlyOutside));
        // Dora 5s (kind 22): 3s–7s are its neighbours, 8s is not.
        assert!(v.reasons(&t, 22).contains(&Reason::Dora));
        for k in [20, 21, 23, 24] {
            assert!(v.reasons(&t, k).contains(&Reason::DoraNeighbour), "{k}");
        }
        assert!(!v.reasons(&t, 25).contains(&Reason::DoraNeighbour));
    }

    #[test]
    fn combination_count_suit_discards_and_the_riichi_tile() {
        // 4m (kind 3) against a riichi whose river holds 1m: the shape
        // 2m3m is ruled out by suji, 5m6m and the closed 3m_5m remain.
        let mut t = riichi(&[0, 9, 10], Some(0), &[]);
        t.suit_discards = [1, 2, 0];
        t.riichi_tsumogiri = true;
        // Three 5m in view and one 3m: 5m6m has 1 × 4 pairs, 3m5m 3 × 1.
        let v = view(&[(4, 3), (2, 1)], &[]);
        let four = v.reasons(&t, 3);
        assert!(four.contains(&Reason::Combos(7, 32)), "{four:?}");
        assert!(four.contains(&Reason::SuitDiscards(1)));
        assert!(four.contains(&Reason::RiichiTurn(7)));
        assert!(four.contains(&Reason::TsumogiriRiichi));
        // 3p (kind 11): edge 1p2p, closed 2p4p, two-sided 4p5p; no suji.
        let three = view(&[], &[]).reasons(&t, 11);
        assert!(three.contains(&Reason::Combos(48, 48)), "{three:?}");
        assert!(three.contains(&Reason::SuitDiscards(2)));
        // An honour has no shapes of two tiles, nor a suit.
        let east = view(&[], &[]).reasons(&t, 27);
        assert!(
            !east
                .iter()
                .any(|r| matches!(r, Reason::Combos(..) | Reason::SuitDiscards(_)))
        );
    }

    #[test]
    fn open_hand_reasons_only_against_an_open_hand() {
        let mut t = riichi(&[], None, &[]);
        t.threat.kind = ThreatKind::Open;
        t.melds = 2;
        t.pons_only = true;
        t.yakuhai_called = true;
        t.tsumogiri_run = 3;
        let r = view(&[], &[]).reasons(&t, 31);
        for want in [
            Reason::PonsOnly,
            Reason::YakuhaiCalled,
            Reason::TsumogiriRun(3),
        ] {
            assert!(r.contains(&want), "{want} {r:?}");
        }
        assert!(!r.iter().any(|x| matches!(x, Reason::RiichiTurn(_))));
        // The same facts under a riichi show none of them.
        t.threat.kind = ThreatKind::Riichi;
        let r = view(&[], &[]).reasons(&t, 31);
        assert!(!r.contains(&Reason::PonsOnly) && !r.contains(&Reason::YakuhaiCalled));
    }
}
