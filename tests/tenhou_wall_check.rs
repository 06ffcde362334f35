//! Tenhou logs held against the wall their `SHUFFLE` seed rebuilds
//! (`WALL-MISMATCH`): the whole corpus agrees with it, and two edits that
//! pass every other check paifu has — two tiles swapped wherever they
//! appear in a kyoku, and one draw changed — are caught by it, at the first
//! place that disagrees.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use paifu::engine::{Finding, RuleId, audit};
use paifu::event::{Event, Format, GameLog};
use paifu::import::import_str;
use paifu::rules::Rules;

use common::{corpus, files_below, import, report, skip, testdata};

const LOG: &str = "tenhou_xml/review_call_no_progress.xml";

fn findings(log: &GameLog) -> Vec<Finding> {
    audit(log, &Rules::for_log(&log.meta).rules).findings
}

/// The findings of a log whose walls are taken away: what paifu could say
/// of it without the seed.
fn without_wall(log: &GameLog) -> Vec<(RuleId, usize)> {
    let mut log = log.clone();
    for e in &mut log.events {
        if let Event::StartKyoku(k) = &mut e.event {
            k.wall = None;
        }
    }
    findings(&log)
        .into_iter()
        .map(|f| (f.rule, f.event))
        .collect()
}

fn mismatches(log: &GameLog) -> Vec<Finding> {
    findings(log)
        .into_iter()
        .filter(|f| f.rule == RuleId::WallMismatch)
        .collect()
}

/// The elements of the first kyoku: from its `INIT` to the next `INIT`
/// (byte range of the text).
fn first_kyoku(text: &str) -> std::ops::Range<usize> {
    let start = text.find("<INIT").unwrap();
    let end = text[start + 1..]
        .find("<INIT")
        .map_or(text.len(), |i| start + 1 + i);
    start..end
}

/// A draw or discard element (`<T52/>`): its letter and tile id.
fn play(element: &str) -> Option<(u8, u32)> {
    let body = element.strip_prefix('<')?.strip_suffix("/>")?;
    let (letter, id) = body.split_at(1);
    let letter = letter.bytes().next()?;
    (b"TUVWDEFG".contains(&letter) && !id.is_empty())
        .then(|| id.parse().ok())
        .flatten()
        .map(|id| (letter, id))
}

fn elements(text: &str) -> Vec<&str> {
    text.split_inclusive('>').collect()
}

fn original() -> (String, GameLog) {
    let text = std::fs::read_to_string(testdata().join(LOG)).unwrap();
    let log = import_str(&text, Format::TenhouXml).unwrap();
    (text, log)
}

#[test]
fn the_log_agrees_with_its_rebuilt_wall() {
    let (_, log) = original();
    let walls = log
        .events
        .iter()
        .filter(|e| matches!(&e.event, Event::StartKyoku(k) if k.wall.as_ref().is_some_and(|w| w.deal.len() == 4)))
        .count();
    assert_eq!(walls, 10, "every kyoku of the log has its wall and deal");
    assert!(mismatches(&log).is_empty(), "{:?}", mismatches(&log));
}

/// Two tile ids of different kinds swapped wherever the first kyoku names
/// them (the deal, draws and discards). The play stays consistent, so
/// without the wall the audit says the same as of the true log; the wall
/// disagrees at the first place one of them lies.
#[test]
fn two_tiles_swapped_are_caught() {
    let (text, log) = original();
    let range = first_kyoku(&text);
    let kyoku = &text[range.clone()];
    // Tiles that only pass through hands, draws and discards: not called,
    // not in a win, not an indicator.
    let elsewhere: String = elements(kyoku)
        .into_iter()
        .filter(|e| play(e).is_none() && !e.starts_with("<INIT"))
        .collect();
    let kinds_elsewhere = |id: u32| elsewhere.contains(&format!("{id}"));
    let discarded: Vec<u32> = elements(kyoku)
        .into_iter()
        .filter_map(play)
        .filter(|(l, _)| b"DEFG".contains(l))
        .map(|(_, id)| id)
        .collect();
    let mut pair = None;
    'search: for &a in &discarded {
        for &b in &discarded {
            if a / 4 != b / 4 && !kinds_elsewhere(a) && !kinds_elsewhere(b) {
                pair = Some((a, b));
                break 'search;
            }
        }
    }
    let (a, b) = pair.expect("two discarded tiles that appear nowhere else");
    let swap = |id: u32| match id {
        x if x == a => b,
        x if x == b => a,
        x => x,
    };
    let mut edited = String::new();
    for e in elements(kyoku) {
        if let Some((letter, id)) = play(e) {
            edited.push_str(&format!("<{}{}/>", char::from(letter), swap(id)));
        } else if e.starts_with("<INIT") {
            let mut out = e.to_owned();
            for seat in 0..4 {
                let key = format!("hai{seat}=\"");
                let at = out.find(&key).unwrap() + key.len();
                let end = at + out[at..].find('"').unwrap();
                let ids: Vec<String> = out[at..end]
                    .split(',')
                    .map(|v| swap(v.parse().unwrap()).to_string())
                    .collect();
                out.replace_range(at..end, &ids.join(","));
            }
            edited.push_str(&out);
        } else {
            edited.push_str(e);
        }
    }
    let tampered = format!("{}{edited}{}", &text[..range.start], &text[range.end..]);
    let tampered = import_str(&tampered, Format::TenhouXml).unwrap();
    assert_eq!(
        without_wall(&tampered),
        without_wall(&log),
        "the swap of ids {a} and {b} passes every other check"
    );
    let found = mismatches(&tampered);
    assert!(!found.is_empty(), "the swap of ids {a} and {b} is caught");
    report(&format!(
        "two tiles swapped (ids {a}, {b}): {} WALL-MISMATCH, the first: {}",
        found.len(),
        found[0]
    ));
}

