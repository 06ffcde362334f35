//! Importers: log bytes in, a [`GameLog`] out.
//!
//! The format is detected from the content, never from the file name, and
//! gzip is undone transparently with a cap on the decompressed size, so a
//! gzip bomb is refused rather than filling memory.
//!
//! Importers do not judge legality (that is the engine's job); they reject
//! only what cannot become events, with a located [`ImportError`].

mod error;
pub mod mjai;
pub mod tenhou6;
pub mod tenhou_xml;

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

/// Reads a game log from raw bytes (plain or gzip), detecting its format.
///
/// # Errors
///
/// An [`ImportError`] when the bytes are too large, not a log, or malformed.
pub fn import_bytes(bytes: &[u8], options: &ImportOptions) -> Result<GameLog, ImportError> {
    let text = decode(bytes, options)?;
    let format = detect(&text)?;
    import_str(&text, format)
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
/// # Errors
///
/// An [`ImportError`] when the text is malformed for that format.
pub fn import_str(text: &str, format: Format) -> Result<GameLog, ImportError> {
    match format {
        Format::TenhouXml => tenhou_xml::parse(text),
        Format::Tenhou6 => tenhou6::parse(text),
        Format::Mjai => mjai::parse(text),
    }
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
    let raw = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        let mut capped =
            flate2::read::MultiGzDecoder::new(bytes).take(options.max_size.saturating_add(1));
        capped.read_to_end(&mut out).map_err(|e| {
            unrecognised(
                Source {
                    byte: Some(out.len() as u64),
                    ..Source::default()
                },
                ImportErrorKind::Gzip(e),
            )
        })?;
        if out.len() as u64 > options.max_size {
            return Err(unrecognised(
                Source::default(),
                ImportErrorKind::TooLarge {
                    limit: options.max_size,
                },
            ));
        }
        out
    } else {
        if bytes.len() as u64 > options.max_size {
            return Err(unrecognised(
                Source::default(),
                ImportErrorKind::TooLarge {
                    limit: options.max_size,
                },
            ));
        }
        bytes.to_vec()
    };
    let mut text = String::from_utf8(raw).map_err(|e| {
        let err = e.utf8_error();
        let at = err.valid_up_to();
        let bytes = e.as_bytes();
        unrecognised(
            Source {
                line: Some(line_of(bytes, at)),
                byte: Some(at as u64),
                ..Source::default()
            },
            ImportErrorKind::NotUtf8(err),
        )
    })?;
    if text.starts_with('\u{feff}') {
        // A byte-order mark carries no content; replacing it with spaces
        // keeps every byte offset true to the file.
        text.replace_range(0..3, "   ");
    }
    Ok(text)
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
/// * an object with `log`, or text starting with a `//` comment: tenhou.net/6.
///
/// # Errors
///
/// [`ImportErrorKind::NotALog`] at line 1 when none fits.
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
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(8) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if is_mjai_event(&value) {
            return Ok(Format::Mjai);
        }
        if value.get("log").is_some() {
            return Ok(Format::Tenhou6);
        }
    }
    if trimmed.starts_with('{') {
        return Ok(Format::Tenhou6);
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
