//! No profile field is decorative: each field of `Rules`, toggled on a
//! preset through a partial JSON profile (`{"base": …, field: value}`),
//! changes a verdict or a recomputed score on the bundled fixtures or on a
//! hand scored directly. Fields that only describe (`name`, `revision`,
//! `book`) are listed as such. A field added to `Rules` without a case here
//! fails `every_field_has_a_case`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde_json::{Value, json};

use paifu::engine::{audit, wins};
use paifu::event::{GameLog, Seat, Wind};
use paifu::rules::Rules;
use paifu::score::{Meld, MeldKind, RiichiKind, Situation, Table, WinningHand, score, settle};
use paifu::tile::{Tile, parse_hand};

use common::{files_below, import, testdata};

/// Fields that say what a profile is, not what it does.
const DESCRIBES_ONLY: &[&str] = &["name", "revision", "book"];

/// (field path, base preset, the value it is toggled to).
fn cases() -> Vec<(&'static str, &'static str, Value)> {
    vec![
        ("seats", "tenhou", json!(3)),
        ("red_fives", "tenhou", json!(0)),
        ("open_tanyao", "tenhou", json!(false)),
        ("kuikae_forbidden", "tenhou", json!(false)),
        ("double_wind_pair_fu", "tenhou", json!(2)),
        ("kiriage", "tenhou", json!(true)),
        ("kazoe", "tenhou", json!("sanbaiman")),
        ("yakuman_stacking", "tenhou", json!(false)),
        ("double_yakuman.kokushi_13_wait", "tenhou", json!(true)),
        ("double_yakuman.suuankou_tanki", "tenhou", json!(true)),
        ("double_yakuman.junsei_chuuren", "tenhou", json!(true)),
        ("double_yakuman.daisuushii", "tenhou", json!(true)),
        ("renhou", "tenhou", json!("mangan")),
        ("nagashi_mangan", "tenhou", json!(false)),
        ("multiple_ron", "tenhou", json!("head_bump")),
        (
            "multiple_ron_sticks",
            "tenhou",
            json!("counters_to_each_sticks_to_nearest"),
        ),
        ("winner_keeps_own_stick", "ema2016", json!(false)),
        ("abortive_draws.nine_terminals", "tenhou", json!(false)),
        ("abortive_draws.four_riichi", "tenhou", json!(false)),
        ("abortive_draws.four_kans", "tenhou", json!(false)),
        ("abortive_draws.four_winds", "tenhou", json!(false)),
        ("abortive_draws.triple_ron", "tenhou", json!(false)),
        ("fourth_kong", "tenhou", json!("continue_no_more_kongs")),
        (
            "kong_after_riichi",
            "tenhou",
            json!("waits_unchanged_only_triplet"),
        ),
        ("chankan_on_ankan_for_kokushi", "tenhou", json!(true)),
        ("kan_dora_timing", "tenhou", json!("immediate")),
        ("ura_dora", "tenhou", json!(false)),
        ("kan_ura_dora", "tenhou", json!(false)),
        ("liability.ron_counters", "tenhou", json!("discarder")),
        ("liability.covers", "tenhou", json!("liable_yakuman_only")),
        ("rinshan_liability", "tenhou", json!(true)),
        ("four_held_wait", "tenhou", json!("noten")),
        ("dead_hands", "ema2016", json!(false)),
        ("open_riichi_dead_hand", "ema2016", json!(false)),
        ("riichi_min_tiles_left", "tenhou", json!(20)),
        ("riichi_min_points", "tenhou", json!(null)),
        ("noten_payment", "tenhou", json!(1000)),
        ("noten_per_tenpai", "tenhou", json!([3000, 3000, 3000])),
        ("honba_value", "tenhou", json!(200)),
        ("two_han_minimum_from_counters", "tenhou", json!(1)),
        ("min_han", "tenhou", json!(3)),
        ("ippatsu", "tenhou", json!(false)),
        ("tsumo_loss", "tenhou-sanma", json!(false)),
        ("nukidora", "tenhou-sanma", json!(false)),
        ("renchan_on_win", "tenhou", json!(false)),
        ("renchan_on_tenpai", "tenhou", json!(false)),
        ("uma.starting_points", "tenhou", json!(30000)),
        ("uma.return_points", "tenhou", json!(25000)),
        ("uma.by_rank", "tenhou", json!([30.0, 10.0, -10.0, -30.0])),
        ("uma.shared_on_ties", "tenhou", json!(true)),
        ("uma.rounding", "tenhou", json!("tenths")),
        ("chombo", "ema2016", json!("reverse_mangan")),
        ("ends_below_zero", "tenhou", json!(false)),
        ("agari_yame", "tenhou", json!(false)),
        ("tenpai_yame", "tenhou", json!(false)),
        ("yame_points", "tenhou", json!(40000)),
        ("leftover_sticks_to_top", "tenhou", json!(false)),
        ("values_known", "tenhou", json!(false)),
    ]
}

