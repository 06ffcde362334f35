//! Tests over the shared corpus (`../shared/corpus`, outside the repo).
//! Each returns early, saying why, when the corpus is absent.
//!
//! Besides "everything imports", two independent checks:
//!
//! * invariants computed from the JSON arrays themselves (counts per seat,
//!   each call right after the discard it takes, tile conservation, the
//!   last action before a win);
//! * for games that also exist as Tenhou XML, the rebuilt order against the
//!   XML's own order (draws, discards, calls, dora, riichi acceptance,
//!   wins, draws, disconnections), read by a small tag scanner here.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::event::{DrawKind, Event, GameLog, Limit};
use crate::tile::Tile;

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: no corpus at {}", dir.display());
        None
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "json") {
            out.push(p);
        }
    }
}

#[test]
fn every_corpus_file_imports() {
    let Some(root) = corpus() else { return };
    let mut all = Vec::new();
    files(&root.join("tenhou-json"), &mut all);
    let texts: Vec<(PathBuf, String)> = all
        .iter()
        .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap()))
        .collect();
    let bytes: usize = texts.iter().map(|(_, t)| t.len()).sum();
    // The best of three passes, so that a busy machine skews less.
    let mut elapsed = std::time::Duration::MAX;
    for _ in 0..2 {
        let start = Instant::now();
        for (_, t) in &texts {
            let _ = super::parse(t);
        }
        elapsed = elapsed.min(start.elapsed());
    }
    let start = Instant::now();
    let results: Vec<_> = texts.iter().map(|(_, t)| super::parse(t)).collect();
    let elapsed = elapsed.min(start.elapsed());
    let mut kyoku = 0;
    let mut events = 0;
    let mut failures = Vec::new();
    for ((path, text), result) in texts.iter().zip(results) {
        match result {
            Ok(log) => {
                kyoku += log.kyoku_count();
                events += log.events.len();
                if let Err(e) = check_invariants(&log).and_then(|()| check_counts(&log, text)) {
                    failures.push(format!("{}: {e}", path.display()));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    println!(
        "tenhou6 corpus: {} files ({bytes} bytes), {kyoku} kyoku, {events} events, imported in {elapsed:?} ({:.1} MB/s)",
        texts.len(),
        bytes as f64 / elapsed.as_secs_f64() / 1e6,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(texts.len() >= 100, "only {} files", texts.len());
}

/// Damaged copies of real files (a digit changed, an entry removed, the
/// text cut short) must give an error or a game, never a panic or a hang.
#[test]
fn damaged_files_never_panic() {
    let Some(root) = corpus() else { return };
    let mut all = Vec::new();
    files(
        &root.join("tenhou-json/mjai-reviewer-convlog-testdata"),
        &mut all,
    );
    files(
        &root.join("tenhou-json/riichi-rs-t6-samples/t6-samples/notable-features"),
        &mut all,
    );
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        usize::try_from(seed % (n.max(1) as u64)).unwrap()
    };
    let (mut ok, mut err) = (0, 0);
    let start = Instant::now();
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap();
        let digits: Vec<usize> = text
            .bytes()
            .enumerate()
            .filter(|(_, b)| b.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        let commas: Vec<usize> = text
            .bytes()
            .enumerate()
            .filter(|(_, b)| *b == b',')
            .map(|(i, _)| i)
            .collect();
        for round in 0..150 {
            let mut bytes = text.clone().into_bytes();
            match round % 3 {
                0 => {
                    for _ in 0..1 + next(3) {
                        let i = digits[next(digits.len())];
                        bytes[i] = b'0' + u8::try_from(next(10)).unwrap();
                    }
                }
                1 => {
                    let i = commas[next(commas.len())];
                    let end = bytes[i + 1..]
                        .iter()
                        .position(|b| matches!(b, b',' | b']'))
                        .map_or(bytes.len(), |p| i + 1 + p);
                    bytes.drain(i..end);
                }
                _ => bytes.truncate(next(bytes.len())),
            }
            let Ok(damaged) = String::from_utf8(bytes) else {
                continue;
            };
            match super::parse(&damaged) {
                Ok(_) => ok += 1,
                Err(_) => err += 1,
            }
        }
    }
    println!(
        "damaged files: {ok} imported, {err} refused in {:?}",
        start.elapsed()
    );
    assert!(err > 0 && ok > 0);
}

/// Per kyoku and seat, the number of draws, discards, calls and kongs in
/// the events equals what the arrays hold (counted here from a plain JSON
/// reading).
fn check_counts(log: &GameLog, text: &str) -> Result<(), String> {
    let clean = super::doc::strip_comments(text);
    let mut kyoku: Vec<serde_json::Value> = Vec::new();
    for v in serde_json::Deserializer::from_str(&clean).into_iter::<serde_json::Value>() {
        let v = v.map_err(|e| e.to_string())?;
        kyoku.extend(v["log"].as_array().cloned().unwrap_or_default());
    }
    // [draws, calls from takes, discards, kongs and kita from discards]
    let mut expected: Vec<[[usize; 4]; 4]> = Vec::new();
    for k in &kyoku {
        let mut seats = [[0usize; 4]; 4];
        for (s, counts) in seats.iter_mut().enumerate() {
            for take in k[5 + 3 * s].as_array().into_iter().flatten() {
                counts[usize::from(take.is_string())] += 1;
            }
            for d in k[6 + 3 * s].as_array().into_iter().flatten() {
                match (d.as_u64(), d.as_str()) {
                    (Some(0), _) => {}
                    (Some(_), _) => counts[2] += 1,
                    (_, Some(x)) if x.starts_with('r') => counts[2] += 1,
                    _ => counts[3] += 1,
                }
            }
        }
        expected.push(seats);
    }
    let mut actual: Vec<[[usize; 4]; 4]> = Vec::new();
    for e in log.plain_events() {
        if matches!(e, Event::StartKyoku(_)) {
            actual.push([[0; 4]; 4]);
            continue;
        }
        let (Some(k), Some(a)) = (actual.last_mut(), e.actor()) else {
            continue;
        };
        let slot = match e {
            Event::Tsumo { .. } => 0,
            Event::Chi { .. } | Event::Pon { .. } | Event::Daiminkan { .. } => 1,
            Event::Dahai { .. } => 2,
            Event::Kakan { .. } | Event::Ankan { .. } | Event::Nukidora { .. } => 3,
            _ => continue,
        };
        k[a.index()][slot] += 1;
    }
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "counts differ: arrays {expected:?}, events {actual:?}"
        ))
    }
}

