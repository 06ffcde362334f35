//! tenhou.net/6 JSON importer (`formats/tenhou6.md`).

use crate::event::{Format, GameLog, Source};
use crate::import::{ImportError, ImportErrorKind};

/// Reads a tenhou.net/6 JSON game: one object, or one object per line.
///
/// # Errors
///
/// An [`ImportError`] locating the first value that cannot become events.
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    let _ = text;
    Err(ImportError::new(
        Format::Tenhou6,
        Source::default(),
        ImportErrorKind::Empty,
    ))
}
