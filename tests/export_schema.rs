//! paifu's mjai and tenhou.net/6 output held to what the formats' most used
//! readers require, without the readers: Mortal (`libriichi`'s mjai `Event`
//! and its `validate_logs`) for mjai, mjai-reviewer's `convlog` for
//! tenhou.net/6. The expectations below are facts read from those readers'
//! source (Equim-chan/Mortal `libriichi/src/mjai/event.rs`,
//! `libriichi/src/bin/validate_logs.rs`; Equim-chan/mjai-reviewer
//! `convlog/src/tenhou/json_scheme.rs`, `log.rs`, `conv.rs`), written out as
//! data; `formats/mjai.md` and `formats/tenhou6.md` say the same in prose.
//!
//! Runs on every bundled testdata log and, when present, on the corpus,
//! printing counts. With `PAIFU_EXPORT_DIR` set, the corpus conversions are
//! also written there (`mjai/*.json`, `tenhou6/*.json`, one game a file) to
//! feed the real readers.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use serde_json::Value;

use paifu::event::{Event, Format, GameLog};
use paifu::export::{carried_by, export};
use paifu::import::{ImportOptions, import_bytes};

use common::{corpus, files_below, import, report, skip, testdata};

// ---------------------------------------------------------------- mjai ----

/// The kind of value a key of Mortal's `Event` must hold.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// An mjai tile string (`Tile`: 1m–9s, E S W N P F C, 5mr 5pr 5sr, `?`).
    Tile,
    /// A list of tiles of any length (`Vec<Tile>`).
    Tiles,
    /// A list of exactly this many tiles (`[Tile; N]`).
    TilesN(usize),
    /// A seat, 0–3 (`BoundedU8<0, 3>`).
    Actor,
    /// An unsigned byte (`u8`).
    U8,
    /// The kyoku number, 1–4 (`BoundedU8<1, 4>`).
    Kyoku,
    /// Four signed 32-bit numbers (`[i32; 4]`).
    Four,
    /// Four lists of 13 tiles (`[[Tile; 13]; 4]`).
    Tehais,
    /// `true` or `false`.
    Bool,
    /// Four strings (`[String; 4]`).
    Names,
}

/// Every event type Mortal's `Event` knows (snake case, `type` tag), with
/// the keys it must have. Any other type fails to deserialise, so a whole
/// log fails; keys not listed are ignored (no `deny_unknown_fields`).
///
/// `hora`'s `deltas` and `ura_markers` are `Option` in the type, but
/// `validate_logs` refuses a `hora` without either ("missing field").
const MORTAL_REQUIRED: &[(&str, &[(&str, Kind)])] = &[
    ("none", &[]),
    ("start_game", &[]),
    (
        "start_kyoku",
        &[
            ("bakaze", Kind::Tile),
            ("dora_marker", Kind::Tile),
            ("kyoku", Kind::Kyoku),
            ("honba", Kind::U8),
            ("kyotaku", Kind::U8),
            ("oya", Kind::Actor),
            ("scores", Kind::Four),
            ("tehais", Kind::Tehais),
        ],
    ),
    ("tsumo", &[("actor", Kind::Actor), ("pai", Kind::Tile)]),
    (
        "dahai",
        &[
            ("actor", Kind::Actor),
            ("pai", Kind::Tile),
            ("tsumogiri", Kind::Bool),
        ],
    ),
    (
        "chi",
        &[
            ("actor", Kind::Actor),
            ("target", Kind::Actor),
            ("pai", Kind::Tile),
            ("consumed", Kind::TilesN(2)),
        ],
    ),
    (
        "pon",
        &[
            ("actor", Kind::Actor),
            ("target", Kind::Actor),
            ("pai", Kind::Tile),
            ("consumed", Kind::TilesN(2)),
        ],
    ),
    (
        "daiminkan",
        &[
            ("actor", Kind::Actor),
            ("target", Kind::Actor),
            ("pai", Kind::Tile),
            ("consumed", Kind::TilesN(3)),
        ],
    ),
    (
        "kakan",
        &[
            ("actor", Kind::Actor),
            ("pai", Kind::Tile),
            ("consumed", Kind::TilesN(3)),
        ],
    ),
    (
        "ankan",
        &[("actor", Kind::Actor), ("consumed", Kind::TilesN(4))],
    ),
    ("dora", &[("dora_marker", Kind::Tile)]),
    ("reach", &[("actor", Kind::Actor)]),
    ("reach_accepted", &[("actor", Kind::Actor)]),
    (
        "hora",
        &[
            ("actor", Kind::Actor),
            ("target", Kind::Actor),
            ("deltas", Kind::Four),
            ("ura_markers", Kind::Tiles),
        ],
    ),
    ("ryukyoku", &[]),
    ("end_kyoku", &[]),
    ("end_game", &[]),
];

