//! Rule books side by side on a terminal: `--rules a,b,c` for `paifu
//! score` and `paifu audit` prints one table with a column per profile, a
//! `*` on each cell that differs from the first column, and under the
//! table each difference explained by the profile field responsible and
//! its paragraphs (`paifu::compare`).

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use paifu::batch::{EXIT_UNREADABLE, Input};
use paifu::compare::{Cell, Difference, GameComparison, WinComparison, cell_text, compare_game};
use paifu::import::ImportOptions;
use paifu::report::{FailOn, GameReport, Report, audit_game};
use paifu::rules::{Rules, RulesChoice};

/// A table: a label column, then one column per profile; a marked cell
/// ends in `*`.
struct Table {
    rows: Vec<(String, Vec<(String, bool)>)>,
}

impl Table {
    fn new(label: &str, profiles: &[String]) -> Self {
        Self {
            rows: vec![(
                label.to_owned(),
                profiles.iter().map(|p| (p.clone(), false)).collect(),
            )],
        }
    }

    fn row(&mut self, label: String, cells: Vec<(String, bool)>) {
        self.rows.push((label, cells));
    }

    fn write(&self, out: &mut impl Write, indent: &str) -> std::io::Result<()> {
        let width = |s: &str| s.chars().count();
        let label_w = self.rows.iter().map(|r| width(&r.0)).max().unwrap_or(0);
        let columns = self.rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
        let col_w: Vec<usize> = (0..columns)
            .map(|c| {
                self.rows
                    .iter()
                    .filter_map(|r| r.1.get(c))
                    .map(|(s, marked)| width(s) + usize::from(*marked))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for (label, cells) in &self.rows {
            let mut line = format!("{indent}{label:<label_w$}");
            for (c, (text, marked)) in cells.iter().enumerate() {
                let w = col_w.get(c).copied().unwrap_or(0);
                let shown = if *marked {
                    format!("{text}*")
                } else {
                    text.clone()
                };
                line.push_str(&format!("  {shown:<w$}"));
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

/// Writes one win's table: a row per yaku, then han, fu, points and
/// payments.
pub fn write_win(
    out: &mut impl Write,
    label: &str,
    c: &WinComparison,
    indent: &str,
) -> std::io::Result<()> {
    let mut t = Table::new(label, &c.profiles);
    let n = c.profiles.len();
    let yaku_marked = |j: usize| c.differs(j, Cell::Yaku);
    for name in c.yaku_names() {
        let first = c.yaku_cell(0, name);
        let cells = (0..n)
            .map(|j| {
                let v = c.yaku_cell(j, name);
                let marked = j > 0 && yaku_marked(j) && v != first;
                (v, marked)
            })
            .collect();
        t.row(
            paifu::yaku::Yaku::from_name(name).for_people().into_owned(),
            cells,
        );
    }
    if c.yaku_names().is_empty() {
        let cells = (0..n)
            .map(|j| (c.yaku_cell(j, ""), j > 0 && yaku_marked(j)))
            .collect();
        t.row("yaku".to_owned(), cells);
    }
    for cell in [Cell::Han, Cell::Fu, Cell::Points, Cell::Payments] {
        let cells = c
            .columns
            .iter()
            .enumerate()
            .map(|(j, o)| (cell_text(o, cell), c.differs(j, cell)))
            .collect();
        t.row(cell.name().to_owned(), cells);
    }
    t.write(out, indent)
}

/// Writes the explanations of a win's differences: per column, the cells
/// that differ for the same reasons on one line, then those reasons.
pub fn write_reasons(
    out: &mut impl Write,
    what: &str,
    c: &WinComparison,
    indent: &str,
) -> std::io::Result<()> {
    let first = c.profiles.first().map_or("", String::as_str);
    let mut groups: Vec<(usize, Vec<&Difference>)> = Vec::new();
    for d in &c.differences {
        match groups.iter_mut().find(|(col, ds)| {
            *col == d.column && ds.first().is_some_and(|e| e.reasons == d.reasons)
        }) {
            Some((_, ds)) => ds.push(d),
            None => groups.push((d.column, vec![d])),
        }
    }
    for (column, ds) in groups {
        let here = c.profiles.get(column).map_or("", String::as_str);
        let (Some(a), Some(b)) = (c.columns.first(), c.columns.get(column)) else {
            continue;
        };
        let cells: Vec<String> = ds
            .iter()
            .filter(|d| d.cell != Cell::Yaku)
            .map(|d| {
                format!(
                    "{} {} ({first}: {})",
                    d.cell.name(),
                    cell_text(b, d.cell),
                    cell_text(a, d.cell)
                )
            })
            .chain(
                ds.iter()
                    .any(|d| d.cell == Cell::Yaku)
                    .then(|| "yaku".to_owned()),
            )
            .collect();
        writeln!(out, "{indent}{what}{here}: {}", cells.join("; "))?;
        if let Err(why) = b {
            writeln!(out, "{indent}    {why}")?;
        }
        let reasons = ds.first().map(|d| d.reasons.as_slice()).unwrap_or_default();
        if reasons.is_empty() {
            writeln!(
                out,
                "{indent}    no one field of the profiles explains it alone: several act together"
            )?;
        }
        for r in reasons {
            writeln!(out, "{indent}    because of {}", r.sentence(first, here))?;
        }
    }
    Ok(())
}

/// Writes a game's tables: findings per kyoku, then each win.
pub fn write_game(out: &mut impl Write, file: &str, g: &GameComparison) -> std::io::Result<()> {
    writeln!(out, "{file}")?;
    let mut t = Table::new("findings E/W/I", &g.profiles);
    for k in &g.kyoku {
        let cells = k
            .counts
            .iter()
            .enumerate()
            .map(|(j, [e, w, i])| (format!("{e}/{w}/{i}"), k.differs(j)))
            .collect();
        t.row(k.kyoku.clone(), cells);
    }
    t.write(out, "  ")?;
    for w in &g.wins {
        writeln!(out)?;
        let label = format!("win {} seat {} (event {})", w.kyoku, w.winner, w.event);
        write_win(out, &label, &w.comparison, "  ")?;
    }
    let first = g.profiles.first().map_or("", String::as_str);
    let kyoku_differ = g.kyoku.iter().any(|k| !k.differences.is_empty());
    let wins_differ = g.wins.iter().any(|w| !w.comparison.differences.is_empty());
    if kyoku_differ || wins_differ {
        writeln!(out)?;
        writeln!(out, "  * differs from {first}:")?;
    }
    for k in &g.kyoku {
        for d in &k.differences {
            let here = g.profiles.get(d.column).map_or("", String::as_str);
            writeln!(
                out,
                "    {} findings, {here}: {} {} ×{} ({first}: ×{}) [{}]",
                k.kyoku,
                d.rule,
                d.severity,
                d.here,
                d.first,
                if d.citation.is_empty() {
                    "no paragraph"
                } else {
                    d.citation
                }
            )?;
        }
    }
    for w in &g.wins {
        let what = format!("win {} seat {}, ", w.kyoku, w.winner);
        write_reasons(out, &what, &w.comparison, "    ")?;
    }
    Ok(())
}

/// `paifu audit --rules a,b,…`: every game under each profile, as text
/// tables or JSON lines (`formats/audit-report.md`, "Rule books side by
/// side"). The exit status is the worst of the profiles': 2 for a file
/// that could not be read, else 1 when a finding fails `policy` under any
/// profile.
pub fn audit(
    inputs: &[Input],
    options: &ImportOptions,
    profiles: &[Rules],
    json: bool,
    policy: FailOn,
) -> anyhow::Result<ExitCode> {
    let done = paifu::batch::run(inputs, options, |log| {
        let reports: Vec<GameReport> = profiles
            .iter()
            .map(|r| audit_game(log, &RulesChoice::Fixed(r.clone())))
            .collect();
        (reports, compare_game(log, profiles))
    });
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut unreadable = false;
    let mut first = true;
    for d in &done {
        match (d.game(), d.failure()) {
            (Some((_, cmp)), _) if json => write_game_json(&mut out, &d.file, cmp)?,
            (Some((_, cmp)), _) => {
                if !first {
                    writeln!(out)?;
                }
                first = false;
                write_game(&mut out, &d.file, cmp)?;
            }
            (None, Some(message)) => {
                unreadable = true;
                eprintln!("paifu: {message}");
            }
            (None, None) => {}
        }
    }
    let mut status = if unreadable { EXIT_UNREADABLE } else { 0 };
    let mut by_profile = Vec::new();
    for (p, rules) in profiles.iter().enumerate() {
        let report = Report {
            rules: rules.name.clone(),
            files: done
                .iter()
                .filter_map(|d| {
                    let report = d.game()?.0.get(p)?.clone();
                    Some(d.map(|_| report))
                })
                .collect(),
        };
        let s = report.exit_status(policy);
        by_profile.push((rules.name.clone(), s));
        status = status.max(s);
    }
    let games = done.iter().filter(|d| d.game().is_some()).count();
    if json {
        let line = serde_json::json!({
            "summary": {
                "files": games,
                "profiles": by_profile.iter().map(|(n, _)| n).collect::<Vec<_>>(),
                "exit_status_by_profile": by_profile.iter().map(|(_, s)| s).collect::<Vec<_>>(),
                "exit_status": status,
            }
        });
        writeln!(out, "{line}")?;
    } else {
        let each: Vec<String> = by_profile.iter().map(|(n, s)| format!("{n} {s}")).collect();
        writeln!(out)?;
        writeln!(
            out,
            "{games} game{} under {} profiles; exit status by profile: {}; exit {status} (the worst)",
            if games == 1 { "" } else { "s" },
            profiles.len(),
            each.join(", ")
        )?;
    }
    out.flush()?;
    Ok(ExitCode::from(status))
}

/// A game's comparison as JSON lines: a `kyoku` line per kyoku, then a
/// `win` line per win.
fn write_game_json(out: &mut impl Write, file: &str, g: &GameComparison) -> anyhow::Result<()> {
    // The keys every line of a game has; each kind adds its own.
    let line = |side_by_side: &str, kyoku: &str| {
        serde_json::json!({
            "file": file,
            "side_by_side": side_by_side,
            "profiles": g.profiles,
            "kyoku": kyoku,
        })
    };
    for k in &g.kyoku {
        let mut l = line("kyoku", &k.kyoku);
        l["counts"] = k
            .counts
            .iter()
            .map(|[e, w, i]| serde_json::json!({"error": e, "warning": w, "info": i}))
            .collect();
        l["differences"] = serde_json::to_value(&k.differences)?;
        writeln!(out, "{l}")?;
    }
    for w in &g.wins {
        let mut l = line("win", &w.kyoku);
        l["event"] = w.event.into();
        l["winner"] = serde_json::to_value(w.winner)?;
        l["columns"] = columns_json(&w.comparison).into();
        l["differences"] = serde_json::to_value(&w.comparison.differences)?;
        writeln!(out, "{l}")?;
    }
    Ok(())
}

/// Each column: the figures, or `{"no_win": reason}`.
pub fn columns_json(c: &WinComparison) -> Vec<serde_json::Value> {
    c.columns
        .iter()
        .map(|o| match o {
            Ok(f) => serde_json::to_value(f).unwrap_or_default(),
            Err(why) => serde_json::json!({ "no_win": why }),
        })
        .collect()
}
