//! tenhou.net/6 JSON importer (`formats/tenhou6.md`).
//!
//! The document is one game object, or one object per line whose `log`
//! holds some kyoku each (mjx writes one kyoku per line); `//` comments of
//! hand-annotated files are blanked first. Every value is kept as a
//! borrowed raw JSON value, so each event knows its byte offset and its
//! path (`log[K][A][I]`). Per kyoku: [`kyoku`] reads the arrays, [`order`]
//! rebuilds the order of play, [`emit`] writes the events, [`result`] reads
//! the outcome and its claims.

mod calls;
mod doc;
mod emit;
mod kyoku;
mod meta;
mod order;
mod result;

#[cfg(test)]
mod corpus_tests;
#[cfg(test)]
mod corpus_xml_tests;
#[cfg(test)]
mod tests;

use serde_json::value::RawValue;

use crate::event::{Entry, Event, Format, GameLog, GameMeta, Platform};
use crate::import::{ImportError, ImportErrorKind, Parsed, cut_at_end};
use doc::Doc;
use kyoku::{KyokuEvents, KyokuRaw, import_kyoku, seat};
use meta::Connection;

/// Reads a tenhou.net/6 JSON game: one object, or one object per line.
///
/// A document damaged after its first complete kyoku array (cut short,
/// broken JSON, a kyoku that cannot be read) gives every kyoku array
/// complete before the damage, with `meta.damage` set
/// (`formats/tenhou6.md`, "Damaged documents").
///
/// # Errors
///
/// An [`ImportError`] locating the first value that cannot become events,
/// when no kyoku is complete before it.
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    crate::import::import_str(text, Format::Tenhou6)
}

/// Reads a document, keeping every kyoku complete before any damage.
/// `cut`: the text stops where its bytes became unreadable, so its end is
/// damage.
pub(crate) fn read(text: &str, cut: bool) -> Parsed {
    let clean = doc::strip_comments(text);
    let doc = Doc::new(&clean);
    let (objects, mut damage) = doc.objects();
    if cut && damage.is_none() {
        damage = Some(cut_at_end(Format::Tenhou6, text));
    }
    let nothing = |error| Parsed::Damaged { saved: None, error };
    let Some(first) = objects.first() else {
        let error = damage.unwrap_or_else(|| {
            ImportError::new(Format::Tenhou6, doc.src_at(0, ""), ImportErrorKind::Empty)
        });
        return nothing(error);
    };

    // Every kyoku with its path (`log[K]` counts within its own object)
    // and its elements, split once here. Errors found from here on lie
    // before any found so far: each replaces the damage and drops what
    // follows it.
    let mut kyoku: Vec<KyokuRaw<'_>> = Vec::new();
    // Kyoku of the game may be lost to the damage: a later object, the
    // rest of a cut `log`, a kyoku that cannot be read.
    let mut lost = objects.len() > 1 && damage.is_some();
    for top in &objects {
        let items = match (&top.cut_log, top.object.get("log")) {
            (Some(items), _) => {
                lost = true;
                items.clone()
            }
            (None, Some(log)) => match doc.array(log, "log", "an array of kyoku") {
                Ok(items) => items,
                Err(e) => {
                    damage = Some(e);
                    lost = true;
                    break;
                }
            },
            // The damage came before this object's `log`.
            (None, None) if top.damaged => {
                lost = true;
                break;
            }
            (None, None) => {
                lost = true;
                damage = Some(ImportError::new(
                    Format::Tenhou6,
                    doc.src_at(top.at, ""),
                    ImportErrorKind::Missing {
                        name: "the key `log`".into(),
                    },
                ));
                break;
            }
        };
        kyoku.extend(items.into_iter().enumerate().map(|(k, raw)| KyokuRaw {
            raw,
            path: doc::path("log", &[k]),
            items: serde_json::from_str(raw.get()).ok(),
        }));
    }
    if kyoku.is_empty() {
        let error = damage.unwrap_or_else(|| {
            let src = match first.object.get("log") {
                Some(log) => doc.src(log, "log"),
                None => doc.src_at(first.at, ""),
            };
            ImportError::new(Format::Tenhou6, src, ImportErrorKind::Empty)
        });
        return nothing(error);
    }

    let first = &first.object;
    let mut notes = Vec::new();
    let rules = meta::read_rules(first, &mut notes);
    let seats = loop {
        let mut tried = Vec::new();
        match table_size(&doc, &kyoku, rules.sanma, &mut tried) {
            Ok(seats) => {
                notes.append(&mut tried);
                break seats;
            }
            // A kyoku where the fourth seat plays in a three-player game:
            // the kyoku before it are the game.
            Err((0, error)) => return nothing(*error),
            Err((k, error)) => {
                kyoku.truncate(k);
                damage = Some(*error);
                lost = true;
            }
        }
    };
    let mut meta = GameMeta::new(Format::Tenhou6, seats);
    meta.players = meta::players(first, seats, &mut notes);
    meta.platform = meta::platform(first, &rules.hints, &meta.players);
    meta.rules = rules.hints;
    crate::import::tenhou_xml::lobby::decode(&mut meta.rules, seats);
    meta.log_id = first
        .get("ref")
        .and_then(|r| doc::string(r))
        .map(|r| r.into_owned())
        .filter(|r| !r.is_empty());
    meta.end = meta::end_claim(first, seats, &mut notes);
    let title = meta::title_parts(first);
    if !title.is_empty() {
        notes.push(format!("title (not carried): {}", title.join(" / ")));
    }
    if let Some(note) = meta::unknown_keys(first) {
        notes.push(note);
    }
    let mut connections = meta::connections(&doc, first, seats, &mut notes);

    let mut per_kyoku: Vec<KyokuEvents> = Vec::with_capacity(kyoku.len());
    for k in &kyoku {
        match import_kyoku(&doc, k, seats, &mut notes) {
            Ok(events) => per_kyoku.push(events),
            Err(error) => {
                damage = Some(error);
                lost = true;
                break;
            }
        }
    }
    if per_kyoku.is_empty() {
        // The first kyoku failed, so `damage` is its error.
        let error = damage.unwrap_or_else(|| {
            ImportError::new(Format::Tenhou6, doc.src_at(0, ""), ImportErrorKind::Empty)
        });
        return nothing(error);
    }
    if meta.platform == Some(Platform::MahjongSoul) && per_kyoku.iter().any(|k| k.open_kong_dora) {
        notes.push(
            "Mahjong Soul reveals an open kong's dora at once; the log does not say when, so Tenhou's timing is written".into(),
        );
    }
    if damage.is_some() {
        // Disconnections in the kyoku lost to the damage are lost with them.
        connections.retain(|c| usize::try_from(c.kyoku).is_ok_and(|k| k < per_kyoku.len()));
    }
    if lost && meta.end.take().is_some() {
        // The final scores are those after the last kyoku: checked against
        // the kyoku saved, they would report a difference the damage made.
        notes.push(
            "the final result (`sc`) is not kept: kyoku it counts may be lost to the damage".into(),
        );
    }
    place_connections(&mut per_kyoku, &connections, &mut notes);
    meta.incomplete = per_kyoku.iter().any(|k| !k.complete);
    meta.notes = notes;
    let events = per_kyoku.into_iter().flat_map(|k| k.events).collect();
    let log = GameLog { meta, events };
    match damage {
        Some(error) => Parsed::Damaged {
            saved: Some(log),
            error,
        },
        None => Parsed::Whole(log),
    }
}

