//! Exporters: a [`GameLog`] written as mjai or tenhou.net/6.
//!
//! A target format may be unable to say something the event stream holds.
//! The exporter then writes what the format can and adds a note to the
//! output's metadata (key `paifu_notes`); [`carried_by`] is the exact
//! statement of what survives, used by the round-trip tests.

pub mod mjai;
pub mod tenhou6;

use crate::event::{Format, GameLog};

/// Why a game cannot be written in a format at all.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The target format cannot express this game.
    #[error("cannot write {format}: {reason}")]
    Unsupported {
        /// The target format.
        format: Format,
        /// Why.
        reason: String,
    },
    /// JSON serialisation failed.
    #[error("cannot serialise: {0}")]
    Json(#[from] serde_json::Error),
}

/// Writes `log` in `format`.
///
/// # Errors
///
/// [`ExportError::Unsupported`] when the format cannot express the game.
pub fn export(log: &GameLog, format: Format) -> Result<String, ExportError> {
    match format {
        Format::Mjai => mjai::write(log),
        Format::Tenhou6 => tenhou6::write(log),
        Format::TenhouXml => Err(ExportError::Unsupported {
            format,
            reason: "writing Tenhou XML is not supported".into(),
        }),
    }
}

/// The part of `log` that `format` can carry: what an export to `format`
/// followed by an import gives back, source locations aside.
#[must_use]
pub fn carried_by(log: &GameLog, format: Format) -> GameLog {
    match format {
        Format::Mjai => mjai::carried(log),
        Format::Tenhou6 => tenhou6::carried(log),
        Format::TenhouXml => log.clone(),
    }
}
