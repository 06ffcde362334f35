//! `paifu stats`' reports: JSON lines (`formats/stats.md`), a text
//! block per player, each ending with the batch's summary, and the HTML
//! page ([`html`]).

pub mod html;

use std::fmt;
use std::io::{self, Write};

use serde::Serialize;

use crate::batch::{Batch, Judged};
use crate::plural::count;

use super::review::KindLine;
use super::{PlayerLine, PlayerStats};

/// The last line of the JSON report.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Summary {
    /// Always `summary`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Input files (skipped ones included).
    pub files: usize,
    /// Games read (damaged ones included).
    pub games: usize,
    /// Player lines written.
    pub players: usize,
    /// Files that could not be read or that paifu failed on.
    pub unreadable: usize,
    /// Games damaged part-way (their complete kyoku are counted).
    pub damaged: usize,
    /// Files found in folders that are no game logs.
    pub skipped: usize,
}

impl Summary {
    /// The summary of a batch with its player lines.
    #[must_use]
    pub fn of<T: Judged>(batch: &Batch<T>, players: usize) -> Self {
        let t = batch.tally();
        Self {
            kind: "summary",
            files: t.files,
            games: t.games,
            players,
            unreadable: t.import_errors + t.internal_errors,
            damaged: t.damaged,
            skipped: t.skipped,
        }
    }
}

/// JSON lines: one per player line, then the summary.
///
/// # Errors
/// When `out` fails.
pub fn write_json(
    players: &[PlayerStats],
    split: bool,
    summary: &Summary,
    out: &mut dyn Write,
) -> io::Result<()> {
    for p in players {
        serde_json::to_writer(&mut *out, &p.line(split))?;
        out.write_all(b"\n")?;
    }
    serde_json::to_writer(&mut *out, summary)?;
    out.write_all(b"\n")
}

/// A fraction as a percentage, `-` when undefined.
fn percent(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_owned(), |x| format!("{:.1} %", x * 100.0))
}

/// A mean with `digits` decimals, `-` when undefined.
fn mean(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "-".to_owned(), |x| format!("{x:.digits$}"))
}

const PLACES: [&str; 4] = ["1st", "2nd", "3rd", "4th"];

/// One player's block of the text report.
fn write_player(l: &PlayerLine, out: &mut dyn Write) -> io::Result<()> {
    let c = &l.counts;
    write!(out, "{} ({} players", l.name, l.seats)?;
    if let Some(group) = &l.group {
        write!(out, ", {}", group.as_deref().unwrap_or("unknown"))?;
    }
    write!(out, ")")?;
    if l.names.len() > 1 || l.names.first() != Some(&l.name) {
        write!(out, " as {}", l.names.join(", "))?;
    }
    writeln!(
        out,
        ": {}, {} kyoku",
        count(l.games as usize, "game", "games"),
        l.kyoku
    )?;
    let places: Vec<String> = l
        .placements
        .iter()
        .zip(PLACES)
        .map(|(n, p)| format!("{p} {n}"))
        .collect();
    writeln!(
        out,
        "  placements   {}   average {}   final points {}",
        places.join("  "),
        mean(l.average_placement, 2),
        mean(l.average_final_points, 0)
    )?;
    writeln!(
        out,
        "  per kyoku    win {} ({})  deal-in {} ({})  riichi {} ({})  call {} ({})",
        percent(l.win_rate),
        c.wins,
        percent(l.deal_in_rate),
        c.deal_ins,
        percent(l.riichi_rate),
        c.riichi,
        percent(l.call_rate),
        c.calls
    )?;
    writeln!(
        out,
        "               exhaustive draw {} ({})  tenpai at draw {} ({} of {})",
        percent(l.draw_rate),
        c.exhaustive_draws,
        percent(l.tenpai_at_draw_rate),
        c.tenpai_at_draw,
        c.tenpai_at_draw_known
    )?;
    writeln!(
        out,
        "  per win      tsumo {}  dama {}  average value {}",
        percent(l.tsumo_share),
        percent(l.dama_share),
        mean(l.average_win, 0)
    )?;
    writeln!(
        out,
        "  per deal-in  average paid {}  while tenpai {} ({} of {} with the hand known)",
        mean(l.average_deal_in, 0),
        percent(l.deal_in_while_tenpai_share),
        c.deal_ins_while_tenpai,
        c.deal_ins_known_hand
    )?;
    writeln!(
        out,
        "  per riichi   first {}  chasing {}  good wait {}  unseen wait tiles {}",
        percent(l.riichi_first_share),
        percent(l.riichi_chasing_share),
        percent(l.riichi_good_wait_share),
        mean(l.average_riichi_unseen_waits, 1)
    )?;
    write_review(l, out)
}

/// The review's lines of a player block: the items per kind per 100
/// decisions, then what to work on.
fn write_review(l: &PlayerLine, out: &mut dyn Write) -> io::Result<()> {
    let (Some(decisions), Some(items), Some(work_on)) = (l.decisions, &l.review_items, &l.work_on)
    else {
        return Ok(());
    };
    if decisions == 0 {
        // Not "nothing to work on": nothing was seen.
        return writeln!(
            out,
            "  review       no decision reviewed: the logs hide this player's hand"
        );
    }
    let mut kinds: Vec<(&&str, &KindLine)> = items.iter().collect();
    kinds.sort_by(|a, b| b.1.items.cmp(&a.1.items).then(a.0.cmp(b.0)));
    let per_kind: Vec<String> = kinds
        .iter()
        .map(|(kind, k)| match k.per_100_decisions {
            Some(r) => format!("{kind} {} ({r:.1})", k.items),
            None => format!("{kind} {}", k.items),
        })
        .collect();
    write!(
        out,
        "  review       {}; items (per 100 decisions): ",
        count(decisions as usize, "decision", "decisions")
    )?;
    if per_kind.is_empty() {
        writeln!(out, "none")?;
    } else {
        writeln!(out, "{}", per_kind.join(", "))?;
    }
    if work_on.is_empty() {
        return writeln!(out, "  work on      nothing: no mistake or inaccuracy");
    }
    for (n, w) in work_on.iter().enumerate() {
        let head = if n == 0 {
            "  work on     "
        } else {
            "              "
        };
        writeln!(out, "{head} {}. {}", n + 1, w.sentence)?;
    }
    Ok(())
}

/// The text report: a block per player line, then the summary.
///
/// # Errors
/// When `out` fails.
pub fn write_text(
    players: &[PlayerStats],
    split: bool,
    summary: &Summary,
    out: &mut dyn Write,
) -> io::Result<()> {
    for p in players {
        write_player(&p.line(split), out)?;
        writeln!(out)?;
    }
    writeln!(out, "{summary}")
}

impl fmt::Display for Summary {
    /// `2 files, 2 games, 8 player lines; 0 unreadable, 0 damaged, 0
    /// skipped`: the text report's last line and the page's first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}; {} unreadable, {} damaged, {} skipped",
            count(self.files, "file", "files"),
            count(self.games, "game", "games"),
            count(self.players, "player line", "player lines"),
            self.unreadable,
            self.damaged,
            self.skipped
        )
    }
}
