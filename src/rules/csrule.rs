//! Tenhou lobby rule sheets (`csrule`): a comma-separated list of fields,
//! the first two hexadecimal bit sets, the rest decimal numbers. The meaning
//! of each bit is the one documented beside a real lobby game's `csrule`
//! (the InjusticeJudge example log, after tenhou.net's blog) and checked on
//! the two lobby games of the corpus; `formats/rules.md` lists what is
//! decoded and what is only noted.
//!
//! A field left empty means "all bits clear" for the bit sets and "the
//! default" for the numbers, so a rule sheet is read as a complete
//! description of the lobby: a bit that is not set turns the rule it names
//! back to Tenhou's default.

use super::{FourHeldWait, KanDoraTiming, KazoeLimit, KongAfterRiichi, MultipleRon, Rules};

/// Field 0 bits that map onto [`Rules`] fields: (bit, meaning when set).
const NO_NAGASHI: u32 = 0x1;
const KIRIAGE: u32 = 0x2;
const NO_TOBI: u32 = 0x4;
const KAN_DORA_AT_ONCE: u32 = 0x8;
const NO_URA: u32 = 0x40;
const NO_KAN_URA: u32 = 0x80;
const NO_FOUR_WINDS: u32 = 0x100;
const NO_FOUR_KANS: u32 = 0x200;
const NO_FOUR_RIICHI: u32 = 0x400;
const NO_NINE_TERMINALS: u32 = 0x800;
const NO_TRIPLE_RON: u32 = 0x1000;
const HEAD_BUMP: u32 = 0x2000;
const NO_RENCHAN_ON_WIN: u32 = 0x10000;
const NO_RENCHAN_ON_TENPAI: u32 = 0x20000;
const KITA: u32 = 0x40_0000;
const RIICHI_WITHOUT_DRAWS: u32 = 0x200_0000;
const WRC_ANKAN: u32 = 0x400_0000;
/// A wait on a kind held four times, melds included, is no wait.
const FOUR_HELD_NOTEN: u32 = 0x800_0000;

/// Field 0 bits whose rule no [`Rules`] field expresses.
const FIELD0_NOT_MODELLED: &[(u32, &str)] = &[
    (0x10, "no dora"),
    (0x20, "no kan dora"),
    (
        0x4000,
        "no agari-yame (the last dealer's win in the lead does not end the game)",
    ),
    (0x8000, "no tenpai-yame"),
    (0x4_0000, "final game points rounded to whole numbers"),
    (0x8_0000, "no ippatsu"),
    (0x10_0000, "double round wind"),
    (0x20_0000, "sudden death (West round)"),
    (0x80_0000, "three-player tsumo split evenly"),
    (0x100_0000, "renhou (its value is not given)"),
];

/// Field 0 bits that change nothing paifu checks.
const FIELD0_IGNORED: u32 = 0x4000_0000;

/// Field 1 bits.
const TWO_FU_DOUBLE_WIND: u32 = 0x1;
const SHARED_UMA: u32 = 0x2;
const LEFTOVER_TO_TOP: u32 = 0x4;
const NO_KAZOE: u32 = 0x10;
const FIELD1_NOT_MODELLED: &[(u32, &str)] = &[(0x8, "liability for four kongs")];

/// Decimal fields noted when set, as no profile field holds them.
const NUMBERS_NOT_MODELLED: &[(usize, &str)] = &[
    (5, "points required to end the game"),
    (7, "a score that ends the game at once"),
    (8, "the least number of kyoku"),
    (9, "the most number of kyoku"),
    (10, "riichi stick value"),
    (19, "chip value"),
    (20, "points-to-game-points factor"),
];

/// Fields read as numbers (see [`apply`]); others are unknown.
const KNOWN_NUMBERS: &[usize] = &[4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20];
/// The uma table: five rows (by how many players end below the start) of
/// the 2nd, 3rd and 4th place's uma.
const UMA_FIELDS: std::ops::Range<usize> = 21..36;

/// What reading a rule sheet did to a profile.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Applied {
    /// The profile values changed, one phrase each (`kiriage on`).
    pub changed: Vec<String>,
    /// Rules of the sheet no profile field holds: not checked.
    pub not_modelled: Vec<String>,
    /// Fields that could not be read (not hexadecimal, not a number).
    pub unreadable: Vec<String>,
}

