//! The batch every command that reads many logs runs (`paifu::batch`),
//! through the library: walking folders, reading and hashing, skipping
//! what is no log, reporting what cannot be read, salvaging what is cut,
//! the size cap, input order on any thread count, the exit policy, and
//! never writing over an input. The CLI only where the library cannot
//! show it (the reports' lines are written by crate-private writers).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use paifu::batch::{
    Batch, BatchFile, EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE, FileOutcome, Input, Judged,
    SKIPPED_REASON, Sha256Digest, Tally, expand, output_is_input, profile_fingerprint, read_hashed,
    run,
};
use paifu::event::{Damage, Event, Format, GameLog};
use paifu::import::{ImportOptions, import_bytes};
use paifu::report::{FailOn, Report, SeverityCounts, audit_game};
use paifu::review::Options;
use paifu::review::write::{ReviewBatch, review_game};
use paifu::rules::{Rules, RulesChoice};

use common::{paifu, testdata};

/// A folder of its own for one test, removed when the test ends (also
/// when it fails).
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("paifu-batch-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    /// Writes `bytes` to `rel` below the folder (making its folders) and
    /// returns the path.
    fn write(&self, rel: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// A file of `testdata/`.
fn td(rel: &str) -> PathBuf {
    testdata().join(rel)
}

fn named(path: impl Into<PathBuf>) -> Input {
    Input {
        path: path.into(),
        walked: false,
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// What the tests' job keeps of a game.
#[derive(Clone, PartialEq, Debug)]
struct Game {
    format: Format,
    kyoku: Vec<String>,
    events: Vec<Event>,
    damage: Option<Damage>,
    profile_sha256: Sha256Digest,
}

impl Judged for Game {
    fn profile_sha256(&self) -> Sha256Digest {
        self.profile_sha256
    }

    fn damage(&self) -> Option<&Damage> {
        self.damage.as_ref()
    }

    fn kyoku(&self) -> usize {
        self.kyoku.len()
    }
}

/// The kyoku labels of a log, in order.
fn labels(log: &GameLog) -> Vec<String> {
    log.plain_events()
        .filter_map(|e| match e {
            Event::StartKyoku(sk) => Some(sk.label()),
            _ => None,
        })
        .collect()
}

fn game(log: &GameLog) -> Game {
    Game {
        format: log.meta.format,
        kyoku: labels(log),
        events: log.plain_events().cloned().collect(),
        damage: log.meta.damage.clone(),
        profile_sha256: profile_fingerprint(&Rules::for_log(&log.meta).rules),
    }
}

fn batch(files: Vec<BatchFile<Game>>) -> Batch<Game> {
    Batch {
        rules: "auto".into(),
        files,
    }
}

fn the_game<T>(f: &BatchFile<T>) -> &T {
    f.game()
        .unwrap_or_else(|| panic!("{} gave no game: {:?}", f.file, f.failure()))
}

fn import_failure<T>(f: &BatchFile<T>) -> &paifu::batch::ImportFailure {
    match &f.outcome {
        FileOutcome::ImportError(e) => e,
        _ => panic!("{} is no import error", f.file),
    }
}

#[test]
fn folders_are_walked_recursively_in_sorted_order() {
    let dir = TempDir::new("walk");
    // Written out of order, and nested: the walk must not follow the
    // file system's order.
    for rel in [
        "logs/z.json",
        "logs/b/2.mjlog",
        "logs/a/deep/er/x.jsonl",
        "logs/b/1.mjlog",
        "logs/B.json",
        "logs/c.txt",
    ] {
        dir.write(rel, "");
    }
    std::fs::create_dir_all(dir.0.join("logs/empty/too")).unwrap();
    std::fs::create_dir_all(dir.0.join("nothing")).unwrap();
    let logs = dir.0.join("logs");
    let single = dir.write("single.mjlog", "");
    let missing = dir.0.join("no/such/file.mjlog");

    let inputs = expand(&[
        single.clone(),
        logs.clone(),
        dir.0.join("nothing"),
        PathBuf::from("-"),
        missing.clone(),
    ]);
    let got: Vec<(PathBuf, bool)> = inputs.iter().map(|i| (i.path.clone(), i.walked)).collect();
    let walked = |rel: &str| (logs.join(rel), true);
    assert_eq!(
        got,
        [
            (single, false),
            walked("B.json"),
            walked("a/deep/er/x.jsonl"),
            walked("b/1.mjlog"),
            walked("b/2.mjlog"),
            walked("c.txt"),
            walked("z.json"),
            (PathBuf::from("-"), false),
            // Named, a path is read as given: it fails when opened.
            (missing, false),
        ],
        "the arguments in order, each folder's files sorted, empty folders giving nothing"
    );
}

#[test]
fn a_file_in_a_folder_that_is_no_log_is_skipped_not_an_error() {
    let dir = TempDir::new("skip");
    std::fs::copy(td("tenhou_xml/double_ron.mjlog"), dir.0.join("game.mjlog")).unwrap();
    let readme = dir.write("README.md", "# Logs of the club league\n");
    dir.write("settings.json", r#"{"volume": 3, "theme": "dark"}"#);
    dir.write("empty.txt", "");

    let mut inputs = expand(std::slice::from_ref(&dir.0));
    assert!(inputs.iter().all(|i| i.walked));
    let walked_only = batch(run(&inputs, &ImportOptions::default(), game));
    let outcomes: Vec<(String, bool)> = walked_only
        .files
        .iter()
        .map(|f| {
            let name = Path::new(&f.file).file_name().unwrap();
            (
                name.to_string_lossy().into_owned(),
                matches!(f.outcome, FileOutcome::Skipped),
            )
        })
        .collect();
    assert_eq!(
        outcomes,
        [
            ("README.md".to_owned(), true),
            ("empty.txt".to_owned(), true),
            ("game.mjlog".to_owned(), false),
            ("settings.json".to_owned(), true),
        ]
    );
    assert_eq!(the_game(&walked_only.files[2]).format, Format::TenhouXml);
    // Skipped files are read to their end like any other, and no failure.
    let readme_file = &walked_only.files[0];
    assert_eq!(
        readme_file.sha256,
        Some(Sha256Digest::of(&std::fs::read(&readme).unwrap()))
    );
    assert_eq!(readme_file.failure(), None);
    let tally = walked_only.tally();
    assert_eq!(
        tally,
        Tally {
            files: 4,
            games: 1,
            skipped: 3,
            ..Tally::default()
        }
    );
    assert!(!tally.unreadable(), "skipping is no error");
    assert_eq!(walked_only.skipped().count(), 3);
    assert_eq!(SKIPPED_REASON, "not a game log");

    // Named on the command line, the same README is an error.
    inputs.push(named(&readme));
    let with_named = batch(run(&inputs, &ImportOptions::default(), game));
    let e = import_failure(&with_named.files[4]);
    assert_eq!((e.format, e.line), (None, Some(1)), "{e:?}");
    assert!(e.message.contains("line 1"), "{}", e.message);
    let tally = with_named.tally();
    assert_eq!((tally.skipped, tally.import_errors), (3, 1));
    assert!(tally.unreadable());
}

#[test]
fn an_unreadable_file_is_reported_located_and_the_batch_goes_on() {
    let dir = TempDir::new("unreadable");
    let broken = dir.write("broken.mjlog", "<mjloggm ver=\"2.3\"><INIT seed=");
    let missing = dir.0.join("missing.json");
    let inputs = [
        named(td("tenhou_xml/double_ron.mjlog")),
        named(&broken),
        named(&missing),
        named(td("tenhou6/chankan.json")),
    ];
    let files = run(&inputs, &ImportOptions::default(), game);
    assert_eq!(files.len(), 4, "one result per input");
    for (f, input) in files.iter().zip(&inputs) {
        assert_eq!(
            f.file,
            input.path.display().to_string(),
            "the path as given"
        );
    }

    assert_eq!(the_game(&files[0]).format, Format::TenhouXml);
    let e = import_failure(&files[1]);
    assert_eq!(e.format, Some(Format::TenhouXml), "{e:?}");
    assert!(e.line.is_some() || e.byte.is_some(), "located: {e:?}");
    assert!(e.message.starts_with("tenhou-xml: "), "{}", e.message);
    assert_eq!(
        files[1].sha256,
        Some(Sha256Digest::of(&std::fs::read(&broken).unwrap())),
        "the bytes were read, even if they are no log"
    );
    assert_eq!(
        files[1].failure(),
        Some(format!("{}: {}", broken.display(), e.message))
    );

    let gone = import_failure(&files[2]);
    assert!(gone.message.starts_with("cannot open "), "{}", gone.message);
    assert!(gone.message.contains("missing.json"), "{}", gone.message);
    assert_eq!((gone.format, gone.line, gone.byte), (None, None, None));
    assert_eq!(files[2].sha256, None, "never read");

    assert_eq!(
        the_game(&files[3]).format,
        Format::Tenhou6,
        "after the errors"
    );
    let tally = batch(files).tally();
    assert_eq!((tally.games, tally.import_errors), (2, 2));
    assert!(tally.unreadable());
}

#[test]
fn a_panic_on_one_file_is_an_internal_error_and_the_batch_goes_on() {
    let inputs = [
        named(td("tenhou_xml/double_ron.mjlog")),
        named(td("tenhou6/chankan.json")),
        named(td("tenhou_xml/chankan.mjlog")),
    ];
    let files = run(&inputs, &ImportOptions::default(), |log| {
        assert!(log.meta.format != Format::Tenhou6, "a bug on tenhou6");
        game(log)
    });
    assert_eq!(the_game(&files[0]).format, Format::TenhouXml);
    let FileOutcome::InternalError(message) = &files[1].outcome else {
        panic!("{:?}", files[1].outcome);
    };
    assert!(message.contains("a bug on tenhou6"), "{message}");
    assert_eq!(
        files[1].failure(),
        Some(format!("internal error in {}: {message}", files[1].file))
    );
    assert_eq!(the_game(&files[2]).format, Format::TenhouXml);
    let tally = batch(files).tally();
    assert_eq!((tally.games, tally.internal_errors), (2, 1));
    assert!(tally.unreadable());
}

/// `log` cut in the middle of the `n`th (from 0) `<INIT` element.
fn cut_before_kyoku(log: &str, n: usize) -> &str {
    let at = log.match_indices("<INIT").nth(n).unwrap().0;
    &log[..at + 20]
}

#[test]
fn a_cut_tenhou_log_is_damaged_and_its_complete_kyoku_are_judged() {
    let dir = TempDir::new("damaged");
    let full_text = std::fs::read_to_string(td("tenhou_xml/chankan.mjlog")).unwrap();
    let full = import_bytes(full_text.as_bytes(), &ImportOptions::default()).unwrap();
    assert!(labels(&full).len() > 6, "{:?}", labels(&full));
    let cut = dir.write("cut.mjlog", cut_before_kyoku(&full_text, 5));
    let inputs = [named(&cut), named(td("tenhou_xml/double_ron.mjlog"))];

    let files = run(&inputs, &ImportOptions::default(), game);
    let g = the_game(&files[0]);
    let damage = g.damage.clone().expect("damaged");
    assert_eq!(damage.format, Format::TenhouXml);
    assert!(
        damage.location.byte.is_some() || damage.location.line.is_some(),
        "{damage:?}"
    );
    assert_eq!(g.kyoku, labels(&full)[..5], "the five complete kyoku");
    assert_eq!(
        g.events,
        full.plain_events()
            .take(g.events.len())
            .cloned()
            .collect::<Vec<_>>(),
        "as the whole log has them"
    );
    assert!(g.events.last().is_some_and(Event::is_end_kyoku));
    assert_eq!(
        files[0].sha256,
        Some(Sha256Digest::of(cut_before_kyoku(&full_text, 5).as_bytes()))
    );
    let tally = batch(files).tally();
    assert_eq!((tally.games, tally.damaged, tally.import_errors), (2, 1, 0));
    assert!(tally.unreadable(), "a damaged file fails the batch");

    // The audit judges the saved kyoku, and the status says the file is
    // damaged whatever the findings policy.
    let choice = RulesChoice::Fixed(Rules::preset("tenhou").unwrap());
    let report = Report {
        rules: choice.label().to_owned(),
        files: run(&inputs, &ImportOptions::default(), |log| {
            audit_game(log, &choice)
        }),
    };
    let audited = the_game(&report.files[0]);
    assert_eq!((audited.kyoku(), audited.audit.kyoku), (5, 5));
    assert_eq!(audited.damage(), Some(&damage));
    let s = report.summary();
    assert_eq!((s.games, s.damaged), (2, 1));
    assert_eq!(report.exit_status(FailOn::None), EXIT_UNREADABLE);
}

#[test]
fn the_audit_report_names_the_damage_and_the_kyoku_saved() {
    // The report's lines are written by the CLI's writers.
    let dir = TempDir::new("damaged-cli");
    let full_text = std::fs::read_to_string(td("tenhou_xml/chankan.mjlog")).unwrap();
    let cut = dir.write("cut.mjlog", cut_before_kyoku(&full_text, 5));
    let cut = cut.to_str().unwrap();
    let out = paifu(&["audit", "--format", "json", cut]);
    assert_eq!(out.status.code(), Some(i32::from(EXIT_UNREADABLE)));
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let damaged = rows.iter().find(|r| r.get("damaged").is_some()).unwrap();
    assert_eq!(damaged["file"], cut);
    assert_eq!(damaged["format"], "tenhou-xml");
    assert_eq!(damaged["kyoku_saved"], 5, "{damaged}");
    assert!(
        damaged["damaged"]
            .as_str()
            .unwrap()
            .starts_with("tenhou-xml: "),
        "{damaged}"
    );
    let summary = &rows.last().unwrap()["summary"];
    assert_eq!(
        (summary["games"].as_u64(), summary["damaged"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(summary["import_errors"], 0, "damaged, not unreadable");

    let text = String::from_utf8(paifu(&["audit", cut]).stdout).unwrap();
    assert!(
        text.contains("   damaged: tenhou-xml: "),
        "the file's heading says so: {text}"
    );
    assert!(text.contains(", damaged 1"), "{text}");
}

#[test]
fn gzip_is_read_and_the_digest_is_of_the_bytes_stored() {
    let dir = TempDir::new("gzip");
    // The bundled gzip log reads as its decompressed text does.
    let stored = std::fs::read(td("tenhou_xml/gzip_double_ron.mjlog")).unwrap();
    assert_eq!(&stored[..2], &[0x1f, 0x8b], "the fixture is gzip");
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&stored[..]), &mut text).unwrap();
    let plain = dir.write("plain.mjlog", &text);

    // Another format, compressed here.
    let json = std::fs::read(td("tenhou6/chankan.json")).unwrap();
    let compressed = gzip(&json);
    let json_gz = dir.write("chankan.json.gz", &compressed);

    let inputs = [
        named(td("tenhou_xml/gzip_double_ron.mjlog")),
        named(&plain),
        named(&json_gz),
        named(td("tenhou6/chankan.json")),
    ];
    let files = run(&inputs, &ImportOptions::default(), game);
    let games = [0, 1, 2, 3].map(|i| the_game(&files[i]));
    assert_eq!(games[0].format, Format::TenhouXml);
    assert!(!games[0].kyoku.is_empty());
    assert_eq!(games[0], games[1], "the gzip log and its text");
    assert_eq!(games[2].format, Format::Tenhou6);
    assert_eq!(games[2], games[3], "a gzip tenhou.net/6 log and its text");
    assert_eq!(files[0].sha256, Some(Sha256Digest::of(&stored)));
    assert_eq!(files[1].sha256, Some(Sha256Digest::of(&text)));
    assert_eq!(files[2].sha256, Some(Sha256Digest::of(&compressed)));
    assert_ne!(files[2].sha256, files[3].sha256, "not of the text inside");

    // A gzip stream cut short is damaged: the kyoku before the cut are
    // kept.
    let full = import_bytes(&text, &ImportOptions::default()).unwrap();
    let whole = gzip(&text);
    let cut = dir.write("cut.mjlog.gz", &whole[..whole.len() * 3 / 4]);
    let read = read_hashed(&cut, &ImportOptions::default());
    let log = read.log.unwrap();
    assert!(log.meta.damage.is_some(), "the stream breaks off");
    let kept = labels(&log);
    assert!(
        !kept.is_empty() && kept.len() < labels(&full).len(),
        "{kept:?}"
    );
    assert_eq!(kept, labels(&full)[..kept.len()]);
}

#[test]
fn the_size_limit_refuses_an_oversized_input() {
    let dir = TempDir::new("size");
    let path = td("tenhou_xml/double_ron.mjlog");
    let len = std::fs::metadata(&path).unwrap().len();
    let gz = td("tenhou_xml/gzip_double_ron.mjlog");
    let gz_len = std::fs::metadata(&gz).unwrap().len();
    let copy = dir.0.join("walked.mjlog");
    std::fs::copy(&path, &copy).unwrap();
    let mut inputs = vec![named(&path), named(&gz)];
    inputs.extend(expand(std::slice::from_ref(&dir.0)));
    assert!(inputs[2].walked);

    // Exactly the limit is allowed; a byte more is not.
    let at_limit = run(&inputs[..1], &ImportOptions { max_size: len }, game);
    assert!(at_limit[0].game().is_some(), "{:?}", at_limit[0].failure());

    // Under both texts' sizes, above the compressed file's.
    let mut gz_text = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(std::fs::File::open(&gz).unwrap()),
        &mut gz_text,
    )
    .unwrap();
    let limit = len.min(gz_text.len() as u64) - 1;
    assert!(gz_len < limit, "the compressed file is under the limit");
    let files = run(&inputs, &ImportOptions { max_size: limit }, game);
    let expected = format!("input larger than the limit of {limit} bytes");
    for f in &files {
        let e = import_failure(f);
        assert!(
            e.message.contains(&expected) && e.message.contains("--max-size"),
            "{}: {}",
            f.file,
            e.message
        );
        assert_eq!((e.line, e.byte), (None, None), "{e:?}");
    }
    // The plain file was refused before its end: no digest of bytes not
    // all read.
    assert_eq!(files[0].sha256, None);
    // The limit holds for the text inside a gzip file, not the file.
    assert!(files[1].failure().is_some());
    // Too large is no reason to skip a file found in a folder.
    assert!(matches!(files[2].outcome, FileOutcome::ImportError(_)));
    let tally = batch(files).tally();
    assert_eq!((tally.import_errors, tally.skipped), (3, 0));
}

#[test]
fn results_come_back_in_input_order_on_any_thread_count() {
    let inputs = expand(&[td("tenhou_xml"), td("tenhou6"), td("mjai")]);
    assert!(inputs.len() > 30, "{}", inputs.len());
    // Games take uneven times, so that on several threads they finish out
    // of input order.
    let job = |log: &GameLog| {
        let micros = (log.events.len() * 7919 % 4000) as u64;
        std::thread::sleep(Duration::from_micros(micros));
        game(log)
    };
    let on = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run(&inputs, &ImportOptions::default(), job))
    };
    let one = on(1);
    let names: Vec<String> = inputs
        .iter()
        .map(|i| i.path.display().to_string())
        .collect();
    assert_eq!(
        one.iter().map(|f| f.file.clone()).collect::<Vec<_>>(),
        names
    );
    assert!(one.iter().filter(|f| f.game().is_some()).count() > 30);
    for threads in [2, 5] {
        assert!(on(threads) == one, "{threads} threads differ from one");
    }
}

#[test]
fn the_exit_status_is_clean_findings_or_unreadable() {
    let dir = TempDir::new("exit");
    let clean = named(td("tenhou_xml/double_ron.mjlog"));
    // Red fives, which EMA 2016 forbids: errors.
    let findings = named(td("tenhou_xml/pao_ron_edited.mjlog"));
    let broken = named(dir.write("broken.mjlog", "<mjloggm ver=\"2.3\"><INIT seed="));
    let readme = dir.write("folder/README.md", "notes\n");
    let skipped = expand(&[readme.parent().unwrap().to_path_buf()]);
    assert_eq!(skipped.len(), 1);

    let tenhou = RulesChoice::Fixed(Rules::preset("tenhou").unwrap());
    let ema = RulesChoice::Fixed(Rules::preset("ema2016").unwrap());
    let audit = |inputs: &[Input], choice: &RulesChoice| Report {
        rules: choice.label().to_owned(),
        files: run(inputs, &ImportOptions::default(), |log| {
            audit_game(log, choice)
        }),
    };
    let all_policies = [FailOn::None, FailOn::Error, FailOn::Warning, FailOn::Info];

    let only_clean = audit(&[clean.clone(), skipped[0].clone()], &tenhou);
    assert_eq!(only_clean.tally().skipped, 1);
    assert!(!only_clean.tally().unreadable());
    assert_eq!(only_clean.summary().findings, SeverityCounts::default());
    for policy in all_policies {
        assert_eq!(only_clean.exit_status(policy), EXIT_CLEAN, "{policy:?}");
    }

    let with_findings = audit(&[clean.clone(), findings.clone()], &ema);
    assert!(!with_findings.tally().unreadable());
    assert!(with_findings.summary().findings.error > 0);
    assert_eq!(with_findings.exit_status(FailOn::Error), EXIT_FINDINGS);
    assert_eq!(with_findings.exit_status(FailOn::None), EXIT_CLEAN);

    // An unreadable file wins over findings, under every policy.
    let with_broken = audit(&[clean.clone(), findings.clone(), broken.clone()], &ema);
    assert!(with_broken.tally().unreadable());
    for policy in all_policies {
        assert_eq!(
            with_broken.exit_status(policy),
            EXIT_UNREADABLE,
            "{policy:?}"
        );
    }

    // The review has no findings policy: clean, or unreadable.
    let review = |inputs: &[Input]| ReviewBatch {
        batch: Batch {
            rules: ema.label().to_owned(),
            files: run(inputs, &ImportOptions::default(), |log| {
                review_game(log, &ema, &Options::default())
            }),
        },
        seat: None,
        decisions: false,
        options: Options::default(),
    };
    assert_eq!(
        review(&[clean.clone(), findings.clone(), skipped[0].clone()]).exit_status(),
        EXIT_CLEAN
    );
    assert_eq!(review(&[clean, broken]).exit_status(), EXIT_UNREADABLE);

    // Each kind of trouble alone makes a tally unreadable; skipping does not.
    let one = |t: Tally| t.unreadable();
    assert!(one(Tally {
        import_errors: 1,
        ..Tally::default()
    }));
    assert!(one(Tally {
        internal_errors: 1,
        ..Tally::default()
    }));
    assert!(one(Tally {
        damaged: 1,
        ..Tally::default()
    }));
    assert!(!one(Tally {
        skipped: 5,
        files: 5,
        ..Tally::default()
    }));
}

#[test]
fn an_output_over_an_input_is_refused_by_any_path_to_it() {
    let dir = TempDir::new("output");
    let log = dir.0.join("logs/game.mjlog");
    std::fs::create_dir_all(log.parent().unwrap()).unwrap();
    std::fs::copy(td("tenhou_xml/double_ron.mjlog"), &log).unwrap();
    std::fs::create_dir_all(dir.0.join("logs/sub")).unwrap();
    let other = dir.write("other.mjlog", "not an input");

    let as_named = [named(&log)];
    let walked = expand(&[dir.0.join("logs")]);
    assert_eq!(walked.len(), 1);
    assert!(walked[0].walked);

    // The path itself, and other spellings of it.
    let mut same = vec![
        log.clone(),
        dir.0.join("logs/./game.mjlog"),
        dir.0.join("logs/sub/../game.mjlog"),
    ];
    // Relative to the working directory.
    let cwd = std::env::current_dir().unwrap().canonicalize().unwrap();
    let absolute = log.canonicalize().unwrap();
    let mut relative = PathBuf::new();
    for _ in cwd.components().skip(1) {
        relative.push("..");
    }
    relative.push(absolute.strip_prefix("/").unwrap());
    assert!(relative.is_relative());
    same.push(relative);
    // Through a symbolic link.
    #[cfg(unix)]
    {
        let link = dir.0.join("link.mjlog");
        std::os::unix::fs::symlink(&log, &link).unwrap();
        same.push(link.clone());
        // And an input named through a link is the file it points to.
        assert!(output_is_input(&log, &[named(&link)]));
    }
    for output in &same {
        assert!(output_is_input(output, &as_named), "{}", output.display());
        assert!(output_is_input(output, &walked), "{}", output.display());
    }

    // Another file, or one that does not exist yet, is no input.
    for output in [other, dir.0.join("logs/report.txt"), dir.0.join("logs")] {
        assert!(!output_is_input(&output, &as_named), "{}", output.display());
        assert!(!output_is_input(&output, &walked), "{}", output.display());
    }
    assert!(!output_is_input(&log, &[]));
    assert_eq!(
        std::fs::read(&log).unwrap(),
        std::fs::read(td("tenhou_xml/double_ron.mjlog")).unwrap(),
        "asking never touches the file"
    );
}
