//! The record's text and the places of its values.
//!
//! A value of the record is located by its JSON path
//! (`data.handRecord[3].handEventRecord[17].data`) with its line and byte.
//! An event's fields are a JSON string inside the record: a field in it is
//! named after a `#` (`…handEventRecord[17].data#win_info[0].fang_info`),
//! at the line and byte of the string.

use std::collections::BTreeMap;

use serde_json::value::RawValue;

use crate::event::{Format, Source};
use crate::import::{ImportError, LineIndex};

/// A JSON object with its members unparsed.
pub(super) type Object<'t> = BTreeMap<&'t str, &'t RawValue>;

/// The text with what is needed to locate its values.
pub(super) struct Doc<'t> {
    text: &'t str,
    lines: LineIndex,
}

impl<'t> Doc<'t> {
    pub(super) fn new(text: &'t str) -> Self {
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
            .saturating_sub(self.text.as_ptr().addr())
            .min(self.text.len());
        Source {
            line: Some(self.lines.line(byte)),
            byte: Some(byte as u64),
            element: None,
            path: (!path.is_empty()).then(|| path.to_owned()),
        }
    }

    /// Reads a value as `T`, or says where it is not one.
    pub(super) fn value<T: serde::de::Deserialize<'t>>(
        &self,
        raw: &'t RawValue,
        path: &str,
        what: &str,
    ) -> Result<T, ImportError> {
        serde_json::from_str(raw.get()).map_err(|e| {
            ImportError::expected(
                Format::RiichiCity,
                self.src(raw, path),
                what.to_owned(),
                e.to_string(),
            )
        })
    }
}

/// `path.key`, or `key` at the top.
pub(super) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// A place inside an event's embedded fields: `src` with `#field` added
/// to its path.
pub(super) fn inside(src: &Source, field: &str) -> Source {
    let mut at = src.clone();
    at.path = Some(match &src.path {
        Some(p) => format!("{p}#{field}"),
        None => format!("#{field}"),
    });
    at
}

/// A JSON syntax error at its place.
pub(super) fn syntax(text: &str, e: &serde_json::Error) -> ImportError {
    ImportError::json_record_syntax(Format::RiichiCity, text, e)
}
