//! Riichi City game records: the server's JSON (`formats/riichicity.md`).
//!
//! Not read yet: every record is refused with a located error.

use crate::event::{Format, GameLog, Source};
use crate::import::{ImportError, ImportErrorKind, Parsed};

/// Reads a Riichi City game record (JSON).
///
/// # Errors
///
/// An [`ImportError`] at the first value that cannot become events.
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    crate::import::import_str(text, Format::RiichiCity)
}

/// Reads a record.
pub(crate) fn read(_text: &str, _cut: bool) -> Parsed {
    Parsed::Damaged {
        saved: None,
        error: ImportError::new(
            Format::RiichiCity,
            Source::default(),
            ImportErrorKind::Unsupported {
                what: "a Riichi City game record (`handRecord`)".to_owned(),
                platform: "Riichi City".to_owned(),
            },
        ),
    }
}
