//! Round trips of the mjai exporter: `parse(write(log))` equals
//! `carried(log)`, source locations aside.

use crate::event::{Entry, Event, GameLog, Source};
use crate::import::mjai::parse;
use crate::tile::t;

use super::{carried, write};

fn without_src(mut log: GameLog) -> GameLog {
    for e in &mut log.events {
        e.src = Source::default();
    }
    log
}

/// Asserts the round trip and returns what came back.
fn round_trip(log: &GameLog) -> GameLog {
    let text = write(log).unwrap_or_else(|e| panic!("{e}"));
    let back = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let back = without_src(back);
    let expected = carried(log);
    assert_eq!(back.meta, expected.meta, "{text}");
    for (i, (a, b)) in back.events.iter().zip(&expected.events).enumerate() {
        assert_eq!(a, b, "event {i}\n{text}");
    }
    assert_eq!(back.events.len(), expected.events.len(), "{text}");
    // Nothing more is lost the second time round.
    assert_eq!(carried(&expected), expected);
    assert_eq!(without_src(parse(&write(&back).unwrap()).unwrap()), back);
    back
}

/// A game in our own JSON lines form: metadata, then events.
fn log_from(meta: &str, events: &[&str]) -> GameLog {
    let meta = serde_json::from_str(meta).unwrap();
    let events = events
        .iter()
        .map(|e| serde_json::from_str::<Entry>(e).unwrap_or_else(|err| panic!("{err}: {e}")))
        .collect();
    GameLog { meta, events }
}

const RICH_META: &str = r#"{"format":"tenhou-xml","platform":"tenhou","log_id":"2020-test","seats":4,
  "players":[{"name":"A","rank":"七段","rating":2000.5,"sex":"M"},{"name":"B"},{"name":"C"},{"name":"D"}],
  "rules":{"red_fives":3,"open_tanyao":true,"length":"hanchan","fast":false,"lobby":"L","display":"鳳南喰赤","tenhou_type":169},
  "end":{"scores":[30000,20000,25000,25000],"points":[40.0,-20.0,-5.0,-15.0]},
  "notes":["an importer note"]}"#;

fn hand(tiles: &str) -> String {
    let v: Vec<String> = tiles
        .split(' ')
        .map(|t| {
            if t == "?" {
                "null".into()
            } else {
                format!("\"{t}\"")
            }
        })
        .collect();
    format!("[{}]", v.join(","))
}

fn start(kyoku: u8, dealer: u8, scores: &str) -> String {
    let h = [
        hand("9m 1m 2m 3m 4m 5m 6m 7m 8m 1p 2p 3p 4p"),
        hand("1s 2s 3s 4s 5s 6s 7s 8s 9s E E S S"),
        hand("5p 6p 7p 8p 9p W W N N P P F F"),
        hand("C C ? ? ? ? ? ? ? ? ? ? 5mr"),
    ];
    format!(
        r#"{{"type":"start_kyoku","round_wind":"E","kyoku":{kyoku},"honba":1,"riichi_sticks":2,"dealer":{dealer},{scores}"dora_marker":"1s","hands":[{}]}}"#,
        h.join(",")
    )
}

