//! Mahjong Soul's wall (`RecordNewRound.paishan`) in the normalised layout
//! (`StartKyoku.wall`, `formats/majsoul.md`, "The wall") agrees with the
//! play of every record of `testdata/majsoul/` and of the corpus, read from
//! the JSON and from the protobuf wire form alike: every draw is the next
//! tile of the live wall, every replacement draw (after a kong or a north
//! set aside) the next replacement, every dora indicator the next one,
//! every ura indicator the one under its dora indicator; and the deal and
//! the wall make up the whole tile set (136 tiles; 108 for three players,
//! without 2m–8m), with as many red fives as the room's rules say.
//!
//! The deal, too, comes from the front of `paishan` as `formats/majsoul.md`
//! says, tile for tile. This holds the importer's layout to the records on
//! its own; the engine's `WALL-MISMATCH` check is not needed for it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use paifu::event::{Event, Format, GameLog, Wall};
use paifu::import::majsoul::{Layout, to_wire};
use paifu::import::{ImportOptions, import_bytes, import_str};
use paifu::tile::Tile;

use common::report;

/// What was held against the walls.
#[derive(Default, Debug)]
struct Tally {
    kyoku: usize,
    draws: usize,
    replacements: usize,
    /// The most replacement draws in one kyoku.
    most_replacements: usize,
    doras: usize,
    uras: usize,
    whole_sets: usize,
}

/// Checks one game's walls; disagreements go to `failures`.
fn check(name: &str, log: &GameLog, tally: &mut Tally, failures: &mut Vec<String>) {
    let seats = log.meta.seats;
    let mut wall: Option<&Wall> = None;
    let (mut live, mut rep, mut dora) = (0usize, 0usize, 1usize);
    let mut kyoku = 0;
    for e in &log.events {
        if matches!(e.event, Event::StartKyoku(_)) {
            kyoku += 1;
        }
        let at = |what: &str| format!("{name}, kyoku {kyoku}, {}: {what}", e.src);
        match &e.event {
            Event::StartKyoku(sk) => {
                tally.kyoku += 1;
                (live, rep, dora) = (0, 0, 1);
                wall = sk.wall.as_deref();
                let Some(w) = wall else {
                    failures.push(at("no wall"));
                    continue;
                };
                if w.dora_markers.first() != Some(&sk.dora_marker) {
                    failures.push(at("the first dora indicator is not the wall's"));
                }
                tally.doras += 1;
                // The whole set: four of each kind (three players: no
                // 2m–8m), the red fives the room has.
                let mut count = [0u8; 34];
                let mut red = 0;
                let dealt = sk.hands.iter().flatten().map(|t| t.unwrap());
                for t in dealt.chain(w.tiles()) {
                    count[usize::from(t.kind())] += 1;
                    red += usize::from(t.is_red());
                }
                let in_set = |k: usize| seats == 4 || !(1..=7).contains(&k);
                let whole = count
                    .iter()
                    .enumerate()
                    .all(|(k, n)| *n == if in_set(k) { 4 } else { 0 });
                let reds_ok = log
                    .meta
                    .rules
                    .red_fives
                    .is_none_or(|n| usize::from(n) == red);
                if whole && reds_ok {
                    tally.whole_sets += 1;
                } else {
                    failures.push(at(&format!(
                        "the deal and the wall are not the tile set ({red} red fives)"
                    )));
                }
            }
            Event::Tsumo {
                pai: Some(pai),
                rinshan,
                ..
            } => {
                let Some(w) = wall else { continue };
                let (list, i) = if *rinshan {
                    rep += 1;
                    tally.replacements += 1;
                    tally.most_replacements = tally.most_replacements.max(rep);
                    (&w.replacements, rep - 1)
                } else {
                    live += 1;
                    tally.draws += 1;
                    (&w.live, live - 1)
                };
                if list.get(i) != Some(pai) {
                    failures.push(at(&format!(
                        "draw {pai} is not the wall's {} ({})",
                        list.get(i).map_or("end".to_owned(), Tile::to_string),
                        if *rinshan { "replacement" } else { "live" }
                    )));
                }
            }
            Event::Dora { marker } => {
                let Some(w) = wall else { continue };
                tally.doras += 1;
                if w.dora_markers.get(dora) != Some(marker) {
                    failures.push(at(&format!("kan dora {marker} is not the wall's")));
                }
                dora += 1;
            }
            Event::Hora { claim, .. } => {
                let Some(w) = wall else { continue };
                if let Some(uras) = &claim.ura_markers {
                    tally.uras += uras.len();
                    if w.ura_markers.get(..uras.len()) != Some(&uras[..]) {
                        failures.push(at(&format!("ura {uras:?} are not the wall's")));
                    }
                }
                if let Some(doras) = &claim.dora_markers
                    && w.dora_markers.get(..doras.len()) != Some(&doras[..])
                {
                    failures.push(at(&format!("dora {doras:?} at the win are not the wall's")));
                }
            }
            _ => {}
        }
    }
}

