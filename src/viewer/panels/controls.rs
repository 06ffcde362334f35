//! The top bar: opening files, the profile switcher, stepping buttons and
//! where the cursor is.

use egui::{Color32, RichText};

use crate::viewer::app::{Action, ViewerApp};
use crate::viewer::session::{Command, Profile};
use crate::yaku::NameStyle;

/// Draws the bar.
pub fn show(ui: &mut egui::Ui, app: &mut ViewerApp, actions: &mut Vec<Action>) {
    egui::Panel::top("controls").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label("Log:");
            let field = ui.add(
                egui::TextEdit::singleline(&mut app.open_field)
                    .hint_text(
                        "path to a Tenhou, tenhou.net/6, mjai, Mahjong Soul or Riichi City log",
                    )
                    .desired_width(320.0),
            );
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Open").clicked() || entered) && !app.open_field.trim().is_empty() {
                actions.push(Action::Open(app.open_field.trim().into()));
            }
            ui.menu_button("Recent", |ui| {
                if app.recent.files.is_empty() {
                    ui.label("No recent files");
                }
                for f in &app.recent.files {
                    if ui.button(f.display().to_string()).clicked() {
                        actions.push(Action::Open(f.clone()));
                        ui.close();
                    }
                }
            });
            ui.separator();
            if let Some(session) = &app.session {
                let current = session.profile.clone();
                egui::ComboBox::from_label("Rules")
                    .selected_text(profile_label(&current, &session.rules.name))
                    // Every preset and "Load profile…" in view, no scrolling.
                    .height(600.0)
                    .show_ui(ui, |ui| {
                        let mut choices = Profile::all();
                        if matches!(current, Profile::File(_)) {
                            choices.push(current.clone());
                        }
                        for p in choices {
                            let text = p.name();
                            if ui.selectable_label(p == current, text).clicked() && p != current {
                                actions.push(Action::Session(Command::SetProfile(p)));
                            }
                        }
                        ui.separator();
                        if ui
                            .selectable_label(app.profile_entry, "Load profile…")
                            .on_hover_text(
                                "a JSON profile, as `paifu rules NAME` prints one (or drop the file on the window)",
                            )
                            .clicked()
                        {
                            app.profile_entry = true;
                        }
                    });
            }
            egui::ComboBox::from_label("Yaku names")
                .selected_text(app.yaku_names.label())
                .show_ui(ui, |ui| {
                    for style in NameStyle::ALL {
                        if ui
                            .selectable_label(style == app.yaku_names, style.label())
                            .clicked()
                        {
                            actions.push(Action::SetYakuNames(style));
                        }
                    }
                });
            ui.separator();
            if ui
                .button(if app.dark { "Light" } else { "Dark" })
                .on_hover_text("D")
                .clicked()
            {
                actions.push(Action::SetDark(!app.dark));
            }
            if ui
                .button("Rotate")
                .on_hover_text("Put the next seat at the bottom (R, or click a player's name)")
                .clicked()
            {
                actions.push(Action::Rotate);
            }
        });
        if app.profile_entry && app.session.is_some() {
            profile_entry(ui, app, actions);
        }
        if let Some(e) = &app.error {
            ui.colored_label(Color32::from_rgb(230, 80, 70), e);
        }
        let Some(session) = &app.session else { return };
        ui.horizontal(|ui| {
            let nav = [
                ("« Kyoku", "↑", Command::Kyoku(-1)),
                ("‹‹ Turn", "Shift+←", Command::Turn(-1)),
                ("‹ Event", "←", Command::Step(-1)),
                ("Event ›", "→", Command::Step(1)),
                ("Turn ››", "Shift+→", Command::Turn(1)),
                ("Kyoku »", "↓", Command::Kyoku(1)),
            ];
            for (label, key, command) in nav {
                if ui.button(label).on_hover_text(key).clicked() {
                    actions.push(Action::Session(command));
                }
            }
            ui.separator();
            if ui.button("‹ Finding").on_hover_text("P").clicked() {
                actions.push(Action::Session(Command::PrevFinding));
            }
            if ui.button("Finding ›").on_hover_text("N").clicked() {
                actions.push(Action::Session(Command::NextFinding));
            }
            if ui
                .button("‹ Item")
                .on_hover_text("Shift+M: previous review item")
                .clicked()
            {
                actions.push(Action::Session(Command::PrevItem));
            }
            if ui
                .button("Item ›")
                .on_hover_text("M: next review item")
                .clicked()
            {
                actions.push(Action::Session(Command::NextItem));
            }
            ui.separator();
            let kyoku = session.current_kyoku().map_or("", |k| k.label.as_str());
            ui.label(
                RichText::new(format!(
                    "{kyoku}  ·  event {} of {}",
                    session.cursor(),
                    session.len().saturating_sub(1)
                ))
                .strong(),
            );
            ui.label(format!("·  {}", session.source));
        });
    });
}

fn profile_label(p: &Profile, resolved: &str) -> String {
    match p {
        Profile::Auto => format!("auto ({resolved})"),
        Profile::Preset(name) => name.clone(),
        Profile::File(_) => format!("{resolved} (file)"),
        // A session holds one profile; a list is compared, not switched to.
        Profile::Side(_) => p.name(),
    }
}

/// The Rules menu's "Load profile…": a path to a JSON profile, loaded with
/// Enter or the button (checked then; an error is shown in the bar).
fn profile_entry(ui: &mut egui::Ui, app: &mut ViewerApp, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        ui.label("Profile file:");
        let field = ui.add(
            egui::TextEdit::singleline(&mut app.profile_field)
                .hint_text("path to a JSON rule profile (`paifu rules tenhou > my.json`)")
                .desired_width(320.0),
        );
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Load").clicked() || entered) && !app.profile_field.trim().is_empty() {
            actions.push(Action::LoadProfile(app.profile_field.trim().into()));
        }
        if ui.button("Cancel").clicked() {
            app.profile_entry = false;
        }
    });
}
