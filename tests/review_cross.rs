//! The review's shanten and acceptance against an independent
//! implementation, python `mahjong` 2.1.0, by `bench/shanten_check.py`:
//! `paifu review --format json --decisions` on the bundled logs, every
//! distinct hand after a candidate discard checked (shanten, and the kinds
//! that lower it by trying all 34 draws). Runs when python3 with the
//! library is on the machine (`.ci/run` installs it) and says why it is
//! skipped otherwise. The README gives the corpus-wide count and command.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn python_has_mahjong() -> bool {
    Command::new("python3")
        .args([
            "-c",
            "import importlib.metadata as m, sys; sys.exit(0 if m.version('mahjong') == '2.1.0' else 1)",
        ])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn shanten_and_acceptance_agree_with_python_mahjong() {
    if !python_has_mahjong() {
        println!(
            "SKIPPED: python3 with mahjong 2.1.0 is not installed (`pip install mahjong==2.1.0`; .ci/run installs it)"
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let review = Command::new(env!("CARGO_BIN_EXE_paifu"))
        .args(["review", "--format", "json", "--decisions"])
        // The three-player game first, so that the limit leaves it in.
        .arg(root.join("testdata/tenhou_xml/sanma_nukidora_rinshan.xml"))
        .arg(root.join("testdata/tenhou_xml"))
        .arg(root.join("testdata/tenhou6"))
        .arg(root.join("testdata/mjai"))
        .output()
        .expect("paifu runs");
    assert!(!review.stdout.is_empty());
    let mut check = Command::new("python3")
        .arg(root.join("bench/shanten_check.py"))
        .args(["--limit", "6000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = check.stdin.take().unwrap();
    stdin.write_all(&review.stdout).unwrap();
    drop(stdin);
    let out = check.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}");
    assert!(out.status.success(), "{text}");
    let checked: usize = text
        .split_whitespace()
        .skip_while(|w| *w != "checked")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(checked >= 6000, "only {checked} hands checked: {text}");
    assert!(text.contains("three-player") && !text.contains("(0 three-player)"));
}
