//! The names and numbers a player reads in the viewer, and its menus,
//! driven through egui_kittest (no display): yaku by the names players use
//! in the language chosen, one numbering of events shared with the audit
//! report, kyoku by label, round or number, and rule profiles loaded from a
//! JSON file through the Rules menu or dropped on the window.
#![cfg(feature = "viewer")]
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paifu::event::Event;
use paifu::rules::Rules;
use paifu::viewer::{Command, Options, Profile, Session, ViewerApp};
use paifu::yaku::Yaku;

fn testdata(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(name)
}

fn app(name: &str, profile: Profile) -> ViewerApp {
    let session = Session::open(&testdata(name), profile).expect("testdata log opens");
    ViewerApp::with_session(session, true)
}

fn harness(app: ViewerApp) -> Harness<'static, ViewerApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1440.0, 900.0))
        // Player names and yaku may be Japanese: the machine may lack a font.
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut ViewerApp| app.show(ui), app);
    h.run();
    h
}

fn session<'h>(h: &'h Harness<'_, ViewerApp>) -> &'h Session {
    h.state().session.as_ref().expect("a game is open")
}

/// A scratch folder of this test process.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every yaku of the win under the cursor, as the audit recomputed it.
fn yaku_here(s: &Session) -> Vec<Yaku> {
    let win = s.win_here().expect("a win at the cursor");
    let scored = &win.verdict().unwrap().score.as_ref().unwrap().scored;
    scored
        .yaku
        .iter()
        .map(|y| y.yaku.clone())
        .chain(scored.yakuman.iter().map(|y| y.yaku.clone()))
        .collect()
}

#[test]
fn the_why_panel_names_yaku_as_players_do_in_the_language_chosen() {
    let mut app = app("tenhou_xml/double_ron.mjlog", Profile::Auto);
    let s = app.session.as_mut().unwrap();
    // The first win with a yaku whose id is not a word players read.
    let wins: Vec<usize> = s
        .log
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.event, Event::Hora { .. }))
        .map(|(i, _)| i)
        .collect();
    let mut win = None;
    for i in wins {
        s.apply(Command::Goto(i));
        if yaku_here(s).iter().any(|y| y.name().contains('_')) {
            win = Some(i);
            break;
        }
    }
    let win = win.expect("a win with a two-word yaku");
    s.apply(Command::Goto(win));
    let yaku = yaku_here(s);
    let mut h = harness(app);
    for y in &yaku {
        h.get_by_label(&y.for_people());
        assert!(
            h.query_by_label(y.name()).is_none(),
            "the id {} is shown",
            y.name()
        );
    }
    for (menu, name) in [
        ("English", Yaku::english as fn(&Yaku) -> &str),
        ("日本語 (Japanese)", Yaku::japanese),
        ("Romaji", Yaku::romaji),
    ] {
        h.get_by_label("Yaku names").click();
        h.run();
        h.get_by_label(menu).click();
        h.run();
        for y in &yaku {
            h.get_by_label(name(y));
        }
    }
}

#[test]
fn findings_name_yaku_and_count_in_words() {
    // The log claims mixed triple sequence where the hand has a pure
    // straight: one SCORE-YAKU warning, whose values the JSON report
    // keeps as ids.
    let mut h = harness(app("rules/SCORE-YAKU/hit.jsonl", Profile::Auto));
    h.get_by_label("Findings: 0 errors, 1 warning, 0 info");
    let f = &session(&h).findings[0];
    assert_eq!(f.expected.as_deref(), Some("riichi 1, ittsu 2"));
    h.get_by_label(
        "expected Riichi 1, Ittsu (pure straight) 2 · recorded Riichi 1, Sanshoku doujun (mixed triple sequence) 2",
    );
    h.get_by_label("Yaku names").click();
    h.run();
    h.get_by_label("日本語 (Japanese)").click();
    h.run();
    h.get_by_label("expected 立直 1, 一気通貫 2 · recorded 立直 1, 三色同順 2");
}

#[test]
fn one_warning_is_a_warning() {
    // The audit's golden report of this log has one warning (an abortive
    // draw the log does not state).
    let h = harness(app("tenhou6/kyushukyuhai.json", Profile::Auto));
    h.get_by_label("Findings: 0 errors, 1 warning, 0 info");
}

/// The first `ev#N` of `paifu audit`'s text report after the deal of the
/// first kyoku, with the line it is on.
fn report_event(file: &Path, rules: &str) -> (usize, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_paifu"))
        .args(["audit", "--rules", rules])
        .arg(file)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("ev#")?;
            let n: usize = rest.split(' ').next()?.parse().ok()?;
            (n > 1).then(|| (n, l.trim().to_owned()))
        })
        .next()
        .unwrap_or_else(|| panic!("no finding after the deal in\n{text}"))
}

#[test]
fn the_event_option_opens_on_the_event_the_audit_report_names() {
    let file = testdata("tenhou_xml/pao_ron_edited.mjlog");
    let (n, line) = report_event(&file, "ema2016");
    let app = ViewerApp::new(Options {
        file: Some(file),
        profile: Profile::parse("ema2016", false).unwrap(),
        event: Some(n),
        ..Options::default()
    });
    assert_eq!(app.error, None);
    let h = harness(app);
    let s = session(&h);
    assert_eq!(s.cursor(), n, "{line}");
    // The header and the findings panel use the same numbers.
    h.get_by_label_contains(&format!("·  event {n} of {}", s.len() - 1));
    h.get_by_label_contains(&format!("(event {n})"));
    let here: Vec<&str> = s.findings_here().map(|(_, f)| f.rule.code()).collect();
    assert!(
        here.iter().any(|rule| line.contains(rule)),
        "{here:?} at {n}; the report says {line}"
    );
}

