//! Importers: log bytes in, a [`GameLog`] out.
//!
//! The format is detected from the content, never from the file name, and
//! gzip is undone transparently with a cap on the decompressed size, so a
//! gzip bomb is refused rather than filling memory. Detection looks at the
//! bytes first: a Mahjong Soul record in its protobuf wire form is
//! recognised by what it holds (`majsoul::recognise`) and read as bytes;
//! anything else is decoded as UTF-8 text and detected from the text.
//!
//! Importers do not judge legality (that is the engine's job); they reject
//! only what cannot become events, with a located [`ImportError`].
//!
//! **Damaged input.** A log cut short, or unreadable from some point on
//! (garbage, a broken gzip stream, bytes that are not UTF-8), keeps every
//! kyoku that is complete before the damage: the import succeeds with those
//! kyoku, `meta.incomplete` set and the error that would have refused the
//! file in `meta.damage`. When no kyoku is complete before the damage, the
//! import fails with that error, as before. What counts as a complete kyoku
//! is decided per format (`formats/tenhou-xml.md` and `formats/tenhou6.md`,
//! "Damaged documents"; `formats/mjai.md`, "Damaged logs"); detection runs
//! first, so a file that is not a log is never "salvaged".

mod error;
mod json_scan;
pub mod majsoul;
pub mod mjai;
pub mod riichicity;
mod stream;
pub mod tenhou6;
pub mod tenhou_xml;

use std::borrow::Cow;
use std::io::Read;

pub use error::{ImportError, ImportErrorKind};

use crate::event::{Format, GameLog, Source};

/// The default cap on the (decompressed) size of one log: 64 MiB.
pub const DEFAULT_MAX_SIZE: u64 = 64 * 1024 * 1024;

/// How to read logs.
#[derive(Clone, Copy, Debug)]
pub struct ImportOptions {
    /// The largest input accepted, in bytes, after decompression.
    pub max_size: u64,
}

impl Default for ImportOptions {
    fn default() -> Self {
        Self {
            max_size: DEFAULT_MAX_SIZE,
        }
    }
}

/// Reads a game log from raw bytes (plain or gzip), detecting its format:
/// a Mahjong Soul record in protobuf bytes, or a text log.
///
/// Damaged bytes (a gzip stream that breaks off, bytes that are not UTF-8)
/// are read up to the damage: the text before it is imported as a log cut
/// there, so its complete kyoku are kept and `meta.damage` names the
/// damage (see the module documentation).
///
/// # Errors
///
/// An [`ImportError`] when the bytes are too large or not a log, or when
/// they are damaged before the end of the first kyoku.
pub fn import_bytes(bytes: &[u8], options: &ImportOptions) -> Result<GameLog, ImportError> {
    let (raw, cut) = unzip(bytes, options)?;
    // Binary records come before any text decoding, recognised by their
    // content (a Mahjong Soul record in the protobuf wire form).
    if let Some(shape) = majsoul::recognise(&raw) {
        let format = Format::MahjongSoul;
        let cut = cut.map(|c| ImportError {
            format: Some(format),
            ..c
        });
        let parsed = majsoul::read_bytes(&raw, shape, cut.is_some());
        return conclude(parsed, format, cut);
    }
    let (text, cut) = text_of(raw, cut);
    let format = match detect(&text) {
        Ok(format) => format,
        // Not a log, as far as it can be read: the damage is the news.
        Err(e) => return Err(cut.unwrap_or(e)),
    };
    let cut = cut.map(|c| ImportError {
        format: Some(format),
        ..c
    });
    let parsed = read(&text, format, cut.is_some());
    conclude(parsed, format, cut)
}

/// Reads a game log from a reader (plain or gzip), never holding more than
/// the size limit in memory.
///
/// # Errors
///
/// As [`import_bytes`], plus reading failures.
pub fn import_reader(reader: impl Read, options: &ImportOptions) -> Result<GameLog, ImportError> {
    let bytes = read_capped(reader, options.max_size)?;
    import_bytes(&bytes, options)
}

/// Reads a game log in a known format from text.
///
/// Text damaged after its first complete kyoku gives the kyoku complete
/// before the damage, with `meta.damage` set (see the module
/// documentation).
///
/// # Errors
///
/// An [`ImportError`] when the text is malformed for that format before
/// the end of its first kyoku.
pub fn import_str(text: &str, format: Format) -> Result<GameLog, ImportError> {
    conclude(read(text, format, false), format, None)
}

/// What an importer made of its text.
#[derive(Debug)]
pub(crate) enum Parsed {
    /// The whole text, read.
    Whole(GameLog),
    /// The text is damaged at `error`; `saved` holds the kyoku complete
    /// before it, when there are any.
    Damaged {
        /// The game up to its last kyoku complete before the damage.
        saved: Option<GameLog>,
        /// The first thing that cannot be read.
        error: ImportError,
    },
}

