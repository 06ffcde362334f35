//! Hindsight on the wall (`formats/review.md`): on real logs whose records
//! give their walls (Mahjong Soul and Riichi City in `testdata/`, and the
//! corpus's Mahjong Soul records when present), every item's fact is
//! recomputed here from its definition, independently of the library: the
//! seat's draws read off the events and the wall, and the first turn at
//! which some part of the hand and the draws so far is tenpai, by a plain
//! search for a complete hand one tile away (no lookup tables). And the
//! fact never changes a judgement: the same games without their walls
//! review to the same items, without the fact.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use paifu::event::{Event, GameLog};
use paifu::review::{GameReview, Options, review};
use paifu::rules::Rules;
use paifu::tile::Tile;

/// Whether `c` holds `sets` sets and, if `pair`, a pair, among its tiles
/// (not all need be used). Groups are chosen in kind order.
fn holds(c: &mut [u8; 34], sets: u32, pair: bool, from: usize, three: bool) -> bool {
    if sets == 0 && !pair {
        return true;
    }
    for k in from..34 {
        if pair && c[k] >= 2 {
            c[k] -= 2;
            let ok = holds(c, sets, false, k, three);
            c[k] += 2;
            if ok {
                return true;
            }
        }
        if sets > 0 && c[k] >= 3 {
            c[k] -= 3;
            let ok = holds(c, sets - 1, pair, k, three);
            c[k] += 3;
            if ok {
                return true;
            }
        }
        let sequences = k < 27 && k % 9 <= 6 && !(three && k < 9);
        if sets > 0 && sequences && c[k] >= 1 && c[k + 1] >= 1 && c[k + 2] >= 1 {
            for d in 0..3 {
                c[k + d] -= 1;
            }
            let ok = holds(c, sets - 1, pair, k, three);
            for d in 0..3 {
                c[k + d] += 1;
            }
            if ok {
                return true;
            }
        }
    }
    false
}

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Some `size` tiles of `pool` are tenpai: one more tile of some kind
/// (that the game has) completes a hand within the pool, four of a kind at
/// most.
fn tenpai_within(pool: &[u8; 34], size: u32, melds: usize, three: bool) -> bool {
    (0..34)
        .filter(|&w| !(three && (1..8).contains(&w)))
        .any(|w| {
            let mut c = *pool;
            c[w] += 1;
            for n in &mut c {
                *n = (*n).min(4);
            }
            let sets = size / 3;
            if holds(&mut c, sets, true, 0, three) {
                return true;
            }
            if melds == 0 && size == 13 {
                let pairs = c.iter().filter(|&&n| n >= 2).count();
                let orphans =
                    ORPHANS.iter().all(|&k| c[k] >= 1) && ORPHANS.iter().any(|&k| c[k] >= 2);
                return pairs >= 7 || orphans;
            }
            false
        })
}

/// The seat's draws after `event`, by the definition: its draws from the
/// live wall recorded in the kyoku, then the live wall left at the end
/// dealt in turn from the seat after the last to draw or discard. Also how
/// many were recorded.
fn draws_after(log: &GameLog, event: usize, seat: usize) -> Option<(Vec<Tile>, usize)> {
    let start = (0..=event)
        .rev()
        .find(|&i| matches!(log.events[i].event, Event::StartKyoku(_)))?;
    let Event::StartKyoku(sk) = &log.events[start].event else {
        return None;
    };
    let wall = sk.wall.as_deref()?;
    let seats = usize::from(log.meta.seats);
    let (mut live, mut rinshan, mut last) = (0usize, 0usize, 0usize);
    let mut mine = Vec::new();
    for (i, e) in log.events.iter().enumerate().skip(start + 1) {
        match &e.event {
            Event::StartKyoku(_) => break,
            Event::Tsumo {
                actor,
                pai,
                rinshan: r,
            } => {
                last = actor.index();
                if *r {
                    rinshan += 1;
                    continue;
                }
                let t = wall.live[live];
                assert!(pai.is_none_or(|p| p == t), "a draw not the wall's");
                if actor.index() == seat && i > event {
                    mine.push(t);
                }
                live += 1;
            }
            Event::Dahai { actor, .. } => last = actor.index(),
            _ => {}
        }
    }
    let recorded = mine.len();
    let left = &wall.live[live..wall.live.len() - rinshan];
    for (j, &t) in left.iter().enumerate() {
        if (last + 1 + j) % seats == seat {
            mine.push(t);
        }
    }
    Some((mine, recorded))
}

