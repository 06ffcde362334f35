//! The viewer driven as a user would, through egui_kittest (no display, no
//! GPU): open a log, step with the keys, jump to findings, switch profile,
//! click the panels, and check what is shown.
#![cfg(feature = "viewer")]
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::Path;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paifu::event::Seat;
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
        Profile::parse("ema2016", false).unwrap(),
    ));
    // EMA's findings, and the draw the edit changed (WALL-MISMATCH: the
    // seed's wall has another tile there).
    h.get_by_label("Findings: 3 errors, 8 warnings, 0 info");
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
    // Under Tenhou's rules only the edited draw is found.
    h.get_by_label("Findings: 0 errors, 1 warning, 0 info");
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

/// Whether a selectable label is selected (egui reports it as toggled).
fn selected(node: &egui_kittest::Node<'_>) -> bool {
    node.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
}

fn session<'h>(h: &'h Harness<'_, ViewerApp>) -> &'h Session {
    h.state().session.as_ref().expect("a game is open")
}

#[test]
fn reviews_a_seat_and_jumps_to_its_items() {
    let mut h = harness(app("tenhou_xml/double_ron.mjlog", Profile::Auto));
    // Every seat to start with: one summary line each.
    h.get_by_label_contains("タケオしゃん: 48 decisions");
    h.get_by_label_contains("はっとりへいじ: 55 decisions · efficiency 65% (31 of 48)");
    h.get_by_label("Review seat").click();
    h.run();
    h.get_by_label("はっとりへいじ (seat 3)").click();
    h.run();
    assert_eq!(session(&h).review_seat(), Seat::new(3));
    assert!(
        h.query_by_label_contains("タケオしゃん: 48 decisions")
            .is_none(),
        "only the chosen seat's summary"
    );
    let events: Vec<usize> = session(&h).review_items().map(|i| i.event).collect();
    assert_eq!(events.first(), Some(&52));
    assert_eq!(events.last(), Some(&442));

    let sentence = "discarding 2m leaves the hand 2-shanten (44 tiles improve it)";
    assert!(
        h.query_by_label_contains(sentence).is_none(),
        "an item's sentence is spelled out at its event only"
    );
    press(&mut h, Key::M);
    assert_eq!(cursor(&h), 52, "the seat's first item");
    let head = h.get_by_label("NOTE EFFICIENCY  E1-0\n2m → red 5m, 9s, 6s  (event 52)");
    assert!(selected(&head), "the item at the cursor is selected");
    h.get_by_label_contains(sentence);
    // The Why panel lists the candidates of that discard, the played row
    // marked.
    h.get_by_label_contains("Discard of はっとりへいじ: ");
    h.get_by_label("discard 2m (played)");

    // A click on an item goes to its event, and the decision there is shown.
    // Two items stand at that discard (its push into danger and its
    // efficiency): either goes there.
    h.query_all_by_label_contains("(event 187)")
        .next()
        .expect("an item at event 187")
        .click();
    h.run();
    assert_eq!(cursor(&h), 187);
    let d = session(&h).decision_here().expect("a decision at the item");
    assert_eq!(d.seat, Seat::new(3).unwrap());
    let best = d
        .candidates
        .iter()
        .find(|c| c.rank == 1)
        .map(|c| c.discard)
        .expect("a best candidate");
    h.get_by_label(&format!(
        "discard {}",
        paifu::viewer::describe::tile_name(best)
    ));
    h.get_by_label("discard 7m (played)");
    h.get_by_label_contains("Discard of はっとりへいじ: ");

    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::M);
    h.run();
    assert_eq!(cursor(&h), 175, "the item before");
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::M);
    h.run();
    assert_eq!(cursor(&h), 52);
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::M);
    h.run();
    assert_eq!(cursor(&h), 442, "back from the first wraps to the last");
    assert_eq!(
        h.query_all_by_label_contains("NOTE DEAL-IN-WITH-SAFE-TILE  E4-0\n1m → 6p  (event 442)")
            .filter(selected)
            .count(),
        2,
        "both deal-ins of the double ron are at the cursor"
    );
}

