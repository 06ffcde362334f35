//! The HTML report: one standalone page a teacher can send to a student.
//! Nothing is fetched: the tile faces are the bundled CC0 atlas embedded
//! once as a data URI and drawn as CSS sprites, the fonts are the
//! system's. Per file a header (the file's SHA-256, format, players,
//! profile and its fingerprint, notes), per
//! kyoku its items — each with the hand drawn as tiles, the tile played
//! and the better tiles marked, the numbers, the sentence and its
//! citation, and the acceptance table of the decision analysed there —
//! then each shown seat's summary; the batch's summary closes the page,
//! with the files found in folders that are no game logs (skipped).
//! Every text from a log is escaped; the same batch gives the same bytes.

mod item;
mod summary;

use std::io::{self, Write};

use super::{ReviewBatch, ReviewedFile, ReviewedGame, seat_label};
use crate::batch::FileOutcome;
use crate::html::tiles::{self, Mark, Size, TileHtml};
use crate::report::PAIFU_VERSION;
use crate::review::{GameReview, Item};

use crate::html::BASE_STYLE as STYLE;

/// Marks the page once the atlas has loaded with a size, for automated
/// checks of a render (`tests/review_html.rs`): the image's size and the
/// box of the first tile drawn. The page needs no script to display.
const SCRIPT: &str = r#"addEventListener("load",function(){var d=document.documentElement,t=document.querySelector(".hand .t");if(!t)return;var m=/url\("?([^")]*)"?\)/.exec(getComputedStyle(t).backgroundImage);if(!m)return;var i=new Image();i.onload=function(){if(!i.naturalWidth)return;var r=t.getBoundingClientRect();d.setAttribute("data-tiles-ok",i.naturalWidth+"x"+i.naturalHeight);d.setAttribute("data-tile-box",[r.left+scrollX,r.top+scrollY,r.width,r.height].map(Math.round).join(","))};i.src=m[1]})"#;

/// The kit's escaping, for the page's parts.
pub(super) use crate::html::Esc;

/// A shanten for people: `complete`, `tenpai`, `2-shanten`.
pub(super) fn shanten_words(shanten: i8) -> String {
    match shanten {
        ..0 => "complete".to_owned(),
        0 => "tenpai".to_owned(),
        n => format!("{n}-shanten"),
    }
}

/// A kyoku label for people: `E2-1` is `East 2, 1 counter`.
fn kyoku_words(label: &str) -> Option<String> {
    let (round, counters) = label.split_once('-')?;
    let mut chars = round.chars();
    let letter = chars.next()?;
    let wind = (0..4)
        .map(crate::event::Wind::from_index)
        .find(|w| w.letter() == letter)
        .map(crate::names::wind)?;
    let number: u8 = chars.as_str().parse().ok()?;
    let counters: u8 = counters.parse().ok()?;
    let plural = if counters == 1 { "" } else { "s" };
    Some(format!("{wind} {number}, {counters} counter{plural}"))
}

/// Writes the HTML report.
///
/// # Errors
///
/// The writer's.
pub fn write_html(batch: &ReviewBatch, out: &mut impl Write) -> io::Result<()> {
    let out: &mut dyn Write = out;
    write_head(batch, out)?;
    for (n, f) in batch.files.iter().enumerate() {
        if !matches!(f.outcome, FileOutcome::Skipped) {
            write_file(batch, n, f, out)?;
        }
    }
    summary::write_batch(batch, out)?;
    writeln!(out, "</main>\n</body>\n</html>")
}

