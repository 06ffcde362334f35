use super::{counts, kind};
use crate::hand::{Counts, Waits, shanten, shape_waits, waits};

fn kinds(text: &str) -> Vec<u8> {
    let mut k: Vec<u8> = crate::tile::parse_hand(text)
        .expect("test tiles")
        .iter()
        .map(|t| t.kind())
        .collect();
    k.sort_unstable();
    k.dedup();
    k
}

fn own(concealed: &str) -> Vec<u8> {
    let c = counts(concealed);
    waits(&c, &c).kinds().collect()
}

fn with_melds(concealed: &str, melds: &str) -> (Counts, Counts) {
    let c = counts(concealed);
    let mut held = c;
    for (h, m) in held.0.iter_mut().zip(counts(melds).0) {
        *h += m;
    }
    (c, held)
}

#[test]
fn chuuren_waits_on_all_nine() {
    assert_eq!(own("1112345678999m"), kinds("123456789m"));
}

#[test]
fn one_one_one_two() {
    // 111+22 or 11+123; a fourth 1m makes 1111+2, which is no hand.
    assert_eq!(own("1112m"), kinds("23m"));
    assert_eq!(own("1112m456p789s123s"), kinds("23m"));
}

#[test]
fn classic_shapes() {
    assert_eq!(own("2345m456p789s111z"), kinds("25m"));
    assert_eq!(own("13m456p789s123s55z"), kinds("2m"));
    assert_eq!(own("12m456p789s123s55z"), kinds("3m"));
    assert_eq!(own("55m456p789s123s11z"), kinds("5m1z"));
    // 1+222+3 → 123 22; 2223+3 → 222 33; 2223+4 → 22 234; not a fourth 2m.
    assert_eq!(own("2223m"), kinds("134m"));
    assert_eq!(own("3456789m"), kinds("369m"));
    assert_eq!(own("5z"), kinds("5z"));
}

#[test]
fn four_held_in_the_concealed_part() {
    // The only completion would be a fifth 1m: no wait, one from tenpai.
    let c = counts("1111m234p567p789s");
    assert!(!waits(&c, &c).is_tenpai());
    assert!(!shape_waits(&c).is_tenpai());
    assert_eq!(shanten(&c, 0), 1);
    // 1111 2 + 3m: 111 + 123.
    assert_eq!(own("11112m456p789s55z"), kinds("3m"));
    // 1111 + 23 + tanki: only the honour completes (111 + 123 + 55z).
    assert_eq!(own("111123m456p789s5z"), kinds("5z"));
}

#[test]
fn four_held_with_melds() {
    // Tanki on 1m while a pon of 1m is out: all four are the player's.
    let (c, held) = with_melds("1m", "111m456p789s");
    assert_eq!(shape_waits(&c).kinds().collect::<Vec<_>>(), kinds("1m"));
    assert_eq!(waits(&c, &held), Waits(0));
    // A concealed kong of 1m beside 23m: 4m still wins, 1m never.
    let (c, held) = with_melds("23m456p789s55z", "1111m");
    assert_eq!(shape_waits(&c).kinds().collect::<Vec<_>>(), kinds("14m"));
    assert_eq!(waits(&c, &held).kinds().collect::<Vec<_>>(), kinds("4m"));
    // Kanchan on 2m with a concealed kong of 2m: not tenpai.
    let (c, held) = with_melds("13m456p789s55z", "2222m");
    assert!(!waits(&c, &held).is_tenpai());
}

#[test]
fn thirteen_orphans_waits() {
    assert_eq!(own("19m19p19s1234567z"), kinds("19m19p19s1234567z"));
    assert_eq!(own("19m19p19s1234566z"), kinds("7z"));
    assert_eq!(own("19m19p11s1234566z"), Vec::<u8>::new());
    // With all four 7z held elsewhere (impossible but the rule is the rule).
    let (c, held) = with_melds("19m19p19s1234566z", "7777z");
    assert!(!waits(&c, &held).is_tenpai());
}

#[test]
fn seven_pairs_waits() {
    assert_eq!(own("1122m3344p5566s7z"), kinds("7z"));
    // Four of a kind is not two pairs.
    assert_eq!(own("1111m3344p5566s7z"), Vec::<u8>::new());
    // Seven pairs and the standard form together: 7p is the pairs' tanki,
    // 4p makes 123 123 44m 456 567p.
    assert_eq!(own("11223344m5566p7p"), kinds("47p"));
    // Ryanpeikou (or seven pairs) on 4p, or 123 234p on 1p.
    assert_eq!(own("223344m22334p55s"), kinds("14p"));
}

#[test]
fn not_a_waiting_size() {
    let c = counts("123m456p789s11z");
    assert_eq!(waits(&c, &c), Waits(0));
    let c = counts("");
    assert_eq!(waits(&c, &c), Waits(0));
    let mut c = counts("1m");
    c.0[0] = 7;
    assert_eq!(waits(&c, &c), Waits(0));
}

#[test]
fn waits_api() {
    let w = Waits(1 << kind("5p") | 1 << kind("7z"));
    assert!(w.contains(kind("5p")));
    assert!(!w.contains(34));
    assert_eq!(w.kinds().collect::<Vec<_>>(), kinds("5p7z"));
}
