//! A record in the protobuf wire form: the bytes of the game's own
//! download, recognised by their content.
//!
//! Three shapes are read (`formats/majsoul.md`, "The wire form"):
//!
//! * a `Wrapper` named `.lq.GameDetailRecords` (the file behind
//!   `data_url`, or the `data` of a `ResGameRecord`);
//! * a whole `ResGameRecord` (`error`, `head`, `data`, `data_url`);
//! * the same response as the client's websocket carries it: a type byte
//!   3 (a response), a two-byte message index, then a `Wrapper` whose data
//!   is the `ResGameRecord`.
//!
//! Paths follow the JSON form's (`data.data.actions[40].result.data` in a
//! response), so that a record's place reads the same in both forms.

use std::borrow::Cow;

use crate::event::{Format, Source};
use crate::import::{ImportError, ImportErrorKind};

use super::head::Head;
use super::wire::{Fault, Field, Value, fields, partial};
use super::{Body, Record};

/// The name of the wrapped message that holds the round records.
pub(super) const DETAILS: &str = ".lq.GameDetailRecords";

/// Which shape the bytes have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Shape {
    /// A `Wrapper` of `.lq.GameDetailRecords`.
    Details,
    /// A `ResGameRecord`.
    Response,
    /// A websocket response frame holding a `ResGameRecord`.
    Frame,
}

/// The bytes before the wrapper in a websocket response frame: the type
/// byte and the two-byte message index.
const FRAME_HEADER: usize = 3;

/// How many fields recognition looks at before giving up.
const LOOK: usize = 8;

/// Tells whether `bytes` are a Mahjong Soul record in the wire form, and
/// which shape. Looks at the first fields only; text never matches (its
/// first byte is no valid field of these messages).
pub(crate) fn recognise(bytes: &[u8]) -> Option<Shape> {
    if is_details(bytes) {
        return Some(Shape::Details);
    }
    if is_response(bytes) {
        return Some(Shape::Response);
    }
    if bytes.first() == Some(&3)
        && let Some(inner) = bytes.get(FRAME_HEADER..)
        && wrapper_data(inner).is_some_and(is_response)
    {
        return Some(Shape::Frame);
    }
    None
}

/// A wrapper of a message of the game's package (`.lq.GameDetailRecords`,
/// or another one, which reading then names), however far its bytes go.
fn is_details(bytes: &[u8]) -> bool {
    partial(bytes, 0).take(LOOK).map_while(Result::ok).any(|f| {
        f.number == 1
            && f.bytes()
                .is_some_and(|(b, _)| b.starts_with(b".lq.") && std::str::from_utf8(b).is_ok())
    })
}

/// The `data` field of a wrapper that walks cleanly (up to a cut in it).
fn wrapper_data(bytes: &[u8]) -> Option<&[u8]> {
    let mut data = None;
    for f in partial(bytes, 0).take(LOOK) {
        let f = f.ok()?;
        match (f.number, f.bytes()) {
            (1, Some(_)) => {}
            (2, Some((b, _))) => data = Some(b),
            _ => return None,
        }
    }
    data
}

/// A `ResGameRecord`: only its fields, each length-delimited, with a head
/// that decodes and names the game, or round records in `data`.
fn is_response(bytes: &[u8]) -> bool {
    let mut found = false;
    for f in partial(bytes, 0).take(LOOK) {
        let Ok(f) = f else {
            // A response cut short after its head is still one.
            return found;
        };
        let Some((b, _)) = f.bytes() else {
            return false;
        };
        match f.number {
            1 | 5 => {}
            3 => {
                found = <Head as prost::Message>::decode(b).is_ok_and(|h| !h.uuid.is_empty());
                if !found {
                    return false;
                }
            }
            4 => found = found || b.is_empty() || is_details(b),
            _ => return false,
        }
    }
    found
}

/// The round records and the head of a record in the wire form, as far as
/// they can be read, and the fault that stopped the reading.
pub(super) struct Walked<'b> {
    pub(super) head: Option<Head>,
    pub(super) records: Vec<Record<'b>>,
    /// The first place the bytes cannot be read; the records before it are
    /// in `records`.
    pub(super) damage: Option<ImportError>,
}

