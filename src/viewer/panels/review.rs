//! The review: the seat reviewed, its summary, and its items (what a
//! teacher points at) in event order, the sentence and rule of those at
//! the cursor spelled out; a click goes to an item's event.

use egui::{Align, Id, RichText};

use crate::event::Seat;
use crate::plural::count;
use crate::review::{Item, SeatSummary};
use crate::viewer::app::Action;
use crate::viewer::describe::{player_name, tile_name};
use crate::viewer::marks::{item_color, tile_list};
use crate::viewer::session::{Command, Session};

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &Session, actions: &mut Vec<Action>) {
    ui.heading("Review");
    let seat_text = |s: Option<Seat>| {
        s.map_or_else(
            || "All seats".to_owned(),
            |s| format!("{} (seat {s})", player_name(&session.log, s)),
        )
    };
    let current = session.review_seat();
    egui::ComboBox::from_label("Review seat")
        .selected_text(seat_text(current))
        .show_ui(ui, |ui| {
            let choices = std::iter::once(None).chain(Seat::all(session.review.seats).map(Some));
            for s in choices {
                if ui.selectable_label(s == current, seat_text(s)).clicked() && s != current {
                    actions.push(Action::Session(Command::ReviewSeat(s)));
                }
            }
        });
    for s in &session.review.summary {
        if s.seat.is_some_and(|seat| session.reviews(seat)) {
            ui.label(RichText::new(summary_line(session, s)).small());
        }
    }
    ui.label(
        RichText::new("M / Shift+M: next / previous item; hover an item for its sentence")
            .small()
            .weak(),
    );
    ui.separator();
    let here = session.cursor();
    let scrolled_for = Id::unique("review-scrolled-for");
    let last: Option<usize> = ui.data(|d| d.get_temp(scrolled_for));
    egui::ScrollArea::vertical()
        .id_salt("review-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mut any = false;
            for item in session.review_items() {
                any = true;
                let at = item.event == here;
                let response = ui.selectable_label(at, item_head(session, item, at));
                // Follow the cursor once when it lands on an item (M, a
                // click on the board's timeline), then let the user scroll.
                if at && last != Some(here) {
                    response.scroll_to_me(Some(Align::Center));
                    ui.data_mut(|d| d.insert_temp(scrolled_for, here));
                }
                let response = response.on_hover_ui(|ui| {
                    ui.label(&item.message);
                    if !item.citation.is_empty() {
                        ui.label(RichText::new(item.citation).italics());
                    }
                });
                if response.clicked() {
                    actions.push(Action::Session(Command::Goto(item.event)));
                }
                // The sentence and the rule for the items at the cursor
                // only: the list stays short enough to scan, and a frame
                // lays out two widgets an item fewer.
                if at {
                    ui.label(RichText::new(&item.message).small());
                    if !item.citation.is_empty() {
                        ui.label(RichText::new(item.citation).small().italics().weak());
                    }
                    // Luck beside the odds, where the kyoku has a wall.
                    if let Some(h) = &item.hindsight {
                        ui.label(RichText::new(h.sentence()).small().weak());
                    }
                }
                ui.add_space(2.0);
            }
            if !any {
                ui.label("No review items for this seat.");
            }
            if last.is_some() && session.items_here().next().is_none() {
                ui.data_mut(|d| d.remove::<usize>(scrolled_for));
            }
        });
}

/// `MISTAKE EFFICIENCY  E1-0 · Name` over `9p → 4m, 8m  (event 18)`, in the
/// severity's colour unless selected (red on the selection's blue cannot
/// be read).
fn item_head(session: &Session, item: &Item, selected: bool) -> RichText {
    let who = if session.review_seat().is_none() {
        format!(" · {}", player_name(&session.log, item.seat))
    } else {
        String::new()
    };
    let choice = match (item.played, item.better.is_empty()) {
        (Some(p), false) => format!("{} → {}  ", tile_name(p), tile_list(&item.better)),
        (Some(p), true) => format!("{}  ", tile_name(p)),
        (None, _) => String::new(),
    };
    // Two lines: what and where, then the choice.
    let text = RichText::new(format!(
        "{} {}  {}{who}\n{choice}(event {})",
        item.weight.name().to_uppercase(),
        item.kind.code(),
        item.kyoku,
        item.event
    ))
    .strong();
    if selected {
        text
    } else {
        text.color(item_color(item.weight))
    }
}

/// `Name: 48 decisions · efficiency 62% (29 of 47) · 5 mistakes, …`.
fn summary_line(session: &Session, s: &SeatSummary) -> String {
    let name = s
        .seat
        .map_or_else(|| s.name.clone(), |seat| player_name(&session.log, seat));
    let efficiency = s.agreement_text().map_or_else(
        || "efficiency not judged".to_owned(),
        |a| format!("efficiency {a}"),
    );
    let n = &s.by_weight;
    let mut line = format!(
        "{name}: {} · {efficiency} · {}, {}, {}",
        count(s.decisions, "decision", "decisions"),
        count(n.mistake, "mistake", "mistakes"),
        count(n.inaccuracy, "inaccuracy", "inaccuracies"),
        count(n.note, "note", "notes"),
    );
    if s.missed_wins > 0 {
        line.push_str(&format!(
            " · missed wins {} ({} points)",
            s.missed_wins, s.missed_win_points
        ));
    }
    if s.deal_ins > 0 {
        line.push_str(&format!(
            " · deal-ins {} ({} with a safe tile)",
            s.deal_ins, s.deal_ins_with_safe_tile
        ));
    }
    line
}
