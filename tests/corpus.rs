//! Tests over the shared corpus of real logs (`../shared/corpus`). On a
//! machine without it each test prints that it was skipped and why.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use paifu::event::{Event, Format, GameLog};
use paifu::export::{carried_by, export};
use paifu::import::import_str;

use common::{
    corpus, files_below, first_difference, import, plain, replay::check_game, report, skip,
};

/// Files of the corpus that are not logs. Each must fail to import with a
/// located error that says why.
const NOT_LOGS: &[(&str, &str)] = &[
    (
        "tenhou-xml/dnovikoff-tenhou-log_test_data/README.txt",
        "not a game log",
    ),
    (
        "tenhou-xml/dnovikoff-tenhou-log_test_data/example.txt",
        "not a game log",
    ),
    (
        // gimite's debug dump prints a board after every event.
        "mjai/gimite-mjai-golden/test.mjlog.golden.log",
        "expected an mjai event",
    ),
];

/// Logs that import but whose play cannot be replayed, with the reason.
const NOT_REPLAYABLE: &[(&str, &str)] = &[(
    "tenhou-xml/pantheon-mimir/models/hanchan_with_noname.xml",
    "hand-edited by its source: the play between INIT and AGARI was removed",
)];

/// Logs a target format cannot express, with the reason. `export` refuses
/// them with an error naming the kyoku; the test checks that it does.
const NOT_EXPRESSIBLE: &[(&str, Format, &str)] = &[(
    "tenhou-xml/tenhou-python-bot-system_testing/24.txt",
    Format::Tenhou6,
    "in kyoku E4-1 seat 1 draws first while the dealer is seat 3 (a bot fixture); tenhou.net/6 rebuilds the order of play from the dealer",
)];

struct Imported {
    path: PathBuf,
    log: GameLog,
}

fn import_folder(corpus: &Path, folder: &str) -> (Vec<Imported>, Vec<(PathBuf, String)>) {
    let mut ok = Vec::new();
    let mut failed = Vec::new();
    for path in files_below(&corpus.join(folder)) {
        match import(&path) {
            Ok(log) => ok.push(Imported { path, log }),
            Err(e) => failed.push((path, e.to_string())),
        }
    }
    (ok, failed)
}

