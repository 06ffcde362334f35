//! Tenhou's walls rebuilt from each log's `SHUFFLE` seed
//! (`formats/tenhou-xml.md`, "The wall from the seed") held against what
//! the corpus's logs record: the dice, the dealt hands (tile ids), the
//! first dora indicator, every draw from the live wall, and, for the
//! replacement draws, the kong indicators and the ura indicators, where in
//! the shuffled wall they lie. Read straight from the XML, independently
//! of the importer, so that the layout is measured rather than assumed.
//! Four and three players (whose shuffle takes the 108 ids of their set).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use paifu::import::tenhou_xml::shuffle::{SCHEME, Shuffler};
use paifu::import::{ImportOptions, decode};

use common::{corpus, files_below, report, skip};

/// The elements of a document: name and attribute text.
fn elements(text: &str) -> Vec<(&str, &str)> {
    text.split('<')
        .skip(1)
        .filter_map(|e| {
            let e = e.split('>').next()?.trim_end_matches('/').trim();
            let (name, rest) = e.split_once(char::is_whitespace).unwrap_or((e, ""));
            Some((name, rest))
        })
        .collect()
}

fn attr<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let padded_at = format!(" {attrs}").find(&key)?;
    let rest = &attrs[padded_at + key.len() - 1..];
    rest.split('"').next()
}

fn ints(s: &str) -> Vec<u32> {
    s.split(',')
        .filter(|v| !v.trim().is_empty())
        .map(|v| v.trim().parse().unwrap())
        .collect()
}

#[derive(Default, Debug)]
struct Tally {
    games: usize,
    kyoku: usize,
    dice_ok: usize,
    deal_ok: usize,
    dora_ok: usize,
    draws: usize,
    draws_ok: usize,
    /// Replacement draw k (1-based) → where in the wall, counted.
    rinshan: BTreeMap<(usize, usize), usize>,
    kan_dora: BTreeMap<(usize, usize), usize>,
    ura: BTreeMap<(usize, usize), usize>,
    bad_games: Vec<String>,
}

fn check(text: &str, sanma_expected: bool, t: &mut Tally) -> Option<bool> {
    let els = elements(text);
    let seed = els
        .iter()
        .find(|(n, _)| *n == "SHUFFLE")
        .and_then(|(_, a)| attr(a, "seed"))?;
    if !seed.starts_with(SCHEME) {
        return None;
    }
    let go = els
        .iter()
        .find(|(n, _)| *n == "GO")
        .and_then(|(_, a)| attr(a, "type"))
        .map_or(0, |v| v.parse::<u32>().unwrap());
    let sanma = go & 0x10 != 0;
    if sanma != sanma_expected {
        return None;
    }
    let seats = if sanma { 3 } else { 4 };
    let mut s = Shuffler::new(seed).ok()?;
    t.games += 1;
    let mut ok = true;
    let mut yama: Vec<u8> = Vec::new();
    let mut pos: BTreeMap<u8, usize> = BTreeMap::new();
    let mut live = 0usize;
    let mut dealt = 0usize;
    let mut rinshan_next = false;
    let mut rinshans = 0usize;
    let mut kans = 0usize;
    for (name, a) in &els {
        match *name {
            "INIT" => {
                t.kyoku += 1;
                let k = s.next_kyoku_of(u8::try_from(seats).unwrap());
                yama = k.wall.clone();
                pos = yama.iter().enumerate().map(|(i, &id)| (id, i)).collect();
                let n = yama.len();
                let sd = ints(attr(a, "seed").unwrap());
                if [sd[3] + 1, sd[4] + 1] == [u32::from(k.dice[0]), u32::from(k.dice[1])] {
                    t.dice_ok += 1;
                } else {
                    ok = false;
                }
                // The first indicator: place 5 with four players, 9 with
                // three (whose dead wall holds eight replacement tiles).
                if sd[5] == u32::from(yama[if sanma { 9 } else { 5 }]) {
                    t.dora_ok += 1;
                } else {
                    ok = false;
                }
                let oya: usize = attr(a, "oya").unwrap().parse().unwrap();
                let mut hands: Vec<Vec<u8>> = vec![Vec::new(); seats];
                let mut p = n;
                for round in 0..4 {
                    for j in 0..seats {
                        let take = if round < 3 { 4 } else { 1 };
                        for _ in 0..take {
                            p -= 1;
                            hands[(oya + j) % seats].push(yama[p]);
                        }
                    }
                }
                dealt = n - p;
                let mut deal_ok = true;
                for (i, h) in hands.iter_mut().enumerate() {
                    h.sort_unstable();
                    let mut rec: Vec<u8> = ints(attr(a, &format!("hai{i}")).unwrap())
                        .into_iter()
                        .map(|v| u8::try_from(v).unwrap())
                        .collect();
                    rec.sort_unstable();
                    deal_ok &= *h == rec;
                }
                if deal_ok {
                    t.deal_ok += 1;
                } else {
                    ok = false;
                }
                live = 0;
                rinshan_next = false;
                rinshans = 0;
                kans = 0;
            }
            "N" => {
                let m: u32 = attr(a, "m").unwrap().parse().unwrap();
                // Chi, pon: no replacement; added kong, north, other kongs: one.
                let replaced = m & 0x4 == 0 && (m & 0x18 != 0x08);
                rinshan_next = replaced;
            }
            "DORA" => {
                kans += 1;
                let id = u8::try_from(ints(attr(a, "hai").unwrap())[0]).unwrap();
                *t.kan_dora.entry((kans, pos[&id])).or_default() += 1;
            }
            "AGARI" => {
                if let Some(u) = attr(a, "doraHaiUra") {
                    for (i, id) in ints(u).into_iter().enumerate() {
                        let id = u8::try_from(id).unwrap();
                        *t.ura.entry((i + 1, pos[&id])).or_default() += 1;
                    }
                }
            }
            n if n.len() > 1
                && matches!(&n[..1], "T" | "U" | "V" | "W")
                && n[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                let id: u8 = n[1..].parse().unwrap();
                if rinshan_next {
                    rinshans += 1;
                    *t.rinshan.entry((rinshans, pos[&id])).or_default() += 1;
                    rinshan_next = false;
                } else {
                    t.draws += 1;
                    let want = yama[yama.len() - 1 - dealt - live];
                    live += 1;
                    if want == id {
                        t.draws_ok += 1;
                    } else {
                        ok = false;
                    }
                }
            }
            _ => {}
        }
    }
    Some(ok)
}