/// Checks what must hold whatever the order: every call takes the discard
/// right before it, a ron follows the loser's discard (or kakan), a tsumo
/// the winner's draw, no tile kind is seen more than four times, and
/// `riichi_accepted` follows its discard.
fn check_invariants(log: &GameLog) -> Result<(), String> {
    let mut kinds = [0u32; 34];
    let mut reds = [0u32; 3];
    let mut last_action: Option<&Event> = None;
    let mut k = 0;
    for (n, entry) in log.events.iter().enumerate() {
        if matches!(entry.event, Event::StartKyoku(_)) {
            k += 1;
            kinds = [0; 34];
            reds = [0; 3];
            last_action = None;
        }
        let at = format!("kyoku {k} event {n} ({:?})", entry.src.path);
        let mut count = |t: Tile| -> Result<(), String> {
            kinds[usize::from(t.kind())] += 1;
            if t.is_red() {
                reds[usize::from(t.index() - 34)] += 1;
            }
            if kinds[usize::from(t.kind())] > 4 || reds.iter().any(|r| *r > 1) {
                return Err(format!("{at}: too many {t}"));
            }
            Ok(())
        };
        match &entry.event {
            Event::StartKyoku(s) => {
                count(s.dora_marker)?;
                for t in s.hands.iter().flatten().flatten() {
                    count(*t)?;
                }
            }
            Event::Tsumo { pai: Some(t), .. } => count(*t)?,
            Event::Dora { marker } => count(*marker)?,
            Event::Chi {
                actor, target, pai, ..
            }
            | Event::Pon {
                actor, target, pai, ..
            }
            | Event::Daiminkan {
                actor, target, pai, ..
            } => {
                let ok = matches!(last_action, Some(Event::Dahai { actor: a, pai: p, .. }) if a == target && p == pai);
                if !ok || actor == target {
                    return Err(format!("{at}: call after {last_action:?}"));
                }
            }
            Event::RiichiAccepted { actor, .. } => {
                let prev = n
                    .checked_sub(1)
                    .and_then(|i| log.events.get(i))
                    .map(|e| &e.event);
                if !matches!(prev, Some(Event::Dahai { actor: a, riichi: true, .. }) if a == actor)
                {
                    return Err(format!("{at}: riichi_accepted after {prev:?}"));
                }
            }
            Event::Hora {
                actor,
                target,
                pai,
                claim,
            } => {
                let ok = match last_action {
                    Some(Event::Dahai {
                        actor: a, pai: p, ..
                    }) => a == target && p == pai && actor != target,
                    Some(Event::Kakan {
                        actor: a, pai: p, ..
                    }) => a == target && p == pai && actor != target,
                    Some(Event::Tsumo {
                        actor: a, pai: p, ..
                    }) => a == actor && actor == target && *p == Some(*pai),
                    _ => false,
                };
                if !ok {
                    return Err(format!("{at}: win after {last_action:?}"));
                }
                if let Some(d) = &claim.deltas
                    && d.len() != usize::from(log.meta.seats)
                {
                    return Err(format!("{at}: {} deltas", d.len()));
                }
            }
            _ => {}
        }
        if entry.event.actor().is_some()
            && !matches!(
                entry.event,
                Event::RiichiAccepted { .. }
                    | Event::Hora { .. }
                    | Event::Disconnect { .. }
                    | Event::Reconnect { .. }
            )
        {
            last_action = Some(&entry.event);
        }
    }
    Ok(())
}

