//! Yaku and yakuman of one reading (WRC 2015 §6.5, with the profile's
//! switches).
//!
//! Non-combination rules: ryanpeikou replaces iipeikou, junchan replaces
//! chanta, chinitsu replaces honitsu, double riichi replaces riichi; any
//! yakuman replaces every ordinary yaku.

use super::facts::{Facts, is_honor, is_terminal_or_honor};
use super::reading::{Reading, Set, SetKind, Shape, Wait};
use super::{RiichiKind, YakuHan, YakumanCount};
use crate::event::Wind;
use crate::rules::Renhou;
use crate::yaku::Yaku;

/// What a reading scores before dora.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Found {
    /// Ordinary yaku with their han (empty when there is a yakuman).
    pub yaku: Vec<YakuHan>,
    /// Yakuman with their multipliers.
    pub yakuman: Vec<YakumanCount>,
}

impl Found {
    /// Han from yaku (not dora).
    pub fn han(&self) -> u32 {
        self.yaku.iter().map(|y| u32::from(y.han)).sum()
    }
}

struct Collect<'f> {
    facts: &'f Facts<'f>,
    found: Found,
}

impl Collect<'_> {
    /// A yaku worth `closed` han, or `open` han in an open hand.
    fn yaku(&mut self, yaku: Yaku, closed: u8, open: u8) {
        let han = if self.facts.closed { closed } else { open };
        if han > 0 {
            self.found.yaku.push(YakuHan { yaku, han });
        }
    }

    /// A yakuman, counted double when the rules make `double` true.
    fn yakuman(&mut self, yaku: Yaku, double: bool) {
        self.found.yakuman.push(YakumanCount {
            yaku,
            multiplier: if double { 2 } else { 1 },
        });
    }
}

/// Detects the yaku of `reading`; `pinfu` says whether its fu make it the
/// pinfu shape.
pub(super) fn detect(reading: &Reading, pinfu: bool, facts: &Facts<'_>) -> Found {
    let mut c = Collect {
        facts,
        found: Found::default(),
    };
    situational(&mut c);
    by_tiles(&mut c);
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
    let mut found = c.found;
    if found.yakuman.is_empty() {
        found.yaku.sort_by(|a, b| a.yaku.cmp(&b.yaku));
    } else {
        found.yaku.clear();
        found.yakuman.sort_by(|a, b| a.yaku.cmp(&b.yaku));
    }
    found
}

/// Yaku of how the hand was won.
fn situational(c: &mut Collect<'_>) {
    let s = c.facts.situation;
    match s.riichi {
        RiichiKind::None => {}
        RiichiKind::Riichi => c.yaku(Yaku::Riichi, 1, 0),
        RiichiKind::Double => c.yaku(Yaku::DoubleRiichi, 2, 0),
    }
    if s.ippatsu {
        c.yaku(Yaku::Ippatsu, 1, 0);
    }
    if s.tsumo {
        c.yaku(Yaku::MenzenTsumo, 1, 0);
    }
    if s.rinshan {
        c.yaku(Yaku::RinshanKaihou, 1, 1);
    }
    if s.chankan {
        c.yaku(Yaku::Chankan, 1, 1);
    }
    if s.haitei {
        c.yaku(Yaku::Haitei, 1, 1);
    }
    if s.houtei {
        c.yaku(Yaku::Houtei, 1, 1);
    }
    if s.tenhou {
        c.yakuman(Yaku::Tenhou, false);
    }
    if s.chiihou {
        c.yakuman(Yaku::Chiihou, false);
    }
    if s.renhou && c.facts.rules.renhou == Renhou::Yakuman {
        c.yakuman(Yaku::Renhou, false);
    }
}

/// Yaku that depend only on which tiles the hand holds.
fn by_tiles(c: &mut Collect<'_>) {
    let f = c.facts;
    let kinds: Vec<u8> = f.kinds().collect();
    let suits = {
        let mut s = [false; 3];
        for &k in &kinds {
            if let Some(slot) = s.get_mut(usize::from(k / 9)) {
                *slot = true;
            }
        }
        s.iter().filter(|&&x| x).count()
    };
    let honors = kinds.iter().any(|&k| is_honor(k));

    if kinds.iter().all(|&k| !is_terminal_or_honor(k)) && (f.closed || f.rules.open_tanyao) {
        c.yaku(Yaku::Tanyao, 1, 1);
    }
    if suits == 1 && !honors {
        c.yaku(Yaku::Chinitsu, 6, 5);
    } else if suits == 1 {
        c.yaku(Yaku::Honitsu, 3, 2);
    }
    if kinds.iter().all(|&k| is_terminal_or_honor(k)) {
        if suits == 0 {
            c.yakuman(Yaku::Tsuuiisou, false);
        } else if !honors {
            c.yakuman(Yaku::Chinroutou, false);
        }
        c.yaku(Yaku::Honroutou, 2, 2);
    }
    // Green: 2 3 4 6 8 of bamboo and the green dragon.
    if kinds
        .iter()
        .all(|&k| matches!(k, 19 | 20 | 21 | 23 | 25 | 32))
    {
        c.yakuman(Yaku::Ryuuiisou, false);
    }
    nine_gates(c, suits == 1 && !honors);
}

/// Nine gates: concealed, no kong, 1112345678999 plus one tile of the suit.
fn nine_gates(c: &mut Collect<'_>, one_suit: bool) {
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
fn sets_yaku(c: &mut Collect<'_>, sets: &[Set], pair: u8, wait: Wait) {
    let f = c.facts;
    let sequences: Vec<u8> = sets
        .iter()
        .filter(|s| s.kind == SetKind::Sequence)
        .map(|s| s.tile)
        .collect();
    let triplets: Vec<u8> = sets
        .iter()
        .filter(|s| s.is_triplet_like())
        .map(|s| s.tile)
        .collect();
    let concealed_triplets = sets
        .iter()
        .filter(|s| s.is_triplet_like() && s.concealed)
        .count();

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

    let has = |tiles: &[u8], t: u8| tiles.contains(&t);
    if (0u8..9).any(|n| has(&sequences, n) && has(&sequences, n + 9) && has(&sequences, n + 18)) {
        c.yaku(Yaku::SanshokuDoujun, 2, 1);
    }
    if (0u8..3).any(|s| (0u8..3).all(|i| has(&sequences, s * 9 + i * 3))) {
        c.yaku(Yaku::Ittsu, 2, 1);
    }
    if !sequences.is_empty()
        && is_terminal_or_honor(pair)
        && sets.iter().all(|&s| has_terminal_or_honor(s))
    {
        let honors = is_honor(pair) || triplets.iter().any(|&t| is_honor(t));
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
    if (0u8..9).any(|n| has(&triplets, n) && has(&triplets, n + 9) && has(&triplets, n + 18)) {
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

/// Yakuhai: each dragon triplet, the seat wind's and the round wind's (a
/// double wind counts twice).
fn value_triplets(c: &mut Collect<'_>, triplets: &[u8]) {
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
