//! Mahjong Soul game records (`formats/majsoul.md`), in either form: the
//! JSON that record tools save and the protobuf wire form of the game's
//! own download.
//!
//! A record is `head` (the game's uuid, room settings, players and result)
//! and the round records of `lq.GameDetailRecords`, either as the newer
//! `actions` list (each action holding a `result` with a `.lq.Record*`
//! name and its data) or as the older `records` list of named records.
//! Both forms come down to a list of [`Record`]s, each a name and its
//! data (a JSON value or protobuf bytes) with its place in the input, and
//! `play.rs` reads them as one typed record whichever form they came in.
//! Records that do not change the game (the players' inputs, emotes,
//! timeouts) are skipped.

mod binary;
mod encode;
mod fans;
mod head;
mod play;
mod records;
mod room;
mod wall;
mod wire;

use std::borrow::Cow;
use std::collections::BTreeMap;

use base64::Engine as _;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use crate::event::{Format, GameLog, GameMeta, Platform, Source};
use crate::import::{ImportError, ImportErrorKind, LineIndex, Parsed};

pub(crate) use binary::{Shape, recognise};
pub use encode::{Layout, to_wire};

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

/// Reads a record in JSON. A document cut short keeps nothing: the record
/// is one JSON value, saved whole (`cut` only changes the message).
pub(crate) fn read(text: &str, _cut: bool) -> Parsed {
    match read_whole(text) {
        Ok(log) => Parsed::Whole(log),
        Err(error) => Parsed::Damaged { saved: None, error },
    }
}

/// Reads a record in the protobuf wire form, of the shape [`recognise`]
/// found. Bytes damaged or cut short keep the kyoku complete before the
/// damage; `cut`: the bytes are what could be decompressed of a broken
/// gzip stream, so their end is damage too.
pub(crate) fn read_bytes(bytes: &[u8], shape: Shape, cut: bool) -> Parsed {
    let walked = binary::walk(bytes, shape);
    let mut meta = GameMeta::new(Format::MahjongSoul, 4);
    meta.platform = Some(Platform::MahjongSoul);
    if let Some(h) = &walked.head {
        head::apply(h, &mut meta);
    }
    let damage = walked.damage.or_else(|| {
        cut.then(|| {
            ImportError::new(
                Format::MahjongSoul,
                Source {
                    byte: Some(bytes.len() as u64),
                    ..Source::default()
                },
                ImportErrorKind::Truncated {
                    place: "where the readable bytes end".to_owned(),
                },
            )
        })
    });
    match (
        play::events(&walked.records, meta, walked.head.as_ref()),
        damage,
    ) {
        (Ok(played), None) => Parsed::Whole(played.log),
        (Ok(played), Some(error)) => Parsed::Damaged {
            saved: played.complete_part(),
            error,
        },
        (Err(stopped), damage) => {
            let stopped = *stopped;
            Parsed::Damaged {
                saved: stopped.saved,
                // The records end at the damage: a record that cannot be played
                // comes before it, and a game without a kyoku stops at it.
                error: match (stopped.error.kind, damage) {
                    (ImportErrorKind::Empty, Some(damage)) => damage,
                    (kind, _) => ImportError {
                        kind,
                        ..stopped.error
                    },
                },
            }
        }
    }
}

/// One round record, located: its name and data, whichever the form.
pub(super) struct Record<'t> {
    /// The message name without its package (`RecordNewRound`).
    pub(super) name: Cow<'t, str>,
    pub(super) body: Body<'t>,
    /// Where its data is.
    pub(super) src: Source,
}

/// A record's data.
pub(super) enum Body<'t> {
    /// A JSON object.
    Json(&'t RawValue),
    /// Protobuf bytes, and their offset in the input when they are the
    /// input's own (not decoded from base64).
    Wire(Cow<'t, [u8]>, Option<usize>),
}

impl Record<'_> {
    /// Reads the data as `T`, or says where it is not one.
    pub(super) fn decode<T: DeserializeOwned + prost::Message + Default>(
        &self,
    ) -> Result<T, ImportError> {
        match &self.body {
            Body::Json(raw) => serde_json::from_str(raw.get()).map_err(|e| {
                ImportError::expected(
                    Format::MahjongSoul,
                    self.src.clone(),
                    format!("the fields of a {}", self.name),
                    e.to_string(),
                )
            }),
            Body::Wire(bytes, at) => T::decode(bytes.as_ref()).map_err(|e| {
                let mut src = self.src.clone();
                // A fault in the fields themselves is placed exactly.
                if let Some(base) = at
                    && let Some(Err(fault)) = wire::fields(bytes, *base).find(Result::is_err)
                {
                    src.byte = Some(fault.at as u64);
                }
                ImportError::expected(
                    Format::MahjongSoul,
                    src,
                    format!("the fields of a {} (protobuf)", self.name),
                    e.to_string(),
                )
            }),
        }
    }

    /// The record with its data owned: for bytes decoded from base64,
    /// which do not outlive the decoding. A JSON record is never made so
    /// (its data stays borrowed from the text).
    fn into_owned(self) -> Record<'static> {
        Record {
            name: Cow::Owned(self.name.into_owned()),
            body: match self.body {
                Body::Json(_) => Body::Wire(Cow::Owned(Vec::new()), None),
                Body::Wire(b, at) => Body::Wire(Cow::Owned(b.into_owned()), at),
            },
            src: self.src,
        }
    }
}

