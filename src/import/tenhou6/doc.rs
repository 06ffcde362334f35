//! The JSON document: comments, the stream of objects, and locating every
//! value by its byte offset (each value is kept as a borrowed
//! [`RawValue`], whose address inside the input is its offset).

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::value::RawValue;

use crate::event::{Format, Source};
use crate::import::{ImportError, ImportErrorKind, LineIndex, json_scan};

/// The text being read, with what is needed to locate its values.
pub(super) struct Doc<'t> {
    text: &'t str,
    lines: LineIndex,
}

/// One top-level object: its keys and raw values.
pub(super) type Object<'t> = BTreeMap<String, &'t RawValue>;

/// A top-level object as found.
pub(super) struct Top<'t> {
    /// Its byte offset.
    pub(super) at: usize,
    /// Its members: all of them, or for the object the damage is in, those
    /// complete before it.
    pub(super) object: Object<'t>,
    /// The damage is in this object.
    pub(super) damaged: bool,
    /// When the damage is inside `log`: the kyoku arrays complete before it.
    pub(super) cut_log: Option<Vec<&'t RawValue>>,
}

impl<'t> Doc<'t> {
    /// Indexes `text` (comments already blanked).
    pub(super) fn new(text: &'t str) -> Self {
        Self {
            text,
            lines: LineIndex::new(text),
        }
    }

    /// The byte offset of a value inside the text.
    pub(super) fn offset(&self, raw: &RawValue) -> usize {
        raw.get()
            .as_ptr()
            .addr()
            .saturating_sub(self.text.as_ptr().addr())
    }

    /// The location of a value.
    pub(super) fn src(&self, raw: &RawValue, path: impl Into<String>) -> Source {
        let byte = self.offset(raw);
        Source {
            line: Some(self.lines.line(byte)),
            byte: Some(byte as u64),
            element: None,
            path: Some(path.into()),
        }
    }

    /// "expected …, found …" at a value.
    pub(super) fn expected(
        &self,
        raw: &RawValue,
        path: impl Into<String>,
        expected: &str,
    ) -> ImportError {
        ImportError::expected(Format::Tenhou6, self.src(raw, path), expected, quote(raw))
    }

    /// An error of any kind at a value.
    pub(super) fn error(
        &self,
        raw: &RawValue,
        path: impl Into<String>,
        kind: ImportErrorKind,
    ) -> ImportError {
        ImportError::new(Format::Tenhou6, self.src(raw, path), kind)
    }

    /// The top-level objects with their byte offsets: one, or one per line
    /// (any whitespace between them is accepted), up to the first one that
    /// is not valid JSON. That one is kept with its members complete before
    /// the error (the kyoku arrays of a `log` cut there included), and the
    /// error is returned beside.
    pub(super) fn objects(&self) -> (Vec<Top<'t>>, Option<ImportError>) {
        let mut stream = serde_json::Deserializer::from_str(self.text).into_iter::<Object<'t>>();
        let mut out = Vec::new();
        loop {
            let before = stream.byte_offset();
            let Some(item) = stream.next() else { break };
            let at = self.skip_blanks(before);
            match item {
                Ok(object) => out.push(Top {
                    at,
                    object,
                    damaged: false,
                    cut_log: None,
                }),
                Err(e) if e.classify() == serde_json::error::Category::Data => {
                    let error = ImportError::expected(
                        Format::Tenhou6,
                        self.src_at(at, ""),
                        "a JSON object with the key `log`",
                        "another JSON value",
                    );
                    return (out, Some(error));
                }
                Err(e) => {
                    let error = self.syntax(&e);
                    let end = error
                        .location
                        .byte
                        .and_then(|b| usize::try_from(b).ok())
                        .unwrap_or(at);
                    out.push(self.partial(at, end));
                    return (out, Some(error));
                }
            }
        }
        (out, None)
    }

    /// The members of the object at `at` that are complete before `end`,
    /// where the text stops being valid JSON.
    fn partial(&self, at: usize, end: usize) -> Top<'t> {
        let text: &'t str = self.text;
        let prefix = text.get(..end).unwrap_or(text);
        let raw = |start: usize, end: usize| {
            text.get(start..end)
                .and_then(|slice| serde_json::from_str::<&'t RawValue>(slice).ok())
        };
        let mut object = Object::new();
        let mut cut_log = None;
        for member in json_scan::object(prefix, at, usize::MAX).items {
            match member.end {
                Some(end) => {
                    if let Some(value) = raw(member.start, end) {
                        object.insert(member.key, value);
                    }
                }
                None if member.key == "log" => {
                    let elements = json_scan::array(prefix, member.start).items;
                    cut_log = Some(
                        elements
                            .into_iter()
                            .map_while(|(start, end)| raw(start, end?))
                            .collect(),
                    );
                }
                None => {}
            }
        }
        Top {
            at,
            object,
            damaged: true,
            cut_log,
        }
    }