/// The document head (style sheet with the atlas, the check script) and
/// the page's title block with the legend of the marks.
fn write_head(batch: &ReviewBatch, out: &mut dyn Write) -> io::Result<()> {
    let title = match batch.files.as_slice() {
        [one] => format!("paifu review: {}", one.file),
        files => format!("paifu review: {} files", files.len()),
    };
    writeln!(
        out,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"paifu {PAIFU_VERSION}\">\n<title>{}</title>",
        Esc(&title)
    )?;
    writeln!(
        out,
        "<style>\n{STYLE}{}</style>\n<script>{SCRIPT}</script>\n</head>\n<body>\n<main>",
        tiles::sprite_css()
    )?;
    writeln!(out, r#"<header class="top"><h1>paifu review</h1><p>"#)?;
    if batch.rules == "auto" {
        write!(out, "profile auto (each game's from its log)")?;
    } else {
        write!(out, "profile {}", Esc(&batch.rules))?;
    }
    if let Some(who) = &batch.seat {
        write!(out, "; only seat or player {}", Esc(who))?;
    }
    writeln!(out, "; paifu {PAIFU_VERSION}</p>")?;
    write_legend(out)?;
    if batch.files.len() > 1 {
        write_contents(batch, out)?;
    }
    writeln!(out, "</header>")
}

/// What the marks mean, with sample tiles.
fn write_legend(out: &mut dyn Write) -> io::Result<()> {
    let sample = |kind: u8, mark: Mark| {
        crate::tile::Tile::from_kind(kind)
            .map(|t| TileHtml::up(t, Size::List).marked(mark).to_string())
            .unwrap_or_default()
    };
    writeln!(
        out,
        r#"<p class="legend"><span>{} the tile played</span><span>{} a better choice</span><span><span class="badge mistake">mistake</span><span class="badge inaccuracy">inaccuracy</span><span class="badge note">note</span></span><span>tables: green rows are the best for tile efficiency (rank 1), the marked row the tile played</span></p>"#,
        sample(0, Mark::Played),
        sample(22, Mark::Better)
    )
}

/// Links to each file, with its count of items shown.
fn write_contents(batch: &ReviewBatch, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, r#"<ol class="contents">"#)?;
    for (n, f) in batch.files.iter().enumerate() {
        let what = match &f.outcome {
            FileOutcome::Game(g) => {
                let r = &g.review;
                let shown = r.items.iter().filter(|i| batch.shows(r, i.seat)).count();
                format!("{} kyoku, {shown} items", r.kyoku)
            }
            // Listed with the summary, without a section to link to.
            FileOutcome::Skipped => continue,
            FileOutcome::ImportError(_) => "import error".to_owned(),
            FileOutcome::InternalError(_) => "internal error".to_owned(),
        };
        writeln!(
            out,
            "<li><a href=\"#f{n}\">{}</a> ({what})</li>",
            Esc(&f.file)
        )?;
    }
    writeln!(out, "</ol>")
}

/// One input file: its game, or why there is none.
fn write_file(
    batch: &ReviewBatch,
    n: usize,
    f: &ReviewedFile,
    out: &mut dyn Write,
) -> io::Result<()> {
    let class = match f.outcome {
        FileOutcome::Game(_) => "game",
        FileOutcome::Skipped | FileOutcome::ImportError(_) | FileOutcome::InternalError(_) => {
            "game error"
        }
    };
    writeln!(
        out,
        r#"<section class="{class}" id="f{n}"><h2>{}</h2>"#,
        Esc(&f.file)
    )?;
    match f.sha256 {
        Some(h) => writeln!(out, r#"<p class="meta">file sha256 <code>{h}</code></p>"#)?,
        None => writeln!(out, r#"<p class="meta">file sha256 unknown</p>"#)?,
    }
    match &f.outcome {
        FileOutcome::Game(g) => write_game(batch, n, g, out)?,
        FileOutcome::Skipped => {}
        FileOutcome::ImportError(e) => {
            writeln!(
                out,
                r#"<p class="warn">import error: {}</p>"#,
                Esc(&e.message)
            )?;
        }
        FileOutcome::InternalError(e) => writeln!(
            out,
            r#"<p class="warn">internal error: {} (a bug in paifu: please report it)</p>"#,
            Esc(e)
        )?,
    }
    writeln!(out, "</section>")
}

/// A game's header, its items by kyoku, the disagreements and the seats.
fn write_game(
    batch: &ReviewBatch,
    n: usize,
    g: &ReviewedGame,
    out: &mut dyn Write,
) -> io::Result<()> {
    let r = &g.review;
    writeln!(
        out,
        r#"<p class="meta">{}, {} players, {} kyoku; profile {} revision {} ({})</p>"#,
        g.format,
        r.seats,
        r.kyoku,
        Esc(&g.profile.name),
        g.profile.revision,
        g.profile.book.title()
    )?;
    writeln!(
        out,
        r#"<p class="meta">profile sha256 <code>{}</code></p>"#,
        g.profile_sha256
    )?;
    write!(out, r#"<ul class="players">"#)?;
    for seat in (0..r.seats).filter_map(crate::event::Seat::new) {
        write!(out, "<li>{}</li>", Esc(&seat_label(r, seat)))?;
    }
    writeln!(out, "</ul>")?;
    for note in &g.notes {
        writeln!(out, r#"<p class="meta">note: {}</p>"#, Esc(note))?;
    }
    if let Some(who) = batch.seat.as_deref()
        && r.find_seat(who).is_none()
    {
        writeln!(out, "<p>no seat {} at this table</p>", Esc(who))?;
        return Ok(());
    }
    write_kyoku(batch, n, r, out)?;
    for d in &r.disagreements {
        writeln!(
            out,
            r#"<p class="warn">ev#{} {}: the log's win was not confirmed by the review ({}); see the audit</p>"#,
            d.event,
            Esc(&seat_label(r, d.seat)),
            Esc(&d.why)
        )?;
    }
    summary::write_seats(batch, r, out)
}

/// The items shown, grouped by kyoku in event order.
fn write_kyoku(
    batch: &ReviewBatch,
    n: usize,
    r: &GameReview,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut groups: Vec<(&str, Vec<(usize, &Item)>)> = Vec::new();
    for (k, item) in r.items.iter().enumerate() {
        if !batch.shows(r, item.seat) {
            continue;
        }
        match groups.last_mut() {
            Some((kyoku, list)) if *kyoku == item.kyoku => list.push((k, item)),
            _ => groups.push((item.kyoku.as_str(), vec![(k, item)])),
        }
    }
    if groups.is_empty() {
        writeln!(out, "<p>no items</p>")?;
    }
    for (kyoku, list) in groups {
        let plural = if list.len() == 1 { "item" } else { "items" };
        let words = kyoku_words(kyoku).map_or_else(String::new, |w| format!("{w} · "));
        writeln!(
            out,
            r#"<section class="kyoku"><h3>{}<small>{words}{} {plural}</small></h3>"#,
            Esc(kyoku),
            list.len()
        )?;
        for (k, item) in list {
            item::write_item(r, item, &format!("f{n}-i{k}"), out)?;
        }
        writeln!(out, "</section>")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kyoku_in_words() {
        assert_eq!(kyoku_words("E2-1").as_deref(), Some("East 2, 1 counter"));
        assert_eq!(kyoku_words("S4-0").as_deref(), Some("South 4, 0 counters"));
        assert_eq!(kyoku_words("odd"), None);
    }

    #[test]
    fn shanten_in_words() {
        assert_eq!(shanten_words(-1), "complete");
        assert_eq!(shanten_words(0), "tenpai");
        assert_eq!(shanten_words(2), "2-shanten");
    }
}
