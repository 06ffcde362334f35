//! Hand-written games for the document forms, the order of play, the
//! dora timing, the claims and the error locations.

use super::parse;
use crate::event::{DrawKind, Event, GameLength, GameLog, Limit, Platform};
use crate::import::ImportErrorKind;
use crate::tile::t;
use crate::yaku::Yaku;

const HAND: &str = "[11,12,13,14,15,16,17,18,19,21,22,23,24]";

/// A kyoku array: head, dora, ura, per seat (takes, discards), result.
fn kyoku(head: &str, dora: &str, ura: &str, seats: [(&str, &str); 4], result: &str) -> String {
    let mut parts = vec![
        head.to_owned(),
        "[25000,25000,25000,25000]".to_owned(),
        dora.to_owned(),
        ura.to_owned(),
    ];
    for (takes, discards) in seats {
        parts.push(HAND.to_owned());
        parts.push(takes.to_owned());
        parts.push(discards.to_owned());
    }
    if !result.is_empty() {
        parts.push(result.to_owned());
    }
    format!("[{}]", parts.join(","))
}

fn game(kyoku: &[String]) -> String {
    format!(
        r#"{{"name":["A","B","C","D"],"rule":{{"disp":"鳳南喰赤","aka":1}},"log":[{}]}}"#,
        kyoku.join(",")
    )
}

fn types(log: &GameLog) -> Vec<String> {
    log.plain_events()
        .map(|e| match e {
            Event::Tsumo {
                actor,
                pai: Some(p),
                rinshan,
            } => format!("{}{}{p}", if *rinshan { "R" } else { "T" }, actor),
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
                riichi,
            } => format!(
                "{}{actor}{pai}{}",
                if *riichi { "r" } else { "D" },
                if *tsumogiri { "*" } else { "" }
            ),
            Event::Dora { marker } => format!("dora{marker}"),
            Event::RiichiAccepted { actor, .. } => format!("acc{actor}"),
            Event::Hora {
                actor, target, pai, ..
            } => format!("hora{actor}{target}{pai}"),
            other => format!(
                "{}{}",
                other.type_name(),
                other.actor().map_or(String::new(), |a| a.to_string())
            ),
        })
        .collect()
}

/// A game of one kyoku, East 1 with no counters, sticks or ura
/// indicators, read.
fn east_one(dora: &str, seats: [(&str, &str); 4], result: &str) -> GameLog {
    parse(&game(&[kyoku("[0,0,0]", dora, "[]", seats, result)])).unwrap()
}

/// Whether reading the game left a note saying `part`.
fn noted(log: &GameLog, part: &str) -> bool {
    log.meta.notes.iter().any(|n| n.contains(part))
}

/// Seat 1 declares riichi and wins on seat 0's riichi discard.
fn ron_game() -> String {
    game(&[kyoku(
        "[0,1,2]",
        "[21]",
        "[32]",
        [
            ("[31,35]", "[60,\"r35\"]"),
            ("[32]", "[\"r32\"]"),
            ("[33]", "[60]"),
            ("[34]", "[60]"),
        ],
        r#"["和了",[-3900,6900,0,0],[1,0,1,"40符2飜3900点","立直(1飜)","裏ドラ(1飜)","ドラ(0飜)"]]"#,
    )])
}

#[test]
fn a_ron_with_its_claims() {
    let log = parse(&ron_game()).unwrap();
    assert_eq!(
        types(&log),
        [
            "start_kyoku",
            "T01s",
            "D01s*",
            "T12s",
            "r12s",
            "acc1",
            "T23s",
            "D23s*",
            "T34s",
            "D34s*",
            "T05s",
            "r05s",
            "hora105s",
            "end_kyoku"
        ]
    );
    let Some(Event::StartKyoku(start)) = log.plain_events().next() else {
        panic!("no start");
    };
    assert_eq!((start.honba, start.riichi_sticks, start.kyoku), (1, 2, 1));
    assert_eq!(start.dora_marker, t("1p"));
    let Some(Event::Hora { claim, .. }) = log.plain_events().find(|e| e.is_win()) else {
        panic!("no hora");
    };
    assert_eq!(
        (claim.han, claim.fu, claim.points),
        (Some(2), Some(40), Some(3900))
    );
    assert_eq!(claim.limit, Some(Limit::None));
    assert_eq!(claim.yaku.len(), 2, "0-han entries are left out");
    assert_eq!(claim.yaku[0].yaku, Yaku::Riichi);
    assert_eq!(claim.dora_markers, Some(vec![t("1p")]));
    assert_eq!(claim.ura_markers, Some(vec![t("2s")]));
    assert_eq!(claim.deltas, Some(vec![-3900, 6900, 0, 0]));
    assert_eq!(claim.pao, None);
    assert_eq!(log.meta.rules.red_fives, Some(3));
    assert_eq!(log.meta.rules.length, Some(GameLength::Hanchan));
    assert!(!log.meta.incomplete);
}

