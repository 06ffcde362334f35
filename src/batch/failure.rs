//! Why a file gave no game: the import error in the reports' form, and
//! which errors mean a file is no game log at all (skipped in a folder).

use crate::event::Format;
use crate::import::{ImportError, ImportErrorKind};

/// Why a file is skipped, in the reports.
pub const SKIPPED_REASON: &str = "not a game log";

/// Why a file could not be read or imported: the error in one line and,
/// apart, the fields of the [`ImportError`] (all `None` when the file could
/// not even be opened).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ImportFailure {
    /// The error in one line, as `paifu: FILE: …` prints it.
    pub message: String,
    /// The format the file was being read as; `None` when not recognised.
    pub format: Option<Format>,
    /// 1-based line of the (decompressed) input.
    pub line: Option<u32>,
    /// 0-based byte offset in the (decompressed) input.
    pub byte: Option<u64>,
    /// What the format requires at that place.
    pub expected: Option<String>,
    /// What is there.
    pub found: Option<String>,
}

impl ImportFailure {
    /// The failure an import error describes.
    #[must_use]
    pub fn of(err: &ImportError) -> Self {
        let (expected, found) = match &err.kind {
            ImportErrorKind::Expected { expected, found } => {
                (Some(expected.clone()), Some(found.clone()))
            }
            ImportErrorKind::NotALog { found } => (None, Some(found.clone())),
            ImportErrorKind::Missing { name } => (Some(name.clone()), None),
            _ => (None, None),
        };
        Self {
            message: err.to_string(),
            format: err.format,
            line: err.location.line,
            byte: err.location.byte,
            expected,
            found,
        }
    }
}

/// A failure known only by its message (a file that cannot be opened).
impl From<String> for ImportFailure {
    fn from(message: String) -> Self {
        Self {
            message,
            ..Self::default()
        }
    }
}

impl From<&str> for ImportFailure {
    fn from(message: &str) -> Self {
        message.to_owned().into()
    }
}

/// Whether an import error means the bytes are no game log at all (a
/// README beside the logs, an empty file), as opposed to a log that is
/// broken: a file of that kind found by walking a folder is skipped. A
/// JSON object that is no log (a settings file, an expected-values table,
/// the audit's own JSON lines) is one of them.
#[must_use]
pub fn is_not_a_log(err: &ImportError) -> bool {
    matches!(
        err.kind,
        ImportErrorKind::NotALog { .. } | ImportErrorKind::UnknownJson { .. }
    )
}
