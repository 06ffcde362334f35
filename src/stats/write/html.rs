//! `paifu stats --format html`: one standalone page (no network, no
//! script needed to read it). Per player line: the placements as bars,
//! every statistic beside the batch's population (the player's value
//! marked on the spread of all players with enough games at the same
//! table size and in the same group), what to work on, and the review's
//! items per kind. The spreads are drawn once each, as SVG symbols that
//! every player's row uses, so a page of many players stays small.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use crate::html::glyphs::Names;
use crate::html::{BASE_STYLE, Esc, Num, SORT_SCRIPT};
use crate::plural::count;
use crate::report::PAIFU_VERSION;
use crate::stats::{PlayerLine, PlayerStats};

use super::Summary;

const STYLE: &str = include_str!("stats.css");

/// What the page shows beside the player lines.
pub struct Page<'a> {
    /// The player lines, as the text and JSON reports give them.
    pub players: &'a [PlayerStats],
    /// The population the spreads are drawn from: every player line of
    /// the batch with at least `population_min_games` games (whatever
    /// `--player` kept).
    pub population: &'a [PlayerStats],
    /// The games a line needs to be in the population.
    pub population_min_games: u32,
    /// Whether the lines are split by a group.
    pub split: bool,
    /// The rule profile's label (`auto` or a preset's name).
    pub rules: &'a str,
    /// The batch's summary.
    pub summary: &'a Summary,
}

/// How a statistic reads.
#[derive(Clone, Copy)]
enum Form {
    /// A fraction shown as a percentage.
    Percent,
    /// A mean with this many decimals.
    Mean(usize),
}

/// One statistic of the rates table.
struct Stat {
    key: &'static str,
    label: &'static str,
    form: Form,
    value: fn(&PlayerLine) -> Option<f64>,
    /// The counts behind it, as a player reads them.
    counts: fn(&PlayerLine) -> String,
}

fn of(n: u32, d: u32, what: &str) -> String {
    format!("{} of {} {what}", Num(n as usize), Num(d as usize))
}

