//! The rule facts where the books and the servers differ, each shown by a
//! fixture of testdata/facts/ (its make.py says how each was edited from a
//! fixture of the repository) under every profile: the sorted rule ids the
//! audit must report. A profile that inherited another book's reading shows
//! here as a finding where its book has none, or none where it has one.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use paifu::engine::{Finding, RuleId, audit};
use paifu::rules::Rules;

const PROFILES: [&str; 5] = ["tenhou", "mahjongsoul", "ema2016", "wrc2015", "ema2012"];

/// (fixture, [findings under each of PROFILES]).
type Fact = (&'static str, [&'static [&'static str]; 5]);

const NONE: &[&str] = &[];
const CONSERVATION: &[&str] = &["SCORE-CONSERVATION"];
const DELTAS: &[&str] = &["SCORE-DELTAS"];

const FACTS: &[Fact] = &[
    // Tenhou writes no paoWho when the liable player dealt in: the payment
    // is the same, so it is no PAO finding (the EMA books' difference is
    // only the 25000 start of a Tenhou game).
    (
        "pao_liable_discarder.json",
        [NONE, NONE, CONSERVATION, CONSERVATION, CONSERVATION],
    ),
    // The near miss: another player dealt in and no liability is written.
    (
        "pao_liable_other.json",
        [
            &["PAO", "SCORE-DELTAS"],
            &["PAO", "SCORE-DELTAS"],
            &["PAO", "SCORE-CONSERVATION", "SCORE-DELTAS"],
            &["PAO", "SCORE-CONSERVATION", "SCORE-DELTAS"],
            &["PAO", "SCORE-CONSERVATION", "SCORE-DELTAS"],
        ],
    ),
    // Counters of a liability ron: Tenhou and Mahjong Soul have the liable
    // player pay them, EMA 2016 §3.3.9 and WRC the discarder, EMA 2012 splits
    // them with the hand.
    (
        "pao_counters_liable_pays.jsonl",
        [NONE, NONE, DELTAS, DELTAS, DELTAS],
    ),
    (
        "pao_counters_discarder_pays.jsonl",
        [DELTAS, DELTAS, NONE, NONE, DELTAS],
    ),
    // Mortal-schema mjai has no pao field: unknown, not "nobody".
    ("pao_not_recorded.jsonl", [NONE, NONE, NONE, NONE, NONE]),
    // Double ron, the second winner in riichi: EMA 2016 §3.3.14 returns its
    // stick to it; Tenhou gives every stick and the counters to the first
    // winner. WRC has head bump, so its second ron is no win at all. Both
    // logs end with Tenhou's final scores, hence FINAL-SCORE where the
    // books' payments differ from them.
    (
        "double_ron_winner_keeps_stick.jsonl",
        [
            &[
                "FINAL-SCORE",
                "SCORE-CONSERVATION",
                "SCORE-DELTAS",
                "SCORE-DELTAS",
            ],
            &[
                "FINAL-SCORE",
                "SCORE-CONSERVATION",
                "SCORE-DELTAS",
                "SCORE-DELTAS",
            ],
            &["FINAL-SCORE"],
            &["FINAL-SCORE", "MULTIPLE-RON"],
            &["FINAL-SCORE"],
        ],
    ),
    (
        "double_ron_sticks_to_first.jsonl",
        [
            &["FINAL-SCORE", "SCORE-CONSERVATION"],
            &["FINAL-SCORE", "SCORE-CONSERVATION"],
            &["FINAL-SCORE", "SCORE-DELTAS", "SCORE-DELTAS"],
            &[
                "FINAL-SCORE",
                "MULTIPLE-RON",
                "SCORE-DELTAS",
                "SCORE-DELTAS",
            ],
            &["FINAL-SCORE", "SCORE-DELTAS", "SCORE-DELTAS"],
        ],
    ),
    // A win with fifteen tiles is invalid under every book: an error under
    // Tenhou and Mahjong Soul, a dead hand's win (a chombo) under EMA/WRC.
    (
        "win_with_fifteen_tiles.jsonl",
        [
            &["HAND-SIZE", "WIN-NOT-COMPLETE"],
            &["HAND-SIZE", "WIN-NOT-COMPLETE"],
            &["CHOMBO", "DEAD-HAND", "HAND-SIZE"],
            &["CHOMBO", "DEAD-HAND", "HAND-SIZE"],
            &["CHOMBO", "DEAD-HAND", "HAND-SIZE"],
        ],
    ),
    // A riichi win whose log records no ura indicators (the key absent):
    // the claimed ura dora are unknown, not none, and the claim agrees
    // with one. The near miss records none (an empty list) and claims one.
    (
        "ura_not_recorded.jsonl",
        [NONE, NONE, CONSERVATION, CONSERVATION, CONSERVATION],
    ),
    (
        "ura_recorded_none.jsonl",
        [URA_NONE, URA_NONE, URA_NONE_EMA, URA_NONE_EMA, URA_NONE_EMA],
    ),
    // Rinshan liability (Riichi City): seat 3's tsumo on the replacement
    // tile of its open kong of 6z, fed by seat 0, paid whole by seat 0. No
    // other book has it, and Tenhou and Mahjong Soul turn the kan dora
    // after the discard, not at once as the log (Riichi City's timing)
    // does. The near miss: the same win after an added kong, paid by all.
    (
        "rinshan_liability_daiminkan.jsonl",
        [KAN_DORA_DELTAS, KAN_DORA_DELTAS, DELTAS, DELTAS, DELTAS],
    ),
    (
        "rinshan_after_kakan.jsonl",
        [KAN_DORA, KAN_DORA, NONE, NONE, NONE],
    ),
    // A win robbing an added kong, a kan dora indicator turned for the kong
    // before it and counted in the claim: EMA 2016 turns the indicator
    // before the added tile may be robbed (§3.3.6), so the win counts it;
    // EMA 2012 §3.3.7 and WRC §6.5.1 turn none for a robbed kong, Tenhou
    // and Mahjong Soul only after the replacement draw: the win counts no
    // new kan dora, and the claim's two are too many.
    (
        "chankan_kan_dora_turned.jsonl",
        [
            ROBBED_KAN_DORA,
            ROBBED_KAN_DORA,
            NONE,
            ROBBED_KAN_DORA,
            ROBBED_KAN_DORA,
        ],
    ),
    // The near miss: no indicator, none claimed (WRC's kiriage pays 8000).
    (
        "chankan_no_kan_dora.jsonl",
        [NONE, NONE, NONE, &["SCORE-DELTAS", "SCORE-POINTS"], NONE],
    ),
];

const KAN_DORA: &[&str] = &["KAN-DORA"];
const KAN_DORA_DELTAS: &[&str] = &["KAN-DORA", "SCORE-DELTAS"];

/// Riichi City's room rules, each under its profile and under the same
/// profile without the rule (or the book it differs from): (fixture,
/// profile, findings).
const RIICHI_CITY: &[(&str, &str, &[&str])] = &[
    (
        "facts/rinshan_liability_daiminkan.jsonl",
        "riichicity",
        NONE,
    ),
    (
        "facts/rinshan_liability_daiminkan.jsonl",
        r#"{"base": "riichicity", "rinshan_liability": false}"#,
        DELTAS,
    ),
    ("facts/rinshan_after_kakan.jsonl", "riichicity", NONE),
    // A triple ron is an abortive draw (the game's end type 三家和了), as
    // on Tenhou; Mahjong Soul pays all three.
    (
        "rules/ABORTIVE-DRAW/hit_triple_ron.jsonl",
        "riichicity",
        NONE,
    ),
    (
        "rules/ABORTIVE-DRAW/hit_triple_ron.jsonl",
        "mahjongsoul",
        &["ABORTIVE-DRAW"],
    ),
    (
        "rules/MULTIPLE-RON/hit_triple.jsonl",
        "riichicity",
        &["MULTIPLE-RON"],
    ),
    ("rules/MULTIPLE-RON/hit_triple.jsonl", "mahjongsoul", NONE),
];

#[test]
fn riichi_city_room_rules_are_read_as_its_profile_reads_them() {
    let root = common::testdata();
    let mut wrong = Vec::new();
    for (file, profile, want) in RIICHI_CITY {
        let log = common::import(&root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let rules = Rules::preset(profile).unwrap_or_else(|| Rules::from_json(profile).unwrap());
        let mut got: Vec<&str> = audit(&log, &rules)
            .findings
            .iter()
            .map(|f| f.rule.code())
            .collect();
        got.sort_unstable();
        if got != *want {
            wrong.push(format!(
                "{file} under {profile}: expected {want:?}, got {got:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

const ROBBED_KAN_DORA: &[&str] = &[
    "KAN-DORA",
    "SCORE-DELTAS",
    "SCORE-HAN",
    "SCORE-POINTS",
    "SCORE-YAKU",
];

/// Real Tenhou games on agari-yame, (fixture, [the kyoku each of PROFILES
/// says are played after the game ended]). The other books'
/// findings on a Tenhou game (its red fives, its scores) are not the
/// point here: only the findings of agari-yame and tenpai-yame are
/// compared, and the game must audit clean under `auto`.
const YAME: &[(&str, [&[&str]; 5])] = &[
    // The all-last dealer wins to first place with at least 30000 and the
    // log plays on (a hanchan read as East only): twice, at E4-2 and E4-3,
    // so E4-3 and E4-4 are played after the game's end.
    (
        "all_last_dealer_first_plays_on.xml",
        [DEALER_FIRST, DEALER_FIRST, NONE, NONE, NONE],
    ),
    // Tenpai-yame: the all-last dealer is tenpai at an exhaustive draw,
    // first with 39800, and the log plays on into E4-1 (the same edit).
    (
        "all_last_dealer_tenpai_first_plays_on.xml",
        [&["E4-1"], &["E4-1"], NONE, NONE, NONE],
    ),
    // The near miss: the all-last dealer wins to 32900, second behind
    // 33400, and plays on.
    (
        "all_last_dealer_second_plays_on.xml",
        [NONE, NONE, NONE, NONE, NONE],
    ),
];

const DEALER_FIRST: &[&str] = &["E4-3", "E4-4"];

const URA_NONE: &[&str] = &["SCORE-DELTAS", "SCORE-HAN", "SCORE-POINTS", "SCORE-YAKU"];
const URA_NONE_EMA: &[&str] = &[
    "SCORE-CONSERVATION",
    "SCORE-DELTAS",
    "SCORE-HAN",
    "SCORE-POINTS",
    "SCORE-YAKU",
];

#[test]
fn each_fact_is_read_as_each_book_reads_it() {
    let dir = common::testdata().join("facts");
    let mut wrong = Vec::new();
    for (file, want) in FACTS {
        let log = common::import(&dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        for (profile, want) in PROFILES.iter().zip(want) {
            let found = audit(&log, &Rules::preset(profile).unwrap()).findings;
            let mut got: Vec<&str> = found.iter().map(|f| f.rule.code()).collect();
            got.sort_unstable();
            if got != *want {
                wrong.push(format!(
                    "{file} under {profile}: expected {want:?}, got {got:?}"
                ));
            }
        }
    }
    for (file, want) in YAME {
        let log = common::import(&dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let auto = audit(&log, &Rules::for_log(&log.meta).rules).findings;
        let yame: Vec<&Finding> = auto.iter().filter(|f| is_yame(f)).collect();
        if auto.len() != yame.len() {
            wrong.push(format!("{file} under auto: more than agari-yame: {auto:?}"));
        }
        for (profile, want) in PROFILES.iter().zip(want) {
            let found = audit(&log, &Rules::preset(profile).unwrap()).findings;
            let got: Vec<&str> = found
                .iter()
                .filter(|f| is_yame(f))
                .filter_map(|f| f.kyoku.as_deref())
                .collect();
            if got != *want {
                wrong.push(format!(
                    "{file} under {profile}: expected {want:?} played after the game's end, got {got:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every fixture of the folder is in the tables.
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json") || n.ends_with(".jsonl") || n.ends_with(".xml"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = FACTS
        .iter()
        .map(|(f, _)| *f)
        .chain(YAME.iter().map(|(f, _)| *f))
        .map(str::to_owned)
        .collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "testdata/facts/ and FACTS, YAME list the same fixtures"
    );
    common::report(&format!(
        "rule facts: {} fixtures x {} profiles",
        FACTS.len() + YAME.len(),
        PROFILES.len()
    ));
}

/// A finding that the game should have ended by agari-yame or tenpai-yame.
fn is_yame(f: &Finding) -> bool {
    f.rule == RuleId::NextKyoku && f.message.contains("-yame)")
}
