//! `paifu review`'s reports for a batch of files: text for people
//! ([`write_text`]), JSON lines for programs ([`write_json`], the contract
//! in `formats/review.md`) and one standalone HTML page for a student
//! ([`write_html`]). Writing is a pure function of the [`ReviewBatch`]:
//! the same files give the same bytes whatever order they were reviewed
//! in. What every batch report says of its files (headings, skipped,
//! unreadable, damaged, inputs) is `crate::batch`'s; these writers add
//! the review's own.

mod html;
mod json;
mod text;

pub use html::{Cost, work_on, write_html};
pub use json::{write_json, write_json_summary};
pub use text::{write_text, write_text_summary};

use std::ops::Deref;

use crate::batch::{
    Batch, BatchFile, EXIT_CLEAN, EXIT_UNREADABLE, Judged, Sha256Digest, profile_fingerprint,
};
use crate::event::{Damage, Format, GameLog, Seat};
use crate::report::Profile;
use crate::rules::{AutoRules, RulesChoice};

use super::{GameReview, Options, SeatSummary, review};

/// A reviewed game with how it was judged.
#[derive(Clone, PartialEq, Debug)]
pub struct ReviewedGame {
    /// The log's format.
    pub format: Format,
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
        profile: Profile::of(&rules),
        profile_sha256: profile_fingerprint(&rules),
        notes,
        damage: log.meta.damage.clone(),
        review: review(log, &rules, options),
    }
}

impl Judged for ReviewedGame {
    fn profile_sha256(&self) -> Sha256Digest {
        self.profile_sha256
    }

    fn damage(&self) -> Option<&Damage> {
        self.damage.as_ref()
    }

    fn kyoku(&self) -> usize {
        self.review.kyoku
    }
}

/// One input file and its review, or why there is none.
pub type ReviewedFile = BatchFile<ReviewedGame>;

/// A batch of files reviewed, in input order, and what to show of them.
#[derive(Clone, PartialEq, Debug)]
pub struct ReviewBatch {
    /// The files and the profile chosen for them.
    pub batch: Batch<ReviewedGame>,
    /// Only this seat (a number) or player (a name), when given.
    pub seat: Option<String>,
    /// Write every decision and passed chance too (JSON lines).
    pub decisions: bool,
    /// The options the games were reviewed with.
    pub options: Options,
}

/// The review's batch reads as the batch of its files.
impl Deref for ReviewBatch {
    type Target = Batch<ReviewedGame>;

    fn deref(&self) -> &Self::Target {
        &self.batch
    }
}

impl ReviewBatch {
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
        let tally = self.tally();
        let mut s = BatchSummary {
            files: tally.files,
            games: tally.games,
            import_errors: tally.import_errors,
            internal_errors: tally.internal_errors,
            skipped: tally.skipped,
            damaged: tally.damaged,
            ..BatchSummary::default()
        };
        let mut players: Vec<SeatSummary> = Vec::new();
        for (_, g) in self.games() {
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
        if self.tally().unreadable() {
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