/// Sets `slot` to `value`, remembering `what` when it changes.
fn set<T: PartialEq>(slot: &mut T, value: T, what: impl FnOnce() -> String, out: &mut Applied) {
    if *slot != value {
        *slot = value;
        out.changed.push(what());
    }
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

/// Applies a lobby rule sheet to a Tenhou profile.
pub(super) fn apply(text: &str, rules: &mut Rules) -> Applied {
    let fields: Vec<&str> = text.split(',').map(str::trim).collect();
    let mut out = Applied::default();
    let field = |i: usize| fields.get(i).copied().filter(|f| !f.is_empty());
    let hex = |i: usize, out: &mut Applied| -> u32 {
        field(i).map_or(0, |f| {
            u32::from_str_radix(f, 16).unwrap_or_else(|_| {
                out.unreadable
                    .push(format!("field {i} `{f}` is not hexadecimal"));
                0
            })
        })
    };
    let flags = hex(0, &mut out);
    let flags1 = hex(1, &mut out);
    for i in [2, 3] {
        if hex(i, &mut out) != 0 {
            out.not_modelled.push(format!("rule flags in field {i}"));
        }
    }
    apply_flags(flags, rules, &mut out);
    apply_flags1(flags1, rules, &mut out);

    let number = |i: usize, out: &mut Applied| -> Option<i32> {
        let f = field(i)?;
        match f.parse::<i32>() {
            Ok(n) => Some(n),
            Err(_) => {
                out.unreadable
                    .push(format!("field {i} `{f}` is not a number"));
                None
            }
        }
    };
    let seats = i32::from(rules.seats.max(2));
    if let Some(start) = number(4, &mut out) {
        set(
            &mut rules.uma.starting_points,
            start,
            || format!("starting points {start}"),
            &mut out,
        );
    }
    if let Some(ret) = number(6, &mut out) {
        set(
            &mut rules.uma.return_points,
            ret,
            || format!("return points {ret}"),
            &mut out,
        );
    }
    if let Some(per_payer) = number(11, &mut out) {
        let value = per_payer.saturating_mul(seats - 1);
        set(
            &mut rules.honba_value,
            value,
            || format!("counter worth {value}"),
            &mut out,
        );
    }
    let noten = [16, 17, 18].map(|i| number(i, &mut out));
    match noten {
        [None, None, None] => {}
        [Some(one), Some(two), Some(three)]
            if one.saturating_mul(3) == three && two.saturating_mul(2) == three =>
        {
            set(
                &mut rules.noten_payment,
                three,
                || format!("noten payments {three} in all"),
                &mut out,
            );
        }
        _ => out
            .not_modelled
            .push("noten payments that do not add up to one total".into()),
    }
    for &(i, what) in NUMBERS_NOT_MODELLED {
        let Some(n) = number(i, &mut out) else {
            continue;
        };
        let default = match i {
            5 => Some(rules.uma.starting_points),
            10 => Some(1000),
            _ => None,
        };
        if default != Some(n) {
            out.not_modelled.push(format!("{what} {n}"));
        }
    }
    apply_uma(&fields, rules, &mut out);
    for (i, f) in fields.iter().enumerate() {
        let known = i < 4 || KNOWN_NUMBERS.contains(&i) || UMA_FIELDS.contains(&i);
        if !known && !f.is_empty() {
            out.not_modelled
                .push(format!("field {i} `{f}` (meaning unknown)"));
        }
    }
    out
}

fn apply_flags(flags: u32, rules: &mut Rules, out: &mut Applied) {
    let bit = |b: u32| flags & b != 0;
    set(
        &mut rules.nagashi_mangan,
        !bit(NO_NAGASHI),
        || format!("nagashi mangan {}", on_off(!bit(NO_NAGASHI))),
        out,
    );
    set(
        &mut rules.kiriage,
        bit(KIRIAGE),
        || format!("kiriage mangan {}", on_off(bit(KIRIAGE))),
        out,
    );
    set(
        &mut rules.ends_below_zero,
        !bit(NO_TOBI),
        || format!("game ends below zero {}", on_off(!bit(NO_TOBI))),
        out,
    );
    if bit(KAN_DORA_AT_ONCE) {
        set(
            &mut rules.kan_dora_timing,
            KanDoraTiming::Immediate,
            || "kan dora turned at once".into(),
            out,
        );
    }
    set(
        &mut rules.ura_dora,
        !bit(NO_URA),
        || format!("ura dora {}", on_off(!bit(NO_URA))),
        out,
    );
    set(
        &mut rules.kan_ura_dora,
        !bit(NO_KAN_URA),
        || format!("kan ura dora {}", on_off(!bit(NO_KAN_URA))),
        out,
    );
    let aborts = &mut rules.abortive_draws;
    for (slot, b, name) in [
        (&mut aborts.four_winds, NO_FOUR_WINDS, "four winds"),
        (&mut aborts.four_kans, NO_FOUR_KANS, "four kongs"),
        (&mut aborts.four_riichi, NO_FOUR_RIICHI, "four riichi"),
        (
            &mut aborts.nine_terminals,
            NO_NINE_TERMINALS,
            "nine terminals",
        ),
        (&mut aborts.triple_ron, NO_TRIPLE_RON, "triple ron"),
    ] {
        set(
            slot,
            !bit(b),
            || format!("{name} abortive draw {}", on_off(!bit(b))),
            out,
        );
    }
    let multiple = if bit(HEAD_BUMP) {
        MultipleRon::HeadBump
    } else if bit(NO_TRIPLE_RON) {
        MultipleRon::All
    } else {
        MultipleRon::DoubleThenAbort
    };
    set(
        &mut rules.multiple_ron,
        multiple,
        || {
            match multiple {
                MultipleRon::HeadBump => "head bump",
                MultipleRon::All => "every ron claimant wins",
                MultipleRon::DoubleThenAbort => "double ron, triple ron aborts",
            }
            .into()
        },
        out,
    );
    set(
        &mut rules.renchan_on_win,
        !bit(NO_RENCHAN_ON_WIN),
        || {
            format!(
                "dealer repeats after a win {}",
                on_off(!bit(NO_RENCHAN_ON_WIN))
            )
        },
        out,
    );
    set(
        &mut rules.renchan_on_tenpai,
        !bit(NO_RENCHAN_ON_TENPAI),
        || {
            format!(
                "dealer repeats when tenpai {}",
                on_off(!bit(NO_RENCHAN_ON_TENPAI))
            )
        },
        out,
    );
    if rules.seats == 3 {
        set(
            &mut rules.nukidora,
            bit(KITA),
            || format!("north set aside as dora {}", on_off(bit(KITA))),
            out,
        );
    }
    if bit(RIICHI_WITHOUT_DRAWS) {
        set(
            &mut rules.riichi_min_tiles_left,
            1,
            || "riichi while a tile is left".into(),
            out,
        );
    }
    if bit(FOUR_HELD_NOTEN) {
        set(
            &mut rules.four_held_wait,
            FourHeldWait::Noten,
            || "a kind held four times, melds included, is no wait".into(),
            out,
        );
    }
    if bit(WRC_ANKAN) {
        set(
            &mut rules.kong_after_riichi,
            KongAfterRiichi::WaitsUnchangedOnlyTriplet,
            || "kong after riichi only of a triplet that changes no reading".into(),
            out,
        );
    }
    let mut known = NO_NAGASHI
        | KIRIAGE
        | NO_TOBI
        | KAN_DORA_AT_ONCE
        | NO_URA
        | NO_KAN_URA
        | NO_FOUR_WINDS
        | NO_FOUR_KANS
        | NO_FOUR_RIICHI
        | NO_NINE_TERMINALS
        | NO_TRIPLE_RON
        | HEAD_BUMP
        | NO_RENCHAN_ON_WIN
        | NO_RENCHAN_ON_TENPAI
        | KITA
        | RIICHI_WITHOUT_DRAWS
        | WRC_ANKAN
        | FOUR_HELD_NOTEN
        | FIELD0_IGNORED;
    for &(b, what) in FIELD0_NOT_MODELLED {
        known |= b;
        // The three-player bits mean nothing at a four-player table.
        let sanma_only = b == 0x80_0000;
        if bit(b) && !(sanma_only && rules.seats != 3) {
            out.not_modelled.push(what.into());
        }
    }
    if flags & !known != 0 {
        out.not_modelled
            .push(format!("unknown rule bits {:#x}", flags & !known));
    }
}

fn apply_flags1(flags: u32, rules: &mut Rules, out: &mut Applied) {
    let bit = |b: u32| flags & b != 0;
    let fu = if bit(TWO_FU_DOUBLE_WIND) { 2 } else { 4 };
    set(
        &mut rules.double_wind_pair_fu,
        fu,
        || format!("double-wind pair {fu} fu"),
        out,
    );
    set(
        &mut rules.uma.shared_on_ties,
        bit(SHARED_UMA),
        || format!("uma shared on ties {}", on_off(bit(SHARED_UMA))),
        out,
    );
    set(
        &mut rules.leftover_sticks_to_top,
        bit(LEFTOVER_TO_TOP),
        || {
            format!(
                "leftover riichi sticks to the top player {}",
                on_off(bit(LEFTOVER_TO_TOP))
            )
        },
        out,
    );
    let kazoe = if bit(NO_KAZOE) {
        KazoeLimit::Sanbaiman
    } else {
        KazoeLimit::Yakuman
    };
    set(
        &mut rules.kazoe,
        kazoe,
        || {
            if bit(NO_KAZOE) {
                "no counted yakuman (13+ han is sanbaiman)".into()
            } else {
                "counted yakuman".into()
            }
        },
        out,
    );
    let mut known = TWO_FU_DOUBLE_WIND | SHARED_UMA | LEFTOVER_TO_TOP | NO_KAZOE;
    for &(b, what) in FIELD1_NOT_MODELLED {
        known |= b;
        if bit(b) {
            out.not_modelled.push(what.into());
        }
    }
    if flags & !known != 0 {
        out.not_modelled.push(format!(
            "unknown rule bits {:#x} in field 1",
            flags & !known
        ));
    }
}

/// The uma table, when every row given is the same (the uma then does not
/// depend on who ends below the start, which is all a profile can say).
fn apply_uma(fields: &[&str], rules: &mut Rules, out: &mut Applied) {
    let places = usize::from(rules.seats.clamp(2, 4)) - 1;
    let mut rows: Vec<Vec<Option<i32>>> = Vec::new();
    for row in 0..5 {
        let start = UMA_FIELDS.start + row * 3;
        let values: Vec<Option<i32>> = (start..start + places)
            .map(|i| fields.get(i).and_then(|f| f.parse::<i32>().ok()))
            .collect();
        rows.push(values);
    }
    let given: Vec<&Vec<Option<i32>>> = rows
        .iter()
        .filter(|r| r.iter().any(Option::is_some))
        .collect();
    let Some(first) = given.first() else {
        return;
    };
    let complete: Option<Vec<i32>> = first.iter().copied().collect();
    match complete {
        Some(lower) if given.len() == rows.len() && given.iter().all(|r| r == first) => {
            let top = -lower.iter().sum::<i32>();
            let by_rank: Vec<f64> = std::iter::once(top).chain(lower).map(f64::from).collect();
            let shown = by_rank
                .iter()
                .map(|u| format!("{u:+}"))
                .collect::<Vec<_>>()
                .join("/");
            set(
                &mut rules.uma.by_rank,
                by_rank,
                || format!("uma {shown}"),
                out,
            );
        }
        _ => out
            .not_modelled
            .push("uma that depends on how many players end below the starting points".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tenhou() -> Rules {
        Rules::preset("tenhou").unwrap()
    }

    /// dnovikoff's newattr2023.xml: a 2023 lobby playing WRC-like rules.
    const NEWATTR2023: &str = "0FE0BF0B,0000001F,,,30000,30000,30000,,,,,,,,,,,,,,,5,-5,-15,5,-5,-15,5,-5,-15,5,-5,-15,5,-5,-15,,,,";
    /// pantheon's chips_tonpusen.xml: a chip lobby without tobi or renchan.
    const CHIPS: &str = "4007C004,,,,30000,30000,30000,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,";

    #[test]
    fn newattr2023_is_wrc_like() {
        let mut r = tenhou();
        let applied = apply(NEWATTR2023, &mut r);
        assert!(!r.nagashi_mangan);
        assert!(r.kiriage);
        assert!(r.ends_below_zero, "0x4 is clear: tobi stays");
        assert_eq!(r.kan_dora_timing, KanDoraTiming::Immediate);
        assert!(r.ura_dora && r.kan_ura_dora);
        let a = r.abortive_draws;
        assert!(
            !a.four_winds && !a.four_kans && !a.four_riichi && !a.nine_terminals && !a.triple_ron
        );
        assert_eq!(r.multiple_ron, MultipleRon::HeadBump);
        assert!(r.renchan_on_win && r.renchan_on_tenpai, "0x30000 is clear");
        assert_eq!(r.riichi_min_tiles_left, 1);
        assert_eq!(
            r.kong_after_riichi,
            KongAfterRiichi::WaitsUnchangedOnlyTriplet
        );
        assert_eq!(r.double_wind_pair_fu, 2);
        assert!(r.uma.shared_on_ties);
        assert!(r.leftover_sticks_to_top);
        assert_eq!(r.kazoe, KazoeLimit::Sanbaiman);
        assert_eq!(r.uma.starting_points, 30000);
        assert_eq!(r.uma.return_points, 30000);
        // The log's owari (293,-10.7,307,10.7,…) is this uma shared on ties.
        assert_eq!(r.uma.by_rank, vec![15.0, 5.0, -5.0, -15.0]);
        assert!(applied.unreadable.is_empty(), "{applied:?}");
        for expected in [
            "no tenpai-yame",
            "sudden death (West round)",
            "liability for four kongs",
            "renhou (its value is not given)",
        ] {
            assert!(
                applied.not_modelled.iter().any(|n| n == expected),
                "{expected} missing from {:?}",
                applied.not_modelled
            );
        }
        assert!(
            !applied
                .not_modelled
                .iter()
                .any(|n| n.contains("three-player")),
            "sanma bits mean nothing at four"
        );
    }

    #[test]
    fn chips_lobby_has_no_tobi_and_no_renchan() {
        let mut r = tenhou();
        let applied = apply(CHIPS, &mut r);
        assert!(!r.ends_below_zero);
        assert!(!r.renchan_on_win);
        assert!(!r.renchan_on_tenpai);
        assert!(r.nagashi_mangan && !r.kiriage);
        assert_eq!(r.multiple_ron, MultipleRon::DoubleThenAbort);
        assert!(r.abortive_draws.triple_ron);
        assert_eq!(r.double_wind_pair_fu, 4);
        assert_eq!(r.kazoe, KazoeLimit::Yakuman);
        assert_eq!((r.uma.starting_points, r.uma.return_points), (30000, 30000));
        // No uma table: Tenhou's default uma stays (the owari bears it out:
        // 43200 → +33, i.e. +13.2 and +20).
        assert_eq!(r.uma.by_rank, vec![20.0, 10.0, -10.0, -20.0]);
        assert!(
            applied
                .not_modelled
                .iter()
                .any(|n| n.contains("rounded to whole"))
        );
        assert!(applied.changed.iter().any(|c| c == "starting points 30000"));
        assert!(applied.unreadable.is_empty());
    }

    #[test]
    fn unreadable_and_unknown_fields_are_reported_not_guessed() {
        let mut r = tenhou();
        let applied = apply("XYZ,,,,abc,,,,,,,,,,,,,,,,,,", &mut r);
        assert_eq!(applied.unreadable.len(), 2, "{applied:?}");
        assert_eq!(
            r.uma.starting_points, 25000,
            "an unreadable field changes nothing"
        );
        let applied = apply(
            "80000000,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,42",
            &mut tenhou(),
        );
        assert!(
            applied
                .not_modelled
                .iter()
                .any(|n| n.contains("unknown rule bits"))
        );
        assert!(
            applied
                .not_modelled
                .iter()
                .any(|n| n.contains("meaning unknown"))
        );
    }

    #[test]
    fn uneven_uma_rows_are_not_modelled() {
        // The ARML lobby's sheet: the uma depends on who ends below 30000.
        let sheet = "4120DF0F,00000001,,,30000,30000,30000,,,,,,,,,,,,,,,5,-5,-15,5,0,-20,5,-5,-15,0,-5,-15,5,-5,-15,,,,";
        let mut r = tenhou();
        let applied = apply(sheet, &mut r);
        assert_eq!(r.uma.by_rank, vec![20.0, 10.0, -10.0, -20.0]);
        assert!(applied.not_modelled.iter().any(|n| n.starts_with("uma")));
    }

    #[test]
    fn honba_and_noten_fields() {
        let mut sheet = vec![""; 20];
        sheet[11] = "150";
        sheet[16] = "1000";
        sheet[17] = "1500";
        sheet[18] = "3000";
        let mut r = tenhou();
        apply(&sheet.join(","), &mut r);
        assert_eq!(r.honba_value, 450);
        assert_eq!(r.noten_payment, 3000);
    }
}
