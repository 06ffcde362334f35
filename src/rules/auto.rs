//! `--rules auto`: the profile a log's own metadata points to.
//!
//! The platform picks the preset (Tenhou → `tenhou` or `tenhou-sanma`,
//! Mahjong Soul → `mahjongsoul`, anything else → `tenhou`, said in a note);
//! the log's rule hints then adjust it (no red fives, no open tanyao), and a
//! lobby's rule sheet, as its importer decoded it, is set on top. Every change is
//! written into the notes; a profile that differs from its preset is named
//! `PRESET+log`. `formats/rules.md` ("The `auto` profile") is the reference.

use super::{Rules, sheet};
use crate::event::{Format, GameLength, GameMeta, Platform};

/// The profile chosen for one game, with the reasons.
#[derive(Clone, PartialEq, Debug)]
pub struct AutoRules {
    /// The profile: a preset, adjusted to the log's hints.
    pub rules: Rules,
    /// One sentence per choice or adjustment, for the report.
    pub notes: Vec<String>,
}

impl Rules {
    /// The profile a game's metadata points to (see the module docs).
    #[must_use]
    pub fn for_log(meta: &GameMeta) -> AutoRules {
        let mut notes = Vec::new();
        let sanma = meta.seats == 3;
        let tenhou = if sanma { "tenhou-sanma" } else { "tenhou" };
        let (preset, is_tenhou) = match (meta.platform, meta.format) {
            (Some(Platform::Tenhou), _) | (None, Format::TenhouXml) => (tenhou, true),
            (Some(Platform::MahjongSoul), _) if !sanma => ("mahjongsoul", false),
            (Some(Platform::MahjongSoul), _) => ("mahjongsoul-sanma", false),
            (Some(Platform::RiichiCity), _) if !sanma => ("riichicity", false),
            (Some(Platform::RiichiCity), _) => ("riichicity-sanma", false),
            (platform, format) => {
                let from = platform.map_or_else(
                    || {
                        let article = if format == Format::Mjai { "an" } else { "a" };
                        format!("{article} {format} log that does not say where it was played")
                    },
                    |p| format!("a {} game", platform_name(p)),
                );
                notes.push(format!(
                    "{from}: paifu has no profile for it, {tenhou} is assumed"
                ));
                (tenhou, false)
            }
        };
        let Some(mut rules) = Rules::preset(preset) else {
            // Every name above is a preset; the fallback keeps this total.
            return AutoRules {
                rules: super::presets::tenhou(),
                notes,
            };
        };
        let base = rules.clone();
        let hints = &meta.rules;
        if hints.red_fives == Some(0) && rules.red_fives != 0 {
            rules.red_fives = 0;
            notes.push("the log says no red fives: red_fives 0".into());
        }
        if let Some(kuitan) = hints.open_tanyao
            && kuitan != rules.open_tanyao
        {
            rules.open_tanyao = kuitan;
            notes.push(format!(
                "the log says open tanyao {}: open_tanyao {kuitan}",
                if kuitan { "on" } else { "off" }
            ));
        }
        if let Some(start) = hints.starting_points
            && start > 0
            && meta.platform == Some(Platform::MahjongSoul)
            && (start != rules.uma.starting_points || start != rules.uma.return_points)
        {
            // A Mahjong Soul room counts game points from its own start.
            rules.uma.starting_points = start;
            rules.uma.return_points = start;
            notes.push(format!(
                "the room starts from {start} points: uma.starting_points and return_points {start}"
            ));
        }
        if meta.platform == Some(Platform::RiichiCity) {
            riichi_city(meta, &mut rules, &mut notes);
        }
        if let Some(loss) = hints.tsumo_loss
            && sanma
            && loss != rules.tsumo_loss
        {
            rules.tsumo_loss = loss;
            notes.push(format!(
                "the room says tsumo loss {loss}: tsumo_loss {loss}"
            ));
        }
        if is_tenhou
            && !sanma
            && hints.tenhou_early_format == Some(true)
            && hints.length == Some(GameLength::EastOnly)
        {
            // Measured: both early-format east-only games of the corpus
            // pay +10/+5/-5/-10 in their owari, where every later east-only
            // game (and every early hanchan) pays +20/+10/-10/-20.
            let early = vec![10.0, 5.0, -5.0, -10.0];
            if rules.uma.by_rank != early {
                rules.uma.by_rank = early;
                notes.push(
                    "an east-only game in Tenhou's early log format (before late 2009): uma +10/+5/-5/-10"
                        .into(),
                );
            }
        }
        if is_tenhou && hints.tenhou_early_format == Some(true) && rules.tenpai_yame {
            // Measured: the one early-format game whose all-last dealer is
            // first and tenpai at a draw plays on, where every later game
            // ends there (four early games end on the dealer's win).
            rules.tenpai_yame = false;
            notes.push(
                "a game in Tenhou's early log format (before late 2009): no tenpai-yame".into(),
            );
        }
        if is_tenhou
            && hints.sheet.is_none()
            && let Some(lobby) = &hints.lobby_game
        {
            rules.values_known = false;
            let features = if lobby.features.is_empty() {
                String::new()
            } else {
                format!(": {}", lobby.features.join(", "))
            };
            notes.push(format!(
                "a Tenhou lobby game (GO type {}{features}) whose rule sheet is not in the log: the preset's values are assumed, and a difference they decide is info, not judged",
                lobby.game_type
            ));
        }
        if meta.platform == Some(Platform::MahjongSoul)
            && hints.sheet.is_none()
            && hints
                .display
                .as_deref()
                .is_some_and(|d| d.contains("大会戦") || d.contains("友人戦"))
        {
            // tensoul names a tournament or friendly room so but writes
            // none of its rules (its start, uma, switches).
            rules.values_known = false;
            notes.push(
                "a Mahjong Soul tournament or friendly room whose rules the record does not carry: the preset's values are assumed, and a difference they decide is info, not judged"
                    .into(),
            );
        }
        if let Some(decoded) = &hints.sheet {
            let whose = match meta.platform {
                _ if is_tenhou => Some("Tenhou lobby rule sheet"),
                // Only the Mahjong Soul importer reads a room's rules.
                Some(Platform::MahjongSoul) if meta.format == Format::MahjongSoul => {
                    Some("the room's rules")
                }
                _ => None,
            };
            if let Some(whose) = whose {
                let applied = sheet::apply(decoded, &mut rules);
                if !applied.changed.is_empty() {
                    notes.push(format!("{whose} applied: {}", applied.changed.join(", ")));
                }
                if !applied.unjudged.is_empty() {
                    notes.push(format!(
                        "not judged: {}; the values they decide are not known, so a difference in them is info",
                        applied.unjudged.join(", ")
                    ));
                }
                if !applied.not_modelled.is_empty() {
                    notes.push(format!(
                        "{} no profile field holds, not checked: {}",
                        if is_tenhou {
                            "lobby rules"
                        } else {
                            "room rules"
                        },
                        applied.not_modelled.join(", ")
                    ));
                }
                if !applied.unreadable.is_empty() {
                    notes.push(format!(
                        "lobby rule sheet fields ignored: {}",
                        applied.unreadable.join(", ")
                    ));
                }
            } else {
                notes.push("a lobby rule sheet outside Tenhou: not read".into());
            }
        }
        if rules != base {
            rules.name = format!("{}+log", base.name);
        }
        AutoRules { rules, notes }
    }
}

