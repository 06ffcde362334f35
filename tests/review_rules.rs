//! Each judgement rule of `formats/review.md` ("How the items judge") on a
//! real Tenhou game: six houou games of January 2020, copied to
//! `testdata/tenhou_xml/review_*.xml` from Agony5757/mahjong (Apache-2.0,
//! see `testdata/README.md`). Each test names its rule and the situation,
//! and holds the item the review gives there — or that it gives none.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use paifu::event::{DrawKind, Event, GameLog};
use paifu::review::{GameReview, Item, ItemKind, Options, Weight, review};
use paifu::rules::Rules;

use common::{import, testdata};

fn reviewed(name: &str) -> (GameLog, GameReview) {
    let log = import(&testdata().join("tenhou_xml").join(name)).unwrap();
    let rules = Rules::for_log(&log.meta).rules;
    let r = review(&log, &rules, &Options::default());
    (log, r)
}

/// The items at `event` by `seat` of `kind`.
fn at(r: &GameReview, event: usize, seat: u8, kind: ItemKind) -> Vec<&Item> {
    r.items
        .iter()
        .filter(|i| i.event == event && i.seat.get() == seat && i.kind == kind)
        .collect()
}

/// The one item at `event` by `seat` of `kind`, with its weight and a
/// phrase of its message.
fn one(r: &GameReview, event: usize, seat: u8, kind: ItemKind, weight: Weight, says: &str) {
    let found = at(r, event, seat, kind);
    assert_eq!(found.len(), 1, "{kind} at event {event}, seat {seat}");
    let i = found[0];
    assert_eq!(i.weight, weight, "{}", i.message);
    assert!(i.message.contains(says), "{}", i.message);
}

/// YAKULESS-CALL routes: E1-0, seat 0 chis 8m holding 0m7m 4567p 456s:
/// 7 of the 9 kinds of 456 in the three suits, a sanshoku route, so its
/// yakuless tenpai on 6m is no yakuless call (it was a mistake before).
#[test]
fn yakuless_call_kept_a_sanshoku_route() {
    let (_, r) = reviewed("review_routes_and_step_back.xml");
    assert!(at(&r, 106, 0, ItemKind::YakulessCall).is_empty());
    assert!(
        r.decisions
            .iter()
            .any(|d| d.event == 107 && d.seat.get() == 0)
    );
}

/// YAKULESS-CALL dealer: S1-1, the dealer with a concealed kong of North
/// chis 3m late for a yakuless tenpai: it keeps the deal, a note.
#[test]
fn yakuless_call_by_the_dealer_late_is_a_note() {
    let (_, r) = reviewed("review_dealer_formal_tenpai.xml");
    one(
        &r,
        813,
        0,
        ItemKind::YakulessCall,
        Weight::Note,
        "the dealer's tenpai keeps the deal",
    );
}

/// EFFICIENCY step back: E1-0 turn 1, 1m leaves 2-shanten with 48 tiles
/// where the 1-shanten kept had 8: a note.
#[test]
fn efficiency_step_back_that_buys_clearly_more_is_a_note() {
    let (_, r) = reviewed("review_routes_and_step_back.xml");
    one(
        &r,
        10,
        0,
        ItemKind::Efficiency,
        Weight::Note,
        "a step back that buys clearly more: 48 tiles against at most 8",
    );
}

/// "Tiles win" counts only tiles that can win: S2-1, seat 3 (pon 9s)
/// discards 6p for 1-shanten where 1p kept a tenpai on 6m-9m with the
/// West pair as its head and no yaku: that tenpai cannot win, so no
/// EFFICIENCY mistake (it said "kept it tenpai (8 tiles win)" before).
#[test]
fn efficiency_counts_only_tenpai_that_can_win() {
    let (_, r) = reviewed("review_routes_and_step_back.xml");
    assert!(at(&r, 1247, 3, ItemKind::Efficiency).is_empty());
}

/// EFFICIENCY value kept: E1-0, seat 2 keeps the chun, the dora, where
/// the widest 2-shanten discards it: a note.
#[test]
fn efficiency_value_kept_is_a_note() {
    let (_, r) = reviewed("review_routes_and_step_back.xml");
    one(
        &r,
        14,
        2,
        ItemKind::Efficiency,
        Weight::Note,
        "the tile played keeps a dora that 7z gives up",
    );
}