/// Where the bytes sit: their offset in the input, or (for bytes decoded
/// from a JSON record's text) the JSON value that holds them.
#[derive(Clone, Debug)]
pub(super) enum Origin {
    /// The input itself: offsets are the input's.
    Input,
    /// Bytes decoded from a JSON value at `src` (line and byte of the
    /// value, and its path), written in the encoding named (`base64`,
    /// `hex`, `Buffer`).
    Encoded(Source, &'static str),
}

impl Origin {
    /// The location of offset `at` reached by `path`.
    pub(super) fn src(&self, at: usize, path: &str) -> Source {
        match self {
            Self::Input => Source {
                line: None,
                byte: Some(at as u64),
                element: None,
                path: Some(path.to_owned()),
            },
            Self::Encoded(s, encoding) => Source {
                path: Some(format!(
                    "{} ({encoding}, decoded byte {at}): {path}",
                    s.path.as_deref().unwrap_or("")
                )),
                ..s.clone()
            },
        }
    }
}

/// An error at a fault in the bytes.
pub(super) fn fault_error(origin: &Origin, fault: &Fault, path: &str) -> ImportError {
    let src = origin.src(fault.at, path);
    if fault.cut {
        ImportError::new(
            Format::MahjongSoul,
            src,
            ImportErrorKind::Truncated {
                place: format!("inside {path}: {} expected", fault.expected),
            },
        )
    } else {
        ImportError::expected(
            Format::MahjongSoul,
            src,
            fault.expected,
            fault.found.clone(),
        )
    }
}

fn expected(origin: &Origin, at: usize, path: &str, what: &str, found: String) -> ImportError {
    ImportError::expected(Format::MahjongSoul, origin.src(at, path), what, found)
}

/// Reads the input in the shape recognition found.
pub(super) fn walk(bytes: &[u8], shape: Shape) -> Walked<'_> {
    let origin = Origin::Input;
    let mut walked = Walked {
        head: None,
        records: Vec::new(),
        damage: None,
    };
    let result = match shape {
        Shape::Details => wrapped_details(bytes, 0, &origin, "", &mut walked.records),
        Shape::Response => response(bytes, 0, &origin, &mut walked),
        Shape::Frame => {
            let inner = bytes.get(FRAME_HEADER..).unwrap_or_default();
            wrapper(inner, FRAME_HEADER, &origin, "the frame", None).and_then(|frame| {
                let (b, at) = frame.data.unwrap_or((&[], bytes.len()));
                response(b, at, &origin, &mut walked)?;
                frame
                    .cut
                    .map_or(Ok(()), |f| Err(fault_error(&origin, &f, "the frame")))
            })
        }
    };
    walked.damage = result.err();
    walked
}

/// The round records of a wrapper of `.lq.GameDetailRecords` at `base`,
/// reached by `path` (empty at the top).
pub(super) fn wrapped_details<'b>(
    bytes: &'b [u8],
    base: usize,
    origin: &Origin,
    path: &str,
    out: &mut Vec<Record<'b>>,
) -> Result<(), ImportError> {
    let here = if path.is_empty() { "the record" } else { path };
    let w = wrapper(bytes, base, origin, here, Some(DETAILS))?;
    let (b, at) = w.data.unwrap_or((&[], base + bytes.len()));
    let data = if path.is_empty() {
        "data.".to_owned()
    } else {
        format!("{path}.data.")
    };
    details(b, at, origin, &data, out)?;
    // Cut between two records: the records before are whole, the rest is
    // missing.
    w.cut.map_or(Ok(()), |f| {
        Err(fault_error(origin, &f, data.trim_end_matches('.')))
    })
}

/// A `ResGameRecord` at `base`: its head and the round records of its
/// `data`.
fn response<'b>(
    bytes: &'b [u8],
    base: usize,
    origin: &Origin,
    walked: &mut Walked<'b>,
) -> Result<(), ImportError> {
    let mut data = None;
    let mut url = None;
    let mut walk = partial(bytes, base);
    for f in walk.by_ref() {
        let f = f.map_err(|fault| fault_error(origin, &fault, "the response"))?;
        match (f.number, f.value) {
            (3, Value::Len(b, at)) => {
                let head = <Head as prost::Message>::decode(b).map_err(|e| {
                    expected(
                        origin,
                        at,
                        "head",
                        "the record's head (`.lq.RecordGame`)",
                        e.to_string(),
                    )
                })?;
                walked.head = Some(head);
            }
            (4, Value::Len(b, at)) => data = Some((b, at)),
            (5, Value::Len(b, _)) => url = Some(String::from_utf8_lossy(b).into_owned()),
            (1 | 3 | 4 | 5, _) => return Err(wire_type(origin, &f, "the response")),
            _ => {}
        }
    }
    let cut = walk.cut().cloned();
    match data {
        Some((b, at)) if !b.is_empty() => {
            wrapped_details(b, at, origin, "data", &mut walked.records)?;
            cut.map_or(Ok(()), |f| Err(fault_error(origin, &f, "the response")))
        }
        _ => Err(ImportError::new(
            Format::MahjongSoul,
            origin.src(base, "data"),
            ImportErrorKind::Missing {
                name: match url {
                    Some(url) if !url.is_empty() => format!(
                        "the round records: the response holds only their address (`data_url` {url}); download that file and read it"
                    ),
                    _ => "the round records (`data`)".to_owned(),
                },
            },
        )),
    }
}

/// A field with the wrong wire type for its number.
fn wire_type(origin: &Origin, f: &Field<'_>, path: &str) -> ImportError {
    let found = match f.value {
        Value::Varint => "a varint",
        Value::Fixed => "a fixed-width number",
        Value::Len(..) => "length-delimited bytes",
    };
    expected(
        origin,
        f.at,
        path,
        &format!("field {} as its message defines it", f.number),
        found.to_owned(),
    )
}

