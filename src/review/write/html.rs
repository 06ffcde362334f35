//! The HTML report (written in a later step).

use std::io::{self, Write};

use super::Batch;

/// Writes the HTML report.
///
/// # Errors
///
/// The writer's.
pub fn write_html(batch: &Batch, out: &mut impl Write) -> io::Result<()> {
    let _ = batch;
    out.write_all(b"<!doctype html>\n")
}