/// Runs the importer of `format`. `cut`: the text is what could be decoded
/// of damaged bytes, so its end is damage too, however cleanly it ends.
fn read(text: &str, format: Format, cut: bool) -> Parsed {
    match format {
        Format::TenhouXml => tenhou_xml::read(text, cut),
        Format::Tenhou6 => tenhou6::read(text, cut),
        Format::Mjai => mjai::read(text, cut),
        Format::MahjongSoul => majsoul::read(text, cut),
        Format::RiichiCity => riichicity::read(text, cut),
    }
}

/// The result of an import: the whole log, the saved part of a damaged one
/// with its damage recorded, or the error when nothing was saved. `cut` is
/// the decoding error that ended the text early, if one did: it explains an
/// importer's "the input ends …" better than the importer can.
fn conclude(
    parsed: Parsed,
    format: Format,
    cut: Option<ImportError>,
) -> Result<GameLog, ImportError> {
    let (saved, error) = match (parsed, cut) {
        (Parsed::Whole(log), None) => return Ok(log),
        // Not expected (an importer told of a cut sees damage at the end),
        // but the damage is still known.
        (Parsed::Whole(log), Some(cut)) => (Some(log), cut),
        (Parsed::Damaged { saved, error }, Some(cut)) if error.is_truncation() => (saved, cut),
        (Parsed::Damaged { saved, error }, _) => (saved, error),
    };
    match saved {
        Some(mut log) => {
            log.meta.incomplete = true;
            log.meta.damage = Some(error.damage(format));
            Ok(log)
        }
        None => Err(error),
    }
}

/// "The input ends here" at the end of `text`: the damage of a text that
/// stops where decoding stopped.
pub(crate) fn cut_at_end(format: Format, text: &str) -> ImportError {
    ImportError::new(
        format,
        Source {
            line: Some(line_of(text.as_bytes(), text.len())),
            byte: Some(text.len() as u64),
            ..Source::default()
        },
        ImportErrorKind::Truncated {
            place: "where the readable bytes end".to_owned(),
        },
    )
}

fn unrecognised(location: Source, kind: ImportErrorKind) -> ImportError {
    ImportError {
        format: None,
        location,
        kind,
    }
}

/// Reads at most `limit` bytes; more is an error, not a truncation.
fn read_capped(reader: impl Read, limit: u64) -> Result<Vec<u8>, ImportError> {
    let mut out = Vec::new();
    let mut capped = reader.take(limit.saturating_add(1));
    capped
        .read_to_end(&mut out)
        .map_err(|e| unrecognised(Source::default(), ImportErrorKind::Io(e)))?;
    if out.len() as u64 > limit {
        return Err(unrecognised(
            Source::default(),
            ImportErrorKind::TooLarge { limit },
        ));
    }
    Ok(out)
}

/// Undoes gzip (when the bytes start with its magic number) and checks that
/// the result is UTF-8 text within the size limit.
///
/// # Errors
///
/// [`ImportErrorKind::Gzip`], [`ImportErrorKind::TooLarge`] or
/// [`ImportErrorKind::NotUtf8`].
pub fn decode(bytes: &[u8], options: &ImportOptions) -> Result<String, ImportError> {
    match decode_prefix(bytes, options)? {
        (text, None) => Ok(text),
        (_, Some(damage)) => Err(damage),
    }
}

/// As [`decode`], but damaged bytes give the text before the damage and
/// the error at it: a gzip stream that breaks off gives what it held up to
/// there, bytes that are not UTF-8 the text before them. The size cap
/// still refuses the whole input.
///
/// # Errors
///
/// [`ImportErrorKind::TooLarge`] only.
fn decode_prefix(
    bytes: &[u8],
    options: &ImportOptions,
) -> Result<(String, Option<ImportError>), ImportError> {
    let (raw, damage) = unzip(bytes, options)?;
    let (text, damage) = text_of(raw, damage);
    Ok((text.into_owned(), damage))
}

/// Undoes gzip (when the bytes start with its magic number) within the
/// size limit: the bytes, and the damage of a stream that breaks off (the
/// bytes are then what it held up to there).
///
/// # Errors
///
/// [`ImportErrorKind::TooLarge`] only.
fn unzip<'a>(
    bytes: &'a [u8],
    options: &ImportOptions,
) -> Result<(Cow<'a, [u8]>, Option<ImportError>), ImportError> {
    let mut damage = None;
    let raw = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        let mut capped =
            flate2::read::MultiGzDecoder::new(bytes).take(options.max_size.saturating_add(1));
        if let Err(e) = capped.read_to_end(&mut out) {
            // `read_to_end` keeps what it read before the error.
            damage = Some(unrecognised(
                Source {
                    line: Some(line_of(&out, out.len())),
                    byte: Some(out.len() as u64),
                    ..Source::default()
                },
                ImportErrorKind::Gzip(e),
            ));
        }
        if out.len() as u64 > options.max_size {
            return Err(unrecognised(
                Source::default(),
                ImportErrorKind::TooLarge {
                    limit: options.max_size,
                },
            ));
        }
        Cow::Owned(out)
    } else {
        if bytes.len() as u64 > options.max_size {
            return Err(unrecognised(
                Source::default(),
                ImportErrorKind::TooLarge {
                    limit: options.max_size,
                },
            ));
        }
        // Plain bytes are read where they are.
        Cow::Borrowed(bytes)
    };
    Ok((raw, damage))
}

