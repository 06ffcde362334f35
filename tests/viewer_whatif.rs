//! What-if play in the viewer, driven through egui_kittest: branch the
//! record at a discard, play two turns of the branching seat, and check
//! that the draws come from the record's wall and that the panels show the
//! engine's findings on the branch; then back to the record.
#![cfg(feature = "viewer")]
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paifu::event::{Event, Seat, Wall};
use paifu::viewer::{Command, Profile, Session, ViewerApp};

/// Riichi City, two kyoku with their walls (E2: every seat discards what
/// it draws).
fn harness() -> Harness<'static, ViewerApp> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/riichicity/two_hands.json");
    let session = Session::open(&path, Profile::parse("tenhou", false).unwrap()).unwrap();
    let app = ViewerApp::with_session(session, true);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1440.0, 900.0))
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut ViewerApp| app.show(ui), app);
    h.run();
    h
}

fn session<'a>(h: &'a Harness<'_, ViewerApp>) -> &'a Session {
    h.state().session.as_ref().unwrap()
}

fn click(h: &mut Harness<'_, ViewerApp>, label: &str) {
    // The Why panel names tiles too (its candidates): the button is meant.
    h.get_by_role_and_label(Role::Button, label).click();
    h.run();
}

/// The seat whose choice the branch waits for.
fn waiting(h: &Harness<'_, ViewerApp>) -> Option<Seat> {
    let w = h.state().what_if.as_ref()?;
    w.branch.pending().map(|c| c.seat)
}

/// The wall of E2 in the record.
fn e2_wall(h: &Harness<'_, ViewerApp>) -> Wall {
    let record = &h.state().what_if.as_ref().unwrap().record;
    record.log.events[17..]
        .iter()
        .find_map(|e| match &e.event {
            Event::StartKyoku(sk) => sk.wall.as_deref().cloned(),
            _ => None,
        })
        .unwrap()
}

#[test]
fn branch_at_a_discard_and_play_two_turns() {
    let mut h = harness();
    // E2, event 19: seat 1 lets the 9m it drew go.
    h.state_mut()
        .session
        .as_mut()
        .unwrap()
        .apply(Command::Goto(19));
    h.run();
    // The panel is folded until opened.
    assert!(
        h.query_by_role_and_label(Role::Button, "discard East")
            .is_none()
    );
    h.get_by_label("What if…").click();
    h.run();
    click(&mut h, "discard East");
    h.get_by_label("WHAT-IF");
    h.get_by_label_contains("From event 19 (E2-0)");
    h.get_by_label_contains("discard East instead of discard 9m");
    assert!(session(&h).source.starts_with("what-if of"));

    let branching = Seat::new(1).unwrap();
    for turn in 0..2 {
        // The other seats' chances the record does not take: pass.
        while waiting(&h).is_some_and(|s| s != branching) {
            click(&mut h, "pass");
        }
        assert_eq!(waiting(&h), Some(branching), "turn {turn}");
        h.get_by_label_contains("to choose (the seat that branched plays on its own)");
        let drawn = match session(&h).log.events.last().unwrap().event {
            Event::Tsumo { pai: Some(p), .. } => p,
            ref e => panic!("{e:?}"),
        };
        click(
            &mut h,
            &format!("discard {} (tsumogiri)", paifu::names::short_tile(drawn)),
        );
    }
    while waiting(&h).is_some_and(|s| s != branching) {
        click(&mut h, "pass");
    }

    // Every draw of the branch is the wall's next tile.
    let wall = e2_wall(&h);
    let draws: Vec<_> = session(&h).log.events[17..]
        .iter()
        .filter_map(|e| match e.event {
            Event::Tsumo { pai, .. } => pai,
            _ => None,
        })
        .collect();
    assert!(draws.len() >= 9, "{draws:?}");
    assert_eq!(draws[..], wall.live[..draws.len()]);

    // The findings panel shows the audit of the branch: nothing wrong.
    let s = session(&h);
    assert_eq!(s.log.meta.what_if.as_ref().unwrap().from_event, 19);
    let infos = s.findings.len();
    h.get_by_label(&format!(
        "Findings: 0 errors, 0 warnings, {}",
        paifu::plural::count(infos, "info", "info")
    ));
    // The board is at the branch's last event, marked as a what-if.
    assert_eq!(s.cursor(), s.len() - 1);

    // The Why panel explains the branch's table too.
    h.get_by_label("Why");
    let w = h.state().what_if.as_ref().unwrap();
    assert_eq!(
        w.file_name(paifu::event::Format::Mjai),
        "two_hands.whatif-19.mjai.mjson"
    );

    click(&mut h, "Back to the record");
    assert!(h.state().what_if.is_none());
    assert_eq!(session(&h).cursor(), 19);
    assert!(session(&h).log.meta.what_if.is_none());
}

#[test]
fn a_kyoku_without_a_wall_offers_no_branch() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou6/double_ron.json");
    let mut session = Session::open(&path, Profile::Auto).unwrap();
    let discard = session
        .log
        .events
        .iter()
        .position(|e| e.event.is_discard())
        .unwrap();
    session.apply(Command::Goto(discard));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1440.0, 900.0))
        .allow_missing_glyphs()
        .build_ui_state(
            |ui, app: &mut ViewerApp| app.show(ui),
            ViewerApp::with_session(session, true),
        );
    h.run();
    h.get_by_label_contains("record has no wall");
    assert!(h.query_by_label("What if…").is_none());
}
