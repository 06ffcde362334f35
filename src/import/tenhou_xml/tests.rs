//! Whole-document tests of the Tenhou XML importer on small hand-written
//! logs.

use super::parse;
use crate::event::{DrawKind, Event, GameLength, Seat};
use crate::import::ImportErrorKind;
use crate::tile::Tile;

const INIT: &str = r#"<INIT seed="0,0,0,2,3,100" ten="250,250,250,250" oya="0" hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>"#;

const AGARI: &str = r#"<AGARI ba="0,0" hai="0,4,8,12,16,20,24,28,32,36,40,44,48,52" machi="52" ten="30,1000,0" yaku="1,1" doraHai="100" who="0" fromWho="0" sc="250,10,250,0,250,0,250,-10" owari="260,36.0,250,5.0,250,-15.0,240,-26.0"/>"#;

/// A four-player game with `body` after the header.
fn doc(body: &str) -> String {
    format!(
        r#"<mjloggm ver="2.3"><SHUFFLE seed="s" ref=""/><GO type="169" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3="%44" dan="16,16,16,16" rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>{body}</mjloggm>"#
    )
}

fn seat(n: u8) -> Seat {
    Seat::new(n).unwrap()
}

fn tile(s: &str) -> Tile {
    Tile::from_mjai(s).unwrap()
}

fn types(events: &[crate::event::Entry]) -> Vec<&'static str> {
    events.iter().map(|e| e.event.type_name()).collect()
}

#[test]
fn pretty_printed_document_with_declaration_and_comments() {
    let text = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- /0/?log=x -->\n<mjloggm ver=\"2.3\">\n  \
         <GO type=\"169\" lobby=\"0\"/>\n  <UN n0=\"%E5%A6%82%E6%9C%88\" n1=\"%42\" n2=\"%43\" n3=\"%44\"\n      \
         dan=\"16,9,0,20\" rate=\"2100.5,1500,1500,1500\" sx=\"M,F,M,M\"/>\n  \
         <TAIKYOKU oya=\"0\" log=\"2020052700gm-00a9-0000-75a4695c\"></TAIKYOKU>\n  {INIT}\n  <T52/>\n  {AGARI}\n</mjloggm>\n"
    );
    let log = parse(&text).unwrap();
    let m = &log.meta;
    assert_eq!(m.seats, 4);
    assert_eq!(m.log_id.as_deref(), Some("2020052700gm-00a9-0000-75a4695c"));
    assert_eq!(m.rules.display.as_deref(), Some("鳳南喰赤"));
    assert_eq!(m.rules.length, Some(GameLength::Hanchan));
    assert_eq!(m.players[0].name, "如月");
    assert_eq!(m.players[0].rating, Some(2100.5));
    assert_eq!(m.players[1].rank.as_deref(), Some("１級"));
    assert_eq!(m.players[2].rank.as_deref(), Some("新人"));
    assert!(!m.incomplete, "{:?}", m.notes);
    assert!(m.notes.is_empty(), "{:?}", m.notes);
    let end = m.end.as_ref().unwrap();
    assert_eq!(end.scores, Some(vec![26000, 25000, 25000, 24000]));
    assert_eq!(end.points, Some(vec![36.0, 5.0, -15.0, -26.0]));
    assert_eq!(
        types(&log.events),
        ["start_kyoku", "tsumo", "hora", "end_kyoku"]
    );

    // Elements: mjloggm 0, GO 1, UN 2, TAIKYOKU 3, INIT 4, T52 5, AGARI 6.
    let start = &log.events[0].src;
    assert_eq!(start.element, Some(4));
    assert_eq!(start.byte, Some(text.find("<INIT").unwrap() as u64));
    assert_eq!(start.line, Some(8));
    let draw = &log.events[1].src;
    assert_eq!(draw.element, Some(5));
    assert_eq!(draw.byte, Some(text.find("<T52").unwrap() as u64));
    assert_eq!(draw.line, Some(9));
    // The synthesised end_kyoku points at the outcome.
    assert_eq!(log.events[3].src, log.events[2].src);

    let Event::StartKyoku(k) = &log.events[0].event else {
        panic!("no start_kyoku")
    };
    assert_eq!(k.label(), "E1-0");
    assert_eq!(k.dealer, seat(0));
    assert_eq!(k.scores, Some(vec![25000; 4]));
    assert_eq!(k.dora_marker, tile("8s"));
    assert_eq!(k.hands.len(), 4);
    // Id 16 is the red 5m; the sort puts it after the plain fives.
    assert_eq!(k.hands[0][4], Some(tile("5mr")));
    assert_eq!(k.hands[1][4], Some(tile("5m")));
}

