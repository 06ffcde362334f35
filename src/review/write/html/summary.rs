//! The summaries: each shown seat's at the end of its game, and the
//! batch's per player and in total at the end of the page. The columns
//! are the figures of the text report's seat line.

use std::io::{self, Write};

use super::Esc;
use super::item::seat_html;
use crate::batch::SKIPPED_REASON;
use crate::batch::text::{RareCount, write_counts};
use crate::html::glyphs::Names;
use crate::review::write::ReviewBatch;
use crate::review::{GameReview, SeatSummary};

const HEAD: &str = "<th>decisions</th><th>efficiency agreement</th><th>mistakes</th><th>inaccuracies</th><th>notes</th><th>items by kind</th><th>missed wins (points)</th><th>deal-ins (with a safe tile in hand)</th><th>calls passed</th>";

/// The shown seats of a game.
pub(super) fn write_seats(
    batch: &ReviewBatch,
    names: &Names,
    r: &GameReview,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(
        out,
        r#"<div class="scroll"><table class="summary"><caption>Seats</caption><thead><tr><th>seat</th>{HEAD}</tr></thead><tbody>"#
    )?;
    for s in &r.summary {
        if let Some(seat) = s.seat.filter(|x| batch.shows(r, *x)) {
            write_row(&seat_html(r, names, seat), s, None, out)?;
        }
    }
    writeln!(out, "</tbody></table></div>")
}

/// The batch: counts, then each player and the total.
pub(super) fn write_batch(
    batch: &ReviewBatch,
    names: &Names,
    out: &mut dyn Write,
) -> io::Result<()> {
    let s = batch.summary();
    writeln!(
        out,
        r#"<section class="batch" id="summary"><h2>Summary</h2>"#
    )?;
    write!(out, "<p>")?;
    write_counts(out, &batch.tally(), s.kyoku, &[RareCount::Skipped])?;
    writeln!(out, "</p>")?;
    write_skipped(batch, out)?;
    writeln!(
        out,
        r#"<div class="scroll"><table class="summary"><thead><tr><th>player</th><th>games</th>{HEAD}</tr></thead><tbody>"#
    )?;
    for p in &s.players {
        write_row(&names.html(&p.name).to_string(), p, Some(p.games), out)?;
    }
    // The total's own `games` adds up seats; the batch counts games.
    writeln!(out, "</tbody><tfoot>")?;
    write_row("all", &s.total, Some(s.games), out)?;
    writeln!(out, "</tfoot></table></div>")?;
    if s.disagreements > 0 {
        writeln!(
            out,
            r#"<p class="warn">{} wins in the logs the review could not confirm (see formats/review.md)</p>"#,
            s.disagreements
        )?;
    }
    writeln!(
        out,
        "<p class=\"fine\">efficiency threshold {}%; paifu {}</p></section>",
        batch.options.efficiency_threshold,
        crate::report::PAIFU_VERSION
    )
}

/// The files skipped as no game logs, in input order.
fn write_skipped(batch: &ReviewBatch, out: &mut dyn Write) -> io::Result<()> {
    let mut skipped = batch.skipped().peekable();
    if skipped.peek().is_none() {
        return Ok(());
    }
    write!(
        out,
        r#"<p class="fine">skipped ({SKIPPED_REASON}, found in a folder):</p><ul class="skipped">"#
    )?;
    for file in skipped {
        write!(out, "<li>{}</li>", Esc(file))?;
    }
    writeln!(out, "</ul>")
}

/// One seat's or player's row (`who` is HTML); `games` fills the games
/// column of the batch's table.
fn write_row(
    who: &str,
    s: &SeatSummary,
    games: Option<usize>,
    out: &mut dyn Write,
) -> io::Result<()> {
    write!(out, "<tr><th>{who}</th>")?;
    if let Some(n) = games {
        write!(out, r#"<td class="n">{n}</td>"#)?;
    }
    let agreement = s
        .agreement_text()
        .unwrap_or_else(|| "no efficiency decisions".to_owned());
    // Most frequent first, as the text report's batch summary.
    let kinds: String = s
        .items_by_frequency()
        .iter()
        .map(|(k, n)| format!("<span>{} {n}</span>", Esc(k)))
        .collect();
    writeln!(
        out,
        r#"<td class="n">{}</td><td>{agreement}</td><td class="n">{}</td><td class="n">{}</td><td class="n">{}</td><td class="kinds">{kinds}</td><td class="n">{} ({})</td><td class="n">{} ({})</td><td class="n">{}</td></tr>"#,
        s.decisions,
        s.by_weight.mistake,
        s.by_weight.inaccuracy,
        s.by_weight.note,
        s.missed_wins,
        s.missed_win_points,
        s.deal_ins,
        s.deal_ins_with_safe_tile,
        s.calls_passed
    )
}