/// A `Wrapper`, read.
pub(super) struct Wrapped<'b> {
    /// The message's name (`.lq.RecordNewRound`).
    pub(super) name: &'b str,
    /// Its bytes and their offset.
    pub(super) data: Option<(&'b [u8], usize)>,
    /// Where the bytes end inside the data, when they do: the data is then
    /// given as far as it goes.
    pub(super) cut: Option<Fault>,
}

/// A `Wrapper` at `base`. With `want`, the name must be that one.
pub(super) fn wrapper<'b>(
    bytes: &'b [u8],
    base: usize,
    origin: &Origin,
    path: &str,
    want: Option<&str>,
) -> Result<Wrapped<'b>, ImportError> {
    let mut name: &str = "";
    let mut data = None;
    let mut walk = partial(bytes, base);
    for f in walk.by_ref() {
        let f = f.map_err(|fault| fault_error(origin, &fault, path))?;
        match (f.number, f.value) {
            (1, Value::Len(b, at)) => {
                name = std::str::from_utf8(b).map_err(|_| {
                    expected(
                        origin,
                        at,
                        path,
                        "a message name (UTF-8)",
                        "other bytes".to_owned(),
                    )
                })?;
            }
            (2, Value::Len(b, at)) => data = Some((b, at)),
            (1 | 2, _) => return Err(wire_type(origin, &f, path)),
            _ => {}
        }
    }
    let cut = walk.cut().cloned();
    if let Some(want) = want
        && name != want
    {
        return Err(expected(
            origin,
            base,
            path,
            &format!("a wrapper of `{want}`"),
            format!("`{name}`"),
        ));
    }
    Ok(Wrapped { name, data, cut })
}

/// The round records of a `GameDetailRecords` at `base`: `records`
/// (version 0, each a wrapper) and `actions` (version 210715, each holding
/// a wrapper in `result`), in the order they come. `prefix` is the path of
/// the message (`data.data.`).
fn details<'b>(
    bytes: &'b [u8],
    base: usize,
    origin: &Origin,
    prefix: &str,
    out: &mut Vec<Record<'b>>,
) -> Result<(), ImportError> {
    let (mut records, mut actions) = (0usize, 0usize);
    for f in fields(bytes, base) {
        let f = f.map_err(|fault| {
            let path = match fault.field {
                Some(1) => format!("{prefix}records[{records}]"),
                Some(3) => format!("{prefix}actions[{actions}]"),
                Some(n) => format!("{prefix}field {n}"),
                None => format!("{prefix}records and actions ({records} and {actions} read)"),
            };
            fault_error(origin, &fault, &path)
        })?;
        let here = if f.number == 1 {
            format!("{prefix}records[{records}]")
        } else {
            format!("{prefix}actions[{actions}]")
        };
        match (f.number, f.value) {
            (1, Value::Len(b, at)) => {
                records += 1;
                let w = whole(wrapper(b, at, origin, &here, None)?, origin, &here)?;
                out.push(record(w.name, w.data, at, origin, format!("{here}.data")));
            }
            (3, Value::Len(b, at)) => {
                actions += 1;
                if let Some((result, result_at)) = action_result(b, at, origin, &here)? {
                    let path = format!("{here}.result");
                    let w = whole(
                        wrapper(result, result_at, origin, &path, None)?,
                        origin,
                        &path,
                    )?;
                    out.push(record(
                        w.name,
                        w.data,
                        result_at,
                        origin,
                        format!("{path}.data"),
                    ));
                }
            }
            (1 | 3, _) => return Err(wire_type(origin, &f, &here)),
            // The version, the bar and fields added later.
            _ => {}
        }
    }
    Ok(())
}

/// The `result` of a `GameAction` (none for a player's input or an emote).
fn action_result<'b>(
    bytes: &'b [u8],
    base: usize,
    origin: &Origin,
    path: &str,
) -> Result<Option<(&'b [u8], usize)>, ImportError> {
    let mut result = None;
    for f in fields(bytes, base) {
        let f = f.map_err(|fault| fault_error(origin, &fault, path))?;
        match (f.number, f.value) {
            (3, Value::Len(b, at)) if !b.is_empty() => result = Some((b, at)),
            (3, Value::Len(..)) => {}
            (3, _) => return Err(wire_type(origin, &f, path)),
            _ => {}
        }
    }
    Ok(result)
}

/// A wrapper inside a record, which its own length bounds: a cut in it is
/// a fault of the record.
fn whole<'b>(w: Wrapped<'b>, origin: &Origin, path: &str) -> Result<Wrapped<'b>, ImportError> {
    match &w.cut {
        Some(f) => Err(fault_error(
            origin,
            &Fault {
                cut: false,
                ..f.clone()
            },
            path,
        )),
        None => Ok(w),
    }
}

fn record<'b>(
    name: &'b str,
    data: Option<(&'b [u8], usize)>,
    wrapper_at: usize,
    origin: &Origin,
    path: String,
) -> Record<'b> {
    let (bytes, at) = data.unwrap_or((&[], wrapper_at));
    Record {
        name: Cow::Borrowed(name.trim_start_matches(".lq.")),
        body: Body::Wire(
            Cow::Borrowed(bytes),
            matches!(origin, Origin::Input).then_some(at),
        ),
        src: origin.src(at, &path),
    }
}