#[test]
fn events_point_at_their_entries() {
    let text = ron_game();
    let log = parse(&text).unwrap();
    let riichi = log
        .events
        .iter()
        .find(|e| matches!(e.event, Event::Dahai { riichi: true, .. }))
        .unwrap();
    assert_eq!(riichi.src.path.as_deref(), Some("log[0][9][0]"));
    let byte = usize::try_from(riichi.src.byte.unwrap()).unwrap();
    assert!(text[byte..].starts_with("\"r32\""));
    assert_eq!(riichi.src.line, Some(1));
}

#[test]
fn comments_keep_offsets() {
    let plain = ron_game();
    let commented = format!(
        "// fetched by hand\n{}",
        plain.replacen("\"log\":", "\"log\": // the kyoku\n", 1)
    );
    let log = parse(&commented).unwrap();
    assert_eq!(types(&log), types(&parse(&plain).unwrap()));
    for e in &log.events {
        let byte = usize::try_from(e.src.byte.unwrap()).unwrap();
        assert!(!commented[byte..].starts_with("//"), "{:?}", e.src);
    }
    let tsumo = &log.events[1];
    assert_eq!(tsumo.src.line, Some(3));
    assert!(commented[usize::try_from(tsumo.src.byte.unwrap()).unwrap()..].starts_with("31"));
}