/// Safety before efficiency: S1-1, late in the hand seat 2 discards 3m,
/// in every opponent's river, for 2-shanten: a note.
#[test]
fn efficiency_safe_tile_late_is_a_note() {
    let (_, r) = reviewed("review_dealer_formal_tenpai.xml");
    one(
        &r,
        818,
        2,
        ItemKind::Efficiency,
        Weight::Note,
        "late in the hand 3m is in every opponent's river",
    );
}

/// EFFICIENCY no draw left: no item on any seat's last discard of a hand
/// drawn out (it draws no more), and some of those discards were not the
/// most efficient, so the rule is what keeps them out.
#[test]
fn efficiency_is_not_judged_without_a_draw_left() {
    let mut last_discards = 0;
    let mut not_best = 0;
    for name in [
        "review_routes_and_step_back.xml",
        "review_dealer_formal_tenpai.xml",
        "review_red_five_safe_tile.xml",
        "review_all_last_dealer_push.xml",
        "review_bust_win_passed.xml",
        "review_wide_furiten_riichi.xml",
    ] {
        let (log, r) = reviewed(name);
        let mut last: Vec<Option<usize>> = vec![None; usize::from(log.meta.seats)];
        for (i, e) in log.events.iter().enumerate() {
            match &e.event {
                Event::StartKyoku(_) => last.iter_mut().for_each(|l| *l = None),
                Event::Dahai { actor, .. } => last[actor.index()] = Some(i),
                Event::Ryukyoku {
                    kind: DrawKind::Exhaustive,
                    ..
                } => {
                    for &event in last.iter().flatten() {
                        let Some(d) = r.decision_at(event) else {
                            continue;
                        };
                        if !d.efficiency || d.shanten < 0 {
                            continue;
                        }
                        last_discards += 1;
                        not_best += usize::from(!d.played_best());
                        assert!(
                            at(&r, event, d.seat.get(), ItemKind::Efficiency).is_empty(),
                            "{name}: EFFICIENCY on the last discard at event {event}"
                        );
                    }
                }
                _ => {}
            }
        }
    }
    assert!(last_discards > 10, "{last_discards} last discards");
    assert!(not_best > 0, "no last discard was off the best");
}

/// SELF-FURITEN by win chance: S3-0, seat 3 (pon chun, chi 567m) discards
/// 5p for a furiten 3p-6p-9p with a yaku, by tsumo, where 4p kept a
/// shanpon 5p-9s: not a clearly better chance, no item (a mistake before).
#[test]
fn self_furiten_wide_wait_is_no_worse_than_a_shanpon() {
    let (_, r) = reviewed("review_routes_and_step_back.xml");
    assert!(at(&r, 1388, 3, ItemKind::SelfFuriten).is_empty());
}

/// Each alternative its own wait: S1-0, seat 1 discards 4m for a furiten
/// 3m wait; 3m kept 4m-7m and 6m a 7m tanki, each printed with its own.
#[test]
fn self_furiten_prints_each_alternatives_own_wait() {
    let (_, r) = reviewed("review_bust_win_passed.xml");
    one(
        &r,
        758,
        1,
        ItemKind::SelfFuriten,
        Weight::Inaccuracy,
        "3m (tenpai on 47m: 3 tiles win",
    );
    let i = at(&r, 758, 1, ItemKind::SelfFuriten)[0];
    assert!(
        i.message.contains("6m (tenpai on 7m: 1 tile wins"),
        "{}",
        i.message
    );
}

/// RIICHI-TRAP by win chance: E4-0, seat 3 declares riichi on a furiten
/// 2s-5s-8s (10 tiles by tsumo) over a shanpon 7p-3s: a note.
#[test]
fn riichi_trap_on_a_wide_furiten_wait_is_a_note() {
    let (_, r) = reviewed("review_wide_furiten_riichi.xml");
    one(
        &r,
        623,
        3,
        ItemKind::RiichiTrap,
        Weight::Note,
        "10 tiles win by tsumo only: furiten",
    );
}

