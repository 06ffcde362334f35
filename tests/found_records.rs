//! Real records found in public repositories beyond the corpus, whose
//! repositories carry no licence that lets them be copied here: each is
//! named by repository, commit, path and SHA-256, and audited where a copy
//! is present — in `$PAIFU_FOUND_RECORDS`, or `../found-records` beside
//! the repository, as `<owner>+<name>/<file name>` (a `git show` of the
//! named commit and path). Under `--rules auto` every one must import and
//! audit with no error and no warning; the test says how many it found and
//! skips, with a printed reason, where there are none.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use paifu::batch::Sha256Digest;
use paifu::engine::{Severity, audit};
use paifu::rules::Rules;

use common::{import, report};

/// A record: repository (`owner/name`), commit, path in it, SHA-256.
struct Found {
    repo: &'static str,
    commit: &'static str,
    path: &'static str,
    sha256: &'static str,
}

const BADTARO: &str = "Badtaro/RiichiCityTournamentBot";
const BADTARO_COMMIT: &str = "3aa46caa1d607ceb96a1f79b2f3ec2196a30ce30";

/// Riichi City: eleven three-player tournament games (`gamePlay` 1002,
/// 50000 points, east and south), 116 hands, saved by a tournament bot.
const FOUND: &[Found] = &[
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1aa9uai08a0i7csbjg.json",
        sha256: "314a4b4eaf068745163b34a14c0598db48226d14110a4d4e73cf0f3e59016346",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1akouai08a0i7ctb6g.json",
        sha256: "1687b0cb312bfc470802bce0f991539eaef86d2e6e421ec6b46b328dc6cb439e",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1an16ai08a0i7cthlg.json",
        sha256: "48d1ad173dc124ebe8fa546ac380aee8b4d0e735c86b5536ec916ead288ad933",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1anteai08a0i7ctjbg.json",
        sha256: "a0075a70f9fcd2271598a5750caf0754f6398ddd8fdd582c6aa775d044154a42",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1atc6ai08a0i7cu1c0.json",
        sha256: "80539c9a3ea3928c82f845f265a6174701845d86b70430e0ca38dda8a0520519",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1b5q6ai08a0i7cummg.json",
        sha256: "d8239498835941c3cfd8b82fcf7c133a7a3b7549a4c4e258a63bb6f2c39b3de6",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1b7quai08a0i7cuqrg.json",
        sha256: "4e853adf7db3b7c2d67e8575e024a18e3bb7fb87b9034b7059c9000eb84e7974",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1bilmai08a0i7cvlh0.json",
        sha256: "9d24ff2da44570a457a5f9174fddd6e649bd21369fb6a92c37be78f79595aa6a",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1c50eai08a0i7d1dlg.json",
        sha256: "ac06a4367d486822c932a557a4a83104c8f7fa7a62d31ad0fa94c8b371a65989",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1cm9mai08a0i7d3ht0.json",
        sha256: "8226e865c404e1f6016407ddf4bac24e7931ce34f01916ad791da2e007d22294",
    },
    Found {
        repo: BADTARO,
        commit: BADTARO_COMMIT,
        path: "old games/demo games/cd1d6beai08a0i7d5bh0.json",
        sha256: "a977eaad48994189521a94da8a5f51a35492da599c296e0acbf7664d682d8461",
    },
];

/// Where the copies are kept, if this machine has them.
fn found_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("PAIFU_FOUND_RECORDS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../found-records"),
        PathBuf::from,
    );
    dir.is_dir().then_some(dir)
}

fn local(dir: &Path, f: &Found) -> PathBuf {
    let name = f.path.rsplit('/').next().unwrap_or(f.path);
    dir.join(f.repo.replace('/', "+")).join(name)
}

#[test]
fn every_found_record_audits_clean() {
    let Some(dir) = found_dir() else {
        report(
            "SKIPPED every_found_record_audits_clean: no copies of the found records (../found-records or $PAIFU_FOUND_RECORDS) on this machine",
        );
        return;
    };
    let mut present = 0;
    let mut kyoku = 0;
    let mut problems = Vec::new();
    for f in FOUND {
        let path = local(&dir, f);
        let Ok(bytes) = std::fs::read(&path) else {
            report(&format!(
                "not present: {} (git show {}:\"{}\" in {})",
                path.display(),
                f.commit,
                f.path,
                f.repo
            ));
            continue;
        };
        present += 1;
        let sha = Sha256Digest::of(&bytes).to_string();
        assert_eq!(sha, f.sha256, "{}: not the named file", f.path);
        let log = match import(&path) {
            Ok(log) => log,
            Err(e) => {
                problems.push(format!("{}: import error: {e}", f.path));
                continue;
            }
        };
        kyoku += log.kyoku_count();
        let rules = Rules::for_log(&log.meta).rules;
        for finding in audit(&log, &rules).findings {
            if finding.severity != Severity::Info {
                problems.push(format!(
                    "{} event {}: {} {}",
                    f.path, finding.event, finding.rule, finding.message
                ));
            }
        }
    }
    report(&format!(
        "found records: {present} of {} present, {kyoku} kyoku audited",
        FOUND.len()
    ));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
