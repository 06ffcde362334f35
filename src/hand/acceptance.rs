//! Acceptance (ukeire): the tile kinds whose draw lowers a hand's shanten.
//!
//! The shanten of the standard form is "tiles to draw, minus one", with the
//! tiles to draw counted per suit by the tables of [`super::distance`]: for
//! each suit and class (m sets, with or without the pair) how many of the
//! suit's tiles can be kept. A drawn tile changes one suit only, and can
//! raise that suit's kept count by one at most. So a kind `k` lowers the
//! standard shanten exactly when some split of the classes over the suits
//! that is optimal for the hand gives `k`'s suit a class whose kept count
//! `k` raises. [`acceptance`] collects those kinds over every optimal split
//! from the four suit entries and one look-up per kind of each suit, instead
//! of computing the shanten of 34 hands; seven pairs and thirteen orphans
//! have closed forms. The result is checked against the 34 trial draws in
//! this module's tests and against an independent implementation on real
//! hands (`bench/shanten_check.py`).
//!
//! Three-player games have no 2m–8m: 1m and 9m then form no sequence, so
//! the man suit is read with the honours' table (each kind on its own),
//! and no 2m–8m is ever accepted ([`TileSet::ThreePlayer`]).

use arrayvec::ArrayVec;

use super::Counts;
use super::decompose::ORPHAN_SET;
use super::distance::{CLASSES, distance, kept};
use super::rank::SuitRank;
use super::tables::POW5;

/// Which tiles the wall holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TileSet {
    /// The 136 tiles of four-player games.
    #[default]
    Full,
    /// The 108 tiles of three-player games: no 2m–8m.
    ThreePlayer,
}

impl TileSet {
    /// The set for a table of `seats` players.
    #[must_use]
    pub const fn for_seats(seats: u8) -> Self {
        if seats == 3 {
            Self::ThreePlayer
        } else {
            Self::Full
        }
    }

    /// Whether the wall has tiles of `kind`.
    #[must_use]
    pub const fn has(self, kind: u8) -> bool {
        match self {
            Self::Full => kind < 34,
            Self::ThreePlayer => kind < 34 && !(kind >= 1 && kind <= 7),
        }
    }

    /// Every kind the wall has, as a set.
    #[must_use]
    pub const fn kinds(self) -> KindSet {
        match self {
            Self::Full => KindSet((1 << 34) - 1),
            Self::ThreePlayer => KindSet(((1 << 34) - 1) & !(0x7f << 1)),
        }
    }
}

/// A set of tile kinds (bit `k` for kind `k`, 0–33).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct KindSet(pub u64);

impl KindSet {
    /// Whether `kind` is in the set.
    #[must_use]
    pub const fn contains(self, kind: u8) -> bool {
        kind < 34 && self.0 & (1 << kind) != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many kinds.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The kinds, ascending.
    pub fn kinds(self) -> impl Iterator<Item = u8> {
        let mut rest = self.0 & ALL_KINDS;
        std::iter::from_fn(move || {
            let k = rest.trailing_zeros();
            (k < 34).then(|| {
                rest &= rest - 1;
                k as u8
            })
        })
    }
}

/// A concealed part of 3n+1 tiles: its shanten and the kinds whose draw
/// lowers it (for a tenpai hand, the kinds that complete it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Acceptance {
    /// The shanten (0 = tenpai).
    pub shanten: i8,
    /// The kinds that lower it. A kind the hand already holds four of is
    /// never among them (no fifth copy exists), nor a kind the wall lacks.
    pub kinds: KindSet,
}

/// The shanten of a concealed part of 3n+1 or 3n+2 tiles, as
/// [`super::shanten`], in a game played with `set`: in three-player games
/// 1m and 9m form no sequences.
#[must_use]
pub fn shanten_in(concealed: &Counts, melds: u8, set: TileSet) -> i8 {
    if set == TileSet::Full {
        return super::shanten(concealed, melds);
    }
    let shape = Shape::of(concealed);
    let n = (shape.total / 3).min(4) as usize;
    let [e0, e1, e2, e3]: [Kept; 4] = std::array::from_fn(|s| suit_entry(concealed, s, set));
    let all = lane(combine(combine(e0, e1), combine(e2, e3)), 2 * n + 1);
    let mut best = (3 * n as i8 + 2) - all as i8 - 1;
    if melds == 0 && (shape.total == 13 || shape.total == 14) {
        best = best
            .min(shape.seven_pairs().0)
            .min(shape.thirteen_orphans().0);
    }
    best
}

