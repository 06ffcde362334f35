//! Yaku and yakuman of one reading (WRC 2015 §6.5, with the profile's
//! switches).
//!
//! Non-combination rules: ryanpeikou replaces iipeikou, junchan replaces
//! chanta, chinitsu replaces honitsu, double riichi replaces riichi; any
//! yakuman replaces every ordinary yaku.

use arrayvec::ArrayVec;

use super::RiichiKind;
use super::facts::{
    Facts, HONORS, KindSet, SUIT, TERMINALS_AND_HONORS, is_honor, is_terminal_or_honor, kind_bit,
};
use super::reading::{Reading, Set, Shape, Wait};
use super::tally::Sink;
use crate::event::Wind;
use crate::rules::Renhou;
use crate::yaku::Yaku;

struct Collect<'f, 's, S> {
    facts: &'f Facts<'f>,
    sink: &'s mut S,
}

impl<S: Sink> Collect<'_, '_, S> {
    /// A yaku worth `closed` han, or `open` han in an open hand.
    fn yaku(&mut self, yaku: Yaku, closed: u8, open: u8) {
        let han = if self.facts.closed { closed } else { open };
        if han > 0 {
            self.sink.yaku(yaku, han);
        }
    }

    /// A yakuman, counted double when the rules make `double` true.
    fn yakuman(&mut self, yaku: Yaku, double: bool) {
        self.sink.yakuman(yaku, if double { 2 } else { 1 });
    }
}

/// The yaku every reading of the hand shares: how it was won, and which
/// tiles it holds. [`detect`] gives the rest, reading by reading.
pub(super) fn hand_level(facts: &Facts<'_>, sink: &mut impl Sink) {
    let mut c = Collect { facts, sink };
    situational(&mut c);
    by_tiles(&mut c);
}

/// The yaku `reading` adds to those of the whole hand ([`hand_level`]);
/// `pinfu` says whether its fu make it the pinfu shape.
pub(super) fn detect(reading: &Reading<'_>, pinfu: bool, facts: &Facts<'_>, sink: &mut impl Sink) {
    let mut c = Collect { facts, sink };
    match &reading.shape {
        Shape::SevenPairs => c.yaku(Yaku::Chiitoitsu, 2, 0),
        Shape::ThirteenOrphans { pair } => {
            if *pair == facts.win {
                let double = facts.rules.double_yakuman.kokushi_13_wait;
                c.yakuman(Yaku::KokushiMusou13, double);
            } else {
                c.yakuman(Yaku::KokushiMusou, false);
            }
        }
        Shape::Standard { sets, pair } => {
            if pinfu {
                c.yaku(Yaku::Pinfu, 1, 0);
            }
            sets_yaku(&mut c, sets, *pair, reading.wait);
        }
    }
}

/// Yaku of how the hand was won.
fn situational(c: &mut Collect<'_, '_, impl Sink>) {
    let s = c.facts.situation;
    match s.riichi {
        RiichiKind::None => {}
        RiichiKind::Riichi => c.yaku(Yaku::Riichi, 1, 0),
        RiichiKind::Double => c.yaku(Yaku::DoubleRiichi, 2, 0),
    }
    // Each switch of the situation with its yaku: closed han, open han.
    let one_han = [
        (s.ippatsu && c.facts.rules.ippatsu, Yaku::Ippatsu, 1, 0),
        (s.tsumo, Yaku::MenzenTsumo, 1, 0),
        (s.rinshan, Yaku::RinshanKaihou, 1, 1),
        (s.chankan, Yaku::Chankan, 1, 1),
        (s.haitei, Yaku::Haitei, 1, 1),
        (s.houtei, Yaku::Houtei, 1, 1),
    ];
    for (won, yaku, closed, open) in one_han {
        if won {
            c.yaku(yaku, closed, open);
        }
    }
    let renhou = s.renhou && c.facts.rules.renhou == Renhou::Yakuman;
    for (won, yaku) in [
        (s.tenhou, Yaku::Tenhou),
        (s.chiihou, Yaku::Chiihou),
        (renhou, Yaku::Renhou),
    ] {
        if won {
            c.yakuman(yaku, false);
        }
    }
}

