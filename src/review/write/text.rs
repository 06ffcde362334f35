//! The text report, for people: per file and kyoku one line an item (the
//! hand in compact notation, the tile played, the better choices and the
//! numbers, the explanation and its citation, and under it the situation),
//! then each seat's summary, then the batch's.
//!
//! ```text
//! paifu 0.1.0 review; profile auto (each game's from its log)
//!
//! == game.mjlog
//!    file sha256 1f0c…
//!    tenhou-xml, 4 players, 9 kyoku; profile tenhou revision 1 (Tenhou rules)
//!    profile sha256 9b51…
//!    E1-0
//!      ev#41 seat 2 (Name) MISTAKE EFFICIENCY 23456m3478p45s11z: played 1z, better 8p (1-shanten → 2-shanten; ukeire 0 vs 20): discarding 1z … [citation]
//!        turn 5, 52 tiles left; scores seat 0 25000 (1st), …; dora East (indicator North)
//!    seats
//!      seat 0 (Name): 61 decisions; efficiency agreement 84% (41 of 49); 1 mistake, 2 inaccuracies, 0 notes; …
//! ```
//!
//! Files found in folders that are no game logs are listed together before
//! the summary. [`write_text_summary`] writes the header and the summary
//! only (`--quiet`).

use std::io::{self, Write};

use super::{ReviewBatch, ReviewedGame, hand_text, seat_label};
use crate::batch::text::{RareCount, write_counts, write_files};
use crate::report::PAIFU_VERSION;
use crate::review::{Item, SeatSummary, Situation, ThreatKind};

/// Writes the text report.
///
/// # Errors
///
/// The writer's.
pub fn write_text(batch: &ReviewBatch, out: &mut impl Write) -> io::Result<()> {
    header(batch, out)?;
    write_files(batch, out, |g, out| game(batch, g, out))?;
    summary(batch, out)
}

/// Writes the header and the batch's summary only: the text report of
/// `--quiet`.
///
/// # Errors
///
/// The writer's.
pub fn write_text_summary(batch: &ReviewBatch, out: &mut impl Write) -> io::Result<()> {
    header(batch, out)?;
    summary(batch, out)
}

fn header(batch: &ReviewBatch, out: &mut impl Write) -> io::Result<()> {
    write!(out, "paifu {PAIFU_VERSION} review; ")?;
    if batch.rules == "auto" {
        writeln!(out, "profile auto (each game's from its log)")
    } else {
        writeln!(out, "profile {}", batch.rules)
    }
}

fn summary(batch: &ReviewBatch, out: &mut impl Write) -> io::Result<()> {
    writeln!(out)?;
    let s = batch.summary();
    writeln!(out, "summary")?;
    write!(out, "   ")?;
    let rare = [RareCount::Skipped, RareCount::Damaged];
    write_counts(out, &batch.tally(), s.kyoku, &rare)?;
    writeln!(out)?;
    writeln!(out, "   {}", seat_line(&s.total))?;
    if !s.total.items.is_empty() {
        let list: Vec<String> = s
            .total
            .items_by_frequency()
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        writeln!(out, "   by kind: {}", list.join(", "))?;
    }
    if s.disagreements > 0 {
        writeln!(
            out,
            "   {} in the logs the review could not confirm (see formats/review.md)",
            crate::plural::count(s.disagreements, "win", "wins")
        )?;
    }
    writeln!(
        out,
        "   efficiency threshold {}%; paifu {PAIFU_VERSION}",
        batch.options.efficiency_threshold
    )
}

fn game(batch: &ReviewBatch, g: &ReviewedGame, out: &mut impl Write) -> io::Result<()> {
    let r = &g.review;
    writeln!(
        out,
        "   {}, {} players, {} kyoku; profile {} revision {} ({})",
        g.format,
        r.seats,
        r.kyoku,
        g.profile.name,
        g.profile.revision,
        g.profile.book.title()
    )?;
    writeln!(out, "   profile sha256 {}", g.profile_sha256)?;
    for note in &g.notes {
        writeln!(out, "   note: {note}")?;
    }
    if let Some(d) = &g.damage {
        writeln!(
            out,
            "   damaged: {d}; the {} kyoku before it are reviewed, the rest is lost",
            r.kyoku
        )?;
    }
    if let Some(who) = batch.seat.as_deref()
        && r.find_seat(who).is_none()
    {
        writeln!(out, "   no seat {who} at this table")?;
        return Ok(());
    }
    let mut current: Option<&str> = None;
    let mut any = false;
    for item in r.items.iter().filter(|i| batch.shows(r, i.seat)) {
        if current != Some(item.kyoku.as_str()) {
            writeln!(out, "   {}", item.kyoku)?;
            current = Some(item.kyoku.as_str());
        }
        writeln!(out, "     {}", item_line(r, item))?;
        if let Some(s) = &item.situation {
            writeln!(out, "       {}", situation_line(s))?;
        }
        if let Some(h) = &item.hindsight {
            writeln!(out, "       {}", h.sentence())?;
        }
        any = true;
    }
    if !any {
        writeln!(out, "   no items")?;
    }
    for d in &r.disagreements {
        writeln!(
            out,
            "   ev#{} {}: the log's win was not confirmed by the review ({}); see the audit",
            d.event,
            seat_label(r, d.seat),
            d.why
        )?;
    }
    writeln!(out, "   seats")?;
    for s in &r.summary {
        if s.seat.is_some_and(|x| batch.shows(r, x)) {
            let who = s.seat.map_or_else(String::new, |x| seat_label(r, x));
            writeln!(out, "     {who}: {}", seat_line(s))?;
        }
    }
    Ok(())
}