/// DEAL-IN figures and push: E4-1, seat 3 at 1-shanten deals in with 8s
/// holding 2m, safe, which would have left it 2-shanten with 40 tiles.
#[test]
fn deal_in_prints_the_safe_tiles_own_figures() {
    let (_, r) = reviewed("review_routes_and_step_back.xml");
    one(
        &r,
        903,
        3,
        ItemKind::DealInWithSafeTile,
        Weight::Note,
        "folding with 2m left it 2-shanten (40 tiles improve it) where 8s left it 1-shanten",
    );
    let i = at(&r, 903, 3, ItemKind::DealInWithSafeTile)[0];
    assert_eq!(i.better.first().map(|t| t.to_mjai()), Some("2m"));
    assert_eq!(i.ukeire.map(|u| u.1), Some(40));
}

/// DEAL-IN dora: S3-2, seat 0's only safe tile is the red 5p: a note.
#[test]
fn deal_in_whose_safe_tile_is_a_red_five_is_a_note() {
    let (_, r) = reviewed("review_red_five_safe_tile.xml");
    one(
        &r,
        1059,
        0,
        ItemKind::DealInWithSafeTile,
        Weight::Note,
        "the safe tiles were dora",
    );
}

/// Pushing as the all-last dealer in last place: S4-0, seat 3 deals in
/// while pushing: a note, not "folding needed".
#[test]
fn deal_in_by_the_all_last_dealer_in_last_place_is_a_note() {
    let (_, r) = reviewed("review_all_last_dealer_push.xml");
    one(
        &r,
        1226,
        3,
        ItemKind::DealInWithSafeTile,
        Weight::Note,
        "the all-last dealer in last place must push",
    );
}

/// MISSED-WIN placement: S3-4, seat 3 passes a 3900 ron that busts seat 2
/// and ends the game with seat 3 2nd, now 3rd: a mistake stating the
/// place; S4-0 (another game), seat 0 passes a 5200 ron that would end the
/// game with it still 4th: a note.
#[test]
fn missed_win_states_the_final_place() {
    let (_, r) = reviewed("review_bust_win_passed.xml");
    one(
        &r,
        1314,
        3,
        ItemKind::MissedWin,
        Weight::Mistake,
        "would have ended the game (a score below zero) with seat 3 2nd (now 3rd)",
    );
    let (_, r) = reviewed("review_red_five_safe_tile.xml");
    one(
        &r,
        1228,
        0,
        ItemKind::MissedWin,
        Weight::Note,
        "with seat 0 4th (now 4th)",
    );
}

/// Seven pairs only as a plan: S1-2, seat 0 holds 2m4m 1p22p44p6p 22s and
/// four honours, three pairs: seven pairs is no plan, so 2m is judged by
/// the standard form (4-shanten where an honour kept 3-shanten, an
/// inaccuracy far from tenpai), not by seven pairs' acceptance at
/// 3-shanten as before.
#[test]
fn efficiency_counts_seven_pairs_only_as_a_plan() {
    let (_, r) = reviewed("review_bust_win_passed.xml");
    one(
        &r,
        956,
        0,
        ItemKind::Efficiency,
        Weight::Inaccuracy,
        "discarding 2m leaves the hand 4-shanten (33 tiles improve it)",
    );
    let d = r.decision_at(956).unwrap();
    // The decision's own table still counts seven pairs: 2m is 3-shanten
    // there.
    let c = d
        .candidates
        .iter()
        .find(|c| c.discard.to_mjai() == "2m")
        .unwrap();
    assert_eq!(c.shanten, 3);
}

/// PUSH-INTO-DANGER: S1-0, seat 2 with a cheap open 1-shanten (about
/// 2000) discards 4p, 12% to deal in to the dealer's riichi, where 4s,
/// genbutsu, kept it 1-shanten: folding was worth 899 points more, an
/// inaccuracy. The same seat's next push, 6m, dealt in (a
/// DEAL-IN-WITH-SAFE-TILE mistake, the weighing for 1s).
#[test]
fn push_into_danger_with_a_cheap_one_shanten_hand() {
    let (_, r) = reviewed("review_dealer_formal_tenpai.xml");
    one(
        &r,
        656,
        2,
        ItemKind::PushIntoDanger,
        Weight::Inaccuracy,
        "4s kept it 1-shanten (EV +183: 9% to win about 2000, expected loss 0",
    );
    let d = r.decision_at(656).unwrap();
    assert!(!d.threats.is_empty());
    let pf = |k: &str| {
        d.candidates
            .iter()
            .find(|c| c.discard.to_string() == k)
            .and_then(|c| c.push_fold)
            .unwrap()
    };
    assert_eq!(pf("4s").ev - pf("4p").ev, 899);
    one(
        &r,
        680,
        2,
        ItemKind::DealInWithSafeTile,
        Weight::Mistake,
        "(push or fold: EV -132 for 6m, +130 for 1s)",
    );
    // The deal-in item replaces a push item at its decision.
    assert!(at(&r, 680, 2, ItemKind::PushIntoDanger).is_empty());
}

