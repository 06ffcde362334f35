//! The HTML review report: one standalone page (no network), the tile
//! atlas embedded once, one folding block per item shown with its
//! situation, board, hand and acceptance table as data, every text from
//! the log escaped, names that need a CJK font drawn from the bundled
//! one, `--seat` honoured, the same bytes for the same batch, and a size
//! within the budget per game (on 100 corpus hanchan when the corpus is
//! here). Where `chromium` is installed (`.ci/run` installs it) the page
//! is rendered headless: the script drew each open item's board, table
//! and viewer command, the page's own check script reports the atlas
//! loaded, and the screenshot's pixels where the first tile sits are a
//! tile face (ink on a light face), not a flat fill. Without chromium
//! that part says why it is skipped.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::HashSet;
use std::path::PathBuf;

use paifu::batch::{Batch, FileOutcome as Outcome};
use paifu::review::Options;
use paifu::review::write::{ReviewBatch, ReviewedFile, ReviewedGame, review_game, write_html};
use paifu::rules::RulesChoice;

use common::browser::{chromium, has_chromium, root_attribute, screenshot};

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
    &rest[..rest.find("</details>").unwrap()]
}

/// The value of the single-quoted data attribute `name` in a block.
fn data<'a>(block: &'a str, name: &str) -> Option<&'a str> {
    let start = block.find(&format!(" data-{name}='"))? + name.len() + 8;
    let rest = &block[start..];
    Some(&rest[..rest.find('\'')?])
}

/// Tiles written as the page's data writes them: a compact name each,
/// with its mark signs.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i].is_ascii_digit() && b"mpsz".contains(&bytes[i + 1]) {
            let mut end = i + 2;
            while end < bytes.len() && b"_*^!+".contains(&bytes[end]) {
                end += 1;
            }
            out.push(&text[i..end]);
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

