//! Games that exist both as tenhou.net/6 JSON and as Tenhou XML (corpus
//! README §6): the rebuilt order of play and the claims against the XML's
//! own, read by a small tag scanner here (the XML importer is separate
//! work). Draws, discards, calls, dora, riichi acceptance, wins, draws and
//! disconnections must come in the same order; wins and draws must claim
//! the same.

use std::path::{Path, PathBuf};

use super::corpus_tests::{corpus, files};
use crate::event::{DrawKind, Event, GameLog, Limit};
use crate::tile::Tile;

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
        Some("kan4") => DrawKind::FourKongs,
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