/// The text of decompressed bytes: bytes that are not UTF-8 give the text
/// before them and the error at them (`damage` is the decompression's, if
/// any). Borrowed bytes give borrowed text unless a byte-order mark must
/// be blanked.
fn text_of(
    raw: Cow<'_, [u8]>,
    mut damage: Option<ImportError>,
) -> (Cow<'_, str>, Option<ImportError>) {
    let mut text = match raw {
        Cow::Borrowed(bytes) => Cow::Borrowed(match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(err) => {
                let at = not_utf8(bytes, err, &mut damage);
                // Valid up to `at` by construction; the fallback is never taken.
                bytes
                    .get(..at)
                    .and_then(|b| std::str::from_utf8(b).ok())
                    .unwrap_or_default()
            }
        }),
        Cow::Owned(bytes) => Cow::Owned(match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let err = e.utf8_error();
                let mut bytes = e.into_bytes();
                let at = not_utf8(&bytes, err, &mut damage);
                bytes.truncate(at);
                String::from_utf8(bytes).unwrap_or_default()
            }
        }),
    };
    if text.starts_with('\u{feff}') {
        // A byte-order mark carries no content; replacing it with spaces
        // keeps every byte offset true to the file.
        text.to_mut().replace_range(0..3, "   ");
    }
    (text, damage)
}

/// Notes where `bytes` stop being UTF-8 (`err`) as the damage, and returns
/// that offset.
fn not_utf8(bytes: &[u8], err: std::str::Utf8Error, damage: &mut Option<ImportError>) -> usize {
    let at = err.valid_up_to();
    let location = Source {
        line: Some(line_of(bytes, at)),
        byte: Some(at as u64),
        ..Source::default()
    };
    match damage {
        // A character cut by the end of a broken gzip stream: the stream
        // is the damage, and it now ends a little earlier.
        Some(gzip) if err.error_len().is_none() => gzip.location = location,
        _ => *damage = Some(unrecognised(location, ImportErrorKind::NotUtf8(err))),
    }
    at
}

