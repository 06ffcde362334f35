//! The Riichi City reader on small hand-written records.

use super::{parse, tiles};
use crate::event::{DrawKind, Event, Format, GameLength, GameLog, Platform};
use crate::import::ImportErrorKind;
use crate::tile::Tile;
use crate::yaku::Yaku;

/// The hand-written record of `testdata/riichicity/`: East 1, where the
/// dealer makes a concealed kong (a kan dora, a replacement draw), a pon
/// and a riichi come before a ron with ippatsu; East 2, where every draw is
/// discarded and the wall runs out with one seat tenpai.
fn record() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/riichicity/two_hands.json"
    );
    std::fs::read_to_string(path).expect("the testdata record")
}

fn read(text: &str) -> GameLog {
    parse(text).expect("the record reads")
}

fn types(log: &GameLog) -> Vec<&'static str> {
    log.events.iter().map(|e| e.event.type_name()).collect()
}

#[test]
fn the_record_reads_as_two_kyoku() {
    let log = read(&record());
    assert_eq!(log.meta.format, Format::RiichiCity);
    assert_eq!(log.meta.platform, Some(Platform::RiichiCity));
    assert_eq!(log.meta.log_id.as_deref(), Some("handwritten1"));
    assert_eq!(log.meta.seats, 4);
    let names: Vec<&str> = log.meta.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Bob", "Cid", "Dee"]);
    assert_eq!(log.meta.rules.length, Some(GameLength::EastOnly));
    assert_eq!(log.meta.rules.starting_points, Some(25000));
    assert_eq!(log.meta.rules.red_fives, Some(3));
    assert!(!log.meta.incomplete);
    assert_eq!(log.kyoku_count(), 2);
    let t = types(&log);
    // The dealer's first draw, the kong, its kan dora at once, the
    // replacement draw.
    assert_eq!(
        t[..6],
        ["start_kyoku", "tsumo", "ankan", "dora", "tsumo", "dahai"]
    );
    assert!(matches!(
        log.events[4].event,
        Event::Tsumo { rinshan: true, .. }
    ));
    assert!(t.contains(&"pon") && t.contains(&"riichi_accepted"));
    let end = log.meta.end.as_ref().expect("final result");
    assert_eq!(
        end.scores.as_deref(),
        Some(&[21400, 24000, 28000, 26600][..])
    );
    assert_eq!(end.points.as_deref(), Some(&[-38.6, -16.0, 48.0, 6.6][..]));
}

#[test]
fn the_win_and_the_draw_carry_their_claims() {
    let log = read(&record());
    let win = log
        .events
        .iter()
        .find_map(|e| match &e.event {
            Event::Hora {
                actor,
                target,
                pai,
                claim,
            } => Some((*actor, *target, *pai, claim.clone())),
            _ => None,
        })
        .expect("a win");
    assert_eq!((win.0.get(), win.1.get()), (3, 0));
    assert_eq!(win.2, Tile::from_mjai("9s").unwrap());
    let claim = win.3;
    assert_eq!(
        (claim.han, claim.fu, claim.points),
        (Some(2), Some(40), Some(2600))
    );
    let yaku: Vec<&Yaku> = claim.yaku.iter().map(|y| &y.yaku).collect();
    assert_eq!(yaku, [&Yaku::Riichi, &Yaku::Ippatsu]);
    assert_eq!(claim.deltas.as_deref(), Some(&[-2600, 0, 0, 3600][..]));
    assert_eq!(claim.dora_markers.as_ref().map(Vec::len), Some(2));
    assert_eq!(claim.ura_markers.as_ref().map(Vec::len), Some(2));
    assert_eq!(claim.hand.as_ref().map(Vec::len), Some(14));
    let draw = log
        .events
        .iter()
        .find_map(|e| match &e.event {
            Event::Ryukyoku { kind, claim } => Some((*kind, claim.clone())),
            _ => None,
        })
        .expect("a draw");
    assert_eq!(draw.0, DrawKind::Exhaustive);
    assert_eq!(
        draw.1.tenpai.as_deref(),
        Some(&[false, false, true, false][..])
    );
    assert_eq!(
        draw.1.deltas.as_deref(),
        Some(&[-1000, -1000, 3000, -1000][..])
    );
}

