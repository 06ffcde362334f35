//! Import errors: the input cannot become events.
//!
//! An importer never judges whether play was legal; it fails only when the
//! bytes cannot be read as a game at all. Each error names the format, the
//! place in the file and what was expected there.

use std::fmt;

use crate::event::{Damage, Format, Source};

/// The input cannot become an event stream.
#[derive(Debug, thiserror::Error)]
pub struct ImportError {
    /// The format the input was being read as (`None`: not recognised).
    pub format: Option<Format>,
    /// Where in the input.
    pub location: Source,
    /// What went wrong.
    pub kind: ImportErrorKind,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.format {
            Some(format) => write!(f, "{format}: ")?,
            None => f.write_str("unrecognised input: ")?,
        }
        if !self.location.is_unknown() {
            write!(f, "{}: ", self.location)?;
        }
        write!(f, "{}", self.kind)
    }
}

impl ImportError {
    /// An error of `kind` at `location` while reading `format`.
    #[must_use]
    pub fn new(format: Format, location: Source, kind: ImportErrorKind) -> Self {
        Self {
            format: Some(format),
            location,
            kind,
        }
    }

    /// The damage this error stands for in a log that kept what came before
    /// it; `format` is the format the log was read as (decoding errors have
    /// none of their own).
    #[must_use]
    pub fn damage(&self, format: Format) -> Damage {
        Damage {
            format: self.format.unwrap_or(format),
            location: self.location.clone(),
            message: self.kind.to_string(),
        }
    }

    /// Whether the error is the input ending early (a cut file), rather than
    /// something wrong in what is there.
    #[must_use]
    pub fn is_truncation(&self) -> bool {
        matches!(self.kind, ImportErrorKind::Truncated { .. })
    }

    /// A JSON syntax error in a platform's record (one JSON value, read
    /// whole) at its place: the record cut short, or broken there.
    pub(crate) fn json_record_syntax(format: Format, text: &str, e: &serde_json::Error) -> Self {
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
        Self::new(
            format,
            Source {
                line: Some(line),
                byte: Some(byte as u64),
                element: None,
                path: None,
            },
            kind,
        )
    }

    /// Shorthand for the most common kind: `expected` was wanted, `found` was there.
    #[must_use]
    pub fn expected(
        format: Format,
        location: Source,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> Self {
        Self::new(
            format,
            location,
            ImportErrorKind::Expected {
                expected: expected.into(),
                found: found.into(),
            },
        )
    }
}

/// What went wrong while importing.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ImportErrorKind {
    /// The bytes are none of the supported formats.
    #[error(
        "not a game log: expected Tenhou XML (<mjloggm>), tenhou.net/6 JSON (an object with \"log\"), mjai JSON lines (objects with \"type\"), a Mahjong Soul record (JSON with \"head\" and its records, or the protobuf bytes of the game's download) or a Riichi City record (JSON with \"handRecord\"), found {found}"
    )]
    NotALog {
        /// A short quote of what was found.
        found: String,
    },
    /// A JSON document of a game record paifu does not read (yet).
    #[error(
        "{what}: paifu cannot read {platform} records yet; it reads Tenhou XML, tenhou.net/6 JSON, mjai JSON lines, Mahjong Soul records (JSON or protobuf) and Riichi City records (JSON)"
    )]
    Unsupported {
        /// What the document looks like, with the keys that tell it.
        what: String,
        /// Whose records they are (`Mahjong Soul`, `Riichi City`).
        platform: String,
    },
    /// Data of a platform's game that is not a whole record of it (the
    /// pieces of one, taken out of it).
    #[error("{what}: not a game record: {why}")]
    NotARecord {
        /// What the data looks like.
        what: String,
        /// Why it cannot become a game.
        why: String,
    },
    /// A JSON object that is no game log paifu knows.
    #[error(
        "not a game log: a JSON object with {keys}; tenhou.net/6 JSON has the key \"log\", mjai JSON lines have \"type\" in every line"
    )]
    UnknownJson {
        /// A few of its keys, quoted (`the keys \`code\`, \`data\``).
        keys: String,
    },
    /// The input stops before the document does: a file cut short.
    #[error("the input ends {place}")]
    Truncated {
        /// Where it ends: `inside the tag \`<AGARI …\``, `before \`</mjloggm>\``.
        place: String,
    },
    /// The gzip stream is broken.
    #[error("cannot decompress gzip: {0}")]
    Gzip(#[source] std::io::Error),
    /// The input (after decompression) is larger than the limit.
    #[error(
        "input larger than the limit of {limit} bytes (refused; raise it with --max-size if the file is genuine)"
    )]
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// Reading the input failed.
    #[error("cannot read: {0}")]
    Io(#[source] std::io::Error),
    /// The input is not UTF-8 text.
    #[error("expected UTF-8 text: {0}")]
    NotUtf8(#[source] std::str::Utf8Error),
    /// The XML or JSON syntax is broken.
    #[error("syntax error: {message}")]
    Syntax {
        /// The parser's message.
        message: String,
    },
    /// Something other than what the format requires at this place.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the format requires here.
        expected: String,
        /// What is there.
        found: String,
    },
    /// A required field or attribute is missing.
    #[error("missing {name}")]
    Missing {
        /// The field, attribute or element.
        name: String,
    },
    /// A tile code that is no tile.
    #[error("{0}")]
    Tile(#[from] crate::tile::TileError),
    /// The order of play cannot be rebuilt (tenhou.net/6 stores each
    /// player's draws and discards apart).
    #[error("cannot rebuild the order of play: {detail}")]
    Order {
        /// Why.
        detail: String,
    },
    /// The input holds no kyoku.
    #[error("no kyoku in the log")]
    Empty,
}