/// The shanten of a concealed part of 3n+1 tiles (at most 13, at most four
/// of a kind) and the kinds that lower it. `melds` is the number of sets
/// outside the concealed part; seven pairs and thirteen orphans count only
/// when it is zero. Anything that is not such a part gets the shanten of
/// [`shanten_in`] and no kinds.
#[must_use]
pub fn acceptance(concealed: &Counts, melds: u8, set: TileSet) -> Acceptance {
    let facts: [SuitFacts; 4] = std::array::from_fn(|s| SuitFacts::new(concealed, s, set));
    evaluate(&Shape::of(concealed), melds, set, &facts)
}

/// For a concealed part of 3n+2 tiles: for each kind held, ascending, the
/// acceptance of the hand after discarding one tile of it.
///
/// A discard changes one suit; the others are looked up once for all
/// discards, and so are their combinations by twos and threes, so that each
/// discard costs one suit's look-ups and three combines.
#[must_use]
pub fn discard_acceptance(
    concealed: &Counts,
    melds: u8,
    set: TileSet,
) -> ArrayVec<(u8, Acceptance), 14> {
    discard_acceptance_with(concealed, melds, set, &mut SuitCache::none())
        .into_iter()
        .map(|(k, f)| (k, f.all))
        .collect()
}

/// [`discard_acceptance`] remembering suits in `cache`: a player's hand
/// changes by a tile or two a turn, so most of the suits it is split into
/// come back turn after turn, and each is looked up only once.
#[must_use]
pub fn discard_acceptance_cached(
    concealed: &Counts,
    melds: u8,
    set: TileSet,
    cache: &mut SuitCache,
) -> ArrayVec<(u8, Acceptance), 14> {
    discard_acceptance_with(concealed, melds, set, cache)
        .into_iter()
        .map(|(k, f)| (k, f.all))
        .collect()
}

/// [`discard_acceptance_cached`] with each discard's acceptance over the
/// standard form alone beside it: a review that counts seven pairs or
/// thirteen orphans only when they are a plan needs both, and the second
/// comes almost free with the first.
#[must_use]
pub fn discard_forms_cached(
    concealed: &Counts,
    melds: u8,
    set: TileSet,
    cache: &mut SuitCache,
) -> ArrayVec<(u8, Forms), 14> {
    discard_acceptance_with(concealed, melds, set, cache)
}

fn discard_acceptance_with(
    concealed: &Counts,
    melds: u8,
    set: TileSet,
    cache: &mut SuitCache,
) -> ArrayVec<(u8, Forms), 14> {
    let mut out = ArrayVec::new();
    let keys: [u32; 4] = std::array::from_fn(|s| suit_key(concealed, s, set));
    let whole: [SuitFacts; 4] = std::array::from_fn(|s| cache.keyed(keys[s], concealed, s, set));
    let w: [Kept; 4] = std::array::from_fn(|s| whole[s].entry);
    // pair[i][j]: suits i and j combined (i != j).
    let mut pair = [[0u64; 4]; 4];
    for i in 0..4 {
        for j in i + 1..4 {
            pair[i][j] = combine(w[i], w[j]);
            pair[j][i] = pair[i][j];
        }
    }
    // The three suits other than s, combined.
    let rest: [Kept; 4] = std::array::from_fn(|s| {
        let [a, b, c] = others_of(s);
        combine(pair[a][b], w[c])
    });
    let shape = Shape::of(concealed);
    // Every discard leaves one tile fewer: one target for all.
    let target = target_class(shape.total.saturating_sub(1));
    let whole_mirrors: [(Kept, u64); 4] = std::array::from_fn(|s| mirror(&whole[s], target));
    let mut less = *concealed;
    // Discards that leave their suit with the same kept counts leave the
    // other suits' splits the same: what those suits accept is kept by
    // (suit, entry) and only the discard's own suit is read again.
    let mut seen: ArrayVec<(usize, Kept, u8, u64), 14> = ArrayVec::new();
    for kind in 0..34u8 {
        let held = concealed.get(kind);
        if held == 0 || out.is_full() {
            continue;
        }
        let i = usize::from(kind);
        less.0[i] = held - 1;
        let s = suit_of(kind);
        let f = match key_less(keys[s], kind, held, set) {
            Some(key) => cache.keyed(key, &less, s, set),
            None => cache.facts(&less, s, set),
        };
        less.0[i] = held;
        let e = f.entry;
        let (all, from_others) =
            if let Some(&(_, _, all, k)) = seen.iter().find(|(t, x, _, _)| *t == s && *x == e) {
                (all, k)
            } else {
                let all = best_split(e, rest[s], target);
                let wanted = u64::from(all) * ONES;
                let mut k = 0u64;
                for t in (0..4).filter(|&t| t != s) {
                    // The two suits other than s and t, then s as it now is.
                    let [a, b] = two_others(s, t);
                    let o = combine(pair[a][b], e);
                    k |= suit_kinds(&whole[t], whole_mirrors[t], o, target, wanted);
                }
                if !seen.is_full() {
                    seen.push((s, e, all, k));
                }
                (all, k)
            };
        let wanted = u64::from(all) * ONES;
        let own = suit_kinds(&f, mirror(&f, target), rest[s], target, wanted);
        out.push((
            kind,
            finish(
                &shape.without(kind, held),
                melds,
                set,
                all,
                from_others | own,
            ),
        ));
    }
    out
}

