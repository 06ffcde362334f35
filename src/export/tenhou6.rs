//! Writes a game as tenhou6.

use crate::event::{Format, GameLog};
use crate::export::ExportError;

/// Writes `log` as tenhou6.
///
/// # Errors
///
/// [`ExportError::Unsupported`] when the format cannot express the game.
pub fn write(log: &GameLog) -> Result<String, ExportError> {
    let _ = log;
    Err(ExportError::Unsupported {
        format: Format::Mjai,
        reason: "not written yet".into(),
    })
}

/// What survives an export to this format and an import back.
#[must_use]
pub fn carried(log: &GameLog) -> GameLog {
    log.clone()
}