#[test]
fn one_object_per_line() {
    let first = kyoku(
        "[0,0,0]",
        "[21]",
        "[]",
        [
            ("[31]", "[60]"),
            ("[32]", "[60]"),
            ("[33]", "[60]"),
            ("[34]", "[60]"),
        ],
        r#"["流局",[1500,1500,-1500,-1500]]"#,
    );
    let second = kyoku(
        "[1,1,0]",
        "[21]",
        "[]",
        [("[]", "[]"), ("[41]", "[]"), ("[]", "[]"), ("[]", "[]")],
        r#"["九種九牌"]"#,
    );
    let text = format!(
        "{}\n{}\n",
        game(&[first]),
        game(&[second]).replace("\"A\"", "\"X\"")
    );
    let log = parse(&text).unwrap();
    assert_eq!(log.kyoku_count(), 2);
    assert_eq!(
        log.meta.players[0].name, "A",
        "metadata comes from the first line"
    );
    let start2 = log
        .events
        .iter()
        .filter(|e| e.event.is_start_kyoku())
        .nth(1)
        .unwrap();
    assert_eq!(start2.src.path.as_deref(), Some("log[0]"));
    assert_eq!(start2.src.line, Some(2));
    let draws: Vec<_> = log
        .plain_events()
        .filter_map(|e| match e {
            Event::Ryukyoku { kind, claim } => Some((*kind, claim.tenpai.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        draws,
        [
            (DrawKind::Exhaustive, Some(vec![true, true, false, false])),
            (DrawKind::NineTerminals, None)
        ]
    );
}

#[test]
fn a_cut_off_kyoku_makes_the_game_incomplete() {
    let seats = [("[31]", "[60]"), ("[32]", "[]"), ("[]", "[]"), ("[]", "[]")];
    for result in ["", "[]"] {
        let log = east_one("[21]", seats, result);
        assert!(log.meta.incomplete);
        assert_eq!(types(&log), ["start_kyoku", "T01s", "D01s*", "T12s"]);
    }
}

#[test]
fn the_pon_belongs_to_the_second_identical_discard() {
    // Seat 0 discards 5m twice; seat 2 pons one. Between the two, seat 3
    // pons seat 1's 6m, so seat 2 never draws: only the second 5m fits.
    let log = east_one(
        "[21]",
        [
            ("[11,12]", "[15,15]"),
            ("[21]", "[16]"),
            ("[\"15p1515\"]", "[31]"),
            ("[\"16p1616\",42]", "[41,60]"),
        ],
        r#"["流局",[0,0,0,0]]"#,
    );
    assert_eq!(
        types(&log),
        [
            "start_kyoku",
            "T01m",
            "D05m",
            "T11p",
            "D16m",
            "pon3",
            "D3E",
            "T02m",
            "D05m",
            "pon2",
            "D21s",
            "T3S",
            "D3S*",
            "ryukyoku",
            "end_kyoku"
        ]
    );
    assert!(noted(&log, "tenpai is left unknown"));
}

#[test]
fn kongs_and_their_indicators() {
    // Seat 1 has no pon of 5m: the tile after `k` is the added tile.
    let log = east_one(
        "[21,22,23,24,25]",
        [
            ("[41,42,11,44]", "[\"414141a41\",47,\"111111a11\",60]"),
            ("[\"m47474747\",36,51,16]", "[0,\"r36\",\"k51151515\",60]"),
            ("[32]", "[60]"),
            ("[33]", "[60]"),
        ],
        r#"["流局",[0,0,0,0]]"#,
    );
    assert_eq!(
        types(&log),
        [
            "start_kyoku",
            "T0E",
            "ankan0",
            "dora2p",
            "R0S",
            "D0C",
            "daiminkan1",
            "R16s",
            "dora3p",
            "r16s",
            "acc1",
            "T22s",
            "D22s*",
            "T33s",
            "D33s*",
            "T01m",
            "ankan0",
            "dora4p",
            "R0N",
            "D0N*",
            "T15mr",
            "kakan1",
            "R16m",
            "dora5p",
            "D16m*",
            "ryukyoku",
            "end_kyoku"
        ]
    );
    assert!(noted(&log, "without a matching earlier pon"));
}

#[test]
fn kakan_adds_a_red_five_and_is_robbed() {
    // Seat 3 pons seat 0's 5m (written from its shimocha), later adds the
    // red 5m; seat 1 robs it.
    let log = east_one(
        "[21]",
        [
            ("[11,12]", "[15,60]"),
            ("[31]", "[60]"),
            ("[32]", "[60]"),
            ("[\"1515p15\",51]", "[33,\"1515k5115\"]"),
        ],
        r#"["和了",[0,1000,0,-1000],[1,3,1,"30符1飜1000点","槍槓(1飜)"]]"#,
    );
    let kakan = log.plain_events().find_map(|e| match e {
        Event::Kakan { pai, consumed, .. } => Some((*pai, *consumed)),
        _ => None,
    });
    assert_eq!(kakan, Some((t("5mr"), [t("5m"); 3])));
    let ty = types(&log);
    assert_eq!(
        &ty[ty.len() - 4..],
        ["T35mr", "kakan3", "hora135mr", "end_kyoku"]
    );
    assert!(log.meta.notes.is_empty(), "{:?}", log.meta.notes);
}

#[test]
fn rinshan_win_drops_the_placeholder() {
    let log = east_one(
        "[21,22]",
        [
            ("[31]", "[36]"),
            ("[\"m36363636\",37]", "[]"),
            ("[]", "[]"),
            ("[]", "[]"),
        ],
        r#"["和了",[-2000,4000,-1000,-1000],[1,1,1,"30符2飜1000-2000点","嶺上開花(1飜)","ドラ(1飜)"]]"#,
    );
    assert_eq!(
        types(&log),
        [
            "start_kyoku",
            "T01s",
            "D06s",
            "daiminkan1",
            "R17s",
            "dora2p",
            "hora117s",
            "end_kyoku"
        ]
    );
    assert!(noted(&log, "more than the kongs reveal"));
    let Some(Event::Hora { claim, .. }) = log.plain_events().find(|e| e.is_win()) else {
        panic!("no hora");
    };
    assert_eq!(claim.points, Some(4000));
}

#[test]
fn dealer_tsumo_and_draw_names() {
    let tsumo = kyoku(
        "[5,0,0]",
        "[21]",
        "[]",
        [("[]", "[]"), ("[31]", "[]"), ("[]", "[]"), ("[]", "[]")],
        r#"["和了",[-2600,7800,-2600,-2600],[1,1,1,"跳満6000点∀","門前清自摸和(1飜)","大三元(役満)"]]"#,
    );
    let nagashi = kyoku(
        "[6,0,0]",
        "[21]",
        "[]",
        [
            ("[]", "[]"),
            ("[]", "[]"),
            ("[31]", "[60]"),
            ("[32]", "[60]"),
        ],
        r#"["流し満貫",[-2000,-2000,8000,-4000]]"#,
    );
    let log = parse(&game(&[tsumo, nagashi])).unwrap();
    let mut horas = log.plain_events().filter_map(|e| match e {
        Event::Hora { claim, .. } => Some(claim),
        _ => None,
    });
    let claim = horas.next().unwrap();
    assert_eq!(
        (claim.points, claim.limit, claim.han),
        (Some(18000), Some(Limit::Haneman), Some(14))
    );
    let Some(Event::StartKyoku(s)) = log.plain_events().find(|e| e.is_start_kyoku()) else {
        panic!()
    };
    assert_eq!(
        (s.round_wind.letter(), s.kyoku, s.dealer.get()),
        ('S', 2, 1)
    );
    let draw = log.plain_events().find_map(|e| match e {
        Event::Ryukyoku { kind, claim } => {
            Some((*kind, claim.nagashi_mangan, claim.tenpai.clone()))
        }
        _ => None,
    });
    assert_eq!(draw, Some((DrawKind::Exhaustive, true, None)));
}

#[test]
fn three_players_with_nukidora() {
    let mut k = kyoku(
        "[0,0,0]",
        "[21]",
        "[]",
        [
            ("[44,31]", "[\"f44\",60]"),
            ("[32]", "[60]"),
            ("[33]", "[60]"),
            ("[]", "[]"),
        ],
        r#"["流局",[0,0,0,0]]"#,
    );
    // The fourth seat has no hand.
    k = k.replacen(&format!(",{HAND},[],[]"), ",[],[],[]", 1);
    let text = format!(
        r#"{{"name":["A","B","C",""],"rule":{{"disp":"三鳳南喰赤","aka53":1,"aka52":1}},"sc":[40000,50,30000,0,35000,-50,0,0],"log":[{k}]}}"#
    );
    let log = parse(&text).unwrap();
    assert_eq!(log.meta.seats, 3);
    assert_eq!(log.meta.players.len(), 3);
    assert_eq!(log.meta.rules.red_fives, Some(2));
    assert_eq!(
        log.meta.end.as_ref().and_then(|e| e.scores.clone()),
        Some(vec![40000, 30000, 35000])
    );
    assert_eq!(
        types(&log),
        [
            "start_kyoku",
            "T0N",
            "nukidora0",
            "R01s",
            "D01s*",
            "T12s",
            "D12s*",
            "T23s",
            "D23s*",
            "ryukyoku",
            "end_kyoku"
        ]
    );
    // Rules that say three players while the fourth seat plays: an error
    // at that seat's array.
    let bad = text.replacen("[],[],[]", &format!("{HAND},[],[]"), 1);
    let err = parse(&bad).unwrap_err();
    assert_eq!(err.location.path.as_deref(), Some("log[0][13]"));
}

#[test]
fn metadata() {
    let text = ron_game().replacen(
        "\"log\"",
        r#""ref":"2020052700gm-00a9-0000-75a4695c","dan":["七段","八段","","九段"],"rate":[2000.5,2100,1900,1800],"sx":["M","F","M","C"],"sc":[21100,-19,55000,65,-4900,-55,28800,9],"title":["",""],"connection":[{"what":0,"log":0,"who":2,"step":3},{"what":1,"log":0,"who":2,"step":4}],"log""#,
        1,
    );
    let log = parse(&text).unwrap();
    let m = &log.meta;
    assert_eq!(m.platform, Some(Platform::Tenhou));
    assert_eq!(m.log_id.as_deref(), Some("2020052700gm-00a9-0000-75a4695c"));
    assert_eq!(m.rules.tenhou_type, Some(0xa9));
    assert_eq!(m.players[1].rank.as_deref(), Some("八段"));
    assert_eq!(m.players[2].rank, None);
    assert_eq!(m.players[0].rating, Some(2000.5));
    assert_eq!(m.players[1].sex.as_deref(), Some("F"));
    let end = m.end.as_ref().unwrap();
    assert_eq!(end.scores, Some(vec![21100, 55000, -4900, 28800]));
    assert_eq!(end.points, Some(vec![-19.0, 65.0, -55.0, 9.0]));
    let ty = types(&log);
    // Step 3 is seat 1's draw; step 4 seat 1's riichi discard, whose
    // acceptance stays with it.
    assert_eq!(
        &ty[3..9],
        ["T12s", "disconnect2", "r12s", "acc1", "reconnect2", "T23s"]
    );

    let soul = ron_game().replace("\"name\"", "\"dan\":[\"雀豪★2\",\"\",\"\",\"\"],\"name\"");
    assert_eq!(
        parse(&soul).unwrap().meta.platform,
        Some(Platform::MahjongSoul)
    );
}

#[test]
fn errors_say_where_and_what() {
    let bad_entry = ron_game().replace("[\"r32\"]", "[\"x32\"]");
    let err = parse(&bad_entry).unwrap_err();
    assert_eq!(err.location.path.as_deref(), Some("log[0][9][0]"));
    let byte = usize::try_from(err.location.byte.unwrap()).unwrap();
    assert!(bad_entry[byte..].starts_with("\"x32\""));
    let msg = err.to_string();
    assert!(
        msg.contains("expected a tile code, 60") && msg.contains("`\"x32\"`"),
        "{msg}"
    );

    let bad_take = ron_game().replace(",[33],[60]", ",[\"c111213\"],[13]");
    let err = parse(&bad_take).unwrap_err();
    assert!(matches!(err.kind, ImportErrorKind::Order { .. }), "{err}");
    assert_eq!(err.location.path.as_deref(), Some("log[0][11][0]"));

    let short = game(&["[[0,0,0],[25000,25000,25000,25000]]".to_owned()]);
    let err = parse(&short).unwrap_err();
    assert!(err.to_string().contains("17 elements"), "{err}");
    assert_eq!(err.location.path.as_deref(), Some("log[0]"));

    let tsumogiri_after_call = ron_game().replace("[33]", "[\"c323133\"]");
    let err = parse(&tsumogiri_after_call).unwrap_err();
    assert!(
        err.to_string().contains("60 discards a drawn tile"),
        "{err}"
    );

    assert!(matches!(
        parse("{\"log\":[]}").unwrap_err().kind,
        ImportErrorKind::Empty
    ));
    assert!(matches!(
        parse("  ").unwrap_err().kind,
        ImportErrorKind::Empty
    ));
    let err = parse("{\"log\":[[1,2,").unwrap_err();
    assert!(err.is_truncation(), "{err}");
    let err = parse("{\"log\":[[1,2,#").unwrap_err();
    assert!(matches!(err.kind, ImportErrorKind::Syntax { .. }), "{err}");
    assert!(parse("[1,2]").is_err());
}

/// The game of `testdata/tenhou6/ranked_game.json` (three kyoku; the names
/// and rules come after `log`, as Tenhou's converter writes them).
fn ranked_game() -> String {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou6/ranked_game.json");
    std::fs::read_to_string(path).unwrap()
}

/// Where kyoku array `k` of `log` ends (just past its `]`).
fn kyoku_end(text: &str, k: usize) -> usize {
    let value: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text).unwrap();
    let log = serde_json::to_string(&value["log"][k]).unwrap();
    text.find(&log).unwrap() + log.len()
}

#[test]
fn a_cut_document_keeps_its_complete_kyoku_arrays() {
    let text = ranked_game();
    let full = parse(&text).unwrap();
    assert_eq!(full.kyoku_count(), 3);
    let starts: Vec<usize> = full
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.event.is_start_kyoku())
        .map(|(i, _)| i)
        .collect();
    for (k, kept) in [(0, 1), (1, 2)] {
        let end = kyoku_end(&text, k);
        for cut in [end, end + 1, end + 50] {
            let log = parse(&text[..cut]).unwrap();
            assert_eq!(log.kyoku_count(), kept, "cut at {cut}");
            assert!(log.meta.incomplete);
            let damage = log.meta.damage.as_ref().unwrap();
            assert!(damage.message.starts_with("the input ends"), "{damage}");
            assert_eq!(damage.location.byte, Some(cut as u64));
            let want = starts.get(kept).copied().unwrap_or(full.events.len());
            assert_eq!(log.events[..], full.events[..want]);
            // The names come after `log`: a cut document has none.
            assert!(log.meta.players.iter().all(|p| p.name.is_empty()));
        }
        // One byte short, the array is not complete.
        assert_eq!(
            parse(&text[..end - 1])
                .map(|l| l.kyoku_count())
                .unwrap_or(0),
            kept - 1
        );
    }
    // Cut after `log` is closed: every kyoku and the keys complete before
    // the cut.
    let names = text.find("\"name\"").unwrap();
    let log = parse(&text[..names]).unwrap();
    assert_eq!(log.events, full.events);
    assert_eq!(log.meta.rules, full.meta.rules);
    assert!(log.meta.damage.is_some());
    // Cut before the first kyoku is complete: the error.
    let err = parse(&text[..kyoku_end(&text, 0) - 1]).unwrap_err();
    assert!(err.is_truncation(), "{err}");
}

#[test]
fn damage_in_a_kyoku_keeps_the_kyoku_before_it() {
    let text = ranked_game();
    let full = parse(&text).unwrap();
    // Garbage between two kyoku arrays: a syntax error there.
    let end = kyoku_end(&text, 1);
    let garbage = format!("{}#{}", &text[..end], &text[end..]);
    let log = parse(&garbage).unwrap();
    assert_eq!(log.kyoku_count(), 2);
    let damage = log.meta.damage.unwrap();
    assert_eq!(damage.location.byte, Some(end as u64));
    assert!(damage.message.starts_with("syntax error"), "{damage}");
    // A tile code that is no tile in the second kyoku: the first is kept,
    // the error named where it is.
    let start = kyoku_end(&text, 0);
    let second = &text[start..kyoku_end(&text, 1)];
    let broken = second.replacen("[12,16,18,19,", "[12,99,18,19,", 1);
    assert_ne!(broken, second);
    let broken = text.replacen(second, &broken, 1);
    let log = parse(&broken).unwrap();
    assert_eq!(log.kyoku_count(), 1);
    let damage = log.meta.damage.unwrap();
    assert!(
        damage
            .location
            .path
            .as_deref()
            .unwrap_or("")
            .starts_with("log[1]"),
        "{damage}"
    );
    // The metadata after `log` is read: the document is whole.
    assert_eq!(log.meta.players, full.meta.players);
}

#[test]
fn one_object_per_line_keeps_its_complete_lines() {
    let text = ranked_game();
    let value: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).unwrap();
    let lines: Vec<String> = (0..3)
        .map(|k| {
            let mut one = value.clone();
            one["log"] = serde_json::Value::Array(vec![value["log"][k].clone()]);
            serde_json::to_string(&one).unwrap()
        })
        .collect();
    let doc = lines.join("\n");
    let cut = lines[0].len() + 1 + lines[1].len() / 2;
    let log = parse(&doc[..cut]).unwrap();
    assert_eq!(log.kyoku_count(), 1);
    assert_eq!(log.meta.players, parse(&doc).unwrap().meta.players);
    let third = lines[0].len() + 1 + lines[1].len() + 1;
    let cut = third + lines[2].find("\"log\"").unwrap() + 20;
    assert_eq!(parse(&doc[..cut]).unwrap().kyoku_count(), 2);
    let cut = third + lines[2].len() - 3;
    assert_eq!(parse(&doc[..cut]).unwrap().kyoku_count(), 3);
}

#[test]
fn a_salvage_that_may_have_lost_kyoku_drops_the_final_result() {
    let text = ranked_game();
    // Final scores before `log`, as some converters write them.
    let sc = r#""sc":[21100,-19,55000,65,-4900,-55,28800,9],"#;
    let text = format!("{{{sc}{}", &text[1..]);
    let full = parse(&text).unwrap();
    assert!(full.meta.end.is_some());
    // Cut after the first kyoku: the claim is about kyoku that are gone.
    let log = parse(&text[..kyoku_end(&text, 0) + 1]).unwrap();
    assert_eq!(log.kyoku_count(), 1);
    assert_eq!(log.meta.end, None);
    assert!(
        log.meta
            .notes
            .iter()
            .any(|n| n.contains("`sc`") && n.contains("lost")),
        "{:?}",
        log.meta.notes
    );
    // Cut after `log` is closed: every kyoku is there, and so is the claim.
    let after = text.find("\"ratingc\"").unwrap();
    let log = parse(&text[..after]).unwrap();
    assert!(log.meta.damage.is_some());
    assert_eq!(log.kyoku_count(), 3);
    assert_eq!(log.meta.end, full.meta.end);
}
