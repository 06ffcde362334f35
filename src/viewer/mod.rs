//! `paifu view`: an egui desktop app that steps through a game with the
//! audit's findings and the review's items flagged on the board.
//!
//! The viewer holds no rule logic. [`Session`] (no egui types) holds the
//! game, its audit, its review ([`crate::review`], computed when the game
//! is opened or the profile changes) and a cursor, and answers from the
//! engine's replay API ([`crate::engine::view_at`],
//! [`crate::engine::win_at`]); the panels draw what it answers and turn
//! clicks and keys into [`Command`]s, which are applied after the frame is
//! drawn.

mod app;
mod board;
pub mod describe;
pub mod fonts;
mod marks;
mod panels;
mod screenshot;
mod session;
mod tiles;

use std::path::PathBuf;

pub use app::{Action, Options, ViewerApp, WhatIfAction, WhatIfView, find_kyoku};
pub use board::{BoardLayout, Mark, MarkTarget};
pub use fonts::{CjkSource, FontChoice};
pub use session::{Command, KyokuEntry, Profile, RecentFiles, Session};
pub use tiles::{Face, TileAtlas};

use crate::import::ImportError;

/// What can go wrong in the viewer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ViewerError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not a game log paifu can read.
    #[error("{source_name}: {error}")]
    Import {
        /// The file.
        source_name: String,
        /// The importer's error, with its location.
        error: Box<ImportError>,
    },
    /// A profile name that is neither `auto` nor a preset.
    #[error("`{0}` is neither a rule profile (auto, {presets}) nor a file", presets = crate::rules::Rules::PRESETS.join(", "))]
    UnknownProfile(String),
    /// A rules file that is not a profile.
    #[error("rules file {path}: {message}")]
    RulesFile {
        /// The file.
        path: PathBuf,
        /// What is wrong, with its line and column.
        message: String,
    },
    /// A `--rules` spec the viewer cannot take (a list where one profile
    /// is named).
    #[error("{0}")]
    Spec(crate::rules::SpecError),
    /// The bundled tile set could not be decoded.
    #[error("tile set: {0}")]
    Assets(String),
    /// The bundled CJK font could not be inflated.
    #[error("bundled font: {0}")]
    Font(String),
    /// No window could be opened (no display, no OpenGL).
    #[error("cannot open a window: {0} (is a display available? run under Xvfb for --screenshot)")]
    Window(String),
    /// The screenshot could not be taken or written.
    #[error("screenshot: {0}")]
    Screenshot(String),
    /// `--kyoku`, `--event` or `--item` names nothing in the game.
    #[error("{0}")]
    Position(String),
}

/// The spec's errors in the viewer's words: an unknown name lists `auto`
/// among the profiles, a folder is no profile, a file that cannot be read
/// is named as any other.
impl From<crate::rules::SpecError> for ViewerError {
    fn from(e: crate::rules::SpecError) -> Self {
        use crate::rules::SpecError;
        match e {
            SpecError::Unknown(name) => Self::UnknownProfile(name),
            SpecError::Read { path, .. } if path.is_dir() => {
                Self::UnknownProfile(path.display().to_string())
            }
            SpecError::Read { path, error } => Self::Read {
                path,
                source: error,
            },
            SpecError::Json { path, error } => Self::RulesFile {
                path,
                message: error.to_string(),
            },
            other => Self::Spec(other),
        }
    }
}

/// Opens the viewer window and runs it until it is closed.
///
/// # Errors
///
/// When no window can be opened.
pub fn run(options: Options) -> Result<(), ViewerError> {
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("paifu")
            .with_inner_size([options.width, options.height])
            .with_drag_and_drop(true),
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "paifu",
        native,
        Box::new(move |_| Ok(Box::new(ViewerApp::new(options)))),
    )
    .map_err(|e| ViewerError::Window(e.to_string()))
}

pub use screenshot::screenshot;