    fn skip_blanks(&self, from: usize) -> usize {
        self.text
            .get(from..)
            .and_then(|rest| rest.find(|c: char| !c.is_whitespace()))
            .map_or(from, |n| from + n)
    }

    /// The location of byte `byte`.
    pub(super) fn src_at(&self, byte: usize, path: &str) -> Source {
        Source {
            line: Some(self.lines.line(byte)),
            byte: Some(byte as u64),
            element: None,
            path: (!path.is_empty()).then(|| path.to_owned()),
        }
    }

    fn syntax(&self, e: &serde_json::Error) -> ImportError {
        let line = e.line();
        let byte = self
            .text
            .split_inclusive('\n')
            .take(line.saturating_sub(1))
            .map(str::len)
            .sum::<usize>()
            + e.column().saturating_sub(1);
        let message = e.to_string();
        // serde_json appends " at line L column C"; the location says it.
        let message = match message.rfind(" at line ") {
            Some(i) => message.get(..i).unwrap_or(&message).to_owned(),
            None => message,
        };
        if e.is_eof() {
            // Everything before the end is valid: the damage is the end.
            let end = self.text.len();
            return ImportError::new(
                Format::Tenhou6,
                self.src_at(end, ""),
                ImportErrorKind::Truncated {
                    place: format!("inside the JSON document ({message})"),
                },
            );
        }
        ImportError::new(
            Format::Tenhou6,
            Source {
                line: u32::try_from(line).ok(),
                byte: Some(byte.min(self.text.len()) as u64),
                ..Source::default()
            },
            ImportErrorKind::Syntax { message },
        )
    }

    /// The elements of an array value.
    pub(super) fn array(
        &self,
        raw: &'t RawValue,
        path: &str,
        what: &str,
    ) -> Result<Vec<&'t RawValue>, ImportError> {
        serde_json::from_str::<Vec<&'t RawValue>>(raw.get())
            .map_err(|_| self.expected(raw, path, what))
    }

    /// An integer (integral floats such as `25000.0` accepted).
    pub(super) fn int(&self, raw: &RawValue, path: &str, what: &str) -> Result<i64, ImportError> {
        number(raw)
            .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
            .map(|f| f as i64)
            .ok_or_else(|| self.expected(raw, path, what))
    }

    /// An integer in `0..limit`.
    pub(super) fn small(
        &self,
        raw: &RawValue,
        path: &str,
        limit: u8,
        what: &str,
    ) -> Result<u8, ImportError> {
        self.int(raw, path, what).and_then(|n| {
            u8::try_from(n)
                .ok()
                .filter(|n| *n < limit)
                .ok_or_else(|| self.expected(raw, path, what))
        })
    }

    /// A string value.
    pub(super) fn string(
        &self,
        raw: &'t RawValue,
        path: &str,
        what: &str,
    ) -> Result<Cow<'t, str>, ImportError> {
        string(raw).ok_or_else(|| self.expected(raw, path, what))
    }
}

/// `base[a][i]` (e.g. `log[2][6][4]`), built without the formatting
/// machinery: every event carries one.
pub(super) fn path(base: &str, indices: &[usize]) -> String {
    let mut out = String::with_capacity(base.len() + 5 * indices.len());
    out.push_str(base);
    for &i in indices {
        out.push('[');
        push_decimal(&mut out, i);
        out.push(']');
    }
    out
}