#[test]
fn every_draw_and_indicator_is_where_the_wall_puts_it() {
    let log = read(&record());
    let mut wall = None;
    let (mut live, mut rinshan, mut doras) = (0, 0, 1);
    for e in &log.events {
        match &e.event {
            Event::StartKyoku(s) => {
                let w = s.wall.as_deref().expect("a wall").clone();
                assert_eq!(w.live.len(), 70);
                let all = s.hands.iter().flatten().flatten().count() + w.tiles().count();
                assert_eq!(all, 136);
                assert_eq!(w.dora_markers[0], s.dora_marker);
                wall = Some(w);
                (live, rinshan, doras) = (0, 0, 1);
            }
            Event::Tsumo {
                pai, rinshan: r, ..
            } => {
                let w = wall.as_ref().unwrap();
                if *r {
                    assert_eq!(Some(w.replacements[rinshan]), *pai);
                    rinshan += 1;
                } else {
                    assert_eq!(Some(w.live[live]), *pai);
                    live += 1;
                }
            }
            Event::Dora { marker } => {
                assert_eq!(wall.as_ref().unwrap().dora_markers[doras], *marker);
                doras += 1;
            }
            Event::Hora { claim, .. } => {
                let w = wall.as_ref().unwrap();
                assert_eq!(claim.ura_markers.as_deref(), w.ura_markers.get(..2));
            }
            _ => {}
        }
    }
    // The second kyoku draws the whole live wall.
    assert_eq!(live, 70);
}

#[test]
fn the_record_audits_clean_under_its_profile() {
    let log = read(&record());
    let rules = crate::rules::Rules::for_log(&log.meta).rules;
    assert_eq!(rules.name, "riichicity");
    let a = crate::engine::audit(&log, &rules);
    assert!(a.findings.is_empty(), "{:?}", a.findings);
    assert_eq!((a.outcomes_checked, a.outcomes_matching), (2, 2));
}

#[test]
fn tile_numbers_are_suit_nibble_and_number() {
    let cases = [
        (1, "1p"),
        (9, "9p"),
        (17, "1s"),
        (25, "9s"),
        (33, "1m"),
        (41, "9m"),
        (49, "E"),
        (97, "N"),
        (113, "P"),
        (129, "F"),
        (145, "C"),
        (261, "5pr"),
        (277, "5sr"),
        (293, "5mr"),
    ];
    for (n, name) in cases {
        let t = tiles::tile(n).unwrap();
        assert_eq!(t.to_mjai(), name, "{n}");
        assert_eq!(i64::from(tiles::number(t)), n);
    }
    for bad in [0, 10, 16, 26, 50, 146, 257, 260, 305, -1, 1 << 20] {
        assert!(tiles::tile(bad).is_none(), "{bad}");
    }
}

