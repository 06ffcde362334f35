//! The audit's dashboard (`paifu audit --format html`): on a small batch of
//! testdata, the page is standalone (nothing fetched, no path of this
//! machine), has each section, every link leads to an anchor of the page,
//! its tags are balanced, each file with findings lists them all (the
//! batch is below the cap) and the unreadable files are listed with their
//! located error. Where `chromium` is installed (`.ci/run` installs it) the
//! page is rendered headless: its script ran (the files' filter is there,
//! the first bar's box is reported) and the screenshot shows that bar in
//! a severity's colour. Without chromium that part says why it is skipped.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use common::browser::{chromium, first_bar_box, has_chromium, screenshot};
use common::{paifu, td};

/// The batch: every abortive draw, a double ron, an edited game with
/// findings, a truncated log, and the chombo fixtures with the JSON of
/// their expectations beside them (skipped in the folder, named again:
/// an import error).
fn batch_args() -> Vec<String> {
    // The chombo folder's expected values, skipped when its folder is
    // walked, are named too: a file named must be a log, so it is unreadable.
    vec![td("tenhou_xml"), td("chombo"), td("chombo/expected.json")]
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-dash-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The page for the batch, written with `-o`.
fn page(dir: &Path) -> (PathBuf, String) {
    let path = dir.join("report.html");
    let mut args = vec![
        "audit".to_owned(),
        "--format".into(),
        "html".into(),
        "-o".into(),
        path.to_string_lossy().into_owned(),
    ];
    args.extend(batch_args());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = paifu(&args);
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "the batch has findings and unreadable files: {:?}",
        out.status
    );
    let html = std::fs::read_to_string(&path).unwrap();
    (path, html)
}

/// The findings of each file, from the JSON report of the same batch.
fn findings_per_file() -> BTreeMap<String, usize> {
    let mut args = vec!["audit", "--format", "json"];
    let batch = batch_args();
    args.extend(batch.iter().map(String::as_str));
    let out = paifu(&args);
    let mut per_file = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v.get("rule").is_some() {
            *per_file
                .entry(v["file"].as_str().unwrap().to_owned())
                .or_default() += 1;
        }
    }
    per_file
}

/// Every value of `attr="…"` in the page.
fn values<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let needle = format!(" {attr}=\"");
    html.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

