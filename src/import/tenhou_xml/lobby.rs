//! Tenhou's lobby rules as typed hints: a lobby's rule sheet (`csrule`)
//! and the lobby bits of a game type (`GO type`), decoded into
//! [`RuleSheet`] and [`LobbyGame`] for `rules` to apply. The XML and the
//! tenhou.net/6 readers both carry these fields.
//!
//! A rule sheet is a comma-separated list of fields, the first two
//! hexadecimal bit sets, the rest decimal numbers. The meaning of each bit
//! is the one documented beside a real lobby game's `csrule` (the
//! InjusticeJudge example log, after tenhou.net's blog) and checked on the
//! two lobby games of the corpus; `formats/rules.md` lists what is decoded
//! and what is only noted.
//!
//! A field left empty means "all bits clear" for the bit sets and "the
//! default" for the numbers, so a rule sheet is read as a complete
//! description of the lobby: a bit that is not set turns the rule it names
//! back to Tenhou's default.

use crate::event::{DrawKind, LobbyGame, MultipleRon, RuleHints, RuleSheet, SheetNote, SheetRule};

/// Field 0 bits that map onto profile fields: (bit, meaning when set).
const NO_NAGASHI: u32 = 0x1;
const KIRIAGE: u32 = 0x2;
const NO_TOBI: u32 = 0x4;
const KAN_DORA_AT_ONCE: u32 = 0x8;
const NO_URA: u32 = 0x40;
const NO_KAN_URA: u32 = 0x80;
const NO_FOUR_WINDS: u32 = 0x100;
const NO_FOUR_KONGS: u32 = 0x200;
const NO_FOUR_RIICHI: u32 = 0x400;
const NO_NINE_TERMINALS: u32 = 0x800;
const NO_TRIPLE_RON: u32 = 0x1000;
const HEAD_BUMP: u32 = 0x2000;
const NO_RENCHAN_ON_WIN: u32 = 0x10000;
const NO_RENCHAN_ON_TENPAI: u32 = 0x20000;
const NO_AGARI_YAME: u32 = 0x4000;
const NO_TENPAI_YAME: u32 = 0x8000;
const NUKIDORA: u32 = 0x40_0000;
const RIICHI_WITHOUT_DRAWS: u32 = 0x200_0000;
const WRC_ANKAN: u32 = 0x400_0000;
/// A wait on a kind held four times, melds included, is no wait.
const FOUR_HELD_NOTEN: u32 = 0x800_0000;

