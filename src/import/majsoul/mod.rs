//! Mahjong Soul game records in their JSON form (`formats/majsoul.md`).
//!
//! A record as the client and the record tools save it: `head` (the game's
//! uuid, room settings, players and result) and the round records of
//! `lq.GameDetailRecords`, either as the newer `actions` list (each action
//! holding a `result` with a `.lq.Record*` name and its data) or as the
//! older `records` list of `{name, data}` objects. Records that do not
//! change the game (the players' inputs, emotes, timeouts) are skipped.

mod fans;
mod head;
mod play;
mod records;

use std::collections::BTreeMap;

use serde_json::value::RawValue;

use crate::event::{Format, GameLog, GameMeta, Platform, Source};
use crate::import::{ImportError, ImportErrorKind, LineIndex, Parsed};

/// Reads a Mahjong Soul game record (JSON).
///
/// # Errors
///
/// An [`ImportError`] at the first value that cannot become events: JSON
/// that does not parse, a record without the fields the game needs, a tile
/// that is no tile, play the record cannot place.
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    crate::import::import_str(text, Format::MahjongSoul)
}

/// Reads a record. A document cut short keeps nothing: the record is one
/// JSON value, saved whole (`cut` only changes the message).
pub(crate) fn read(text: &str, _cut: bool) -> Parsed {
    match read_whole(text) {
        Ok(log) => Parsed::Whole(log),
        Err(error) => Parsed::Damaged { saved: None, error },
    }
}

/// One round record, located.
pub(super) struct Record<'t> {
    /// The message name without its package (`RecordNewRound`).
    pub(super) name: &'t str,
    pub(super) data: &'t RawValue,
    /// Where it is: its path in the document.
    pub(super) path: String,
}

/// The text with what is needed to locate its values.
pub(super) struct Doc<'t> {
    text: &'t str,
    lines: LineIndex,
}

impl<'t> Doc<'t> {
    fn new(text: &'t str) -> Self {
        Self {
            text,
            lines: LineIndex::new(text),
        }
    }

    /// The location of a value: its byte offset, line and path.
    pub(super) fn src(&self, raw: &RawValue, path: &str) -> Source {
        let byte = raw
            .get()
            .as_ptr()
            .addr()
            .saturating_sub(self.text.as_ptr().addr());
        Source {
            line: Some(self.lines.line(byte)),
            byte: Some(byte as u64),
            element: None,
            path: Some(path.to_owned()),
        }
    }

    /// "expected …, found …" at a value.
    pub(super) fn expected(&self, raw: &RawValue, path: &str, expected: &str) -> ImportError {
        let found: String = raw.get().chars().take(40).collect();
        ImportError::expected(Format::MahjongSoul, self.src(raw, path), expected, found)
    }

    /// Reads a value as `T`, or says where it is not one.
    pub(super) fn value<T: serde::de::DeserializeOwned>(
        &self,
        raw: &RawValue,
        path: &str,
        what: &str,
    ) -> Result<T, ImportError> {
        serde_json::from_str(raw.get()).map_err(|e| {
            ImportError::expected(
                Format::MahjongSoul,
                self.src(raw, path),
                what.to_owned(),
                e.to_string(),
            )
        })
    }
}

type Object<'t> = BTreeMap<&'t str, &'t RawValue>;

fn read_whole(text: &str) -> Result<GameLog, ImportError> {
    let doc = Doc::new(text);
    let top: Object<'_> = serde_json::from_str(text).map_err(|e| syntax(text, &e))?;
    let records = record_list(&doc, &top)?;
    let head = match top.get("head") {
        Some(raw) => Some(doc.value::<head::Head>(raw, "head", "the record's `head`")?),
        None => None,
    };
    let mut meta = GameMeta::new(Format::MahjongSoul, 4);
    meta.platform = Some(Platform::MahjongSoul);
    if let Some(h) = &head {
        head::apply(h, &mut meta);
    }
    play::events(&doc, &records, meta, head.as_ref())
}

/// A JSON syntax error at its place.
fn syntax(text: &str, e: &serde_json::Error) -> ImportError {
    let line = u32::try_from(e.line()).unwrap_or(u32::MAX);
    // serde_json counts columns from 1, in bytes.
    let byte = text
        .split_inclusive('\n')
        .take(e.line().saturating_sub(1))
        .map(str::len)
        .sum::<usize>()
        + e.column().saturating_sub(1);
    let kind = if e.is_eof() {
        ImportErrorKind::Truncated {
            place: "inside the record: the JSON is cut short".to_owned(),
        }
    } else {
        ImportErrorKind::Syntax {
            message: e.to_string(),
        }
    };
    ImportError::new(
        Format::MahjongSoul,
        Source {
            line: Some(line),
            byte: Some(byte as u64),
            element: None,
            path: None,
        },
        kind,
    )
}

/// The round records: `data.data.actions`, `data.data.records`, or the same
/// one level up.
fn record_list<'t>(doc: &Doc<'t>, top: &Object<'t>) -> Result<Vec<Record<'t>>, ImportError> {
    let mut level: Object<'t> = top.clone();
    let mut path = String::new();
    for _ in 0..3 {
        for key in ["actions", "records"] {
            if let Some(list) = level.get(key) {
                let here = join(&path, key);
                return records_of(doc, list, &here, key == "actions");
            }
        }
        let Some(inner) = level.get("data") else {
            break;
        };
        path = join(&path, "data");
        level = serde_json::from_str(inner.get())
            .map_err(|_| doc.expected(inner, &path, "an object holding the round records"))?;
    }
    Err(ImportError::new(
        Format::MahjongSoul,
        Source::default(),
        ImportErrorKind::Missing {
            name: "the round records (`data.data.actions` or `data.data.records`)".to_owned(),
        },
    ))
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// A named record as both layouts write it.
#[derive(serde::Deserialize)]
struct Named<'t> {
    #[serde(borrow)]
    name: &'t str,
    #[serde(borrow)]
    data: &'t RawValue,
}

/// An entry of `actions`: a record in `result`, or a player's input.
#[derive(serde::Deserialize)]
struct Action<'t> {
    #[serde(borrow, default)]
    result: Option<Named<'t>>,
}

fn records_of<'t>(
    doc: &Doc<'t>,
    list: &'t RawValue,
    path: &str,
    actions: bool,
) -> Result<Vec<Record<'t>>, ImportError> {
    let items: Vec<&'t RawValue> = serde_json::from_str(list.get())
        .map_err(|_| doc.expected(list, path, "a list of round records"))?;
    let mut out = Vec::with_capacity(items.len());
    for (i, raw) in items.iter().enumerate() {
        let here = format!("{path}[{i}]");
        let named = if actions {
            let action: Action<'t> = serde_json::from_str(raw.get()).map_err(|_| {
                doc.expected(raw, &here, "an action (`result` with `name` and `data`)")
            })?;
            match action.result {
                Some(named) => named,
                // A player's input or an emote: nothing happens in the game.
                None => continue,
            }
        } else {
            if raw.get().starts_with('"') {
                return Err(doc.expected(
                    raw,
                    &here,
                    "a decoded record (`name` and `data`); records still in protobuf bytes are not read yet",
                ));
            }
            serde_json::from_str(raw.get())
                .map_err(|_| doc.expected(raw, &here, "a record (`name` and `data`)"))?
        };
        let name = named.name.trim_start_matches(".lq.");
        out.push(Record {
            name,
            data: named.data,
            path: if actions {
                format!("{here}.result.data")
            } else {
                format!("{here}.data")
            },
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
