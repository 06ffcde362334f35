//! A lobby's rule sheet set on a profile: the typed facts an importer
//! decoded ([`RuleSheet`]), each changing one field, with a phrase for
//! every change.

use super::{
    DoubleYakuman, FourHeldWait, KanDoraTiming, KazoeLimit, KongAfterRiichi, MultipleRon, Rules,
};
use crate::event::{self, DrawKind, RuleSheet, SheetNote, SheetRule};

/// What setting a rule sheet did to a profile.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Applied {
    /// The profile values changed, one phrase each (`kiriage on`).
    pub changed: Vec<String>,
    /// Rules of the sheet no profile field holds: not checked.
    pub not_modelled: Vec<String>,
    /// Fields that could not be read (not hexadecimal, not a number).
    pub unreadable: Vec<String>,
    /// Settings that change what would be judged, which no profile field
    /// holds: the values they decide are not judged.
    pub unjudged: Vec<String>,
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

/// Sets a lobby's rule sheet on a profile.
pub(super) fn apply(sheet: &RuleSheet, rules: &mut Rules) -> Applied {
    let mut out = Applied::default();
    for rule in &sheet.settings {
        apply_rule(rule, rules, &mut out);
    }
    for note in &sheet.not_modelled {
        match note {
            SheetNote::Rule(what) => out.not_modelled.push(what.clone()),
            SheetNote::PointsToEnd(n) if *n != rules.uma.starting_points => out
                .not_modelled
                .push(format!("points required to end the game {n}")),
            SheetNote::PointsToEnd(_) => {}
            SheetNote::Unjudged(what) => {
                rules.values_known = false;
                out.unjudged.push(what.clone());
            }
        }
    }
    out.unreadable.clone_from(&sheet.unreadable);
    out
}

