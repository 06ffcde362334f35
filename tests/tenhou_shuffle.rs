//! Tenhou's wall rebuilt from its `SHUFFLE` seed, step by step, against
//! the two published references kept in the corpus's `oracles/`:
//! summivox/riichi-rs's `tenhou-shuffle` test data (one game's seed, its
//! words, the generator's 288 words, the 144 hashed words and the wall) and
//! sotetsuk/tenhou-wall-reproducer's `test.py` (a seed, its first wall and
//! dice; its case is also a unit test on `testdata/oracle/tenhou_shuffle/`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use paifu::import::tenhou_xml::shuffle::{self, Shuffler};

use common::{corpus, report, skip};

const GAME: &str = "2016022509gm-0009-0000-b327da61";

/// The numbers of an oracle file written as a Rust array
/// (`[0x19265394u32,0xD5A7D5C6,…]`, `[22u8,91,…,]`).
fn numbers(path: &Path) -> Vec<u64> {
    let text = std::fs::read_to_string(path).unwrap();
    text.trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            let s = s.trim_end_matches("u32").trim_end_matches("u8");
            match s.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16).unwrap(),
                None => s.parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn riichi_rs_test_data_step_by_step() {
    let Some(root) = corpus() else {
        return skip("riichi_rs_test_data_step_by_step");
    };
    let dir = root.join("oracles/riichi-rs/tenhou-shuffle-test_data");
    if !dir.is_dir() {
        return report(
            "SKIPPED riichi_rs_test_data_step_by_step: no oracles/riichi-rs in the corpus",
        );
    }
    let file = |ext: &str| dir.join(format!("{GAME}.{ext}"));
    let seed_text = std::fs::read_to_string(file("seed_str")).unwrap();
    let seed = format!("{},{}", shuffle::SCHEME, seed_text.trim().trim_matches('"'));

    let words = shuffle::seed_words(&seed).unwrap();
    let want: Vec<u64> = numbers(&file("seed_u32"));
    assert_eq!(
        words.iter().map(|&w| u64::from(w)).collect::<Vec<_>>(),
        want
    );

    let mut s = Shuffler::from_words(&words);
    let src = s.next_source();
    let want = numbers(&file("src_u32"));
    assert_eq!(src.iter().map(|&w| u64::from(w)).collect::<Vec<_>>(), want);

    let rnd = shuffle::random_words(&src);
    let want = numbers(&file("rnd_u32"));
    assert_eq!(rnd.iter().map(|&w| u64::from(w)).collect::<Vec<_>>(), want);

    let wall = shuffle::shuffle(&rnd);
    let want = numbers(&file("wall136"));
    assert_eq!(wall.iter().map(|&t| u64::from(t)).collect::<Vec<_>>(), want);

    // The same from the game's own `SHUFFLE` element, through the whole
    // generator.
    let xml = std::fs::read_to_string(file("xml")).unwrap();
    let at = xml.find("seed=\"").unwrap() + 6;
    let attr = &xml[at..at + xml[at..].find('"').unwrap()];
    let k = Shuffler::new(attr).unwrap().next_kyoku();
    assert_eq!(k.wall, wall);
    // The first INIT's dice (`seed`'s 4th and 5th values) are each one
    // less than the die: Tenhou writes them 0-based.
    let init = xml.find("<INIT seed=\"").unwrap() + 12;
    let values: Vec<u8> = xml[init..init + xml[init..].find('"').unwrap()]
        .split(',')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!([values[3] + 1, values[4] + 1], k.dice);
    report(&format!(
        "{GAME}: seed, words, hashes, wall and dice reproduced"
    ));
}

#[test]
fn tenhou_wall_reproducer_test_py() {
    let Some(root) = corpus() else {
        return skip("tenhou_wall_reproducer_test_py");
    };
    let path = root.join("oracles/tenhou-wall-reproducer/test.py");
    let Ok(src) = std::fs::read_to_string(&path) else {
        return report(
            "SKIPPED tenhou_wall_reproducer_test_py: no oracles/tenhou-wall-reproducer in the corpus",
        );
    };
    let seed = src.split("\"\"\"").nth(1).unwrap().trim();
    let list = src.split("assert w == [").nth(1).unwrap();
    let want: Vec<u8> = list[..list.find(']').unwrap()]
        .split(',')
        .map(|v| v.trim().parse().unwrap())
        .collect();
    let dice = src.split("assert d == [").nth(1).unwrap();
    let dice: Vec<u8> = dice[..dice.find(']').unwrap()]
        .split(',')
        .map(|v| v.trim().parse().unwrap())
        .collect();
    let mut s = Shuffler::new(&format!("{},{seed}", shuffle::SCHEME)).unwrap();
    let k = s.next_kyoku();
    assert_eq!(k.wall.to_vec(), want);
    assert_eq!(k.dice.to_vec(), dice);
    report("tenhou-wall-reproducer test.py: first wall and dice reproduced");
}
