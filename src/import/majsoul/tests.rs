//! The Mahjong Soul reader on small hand-written records.

use super::parse;
use crate::event::{Event, Format, Platform};

/// The `RecordNewRound` of East 1 with no counters or sticks, 25000 each
/// and 3z as the indicator, dealing each seat its tiles, written in
/// compact notation in the order the record lists them.
fn east_one(tiles: [&str; 4]) -> String {
    let lists: Vec<String> = tiles
        .iter()
        .enumerate()
        .map(|(seat, compact)| {
            let mut codes = Vec::new();
            let mut digits = String::new();
            for c in compact.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                } else {
                    codes.extend(digits.drain(..).map(|d| format!("\"{d}{c}\"")));
                }
            }
            format!("\"tiles{seat}\":[{}]", codes.join(","))
        })
        .collect();
    format!(
        r#"{{"chang":0,"ju":0,"ben":0,"liqibang":0,"scores":[25000,25000,25000,25000],{},"doras":["3z"]}}"#,
        lists.join(",")
    )
}

/// A record of one kyoku: the dealer (seat 0) discards haku, seat 1 wins
/// on it.
fn record(layout_actions: bool) -> String {
    let round: &str = &east_one([
        "123456789m1234p5z",
        "123456789s234p5z",
        "11223344m66778p",
        "99p99s223344667z",
    ]);
    let discard = r#"{"seat":0,"tile":"5z","moqie":true}"#;
    let hule = r#"{"hules":[{"hand":["1s","2s","3s","4s","5s","6s","7s","8s","9s","2p","3p","4p","5z"],
        "hu_tile":"5z","seat":1,"zimo":false,"qinjia":false,"liqi":false,"doras":["3z"],"yiman":false,
        "count":1,"fans":[{"val":1,"id":7}],"fu":40,"title_id":0,"dadian":1300}],
        "old_scores":[25000,25000,25000,25000],"delta_scores":[0,1300,0,-1300],"baopai":0}"#;
    let records = [
        ("RecordNewRound", round),
        ("RecordDiscardTile", discard),
        ("RecordHule", hule),
    ];
    let list = listed(&records, layout_actions);
    let key = if layout_actions { "actions" } else { "records" };
    format!(
        r#"{{"head":{{"uuid":"u-1","config":{{"category":1,"mode":{{"mode":1,"detail_rule":{{"init_point":25000,"dora_count":3,"shiduan":1}}}}}},
        "accounts":[{{"seat":0,"nickname":"A","level":{{"id":10403}}}},{{"seat":1,"nickname":"B"}},{{"seat":2,"nickname":"C"}}],
        "result":{{"players":[{{"seat":1,"part_point_1":26300,"total_point":16300}},{{"seat":0,"part_point_1":25000,"total_point":5000}},{{"seat":2,"part_point_1":25000,"total_point":-5000}},{{"seat":3,"part_point_1":23700,"total_point":-16300}}]}}}},
        "data":{{"name":".lq.GameDetailRecords","data":{{"version":1,"{key}":[{list}]}}}}}}"#
    )
}

