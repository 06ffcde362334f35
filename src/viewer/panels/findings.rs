//! Every finding of the game; a click goes to its event.

use egui::RichText;

use crate::engine::Severity;
use crate::plural;
use crate::viewer::app::{Action, severity_color};
use crate::viewer::describe::player_name;
use crate::viewer::session::{Command, Session};

/// Draws the list.
pub fn show(ui: &mut egui::Ui, session: &Session, actions: &mut Vec<Action>) {
    let count = |s: Severity| session.findings.iter().filter(|f| f.severity == s).count();
    ui.heading(format!(
        "Findings: {}, {}, {}",
        plural::count(count(Severity::Error), "error", "errors"),
        plural::count(count(Severity::Warning), "warning", "warnings"),
        plural::count(count(Severity::Info), "info", "info")
    ));
    ui.label(
        RichText::new(format!(
            "Rules: {} revision {} · paifu {}",
            session.rules.name,
            session.rules.revision,
            env!("CARGO_PKG_VERSION")
        ))
        .small(),
    );
    egui::ScrollArea::vertical()
        .id_salt("findings-scroll")
        .show(ui, |ui| {
            for f in &session.findings {
                let here = f.event == session.cursor();
                let seat = f.seat.map_or_else(String::new, |s| {
                    format!(" · {}", player_name(&session.log, s))
                });
                let head = RichText::new(format!(
                    "{} {}  {}{seat}  (event {})",
                    f.severity.name().to_uppercase(),
                    f.rule,
                    f.kyoku.as_deref().unwrap_or("game"),
                    f.event
                ))
                .color(severity_color(f.severity))
                .strong();
                let response = ui.selectable_label(here, head);
                ui.label(&f.message);
                if let Some((e, r)) = f.values_for_people(super::yaku_names::style(ui)) {
                    ui.label(RichText::new(format!("expected {e} · recorded {r}")).small());
                }
                ui.label(RichText::new(f.citation).small().italics());
                ui.add_space(4.0);
                if response.clicked() {
                    actions.push(Action::Session(Command::Goto(f.event)));
                }
            }
        });
}