const STATS: &[Stat] = &[
    Stat {
        key: "average_placement",
        label: "average placement",
        form: Form::Mean(2),
        value: |l| l.average_placement,
        counts: |l| format!("{} placed games", Num(l.placed_games as usize)),
    },
    Stat {
        key: "average_final_points",
        label: "average final points",
        form: Form::Mean(0),
        value: |l| l.average_final_points,
        counts: |l| format!("{} placed games", Num(l.placed_games as usize)),
    },
    Stat {
        key: "win_rate",
        label: "win rate",
        form: Form::Percent,
        value: |l| l.win_rate,
        counts: |l| of(l.counts.wins, l.kyoku, "kyoku"),
    },
    Stat {
        key: "deal_in_rate",
        label: "deal-in rate",
        form: Form::Percent,
        value: |l| l.deal_in_rate,
        counts: |l| of(l.counts.deal_ins, l.kyoku, "kyoku"),
    },
    Stat {
        key: "riichi_rate",
        label: "riichi rate",
        form: Form::Percent,
        value: |l| l.riichi_rate,
        counts: |l| of(l.counts.riichi, l.kyoku, "kyoku"),
    },
    Stat {
        key: "call_rate",
        label: "call rate",
        form: Form::Percent,
        value: |l| l.call_rate,
        counts: |l| of(l.counts.calls, l.kyoku, "kyoku"),
    },
    Stat {
        key: "draw_rate",
        label: "exhaustive draw rate",
        form: Form::Percent,
        value: |l| l.draw_rate,
        counts: |l| of(l.counts.exhaustive_draws, l.kyoku, "kyoku"),
    },
    Stat {
        key: "tenpai_at_draw_rate",
        label: "tenpai at a draw",
        form: Form::Percent,
        value: |l| l.tenpai_at_draw_rate,
        counts: |l| {
            of(
                l.counts.tenpai_at_draw,
                l.counts.tenpai_at_draw_known,
                "draws",
            )
        },
    },
    Stat {
        key: "tsumo_share",
        label: "tsumo, of wins",
        form: Form::Percent,
        value: |l| l.tsumo_share,
        counts: |l| of(l.counts.tsumo_wins, l.counts.wins, "wins"),
    },
    Stat {
        key: "dama_share",
        label: "dama, of wins",
        form: Form::Percent,
        value: |l| l.dama_share,
        counts: |l| of(l.counts.dama_wins, l.counts.wins, "wins"),
    },
    Stat {
        key: "average_win",
        label: "average win",
        form: Form::Mean(0),
        value: |l| l.average_win,
        counts: |l| format!("{} wins valued", Num(l.counts.wins_valued as usize)),
    },
    Stat {
        key: "average_deal_in",
        label: "average deal-in",
        form: Form::Mean(0),
        value: |l| l.average_deal_in,
        counts: |l| format!("{} deal-ins valued", Num(l.counts.deal_ins_valued as usize)),
    },
    Stat {
        key: "deal_in_while_tenpai_share",
        label: "deal-ins while tenpai",
        form: Form::Percent,
        value: |l| l.deal_in_while_tenpai_share,
        counts: |l| {
            of(
                l.counts.deal_ins_while_tenpai,
                l.counts.deal_ins_known_hand,
                "deal-ins, hand known",
            )
        },
    },
    Stat {
        key: "riichi_first_share",
        label: "riichi first (not chasing)",
        form: Form::Percent,
        value: |l| l.riichi_first_share,
        counts: |l| of(l.counts.riichi_first, l.counts.riichi, "riichi"),
    },
    Stat {
        key: "riichi_good_wait_share",
        label: "riichi with a good wait",
        form: Form::Percent,
        value: |l| l.riichi_good_wait_share,
        counts: |l| {
            of(
                l.counts.riichi_good_wait,
                l.counts.riichi_known_hand,
                "riichi, hand known",
            )
        },
    },
    Stat {
        key: "average_riichi_unseen_waits",
        label: "riichi: unseen wait tiles",
        form: Form::Mean(1),
        value: |l| l.average_riichi_unseen_waits,
        counts: |l| {
            format!(
                "{} riichi, hand known",
                Num(l.counts.riichi_known_hand as usize)
            )
        },
    },
];

fn show(form: Form, x: f64) -> String {
    match form {
        Form::Percent => format!("{:.1}%", x * 100.0),
        // Whole points read with separators: 5,832.
        Form::Mean(0) => {
            let sign = if x <= -0.5 { "-" } else { "" };
            // Means of points are far inside usize.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let n = x.abs().round() as usize;
            format!("{sign}{}", Num(n))
        }
        Form::Mean(d) => format!("{x:.d$}"),
    }
}

/// Which population a line belongs to: its table size and group.
type PopKey = (u8, Option<String>);

fn pop_key(p: &PlayerStats) -> PopKey {
    (p.key.seats, p.key.group.clone())
}

/// One statistic's spread in one population.
struct Spread {
    /// The population's values, sorted.
    values: Vec<f64>,
    /// The axis: the population's values and those of the lines shown.
    lo: f64,
    hi: f64,
}

impl Spread {
    /// Where `x` falls on the strip, in its units.
    fn x(&self, x: f64) -> f64 {
        let span = self.hi - self.lo;
        let t = if span > 0.0 {
            (x - self.lo) / span
        } else {
            0.5
        };
        STRIP_L + t * (STRIP_R - STRIP_L)
    }

    /// Players of the population below `x`, and at it.
    fn below_and_at(&self, x: f64) -> (usize, usize) {
        let below = self.values.partition_point(|v| *v < x - 1e-12);
        let at = self.values.partition_point(|v| *v <= x + 1e-12) - below;
        (below, at)
    }

    fn median(&self) -> Option<f64> {
        let n = self.values.len();
        if n == 0 {
            return None;
        }
        let a = self.values.get((n - 1) / 2)?;
        let b = self.values.get(n / 2)?;
        Some(f64::midpoint(*a, *b))
    }
}

const STRIP_W: f64 = 320.0;
const STRIP_H: f64 = 34.0;
const STRIP_L: f64 = 12.0;
const STRIP_R: f64 = 308.0;
const DOT_Y: f64 = 13.0;

