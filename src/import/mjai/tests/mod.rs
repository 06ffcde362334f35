//! Unit tests of the mjai importer: the events of the current protocol
//! here; the other protocols and the errors in the submodules.

mod errors;
mod variants;

use crate::event::{DrawKind, Event, Seat, Wind};
use crate::import::ImportErrorKind;
use crate::tile::t;
use crate::yaku::Yaku;

use super::parse;

const START_GAME: &str = r#"{"type":"start_game","names":["a","b","c","d"]}"#;

/// A kyoku header with four visible hands (seat 3's partly hidden).
const START_KYOKU: &str = r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","E","S","S"],["5p","6p","7p","8p","9p","W","W","N","N","P","P","F","F"],["C","C","?","?","?","?","?","?","?","?","?","?","5mr"]]}"#;

fn seat(n: u8) -> Seat {
    Seat::new(n).unwrap()
}

/// A game: start_game, one kyoku header, the given lines, end_game.
fn game(lines: &[&str]) -> String {
    let mut all = vec![START_GAME, START_KYOKU];
    all.extend_from_slice(lines);
    all.push(r#"{"type":"end_game"}"#);
    all.join("\n")
}

/// The events after the first `start_kyoku`, without locations.
fn play(lines: &[&str]) -> Vec<Event> {
    let log = parse(&game(lines)).unwrap_or_else(|e| panic!("{e}"));
    log.events.into_iter().skip(1).map(|e| e.event).collect()
}

fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn start_kyoku_fields_and_hidden_tiles() {
    let log = parse(&game(&[])).unwrap();
    assert_eq!(log.meta.seats, 4);
    assert_eq!(log.meta.players[1].name, "b");
    let Event::StartKyoku(sk) = &log.events[0].event else {
        panic!("{:?}", log.events[0]);
    };
    assert_eq!(sk.label(), "E1-0");
    assert_eq!(sk.round_wind, Wind::East);
    assert_eq!(sk.dealer, seat(0));
    assert_eq!(sk.dora_marker, t("1s"));
    assert_eq!(sk.scores.as_deref(), Some(&[25000; 4][..]));
    // Sorted, the red five after the plain kinds' order, hidden tiles last.
    let hand = &sk.hands[3];
    assert_eq!(hand[0], Some(t("5mr")));
    assert_eq!(hand[1], Some(t("C")));
    assert_eq!(hand.iter().filter(|x| x.is_none()).count(), 10);
    assert_eq!(hand[12], None);
    // A kyoku that ends without outcome leaves the game incomplete.
    assert!(log.meta.incomplete);
}

#[test]
fn tsumo_dahai_and_tsumogiri() {
    let events = play(&[
        r#"{"type":"tsumo","actor":0,"pai":"?"}"#,
        r#"{"type":"dahai","actor":0,"pai":"1m","tsumogiri":false}"#,
        r#"{"type":"tsumo","actor":1,"pai":"F"}"#,
        r#"{"type":"dahai","actor":1,"pai":"F","tsumogiri":true}"#,
    ]);
    assert_eq!(
        events[0],
        Event::Tsumo {
            actor: seat(0),
            pai: None,
            rinshan: false
        }
    );
    assert_eq!(
        events[3],
        Event::Dahai {
            actor: seat(1),
            pai: t("F"),
            tsumogiri: true,
            riichi: false
        }
    );
}

#[test]
fn missing_tsumogiri_is_derived_and_noted() {
    let log = parse(&game(&[
        r#"{"type":"tsumo","actor":0,"pai":"N"}"#,
        r#"{"type":"dahai","actor":0,"pai":"N"}"#,
        r#"{"type":"tsumo","actor":1,"pai":"5m"}"#,
        r#"{"type":"dahai","actor":1,"pai":"5mr"}"#,
        r#"{"type":"pon","actor":2,"target":1,"pai":"5mr","consumed":["5m","5m"]}"#,
        r#"{"type":"dahai","actor":2,"pai":"W"}"#,
    ]))
    .unwrap();
    let flags: Vec<bool> = log
        .plain_events()
        .filter_map(|e| match e {
            Event::Dahai { tsumogiri, .. } => Some(*tsumogiri),
            _ => None,
        })
        .collect();
    // The red five is not the plain five just drawn; a discard after a call
    // follows no draw.
    assert_eq!(flags, [true, false, false]);
    assert!(log.meta.notes.iter().any(|n| n.contains("tsumogiri")));
}

#[test]
fn reach_marks_the_next_discard() {
    let events = play(&[
        r#"{"type":"tsumo","actor":0,"pai":"5p"}"#,
        r#"{"type":"reach","actor":0}"#,
        r#"{"type":"dahai","actor":0,"pai":"4p","tsumogiri":false}"#,
        r#"{"type":"reach_accepted","actor":0,"deltas":[-1000,0,0,0],"scores":[24000,25000,25000,25000]}"#,
        r#"{"type":"tsumo","actor":1,"pai":"5p"}"#,
        r#"{"type":"dahai","actor":1,"pai":"5p","tsumogiri":true}"#,
        r#"{"type":"reach_accepted","actor":1}"#,
    ]);
    assert_eq!(events.len(), 6, "`reach` itself is no event: {events:?}");
    assert!(matches!(events[1], Event::Dahai { riichi: true, .. }));
    let Event::RiichiAccepted { actor, claim } = &events[2] else {
        panic!("{:?}", events[2]);
    };
    assert_eq!(*actor, seat(0));
    let claim = claim.as_ref().unwrap();
    assert_eq!(claim.deltas.as_deref(), Some(&[-1000, 0, 0, 0][..]));
    assert_eq!(
        claim.scores.as_deref(),
        Some(&[24000, 25000, 25000, 25000][..])
    );
    assert!(matches!(events[4], Event::Dahai { riichi: false, .. }));
    assert_eq!(
        events[5],
        Event::RiichiAccepted {
            actor: seat(1),
            claim: None
        }
    );
}

#[test]
fn reach_without_its_discard_is_an_error() {
    let text = game(&[
        r#"{"type":"tsumo","actor":0,"pai":"5p"}"#,
        r#"{"type":"reach","actor":0}"#,
        r#"{"type":"tsumo","actor":1,"pai":"5p"}"#,
    ]);
    let byte = text.match_indices('\n').nth(3).unwrap().0 + 1;
    assert_eq!(
        error(&text),
        format!(
            "mjai: line 5, byte {byte}: expected the riichi discard of seat 0 after its `reach` at line 4, found `tsumo`"
        )
    );
    let text = [START_GAME, START_KYOKU, r#"{"type":"reach","actor":2}"#].join("\n");
    let err = parse(&text).unwrap_err();
    assert_eq!(err.location.line, Some(3));
    assert!(
        err.to_string().ends_with("found the end of the file"),
        "{err}"
    );
}

#[test]
fn calls_are_sorted() {
    let events = play(&[
        r#"{"type":"tsumo","actor":0,"pai":"7p"}"#,
        r#"{"type":"dahai","actor":0,"pai":"7p","tsumogiri":true}"#,
        r#"{"type":"chi","actor":1,"target":0,"pai":"7p","consumed":["9p","8p"]}"#,
        r#"{"type":"dahai","actor":1,"pai":"S","tsumogiri":false}"#,
        r#"{"type":"pon","actor":3,"target":1,"pai":"S","consumed":["S","S"]}"#,
        r#"{"type":"dahai","actor":3,"pai":"5p","tsumogiri":false}"#,
        r#"{"type":"daiminkan","actor":2,"target":3,"pai":"5p","consumed":["5pr","5p","5p"]}"#,
        r#"{"type":"tsumo","actor":2,"pai":"1m"}"#,
        r#"{"type":"dora","dora_marker":"2m"}"#,
        r#"{"type":"dahai","actor":2,"pai":"1m","tsumogiri":true}"#,
        r#"{"type":"tsumo","actor":3,"pai":"S"}"#,
        r#"{"type":"kakan","actor":3,"pai":"S","consumed":["S","S","S"]}"#,
        r#"{"type":"tsumo","actor":3,"pai":"2m"}"#,
        r#"{"type":"dahai","actor":3,"pai":"2m","tsumogiri":true}"#,
        r#"{"type":"tsumo","actor":0,"pai":"1p"}"#,
        r#"{"type":"ankan","actor":0,"consumed":["1p","1p","1p","1p"]}"#,
        r#"{"type":"dora","dora_marker":"3m"}"#,
        r#"{"type":"tsumo","actor":0,"pai":"3m"}"#,
    ]);
    assert_eq!(
        events[2],
        Event::Chi {
            actor: seat(1),
            target: seat(0),
            pai: t("7p"),
            consumed: [t("8p"), t("9p")]
        }
    );
    assert_eq!(
        events[6],
        Event::Daiminkan {
            actor: seat(2),
            target: seat(3),
            pai: t("5p"),
            consumed: [t("5p"), t("5p"), t("5pr")]
        }
    );
    assert_eq!(events[8], Event::Dora { marker: t("2m") });
    assert!(matches!(
        events[11],
        Event::Kakan { actor, pai, .. } if actor == seat(3) && pai == t("S")
    ));
    assert!(matches!(events[15], Event::Ankan { .. }));
    // Replacement draws: right after the kong, or after a `dora` that follows it.
    let rinshan: Vec<bool> = events
        .iter()
        .filter_map(|e| match e {
            Event::Tsumo { rinshan, .. } => Some(*rinshan),
            _ => None,
        })
        .collect();
    assert_eq!(rinshan, [false, true, false, true, false, true]);
}

#[test]
fn nukidora_in_three_player_games() {
    let text = [
        START_GAME,
        r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":2,"honba":1,"kyotaku":2,"oya":1,"scores":[35000,35000,35000],"tehais":[["?"],["?"],["?"]]}"#,
        r#"{"type":"tsumo","actor":1,"pai":"N"}"#,
        r#"{"type":"nukidora","actor":1,"pai":"N"}"#,
        r#"{"type":"tsumo","actor":1,"pai":"9p"}"#,
        r#"{"type":"hora","actor":1,"target":1}"#,
        r#"{"type":"end_kyoku"}"#,
    ]
    .join("\n");
    let log = parse(&text).unwrap();
    assert_eq!(log.meta.seats, 3);
    assert!(log.meta.incomplete, "no end_game");
    let events: Vec<&Event> = log.plain_events().collect();
    assert_eq!(
        *events[2],
        Event::Nukidora {
            actor: seat(1),
            pai: t("N")
        }
    );
    assert!(matches!(events[3], Event::Tsumo { rinshan: true, .. }));
    // The winning tile of a tsumo without `pai` is the winner's own draw.
    assert!(matches!(events[4], Event::Hora { pai, .. } if *pai == t("9p")));
    // Seat 3 does not exist at a table of three.
    let bad = text.replace(r#""actor":1,"pai":"N"}"#, r#""actor":3,"pai":"N"}"#);
    assert!(error(&bad).contains("expected a seat 0-2 in `actor` of `tsumo`, found `3`"));
}

#[test]
fn hora_claims() {
    let events = play(&[
        r#"{"type":"tsumo","actor":0,"pai":"5p"}"#,
        r#"{"type":"dahai","actor":0,"pai":"4p","tsumogiri":false}"#,
        r#"{"type":"hora","actor":1,"target":0,"pai":"4p","uradora_markers":["3s"],"hora_tehais":["5p","6p","1s","1s","2s","3s","4s","5s","6s","7s","8s","9s","E"],"yakus":[["reach",1],["ittsu",2],["dora",0],["X",1]],"fu":40,"fan":4,"hora_points":8000,"deltas":[-8000,8000,0,0],"scores":[17000,33000,25000,25000],"pao":2,"logs":{"a":1}}"#,
        r#"{"type":"hora","actor":2,"target":0,"deltas":[-1000,0,1000,0],"ura_markers":[],"meta":{}}"#,
        r#"{"type":"end_kyoku"}"#,
    ]);
    let Event::Hora {
        actor,
        target,
        pai,
        claim,
    } = &events[2]
    else {
        panic!("{:?}", events[2]);
    };
    assert_eq!((*actor, *target, *pai), (seat(1), seat(0), t("4p")));
    assert_eq!(
        (claim.han, claim.fu, claim.points),
        (Some(4), Some(40), Some(8000))
    );
    assert_eq!(claim.ura_markers.as_deref(), Some(&[t("3s")][..]));
    assert_eq!(claim.pao, Some(seat(2)));
    assert_eq!(claim.scores_before.as_deref(), Some(&[25000; 4][..]));
    let yaku: Vec<(Yaku, u8)> = claim.yaku.iter().map(|y| (y.yaku.clone(), y.han)).collect();
    assert_eq!(
        yaku,
        [
            (Yaku::Riichi, 1),
            (Yaku::Ittsu, 2),
            (Yaku::Other("X".into()), 1)
        ]
    );
    let hand = claim.hand.as_ref().unwrap();
    assert_eq!(hand.len(), 14);
    assert_eq!(hand[0], t("4p"), "winning tile added and sorted");
    // The second winner of the double ron: the tile is the same discard.
    let Event::Hora { pai, claim, .. } = &events[3] else {
        panic!("{:?}", events[3]);
    };
    assert_eq!(*pai, t("4p"));
    assert_eq!(claim.ura_markers.as_deref(), Some(&[][..]));
    assert_eq!(claim.scores_before, None);
    assert_eq!(events[4], Event::EndKyoku);
}

#[test]
fn hora_tehais_that_already_hold_the_winning_tile() {
    // The mjai server lists the drawn winning tile among `hora_tehais`.
    let events = play(&[
        r#"{"type":"tsumo","actor":0,"pai":"7s"}"#,
        r#"{"type":"hora","actor":0,"target":0,"pai":"7s","hora_tehais":["5m","5mr","5s","6s","7s"]}"#,
    ]);
    let Event::Hora { claim, .. } = &events[1] else {
        panic!("{:?}", events[1]);
    };
    assert_eq!(claim.hand.as_ref().unwrap().len(), 5);
}

#[test]
fn chankan_winning_tile_and_missing_tile() {
    let events = play(&[
        r#"{"type":"tsumo","actor":3,"pai":"C"}"#,
        r#"{"type":"kakan","actor":3,"pai":"C","consumed":["C","C","C"]}"#,
        r#"{"type":"hora","actor":1,"target":3}"#,
    ]);
    assert!(matches!(events[2], Event::Hora { pai, .. } if pai == t("C")));
    let err = parse(&game(&[r#"{"type":"hora","actor":1,"target":3}"#])).unwrap_err();
    assert!(matches!(err.kind, ImportErrorKind::Missing { .. }), "{err}");
    assert_eq!(err.location.line, Some(3));
}

#[test]
fn ryukyoku_reasons_and_hands() {
    let cases = [
        (r#"{"type":"ryukyoku"}"#, DrawKind::Exhaustive, false),
        (
            r#"{"type":"ryukyoku","reason":"fanpai"}"#,
            DrawKind::Exhaustive,
            false,
        ),
        (
            r#"{"type":"ryukyoku","reason":"nagashimangan"}"#,
            DrawKind::Exhaustive,
            true,
        ),
        (
            r#"{"type":"ryukyoku","reason":"kyushukyuhai"}"#,
            DrawKind::NineTerminals,
            false,
        ),
        (
            r#"{"type":"ryukyoku","reason":"suchareach"}"#,
            DrawKind::FourRiichi,
            false,
        ),
        (
            r#"{"type":"ryukyoku","reason":"sanchaho"}"#,
            DrawKind::TripleRon,
            false,
        ),
        (
            r#"{"type":"ryukyoku","reason":"sukaikan"}"#,
            DrawKind::FourKongs,
            false,
        ),
        (
            r#"{"type":"ryukyoku","reason":"sufonrenta"}"#,
            DrawKind::FourWinds,
            false,
        ),
    ];
    for (line, want, nagashi) in cases {
        let events = play(&[line]);
        let Event::Ryukyoku { kind, claim } = &events[0] else {
            panic!("{events:?}");
        };
        assert_eq!((*kind, claim.nagashi_mangan), (want, nagashi), "{line}");
    }
    let log = parse(&game(&[
        r#"{"type":"ryukyoku","reason":"fanpai","tehais":[["?","?"],["1m","2m","3m","4m"],[],["5s","?"]],"tenpais":[false,true,false,false],"deltas":[-1000,3000,-1000,-1000],"scores":[24000,28000,24000,24000]}"#,
    ]))
    .unwrap();
    let Event::Ryukyoku { claim, .. } = &log.events[1].event else {
        panic!("{:?}", log.events[1]);
    };
    let shown = claim.shown_hands.as_ref().unwrap();
    assert_eq!(shown[0], None);
    assert_eq!(shown[1].as_ref().unwrap().len(), 4);
    assert_eq!(shown[2], Some(vec![]));
    assert_eq!(shown[3], None, "partly hidden");
    assert!(
        log.meta
            .notes
            .iter()
            .any(|n| n.contains("some tiles hidden"))
    );
    assert_eq!(
        claim.tenpai.as_deref(),
        Some(&[false, true, false, false][..])
    );
    assert_eq!(claim.scores_before.as_deref(), Some(&[25000; 4][..]));
    assert!(error(&game(&[r#"{"type":"ryukyoku","reason":"sudden"}"#])).contains("found `sudden`"));
}

#[test]
fn scores_without_deltas_are_noted() {
    let log = parse(&game(&[
        r#"{"type":"ryukyoku","scores":[25000,25000,25000,25000]}"#,
    ]))
    .unwrap();
    let Event::Ryukyoku { claim, .. } = &log.events[1].event else {
        panic!();
    };
    assert_eq!(claim.scores_before, None);
    assert!(
        log.meta
            .notes
            .iter()
            .any(|n| n.contains("without `deltas`"))
    );
}

#[test]
fn missing_end_kyoku_is_added_and_noted() {
    let text = [
        START_GAME,
        START_KYOKU,
        r#"{"type":"ryukyoku"}"#,
        &START_KYOKU.replace(
            r#""kyoku":1,"honba":0,"kyotaku":0,"oya":0"#,
            r#""kyoku":2,"honba":0,"kyotaku":0,"oya":1"#,
        ),
        r#"{"type":"ryukyoku"}"#,
        r#"{"type":"end_game","scores":[1,2,3,4]}"#,
    ]
    .join("\n");
    let log = parse(&text).unwrap();
    let types: Vec<&str> = log.plain_events().map(Event::type_name).collect();
    assert_eq!(
        types,
        [
            "start_kyoku",
            "ryukyoku",
            "end_kyoku",
            "start_kyoku",
            "ryukyoku",
            "end_kyoku"
        ]
    );
    // Each added end_kyoku carries the place of what implied it.
    assert_eq!(log.events[2].src.line, Some(4));
    assert_eq!(log.events[5].src.line, Some(6));
    assert_eq!(log.meta.notes.len(), 2, "{:?}", log.meta.notes);
    assert!(!log.meta.incomplete);
    assert_eq!(log.meta.end.unwrap().scores.unwrap(), [1, 2, 3, 4]);
}
