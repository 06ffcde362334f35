//! The viewer driven as a user would, through egui_kittest (no display, no
//! GPU): open a log, step with the keys, jump to findings, switch profile,
//! click the panels, and check what is shown.
#![cfg(feature = "viewer")]
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::Path;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paifu::viewer::{Profile, Session, ViewerApp};

fn app(name: &str, profile: Profile) -> ViewerApp {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(name);
    let session = Session::open(&path, profile).expect("testdata log opens");
    ViewerApp::with_session(session, true)
}

fn harness(app: ViewerApp) -> Harness<'static, ViewerApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1440.0, 900.0))
        // Player names may be Japanese: the machine may lack such a font.
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut ViewerApp| app.show(ui), app);
    h.run();
    h
}

fn cursor(h: &Harness<'_, ViewerApp>) -> usize {
    h.state()
        .session
        .as_ref()
        .map_or(usize::MAX, Session::cursor)
}

fn press(h: &mut Harness<'_, ViewerApp>, key: Key) {
    h.key_press(key);
    h.run();
}

#[test]
fn steps_with_the_keys() {
    let mut h = harness(app("tenhou_xml/pao_ron_edited.mjlog", Profile::Auto));
    h.get_by_label_contains("E1-0  ·  event 0 of 433");
    press(&mut h, Key::ArrowRight);
    h.get_by_label_contains("E1-0  ·  event 1 of 433");
    // The timeline names the event: the dealer's first draw.
    h.get_by_label_contains("draws");
    press(&mut h, Key::ArrowLeft);
    assert_eq!(cursor(&h), 0);
    press(&mut h, Key::ArrowDown);
    h.get_by_label_contains("E1-1  ·  event");
    let e1_1 = cursor(&h);
    press(&mut h, Key::End);
    assert!(cursor(&h) > e1_1);
    h.get_by_label_contains("end of the kyoku");
    press(&mut h, Key::Home);
    assert_eq!(cursor(&h), e1_1);
    // Up from the start of a kyoku goes to the previous one.
    press(&mut h, Key::ArrowUp);
    assert_eq!(cursor(&h), 0);
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::ArrowRight);
    h.run();
    // A turn ends at a discard (or a call): never at a draw.
    h.get_by_label_contains("discards");
}

#[test]
fn jumps_to_findings_and_shows_them() {
    let mut h = harness(app(
        "tenhou_xml/pao_ron_edited.mjlog",
        Profile::parse("ema2016").unwrap(),
    ));
    h.get_by_label("Findings: 3 errors, 7 warnings, 0 info");
    press(&mut h, Key::N);
    // The findings at event 0 are behind the cursor: the next is the red
    // five discarded at event 47.
    assert_eq!(cursor(&h), 47);
    h.get_by_label_contains("ERROR TILE-NOT-IN-SET: 5sr: the ema2016 rules have no red fives");
    press(&mut h, Key::N);
    assert_eq!(cursor(&h), 92);
    // At the win, the "why" panel shows the recomputation beside the log.
    h.get_by_label("The win, recomputed");
    h.get_by_label("han: paifu 3 · log 5");
    press(&mut h, Key::P);
    assert_eq!(cursor(&h), 47);
    // Clicking a finding in the list goes to its event.
    h.get_by_label_contains("WARNING SCORE-HAN").click();
    h.run();
    assert_eq!(cursor(&h), 92);
}

#[test]
fn switching_profile_audits_again() {
    let mut h = harness(app("tenhou_xml/pao_ron_edited.mjlog", Profile::Auto));
    h.get_by_label("Findings: 0 errors, 0 warnings, 0 info");
    assert_eq!(
        h.get_by_label("Rules").accesskit_node().value().as_deref(),
        Some("auto (tenhou)")
    );
    h.get_by_label("Rules").click();
    h.run();
    h.get_by_label("wrc2015").click();
    h.run();
    h.get_by_label_contains("Findings: 3 errors");
    h.get_by_label_contains("Rules: wrc2015 revision");
    assert_eq!(
        h.state().session.as_ref().map(|s| s.profile.name()),
        Some("wrc2015".into())
    );
}

#[test]
fn kyoku_list_goes_to_a_kyoku() {
    let mut h = harness(app("tenhou_xml/pao_ron_edited.mjlog", Profile::Auto));
    h.get_by_label_contains("E4-0  Ron:").click();
    h.run();
    h.get_by_label_contains("E4-0  ·  event");
    let start = h
        .state()
        .session
        .as_ref()
        .and_then(|s| s.current_kyoku())
        .map(|k| k.start);
    assert_eq!(Some(cursor(&h)), start);
}

#[test]
fn a_bad_file_is_an_error_in_the_window() {
    let mut app = ViewerApp::new(paifu::viewer::Options::default());
    app.open_field = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("Cargo.toml")
        .display()
        .to_string();
    let mut h = harness(app);
    h.get_by_label("Open").click();
    h.run();
    assert!(h.state().session.is_none());
    h.get_by_label_contains("not a game log");
}