#[test]
fn the_next_item_key_follows_every_seat_by_default() {
    let mut h = harness(app("tenhou_xml/double_ron.mjlog", Profile::Auto));
    press(&mut h, Key::M);
    assert_eq!(cursor(&h), 18);
    // Every seat: the item names its player.
    h.get_by_label("NOTE EFFICIENCY  E1-0 · タケオしゃん\n9p → 4m, 8m, 3s, 7s  (event 18)");
    h.get_by_label("discard 9p (played)");
    press(&mut h, Key::M);
    assert_eq!(cursor(&h), 38);
    h.get_by_label("Item ›").click();
    h.run();
    assert_eq!(cursor(&h), 52, "the next item is another seat's");
}

#[test]
fn the_wall_is_shown_and_follows_play() {
    let mut h = harness(app(
        "rules/WALL-MISMATCH/miss_kong.jsonl",
        Profile::parse("tenhou", false).unwrap(),
    ));
    // At the deal: the whole live wall, the first indicator turned, the
    // dealer's first draw next.
    h.get_by_label("Wall");
    h.get_by_label("Live wall: 70 left, in drawing order");
    h.get_by_label_contains("indicators 1 of 5 turned · replacement tiles 0 of 4 taken");
    h.get_by_label("next draw 1: North");
    h.get_by_label_contains("dora indicator 2: ");
    assert!(
        h.query_by_label_contains("dora indicator 2: ")
            .is_some_and(|n| n
                .accesskit_node()
                .label()
                .is_some_and(|l| l.ends_with("not turned")))
    );
    // The draw, the concealed kong, its indicator, the replacement draw.
    press(&mut h, Key::ArrowRight);
    h.get_by_label("Live wall: 69 left, in drawing order");
    assert!(h.query_by_label("next draw 1: North").is_none());
    for _ in 0..3 {
        press(&mut h, Key::ArrowRight);
    }
    // The replacement draw took the dead wall's tile, and the live wall
    // lost its last tile to the dead wall.
    h.get_by_label("Live wall: 68 left, in drawing order");
    h.get_by_label_contains("indicators 2 of 5 turned · replacement tiles 1 of 4 taken");
    let taken = h.get_by_label_contains("replacement tile 1: ");
    assert!(
        taken
            .accesskit_node()
            .label()
            .is_some_and(|l| l.ends_with(", taken")),
        "{:?}",
        taken.accesskit_node().label()
    );
    h.get_by_label_contains("replacement tile 2: ");
    assert!(
        h.query_by_label_contains("dora indicator 2: ")
            .is_some_and(|n| n
                .accesskit_node()
                .label()
                .is_some_and(|l| l.ends_with(", turned")))
    );
}

#[test]
fn a_win_shows_its_ura_indicators_and_a_record_without_a_wall_shows_none() {
    let mut h = harness(app(
        "rules/WALL-MISMATCH/miss_ura.jsonl",
        Profile::parse("tenhou", false).unwrap(),
    ));
    let ura = |h: &Harness<'_, ViewerApp>| {
        h.get_by_label_contains("ura indicator 1: ")
            .accesskit_node()
            .label()
            .unwrap_or_default()
            .to_owned()
    };
    assert!(ura(&h).ends_with(", hidden"), "{}", ura(&h));
    press(&mut h, Key::End);
    assert!(ura(&h).ends_with(", shown"), "{}", ura(&h));
    h.get_by_label_contains("ura indicators 1 shown");
    // tenhou.net/6 logs carry no wall (nor its seed).
    let plain = harness(app("tenhou6/chankan.json", Profile::Auto));
    plain.get_by_label("Why");
    assert!(plain.query_by_label("Wall").is_none());
    assert!(plain.query_by_label_contains("Live wall").is_none());
}