#[test]
fn tsumogiri_and_riichi_are_derived() {
    // Pon of 9p (ids 68, 69, 70; copy 3 unused) by seat 0 on seat 2's 70.
    let pon = ((17 * 3 + 2) << 9) | (3 << 5) | 0x08 | 2;
    let body = format!(
        r#"{INIT}<T52/><D52/><U60/><E61/><V70/><REACH who="2" step="1"/><F70/><REACH who="2" step="2" ten="250,250,240,250"/><N who="0" m="{pon}"/><D5/><W80/><g80/><T81/><D81/>"#
    );
    let log = parse(&doc(&body)).unwrap();
    let discards: Vec<(u8, &str, bool, bool)> = log
        .plain_events()
        .filter_map(|e| match e {
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
                riichi,
            } => Some((actor.get(), pai.to_mjai(), *tsumogiri, *riichi)),
            _ => None,
        })
        .collect();
    assert_eq!(
        discards,
        [
            (0, "5pr", true, false),
            (1, "7p", false, false),
            (2, "9p", true, true),
            (0, "2m", false, false),
            (3, "3s", true, false),
            (0, "3s", true, false),
        ]
    );
    let accepted = log
        .plain_events()
        .find(|e| matches!(e, Event::RiichiAccepted { .. }))
        .unwrap();
    let Event::RiichiAccepted { actor, claim } = accepted else {
        unreachable!()
    };
    assert_eq!(*actor, seat(2));
    assert_eq!(
        claim.as_ref().unwrap().scores,
        Some(vec![25000, 25000, 24000, 25000])
    );
    let Some(Event::Pon {
        actor,
        target,
        pai,
        consumed,
    }) = log.plain_events().find(|e| matches!(e, Event::Pon { .. }))
    else {
        panic!("no pon")
    };
    assert_eq!((*actor, *target), (seat(0), seat(2)));
    assert_eq!(*pai, tile("9p"));
    assert_eq!(*consumed, [tile("9p"), tile("9p")]);
    // The log stops without an outcome.
    assert!(log.meta.incomplete);
    assert!(!types(&log.events).contains(&"end_kyoku"));
}

#[test]
fn replacement_draws_follow_kongs_and_norths() {
    // Seat 1 declares a concealed kong of 5m (m=4608), a dora is revealed,
    // then the replacement draw; a later ordinary draw is not one.
    let body = format!(
        r#"{INIT}<T100/><D100/><U101/><N who="1" m="4608"/><DORA hai="7"/><U102/><E102/><V103/><F103/><W104/><G104/><T105/><D105/><U106/>"#
    );
    let log = parse(&doc(&body)).unwrap();
    let draws: Vec<(u8, bool)> = log
        .plain_events()
        .filter_map(|e| match e {
            Event::Tsumo { actor, rinshan, .. } => Some((actor.get(), *rinshan)),
            _ => None,
        })
        .collect();
    assert_eq!(
        draws,
        [
            (0, false),
            (1, false),
            (1, true),
            (2, false),
            (3, false),
            (0, false),
            (1, false)
        ]
    );
    assert!(log.plain_events().any(|e| matches!(
        e,
        Event::Dora { marker } if *marker == tile("2m")
    )));
    // The tsumogiri of the replacement tile is still tsumogiri.
    assert!(log.plain_events().any(|e| matches!(
        e,
        Event::Dahai { actor, tsumogiri: true, .. } if *actor == seat(1)
    )));
}

