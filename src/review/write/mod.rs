//! `paifu review`'s reports for a batch of files: text for people
//! ([`write_text`]), JSON lines for programs ([`write_json`], the contract
//! in `formats/review.md`) and one standalone HTML page for a student
//! ([`write_html`]). Writing is a pure function of the [`Batch`]: the same
//! files give the same bytes whatever order they were reviewed in.

mod html;
mod json;
mod text;

pub use html::write_html;
pub use json::{write_json, write_json_summary};
pub use text::{write_text, write_text_summary};

use crate::event::{Damage, Format, GameLog, Seat};
use crate::report::{
    EXIT_CLEAN, EXIT_UNREADABLE, ImportFailure, Profile, RulesChoice, Sha256Digest, Skipped,
    profile_fingerprint,
};
use crate::rules::AutoRules;

use super::{GameReview, Options, SeatSummary, review};

/// A reviewed game with how it was judged.
#[derive(Clone, PartialEq, Debug)]
pub struct ReviewedGame {
    /// The log's format.
    pub format: Format,
    /// The SHA-256 of the file's bytes as read (before gzip is undone);
    /// `None` until the reader that had the bytes sets it ([`review_game`]
    /// sees only the log).
    pub sha256: Option<Sha256Digest>,
    /// The profile it was reviewed under.
    pub profile: Profile,
    /// The fingerprint of that profile as applied to this game
    /// ([`profile_fingerprint`]).
    pub profile_sha256: Sha256Digest,
    /// How `auto` chose the profile.
    pub notes: Vec<String>,
    /// Where the file is damaged, when it is: the kyoku before the damage
    /// are reviewed, the rest is lost.
    pub damage: Option<Damage>,
    /// The review.
    pub review: GameReview,
}

/// Reviews one game under the profile `choice` gives it.
#[must_use]
pub fn review_game(log: &GameLog, choice: &RulesChoice, options: &Options) -> ReviewedGame {
    let AutoRules { rules, notes } = choice.for_log(log);
    ReviewedGame {
        format: log.meta.format,
        sha256: None,
        profile: Profile::of(&rules),
        profile_sha256: profile_fingerprint(&rules),
        notes,
        damage: log.meta.damage.clone(),
        review: review(log, &rules, options),
    }
}

/// What became of one input file.
#[derive(Clone, PartialEq, Debug)]
pub enum Outcome {
    /// Imported and reviewed.
    Reviewed(Box<ReviewedGame>),
    /// Found by walking a folder, the file is no game log: skipped.
    Skipped(Skipped),
    /// The file could not be read or imported.
    ImportError(ImportFailure),
    /// paifu itself failed on the file (a bug: the message).
    InternalError(String),
}

impl Outcome {
    /// The SHA-256 of the file's bytes as read, where known.
    #[must_use]
    pub fn sha256(&self) -> Option<Sha256Digest> {
        match self {
            Self::Reviewed(g) => g.sha256,
            Self::Skipped(s) => s.sha256,
            Self::ImportError(e) => e.sha256,
            Self::InternalError(_) => None,
        }
    }
}

/// One input file and what became of it.
#[derive(Clone, PartialEq, Debug)]
pub struct ReviewedFile {
    /// The path as given (or found in a folder); `-` for standard input.
    pub file: String,
    /// The review, or why there is none.
    pub outcome: Outcome,
}

/// A batch of files, in input order, and what to show of them.
#[derive(Clone, PartialEq, Debug)]
pub struct Batch {
    /// `auto` or the fixed profile's name.
    pub rules: String,
    /// The files.
    pub files: Vec<ReviewedFile>,
    /// Only this seat (a number) or player (a name), when given.
    pub seat: Option<String>,
    /// Write every decision and passed chance too (JSON lines).
    pub decisions: bool,
    /// The options the games were reviewed with.
    pub options: Options,
}

impl Batch {
    /// The games reviewed, with their file names.
    pub fn games(&self) -> impl Iterator<Item = (&str, &ReviewedGame)> {
        self.files.iter().filter_map(|f| match &f.outcome {
            Outcome::Reviewed(g) => Some((f.file.as_str(), g.as_ref())),
            Outcome::Skipped(_) | Outcome::ImportError(_) | Outcome::InternalError(_) => None,
        })
    }