/// Green tiles: 2 3 4 6 8 of bamboo and the green dragon.
const GREEN: KindSet = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;

/// Yaku that depend only on which tiles the hand holds.
fn by_tiles(c: &mut Collect<'_, '_, impl Sink>) {
    let f = c.facts;
    let present = f.present;
    let suits = (0..3).filter(|s| present & SUIT << (9 * s) != 0).count();
    let honors = present & HONORS != 0;

    if present & TERMINALS_AND_HONORS == 0 && (f.closed || f.rules.open_tanyao) {
        c.yaku(Yaku::Tanyao, 1, 1);
    }
    if suits == 1 && !honors {
        c.yaku(Yaku::Chinitsu, 6, 5);
    } else if suits == 1 {
        c.yaku(Yaku::Honitsu, 3, 2);
    }
    if present & !TERMINALS_AND_HONORS == 0 {
        if suits == 0 {
            c.yakuman(Yaku::Tsuuiisou, false);
        } else if !honors {
            c.yakuman(Yaku::Chinroutou, false);
        }
        c.yaku(Yaku::Honroutou, 2, 2);
    }
    if present & !GREEN == 0 {
        c.yakuman(Yaku::Ryuuiisou, false);
    }
    nine_gates(c, suits == 1 && !honors);
}

/// Nine gates: concealed, no kong, 1112345678999 plus one tile of the suit.
fn nine_gates(c: &mut Collect<'_, '_, impl Sink>, one_suit: bool) {
    let f = c.facts;
    if !f.no_melds || !one_suit {
        return;
    }
    let Some(first) = (0u8..27).find(|&k| f.concealed.get(k) > 0) else {
        return;
    };
    let base = first - first % 9;
    let shape_ok = (0u8..9).all(|n| {
        let need = if n == 0 || n == 8 { 3 } else { 1 };
        f.concealed.get(base + n) >= need
    });
    if shape_ok {
        // The thirteen tiles before the win were exactly 1112345678999 when
        // the winning tile is the extra one: 2 of it (4 for a 1 or a 9).
        let junsei = matches!(f.concealed.get(f.win), 2 | 4);
        if junsei {
            let double = f.rules.double_yakuman.junsei_chuuren;
            c.yakuman(Yaku::JunseiChuurenPoutou, double);
        } else {
            c.yakuman(Yaku::ChuurenPoutou, false);
        }
    }
}

fn has_terminal_or_honor(set: Set) -> bool {
    set.kinds().any(is_terminal_or_honor)
}

