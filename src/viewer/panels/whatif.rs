//! "What if…": at a decision of the record, the moves the engine allowed
//! the seat there, each one a button that starts a branch
//! ([`crate::whatif::Branch`]); in a branch, where it left the record, the
//! choice it waits for, "Back to the record" and "Save branch…". The
//! moves listed are the library's, never worked out here.

use egui::{Color32, RichText};

use crate::event::Format;
use crate::viewer::app::{Action, WhatIfAction, WhatIfView};
use crate::viewer::describe::player_name;
use crate::viewer::session::Session;
use crate::whatif::BranchError;

/// The colour of the what-if mark, on the board and here.
pub const MARK: Color32 = Color32::from_rgb(236, 150, 40);

/// Draws the panel: the branch's controls when one is open, else the
/// moves a branch could take at the cursor. Returns whether it drew
/// anything.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    branch: Option<&WhatIfView>,
    actions: &mut Vec<Action>,
) -> bool {
    match branch {
        Some(view) => in_branch(ui, session, view, actions),
        None => at_record(ui, session, actions),
    }
}

fn in_branch(
    ui: &mut egui::Ui,
    session: &Session,
    view: &WhatIfView,
    actions: &mut Vec<Action>,
) -> bool {
    let branch = &view.branch;
    let mark = branch.log().meta.what_if.as_ref();
    ui.heading(RichText::new("WHAT-IF").color(MARK).strong());
    if let Some(m) = mark {
        ui.label(format!(
            "From event {} ({}): {} — {}",
            m.from_event,
            m.kyoku,
            player_name(&session.log, m.seat),
            m.instead
        ));
    }
    match branch.pending() {
        Some(choice) => {
            ui.label(
                RichText::new(format!(
                    "{} to choose ({})",
                    player_name(&session.log, choice.seat),
                    choice.asked
                ))
                .strong(),
            );
            ui.horizontal_wrapped(|ui| {
                for mv in &choice.options {
                    if ui.button(mv.to_string()).clicked() {
                        actions.push(Action::WhatIf(WhatIfAction::Choose(mv.clone())));
                    }
                }
            });
        }
        None => {
            ui.label("The kyoku has ended in the branch.");
        }
    }
    if let Some(message) = &view.message {
        ui.label(RichText::new(message).small());
    }
    ui.horizontal(|ui| {
        if ui.button("Back to the record").clicked() {
            actions.push(Action::WhatIf(WhatIfAction::Back));
        }
        ui.menu_button("Save branch…", |ui| {
            ui.label("Saved in the current folder as:");
            for format in [Format::Mjai, Format::Tenhou6] {
                let name = view.file_name(format);
                if ui
                    .button(format!("{format}: {name}"))
                    .on_hover_text("the branch, marked as a what-if")
                    .clicked()
                {
                    actions.push(Action::WhatIf(WhatIfAction::Save(format)));
                    ui.close();
                }
            }
        });
    });
    true
}

fn at_record(ui: &mut egui::Ui, session: &Session, actions: &mut Vec<Action>) -> bool {
    let at = session.cursor();
    let choice = match session.choice_here() {
        Some(Ok(c)) => c,
        Some(Err(BranchError::NoWall { kyoku })) => {
            ui.label(
                RichText::new(format!(
                    "What if…: kyoku {kyoku}'s record has no wall, so its later draws are unknown: no branch here."
                ))
                .small(),
            );
            return true;
        }
        _ => return false,
    };
    let recorded = session.event_text(at);
    egui::CollapsingHeader::new(RichText::new("What if…").color(MARK).strong())
        .id_salt("what-if")
        // Folded until asked for: a list of every legal move at every
        // decision would crowd the Why panel below it.
        .default_open(false)
        .show(ui, |ui| {
            ui.label(format!(
                "{} — recorded: {recorded}. Play on instead with:",
                player_name(&session.log, choice.seat)
            ));
            ui.horizontal_wrapped(|ui| {
                for mv in &choice.options {
                    if ui.button(mv.to_string()).clicked() {
                        actions.push(Action::WhatIf(WhatIfAction::Start {
                            at,
                            seat: choice.seat,
                            mv: mv.clone(),
                        }));
                    }
                }
            });
        });
    true
}