fn measure(sanma: bool) {
    let test = if sanma { "sanma" } else { "four_players" };
    let Some(root) = corpus() else {
        return skip(test);
    };
    let mut t = Tally::default();
    for path in files_below(&root.join("tenhou-xml")) {
        let Ok(text) = decode(&std::fs::read(&path).unwrap(), &ImportOptions::default()) else {
            continue;
        };
        if check(&text, sanma, &mut t) == Some(false) {
            t.bad_games.push(path.display().to_string());
        }
    }
    report(&format!("{test}: {t:?}"));
    assert!(t.games > 0, "no {test} game with the current seed scheme");
    assert!(t.bad_games.is_empty(), "{:?}", t.bad_games);
    assert_eq!(
        (t.dice_ok, t.deal_ok, t.dora_ok),
        (t.kyoku, t.kyoku, t.kyoku)
    );
    assert_eq!(t.draws_ok, t.draws);
    // Four players: replacement draws from places 1, 0, 3, 2; kong
    // indicators at 7, 9, 11, 13; ura indicators at 4, 6, 8, 10 (12 by the
    // same step). Three players: replacement draws from 1, 0, 3, 2, 5, 4
    // (7, 6 by the same step); kong indicators from 11 on, ura from 8 on.
    let rinshan: &[usize] = if sanma {
        &[1, 0, 3, 2, 5, 4, 7, 6]
    } else {
        &[1, 0, 3, 2]
    };
    let first_dora = if sanma { 9 } else { 5 };
    assert!(
        t.rinshan
            .keys()
            .all(|&(k, at)| rinshan.get(k - 1) == Some(&at)),
        "{:?}",
        t.rinshan
    );
    assert!(
        t.kan_dora.keys().all(|&(k, at)| at == first_dora + 2 * k),
        "{:?}",
        t.kan_dora
    );
    assert!(
        t.ura
            .keys()
            .all(|&(k, at)| at + 1 == first_dora + 2 * (k - 1)),
        "{:?}",
        t.ura
    );
    report(&format!(
        "{test}: {} games, {} kyoku: every deal, die, dora indicator and {} draws equal the rebuilt wall",
        t.games, t.kyoku, t.draws
    ));
}

#[test]
fn four_player_walls_measured() {
    measure(false);
}

#[test]
fn three_player_walls_measured() {
    measure(true);
}
