//! The `paifu` binary: exit codes, output shape, stdout/stderr separation.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;
use std::process::Output;

use common::{paifu, td};

fn lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every stdout line is JSON"))
        .collect()
}

#[test]
fn events_prints_metadata_then_events() {
    let out = paifu(&["events", &td("tenhou_xml/double_ron.mjlog")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = lines(&out);
    assert_eq!(v[0]["type"], "game");
    assert_eq!(v[0]["format"], "tenhou-xml");
    assert_eq!(v[0]["seats"], 4);
    assert_eq!(v[1]["type"], "start_kyoku");
    assert!(v[1]["src"]["element"].is_number());
    let horas = v.iter().filter(|e| e["type"] == "hora").count();
    assert!(horas >= 2, "a double ron has two wins");
    assert!(out.stderr.is_empty());
}

#[test]
fn a_bad_file_among_good_ones_exits_2_and_the_rest_still_print() {
    let dir = std::env::temp_dir().join(format!("paifu-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad: PathBuf = dir.join("not-a-log.txt");
    std::fs::write(&bad, "hello\n").unwrap();
    let out = paifu(&[
        "events",
        &td("tenhou_xml/chankan.mjlog"),
        bad.to_str().unwrap(),
        &td("tenhou6/chankan.json"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let games = lines(&out)
        .into_iter()
        .filter(|v| v["type"] == "game")
        .count();
    assert_eq!(games, 2, "both good files printed");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not-a-log.txt"), "{err}");
    assert!(err.contains("line 1"), "the error is located: {err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn events_skips_files_in_a_folder_that_are_no_logs() {
    let dir = std::env::temp_dir().join(format!("paifu-cli-walk-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(td("tenhou6/chankan.json"), dir.join("game.json")).unwrap();
    std::fs::write(dir.join("README.md"), "notes\n").unwrap();
    let out = paifu(&["events", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "a skipped file is no error");
    assert_eq!(
        lines(&out).iter().filter(|v| v["type"] == "game").count(),
        1
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("README.md: skipped, not a game log"), "{err}");
    // Named, it is an error.
    let readme = dir.join("README.md");
    let out = paifu(&["events", readme.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_file_exits_2() {
    let out = paifu(&["events", "no/such/file.mjlog"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/file.mjlog"));
}

#[test]
fn convert_writes_formats_that_import_again() {
    for (to, check) in [("mjai", "\"type\":\"start_game\""), ("tenhou6", "\"log\":")] {
        let out = paifu(&["convert", "--to", to, &td("tenhou_xml/pao_tsumo.mjlog")]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(check),
            "{to}: {}",
            &text[..text.len().min(200)]
        );
        paifu::import::import_bytes(text.as_bytes(), &Default::default())
            .unwrap_or_else(|e| panic!("{to} output imports again: {e}"));
    }
}

#[test]
fn convert_never_writes_over_its_input() {
    let dir = std::env::temp_dir().join(format!("paifu-conv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("game.mjlog");
    std::fs::copy(td("tenhou_xml/chankan.mjlog"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let out = paifu(&[
        "convert",
        "--to",
        "mjai",
        input.to_str().unwrap(),
        "-o",
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&input).unwrap(), before, "input untouched");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn gzip_bomb_limit_is_a_flag() {
    let out = paifu(&[
        "events",
        "--max-size",
        "1000",
        &td("tenhou_xml/gzip_double_ron.mjlog"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("larger than the limit"));
    let out = paifu(&["events", &td("tenhou_xml/gzip_double_ron.mjlog")]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn score_prints_a_readable_hand() {
    let out = paifu(&[
        "score",
        "22m456789p555z+a7777z",
        "--win",
        "2m",
        "--tsumo",
        "--riichi",
        "--seat",
        "W",
        "--round",
        "S",
        "--honba",
        "2",
        "--sticks",
        "1",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Menzen tsumo (fully concealed hand) 1, Riichi 1, Haku (white dragon) 1, Chun (red dragon) 1"),
        "{text}"
    );
    assert!(text.contains("4 han 70 fu, mangan"), "{text}");
    assert!(
        text.contains("the dealer pays 4200, each other player 2200"),
        "{text}"
    );
    assert!(text.contains("+9600"), "{text}");
}

#[test]
fn score_refuses_an_impossible_situation_with_status_1() {
    let out = paifu(&["score", "234m567p33345s+555z", "--win", "3s", "--riichi"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("riichi with an open hand"));
}

#[test]
fn score_checks_a_file_of_cases() {
    let cases = td("oracle/cases.jsonl");
    let out = paifu(&["score", "--json", &cases, "--check"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    let n = text.lines().count() - 1;
    assert_eq!(last, format!("agree {n} of {n}"));
    assert_eq!(out.status.code(), Some(0));
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert!(first["id"].is_string() && first["check"].as_array().unwrap().is_empty());
}

#[test]
fn rules_lists_and_prints_profiles() {
    let out = paifu(&["rules"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("ema2016"));
    let out = paifu(&["rules", "wrc2015"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kiriage"], true);
    assert_eq!(v["multiple_ron"], "head_bump");
}

/// A reader that stops at once (`paifu rules tenhou | head -0`): the rest of
/// the output has nowhere to go, which is no error and never a panic.
#[test]
fn a_reader_that_stops_early_is_no_error() {
    use std::process::{Command, Stdio};
    for args in [&["rules"][..], &["rules", "tenhou"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_paifu"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Closing our end before the child writes makes every write fail.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}