fn opened_at(kyoku: &str, event: Option<usize>) -> ViewerApp {
    ViewerApp::new(Options {
        file: Some(testdata("tenhou_xml/pao_ron_edited.mjlog")),
        kyoku: Some(kyoku.into()),
        event,
        ..Options::default()
    })
}

fn start_of(app: &ViewerApp, label: &str) -> usize {
    let s = app.session.as_ref().unwrap();
    s.kyoku.iter().find(|k| k.label == label).unwrap().start
}

#[test]
fn kyoku_are_named_by_label_round_or_round_number() {
    // The game: E1-0, E1-1 (a repeat), E2-0, E3-0, E4-0.
    for (asked, label) in [
        ("E1-1", "E1-1"),
        ("e1-1", "E1-1"),
        ("E2", "E2-0"),
        ("1", "E1-0"),
        ("2", "E2-0"),
        ("4", "E4-0"),
    ] {
        let app = opened_at(asked, None);
        assert_eq!(app.error, None, "{asked}");
        let s = app.session.as_ref().unwrap();
        assert_eq!(s.cursor(), start_of(&app, label), "{asked}");
        assert_eq!(s.current_kyoku().unwrap().label, label, "{asked}");
    }
    let inside = start_of(&opened_at("E1-1", None), "E1-1") + 3;
    let app = opened_at("E1-1", Some(inside));
    assert_eq!(app.error, None);
    assert_eq!(app.session.as_ref().unwrap().cursor(), inside);
    for bad in ["S9-9", "5", "0", "E1-2"] {
        let error = opened_at(bad, None).error.unwrap();
        assert!(
            error.contains(&format!("no kyoku `{bad}`"))
                && error.contains("its kyoku are E1-0, E1-1, E2-0, E3-0, E4-0")
                && error.contains("1–4"),
            "{error}"
        );
    }
    let error = opened_at("E2-0", Some(inside)).error.unwrap();
    assert!(
        error.contains(&format!("event {inside} is not in kyoku E2-0")),
        "{error}"
    );
}

fn write_profile(dir: &Path, preset: &str) -> PathBuf {
    let path = dir.join(format!("{preset}.json"));
    let rules = Rules::preset(preset).unwrap();
    std::fs::write(&path, serde_json::to_string_pretty(&rules).unwrap()).unwrap();
    path
}

#[test]
fn the_rules_menu_loads_a_profile_file_and_reports_a_bad_one() {
    let dir = scratch("load-profile");
    let ema = write_profile(&dir, "ema2016");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"name\": 3}").unwrap();
    let mut h = harness(app("tenhou_xml/pao_ron_edited.mjlog", Profile::Auto));
    // Under Tenhou's rules only the edited draw (WALL-MISMATCH).
    h.get_by_label("Findings: 0 errors, 1 warning, 0 info");
    h.get_by_label("Rules").click();
    h.run();
    h.get_by_label("Load profile…").click();
    h.run();
    h.get_by_label("Profile file:");
    h.state_mut().profile_field = ema.display().to_string();
    h.get_by_label("Load").click();
    h.run();
    // Audited again under the file's profile, as `--rules FILE` does.
    assert_eq!(session(&h).profile, Profile::File(ema.clone()));
    assert_eq!(session(&h).rules.name, "ema2016");
    h.get_by_label("Findings: 3 errors, 8 warnings, 0 info");
    assert_eq!(
        h.get_by_label("Rules").accesskit_node().value().as_deref(),
        Some("ema2016 (file)")
    );
    assert!(
        h.query_by_label("Profile file:").is_none(),
        "the field closes"
    );
    // A file that is not a profile: an error in the window, nothing changed.
    for (path, says) in [
        (bad.clone(), "rules file"),
        (dir.join("missing.json"), "cannot read"),
    ] {
        h.get_by_label("Rules").click();
        h.run();
        h.get_by_label("Load profile…").click();
        h.run();
        h.state_mut().profile_field = path.display().to_string();
        h.get_by_label("Load").click();
        h.run();
        h.get_by_label_contains(says);
        assert_eq!(session(&h).profile, Profile::File(ema.clone()));
        h.get_by_label("Findings: 3 errors, 8 warnings, 0 info");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A file as the window system hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn drop_file(h: &mut Harness<'_, ViewerApp>, path: &Path) {
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.to_path_buf())));
    h.run();
}

#[test]
fn a_profile_dropped_on_the_window_becomes_the_current_one() {
    let dir = scratch("drop-profile");
    let wrc = write_profile(&dir, "wrc2015");
    let bad = dir.join("neither.json");
    std::fs::write(&bad, "{\"neither\": true}").unwrap();
    let mut h = harness(app("tenhou_xml/pao_ron_edited.mjlog", Profile::Auto));
    drop_file(&mut h, &wrc);
    assert_eq!(session(&h).profile, Profile::File(wrc.clone()));
    assert_eq!(session(&h).rules.name, "wrc2015");
    h.get_by_label_contains("Findings: 3 errors");
    // A JSON file that is neither a profile nor a log: both reasons, and
    // the game and profile stay.
    drop_file(&mut h, &bad);
    h.get_by_label_contains("neither a game log nor a rule profile");
    assert_eq!(session(&h).profile, Profile::File(wrc.clone()));
    // A JSON game log still opens as a game, under the current profile.
    drop_file(&mut h, &testdata("tenhou6/double_ron.json"));
    assert!(session(&h).source.ends_with("double_ron.json"));
    assert_eq!(session(&h).profile, Profile::File(wrc));
    std::fs::remove_dir_all(&dir).ok();
}