#[test]
fn page_is_standalone_escaped_and_shows_every_item_with_its_situation() {
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
        // The drawn names are SVG images whose namespace is a URI, not
        // a fetch.
        let fetches = page
            .matches(remote)
            .count()
            .saturating_sub(page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count());
        assert_eq!(fetches, 0, "the page reaches out: {remote}");
    }
    assert_eq!(
        page.matches("data:image/png;base64,").count(),
        1,
        "the atlas is embedded exactly once"
    );
    assert!(page.len() < 400_000, "{} bytes for one hanchan", page.len());

    assert!(!items.is_empty());
    assert_eq!(
        page.matches(r#"<details class="item "#).count(),
        items.len()
    );
    // The game knows its file, for the viewer command.
    assert!(page.contains(&format!(r#"data-file="{HANCHAN}""#)));
    for (k, item) in items.iter().enumerate() {
        let b = block(&page, &format!("f0-i{k}"));
        assert!(b.contains(&format!(r#"<b class="kind">{}</b>"#, item.kind)));
        assert!(b.contains(&format!(r#"class="badge {}""#, item.weight)));
        assert_eq!(
            b.contains(" open>"),
            item.kind.code() != "EFFICIENCY",
            "item {k}: only EFFICIENCY folded"
        );
        assert!(b.contains(&format!(r#"data-e="{}""#, item.event)));
        // The hand: every concealed tile, then each meld set apart.
        let hand = data(b, "h").expect("the hand");
        let (concealed, melds) = hand.split_once('|').unwrap();
        assert_eq!(tokens(concealed).len(), item.hand.len(), "item {k}");
        assert_eq!(
            melds.split(' ').filter(|m| !m.is_empty()).count(),
            item.melds.len(),
            "item {k}: each meld set apart"
        );
        let facts = data(b, "f").unwrap();
        if let Some(p) = item.played {
            // The passed winning tile of a missed win is marked as the
            // better choice.
            let mark = if item.better.iter().any(|t| t.kind() == p.kind()) {
                '+'
            } else {
                '!'
            };
            let marked = tokens(concealed).iter().any(|t| t.ends_with(mark))
                || mark == '!' && item.hand.iter().all(|t| t.kind() != p.kind());
            assert!(marked, "item {k}: the tile played {p} is marked: {hand}");
            assert!(facts.contains(&p.to_compact()), "item {k}: {facts}");
        }
        for t in &item.better {
            assert!(facts.contains(&t.to_compact()), "item {k}: {t} in {facts}");
        }
        // The board is the situation's.
        let s = item.situation.as_ref().expect("a situation");
        assert!(b.contains(&format!(r#"<span class="turn">turn {}</span>"#, s.turn)));
        let board: serde_json::Value = serde_json::from_str(data(b, "b").unwrap()).unwrap();
        assert_eq!(board["t"], s.turn);
        assert_eq!(board["l"], s.tiles_left);
        assert_eq!(board["c"], serde_json::json!(s.scores));
        assert_eq!(board["p"], serde_json::json!(s.placements));
        let rivers = board["r"].as_array().unwrap();
        assert_eq!(rivers.len(), 4);
        for (seat, river) in rivers.iter().enumerate() {
            let river = tokens(river.as_str().unwrap());
            assert_eq!(river.len(), s.board.seats[seat].river.len());
            assert_eq!(
                river.iter().filter(|t| t.contains('*')).count(),
                usize::from(s.board.seats[seat].river.iter().any(|t| t.riichi))
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
    // Not plain ASCII: drawn from the bundled font's outlines, so that it
    // reads without a CJK font.
    assert!(page.contains(&format!(r#"<i class="nm n0" title="{NASTY_ESCAPED}"></i>"#)));
    assert!(page.contains(".n0{width:"));

    // What to work on: the costliest kinds, first.
    let first = paifu::review::write::work_on(&b);
    let line = &page[page.find(r#"<p class="work">"#).unwrap()..];
    let line = &line[..line.find("</p>").unwrap()];
    match first.first() {
        Some(c) => assert!(line.contains(&c.to_string()), "{line}"),
        None => assert!(line.contains("no mistake"), "{line}"),
    }

    let (k, item) = items
        .iter()
        .enumerate()
        .find(|(_, i)| i.decision.is_some())
        .expect("an item with a decision");
    let d = &decisions[item.decision.unwrap()];
    let b = block(&page, &format!("f0-i{k}"));
    let rows: Vec<&str> = data(b, "c").unwrap().split(';').skip(1).collect();
    assert_eq!(rows.len(), d.candidates.len());
    assert_eq!(rows.iter().filter(|r| r.ends_with('!')).count(), 1);
    let best = d.candidates.iter().filter(|c| c.rank == 1).count();
    assert_eq!(
        rows.iter()
            .filter(|r| r.split(',').nth(6) == Some("1"))
            .count(),
        best
    );
    // Best first: the first row is the first candidate.
    assert!(rows[0].starts_with(&d.candidates[0].discard.to_compact()));
}

/// Each game's share of the page stays within this: a report of 100
/// hanchan under 5 MB.
const BYTES_PER_GAME: usize = 50_000;

#[test]
fn a_report_stays_within_its_budget_per_game() {
    let one = html(&batch(
        vec![file(HANCHAN, Outcome::Game(Box::new(reviewed(HANCHAN))))],
        None,
    ));
    assert!(
        one.len() < 300_000,
        "{} bytes for one game with the page's fixed parts",
        one.len()
    );
    let Some(corpus) = common::corpus() else {
        common::skip("a_report_stays_within_its_budget_per_game (100 hanchan)");
        return;
    };
    let dir = corpus.join("tenhou-xml/mjx-suphnx-reward-shaping-history");
    let files: Vec<_> = common::files_below(&dir).into_iter().take(100).collect();
    if files.len() < 100 {
        common::report(&format!(
            "SKIPPED a_report_stays_within_its_budget_per_game: {} has {} logs, not 100",
            dir.display(),
            files.len()
        ));
        return;
    }
    let reviewed: Vec<ReviewedFile> = files
        .iter()
        .map(|f| {
            let log = common::import(f).unwrap();
            let g = review_game(&log, &RulesChoice::Auto, &Options::default());
            file(&f.display().to_string(), Outcome::Game(Box::new(g)))
        })
        .collect();
    let items: usize = reviewed
        .iter()
        .filter_map(|f| match &f.outcome {
            Outcome::Game(g) => Some(g.review.items.len()),
            _ => None,
        })
        .sum();
    let page = html(&batch(reviewed, None));
    common::report(&format!(
        "review html of 100 hanchan: {} bytes, {items} items ({} bytes a game)",
        page.len(),
        page.len() / 100
    ));
    assert!(
        page.len() < 100 * BYTES_PER_GAME,
        "{} bytes for 100 hanchan: over {BYTES_PER_GAME} a game",
        page.len()
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
    assert_eq!(page.matches(r#"<details class="item "#).count(), seat3);
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
    assert_eq!(page.matches(r#"<details class="item "#).count(), 0);
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

/// The window the review page is drawn in.
const WINDOW: (u32, u32) = (1200, 4000);

/// A fresh folder for one test's page and chromium's profile.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paifu-review-html-{}-{test}", std::process::id()));
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
    let dir = temp_dir("tiles");
    let page = dir.join("review.html");
    let b = batch(
        vec![file(HANCHAN, Outcome::Game(Box::new(nasty_hanchan())))],
        None,
    );
    std::fs::write(&page, html(&b)).unwrap();

    // The page's check script: the atlas loaded with its real size, and
    // where the first tile of the first hand is.
    let dom = chromium(&dir, &page, "--dump-dom", WINDOW);
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
    // Serialised back, text escapes only `&`, `<` and `>` (and an
    // attribute only `&` and `"`): the name is still text, no element.
    assert!(
        dom.contains("&lt;b&gt;タケオ&amp;"),
        "the name stays text in the DOM"
    );
    assert!(!dom.contains("<b>タケオ&amp;\"'</b>"));
    // The script drew each open item: the board, the hand, the table and
    // the command that opens the item in the viewer.
    let open = b
        .games()
        .flat_map(|(_, g)| g.review.items.iter())
        .filter(|i| i.kind.code() != "EFFICIENCY")
        .count();
    assert!(open > 0);
    // The script's own text holds the markup it writes: count in the body.
    let body = &dom[dom.find("<main>").expect("the page's body")..];
    assert_eq!(body.matches(r#"<div class="board">"#).count(), open);
    assert!(body.contains(r#"<table class="acceptance">"#));
    let first = b
        .games()
        .flat_map(|(_, g)| g.review.items.iter())
        .find(|i| i.kind.code() != "EFFICIENCY")
        .unwrap();
    assert!(
        body.contains(&format!(
            "paifu view {HANCHAN} --event {} --seat {}",
            first.event, first.seat
        )),
        "the viewer command"
    );
    // The script words hindsight on the wall as the library does.
    let luck: Vec<String> = b
        .games()
        .flat_map(|(_, g)| g.review.items.iter())
        .filter(|i| i.kind.code() != "EFFICIENCY")
        .filter_map(|i| i.hindsight.as_ref().map(paifu::review::Hindsight::sentence))
        .collect();
    assert!(!luck.is_empty(), "no open item with hindsight on the wall");
    for s in &luck {
        assert!(
            body.contains(&format!(r#"<p class="luck">{s}</p>"#)),
            "the page words it otherwise: {s}"
        );
    }

    let pixels = screenshot(&dir, &page, "review", WINDOW);
    let (width, height) = WINDOW;
    assert!(y + h <= height && x + w <= width, "the tile is on screen");
    let colours: HashSet<&[u8; 3]> = pixels.iter().collect();
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
            let p = &pixels[(py * width + px) as usize];
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

#[test]
fn chromium_quotes_the_viewer_command_for_a_shell() {
    if !has_chromium() {
        common::report(
            "SKIPPED chromium_quotes_the_viewer_command_for_a_shell: chromium is not installed (.ci/run installs it)",
        );
        return;
    }
    let dir = temp_dir("quote");
    let page = dir.join("review.html");
    // A path as given with a space and a quote, and a profile named.
    let name = "my games/it's E1.mjlog";
    let mut b = batch(
        vec![file(name, Outcome::Game(Box::new(reviewed(HANCHAN))))],
        None,
    );
    b.batch.rules = "tenhou".into();
    std::fs::write(&page, html(&b)).unwrap();
    let dom = chromium(&dir, &page, "--dump-dom", WINDOW);
    let body = &dom[dom.find("<main>").expect("the page's body")..];
    let first = b
        .games()
        .flat_map(|(_, g)| g.review.items.iter())
        .find(|i| i.kind.code() != "EFFICIENCY")
        .unwrap();
    let command = format!(
        r"paifu view 'my games/it'\''s E1.mjlog' --event {} --seat {} --rules tenhou",
        first.event, first.seat
    );
    assert!(body.contains(&command), "no `{command}` in the page");
    let _ = std::fs::remove_dir_all(&dir);
}