/// The first turn at which the hand less `discard`, with the draws so
/// far, holds a tenpai.
fn first_turn(
    hand: &[Tile],
    discard: Tile,
    melds: usize,
    draws: &[Tile],
    turn: u8,
    three: bool,
) -> Option<u8> {
    let mut pool = [0u8; 34];
    for t in hand {
        pool[usize::from(t.kind())] += 1;
    }
    pool[usize::from(discard.kind())] -= 1;
    let size = u32::try_from(hand.len() - 1).unwrap();
    for k in 0..=draws.len() {
        if k > 0 {
            pool[usize::from(draws[k - 1].kind())] += 1;
        }
        if tenpai_within(&pool, size, melds, three) {
            return Some(turn + u8::try_from(k).unwrap());
        }
    }
    None
}

/// What was checked.
#[derive(Default, Debug)]
struct Tally {
    facts: usize,
    continued: usize,
    not_within: usize,
    recorded_only: usize,
}

fn check(name: &str, log: &GameLog, r: &GameReview, tally: &mut Tally) {
    let three = log.meta.seats == 3;
    for item in &r.items {
        let Some(h) = &item.hindsight else {
            continue;
        };
        tally.facts += 1;
        let dec = &r.decisions[item.decision.unwrap()];
        assert_eq!(dec.event, item.event, "{name} ev#{}", item.event);
        assert_eq!(Some(&h.instead), item.better.first());
        let turn = item.situation.as_ref().unwrap().turn;
        assert_eq!(h.turn, turn);
        let (draws, recorded) = draws_after(log, item.event, item.seat.index()).unwrap();
        assert_eq!(h.draws, draws, "{name} ev#{}: the draws", item.event);
        assert_eq!(h.recorded, recorded, "{name} ev#{}", item.event);
        let melds = dec.melds.len();
        let instead = first_turn(&dec.hand, h.instead, melds, &draws, turn, three);
        let played = first_turn(&dec.hand, dec.played, melds, &draws, turn, three);
        assert_eq!(
            (h.instead_tenpai, h.played_tenpai),
            (instead, played),
            "{name} ev#{}: {:?} less {} / {}, draws {:?}",
            item.event,
            dec.hand,
            h.instead,
            dec.played,
            draws
        );
        let past = |t: Option<u8>| t.is_none_or(|t| usize::from(t - turn) > recorded);
        assert_eq!(
            h.continued,
            draws.len() > recorded && (past(instead) || past(played)),
            "{name} ev#{}",
            item.event
        );
        tally.continued += usize::from(h.continued);
        tally.not_within += usize::from(instead.is_none() || played.is_none());
        tally.recorded_only += usize::from(!h.continued);
        // Both tenpai at the decision: nothing to say, no fact.
        assert!(instead != Some(turn) || played != Some(turn));
        let sentence = h.sentence();
        assert!(sentence.starts_with("The tiles that came"), "{sentence}");
        assert!(sentence.contains("luck, not the judgement"), "{sentence}");
    }
}

/// The same game without its walls reviews to the same items, none with
/// the fact.
fn same_without_wall(log: &GameLog, rules: &Rules, r: &GameReview) {
    let mut bare = log.clone();
    for e in &mut bare.events {
        if let Event::StartKyoku(sk) = &mut e.event {
            sk.wall = None;
        }
    }
    let without = review(&bare, rules, &Options::default());
    assert_eq!(without.items.len(), r.items.len());
    for (a, b) in without.items.iter().zip(&r.items) {
        assert!(a.hindsight.is_none());
        let mut b = b.clone();
        b.hindsight = None;
        assert_eq!(a, &b);
    }
}

fn files() -> Vec<PathBuf> {
    let td = common::testdata();
    let mut out = vec![
        td.join("majsoul/one_ron.json"),
        td.join("riichicity/two_hands.json"),
    ];
    // Tenhou's walls, rebuilt from the seed, four and three players.
    out.extend(common::files_below(&td.join("tenhou_xml")));
    match common::corpus() {
        Some(c) => out.extend(common::files_below(&c.join("majsoul"))),
        None => common::skip("review_hindsight (the corpus's Mahjong Soul records)"),
    }
    out
}

#[test]
fn hindsight_agrees_with_its_definition() {
    let mut tally = Tally::default();
    for path in files() {
        let Ok(log) = common::import(&path) else {
            continue;
        };
        let name = path.display().to_string();
        let rules = Rules::for_log(&log.meta).rules;
        let r = review(&log, &rules, &Options::default());
        check(&name, &log, &r, &mut tally);
        same_without_wall(&log, &rules, &r);
    }
    common::report(&format!("review_hindsight: {tally:?}"));
    assert!(tally.facts >= 10, "{tally:?}");
    assert!(tally.continued > 0 && tally.recorded_only > 0, "{tally:?}");
    assert!(tally.not_within > 0, "{tally:?}");
}