#[test]
fn every_wall_agrees_with_play() {
    let records = common::majsoul::json_records("every_wall_agrees_with_play");
    let mut failures = Vec::new();
    let (mut json, mut wire) = (Tally::default(), Tally::default());
    let (mut four, mut three) = (0, 0);
    for rec in &records {
        let log = import_str(&rec.text, Format::MahjongSoul).unwrap();
        if log.meta.seats == 3 {
            three += 1;
        } else {
            four += 1;
        }
        check(&rec.name, &log, &mut json, &mut failures);
        let bytes = to_wire(&rec.text, Layout::Response).unwrap();
        let log = import_bytes(&bytes, &ImportOptions::default()).unwrap();
        check(
            &format!("{} (wire)", rec.name),
            &log,
            &mut wire,
            &mut failures,
        );
    }
    report(&format!(
        "Mahjong Soul walls ({four} four-player, {three} three-player records): {} kyoku, {} draws, {} replacement draws (at most {} in a kyoku), {} dora and {} ura indicators agree; {} deals and walls make up the tile set",
        json.kyoku,
        json.draws,
        json.replacements,
        json.most_replacements,
        json.doras,
        json.uras,
        json.whole_sets
    ));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        (
            wire.kyoku,
            wire.draws,
            wire.replacements,
            wire.doras,
            wire.uras
        ),
        (
            json.kyoku,
            json.draws,
            json.replacements,
            json.doras,
            json.uras
        ),
        "the wire form checks as much as the JSON"
    );
    assert_eq!(json.whole_sets, json.kyoku);
    if common::corpus().is_some() {
        // The corpus: 30 kyoku with walls, three-player ones among them.
        assert!(json.kyoku >= 31 && three >= 4, "{json:?}");
    }
}

/// Checks that `paishan` deals as `formats/majsoul.md` says: four tiles to
/// each seat from the dealer, three times, then one each, then the
/// dealer's fourteenth; returns how many rounds were checked.
fn deal_agrees(name: &str, text: &str, failures: &mut Vec<String>) -> usize {
    let json: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut rounds = Vec::new();
    let data = &json["data"]["data"];
    for item in data["actions"].as_array().into_iter().flatten() {
        rounds.push(&item["result"]);
    }
    for item in data["records"].as_array().into_iter().flatten() {
        rounds.push(item);
    }
    let mut checked = 0;
    for r in rounds.iter().filter(|r| r["name"] == ".lq.RecordNewRound") {
        let nr = &r["data"];
        let Some(paishan) = nr["paishan"].as_str() else {
            continue;
        };
        let wall: Vec<&str> = (0..paishan.len() / 2)
            .map(|i| &paishan[2 * i..2 * i + 2])
            .collect();
        let seats = if nr["tiles3"].as_array().is_some_and(|t| !t.is_empty()) {
            4
        } else {
            3
        };
        let dealer = nr["ju"].as_u64().unwrap_or(0) as usize;
        let mut hands = vec![Vec::new(); seats];
        let mut at = 0;
        for round in 0..4 {
            for k in 0..seats {
                let n = if round < 3 { 4 } else { 1 };
                hands[(dealer + k) % seats].extend(&wall[at..at + n]);
                at += n;
            }
        }
        hands[dealer].push(wall[at]);
        for (seat, hand) in hands.iter().enumerate() {
            let dealt: Vec<&str> = nr[format!("tiles{seat}")]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect();
            if *hand != dealt {
                failures.push(format!("{name}: seat {seat}'s deal is not paishan's"));
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn the_deal_comes_from_the_front_of_the_wall() {
    let mut failures = Vec::new();
    let mut rounds = 0;
    for rec in common::majsoul::json_records("the_deal_comes_from_the_front_of_the_wall") {
        rounds += deal_agrees(&rec.name, &rec.text, &mut failures);
    }
    report(&format!(
        "Mahjong Soul deals: {rounds} rounds dealt as paishan says"
    ));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(rounds >= 31 || common::corpus().is_none(), "{rounds}");
}

#[test]
fn a_record_without_paishan_has_no_wall() {
    let text = std::fs::read_to_string(common::testdata().join("majsoul/one_ron.json")).unwrap();
    let start = text.find("\"paishan\"").unwrap();
    let end = start + text[start..].find(",\n").unwrap() + 2;
    let without = format!("{}{}", &text[..start], &text[end..]);
    let log = import_str(&without, Format::MahjongSoul).unwrap();
    let Event::StartKyoku(sk) = &log.events[0].event else {
        panic!()
    };
    assert!(sk.wall.is_none());
    // A paishan that is no wall is left out, with a note.
    let short = text.replacen("\"paishan\": \"1m", "\"paishan\": \"", 1);
    let log = import_str(&short, Format::MahjongSoul).unwrap();
    let Event::StartKyoku(sk) = &log.events[0].event else {
        panic!()
    };
    assert!(sk.wall.is_none());
    assert!(
        log.meta.notes.iter().any(|n| n.contains("paishan")),
        "{:?}",
        log.meta.notes
    );
}
