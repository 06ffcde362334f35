//! The HTML report: one standalone page a teacher can send to a student.
//! Nothing is fetched: the tile faces are the bundled CC0 atlas embedded
//! once as a data URI and drawn as CSS sprites, player names that need a
//! CJK font are drawn from the bundled one's outlines (`html::glyphs`).
//! At the top the one line of what to work on (the kinds that cost the
//! most, [`work_on`]) and the filters (seat or player, kind, weight); per
//! file a header (the file's SHA-256, format, players, profile and its
//! fingerprint, notes), per kyoku its items — each a block that folds
//! (`EFFICIENCY` folded at first) with the sentence and its citation, the
//! board at that moment, the hand with the tile played and the better
//! tiles marked, the acceptance table of the decision analysed there, and
//! the command that opens the moment in the viewer — then each shown
//! seat's summary; the batch's summary closes the page, with the files
//! found in folders that are no game logs (skipped). The boards, hands and
//! tables are compact data the page's script draws when a block is
//! opened (`html/report.js`), which keeps a report of many games small.
//! Every text from a log is escaped; the same batch gives the same bytes.

mod item;
mod summary;
mod work;

pub use crate::review::Cost;
pub use work::work_on;

use std::io::{self, Write};

use super::{ReviewBatch, ReviewedFile, ReviewedGame};
use crate::batch::FileOutcome;
use crate::catalogue::Weight;
use crate::html::glyphs::Names;
use crate::html::tiles::{self, Mark, Size, TileHtml};
use crate::report::PAIFU_VERSION;
use crate::review::{GameReview, Item, ItemKind};

use crate::html::BASE_STYLE as STYLE;

/// The review's own style rules, on top of the kit's.
const REVIEW_STYLE: &str = include_str!("html/style.css");

/// Draws the boards, hands and tables from the items' data, folds and
/// filters the items, copies the viewer command; and, for automated checks
/// of a render (`tests/review_html.rs`), marks the page once the atlas has
/// loaded with its size and the box of the first tile of a hand.
const SCRIPT: &str = include_str!("html/report.js");

/// The kit's escaping, for the page's parts.
pub(super) use crate::html::Esc;

/// A kyoku label for people: `E2-1` is `East 2, 1 counter`
/// ([`crate::names::kyoku`]).
fn kyoku_words(label: &str) -> Option<String> {
    let (round, counters) = label.split_once('-')?;
    let mut chars = round.chars();
    let letter = chars.next()?;
    let wind = (0..4)
        .map(crate::event::Wind::from_index)
        .find(|w| w.letter() == letter)?;
    let number: u8 = chars.as_str().parse().ok()?;
    let counters: u8 = counters.parse().ok()?;
    Some(crate::names::kyoku(wind, number, counters))
}

/// Writes the HTML report.
///
/// # Errors
///
/// The writer's.
pub fn write_html(batch: &ReviewBatch, out: &mut impl Write) -> io::Result<()> {
    let out: &mut dyn Write = out;
    let names = Names::new(
        batch
            .games()
            .flat_map(|(_, g)| g.review.players.iter().map(String::as_str)),
    );
    write_head(batch, &names, out)?;
    for (n, f) in batch.files.iter().enumerate() {
        if !matches!(f.outcome, FileOutcome::Skipped) {
            write_file(batch, &names, n, f, out)?;
        }
    }
    summary::write_batch(batch, &names, out)?;
    writeln!(out, "</main>\n</body>\n</html>")
}

/// The document head (style sheets with the atlas and the drawn names,
/// the script) and the page's title block: what to work on, the filters,
/// the legend of the marks.
fn write_head(batch: &ReviewBatch, names: &Names, out: &mut dyn Write) -> io::Result<()> {
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
        "<style>\n{STYLE}{REVIEW_STYLE}{}{}</style>\n<script>{SCRIPT}</script>\n</head>\n<body>\n<main>",
        tiles::sprite_css(),
        names.css()
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
    write_work_on(batch, out)?;
    write_filters(batch, out)?;
    write_legend(out)?;
    if batch.files.len() > 1 {
        write_contents(batch, out)?;
    }
    writeln!(out, "</header>")
}

