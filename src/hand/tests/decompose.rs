use super::{counts, kind};
use crate::hand::{Decomposition, Group, GroupKind, decompositions, is_complete};

fn seq(t: &str) -> Group {
    Group {
        kind: GroupKind::Sequence,
        tile: kind(t),
    }
}

fn tri(t: &str) -> Group {
    Group {
        kind: GroupKind::Triplet,
        tile: kind(t),
    }
}

fn std(mut groups: Vec<Group>, pair: &str) -> Decomposition {
    groups.sort();
    Decomposition::Standard {
        groups: groups.into_iter().collect(),
        pair: kind(pair),
    }
}

#[test]
fn three_triplets_are_also_three_identical_sequences() {
    let d = decompositions(&counts("111222333m44p789s"));
    assert_eq!(
        d,
        vec![
            std(vec![seq("1m"), seq("1m"), seq("1m"), seq("7s")], "4p"),
            std(vec![tri("1m"), tri("2m"), tri("3m"), seq("7s")], "4p"),
        ]
    );
}

#[test]
fn iipeikou_reads_one_way() {
    let d = decompositions(&counts("112233m456p789s44z"));
    assert_eq!(
        d,
        vec![std(vec![seq("1m"), seq("1m"), seq("4p"), seq("7s")], "4z")]
    );
}

#[test]
fn chuuren_with_the_fourth_one() {
    let d = decompositions(&counts("11112345678999m"));
    assert_eq!(
        d,
        vec![std(vec![tri("1m"), seq("1m"), seq("4m"), seq("7m")], "9m")]
    );
    // With a fifth 5m the pair moves: 11123455678999m.
    let d = decompositions(&counts("11123455678999m"));
    assert_eq!(
        d,
        vec![std(vec![tri("1m"), seq("2m"), seq("6m"), tri("9m")], "5m")]
    );
}

#[test]
fn ryanpeikou_is_also_seven_pairs() {
    let d = decompositions(&counts("223344m223344p55s"));
    assert_eq!(
        d,
        vec![
            std(vec![seq("2m"), seq("2m"), seq("2p"), seq("2p")], "5s"),
            Decomposition::SevenPairs([
                kind("2m"),
                kind("3m"),
                kind("4m"),
                kind("2p"),
                kind("3p"),
                kind("4p"),
                kind("5s"),
            ]),
        ]
    );
}

#[test]
fn four_triplets_of_consecutive_kinds() {
    // 111 222 333 444 55, three of the triplets traded for three identical
    // sequences (two ways), and 22 as the pair: 111 234 345 345.
    let d = decompositions(&counts("11122233344455m"));
    assert_eq!(
        d,
        vec![
            std(vec![seq("1m"), seq("1m"), seq("1m"), tri("4m")], "5m"),
            std(vec![seq("2m"), seq("2m"), seq("2m"), tri("1m")], "5m"),
            std(vec![seq("2m"), seq("3m"), seq("3m"), tri("1m")], "2m"),
            std(vec![tri("1m"), tri("2m"), tri("3m"), tri("4m")], "5m"),
        ]
    );
}

#[test]
fn a_pair_and_nothing_else() {
    assert_eq!(decompositions(&counts("77z")), vec![std(vec![], "7z")]);
    assert!(decompositions(&counts("12z")).is_empty());
}

#[test]
fn honours_never_run() {
    assert!(decompositions(&counts("123z11p")).is_empty());
    assert!(decompositions(&counts("789m11p")).len() == 1);
    // 8m 9m 1p is not a sequence across suits.
    assert!(decompositions(&counts("89m1p11s")).is_empty());
}

#[test]
fn four_of_a_kind_is_not_two_pairs() {
    let h = counts("1111m2233p4455s66z");
    assert!(decompositions(&h).is_empty());
    assert!(!is_complete(&h));
}

#[test]
fn thirteen_orphans_readings() {
    let d = decompositions(&counts("19m19p19s12345677z"));
    assert_eq!(d, vec![Decomposition::ThirteenOrphans { pair: kind("7z") }]);
    assert!(decompositions(&counts("19m19p19s1234566z")).is_empty());
}

#[test]
fn not_hands_give_nothing() {
    // Wrong sizes.
    assert!(decompositions(&counts("123m456p789s111z")).is_empty());
    assert!(decompositions(&counts("")).is_empty());
    // Five of a kind.
    let mut c = counts("123m456p789s11z");
    c.0[0] = 5;
    c.0[1] = 0;
    assert!(decompositions(&c).is_empty());
    assert!(!is_complete(&c));
    // Too many tiles.
    assert!(decompositions(&counts("123m456p789s123m456p11z")).is_empty());
    let mut c = counts("");
    c.0 = [255; 34];
    assert!(decompositions(&c).is_empty());
    assert!(!is_complete(&c));
}

#[test]
fn smaller_concealed_parts() {
    // Three melds outside: 5 tiles.
    assert_eq!(
        decompositions(&counts("34555m")),
        vec![std(vec![seq("3m")], "5m")]
    );
    assert_eq!(
        decompositions(&counts("55566m")),
        vec![std(vec![tri("5m")], "6m")]
    );
    // 55566m could also be 5 + 556? No: 556 is not a set.
    assert!(is_complete(&counts("55566m")));
    assert!(is_complete(&counts("22333444p")));
}

#[test]
fn is_complete_agrees_on_the_special_hands() {
    assert!(is_complete(&counts("19m19p19s12345677z")));
    assert!(is_complete(&counts("1122m3344p5566s77z")));
    assert!(is_complete(&counts("11112345678999m")));
    assert!(!is_complete(&counts("1122m3344p5566s7z1m")));
}