/// Four players, or three when the rules say so (the fourth seat's arrays
/// must then be empty) or when the fourth seat never has a hand.
/// An error names the kyoku it is in, by index (boxed: the error is large
/// and this is no hot path).
fn table_size<'t>(
    doc: &Doc<'t>,
    kyoku: &[KyokuRaw<'t>],
    sanma: bool,
    notes: &mut Vec<String>,
) -> Result<u8, (usize, Box<ImportError>)> {
    let mut first_used: Option<(usize, &RawValue, String)> = None;
    for (index, k) in kyoku.iter().enumerate() {
        // A kyoku that is not an array is reported when it is read.
        let Some(items) = &k.items else { continue };
        for a in 13..16 {
            let Some(&arr) = items.get(a) else { continue };
            let empty = arr
                .get()
                .trim_start()
                .strip_prefix('[')
                .is_some_and(|r| r.trim_start().starts_with(']'));
            if !empty && first_used.is_none() {
                first_used = Some((index, arr, doc::path(&k.path, &[a])));
            }
        }
    }
    match (sanma, first_used) {
        (true, Some((index, arr, path))) => Err((
            index,
            Box::new(doc.expected(
                arr,
                path,
                "an empty array (the rules say three players, so seat 3 does not play)",
            )),
        )),
        (true, None) => Ok(3),
        (false, None) => {
            notes.push("the fourth seat never plays; read as a three-player game".into());
            Ok(3)
        }
        (false, Some(_)) => Ok(4),
    }
}

/// Whether the event counts as a `step` of a `connection` entry: Tenhou
/// counts draws, discards and calls (not riichi or dora).
pub(crate) fn is_step(event: &Event) -> bool {
    event.is_play()
}

/// Inserts a `disconnect`/`reconnect` into one kyoku's events (starting
/// with its `start_kyoku`) after the `step`-th draw, discard or call, and
/// after the dora and riichi acceptance that go with it. Returns `false`
/// when the kyoku has fewer steps; the entry then goes before the outcome.
pub(crate) fn insert_connection(events: &mut Vec<Entry>, entry: Entry, step: u64) -> bool {
    let mut seen = 0u64;
    let mut at = None;
    for (i, e) in events.iter().enumerate() {
        if i == 0 && step == 0 {
            at = Some(1);
            break;
        }
        if is_step(&e.event) {
            seen += 1;
            if seen == step {
                at = Some(i + 1);
                break;
            }
        }
    }
    let placed = at.is_some();
    let at = match at {
        Some(mut at) => {
            while events.get(at).is_some_and(|e| {
                e.event.is_dora()
                    || e.event.is_connection()
                    || matches!(e.event, Event::RiichiAccepted { .. })
            }) {
                at += 1;
            }
            at
        }
        None => events
            .iter()
            .position(|e| e.event.is_outcome())
            .unwrap_or(events.len()),
    };
    events.insert(at.min(events.len()), entry);
    placed
}

/// Puts each connection entry into its kyoku (see [`insert_connection`]).
fn place_connections(
    kyoku: &mut [KyokuEvents],
    connections: &[Connection],
    notes: &mut Vec<String>,
) {
    for c in connections {
        let path = c.src.path.as_deref().unwrap_or("connection");
        let Some(k) = usize::try_from(c.kyoku).ok().and_then(|k| kyoku.get_mut(k)) else {
            notes.push(format!("{path} is outside any kyoku; not placed"));
            continue;
        };
        let event = if c.reconnect {
            Event::Reconnect { seat: seat(c.seat) }
        } else {
            Event::Disconnect { seat: seat(c.seat) }
        };
        let entry = Entry {
            event,
            src: c.src.clone(),
        };
        if !insert_connection(&mut k.events, entry, c.step) {
            notes.push(format!(
                "{path}: step {} is past the kyoku's last action; placed before its outcome",
                c.step
            ));
        }
    }
}
