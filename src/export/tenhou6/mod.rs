//! Writes a game as tenhou.net/6 JSON (`formats/tenhou6.md`).
//!
//! tenhou.net/6 stores, per kyoku and seat, the starting hand, the list of
//! takes (draws and calls) and the list of discards (discards, kongs set
//! aside in the discard slot), plus one result array. What it cannot say —
//! source order beyond what play implies, shown hands, per-win stick
//! bookkeeping, the fu of limit hands — is dropped, and [`carried`] states
//! exactly what survives.

mod kyoku;
mod projection;
mod score;
mod tensoul;

use serde_json::{Value, json};

use crate::event::{Entry, Event, Format, GameLog, Limit};
use crate::export::{ExportError, with_win_deltas};
use crate::import::tenhou6::is_step;

use kyoku::KyokuWriter;
pub use projection::carried;

pub(super) fn unsupported(reason: impl Into<String>) -> ExportError {
    ExportError::Unsupported {
        format: Format::Tenhou6,
        reason: reason.into(),
    }
}

/// tenhou.net/6 always has four seats; a three-player game fills the
/// fourth with `fill`.
pub(super) fn pad<T: Clone>(mut v: Vec<T>, fill: T) -> Vec<T> {
    while v.len() < 4 {
        v.push(fill.clone());
    }
    v
}

/// Every kyoku needs starting scores; a log without them gets the previous
/// kyoku's scores plus its claimed deltas (25000 each at the start).
pub(super) fn starting_scores(log: &GameLog) -> Vec<Option<Vec<i32>>> {
    let seats = usize::from(log.meta.seats);
    let mut out = Vec::new();
    let mut running: Vec<i32> = vec![25000; seats];
    for e in &log.events {
        match &e.event {
            Event::StartKyoku(sk) => {
                if let Some(s) = &sk.scores {
                    running.clone_from(s);
                    out.push(None);
                } else {
                    out.push(Some(running.clone()));
                }
            }
            Event::Hora { claim, .. } => add(&mut running, claim.deltas.as_deref()),
            Event::Ryukyoku { claim, .. } => add(&mut running, claim.deltas.as_deref()),
            Event::RiichiAccepted { actor, .. } => {
                if let Some(s) = running.get_mut(actor.index()) {
                    *s = s.saturating_sub(1000);
                }
            }
            _ => {}
        }
    }
    out
}

pub(super) fn add(running: &mut [i32], deltas: Option<&[i32]>) {
    if let Some(d) = deltas {
        for (r, d) in running.iter_mut().zip(d) {
            // Claimed deltas are the log's: any size, never an overflow.
            *r = r.saturating_add(*d);
        }
    }
}

/// Writes `log` as one tenhou.net/6 JSON object.
///
/// # Errors
///
/// [`ExportError::Unsupported`] for hidden tiles (tenhou.net/6 has no
/// notation for them) and calls the format cannot place.
pub fn write(log: &GameLog) -> Result<String, ExportError> {
    let log = &with_win_deltas(log);
    let mut notes = notes_for(log);
    // A Mahjong Soul game: where tensoul's file of it would differ.
    notes.extend(tensoul::notes(log));
    let filled = starting_scores(log);
    if filled.iter().any(Option::is_some) {
        notes.push(
            "the log does not state some kyoku's starting scores: they were carried over from the claimed deltas".into(),
        );
    }
    let mut kyoku = Vec::new();
    let mut current: Option<KyokuWriter> = None;
    let mut filled = filled.into_iter();
    for Entry { event, .. } in &log.events {
        if let Event::StartKyoku(sk) = event {
            if let Some(k) = current.take() {
                kyoku.push(k.finish());
            }
            let scores = match filled.next().flatten() {
                Some(s) => s,
                None => sk.scores.clone().unwrap_or_default(),
            };
            current = Some(KyokuWriter::new(sk, log.meta.seats, scores)?);
        } else if let Some(k) = current.as_mut() {
            k.apply(event)?;
        }
    }
    if let Some(k) = current.take() {
        kyoku.push(k.finish());
    }
    let meta = &log.meta;
    let seats = usize::from(meta.seats);
    let names: Vec<String> = (0..seats)
        .map(|i| {
            meta.players
                .get(i)
                .map(|p| p.name.clone())
                .unwrap_or_default()
        })
        .collect();
    let mut out = serde_json::Map::new();
    out.insert("ver".into(), json!(2.3));
    // A what-if branch says so where a viewer shows the game's title.
    let title = meta
        .what_if
        .as_ref()
        .map_or_else(|| json!(["", ""]), |w| json!(["what-if", w.sentence()]));
    out.insert("title".into(), title);
    // Tenhou's rating class: PF4 four players, PF3 three.
    out.insert(
        "ratingc".into(),
        json!(if meta.seats == 3 { "PF3" } else { "PF4" }),
    );
    // A number only: convlog (mjai-reviewer) reads `lobby` as an `i32` and
    // refuses the file for anything else (`notes_for` says it is dropped).
    if let Some(lobby) = meta.rules.lobby.as_deref().and_then(lobby_number) {
        out.insert("lobby".into(), json!(lobby));
    }
    out.insert("name".into(), json!(pad(names, String::new())));
    let mut rule = serde_json::Map::new();
    rule.insert(
        "disp".into(),
        json!(meta.rules.display.clone().unwrap_or_default()),
    );
    match meta.rules.red_fives {
        Some(3) => {
            for k in ["aka53", "aka52", "aka51"] {
                rule.insert(k.into(), json!(1));
            }
        }
        Some(n) => {
            rule.insert("aka".into(), json!(i32::from(n > 0)));
        }
        None => {}
    }
    out.insert("rule".into(), Value::Object(rule));
    if let Some(id) = &meta.log_id {
        out.insert("ref".into(), json!(id));
    }
    if meta.players.iter().any(|p| p.rank.is_some()) {
        let dan: Vec<String> = (0..seats)
            .map(|i| {
                meta.players
                    .get(i)
                    .and_then(|p| p.rank.clone())
                    .unwrap_or_default()
            })
            .collect();
        out.insert("dan".into(), json!(pad(dan, String::new())));
    }
    if meta.players.iter().any(|p| p.rating.is_some()) {
        let rate: Vec<f64> = (0..seats)
            .map(|i| meta.players.get(i).and_then(|p| p.rating).unwrap_or(0.0))
            .collect();
        out.insert("rate".into(), json!(rate));
    }
    if meta.players.iter().any(|p| p.sex.is_some()) {
        let sx: Vec<String> = (0..seats)
            .map(|i| {
                meta.players
                    .get(i)
                    .and_then(|p| p.sex.clone())
                    .unwrap_or_default()
            })
            .collect();
        out.insert("sx".into(), json!(sx));
    }
    if let Some(end) = &meta.end
        && let (Some(scores), Some(points)) = (&end.scores, &end.points)
    {
        let mut sc = Vec::new();
        for (s, p) in scores.iter().zip(points) {
            sc.push(json!(s));
            sc.push(json!(p));
        }
        out.insert("sc".into(), Value::Array(sc));
    }
    let (connection, dropped) = connections(log);
    if !connection.is_empty() {
        out.insert("connection".into(), Value::Array(connection));
    }
    if dropped {
        notes.push(
            "tenhou.net/6 cannot place a disconnection before the first deal; dropped".into(),
        );
    }
    out.insert("log".into(), Value::Array(kyoku));
    if !notes.is_empty() {
        out.insert("paifu_notes".into(), json!(notes));
    }
    Ok(serde_json::to_string(&Value::Object(out))?)
}