/// The three suits other than `s`.
const fn others_of(s: usize) -> [usize; 3] {
    match s {
        0 => [1, 2, 3],
        1 => [0, 2, 3],
        2 => [0, 1, 3],
        _ => [0, 1, 2],
    }
}

/// The two suits other than `s` and `t` (which differ).
const fn two_others(s: usize, t: usize) -> [usize; 2] {
    let mut out = [0usize; 2];
    let mut n = 0;
    let mut u = 0;
    while u < 4 {
        if u != s && u != t && n < 2 {
            out[n] = u;
            n += 1;
        }
        u += 1;
    }
    out
}

/// What the closed forms and the fifth-copy rule need of a hand, as bit
/// sets over kinds.
#[derive(Clone, Copy)]
struct Shape {
    total: u32,
    /// Kinds held once.
    ones: u64,
    /// Kinds held at least twice.
    pairs: u64,
    /// Kinds held at all.
    any: u64,
    /// Kinds held four times (or more).
    four: u64,
}

impl Shape {
    fn of(c: &Counts) -> Self {
        let mut s = Self {
            total: 0,
            ones: 0,
            pairs: 0,
            any: 0,
            four: 0,
        };
        for (k, &n) in c.0.iter().enumerate() {
            let bit = 1u64 << k;
            s.total += u32::from(n);
            if n == 1 {
                s.ones |= bit;
            }
            if n >= 2 {
                s.pairs |= bit;
            }
            if n >= 1 {
                s.any |= bit;
            }
            if n >= 4 {
                s.four |= bit;
            }
        }
        s
    }

    /// The shape after one tile of `kind`, held `held` times, is gone.
    const fn without(self, kind: u8, held: u8) -> Self {
        let bit = 1u64 << kind;
        let mut s = self;
        s.total -= 1;
        match held {
            1 => {
                s.ones &= !bit;
                s.any &= !bit;
            }
            2 => {
                s.pairs &= !bit;
                s.ones |= bit;
            }
            4 => s.four &= !bit,
            _ => {}
        }
        s
    }

    /// Seven pairs: six minus the pairs, plus the kinds missing to reach
    /// seven; a single becomes a pair, and with fewer than seven kinds any
    /// new kind helps.
    const fn seven_pairs(self) -> (i8, u64) {
        let pairs = self.pairs.count_ones() as i8;
        let kinds = self.any.count_ones() as i8;
        let missing = if kinds < 7 { 7 - kinds } else { 0 };
        let new = if kinds < 7 { !self.any & ALL_KINDS } else { 0 };
        (6 - pairs + missing, self.ones | new)
    }

    /// Thirteen orphans: thirteen minus the orphan kinds held, minus one
    /// for a pair among them; a missing orphan always helps, a held one
    /// only while none is paired.
    const fn thirteen_orphans(self) -> (i8, u64) {
        let held = (self.any & ORPHAN_SET).count_ones() as i8;
        let paired = self.pairs & ORPHAN_SET != 0;
        let kinds = if paired {
            ORPHAN_SET & !self.any
        } else {
            ORPHAN_SET
        };
        (13 - held - paired as i8, kinds)
    }
}

/// Every kind.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// The ten kept counts of one suit entry, by class, packed as the tables
/// pack them: class `c` in the 5-bit lane at bit `5c`, the fifth bit of
/// each lane clear.
type Kept = u64;

/// Bits of the ten lanes' counts.
const LANES: u64 = {
    let mut m = 0u64;
    let mut c = 0;
    while c < CLASSES {
        m |= 0xf << (5 * c);
        c += 1;
    }
    m
};
/// The lanes of the classes without the pair.
const NO_PAIR: u64 = {
    let mut m = 0u64;
    let mut c = 0;
    while c < CLASSES {
        m |= 0xf << (10 * (c / 2));
        c += 2;
    }
    m
};
/// One in every lane's lowest bit.
const ONES: u64 = LANES / 0xf;
/// The guard bit of every lane.
const GUARDS: u64 = ONES << 4;

pub(super) const fn lane(entry: Kept, class: usize) -> u8 {
    kept(entry, class)
}