    /// Whether a seat of a game is shown.
    #[must_use]
    pub fn shows(&self, game: &GameReview, seat: Seat) -> bool {
        self.seat
            .as_deref()
            .is_none_or(|who| game.find_seat(who) == Some(seat))
    }

    /// The totals, per player (by name; by seat number when the names are
    /// empty), of the seats shown.
    #[must_use]
    pub fn summary(&self) -> BatchSummary {
        let mut s = BatchSummary {
            files: self.files.len(),
            ..BatchSummary::default()
        };
        let mut players: Vec<SeatSummary> = Vec::new();
        for f in &self.files {
            match &f.outcome {
                Outcome::Reviewed(g) => {
                    s.games += 1;
                    s.kyoku += g.review.kyoku;
                    for seat in &g.review.summary {
                        if !seat.seat.is_some_and(|x| self.shows(&g.review, x)) {
                            continue;
                        }
                        s.total.merge(seat);
                        let name = if seat.name.is_empty() {
                            seat.seat.map_or_else(String::new, |x| format!("seat {x}"))
                        } else {
                            seat.name.clone()
                        };
                        match players.iter_mut().find(|p| p.name == name) {
                            Some(p) => p.merge(seat),
                            None => players.push(SeatSummary {
                                seat: None,
                                name,
                                ..seat.clone()
                            }),
                        }
                    }
                    s.disagreements += g.review.disagreements.len();
                    s.damaged += usize::from(g.damage.is_some());
                }
                Outcome::Skipped(_) => s.skipped += 1,
                Outcome::ImportError(_) => s.import_errors += 1,
                Outcome::InternalError(_) => s.internal_errors += 1,
            }
        }
        s.total.name = "all".into();
        s.total.seat = None;
        players.sort_by(|a, b| a.name.cmp(&b.name));
        s.players = players;
        s
    }

    /// The exit status: [`EXIT_UNREADABLE`] when a file could not be read
    /// or reviewed, or was read only up to damage (a skipped file is
    /// neither), else [`EXIT_CLEAN`].
    #[must_use]
    pub fn exit_status(&self) -> u8 {
        if self.files.iter().any(|f| match &f.outcome {
            Outcome::ImportError(_) | Outcome::InternalError(_) => true,
            Outcome::Reviewed(g) => g.damage.is_some(),
            Outcome::Skipped(_) => false,
        }) {
            EXIT_UNREADABLE
        } else {
            EXIT_CLEAN
        }
    }
}

/// The totals of a batch.
#[derive(Clone, PartialEq, Debug, Default, serde::Serialize)]
pub struct BatchSummary {
    /// Input files.
    pub files: usize,
    /// Games reviewed.
    pub games: usize,
    /// Kyoku reviewed.
    pub kyoku: usize,
    /// Files that could not be read.
    pub import_errors: usize,
    /// Files paifu failed on.
    pub internal_errors: usize,
    /// Files found in folders that are no game logs, skipped.
    pub skipped: usize,
    /// Files damaged part-way: the kyoku before the damage are reviewed.
    pub damaged: usize,
    /// Wins in the logs the review could not confirm (a bug when the audit
    /// accepts them; see `formats/review.md`).
    pub disagreements: usize,
    /// Every seat shown, added up.
    pub total: SeatSummary,
    /// Per player, sorted by name.
    pub players: Vec<SeatSummary>,
}

/// A seat as reports name it: `seat 2 (Name)`.
pub(crate) fn seat_label(game: &GameReview, seat: Seat) -> String {
    match game.players.get(seat.index()).filter(|n| !n.is_empty()) {
        Some(name) => format!("seat {seat} ({name})"),
        None => format!("seat {seat}"),
    }
}

/// Compact notation of a hand with its melds: `123m456p11z [555z] [a7777z]`.
pub(crate) fn hand_text(hand: &[crate::tile::Tile], melds: &[crate::score::Meld]) -> String {
    let mut out = crate::tile::format_hand(hand);
    for m in melds {
        let mut tiles = m.tiles.clone();
        crate::tile::sort_tiles(&mut tiles);
        let prefix = if m.kind == crate::score::MeldKind::Ankan {
            "a"
        } else {
            ""
        };
        out.push_str(&format!(" [{prefix}{}]", crate::tile::format_hand(&tiles)));
    }
    out
}