/// The events of a kyoku reduced to what Tenhou XML states in order.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mark {
    Draw(u8, Tile),
    Discard(u8, Tile),
    Call(u8),
    Dora(Tile),
    Accept(u8),
    Win(u8, u8, Box<WinFacts>),
    Drawn(Box<DrawFacts>),
    Bye(u8),
    Back(u8),
}

/// Claims of a win that both formats state.
#[derive(Clone, Debug, PartialEq, Eq)]
struct WinFacts {
    /// Fu, compared for hands below mangan only (tenhou.net/6 drops it
    /// for limit hands).
    fu: Option<u8>,
    points: Option<i32>,
    limit: Option<Limit>,
    /// (Tenhou yaku id, han), entries of 0 han left out.
    yaku: Vec<(u8, u8)>,
    dora: Vec<Tile>,
    ura: Vec<Tile>,
    deltas: Vec<i32>,
    pao: Option<u8>,
}

/// Claims of a draw that both formats state.
#[derive(Clone, Debug, PartialEq, Eq)]
struct DrawFacts {
    kind: DrawKind,
    deltas: Vec<i32>,
    /// Compared only when both sides know it.
    tenpai: Option<Vec<bool>>,
}

fn marks_of_log(log: &GameLog) -> Vec<Vec<Mark>> {
    let mut out: Vec<Vec<Mark>> = Vec::new();
    for e in &log.events {
        let mark = match &e.event {
            Event::StartKyoku(_) => {
                out.push(Vec::new());
                continue;
            }
            Event::Tsumo {
                actor,
                pai: Some(t),
                ..
            } => Mark::Draw(actor.get(), *t),
            Event::Dahai { actor, pai, .. } => Mark::Discard(actor.get(), *pai),
            Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. }
            | Event::Kakan { actor, .. }
            | Event::Ankan { actor, .. }
            | Event::Nukidora { actor, .. } => Mark::Call(actor.get()),
            Event::Dora { marker } => Mark::Dora(*marker),
            Event::RiichiAccepted { actor, .. } => Mark::Accept(actor.get()),
            Event::Hora {
                actor,
                target,
                claim,
                ..
            } => Mark::Win(
                actor.get(),
                target.get(),
                Box::new(WinFacts {
                    fu: claim.fu.filter(|_| claim.limit == Some(Limit::None)),
                    points: claim.points,
                    limit: claim.limit,
                    yaku: claim
                        .yaku
                        .iter()
                        .map(|y| (y.yaku.tenhou_id().unwrap_or(255), y.han))
                        .collect(),
                    dora: claim.dora_markers.clone().unwrap_or_default(),
                    ura: claim.ura_markers.clone().unwrap_or_default(),
                    deltas: claim.deltas.clone().unwrap_or_default(),
                    pao: claim.pao.map(|p| p.get()),
                }),
            ),
            Event::Ryukyoku { kind, claim } => Mark::Drawn(Box::new(DrawFacts {
                kind: *kind,
                deltas: claim
                    .deltas
                    .clone()
                    .unwrap_or_else(|| vec![0; usize::from(log.meta.seats)]),
                tenpai: claim.tenpai.clone(),
            })),
            Event::Disconnect { seat } => Mark::Bye(seat.get()),
            Event::Reconnect { seat } => Mark::Back(seat.get()),
            _ => continue,
        };
        if let Some(k) = out.last_mut() {
            k.push(mark);
        }
    }
    out
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag.get(start..)?.find('"')?;
    tag.get(start..start + len)
}