/// One sentence per kind of information this game holds that tenhou.net/6
/// cannot carry.
pub(super) fn notes_for(log: &GameLog) -> Vec<String> {
    let mut notes = log.meta.notes.clone();
    let mut has = |what: &str, cond: bool| {
        if cond {
            notes.push(format!("tenhou.net/6 cannot carry {what}; dropped"));
        }
    };
    let events = || log.events.iter().map(|e| &e.event);
    has(
        "the hands shown at draws (tenpai is kept as the result name or the sign of the payments)",
        events().any(|e| matches!(e, Event::Ryukyoku { claim, .. } if claim.shown_hands.is_some())),
    );
    has(
        "the winner's hand, the scores before a win, stick counts and chips as claimed at a win",
        events().any(|e| matches!(e, Event::Hora { claim, .. } if claim.hand.is_some() || claim.scores_before.is_some() || claim.sticks.is_some() || claim.chips.is_some())),
    );
    has(
        "the fu of limit hands",
        events().any(|e| matches!(e, Event::Hora { claim, .. } if claim.fu.is_some() && !matches!(claim.limit, None | Some(Limit::None)))),
    );
    has(
        "the scores claimed when a riichi stick is paid",
        events().any(|e| matches!(e, Event::RiichiAccepted { claim: Some(_), .. })),
    );
    has(
        "a kan dora turned before the replacement draw of an open or added kong (it is read back at Tenhou's timing, after the kong player's discard)",
        log.events.windows(2).any(|w| {
            matches!(w[0].event, Event::Kakan { .. } | Event::Daiminkan { .. })
                && w[1].event.is_dora()
        }),
    );
    has(
        "the wall of each kyoku",
        events().any(|e| matches!(e, Event::StartKyoku(sk) if sk.wall.is_some())),
    );
    has(
        "the Tenhou GO type bits",
        log.meta.rules.tenhou_type.is_some(),
    );
    has(
        "the room's starting points and tsumo-loss setting as rule hints",
        log.meta.rules.starting_points.is_some() || log.meta.rules.tsumo_loss.is_some(),
    );
    has(
        "the room's local rules as a rule hint (the rule display still names them)",
        !log.meta.rules.local_rules.is_empty(),
    );
    has(
        "the room's rinshan liability and north settings as rule hints",
        log.meta.rules.rinshan_liability.is_some() || log.meta.rules.nukidora.is_some(),
    );
    has(
        "the names of the room's settings the record does not carry",
        !log.meta.rules.unrecorded.is_empty(),
    );
    has(
        "a lobby that is not a 32-bit number (readers take `lobby` as one)",
        log.meta
            .rules
            .lobby
            .as_deref()
            .is_some_and(|l| lobby_number(l).is_none()),
    );
    notes
}

/// The lobby as tenhou.net/6 readers take it: a signed 32-bit number.
fn lobby_number(lobby: &str) -> Option<i32> {
    lobby.parse().ok()
}

/// The `connection` array: each disconnection and reconnection with its
/// kyoku index and the number of draws, discards and calls before it.
pub(super) fn connections(log: &GameLog) -> (Vec<Value>, bool) {
    let mut out = Vec::new();
    let mut kyoku: Option<usize> = None;
    let mut steps = 0u64;
    let mut dropped = false;
    for e in &log.events {
        match &e.event {
            Event::StartKyoku(_) => {
                kyoku = Some(kyoku.map_or(0, |k| k + 1));
                steps = 0;
            }
            Event::Disconnect { seat } | Event::Reconnect { seat } => match kyoku {
                Some(k) => {
                    let what = i32::from(matches!(e.event, Event::Reconnect { .. }));
                    out.push(json!({"what": what, "log": k, "who": seat.get(), "step": steps}));
                }
                None => dropped = true,
            },
            other if is_step(other) => steps += 1,
            _ => {}
        }
    }
    (out, dropped)
}