/// The server writes `moqie: false` on every dealer's first discard: when
/// that discard is the tile dealt fourteenth (written as the first draw)
/// it is the tile just drawn, and no TSUMOGIRI-MISMATCH follows; another
/// tile is from the hand, as before.
#[test]
fn the_dealers_first_moqie_claims_nothing() {
    let tsumogiri = |text: &str| -> Vec<bool> {
        parse(text)
            .unwrap()
            .events
            .iter()
            .filter_map(|e| match e.event {
                Event::Dahai { tsumogiri, .. } => Some(tsumogiri),
                _ => None,
            })
            .collect()
    };
    let fourteenth = record(false).replace(r#""moqie":true"#, r#""moqie":false"#);
    assert_eq!(tsumogiri(&fourteenth), [true]);
    let log = parse(&fourteenth).unwrap();
    let rules = crate::rules::Rules::for_log(&log.meta).rules;
    let findings = crate::engine::audit(&log, &rules).findings;
    assert!(
        findings
            .iter()
            .all(|f| f.rule != crate::catalogue::RuleId::TsumogiriMismatch),
        "{findings:?}"
    );
    // From the hand: the dealer discards 4p, not the fourteenth 5z.
    let from_hand = fourteenth.replace(
        r#""tile":"5z","moqie":false"#,
        r#""tile":"4p","moqie":false"#,
    );
    assert_eq!(tsumogiri(&from_hand), [false]);
}

/// The records as the `actions` layout (or the `records` one) lists them.
fn listed(records: &[(&str, &str)], layout_actions: bool) -> String {
    let entries: Vec<String> = records
        .iter()
        .map(|(name, data)| {
            if layout_actions {
                format!(r#"{{"type":1,"result":{{"name":".lq.{name}","data":{data}}}}}"#)
            } else {
                format!(r#"{{"name":".lq.{name}","data":{data}}}"#)
            }
        })
        .collect();
    entries.join(",")
}

#[test]
fn both_layouts_give_the_same_events() {
    let a = parse(&record(true)).unwrap();
    let b = parse(&record(false)).unwrap();
    assert_eq!(a.meta.format, Format::MahjongSoul);
    assert_eq!(a.meta.platform, Some(Platform::MahjongSoul));
    assert_eq!(a.meta.log_id.as_deref(), Some("u-1"));
    assert_eq!(a.meta.players[0].rank.as_deref(), Some("雀豪★3"));
    assert_eq!(a.meta.players[3].name, "AI");
    let events = |log: &crate::event::GameLog| -> Vec<Event> {
        log.events.iter().map(|e| e.event.clone()).collect()
    };
    assert_eq!(events(&a), events(&b));
    let types: Vec<&str> = a.events.iter().map(|e| e.event.type_name()).collect();
    assert_eq!(types[..3], ["start_kyoku", "tsumo", "dahai"]);
    assert_eq!(types.last(), Some(&"end_kyoku"));
    let Event::Hora {
        actor,
        target,
        claim,
        ..
    } = &a.events[a.events.len() - 2].event
    else {
        panic!("no win");
    };
    assert_eq!((actor.get(), target.get()), (1, 0));
    assert_eq!(claim.deltas.as_deref(), Some(&[0, 1300, 0, -1300][..]));
    let end = a.meta.end.as_ref().unwrap();
    assert_eq!(
        end.scores.as_deref(),
        Some(&[25000, 26300, 25000, 23700][..])
    );
    // The win's source is its record.
    assert!(
        a.events[a.events.len() - 2]
            .src
            .path
            .as_deref()
            .unwrap()
            .contains("actions[2]")
    );
}

#[test]
fn a_bad_tile_is_located() {
    let text = record(true).replace(r#""hu_tile":"5z""#, r#""hu_tile":"8z""#);
    let err = parse(&text).unwrap_err();
    assert_eq!(err.format, Some(Format::MahjongSoul));
    assert!(
        err.location.path.as_deref().unwrap().contains("actions[2]"),
        "{err}"
    );
    assert!(err.to_string().contains("`8z`"), "{err}");
}

/// A record from pieces: `(record name, data)` in the `actions` layout.
fn game(records: &[(&str, &str)]) -> String {
    format!(
        r#"{{"head":{{"uuid":"k"}},"data":{{"name":".lq.GameDetailRecords","data":{{"actions":[{}]}}}}}}"#,
        listed(records, true)
    )
}

#[test]
fn kongs_take_their_tiles_and_kan_dora_go_where_the_record_shows_them() {
    let round: &str = &east_one([
        "1111234m567p889s1z",
        "55z234p678s234s99p",
        "5z112233p4455s66m",
        "2233446677z778m",
    ]);
    let text = game(&[
        ("RecordNewRound", round),
        ("RecordAnGangAddGang", r#"{"seat":0,"type":3,"tiles":"1m"}"#),
        (
            "RecordDealTile",
            r#"{"seat":0,"tile":"9m","doras":["3z","6p"]}"#,
        ),
        ("RecordDiscardTile", r#"{"seat":0,"tile":"1z"}"#),
        ("RecordDealTile", r#"{"seat":1,"tile":"9m"}"#),
        (
            "RecordDiscardTile",
            r#"{"seat":1,"tile":"9m","moqie":true}"#,
        ),
        ("RecordDealTile", r#"{"seat":2,"tile":"1s"}"#),
        ("RecordDiscardTile", r#"{"seat":2,"tile":"5z"}"#),
        (
            "RecordChiPengGang",
            r#"{"seat":1,"type":1,"tiles":["5z","5z","5z"],"froms":[1,1,2]}"#,
        ),
        ("RecordDiscardTile", r#"{"seat":1,"tile":"9p"}"#),
        ("RecordDealTile", r#"{"seat":2,"tile":"2s"}"#),
        (
            "RecordDiscardTile",
            r#"{"seat":2,"tile":"2s","moqie":true}"#,
        ),
        ("RecordDealTile", r#"{"seat":3,"tile":"3s"}"#),
        (
            "RecordDiscardTile",
            r#"{"seat":3,"tile":"3s","moqie":true}"#,
        ),
        ("RecordDealTile", r#"{"seat":0,"tile":"4s"}"#),
        (
            "RecordDiscardTile",
            r#"{"seat":0,"tile":"4s","moqie":true}"#,
        ),
        ("RecordDealTile", r#"{"seat":1,"tile":"5z"}"#),
        ("RecordAnGangAddGang", r#"{"seat":1,"type":2,"tiles":"5z"}"#),
        ("RecordDealTile", r#"{"seat":1,"tile":"7p"}"#),
        (
            "RecordDiscardTile",
            r#"{"seat":1,"tile":"7p","moqie":true,"doras":["3z","6p","1s"]}"#,
        ),
        (
            "RecordNoTile",
            r#"{"players":[{"tingpai":false},{"tingpai":true,"hand":["2p","3p","4p","6s","7s","8s","2s","3s","4s","9p"]},{"tingpai":false},{"tingpai":false}],
               "scores":[{"old_scores":[25000,25000,25000,25000],"delta_scores":[-1000,3000,-1000,-1000]}]}"#,
        ),
    ]);
    let log = parse(&text).unwrap();
    let types: Vec<&str> = log.events.iter().map(|e| e.event.type_name()).collect();
    let at = |t: &str| types.iter().position(|x| *x == t).unwrap();
    // The concealed kong's indicator before its replacement draw.
    let ankan = at("ankan");
    assert_eq!(types[ankan + 1..ankan + 3], ["dora", "tsumo"]);
    let Event::Ankan { consumed, .. } = &log.events[ankan].event else {
        panic!()
    };
    assert!(
        consumed.iter().all(|t| t.to_compact() == "1m"),
        "{consumed:?}"
    );
    let Event::Tsumo { rinshan, .. } = &log.events[ankan + 2].event else {
        panic!()
    };
    assert!(rinshan);
    // The added kong: the pon's tiles, then a replacement draw, then the
    // indicator shown with the discard, before it.
    let kakan = at("kakan");
    let Event::Kakan { pai, consumed, .. } = &log.events[kakan].event else {
        panic!()
    };
    assert_eq!(pai.to_compact(), "5z");
    assert!(consumed.iter().all(|t| t.to_compact() == "5z"));
    assert_eq!(types[kakan + 1..kakan + 4], ["tsumo", "dora", "dahai"]);
    let Event::Tsumo { rinshan, .. } = &log.events[kakan + 1].event else {
        panic!()
    };
    assert!(rinshan, "the draw after an added kong is a replacement");
    let pon = at("pon");
    let Event::Pon { target, .. } = &log.events[pon].event else {
        panic!()
    };
    assert_eq!(target.get(), 2);
    // The draw: seat 1 tenpai with its hand shown, the noten payments.
    let Event::Ryukyoku { claim, .. } = &log.events[at("ryukyoku")].event else {
        panic!()
    };
    assert_eq!(
        claim.tenpai.as_deref(),
        Some(&[false, true, false, false][..])
    );
    assert_eq!(
        claim.deltas.as_deref(),
        Some(&[-1000, 3000, -1000, -1000][..])
    );
    assert_eq!(types.last(), Some(&"end_kyoku"));
    // No result in the head: the game is incomplete.
    assert!(log.meta.incomplete);
}

/// The protobuf wire form of the records above.
mod wire_form {
    use base64::Engine as _;
    use prost::Message as _;

    use super::{parse, record};
    use crate::event::{Event, GameLog};
    use crate::import::majsoul::encode::{GameAction, GameDetailRecords, ResGameRecord, Wrapper};
    use crate::import::majsoul::{Layout, to_wire, wire};
    use crate::import::{ImportError, ImportErrorKind, ImportOptions, import_bytes};

    fn read(bytes: &[u8]) -> Result<GameLog, ImportError> {
        import_bytes(bytes, &ImportOptions::default())
    }

    fn events(log: &GameLog) -> Vec<Event> {
        log.events.iter().map(|e| e.event.clone()).collect()
    }

    fn wrap(name: &str, data: Vec<u8>) -> Vec<u8> {
        Wrapper {
            name: name.to_owned(),
            data,
        }
        .encode_to_vec()
    }

    /// A record of the given round records (name, data), in `actions`.
    fn details(records: &[(&str, Vec<u8>)]) -> Vec<u8> {
        let gdr = GameDetailRecords {
            records: Vec::new(),
            version: 210_715,
            actions: records
                .iter()
                .map(|(name, data)| GameAction {
                    kind: 1,
                    result: wrap(&format!(".lq.{name}"), data.clone()),
                })
                .collect(),
        };
        wrap(".lq.GameDetailRecords", gdr.encode_to_vec())
    }

    /// The new round of `record` in the wire form.
    fn new_round() -> Vec<u8> {
        let bytes = to_wire(&record(true), Layout::Actions).unwrap();
        let wrapper = Wrapper::decode(&bytes[..]).unwrap();
        let gdr = GameDetailRecords::decode(&wrapper.data[..]).unwrap();
        Wrapper::decode(&gdr.actions[0].result[..]).unwrap().data
    }

    #[test]
    fn every_wire_layout_gives_the_json_game() {
        let json = parse(&record(true)).unwrap();
        for layout in [Layout::Records, Layout::Actions, Layout::Response] {
            let bytes = to_wire(&record(true), layout).unwrap();
            let log = read(&bytes).unwrap();
            assert_eq!(events(&log), events(&json), "{layout:?}");
            if layout == Layout::Response {
                // The head: the same players, rules, result.
                assert_eq!(
                    serde_json::to_value(&log.meta).unwrap(),
                    serde_json::to_value(&json.meta).unwrap()
                );
            }
            // Each event is located by byte and path, with no line.
            let win = &log.events[log.events.len() - 2].src;
            assert_eq!(win.line, None);
            assert!(win.byte.is_some_and(|b| (b as usize) < bytes.len()));
            let path = win.path.as_deref().unwrap();
            match layout {
                Layout::Records => assert_eq!(path, "data.records[2].data"),
                Layout::Actions => assert_eq!(path, "data.actions[2].result.data"),
                Layout::Response => assert_eq!(path, "data.data.actions[2].result.data"),
            }
        }
        // The response as the client's websocket carries it.
        let response = to_wire(&record(true), Layout::Response).unwrap();
        let mut frame = vec![3, 7, 0];
        frame.extend(wrap("", response));
        let log = read(&frame).unwrap();
        assert_eq!(events(&log), events(&json));
        assert_eq!(log.meta.log_id.as_deref(), Some("u-1"));
        // Gzip around the bytes.
        use std::io::Write as _;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&to_wire(&record(true), Layout::Actions).unwrap())
            .unwrap();
        assert_eq!(events(&read(&gz.finish().unwrap()).unwrap()), events(&json));
    }

    #[test]
    fn json_with_base64_bytes_reads_as_the_json_game() {
        let json = parse(&record(true)).unwrap();
        let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
        // `records` of base64 wrappers (the older layout as JSON writes it).
        let bytes = to_wire(&record(true), Layout::Records).unwrap();
        let gdr =
            GameDetailRecords::decode(&Wrapper::decode(&bytes[..]).unwrap().data[..]).unwrap();
        let list: Vec<String> = gdr
            .records
            .iter()
            .map(|r| format!("\"{}\"", b64(r)))
            .collect();
        let text = format!(
            r#"{{"head":{{"uuid":"u-1"}},"data":{{"name":".lq.GameDetailRecords","data":{{"version":0,"records":[{}]}}}}}}"#,
            list.join(",")
        );
        let log = parse(&text).unwrap();
        assert_eq!(events(&log), events(&json));
        let src = &log.events[0].src;
        assert_eq!(src.line, Some(1));
        assert!(
            src.path
                .as_deref()
                .unwrap()
                .starts_with("data.data.records[0] (base64")
        );
        // `data` as the protobuf JSON mapping writes a `ResGameRecord`.
        let text = format!(r#"{{"head":{{"uuid":"u-1"}},"data":"{}"}}"#, b64(&bytes));
        assert_eq!(events(&parse(&text).unwrap()), events(&json));
        // Only the address of the records.
        let text = r#"{"head":{"uuid":"u-1"},"data":"","data_url":"https://example.invalid/r"}"#;
        let err = parse(text).unwrap_err();
        assert!(err.to_string().contains("download that file"), "{err}");
    }

    #[test]
    fn a_truncated_varint_is_located() {
        let bytes = to_wire(&record(true), Layout::Actions).unwrap();
        // The first action's length: two bytes (the new round is long).
        let (gdr, at) = wire::fields(&bytes, 0)
            .filter_map(Result::ok)
            .find(|f| f.number == 2)
            .and_then(|f| f.bytes())
            .unwrap();
        let action = wire::fields(gdr, at)
            .filter_map(Result::ok)
            .find(|f| f.number == 3)
            .unwrap();
        let cut = &bytes[..action.at + 2];
        let err = read(cut).unwrap_err();
        assert!(err.is_truncation(), "{err}");
        assert_eq!(err.location.byte, Some(action.at as u64 + 1), "{err}");
        assert_eq!(
            err.location.path.as_deref(),
            Some("data.actions[0]"),
            "{err}"
        );
        // Every cut of the bytes is an error or a game, located, never a
        // panic; a cut in the last record keeps nothing (one kyoku).
        for end in 0..bytes.len() {
            if let Err(e) = read(&bytes[..end]) {
                assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn damaged_bytes_keep_the_kyoku_before() {
        let bytes = to_wire(&record(true), Layout::Actions).unwrap();
        let gdr =
            GameDetailRecords::decode(&Wrapper::decode(&bytes[..]).unwrap().data[..]).unwrap();
        let mut twice = gdr.clone();
        twice.actions.extend(gdr.actions.iter().cloned());
        let whole = wrap(".lq.GameDetailRecords", twice.encode_to_vec());
        let full = read(&whole).unwrap();
        assert_eq!(full.kyoku_count(), 2);
        // Cut inside the second kyoku's win.
        let log = read(&whole[..whole.len() - 5]).unwrap();
        assert_eq!(log.kyoku_count(), 1);
        assert!(log.meta.incomplete);
        let damage = log.meta.damage.as_ref().unwrap();
        assert!(
            damage
                .location
                .path
                .as_deref()
                .unwrap()
                .contains("actions[5]"),
            "{damage}"
        );
        assert_eq!(events(&log)[..], events(&full)[..log.events.len()]);
    }

    #[test]
    fn a_wrong_wire_type_is_located() {
        // A draw whose tile (field 2, a string) is a varint.
        let bytes = details(&[
            ("RecordNewRound", new_round()),
            ("RecordDealTile", vec![0x08, 0x01, 0x10, 0x05]),
        ]);
        let err = read(&bytes).unwrap_err();
        assert_eq!(
            err.location.path.as_deref(),
            Some("data.actions[1].result.data"),
            "{err}"
        );
        assert!(err.location.byte.is_some());
        assert!(err.to_string().contains("RecordDealTile"), "{err}");
        assert!(err.to_string().contains("wire type"), "{err}");
        // An action (field 3, a message) written as a varint.
        let mut gdr = GameDetailRecords::default().encode_to_vec();
        gdr.extend([0x18, 0x01]);
        let err = read(&wrap(".lq.GameDetailRecords", gdr)).unwrap_err();
        assert_eq!(
            err.location.path.as_deref(),
            Some("data.actions[0]"),
            "{err}"
        );
        assert!(err.to_string().contains("found a varint"), "{err}");
    }

    #[test]
    fn a_wrapper_of_another_message_is_named() {
        let err = read(&wrap(".lq.ResGameRecord", vec![0x08, 1])).unwrap_err();
        assert_eq!(err.location.byte, Some(0));
        assert!(
            err.to_string().contains(
                "expected a wrapper of `.lq.GameDetailRecords`, found `.lq.ResGameRecord`"
            ),
            "{err}"
        );
        // In a response: at its `data`.
        let head = crate::import::majsoul::head::Head {
            uuid: "u-1".to_owned(),
            ..Default::default()
        };
        let response = ResGameRecord {
            head: Some(head.clone()),
            data: wrap(".lq.Other", Vec::new()),
            data_url: String::new(),
        };
        let err = read(&response.encode_to_vec()).unwrap_err();
        assert_eq!(err.location.path.as_deref(), Some("data"), "{err}");
        assert!(err.to_string().contains("`.lq.Other`"), "{err}");
        // A response that holds only the address of the records.
        let response = ResGameRecord {
            head: Some(head),
            data: Vec::new(),
            data_url: "https://example.invalid/r".to_owned(),
        };
        let err = read(&response.encode_to_vec()).unwrap_err();
        assert!(matches!(err.kind, ImportErrorKind::Missing { .. }), "{err}");
        assert!(err.to_string().contains("data_url"), "{err}");
    }

    #[test]
    fn text_is_never_taken_for_the_wire_form() {
        for text in [
            &record(true)[..],
            "<mjloggm ver=\"2.3\">",
            "\n{\"log\":[]}",
            "// x\n",
        ] {
            assert!(super::super::recognise(text.as_bytes()).is_none(), "{text}");
        }
    }
}
