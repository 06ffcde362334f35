//! What each field of a profile means to a player and the paragraphs it
//! comes from, so that a difference between two rule books can be
//! explained by the field responsible (`paifu audit --rules a,b`, `paifu
//! score --rules a,b`, the viewer's comparison). The sources are those of
//! the table in `formats/rules.md`. The profile's own methods on them
//! (`Rules::field_note`, `Rules::with_field_of`) are in `rules/cite.rs`.

/// One field of a profile ([`crate::rules::Rules`]) in words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FieldNote {
    /// The field's name in the JSON form of a profile (`kiriage`).
    pub field: &'static str,
    /// What it decides, in a player's words.
    pub what: &'static str,
    /// The paragraphs of the rule books it follows.
    pub source: &'static str,
}

/// Every field that changes a verdict or a score, in the order of
/// [`crate::rules::Rules`]. The fields that only describe (`name`, `revision`, `book`,
/// `values_known`) are not listed: they explain no difference.
pub const FIELD_NOTES: &[FieldNote] = &[
    note("seats", "players at the table", "the profile's table"),
    note(
        "red_fives",
        "red fives in the set (each counts one han)",
        "EMA 2016 §1.3, §4.1 (none); WRC 2015 §6.1 han list (none); EMA 2012 §4.1 (counted); Tenhou, Mahjong Soul, Riichi City: three",
    ),
    note(
        "open_tanyao",
        "all simples counts with an open hand (kuitan)",
        "WRC 2015 §6.5.1 Tanyao; EMA 2016 yes; EMA 2012 no",
    ),
    note(
        "kuikae_forbidden",
        "swap-calling is forbidden",
        "EMA 2016 §3.3.2, §3.4.7; WRC 2015 §5.4",
    ),
    note(
        "double_wind_pair_fu",
        "fu for a pair of the seat wind that is also the round wind",
        "formats/rules.md, Choices 1 (EMA and WRC are silent)",
    ),
    note(
        "kiriage",
        "4 han 30 fu and 3 han 60 fu rounded up to mangan (kiriage)",
        "WRC 2015 §6.1 (1920 rounded up to 2000); EMA 2016 §4.3 example 2 (4 han 30 fu = 7700)",
    ),
    note(
        "kazoe",
        "what 13 han or more without a yakuman is worth (counted yakuman)",
        "WRC 2015 §6.1 \"no counted yakuman\"; EMA 2016: sanbaiman at most; Tenhou, Mahjong Soul: yakuman",
    ),
    note(
        "yakuman_stacking",
        "several yakuman in one hand add up",
        "EMA 2016 §4.2 \"Yakuman are not cumulative\"; WRC 2015 §6.5",
    ),
    note(
        "double_yakuman",
        "the yakuman patterns counted double",
        "Mahjong Soul: four patterns; EMA 2012: big four winds; Tenhou, EMA 2016, WRC 2015: none",
    ),
    note(
        "renhou",
        "what a win on a discard before one's first draw is worth (renhou)",
        "WRC 2015 §6.5.4 (mangan); EMA 2016 §4.2.4",
    ),
    note(
        "nagashi_mangan",
        "nagashi mangan exists",
        "EMA 2016 §4.2.6 \"Obsolete hands\"; WRC 2015 §6.5",
    ),
    note(
        "multiple_ron",
        "what happens when several win on one discard",
        "EMA 2016 §3.4.9; WRC 2015 §5.7.6 (head bump)",
    ),
    note(
        "multiple_ron_sticks",
        "who collects counters and riichi sticks when several win",
        "EMA 2016 §4.1, §3.3.14",
    ),
    note(
        "winner_keeps_own_stick",
        "a winner takes back his own riichi stick when several win",
        "EMA 2016 §3.3.14; EMA 2012 §3.3.12",
    ),
    note(
        "abortive_draws",
        "the abortive draws the rules have",
        "EMA 2016 §3.4.3; WRC 2015 §5.7",
    ),
    note(
        "fourth_kong",
        "play after a fourth kong",
        "EMA 2016 §3.3.10; EMA 2012 §3.3.9",
    ),
    note(
        "kong_after_riichi",
        "the concealed kongs allowed in riichi",
        "EMA 2016 §3.3.14; WRC 2015 §6.5.1",
    ),
    note(
        "chankan_on_ankan_for_kokushi",
        "a concealed kong may be robbed for thirteen orphans",
        "WRC 2015 §6.5.1 Chankan",
    ),
    note(
        "kan_dora_timing",
        "when a kong's dora indicator is turned",
        "EMA 2016 §3.3.5–3.3.7; EMA 2012 §3.3.7 and WRC 2015 §6.5.1 (a robbed added kong turns none)",
    ),
    note(
        "ura_dora",
        "ura dora for riichi winners",
        "EMA 2016 §3.3.14",
    ),
    note(
        "kan_ura_dora",
        "kan ura dora for riichi winners",
        "EMA 2016 §3.3.14 \"and any kan dora indicators\"",
    ),
    note(
        "liability",
        "how liability (pao) is paid",
        "EMA 2016 §3.3.9; EMA 2012 §3.3.6; WRC 2015 §6.2",
    ),
    note(
        "rinshan_liability",
        "a tsumo on an open kong's replacement tile is paid by the kong tile's discarder",
        "Riichi City (formats/riichicity.md); not in Tenhou, Mahjong Soul, EMA, WRC",
    ),
    note(
        "four_held_wait",
        "whether a wait on a kind held four times is tenpai",
        "EMA 2016 §3.3.13",
    ),
    note(
        "dead_hands",
        "irregularities make a hand dead",
        "EMA 2016 §3.4.7; WRC 2015 §7.1",
    ),
    note(
        "open_riichi_dead_hand",
        "riichi on an open hand makes it dead",
        "EMA 2016 §3.4.7",
    ),
    note(
        "riichi_min_tiles_left",
        "tiles the live wall must hold for a riichi",
        "EMA 2016 §3.3.14; WRC 2015 §6.5.1",
    ),
    note(
        "riichi_min_points",
        "points a riichi needs",
        "EMA 2016 §3.3.14, WRC 2015 §6.5.1: none; Tenhou: 1000",
    ),
    note(
        "noten_payment",
        "the noten payment at an exhaustive draw",
        "EMA 2016 §3.4.2; WRC 2015 §5.7.2",
    ),
    note(
        "noten_per_tenpai",
        "what each tenpai player receives at an exhaustive draw, by how many are tenpai",
        "Riichi City's room rule penaltyInfo (formats/riichicity.md); the other books split noten_payment",
    ),
    note(
        "honba_value",
        "the value of one counter (honba)",
        "EMA 2016 §3.4.10; WRC 2015 §5.7.7",
    ),
    note(
        "two_han_minimum_from_counters",
        "counters from which a win needs two han",
        "EMA 2012 §3.4.11",
    ),
    note(
        "min_han",
        "the han every win needs, dora included",
        "Mahjong Soul rooms: fanfu (番缚); 1 in every book",
    ),
    note(
        "ippatsu",
        "ippatsu is a yaku",
        "EMA 2016 §3.3.14; Mahjong Soul rooms: have_yifa",
    ),
    note(
        "tsumo_loss",
        "a three-player tsumo is paid without the absent player's share",
        "Tenhou three-player, measured",
    ),
    note(
        "nukidora",
        "north tiles set aside as dora",
        "three-player rules",
    ),
    note(
        "renchan_on_win",
        "the dealer keeps the deal after winning",
        "EMA 2016 §3.4.9; WRC 2015 §5.7.8",
    ),
    note(
        "renchan_on_tenpai",
        "the dealer keeps the deal when tenpai at a draw",
        "EMA 2016 §3.4.2; WRC 2015 §5.7.8",
    ),
    note("uma", "uma and oka", "WRC 2015 §4.1, §7.1; EMA 2016 §4.1"),
    note(
        "chombo",
        "the chombo penalty",
        "EMA 2016 §3.4.6; WRC 2015 §7.1",
    ),
    note(
        "ends_below_zero",
        "the game ends when a score goes below zero",
        "EMA 2016 §4.1; WRC 2015 §4.1",
    ),
    note(
        "agari_yame",
        "an all-last dealer's win to first place ends the game",
        "WRC 2015 §5.9.1 (no agari yame); Tenhou's rules, measured",
    ),
    note(
        "tenpai_yame",
        "an all-last dealer's tenpai at a draw, first, ends the game",
        "WRC 2015 §5.9.1; Tenhou's rules, measured",
    ),
    note(
        "yame_points",
        "the score the dealer needs, first, to end the game",
        "Tenhou's rules (30000; 40000 three-player), measured",
    ),
    note(
        "leftover_sticks_to_top",
        "riichi sticks left at the end go to the top player",
        "EMA 2016",
    ),
];

const fn note(field: &'static str, what: &'static str, source: &'static str) -> FieldNote {
    FieldNote {
        field,
        what,
        source,
    }
}