/// A decision with no threat is not weighed: no candidate has push_fold.
#[test]
fn no_push_fold_without_a_threat() {
    let (_, r) = reviewed("review_dealer_formal_tenpai.xml");
    let calm = r.decisions.iter().filter(|d| d.threats.is_empty());
    let mut n = 0;
    for d in calm {
        n += 1;
        assert!(d.candidates.iter().all(|c| c.push_fold.is_none()));
    }
    assert!(n > 100, "{n} decisions without a threat");
}

/// DAMA-WITHOUT-YAKU: S3-0, seat 2 discards 2p for a closed shanpon on
/// 5m-6m with no yaku (4 tiles unseen, no riichi at the table, turn 11)
/// and stays dama: only a tsumo can win; a mistake. S4-0, the all-last
/// hand, the same seat dama on 5p-6s with no yaku: a note (the placement
/// may make a tsumo enough).
#[test]
fn dama_without_yaku_is_a_mistake_and_in_the_all_last_hand_a_note() {
    let (_, r) = reviewed("review_dama_without_yaku.xml");
    one(
        &r,
        1530,
        2,
        ItemKind::DamaWithoutYaku,
        Weight::Mistake,
        "only a tsumo can win",
    );
    one(
        &r,
        1634,
        2,
        ItemKind::DamaWithoutYaku,
        Weight::Note,
        "all-last",
    );
    // The decision behind it: riichi was open, dama taken, no wait with a
    // value without riichi, every wait one with riichi.
    let c = r
        .choices
        .iter()
        .find(|c| c.event == 1530 && c.kind == paifu::review::ChoiceKind::Riichi)
        .unwrap();
    assert_eq!(c.taken().map(|a| a.name), Some("dama"));
    assert!(c.alternatives[1].values.iter().all(|(_, v)| v.is_none()));
    assert!(c.alternatives[0].values.iter().all(|(_, v)| v.is_some()));
}

/// DAMA-WITHOUT-YAKU near misses in one game: E4-1, seat 1 dama on a
/// yakuless kanchan 8m (a one-kind wait, which dama may be keeping to
/// change); S1-0, the same player dama on 4m-5m-7m with no yaku while seat
/// 3 is in riichi (dama keeps the choice to fold): no item.
#[test]
fn dama_on_a_kanchan_or_against_a_riichi_is_no_item() {
    let (_, r) = reviewed("review_red_five_safe_tile.xml");
    for (event, riichi) in [(411, 0), (545, 1)] {
        assert!(at(&r, event, 1, ItemKind::DamaWithoutYaku).is_empty());
        let c = r
            .choices
            .iter()
            .find(|c| c.event == event && c.kind == paifu::review::ChoiceKind::Riichi)
            .unwrap();
        assert_eq!(c.taken().map(|a| a.name), Some("dama"));
        assert_eq!(c.riichi_opponents, riichi);
        assert!(c.alternatives[1].values.iter().all(|(_, v)| v.is_none()));
    }
}

/// DAMA-WITHOUT-YAKU near miss: S4-0, the all-last hand, seat 0 in first
/// place stays dama on 1m-4m with a yaku on both waits (1000 points
/// dama, 2000 with riichi): no item.
#[test]
fn dama_with_a_yaku_is_no_item() {
    let (_, r) = reviewed("review_routes_and_step_back.xml");
    assert!(at(&r, 1458, 0, ItemKind::DamaWithoutYaku).is_empty());
    let c = r
        .choices
        .iter()
        .find(|c| c.event == 1458 && c.kind == paifu::review::ChoiceKind::Riichi)
        .unwrap();
    assert_eq!(c.taken().map(|a| a.name), Some("dama"));
    assert_eq!(c.alternatives[1].value, Some(1000));
    assert_eq!(c.alternatives[0].value, Some(2000));
}
