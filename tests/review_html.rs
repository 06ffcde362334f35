//! The HTML review report: one standalone page (no network), the tile
//! atlas embedded once, one block per item shown with its acceptance
//! table, every text from the log escaped, `--seat` honoured, the same
//! bytes for the same batch. Where `chromium` is installed (`.ci/run`
//! installs it) the page is rendered headless and the tiles are checked
//! to be drawn: the page's own check script reports the atlas loaded, and
//! the screenshot's pixels where the first tile sits are a tile face (ink
//! on a light face), not a flat fill. Without chromium that part says why
//! it is skipped.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use paifu::batch::{Batch, FileOutcome as Outcome};
use paifu::review::Options;
use paifu::review::write::{ReviewBatch, ReviewedFile, ReviewedGame, review_game, write_html};
use paifu::rules::RulesChoice;

const HANCHAN: &str = "tenhou_xml/double_ron.mjlog";
/// A name that breaks a page written without escaping.
const NASTY: &str = "<b>タケオ&\"'</b>";
const NASTY_ESCAPED: &str = "&lt;b&gt;タケオ&amp;&quot;&#39;&lt;/b&gt;";

fn reviewed(file: &str) -> ReviewedGame {
    let log = common::import(&common::testdata().join(file)).unwrap();
    review_game(&log, &RulesChoice::Auto, &Options::default())
}

fn batch(files: Vec<ReviewedFile>, seat: Option<&str>) -> ReviewBatch {
    ReviewBatch {
        batch: Batch {
            rules: "auto".into(),
            files,
        },
        seat: seat.map(str::to_owned),
        decisions: false,
        options: Options::default(),
    }
}

/// The hanchan with seat 0 renamed to [`NASTY`].
fn nasty_hanchan() -> ReviewedGame {
    let mut g = reviewed(HANCHAN);
    g.review.players[0] = NASTY.into();
    g.review.summary[0].name = NASTY.into();
    g
}

fn file(name: &str, outcome: Outcome<ReviewedGame>) -> ReviewedFile {
    ReviewedFile {
        file: name.into(),
        sha256: None,
        outcome,
    }
}

