//! `paifu review`: the JSON lines contract of `formats/review.md` read with
//! strict structs (an unknown or missing key fails), `--decisions`,
//! `--seat` by number and by name, exit statuses with a bad file among
//! good ones, files in folders that are no logs skipped, the digests of
//! inputs and profiles, `--quiet`, an output that is never an input,
//! output independent of the thread count; and `paifu danger` on a folder.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::process::Output;

use serde::Deserialize;
use serde_json::Value;

use common::{paifu, same_on_any_thread_count, td};

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Ukeire {
    played: u8,
    best: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Meld {
    kind: String,
    tiles: Vec<String>,
}

/// An item line, exactly as documented.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ItemLine {
    #[serde(rename = "type")]
    kind_of_line: String,
    file: String,
    kyoku: String,
    event: usize,
    line: Option<u32>,
    seat: u8,
    player: String,
    kind: String,
    severity: String,
    played: Option<String>,
    better: Vec<String>,
    shanten: Option<[i8; 2]>,
    ukeire: Option<Ukeire>,
    value: Option<i32>,
    message: String,
    citation: String,
    hand: Vec<String>,
    melds: Vec<Meld>,
    related: Option<usize>,
    situation: Option<SituationLine>,
    /// Only where the kyoku's record gives its wall.
    #[serde(default)]
    hindsight: Option<HindsightLine>,
    profile: String,
}

/// Hindsight on the wall, exactly as documented.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct HindsightLine {
    instead: String,
    turn: u8,
    instead_tenpai: Option<u8>,
    played_tenpai: Option<u8>,
    draws: Vec<String>,
    recorded: usize,
    continued: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Threat {
    seat: u8,
    kind: String,
}

