//! paifu (牌譜, "game record") replays and audits recorded Riichi mahjong
//! games.
//!
//! The pipeline: log bytes → [`import`] (Tenhou XML, tenhou.net/6 JSON, mjai)
//! → one normalised [`event`] stream ([`event::GameLog`]) → the rules engine
//! and the viewer (`viewer`, a cargo feature on by default); [`export`]
//! writes the stream back as mjai or tenhou.net/6;
//! [`report`] turns audits of many files into `paifu audit`'s reports;
//! [`review`] finds each player's mistakes for a teacher.
//! `ARCHITECTURE.md` has the map, `formats/` the written specifications.

pub mod batch;
pub mod catalogue;
pub mod cjk;
pub mod compare;
pub mod engine;
pub mod event;
pub mod export;
pub mod faces;
pub mod hand;
mod html;
pub mod import;
pub mod names;
pub mod plural;
pub mod report;
pub mod review;
pub mod rules;
pub mod score;
pub mod stats;
pub mod tile;
#[cfg(feature = "viewer")]
pub mod viewer;
pub mod whatif;
pub mod yaku;

#[cfg(test)]
mod test_support;
