//! `paifu wall`: the walls of a record in text and JSON lines, a log
//! without a wall saying so, digests and their check (a round trip, a
//! changed tile, another salt, a malformed digest file), and the worked
//! example of `formats/wall-digest.md` held to the binary and to
//! `sha256sum`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{paifu, report, td};

const RIICHI_CITY: &str = "riichicity/two_hands.json";
const MAHJONG_SOUL: &str = "majsoul/one_ron.json";
const TENHOU6: &str = "tenhou6/chankan.json";

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-wall-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn text_lists_each_kyoku_wall_in_drawing_order() {
    let out = paifu(&["wall", &td(RIICHI_CITY)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with("2 kyoku; the record gives the wall of each"),
        "{text}"
    );
    for heading in [
        "Kyoku 1: East 1, 0 counters (E1-0), dealer seat 0",
        "Kyoku 2: East 2, 0 counters (E2-0), dealer seat 1",
        "  live wall, 70 tiles in drawing order:",
        "  deal: not given with the wall (it starts after the deal)",
        // East 1's kong takes the first replacement tile, the red 5m after it.
        "  replacement tiles, in the order they are taken: 8p 0m 2s 6m",
        "  dora indicators, in the order they are turned: 3z 2z 3z 4m 9m",
    ] {
        assert!(text.contains(heading), "`{heading}` missing:\n{text}");
    }
    // The live wall's first row starts with the dealer's first draw.
    let first_draw = paifu(&["events", &td(RIICHI_CITY)]);
    let tsumo: serde_json::Value = stdout(&first_draw)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["type"] == "tsumo")
        .unwrap();
    assert_eq!(tsumo["pai"], "S");
    assert!(text.contains("\n      1  2z 9p"), "{text}");

    let ms = paifu(&["wall", &td(MAHJONG_SOUL)]);
    assert_eq!(ms.status.code(), Some(0), "{}", stderr(&ms));
    assert!(stdout(&ms).contains("1 kyoku; the record gives its wall"));
}

#[test]
fn json_lines_carry_the_wall_as_the_event_stream_does() {
    let out = paifu(&["wall", &td(RIICHI_CITY), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("{\"number\":1,\"label\":\"E1-0\","),
        "{text}"
    );
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let events = paifu(&["events", &td(RIICHI_CITY)]);
    let starts: Vec<serde_json::Value> = stdout(&events)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "start_kyoku")
        .collect();
    assert_eq!(lines.len(), 2);
    for (i, (line, start)) in lines.iter().zip(&starts).enumerate() {
        assert_eq!(line["number"], i + 1);
        assert_eq!(line["label"], format!("E{}-0", i + 1));
        assert_eq!(line["name"], format!("East {}, 0 counters", i + 1));
        assert_eq!(line["dealer"], start["dealer"]);
        assert_eq!(line["wall"], start["wall"], "kyoku {}", i + 1);
        assert!(line.get("no_wall").is_none());
        let keys: Vec<&str> = line
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["dealer", "label", "name", "number", "wall"]);
    }
}

#[test]
fn a_log_without_a_wall_says_so() {
    let out = paifu(&["wall", &td(TENHOU6)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "said once for the log: {text}");
    assert!(
        text.contains("the record gives no wall: tenhou.net/6 logs do not record the wall"),
        "{text}"
    );

    let json = paifu(&["wall", &td(TENHOU6), "--format", "json"]);
    for line in stdout(&json).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["wall"].is_null(), "{line}");
        assert_eq!(v["no_wall"], "tenhou.net/6 logs do not record the wall");
    }

    // Nothing to commit to.
    let digest = paifu(&["wall", &td(TENHOU6), "--digest", "--salt", "s"]);
    assert_eq!(digest.status.code(), Some(2));
    assert!(digest.stdout.is_empty());
    assert!(
        stderr(&digest).contains("no wall to commit to"),
        "{}",
        stderr(&digest)
    );
}