fn line_of(bytes: &[u8], at: usize) -> u32 {
    let n = bytes[..at.min(bytes.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count();
    u32::try_from(n + 1).unwrap_or(u32::MAX)
}

/// Tells the format from the content.
///
/// * `<` (after blanks): Tenhou XML;
/// * a first JSON line that is an mjai event (an object, or an array of
///   objects, with `type`), or any of the first lines being one: mjai;
/// * an object with `log`, or text starting with a `//` comment: tenhou.net/6;
///   so is an object cut off before its `log` that holds only tenhou.net/6
///   keys, so that its error says where it ends;
/// * an object with `head` and the round records (or a `head` with a
///   `uuid`): a Mahjong Soul record;
/// * an object with `handRecord` (or `data.handRecord`): a Riichi City
///   record. Any other object is refused with the keys it has;
/// * an array whose first entry holds a Riichi City event's fields: refused
///   as the events of a record taken out of it.
///
/// # Errors
///
/// [`ImportErrorKind::NotALog`] at line 1 when none fits;
/// [`ImportErrorKind::Unsupported`] or [`ImportErrorKind::UnknownJson`]
/// for a JSON object that is not a log paifu reads;
/// [`ImportErrorKind::NotARecord`] for a list of event fields.
pub fn detect(text: &str) -> Result<Format, ImportError> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('<') {
        return Ok(Format::TenhouXml);
    }
    if trimmed.starts_with("//") {
        return Ok(Format::Tenhou6);
    }
    // mjai: look at the first few non-empty lines. A debug dump that mixes
    // events with other text is still recognised as mjai, so that its error
    // points at the first line that is not an event.
    for (index, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .take(8)
    {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if let Some(what) = paifu_output(&value) {
            return Err(unrecognised(
                Source {
                    line: Some(u32::try_from(index + 1).unwrap_or(u32::MAX)),
                    ..Source::default()
                },
                ImportErrorKind::NotALog {
                    found: what.to_owned(),
                },
            ));
        }
        if is_mjai_event(&value) {
            return Ok(Format::Mjai);
        }
        if value.get("log").is_some() {
            return Ok(Format::Tenhou6);
        }
    }
    if trimmed.starts_with('{') {
        return json_object(text);
    }
    if trimmed.starts_with('[') {
        if majsoul_typed_list(text, text.len() - trimmed.len()) {
            return Ok(Format::MahjongSoul);
        }
        if let Some(refusal) = event_field_list(text) {
            return Err(refusal);
        }
    }
    if majsoul::is_text_format(text) {
        return Ok(Format::MahjongSoul);
    }
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let quote: String = first.trim().chars().take(40).collect();
    let found = if quote.is_empty() {
        "an empty file".to_owned()
    } else {
        format!("`{quote}`")
    };
    let line = text
        .lines()
        .position(|l| !l.trim().is_empty())
        .map_or(1, |i| i + 1);
    Err(unrecognised(
        Source {
            line: Some(u32::try_from(line).unwrap_or(u32::MAX)),
            ..Source::default()
        },
        ImportErrorKind::NotALog { found },
    ))
}

/// Whether the array at `at` is a list of Mahjong Soul round records
/// tagged with their type, as tournament tools store them: its first entry
/// has `__type` naming a `Record…` message (`RecordNewRound`).
fn majsoul_typed_list(text: &str, at: usize) -> bool {
    let Some(rest) = text.get(at + 1..) else {
        return false;
    };
    let first = at + 1 + (rest.len() - rest.trim_start().len());
    json_scan::object(text, first, 64)
        .items
        .iter()
        .find(|m| m.key == "__type")
        .and_then(|m| text.get(m.start..m.end?))
        .and_then(|v| serde_json::from_str::<String>(v).ok())
        .is_some_and(|name| name.trim_start_matches(".lq.").starts_with("Record"))
}

/// A JSON array whose first entry holds the fields of a Riichi City event
/// (a deal's `dealer_pos`, a draw's `in_card`): a record's embedded events
/// taken out of it, refused with the reason.
fn event_field_list(text: &str) -> Option<ImportError> {
    let open = text.find('[')?;
    let first = open + 1 + text.get(open + 1..)?.find(|c: char| !c.is_whitespace())?;
    if !text[first..].starts_with('{') {
        return None;
    }
    let scan = json_scan::object(text, first, 64);
    let has = |key: &str| scan.items.iter().any(|m| m.key == key);
    (has("dealer_pos") && has("hand_cards") || has("in_card") && has("is_gang_incard")).then(|| {
        riichicity::bare_event_list(Source {
            line: Some(line_of(text.as_bytes(), first)),
            byte: Some(first as u64),
            ..Source::default()
        })
    })
}

/// The top-level keys of a tenhou.net/6 document (formats.md §2.1, and
/// what converters add).
const TENHOU6_KEYS: &[&str] = &[
    "log",
    "name",
    "dan",
    "rate",
    "sx",
    "ref",
    "ver",
    "rule",
    "lobby",
    "ratingc",
    "sc",
    "title",
    "connection",
    "owari",
    "playerMapping",
];

/// How many keys an error about an unknown object names.
const KEYS_NAMED: usize = 5;

/// Tells what a text starting with a JSON object is: tenhou.net/6 when it
/// has `log` (or is cut before it, with only tenhou.net/6 keys), mjai when
/// its first (cut) event has `type`; otherwise an error saying what it
/// looks like. The object may be damaged or cut anywhere: only the keys
/// before that are looked at.
fn json_object(text: &str) -> Result<Format, ImportError> {
    let at = text.len() - text.trim_start().len();
    // Enough keys to find those that tell a record apart, not the whole
    // object: a record may hold thousands.
    let scan = json_scan::object(text, at, 64);
    let has = |key: &str| scan.items.iter().any(|m| m.key == key);
    if has("log") {
        return Ok(Format::Tenhou6);
    }
    let location = Source {
        line: Some(line_of(text.as_bytes(), at)),
        byte: Some(at as u64),
        ..Source::default()
    };
    if let Some((what, platform)) = record_of(text, &scan.items) {
        if platform == "Mahjong Soul" {
            return Ok(Format::MahjongSoul);
        }
        if platform == "Riichi City" {
            return Ok(Format::RiichiCity);
        }
        return Err(unrecognised(
            location,
            ImportErrorKind::Unsupported {
                what,
                platform: platform.to_owned(),
            },
        ));
    }
    let tenhou6_only = scan
        .items
        .iter()
        .all(|m| TENHOU6_KEYS.contains(&m.key.as_str()));
    // A document cut before its `log` (or one that lost it, which its
    // importer reports as such) with nothing but tenhou.net/6 keys.
    if tenhou6_only && (!scan.items.is_empty() || !scan.closed) {
        return Ok(Format::Tenhou6);
    }
    // One mjai event cut in its only line.
    if !scan.closed && scan.items.first().is_some_and(|m| m.key == "type") {
        return Ok(Format::Mjai);
    }
    let mut keys: Vec<String> = scan
        .items
        .iter()
        .take(KEYS_NAMED)
        .map(|m| format!("`{}`", short(&m.key)))
        .collect();
    if scan.items.len() > KEYS_NAMED || !scan.closed {
        keys.push("…".to_owned());
    }
    let keys = match keys.len() {
        0 => "no keys".to_owned(),
        1 if scan.closed => format!("the key {}", keys.join("")),
        _ => format!("the keys {}", keys.join(", ")),
    };
    Err(unrecognised(
        location,
        ImportErrorKind::UnknownJson { keys },
    ))
}

/// A key as an error quotes it: at most 24 characters.
fn short(key: &str) -> String {
    if key.chars().count() > 24 {
        let head: String = key.chars().take(24).collect();
        format!("{head}…")
    } else {
        key.to_owned()
    }
}

/// Whether the members are those of a game record of another platform:
/// what the record looks like and whose it is.
fn record_of(text: &str, members: &[json_scan::Member]) -> Option<(String, &'static str)> {
    let member = |key: &str| members.iter().find(|m| m.key == key);
    let keys_of = |m: &json_scan::Member| json_scan::object(text, m.start, 64).items;
    let has_key = |m: &json_scan::Member, key: &str| keys_of(m).iter().any(|k| k.key == key);
    // Mahjong Soul (`lq.GameDetailRecords` decoded to JSON): a `head` with
    // the game's uuid and accounts, and the records as `data`, `records`
    // or `actions`.
    if let Some(head) = member("head") {
        let body = ["data", "records", "actions"]
            .into_iter()
            .find(|k| member(k).is_some());
        let head_like = has_key(head, "uuid") || has_key(head, "accounts");
        if body.is_some() || head_like {
            let what = match body {
                Some(body) => format!("a Mahjong Soul game record (`head` and `{body}`)"),
                None => "a Mahjong Soul game record (`head` with `uuid`)".to_owned(),
            };
            return Some((what, "Mahjong Soul"));
        }
    }
    // Mahjong Soul round records tagged with their type, without a head.
    if let Some((key, list)) = ["records", "data", "actions"]
        .into_iter()
        .find_map(|k| member(k).map(|m| (k, m)))
        && majsoul_typed_list(text, list.start)
    {
        return Some((
            format!("Mahjong Soul round records (`{key}`, each with `__type`)"),
            "Mahjong Soul",
        ));
    }
    // Riichi City: the hands in `handRecord`, at the top or in `data`.
    if member("handRecord").is_some() {
        return Some((
            "a Riichi City game record (`handRecord`)".to_owned(),
            "Riichi City",
        ));
    }
    if member("data").is_some_and(|d| has_key(d, "handRecord")) {
        return Some((
            "a Riichi City game record (`data.handRecord`)".to_owned(),
            "Riichi City",
        ));
    }
    None
}

/// paifu's own JSON lines, which are written from a game but are none:
/// the first line of `paifu events` (the game's metadata), the lines of
/// `paifu review` and of `paifu stats` (whose `type` is no mjai event's). Recognised so that a
/// folder holding them beside the logs is walked without errors, and a
/// file named on the command line is refused with what it is.
fn paifu_output(value: &serde_json::Value) -> Option<&'static str> {
    let o = value.as_object()?;
    let ty = o.get("type").and_then(serde_json::Value::as_str);
    // `paifu events` writes `"type": "game"` first; its golden copies in
    // the tests leave the type out.
    if matches!(ty, None | Some("game"))
        && o.get("format").is_some_and(serde_json::Value::is_string)
        && o.contains_key("seats")
        && o.contains_key("players")
    {
        return Some(
            "paifu's own event stream (the output of `paifu events`), which paifu does not read back",
        );
    }
    let review = matches!(ty, Some("item" | "decision" | "chance" | "game"));
    if review && o.contains_key("file") {
        return Some("paifu's own review (the JSON lines of `paifu review`)");
    }
    let stats = match ty {
        Some("player") => o.contains_key("games") && o.contains_key("kyoku"),
        Some("summary") => o.contains_key("games") && o.contains_key("players"),
        _ => false,
    };
    stats.then_some("paifu's own statistics (the JSON lines of `paifu stats`)")
}

fn is_mjai_event(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Object(o) => o.get("type").is_some_and(serde_json::Value::is_string),
        serde_json::Value::Array(items) => {
            !items.is_empty() && items.iter().all(|v| v.get("type").is_some())
        }
        _ => false,
    }
}