/// The same reduction read straight from Tenhou XML tags.
fn marks_of_xml(xml: &str) -> Vec<Vec<Mark>> {
    let red = attr(xml.split("<GO").nth(1).unwrap_or(""), "type")
        .and_then(|t| t.parse::<u32>().ok())
        .is_none_or(|t| t & 2 == 0);
    let tile = |id: &str| Tile::from_tenhou_id(id.parse().unwrap(), red).unwrap();
    let mut out: Vec<Vec<Mark>> = Vec::new();
    for tag in xml.split('<').skip(1) {
        let tag = tag.split('>').next().unwrap_or("");
        let name: String = tag.chars().take_while(char::is_ascii_alphabetic).collect();
        let rest = &tag[name.len()..];
        let num: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let seat = |s: &str| -> u8 { attr(tag, s).and_then(|v| v.parse().ok()).unwrap_or(9) };
        let mark = match (name.as_str(), num.is_empty()) {
            ("INIT", _) => {
                out.push(Vec::new());
                continue;
            }
            (n @ ("T" | "U" | "V" | "W"), false) => Mark::Draw(
                b"TUVW".iter().position(|c| *c == n.as_bytes()[0]).unwrap() as u8,
                tile(&num),
            ),
            (n @ ("D" | "E" | "F" | "G"), false) => Mark::Discard(
                b"DEFG".iter().position(|c| *c == n.as_bytes()[0]).unwrap() as u8,
                tile(&num),
            ),
            ("N", true) => Mark::Call(seat("who")),
            ("DORA", true) => Mark::Dora(tile(attr(tag, "hai").unwrap_or("0"))),
            ("REACH", true) if attr(tag, "step") == Some("2") => Mark::Accept(seat("who")),
            ("AGARI", true) => {
                Mark::Win(seat("who"), seat("fromWho"), Box::new(xml_win(tag, &tile)))
            }
            ("RYUUKYOKU", true) => Mark::Drawn(Box::new(xml_draw(tag))),
            ("BYE", true) => Mark::Bye(seat("who")),
            ("UN", true) if attr(tag, "dan").is_none() => {
                let who = (0..4u8)
                    .find(|i| attr(tag, &format!("n{i}")).is_some())
                    .unwrap_or(9);
                Mark::Back(who)
            }
            _ => continue,
        };
        if let Some(k) = out.last_mut() {
            k.push(mark);
        }
    }
    out
}