#[test]
fn the_page_is_standalone_whole_and_linked() {
    let dir = temp_dir("page");
    let (_, html) = page(&dir);

    assert!(html.starts_with("<!doctype html>"));
    assert!(html.trim_end().ends_with("</html>"));
    assert!(html.contains(r#"<meta charset="utf-8">"#));
    for remote in [
        "http:", "https:", "//cdn", "src=", "url(", "@import", "<link",
    ] {
        assert!(!html.contains(remote), "the page reaches out: {remote}");
    }
    // No path of this machine: files are named under their argument's name.
    let root = env!("CARGO_MANIFEST_DIR");
    assert!(!html.contains(root), "a machine path in the page");
    assert!(html.contains("chombo/no_yaku_win.ema2016.json"));
    assert!(!html.contains("testdata/tenhou_xml"));

    for section in [
        r#"<section class="cards">"#,
        "<h2>Findings per rule</h2>",
        "<h2>How the kyoku ended</h2>",
        "<h2>Points per win</h2>",
        r#"id="folders""#,
        r#"id="profiles""#,
        r#"id="rules""#,
        r#"id="files""#,
        r#"id="unreadable""#,
        r#"id="findings""#,
    ] {
        assert!(html.contains(section), "no {section}");
    }
    // The plots: bars for rules and outcomes, and the histogram.
    assert_eq!(html.matches(r#"<svg class="chart""#).count(), 3);
    for kind in [
        "nine terminals",
        "four riichi",
        "triple ron",
        "four kongs",
        "four winds",
    ] {
        assert!(
            html.contains(&format!(">{kind}</text>")),
            "no bar for {kind}"
        );
    }
    // By folder: both arguments, by their names.
    assert!(html.contains("<tr><td>tenhou_xml</td>"));
    assert!(html.contains("<tr><td>chombo</td>"));

    // Balanced tags, unique ids, and every link leads to one of them.
    for tag in [
        "section", "table", "tbody", "thead", "svg", "details", "div", "ul", "p", "tr",
    ] {
        let open =
            html.matches(&format!("<{tag}>")).count() + html.matches(&format!("<{tag} ")).count();
        let close = html.matches(&format!("</{tag}>")).count();
        assert_eq!(open, close, "<{tag}> opened {open} times, closed {close}");
    }
    let ids = values(&html, "id");
    let unique: HashSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "an id is used twice");
    let links = values(&html, "href");
    assert!(links.len() > 10);
    for link in links {
        let target = link
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("not an anchor: {link}"));
        assert!(unique.contains(target), "#{target} leads nowhere");
    }

    // Every file with findings is in the index and lists them all (each
    // file of this batch is below the cap), one row each.
    let per_file = findings_per_file();
    assert!(per_file.len() >= 3, "{per_file:?}");
    let mut listed_rows = 0;
    for (file, n) in &per_file {
        let name = Path::new(file).file_name().unwrap().to_string_lossy();
        let start = html
            .find(&format!("{name} <a class=\"up\""))
            .unwrap_or_else(|| panic!("no section for {file}"));
        let section = &html[start..];
        let section = &section[..section.find("</section>").unwrap()];
        let rows = section.matches("<tr><td>").count();
        assert_eq!(rows, (*n).min(paifu::report::LISTED), "{file}");
        listed_rows += rows;
    }
    assert!(listed_rows > 0);
    assert_eq!(
        html.matches("<tr><td><a href=\"#f").count(),
        per_file.len(),
        "one index row per file with findings"
    );
    // The JSON beside the chombo fixtures is no log: listed with its place.
    let unreadable = &html[html.find(r#"id="unreadable""#).unwrap()..];
    let unreadable = &unreadable[..unreadable.find("</section>").unwrap()];
    assert!(
        unreadable.contains("<b>chombo/expected.json</b>"),
        "{unreadable}"
    );
    assert!(unreadable.contains("line 1, byte 0"), "{unreadable}");

    // The same batch gives the same bytes.
    let (_, again) = page(&dir);
    assert!(again == html, "two runs differ");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quiet_leaves_out_the_files() {
    let mut args = vec!["audit", "--format", "html", "--quiet"];
    let batch = batch_args();
    args.extend(batch.iter().map(String::as_str));
    let html = String::from_utf8(paifu(&args).stdout).unwrap();
    assert!(html.contains("<h2>Findings per rule</h2>"));
    assert!(html.contains(r#"id="rules""#));
    assert!(!html.contains(r#"id="files""#));
    assert!(!html.contains(r#"id="findings""#));
}

/// The window the dashboard is drawn in.
const WINDOW: (u32, u32) = (1400, 1600);

#[test]
fn chromium_draws_the_dashboard() {
    if !has_chromium() {
        common::report(
            "SKIPPED chromium_draws_the_dashboard: chromium is not installed (.ci/run installs it)",
        );
        return;
    }
    let dir = temp_dir("chromium");
    let (page, _) = page(&dir);

    let dom = chromium(&dir, &page, "--dump-dom", WINDOW);
    assert!(
        dom.contains(r#"class="filter""#),
        "the script added the files' filter"
    );
    let bar = first_bar_box(&dom);
    let [x, y, w, h] = bar;
    assert!(w >= 2 && h >= 8, "the first bar is drawn: {bar:?}");

    let pixels = screenshot(&dir, &page, "dashboard", WINDOW);
    let (width, height) = WINDOW;
    assert!(y + h <= height && x + w <= width, "the bar is on screen");
    let colours: HashSet<[u8; 3]> = pixels.iter().copied().collect();
    assert!(
        colours.len() > 500,
        "{} colours: not a real render",
        colours.len()
    );
    // The first rule's bar starts in a severity's colour: the error red
    // (#c62828), the warning amber (#d97706) or the info blue (#1f6fb2),
    // not the page's grey.
    let mid = y + h / 2;
    let near = |p: [u8; 3], q: [u8; 3]| p.iter().zip(q).all(|(a, b)| a.abs_diff(b) < 40);
    let coloured = (x + 1..x + w.min(6))
        .filter(|px| {
            let p = pixels[(mid * width + px) as usize];
            [[0xc6, 0x28, 0x28], [0xd9, 0x77, 0x06], [0x1f, 0x6f, 0xb2]]
                .iter()
                .any(|c| near(p, *c))
        })
        .count();
    common::report(&format!(
        "dashboard render: {} colours; first bar at {x},{y} {w}x{h}, {coloured} pixels in a severity colour",
        colours.len()
    ));
    assert!(coloured > 0, "the first bar is not in a severity's colour");
    let _ = std::fs::remove_dir_all(&dir);
}