#[test]
fn digest_then_verify_passes() {
    let dir = scratch("round-trip");
    let file = dir.join("walls.sha256");
    let salt = "a long secret salt";
    for log in [RIICHI_CITY, MAHJONG_SOUL] {
        let out = paifu(&["wall", &td(log), "--digest", "--salt", salt]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let digests = stdout(&out);
        let lines: Vec<&str> = digests.lines().collect();
        assert!(lines.last().unwrap().starts_with("game "), "{digests}");
        for (i, line) in lines[..lines.len() - 1].iter().enumerate() {
            let (k, hex) = line.split_once(' ').unwrap();
            assert_eq!(k, (i + 1).to_string());
            assert_eq!(hex.len(), 64);
            assert!(
                hex.bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            );
        }
        std::fs::write(&file, &digests).unwrap();
        let check = paifu(&[
            "wall",
            &td(log),
            "--verify",
            file.to_str().unwrap(),
            "--salt",
            salt,
        ]);
        assert_eq!(check.status.code(), Some(0), "{log}: {}", stdout(&check));
        let text = stdout(&check);
        assert!(
            text.contains("kyoku 1 (East 1, 0 counters): match"),
            "{text}"
        );
        assert!(text.contains("game: match"), "{text}");
        assert!(
            text.lines().last().unwrap().starts_with("verified: "),
            "{text}"
        );
    }
    // One kyoku, its line given as the option's text.
    let out = paifu(&["wall", &td(RIICHI_CITY), "--digest", "--salt", salt]);
    let line2 = stdout(&out).lines().nth(1).unwrap().to_owned();
    let one = paifu(&[
        "wall",
        &td(RIICHI_CITY),
        "--kyoku",
        "E2-0",
        "--verify",
        &line2,
        "--salt",
        salt,
    ]);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert_eq!(
        stdout(&one),
        "kyoku 2 (East 2, 0 counters): match\nverified: 1 of 1 kyoku match\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_changed_tile_or_another_salt_fails_and_names_the_kyoku() {
    let dir = scratch("changed");
    let digests = dir.join("walls.sha256");
    let out = paifu(&["wall", &td(MAHJONG_SOUL), "--digest", "--salt", "s"]);
    std::fs::write(&digests, out.stdout).unwrap();

    // The record's wall with its last two tiles (the dead wall's) swapped.
    let original = std::fs::read_to_string(common::testdata().join(MAHJONG_SOUL)).unwrap();
    let from = "5s2p3z9p\"";
    assert_eq!(original.matches(from).count(), 1, "the paishan's end");
    let edited = dir.join("one_ron_edited.json");
    std::fs::write(&edited, original.replace(from, "5s2p9p3z\"")).unwrap();
    let check = paifu(&[
        "wall",
        edited.to_str().unwrap(),
        "--verify",
        digests.to_str().unwrap(),
        "--salt",
        "s",
    ]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    let text = stdout(&check);
    assert!(
        text.contains("kyoku 1 (East 1, 0 counters): MISMATCH"),
        "{text}"
    );
    assert!(text.contains("FAILED"), "{text}");

    // The record as it is, another salt: every kyoku fails.
    let out = paifu(&["wall", &td(RIICHI_CITY), "--digest", "--salt", "s"]);
    std::fs::write(&digests, out.stdout).unwrap();
    let check = paifu(&[
        "wall",
        &td(RIICHI_CITY),
        "--verify",
        digests.to_str().unwrap(),
        "--salt",
        "t",
    ]);
    assert_eq!(check.status.code(), Some(1));
    let text = stdout(&check);
    assert!(
        text.contains("kyoku 1 (East 1, 0 counters): MISMATCH"),
        "{text}"
    );
    assert!(
        text.contains("kyoku 2 (East 2, 0 counters): MISMATCH"),
        "{text}"
    );
    assert!(text.contains("game: MISMATCH"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_digests_salts_and_kyoku_are_clear_errors() {
    let dir = scratch("errors");
    let bad = dir.join("bad.sha256");
    std::fs::write(&bad, format!("1 {}\n2 not-hex\n", "0".repeat(64))).unwrap();
    let out = paifu(&[
        "wall",
        &td(RIICHI_CITY),
        "--verify",
        bad.to_str().unwrap(),
        "--salt",
        "s",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(
        err.contains("bad.sha256: digest line 2: `2 not-hex`"),
        "{err}"
    );

    let out = paifu(&["wall", &td(RIICHI_CITY), "--digest"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("need --salt S"), "{}", stderr(&out));

    let out = paifu(&["wall", &td(RIICHI_CITY), "--digest", "--salt", ""]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the salt is empty"),
        "{}",
        stderr(&out)
    );

    let out = paifu(&["wall", &td(RIICHI_CITY), "--kyoku", "S1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no kyoku `S1` in this game; its kyoku are E1-0, E2-0"),
        "{}",
        stderr(&out)
    );
    // A number, a label and a round name the same kyoku.
    let by = |k: &str| stdout(&paifu(&["wall", &td(RIICHI_CITY), "--kyoku", k]));
    assert_eq!(by("2"), by("E2-0"));
    assert_eq!(by("2"), by("e2"));
    assert!(by("2").contains("Kyoku 2: East 2"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The single-quoted arguments of a `printf '%s\n' …` command, and the
/// hex digits on the line after `| sha256sum`.
fn printf_example(block: &str) -> (Vec<String>, String) {
    let mut args = Vec::new();
    let mut lines = block.lines();
    for line in lines.by_ref() {
        let line = line.trim();
        if line.starts_with("| sha256sum") {
            break;
        }
        if line.starts_with("printf") {
            continue;
        }
        let arg = line.trim_end_matches('\\').trim();
        args.push(arg.trim_matches('\'').to_owned());
    }
    let hex = lines
        .next()
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_owned();
    (args, hex)
}

/// Runs a `printf … | sha256sum` block's command, when `sh` and
/// `sha256sum` are here.
fn shell(block: &str) -> Option<String> {
    let mut command = String::new();
    for line in block.lines() {
        command.push_str(line);
        command.push('\n');
        if line.trim_start().starts_with("| sha256sum") {
            break;
        }
    }
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(&command)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// SHA-256 in lowercase hex, with the `sha2` crate alone.
fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn the_documented_example_is_true() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("formats/wall-digest.md")).unwrap();
    let section = doc
        .split("## Recompute a digest yourself")
        .nth(1)
        .expect("the example section");
    let blocks: Vec<&str> = section
        .split("```")
        .skip(1)
        .step_by(2)
        .map(|b| b.split_once('\n').map_or(b, |(_, body)| body))
        .collect();
    assert_eq!(blocks.len(), 3, "a console block and two printf blocks");

    // The command and its output, as the binary prints them.
    let mut console = blocks[0].lines();
    let command = console.next().unwrap();
    assert_eq!(
        command,
        "$ paifu wall testdata/riichicity/two_hands.json --digest --salt 'example salt'"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_paifu"))
        .current_dir(root)
        .args([
            "wall",
            "testdata/riichicity/two_hands.json",
            "--digest",
            "--salt",
            "example salt",
        ])
        .output()
        .unwrap();
    let expected: String = console.map(|l| format!("{l}\n")).collect();
    assert_eq!(stdout(&out), expected);
    let digests: Vec<&str> = expected.lines().collect();

    // Kyoku 1's canonical text, written out: the same digest.
    let (args, hex) = printf_example(blocks[1]);
    let text: String = args.iter().map(|a| format!("{a}\n")).collect();
    assert_eq!(sha256_hex(&text), hex);
    assert_eq!(digests[0], format!("1 {hex}"));
    // The text's lines are the wall's parts as `paifu wall --kyoku 1`
    // prints them.
    let shown = stdout(&paifu(&["wall", &td(RIICHI_CITY), "--kyoku", "1"]));
    let row = |prefix: &str| {
        shown
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap()
            .to_owned()
    };
    let live: Vec<String> = shown
        .lines()
        .filter(|l| l.starts_with("    ") && l.trim_start().starts_with(char::is_numeric))
        .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(args[3], format!("live {}", live.join(" ")));
    assert_eq!(
        args[4],
        format!(
            "replacements {}",
            row("  replacement tiles, in the order they are taken: ")
        )
    );
    assert_eq!(
        args[5],
        format!(
            "dora {}",
            row("  dora indicators, in the order they are turned: ")
        )
    );
    assert_eq!(args[6], format!("ura {}", row("  ura indicators: ")));

    // The game line from the kyoku lines.
    let (args, hex) = printf_example(blocks[2]);
    assert_eq!(args, digests[..2]);
    let text: String = args.iter().map(|a| format!("{a}\n")).collect();
    assert_eq!(sha256_hex(&text), hex);
    assert_eq!(digests[2], format!("game {hex}"));

    // And with the shell's own tools, where they are.
    for block in &blocks[1..] {
        let (_, hex) = printf_example(block);
        match shell(block) {
            Some(printed) => assert_eq!(printed, format!("{hex}  -\n")),
            None => report("SKIPPED the shell half of the wall-digest example: no sh or sha256sum"),
        }
    }
}