#[test]
fn double_ron_has_one_end_kyoku() {
    let body = format!(
        r#"{INIT}<T52/><D53/><AGARI ba="1,1" hai="1,5,9,13,17,21,25,29,33,37,41,45,49,53" machi="53" ten="30,1000,0" yaku="8,1" doraHai="100" who="1" fromWho="0" sc="250,-13,250,23,250,0,250,0"/><AGARI ba="0,0" hai="2,6,10,14,18,22,26,30,34,38,42,46,50,53" machi="53" ten="30,1000,0" yaku="8,1" doraHai="100" who="2" fromWho="0" sc="237,-10,273,0,250,10,250,0"/><BYE who="3"/>{INIT}<T52/>{AGARI}"#
    );
    let log = parse(&doc(&body)).unwrap();
    assert_eq!(
        types(&log.events),
        [
            "start_kyoku",
            "tsumo",
            "dahai",
            "hora",
            "hora",
            "end_kyoku",
            "disconnect",
            "start_kyoku",
            "tsumo",
            "hora",
            "end_kyoku"
        ]
    );
    // Each end_kyoku points at the last outcome of its kyoku.
    assert_eq!(log.events[5].src, log.events[4].src);
    let Event::Hora { claim, target, .. } = &log.events[3].event else {
        panic!("no hora")
    };
    assert_eq!(*target, seat(0));
    assert_eq!(claim.sticks.map(|s| (s.honba, s.riichi)), Some((1, 1)));
    assert_eq!(claim.deltas, Some(vec![-1300, 2300, 0, 0]));
    assert_eq!(log.kyoku_count(), 2);
    assert!(!log.meta.incomplete);
}