/// Lane-wise maximum (every lane at most 15).
const fn lane_max(a: u64, b: u64) -> u64 {
    let a_ge_b = (((a | GUARDS) - b) & GUARDS) >> 4;
    let mask = a_ge_b * 0x1f;
    (a & mask) | (b & !mask)
}

/// Classes add: m sets and at most one pair overall. Each class's best is
/// the best over the ways two parts make it. Branch-free on the packed
/// lanes: for each class `c2` of `b`, `a`'s lanes that may take it move up
/// by `c2` lanes and gain `b`'s count there. No sum exceeds 14 (a class's
/// kept count is at most its 3m + 2 tiles), so lanes never carry.
pub(super) fn combine(a: Kept, b: Kept) -> Kept {
    let mut out = 0u64;
    for c2 in 0..CLASSES {
        let v = u64::from(lane(b, c2));
        let shift = 5 * c2 as u32;
        // With the pair in `c2`, only `a`'s classes without it may add.
        let source = if c2 % 2 == 1 { NO_PAIR } else { LANES };
        let moved = (a & source) << shift;
        let target = (source << shift) & LANES;
        out = lane_max(out, (moved & LANES) + ((v * ONES) & target));
    }
    out
}

/// Which suit (0 man, 1 pin, 2 sou, 3 honours) a kind is in.
const fn suit_of(kind: u8) -> usize {
    (kind / 9) as usize
}

/// The first kind of suit `s` and how many kinds it has.
const fn suit_range(s: usize) -> (u8, u8) {
    match s {
        0 => (0, 9),
        1 => (9, 9),
        2 => (18, 9),
        _ => (27, 7),
    }
}

/// Suit `s` of `c` as the digits its table reads: nine for a number suit,
/// seven for the honours, and in three-player games 1m and 9m alone, read
/// like honours.
pub(super) fn suit_digits(c: &Counts, s: usize, set: TileSet) -> [u8; 9] {
    let (first, kinds) = suit_range(s);
    let mut v = [0u8; 9];
    if s == 0 && set == TileSet::ThreePlayer {
        v[0] = c.get(0);
        v[1] = c.get(8);
        return v;
    }
    for (i, x) in v.iter_mut().enumerate().take(usize::from(kinds)) {
        *x = c.get(first + i as u8);
    }
    v
}

/// Which table reads suit `s`: the honours' for the honours, and for the
/// man suit of three-player games.
pub(super) const fn honour_like(s: usize, set: TileSet) -> bool {
    s == 3 || (s == 0 && matches!(set, TileSet::ThreePlayer))
}

pub(super) fn lookup(v: &[u8; 9], honour: bool) -> Kept {
    let d = distance();
    if honour {
        d.honour.entry(&v[..7])
    } else {
        d.number.entry(v)
    }
}

/// The packed table entry of suit `s` of `c`.
fn suit_entry(c: &Counts, s: usize, set: TileSet) -> Kept {
    lookup(&suit_digits(c, s, set), honour_like(s, set))
}

/// Suit facts remembered by the suit's digits, in a small direct-mapped
/// table (a slot holds the last suit that hashed to it). A cache never
/// changes a result, only how often the tables are read.
#[derive(Clone)]
pub struct SuitCache {
    slots: Vec<Option<(u32, SuitFacts)>>,
}

impl std::fmt::Debug for SuitCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SuitCache")
            .field("slots", &self.slots.len())
            .finish()
    }
}

impl Default for SuitCache {
    fn default() -> Self {
        Self {
            slots: vec![None; SLOTS],
        }
    }
}

/// Slots of a [`SuitCache`] (a power of two): many times the suits of
/// four players' recent hands, since a batch keeps one cache per thread.
const SLOTS: usize = 1 << SLOT_BITS;
const SLOT_BITS: u32 = 14;

thread_local! {
    static THREAD_CACHE: std::cell::RefCell<SuitCache> = std::cell::RefCell::new(SuitCache::default());
}

impl SuitCache {
    /// This thread's cache, taken for a while: suits recur from game to
    /// game, so a batch on one thread keeps what earlier games looked up.
    /// Give it back with [`SuitCache::give_back`].
    #[must_use]
    pub fn take_thread() -> Self {
        THREAD_CACHE.with(|c| std::mem::replace(&mut *c.borrow_mut(), Self::none()))
    }

    /// Returns a cache taken with [`SuitCache::take_thread`].
    pub fn give_back(self) {
        THREAD_CACHE.with(|c| *c.borrow_mut() = self);
    }

    /// A cache that remembers nothing.
    #[must_use]
    pub const fn none() -> Self {
        Self { slots: Vec::new() }
    }

