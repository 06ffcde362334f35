//! mjai JSON lines importer (`formats/mjai.md`).

use crate::event::{Format, GameLog, Source};
use crate::import::{ImportError, ImportErrorKind};

/// Reads an mjai log: one event per line, or one array of events per line.
///
/// # Errors
///
/// An [`ImportError`] at the first line that is not an event.
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    let _ = text;
    Err(ImportError::new(
        Format::Mjai,
        Source::default(),
        ImportErrorKind::Empty,
    ))
}