#[test]
fn truncated_documents_keep_what_is_complete() {
    // Cut inside the first kyoku: nothing is complete, the cut is the error.
    let text = format!(r#"<mjloggm ver="2.3"><GO type="169"/>{INIT}<T52/><D52/><U1"#);
    let err = parse(&text).unwrap_err();
    assert!(err.is_truncation(), "{err}");
    assert!(err.to_string().contains("`<U1`"), "{err}");
    // Without the closing root tag the document is cut too, however
    // cleanly its last element ends.
    let text = format!(r#"<mjloggm ver="2.3"><GO type="169"/>{INIT}<T52/><D52/>"#);
    let err = parse(&text).unwrap_err();
    assert!(err.to_string().contains("before `</mjloggm>`"), "{err}");
    assert_eq!(err.location.byte, Some(text.len() as u64));
    // A whole document may stop inside a kyoku: the game stopped there.
    let log = parse(&doc(&format!("{INIT}<T52/><D52/>"))).unwrap();
    assert!(log.meta.incomplete);
    assert!(log.meta.damage.is_none());
    assert_eq!(types(&log.events), ["start_kyoku", "tsumo", "dahai"]);
    assert!(
        log.meta.notes.iter().any(|n| n.contains("E1-0")),
        "{:?}",
        log.meta.notes
    );
    // An outcome without `owari`: the kyoku is closed, the game is not.
    let mut agari = AGARI.to_owned();
    let cut = agari.find(" owari").unwrap();
    agari.replace_range(cut..agari.len() - 2, "");
    let log = parse(&doc(&format!("{INIT}<T52/>{agari}"))).unwrap();
    assert!(log.meta.incomplete);
    assert_eq!(log.meta.end, None);
    assert_eq!(
        types(&log.events),
        ["start_kyoku", "tsumo", "hora", "end_kyoku"]
    );
}

/// A draw that ends a kyoku (no `owari`), and the win without `owari` that
/// may be the first of a multiple ron.
const RYUUKYOKU: &str = r#"<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>"#;

/// `text` cut after its first `n` bytes.
fn cut(text: &str, n: usize) -> &str {
    &text[..n]
}

#[test]
fn damaged_documents_keep_the_kyoku_complete_before_the_damage() {
    let mut win = AGARI.to_owned();
    let at = win.find(" owari").unwrap();
    win.replace_range(at..win.len() - 2, "");
    let second = win.replace(r#"who="0""#, r#"who="1""#);
    let text = doc(&format!(
        "{INIT}<T52/>{RYUUKYOKU}<BYE who=\"1\"/>{INIT}<T52/><D52/>{win}{second}{INIT}<T53/>{AGARI}"
    ));
    let full = parse(&text).unwrap();
    assert!(full.meta.damage.is_none());
    let kyoku_of = |text: &str| {
        let log = parse(text).unwrap();
        assert!(log.meta.incomplete);
        assert!(log.meta.damage.is_some());
        assert_eq!(log.meta.end, None);
        log.kyoku_count()
    };
    // Right after the draw: its kyoku is complete.
    let after_draw = text.find("<BYE").unwrap();
    assert_eq!(kyoku_of(cut(&text, after_draw)), 1);
    // The disconnection between kyoku belongs to neither.
    let log = parse(cut(&text, after_draw + 12)).unwrap();
    assert_eq!(
        types(&log.events),
        ["start_kyoku", "tsumo", "ryukyoku", "end_kyoku"]
    );
    // After the first of two wins: another might follow, so the kyoku is
    // not complete until the next element can be told from a win (`<I`).
    let first_win = text.find(&win).unwrap() + win.len();
    assert_eq!(kyoku_of(cut(&text, first_win)), 1);
    assert_eq!(kyoku_of(cut(&text, first_win + 3)), 1);
    let second_win = first_win + second.len();
    assert_eq!(kyoku_of(cut(&text, second_win)), 1);
    assert_eq!(kyoku_of(cut(&text, second_win + 1)), 1);
    assert_eq!(kyoku_of(cut(&text, second_win + 2)), 2);
    assert_eq!(kyoku_of(cut(&text, second_win + 3)), 2);
    let next = second_win + INIT.len();
    let log = parse(cut(&text, next)).unwrap();
    assert_eq!(log.kyoku_count(), 2);
    assert_eq!(
        types(&log.events)[4..],
        [
            "disconnect",
            "start_kyoku",
            "tsumo",
            "dahai",
            "hora",
            "hora",
            "end_kyoku"
        ]
    );
    // The saved stream is the whole stream cut there.
    assert_eq!(log.events[..], full.events[..log.events.len()]);
    // Garbage in the middle is damage at its place.
    let garbage = format!("{}garbage{}", &text[..next], &text[next..]);
    let log = parse(&garbage).unwrap();
    assert_eq!(log.kyoku_count(), 2);
    let damage = log.meta.damage.unwrap();
    assert_eq!(damage.location.byte, Some(next as u64));
    assert!(damage.message.contains("`garbage"), "{damage}");
    // A win with the final result is the last outcome of the game.
    let end = text.rfind("</mjloggm>").unwrap();
    let log = parse(cut(&text, end)).unwrap();
    assert_eq!(log.kyoku_count(), 3);
    assert!(log.meta.end.is_some());
    assert!(log.meta.incomplete);
    assert_eq!(log.events, full.events);
}

#[test]
fn a_stopped_game_is_incomplete() {
    let log = parse(&doc(&format!(r#"{INIT}<T52/><RYUUKYOKU owari=""/>"#))).unwrap();
    assert!(log.meta.incomplete);
    assert_eq!(types(&log.events), ["start_kyoku", "tsumo"]);
    assert!(log.meta.notes.iter().any(|n| n.contains("stops the game")));
}

#[test]
fn draws_and_reconnections() {
    let body = format!(
        r#"{INIT}<T52/><UN n2="%43"/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" hai0="0,4,8,12,16,20,24,28,32,36,40,44,48,52"/><UN n2="%43"/>{INIT}<T52/><RYUUKYOKU ba="1,0" sc="250,30,250,-10,250,-10,250,-10" hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" owari="280,38.0,240,4.0,240,-16.0,240,-26.0"/>"#
    );
    let log = parse(&doc(&body)).unwrap();
    assert_eq!(
        types(&log.events),
        [
            "start_kyoku",
            "tsumo",
            "reconnect",
            "ryukyoku",
            "end_kyoku",
            "reconnect",
            "start_kyoku",
            "tsumo",
            "ryukyoku",
            "end_kyoku"
        ]
    );
    let Event::Ryukyoku { kind, claim } = &log.events[8].event else {
        panic!("no ryukyoku")
    };
    assert_eq!(*kind, DrawKind::Exhaustive);
    assert_eq!(claim.tenpai, Some(vec![true, false, false, false]));
    assert_eq!(claim.deltas, Some(vec![3000, -1000, -1000, -1000]));
    assert!(!log.meta.incomplete);
}

#[test]
fn three_player_games() {
    let body = r#"<GO type="185" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3="" dan="16,16,16,0" rate="1500,1500,1500,1500" sx="M,M,M,C"/><TAIKYOKU oya="0"/><INIT seed="0,0,0,2,1,70" ten="350,350,350,0" oya="0" hai0="40,79,111,71,60,131,50,121,59,124,88,84,96" hai1="99,89,103,68,77,41,110,120,45,113,109,62,37" hai2="106,122,42,125,67,83,1,112,53,93,78,52,2" hai3=""/><T123/><N who="0" m="30752"/><T0/><D0/><U8/><E8/><N who="0" m="1"/>"#;
    let text = format!(r#"<mjloggm ver="2.3">{body}</mjloggm>"#);
    let log = parse(&text).unwrap();
    assert_eq!(log.meta.seats, 3);
    assert_eq!(log.meta.players.len(), 3);
    assert_eq!(log.meta.rules.display.as_deref(), Some("三鳳南喰赤"));
    let Event::StartKyoku(k) = &log.events[0].event else {
        panic!("no start_kyoku")
    };
    assert_eq!(k.hands.len(), 3);
    assert_eq!(k.scores, Some(vec![35000; 3]));
    assert!(matches!(
        log.events[2].event,
        Event::Nukidora { pai, .. } if pai == tile("N")
    ));
    assert!(matches!(
        log.events[3].event,
        Event::Tsumo { rinshan: true, .. }
    ));
    // A draw by the absent fourth seat cannot become an event.
    let text = text.replace(r#"<N who="0" m="1"/>"#, "<W5/>");
    let err = parse(&text).unwrap_err();
    assert!(err.to_string().contains("seat 0-2"), "{err}");
    assert_eq!(err.location.element, Some(11));
}

#[test]
fn red_fives_follow_go() {
    let no_red = format!(r#"<mjloggm><GO type="171"/>{INIT}<T16/></mjloggm>"#);
    let log = parse(&no_red).unwrap();
    assert!(matches!(log.events[1].event, Event::Tsumo { pai: Some(p), .. } if p == tile("5m")));
    assert_eq!(log.meta.rules.red_fives, Some(0));
    // Without GO red fives are assumed, and the log says so.
    let no_go = format!(r#"<mjloggm>{INIT}<T16/></mjloggm>"#);
    let log = parse(&no_go).unwrap();
    assert!(matches!(log.events[1].event, Event::Tsumo { pai: Some(p), .. } if p == tile("5mr")));
    assert!(
        log.meta.notes.iter().any(|n| n.contains("no GO")),
        "{:?}",
        log.meta.notes
    );
    assert_eq!(log.meta.seats, 4);
    // GO after the first INIT cannot change how earlier tiles were read.
    let late = format!(r#"<mjloggm>{INIT}<GO type="171"/></mjloggm>"#);
    assert!(parse(&late).is_err());
}

#[test]
fn a_byte_order_mark_is_not_text() {
    let text = format!("\u{feff}<mjloggm>{INIT}<T52/></mjloggm>");
    let log = parse(&text).unwrap();
    assert_eq!(
        log.events[0].src.byte,
        Some(text.find("<INIT").unwrap() as u64)
    );
    let text = "\u{feff}<mjloggm>\nx</mjloggm>";
    let err = parse(text).unwrap_err();
    assert_eq!(err.location.byte, Some(12));
    assert_eq!(err.location.line, Some(1));
}

#[test]
fn unknown_elements_are_located() {
    let text = format!("<mjloggm>\n{INIT}\n<T52/>\n<FOO bar=\"1\"/></mjloggm>");
    let err = parse(&text).unwrap_err();
    assert_eq!(err.location.element, Some(3));
    assert_eq!(err.location.line, Some(4));
    assert_eq!(err.location.byte, Some(text.find("<FOO").unwrap() as u64));
    let msg = err.to_string();
    assert!(
        msg.starts_with("tenhou-xml: line 4, element 3, byte "),
        "{msg}"
    );
    assert!(msg.contains("expected a Tenhou mjlog element"), "{msg}");
    assert!(msg.ends_with("found <FOO>"), "{msg}");
    // Unknown attributes are ignored.
    let text = format!(r#"<mjloggm>{INIT}<T52 newattr="1"/></mjloggm>"#);
    assert!(parse(&text).is_ok());
}

#[test]
fn malformed_documents() {
    // An attribute value never closed: the document ends inside it.
    let err = parse("<mjloggm>\n<INIT seed=\"1></mjloggm>").unwrap_err();
    assert!(err.is_truncation(), "{err}");
    assert_eq!(err.location.line, Some(2));
    let err = parse("<mjloggm><GO type=\"169\"/></foo>").unwrap_err();
    assert!(matches!(err.kind, ImportErrorKind::Syntax { .. }), "{err}");
    let err = parse("<mjloggm><GO type=\"169\"/></mjloggm>").unwrap_err();
    assert!(matches!(err.kind, ImportErrorKind::Empty), "{err}");
    let err = parse("<root/>").unwrap_err();
    assert!(err.to_string().contains("<mjloggm>"), "{err}");
    let err = parse("<mjloggm>hello</mjloggm>").unwrap_err();
    assert!(err.to_string().contains("`hello`"), "{err}");
    let err = parse("").unwrap_err();
    assert!(err.to_string().contains("<mjloggm>"), "{err}");
    let err = parse(&doc("<T52/>")).unwrap_err();
    assert!(err.to_string().contains("INIT before a draw"), "{err}");
    // After a complete kyoku the error is damage: the kyoku is kept.
    let log = parse(&doc(&format!("{INIT}{AGARI}<T52/>"))).unwrap();
    let damage = log.meta.damage.as_ref().unwrap();
    assert!(damage.message.contains("a new kyoku"), "{damage}");
    assert_eq!(damage.location.element, Some(7));
    assert_eq!(types(&log.events), ["start_kyoku", "hora", "end_kyoku"]);
    let err = parse(&doc(&format!(r#"{INIT}<N who="0" m="65535"/>"#))).unwrap_err();
    assert!(err.to_string().contains("meld code"), "{err}");
    let err = parse(&doc(&format!(r#"{INIT}<REACH who="0" step="3"/>"#))).unwrap_err();
    assert!(err.to_string().contains("`step` 1 or 2"), "{err}");
    let err = parse(&doc(&format!("{INIT}<T136/>"))).unwrap_err();
    assert!(err.to_string().contains("tile id 0-135"), "{err}");
    let err = parse(&doc(r#"<INIT seed="0,0" ten="250,250,250,250" oya="0"/>"#)).unwrap_err();
    assert!(err.to_string().contains("`seed`"), "{err}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

    /// Damaged logs give an error or a log, never a panic.
    #[test]
    fn damaged_documents_never_panic(
        edits in proptest::collection::vec(
            (
                0usize..4000,
                proptest::sample::select(vec![
                    '<', '>', '/', '"', '=', ',', '-', '0', '1', '9', 'T', 'D', 'N', 'd', 'W', ' ', '\n',
                ]),
                proptest::bool::ANY,
            ),
            0..8,
        ),
        keep in 0usize..4000,
    ) {
        let pon = ((17 * 3 + 2) << 9) | (3 << 5) | 0x08 | 2;
        let mut text: Vec<char> = doc(&format!(
            r#"{INIT}<T52/><D52/><V70/><REACH who="2" step="1"/><F70/><REACH who="2" step="2" ten="250,250,240,250"/><N who="0" m="{pon}"/><D5/><U1/><N who="1" m="4608"/><DORA hai="7"/><U102/>{AGARI}"#
        ))
        .chars()
        .collect();
        for (at, c, insert) in edits {
            let at = at % (text.len() + 1);
            if insert || at == text.len() {
                text.insert(at, c);
            } else {
                text[at] = c;
            }
        }
        text.truncate(keep);
        let text: String = text.into_iter().collect();
        let _ = parse(&text);
    }
}

/// The fast path, wherever it does not give up, reads a document exactly
/// as the quick-xml path does: same stream, same metadata, same error.
#[test]
fn fast_path_agrees_with_quick_xml() {
    fn outcome(r: &crate::import::Parsed) -> String {
        match r {
            crate::import::Parsed::Whole(log) => format!("{:?} {:?}", log.meta, log.events),
            crate::import::Parsed::Damaged { saved, error } => {
                let saved = saved
                    .as_ref()
                    .map(|log| format!("{:?} {:?}", log.meta, log.events));
                format!("error: {error} {:?}, saved {saved:?}", error.kind)
            }
        }
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let Ok(text) = crate::import::decode(&bytes, &crate::import::ImportOptions::default())
        else {
            continue;
        };
        let quick = super::parse_with_quick_xml(&text, false);
        let fast = super::scan::parse(&text, false).expect("a saved log takes the fast path");
        assert_eq!(outcome(&fast), outcome(&quick));
        // Truncations and single-byte edits: agreement whenever the fast
        // path does not give up.
        let cuts = (0..text.len()).step_by(71);
        for cut in cuts {
            let Some(head) = text.get(..cut) else {
                continue;
            };
            if let Some(fast) = super::scan::parse(head, false) {
                assert_eq!(
                    outcome(&fast),
                    outcome(&super::parse_with_quick_xml(head, false))
                );
                checked += 1;
            }
        }
        for (i, b) in text.bytes().enumerate().step_by(131) {
            for with in [b'>', b'"', b'/', b' ', b'<', b'=', b'x', b'1', b','] {
                if with == b {
                    continue;
                }
                let mut edited = text.clone().into_bytes();
                edited[i] = with;
                let Ok(edited) = String::from_utf8(edited) else {
                    continue;
                };
                if let Some(fast) = super::scan::parse(&edited, false) {
                    let quick = super::parse_with_quick_xml(&edited, false);
                    assert_eq!(outcome(&fast), outcome(&quick), "byte {i} as {with}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn an_element_cut_short_after_a_win_closes_the_kyoku_once_it_is_no_win() {
    use super::starts_other_than_a_win as other;
    for closes in ["<I", "<INIT seed=\"1,", "<UN n0=", "<BYE", "</mj", "</"] {
        assert!(other(closes), "{closes}");
    }
    for open in ["<", "<A", "<AGAR", "<AGARI", "<AGARI ba=\"0,", "", "x"] {
        assert!(!other(open), "{open}");
    }
    // A win cut inside the next kyoku's INIT keeps its kyoku; cut right
    // after the win, a second win may be lost with the rest.
    let win = AGARI.replace(r#" owari="260,36.0,250,5.0,250,-15.0,240,-26.0""#, "");
    let full = doc(&format!("{INIT}{win}{INIT}{AGARI}"));
    let next = full.rfind("<INIT").unwrap();
    let log = parse(&full[..next + 20]).unwrap();
    assert_eq!(log.kyoku_count(), 1);
    assert!(log.meta.damage.is_some());
    assert!(parse(&full[..next]).is_err());
}