fn html(batch: &ReviewBatch) -> String {
    let mut out = Vec::new();
    write_html(batch, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The block of the item whose id is `id`, up to its end.
fn block<'a>(page: &'a str, id: &str) -> &'a str {
    let start = page
        .find(&format!(r#" id="{id}""#))
        .unwrap_or_else(|| panic!("no item {id}"));
    let rest = &page[start..];
    &rest[..rest.find("</article>").unwrap()]
}

#[test]
fn page_is_standalone_escaped_and_shows_every_item_with_its_table() {
    let g = nasty_hanchan();
    let items = g.review.items.clone();
    let decisions = g.review.decisions.clone();
    let b = batch(vec![file(HANCHAN, Outcome::Game(Box::new(g)))], None);
    let page = html(&b);

    assert!(page.starts_with("<!doctype html>"));
    assert!(page.contains(r#"<meta charset="utf-8">"#));
    for remote in [
        "http://",
        "https://",
        r#"src="//"#,
        "url(//",
        "@import",
        "<link",
    ] {
        assert!(!page.contains(remote), "the page reaches out: {remote}");
    }
    assert_eq!(
        page.matches("data:image/png;base64,").count(),
        1,
        "the atlas is embedded exactly once"
    );
    assert!(
        page.len() < 2_000_000,
        "{} bytes for one hanchan",
        page.len()
    );

    assert!(!items.is_empty());
    assert_eq!(
        page.matches(r#"<article class="item "#).count(),
        items.len()
    );
    for (k, item) in items.iter().enumerate() {
        let b = block(&page, &format!("f0-i{k}"));
        assert!(b.contains(&format!(r#"<b class="kind">{}</b>"#, item.kind)));
        assert!(b.contains(&format!(r#"class="badge {}""#, item.weight)));
        assert!(b.contains(r#"<div class="hand">"#));
        assert_eq!(
            b.matches(r#"<span class="meld""#).count(),
            item.melds.len(),
            "item {k}: each meld set apart"
        );
        // The hand's tiles, then each meld's, are drawn as sprites.
        let hand = &b[b.find(r#"<div class="hand">"#).unwrap()..];
        let hand = &hand[..hand.find("</div>").unwrap()];
        let drawn = item.hand.len() + item.melds.iter().map(|m| m.tiles.len()).sum::<usize>();
        assert_eq!(hand.matches(r#"<i class="t "#).count(), drawn, "item {k}");
        if let Some(p) = item.played {
            // The passed winning tile of a missed win is marked as the better choice.
            let mark = if item.better.iter().any(|t| t.kind() == p.kind()) {
                " better\""
            } else {
                " played\""
            };
            assert!(
                hand.contains(mark),
                "item {k}: the tile played {p} is marked in the hand"
            );
            assert!(b.contains(mark), "item {k}: the tile played {p} is listed");
        }
        for t in &item.better {
            assert!(
                b.contains(&format!(r#"<i class="t t-{t} l better""#)),
                "item {k}: the better tile {t} is listed"
            );
        }
    }
    assert!(page.contains(r#"<table class="summary"><caption>Seats</caption>"#));
    assert_eq!(
        page.matches("<tr><th>seat ").count(),
        4,
        "each seat's summary"
    );
    assert!(page.contains(r#"<section class="batch" id="summary">"#));

    assert!(page.contains(NASTY_ESCAPED), "the name is escaped");
    assert!(!page.contains(NASTY), "the raw name is not in the page");
    assert!(!page.contains("<b>タケオ"));

    let (k, item) = items
        .iter()
        .enumerate()
        .find(|(_, i)| i.decision.is_some())
        .expect("an item with a decision");
    let d = &decisions[item.decision.unwrap()];
    let b = block(&page, &format!("f0-i{k}"));
    assert!(b.contains(r#"<table class="acceptance">"#));
    assert_eq!(b.matches(r#"<tr class="cand"#).count(), d.candidates.len());
    assert_eq!(b.matches(r#"<tr class="cand played"#).count(), 1);
    let best = d.candidates.iter().filter(|c| c.rank == 1).count();
    assert_eq!(
        b.matches(r#"<tr class="cand best"#).count() + b.matches("cand played best").count(),
        best
    );
    // Best first: the first row is the first candidate, drawn as its tile.
    let first = &b[b.find(r#"<tr class="cand"#).unwrap()..];
    let first = &first[..first.find("</tr>").unwrap()];
    assert!(
        first.contains(&format!("t-{}", d.candidates[0].discard)),
        "{first}"
    );
}

#[test]
fn the_same_batch_writes_the_same_bytes() {
    let b = batch(
        vec![file(HANCHAN, Outcome::Game(Box::new(reviewed(HANCHAN))))],
        None,
    );
    assert_eq!(html(&b), html(&b.clone()));
}

#[test]
fn seat_filter_shows_only_that_seat() {
    let g = reviewed(HANCHAN);
    let seat3 = g.review.items.iter().filter(|i| i.seat.get() == 3).count();
    assert!(seat3 > 0 && seat3 < g.review.items.len());
    let b = batch(vec![file(HANCHAN, Outcome::Game(Box::new(g)))], Some("3"));
    let page = html(&b);
    assert_eq!(page.matches(r#"<article class="item "#).count(), seat3);
    assert_eq!(
        page.matches("<tr><th>seat ").count(),
        1,
        "one seat's summary"
    );
    assert!(page.contains("<tr><th>seat 3 ("));

    let none = batch(
        vec![file(HANCHAN, Outcome::Game(Box::new(reviewed(HANCHAN))))],
        Some("nobody"),
    );
    let page = html(&none);
    assert_eq!(page.matches(r#"<article class="item "#).count(), 0);
    assert!(page.contains("no seat nobody at this table"));
}

#[test]
fn errors_are_listed_and_counted() {
    let b = batch(
        vec![
            file(
                "bad.xml",
                Outcome::ImportError("not a log: <mjloggm> missing".into()),
            ),
            file(HANCHAN, Outcome::Game(Box::new(reviewed(HANCHAN)))),
            file(
                "boom.json",
                Outcome::InternalError("index out of range".into()),
            ),
        ],
        None,
    );
    let page = html(&b);
    assert!(page.contains("import error: not a log: &lt;mjloggm&gt; missing"));
    assert!(page.contains("internal error: index out of range"));
    assert!(page.contains("files 3, games 1, kyoku 4, import errors 1, internal errors 1"));
    // Several files: a contents list links to each.
    for n in 0..3 {
        assert!(page.contains(&format!(r##"<a href="#f{n}">"##)));
    }
}

fn has_chromium() -> bool {
    Command::new("sh")
        .args(["-c", "command -v chromium"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs headless chromium on `page` with a fresh profile; `what` is the
/// output switch (`--dump-dom`, `--screenshot=…`). Returns its stdout.
fn chromium(dir: &Path, page: &Path, what: &str) -> String {
    let name = what
        .trim_start_matches('-')
        .split('=')
        .next()
        .unwrap_or("run");
    let profile = dir.join(format!("profile-{name}"));
    let _ = std::fs::remove_dir_all(&profile);
    // `timeout` keeps a browser that never finishes from hanging the run.
    let out = Command::new("timeout")
        .args([
            "120",
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=1200,2000",
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(what)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("timeout and chromium run");
    assert!(
        out.status.success(),
        "chromium {what} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The value of an attribute of the dumped `<html>` element.
fn root_attribute<'a>(dom: &'a str, name: &str) -> Option<&'a str> {
    let root = &dom[dom.find("<html")?..];
    let root = &root[..root.find('>')?];
    let at = root.find(&format!("{name}=\""))? + name.len() + 2;
    let value = &root[at..];
    Some(&value[..value.find('"')?])
}

struct Png {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

fn read_png(path: &Path) -> Png {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = match info.color_type {
        png::ColorType::Rgba => 4,
        png::ColorType::Rgb => 3,
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let rgba = buf[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    Png {
        width: info.width,
        height: info.height,
        rgba,
    }
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-review-html-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn chromium_draws_the_tiles() {
    if !has_chromium() {
        common::report(
            "SKIPPED chromium_draws_the_tiles: chromium is not installed (.ci/run installs it)",
        );
        return;
    }
    let dir = temp_dir();
    let page = dir.join("review.html");
    let b = batch(
        vec![file(HANCHAN, Outcome::Game(Box::new(nasty_hanchan())))],
        None,
    );
    std::fs::write(&page, html(&b)).unwrap();

    // The page's check script: the atlas loaded with its real size, and
    // where the first tile of the first hand is.
    let dom = chromium(&dir, &page, "--dump-dom");
    assert_eq!(
        root_attribute(&dom, "data-tiles-ok"),
        Some("960x512"),
        "the atlas did not load"
    );
    let tile_box: Vec<u32> = root_attribute(&dom, "data-tile-box")
        .expect("the box of the first tile")
        .split(',')
        .map(|n| n.parse().unwrap())
        .collect();
    let [x, y, w, h] = tile_box[..] else {
        panic!("bad box {tile_box:?}")
    };
    assert_eq!((w, h), (36, 48), "tiles are drawn 36×48 in a hand");
    // Serialised back, text escapes only `&`, `<` and `>`: the name is
    // still text, no element.
    assert!(
        dom.contains("&lt;b&gt;タケオ&amp;"),
        "the name stays text in the DOM"
    );
    assert!(!dom.contains("<b>タケオ"));

    let shot = dir.join("review.png");
    chromium(&dir, &page, &format!("--screenshot={}", shot.display()));
    let png = read_png(&shot);
    assert_eq!((png.width, png.height), (1200, 2000));
    assert!(
        y + h <= png.height && x + w <= png.width,
        "the tile is on screen"
    );
    let colours: HashSet<&[u8]> = png.rgba.chunks(4).collect();
    assert!(
        colours.len() > 1000,
        "{} colours: not a real render",
        colours.len()
    );

    // Inside the tile (clear of its rounded corners): a light face with ink.
    let mut inside = HashSet::new();
    let (mut light, mut dark) = (0, 0);
    for py in y + 4..y + h - 4 {
        for px in x + 4..x + w - 4 {
            let i = ((py * png.width + px) * 4) as usize;
            let p = &png.rgba[i..i + 4];
            let luma = (u32::from(p[0]) * 3 + u32::from(p[1]) * 6 + u32::from(p[2])) / 10;
            light += usize::from(luma > 200);
            dark += usize::from(luma < 140);
            inside.insert(p);
        }
    }
    common::report(&format!(
        "review html render: {} colours; first tile at {x},{y}: {} colours, {light} light and {dark} ink pixels",
        colours.len(),
        inside.len()
    ));
    assert!(
        inside.len() >= 16,
        "the tile is flat: {} colours",
        inside.len()
    );
    assert!(light > 200, "no tile face: {light} light pixels");
    assert!(dark > 20, "no ink on the tile: {dark} dark pixels");
    let _ = std::fs::remove_dir_all(&dir);
}
