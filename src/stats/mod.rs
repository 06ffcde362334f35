//! Player statistics over many games: win, deal-in, riichi and call
//! rates, placements and the like, each defined in `formats/stats.md`.
//!
//! A game is read once, with the audit's own replay
//! ([`crate::engine::Replay`]), into per-seat [`Tally`]s of one game
//! ([`game_stats`]: the waits of a riichi and the hand of a discarder are
//! the engine's, the payments the log's claims); the tallies of many games
//! are added up per player and table size, optionally per platform, lobby
//! or month ([`collect`]), and turned into rates ([`PlayerLine`]). Like
//! the audit it is a pure function of the games: no IO, no clock.
//!
//! Beside them, when asked, the review's items of each player
//! ([`game_stats_with_review`]): per kind per 100 decisions, with the
//! points they cost, and "what to work on" ([`review`]).

mod game;
mod player;
pub mod review;
mod tally;
pub mod write;

pub use game::{GameStats, SeatStats, game_stats, game_stats_with_review, month_of};
pub use player::{By, Options, PlayerKey, PlayerLine, PlayerStats, collect};
pub use review::ReviewTally;
pub use tally::Tally;