/// Keys Mortal reads when present: a value of the wrong kind fails the log.
const MORTAL_OPTIONAL: &[(&str, &str, Kind)] = &[
    ("start_game", "names", Kind::Names),
    ("ryukyoku", "deltas", Kind::Four),
];

const MJAI_TILES: &[&str] = &[
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "P", "F",
    "C", "5mr", "5pr", "5sr", "?",
];

fn is_tile(v: &Value) -> bool {
    v.as_str().is_some_and(|s| MJAI_TILES.contains(&s))
}

fn tiles(v: &Value, n: Option<usize>) -> bool {
    v.as_array()
        .is_some_and(|a| a.iter().all(is_tile) && n.is_none_or(|n| a.len() == n))
}

fn ranged(v: &Value, lo: u64, hi: u64) -> bool {
    v.as_u64().is_some_and(|n| (lo..=hi).contains(&n))
}

fn fits(kind: Kind, v: &Value) -> bool {
    match kind {
        Kind::Tile => is_tile(v),
        Kind::Tiles => tiles(v, None),
        Kind::TilesN(n) => tiles(v, Some(n)),
        Kind::Actor => ranged(v, 0, 3),
        Kind::U8 => ranged(v, 0, 255),
        Kind::Kyoku => ranged(v, 1, 4),
        Kind::Four => v.as_array().is_some_and(|a| {
            a.len() == 4
                && a.iter()
                    .all(|x| x.as_i64().is_some_and(|n| i32::try_from(n).is_ok()))
        }),
        Kind::Tehais => v
            .as_array()
            .is_some_and(|a| a.len() == 4 && a.iter().all(|h| tiles(h, Some(13)))),
        Kind::Bool => v.is_boolean(),
        Kind::Names => v
            .as_array()
            .is_some_and(|a| a.len() == 4 && a.iter().all(Value::is_string)),
    }
}

/// The problem of a `hora` without `deltas`: a fault of the writer unless
/// the log does not state them either.
const NO_DELTAS: &str = "`hora` without `deltas`";

/// What one mjai file breaks of Mortal's schema, each as a sentence naming
/// the line. `seats` decides the checks: Mortal reads four-seat games only,
/// so of a three-seat game only what holds for every table is checked.
fn mjai_problems(text: &str, seats: u8) -> Vec<String> {
    let mut out = Vec::new();
    // validate_logs reads the file with `lines()` and parses each line as
    // one event: a blank line, or anything but one object, fails the log.
    let lines: Vec<&str> = text.lines().collect();
    let mut events = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        match serde_json::from_str::<Value>(line) {
            Ok(v @ Value::Object(_)) => events.push((n, v)),
            _ => out.push(format!("line {n} is not one JSON object: {line:.60}")),
        }
    }
    for (n, e) in &events {
        let ty = e["type"].as_str().unwrap_or_default();
        // paifu writes both on every win whatever the table (Mortal's
        // validate_logs requires them); a four-seat game is checked below.
        if ty == "hora" && seats != 4 {
            if !e.get("ura_markers").is_some_and(|u| tiles(u, None)) {
                out.push(format!("line {n}: `hora` without an `ura_markers` list"));
            }
            if e.get("deltas").is_none() {
                out.push(format!("{NO_DELTAS} at line {n}"));
            }
        }
        if seats != 4 {
            continue;
        }
        let Some((_, required)) = MORTAL_REQUIRED.iter().find(|(t, _)| *t == ty) else {
            out.push(format!("line {n}: Mortal has no event type `{ty}`"));
            continue;
        };
        for (key, kind) in *required {
            match e.get(*key) {
                // Counted by the caller against the wins whose deltas the
                // log does not state (and the kyoku cannot give).
                None if ty == "hora" && *key == "deltas" => {
                    out.push(format!("{NO_DELTAS} at line {n}"));
                }
                None => out.push(format!("line {n}: `{ty}` without `{key}`")),
                Some(v) if !fits(*kind, v) => {
                    out.push(format!("line {n}: `{ty}.{key}` is not {kind:?}: {v}"));
                }
                Some(_) => {}
            }
        }
        for (_, key, kind) in MORTAL_OPTIONAL.iter().filter(|(t, _, _)| *t == ty) {
            if let Some(v) = e.get(*key)
                && !fits(*kind, v)
            {
                out.push(format!("line {n}: `{ty}.{key}` is not {kind:?}: {v}"));
            }
        }
    }
    // Mortal's replay gives the discard after `reach` to the same seat.
    for pair in events.windows(2) {
        let [(n, a), (_, b)] = pair else { continue };
        if a["type"] == "reach" && (b["type"] != "dahai" || b["actor"] != a["actor"]) {
            out.push(format!(
                "line {n}: `reach` not followed by the same seat's `dahai`"
            ));
        }
    }
    out.extend(unaccepted_riichi(&events));
    out
}