/// Every leaf path of a profile's JSON form (objects descended into).
fn leaf_paths(value: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                // An enum written as an object (`{"deduction": 20000}`) is
                // one value, not fields.
                if k == "chombo" {
                    out.insert(path);
                } else {
                    leaf_paths(v, &path, out);
                }
            }
        }
        _ => {
            out.insert(prefix.to_owned());
        }
    }
}

/// `{"base": base, "a": {"b": value}}` for the path `a.b`.
fn partial(base: &str, path: &str, value: &Value) -> Value {
    let mut inner = value.clone();
    for key in path.rsplit('.') {
        inner = json!({ key: inner });
    }
    let mut out = inner;
    out["base"] = json!(base);
    out
}

/// What the rules make of the bundled logs: every finding, and every
/// win's recomputed score and payments.
fn verdicts(logs: &[(String, GameLog)], rules: &Rules) -> String {
    let mut out = String::new();
    for (name, log) in logs {
        let a = audit(log, rules);
        for f in &a.findings {
            let _ = writeln!(
                out,
                "{name} {} {} {:?} {:?} {}",
                f.event, f.rule, f.expected, f.recorded, f.message
            );
        }
        for w in wins(log, rules) {
            if let Ok(i) = &w.inputs
                && let Ok(s) = score(&i.hand, &i.situation, rules)
            {
                let d = settle(&s, &i.situation, &i.table, rules);
                let _ = writeln!(
                    out,
                    "{name} win {} {} {} {} {d:?}",
                    w.event, s.han, s.fu, s.total
                );
            }
        }
    }
    out
}

fn tiles(text: &str) -> Vec<Tile> {
    parse_hand(text).unwrap()
}

fn situation(tsumo: bool, seat_wind: Wind, honba: u8) -> Situation {
    Situation {
        dora_indicators: tiles("9p"),
        honba,
        ..Situation::plain(tsumo, seat_wind, Wind::East)
    }
}

