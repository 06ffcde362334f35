//! The Riichi City reader on small hand-written records.