/// The record with one piece of text replaced.
fn edited(from: &str, to: &str) -> String {
    let text = record();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

#[test]
fn a_bad_tile_number_is_located_in_the_embedded_event() {
    // The dealer's discard after the replacement draw (`card` 8p = 8).
    let text = edited(
        r#"\"action\":11,\"card\":8,"#,
        r#"\"action\":11,\"card\":300,"#,
    );
    let err = parse(&text).unwrap_err();
    assert_eq!(err.format, Some(Format::RiichiCity));
    let path = err.location.path.clone().unwrap_or_default();
    assert_eq!(path, "data.handRecord[0].handEventRecord[8].data#card");
    assert!(err.location.line.is_some() && err.location.byte.is_some());
    assert!(err.to_string().contains("300"), "{err}");
    // In the wall: the path of the number.
    let text = edited(r#""paiShan": ["#, r#""paiShan": [999, "#);
    let err = parse(&text).unwrap_err();
    assert_eq!(
        err.location.path.as_deref(),
        Some("data.handRecord[0].paiShan[0]")
    );
}

#[test]
fn a_bad_embedded_string_is_located_at_its_event() {
    let text = edited(
        r#""data": "{\"in_card\":0,"#,
        r#""data": "{\"in_card\":0 oops,"#,
    );
    let err = parse(&text).unwrap_err();
    let path = err.location.path.clone().unwrap_or_default();
    assert!(
        path.starts_with("data.handRecord[0].handEventRecord[") && path.ends_with("].data"),
        "{path}"
    );
    assert!(err.to_string().contains("the JSON in `data`"), "{err}");
}

#[test]
fn a_missing_field_is_named_in_the_path() {
    let text = edited(r#"{\"in_card\":0,"#, "{");
    let err = parse(&text).unwrap_err();
    let path = err.location.path.clone().unwrap_or_default();
    assert!(path.ends_with(".data#in_card"), "{path}");
    assert!(err.to_string().contains("missing field"), "{err}");
    // A hand without its events.
    let text = edited(r#""handEventRecord": ["#, r#""handEvents": ["#);
    let err = parse(&text).unwrap_err();
    assert_eq!(err.location.path.as_deref(), Some("data.handRecord[0]"));
    assert!(err.to_string().contains("handEventRecord"), "{err}");
}

#[test]
fn syntax_errors_and_cut_records_are_located() {
    let text = record();
    let cut = &text[..text.len() / 2];
    let err = parse(cut).unwrap_err();
    assert!(err.is_truncation(), "{err}");
    assert!(err.location.line.is_some());
    let err = parse(&edited(r#""code": 0"#, r#""code" 0"#)).unwrap_err();
    assert!(matches!(err.kind, ImportErrorKind::Syntax { .. }), "{err}");
}

#[test]
fn an_unknown_action_or_end_is_refused_with_its_code() {
    let text = edited(r#"\"action\":5,"#, r#"\"action\":99,"#);
    let err = parse(&text).unwrap_err();
    assert!(err.to_string().contains("99"), "{err}");
    assert!(
        err.location
            .path
            .as_deref()
            .is_some_and(|p| p.ends_with("#action")),
        "{err}"
    );
    let text = edited(r#"\"end_type\":7,"#, r#"\"end_type\":42,"#);
    let err = parse(&text).unwrap_err();
    assert!(err.to_string().contains("42"), "{err}");
}

#[test]
fn the_walls_match_their_commitment_and_a_changed_one_is_noted() {
    let log = read(&record());
    assert!(log.meta.notes.is_empty(), "{:?}", log.meta.notes);
    // One tile of the first wall changed in `handCardEncode` only.
    let text = record();
    let at = text.find("\"handCardEncode\": \"").unwrap() + "\"handCardEncode\": \"".len();
    let mut changed = text.clone();
    let swapped = if &text[at..at + 2] == "1z" {
        "2z"
    } else {
        "1z"
    };
    changed.replace_range(at..at + 2, swapped);
    let log = read(&changed);
    assert!(
        log.meta.notes.iter().any(|n| n.contains("commits to")),
        "{:?}",
        log.meta.notes
    );
}

#[test]
fn the_dead_wall_layout_of_three_and_four_players() {
    // Twenty tiles after the deal, told apart by kind: the last fourteen
    // are the dead wall, t0 (kind 6) … t13 (kind 19).
    let rest: Vec<Tile> = (0..20).map(|k| Tile::from_kind(k).unwrap()).collect();
    let first = Tile::from_kind(33).unwrap();
    let kinds = |tiles: &[Tile]| tiles.iter().map(|t| t.kind()).collect::<Vec<_>>();
    let four = super::wall::wall(first, &rest, 4).unwrap();
    assert_eq!(four.live.len(), 7);
    assert_eq!(kinds(&four.replacements), [19, 18, 17, 16]);
    assert_eq!(kinds(&four.dora_markers), [15, 13, 11, 9, 7]);
    assert_eq!(kinds(&four.ura_markers), [14, 12, 10, 8, 6]);
    assert_eq!(four.tiles().count(), 21);
    let three = super::wall::wall(first, &rest, 3).unwrap();
    assert_eq!(kinds(&three.replacements), [19, 18, 17, 16, 15, 14, 13, 12]);
    assert_eq!(kinds(&three.dora_markers), [11, 9, 7]);
    assert_eq!(kinds(&three.ura_markers), [10, 8, 6]);
    assert_eq!(three.replacement_tiles(), 8);
    assert_eq!(three.tiles().count(), 21);
    // Fewer tiles than a dead wall: no wall.
    assert!(super::wall::wall(first, &rest[..10], 4).is_none());
}
