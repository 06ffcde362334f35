//! The `paifu` command line.

fn main() {}