    fn facts(&mut self, c: &Counts, s: usize, set: TileSet) -> SuitFacts {
        self.keyed(suit_key(c, s, set), c, s, set)
    }

    /// The facts of suit `s` of `c`, whose [`suit_key`] is `key` (read
    /// afresh by a cache that remembers nothing).
    fn keyed(&mut self, key: u32, c: &Counts, s: usize, set: TileSet) -> SuitFacts {
        let hash = u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS);
        let slot = hash as usize % self.slots.len().max(1);
        if let Some(Some((k, f))) = self.slots.get(slot)
            && *k == key
        {
            return *f;
        }
        let f = SuitFacts::new(c, s, set);
        if let Some(entry) = self.slots.get_mut(slot) {
            *entry = Some((key, f));
        }
        f
    }
}

/// What a [`SuitCache`] knows suit `s` of `c` by: its digits in base 5
/// (below 5^9 < 2^21), the suit and the table in the top bits.
fn suit_key(c: &Counts, s: usize, set: TileSet) -> u32 {
    let index = suit_digits(c, s, set)
        .iter()
        .rev()
        .fold(0u32, |acc, &d| acc * 5 + u32::from(d.min(4)));
    index | (s as u32) << 22 | u32::from(honour_like(s, set)) << 24
}

/// The key of a suit one tile of `kind` (held `held` times) less than the
/// suit keyed `key`: one digit down. `None` where the digit is not plain
/// (more than four held, a kind the set lacks).
fn key_less(key: u32, kind: u8, held: u8, set: TileSet) -> Option<u32> {
    if held == 0 || held > 4 {
        return None;
    }
    let digit = match (set, kind) {
        (TileSet::ThreePlayer, 0) => 0,
        (TileSet::ThreePlayer, 8) => 1,
        (TileSet::ThreePlayer, 1..=7) => return None,
        _ => (kind % 9) as usize,
    };
    let p = u32::try_from(*POW5.get(digit)?).ok()?;
    key.checked_sub(p)
}

/// One suit's kept counts, and per class the kinds whose extra tile raises
/// that class's count.
#[derive(Clone, Copy)]
struct SuitFacts {
    entry: Kept,
    /// The guard bit of each class lane whose `raise` is not empty.
    raised: u64,
    /// Per class, the kinds whose extra tile raises it, as bits from the
    /// suit's first kind (nine fit in 16 bits: a cache slot stays small).
    raise: [u16; CLASSES],
    /// The suit's first kind, where `raise` starts.
    first: u8,
    /// `entry` and `raised` mirrored about the last class (see
    /// [`mirror`]): about a lower class they are this shifted down.
    mirrored: (Kept, u64),
}

impl SuitFacts {
    fn new(c: &Counts, s: usize, set: TileSet) -> Self {
        let honour = honour_like(s, set);
        let v = suit_digits(c, s, set);
        let d = distance();
        let table = if honour { &d.honour } else { &d.number };
        // The vector is split once; each tile more moves one part of it.
        let split = SuitRank::split(&v[..if honour { 7 } else { 9 }]);
        let entry = table.entry_of(split);
        let mut raise = [0u16; CLASSES];
        let (first, kinds) = suit_range(s);
        // The digit of each kind of the suit (three-player man: 1m, 9m).
        let digits: &[(u8, usize)] = if s == 0 && set == TileSet::ThreePlayer {
            &[(0, 0), (8, 1)]
        } else {
            &DIGITS[..usize::from(kinds)]
        };
        for &(offset, digit) in digits {
            if v.get(digit).is_none_or(|&n| n >= 4) {
                continue;
            }
            let up = table.entry_of(SuitRank::up(split, digit));
            // Lanes where `up` is larger: those with (entry - up) borrowing.
            let larger = (((entry | GUARDS) - up) & GUARDS) ^ GUARDS;
            if larger == 0 {
                continue;
            }
            let bit = 1u16 << offset;
            let mut lanes = larger;
            while lanes != 0 {
                let class = (lanes.trailing_zeros() / 5) as usize;
                lanes &= lanes - 1;
                if let Some(r) = raise.get_mut(class) {
                    *r |= bit;
                }
            }
        }
        let raised = raise
            .iter()
            .enumerate()
            .filter(|(_, r)| **r != 0)
            .fold(0u64, |acc, (c, _)| acc | 1 << (5 * c + 4));
        let mut facts = Self {
            entry,
            raised,
            raise,
            first,
            mirrored: (0, 0),
        };
        facts.mirrored = mirror_about(&facts, CLASSES - 1);
        facts
    }
}

/// Each kind of a number suit reads its own digit.
const DIGITS: [(u8, usize); 9] = [
    (0, 0),
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 6),
    (7, 7),
    (8, 8),
];

