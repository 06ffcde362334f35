//! The panels around the board, each a small module that draws from the
//! session and pushes [`super::app::Action`]s.

pub mod candidates;
pub mod compare;
pub mod controls;
pub mod findings;
pub mod kyoku_list;
pub mod review;
pub mod timeline;
pub mod wall;
pub mod whatif;
pub mod why;
pub mod yaku_names;