/// Every spread, by population and statistic.
struct Spreads {
    by: BTreeMap<PopKey, Vec<(usize, Spread)>>,
    /// Each population's symbol id number.
    ids: BTreeMap<PopKey, usize>,
}

impl Spreads {
    fn of(page: &Page<'_>) -> Self {
        let mut by = BTreeMap::new();
        let mut ids = BTreeMap::new();
        for key in page.players.iter().map(pop_key) {
            if ids.contains_key(&key) {
                continue;
            }
            let members: Vec<PlayerLine> = page
                .population
                .iter()
                .filter(|p| pop_key(p) == key)
                .map(|p| p.line(page.split))
                .collect();
            let shown: Vec<PlayerLine> = page
                .players
                .iter()
                .filter(|p| pop_key(p) == key)
                .map(|p| p.line(page.split))
                .collect();
            let mut spreads = Vec::new();
            for (i, stat) in STATS.iter().enumerate() {
                let mut values: Vec<f64> = members.iter().filter_map(stat.value).collect();
                values.sort_by(f64::total_cmp);
                let all = values
                    .iter()
                    .copied()
                    .chain(shown.iter().filter_map(stat.value));
                let (lo, hi) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                    (lo.min(v), hi.max(v))
                });
                if lo.is_finite() && hi.is_finite() {
                    spreads.push((i, Spread { values, lo, hi }));
                }
            }
            ids.insert(key.clone(), ids.len());
            by.insert(key, spreads);
        }
        Self { by, ids }
    }

    fn get(&self, key: &PopKey, stat: usize) -> Option<(usize, &Spread)> {
        let id = *self.ids.get(key)?;
        let spread = self
            .by
            .get(key)?
            .iter()
            .find(|(i, _)| *i == stat)
            .map(|(_, s)| s)?;
        Some((id, spread))
    }

    /// The symbols: per population and statistic, the strip with a dot
    /// per player of the population, the median, and the axis's ends.
    /// Their look is in attributes: the page's style sheet does not reach
    /// the copies `<use>` makes.
    fn write_symbols(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            r#"<svg class="defs" width="0" height="0" aria-hidden="true">"#
        )?;
        for (key, spreads) in &self.by {
            let id = self.ids.get(key).copied().unwrap_or(0);
            for (i, s) in spreads {
                let Some(stat) = STATS.get(*i) else { continue };
                let mut dots = String::new();
                for v in &s.values {
                    let _ = write!(
                        dots,
                        r#"<circle cx="{:.1}" cy="{DOT_Y}" r="3.2"/>"#,
                        s.x(*v)
                    );
                }
                write!(
                    out,
                    r##"<symbol id="s{id}-{}" viewBox="0 0 {STRIP_W} {STRIP_H}"><path stroke="#c9c3b8" d="M{STRIP_L} {DOT_Y}H{STRIP_R}"/><g fill="#52697a" fill-opacity=".4">{dots}</g>""##,
                    stat.key
                )?;
                if let Some(m) = s.median() {
                    write!(
                        out,
                        r##"<path stroke="#1e252c" stroke-width="1.5" d="M{:.1} 4V22"/>"##,
                        s.x(m)
                    )?;
                }
                writeln!(
                    out,
                    r##"<g fill="#6a6f75" font-size="10"><text x="{STRIP_L}" y="32">{}</text><text x="{STRIP_R}" y="32" text-anchor="end">{}</text></g></symbol>"##,
                    show(stat.form, s.lo),
                    show(stat.form, s.hi)
                )?;
            }
        }
        writeln!(out, "</svg>")
    }
}