/// The one line of what to work on: the kinds that cost the most.
fn write_work_on(batch: &ReviewBatch, out: &mut dyn Write) -> io::Result<()> {
    let costs = work_on(batch);
    write!(out, r#"<p class="work"><b>What to work on:</b> "#)?;
    if costs.is_empty() {
        write!(out, "no mistake or inaccuracy in these games")?;
    }
    for (n, c) in costs.iter().take(3).enumerate() {
        if n > 0 {
            write!(out, "; ")?;
        }
        write!(out, "{}", Esc(&c.to_string()))?;
    }
    writeln!(
        out,
        r#" <span class="fine">(kinds by points lost, then by mistakes and inaccuracies: see formats/review.md)</span></p>"#
    )
}

/// The filters: a seat or player, the kinds and the weights present. The
/// script applies them; without it every item shows.
fn write_filters(batch: &ReviewBatch, out: &mut dyn Write) -> io::Result<()> {
    let mut kinds: Vec<ItemKind> = Vec::new();
    let mut seats = 0;
    for (_, g) in batch.games() {
        let r = &g.review;
        seats = seats.max(r.seats);
        for i in r.items.iter().filter(|i| batch.shows(r, i.seat)) {
            if !kinds.contains(&i.kind) {
                kinds.push(i.kind);
            }
        }
    }
    kinds.sort_by_key(|k| k.code());
    let players = players_of(batch);
    write!(
        out,
        r#"<form class="filters" onsubmit="return false"><label>show <select id="who"><option value="">every seat</option>"#
    )?;
    for s in 0..seats {
        write!(out, r#"<option value="s{s}">seat {s}</option>"#)?;
    }
    for (n, p) in players.iter().enumerate() {
        // An option holds text only, not a drawn name: the list shows
        // the names as the system's fonts can.
        write!(out, r#"<option value="p{n}">{}</option>"#, Esc(p))?;
    }
    write!(out, "</select></label><span>")?;
    for k in &kinds {
        write!(
            out,
            r#"<label><input type="checkbox" name="kind" value="{k}" checked> {k}</label>"#
        )?;
    }
    write!(out, "</span><span>")?;
    for w in [Weight::Mistake, Weight::Inaccuracy, Weight::Note] {
        write!(
            out,
            r#"<label><input type="checkbox" name="weight" value="{0}" checked> {0}</label>"#,
            w.name()
        )?;
    }
    writeln!(
        out,
        r#"</span><button type="button" id="unfold">unfold all</button><button type="button" id="fold">fold all</button></form>"#
    )
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
        r#"<p class="legend"><span>{} the tile played</span><span>{} a better choice</span><span><span class="badge mistake">mistake</span><span class="badge inaccuracy">inaccuracy</span><span class="badge note">note</span></span><span>rivers: <i class="t t-9m s tg"></i> the tile just drawn (tsumogiri), <i class="t t-1z s rc"></i> the riichi discard, <i class="t t-2p s cl"></i> called</span><span>tables: green rows are the best for tile efficiency (rank 1), the marked row the tile played</span><span>EFFICIENCY items are folded: click one to open it</span></p>"#,
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
    names: &Names,
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
    // The file as given and the profile asked for: the viewer command
    // each item offers is built from them.
    let rules = if batch.rules == "auto" {
        ""
    } else {
        batch.rules.as_str()
    };
    writeln!(
        out,
        r#"<section class="{class}" id="f{n}" data-file="{}" data-rules="{}"><h2>{}</h2>"#,
        Esc(&f.file),
        Esc(rules),
        Esc(&f.file)
    )?;
    match f.sha256 {
        Some(h) => writeln!(out, r#"<p class="meta">file sha256 <code>{h}</code></p>"#)?,
        None => writeln!(out, r#"<p class="meta">file sha256 unknown</p>"#)?,
    }
    match &f.outcome {
        FileOutcome::Game(g) => write_game(batch, names, n, g, out)?,
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
    names: &Names,
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
        let player = r.players.get(seat.index()).map_or("", String::as_str);
        let who = players_of(batch).iter().position(|p| *p == player);
        let data = who.map_or_else(String::new, |k| format!(r#" data-p="p{k}""#));
        write!(
            out,
            r#"<li data-seat="{seat}"{data}>{}</li>"#,
            item::seat_html(r, names, seat)
        )?;
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
    write_kyoku(batch, names, n, r, out)?;
    for d in &r.disagreements {
        writeln!(
            out,
            r#"<p class="warn">ev#{} {}: the log's win was not confirmed by the review ({}); see the audit</p>"#,
            d.event,
            item::seat_html(r, names, d.seat),
            Esc(&d.why)
        )?;
    }
    summary::write_seats(batch, names, r, out)
}

/// The players of the games shown, sorted by name: the filter's list, and
/// each seat's place in it.
fn players_of(batch: &ReviewBatch) -> Vec<&str> {
    let mut players: Vec<&str> = Vec::new();
    for (_, g) in batch.games() {
        let r = &g.review;
        for (n, p) in r.players.iter().enumerate() {
            let shown = u8::try_from(n)
                .ok()
                .and_then(crate::event::Seat::new)
                .is_some_and(|s| batch.shows(r, s));
            if shown && !p.is_empty() && !players.contains(&p.as_str()) {
                players.push(p);
            }
        }
    }
    players.sort_unstable();
    players
}

/// The items shown, grouped by kyoku in event order.
fn write_kyoku(
    batch: &ReviewBatch,
    names: &Names,
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
            item::write_item(r, names, item, &format!("f{n}-i{k}"), out)?;
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
}