/// Field 0 bits whose rule no profile field expresses.
const FIELD0_NOT_MODELLED: &[(u32, &str)] = &[
    (0x10, "no dora"),
    (0x20, "no kan dora"),
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

/// Fields read as numbers (see [`rule_sheet`]); others are unknown.
const KNOWN_NUMBERS: &[usize] = &[4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20];
/// The uma table: five rows (by how many players end below the start) of
/// the 2nd, 3rd and 4th place's uma.
const UMA_FIELDS: std::ops::Range<usize> = 21..36;

/// The bits of Tenhou's `GO type` its ranked lobbies use: human play, no
/// red fives, no open tanyao, hanchan, three players, the room's two bits,
/// fast play, and `0x100` (the discard shadow, a display setting). A game
/// with any other bit (`0x200` chips, `0x400` five chips, `0x800` and up
/// undocumented) was played under a lobby's own rules.
const RANKED_TYPE_BITS: u32 = 0x1FF;

/// Decodes the Tenhou fields of `hints` (`tenhou_type`, `lobby_rules`)
/// into its typed lobby hints, for a game of `seats` players.
pub(crate) fn decode(hints: &mut RuleHints, seats: u8) {
    hints.sheet = hints
        .lobby_rules
        .as_deref()
        .map(|text| rule_sheet(text, seats == 3));
    hints.lobby_game = hints.tenhou_type.and_then(lobby_game);
}

/// A game type's lobby bits, when it has any a ranked lobby does not.
pub(crate) fn lobby_game(kind: u32) -> Option<LobbyGame> {
    if kind & !RANKED_TYPE_BITS == 0 {
        return None;
    }
    let mut features = Vec::new();
    if kind & 0x200 != 0 {
        features.push("chips".to_owned());
    }
    if kind & 0x400 != 0 {
        features.push("five chips".to_owned());
    }
    if kind & !0x7FF != 0 {
        features.push("undocumented bits".to_owned());
    }
    Some(LobbyGame {
        game_type: kind,
        features,
    })
}

/// Decodes a lobby rule sheet for a game of three players or four.
pub(crate) fn rule_sheet(text: &str, three: bool) -> RuleSheet {
    let fields: Vec<&str> = text.split(',').map(str::trim).collect();
    let mut out = RuleSheet::default();
    let field = |i: usize| fields.get(i).copied().filter(|f| !f.is_empty());
    let hex = |i: usize, out: &mut RuleSheet| -> u32 {
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
            out.not_modelled
                .push(SheetNote::Rule(format!("rule flags in field {i}")));
        }
    }
    read_flags(flags, three, &mut out);
    read_flags1(flags1, &mut out);

    let number = |i: usize, out: &mut RuleSheet| -> Option<i32> {
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
    let seats = if three { 3 } else { 4 };
    if let Some(start) = number(4, &mut out) {
        out.settings.push(SheetRule::StartingPoints(start));
    }
    if let Some(ret) = number(6, &mut out) {
        out.settings.push(SheetRule::ReturnPoints(ret));
    }
    if let Some(per_payer) = number(11, &mut out) {
        out.settings
            .push(SheetRule::CounterValue(per_payer.saturating_mul(seats - 1)));
    }
    let noten = [16, 17, 18].map(|i| number(i, &mut out));
    match noten {
        [None, None, None] => {}
        [Some(one), Some(two), Some(three)]
            if one.saturating_mul(3) == three && two.saturating_mul(2) == three =>
        {
            out.settings.push(SheetRule::NotenPayment(three));
        }
        _ => out.not_modelled.push(SheetNote::Rule(
            "noten payments that do not add up to one total".into(),
        )),
    }
    for &(i, what) in NUMBERS_NOT_MODELLED {
        let Some(n) = number(i, &mut out) else {
            continue;
        };
        match i {
            5 => out.not_modelled.push(SheetNote::PointsToEnd(n)),
            10 if n == 1000 => {}
            _ => out
                .not_modelled
                .push(SheetNote::Rule(format!("{what} {n}"))),
        }
    }
    read_uma(&fields, three, &mut out);
    for (i, f) in fields.iter().enumerate() {
        let known = i < 4 || KNOWN_NUMBERS.contains(&i) || UMA_FIELDS.contains(&i);
        if !known && !f.is_empty() {
            out.not_modelled.push(SheetNote::Rule(format!(
                "field {i} `{f}` (meaning unknown)"
            )));
        }
    }
    out
}

fn read_flags(flags: u32, three: bool, out: &mut RuleSheet) {
    let bit = |b: u32| flags & b != 0;
    let set = &mut out.settings;
    set.push(SheetRule::NagashiMangan(!bit(NO_NAGASHI)));
    set.push(SheetRule::Kiriage(bit(KIRIAGE)));
    set.push(SheetRule::EndsBelowZero(!bit(NO_TOBI)));
    if bit(KAN_DORA_AT_ONCE) {
        set.push(SheetRule::KanDoraAtOnce);
    }
    set.push(SheetRule::UraDora(!bit(NO_URA)));
    set.push(SheetRule::KanUraDora(!bit(NO_KAN_URA)));
    for (kind, b) in [
        (DrawKind::FourWinds, NO_FOUR_WINDS),
        (DrawKind::FourKongs, NO_FOUR_KONGS),
        (DrawKind::FourRiichi, NO_FOUR_RIICHI),
        (DrawKind::NineTerminals, NO_NINE_TERMINALS),
        (DrawKind::TripleRon, NO_TRIPLE_RON),
    ] {
        set.push(SheetRule::AbortiveDraw(kind, !bit(b)));
    }
    set.push(SheetRule::MultipleRon(if bit(HEAD_BUMP) {
        MultipleRon::HeadBump
    } else if bit(NO_TRIPLE_RON) {
        MultipleRon::All
    } else {
        MultipleRon::DoubleThenAbort
    }));
    set.push(SheetRule::RenchanOnWin(!bit(NO_RENCHAN_ON_WIN)));
    set.push(SheetRule::RenchanOnTenpai(!bit(NO_RENCHAN_ON_TENPAI)));
    set.push(SheetRule::AgariYame(!bit(NO_AGARI_YAME)));
    set.push(SheetRule::TenpaiYame(!bit(NO_TENPAI_YAME)));
    if three {
        set.push(SheetRule::Nukidora(bit(NUKIDORA)));
    }
    if bit(RIICHI_WITHOUT_DRAWS) {
        set.push(SheetRule::RiichiWhileATileIsLeft);
    }
    if bit(FOUR_HELD_NOTEN) {
        set.push(SheetRule::FourHeldIsNoWait);
    }
    if bit(WRC_ANKAN) {
        set.push(SheetRule::KongAfterRiichiTripletOnly);
    }
    let mut known = NO_NAGASHI
        | KIRIAGE
        | NO_TOBI
        | KAN_DORA_AT_ONCE
        | NO_URA
        | NO_KAN_URA
        | NO_FOUR_WINDS
        | NO_FOUR_KONGS
        | NO_FOUR_RIICHI
        | NO_NINE_TERMINALS
        | NO_TRIPLE_RON
        | HEAD_BUMP
        | NO_RENCHAN_ON_WIN
        | NO_RENCHAN_ON_TENPAI
        | NO_AGARI_YAME
        | NO_TENPAI_YAME
        | NUKIDORA
        | RIICHI_WITHOUT_DRAWS
        | WRC_ANKAN
        | FOUR_HELD_NOTEN
        | FIELD0_IGNORED;
    for &(b, what) in FIELD0_NOT_MODELLED {
        known |= b;
        // The three-player bits mean nothing at a four-player table.
        let sanma_only = b == 0x80_0000;
        if bit(b) && (three || !sanma_only) {
            out.not_modelled.push(SheetNote::Rule(what.into()));
        }
    }
    if flags & !known != 0 {
        out.not_modelled.push(SheetNote::Rule(format!(
            "unknown rule bits {:#x}",
            flags & !known
        )));
    }
}

fn read_flags1(flags: u32, out: &mut RuleSheet) {
    let bit = |b: u32| flags & b != 0;
    let set = &mut out.settings;
    set.push(SheetRule::DoubleWindPairFu(if bit(TWO_FU_DOUBLE_WIND) {
        2
    } else {
        4
    }));
    set.push(SheetRule::SharedUmaOnTies(bit(SHARED_UMA)));
    set.push(SheetRule::LeftoverSticksToTop(bit(LEFTOVER_TO_TOP)));
    set.push(SheetRule::CountedYakuman(!bit(NO_KAZOE)));
    let mut known = TWO_FU_DOUBLE_WIND | SHARED_UMA | LEFTOVER_TO_TOP | NO_KAZOE;
    for &(b, what) in FIELD1_NOT_MODELLED {
        known |= b;
        if bit(b) {
            out.not_modelled.push(SheetNote::Rule(what.into()));
        }
    }
    if flags & !known != 0 {
        out.not_modelled.push(SheetNote::Rule(format!(
            "unknown rule bits {:#x} in field 1",
            flags & !known
        )));
    }
}

/// The uma table, when every row given is the same (the uma then does not
/// depend on who ends below the start, which is all a profile can say).
fn read_uma(fields: &[&str], three: bool, out: &mut RuleSheet) {
    let places = if three { 2 } else { 3 };
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
            out.settings
                .push(SheetRule::Uma(std::iter::once(top).chain(lower).collect()));
        }
        _ => out.not_modelled.push(SheetNote::Rule(
            "uma that depends on how many players end below the starting points".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::event::{Format, GameMeta, Platform};
    use crate::rules::{AutoRules, KanDoraTiming, KazoeLimit, KongAfterRiichi, MultipleRon, Rules};

    fn tenhou_game() -> GameMeta {
        let mut m = GameMeta::new(Format::TenhouXml, 4);
        m.platform = Some(Platform::Tenhou);
        m
    }

    /// `--rules auto` for a Tenhou game whose sheet is `text`.
    fn with_sheet(text: &str) -> AutoRules {
        let mut m = tenhou_game();
        m.rules.lobby_rules = Some(text.into());
        decode(&mut m.rules, 4);
        Rules::for_log(&m)
    }

    fn noted(a: &AutoRules, prefix: &str, phrase: &str) -> bool {
        a.notes
            .iter()
            .filter_map(|n| n.strip_prefix(prefix))
            .any(|list| list.split(", ").any(|p| p == phrase))
    }

    fn not_modelled(a: &AutoRules) -> String {
        a.notes
            .iter()
            .find_map(|n| n.strip_prefix("lobby rules no profile field holds, not checked: "))
            .unwrap_or_default()
            .to_owned()
    }

    fn unreadable(a: &AutoRules) -> usize {
        a.notes
            .iter()
            .find_map(|n| n.strip_prefix("lobby rule sheet fields ignored: "))
            .map_or(0, |l| l.matches("field ").count())
    }

    /// dnovikoff's newattr2023.xml: a 2023 lobby playing WRC-like rules.
    const NEWATTR2023: &str = "0FE0BF0B,0000001F,,,30000,30000,30000,,,,,,,,,,,,,,,5,-5,-15,5,-5,-15,5,-5,-15,5,-5,-15,5,-5,-15,,,,";
    /// pantheon's chips_tonpusen.xml: a chip lobby without tobi or renchan.
    const CHIPS: &str = "4007C004,,,,30000,30000,30000,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,";

    #[test]
    fn newattr2023_is_wrc_like() {
        let a = with_sheet(NEWATTR2023);
        let r = &a.rules;
        assert!(!r.nagashi_mangan);
        assert!(r.kiriage);
        assert!(r.ends_below_zero, "0x4 is clear: tobi stays");
        assert_eq!(r.kan_dora_timing, KanDoraTiming::Immediate);
        assert!(r.ura_dora && r.kan_ura_dora);
        let d = r.abortive_draws;
        assert!(
            !d.four_winds && !d.four_kongs && !d.four_riichi && !d.nine_terminals && !d.triple_ron
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
        assert_eq!(unreadable(&a), 0, "{:?}", a.notes);
        let noted = not_modelled(&a);
        assert!(
            r.agari_yame && !r.tenpai_yame,
            "0x8000 is set, 0x4000 clear"
        );
        for expected in [
            "sudden death (West round)",
            "liability for four kongs",
            "renhou (its value is not given)",
        ] {
            assert!(noted.contains(expected), "{expected} missing from {noted}");
        }
        assert!(
            !noted.contains("three-player"),
            "sanma bits mean nothing at four"
        );
    }

    #[test]
    fn chips_lobby_has_no_tobi_and_no_renchan() {
        let a = with_sheet(CHIPS);
        let r = &a.rules;
        assert!(!r.ends_below_zero);
        assert!(!r.renchan_on_win);
        assert!(!r.renchan_on_tenpai);
        assert!(!r.agari_yame && !r.tenpai_yame, "0xC000 is set");
        assert!(r.nagashi_mangan && !r.kiriage);
        assert_eq!(r.multiple_ron, MultipleRon::DoubleThenAbort);
        assert!(r.abortive_draws.triple_ron);
        assert_eq!(r.double_wind_pair_fu, 4);
        assert_eq!(r.kazoe, KazoeLimit::Yakuman);
        assert_eq!((r.uma.starting_points, r.uma.return_points), (30000, 30000));
        // No uma table: Tenhou's default uma stays (the owari bears it out:
        // 43200 → +33, i.e. +13.2 and +20).
        assert_eq!(r.uma.by_rank, vec![20.0, 10.0, -10.0, -20.0]);
        assert!(not_modelled(&a).contains("rounded to whole"));
        assert!(noted(
            &a,
            "Tenhou lobby rule sheet applied: ",
            "starting points 30000"
        ));
        assert_eq!(unreadable(&a), 0);
    }

    #[test]
    fn unreadable_and_unknown_fields_are_reported_not_guessed() {
        let a = with_sheet("XYZ,,,,abc,,,,,,,,,,,,,,,,,,");
        assert_eq!(unreadable(&a), 2, "{:?}", a.notes);
        assert_eq!(
            a.rules.uma.starting_points, 25000,
            "an unreadable field changes nothing"
        );
        let a = with_sheet("80000000,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,42");
        assert!(not_modelled(&a).contains("unknown rule bits"));
        assert!(not_modelled(&a).contains("meaning unknown"));
    }

    #[test]
    fn uneven_uma_rows_are_not_modelled() {
        // The ARML lobby's sheet: the uma depends on who ends below 30000.
        let a = with_sheet(
            "4120DF0F,00000001,,,30000,30000,30000,,,,,,,,,,,,,,,5,-5,-15,5,0,-20,5,-5,-15,0,-5,-15,5,-5,-15,,,,",
        );
        assert_eq!(a.rules.uma.by_rank, vec![20.0, 10.0, -10.0, -20.0]);
        assert!(not_modelled(&a).contains("uma that depends"));
    }

    #[test]
    fn honba_and_noten_fields() {
        let mut sheet = vec![""; 20];
        sheet[11] = "150";
        sheet[16] = "1000";
        sheet[17] = "1500";
        sheet[18] = "3000";
        let a = with_sheet(&sheet.join(","));
        assert_eq!(a.rules.honba_value, 450);
        assert_eq!(a.rules.noten_payment, 3000);
    }

    #[test]
    fn a_lobby_game_without_its_rule_sheet_is_not_judged_on_values() {
        let mut m = tenhou_game();
        let auto = |m: &mut GameMeta| {
            decode(&mut m.rules, 4);
            Rules::for_log(m)
        };
        m.rules.tenhou_type = Some(553);
        let a = auto(&mut m);
        assert!(!a.rules.values_known);
        assert!(a.notes[0].contains("GO type 553: chips"), "{:?}", a.notes);
        // Ranked types, and a lobby game that carries its rule sheet, are
        // judged.
        for kind in [169, 225, 185, 257] {
            m.rules.tenhou_type = Some(kind);
            assert!(auto(&mut m).rules.values_known, "{kind}");
        }
        m.rules.tenhou_type = Some(2113);
        m.rules.lobby_rules = Some("0,0".into());
        assert!(auto(&mut m).rules.values_known);
    }

    #[test]
    fn a_lobby_rule_sheet_is_decoded_for_tenhou_only() {
        let mut m = tenhou_game();
        m.rules.lobby_rules = Some("4007C004,,,,30000,30000,30000".into());
        decode(&mut m.rules, 4);
        let a = Rules::for_log(&m);
        assert!(!a.rules.ends_below_zero);
        assert_eq!(a.rules.name, "tenhou+log");
        assert!(
            a.notes
                .iter()
                .any(|n| n.starts_with("Tenhou lobby rule sheet"))
        );
        m.platform = Some(Platform::MahjongSoul);
        let a = Rules::for_log(&m);
        assert!(a.rules.ends_below_zero);
        assert!(a.notes.iter().any(|n| n.contains("not read")));
    }
}
