//! Riichi City game records: the server's JSON (`formats/riichicity.md`).
//!
//! The game server answers a record request with `{code, data, message}`;
//! `data` holds the room's settings and `handRecord`, one entry per hand
//! with its wall (`handCardEncode`, `paiShan`), its players and its events
//! (`handEventRecord`), each event's own fields written as a JSON string
//! inside the record. A saved `data` object on its own is read the same
//! way.

mod doc;
mod fans;
mod play;
mod records;
mod room;
mod tiles;
mod wall;

use serde_json::value::RawValue;

use crate::event::{Format, GameLog, GameMeta, Platform, Source};
use crate::import::{ImportError, ImportErrorKind, Parsed};

use doc::{Doc, Object};

/// Reads a Riichi City game record (JSON).
///
/// # Errors
///
/// An [`ImportError`] at the first value that cannot become events: JSON
/// that does not parse, an embedded event that is no JSON, a hand without
/// the fields the game needs, a tile number that is no tile.
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    crate::import::import_str(text, Format::RiichiCity)
}

/// Reads a record. A record is one JSON value, saved whole: a document cut
/// short keeps nothing (`cut` only changes the message).
pub(crate) fn read(text: &str, _cut: bool) -> Parsed {
    match read_whole(text) {
        Ok(log) => Parsed::Whole(log),
        Err(error) => Parsed::Damaged { saved: None, error },
    }
}

fn read_whole(text: &str) -> Result<GameLog, ImportError> {
    let doc = Doc::new(text);
    if text.trim_start().starts_with('[') {
        return Err(bare_event_list(Source {
            line: Some(1),
            byte: Some(0),
            ..Source::default()
        }));
    }
    let whole: &RawValue = serde_json::from_str(text).map_err(|e| doc::syntax(text, &e))?;
    let top: Object<'_> = doc.value(whole, "", "a JSON object")?;
    // The server's reply holds the game in `data`; a saved game is `data`.
    let (game_raw, path) = match top.get("data") {
        Some(raw) if !top.contains_key("handRecord") => (*raw, "data"),
        _ => (whole, ""),
    };
    let game: Object<'_> = doc.value(game_raw, path, "the game (an object with `handRecord`)")?;
    let hands_path = doc::join(path, "handRecord");
    let Some(hands_raw) = game.get("handRecord") else {
        return Err(ImportError::new(
            Format::RiichiCity,
            doc.src(game_raw, path),
            ImportErrorKind::Missing {
                name: "the hands (`data.handRecord`)".to_owned(),
            },
        ));
    };
    let hands: Vec<&RawValue> = doc.value(hands_raw, &hands_path, "a list of hands")?;
    let settings: room::Room = doc.value(game_raw, path, "the room's settings")?;
    let mut meta = GameMeta::new(Format::RiichiCity, settings.seats());
    meta.platform = Some(Platform::RiichiCity);
    room::apply(&settings, &mut meta);
    play::events(&doc, &hands, &hands_path, meta)
}

/// The refusal of a bare list of event fields: what a record's embedded
/// events look like once taken out of it, without their types, their
/// players, the walls and the room.
pub(crate) fn bare_event_list(at: Source) -> ImportError {
    ImportError::new(
        Format::RiichiCity,
        at,
        ImportErrorKind::NotARecord {
            what: "a list of Riichi City event fields without their events".to_owned(),
            why: "the entries lack the event types and the player of each draw, and there are no walls, players or room settings, so the order of play cannot be rebuilt; save the game's whole record (`data.handRecord`) instead".to_owned(),
        },
    )
}

#[cfg(test)]
mod tests;
