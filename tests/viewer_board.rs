//! The board driven as a user would, through egui_kittest (no display, no
//! GPU): clicks on the table, on the Rotate button and on the players'
//! names.
#![cfg(feature = "viewer")]
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::Path;

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paifu::event::Seat;
use paifu::viewer::{FontChoice, Profile, Session, ViewerApp};

fn harness() -> Harness<'static, ViewerApp> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/pao_ron_edited.mjlog");
    let session = Session::open(&path, Profile::Auto).expect("testdata log opens");
    let mut app = ViewerApp::with_session(session, true);
    // The same font on every machine.
    app.fonts = FontChoice::BundledOnly;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1440.0, 900.0))
        .build_ui_state(|ui, app: &mut ViewerApp| app.show(ui), app);
    h.run();
    h
}

/// A press and release of the primary button at `pos`.
fn click_at(h: &mut Harness<'_, ViewerApp>, pos: Pos2) {
    h.event(egui::Event::PointerMoved(pos));
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
}

fn bottom(h: &Harness<'_, ViewerApp>) -> Seat {
    h.state().bottom
}

#[test]
fn a_click_on_the_table_does_not_turn_it() {
    let mut h = harness();
    let start = bottom(&h);
    let layout = h.state().board_layout().expect("a board").clone();
    let centre = layout.centre.first().expect("the round").center();
    // The centre panel, and the felt between the centre and a seat.
    click_at(&mut h, centre);
    assert_eq!(bottom(&h), start, "a click on the centre turned the table");
    let plate = layout.name_plates.first().expect("a name").1.center();
    click_at(&mut h, centre + (plate - centre) * 0.5);
    assert_eq!(bottom(&h), start, "a click on the felt turned the table");
}

#[test]
fn the_button_the_key_and_a_name_turn_the_table() {
    let mut h = harness();
    let start = bottom(&h);
    h.get_by_label("Rotate").click();
    h.run();
    assert_eq!(bottom(&h), start.plus(1, 4));
    h.key_press(Key::R);
    h.run();
    assert_eq!(bottom(&h), start.plus(2, 4));
    // A click on a player's name puts that player at the bottom.
    let layout = h.state().board_layout().expect("a board").clone();
    let (seat, plate) = layout
        .name_plates
        .iter()
        .copied()
        .find(|(s, _)| *s != bottom(&h))
        .expect("another seat");
    click_at(&mut h, plate.center());
    assert_eq!(bottom(&h), seat);
}
