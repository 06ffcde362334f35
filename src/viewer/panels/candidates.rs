//! The candidates table of the "why" panel: at a discard the review
//! analysed, every discard the player could have made, with the shanten
//! after it, the tiles it accepts and how many of them the player cannot
//! see, its waits and furiten when tenpai, its rank, and, when an opponent
//! threatens, its chance to deal in to each of them with the reasons on
//! hover (the review's danger) and its push-or-fold EV with the terms on
//! hover; the row played is highlighted, the best rows are green as on the
//! board.

use egui::{Color32, Rect, RichText, Sense, Shape, vec2};

use crate::hand::KindSet;
use crate::review::{Candidate, Decision, PushFold, Threat, ThreatKind};
use crate::tile::{Tile, format_hand};
use crate::viewer::describe::{player_name, tile_name};
use crate::viewer::marks::BETTER;
use crate::viewer::session::Session;
use crate::viewer::tiles::{Face, TileAtlas};

/// Tiles in the hover of an accepts cell.
const HOVER_TILE: egui::Vec2 = vec2(22.0, 29.0);
/// The accepts column breaks its lines between suits at this many
/// characters, so that a hand far from tenpai does not widen the panel
/// and shrink the board.
const ACCEPTS_CHARS: usize = 17;

fn shanten_text(n: i8) -> String {
    match n {
        -1 => "complete".into(),
        0 => "tenpai".into(),
        n => format!("{n}-shanten"),
    }
}

fn tiles_of(kinds: KindSet) -> Vec<Tile> {
    kinds.kinds().filter_map(Tile::from_kind).collect()
}

/// `36m 13s 2z`: the compact notation, a space between suits so that a
/// long list can be scanned, a new line before a suit that would pass
/// `width` characters; `—` for none.
fn compact_in(kinds: KindSet, width: usize) -> String {
    if kinds.is_empty() {
        return "—".into();
    }
    let tiles = tiles_of(kinds);
    let mut out = String::new();
    let mut line = 0;
    for suit in tiles.chunk_by(|a, b| a.suit() == b.suit()) {
        let group = format_hand(suit);
        let n = group.chars().count();
        if line > 0 && line + 1 + n > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(&group);
        line += n;
    }
    out
}

fn compact(kinds: KindSet) -> String {
    compact_in(kinds, usize::MAX)
}