/// Yaku of four sets and a pair.
fn sets_yaku(c: &mut Collect<'_, '_, impl Sink>, sets: &[Set], pair: u8, wait: Wait) {
    let f = c.facts;
    // At most four sets, so the lists below always fit.
    let mut sequences = ArrayVec::<u8, 4>::new();
    let mut triplets = ArrayVec::<u8, 4>::new();
    // The same as kind sets, for membership tests.
    let mut sequence_set: KindSet = 0;
    let mut triplet_set: KindSet = 0;
    let mut concealed_triplets = 0;
    for s in sets {
        if s.is_triplet_like() {
            let _fits = triplets.try_push(s.tile);
            triplet_set |= kind_bit(s.tile);
            concealed_triplets += usize::from(s.concealed);
        } else {
            let _fits = sequences.try_push(s.tile);
            sequence_set |= kind_bit(s.tile);
        }
    }

    // Identical sequences: one pair of them is iipeikou, two ryanpeikou
    // (four identical sequences are two pairs).
    if f.closed {
        let mut sorted = sequences.clone();
        sorted.sort_unstable();
        let mut pairs = 0;
        let mut i = 0;
        while i + 1 < sorted.len() {
            if sorted.get(i) == sorted.get(i + 1) {
                pairs += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        if pairs >= 2 {
            c.yaku(Yaku::Ryanpeikou, 3, 0);
        } else if pairs == 1 {
            c.yaku(Yaku::Iipeikou, 1, 0);
        }
    }

    value_triplets(c, &triplets);

    if in_three_suits(sequence_set) {
        c.yaku(Yaku::SanshokuDoujun, 2, 1);
    }
    // 123 456 789 of one suit.
    let straight: KindSet = 1 | 1 << 3 | 1 << 6;
    if (0..3).any(|s| sequence_set >> (9 * s) & straight == straight) {
        c.yaku(Yaku::Ittsu, 2, 1);
    }
    if !sequences.is_empty()
        && is_terminal_or_honor(pair)
        && sets.iter().all(|&s| has_terminal_or_honor(s))
    {
        let honors = is_honor(pair) || triplet_set & HONORS != 0;
        if honors {
            c.yaku(Yaku::Chanta, 2, 1);
        } else {
            c.yaku(Yaku::Junchan, 3, 2);
        }
    }
    if triplets.len() == 4 {
        c.yaku(Yaku::Toitoi, 2, 2);
    }
    if concealed_triplets == 3 {
        c.yaku(Yaku::Sanankou, 2, 2);
    }
    if concealed_triplets == 4 {
        if wait == Wait::Tanki {
            let double = f.rules.double_yakuman.suuankou_tanki;
            c.yakuman(Yaku::SuuankouTanki, double);
        } else {
            c.yakuman(Yaku::Suuankou, false);
        }
    }
    match f.kongs {
        3 => c.yaku(Yaku::Sankantsu, 2, 2),
        4 => c.yakuman(Yaku::Suukantsu, false),
        _ => {}
    }
    if in_three_suits(triplet_set) {
        c.yaku(Yaku::SanshokuDoukou, 2, 2);
    }

    let dragons = triplets.iter().filter(|&&t| t >= 31).count();
    let winds = triplets.iter().filter(|&&t| (27..31).contains(&t)).count();
    if dragons == 3 {
        c.yakuman(Yaku::Daisangen, false);
    } else if dragons == 2 && pair >= 31 {
        c.yaku(Yaku::Shousangen, 2, 2);
    }
    if winds == 4 {
        c.yakuman(Yaku::Daisuushii, f.rules.double_yakuman.daisuushii);
    } else if winds == 3 && (27..31).contains(&pair) {
        c.yakuman(Yaku::Shousuushii, false);
    }
}

/// Whether some number is in `set` in all three suits.
fn in_three_suits(set: KindSet) -> bool {
    set & set >> 9 & set >> 18 & SUIT != 0
}

/// Yakuhai: each dragon triplet, the seat wind's and the round wind's (a
/// double wind counts twice).
fn value_triplets(c: &mut Collect<'_, '_, impl Sink>, triplets: &[u8]) {
    let seat = c.facts.situation.seat_wind;
    let round = c.facts.situation.round_wind;
    for &t in triplets {
        match t {
            31 => c.yaku(Yaku::Haku, 1, 1),
            32 => c.yaku(Yaku::Hatsu, 1, 1),
            33 => c.yaku(Yaku::Chun, 1, 1),
            _ => {}
        }
        if t == 27 + seat.index() {
            c.yaku(seat_wind_yaku(seat), 1, 1);
        }
        if t == 27 + round.index() {
            c.yaku(round_wind_yaku(round), 1, 1);
        }
    }
}

fn seat_wind_yaku(w: Wind) -> Yaku {
    match w {
        Wind::East => Yaku::SeatWindEast,
        Wind::South => Yaku::SeatWindSouth,
        Wind::West => Yaku::SeatWindWest,
        Wind::North => Yaku::SeatWindNorth,
    }
}

fn round_wind_yaku(w: Wind) -> Yaku {
    match w {
        Wind::East => Yaku::RoundWindEast,
        Wind::South => Yaku::RoundWindSouth,
        Wind::West => Yaku::RoundWindWest,
        Wind::North => Yaku::RoundWindNorth,
    }
}