/// One item: where, who, what, the hand and the numbers, then why.
fn item_line(r: &crate::review::GameReview, i: &Item) -> String {
    let mut line = format!(
        "ev#{} {} {} {} {}",
        i.event,
        seat_label(r, i.seat),
        i.weight.name().to_uppercase(),
        i.kind,
        hand_text(&i.hand, &i.melds)
    );
    let mut facts = Vec::new();
    if let Some(p) = i.played {
        facts.push(format!("played {}", crate::names::short_tile(p)));
    }
    if !i.better.is_empty() {
        facts.push(format!("better {}", crate::names::short_tiles(&i.better)));
    }
    let mut numbers = Vec::new();
    if let Some((before, after)) = i.shanten {
        numbers.push(format!("shanten {before} → {after}"));
    }
    if let Some((played, best)) = i.ukeire {
        numbers.push(format!("ukeire {played} vs {best}"));
    }
    if let Some(v) = i.value {
        numbers.push(format!("{v} points"));
    }
    if !facts.is_empty() {
        line.push_str(": ");
        line.push_str(&facts.join(", "));
    }
    if !numbers.is_empty() {
        line.push_str(&format!(" ({})", numbers.join("; ")));
    }
    line.push_str(": ");
    line.push_str(&i.message);
    if !i.citation.is_empty() {
        line.push_str(&format!(" [{}]", i.citation));
    }
    line
}

/// The situation of an item in one line: `turn 7, 45 tiles left; scores
/// 25000 (2nd), …; seat 2 in riichi; dora East (indicator North)`.
pub(super) fn situation_line(s: &Situation) -> String {
    let mut line = format!(
        "turn {}, {}",
        s.turn,
        crate::plural::count(usize::from(s.tiles_left), "tile left", "tiles left")
    );
    if !s.scores.is_empty() {
        let scores: Vec<String> = s
            .scores
            .iter()
            .zip(&s.placements)
            .enumerate()
            .map(|(seat, (score, place))| format!("seat {seat} {score} ({})", ordinal(*place)))
            .collect();
        line.push_str(&format!("; scores {}", scores.join(", ")));
    }
    if s.riichi_sticks > 0 {
        line.push_str(&format!(
            "; {} on the table",
            crate::plural::count(
                usize::from(s.riichi_sticks),
                "riichi stick",
                "riichi sticks"
            )
        ));
    }
    for t in &s.threats {
        match t.kind {
            ThreatKind::Riichi => line.push_str(&format!("; seat {} in riichi", t.seat)),
            ThreatKind::Open => {
                line.push_str(&format!("; seat {} open hand, maybe tenpai", t.seat));
            }
        }
    }
    let dora: Vec<String> = s
        .dora
        .iter()
        .zip(&s.dora_indicators)
        .map(|(d, i)| {
            format!(
                "{} (indicator {})",
                crate::names::tile(*d),
                crate::names::tile(*i)
            )
        })
        .collect();
    if !dora.is_empty() {
        line.push_str(&format!("; dora {}", dora.join(", ")));
    }
    line
}

/// A placement as people say it: `1st`, `2nd`, `3rd`, `4th`.
pub(crate) fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

/// A seat's summary in one line.
fn seat_line(s: &SeatSummary) -> String {
    let agreement = s.agreement_text().map_or_else(
        || "no efficiency decisions".to_owned(),
        |a| format!("efficiency agreement {a}"),
    );
    let plural = crate::plural::count;
    format!(
        "{}; {agreement}; {}, {}, {}; missed wins {} ({} points); deal-ins {}, with a safe tile in hand {}",
        plural(s.decisions, "decision", "decisions"),
        plural(s.by_weight.mistake, "mistake", "mistakes"),
        plural(s.by_weight.inaccuracy, "inaccuracy", "inaccuracies"),
        plural(s.by_weight.note, "note", "notes"),
        s.missed_wins,
        s.missed_win_points,
        s.deal_ins,
        s.deal_ins_with_safe_tile,
    )
}