fn evaluate(shape: &Shape, melds: u8, set: TileSet, facts: &[SuitFacts; 4]) -> Acceptance {
    let [e0, e1, e2, e3] = [
        facts[0].entry,
        facts[1].entry,
        facts[2].entry,
        facts[3].entry,
    ];
    // Pairs of suits give each suit "the others" in one more combine.
    let p01 = combine(e0, e1);
    let s23 = combine(e2, e3);
    let others = [
        combine(e1, s23),
        combine(e0, s23),
        combine(p01, e3),
        combine(p01, e2),
    ];
    let target = target_class(shape.total);
    let mirrors = facts.map(|f| mirror(&f, target));
    evaluate_with(shape, melds, set, facts, &mirrors, &others, (p01, s23)).all
}

/// The class the whole concealed part of `total` tiles aims at: its
/// sets and the pair.
const fn target_class(total: u32) -> usize {
    let n = total / 3;
    2 * (if n < 4 { n } else { 4 }) as usize + 1
}

/// A suit's entry and raised lanes mirrored about `target`: lane `j`
/// holds class `target - j`, so that adding the other suits' combined
/// entry lane by lane gives each split's kept count at once.
fn mirror(f: &SuitFacts, target: usize) -> (Kept, u64) {
    // Lane j about `target` is lane j + (last − target) about the last.
    let shift = 5 * (CLASSES - 1).saturating_sub(target) as u32;
    (f.mirrored.0 >> shift, f.mirrored.1 >> shift)
}

/// [`mirror`] computed lane by lane.
fn mirror_about(f: &SuitFacts, target: usize) -> (Kept, u64) {
    let mut entry = 0u64;
    let mut raised = 0u64;
    for j in 0..=target {
        let c = target - j;
        entry |= u64::from(lane(f.entry, c)) << (5 * j);
        raised |= ((f.raised >> (5 * c + 4)) & 1) << (5 * j + 4);
    }
    (entry, raised)
}

/// A hand's acceptance over every form, and over the standard form alone
/// (the same unless seven pairs or thirteen orphans are as close).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Forms {
    /// Every form: the lowest shanten and the kinds that lower it.
    pub all: Acceptance,
    /// Four sets and a pair only.
    pub standard: Acceptance,
}

/// The acceptance from the suits' facts, each suit's "others" combined,
/// and two parts that together make the whole hand.
fn evaluate_with(
    shape: &Shape,
    melds: u8,
    set: TileSet,
    facts: &[SuitFacts; 4],
    mirrors: &[(Kept, u64); 4],
    others: &[Kept; 4],
    (left, right): (Kept, Kept),
) -> Forms {
    let target = target_class(shape.total);
    let all = best_split(left, right, target);
    let wanted = u64::from(all) * ONES;
    let kinds = facts
        .iter()
        .zip(mirrors)
        .zip(others)
        .fold(0u64, |k, ((f, &m), &o)| {
            k | suit_kinds(f, m, o, target, wanted)
        });
    finish(shape, melds, set, all, kinds)
}

/// The kinds of one suit that raise a split reaching the best: class c
/// of the suit goes with class target − c of the others (m sets and the
/// pair or not, n − m sets and the other half of the pair). With the
/// suit mirrored (lane j is class target − j), lane j of the sum is that
/// split, and `wanted` holds the best in every lane.
fn suit_kinds(
    f: &SuitFacts,
    (entry, raised): (Kept, u64),
    o: Kept,
    target: usize,
    wanted: u64,
) -> u64 {
    let in_target = (1u64 << (5 * (target + 1))) - 1;
    let diff = (entry + (o & in_target)) ^ wanted;
    // Guard bits of the lanes where the sum is exactly the best.
    let equal = GUARDS & !((diff | GUARDS) - ONES) & in_target;
    let mut lanes = equal & raised;
    let mut kinds = 0u64;
    while lanes != 0 {
        let class = target - (lanes.trailing_zeros() / 5) as usize;
        lanes &= lanes - 1;
        if let Some(&r) = f.raise.get(class) {
            kinds |= u64::from(r) << f.first;
        }
    }
    kinds
}

/// The standard form's shanten from the best kept count `all`, its kinds,
/// then seven pairs and thirteen orphans where they apply; no kind held
/// four times, none the wall lacks.
fn finish(shape: &Shape, melds: u8, set: TileSet, all: u8, mut kinds: u64) -> Forms {
    let n = target_class(shape.total) / 2;
    let mut best = (3 * n as i8 + 2) - all as i8 - 1;
    let allowed = !shape.four & set.kinds().0;
    let standard = Acceptance {
        shanten: best,
        kinds: KindSet(kinds & allowed),
    };
    if melds == 0 && shape.total == 13 {
        for (sh, k) in [shape.seven_pairs(), shape.thirteen_orphans()] {
            if sh < best {
                best = sh;
                kinds = k;
            } else if sh == best {
                kinds |= k;
            }
        }
    }
    Forms {
        all: Acceptance {
            shanten: best,
            kinds: KindSet(kinds & allowed),
        },
        standard,
    }
}