/// Mortal's player state counts a riichi (its yaku, the locked hand) only
/// from `reach_accepted` on: a riichi that play went on from (a draw,
/// discard or call follows its discard) needs one before the same seat's
/// next discard, or its win is refused as having no yaku.
fn unaccepted_riichi(events: &[(usize, Value)]) -> Vec<String> {
    const STEPS: [&str; 7] = [
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
    ];
    const ENDS: [&str; 5] = ["hora", "ryukyoku", "end_kyoku", "start_kyoku", "end_game"];
    let mut out = Vec::new();
    for (i, (n, e)) in events.iter().enumerate() {
        if e["type"] != "reach" {
            continue;
        }
        let actor = &e["actor"];
        let mut goes_on = false;
        // From after the riichi discard itself.
        for (_, next) in events.iter().skip(i + 2) {
            let ty = next["type"].as_str().unwrap_or_default();
            if ty == "reach_accepted" && next["actor"] == *actor {
                goes_on = false;
                break;
            }
            if ENDS.contains(&ty) || (ty == "dahai" && next["actor"] == *actor) {
                break;
            }
            goes_on |= STEPS.contains(&ty);
        }
        if goes_on {
            out.push(format!(
                "line {n}: a riichi play went on from has no `reach_accepted`"
            ));
        }
    }
    out
}

// ------------------------------------------------------------ tenhou6 ----

/// The tenhou.net/6 tile codes convlog's `TenhouTile` accepts (0 is its
/// "unknown", the daiminkan slot of a discard list).
fn is_code(v: &Value) -> bool {
    v.as_u64().is_some_and(|n| {
        n == 0
            || [11..=19, 21..=29, 31..=39, 41..=47, 51..=53]
                .iter()
                .any(|r| r.contains(&n))
    })
}

fn codes(v: &Value, n: Option<usize>) -> bool {
    v.as_array()
        .is_some_and(|a| a.iter().all(is_code) && n.is_none_or(|n| a.len() == n))
}

fn four_i32(v: &Value) -> bool {
    fits(Kind::Four, v)
}

fn strings(v: &Value, n: Option<usize>) -> bool {
    v.as_array()
        .is_some_and(|a| a.iter().all(Value::is_string) && n.is_none_or(|n| a.len() == n))
}