/// A Riichi City room's settings on its preset: the red fives counted in
/// its walls, its starting points, rinshan liability, what the north is,
/// the settings a tournament or friend room does not record, and its local
/// rules (`formats/riichicity.md`, "The room").
fn riichi_city(meta: &GameMeta, rules: &mut Rules, notes: &mut Vec<String>) {
    let hints = &meta.rules;
    if let Some(reds) = hints.red_fives
        && reds != rules.red_fives
    {
        rules.red_fives = reds;
        notes.push(format!(
            "the room's walls hold {reds} red fives: red_fives {reds}"
        ));
    }
    if let Some(start) = hints.starting_points
        && start > 0
        && start != rules.uma.starting_points
    {
        rules.uma.starting_points = start;
        if meta.seats == 3 && start == 30000 {
            // Measured on the friend rooms of the corpus that start from
            // 30000: no oka, +40/-10/-30 (`formats/riichicity.md`).
            rules.uma.return_points = start;
            rules.uma.by_rank = vec![40.0, -10.0, -30.0];
            notes.push(
                "the room starts from 30000 points: uma.starting_points and return_points 30000, uma +40/-10/-30 (measured)"
                    .into(),
            );
        } else {
            rules.uma.return_points = start;
            notes.push(format!(
                "the room starts from {start} points: uma.starting_points and return_points {start} (assumed: no oka)"
            ));
        }
    }
    if let Some(on) = hints.rinshan_liability
        && on != rules.rinshan_liability
    {
        rules.rinshan_liability = on;
        notes.push(format!(
            "the room says isGangPay {on}, read as rinshan liability (assumed meaning): rinshan_liability {on}"
        ));
    }
    if meta.seats == 3 && hints.nukidora == Some(false) {
        // The north is a yakuhai there (the game's yaku 56), which no
        // profile scores.
        rules.nukidora = false;
        rules.values_known = false;
        notes.push(
            "the room keeps the north as a yakuhai rather than setting it aside: nukidora false; a north yakuhai no profile scores, so a difference the values decide is info, not judged"
                .into(),
        );
    }
    if !hints.unrecorded.is_empty() {
        rules.values_known = false;
        let settings = match hints.unrecorded.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        };
        notes.push(format!(
            "a tournament or friend room: its organiser sets the {settings}, which the record does not carry; the preset's values are assumed, and a difference they decide is info, not judged"
        ));
    }
    let minimums: Vec<&str> = hints
        .local_rules
        .iter()
        .map(String::as_str)
        .filter(|r| r.ends_with("minimum") || *r == "closed hands only")
        .collect();
    let mut unchecked = Vec::new();
    for minimum in minimums {
        // A han count the profile holds (dora included: the permissive
        // reading, as the server never writes a win below its minimum).
        let han = match minimum {
            "two-han minimum" => Some(2),
            "four-han minimum" => Some(4),
            _ => None,
        };
        match han {
            Some(han) if han != rules.min_han => {
                rules.min_han = han;
                notes.push(format!("the room requires {minimum}: min_han {han}"));
            }
            Some(_) => {}
            None => unchecked.push(minimum),
        }
    }
    if !unchecked.is_empty() {
        notes.push(format!(
            "the room requires {}: a win below it is not looked for",
            unchecked.join(" and ")
        ));
    }
    let unjudged: Vec<&str> = hints
        .local_rules
        .iter()
        .map(String::as_str)
        .filter(|r| matches!(*r, "open riichi" | "wareme"))
        .collect();
    if !unjudged.is_empty() {
        rules.values_known = false;
        notes.push(format!(
            "the room plays {}, which no profile field holds: the preset's values are assumed, and a difference they decide is info, not judged",
            unjudged.join(" and ")
        ));
    }
    let apart: Vec<&str> = hints
        .local_rules
        .iter()
        .map(String::as_str)
        .filter(|r| matches!(*r, "yakitori" | "chips"))
        .collect();
    if !apart.is_empty() {
        notes.push(format!(
            "the room plays {}: settled apart from the points in the record, not checked",
            apart.join(" and ")
        ));
    }
}

