//! Errors: every one located, saying what was expected.

use crate::import::ImportErrorKind;

use super::{START_GAME, START_KYOKU, error, game, parse};

#[test]
fn lines_that_are_not_events() {
    let cases = [
        (
            "# Original file: test/test.mjlog\n",
            1,
            "`# Original file: test/test.mjlog`",
        ),
        (
            "{\"type\":\"start_game\"}\n\n{\"kind\":\"tsumo\"}",
            3,
            "`{\"kind\":\"tsumo\"}`",
        ),
        ("[{\"type\":\"none\"}, 3]", 1, "`[{\"type\":\"none\"}, 3]`"),
        ("{\"type\":7}", 1, "`{\"type\":7}`"),
        (
            "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\",\"padding\":\"xxxxxxxxxxxxxxxxxxxx\"\n",
            1,
            "`{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\",\"p…`",
        ),
    ];
    for (text, line, found) in cases {
        let err = parse(text).unwrap_err();
        assert_eq!(err.location.line, Some(line), "{err}");
        assert_eq!(
            err.kind.to_string(),
            format!("expected an mjai event (a JSON object with \"type\"), found {found}")
        );
    }
    // The same broken line with no newline after it is where the file stops.
    let err = parse("{\"type\":\"start_game\"}\n{\"type\":\"tsumo\",\"actor\":0").unwrap_err();
    assert_eq!(err.location.line, Some(2), "{err}");
    assert!(err.is_truncation(), "{err}");
    assert_eq!(
        err.kind.to_string(),
        "the input ends inside the event `{\"type\":\"tsumo\",\"actor\":0`"
    );
}

/// The damage a log that kept its first kyoku records.
fn damage(text: &str) -> String {
    let log = parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(log.meta.incomplete);
    log.meta.damage.map(|d| d.to_string()).unwrap_or_default()
}

#[test]
fn located_structure_errors() {
    let cases: [(&str, u32, &str); 9] = [
        (
            r#"{"type":"hello","protocol":"mjsonp"}"#,
            3,
            "expected a known mjai event type, found `hello`",
        ),
        (
            r#"{"type":"tsumo","actor":4,"pai":"1m"}"#,
            3,
            "expected a seat 0-3 in `actor` of `tsumo`, found `4`",
        ),
        (
            r#"{"type":"tsumo","actor":0,"pai":"0m"}"#,
            3,
            "expected an mjai tile in `pai` of `tsumo`, found `\"0m\"`",
        ),
        (
            r#"{"type":"dahai","actor":0,"pai":"?","tsumogiri":true}"#,
            3,
            "expected a shown tile (not `?`) in `pai` of `dahai`, found `\"?\"`",
        ),
        (
            r#"{"type":"tsumo","pai":"1m"}"#,
            3,
            "missing `actor` of `tsumo`",
        ),
        (
            r#"{"type":"chi","actor":1,"target":0,"pai":"3m","consumed":["1m"]}"#,
            3,
            "expected 2 tiles in `consumed` of `chi`",
        ),
        (
            r#"{"type":"haipai","actor":0,"pais":[]}"#,
            3,
            "expected `haipai` only right after a `start_kyoku` without `tehais`",
        ),
        (
            r#"{"type":"start_game"}"#,
            3,
            "expected one `start_game` before the first kyoku",
        ),
        (
            r#"{"type":"reach_accepted","actor":0,"deltas":[1.5]}"#,
            3,
            "expected a whole number of points in `deltas`",
        ),
    ];
    for (line, at, message) in cases {
        let text = [START_GAME, START_KYOKU, line].join("\n");
        let err = parse(&text).unwrap_err();
        assert_eq!(err.location.line, Some(at), "{err}");
        assert!(
            err.to_string().contains(message),
            "{err}\nwanted: {message}"
        );
    }
    let before = [START_GAME, r#"{"type":"tsumo","actor":0,"pai":"1m"}"#].join("\n");
    let byte = START_GAME.len() + 1;
    assert!(error(&before).contains(&format!(
        "line 2, byte {byte}: expected `start_kyoku` before any play, found `tsumo`"
    )));
    let after = [
        START_GAME,
        START_KYOKU,
        r#"{"type":"ryukyoku"}"#,
        r#"{"type":"end_kyoku"}"#,
        r#"{"type":"dora","dora_marker":"1m"}"#,
    ]
    .join("\n");
    // After a complete kyoku the error is damage: the kyoku is kept.
    assert!(damage(&after).contains("line 5"), "{}", damage(&after));
    assert!(
        damage(&after)
            .contains("expected `start_kyoku` or `end_game` after `end_kyoku`, found `dora`")
    );
    assert_eq!(parse(&after).unwrap().kyoku_count(), 1);
    let over =
        game(&[r#"{"type":"ryukyoku"}"#]) + "\n{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}";
    assert!(damage(&over).contains("expected nothing after `end_game`, found `tsumo`"));
    // `end_game` is in: the game keeps its final claim.
    let over = game(&[r#"{"type":"ryukyoku"}"#]).replace(
        r#"{"type":"end_game"}"#,
        r#"{"type":"end_game","scores":[1,2,3,4]}"#,
    ) + "\nx";
    let log = parse(&over).unwrap();
    assert_eq!(log.meta.end.and_then(|e| e.scores), Some(vec![1, 2, 3, 4]));
    let five = START_KYOKU.replace(r#""kyoku":1"#, r#""kyoku":5"#);
    assert!(error(&[START_GAME, &five].join("\n")).contains("expected a kyoku number 1-4"));
    let two = START_KYOKU.replace(r#""scores":[25000,25000,25000,25000]"#, r#""scores":[1,2]"#);
    assert!(error(&[START_GAME, &two].join("\n")).contains("expected 3 or 4 entries in `scores`"));
}

#[test]
fn a_log_without_kyoku_is_empty() {
    let text = format!("{START_GAME}\n{{\"type\":\"end_game\"}}\n");
    let err = parse(&text).unwrap_err();
    assert!(matches!(err.kind, ImportErrorKind::Empty), "{err}");
    // Located where the file ends, as any error of a file cut short.
    assert_eq!(err.location.line, Some(3));
    assert_eq!(err.location.byte, Some(text.len() as u64));
    assert!(matches!(
        parse("").unwrap_err().kind,
        ImportErrorKind::Empty
    ));
}
