//! The other forms of mjai: gimite's old protocol, the bot-input stream of
//! arrays, the extensions of akochan, mjai.app, the mjai server and ours.

use crate::event::{Event, GameLength};

use super::{START_GAME, START_KYOKU, parse};

#[test]
fn old_protocol_with_haipai() {
    let hand = r#"["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"]"#;
    let haipai = |s: u8| format!(r#"{{"type":"haipai","actor":{s},"pais":{hand}}}"#);
    let mut lines = vec![
        START_GAME.to_owned(),
        r#"{"type":"start_kyoku","oya":0,"dora_marker":"6s"}"#.to_owned(),
    ];
    lines.extend((0..4).map(haipai));
    lines.push(r#"{"type":"tsumo","actor":0,"pai":"5p"}"#.into());
    lines.push(r#"{"type":"dahai","actor":0,"pai":"5p"}"#.into());
    lines.push(r#"{"type":"ryukyoku","reason":"fanpai"}"#.into());
    lines.push(r#"{"type":"end_kyoku"}"#.into());
    for oya in [1, 0] {
        lines.push(format!(
            r#"{{"type":"start_kyoku","oya":{oya},"dora_marker":"6s"}}"#
        ));
        lines.extend((0..4).map(|s| haipai((s + oya) % 4)));
        lines.push(r#"{"type":"ryukyoku","reason":"fanpai"}"#.into());
        lines.push(r#"{"type":"end_kyoku"}"#.into());
    }
    lines.push(r#"{"type":"end_game"}"#.into());
    let log = parse(&lines.join("\n")).unwrap();
    let starts: Vec<_> = log
        .events
        .iter()
        .filter_map(|e| match &e.event {
            Event::StartKyoku(sk) => Some((sk.label(), sk.hands.len(), e.src.line)),
            _ => None,
        })
        .collect();
    assert_eq!(
        starts,
        [
            ("E1-0".to_owned(), 4, Some(2)),
            ("E2-0".to_owned(), 4, Some(11)),
            ("S1-0".to_owned(), 4, Some(18)),
        ]
    );
    assert!(matches!(
        log.events[2].event,
        Event::Dahai {
            tsumogiri: true,
            ..
        }
    ));
    for field in ["bakaze", "kyoku", "honba", "kyotaku", "tsumogiri"] {
        assert!(
            log.meta
                .notes
                .iter()
                .any(|n| n.contains(&format!("`{field}`"))),
            "{field}: {:?}",
            log.meta.notes
        );
    }
    // A missing haipai is an error at the start_kyoku.
    let short: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.contains(r#""actor":2,"pais""#))
        .collect();
    let err = parse(&short.join("\n")).unwrap_err();
    assert_eq!(err.location.line, Some(2));
    assert!(err.to_string().contains("`haipai` of seat 2"), "{err}");
}

#[test]
fn three_haipai_make_a_three_player_game() {
    let text = [
        START_GAME,
        r#"{"type":"start_kyoku","oya":0,"dora_marker":"6s"}"#,
        r#"{"type":"haipai","actor":0,"pais":["1m"]}"#,
        r#"{"type":"haipai","actor":1,"pais":["?"]}"#,
        r#"{"type":"haipai","actor":2,"pais":["?"]}"#,
        r#"{"type":"tsumo","actor":0,"pai":"5p"}"#,
    ]
    .join("\n");
    let log = parse(&text).unwrap();
    assert_eq!(log.meta.seats, 3);
    assert!(log.meta.incomplete);

    // Three hands at the end of the file are a deal cut short, not a
    // three-player game, when `start_game` names four players.
    let cut = &text[..text.rfind('\n').unwrap()];
    let err = parse(cut).unwrap_err();
    assert!(err.to_string().contains("`haipai` of seat 3"), "{err}");
    let three = cut.replace(r#""names":["a","b","c","d"]"#, r#""names":["a","b","c"]"#);
    assert_ne!(three, cut);
    assert_eq!(parse(&three).unwrap().meta.seats, 3);
}

#[test]
fn arrays_per_line_share_their_line() {
    let text = format!(
        "[{START_GAME}]\r\n\r\n[{START_KYOKU},{}]\r\n[{}]\r\n",
        r#"{"type":"tsumo","actor":0,"pai":"1p"}"#,
        r#"{"type":"dahai","actor":0,"pai":"1p","tsumogiri":true},{"type":"none"}"#
    );
    let log = parse(&text).unwrap();
    let at: Vec<(Option<u32>, Option<u64>)> = log
        .events
        .iter()
        .map(|e| (e.src.line, e.src.byte))
        .collect();
    let third = u64::try_from(text.find("\r\n[{\"type\":\"start_kyoku").unwrap() + 2).unwrap();
    let fourth = u64::try_from(text.rfind("\r\n[").unwrap() + 2).unwrap();
    assert_eq!(
        at,
        [
            (Some(3), Some(third)),
            (Some(3), Some(third)),
            (Some(4), Some(fourth))
        ]
    );
    // An empty array is no event and no error.
    assert!(parse(&format!("{START_GAME}\n[]\n{START_KYOKU}")).is_ok());
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let log = parse(&format!("\u{feff}{START_GAME}\n{START_KYOKU}")).unwrap();
    assert_eq!(
        log.events[0].src.byte,
        Some(u64::try_from(START_GAME.len() + 4).unwrap())
    );
}

#[test]
fn server_error_ends_the_game() {
    let text = [
        START_GAME,
        START_KYOKU,
        r#"{"type":"tsumo","actor":0,"pai":"1m"}"#,
        r#"{"type":"error","message":"bot 2 timed out"}"#,
        "not even JSON",
    ]
    .join("\n");
    let log = parse(&text).unwrap();
    assert!(log.meta.incomplete);
    assert_eq!(log.events.len(), 2);
    assert_eq!(
        log.meta.notes,
        ["the game was stopped by a server error at line 4: bot 2 timed out"]
    );
}

#[test]
fn start_game_extensions() {
    let text = [
        r#"{"type":"start_game","kyoku_first":4,"aka_flag":false,"id":2,"paifu_notes":["kept note"],"seed":[1,2]}"#,
        START_KYOKU,
        r#"{"type":"none"}"#,
        r#"{"type":"ryukyoku"}"#,
        r#"{"type":"end_kyoku"}"#,
        r#"{"type":"end_game","scores":[25000,25000,25000,25000]}"#,
        r#"{"type":"none"}"#,
    ]
    .join("\n");
    let log = parse(&text).unwrap();
    assert_eq!(log.meta.rules.length, Some(GameLength::EastOnly));
    assert_eq!(log.meta.rules.red_fives, Some(0));
    assert!(log.meta.players.is_empty());
    assert_eq!(log.meta.notes[0], "kept note");
    assert!(log.meta.notes[1].contains("seat 2"));
    assert!(log.meta.notes[2].contains("seed"));
    assert!(!log.meta.incomplete);
    let hanchan = text.replace(r#""kyoku_first":4"#, r#""kyoku_first":0"#);
    assert_eq!(
        parse(&hanchan).unwrap().meta.rules.length,
        Some(GameLength::Hanchan)
    );
}

#[test]
fn akochan_haiyama_becomes_the_wall_or_a_note() {
    let text = include_str!("../../../../testdata/rules/WALL-MISMATCH/miss_kong.jsonl");
    let wall_of = |text: &str| {
        let log = parse(text).unwrap();
        let Event::StartKyoku(sk) = &log.events[0].event else {
            panic!("{:?}", log.events[0]);
        };
        (sk.wall.clone(), sk.dora_marker, log.meta.notes)
    };
    let (wall, dora, notes) = wall_of(text);
    let wall = wall.expect("the wall is kept");
    assert_eq!(wall.live.len(), 70);
    assert_eq!(wall.dora_markers.first(), Some(&dora));
    assert_eq!((wall.replacements.len(), wall.ura_markers.len()), (4, 5));
    assert!(notes.is_empty(), "{notes:?}");
    // The deal goes with the wall, by seat; hands that are not the wall's
    // deal are kept as given, without a note: the engine judges them
    // (WALL-MISMATCH), not the importer.
    assert_eq!(wall.deal.len(), 4);
    assert!(wall.deal.iter().all(|h| h.len() == 13));
    let swapped = text.replacen(r#""tehais":[["1m""#, r#""tehais":[["2m""#, 1);
    assert_ne!(swapped, text);
    let (wall, _, notes) = wall_of(&swapped);
    assert!(wall.is_some_and(|w| w.deal.len() == 4));
    assert!(notes.is_empty(), "{notes:?}");
    let log = crate::import::import_str(&swapped, crate::event::Format::Mjai).unwrap();
    let rules = crate::rules::Rules::preset("tenhou").unwrap();
    let found: Vec<String> = crate::engine::audit(&log, &rules)
        .findings
        .iter()
        .filter(|f| f.rule == crate::engine::RuleId::WallMismatch)
        .map(|f| f.message.clone())
        .collect();
    assert!(
        found.iter().any(|m| m.contains("starting hand")),
        "{found:?}"
    );
    // A wall of another length is not akochan's: noted, not kept.
    let short = text.replacen(r#""haiyama":["#, r#""haiyama":["1m","#, 1);
    let (wall, _, notes) = wall_of(&short);
    assert!(wall.is_none());
    assert!(
        notes[0].contains("not akochan's 136 shown tiles"),
        "{notes:?}"
    );
    // A tile that is no tile is an error at its line, as anywhere else.
    let bad = text.replacen(r#""haiyama":["#, r#""haiyama":["9z","#, 1);
    assert!(parse(&bad).unwrap_err().to_string().contains("haiyama"));
}
