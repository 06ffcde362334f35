//! [`carried`]: exactly what survives a trip through tenhou.net/6.

use std::collections::VecDeque;

use super::score::{Table, limit_word, payment, yaku_han};
use super::starting_scores;
use crate::event::{DrawKind, Entry, Event, GameLog, Limit, Seat, Source};
use crate::export::with_win_deltas;
use crate::import::tenhou6::{insert_connection, is_step};
use crate::tile::Tile;
use crate::yaku::Yaku;

/// What survives writing `log` as tenhou.net/6 and reading it back, source
/// locations aside.
#[must_use]
pub fn carried(log: &GameLog) -> GameLog {
    // A kyoku's only win without deltas is written with the change of
    // scores, as the writer does.
    let log = &with_win_deltas(log);
    let mut out = log.clone();
    let filled = starting_scores(log);
    let mut filled = filled.into_iter();
    let mut events: Vec<Entry> = Vec::new();
    let mut kyoku: Vec<Event> = Vec::new();
    for e in &log.events {
        let mut event = e.event.clone();
        match &mut event {
            Event::StartKyoku(sk) => {
                flush_kyoku(&mut kyoku, &mut events);
                sk.wall = None;
                if let Some(Some(s)) = filled.next() {
                    sk.scores = Some(s);
                }
            }
            // Before the first deal there is no kyoku to count steps in.
            Event::Disconnect { .. } | Event::Reconnect { .. } if kyoku.is_empty() => continue,
            Event::RiichiAccepted { claim, .. } => *claim = None,
            _ => {}
        }
        kyoku.push(event);
    }
    flush_kyoku(&mut kyoku, &mut events);
    carry_claims(&mut events, usize::from(log.meta.seats));
    out.events = events;
    out
}

/// One kyoku as tenhou.net/6 gives it back: kan dora at Tenhou's timing,
/// connections where their step count puts them.
pub(super) fn flush_kyoku(kyoku: &mut Vec<Event>, events: &mut Vec<Entry>) {
    let mut connections = Vec::new();
    let mut steps = 0u64;
    let mut play = Vec::new();
    for e in std::mem::take(kyoku) {
        match e {
            Event::Disconnect { .. } | Event::Reconnect { .. } => connections.push((e, steps)),
            // Written back where tenhou.net/6 implies them (below).
            Event::RiichiAccepted { .. } => {}
            _ => {
                if is_step(&e) {
                    steps += 1;
                }
                play.push(e);
            }
        }
    }
    let mut entries: Vec<Entry> = accept_riichi(tenhou_dora_order(play))
        .into_iter()
        .map(|event| Entry {
            event,
            src: Source::default(),
        })
        .collect();
    for (event, step) in connections {
        let entry = Entry {
            event,
            src: Source::default(),
        };
        insert_connection(&mut entries, entry, step);
    }
    events.extend(entries);
}

/// tenhou.net/6 does not record the stick payment: a riichi discard that
/// passes implies it. It passes unless it is the kyoku's last action and
/// the kyoku ends on it (a ron, a triple ron) or the log stops there.
pub(super) fn accept_riichi(kyoku: Vec<Event>) -> Vec<Event> {
    let last_step = kyoku.iter().rposition(is_step);
    let open_end = match kyoku.last() {
        Some(Event::Hora { actor, target, .. }) => actor != target,
        Some(Event::Ryukyoku { kind, .. }) => *kind == DrawKind::TripleRon,
        Some(Event::EndKyoku) => kyoku.iter().rev().nth(1).is_some_and(|e| match e {
            Event::Hora { actor, target, .. } => actor != target,
            Event::Ryukyoku { kind, .. } => *kind == DrawKind::TripleRon,
            _ => false,
        }),
        _ => true,
    };
    let mut out = Vec::with_capacity(kyoku.len() + 2);
    for (i, e) in kyoku.into_iter().enumerate() {
        let accepted = match &e {
            Event::Dahai {
                actor,
                riichi: true,
                ..
            } if !(Some(i) == last_step && open_end) => Some(*actor),
            _ => None,
        };
        out.push(e);
        if let Some(actor) = accepted {
            out.push(Event::RiichiAccepted { actor, claim: None });
        }
    }
    out
}

