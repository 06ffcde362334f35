//! "Compare rule books": the win at the cursor under several profiles in
//! a grid, a column per profile, each cell that differs from the first
//! column highlighted and marked `*`, and under the grid each difference
//! with the profile field responsible and its paragraphs. Every figure and
//! every reason is the engine's ([`crate::compare::compare_win`], computed
//! by the session when the cursor reaches the win).

use egui::{Color32, RichText};

use crate::compare::{Cell, WinComparison, cell_text};
use crate::yaku::Yaku;

/// The colour of a cell that differs from the first column.
pub const DIFFERS: Color32 = Color32::from_rgb(245, 170, 60);

/// Draws the comparison.
pub fn show(ui: &mut egui::Ui, c: &WinComparison) {
    ui.label(RichText::new("This win under each rule book").strong());
    egui::ScrollArea::horizontal()
        .id_salt("compare-scroll")
        .show(ui, |ui| grid(ui, c));
    let first = c.profiles.first().map_or("", String::as_str);
    if c.differences.is_empty() {
        ui.label("Every rule book scores this win alike.");
        return;
    }
    ui.label(format!("* differs from {first}:"));
    for d in &c.differences {
        let here = c.profiles.get(d.column).map_or("", String::as_str);
        let (Some(a), Some(b)) = (c.columns.first(), c.columns.get(d.column)) else {
            continue;
        };
        ui.colored_label(
            DIFFERS,
            format!(
                "{}, {here}: {} ({first}: {})",
                d.cell.name(),
                cell_text(b, d.cell),
                cell_text(a, d.cell)
            ),
        );
        if d.reasons.is_empty() {
            let why = match b {
                Err(why) => why.to_string(),
                Ok(_) => "no one field explains it alone: several act together".to_owned(),
            };
            ui.label(format!("    {why}"));
        }
        for r in &d.reasons {
            ui.label(format!("    because of {}", r.sentence(first, here)));
        }
    }
}

fn grid(ui: &mut egui::Ui, c: &WinComparison) {
    let cell = |ui: &mut egui::Ui, text: String, marked: bool| {
        if marked {
            ui.label(RichText::new(format!("{text}*")).color(DIFFERS).strong());
        } else {
            ui.label(text);
        }
    };
    // Long yaku names and four columns may not fit a narrow panel: the
    // grid scrolls sideways rather than being cut off.
    egui::ScrollArea::horizontal()
        .id_salt("compare-grid-scroll")
        .show(ui, |ui| grid_body(ui, c, &cell));
}

fn grid_body(ui: &mut egui::Ui, c: &WinComparison, cell: &dyn Fn(&mut egui::Ui, String, bool)) {
    egui::Grid::new("compare-grid")
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for p in &c.profiles {
                ui.label(RichText::new(p).strong());
            }
            ui.end_row();
            for name in c.yaku_names() {
                // The comparison keeps the stable ids; people read names.
                ui.label(super::yaku_names::name(ui, &Yaku::from_name(name)));
                let first = c.yaku_cell(0, name);
                for j in 0..c.profiles.len() {
                    let v = c.yaku_cell(j, name);
                    let marked = j > 0 && c.differs(j, Cell::Yaku) && v != first;
                    cell(ui, v, marked);
                }
                ui.end_row();
            }
            for row in [Cell::Han, Cell::Fu, Cell::Points, Cell::Payments] {
                ui.label(row.name());
                for (j, o) in c.columns.iter().enumerate() {
                    cell(ui, cell_text(o, row), c.differs(j, row));
                }
                ui.end_row();
            }
        });
}