/// Maps byte offsets to 1-based line numbers.
#[derive(Debug)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes the line starts of `text`.
    pub(crate) fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Self { starts }
    }

    /// The 1-based line holding byte `offset`.
    pub(crate) fn line(&self, offset: usize) -> u32 {
        let i = self.starts.partition_point(|s| *s <= offset);
        u32::try_from(i.max(1)).unwrap_or(u32::MAX)
    }
}

/// Maps byte offsets to 1-based line numbers for a reader that moves
/// forward. The newlines are found once, by a fast search over the whole
/// document (most logs are a single line); each call then only steps past
/// the newlines before its offset, and a backward step (rare: an error
/// located before the last element) searches the list.
#[derive(Debug)]
pub(crate) struct LineCursor<'a> {
    /// Offsets of every newline, in order.
    newlines: Vec<usize>,
    /// How many newlines lie before the last offset asked for.
    passed: usize,
    marker: std::marker::PhantomData<&'a str>,
}

impl<'a> LineCursor<'a> {
    /// A cursor at the start of `text`.
    pub(crate) fn new(text: &'a str) -> Self {
        Self {
            newlines: memchr::memchr_iter(b'\n', text.as_bytes()).collect(),
            passed: 0,
            marker: std::marker::PhantomData,
        }
    }

