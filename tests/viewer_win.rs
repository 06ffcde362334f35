//! The Why panel at a win, driven through egui_kittest: the hand is
//! complete with its winning tile marked (not "tenpai"), furiten is not
//! raised at a tsumo, a log that recorded no score says so, and "Compare
//! rule books" shows the win under every profile, a column each, the
//! differences highlighted and explained with their paragraphs.
#![cfg(feature = "viewer")]
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paifu::event::{Event, Seat};
use paifu::viewer::{Command, Profile, Session, ViewerApp};

fn open(name: &str, profile: &str) -> Session {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(name);
    Session::open(&path, Profile::parse(profile, false).unwrap()).expect("testdata log opens")
}

/// The viewer on `session` at event `at`, the Why panel on the winner.
fn harness(mut session: Session, at: usize) -> Harness<'static, ViewerApp> {
    session.apply(Command::Goto(at));
    let winner = session.win_event_here().map(|(w, _, _)| w);
    let mut app = ViewerApp::with_session(session, true);
    if let Some(w) = winner {
        app.selected = w;
    }
    let mut h = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut ViewerApp| app.show(ui), app);
    h.run();
    h
}

/// The `hora` events of a game: (index, winner, tsumo).
fn wins(s: &Session) -> Vec<(usize, Seat, bool)> {
    s.log
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match &e.event {
            Event::Hora { actor, target, .. } => Some((i, *actor, actor == target)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_ron_shows_the_hand_complete_with_its_winning_tile() {
    let s = open("tenhou_xml/pao_ron_edited.mjlog", "tenhou");
    let (at, _, _) = *wins(&s).iter().find(|w| !w.2).expect("a ron");
    let h = harness(s, at);
    h.get_by_label_contains("Hand: complete, won on");
    h.get_by_label_contains("by ron");
    h.get_by_label_contains("winning tile: ");
    assert!(
        h.query_by_label("Hand: tenpai").is_none(),
        "the hand is won, not waiting"
    );
}

#[test]
fn a_tsumo_shows_the_hand_complete_without_furiten() {
    // The furiten lines at a tsumo are left out whatever the table says
    // (tested with a furiten table in `why.rs`'s unit tests).
    let s = open("tenhou_xml/pao_tsumo.mjlog", "tenhou");
    let (at, _, _) = *wins(&s).iter().find(|w| w.2).expect("a tsumo");
    let h = harness(s, at);
    h.get_by_label_contains("by tsumo");
    h.get_by_label_contains("winning tile: ");
    assert!(h.query_by_label_contains("Furiten").is_none());
    assert!(h.query_by_label_contains("Not furiten").is_none());
}

#[test]
fn a_log_without_a_recorded_score_says_so() {
    let mut s = open("tenhou_xml/pao_ron_edited.mjlog", "tenhou");
    let (at, _, _) = wins(&s)[0];
    let mut log = s.log.clone();
    if let Some(Event::Hora { claim, .. }) = log.events.get_mut(at).map(|e| &mut e.event) {
        let ura = claim.ura_markers.clone();
        **claim = Default::default();
        claim.ura_markers = ura;
    }
    s = Session::from_log("edited", log, Profile::parse("tenhou", false).unwrap()).unwrap();
    let h = harness(s, at);
    h.get_by_label("The log recorded no score to compare.");
    assert!(
        h.query_by_label_contains("agrees with the recomputation")
            .is_none()
    );
}

#[test]
fn a_recorded_score_that_agrees_is_still_said_to_agree() {
    let s = open("tenhou_xml/pao_ron_edited.mjlog", "tenhou");
    let (at, _, _) = wins(&s)[0];
    let h = harness(s, at);
    h.get_by_label("The log's claim agrees with the recomputation.");
}

#[test]
fn compare_rule_books_shows_a_column_per_profile_and_the_difference() {
    let s = open("tenhou_xml/pao_ron_edited.mjlog", "tenhou");
    let (at, _, _) = wins(&s)[0];
    let mut h = harness(s, at);
    assert!(h.query_by_label("ema2016").is_none());
    h.get_by_label("Compare rule books").click();
    h.run();
    let names = [
        "tenhou",
        "mahjongsoul",
        "riichicity",
        "ema2016",
        "wrc2015",
        "ema2012",
    ];
    for n in names {
        h.get_by_label(n);
    }
    let c = h
        .state()
        .session
        .as_ref()
        .and_then(Session::comparison)
        .cloned()
        .expect("the session computed the comparison");
    assert_eq!(c.profiles, names);
    // A red five: EMA 2016 has none, so its han is one less, marked.
    let ema = c.profiles.iter().position(|p| p == "ema2016").unwrap();
    assert!(c.differs(ema, paifu::compare::Cell::Han), "{c:?}");
    h.get_by_label_contains("han, ema2016: ");
    assert!(
        h.query_all_by_label_contains("because of `red_fives`")
            .count()
            >= 1,
        "the difference is explained"
    );
    assert!(h.query_all_by_label_contains("EMA 2016 §1.3").count() >= 1);
    // Tenhou's 5 han (dora, red fives) is EMA's and WRC's 3: highlighted.
    let hans: Vec<String> = c
        .columns
        .iter()
        .map(|o| paifu::compare::cell_text(o, paifu::compare::Cell::Han))
        .collect();
    assert_eq!(hans[ema], "3", "{hans:?}");
    assert!(
        h.query_all_by_label("3*").count() >= 2,
        "the highlighted cells of EMA and WRC"
    );
    // Off again.
    h.get_by_label("Compare rule books").click();
    h.run();
    assert!(h.query_by_label("ema2016").is_none());
}

#[test]
fn a_discard_under_threat_shows_each_candidates_chance_to_deal_in() {
    // Event 79 of this game: seat 0 deals in to seat 2's riichi while
    // holding tiles in seat 2's river.
    let s = open("tenhou_xml/kakan_red_five.xml", "tenhou");
    let d = s
        .review
        .decision_at(79)
        .expect("the discard is analysed")
        .clone();
    let threat = d
        .threats
        .iter()
        .find(|t| t.seat.get() == 2)
        .expect("seat 2 threatens");
    let h = harness(s, 79);
    h.get_by_label_contains(
        "Threats: seat 1 (G.K.) open hand, maybe tenpai, seat 2 (Amaybe) in riichi",
    );
    h.get_by_label(&format!("deal-in {}", threat.seat));
    // Every candidate has its cell per threat; a tile in seat 2's river
    // reads "safe", and the tile played, which they won on, does not.
    let column = d
        .threats
        .iter()
        .position(|t| t.seat == threat.seat)
        .unwrap();
    let played = d.played().expect("the tile played is a candidate");
    assert!(played.danger[column].deal_in_bp > 0);
    assert!(
        d.candidates
            .iter()
            .any(|c| c.danger[column].deal_in_bp == 0),
        "a genbutsu candidate"
    );
    assert!(h.query_all_by_label("safe").count() >= 1);
    // The push-or-fold column: each candidate's EV as the review weighed it.
    h.get_by_label("push/fold EV");
    let ev = played.push_fold.expect("weighed under threat").ev;
    assert!(h.query_all_by_label(&format!("{ev:+}")).count() >= 1);
}