/// One draw changed to a tile of another kind that the kyoku never shows
/// (and its tsumogiri discard with it): no tile count is broken, so only
/// the wall can tell, at that draw.
#[test]
fn one_draw_edited_is_caught() {
    let (text, log) = original();
    let range = first_kyoku(&text);
    let kyoku = &text[range.clone()];
    let els = elements(kyoku);
    let seen: Vec<u32> = els
        .iter()
        .filter_map(|e| play(e))
        .map(|(_, id)| id)
        .collect();
    let in_text = |id: u32| {
        seen.contains(&id)
            || kyoku.contains(&format!("{id},"))
            || kyoku.contains(&format!(",{id}\""))
    };
    // The second draw of the kyoku that is discarded at once and not called.
    let at = els
        .windows(3)
        .enumerate()
        .filter(|(_, w)| {
            let (Some((dl, d)), Some((pl, p))) = (play(w[0]), play(w[1])) else {
                return false;
            };
            b"TUVW".contains(&dl) && pl == dl - (b'T' - b'D') && d == p && !w[2].starts_with("<N ")
        })
        .map(|(i, _)| i)
        .nth(1)
        .expect("a tsumogiri draw");
    let (letter, id) = play(els[at]).unwrap();
    let new = (0..136)
        .find(|&n: &u32| n / 4 != id / 4 && !in_text(n) && !(4..32).contains(&n))
        .unwrap();
    let mut edited = String::new();
    for (i, e) in els.iter().enumerate() {
        if i == at {
            edited.push_str(&format!("<{}{new}/>", char::from(letter)));
        } else if i == at + 1 {
            edited.push_str(&format!("<{}{new}/>", char::from(letter - (b'T' - b'D'))));
        } else {
            edited.push_str(e);
        }
    }
    let tampered = format!("{}{edited}{}", &text[..range.start], &text[range.end..]);
    let tampered = import_str(&tampered, Format::TenhouXml).unwrap();
    assert_eq!(without_wall(&tampered), without_wall(&log));
    let found = mismatches(&tampered);
    assert_eq!(found.len(), 1, "{found:?}");
    let f = &found[0];
    assert!(f.message.contains("draw"), "{f}");
    // The finding is at the edited draw: the event that draws the new tile.
    let drawn = tampered.events[f.event].event.clone();
    assert!(
        matches!(drawn, Event::Tsumo { pai: Some(t), .. } if Some(t) == paifu::tile::Tile::from_tenhou_id(new, true).ok()),
        "{drawn:?}"
    );
    report(&format!("one draw edited (id {id} → {new}): {f}"));
}

/// Every corpus Tenhou log with the current seed scheme: each kyoku gets
/// its wall and deal from the importer, and the audit finds no place where
/// the log disagrees with it. Logs with an older seed, or none, get no wall.
#[test]
fn corpus_logs_agree_with_their_rebuilt_walls() {
    let Some(root) = corpus() else {
        return skip("corpus_logs_agree_with_their_rebuilt_walls");
    };
    let (mut games, mut kyoku, mut walls, mut without, mut unread) = (0, 0, 0, 0, 0);
    let mut disagree = Vec::new();
    for path in files_below(&root.join("tenhou-xml")) {
        let Ok(log) = import(&path) else {
            unread += 1;
            continue;
        };
        games += 1;
        let starts: Vec<_> = log
            .events
            .iter()
            .filter_map(|e| match &e.event {
                Event::StartKyoku(k) => Some(k),
                _ => None,
            })
            .collect();
        kyoku += starts.len();
        let with = starts.iter().filter(|k| k.wall.is_some()).count();
        walls += with;
        if with == 0 {
            without += 1;
            continue;
        }
        assert_eq!(
            with,
            starts.len(),
            "{}: a kyoku without its wall",
            path.display()
        );
        let m = mismatches(&log);
        if !m.is_empty() {
            disagree.push(format!("{}: {}", path.display(), m[0]));
        }
    }
    report(&format!(
        "tenhou-xml corpus: {games} games ({unread} files not imported), {kyoku} kyoku; {walls} kyoku with a wall rebuilt from the seed, all agreeing; {without} games without one (an older seed, or none)"
    ));
    assert!(walls > 0);
    assert!(disagree.is_empty(), "{disagree:#?}");
}