/// Draws the table for `d`.
pub fn show(ui: &mut egui::Ui, session: &Session, d: &Decision, atlas: Option<&TileAtlas>) {
    let who = player_name(&session.log, d.seat);
    let played = d.played();
    ui.label(
        RichText::new(format!(
            "Discard of {who}: {}",
            crate::plural::count(d.candidates.len(), "candidate", "candidates")
        ))
        .strong(),
    );
    let mut facts = format!(
        "Before it: {}. {} played",
        shanten_text(d.shanten),
        tile_name(d.played)
    );
    if let Some(c) = played {
        facts.push_str(&format!(", rank {}", c.rank));
    }
    if d.riichi {
        facts.push_str(", declaring riichi");
    }
    if !d.threats.is_empty() {
        let who: Vec<String> = d.threats.iter().map(|t| threat_text(session, t)).collect();
        facts.push_str(&format!(". Threats: {}", who.join(", ")));
    }
    facts.push_str(if d.efficiency {
        ". Green: the best for tile efficiency, outlined on the board."
    } else {
        ". An opponent is in riichi: efficiency is not judged."
    });
    ui.label(RichText::new(facts).small());
    egui::Grid::new("candidates")
        .striped(true)
        .spacing(vec2(8.0, 2.0))
        .show(ui, |ui| {
            // Waits and furiten only mean something for a tenpai hand.
            let tenpai = d.candidates.iter().any(|c| c.shanten == 0);
            let heads: &[(&str, &str)] = &[
                ("discard", "the tile discarded (its kind)"),
                ("shanten", "shanten of the hand after the discard"),
                (
                    "ukeire",
                    "tiles of the accepted kinds the player cannot see",
                ),
                (
                    "accepts",
                    "the kinds whose draw lowers the shanten (or wins)",
                ),
                (
                    "waits",
                    "the winning kinds, less those the player holds all four of",
                ),
                ("furiten", "a wait is among the player's own discards"),
                (
                    "rank",
                    "by shanten, then ukeire; equal candidates share a rank",
                ),
            ];
            for (h, tip) in heads {
                if tenpai || !matches!(*h, "waits" | "furiten") {
                    ui.label(RichText::new(*h).small().strong())
                        .on_hover_text(*tip);
                }
            }
            for t in &d.threats {
                ui.label(
                    RichText::new(format!("deal-in {}", t.seat))
                        .small()
                        .strong(),
                )
                .on_hover_text(format!(
                    "the chance that this discard deals in to {}: the review's danger \
                         model, fitted on real games where every hand is known; hover a \
                         cell for the facts it rests on",
                    threat_text(session, t)
                ));
            }
            let weighed = d.candidates.iter().any(|c| c.push_fold.is_some());
            if weighed {
                ui.label(RichText::new("push/fold EV").small().strong())
                    .on_hover_text(
                        "push or fold: the chance to win × the hand's likely value −                          each threat's deal-in chance × what a deal-in to it costs on                          average, in points (formats/review.md); hover a cell for its                          terms. Bold: the best.",
                    );
            }
            ui.end_row();
            let best_ev = d
                .candidates
                .iter()
                .filter_map(|c| c.push_fold.map(|p| p.ev))
                .max();
            for (i, c) in d.candidates.iter().enumerate() {
                row(ui, c, i == d.played_index, tenpai, best_ev, atlas);
            }
        });
}

fn row(
    ui: &mut egui::Ui,
    c: &Candidate,
    played: bool,
    tenpai: bool,
    best_ev: Option<i32>,
    atlas: Option<&TileAtlas>,
) {
    // Painted behind the cells once their extent is known.
    let background = ui.painter().add(Shape::Noop);
    let best = c.rank == 1;
    // The board's green is too light for text on a light panel.
    let green = if ui.visuals().dark_mode {
        BETTER
    } else {
        Color32::from_rgb(20, 130, 60)
    };
    let text = |s: String| {
        let t = RichText::new(s);
        if best { t.color(green) } else { t }
    };
    let name = format!(
        "discard {}{}",
        tile_name(c.discard),
        if played { " (played)" } else { "" }
    );
    let mut extent = match atlas {
        Some(a) => {
            let (rect, response) = ui.allocate_exact_size(vec2(18.0, 24.0), Sense::hover());
            ui.painter()
                .add(a.upright(Face::Up(c.discard), rect, Color32::WHITE));
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
            response.on_hover_text(&name).rect
        }
        None => ui.label(text(c.discard.to_compact())).rect,
    };
    let shanten = if c.shanten == 0 {
        "tenpai".to_owned()
    } else {
        c.shanten.to_string()
    };
    extent = extent.union(ui.label(text(shanten)).rect);
    extent = extent.union(ui.label(text(c.ukeire.to_string())).rect);
    extent = extent.union(accepts(ui, c.accepts, atlas));
    if tenpai {
        let waits = if c.shanten == 0 {
            compact(c.waits)
        } else {
            String::new()
        };
        extent = extent.union(ui.label(text(waits)).rect);
        let furiten = if c.furiten {
            RichText::new("furiten").color(Color32::from_rgb(235, 95, 85))
        } else {
            RichText::new("")
        };
        extent = extent.union(ui.label(furiten).rect);
    }
    extent = extent.union(ui.label(text(c.rank.to_string())).rect);
    for x in &c.danger {
        let reasons: Vec<String> = x.reasons.iter().map(ToString::to_string).collect();
        let label = ui
            .label(RichText::new(percent(x.deal_in_bp)).color(danger_color(x.deal_in_bp)))
            .on_hover_text(reasons.join(", "));
        extent = extent.union(label.rect);
    }
    if let Some(pf) = c.push_fold {
        let mut t = RichText::new(format!("{:+}", pf.ev));
        if Some(pf.ev) == best_ev {
            t = t.strong();
        }
        extent = extent.union(ui.label(t).on_hover_text(push_fold_text(&pf)).rect);
    }
    ui.end_row();
    if played {
        ui.painter().set(
            background,
            Shape::rect_filled(
                extent.expand2(vec2(3.0, 1.0)),
                3.0,
                Color32::from_rgba_unmultiplied(255, 210, 60, 48),
            ),
        );
    }
}

