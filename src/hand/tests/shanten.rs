use super::counts;
use crate::hand::shanten;

fn sh(text: &str, melds: u8) -> i8 {
    shanten(&counts(text), melds)
}

#[test]
fn complete_and_tenpai() {
    assert_eq!(sh("123m456p789s11122z", 0), -1);
    assert_eq!(sh("123m456p789s1122z", 0), 0);
    assert_eq!(sh("1112345678999m", 0), 0);
    assert_eq!(sh("11112345678999m", 0), -1);
    // Melded hands: 4 and 1 concealed tiles.
    assert_eq!(sh("1112m", 3), 0);
    assert_eq!(sh("5z", 4), 0);
    assert_eq!(sh("55z", 4), -1);
    assert_eq!(sh("19m", 4), 0);
}

#[test]
fn thirteen_orphans() {
    assert_eq!(sh("19m19p19s1234567z", 0), 0);
    // Thirteen different orphans and one more tile: still one away.
    assert_eq!(sh("19m19p19s1234567z5m", 0), 0);
    assert_eq!(sh("19m19p19s1234567z1m", 0), -1);
    assert_eq!(sh("1234567z159m159p", 0), 2);
    // Not with a meld out.
    assert!(sh("19m19p19s1234567z", 1) > 0);
}

#[test]
fn seven_pairs_and_four_of_a_kind() {
    assert_eq!(sh("1122m3344p5566s7z", 0), 0);
    assert_eq!(sh("1122m3344p5566s77z", 0), -1);
    // 1111m is one pair and a kind short, not two pairs.
    assert_eq!(sh("1111m2233p5566s77z", 0), 1);
    // Five pairs, six kinds: two away either way (111m + pairs + 7z too).
    assert_eq!(sh("1111m2233p5566s7z", 0), 2);
}

#[test]
fn four_copies_limit() {
    // Only a fifth 1m would complete: one from tenpai.
    assert_eq!(sh("1111m234p567p789s", 0), 1);
    assert_eq!(sh("1111z234p567p789s", 0), 1);
    // Tanki on a kind held four times in hand, melds out.
    assert_eq!(sh("1111m", 3), 1);
    // With a fourth 1m in use elsewhere in hand things are fine.
    assert_eq!(sh("11112m456p789s55z", 0), 0);
}

#[test]
fn isolated_tiles() {
    // Seven different honours and six scattered number tiles: eight
    // orphans make thirteen orphans the nearest at 5.
    assert_eq!(sh("1234567z147m258p", 0), 5);
    assert_eq!(sh("1234567z147m258p", 1), 8);
    assert_eq!(sh("1m", 4), 0);
    assert_eq!(sh("1m5z", 4), 0);
    assert_eq!(sh("", 4), 1);
}

#[test]
fn odd_sizes_and_counts_do_not_panic() {
    let mut c = counts("123m");
    assert_eq!(shanten(&c, 3), 1);
    c.0[0] = 9;
    let _ = shanten(&c, 0);
    c.0 = [4; 34];
    assert_eq!(shanten(&c, 0), -1);
    c.0 = [255; 34];
    let _ = shanten(&c, 0);
}
