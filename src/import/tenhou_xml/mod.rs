//! Tenhou mjlog XML importer (`formats/tenhou-xml.md`).

use crate::event::{Format, GameLog, Source};
use crate::import::{ImportError, ImportErrorKind};

/// Reads a Tenhou mjlog XML document.
///
/// # Errors
///
/// An [`ImportError`] locating the first element that cannot become events.
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    let _ = text;
    Err(ImportError::new(
        Format::TenhouXml,
        Source::default(),
        ImportErrorKind::Empty,
    ))
}
