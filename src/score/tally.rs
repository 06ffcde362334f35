//! Where detected yaku go.
//!
//! Readings are ranked by a [`Tally`]: han and yakuman counted, and each
//! yaku recorded by its Tenhou id, a byte that orders yaku as [`Yaku`]'s
//! `Ord` does. The winning reading's yaku are then named from the record
//! ([`recorded_names`]) instead of being detected a second time. [`Naming`]
//! names them by detecting again, for a yaku a tally could not record (one
//! without a Tenhou id; detection finds none such today).

use arrayvec::ArrayVec;

use super::{YakuHan, YakumanCount};
use crate::yaku::Yaku;

/// Where detected yaku go.
pub(super) trait Sink {
    /// An ordinary yaku worth `han` (more than 0).
    fn yaku(&mut self, yaku: Yaku, han: u8);
    /// A yakuman counted `multiplier` times.
    fn yakuman(&mut self, yaku: Yaku, multiplier: u8);
}

/// The numbers that rank readings. Counts of the hand and of a reading
/// add up ([`Count::plus`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct Count {
    /// How many ordinary yaku.
    pub yaku: u32,
    /// Han from ordinary yaku.
    pub han: u32,
    /// How many yakuman.
    pub yakuman: u32,
    /// The yakuman's multipliers added up.
    pub multiplier_sum: u32,
    /// The largest multiplier.
    pub multiplier_max: u32,
}

impl Count {
    /// Both counts together.
    pub fn plus(self, other: Self) -> Self {
        Self {
            yaku: self.yaku.saturating_add(other.yaku),
            han: self.han.saturating_add(other.han),
            yakuman: self.yakuman.saturating_add(other.yakuman),
            multiplier_sum: self.multiplier_sum.saturating_add(other.multiplier_sum),
            multiplier_max: self.multiplier_max.max(other.multiplier_max),
        }
    }
}

/// One yaku recorded: its Tenhou id and its han (its multiplier for a
/// yakuman).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Hit {
    id: u8,
    value: u8,
    yakuman: bool,
}

/// Room for the yaku of one part, the hand's or a reading's. The hand
/// finds at most 7 yaku of how it was won, 3 by its tiles and 6 yakuman;
/// a reading at most pinfu or seven pairs, a peikou, 8 yakuhai, 8 more
/// from its sets and 4 yakuman: 23.
const HITS: usize = 24;

/// Yaku counted, and recorded by id.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Tally {
    /// The numbers.
    pub count: Count,
    /// The yaku in the order found.
    hits: ArrayVec<Hit, HITS>,
    /// A yaku could not be recorded (no Tenhou id, or no room).
    unrecorded: bool,
}

impl Tally {
    fn record(&mut self, yaku: &Yaku, value: u8, yakuman: bool) {
        let recorded = yaku
            .tenhou_id()
            .is_some_and(|id| self.hits.try_push(Hit { id, value, yakuman }).is_ok());
        self.unrecorded |= !recorded;
    }
}

impl Sink for Tally {
    fn yaku(&mut self, yaku: Yaku, han: u8) {
        self.count.yaku = self.count.yaku.saturating_add(1);
        self.count.han = self.count.han.saturating_add(u32::from(han));
        self.record(&yaku, han, false);
    }

    fn yakuman(&mut self, yaku: Yaku, multiplier: u8) {
        let m = u32::from(multiplier);
        let c = &mut self.count;
        c.yakuman = c.yakuman.saturating_add(1);
        c.multiplier_sum = c.multiplier_sum.saturating_add(m);
        c.multiplier_max = c.multiplier_max.max(m);
        self.record(&yaku, multiplier, true);
    }
}

/// The yaku and yakuman by name, as a [`super::Scored`] gives them: no
/// ordinary yaku beside a yakuman, each list sorted.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Lists {
    /// Ordinary yaku with their han.
    pub yaku: Vec<YakuHan>,
    /// Yakuman with their multipliers.
    pub yakuman: Vec<YakumanCount>,
}

impl Lists {
    /// Empty lists with room for what `count` counted (the same
    /// reading's), so that filling them allocates once per list.
    pub fn sized_for(count: &Count) -> Self {
        let room = |n: u32| usize::try_from(n).unwrap_or(0);
        let ordinary = if count.yakuman > 0 { 0 } else { count.yaku };
        Self {
            yaku: Vec::with_capacity(room(ordinary)),
            yakuman: Vec::with_capacity(room(count.yakuman)),
        }
    }

    /// Sorts both lists (stable: as [`recorded_names`] does).
    pub fn finish(mut self) -> Self {
        self.yaku.sort_by(|a, b| a.yaku.cmp(&b.yaku));
        self.yakuman.sort_by(|a, b| a.yaku.cmp(&b.yaku));
        self
    }
}

/// The named lists of what `parts` recorded (the hand's tally, then the
/// winning reading's), or `None` if a yaku went unrecorded.
pub(super) fn recorded_names(parts: [&Tally; 2]) -> Option<Lists> {
    if parts.iter().any(|t| t.unrecorded) {
        return None;
    }
    let yakuman = parts.iter().any(|t| t.count.yakuman > 0);
    let mut hits = ArrayVec::<Hit, { 2 * HITS }>::new();
    for hit in parts.iter().flat_map(|t| t.hits.iter()) {
        if hit.yakuman == yakuman {
            hits.try_push(*hit).ok()?;
        }
    }
    // Stable, so that equal ids keep the order found, as in `Lists::finish`.
    hits.sort_by_key(|h| h.id);
    // `Yaku::ALL` lists the yaku in id order; the check keeps it honest.
    let name = |h: &Hit| {
        Yaku::ALL
            .get(usize::from(h.id))
            .filter(|y| y.tenhou_id() == Some(h.id))
            .cloned()
    };
    let mut lists = Lists::default();
    if yakuman {
        lists.yakuman.reserve_exact(hits.len());
        for h in &hits {
            lists.yakuman.push(YakumanCount {
                yaku: name(h)?,
                multiplier: h.value,
            });
        }
    } else {
        lists.yaku.reserve_exact(hits.len());
        for h in &hits {
            lists.yaku.push(YakuHan {
                yaku: name(h)?,
                han: h.value,
            });
        }
    }
    Some(lists)
}

/// Names the yaku of a reading by detecting them again: once a yakuman is
/// among them, ordinary yaku are left out.
pub(super) struct Naming<'l> {
    /// Whether the reading has a yakuman (from its count).
    pub yakuman: bool,
    /// Where the names go.
    pub lists: &'l mut Lists,
}

impl Sink for Naming<'_> {
    fn yaku(&mut self, yaku: Yaku, han: u8) {
        if !self.yakuman {
            self.lists.yaku.push(YakuHan { yaku, han });
        }
    }

    fn yakuman(&mut self, yaku: Yaku, multiplier: u8) {
        self.lists.yakuman.push(YakumanCount { yaku, multiplier });
    }
}