fn platform_name(p: Platform) -> &'static str {
    match p {
        Platform::Tenhou => "Tenhou",
        Platform::MahjongSoul => "Mahjong Soul",
        Platform::RiichiCity => "Riichi City",
        Platform::Majiang => "Majiang",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::RuleHints;

    fn meta(format: Format, platform: Option<Platform>, seats: u8) -> GameMeta {
        let mut m = GameMeta::new(format, seats);
        m.platform = platform;
        m
    }

    #[test]
    fn tenhou_xml_is_tenhou_and_sanma_is_tenhou_sanma() {
        let a = Rules::for_log(&meta(Format::TenhouXml, Some(Platform::Tenhou), 4));
        assert_eq!(a.rules, Rules::preset("tenhou").unwrap());
        assert!(a.notes.is_empty());
        let a = Rules::for_log(&meta(Format::TenhouXml, None, 3));
        assert_eq!(a.rules.name, "tenhou-sanma");
        let a = Rules::for_log(&meta(Format::Tenhou6, Some(Platform::Tenhou), 4));
        assert_eq!(a.rules.name, "tenhou");
    }

    #[test]
    fn riichi_city_rooms_get_their_profile_and_settings() {
        let four = Rules::for_log(&meta(Format::RiichiCity, Some(Platform::RiichiCity), 4));
        assert_eq!(four.rules, Rules::preset("riichicity").unwrap());
        assert!(four.notes.is_empty());
        let mut m = meta(Format::RiichiCity, Some(Platform::RiichiCity), 3);
        m.rules.starting_points = Some(35000);
        m.rules.red_fives = Some(2);
        let ranked = Rules::for_log(&m);
        assert_eq!(ranked.rules, Rules::preset("riichicity-sanma").unwrap());
        // A friend room from 30000 with four red fives and wareme.
        m.rules.starting_points = Some(30000);
        m.rules.red_fives = Some(4);
        m.rules.local_rules = vec!["wareme".into(), "yakitori".into()];
        let friend = Rules::for_log(&m);
        assert_eq!(friend.rules.name, "riichicity-sanma+log");
        assert_eq!(friend.rules.red_fives, 4);
        assert_eq!(friend.rules.uma.starting_points, 30000);
        assert_eq!(friend.rules.uma.return_points, 30000);
        assert_eq!(friend.rules.uma.by_rank, vec![40.0, -10.0, -30.0]);
        assert!(!friend.rules.values_known);
        assert!(
            friend.notes.iter().any(|n| n.contains("wareme")),
            "{:?}",
            friend.notes
        );
        assert!(
            friend.notes.iter().any(|n| n.contains("yakitori")),
            "{:?}",
            friend.notes
        );
    }

    /// Ranked rooms keep the preset; a tournament's or friend room's own
    /// kiriage, noten payments and uma are not in its record, so its
    /// values are not judged; `isGangPay` and the north are the room's.
    #[test]
    fn riichi_city_room_settings_the_record_carries_and_does_not() {
        let mut m = meta(Format::RiichiCity, Some(Platform::RiichiCity), 3);
        m.rules.rinshan_liability = Some(false);
        m.rules.nukidora = Some(true);
        let ranked = Rules::for_log(&m);
        assert!(!ranked.rules.rinshan_liability && ranked.rules.nukidora);
        assert!(ranked.rules.values_known && !ranked.rules.kiriage);
        assert_eq!(ranked.rules.name, "riichicity-sanma+log");
        m.rules.unrecorded = vec!["kiriage".into(), "noten payments".into()];
        let tournament = Rules::for_log(&m);
        assert!(!tournament.rules.values_known);
        assert!(
            tournament
                .notes
                .iter()
                .any(|n| n.contains("its organiser sets the kiriage and noten payments")),
            "{:?}",
            tournament.notes
        );
        m.rules.unrecorded.clear();
        m.rules.nukidora = Some(false);
        let north = Rules::for_log(&m);
        assert!(!north.rules.nukidora && !north.rules.values_known);
        let four = Rules::preset("riichicity").unwrap();
        assert!(four.rinshan_liability && four.abortive_draws.triple_ron);
        assert_eq!(
            four.multiple_ron,
            crate::rules::MultipleRon::DoubleThenAbort
        );
    }

    #[test]
    fn a_riichi_city_han_minimum_sets_min_han_where_a_count_says_it() {
        let mut m = meta(Format::RiichiCity, Some(Platform::RiichiCity), 4);
        m.rules.local_rules = vec!["two-han minimum".into()];
        let two = Rules::for_log(&m);
        assert_eq!(two.rules.min_han, 2);
        assert!(
            two.notes.iter().any(|n| n.contains("min_han 2")),
            "{:?}",
            two.notes
        );
        // A mangan minimum is no han count: named, not checked.
        m.rules.local_rules = vec!["mangan minimum".into()];
        let mangan = Rules::for_log(&m);
        assert_eq!(mangan.rules.min_han, 1);
        assert!(mangan.notes.iter().any(|n| n.contains("not looked for")));
    }

    #[test]
    fn mahjong_soul_and_unknown_platforms() {
        let a = Rules::for_log(&meta(Format::Tenhou6, Some(Platform::MahjongSoul), 4));
        assert_eq!(a.rules.name, "mahjongsoul");
        assert!(a.notes.is_empty());
        let a = Rules::for_log(&meta(Format::Mjai, None, 4));
        assert_eq!(a.rules.name, "tenhou");
        assert!(a.notes[0].contains("mjai log"), "{:?}", a.notes);
        let a = Rules::for_log(&meta(Format::Tenhou6, Some(Platform::Majiang), 4));
        assert!(a.notes[0].contains("Majiang"), "{:?}", a.notes);
    }

    #[test]
    fn hints_adjust_the_preset_and_rename_it() {
        let mut m = meta(Format::TenhouXml, Some(Platform::Tenhou), 4);
        m.rules = RuleHints {
            red_fives: Some(0),
            open_tanyao: Some(false),
            ..RuleHints::default()
        };
        let a = Rules::for_log(&m);
        assert_eq!(a.rules.red_fives, 0);
        assert!(!a.rules.open_tanyao);
        assert_eq!(a.rules.name, "tenhou+log");
        assert_eq!(a.notes.len(), 2);
        // Hints that agree with the preset change nothing.
        m.rules = RuleHints {
            red_fives: Some(3),
            open_tanyao: Some(true),
            ..RuleHints::default()
        };
        assert_eq!(Rules::for_log(&m).rules.name, "tenhou");
    }

    #[test]
    fn early_east_only_games_pay_the_early_uma() {
        let mut m = meta(Format::TenhouXml, Some(Platform::Tenhou), 4);
        m.rules.tenhou_early_format = Some(true);
        m.rules.length = Some(GameLength::EastOnly);
        let a = Rules::for_log(&m);
        assert_eq!(a.rules.uma.by_rank, vec![10.0, 5.0, -5.0, -10.0]);
        assert_eq!(a.rules.name, "tenhou+log");
        assert!(a.notes[0].contains("early log format"), "{:?}", a.notes);
        assert!(!a.rules.tenpai_yame, "early games have no tenpai-yame");
        // An early hanchan keeps today's uma (but no tenpai-yame), a later
        // east-only game both.
        m.rules.length = Some(GameLength::Hanchan);
        let a = Rules::for_log(&m);
        assert_eq!(a.rules.uma.by_rank, vec![20.0, 10.0, -10.0, -20.0]);
        assert!(!a.rules.tenpai_yame && a.rules.agari_yame);
        m.rules.length = Some(GameLength::EastOnly);
        m.rules.tenhou_early_format = None;
        assert_eq!(Rules::for_log(&m).rules.name, "tenhou");
    }
}