fn relative(corpus: &Path, path: &Path) -> String {
    path.strip_prefix(corpus)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

#[test]
fn every_corpus_log_imports_and_adds_up() {
    let Some(corpus) = corpus() else {
        return skip("every_corpus_log_imports_and_adds_up");
    };
    let mut problems = Vec::new();
    for (folder, format) in [
        ("tenhou-xml", Format::TenhouXml),
        ("tenhou-json", Format::Tenhou6),
        ("mjai", Format::Mjai),
    ] {
        let (ok, failed) = import_folder(&corpus, folder);
        let files = ok.len() + failed.len();
        let kyoku: usize = ok.iter().map(|i| i.log.kyoku_count()).sum();
        let events: usize = ok.iter().map(|i| i.log.events.len()).sum();
        let incomplete = ok.iter().filter(|i| i.log.meta.incomplete).count();
        report(&format!(
            "corpus {folder}: {files} files, {} imported ({kyoku} kyoku, {events} events, {incomplete} marked incomplete), {} not logs",
            ok.len(),
            failed.len()
        ));
        for (path, err) in &failed {
            let rel = relative(&corpus, path);
            println!("  not imported: {rel}: {err}");
            match NOT_LOGS.iter().find(|(p, _)| *p == rel) {
                Some((_, why)) if err.contains(why) && err.contains("line ") => {}
                Some((_, why)) => problems.push(format!(
                    "{rel}: expected a located error containing `{why}`, got: {err}"
                )),
                None => problems.push(format!("{rel} failed to import: {err}")),
            }
        }
        let mut variant = 0;
        for i in &ok {
            assert_eq!(i.log.meta.format, format, "{}", i.path.display());
            let rel = relative(&corpus, &i.path);
            if let Some((_, why)) = NOT_REPLAYABLE.iter().find(|(p, _)| *p == rel) {
                println!("  not replayed: {rel}: {why}");
                continue;
            }
            let checked = check_game(&i.log);
            variant += checked.shown_without_winning_tile;
            for p in checked.problems {
                problems.push(format!("{rel}: {p}"));
            }
        }
        if variant > 0 {
            println!("  {variant} wins show the hand without the winning tile (accepted variant)");
        }
    }
    for (rel, _) in NOT_LOGS {
        assert!(
            corpus.join(rel).exists(),
            "{rel} is listed as a non-log but is not in the corpus"
        );
    }
    if !problems.is_empty() {
        for p in problems.iter().take(50) {
            eprintln!("{p}");
        }
        panic!("{} problems in the corpus import", problems.len());
    }
}

/// The same game in Tenhou XML and tenhou.net/6 JSON (corpus README §6).
fn same_game_pairs(corpus: &Path) -> Vec<(PathBuf, PathBuf, Option<usize>)> {
    let mut pairs = Vec::new();
    for json in files_below(&corpus.join("tenhou-json/mjx-tests_py-mjscore")) {
        let Some(stem) = json.file_stem() else {
            continue;
        };
        let xml = corpus
            .join("tenhou-xml/mjx-tests_py")
            .join(stem)
            .with_extension("mjlog");
        pairs.push((xml, json, None));
    }
    let pantheon = [
        ("onlineLog/doubleron", "onlineLog/doubleron"),
        (
            "onlineLog/doubleron_and_honba",
            "onlineLog/doubleron_and_honba",
        ),
        ("onlineLog/four_kan_draw", "onlineLog/four_kan_draw"),
        ("onlineLog/four_riichi_draw", "onlineLog/four_riichi_draw"),
        ("onlineLog/four_wind_draw", "onlineLog/four_wind_draw"),
        (
            "onlineLog/nine_terminal_draw",
            "onlineLog/nine_terminal_draw",
        ),
        ("onlineLog/pao_ron", "onlineLog/pao_ron"),
        ("onlineLog/pao_tsumo", "onlineLog/pao_tsumo"),
        (
            "onlineLog/suuankou_no_dealer_tsumo_no_pao",
            "onlineLog/suuankou_no_dealer_tsumo_no_pao",
        ),
        (
            "onlineLog/suukantsu_dealer_tsumo_no_pao",
            "onlineLog/suukantsu_dealer_tsumo_no_pao",
        ),
        ("onlineLog/triple_ron_draw", "onlineLog/triple_ron_draw"),
        ("onlineLog/tripleyakuman", "onlineLog/tripleyakuman"),
        ("onlineLog/west", "onlineLog/west"),
        (
            "onlineLog/yakuman_ron_no_pao",
            "onlineLog/yakuman_ron_no_pao",
        ),
        ("onlineLog/openhand_bug", "onlineLog/usual"),
        ("regress/hanchan", "regress/hanchan"),
        ("models/full_hanchan", "models/full_hanchan"),
        ("models/negative_scores", "models/negative_scores"),
    ];
    for (x, j) in pantheon {
        pairs.push((
            corpus.join(format!("tenhou-xml/pantheon-mimir/{x}.xml")),
            corpus.join(format!("tenhou-json/pantheon-mimir-format6/{j}.json")),
            None,
        ));
    }
    pairs.push((
        corpus.join("tenhou-xml/riichi-rs-tenhou-shuffle/2016022509gm-0009-0000-b327da61.xml"),
        corpus.join("tenhou-json/riichi-rs-tenhou-shuffle/2016022509gm-0009-0000-b327da61.json"),
        None,
    ));
    // The JSON holds only the first kyoku of this game.
    pairs.push((
        corpus.join("tenhou-xml/mjx-tests_cpp/first-example.mjlog"),
        corpus.join("tenhou-json/mjx-tests_cpp-mjscore/first-example.json"),
        Some(1),
    ));
    pairs
}

fn first_kyoku(events: Vec<Event>, n: usize) -> Vec<Event> {
    let mut seen = 0;
    events
        .into_iter()
        .take_while(|e| {
            if matches!(e, Event::StartKyoku(_)) {
                seen += 1;
            }
            seen <= n
        })
        .collect()
}

#[test]
fn same_game_pairs_give_identical_streams() {
    let Some(corpus) = corpus() else {
        return skip("same_game_pairs_give_identical_streams");
    };
    let pairs = same_game_pairs(&corpus);
    let mut kyoku = 0;
    let mut failures = Vec::new();
    for (xml_path, json_path, limit) in &pairs {
        let xml = import(xml_path).unwrap_or_else(|e| panic!("{}: {e}", xml_path.display()));
        let json = import(json_path).unwrap_or_else(|e| panic!("{}: {e}", json_path.display()));
        let mut a = plain(&carried_by(&xml, Format::Tenhou6).events);
        let mut b = plain(&json.events);
        if let Some(n) = limit {
            a = first_kyoku(a, *n);
            b = first_kyoku(b, *n);
        }
        // mjx's one-kyoku-per-line JSON files have no `connection` key, so
        // disconnections the XML shows are missing from them.
        let is_connection =
            |e: &Event| matches!(e, Event::Disconnect { .. } | Event::Reconnect { .. });
        if json_path.to_string_lossy().contains("mjx-tests_py-mjscore")
            && !b.iter().any(is_connection)
        {
            let before = a.len();
            a.retain(|e| !is_connection(e));
            if a.len() < before {
                println!(
                    "  {}: {} disconnections not in the mjx JSON (it has no `connection`)",
                    relative(&corpus, json_path),
                    before - a.len()
                );
            }
        }
        kyoku += b
            .iter()
            .filter(|e| matches!(e, Event::StartKyoku(_)))
            .count();
        if let Some(diff) = first_difference(&a, &b) {
            failures.push(format!(
                "{} vs {}: {diff}",
                relative(&corpus, xml_path),
                relative(&corpus, json_path)
            ));
        }
    }
    println!(
        "same-game pairs: {} games, {kyoku} kyoku compared",
        pairs.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Export to `to`, import back, compare with what `to` can carry.
fn round_trip(log: &GameLog, to: Format) -> Result<(), String> {
    let text = export(log, to).map_err(|e| format!("export: {e}"))?;
    let back = import_str(&text, to).map_err(|e| format!("re-import: {e}"))?;
    let want = plain(&carried_by(log, to).events);
    let got = plain(&back.events);
    match first_difference(&want, &got) {
        Some(d) => Err(d),
        None => Ok(()),
    }
}

#[test]
fn round_trips_through_tenhou6_and_mjai() {
    let Some(corpus) = corpus() else {
        return skip("round_trips_through_tenhou6_and_mjai");
    };
    let mut failures = Vec::new();
    let mut games = 0;
    for folder in ["tenhou-xml", "tenhou-json", "mjai"] {
        let (ok, _) = import_folder(&corpus, folder);
        for i in ok {
            games += 1;
            let rel = relative(&corpus, &i.path);
            if let Some((_, why)) = NOT_REPLAYABLE.iter().find(|(p, _)| *p == rel) {
                println!("  not round-tripped: {rel}: {why}");
                continue;
            }
            let hidden = i.log.events.iter().any(|e| match &e.event {
                Event::Tsumo { pai: None, .. } => true,
                Event::StartKyoku(sk) => sk.hands.iter().flatten().any(Option::is_none),
                _ => false,
            });
            let mut targets = vec![Format::Mjai];
            // tenhou.net/6 has no notation for a hidden tile.
            if !hidden {
                targets.push(Format::Tenhou6);
            }
            for to in targets {
                let refused = NOT_EXPRESSIBLE
                    .iter()
                    .find(|(p, f, _)| *p == rel && *f == to);
                match (round_trip(&i.log, to), refused) {
                    (Ok(()), None) => {}
                    (Err(e), Some((_, _, why))) if e.starts_with("export: cannot write") => {
                        println!("  refused as expected: {rel} → {to}: {why}\n    {e}");
                    }
                    (Ok(()), Some(_)) => {
                        failures.push(format!(
                            "{rel} → {to}: expected a refusal, got a round trip"
                        ));
                    }
                    (Err(e), _) => failures.push(format!("{rel} → {to}: {e}")),
                }
            }
        }
    }
    report(&format!(
        "corpus round trips: {games} games through mjai and tenhou.net/6"
    ));
    if !failures.is_empty() {
        for f in failures.iter().take(30) {
            eprintln!("{f}");
        }
        panic!("{} round trips failed", failures.len());
    }
}

#[test]
fn tenhou6_imports_are_what_tenhou6_carries() {
    let Some(corpus) = corpus() else {
        return skip("tenhou6_imports_are_what_tenhou6_carries");
    };
    let (ok, _) = import_folder(&corpus, "tenhou-json");
    let mut failures = Vec::new();
    for i in &ok {
        let a = plain(&i.log.events);
        let b = plain(&carried_by(&i.log, Format::Tenhou6).events);
        if let Some(d) = first_difference(&a, &b) {
            failures.push(format!("{}: {d}", relative(&corpus, &i.path)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
