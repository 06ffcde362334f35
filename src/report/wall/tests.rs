use super::digest::{
    Digests, GameVerdict, KyokuDigest, Salt, Verdict, canonical, digests, game_digest, verify,
    wall_digest,
};
use super::*;
use crate::import::{ImportOptions, import_bytes};
use crate::tile::parse_hand;

fn testdata_log(rel: &str) -> GameLog {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel);
    let bytes = std::fs::read(path).unwrap();
    import_bytes(&bytes, &ImportOptions::default()).unwrap()
}

fn tiles(text: &str) -> Vec<Tile> {
    // Compact notation read tile by tile, in the order written.
    text.split_whitespace()
        .flat_map(|t| parse_hand(t).unwrap())
        .collect()
}

/// A small wall: not a real one, but every part filled.
fn small_wall(with_deal: bool) -> Wall {
    Wall {
        live: tiles("9s 1z 5m"),
        replacements: if with_deal { tiles("4p") } else { Vec::new() },
        dora_markers: tiles("3s"),
        ura_markers: if with_deal { tiles("6m") } else { Vec::new() },
        deal: if with_deal {
            vec![tiles("1m 2m"), tiles("0p 7z")]
        } else {
            Vec::new()
        },
    }
}

fn salt() -> Salt {
    Salt::new("s3cret").unwrap()
}

#[test]
fn the_canonical_text_is_one_line_per_part_in_drawing_order() {
    assert_eq!(
        canonical(2, &small_wall(true), &salt()),
        "paifu-wall-v1\nsalt s3cret\nkyoku 2\ndeal 1m 2m\ndeal 0p 7z\nlive 9s 1z 5m\nreplacements 4p\ndora 3s\nura 6m\n"
    );
    // No deal line when the record gives the wall after the deal; an empty
    // part is its keyword alone, with no space after it.
    assert_eq!(
        canonical(2, &small_wall(false), &salt()),
        "paifu-wall-v1\nsalt s3cret\nkyoku 2\nlive 9s 1z 5m\nreplacements\ndora 3s\nura\n"
    );
}

#[test]
fn the_digest_is_sha256_of_the_canonical_text() {
    // Taken with Python's hashlib over the texts above.
    assert_eq!(
        wall_digest(2, &small_wall(true), &salt()).to_string(),
        "b5ee495b41be4cb03ede7b68b90e6a782821293542407f553cf8d96339dd5fcf"
    );
    assert_eq!(
        wall_digest(2, &small_wall(false), &salt()).to_string(),
        "ab604daa20e7d078523669475873b8e4d837cbc237b363f59966ba32adf894a2"
    );
    // The kyoku number, the salt and a tile each change it.
    let base = wall_digest(2, &small_wall(true), &salt());
    assert_ne!(base, wall_digest(3, &small_wall(true), &salt()));
    assert_ne!(
        base,
        wall_digest(2, &small_wall(true), &Salt::new("s3cre7").unwrap())
    );
    let mut red = small_wall(true);
    red.live[2] = Tile::red_five(crate::tile::Suit::Man);
    assert_ne!(base, wall_digest(2, &red, &salt()));
}

#[test]
fn a_salt_is_one_line_and_not_empty() {
    assert!(matches!(Salt::new(""), Err(WallError::Salt { .. })));
    assert!(matches!(Salt::new("a\nb"), Err(WallError::Salt { .. })));
    assert!(matches!(Salt::new("a\rb"), Err(WallError::Salt { .. })));
    assert_eq!(Salt::new("two words").unwrap().as_str(), "two words");
}

#[test]
fn a_digest_file_reads_back_as_written() {
    let log = testdata_log("riichicity/two_hands.json");
    let walls = kyoku_walls(&log);
    let written = digests(&walls, &salt(), true);
    let mut out = Vec::new();
    written.write(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("1 ") && lines[1].starts_with("2 "));
    assert!(lines[2].starts_with("game "));
    // The game line is the digest of the kyoku lines as written.
    let kyoku_lines = format!("{}\n{}\n", lines[0], lines[1]);
    assert_eq!(
        written.game,
        Some(crate::batch::Sha256Digest::of(kyoku_lines.as_bytes()))
    );
    assert_eq!(Digests::parse(&text).unwrap(), written);
    // Upper case, blank lines, CRLF and spaces around a line are read too.
    let loose = format!("\r\n  {}  \r\n\n{}\r\n", lines[0].to_uppercase(), lines[1]);
    let read = Digests::parse(&loose).unwrap();
    assert_eq!(read.kyoku, written.kyoku);
    assert_eq!(read.game, None);
}