fn push_decimal(out: &mut String, n: usize) {
    if n >= 10 {
        push_decimal(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// A JSON number.
pub(super) fn number(raw: &RawValue) -> Option<f64> {
    let text = raw.get().trim();
    if text.starts_with(['-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) {
        text.parse().ok()
    } else {
        None
    }
}

/// A JSON string, borrowed when it has no escapes.
pub(super) fn string(raw: &RawValue) -> Option<Cow<'_, str>> {
    let text = raw.get().trim();
    if !text.starts_with('"') {
        return None;
    }
    if !text.contains('\\') && text.len() >= 2 {
        return text.get(1..text.len() - 1).map(Cow::Borrowed);
    }
    serde_json::from_str::<String>(text).ok().map(Cow::Owned)
}

/// A short quote of a value for an error message.
pub(super) fn quote(raw: &RawValue) -> String {
    let text = raw.get().trim();
    if text.chars().count() > 30 {
        let head: String = text.chars().take(30).collect();
        format!("`{head}…`")
    } else {
        format!("`{text}`")
    }
}

/// Blanks `//` line comments and `/* */` block comments outside strings
/// (and a byte-order mark) with spaces, keeping newlines, so that every
/// byte offset stays true to the file. Borrows the text when it has none.
pub(super) fn strip_comments(text: &str) -> Cow<'_, str> {
    let bom = text.starts_with('\u{feff}');
    if !bom && !text.contains("//") && !text.contains("/*") {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    if bom {
        // A byte-order mark is no content either.
        blank(out.get_or_insert_with(|| bytes.to_vec()), 0, 3);
    }
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        match (b, bytes.get(i + 1)) {
            (b'"', _) => in_string = true,
            (b'/', Some(b'/')) => {
                let end = bytes[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(bytes.len(), |p| i + p);
                blank(out.get_or_insert_with(|| bytes.to_vec()), i, end);
                i = end;
                continue;
            }
            (b'/', Some(b'*')) => {
                let end = bytes[i + 2..]
                    .windows(2)
                    .position(|w| w == b"*/")
                    .map_or(bytes.len(), |p| i + 2 + p + 2);
                blank(out.get_or_insert_with(|| bytes.to_vec()), i, end);
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    match out {
        // Only whole characters were replaced by ASCII spaces.
        Some(v) => String::from_utf8(v).map_or(Cow::Borrowed(text), Cow::Owned),
        None => Cow::Borrowed(text),
    }
}

fn blank(bytes: &mut [u8], from: usize, to: usize) {
    for b in bytes.iter_mut().take(to).skip(from) {
        if *b != b'\n' {
            *b = b' ';
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths() {
        assert_eq!(path("log[2]", &[6, 14]), "log[2][6][14]");
        assert_eq!(path("x", &[0, 1_234_567]), "x[0][1234567]");
    }

    #[test]
    fn comments_become_spaces() {
        let text = "// head\n{\"a\": \"x//y\", // note é\n \"b\": /* c\n d */ 1}";
        let clean = strip_comments(text);
        assert_eq!(clean.len(), text.len());
        assert_eq!(
            clean,
            "       \n{\"a\": \"x//y\",           \n \"b\":     \n      1}"
        );
        let v: serde_json::Value = serde_json::from_str(&clean).unwrap();
        assert_eq!(v["a"], "x//y");
        assert!(matches!(strip_comments("{\"a\":1}"), Cow::Borrowed(_)));
        assert_eq!(strip_comments("\u{feff}{}"), "   {}");
        assert_eq!(strip_comments("\"\\\"//\" //x"), "\"\\\"//\"    ");
    }

    #[test]
    fn values_know_their_offsets() {
        let text = "{\"log\": [[1, \"c121314\"]]}\n{\"log\": []}";
        let doc = Doc::new(text);
        let (objects, error) = doc.objects();
        assert!(error.is_none());
        assert_eq!(objects.len(), 2);
        assert_eq!(objects[1].at, 26);
        let log = doc
            .array(objects[0].object["log"], "log", "an array")
            .unwrap();
        let kyoku = doc.array(log[0], "log[0]", "an array").unwrap();
        assert_eq!(doc.offset(kyoku[1]), 13);
        let src = doc.src(objects[1].object["log"], "log");
        assert_eq!(src.line, Some(2));
        assert_eq!(src.byte, Some(34));
    }

    #[test]
    fn syntax_errors_are_located() {
        let doc = Doc::new("{\"log\": [1,\n 2,, 3]}");
        let (objects, error) = doc.objects();
        let err = error.unwrap();
        assert_eq!(err.location.line, Some(2));
        assert_eq!(err.location.byte, Some(15));
        assert!(!err.to_string().contains(" at line "), "{err}");
        // The object is kept with what is complete before the error.
        assert_eq!(objects.len(), 1);
        assert!(objects[0].damaged);
        assert_eq!(objects[0].cut_log.as_ref().map(Vec::len), Some(2));
    }

    #[test]
    fn a_cut_document_keeps_its_complete_values() {
        let text = "{\"name\": [\"A\"], \"log\": [[1, 2], [3, [4]], [5, 6";
        let doc = Doc::new(text);
        let (objects, error) = doc.objects();
        let err = error.unwrap();
        assert!(err.is_truncation(), "{err}");
        let top = &objects[0];
        assert_eq!(top.object.keys().collect::<Vec<_>>(), ["name"]);
        let log: Vec<_> = top.cut_log.iter().flatten().map(|r| r.get()).collect();
        assert_eq!(log, ["[1, 2]", "[3, [4]]"]);
        assert_eq!(doc.offset(top.cut_log.as_ref().unwrap()[1]), 32);
    }
}