/// Hands scored straight, for the fields no bundled log exercises: the
/// double yakuman patterns, renhou, counted yakuman, kiriage, the
/// counters' minimum, liability splits, three-player payments.
fn hands(rules: &Rules) -> String {
    let seat = |n| Seat::new(n).unwrap();
    let table = |seats, winner, discarder: Option<u8>, liable: Option<u8>| Table {
        seats,
        dealer: seat(0),
        winner: seat(winner),
        discarder: discarder.map(seat),
        liable: liable.map(seat),
        kong_feeder: None,
    };
    let pon = |t: &str| Meld {
        kind: MeldKind::Pon,
        tiles: tiles(t),
    };
    let mut cases: Vec<(WinningHand, Situation, Table)> = Vec::new();
    let mut add = |concealed: &str, melds: Vec<Meld>, win: &str, s: Situation, t: Table| {
        cases.push((
            WinningHand {
                concealed: tiles(concealed),
                melds,
                win_tile: tiles(win)[0],
            },
            s,
            t,
        ));
    };
    let ron = |honba| situation(false, Wind::South, honba);
    // Thirteen-sided thirteen orphans.
    add(
        "19m19p19s1234567z1m",
        vec![],
        "1m",
        ron(0),
        table(4, 1, Some(2), None),
    );
    // Four concealed triplets won on the pair.
    add(
        "111m222p333s444z55z",
        vec![],
        "5z",
        situation(true, Wind::South, 0),
        table(4, 1, None, None),
    );
    // Nine gates on nine waits.
    add(
        "11123455678999m",
        vec![],
        "5m",
        ron(0),
        table(4, 1, Some(2), None),
    );
    // Big four winds with big three dragons' liability, several yakuman,
    // on a ron from another player at 2 counters.
    add(
        "444z55z",
        vec![pon("111z"), pon("222z"), pon("333z")],
        "5z",
        ron(2),
        table(4, 1, Some(2), Some(3)),
    );
    // Big three dragons and all honours, liability, a ron at 2 counters.
    add(
        "111z22z",
        vec![pon("555z"), pon("666z"), pon("777z")],
        "2z",
        ron(2),
        table(4, 1, Some(2), Some(3)),
    );
    // Renhou.
    let mut r = ron(0);
    r.renhou = true;
    add(
        "123m456p789s11z23s",
        vec![],
        "1s",
        r,
        table(4, 1, Some(2), None),
    );
    // Thirteen han without a yakuman (riichi, chinitsu, pinfu, …, dora).
    let mut k = ron(0);
    k.riichi = RiichiKind::Riichi;
    k.dora_indicators = tiles("9m9m9m");
    add(
        "11223344556677m",
        vec![],
        "7m",
        k,
        table(4, 1, Some(2), None),
    );
    // 4 han 30 fu.
    let mut f = ron(0);
    f.riichi = RiichiKind::Riichi;
    f.dora_indicators = tiles("1m1m");
    add(
        "234m567p33345s11z",
        vec![],
        "3s",
        f,
        table(4, 1, Some(2), None),
    );
    // An open one-han hand at five counters.
    add(
        "234m567p22s",
        vec![pon("555z"), pon("666s")],
        "2s",
        ron(5),
        table(4, 1, Some(2), None),
    );
    // Open tanyao; a double-wind pair.
    add(
        "234m567p22s",
        vec![pon("555s"), pon("666s")],
        "2s",
        ron(0),
        table(4, 1, Some(2), None),
    );
    // The pair of the double wind: 20 + 4 + 2 + 4 + 2 (tanki) = 32 fu, or
    // 30 with a 2-fu pair.
    add(
        "234m789s11z",
        vec![pon("555z"), pon("555p")],
        "1z",
        situation(false, Wind::East, 0),
        table(4, 0, Some(2), None),
    );
    // A three-player tsumo with norths set aside.
    let mut n = situation(true, Wind::South, 1);
    n.nukidora = 2;
    add(
        "123p456p789s11z55s",
        vec![],
        "5s",
        n,
        table(3, 1, None, None),
    );
    let mut out = String::new();
    for (hand, situation, table) in &cases {
        match score(hand, situation, rules) {
            Ok(s) => {
                let d = settle(&s, situation, table, rules);
                let _ = writeln!(out, "{} {} {} {:?} {d:?}", s.han, s.fu, s.total, s.limit);
            }
            Err(e) => {
                let _ = writeln!(out, "{e}");
            }
        }
    }
    out
}

fn logs() -> Vec<(String, GameLog)> {
    files_below(&testdata())
        .into_iter()
        .filter(|p| !p.to_string_lossy().contains("golden"))
        .filter_map(|p| {
            let name = p.strip_prefix(testdata()).unwrap().display().to_string();
            import(&p).ok().map(|log| (name, log))
        })
        .collect()
}

#[test]
fn every_field_has_a_case() {
    let mut fields = BTreeSet::new();
    for preset in Rules::PRESETS {
        let v = serde_json::to_value(Rules::preset(preset).unwrap()).unwrap();
        leaf_paths(&v, "", &mut fields);
    }
    let covered: BTreeSet<String> = cases()
        .iter()
        .map(|(p, _, _)| (*p).to_owned())
        .chain(DESCRIBES_ONLY.iter().map(|s| (*s).to_owned()))
        .collect();
    let missing: Vec<&String> = fields.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "fields without a toggle case: {missing:?}"
    );
    let stale: Vec<&String> = covered.difference(&fields).collect();
    assert!(stale.is_empty(), "cases for no field: {stale:?}");
}

#[test]
fn every_field_changes_a_verdict_or_a_score() {
    let logs = logs();
    assert!(logs.len() > 100, "{} logs", logs.len());
    let mut decorative = Vec::new();
    for (path, base, value) in cases() {
        let base_rules = Rules::preset(base).unwrap();
        let toggled = Rules::from_json(&partial(base, path, &value).to_string())
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_ne!(
            toggled, base_rules,
            "{path}: the toggle changed nothing in the profile"
        );
        let before = (verdicts(&logs, &base_rules), hands(&base_rules));
        let after = (verdicts(&logs, &toggled), hands(&toggled));
        if before == after {
            decorative.push(path);
        }
    }
    assert!(
        decorative.is_empty(),
        "fields that change nothing: {decorative:?}"
    );
}