#[test]
fn a_malformed_digest_file_is_refused_at_its_line() {
    let hex = "ab".repeat(32);
    let cases = [
        (format!("1 {hex}\nhello\n"), 2, "expected"),
        (
            format!("1 {hex}\n\n2 {}\n", "ab".repeat(31)),
            3,
            "64 hexadecimal",
        ),
        (format!("1 +{}\n", &hex[1..]), 1, "64 hexadecimal"),
        (format!("0 {hex}\n"), 1, "kyoku number"),
        (format!("one {hex}\n"), 1, "kyoku number"),
        (format!("1 {hex}\n1 none\n"), 2, "second line for kyoku 1"),
        (format!("game {hex}\ngame {hex}\n"), 2, "second game line"),
        (format!("game {hex} extra\n"), 1, "expected"),
        ("game nope\n".to_owned(), 1, "game digest"),
    ];
    for (text, line, problem) in cases {
        match Digests::parse(&text) {
            Err(e @ WallError::DigestLine { line: l, .. }) => {
                assert_eq!(l, line, "{text:?}: {e}");
                assert!(e.to_string().contains(problem), "{text:?}: {e}");
                assert!(e.to_string().starts_with(&format!("digest line {line}: ")));
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    assert!(matches!(
        Digests::parse("\n \n"),
        Err(WallError::EmptyDigests)
    ));
    // A long line is quoted cut short.
    let long = "x".repeat(500);
    let e = Digests::parse(&long).unwrap_err().to_string();
    assert!(e.len() < 300 && e.contains('…'), "{e}");
}

#[test]
fn verify_names_each_kyoku_match_or_mismatch() {
    let log = testdata_log("riichicity/two_hands.json");
    let walls = kyoku_walls(&log);
    let file = digests(&walls, &salt(), true);
    let v = verify(&walls, &file, &salt(), true);
    assert!(v.passed(), "{v:?}");
    assert!(v.kyoku.iter().all(|k| k.verdict == Verdict::Match));
    assert_eq!(v.game, Some(GameVerdict::Match));

    // Another salt: every kyoku and the game differ.
    let other = Salt::new("not the salt").unwrap();
    let v = verify(&walls, &file, &other, true);
    assert!(!v.passed());
    assert!(v.kyoku.iter().all(|k| k.verdict == Verdict::Mismatch));
    assert_eq!(v.game, Some(GameVerdict::Mismatch));

    // One tile of kyoku 2's wall changed: kyoku 2 alone is named.
    let mut changed = log.clone();
    for e in &mut changed.events {
        if let Event::StartKyoku(sk) = &mut e.event
            && sk.kyoku == 2
            && let Some(w) = sk.wall.as_mut()
        {
            w.live.swap(0, 1);
            assert_ne!(w.live[0], w.live[1], "the swap changes the wall");
        }
    }
    let walls2 = kyoku_walls(&changed);
    let v = verify(&walls2, &file, &salt(), true);
    let verdicts: Vec<Verdict> = v.kyoku.iter().map(|k| k.verdict).collect();
    assert_eq!(verdicts, [Verdict::Match, Verdict::Mismatch]);
    let mut out = Vec::new();
    v.write(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("kyoku 2 (East 2, 0 counters): MISMATCH"),
        "{text}"
    );
    assert!(text.contains("FAILED"), "{text}");
}

#[test]
fn verify_without_walls_or_lines_says_so() {
    let log = testdata_log("riichicity/two_hands.json");
    let walls = kyoku_walls(&log);
    let hex = wall_digest(1, walls[0].wall.unwrap(), &salt());
    // Kyoku 2 missing from the file, kyoku 3 and 4 committed but not played.
    let file = Digests {
        kyoku: vec![
            KyokuDigest {
                number: 1,
                digest: Some(hex),
            },
            KyokuDigest {
                number: 4,
                digest: None,
            },
            KyokuDigest {
                number: 3,
                digest: Some(hex),
            },
        ],
        game: None,
    };
    let v = verify(&walls, &file, &salt(), true);
    assert_eq!(v.kyoku[0].verdict, Verdict::Match);
    assert_eq!(v.kyoku[1].verdict, Verdict::NotInDigests);
    assert_eq!(v.unplayed, [3, 4]);
    assert!(!v.passed());
    // The selection of kyoku 1 alone passes, and lists nothing unplayed.
    let v = verify(&walls[..1], &file, &salt(), false);
    assert!(v.passed() && v.unplayed.is_empty() && v.game.is_none());

    // A log without walls: `none` passes, a committed wall cannot be checked.
    let t6 = testdata_log("tenhou6/chankan.json");
    let bare = kyoku_walls(&t6);
    assert!(bare.iter().all(|k| k.wall.is_none() && k.no_wall.is_some()));
    let nones = digests(&bare, &salt(), true);
    assert!(nones.kyoku.iter().all(|k| k.digest.is_none()));
    assert!(verify(&bare, &nones, &salt(), true).passed());
    let committed = Digests {
        kyoku: vec![KyokuDigest {
            number: 1,
            digest: Some(hex),
        }],
        game: None,
    };
    let v = verify(&bare[..1], &committed, &salt(), false);
    assert_eq!(v.kyoku[0].verdict, Verdict::NoWallToCheck);
    assert!(!v.passed());
    // A record with a wall against a file that says none.
    let v = verify(&walls[..1], &nones, &salt(), false);
    assert_eq!(v.kyoku[0].verdict, Verdict::WallNotCommitted);
}

#[test]
fn a_game_line_over_unplayed_kyoku_passes_when_every_played_kyoku_does() {
    let log = testdata_log("riichicity/two_hands.json");
    let walls = kyoku_walls(&log);
    let mut file = digests(&walls, &salt(), false);
    file.kyoku.push(KyokuDigest {
        number: 3,
        digest: Some(wall_digest(3, &small_wall(true), &salt())),
    });
    file.game = Some(game_digest(&file.kyoku));
    let v = verify(&walls, &file, &salt(), true);
    assert_eq!(v.game, Some(GameVerdict::CoversUnplayed));
    assert_eq!(v.unplayed, [3]);
    assert!(v.passed());
    // A game line that is the digest of nothing here fails.
    file.game = Some(game_digest(&file.kyoku[..1]));
    assert!(!verify(&walls, &file, &salt(), true).passed());
}

#[test]
fn kyoku_are_found_by_number_label_or_round() {
    let log = testdata_log("riichicity/two_hands.json");
    let walls = kyoku_walls(&log);
    assert_eq!(walls.len(), 2);
    assert_eq!(walls[1].number, 2);
    assert_eq!(walls[1].label, "E2-0");
    assert_eq!(walls[1].name, "East 2, 0 counters");
    assert_eq!(find_kyoku(&walls, "2").unwrap(), 1);
    assert_eq!(find_kyoku(&walls, "e2-0").unwrap(), 1);
    assert_eq!(find_kyoku(&walls, "E1").unwrap(), 0);
    for bad in ["0", "3", "S1", "x"] {
        let e = find_kyoku(&walls, bad).unwrap_err().to_string();
        assert!(e.contains("its kyoku are E1-0, E2-0"), "{e}");
        assert!(e.contains("1–2"), "{e}");
    }
}

#[test]
fn a_log_without_walls_says_so_once() {
    let log = testdata_log("tenhou6/chankan.json");
    let walls = kyoku_walls(&log);
    let mut out = Vec::new();
    write_text("chankan.json", &walls, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("the record gives no wall: tenhou.net/6 logs do not record the wall"),
        "{text}"
    );
    let mut out = Vec::new();
    write_json(&walls, &mut out).unwrap();
    for line in String::from_utf8(out).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["wall"].is_null());
        assert_eq!(v["no_wall"], "tenhou.net/6 logs do not record the wall");
    }
}

#[test]
fn the_text_lists_the_wall_in_drawing_order() {
    let wall = small_wall(true);
    let walls = [KyokuWall {
        number: 1,
        label: "E1-0".into(),
        name: "East 1, 0 counters".into(),
        dealer: Seat::new(0).unwrap(),
        wall: Some(&wall),
        no_wall: None,
    }];
    let mut out = Vec::new();
    write_text("x", &walls, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text,
        "x: 1 kyoku; the record gives its wall\n\
         \n\
         Kyoku 1: East 1, 0 counters (E1-0), dealer seat 0\n\
         \x20 deal, each hand in the order dealt:\n\
         \x20   seat 0  1m 2m\n\
         \x20   seat 1  0p 7z\n\
         \x20 live wall, 3 tiles in drawing order:\n\
         \x20     1  9s 1z 5m\n\
         \x20 replacement tiles, in the order they are taken: 4p\n\
         \x20 dora indicators, in the order they are turned: 3s\n\
         \x20 ura indicators: 6m\n"
    );
}