/// The page.
///
/// # Errors
/// When `out` fails.
pub fn write_html(page: &Page<'_>, out: &mut dyn Write) -> io::Result<()> {
    let names = Names::new(page.players.iter().map(|p| p.key.name.as_str()));
    let spreads = Spreads::of(page);
    let s = page.summary;
    let title = match page.players {
        [one] => format!("paifu stats: {}", one.key.name),
        _ => format!("paifu stats: {} player lines", page.players.len()),
    };
    writeln!(
        out,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"paifu {PAIFU_VERSION}\">\n<title>{}</title>\n<style>\n{BASE_STYLE}{STYLE}{}</style>\n</head>\n<body>\n<main class=\"stats\">",
        Esc(&title),
        names.css()
    )?;
    writeln!(out, r#"<header class="top"><h1>paifu stats</h1>"#)?;
    writeln!(
        out,
        "<p>{}; {}; paifu {PAIFU_VERSION}</p>",
        Esc(&s.to_string()),
        if page.rules == "auto" {
            "profile auto (each game's from its log)".to_owned()
        } else {
            format!("profile {}", Esc(page.rules))
        }
    )?;
    writeln!(
        out,
        r#"<p class="fine">Each statistic is marked (<span class="me-key"></span>) on the spread of the batch's players with at least {} at the same table size{}: a dot a player, the line their median. Definitions: formats/stats.md.</p>"#,
        count(page.population_min_games as usize, "game", "games"),
        if page.split {
            " and in the same group"
        } else {
            ""
        }
    )?;
    if page.players.len() > 1 {
        write!(out, r#"<nav class="contents">"#)?;
        for (n, p) in page.players.iter().enumerate() {
            write!(
                out,
                r##"<a href="#p{n}">{}</a> <small>{}p{}</small> "##,
                names.html(&p.key.name),
                p.key.seats,
                group_text(p, page.split)
                    .map(|g| format!(", {}", Esc(&g)))
                    .unwrap_or_default()
            )?;
        }
        writeln!(out, "</nav>")?;
    }
    writeln!(out, "</header>")?;
    spreads.write_symbols(out)?;
    if page.players.is_empty() {
        writeln!(
            out,
            r#"<p class="empty">No player line: no game read, or none with the games asked for.</p>"#
        )?;
    }
    for (n, p) in page.players.iter().enumerate() {
        write_player(page, &spreads, &names, n, p, out)?;
    }
    writeln!(
        out,
        "</main>\n<script>{SORT_SCRIPT}</script>\n</body>\n</html>"
    )
}

fn group_text(p: &PlayerStats, split: bool) -> Option<String> {
    split.then(|| p.key.group.clone().unwrap_or_else(|| "unknown".to_owned()))
}

fn write_player(
    page: &Page<'_>,
    spreads: &Spreads,
    names: &Names,
    n: usize,
    p: &PlayerStats,
    out: &mut dyn Write,
) -> io::Result<()> {
    let l = p.line(page.split);
    let key = pop_key(p);
    // A player of the population is placed among the others.
    let member = page.population.iter().any(|q| q.key == p.key);
    writeln!(out, r#"<section class="player" id="p{n}">"#)?;
    write!(out, "<h2>{}", names.html(&l.name))?;
    write!(out, " <small>{} players", l.seats)?;
    if let Some(g) = group_text(p, page.split) {
        write!(out, " · {}", Esc(&g))?;
    }
    write!(
        out,
        " · {} games, {} kyoku",
        Num(l.games as usize),
        Num(l.kyoku as usize)
    )?;
    if l.names.len() > 1 || l.names.first() != Some(&l.name) {
        let merged: Vec<String> = l.names.iter().map(|m| names.html(m).to_string()).collect();
        write!(out, " · as {}", merged.join(", "))?;
    }
    writeln!(out, "</small></h2>")?;
    writeln!(out, r#"<div class="two">"#)?;
    write_placements(&l, out)?;
    write_work_on(&l, out)?;
    writeln!(out, "</div>")?;
    let population = page.population.iter().filter(|q| pop_key(q) == key).count();
    writeln!(
        out,
        r#"<table class="rates"><thead><tr><th>statistic</th><th class="n">value</th><th>counts</th><th>among {} with at least {}</th></tr></thead><tbody>"#,
        count(population, "player", "players"),
        count(page.population_min_games as usize, "game", "games")
    )?;
    for (i, stat) in STATS.iter().enumerate() {
        let value = (stat.value)(&l);
        write!(
            out,
            r#"<tr data-stat="{}"><th>{}</th><td class="n">{}</td><td class="c">{}</td><td class="spread">"#,
            stat.key,
            stat.label,
            value.map_or_else(|| "–".to_owned(), |v| show(stat.form, v)),
            (stat.counts)(&l)
        )?;
        match (value, spreads.get(&key, i)) {
            (Some(v), Some((id, s))) => {
                let x = s.x(v);
                let (below, at) = s.below_and_at(v);
                let (at, total) = if member {
                    (at.saturating_sub(1), s.values.len().saturating_sub(1))
                } else {
                    (at, s.values.len())
                };
                let others = if member { " others" } else { "" };
                let place = match (total, at) {
                    (0, _) => "no other player to compare with".to_owned(),
                    (_, 0) => format!("above {} of {}{others}", Num(below), Num(total)),
                    _ => format!(
                        "above {}, level with {} of {}{others}",
                        Num(below),
                        Num(at),
                        Num(total)
                    ),
                };
                write!(
                    out,
                    r##"<svg class="strip" viewBox="0 0 {STRIP_W} {STRIP_H}" width="{STRIP_W}" height="{STRIP_H}" role="img" aria-label="{}: {}; {place}"><use href="#s{id}-{}"/><path class="me" d="M{x:.1} 2V24"/><circle class="me" cx="{x:.1}" cy="{DOT_Y}" r="5"/></svg><span class="place">{place}</span>"##,
                    stat.label,
                    show(stat.form, v),
                    stat.key
                )?;
            }
            _ => write!(out, r#"<span class="place">no value</span>"#)?,
        }
        writeln!(out, "</td></tr>")?;
    }
    writeln!(out, "</tbody></table>")?;
    write_review_items(&l, out)?;
    writeln!(out, "</section>")
}

const PLACES: [&str; 4] = ["1st", "2nd", "3rd", "4th"];

/// The placements as vertical bars, each with its count and share.
fn write_placements(l: &PlayerLine, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, r#"<div class="panel"><h3>Placements</h3>"#)?;
    let max = l.placements.iter().copied().max().unwrap_or(0).max(1);
    let total: u32 = l.placements.iter().sum();
    let (w, h, base, bar_w, gap) = (300.0, 170.0, 140.0, 52.0, 20.0);
    writeln!(
        out,
        r#"<svg class="chart places" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="placements">"#
    )?;
    writeln!(out, r#"<path class="axis" d="M8 {base}H{}"/>"#, w - 8.0)?;
    for (i, (count, place)) in l.placements.iter().zip(PLACES).enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let x = 20.0 + i as f64 * (bar_w + gap);
        let len =
            (f64::from(*count) / f64::from(max) * 110.0).max(if *count > 0 { 2.0 } else { 0.0 });
        let share = if total > 0 {
            format!("{:.0}%", f64::from(*count) * 100.0 / f64::from(total))
        } else {
            "–".to_owned()
        };
        writeln!(
            out,
            r#"<rect class="p{}" x="{x}" y="{:.1}" width="{bar_w}" height="{len:.1}"><title>{place}: {count} games ({share})</title></rect><text class="val" x="{:.1}" y="{:.1}">{count} · {share}</text><text class="tick x" x="{:.1}" y="{}">{place}</text>"#,
            i + 1,
            base - len,
            x + bar_w / 2.0,
            base - len - 5.0,
            x + bar_w / 2.0,
            base + 18.0
        )?;
    }
    writeln!(out, "</svg>")?;
    let mut facts = Vec::new();
    if let Some(a) = l.average_placement {
        facts.push(format!("average placement {a:.2}"));
    }
    if let Some(p) = l.average_final_points {
        facts.push(format!("average final points {}", show(Form::Mean(0), p)));
    }
    if l.placed_games < l.games {
        facts.push(format!(
            "{} of {} games without recorded final scores, not placed",
            l.games - l.placed_games,
            l.games
        ));
    }
    writeln!(out, r#"<p class="fine">{}</p></div>"#, facts.join("; "))
}

/// What to work on: the three costliest kinds, a sentence each.
fn write_work_on(l: &PlayerLine, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, r#"<div class="panel work"><h3>What to work on</h3>"#)?;
    match (&l.work_on, l.decisions) {
        (None, _) => writeln!(
            out,
            r#"<p class="fine">The review was not run (<code>--no-review</code>).</p>"#
        )?,
        (Some(_), Some(0)) => writeln!(
            out,
            r#"<p class="fine">No decision reviewed: the logs hide this player's hand.</p>"#
        )?,
        (Some(w), _) if w.is_empty() => writeln!(
            out,
            "<p>Nothing: the review found no mistake or inaccuracy.</p>"
        )?,
        (Some(w), _) => {
            writeln!(out, "<ol>")?;
            for item in w {
                let (kind, rest) = item
                    .sentence
                    .split_once(": ")
                    .unwrap_or((item.kind, item.sentence.as_str()));
                writeln!(
                    out,
                    r#"<li><b class="kind">{}</b>: {}</li>"#,
                    Esc(kind),
                    Esc(rest)
                )?;
            }
            writeln!(out, "</ol>")?;
            writeln!(
                out,
                r#"<p class="fine">Kinds by the points their items name (wins passed, deal-ins with a safe tile), then mistakes counted twice and inaccuracies once; notes cost nothing.</p>"#
            )?;
        }
    }
    writeln!(out, "</div>")
}

/// The review's items per kind, per 100 decisions.
fn write_review_items(l: &PlayerLine, out: &mut dyn Write) -> io::Result<()> {
    let (Some(decisions), Some(items)) = (l.decisions, &l.review_items) else {
        return Ok(());
    };
    writeln!(
        out,
        r#"<details class="review" open><summary>The review's items: {} decisions reviewed</summary>"#,
        Num(decisions as usize)
    )?;
    if items.is_empty() {
        return writeln!(out, "<p>No item.</p></details>");
    }
    writeln!(
        out,
        r#"<table class="sortable items"><thead><tr><th>kind</th><th class="n">items</th><th class="n">per 100 decisions</th><th class="n">mistakes</th><th class="n">inaccuracies</th><th class="n">notes</th><th class="n">points</th></tr></thead><tbody>"#
    )?;
    let mut rows: Vec<_> = items.iter().collect();
    rows.sort_by(|a, b| b.1.items.cmp(&a.1.items).then(a.0.cmp(b.0)));
    for (kind, k) in rows {
        writeln!(
            out,
            r#"<tr><td class="kind">{kind}</td><td class="n">{}</td><td class="n">{}</td><td class="n">{}</td><td class="n">{}</td><td class="n">{}</td><td class="n">{}</td></tr>"#,
            Num(k.items),
            k.per_100_decisions
                .map_or_else(|| "–".to_owned(), |r| format!("{r:.2}")),
            Num(k.mistakes),
            Num(k.inaccuracies),
            Num(k.notes),
            k.points.map_or_else(
                || "–".to_owned(),
                |p| Num(usize::try_from(p).unwrap_or(0)).to_string()
            )
        )?;
    }
    writeln!(out, "</tbody></table></details>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_a_player_reads_them() {
        assert_eq!(show(Form::Percent, 0.2134), "21.3%");
        assert_eq!(show(Form::Mean(0), 5832.4), "5,832");
        assert_eq!(show(Form::Mean(0), -1250.0), "-1,250");
        assert_eq!(show(Form::Mean(2), 2.456), "2.46");
    }

    #[test]
    fn a_spread_places_a_value_among_the_players() {
        let s = Spread {
            values: vec![0.1, 0.2, 0.2, 0.3],
            lo: 0.1,
            hi: 0.3,
        };
        assert_eq!(s.below_and_at(0.2), (1, 2));
        assert_eq!(s.below_and_at(0.35), (4, 0));
        assert_eq!(s.median(), Some(0.2));
        assert!((s.x(0.1) - STRIP_L).abs() < 1e-9);
        assert!((s.x(0.3) - STRIP_R).abs() < 1e-9);
        let flat = Spread {
            values: vec![0.5],
            lo: 0.5,
            hi: 0.5,
        };
        assert!((flat.x(0.5) - (STRIP_L + STRIP_R) / 2.0).abs() < 1e-9);
    }
}