fn apply_rule(rule: &SheetRule, rules: &mut Rules, out: &mut Applied) {
    match *rule {
        SheetRule::NagashiMangan(b) => set(
            &mut rules.nagashi_mangan,
            b,
            || format!("nagashi mangan {}", on_off(b)),
            out,
        ),
        SheetRule::Kiriage(b) => set(
            &mut rules.kiriage,
            b,
            || format!("kiriage mangan {}", on_off(b)),
            out,
        ),
        SheetRule::EndsBelowZero(b) => set(
            &mut rules.ends_below_zero,
            b,
            || format!("game ends below zero {}", on_off(b)),
            out,
        ),
        SheetRule::KanDoraAtOnce => set(
            &mut rules.kan_dora_timing,
            KanDoraTiming::Immediate,
            || "kan dora turned at once".into(),
            out,
        ),
        SheetRule::UraDora(b) => set(
            &mut rules.ura_dora,
            b,
            || format!("ura dora {}", on_off(b)),
            out,
        ),
        SheetRule::KanUraDora(b) => set(
            &mut rules.kan_ura_dora,
            b,
            || format!("kan ura dora {}", on_off(b)),
            out,
        ),
        SheetRule::AbortiveDraw(kind, b) => {
            let aborts = &mut rules.abortive_draws;
            let (slot, name) = match kind {
                DrawKind::FourWinds => (&mut aborts.four_winds, "four winds"),
                DrawKind::FourKongs => (&mut aborts.four_kongs, "four kongs"),
                DrawKind::FourRiichi => (&mut aborts.four_riichi, "four riichi"),
                DrawKind::NineTerminals => (&mut aborts.nine_terminals, "nine terminals"),
                DrawKind::TripleRon => (&mut aborts.triple_ron, "triple ron"),
                DrawKind::Exhaustive => return,
            };
            set(
                slot,
                b,
                || format!("{name} abortive draw {}", on_off(b)),
                out,
            );
        }
        SheetRule::MultipleRon(m) => {
            let (multiple, what) = match m {
                event::MultipleRon::HeadBump => (MultipleRon::HeadBump, "head bump"),
                event::MultipleRon::All => (MultipleRon::All, "every ron claimant wins"),
                event::MultipleRon::DoubleThenAbort => (
                    MultipleRon::DoubleThenAbort,
                    "double ron, triple ron aborts",
                ),
            };
            set(&mut rules.multiple_ron, multiple, || what.into(), out);
        }
        SheetRule::RenchanOnWin(b) => set(
            &mut rules.renchan_on_win,
            b,
            || format!("dealer repeats after a win {}", on_off(b)),
            out,
        ),
        SheetRule::RenchanOnTenpai(b) => set(
            &mut rules.renchan_on_tenpai,
            b,
            || format!("dealer repeats when tenpai {}", on_off(b)),
            out,
        ),
        SheetRule::AgariYame(b) => set(
            &mut rules.agari_yame,
            b,
            || format!("agari-yame {}", on_off(b)),
            out,
        ),
        SheetRule::YamePoints(points) => set(
            &mut rules.yame_points,
            points,
            || format!("agari-yame and tenpai-yame from {points} points"),
            out,
        ),
        SheetRule::TenpaiYame(b) => set(
            &mut rules.tenpai_yame,
            b,
            || format!("tenpai-yame {}", on_off(b)),
            out,
        ),
        SheetRule::Nukidora(b) => set(
            &mut rules.nukidora,
            b,
            || format!("north set aside as dora {}", on_off(b)),
            out,
        ),
        SheetRule::RiichiWhileATileIsLeft => set(
            &mut rules.riichi_min_tiles_left,
            1,
            || "riichi while a tile is left".into(),
            out,
        ),
        SheetRule::FourHeldIsNoWait => set(
            &mut rules.four_held_wait,
            FourHeldWait::Noten,
            || "a kind held four times, melds included, is no wait".into(),
            out,
        ),
        SheetRule::KongAfterRiichiTripletOnly => set(
            &mut rules.kong_after_riichi,
            KongAfterRiichi::WaitsUnchangedOnlyTriplet,
            || "kong after riichi only of a triplet that changes no reading".into(),
            out,
        ),
        SheetRule::DoubleWindPairFu(fu) => set(
            &mut rules.double_wind_pair_fu,
            fu,
            || format!("double-wind pair {fu} fu"),
            out,
        ),
        SheetRule::SharedUmaOnTies(b) => set(
            &mut rules.uma.shared_on_ties,
            b,
            || format!("uma shared on ties {}", on_off(b)),
            out,
        ),
        SheetRule::LeftoverSticksToTop(b) => set(
            &mut rules.leftover_sticks_to_top,
            b,
            || format!("leftover riichi sticks to the top player {}", on_off(b)),
            out,
        ),
        SheetRule::CountedYakuman(counted) => {
            let (kazoe, what) = if counted {
                (KazoeLimit::Yakuman, "counted yakuman")
            } else {
                (
                    KazoeLimit::Sanbaiman,
                    "no counted yakuman (13+ han is sanbaiman)",
                )
            };
            set(&mut rules.kazoe, kazoe, || what.into(), out);
        }
        SheetRule::StartingPoints(start) => set(
            &mut rules.uma.starting_points,
            start,
            || format!("starting points {start}"),
            out,
        ),
        SheetRule::ReturnPoints(ret) => set(
            &mut rules.uma.return_points,
            ret,
            || format!("return points {ret}"),
            out,
        ),
        SheetRule::CounterValue(value) => set(
            &mut rules.honba_value,
            value,
            || format!("counter worth {value}"),
            out,
        ),
        SheetRule::NotenPayment(all) => set(
            &mut rules.noten_payment,
            all,
            || format!("noten payments {all} in all"),
            out,
        ),
        SheetRule::Ippatsu(b) => set(
            &mut rules.ippatsu,
            b,
            || format!("ippatsu {}", on_off(b)),
            out,
        ),
        SheetRule::MinHan(han) => set(
            &mut rules.min_han,
            han,
            || format!("a win needs {han} han"),
            out,
        ),
        SheetRule::YakumanStacking(b) => set(
            &mut rules.yakuman_stacking,
            b,
            || format!("yakuman add up {}", on_off(b)),
            out,
        ),
        SheetRule::DoubleYakuman(b) => {
            let double = if b {
                DoubleYakuman {
                    kokushi_13_wait: true,
                    suuankou_tanki: true,
                    junsei_chuuren: true,
                    daisuushii: true,
                }
            } else {
                DoubleYakuman::default()
            };
            set(
                &mut rules.double_yakuman,
                double,
                || format!("double yakuman {}", on_off(b)),
                out,
            );
        }
        SheetRule::SwapCalling(allowed) => set(
            &mut rules.kuikae_forbidden,
            !allowed,
            || {
                format!(
                    "swap calling {}",
                    if allowed { "allowed" } else { "forbidden" }
                )
            },
            out,
        ),
        SheetRule::RiichiMinTilesLeft(n) => set(
            &mut rules.riichi_min_tiles_left,
            n,
            || format!("riichi with {n} tiles or more left to draw"),
            out,
        ),
        SheetRule::RiichiMinPoints(min) => set(
            &mut rules.riichi_min_points,
            min,
            || match min {
                Some(p) => format!("riichi needs {p} points"),
                None => "riichi needs no points".into(),
            },
            out,
        ),
        SheetRule::RobConcealedKongForKokushi(b) => set(
            &mut rules.chankan_on_ankan_for_kokushi,
            b,
            || {
                format!(
                    "robbing a concealed kong for thirteen orphans {}",
                    on_off(b)
                )
            },
            out,
        ),
        SheetRule::RedFives(n) => set(&mut rules.red_fives, n, || format!("{n} red fives"), out),
        SheetRule::Uma(ref uma) => {
            let by_rank: Vec<f64> = uma.iter().copied().map(f64::from).collect();
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
    }
}