fn ints(tag: &str, name: &str) -> Vec<i64> {
    attr(tag, name)
        .map(|v| v.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_default()
}

fn xml_deltas(tag: &str) -> Vec<i32> {
    ints(tag, "sc")
        .chunks(2)
        .map(|p| p.get(1).map_or(0, |d| *d as i32 * 100))
        .collect()
}

fn xml_win(tag: &str, tile: &dyn Fn(&str) -> Tile) -> WinFacts {
    let ten = ints(tag, "ten");
    let limit = match ten.get(2) {
        Some(0) => Limit::None,
        Some(1) => Limit::Mangan,
        Some(2) => Limit::Haneman,
        Some(3) => Limit::Baiman,
        Some(4) => Limit::Sanbaiman,
        _ => Limit::Yakuman,
    };
    let mut yaku: Vec<(u8, u8)> = ints(tag, "yaku")
        .chunks(2)
        .filter_map(|p| match p {
            [id, han] if *han > 0 => Some((*id as u8, *han as u8)),
            _ => None,
        })
        .collect();
    yaku.extend(ints(tag, "yakuman").iter().map(|id| (*id as u8, 13)));
    let tiles = |name: &str| -> Vec<Tile> {
        attr(tag, name)
            .map(|v| v.split(',').map(tile).collect())
            .unwrap_or_default()
    };
    let who = ints(tag, "who").first().copied();
    WinFacts {
        fu: ten
            .first()
            .map(|f| *f as u8)
            .filter(|_| limit == Limit::None),
        points: ten.get(1).map(|p| *p as i32),
        limit: Some(limit),
        yaku,
        dora: tiles("doraHai"),
        ura: tiles("doraHaiUra"),
        deltas: xml_deltas(tag),
        pao: ints(tag, "paoWho")
            .first()
            .copied()
            .filter(|p| Some(*p) != who)
            .map(|p| p as u8),
    }
}

fn xml_draw(tag: &str) -> DrawFacts {
    let kind = match attr(tag, "type") {
        Some("yao9") => DrawKind::NineTerminals,
        Some("reach4") => DrawKind::FourRiichi,
        Some("ron3") => DrawKind::TripleRon,
        Some("kan4") => DrawKind::FourKans,
        Some("kaze4") => DrawKind::FourWinds,
        _ => DrawKind::Exhaustive,
    };
    let exhaustive = kind == DrawKind::Exhaustive && attr(tag, "type") != Some("nm");
    DrawFacts {
        kind,
        deltas: xml_deltas(tag),
        tenpai: exhaustive.then(|| {
            (0..4)
                .map(|i| attr(tag, &format!("hai{i}")).is_some())
                .collect()
        }),
    }
}

/// Tenpai is compared only when both sides state it.
fn align_tenpai(ours: &mut [Vec<Mark>], theirs: &mut [Vec<Mark>]) {
    for (a, b) in ours.iter_mut().zip(theirs.iter_mut()) {
        for (x, y) in a.iter_mut().zip(b.iter_mut()) {
            if let (Mark::Drawn(x), Mark::Drawn(y)) = (x, y)
                && (x.tenpai.is_none() || y.tenpai.is_none())
            {
                x.tenpai = None;
                y.tenpai = None;
            }
        }
    }
}

fn pairs(root: &Path) -> Vec<(PathBuf, PathBuf)> {
    let xml = root.join("tenhou-xml");
    let json = root.join("tenhou-json");
    let mut out = Vec::new();
    let mut mjx = Vec::new();
    files(&json.join("mjx-tests_py-mjscore"), &mut mjx);
    for j in mjx {
        let stem = j.file_stem().unwrap().to_string_lossy().into_owned();
        out.push((xml.join(format!("mjx-tests_py/{stem}.mjlog")), j));
    }
    for name in [
        "doubleron",
        "doubleron_and_honba",
        "four_kan_draw",
        "four_riichi_draw",
        "four_wind_draw",
        "nine_terminal_draw",
        "pao_ron",
        "pao_tsumo",
        "suuankou_no_dealer_tsumo_no_pao",
        "suukantsu_dealer_tsumo_no_pao",
        "triple_ron_draw",
        "tripleyakuman",
        "west",
        "yakuman_ron_no_pao",
    ] {
        out.push((
            xml.join(format!("pantheon-mimir/onlineLog/{name}.xml")),
            json.join(format!("pantheon-mimir-format6/onlineLog/{name}.json")),
        ));
    }
    for (x, j) in [
        (
            "pantheon-mimir/onlineLog/openhand_bug.xml",
            "pantheon-mimir-format6/onlineLog/usual.json",
        ),
        (
            "pantheon-mimir/regress/hanchan.xml",
            "pantheon-mimir-format6/regress/hanchan.json",
        ),
        (
            "pantheon-mimir/models/full_hanchan.xml",
            "pantheon-mimir-format6/models/full_hanchan.json",
        ),
        (
            "pantheon-mimir/models/negative_scores.xml",
            "pantheon-mimir-format6/models/negative_scores.json",
        ),
        (
            "riichi-rs-tenhou-shuffle/2016022509gm-0009-0000-b327da61.xml",
            "riichi-rs-tenhou-shuffle/2016022509gm-0009-0000-b327da61.json",
        ),
    ] {
        out.push((xml.join(x), json.join(j)));
    }
    out
}

#[test]
fn same_games_as_tenhou_xml() {
    let Some(root) = corpus() else { return };
    let mut games = 0;
    let mut kyoku = 0;
    let mut failures = Vec::new();
    for (xml_path, json_path) in pairs(&root) {
        let (Ok(xml), Ok(json)) = (
            std::fs::read_to_string(&xml_path),
            std::fs::read_to_string(&json_path),
        ) else {
            failures.push(format!("missing pair {}", json_path.display()));
            continue;
        };
        let log = match super::parse(&json) {
            Ok(log) => log,
            Err(e) => {
                failures.push(format!("{}: {e}", json_path.display()));
                continue;
            }
        };
        let mut ours = marks_of_log(&log);
        let mut theirs = marks_of_xml(&xml);
        align_tenpai(&mut ours, &mut theirs);
        // Files without `connection` (mjx's) cannot carry disconnections.
        if !json.contains("\"connection\"") {
            for k in &mut theirs {
                k.retain(|m| !matches!(m, Mark::Bye(_) | Mark::Back(_)));
            }
        }
        games += 1;
        if ours.len() != theirs.len() {
            failures.push(format!(
                "{}: {} kyoku vs {} in XML",
                json_path.display(),
                ours.len(),
                theirs.len()
            ));
            continue;
        }
        for (k, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            kyoku += 1;
            if a != b {
                let i = a
                    .iter()
                    .zip(b)
                    .position(|(x, y)| x != y)
                    .unwrap_or(a.len().min(b.len()));
                failures.push(format!(
                    "{} kyoku {k} mark {i}: ours {:?} XML {:?}",
                    json_path.display(),
                    a.get(i.saturating_sub(2)..(i + 3).min(a.len())),
                    b.get(i.saturating_sub(2)..(i + 3).min(b.len())),
                ));
            }
        }
    }
    println!("tenhou6 vs XML: {games} games, {kyoku} kyoku compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "prints every note; run by hand"]
fn print_notes() {
    let Some(root) = corpus() else { return };
    let mut all = Vec::new();
    files(&root.join("tenhou-json"), &mut all);
    for path in &all {
        let log = super::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        println!(
            "{} {:?} {:?} seats={} inc={}",
            path.display(),
            log.meta.platform,
            log.meta.rules,
            log.meta.seats,
            log.meta.incomplete
        );
        for n in &log.meta.notes {
            println!("    {n}");
        }
    }
}

#[test]
#[ignore = "timing per file; run by hand"]
fn time_per_file() {
    let Some(root) = corpus() else { return };
    let mut all = Vec::new();
    files(&root.join("tenhou-json"), &mut all);
    let mut times = Vec::new();
    for p in &all {
        let t = std::fs::read_to_string(p).unwrap();
        let s = Instant::now();
        for _ in 0..10 {
            let _ = super::parse(&t);
        }
        times.push((s.elapsed() / 10, t.len(), p.clone()));
    }
    times.sort();
    for (d, n, p) in times.iter().rev().take(8) {
        println!("{d:?} {n} {}", p.display());
    }
}

#[test]
#[ignore = "prints the events of TENHOU6_FILE; run by hand"]
fn print_events() {
    let Ok(path) = std::env::var("TENHOU6_FILE") else {
        return;
    };
    let log = super::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    for e in &log.events {
        println!("{}  {}", serde_json::to_string(&e.event).unwrap(), e.src);
    }
}
