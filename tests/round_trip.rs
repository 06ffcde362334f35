//! Round trips and same-game pairs on the bundled testdata, so that they run
//! on a machine without the corpus too.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use paifu::event::{Event, Format};
use paifu::export::{carried_by, export};
use paifu::import::import_str;

use common::{files_below, first_difference, import, plain, testdata};

#[test]
fn every_testdata_log_round_trips() {
    let mut checked = 0;
    for path in files_below(&testdata()) {
        let rel = path
            .strip_prefix(testdata())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        // Golden streams, scoring cases and the review fixtures'
        // expectations are not logs; the rule fixtures play deliberately out
        // of order, which tenhou.net/6 cannot express; the chombo and fact
        // fixtures are made by their make.py, beside their expectations.
        if rel.ends_with(".md")
            || rel.ends_with(".py")
            || rel.ends_with("expected.json")
            || rel.starts_with("golden")
            || rel.starts_with("oracle")
            || rel.starts_with("rules")
            || (rel.starts_with("review") && !rel.ends_with(".jsonl"))
        {
            continue;
        }
        let log = import(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let hidden = log.events.iter().any(|e| match &e.event {
            Event::Tsumo { pai: None, .. } => true,
            Event::StartKyoku(sk) => sk.hands.iter().flatten().any(Option::is_none),
            _ => false,
        });
        for to in [Format::Mjai, Format::Tenhou6] {
            if hidden && to == Format::Tenhou6 {
                assert!(export(&log, to).is_err(), "{rel}: hidden tiles refused");
                continue;
            }
            let text = export(&log, to).unwrap_or_else(|e| panic!("{rel} → {to}: {e}"));
            let back = import_str(&text, to).unwrap_or_else(|e| panic!("{rel} → {to}: {e}"));
            let want = plain(&carried_by(&log, to).events);
            if let Some(d) = first_difference(&want, &plain(&back.events)) {
                panic!("{rel} → {to}: {d}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} round trips");
}

#[test]
fn the_same_game_in_xml_and_tenhou6_gives_the_same_events() {
    let dirs = files_below(&testdata().join("cross"));
    let mut games = 0;
    for xml in dirs
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "mjlog"))
    {
        let json = xml.with_extension("json");
        let a = import(xml).unwrap();
        let b = import(&json).unwrap();
        let want = plain(&carried_by(&a, Format::Tenhou6).events);
        if let Some(d) = first_difference(&want, &plain(&b.events)) {
            panic!("{}: {d}", xml.display());
        }
        assert!(b.kyoku_count() > 5);
        games += 1;
    }
    assert_eq!(games, 1);
}

#[test]
fn carried_by_is_idempotent() {
    for path in files_below(&testdata().join("tenhou_xml")) {
        let log = import(&path).unwrap();
        for to in [Format::Mjai, Format::Tenhou6] {
            let once = carried_by(&log, to);
            let twice = carried_by(&once, to);
            assert_eq!(
                first_difference(&plain(&once.events), &plain(&twice.events)),
                None,
                "{} {to}",
                path.display()
            );
        }
    }
}