/// "21% to win about 2550 points; expected loss 615": the terms of a
/// candidate's push-or-fold weighing.
fn push_fold_text(pf: &PushFold) -> String {
    format!(
        "{:.0}% to win about {} points; expected loss {} points",
        pf.win() * 100.0,
        pf.value,
        pf.loss
    )
}

/// "seat 2 (name) in riichi", "seat 1 (name), open hand".
fn threat_text(session: &Session, t: &Threat) -> String {
    let how = match t.kind {
        ThreatKind::Riichi => "in riichi",
        ThreatKind::Open => "open hand, maybe tenpai",
    };
    format!(
        "seat {} ({}) {how}",
        t.seat,
        player_name(&session.log, t.seat)
    )
}

/// A chance in basis points as a percentage: "safe" for a tile they cannot
/// win on by the rules, one decimal below 10 %.
fn percent(bp: u16) -> String {
    match bp {
        0 => "safe".into(),
        b if b < 1000 => format!("{:.1}%", f64::from(b) / 100.0),
        b => format!("{}%", (u32::from(b) + 50) / 100),
    }
}

/// Green for safe, the warning colours as the chance grows.
fn danger_color(bp: u16) -> Color32 {
    match bp {
        0 => Color32::from_rgb(40, 160, 80),
        1..500 => Color32::GRAY,
        500..1000 => Color32::from_rgb(220, 150, 40),
        _ => Color32::from_rgb(235, 95, 85),
    }
}

/// The accepted kinds in compact text, and as tiles on hover: drawn in
/// the row, twenty-odd kinds would be too small to read or make the table
/// too tall.
fn accepts(ui: &mut egui::Ui, kinds: KindSet, atlas: Option<&TileAtlas>) -> Rect {
    let text = compact_in(kinds, ACCEPTS_CHARS);
    let response = ui.label(RichText::new(&text).monospace());
    let rect = response.rect;
    if let Some(atlas) = atlas.filter(|_| !kinds.is_empty()) {
        response.on_hover_ui(|ui| {
            ui.horizontal_wrapped(|ui| {
                ui.set_max_width(HOVER_TILE.x * 9.0 + 8.0 * ui.spacing().item_spacing.x);
                for t in tiles_of(kinds) {
                    let (r, _) = ui.allocate_exact_size(HOVER_TILE, Sense::hover());
                    ui.painter()
                        .add(atlas.upright(Face::Up(t), r, Color32::WHITE));
                }
            });
        });
    }
    rect
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_hand;

    fn set(text: &str) -> KindSet {
        KindSet(
            parse_hand(text)
                .unwrap()
                .iter()
                .fold(0, |acc, t| acc | 1 << t.kind()),
        )
    }

    #[test]
    fn a_chance_reads_as_a_percentage_and_zero_as_safe() {
        assert_eq!(percent(0), "safe");
        assert_eq!(percent(37), "0.4%");
        assert_eq!(percent(999), "10.0%");
        assert_eq!(percent(1249), "12%");
        assert_ne!(danger_color(0), danger_color(1500));
    }

    #[test]
    fn accepted_kinds_break_between_suits() {
        assert_eq!(compact(set("36m13s2z")), "36m 13s 2z");
        assert_eq!(compact(KindSet::default()), "—");
        assert_eq!(
            compact_in(set("123456789m234567p26z"), ACCEPTS_CHARS),
            "123456789m\n234567p 26z"
        );
    }
}
