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
mod text;
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

/// Whether the text is the round records in the protobuf text format
/// (`text.rs`), which detection cannot tell by a first character.
pub(crate) fn is_text_format(text: &str) -> bool {
    text::opening(text).is_some()
}

/// Reads a record in JSON, or in the protobuf text format. A document cut
/// short keeps nothing: the record is one value, saved whole (`cut` only
/// changes the message).
pub(crate) fn read(text: &str, _cut: bool) -> Parsed {
    let read = match text::opening(text) {
        Some(start) => read_text_format(text, start),
        None => read_whole(text),
    };
    match read {
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
    /// A message in the protobuf text format.
    Text(text::Node),
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
            Body::Text(message) => text::decode(message).map_err(|e| {
                ImportError::expected(
                    Format::MahjongSoul,
                    self.src.clone(),
                    format!("the fields of a {} (text format)", self.name),
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
                Body::Text(message) => Body::Text(message),
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

    /// The bytes of a string value and the encoding they were read in:
    /// hex when the string is hex digits only (no base64 of a wrapper or a
    /// record is: its second character is beyond `f`), else base64 (the
    /// protobuf JSON mapping's form of bytes).
    fn bytes_of_string(
        &self,
        raw: &RawValue,
        path: &str,
        what: &str,
    ) -> Result<(Vec<u8>, &'static str), ImportError> {
        let text: Cow<'_, str> = self.value(raw, path, what)?;
        let text = text.trim();
        let fault = |e: String| {
            ImportError::expected(Format::MahjongSoul, self.src(raw, path), what.to_owned(), e)
        };
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return hex(text)
                .map(|b| (b, "hex"))
                .ok_or_else(|| fault("an odd number of hex digits".to_owned()));
        }
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .map(|b| (b, "base64"))
            .map_err(|e| fault(format!("a string that is not base64 ({e})")))
    }
}

/// The bytes of a string of hex digits (none if their number is odd).
fn hex(text: &str) -> Option<Vec<u8>> {
    let digits = text.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    let nibble = |b: u8| {
        char::from(b)
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
    };
    digits
        .chunks_exact(2)
        .map(|pair| match pair {
            [hi, lo] => Some(nibble(*hi)? << 4 | nibble(*lo)?),
            _ => None,
        })
        .collect()
}

type Object<'t> = BTreeMap<&'t str, &'t RawValue>;

fn read_whole(text: &str) -> Result<GameLog, ImportError> {
    let doc = Doc::new(text);
    let root: &RawValue = serde_json::from_str(text).map_err(|e| syntax(text, &e))?;
    let records = record_list(&doc, root)?;
    let head = match head_of(root) {
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

/// Reads the round records printed in the protobuf text format from
/// `start` (after `actions: [`). No head is printed with them: the game's
/// players, room and result are unknown, not defaulted.
fn read_text_format(text: &str, start: usize) -> Result<GameLog, ImportError> {
    let lines = LineIndex::new(text);
    let src = |at: usize, path: String| Source {
        line: Some(lines.line(at)),
        byte: Some(at as u64),
        element: None,
        path: Some(path),
    };
    let list = text::records(text, start).map_err(|f| {
        ImportError::expected(
            Format::MahjongSoul,
            src(f.at, "actions".to_owned()),
            f.expected,
            f.found,
        )
    })?;
    let records: Vec<Record<'_>> = list
        .into_iter()
        .enumerate()
        .map(|(i, r)| Record {
            name: Cow::Owned(r.name.trim_start_matches(".lq.").to_owned()),
            body: Body::Text(r.message),
            src: src(r.at, format!("actions[{i}]")),
        })
        .collect();
    let mut meta = GameMeta::new(Format::MahjongSoul, 4);
    meta.platform = Some(Platform::MahjongSoul);
    meta.notes.push(
        "the records in the protobuf text format, without the game's head: players, room and result are unknown"
            .to_owned(),
    );
    play::events(&records, meta, None)
        .map(|played| played.log)
        .map_err(|stopped| stopped.error)
}

/// The record's `head`, when the document is an object that has one (a
/// bare list of records has none: the game's metadata is then unknown).
fn head_of(root: &RawValue) -> Option<&RawValue> {
    let top: Object<'_> = serde_json::from_str(root.get()).ok()?;
    top.get("head").copied()
}

/// A JSON syntax error at its place.
fn syntax(text: &str, e: &serde_json::Error) -> ImportError {
    ImportError::json_record_syntax(Format::MahjongSoul, text, e)
}

/// How deep the round records may sit below the top (`data.data.actions`
/// and one level more).
const DEPTH: usize = 4;

/// The round records, in whichever saved layout holds them. Each layout
/// is one reader of the value found at a level (`layout`), tried from the
/// top down through `data`: a list of records or actions, an object
/// holding one (`actions`, `records`), or the records' wrapper as bytes (a
/// base64 or hex string, a Node `Buffer`). A layout found later is one
/// more reader there.
fn record_list<'t>(doc: &Doc<'t>, root: &'t RawValue) -> Result<Vec<Record<'t>>, ImportError> {
    let mut value = root;
    let mut path = String::new();
    let mut url = None;
    for _ in 0..DEPTH {
        match layout(doc, value, &path, url)? {
            Level::Records(records) => return Ok(records),
            Level::Down(inner, data_url) => {
                path = join(&path, "data");
                value = inner;
                url = data_url;
            }
            Level::Nothing => break,
        }
    }
    Err(ImportError::new(
        Format::MahjongSoul,
        Source::default(),
        ImportErrorKind::Missing {
            name: "the round records (`data.data.actions` or `data.data.records`)".to_owned(),
        },
    ))
}

/// What one level of the document holds.
enum Level<'t> {
    /// The round records.
    Records(Vec<Record<'t>>),
    /// The records are further down, in this `data` (with the level's
    /// `data_url`, for the message when the data is empty).
    Down(&'t RawValue, Option<&'t RawValue>),
    /// No records here.
    Nothing,
}

/// Reads the value at `path` in the layout its content shows.
fn layout<'t>(
    doc: &Doc<'t>,
    value: &'t RawValue,
    path: &str,
    url: Option<&'t RawValue>,
) -> Result<Level<'t>, ImportError> {
    let text = value.get();
    if text.starts_with('"') {
        // The wrapper's bytes as text (the protobuf JSON mapping writes
        // bytes in base64; some tools write hex).
        let (bytes, encoding) =
            doc.bytes_of_string(value, path, "the record's wrapper in base64 or hex")?;
        return wrapped_bytes(doc, value, path, (&bytes, encoding), url).map(Level::Records);
    }
    if text.starts_with('[') {
        let here = if path.is_empty() { "records" } else { path };
        let records = records_of(doc, value, here, false)?;
        return Ok(Level::Records(records));
    }
    let Ok(level) = serde_json::from_str::<Object<'t>>(text) else {
        return Ok(Level::Nothing);
    };
    if let Some(bytes) = node_buffer(doc, &level, path)? {
        return wrapped_bytes(doc, value, path, (&bytes, "Buffer"), url).map(Level::Records);
    }
    for key in ["actions", "records"] {
        if let Some(list) = level.get(key) {
            let here = join(path, key);
            return records_of(doc, list, &here, key == "actions").map(Level::Records);
        }
    }
    Ok(match level.get("data") {
        Some(inner) => Level::Down(inner, level.get("data_url").copied()),
        None => Level::Nothing,
    })
}

/// The bytes of a Node `Buffer` as `JSON.stringify` writes it (`{"type":
/// "Buffer", "data": [bytes…]}`), when the object is one.
fn node_buffer(
    doc: &Doc<'_>,
    level: &Object<'_>,
    path: &str,
) -> Result<Option<Vec<u8>>, ImportError> {
    let is_buffer = level.get("type").is_some_and(|t| t.get() == "\"Buffer\"");
    let (true, Some(data)) = (is_buffer, level.get("data")) else {
        return Ok(None);
    };
    let here = join(path, "data");
    let numbers: Vec<u64> = doc.value(data, &here, "a Node Buffer's bytes (numbers 0–255)")?;
    let mut bytes = Vec::with_capacity(numbers.len());
    for (i, n) in numbers.into_iter().enumerate() {
        let byte = u8::try_from(n).map_err(|_| {
            ImportError::expected(
                Format::MahjongSoul,
                doc.src(data, &format!("{here}[{i}]")),
                "a byte (0–255)",
                n.to_string(),
            )
        })?;
        bytes.push(byte);
    }
    Ok(Some(bytes))
}

/// The round records of a `.lq.GameDetailRecords` wrapper given as bytes
/// in the JSON (`raw` at `path`: a base64 or hex string, a Node `Buffer`).
fn wrapped_bytes(
    doc: &Doc<'_>,
    raw: &RawValue,
    path: &str,
    (bytes, encoding): (&[u8], &'static str),
    url: Option<&RawValue>,
) -> Result<Vec<Record<'static>>, ImportError> {
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
    let origin = binary::Origin::Encoded(doc.src(raw, path), encoding);
    let mut records = Vec::new();
    binary::wrapped_details(bytes, 0, &origin, "", &mut records)?;
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
    name: Cow<'t, str>,
    #[serde(borrow)]
    data: &'t RawValue,
}

/// An entry of a list of round records, in any layout tools write it: a
/// named record (`name`, `data`); an action (its record in `result`, none
/// for a player's input or an emote); or a record tagged with its message
/// name (`__type`), its fields beside the tag.
#[derive(serde::Deserialize)]
struct Entry<'t> {
    #[serde(borrow, default)]
    name: Option<Cow<'t, str>>,
    #[serde(borrow, default)]
    data: Option<&'t RawValue>,
    #[serde(borrow, default)]
    result: Option<Named<'t>>,
    #[serde(borrow, default, rename = "__type")]
    tag: Option<Cow<'t, str>>,
}

/// The message name without its package.
fn bare(name: Cow<'_, str>) -> Cow<'_, str> {
    match name {
        Cow::Borrowed(n) => Cow::Borrowed(n.trim_start_matches(".lq.")),
        Cow::Owned(n) => Cow::Owned(n.trim_start_matches(".lq.").to_owned()),
    }
}

/// The records of a list at `path`, each entry read in the layout its
/// content shows (an entry that is a string is a record's wrapper in
/// base64 or hex). `actions`: the list is `actions`, whose entries without
/// a record are the players' inputs.
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
        if raw.get().starts_with('"') {
            out.push(encoded_record(doc, raw, &here)?);
            continue;
        }
        let expected = if actions {
            "an action (`result` with `name` and `data`)"
        } else {
            "a record (`name` and `data`, or `__type` and its fields)"
        };
        let entry: Entry<'t> =
            serde_json::from_str(raw.get()).map_err(|_| doc.expected(raw, &here, expected))?;
        let (name, body, at) = match entry {
            Entry { tag: Some(tag), .. } => (bare(tag), *raw, here),
            Entry {
                result: Some(r), ..
            } => (bare(r.name), r.data, format!("{here}.result.data")),
            Entry {
                name: Some(name),
                data: Some(data),
                ..
            } => (bare(name), data, format!("{here}.data")),
            // A player's input or an emote: nothing happens in the game.
            _ if actions => continue,
            _ => return Err(doc.expected(raw, &here, expected)),
        };
        out.push(Record {
            name,
            body: Body::Json(body),
            src: doc.src(body, &at),
        });
    }
    Ok(out)
}

/// A record still in protobuf bytes: its wrapper, in base64 or hex.
fn encoded_record(
    doc: &Doc<'_>,
    raw: &RawValue,
    here: &str,
) -> Result<Record<'static>, ImportError> {
    let (bytes, encoding) =
        doc.bytes_of_string(raw, here, "a record's wrapper in base64 or hex")?;
    let origin = binary::Origin::Encoded(doc.src(raw, here), encoding);
    let w = binary::wrapper(&bytes, 0, &origin, "the record", None)?;
    if let Some(cut) = &w.cut {
        return Err(binary::fault_error(&origin, cut, "the record"));
    }
    let (data, at) = w.data.unwrap_or((&[], 0));
    Ok(Record {
        name: Cow::Owned(w.name.trim_start_matches(".lq.").to_owned()),
        body: Body::Wire(Cow::Owned(data.to_vec()), None),
        src: origin.src(at, "data"),
    })
}

#[cfg(test)]
mod tests;