    fn newlines_before(&self, offset: usize) -> usize {
        self.newlines.partition_point(|&n| n < offset)
    }

    /// The 1-based line holding byte `offset`.
    pub(crate) fn line(&mut self, offset: usize) -> u32 {
        if self
            .newlines
            .get(self.passed.wrapping_sub(1))
            .is_some_and(|&n| n >= offset)
        {
            self.passed = self.newlines_before(offset);
        }
        while self.newlines.get(self.passed).is_some_and(|&n| n < offset) {
            self.passed += 1;
        }
        u32::try_from(self.passed.saturating_add(1)).unwrap_or(u32::MAX)
    }

    /// The 1-based line holding byte `offset`, without moving the cursor.
    pub(crate) fn peek(&self, offset: usize) -> u32 {
        u32::try_from(self.newlines_before(offset).saturating_add(1)).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_by_content() {
        assert_eq!(
            detect("  <mjloggm ver=\"2.3\">").unwrap(),
            Format::TenhouXml
        );
        assert_eq!(detect("{\"type\":\"start_game\"}\n").unwrap(), Format::Mjai);
        assert_eq!(
            detect("[{\"type\":\"start_game\"}]\n").unwrap(),
            Format::Mjai
        );
        assert_eq!(detect("{\"log\":[]}").unwrap(), Format::Tenhou6);
        assert_eq!(detect("// comment\n{\"log\":[]}").unwrap(), Format::Tenhou6);
        assert_eq!(detect("{\n \"log\": []\n}").unwrap(), Format::Tenhou6);
        assert_eq!(
            detect("# dump\n{\"type\":\"start_game\"}\nboard\n").unwrap(),
            Format::Mjai
        );
        let err = detect("\nhello world\n").unwrap_err();
        assert_eq!(err.location.line, Some(2));
        assert!(err.to_string().contains("`hello world`"), "{err}");
        assert!(detect("").is_err());
    }

    /// The message of the error importing `text`.
    fn refusal(text: &str) -> ImportError {
        import_bytes(text.as_bytes(), &ImportOptions::default()).unwrap_err()
    }

    #[test]
    fn paifu_own_outputs_are_no_logs() {
        // The first line of `paifu events`, then an event line.
        let events = "{\"format\":\"tenhou6\",\"seats\":4,\"players\":[{\"name\":\"A\"}]}\n{\"type\":\"start_kyoku\"}\n";
        let err = refusal(events);
        assert!(matches!(err.kind, ImportErrorKind::NotALog { .. }), "{err}");
        assert!(err.to_string().contains("`paifu events`"), "{err}");
        // As `paifu events` writes it today, with its type and file.
        let written = "{\"type\":\"game\",\"file\":\"a.mjlog\",\"format\":\"tenhou-xml\",\"seats\":4,\"players\":[]}\n";
        assert!(refusal(written).to_string().contains("`paifu events`"));
        assert!(crate::batch::is_not_a_log(&err));
        // A line of `paifu review --format json`, after a blank line.
        let review = "\n{\"type\":\"item\",\"file\":\"a.mjlog\",\"kind\":\"EFFICIENCY\"}\n";
        let err = refusal(review);
        assert!(err.to_string().contains("`paifu review`"), "{err}");
        assert_eq!(err.location.line, Some(2));
        // The lines of `paifu stats --format json`: a player, or the
        // summary alone when no player reached `--min-games`.
        let stats = "{\"type\":\"player\",\"name\":\"A\",\"games\":1,\"kyoku\":8}\n";
        let err = refusal(stats);
        assert!(err.to_string().contains("`paifu stats`"), "{err}");
        assert!(crate::batch::is_not_a_log(&err));
        let summary = "{\"type\":\"summary\",\"files\":1,\"games\":1,\"players\":0}\n";
        assert!(refusal(summary).to_string().contains("`paifu stats`"));
        // An mjai log with an unknown type is still mjai, refused where it is.
        let err = refusal("{\"type\":\"start_game\"}\n{\"type\":\"item\"}\n");
        assert_eq!(err.format, Some(Format::Mjai), "{err}");
        // Any other JSON object is no log either: skipped in a folder.
        assert!(crate::batch::is_not_a_log(&refusal("{\"x\": 1}")));
    }

    #[test]
    fn other_json_says_what_it_looks_like() {
        // A Mahjong Soul record (`lq.GameDetailRecords` as JSON), pretty-printed
        // as such records are saved.
        let majsoul = "{\n  \"head\": {\n    \"uuid\": \"230921-0a39a19b\",\n    \"accounts\": []\n  },\n  \"data\": {\"name\": \".lq.GameDetailRecords\", \"data\": {\"version\": 1, \"actions\": []}}\n}\n";
        // Read as one: with no round, it is a record without a kyoku.
        let err = refusal(majsoul);
        assert_eq!(err.format, Some(Format::MahjongSoul));
        assert!(matches!(err.kind, ImportErrorKind::Empty), "{err}");
        // The older layout with the records still in protobuf bytes (each a
        // base64 wrapper): read as records, here one that is no round.
        let records = r#"{"head": {"uuid": "x"}, "data": {"records": ["CgoubHEuUmVjb3Jk"]}}"#;
        assert!(matches!(refusal(records).kind, ImportErrorKind::Empty));
        // Bytes that are not base64 are located.
        let records = r#"{"head": {"uuid": "x"}, "data": {"records": ["not base64!"]}}"#;
        let err = refusal(records);
        assert_eq!(
            err.location.path.as_deref(),
            Some("data.records[0]"),
            "{err}"
        );
        assert!(err.to_string().contains("not base64"), "{err}");
        // Cut before its records: the head alone tells it, and the record is
        // cut short.
        let cut = r#"{"head": {"uuid": "230921-0a39a19b", "start_time": 16953"#;
        let err = refusal(cut);
        assert_eq!(err.format, Some(Format::MahjongSoul));
        assert!(err.is_truncation(), "{err}");

        // Riichi City: the server's reply with the hands in `data`, or the
        // record itself. Read as one: with no deal, a record without a kyoku.
        let city = r#"{"code": 0, "data": {"fangFu": 0, "gamePlay": 1, "handRecord": [{"handEventRecord": []}]}, "message": "ok"}"#;
        let err = refusal(city);
        assert_eq!(err.format, Some(Format::RiichiCity));
        assert!(matches!(err.kind, ImportErrorKind::Empty), "{err}");
        let err = refusal(r#"{"handRecord": []}"#);
        assert_eq!(err.format, Some(Format::RiichiCity));
        assert!(matches!(err.kind, ImportErrorKind::Empty), "{err}");
        // A record's embedded events taken out of it: no record, and why.
        let events = "[\n  {\"hand_cards\": [25, 9], \"dealer_pos\": 0, \"chang_ci\": 1}\n]\n";
        let err = refusal(events);
        assert_eq!(err.format, Some(Format::RiichiCity));
        assert!(
            matches!(err.kind, ImportErrorKind::NotARecord { .. }),
            "{err}"
        );
        assert_eq!(err.location.line, Some(2));
        assert!(err.to_string().contains("not a game record"), "{err}");

        // Anything else: its keys, a few of them.
        let err =
            refusal(r#"{"name": "paifu", "version": "0.1.0", "a": 1, "b": 2, "c": 3, "d": 4}"#);
        assert!(
            matches!(err.kind, ImportErrorKind::UnknownJson { .. }),
            "{err}"
        );
        assert_eq!(
            err.kind.to_string(),
            "not a game log: a JSON object with the keys `name`, `version`, `a`, `b`, `c`, …; tenhou.net/6 JSON has the key \"log\", mjai JSON lines have \"type\" in every line"
        );
        assert!(
            refusal(r#"{"x": []}"#)
                .to_string()
                .contains("with the key `x`;")
        );
        assert!(refusal("{}").to_string().contains("with no keys"));
        assert!(
            refusal(r#"{"x": [1, 2"#)
                .to_string()
                .contains("the keys `x`, …")
        );

        // What is tenhou.net/6 stays so, even cut before its `log`, and so
        // does an mjai event cut in its only line.
        assert_eq!(
            detect(r#"{"title": ["", ""], "name": ["A""#).unwrap(),
            Format::Tenhou6
        );
        assert_eq!(
            detect(r#"{"name": ["A"], "rule": {}}"#).unwrap(),
            Format::Tenhou6
        );
        assert_eq!(
            detect(r#"{"ver": 2.3, "log": [[[0,0,0"#).unwrap(),
            Format::Tenhou6
        );
        assert_eq!(detect("{").unwrap(), Format::Tenhou6);
        assert_eq!(
            detect(r#"{"type": "start_game", "names": ["#).unwrap(),
            Format::Mjai
        );
        let err = refusal(r#"{"title": ["", ""], "name": ["A"]}"#);
        assert!(err.to_string().contains("missing the key `log`"), "{err}");
    }

    #[test]
    fn damaged_bytes_keep_what_comes_before() {
        use std::io::Write;
        let kyoku = r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","E","S","S"],["5p","6p","7p","8p","9p","W","W","N","N","P","P","F","F"],["C","C","1m","1m","1m","2m","2m","2m","3m","3m","3m","4m","4m"]]}"#;
        let game = format!(
            "{{\"type\":\"start_game\"}}\n{kyoku}\n{{\"type\":\"ryukyoku\"}}\n{{\"type\":\"end_kyoku\"}}\n{kyoku}\n{{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5m\"}}\n"
        );
        let options = ImportOptions::default();
        let whole = import_bytes(game.as_bytes(), &options).unwrap();
        assert_eq!(whole.kyoku_count(), 2);
        assert!(whole.meta.damage.is_none());
        // A byte that is not UTF-8 in the second kyoku: the first is kept,
        // and the damage is that byte (found cleanly at a line's end too).
        let second = game.rfind("{\"type\":\"tsumo\"").unwrap();
        for at in [second + 5, second] {
            let mut bytes = game.clone().into_bytes();
            bytes[at] = 0xff;
            let log = import_bytes(&bytes, &options).unwrap();
            assert_eq!(log.kyoku_count(), 1);
            assert!(log.meta.incomplete);
            let damage = log.meta.damage.unwrap();
            assert_eq!(damage.format, Format::Mjai);
            assert_eq!(damage.location.byte, Some(at as u64));
            assert_eq!(damage.location.line, Some(6));
            assert!(
                damage.message.starts_with("expected UTF-8 text"),
                "{damage}"
            );
            assert_eq!(
                damage.to_string(),
                format!("mjai: line 6, byte {at}: {}", damage.message)
            );
        }
        // Before the first kyoku is complete: the error, as before.
        let mut bytes = game.clone().into_bytes();
        bytes[40] = 0xff;
        let err = import_bytes(&bytes, &options).unwrap_err();
        assert!(matches!(err.kind, ImportErrorKind::NotUtf8(_)), "{err}");
        // A README with a bad byte is no log, damaged or not.
        let err = import_bytes(b"# notes\n\xff", &options).unwrap_err();
        assert!(matches!(err.kind, ImportErrorKind::NotUtf8(_)), "{err}");

        // A gzip stream that breaks off keeps what it held.
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        enc.write_all(game.as_bytes()).unwrap();
        let gz = enc.finish().unwrap();
        let log = import_bytes(&gz[..gz.len() - 4], &options).unwrap();
        let damage = log.meta.damage.as_ref().unwrap();
        assert!(
            damage.message.starts_with("cannot decompress gzip"),
            "{damage}"
        );
        assert_eq!(damage.location.byte, Some(game.len() as u64));
        assert_eq!(log.kyoku_count(), 1, "the second kyoku has no outcome");
        let err = import_bytes(&gz[..20], &options).unwrap_err();
        assert!(matches!(err.kind, ImportErrorKind::Gzip(_)), "{err}");
    }

    #[test]
    fn gzip_is_capped() {
        use std::io::Write;
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        enc.write_all(&vec![b' '; 10_000]).unwrap();
        let gz = enc.finish().unwrap();
        let small = ImportOptions { max_size: 1000 };
        let err = decode(&gz, &small).unwrap_err();
        assert!(matches!(
            err.kind,
            ImportErrorKind::TooLarge { limit: 1000 }
        ));
        assert_eq!(
            decode(&gz, &ImportOptions::default()).unwrap().len(),
            10_000
        );
    }

    #[test]
    fn broken_gzip_is_an_error() {
        let err = decode(&[0x1f, 0x8b, 8, 0, 0, 0], &ImportOptions::default()).unwrap_err();
        assert!(matches!(err.kind, ImportErrorKind::Gzip(_)));
    }

    #[test]
    fn not_utf8_is_located() {
        let err = decode(b"ab\n\xffc", &ImportOptions::default()).unwrap_err();
        assert_eq!(err.location.line, Some(2));
        assert_eq!(err.location.byte, Some(3));
    }

    #[test]
    fn line_index() {
        let idx = LineIndex::new("a\nbc\n\nd");
        assert_eq!(idx.line(0), 1);
        assert_eq!(idx.line(1), 1);
        assert_eq!(idx.line(2), 2);
        assert_eq!(idx.line(5), 3);
        assert_eq!(idx.line(6), 4);
    }

    #[test]
    fn line_cursor_agrees_with_the_index() {
        let text = "a\nbc\n\nd\n";
        let idx = LineIndex::new(text);
        let mut cursor = LineCursor::new(text);
        for at in (0..=text.len() + 2).chain([3, 0, 7, 2, usize::MAX]) {
            assert_eq!(cursor.peek(at), idx.line(at), "peek {at}");
            assert_eq!(cursor.line(at), idx.line(at), "line {at}");
        }
    }
}
