//! The event under the cursor in words, and the current kyoku's events as
//! a strip of marks to click (discards grey, calls blue, riichi orange,
//! outcomes gold, findings red).

use egui::{Color32, Rect, RichText, Sense, Stroke, vec2};

use crate::event::Event;
use crate::viewer::app::{Action, severity_color};
use crate::viewer::session::{Command, Session};

fn color(event: &Event) -> Color32 {
    match event {
        Event::Dahai { riichi: true, .. } => Color32::from_rgb(240, 150, 40),
        e if e.is_discard() => Color32::from_gray(150),
        e if e.is_call() || e.is_kong() || e.is_nukidora() => Color32::from_rgb(70, 140, 230),
        e if e.is_outcome() => Color32::from_rgb(240, 200, 60),
        _ => Color32::from_gray(90),
    }
}

/// Draws the strip.
pub fn show(ui: &mut egui::Ui, session: &Session, actions: &mut Vec<Action>) {
    ui.add_space(2.0);
    let here = session.cursor();
    ui.label(RichText::new(session.event_text(here)).size(16.0).strong());
    for (_, f) in session.findings_here() {
        ui.label(
            RichText::new(format!(
                "{} {}: {}  [{}]",
                f.severity.name().to_uppercase(),
                f.rule,
                f.message,
                f.citation
            ))
            .color(severity_color(f.severity)),
        );
    }
    let Some(k) = session.current_kyoku() else {
        return;
    };
    let n = k.end + 1 - k.start;
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(vec2(width, 22.0), Sense::click());
    let cell = width / n.max(1) as f32;
    let painter = ui.painter();
    for (j, i) in (k.start..=k.end).enumerate() {
        let Some(entry) = session.log.events.get(i) else {
            continue;
        };
        let x = rect.left() + j as f32 * cell;
        let r = Rect::from_min_max(
            egui::pos2(x + 0.5, rect.top() + 4.0),
            egui::pos2(x + cell - 0.5, rect.bottom() - 4.0),
        );
        let finding = session.findings.iter().find(|f| f.event == i);
        let fill = finding.map_or_else(|| color(&entry.event), |f| severity_color(f.severity));
        painter.rect_filled(r, 1.0, fill);
        if i == here {
            painter.rect_stroke(
                r.expand(3.0),
                2.0,
                Stroke::new(2.0, Color32::WHITE),
                egui::StrokeKind::Outside,
            );
        }
    }
    let index_at = |x: f32| {
        let j = ((x - rect.left()) / cell).floor().max(0.0) as usize;
        (k.start + j).min(k.end)
    };
    if let Some(pos) = response.hover_pos() {
        let i = index_at(pos.x);
        let text = format!("event {i}: {}", session.event_text(i));
        let response = response.clone().on_hover_text_at_pointer(text);
        if response.clicked() {
            actions.push(Action::Session(Command::Goto(i)));
        }
    }
}
