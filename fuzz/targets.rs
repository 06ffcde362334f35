//! The bodies of the fuzz targets, one function per target.
//!
//! Each `fuzz_targets/<target>.rs` is a one-line call into this file, and the
//! root crate's `tests/fuzz_corpus.rs` includes the same file (`#[path]`) to
//! replay the committed corpus without the fuzzer: what the fuzzer explored
//! and what `cargo test` checks are the same code.
//!
//! A target fails by panicking: either the library panicked, or one of the
//! properties asserted here does not hold.

use paifu::engine::audit as audit_log;
use paifu::event::{Format, GameLog, Seat};
use paifu::export::export;
use paifu::import::{ImportError, ImportOptions, decode, detect, import_bytes, import_str};
use paifu::rules::Rules;
use paifu::score::notation::{SituationText, winning_hand};
use paifu::score::{Table, bare_total, score as score_hand, settle};

/// The largest input, after gzip, the targets import. Above every seed (the
/// largest testdata log is 69 KB) and far below the library's default, so
/// that a gzip bomb the fuzzer assembles costs a few milliseconds, not
/// 64 MiB of memory.
pub const MAX_SIZE: u64 = 256 * 1024;

/// The formats a text importer exists for.
const IMPORTERS: [Format; 5] = [
    Format::TenhouXml,
    Format::Tenhou6,
    Format::Mjai,
    Format::MahjongSoul,
    Format::RiichiCity,
];

/// The formats an exporter exists for.
const EXPORTERS: [Format; 2] = [Format::Mjai, Format::Tenhou6];

fn options() -> ImportOptions {
    ImportOptions { max_size: MAX_SIZE }
}

/// What every import must give: a log whose metadata serialises (the
/// first line of `paifu events`), or an error with a message. The events
/// themselves are plain derived data; serialising them all would double the
/// cost of an execution for code no input can steer.
fn check_import(result: &Result<GameLog, ImportError>) {
    match result {
        Ok(log) => {
            if let Err(e) = serde_json::to_string(&log.meta) {
                panic!("the imported metadata does not serialise: {e}");
            }
        }
        Err(e) => assert!(
            !e.to_string().is_empty(),
            "an import error without a message"
        ),
    }
}

/// Bytes → detection → import, as `paifu events` reads a file; then every
/// other importer on the same text, so that each importer meets every
/// input and not only those detected as its format.
pub fn import(data: &[u8]) {
    let options = options();
    let imported = import_bytes(data, &options);
    check_import(&imported);
    // Bytes that do not decode (broken gzip, not UTF-8) may still import,
    // salvaged up to the damage; the other importers are not tried on them.
    let Ok(text) = decode(data, &options) else {
        return;
    };
    let detected = detect(&text).ok();
    for format in IMPORTERS {
        if Some(format) != detected {
            check_import(&import_str(&text, format));
        }
    }
}

/// Import → audit under the Tenhou and EMA 2016 profiles and under the
/// profile the log's metadata points to (`--rules auto`), when that is
/// another one. Every finding is formatted, as the reports do.
pub fn audit(data: &[u8]) {
    let Ok(log) = import_bytes(data, &options()) else {
        return;
    };
    let mut profiles: Vec<Rules> = ["tenhou", "ema2016"]
        .into_iter()
        .filter_map(Rules::preset)
        .collect();
    assert_eq!(profiles.len(), 2, "a preset is missing");
    let auto = Rules::for_log(&log.meta).rules;
    if !profiles.contains(&auto) {
        profiles.push(auto);
    }
    for rules in &profiles {
        let audit = audit_log(&log, rules);
        assert!(
            audit.outcomes_matching <= audit.outcomes_checked,
            "more outcomes match than were checked"
        );
        for finding in &audit.findings {
            assert!(
                finding.event < log.events.len().max(1),
                "a finding points past the last event"
            );
            let _ = finding.to_string();
        }
    }
}

/// What a record of a platform must give once read: an audit under the
/// profile its room points to (`--rules auto`, the wall's check included)
/// whose findings format, and exports that refuse or read back.
fn check_record(log: &GameLog) {
    let rules = Rules::for_log(&log.meta).rules;
    let audit = audit_log(log, &rules);
    assert!(
        audit.outcomes_matching <= audit.outcomes_checked,
        "more outcomes match than were checked"
    );
    for finding in &audit.findings {
        let _ = finding.to_string();
    }
    for format in EXPORTERS {
        if let Ok(text) = export(log, format)
            && let Err(e) = import_bytes(text.as_bytes(), &ImportOptions::default())
        {
            panic!("the {format} export of a record does not import again: {e}");
        }
    }
}

/// Bytes as a Mahjong Soul record: through detection (which reads the
/// protobuf wire form before any text decoding), and as text read as a
/// JSON record whatever detection says. A record read is audited and
/// exported (`check_record`).
pub fn majsoul(data: &[u8]) {
    let options = options();
    let imported = import_bytes(data, &options);
    check_import(&imported);
    if let Ok(log) = &imported
        && log.meta.format == Format::MahjongSoul
    {
        check_record(log);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let imported = import_str(text, Format::MahjongSoul);
        check_import(&imported);
        if let Ok(log) = &imported {
            check_record(log);
        }
    }
}