/// Every event kind, every claim field, and the structures mjai drops or
/// the importer completes.
fn every_kind() -> GameLog {
    let k1 = start(1, 0, r#""scores":[25000,25000,25000,25000],"#);
    let k2 = start(2, 1, "");
    let k3 = start(3, 2, r#""scores":[1,2,3,4],"#);
    let k4 = start(4, 3, "");
    let events = [
        k1.as_str(),
        r#"{"type":"tsumo","actor":0,"pai":"1m"}"#,
        r#"{"type":"dahai","actor":0,"pai":"1m","tsumogiri":true,"riichi":true}"#,
        r#"{"type":"riichi_accepted","actor":0,"claim":{"scores":[24000,25000,25000,25000],"deltas":[-1000,0,0,0]}}"#,
        r#"{"type":"tsumo","actor":1,"pai":null}"#,
        r#"{"type":"dahai","actor":1,"pai":"9p","tsumogiri":false}"#,
        r#"{"type":"riichi_accepted","actor":1,"claim":{}}"#,
        r#"{"type":"chi","actor":2,"target":1,"pai":"9p","consumed":["8p","7p"]}"#,
        r#"{"type":"dahai","actor":2,"pai":"E","tsumogiri":false}"#,
        r#"{"type":"pon","actor":3,"target":2,"pai":"E","consumed":["E","E"]}"#,
        r#"{"type":"dahai","actor":3,"pai":"W","tsumogiri":false}"#,
        r#"{"type":"disconnect","seat":1}"#,
        r#"{"type":"reconnect","seat":1}"#,
        r#"{"type":"tsumo","actor":1,"pai":"5m"}"#,
        r#"{"type":"dahai","actor":1,"pai":"5m","tsumogiri":true}"#,
        r#"{"type":"daiminkan","actor":2,"target":1,"pai":"5m","consumed":["5mr","5m","5m"]}"#,
        r#"{"type":"tsumo","actor":2,"pai":"3s","rinshan":true}"#,
        r#"{"type":"dora","marker":"4s"}"#,
        r#"{"type":"dahai","actor":2,"pai":"3s","tsumogiri":true}"#,
        r#"{"type":"tsumo","actor":3,"pai":"E"}"#,
        r#"{"type":"kakan","actor":3,"pai":"E","consumed":["E","E","E"]}"#,
        r#"{"type":"tsumo","actor":3,"pai":"6s","rinshan":true}"#,
        r#"{"type":"dora","marker":"7s"}"#,
        r#"{"type":"dahai","actor":3,"pai":"6s","tsumogiri":true}"#,
        r#"{"type":"tsumo","actor":1,"pai":"7p"}"#,
        r#"{"type":"ankan","actor":1,"consumed":["7p","7p","7p","7p"]}"#,
        r#"{"type":"dora","marker":"1p"}"#,
        r#"{"type":"tsumo","actor":1,"pai":"8s","rinshan":true}"#,
        r#"{"type":"dahai","actor":1,"pai":"8s","tsumogiri":true}"#,
        r#"{"type":"hora","actor":0,"target":1,"pai":"8s","claim":{"han":3,"fu":40,"points":5200,"limit":"none","yaku":[{"yaku":"riichi","han":1},{"yaku":"reach","han":1},{"yaku":"ura_dora","han":0},{"yaku":"somebody's yaku","han":1}],"dora_markers":["1s","4s"],"ura_markers":["2p"],"hand":["8s","1m","2m","3m","4m","5m","6m","7m","8m","9m","8s","7s","6s","C"],"pao":3,"deltas":[8000,-8000,0,0],"scores_before":[24000,25000,25000,25000],"sticks":{"honba":1,"riichi":2},"chips":[1,-1,0,0]}}"#,
        r#"{"type":"hora","actor":2,"target":1,"pai":"8s","claim":{"deltas":[0,-1000,1000,0],"scores_before":[1,2,3]}}"#,
        r#"{"type":"end_kyoku"}"#,
        k2.as_str(),
        r#"{"type":"tsumo","actor":1,"pai":"9s"}"#,
        r#"{"type":"ryukyoku","kind":"nine_terminals","claim":{"nagashi_mangan":true,"shown_hands":[null,["1m","9m"],null,null],"deltas":[0,0,0,0]}}"#,
        k3.as_str(),
        r#"{"type":"tsumo","actor":2,"pai":"1m","rinshan":true}"#,
        r#"{"type":"dahai","actor":2,"pai":"1m","tsumogiri":true}"#,
        r#"{"type":"chi","actor":3,"target":2,"pai":"1m","consumed":["2m","3m"]}"#,
        r#"{"type":"dahai","actor":3,"pai":"C","tsumogiri":false}"#,
        r#"{"type":"ryukyoku","kind":"exhaustive","claim":{"tenpai":[true,false,false,true],"shown_hands":[["1m","1m"],null,[],null],"nagashi_mangan":true,"deltas":[1500,-1500,-1500,1500],"scores_before":[1,2,3,4],"sticks":{"honba":1,"riichi":0}}}"#,
        r#"{"type":"end_kyoku"}"#,
        k4.as_str(),
        r#"{"type":"tsumo","actor":3,"pai":"P"}"#,
        r#"{"type":"dahai","actor":3,"pai":"P","tsumogiri":true}"#,
    ];
    log_from(RICH_META, &events)
}

#[test]
fn every_event_kind_round_trips_to_what_is_carried() {
    let log = every_kind();
    let back = round_trip(&log);
    let meta = &back.meta;
    assert_eq!(meta.format, crate::event::Format::Mjai);
    assert_eq!(meta.log_id, None);
    assert_eq!(meta.players[0].name, "A");
    assert_eq!(meta.players[0].rank, None);
    assert_eq!(meta.rules.red_fives, Some(3));
    assert_eq!(meta.rules.length, Some(crate::event::GameLength::Hanchan));
    assert_eq!(meta.rules.lobby, None);
    // The last kyoku has no outcome.
    assert!(meta.incomplete);
    assert_eq!(meta.end.as_ref().and_then(|e| e.points.as_ref()), None);
    assert_eq!(meta.notes[0], "an importer note");
    for lost in [
        "the log id `2020-test`",
        "the platform",
        "player ranks",
        "player ratings",
        "sex markers",
        "open tanyao",
        "the lobby",
        "the Tenhou game type",
        "final game points",
        "disconnects",
        "replacement-draw flag",
        "limit names",
        "dora indicators claimed",
        "counters and riichi sticks",
        "chip changes",
        "scores before a win or draw without its deltas",
        "0 han",
        "nagashi mangan on an abortive draw",
    ] {
        assert!(
            meta.notes.iter().any(|n| n.contains(lost)),
            "{lost}: {:#?}",
            meta.notes
        );
    }
    assert!(
        meta.notes
            .iter()
            .any(|n| n.starts_with("E2-1 has no `end_kyoku`"))
    );
    let events: Vec<&Event> = back.plain_events().collect();
    assert!(!events.iter().any(|e| matches!(e, Event::Disconnect { .. })));
    // Claims mjai keeps.
    let Some(Event::Hora { claim, .. }) = events.iter().find(|e| e.is_win()) else {
        panic!();
    };
    assert_eq!(
        (claim.han, claim.fu, claim.points),
        (Some(3), Some(40), Some(5200))
    );
    assert_eq!(claim.yaku.len(), 3);
    assert_eq!(claim.yaku[1].yaku, crate::yaku::Yaku::Riichi);
    assert_eq!(claim.hand.as_ref().unwrap().len(), 14);
    assert_eq!(claim.pao.map(u8::from), Some(3));
    assert_eq!(
        claim.scores_before.as_deref(),
        Some(&[24000, 25000, 25000, 25000][..])
    );
    assert_eq!(claim.limit, None);
    // The replacement draw at the start of kyoku 3 is no replacement draw.
    let rinshan = events
        .iter()
        .filter(|e| matches!(e, Event::Tsumo { rinshan: true, .. }))
        .count();
    assert_eq!(rinshan, 3);
}

#[test]
fn three_player_game_with_nukidora() {
    let meta = r#"{"format":"tenhou-xml","seats":3,"players":[],"rules":{"red_fives":2}}"#;
    let sk = r#"{"type":"start_kyoku","round_wind":"S","kyoku":3,"honba":0,"riichi_sticks":0,"dealer":2,"scores":[35000,35000,35000],"dora_marker":"N","hands":[[null],["1p"],["9s"]]}"#;
    let log = log_from(
        meta,
        &[
            sk,
            r#"{"type":"tsumo","actor":2,"pai":"N"}"#,
            r#"{"type":"nukidora","actor":2,"pai":"N"}"#,
            r#"{"type":"tsumo","actor":2,"pai":"9s","rinshan":true}"#,
            r#"{"type":"hora","actor":2,"target":2,"pai":"9s","claim":{"hand":["9s","9s"]}}"#,
            r#"{"type":"end_kyoku"}"#,
        ],
    );
    let text = write(&log).unwrap();
    assert!(
        text.contains(r#"{"type":"nukidora","actor":2,"pai":"N"}"#),
        "{text}"
    );
    assert!(text.contains(r#""names":["","",""]"#), "{text}");
    assert!(text.contains(r#""hora_tehais":["9s"]"#), "{text}");
    let back = round_trip(&log);
    assert_eq!(back.meta.seats, 3);
    assert_eq!(back.meta.rules.red_fives, None);
    assert!(!back.meta.incomplete);
}

#[test]
fn the_written_form() {
    let log = every_kind();
    let text = write(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with(r#"{"type":"start_game","names":["A","B","C","D"],"kyoku_first":0,"aka_flag":true,"paifu_notes":["an importer note","#), "{}", lines[0]);
    assert!(lines[1].starts_with(r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":1,"honba":1,"kyotaku":2,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["9m","1m","#), "{}", lines[1]);
    assert!(lines[1].contains(r#"["C","C","?","?","?","?","?","?","?","?","?","?","5mr"]"#));
    assert_eq!(lines[3], r#"{"type":"reach","actor":0}"#);
    assert_eq!(
        lines[4],
        r#"{"type":"dahai","actor":0,"pai":"1m","tsumogiri":true}"#
    );
    assert_eq!(
        lines[5],
        r#"{"type":"reach_accepted","actor":0,"deltas":[-1000,0,0,0],"scores":[24000,25000,25000,25000]}"#
    );
    assert_eq!(lines[6], r#"{"type":"tsumo","actor":1,"pai":"?"}"#);
    assert!(text.contains(r#"{"type":"dora","dora_marker":"4s"}"#));
    assert!(text.contains(r#"{"type":"hora","actor":0,"target":1,"pai":"8s","deltas":[8000,-8000,0,0],"ura_markers":["2p"],"fu":40,"fan":3,"hora_points":5200,"yakus":[["riichi",1],["riichi",1],["somebody's yaku",1]],"hora_tehais":["1m","2m","3m","4m","5m","6m","7m","8m","9m","8s","7s","6s","C"],"pao":3,"scores":[32000,17000,25000,25000]}"#), "{text}");
    // A hand not shown is as many `?` as the seat holds concealed tiles:
    // seat 3 has 13, minus 2 for its chi and 1 for its discard.
    assert!(text.contains(r#"{"type":"ryukyoku","reason":"kyushukyuhai","tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1m","9m"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]],"deltas":[0,0,0,0]}"#), "{text}");
    assert!(text.contains(r#"{"type":"ryukyoku","reason":"nagashimangan","tenpais":[true,false,false,true],"tehais":[["1m","1m"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],[],["?","?","?","?","?","?","?","?","?","?"]],"deltas":[1500,-1500,-1500,1500],"scores":[1501,-1498,-1497,1504]}"#), "{text}");
    // The last kyoku has no outcome, so the game reads back as incomplete
    // whether or not `end_game` is written; it is, to keep the final claim.
    assert!(
        text.ends_with("{\"type\":\"end_game\",\"scores\":[30000,20000,25000,25000]}\n"),
        "{text}"
    );
}

#[test]
fn a_finished_game_ends_with_its_scores() {
    let meta = r#"{"format":"mjai","seats":4,"players":[],"rules":{},"end":{"scores":[1,2,3,4]}}"#;
    // Stated starting scores: none need filling in, so no note comes back.
    let sk = start(1, 0, r#""scores":[1,2,3,4],"#);
    let log = log_from(
        meta,
        &[
            &sk,
            r#"{"type":"ryukyoku","kind":"four_winds","claim":{}}"#,
            r#"{"type":"end_kyoku"}"#,
        ],
    );
    let text = write(&log).unwrap();
    assert!(
        text.ends_with("{\"type\":\"end_kyoku\"}\n{\"type\":\"end_game\",\"scores\":[1,2,3,4]}\n"),
        "{text}"
    );
    let back = round_trip(&log);
    assert_eq!(back.meta.end.unwrap().scores.unwrap(), [1, 2, 3, 4]);
    assert!(back.meta.notes.is_empty(), "{:?}", back.meta.notes);
}

#[test]
fn an_incomplete_game_loses_its_final_claim() {
    let meta = r#"{"format":"mjai","seats":4,"players":[],"rules":{},"end":{"scores":[1,2,3,4]},"incomplete":true}"#;
    let sk = start(1, 0, "");
    let log = log_from(
        meta,
        &[&sk, r#"{"type":"ryukyoku","kind":"four_kans","claim":{}}"#],
    );
    let back = round_trip(&log);
    assert!(back.meta.incomplete);
    assert_eq!(back.meta.end, None);
    assert!(
        back.meta
            .notes
            .iter()
            .any(|n| n.contains("final scores of a game that did not end"))
    );
}

#[test]
fn what_mjai_cannot_express_is_refused() {
    let meta =
        |seats: u8| format!(r#"{{"format":"mjai","seats":{seats},"players":[],"rules":{{}}}}"#);
    let sk = start(1, 0, "");
    let cases = [
        log_from(&meta(4), &[]),
        log_from(&meta(2), &[&sk]),
        log_from(&meta(3), &[&sk]),
        log_from(&meta(4), &[r#"{"type":"tsumo","actor":0,"pai":"1m"}"#, &sk]),
        log_from(
            &meta(4),
            &[
                &sk,
                r#"{"type":"end_kyoku"}"#,
                r#"{"type":"dora","marker":"1m"}"#,
            ],
        ),
        log_from(&meta(4), &[&start(5, 0, "")]),
        log_from(&meta(4), &[&start(1, 0, r#""scores":[1,2,3],"#)]),
    ];
    for log in &cases {
        let err = write(log).unwrap_err();
        assert!(
            matches!(err, crate::export::ExportError::Unsupported { .. }),
            "{err}"
        );
    }
    let sanma = log_from(
        &meta(3),
        &[
            r#"{"type":"start_kyoku","round_wind":"E","kyoku":1,"honba":0,"riichi_sticks":0,"dealer":0,"dora_marker":"1s","hands":[[],[],[]]}"#,
            r#"{"type":"tsumo","actor":3,"pai":"1m"}"#,
        ],
    );
    assert!(
        write(&sanma)
            .unwrap_err()
            .to_string()
            .contains("seat 3 at a table of 3")
    );
}

#[test]
fn a_riichi_play_went_on_from_is_accepted() {
    // Mortal counts a riichi only from `reach_accepted` on. A log that
    // states no stick payment for a riichi discard that passed gets one,
    // right after the discard; a riichi discard won on gets none.
    let meta = r#"{"format":"tenhou-xml","seats":4,"players":[],"rules":{}}"#;
    let sk = start(1, 0, r#""scores":[25000,25000,25000,25000],"#);
    let log = log_from(
        meta,
        &[
            &sk,
            r#"{"type":"tsumo","actor":0,"pai":"1m"}"#,
            r#"{"type":"dahai","actor":0,"pai":"9m","tsumogiri":false,"riichi":true}"#,
            r#"{"type":"dora","marker":"2s"}"#,
            r#"{"type":"tsumo","actor":1,"pai":"1p"}"#,
            r#"{"type":"dahai","actor":1,"pai":"1p","tsumogiri":true,"riichi":true}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"1p","claim":{"deltas":[1000,-1000,0,0]}}"#,
            r#"{"type":"end_kyoku"}"#,
        ],
    );
    let text = write(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[3], r#"{"type":"reach","actor":0}"#, "{text}");
    assert_eq!(
        lines[4],
        r#"{"type":"dahai","actor":0,"pai":"9m","tsumogiri":false}"#
    );
    assert_eq!(lines[5], r#"{"type":"reach_accepted","actor":0}"#);
    let accepted = |text: &str| text.matches(r#"{"type":"reach_accepted""#).count();
    assert_eq!(accepted(&text), 1, "{text}");
    let back = round_trip(&log);
    assert!(
        back.meta
            .notes
            .iter()
            .any(|n| n.contains("`reach_accepted` is written")),
        "{:?}",
        back.meta.notes
    );
    // A stated acceptance is not written twice.
    let stated = log_from(
        meta,
        &[
            &sk,
            r#"{"type":"tsumo","actor":0,"pai":"1m"}"#,
            r#"{"type":"dahai","actor":0,"pai":"9m","tsumogiri":false,"riichi":true}"#,
            r#"{"type":"riichi_accepted","actor":0}"#,
            r#"{"type":"tsumo","actor":1,"pai":"1p"}"#,
        ],
    );
    let text = write(&stated).unwrap();
    assert_eq!(accepted(&text), 1, "{text}");
    assert!(!text.contains("is written after them"), "{text}");
}

#[test]
fn hora_hand_without_its_winning_tile() {
    // A claimed hand of 13 tiles comes back as the importer reads it: 13
    // tiles are taken to wait on the winning tile, which is added (and noted
    // as a loss).
    let meta = r#"{"format":"mjai","seats":4,"players":[],"rules":{}}"#;
    let sk = start(1, 0, "");
    let log = log_from(
        meta,
        &[
            &sk,
            r#"{"type":"tsumo","actor":0,"pai":"E"}"#,
            r#"{"type":"hora","actor":0,"target":0,"pai":"E","claim":{"hand":["1m","1m","1m","2m","2m","2m","3m","3m","3m","4m","4m","4m","5m"]}}"#,
            r#"{"type":"end_kyoku"}"#,
        ],
    );
    let back = round_trip(&log);
    let Some(Event::Hora { claim, .. }) = back.events.get(2).map(|e| &e.event) else {
        panic!();
    };
    assert_eq!(claim.hand.as_ref().unwrap().len(), 14);
    assert!(claim.hand.as_ref().unwrap().contains(&t("E")));
    assert!(
        back.meta.notes.iter().any(|n| n.contains("3n+1 tiles")),
        "{:?}",
        back.meta.notes
    );
}

#[test]
fn corpus_files_round_trip() {
    use crate::import::mjai::corpus::{
        corpus_dir, files_under, golden_events, is_golden_dump, read,
    };
    let Some(dir) = corpus_dir() else {
        println!("skipped: the shared corpus (../shared/corpus/mjai) is not there");
        return;
    };
    let mut files = 0;
    for path in files_under(&dir) {
        let mut text = read(&path);
        if is_golden_dump(&path) {
            text = golden_events(&text);
        }
        let log = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let back = round_trip(&log);
        assert_eq!(back.events.len(), log.events.len(), "{}", path.display());
        // What an import gives is already in mjai's normal form.
        assert_eq!(
            write(&back).unwrap(),
            write(&log).unwrap(),
            "{}",
            path.display()
        );
        files += 1;
    }
    println!("mjai corpus round trips: {files} files");
}

#[test]
fn truncated_corpus_logs_round_trip() {
    use crate::import::mjai::corpus::{corpus_dir, read};
    let Some(dir) = corpus_dir() else {
        println!("skipped: the shared corpus (../shared/corpus/mjai) is not there");
        return;
    };
    let path = dir.join("riichienv/126_204_0_mjai.jsonl");
    if !path.exists() {
        println!("skipped: {} is not there", path.display());
        return;
    }
    let text = read(&path);
    let lines: Vec<&str> = text.lines().collect();
    // Cut after every 7th line: kyoku without outcome, without end_kyoku,
    // games without end_game.
    for n in (2..lines.len()).step_by(7) {
        let cut = lines[..n].join("\n");
        // A cut between `reach` and its discard is an error, not a game.
        if let Ok(log) = parse(&cut) {
            round_trip(&log);
        }
    }
}
