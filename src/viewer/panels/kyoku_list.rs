//! The kyoku list: each kyoku with its result and its findings; a click
//! goes to its deal.

use egui::RichText;

use crate::viewer::app::Action;
use crate::viewer::session::{Command, Session};

/// Draws the list.
pub fn show(ui: &mut egui::Ui, session: &Session, actions: &mut Vec<Action>) {
    ui.heading("Kyoku");
    let current = session.kyoku_index();
    // A third of the column at most: the review list is below.
    let most = ui.available_height() / 3.0;
    egui::ScrollArea::vertical()
        .id_salt("kyoku-scroll")
        .max_height(most)
        .show(ui, |ui| {
            for (i, k) in session.kyoku.iter().enumerate() {
                let findings = session
                    .findings
                    .iter()
                    .filter(|f| f.event >= k.start && f.event <= k.end)
                    .count();
                let mut text = RichText::new(format!("{}  {}", k.label, k.result));
                if findings > 0 {
                    text = RichText::new(format!(
                        "{}  {}  ({})",
                        k.label,
                        k.result,
                        crate::plural::count(findings, "finding", "findings")
                    ))
                    .color(egui::Color32::from_rgb(235, 150, 60));
                }
                if ui.selectable_label(current == Some(i), text).clicked() {
                    actions.push(Action::Session(Command::Goto(k.start)));
                }
            }
        });
}