/// An item's situation, exactly as documented.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SituationLine {
    turn: u8,
    tiles_left: u8,
    scores: Vec<i32>,
    placements: Vec<u8>,
    riichi_sticks: u8,
    honba: u8,
    threats: Vec<Threat>,
    dora_indicators: Vec<String>,
    dora: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct CandidateLine {
    discard: String,
    shanten: i8,
    ukeire: u8,
    ukeire_kinds: Vec<String>,
    waits: Vec<String>,
    furiten: bool,
    rank: u8,
    danger: Vec<DangerLine>,
    #[serde(default)]
    push_fold: Option<PushFoldLine>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PushFoldLine {
    ev: i32,
    win: f64,
    value: i32,
    loss: i32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThreatLine {
    seat: u8,
    kind: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DangerLine {
    seat: u8,
    deal_in: f64,
    reasons: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct DecisionLine {
    #[serde(rename = "type")]
    kind_of_line: String,
    file: String,
    kyoku: String,
    event: usize,
    line: Option<u32>,
    seat: u8,
    kind: String,
    hand: Vec<String>,
    melds: Vec<Meld>,
    played: String,
    riichi: bool,
    shanten: i8,
    efficiency: bool,
    rank: u8,
    threats: Vec<ThreatLine>,
    candidates: Vec<CandidateLine>,
}

/// A decision that is not a discard's (`formats/review.md`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ChoiceLine {
    #[serde(rename = "type")]
    kind_of_line: String,
    file: String,
    kyoku: String,
    event: usize,
    line: Option<u32>,
    seat: u8,
    kind: String,
    tile: String,
    from: u8,
    taken: Option<String>,
    riichi_opponents: u8,
    #[serde(default)]
    new_dora: bool,
    candidates: Vec<AlternativeLine>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct AlternativeLine {
    choice: String,
    #[serde(default)]
    tiles: Vec<String>,
    shanten: Option<i8>,
    ukeire: Option<u8>,
    #[serde(default)]
    waits: Vec<String>,
    furiten: Option<bool>,
    routes: Option<Vec<String>>,
    #[serde(default)]
    values: Vec<WaitValue>,
    value: Option<i32>,
    win_chance: Option<f64>,
    placement: Option<u8>,
    taken: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WaitValue {
    tile: String,
    points: Option<i32>,
}

const KINDS: &[&str] = &[
    "DAMA-WITHOUT-YAKU",
    "MISSED-WIN",
    "SELF-FURITEN",
    "RIICHI-TRAP",
    "DEAL-IN-WITH-SAFE-TILE",
    "YAKULESS-CALL",
    "YAKULESS-TENPAI",
    "LIABILITY-FEED",
    "PUSH-INTO-DANGER",
    "FOLDED-STRONG-TENPAI",
    "KONG-INTO-RIICHI",
    "CALL-NO-PROGRESS",
    "EFFICIENCY",
];

#[test]
fn json_lines_follow_the_contract() {
    let out = paifu(&[
        "review",
        "--format",
        "json",
        "--decisions",
        &td("tenhou_xml"),
        &td("tenhou6/double_ron.json"),
        &td("mjai/riichienv_selfplay.jsonl"),
        &td("riichicity/two_hands.json"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = lines(&out);
    let (mut items, mut decisions, mut chances, mut games) = (0, 0, 0, 0);
    let mut threatened = 0;
    let mut hindsights = 0;
    let mut choices = std::collections::BTreeMap::<String, usize>::new();
    let mut severities = std::collections::BTreeSet::new();
    for row in &rows[..rows.len() - 1] {
        match row.get("type").and_then(Value::as_str) {
            Some("item") => {
                let item: ItemLine = serde_json::from_value(row.clone()).unwrap();
                if let Some(h) = &item.hindsight {
                    assert!(h.recorded <= h.draws.len(), "{row}");
                    assert!(item.better.first() == Some(&h.instead), "{row}");
                    hindsights += 1;
                }
                assert!(KINDS.contains(&item.kind.as_str()), "{}", item.kind);
                assert!(!item.message.is_empty());
                // The model's judgements rest on no rule paragraph.
                assert_eq!(
                    item.citation.is_empty(),
                    ["EFFICIENCY", "PUSH-INTO-DANGER", "FOLDED-STRONG-TENPAI"]
                        .contains(&item.kind.as_str())
                );
                // The situation is the table's: every seat scored and
                // placed once, the dora one per indicator, nobody
                // threatening themselves.
                let s = item.situation.as_ref().expect("a situation");
                assert!(s.turn >= 1);
                assert_eq!(s.scores.len(), s.placements.len());
                let mut places = s.placements.clone();
                places.sort_unstable();
                assert!(
                    places
                        .iter()
                        .copied()
                        .eq(1..=u8::try_from(places.len()).unwrap())
                );
                assert_eq!(s.dora.len(), s.dora_indicators.len());
                assert!(!s.dora_indicators.is_empty());
                assert!(
                    s.threats
                        .iter()
                        .all(|t| t.seat != item.seat
                            && ["riichi", "open"].contains(&t.kind.as_str()))
                );
                severities.insert(item.severity);
                items += 1;
            }
            Some("decision") if row.get("kind").and_then(Value::as_str) != Some("discard") => {
                let c: ChoiceLine = serde_json::from_value(row.clone()).unwrap();
                // One alternative taken, named by `taken`, of the kind's own.
                let taken: Vec<&AlternativeLine> =
                    c.candidates.iter().filter(|a| a.taken).collect();
                assert_eq!(taken.len(), 1, "{row}");
                assert_eq!(c.taken.as_deref(), Some(taken[0].choice.as_str()));
                let names: &[&str] = match c.kind.as_str() {
                    "call" => &["pass", "chi", "pon", "daiminkan"],
                    "riichi" => &["riichi", "dama"],
                    "kong" => &["ankan", "kakan", "no kong"],
                    "win" => &["ron", "tsumo", "pass"],
                    other => panic!("a decision of kind {other}"),
                };
                assert!(
                    c.candidates
                        .iter()
                        .all(|a| names.contains(&a.choice.as_str())),
                    "{row}"
                );
                assert!(c.candidates.len() >= 2);
                assert_eq!(c.new_dora, c.kind == "kong");
                if c.kind == "riichi" {
                    // Riichi never lowers the value of a wait.
                    let [r, d] = &c.candidates[..] else {
                        panic!("{row}")
                    };
                    for (a, b) in r.values.iter().zip(&d.values) {
                        assert!(a.points.unwrap_or(0) >= b.points.unwrap_or(0), "{row}");
                    }
                    assert!(r.win_chance.unwrap() >= d.win_chance.unwrap());
                    // A value for each wait, in the waits' order.
                    let tiles: Vec<&String> = r.values.iter().map(|v| &v.tile).collect();
                    assert_eq!(tiles, r.waits.iter().collect::<Vec<_>>(), "{row}");
                }
                *choices.entry(c.kind).or_insert(0) += 1;
            }
            Some("decision") => {
                let d: DecisionLine = serde_json::from_value(row.clone()).unwrap();
                assert_eq!(d.kind, "discard");
                assert!(!d.candidates.is_empty());
                assert!(d.candidates.iter().any(|c| c.discard == d.played));
                assert_eq!(d.hand.len() + 3 * d.melds.len(), 14);
                for t in &d.threats {
                    assert!(t.seat != d.seat && ["riichi", "open"].contains(&t.kind.as_str()));
                }
                for c in &d.candidates {
                    // One danger entry per threat, in the threats' order.
                    let seats: Vec<u8> = c.danger.iter().map(|x| x.seat).collect();
                    let threats: Vec<u8> = d.threats.iter().map(|t| t.seat).collect();
                    assert_eq!(seats, threats, "event {}", d.event);
                    // Weighed exactly under threat: EV = win × value − loss.
                    assert_eq!(c.push_fold.is_some(), !d.threats.is_empty());
                    if let Some(p) = &c.push_fold {
                        assert!((0.0..=1.0).contains(&p.win) && p.value > 0 && p.loss >= 0);
                        let ev = p.win * f64::from(p.value) - f64::from(p.loss);
                        assert!(
                            (ev - f64::from(p.ev)).abs() <= 2.0 + f64::from(p.value) * 1e-4,
                            "{p:?}"
                        );
                    }
                    for x in &c.danger {
                        assert!((0.0..=1.0).contains(&x.deal_in), "{}", x.deal_in);
                        assert!(x.reasons.iter().any(|r| r.starts_with("turn-")));
                        // A tile they cannot win on by the rules is safe;
                        // any other is not.
                        let furiten = x.reasons.iter().any(|r| {
                            ["genbutsu", "after-riichi", "same-go-around"].contains(&r.as_str())
                        });
                        assert_eq!(furiten, x.deal_in == 0.0, "{:?}", x.reasons);
                    }
                }
                threatened += usize::from(!d.threats.is_empty());
                decisions += 1;
            }
            Some("chance") => {
                for key in ["file", "kyoku", "event", "seat", "kind", "tile", "from"] {
                    assert!(row.get(key).is_some(), "chance without {key}: {row}");
                }
                chances += 1;
            }
            Some("game") => {
                assert!(row.get("seats").and_then(Value::as_array).is_some());
                for key in ["sha256", "profile_sha256"] {
                    let digest = row[key].as_str().unwrap_or_else(|| panic!("{key}: {row}"));
                    assert_eq!(digest.len(), 64, "{key}: {row}");
                }
                games += 1;
            }
            _ => panic!("an unknown line: {row}"),
        }
    }
    let summary = rows
        .last()
        .and_then(|r| r.get("summary"))
        .expect("a summary line last");
    assert_eq!(summary["games"].as_u64(), Some(games));
    assert!(hindsights > 0, "no item with hindsight on the walled log");
    assert_eq!(summary["total"]["decisions"].as_u64(), Some(decisions));
    assert!(
        items > 50 && decisions > 1000 && chances > 100 && threatened > 100,
        "{items} {decisions} {chances} {threatened}"
    );
    assert!(severities.contains("mistake") && severities.contains("note"));
    for kind in ["call", "riichi", "kong", "win"] {
        assert!(choices.get(kind).copied().unwrap_or(0) > 5, "{choices:?}");
    }
}

#[test]
fn seat_by_number_and_by_name() {
    let log = td("tenhou_xml/kakan_red_five.xml");
    let all = lines(&paifu(&["review", "--format", "json", &log]));
    let seat1 = lines(&paifu(&["review", "--format", "json", "--seat", "1", &log]));
    let items = |rows: &[Value]| -> Vec<Value> {
        rows.iter()
            .filter(|r| r["type"] == "item")
            .cloned()
            .collect()
    };
    let of_seat1: Vec<Value> = items(&all).into_iter().filter(|r| r["seat"] == 1).collect();
    assert!(!of_seat1.is_empty());
    assert_eq!(items(&seat1), of_seat1);
    let name = of_seat1[0]["player"].as_str().unwrap().to_owned();
    let by_name = lines(&paifu(&[
        "review", "--format", "json", "--seat", &name, &log,
    ]));
    assert_eq!(items(&by_name), of_seat1);
    // The summary counts the seat shown only.
    let summary = &seat1.last().unwrap()["summary"];
    assert_eq!(summary["players"].as_array().unwrap().len(), 1);
    assert_eq!(summary["players"][0]["name"], name.as_str());
    let text = paifu(&["review", "--seat", "7", &log]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("no seat 7 at this table"));
}

#[test]
fn a_bad_file_is_reported_and_the_rest_reviewed() {
    let dir = std::env::temp_dir().join(format!("paifu-review-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.mjlog");
    std::fs::write(&bad, "<mjloggm ver=\"2.3\"><INIT seed=").unwrap();
    let out = paifu(&[
        "review",
        "--format",
        "json",
        bad.to_str().unwrap(),
        &td("tenhou_xml/double_ron.mjlog"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let rows = lines(&out);
    assert!(rows[0].get("import_error").is_some(), "{}", rows[0]);
    // The import error's parts, as in the audit.
    let keys: Vec<&str> = rows[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut want = [
        "file",
        "import_error",
        "format",
        "line",
        "byte",
        "expected",
        "found",
    ];
    want.sort_unstable();
    assert_eq!(keys, want, "{}", rows[0]);
    assert_eq!(rows[0]["format"], "tenhou-xml");
    assert!(rows.iter().any(|r| r["type"] == "game"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.mjlog"));
    // The output is never one of the inputs.
    let log = dir.join("game.mjlog");
    std::fs::copy(td("tenhou_xml/double_ron.mjlog"), &log).unwrap();
    let before = std::fs::read(&log).unwrap();
    let out = paifu(&["review", "-o", log.to_str().unwrap(), log.to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(std::fs::read(&log).unwrap(), before);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_damaged_file_is_reviewed_up_to_the_damage_and_exits_2() {
    let dir = temp_dir("damaged");
    let full = std::fs::read_to_string(td("tenhou_xml/four_winds.mjlog")).unwrap();
    // Cut in the middle of the fourth kyoku's INIT element.
    let fourth = full.match_indices("<INIT").nth(3).unwrap().0;
    let cut = dir.join("cut.mjlog");
    std::fs::write(&cut, &full[..fourth + 20]).unwrap();
    let out = paifu(&["review", "--format", "json", cut.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = lines(&out);
    let damaged = rows
        .iter()
        .position(|r| r.get("damaged").is_some())
        .unwrap();
    assert_eq!(rows[damaged]["format"], "tenhou-xml");
    assert_eq!(rows[damaged]["kyoku_saved"], 3, "{}", rows[damaged]);
    let game = rows.iter().position(|r| r["type"] == "game").unwrap();
    assert!(damaged < game);
    assert_eq!(rows[game]["kyoku"], 3);
    assert_eq!(rows.last().unwrap()["summary"]["damaged"], 1);
    let text = paifu(&["review", cut.to_str().unwrap()]);
    assert_eq!(text.status.code(), Some(2));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("damaged: tenhou-xml"), "{text}");
    assert!(text.contains(", damaged 1"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A temporary folder for one test, emptied first.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-review-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn files_in_a_folder_that_are_no_logs_are_skipped() {
    let dir = temp_dir("walk");
    std::fs::copy(td("tenhou_xml/double_ron.mjlog"), dir.join("game.mjlog")).unwrap();
    std::fs::write(dir.join("README.md"), "Club league logs\n").unwrap();
    let folder = dir.to_str().unwrap();
    let readme = dir.join("README.md").to_string_lossy().into_owned();
    let out = paifu(&["review", "--format", "json", folder]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    let rows = lines(&out);
    assert_eq!(
        rows[0],
        serde_json::json!({"file": readme, "skipped": "not a game log"})
    );
    let summary = &rows.last().unwrap()["summary"];
    assert_eq!(summary["skipped"], 1);
    assert_eq!(summary["import_errors"], 0);
    assert_eq!(summary["inputs"].as_array().unwrap().len(), 2);

    let text = String::from_utf8(paifu(&["review", folder]).stdout).unwrap();
    assert!(
        text.contains(&format!(
            "skipped (not a game log, found in a folder)\n   {readme}\n"
        )),
        "{text}"
    );
    assert!(text.contains("skipped 1"), "{text}");
    let html = String::from_utf8(paifu(&["review", "--format", "html", folder]).stdout).unwrap();
    assert!(html.contains("skipped 1") && html.contains("README.md"));

    // Named on the command line, the README is an import error.
    let out = paifu(&["review", "--format", "json", folder, &readme]);
    assert_eq!(out.status.code(), Some(2));
    let rows = lines(&out);
    let error = rows
        .iter()
        .find(|r| r.get("import_error").is_some())
        .expect("an import error line");
    assert_eq!(error["file"], readme.as_str());
    assert!(error["format"].is_null() && error["line"] == 1, "{error}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn reports_state_the_digests_of_inputs_and_profiles() {
    let log = td("tenhou_xml/double_ron.mjlog");
    let digest = paifu::batch::Sha256Digest::of(&std::fs::read(&log).unwrap()).to_string();
    let fingerprint =
        paifu::batch::profile_fingerprint(&paifu::rules::Rules::preset("wrc2015").unwrap())
            .to_string();
    let rows = lines(&paifu(&[
        "review", "--rules", "wrc2015", "--format", "json", &log,
    ]));
    let game = rows.iter().find(|r| r["type"] == "game").unwrap();
    assert_eq!(game["sha256"], digest.as_str());
    assert_eq!(game["profile_sha256"], fingerprint.as_str());
    let summary = &rows.last().unwrap()["summary"];
    assert_eq!(
        summary["inputs"],
        serde_json::json!([{"file": log, "sha256": digest, "profile_sha256": fingerprint}])
    );
    assert_eq!(summary["paifu"], env!("CARGO_PKG_VERSION"));
    let text = String::from_utf8(paifu(&["review", "--rules", "wrc2015", &log]).stdout).unwrap();
    assert!(
        text.contains(&format!("   file sha256 {digest}\n")),
        "{text}"
    );
    assert!(
        text.contains(&format!("   profile sha256 {fingerprint}\n")),
        "{text}"
    );
    let html = String::from_utf8(
        paifu(&["review", "--rules", "wrc2015", "--format", "html", &log]).stdout,
    )
    .unwrap();
    assert!(html.contains(&format!("file sha256 <code>{digest}</code>")));
    assert!(html.contains(&format!("profile sha256 <code>{fingerprint}</code>")));
}

#[test]
fn quiet_writes_the_summary_only() {
    let log = td("tenhou_xml/kakan_red_five.xml");
    let full = String::from_utf8(paifu(&["review", &log]).stdout).unwrap();
    let out = paifu(&["review", "--quiet", &log]);
    assert_eq!(out.status.code(), Some(0));
    let quiet = String::from_utf8(out.stdout).unwrap();
    assert!(!quiet.contains("== ") && !quiet.contains("ev#"), "{quiet}");
    assert!(
        quiet.ends_with(&full[full.find("\nsummary\n").unwrap()..]),
        "{quiet}"
    );
    let json = lines(&paifu(&["review", "-q", "--format", "json", &log]));
    assert_eq!(json.len(), 1);
    assert!(json[0].get("summary").is_some());
    let html = paifu(&["review", "--quiet", "--format", "html", &log]);
    assert_eq!(html.status.code(), Some(2), "no HTML form");
    assert!(String::from_utf8_lossy(&html.stderr).contains("--quiet"));
}

#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    let tenhou_xml = td("tenhou_xml");
    same_on_any_thread_count(&["review", "--format", "json", "--decisions", &tenhou_xml]);
    let all = td("");
    for format in ["text", "json", "html"] {
        same_on_any_thread_count(&["review", "--format", format, &all]);
    }
    let Some(corpus) = common::corpus() else {
        return common::skip("the_report_does_not_depend_on_the_thread_count (corpus)");
    };
    // A sample: the corpus's smaller Tenhou XML collections (the two
    // largest alone take most of the time) and every tenhou.net/6 and
    // mjai log, in one batch.
    let mut sample: Vec<String> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(corpus.join("tenhou-xml")) {
        let mut dirs: Vec<std::path::PathBuf> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for dir in dirs {
            if dir.is_dir() && common::files_below(&dir).len() < 200 {
                sample.push(dir.to_string_lossy().into_owned());
            }
        }
    }
    for sub in ["tenhou-json", "mjai"] {
        let dir = corpus.join(sub);
        if dir.is_dir() {
            sample.push(dir.to_string_lossy().into_owned());
        }
    }
    assert!(!sample.is_empty());
    let mut args = vec!["review", "--format", "json"];
    args.extend(sample.iter().map(String::as_str));
    same_on_any_thread_count(&args);
}

#[test]
fn danger_measures_any_folder_of_logs() {
    // The testdata's Tenhou XML logs show every hand: they give cases.
    let out = paifu(&["danger", &td("tenhou_xml")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("threats: "), "{text}");
    for what in [
        "against every threat",
        "against a riichi",
        "against an open hand",
    ] {
        assert!(text.contains(what), "{what}: {text}");
    }
    assert_eq!(text.matches("  Brier: model ").count(), 3, "{text}");
    assert!(text.contains("0 (genbutsu)"), "{text}");
}

/// The decisions of kind `kind` in a `--decisions` report.
fn choices_of<'a>(rows: &'a [Value], kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    rows.iter().filter(move |r| {
        r.get("type").and_then(Value::as_str) == Some("decision")
            && r.get("kind").and_then(Value::as_str) == Some(kind)
    })
}

#[test]
fn every_call_kong_riichi_and_win_of_a_real_game_is_a_decision_taken() {
    for name in [
        "review_all_last_dealer_push.xml",
        "review_bust_win_passed.xml",
        "review_routes_and_step_back.xml",
        "review_wide_furiten_riichi.xml",
    ] {
        let log = td(&format!("tenhou_xml/{name}"));
        let events = lines(&paifu(&["events", &log]));
        let count = |types: &[&str]| {
            events
                .iter()
                .filter(|e| types.contains(&e["type"].as_str().unwrap_or("")))
                .count()
        };
        let riichi = events
            .iter()
            .filter(|e| e["type"] == "dahai" && e["riichi"] == true)
            .count();
        let rows = lines(&paifu(&["review", "--format", "json", "--decisions", &log]));
        let taken = |kind: &str, not: &str| {
            choices_of(&rows, kind)
                .filter(|r| r["taken"].as_str() != Some(not))
                .count()
        };
        // Tenhou shows every hand: each call, kong, riichi and win the log
        // has was a decision the review offered, and it is marked taken.
        assert_eq!(
            taken("call", "pass"),
            count(&["chi", "pon", "daiminkan"]),
            "{name}"
        );
        assert_eq!(
            taken("kong", "no kong"),
            count(&["ankan", "kakan"]),
            "{name}"
        );
        assert_eq!(taken("riichi", "dama"), riichi, "{name}");
        assert_eq!(taken("win", "pass"), count(&["hora"]), "{name}");
    }
}

#[test]
fn a_pon_passed_and_a_riichi_declared_carry_their_facts() {
    let log = td("tenhou_xml/review_routes_and_step_back.xml");
    let rows = lines(&paifu(&["review", "--format", "json", "--decisions", &log]));
    // E1-0: seat 3 passes a pon of 8m from seat 1, who is in riichi; the
    // pon would have kept the hand 2-shanten on fewer tiles, with no route
    // to a yaku.
    let pon = choices_of(&rows, "call")
        .find(|r| r["event"] == 101 && r["seat"] == 3)
        .expect("the pon offered at event 101");
    assert_eq!(pon["tile"], "8m");
    assert_eq!(pon["from"], 1);
    assert_eq!(pon["taken"], "pass");
    assert_eq!(pon["riichi_opponents"], 1);
    let c = pon["candidates"].as_array().unwrap();
    assert_eq!(c[0]["choice"], "pass");
    assert_eq!(c[0]["shanten"], 2);
    assert_eq!(c[0]["taken"], true);
    assert_eq!(c[1]["choice"], "pon");
    assert_eq!(c[1]["tiles"], serde_json::json!(["8m", "8m"]));
    assert_eq!(c[1]["shanten"], 2);
    assert!(c[1]["ukeire"].as_u64() < c[0]["ukeire"].as_u64());
    assert_eq!(c[1]["routes"], serde_json::json!([]));
    // E1-0: seat 1 declares riichi discarding 2s, waiting on 2p-5p: riichi
    // adds its han to every wait (3900 against 2000 dama).
    let riichi = choices_of(&rows, "riichi")
        .find(|r| r["event"] == 60)
        .expect("the riichi at event 60");
    assert_eq!(riichi["seat"], 1);
    assert_eq!(riichi["tile"], "2s");
    assert_eq!(riichi["taken"], "riichi");
    let c = riichi["candidates"].as_array().unwrap();
    assert_eq!(c[0]["waits"], serde_json::json!(["2p", "5p"]));
    assert_eq!(c[0]["value"], 3900);
    assert_eq!(c[1]["choice"], "dama");
    assert_eq!(c[1]["value"], 2000);
    assert_eq!(c[1]["taken"], false);
}