/// The text with what is needed to locate its values.
struct Doc<'t> {
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
    fn src(&self, raw: &RawValue, path: &str) -> Source {
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
    fn expected(&self, raw: &RawValue, path: &str, expected: &str) -> ImportError {
        let found: String = raw.get().chars().take(40).collect();
        ImportError::expected(Format::MahjongSoul, self.src(raw, path), expected, found)
    }

    /// Reads a value as `T`, or says where it is not one.
    fn value<T: serde::de::DeserializeOwned>(
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

    /// The bytes of a base64 string value (the protobuf JSON mapping's
    /// form of bytes).
    fn base64(&self, raw: &RawValue, path: &str, what: &str) -> Result<Vec<u8>, ImportError> {
        let text: Cow<'_, str> = self.value(raw, path, what)?;
        base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .map_err(|e| {
                ImportError::expected(
                    Format::MahjongSoul,
                    self.src(raw, path),
                    what.to_owned(),
                    format!("a string that is not base64 ({e})"),
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
    play::events(&records, meta, head.as_ref())
        .map(|played| played.log)
        .map_err(|stopped| stopped.error)
}

/// A JSON syntax error at its place.
fn syntax(text: &str, e: &serde_json::Error) -> ImportError {
    ImportError::json_record_syntax(Format::MahjongSoul, text, e)
}

/// The round records: `data.data.actions`, `data.data.records`, or the same
/// one level up; or the wrapper's bytes in base64 where an object would be
/// (`data` as the protobuf JSON mapping writes a `ResGameRecord`).
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
        if inner.get().starts_with('"') {
            return wrapped_in_base64(doc, inner, &path, level.get("data_url").copied());
        }
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

/// The round records of a `.lq.GameDetailRecords` wrapper given as base64.
fn wrapped_in_base64(
    doc: &Doc<'_>,
    raw: &RawValue,
    path: &str,
    url: Option<&RawValue>,
) -> Result<Vec<Record<'static>>, ImportError> {
    let bytes = doc.base64(raw, path, "the record's wrapper in base64")?;
    if bytes.is_empty() {
        let url: Option<String> = url.and_then(|u| serde_json::from_str(u.get()).ok());
        return Err(ImportError::new(
            Format::MahjongSoul,
            doc.src(raw, path),
            ImportErrorKind::Missing {
                name: match url {
                    Some(url) if !url.is_empty() => format!(
                        "the round records: the record holds only their address (`data_url` {url}); download that file and read it"
                    ),
                    _ => "the round records (`data` is empty)".to_owned(),
                },
            },
        ));
    }
    let origin = binary::Origin::Base64(doc.src(raw, path));
    let mut records = Vec::new();
    binary::wrapped_details(&bytes, 0, &origin, "", &mut records)?;
    Ok(records.into_iter().map(Record::into_owned).collect())
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
        } else if raw.get().starts_with('"') {
            // A record still in protobuf bytes: a wrapper, in base64.
            let bytes = doc.base64(raw, &here, "a record's wrapper in base64")?;
            let origin = binary::Origin::Base64(doc.src(raw, &here));
            let w = binary::wrapper(&bytes, 0, &origin, "the record", None)?;
            if let Some(cut) = &w.cut {
                return Err(binary::fault_error(&origin, cut, "the record"));
            }
            let (data, at) = w.data.unwrap_or((&[], 0));
            out.push(Record {
                name: Cow::Owned(w.name.trim_start_matches(".lq.").to_owned()),
                body: Body::Wire(Cow::Owned(data.to_vec()), None),
                src: origin.src(at, "data"),
            });
            continue;
        } else {
            serde_json::from_str(raw.get())
                .map_err(|_| doc.expected(raw, &here, "a record (`name` and `data`)"))?
        };
        let path = if actions {
            format!("{here}.result.data")
        } else {
            format!("{here}.data")
        };
        out.push(Record {
            name: Cow::Borrowed(named.name.trim_start_matches(".lq.")),
            body: Body::Json(named.data),
            src: doc.src(named.data, &path),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