/// Whether a call string has the shape convlog cuts it by: chi `c` first
/// of 7 characters; pon `p` at 0, 2 or 4 of 7; daiminkan `m` at 0, 2 or 6
/// of 9 (takes); kakan `k` at 0, 2 or 4 of 9, ankan `a` at 6 of 9, riichi
/// `r` and two characters (discards). Every two-character group must be a
/// tile code.
fn call_shape(s: &str, take: bool) -> bool {
    let letters: Vec<(usize, char)> = s
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphabetic())
        .collect();
    let [(at, letter)] = letters[..] else {
        return false;
    };
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    let codes_ok = digits.len().is_multiple_of(2)
        && digits.as_bytes().chunks(2).all(|c| {
            std::str::from_utf8(c)
                .ok()
                .and_then(|t| t.parse::<u64>().ok())
                .is_some_and(|n| is_code(&Value::from(n)) || (letter == 'r' && n == 60))
        });
    let shape = match (take, letter) {
        (true, 'c') => s.len() == 7 && at == 0,
        (true, 'p') => s.len() == 7 && [0, 2, 4].contains(&at),
        (true, 'm') => s.len() == 9 && [0, 2, 6].contains(&at),
        (false, 'k') => s.len() == 9 && [0, 2, 4].contains(&at),
        (false, 'a') => s.len() == 9 && at == 6,
        (false, 'r') => s.len() == 3 && at == 0,
        // A north set aside: three-player only, which convlog does not read.
        (false, 'f') => s.len() == 3 && at == 0,
        _ => false,
    };
    shape && codes_ok
}

