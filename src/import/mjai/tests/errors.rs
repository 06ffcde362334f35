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
            "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\",\"padding\":\"xxxxxxxxxxxxxxxxxxxx\"",
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
    assert!(error(&after).contains("line 5"), "{}", error(&after));
    assert!(
        error(&after)
            .contains("expected `start_kyoku` or `end_game` after `end_kyoku`, found `dora`")
    );
    let over =
        game(&[r#"{"type":"ryukyoku"}"#]) + "\n{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}";
    assert!(error(&over).contains("expected nothing after `end_game`, found `tsumo`"));
    let five = START_KYOKU.replace(r#""kyoku":1"#, r#""kyoku":5"#);
    assert!(error(&[START_GAME, &five].join("\n")).contains("expected a kyoku number 1-4"));
    let two = START_KYOKU.replace(r#""scores":[25000,25000,25000,25000]"#, r#""scores":[1,2]"#);
    assert!(error(&[START_GAME, &two].join("\n")).contains("expected 3 or 4 entries in `scores`"));
}

#[test]
fn a_log_without_kyoku_is_empty() {
    let err = parse(&format!("{START_GAME}\n{{\"type\":\"end_game\"}}\n")).unwrap_err();
    assert!(matches!(err.kind, ImportErrorKind::Empty), "{err}");
    assert!(matches!(
        parse("").unwrap_err().kind,
        ImportErrorKind::Empty
    ));
}
