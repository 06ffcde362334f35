//! CI smoke test of the real window: `paifu view --screenshot` under Xvfb
//! renders a testdata log through OpenGL and writes a PNG, checked to be
//! the requested size and a real render (many colours, not one fill).
//! `.ci/run` installs Xvfb; elsewhere, without `xvfb-run`, the test says
//! why it is skipped.
#![cfg(feature = "viewer")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;

fn has_xvfb() -> bool {
    Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn screenshot_under_xvfb_is_a_real_render() {
    if !has_xvfb() {
        println!("SKIPPED: xvfb-run is not installed (`.ci/run` installs it)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("paifu-shot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("board.png");
    let log =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/pao_ron_edited.mjlog");
    // `timeout` keeps a window system that never shows the window from
    // hanging the test run.
    let status = Command::new("timeout")
        .args(["120", "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"])
        .arg(env!("CARGO_BIN_EXE_paifu"))
        .arg("view")
        .arg(&log)
        .args([
            "--kyoku",
            "E1-0",
            "--event",
            "60",
            "--size",
            "1200x800",
            "--screenshot",
        ])
        .arg(&out)
        .status()
        .expect("timeout and xvfb-run run");
    assert!(status.success(), "paifu view --screenshot failed: {status}");
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (1200, 800));
    let colours: HashSet<&[u8]> = buf[..info.buffer_size()].chunks(4).collect();
    println!(
        "screenshot: {}x{}, {} colours",
        info.width,
        info.height,
        colours.len()
    );
    // Tile faces, felt, text: thousands of colours; a blank or failed
    // render has a handful.
    assert!(colours.len() > 1000, "only {} colours", colours.len());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn screenshot_without_a_file_position_is_a_clear_error() {
    let log =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/pao_ron_edited.mjlog");
    let out = std::env::temp_dir().join("paifu-never-written.png");
    let output = Command::new(env!("CARGO_BIN_EXE_paifu"))
        .arg("view")
        .arg(&log)
        .args(["--kyoku", "S9-9", "--screenshot"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no kyoku `S9-9` in this game"), "{stderr}");
    assert!(!out.exists());
}

fn view(args: &[&str]) -> std::process::Output {
    let log =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/pao_ron_edited.mjlog");
    let out = std::env::temp_dir().join("paifu-never-written.png");
    Command::new(env!("CARGO_BIN_EXE_paifu"))
        .arg("view")
        .arg(&log)
        .args(args)
        .arg("--screenshot")
        .arg(&out)
        .output()
        .unwrap()
}

#[test]
fn a_bad_kyoku_lists_the_games_labels() {
    let output = view(&["--kyoku", "S1"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no kyoku `S1` in this game; its kyoku are E1-0, E1-1, E2-0, E3-0, E4-0"),
        "{stderr}"
    );
}

#[test]
fn a_label_with_honba_names_that_kyoku_and_events_are_the_games() {
    // E1-1 is found (the repeat of E1): event 0, the game's first, is not
    // in it. Checked before any window opens, so no display is needed.
    let output = view(&["--kyoku", "E1-1", "--event", "0"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("event 0 is not in kyoku E1-1, which holds events"),
        "{stderr}"
    );
    let output = view(&["--step", "5000"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("event 5000 is past the end of the game: its events are numbered 0–433"),
        "{stderr}"
    );
}

#[test]
fn a_kyoku_label_with_honba_renders_under_xvfb() {
    if !has_xvfb() {
        println!("SKIPPED: xvfb-run is not installed (`.ci/run` installs it)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("paifu-shot-e11-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("e1-1.png");
    let log =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/pao_ron_edited.mjlog");
    let status = Command::new("timeout")
        .args(["120", "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"])
        .arg(env!("CARGO_BIN_EXE_paifu"))
        .arg("view")
        .arg(&log)
        .args(["--kyoku", "E1-1", "--size", "800x600", "--screenshot"])
        .arg(&out)
        .status()
        .expect("timeout and xvfb-run run");
    assert!(status.success(), "paifu view --kyoku E1-1 failed: {status}");
    assert!(std::fs::metadata(&out).is_ok_and(|m| m.len() > 0));
    std::fs::remove_dir_all(&dir).ok();
}