/// Text as a Riichi City record (the server's JSON, its events as embedded
/// JSON strings): read, then audited and exported (`check_record`).
pub fn riichicity(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let imported = import_str(text, Format::RiichiCity);
    check_import(&imported);
    if let Ok(log) = &imported {
        check_record(log);
    }
}

/// Import → export to mjai and tenhou.net/6 → import again. An export may
/// refuse a game (an error, never a panic); what it wrote must read back,
/// through detection, as the format it was written in.
pub fn roundtrip(data: &[u8]) {
    let Ok(log) = import_bytes(data, &options()) else {
        return;
    };
    for format in EXPORTERS {
        let Ok(text) = export(&log, format) else {
            continue;
        };
        // The written log may be larger than the input: the default cap.
        match import_bytes(text.as_bytes(), &ImportOptions::default()) {
            Ok(back) => assert_eq!(
                back.meta.format, format,
                "a {format} export is detected as another format"
            ),
            Err(e) => panic!("the {format} export does not import again: {e}"),
        }
    }
}

/// A `paifu score` argument line → the hand notation → score → settle.
///
/// The line is split on blanks like a shell would: the first word that is
/// not a flag is the hand, the flags are `paifu score`'s (`--rules` takes a
/// preset name only). A line the command line would refuse (an unknown
/// flag, a missing value, a number out of range) is skipped, as clap
/// refuses it before the notation is read.
pub fn score(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let Some(args) = ScoreArgs::parse(line) else {
        return;
    };
    let Some(rules) = Rules::preset(args.rules) else {
        return;
    };
    let Ok(hand) = winning_hand(args.hand, args.win) else {
        return;
    };
    let Ok(situation) = args.situation.situation() else {
        return;
    };
    let Ok(scored) = score_hand(&hand, &situation, &rules) else {
        return;
    };
    if let Some(bare) = bare_total(&scored, &situation, &rules) {
        assert!(bare >= 0, "a negative hand value");
        assert!(
            bare <= scored.total,
            "counters and sticks lowered the total"
        );
    }
    // The winner by seat wind, the dealer in seat 0; a ron is paid by the
    // next seat.
    let Some(winner) = Seat::new(situation.seat_wind.index()) else {
        return;
    };
    if winner.get() >= rules.seats {
        // North at a three-player table: no seat to settle.
        return;
    }
    let table = Table {
        seats: rules.seats,
        dealer: Seat::wrapping(0),
        winner,
        discarder: (!situation.tsumo).then(|| winner.plus(1, rules.seats)),
        liable: None,
        kong_feeder: None,
    };
    let deltas = settle(&scored, &situation, &table, &rules);
    let sum: i64 = deltas.iter().map(|&d| i64::from(d)).sum();
    assert_eq!(
        sum,
        i64::from(situation.riichi_sticks) * 1000,
        "a settlement that is not zero-sum apart from the sticks: {deltas:?}"
    );
    assert_eq!(
        deltas.get(winner.index()).copied(),
        Some(scored.total),
        "the winner's gain is not the score's total: {deltas:?}"
    );
    // With liability (big dragons, big winds) only the absence of a panic
    // is asked: the shares are rounded one by one.
    let liable = Table {
        liable: Some(winner.plus(2, rules.seats)),
        ..table
    };
    let _ = settle(&scored, &situation, &liable, &rules);
}

/// A `paifu score` command line, read without clap.
struct ScoreArgs<'a> {
    hand: &'a str,
    win: Option<&'a str>,
    rules: &'a str,
    situation: SituationText<'a>,
}

impl<'a> ScoreArgs<'a> {
    fn parse(line: &'a str) -> Option<Self> {
        let mut args = ScoreArgs {
            hand: "",
            win: None,
            rules: "tenhou",
            situation: SituationText::default(),
        };
        let mut hand = None;
        let (mut ron, mut tsumo) = (false, false);
        let mut words = line.split_whitespace();
        while let Some(word) = words.next() {
            let s = &mut args.situation;
            match word {
                "--ron" => ron = true,
                "--tsumo" => tsumo = true,
                "--riichi" => s.riichi = true,
                "--double-riichi" => s.double_riichi = true,
                "--ippatsu" => s.ippatsu = true,
                "--haitei" => s.haitei = true,
                "--houtei" => s.houtei = true,
                "--rinshan" => s.rinshan = true,
                "--chankan" => s.chankan = true,
                "--tenhou" => s.tenhou = true,
                "--chiihou" => s.chiihou = true,
                "--renhou" => s.renhou = true,
                "--win" => args.win = Some(words.next()?),
                "--seat" => s.seat = words.next()?,
                "--round" => s.round = words.next()?,
                "--dora" => s.dora = words.next()?,
                "--ura" => s.ura = words.next()?,
                "--rules" => args.rules = words.next()?,
                "--nukidora" => s.nukidora = words.next()?.parse().ok()?,
                "--honba" => s.honba = words.next()?.parse().ok()?,
                "--sticks" => s.sticks = words.next()?.parse().ok()?,
                flag if flag.starts_with("--") => return None,
                // A second hand is an error on the command line too.
                _ if hand.is_some() => return None,
                _ => hand = Some(word),
            }
        }
        // The pairs clap declares as conflicting.
        if (ron && tsumo) || (args.situation.riichi && args.situation.double_riichi) {
            return None;
        }
        args.situation.tsumo = tsumo;
        args.hand = hand?;
        Some(args)
    }
}