/// What one tenhou.net/6 file breaks of convlog's `RawLog` and `Log`.
fn tenhou6_problems(text: &str, seats: u8) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(doc) = serde_json::from_str::<Value>(text) else {
        return vec!["not one JSON value".into()];
    };
    let Some(top) = doc.as_object() else {
        return vec!["not a JSON object".into()];
    };
    // `name: [String; 4]` and `rule` (an object, every field defaulted) are
    // required; `log` is required and each entry is one kyoku.
    if !top.get("name").is_some_and(|v| strings(v, Some(4))) {
        out.push("`name` is not four strings".into());
    }
    match top.get("rule") {
        Some(Value::Object(rule)) => {
            if rule.get("disp").is_some_and(|v| !v.is_string()) {
                out.push("`rule.disp` is not a string".into());
            }
            for k in ["aka", "aka51", "aka52", "aka53"] {
                if rule.get(k).is_some_and(|v| !ranged(v, 0, 255)) {
                    out.push(format!("`rule.{k}` is not a u8"));
                }
            }
        }
        _ => out.push("`rule` is not an object".into()),
    }
    // Optional keys and their types: `ratingc` a string, `lobby` an i32,
    // `dan` and `sx` lists of strings, `rate` a list of numbers.
    type Check = fn(&Value) -> bool;
    let optional: [(&str, Check); 5] = [
        ("ratingc", Value::is_string),
        ("lobby", |v| {
            v.as_i64().is_some_and(|n| i32::try_from(n).is_ok())
        }),
        ("dan", |v| strings(v, None)),
        ("sx", |v| strings(v, None)),
        ("rate", |v| {
            v.as_array().is_some_and(|a| a.iter().all(Value::is_number))
        }),
    ];
    for (key, ok) in optional {
        if let Some(v) = top.get(key)
            && !v.is_null()
            && !ok(v)
        {
            out.push(format!("`{key}` has the wrong type: {v}"));
        }
    }
    let disp = top
        .get("rule")
        .and_then(|r| r.get("disp"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    // convlog refuses a display naming three players.
    if seats == 4 && (disp.contains('三') || disp.contains("3-Player")) {
        out.push(format!("`rule.disp` `{disp}` names three players"));
    }
    let Some(log) = top.get("log").and_then(Value::as_array) else {
        out.push("`log` is not a list".into());
        return out;
    };
    for (k, kyoku) in log.iter().enumerate() {
        out.extend(
            kyoku_problems(kyoku, seats)
                .into_iter()
                .map(|p| format!("log[{k}]: {p}")),
        );
    }
    out
}

/// One kyoku against convlog's `RawKyoku`: a tuple of exactly 17.
fn kyoku_problems(kyoku: &Value, seats: u8) -> Vec<String> {
    let mut out = Vec::new();
    let Some(k) = kyoku.as_array() else {
        return vec!["not a list".into()];
    };
    if k.len() != 17 {
        return vec![format!("{} entries, not 17", k.len())];
    }
    if !k[0]
        .as_array()
        .is_some_and(|m| m.len() == 3 && m.iter().all(|x| ranged(x, 0, 255)))
    {
        out.push(format!("[0] is not [kyoku, honba, sticks] as u8: {}", k[0]));
    }
    if !four_i32(&k[1]) {
        out.push(format!("[1] is not four scores: {}", k[1]));
    }
    for i in [2, 3] {
        if !codes(&k[i], None) {
            out.push(format!("[{i}] is not a list of tile codes"));
        }
    }
    // convlog takes the first dora indicator for `start_kyoku` and the next
    // one at once after each concealed kong (InsufficientDoraIndicators).
    let ankans = (0..4)
        .filter_map(|seat| k[6 + 3 * seat].as_array())
        .flatten()
        .filter(|d| d.as_str().is_some_and(|s| s.contains('a')))
        .count();
    let doras = k[2].as_array().map_or(0, Vec::len);
    if doras < 1 + ankans {
        out.push(format!(
            "[2] has {doras} dora indicators for {ankans} concealed kongs"
        ));
    }
    // convlog reads four seats, each a haipai of exactly 13 tiles.
    for seat in 0..usize::from(seats.min(4)) {
        let (h, t, d) = (4 + 3 * seat, 5 + 3 * seat, 6 + 3 * seat);
        if !codes(&k[h], Some(13)) {
            out.push(format!("[{h}] is not 13 tile codes"));
        }
        for (i, take) in [(t, true), (d, false)] {
            let Some(items) = k[i].as_array() else {
                out.push(format!("[{i}] is not a list"));
                continue;
            };
            for item in items {
                let ok = match item {
                    Value::Number(_) => is_code(item) || item.as_u64() == Some(60) && !take,
                    Value::String(s) => call_shape(s, take) && (seats == 3 || !s.starts_with('f')),
                    _ => false,
                };
                if !ok {
                    out.push(format!("[{i}] has `{item}`"));
                }
            }
        }
    }
    // The result: a status string, then for a win pairs of four deltas and
    // a detail list starting with two seats.
    let Some(result) = k[16].as_array() else {
        out.push("[16] is not a list".into());
        return out;
    };
    match result.first() {
        None => {}
        Some(Value::String(s)) if s == "和了" => {
            if result.len() % 2 != 1 || result.len() < 3 {
                out.push("[16] is not 和了 and pairs of deltas and details".into());
            }
            for pair in result[1..].chunks(2) {
                let [deltas, detail] = pair else { continue };
                if !four_i32(deltas) {
                    out.push(format!("[16] deltas `{deltas}` are not four numbers"));
                }
                let seats_ok = detail
                    .as_array()
                    .is_some_and(|d| d.len() >= 2 && ranged(&d[0], 0, 3) && ranged(&d[1], 0, 3));
                if !seats_ok || four_i32(detail) {
                    out.push(format!("[16] detail `{detail}` is not [who, from, …]"));
                }
            }
        }
        Some(Value::String(_)) => {
            if let Some(d) = result.get(1)
                && !four_i32(d)
            {
                out.push(format!("[16] draw deltas `{d}` are not four numbers"));
            }
        }
        Some(other) => out.push(format!("[16] starts with `{other}`, not a name")),
    }
    out
}

// -------------------------------------------------------------- runs ----

/// What the checks of one set of logs found.
#[derive(Default)]
struct Tally {
    games: usize,
    mjai: usize,
    tenhou6: usize,
    /// Games outside a reader's reach for a reason of the reader (three
    /// seats), counted, not failed.
    three_seat: usize,
    /// tenhou.net/6 has no notation for a hidden tile: not written.
    hidden: usize,
    /// Games with wins whose deltas the log does not state and its scores
    /// cannot give (Mortal's validate_logs refuses them).
    unstated_deltas: usize,
    /// Games that deal a hand of other than 13 tiles (constructed rule
    /// fixtures): Mortal's `[[Tile; 13]; 4]` and convlog's `[Tile; 13]`
    /// cannot hold the deal the log states, and only that is excused.
    irregular_deal: usize,
    /// Refused by `export`, with the reason.
    refused: Vec<String>,
    problems: Vec<String>,
}

fn has_irregular_deal(log: &GameLog) -> bool {
    log.events.iter().any(|e| match &e.event {
        Event::StartKyoku(sk) => sk.hands.iter().any(|h| h.len() != 13),
        _ => false,
    })
}

/// The problems a deal of other than 13 tiles makes, and only those.
fn of_the_deal(problem: &str) -> bool {
    problem.contains("`start_kyoku.tehais` is not Tehais")
        || problem.ends_with("is not 13 tile codes")
}

fn has_hidden(log: &GameLog) -> bool {
    log.events.iter().any(|e| match &e.event {
        Event::Tsumo { pai: None, .. } => true,
        Event::StartKyoku(sk) => sk.hands.iter().flatten().any(Option::is_none),
        _ => false,
    })
}

fn dump(dir: Option<&Path>, sub: &str, name: &str, text: &str) {
    if let Some(dir) = dir {
        let dir = dir.join(sub);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.json")), text).unwrap();
    }
}

fn check_logs(root: &Path, paths: &[PathBuf], out: Option<&Path>) -> Tally {
    let mut t = Tally::default();
    for path in paths {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        let Ok(log) = import(path) else { continue };
        t.games += 1;
        let seats = log.meta.seats;
        if seats != 4 {
            t.three_seat += 1;
        }
        let name = rel.replace('/', "_");
        let irregular = has_irregular_deal(&log);
        t.irregular_deal += usize::from(irregular);
        let excused = |p: &String| !(irregular && of_the_deal(p));
        match export(&log, Format::Mjai) {
            Ok(text) => {
                t.mjai += 1;
                let (missing, other): (Vec<String>, Vec<String>) = mjai_problems(&text, seats)
                    .into_iter()
                    .partition(|p| p.starts_with(NO_DELTAS));
                let unstated = carried_by(&log, Format::Mjai)
                    .events
                    .iter()
                    .filter(
                        |e| matches!(&e.event, Event::Hora { claim, .. } if claim.deltas.is_none()),
                    )
                    .count();
                if missing.len() == unstated {
                    t.unstated_deltas += usize::from(unstated > 0);
                } else {
                    t.problems
                        .extend(missing.iter().map(|p| format!("{rel} → mjai: {p}")));
                }
                for p in other.iter().filter(|p| excused(p)) {
                    t.problems.push(format!("{rel} → mjai: {p}"));
                }
                dump(out, "mjai", &name, &text);
            }
            Err(e) => t.refused.push(format!("{rel} → mjai: {e}")),
        }
        if has_hidden(&log) {
            t.hidden += 1;
            continue;
        }
        match export(&log, Format::Tenhou6) {
            Ok(text) => {
                t.tenhou6 += 1;
                for p in tenhou6_problems(&text, seats).iter().filter(|p| excused(p)) {
                    t.problems.push(format!("{rel} → tenhou6: {p}"));
                }
                dump(out, "tenhou6", &name, &text);
            }
            Err(e) => t.refused.push(format!("{rel} → tenhou6: {e}")),
        }
    }
    t
}

fn finish(what: &str, t: &Tally) {
    report(&format!(
        "{what}: {} games; mjai written for {} (Mortal's schema checked on {} four-seat games; {} with wins whose deltas the log does not state; {} dealing a hand of other than 13 tiles), tenhou.net/6 for {} ({} with hidden tiles not written); {} refused by export; {} problems",
        t.games,
        t.mjai,
        t.mjai.saturating_sub(t.three_seat),
        t.unstated_deltas,
        t.irregular_deal,
        t.tenhou6,
        t.hidden,
        t.refused.len(),
        t.problems.len()
    ));
    for r in &t.refused {
        println!("  refused: {r}");
    }
    if !t.problems.is_empty() {
        for p in t.problems.iter().take(40) {
            eprintln!("{p}");
        }
        panic!("{what}: {} schema problems", t.problems.len());
    }
}

/// The testdata logs the round-trip test converts (the same exclusions).
fn testdata_logs() -> Vec<PathBuf> {
    let root = testdata();
    files_below(&root)
        .into_iter()
        .filter(|p| {
            let rel = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            !(rel.ends_with(".md")
                || rel.starts_with("golden")
                || rel.starts_with("oracle")
                || rel.starts_with("rules")
                || (rel.starts_with("review") && !rel.ends_with(".jsonl")))
        })
        .collect()
}

#[test]
fn testdata_exports_fit_the_readers_schemas() {
    let t = check_logs(&testdata(), &testdata_logs(), None);
    assert!(t.mjai >= 20 && t.tenhou6 >= 15, "too few logs checked");
    // The rule fixtures are left out; every other testdata game exports.
    assert!(t.refused.is_empty(), "{}", t.refused.join("\n"));
    finish("testdata exports", &t);
}

#[test]
fn corpus_exports_fit_the_readers_schemas() {
    let Some(corpus) = corpus() else {
        return skip("corpus_exports_fit_the_readers_schemas");
    };
    let mut paths = Vec::new();
    for folder in ["tenhou-xml", "tenhou-json", "mjai"] {
        paths.extend(files_below(&corpus.join(folder)));
    }
    let out = std::env::var_os("PAIFU_EXPORT_DIR").map(PathBuf::from);
    let t = check_logs(&corpus, &paths, out.as_deref());
    finish("corpus exports", &t);
}

/// A Tenhou log that never records the stick payment of a riichi (no
/// `<REACH step="2">`, as in the corpus's bot-testing logs) still gives
/// Mortal a `reach_accepted` for every riichi that play went on from: the
/// same lines as the log that records them, less their claimed scores.
#[test]
fn a_riichi_without_its_stick_payment_is_accepted_for_mortal() {
    let path = testdata().join("tenhou_xml/chankan.mjlog");
    let xml = std::fs::read_to_string(&path).unwrap();
    let mut stripped = String::new();
    let mut rest = xml.as_str();
    while let Some(at) = rest.find("<REACH ") {
        stripped.push_str(&rest[..at]);
        let len = rest[at..].find("/>").unwrap() + 2;
        let tag = &rest[at..at + len];
        if !tag.contains(r#"step="2""#) {
            stripped.push_str(tag);
        }
        rest = &rest[at + len..];
    }
    stripped.push_str(rest);
    assert_eq!(stripped.matches(r#"step="2""#).count(), 0);

    let accepted = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with(r#"{"type":"reach_accepted""#))
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["actor"].clone())
            .collect::<Vec<_>>()
    };
    let stated = export(&import(&path).unwrap(), Format::Mjai).unwrap();
    let log = import_bytes(stripped.as_bytes(), &ImportOptions::default()).unwrap();
    let text = export(&log, Format::Mjai).unwrap();
    assert_eq!(accepted(&stated).len(), 8, "{stated}");
    assert_eq!(accepted(&text), accepted(&stated), "{text}");
    assert_eq!(mjai_problems(&text, 4), Vec::<String>::new());
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("`reach_accepted` is written")
    );
}

/// convlog reads `lobby` as an `i32`: a lobby that is no such number is
/// left out (and noted) rather than written as a string it would refuse.
#[test]
fn a_lobby_is_written_only_as_a_number() {
    let mut log = import(&testdata().join("tenhou6/double_ron.json")).unwrap();
    for (lobby, written) in [("1111", Some(1111)), ("L1111", None), ("4294967296", None)] {
        log.meta.rules.lobby = Some(lobby.into());
        let text = export(&log, Format::Tenhou6).unwrap();
        assert_eq!(tenhou6_problems(&text, 4), Vec::<String>::new(), "{lobby}");
        let doc: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(doc.get("lobby").and_then(Value::as_i64), written, "{lobby}");
        let noted = text.contains("a lobby that is not a 32-bit number");
        assert_eq!(noted, written.is_none(), "{lobby}");
    }
}

/// The checks themselves catch what the readers refuse.
#[test]
fn the_checks_catch_what_the_readers_refuse() {
    let start = r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","2m","2m","2m","2m","3m","3m","3m","3m","4m"],["1p","1p","1p","1p","2p","2p","2p","2p","3p","3p","3p","3p","4p"],["1s","1s","1s","1s","2s","2s","2s","2s","3s","3s","3s","3s","4s"],["E","E","E","E","S","S","S","S","W","W","W","W","N"]]}"#;
    let good = format!(
        "{{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}}\n{start}\n{{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"4m\"}}\n{{\"type\":\"hora\",\"actor\":0,\"target\":0,\"deltas\":[12000,-4000,-4000,-4000],\"ura_markers\":[]}}\n{{\"type\":\"end_kyoku\"}}\n{{\"type\":\"end_game\"}}\n"
    );
    assert_eq!(mjai_problems(&good, 4), Vec::<String>::new());
    let no_ura = good.replace(",\"ura_markers\":[]", "");
    assert_eq!(mjai_problems(&no_ura, 4).len(), 1);
    assert_eq!(mjai_problems(&no_ura, 3).len(), 1, "every table");
    let no_scores = good.replace("\"scores\":[25000,25000,25000,25000],", "");
    assert_eq!(mjai_problems(&no_scores, 4).len(), 1);
    let blank = good.replacen('\n', "\n\n", 1);
    assert_eq!(mjai_problems(&blank, 4).len(), 1);
    let nuki = good.replace(
        "{\"type\":\"end_kyoku\"}",
        "{\"type\":\"nukidora\",\"actor\":0,\"pai\":\"N\"}",
    );
    assert_eq!(mjai_problems(&nuki, 4).len(), 1);
    // A riichi that play went on from needs `reach_accepted`; one won on
    // does not.
    let riichi = |after: &str| {
        good.replace(
            "{\"type\":\"hora\"",
            &format!("{{\"type\":\"reach\",\"actor\":0}}\n{{\"type\":\"dahai\",\"actor\":0,\"pai\":\"4m\",\"tsumogiri\":true}}\n{after}{{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"5p\"}}\n{{\"type\":\"hora\""),
        )
    };
    assert_eq!(mjai_problems(&riichi(""), 4).len(), 1);
    let accepted = riichi("{\"type\":\"reach_accepted\",\"actor\":0}\n");
    assert_eq!(mjai_problems(&accepted, 4), Vec::<String>::new());
    let ron = good.replace(
        "{\"type\":\"hora\",\"actor\":0,\"target\":0",
        "{\"type\":\"reach\",\"actor\":0}\n{\"type\":\"dahai\",\"actor\":0,\"pai\":\"4m\",\"tsumogiri\":true}\n{\"type\":\"hora\",\"actor\":1,\"target\":0",
    );
    assert_eq!(mjai_problems(&ron, 4), Vec::<String>::new());

    let kyoku = r#"[[0,0,0],[25000,25000,25000,25000],[11],[],[11,11,11,11,12,12,12,12,13,13,13,13,14],[14],[60],[21,21,21,21,22,22,22,22,23,23,23,23,24],[],[],[31,31,31,31,32,32,32,32,33,33,33,33,34],[],[],[41,41,41,41,42,42,42,42,43,43,43,43,44],[],[],["流局",[0,0,0,0]]]"#;
    let good = format!(
        r#"{{"name":["a","b","c","d"],"rule":{{"disp":"般南喰赤","aka":1}},"log":[{kyoku}]}}"#
    );
    assert_eq!(tenhou6_problems(&good, 4), Vec::<String>::new());
    let lobby = good.replace(r#""log""#, r#""lobby":"L1","log""#);
    assert_eq!(tenhou6_problems(&lobby, 4).len(), 1);
    let three_names = good.replace(r#"["a","b","c","d"]"#, r#"["a","b","c"]"#);
    assert_eq!(tenhou6_problems(&three_names, 4).len(), 1);
    let no_dora = good.replace(
        "[25000,25000,25000,25000],[11],",
        "[25000,25000,25000,25000],[],",
    );
    assert_eq!(tenhou6_problems(&no_dora, 4).len(), 1);
    let ankan = good.replace("[60]", r#"[60,"111111a11"]"#);
    assert_eq!(
        tenhou6_problems(&ankan, 4).len(),
        1,
        "one indicator, one kong"
    );
    assert!(call_shape("c275226", true) && call_shape("4646k4646", false));
    assert!(call_shape("424242a42", false) && call_shape("r60", false));
    assert!(call_shape("f44", false) && !call_shape("f44", true));
    assert!(!call_shape("p2525", true) && !call_shape("k16161616", true));
}