/// Moves kan-dora events to Tenhou's timing (see `formats/events.md`): a
/// concealed kong's indicator right after it, an open kong's before the
/// kong player's next discard or right after their next kong.
pub(super) fn tenhou_dora_order(kyoku: Vec<Event>) -> Vec<Event> {
    let mut markers: VecDeque<Tile> = kyoku
        .iter()
        .filter_map(|e| match e {
            Event::Dora { marker } => Some(*marker),
            _ => None,
        })
        .collect();
    let mut out = Vec::with_capacity(kyoku.len());
    let mut pending = 0usize;
    let mut emit = |out: &mut Vec<Event>, n: usize| {
        for _ in 0..n {
            let Some(marker) = markers.pop_front() else {
                break;
            };
            out.push(Event::Dora { marker });
        }
    };
    for e in kyoku {
        match &e {
            Event::Dora { .. } => continue,
            Event::Dahai { .. } => {
                emit(&mut out, std::mem::take(&mut pending));
                out.push(e);
            }
            Event::Ankan { .. } => {
                out.push(e);
                emit(&mut out, std::mem::take(&mut pending) + 1);
            }
            Event::Daiminkan { .. } | Event::Kakan { .. } => {
                out.push(e);
                emit(&mut out, std::mem::take(&mut pending));
                pending = 1;
            }
            Event::Hora { .. } | Event::Ryukyoku { .. } => {
                emit(&mut out, usize::MAX);
                out.push(e);
            }
            _ => out.push(e),
        }
    }
    out
}

/// Claims as tenhou.net/6 keeps them.
pub(super) fn carry_claims(events: &mut [Entry], seats: usize) {
    let mut dora: Vec<Tile> = Vec::new();
    let mut ura: Vec<Tile> = Vec::new();
    // The kyoku-wide ura list is the first non-empty one claimed.
    let mut kyoku_ura: Vec<Vec<Tile>> = Vec::new();
    for e in events.iter() {
        match &e.event {
            Event::StartKyoku(_) => kyoku_ura.push(Vec::new()),
            Event::Hora { claim, .. } => {
                if let (Some(last), Some(u)) = (kyoku_ura.last_mut(), &claim.ura_markers)
                    && last.is_empty()
                {
                    last.clone_from(u);
                }
            }
            _ => {}
        }
    }
    let mut kyoku_index = 0usize;
    let mut riichi: Vec<Seat> = Vec::new();
    let mut table: Option<Table> = None;
    for e in events.iter_mut() {
        match &mut e.event {
            Event::StartKyoku(sk) => {
                table = Some(Table {
                    seats: u8::try_from(seats).unwrap_or(4),
                    dealer: sk.dealer,
                    honba: sk.honba,
                });
                dora = vec![sk.dora_marker];
                ura = kyoku_ura.get(kyoku_index).cloned().unwrap_or_default();
                riichi.clear();
                kyoku_index += 1;
            }
            Event::Dahai {
                actor,
                riichi: true,
                ..
            } => riichi.push(*actor),
            Event::Dora { marker } => dora.push(*marker),
            Event::Hora {
                actor,
                target,
                claim,
                ..
            } => {
                let c = claim.as_mut();
                let limit_word = c.limit.and_then(limit_word).is_some();
                let any_score =
                    c.fu.is_some() || c.han.is_some() || c.limit.is_some() || c.points.is_some();
                if let (Some(t), Some(points)) = (table, c.points) {
                    c.points = Some(payment(t, *actor, *target, c, points).1);
                }
                if limit_word {
                    c.fu = None;
                    c.han = None;
                }
                if any_score {
                    c.limit = Some(c.limit.unwrap_or(Limit::None));
                }
                if c.han.is_none() && !c.yaku.is_empty() {
                    c.han = Some(yaku_han(c));
                }
                // Ura indicators belong to a winner who declared riichi (a
                // riichi yakuman lists only the yakuman) or lists riichi.
                let riichi_winner = riichi.contains(actor)
                    || c.yaku
                        .iter()
                        .any(|y| matches!(y.yaku, Yaku::Riichi | Yaku::DoubleRiichi));
                c.ura_markers = (riichi_winner && !ura.is_empty()).then(|| ura.clone());
                c.dora_markers = Some(dora.clone());
                // The detail always names the liable seat (the winner when
                // nobody is), so what comes back is known.
                c.pao_unknown = false;
                // tenhou.net/6 has no way to say a claim is left out.
                c.not_recorded.clear();
                c.hand = None;
                c.scores_before = None;
                c.sticks = None;
                c.chips = None;
                if c.deltas.is_none() {
                    c.deltas = Some(vec![0; seats]);
                }
            }
            Event::Ryukyoku { kind, claim } => {
                let c = claim.as_mut();
                c.shown_hands = None;
                c.scores_before = None;
                c.sticks = None;
                if c.deltas.is_none() {
                    c.deltas = Some(vec![0; seats]);
                }
                c.tenpai = match kind {
                    DrawKind::Exhaustive if c.nagashi_mangan => None,
                    DrawKind::Exhaustive => match c.tenpai.as_deref() {
                        Some(t) if t.iter().all(|x| *x) || t.iter().all(|x| !*x) => {
                            Some(t.to_vec())
                        }
                        // `流局`: the importer reads tenpai from who was paid.
                        _ => c
                            .deltas
                            .as_ref()
                            .filter(|d| d.iter().any(|x| *x != 0))
                            .map(|d| d.iter().map(|x| *x > 0).collect()),
                    },
                    _ => None,
                };
            }
            _ => {}
        }
    }
}