/// One lane of `combine(a, b)`: the best split of class `target`.
fn best_split(a: Kept, b: Kept, target: usize) -> u8 {
    let (m, pair) = (target / 2, target % 2);
    let mut best = 0;
    for m1 in 0..=m {
        let m2 = m - m1;
        if pair == 0 {
            best = best.max(lane(a, 2 * m1) + lane(b, 2 * m2));
        } else {
            best = best
                .max(lane(a, 2 * m1 + 1) + lane(b, 2 * m2))
                .max(lane(a, 2 * m1) + lane(b, 2 * m2 + 1));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::shanten;
    use crate::hand::tests::cross::{Lcg, hands};
    use crate::tile::parse_hand;

    fn counts(text: &str) -> Counts {
        Counts::from_tiles(&parse_hand(text).unwrap())
    }

    /// The kinds found by trying every draw.
    fn trial(c: &Counts, melds: u8, set: TileSet) -> KindSet {
        let base = shanten_in(c, melds, set);
        let mut out = 0u64;
        for k in 0..34u8 {
            if !set.has(k) || c.get(k) >= 4 {
                continue;
            }
            let mut more = *c;
            more.0[usize::from(k)] += 1;
            if shanten_in(&more, melds, set) < base {
                out |= 1 << k;
            }
        }
        KindSet(out)
    }

    fn kinds_text(k: KindSet) -> String {
        let tiles: Vec<_> = k
            .kinds()
            .map(|k| crate::tile::Tile::from_kind(k).unwrap())
            .collect();
        crate::tile::format_hand(&tiles)
    }

    #[test]
    fn known_hands() {
        // 2345666m waits on 1, 2, 4, 5 and 7m.
        let a = acceptance(&counts("2345666m123p789s"), 0, TileSet::Full);
        assert_eq!(a.shanten, 0);
        assert_eq!(kinds_text(a.kinds), "12457m");
        // A kanchan and a pair: one from tenpai.
        let a = acceptance(&counts("13m456p78s11z234s5z"), 0, TileSet::Full);
        assert_eq!(a.shanten, 1);
        assert!(a.kinds.contains(1));
        // Seven pairs tenpai.
        let a = acceptance(&counts("1122m3344p5566s7z"), 0, TileSet::Full);
        assert_eq!((a.shanten, kinds_text(a.kinds).as_str()), (0, "7z"));
        // Thirteen orphans, thirteen-sided.
        let a = acceptance(&counts("19m19p19s1234567z"), 0, TileSet::Full);
        assert_eq!(a.shanten, 0);
        assert_eq!(a.kinds.len(), 13);
        // Waiting on a kind held four times: no fifth copy.
        let a = acceptance(&counts("1111m234p567p789s"), 0, TileSet::Full);
        assert_eq!(a.shanten, 1);
        assert!(!a.kinds.contains(0));
    }

    #[test]
    fn three_player_man_tiles_stand_alone() {
        // Python mahjong's documented example: 1111m is a triplet and a
        // single that no sequence can use.
        let c = counts("1111m111122233z");
        assert_eq!(shanten_in(&c, 0, TileSet::Full), 1);
        assert_eq!(shanten_in(&c, 0, TileSet::ThreePlayer), 2);
        let a = acceptance(&counts("19m19p19s1234567z"), 0, TileSet::ThreePlayer);
        assert_eq!(a.kinds.len(), 13);
        let a = acceptance(&counts("11m99m123p456p789s"), 0, TileSet::ThreePlayer);
        assert_eq!((a.shanten, kinds_text(a.kinds).as_str()), (0, "19m"));
        for k in 1..=7 {
            assert!(!a.kinds.contains(k));
        }
    }

    #[test]
    fn full_set_shanten_is_the_shanten() {
        for residue in [1, 2] {
            for h in hands(7, 3000, residue) {
                for melds in [0, 1] {
                    let h = trimmed(&h, melds);
                    assert_eq!(shanten_in(&h, melds, TileSet::Full), shanten(&h, melds));
                }
            }
        }
    }

    /// Drops tiles from the top kinds so that `melds` sets fit.
    fn trimmed(h: &Counts, melds: u8) -> Counts {
        let mut h = *h;
        let mut drop = 3 * usize::from(melds);
        for n in h.0.iter_mut().rev() {
            while drop > 0 && *n > 0 {
                *n -= 1;
                drop -= 1;
            }
        }
        h
    }

    #[test]
    fn acceptance_against_every_trial_draw() {
        for set in [TileSet::Full, TileSet::ThreePlayer] {
            for (seed, melds) in [(11, 0), (12, 1), (13, 2), (14, 3)] {
                for h in hands(seed, 4000, 1) {
                    let mut h = trimmed(&h, melds);
                    if set == TileSet::ThreePlayer {
                        // Move 2m–8m to the honours: the three-player set
                        // has none.
                        for k in 1..=7 {
                            let n = std::mem::take(&mut h.0[k]);
                            let z = 27 + (k % 7);
                            let room = 4 - h.0[z].min(4);
                            h.0[z] += n.min(room);
                            h.0[0] = h.0[0].saturating_add(n.saturating_sub(room)).min(4);
                        }
                        if h.total() % 3 != 1 {
                            continue;
                        }
                    }
                    let a = acceptance(&h, melds, set);
                    assert_eq!(a.shanten, shanten_in(&h, melds, set), "{h:?} {set:?}");
                    assert_eq!(
                        a.kinds,
                        trial(&h, melds, set),
                        "{h:?} melds {melds} {set:?}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// Any hand of 3n+1 tiles from a four-copy wall, any number of
        /// melds, either tile set: the acceptance is exactly the draws
        /// (of all 34 kinds) that lower the shanten, and cached discards
        /// are the uncached ones.
        #[test]
        fn acceptance_is_every_draw_that_helps(
            picks in proptest::collection::vec(0usize..136, 14),
            melds in 0u8..4,
            three in proptest::bool::ANY,
        ) {
            let set = if three { TileSet::ThreePlayer } else { TileSet::Full };
            let mut c = Counts::default();
            let mut used = [false; 136];
            for p in picks {
                // Distinct physical tiles; 2m-8m read as 1m/9m with three players.
                let mut p = p;
                while used[p] {
                    p = (p + 1) % 136;
                }
                used[p] = true;
                let mut k = p / 4;
                if three && (1..=7).contains(&k) {
                    k = if k < 4 { 0 } else { 8 };
                }
                if c.0[k] < 4 {
                    c.0[k] += 1;
                }
            }
            let size = 14 - 3 * usize::from(melds);
            let mut h = Counts::default();
            let mut n = 0;
            for k in 0..34 {
                while h.0[k] < c.0[k] && n < size {
                    h.0[k] += 1;
                    n += 1;
                }
            }
            proptest::prop_assume!(n == size);
            let mut cache = SuitCache::default();
            let cached = discard_acceptance_cached(&h, melds, set, &mut cache);
            proptest::prop_assert_eq!(&cached, &discard_acceptance(&h, melds, set));
            for (kind, a) in cached {
                let mut less = h;
                less.0[usize::from(kind)] -= 1;
                proptest::prop_assert_eq!(a.shanten, shanten_in(&less, melds, set));
                proptest::prop_assert_eq!(a.kinds, trial(&less, melds, set));
            }
        }
    }

    #[test]
    fn discards_are_each_an_acceptance() {
        let mut rng = Lcg::new(5);
        for h in hands(21, 3000, 2) {
            let melds = [0, 0, 1, 2][rng.below(4)];
            let h = trimmed(&h, melds);
            let all = discard_acceptance(&h, melds, TileSet::Full);
            let held = h.0.iter().filter(|&&n| n > 0).count();
            assert_eq!(all.len(), held);
            for (kind, a) in all {
                let mut less = h;
                less.0[usize::from(kind)] -= 1;
                assert_eq!(a, acceptance(&less, melds, TileSet::Full));
            }
        }
    }

    /// A cache changes how often the tables are read, never a result: one
    /// cache kept over thousands of hands of both sets (as a batch keeps
    /// the thread's) answers as no cache does, the standard form included.
    #[test]
    fn a_warm_cache_answers_as_none() {
        let mut rng = Lcg::new(11);
        let mut cache = SuitCache::take_thread();
        let mut checked = 0;
        for h in hands(23, 4000, 2) {
            let melds = [0, 0, 1, 2][rng.below(4)];
            let h = trimmed(&h, melds);
            for set in [TileSet::Full, TileSet::ThreePlayer] {
                let warm = discard_forms_cached(&h, melds, set, &mut cache);
                let cold = discard_acceptance_with(&h, melds, set, &mut SuitCache::none());
                assert_eq!(warm, cold);
                checked += warm.len();
            }
        }
        cache.give_back();
        assert!(checked > 40_000, "{checked}");
    }
}
