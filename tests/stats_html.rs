//! `paifu stats --format html`: the page holds what the JSON lines hold
//! (a section per player line, each statistic with its place among the
//! batch's players, what to work on), is standalone (nothing fetched), and
//! draws in headless Chromium: the placements' bars in their colours and
//! the player's mark on each spread. Without chromium the drawing part
//! says why it is skipped.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use common::browser::{chromium, first_bar_box, has_chromium, screenshot};
use common::{paifu, td};

fn temp_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-stats-html-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The JSON lines and the page of the same batch, every player in the
/// population.
fn json_and_page(extra: &[&str]) -> (Vec<serde_json::Value>, String) {
    let folder = td("tenhou_xml");
    let mut args = vec!["stats", "--format", "json", "--population-min-games", "1"];
    args.extend(extra);
    args.push(&folder);
    let json: Vec<serde_json::Value> = String::from_utf8(paifu(&args).stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|l: &serde_json::Value| l["type"] == "player")
        .collect();
    args[2] = "html";
    let out = paifu(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (json, String::from_utf8(out.stdout).unwrap())
}

/// Every player line is a section with every statistic, each spread drawn
/// from a symbol the page defines, every "what to work on" sentence of the
/// JSON shown, and nothing fetched from elsewhere.
#[test]
fn the_page_holds_what_the_json_lines_hold() {
    let (json, page) = json_and_page(&[]);
    assert!(json.len() > 20, "{} player lines", json.len());
    assert_eq!(
        page.matches(r#"<section class="player""#).count(),
        json.len()
    );
    assert_eq!(page.matches("<tr data-stat=").count(), 16 * json.len());
    for (n, href) in page.match_indices(r##"<use href="#"##) {
        let id = &page[n + href.len()..];
        let id = &id[..id.find('"').unwrap()];
        assert!(
            page.contains(&format!(r#"<symbol id="{id}""#)),
            "{id} is used but not defined"
        );
    }
    for line in &json {
        for w in line["work_on"].as_array().unwrap() {
            let sentence = w["sentence"].as_str().unwrap();
            let (_, rest) = sentence.split_once(": ").unwrap();
            let shown = rest.replace('&', "&amp;").replace('\'', "&#39;");
            assert!(page.contains(&shown), "missing: {rest}");
        }
    }
    for fetch in [r#"src="http"#, r#"href="http"#, "url(http", "@import"] {
        assert!(!page.contains(fetch), "the page fetches: {fetch}");
    }
}

/// The place among the others printed beside a statistic is the JSON's
/// own values counted: for each player, the others whose win rate is
/// lower.
#[test]
fn a_place_among_the_players_is_counted_from_their_values() {
    let (json, page) = json_and_page(&[]);
    let four: Vec<&serde_json::Value> = json.iter().filter(|l| l["seats"] == 4).collect();
    let sections: Vec<&str> = page.split(r#"<section class="player""#).skip(1).collect();
    let mut checked = 0;
    for (line, section) in json.iter().zip(&sections) {
        if line["seats"] != 4 {
            continue;
        }
        let Some(rate) = line["win_rate"].as_f64() else {
            continue;
        };
        let below = four
            .iter()
            .filter_map(|o| o["win_rate"].as_f64())
            .filter(|r| *r < rate - 1e-12)
            .count();
        let row = &section[section.find(r#"data-stat="win_rate""#).unwrap()..];
        let row = &row[..row.find("</tr>").unwrap()];
        assert!(
            row.contains(&format!("above {below}")),
            "{}: {below} below, row {row}",
            line["name"]
        );
        checked += 1;
    }
    assert!(checked > 10, "{checked} players checked");
}

/// One player: a section, a title with the name, the population's size.
#[test]
fn one_player_among_the_batch() {
    let (json, page) = json_and_page(&["--player", "macpac"]);
    assert_eq!(json.len(), 1);
    assert!(page.contains("<title>paifu stats: macpac</title>"));
    assert_eq!(page.matches(r#"<section class="player""#).count(), 1);
    // The spreads are of every four-player line of the batch, not the one
    // kept.
    let (all, _) = json_and_page(&[]);
    let four = all.iter().filter(|l| l["seats"] == 4).count();
    assert!(page.contains(&format!("among {four} players with at least 1 game")));
}

#[test]
fn chromium_draws_the_bars_and_the_marks() {
    if !has_chromium() {
        common::report(
            "SKIPPED chromium_draws_the_bars_and_the_marks: chromium is not installed (.ci/run installs it)",
        );
        return;
    }
    const WINDOW: (u32, u32) = (1300, 1400);
    let dir = temp_dir("chromium");
    let page = dir.join("macpac.html");
    let out = paifu(&[
        "stats",
        "--format",
        "html",
        "--population-min-games",
        "1",
        "--player",
        "macpac",
        "-o",
        page.to_str().unwrap(),
        &td("tenhou_xml"),
    ]);
    assert!(out.status.success());

    let dom = chromium(&dir, &page, "--dump-dom", WINDOW);
    let bar = first_bar_box(&dom);
    let [x, y, w, h] = bar;
    // macpac's one game ended 1st: the first bar is the whole height.
    assert!(w >= 40 && h >= 100, "the 1st-place bar is drawn: {bar:?}");

    let pixels = screenshot(&dir, &page, "macpac", WINDOW);
    let (width, height) = WINDOW;
    assert!(y + h <= height && x + w <= width, "the bar is on screen");
    let near = |p: [u8; 3], q: [u8; 3]| p.iter().zip(q).all(|(a, b)| a.abs_diff(b) < 30);
    let centre = pixels[((y + h / 2) * width + x + w / 2) as usize];
    assert!(
        near(centre, [0x2e, 0x7d, 0x4f]),
        "the 1st-place bar is green, not {centre:?}"
    );
    // The player's marks on the spreads (#d0342c), drawn through the
    // symbols' copies: a dozen rows at least.
    let marks = pixels
        .iter()
        .filter(|p| near(**p, [0xd0, 0x34, 0x2c]))
        .count();
    let dots = pixels
        .iter()
        .filter(|p| near(**p, [0xa2, 0xad, 0xb6]) || near(**p, [0x9a, 0xa5, 0xae]))
        .count();
    common::report(&format!(
        "stats page render: first bar at {x},{y} {w}x{h}; {marks} pixels of the player's marks, {dots} of the population's dots"
    ));
    assert!(marks > 12 * 40, "{marks} pixels of the player's marks");
    let _ = std::fs::remove_dir_all(&dir);
}
