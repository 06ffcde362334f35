//! `paifu stats`' statistics on small real games, each value worked out by
//! hand from the game's events (`paifu events FILE` lists them; the hands
//! and the tiles in view are the events' own), and on the corpus: every
//! player with at least 20 games.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use paifu::review::{Cost, ItemKind};
use paifu::rules::Rules;
use paifu::stats::{
    GameStats, Options, PlayerStats, Tally, collect, game_stats, game_stats_with_review,
};

fn stats(case: &str) -> GameStats {
    let log = common::import(&common::testdata().join(case)).unwrap();
    game_stats(&log, &Rules::for_log(&log.meta).rules)
}

fn seat(game: &GameStats, i: usize) -> &Tally {
    &game.players[i].tally
}

/// `tenhou_xml/double_ron.mjlog`: four kyoku, all ended; seats タケオしゃん,
/// 初代☆, デジタル仙人, はっとりへいじ; final scores 33400, 36000, 32000,
/// -1400.
///
/// - E1: pon 3, chi 0, chi 3; riichi 1 (the first); seat 1 wins by tsumo,
///   12000 (the claimed value; its +13000 holds the stick).
/// - E2: pons by 1, 0, 1, 2 and a chi by 3; exhaustive draw, only seat 2
///   tenpai.
/// - E3 (one counter): chi 3, chi 1, pon 1; riichi 0 (first); seat 0 rons
///   seat 3 for 6400: seat 3 loses 6700, less 300 for the counter = 6400.
/// - E4: pon 3 twice; riichi 0 (first), chi 1, riichi 2 (chasing); double
///   ron on seat 3's 1m: seat 0 for 7700 and seat 2 for 8000 — one
///   deal-in for seat 3, paying 15700.
///
/// Seat 3's hand before its E3 discard (one meld): 45m 44p 68p CC SS 1s,
/// two from tenpai; before its E4 discard (two melds): 1m 4p 555p 66p 8p,
/// tenpai (456p 55p 68p once 1m goes): one of two deal-ins while tenpai.
///
/// The riichi waits, against the copies the declarer could see right
/// after the declaration tile (its hand, melds, rivers, dora indicators):
/// E1 seat 1 (11s 23p 456s 678p 789m) waits 1p/4p, 1 and 2 in view: 3 + 2
/// = 5 unseen; E3 seat 0 (123p 23s 55s 888s 999s) waits 1s/4s, 1 and 1
/// in view: 6; E4 seat 0 (2344567m 234p 567s) waits 1m/4m/7m, 1, 3 and 2
/// in view: 3 + 1 + 2 = 6; E4 seat 2 (12233m 345s 77p 789s) waits 1m/4m,
/// 2 and 1 in view: 2 + 3 = 5. Every one is a good wait (at least 5).
#[test]
fn double_ron_by_hand() {
    let g = stats("tenhou_xml/double_ron.mjlog");
    assert_eq!(g.seats, 4);
    assert_eq!(g.kyoku, 4);
    let names: Vec<&str> = g.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["タケオしゃん", "初代☆", "デジタル仙人", "はっとりへいじ"]
    );
    let places: Vec<Option<u8>> = g.players.iter().map(|p| p.placement).collect();
    assert_eq!(places, [Some(2), Some(1), Some(3), Some(4)]);
    assert_eq!(g.players[3].final_points, Some(-1400));

    let t0 = Tally {
        kyoku: 4,
        wins: 2,
        wins_valued: 2,
        win_points: 6400 + 7700,
        riichi: 2,
        riichi_first: 2,
        riichi_known_hand: 2,
        riichi_good_wait: 2,
        riichi_unseen_waits: 6 + 6,
        calls: 2, // E1 chi, E2 pon
        exhaustive_draws: 1,
        tenpai_at_draw_known: 1,
        ..Tally::default()
    };
    assert_eq!(*seat(&g, 0), t0);
    let t1 = Tally {
        kyoku: 4,
        wins: 1,
        tsumo_wins: 1,
        wins_valued: 1,
        win_points: 12000,
        riichi: 1,
        riichi_first: 1,
        riichi_known_hand: 1,
        riichi_good_wait: 1,
        riichi_unseen_waits: 5,
        calls: 3, // E2, E3, E4
        exhaustive_draws: 1,
        tenpai_at_draw_known: 1,
        ..Tally::default()
    };
    assert_eq!(*seat(&g, 1), t1);
    let t2 = Tally {
        kyoku: 4,
        wins: 1,
        wins_valued: 1,
        win_points: 8000,
        riichi: 1,
        riichi_chasing: 1,
        riichi_known_hand: 1,
        riichi_good_wait: 1,
        riichi_unseen_waits: 5,
        calls: 1, // E2
        exhaustive_draws: 1,
        tenpai_at_draw_known: 1,
        tenpai_at_draw: 1,
        ..Tally::default()
    };
    assert_eq!(*seat(&g, 2), t2);
    let t3 = Tally {
        kyoku: 4,
        deal_ins: 2,
        deal_ins_valued: 2,
        deal_in_points: 6400 + 15700,
        deal_ins_known_hand: 2,
        deal_ins_while_tenpai: 1,
        calls: 4,
        exhaustive_draws: 1,
        tenpai_at_draw_known: 1,
        ..Tally::default()
    };
    assert_eq!(*seat(&g, 3), t3);

    // The rates of seat 3's line: 2 deal-ins in 4 kyoku, 11050 on average,
    // no win so the per-win shares are undefined (null, not 0).
    let lines = collect([&g], &Options::default());
    let l = lines
        .iter()
        .find(|l| l.key.name == "はっとりへいじ")
        .unwrap()
        .line(false);
    assert_eq!(l.deal_in_rate, Some(0.5));
    assert_eq!(l.average_deal_in, Some(11050.0));
    assert_eq!(l.call_rate, Some(1.0));
    assert_eq!(l.tsumo_share, None);
    assert_eq!(l.average_win, None);
    assert_eq!(l.deal_in_while_tenpai_share, Some(0.5));
    assert_eq!(l.placements, [0, 0, 0, 1]);
    assert_eq!(l.average_placement, Some(4.0));
}

/// `tenhou_xml/chankan.mjlog`: nine kyoku; in E2 seat 0 robs seat 3's
/// added kong (chankan) for 12000: seat 3 dealt in. Seat 3's deal-ins:
/// E2 12000 (hand before the kong: 22m 56s 8s with three melds, tenpai),
/// E4 6400 (22p 46m 56p 55s 6s 777m 9m E, two from tenpai), S1 with one
/// counter 4200 − 300 = 3900 (2m 4m 567m 567p 4s 88s and a meld: tenpai
/// on 3m), S4 2000 (22p 44p 44s 5s 67p 99p and a meld: two from tenpai):
/// 4 deal-ins, 24300 in all, 2 while tenpai. Seat 0 (macpac) wins E2, E4,
/// S1 (tsumo, 18000 without the stick) and S4 (2000, dama: no riichi, no
/// call, the hand closed): 4 wins, one tsumo, one dama, 12000 + 6400 +
/// 18000 + 2000 = 38400. Final scores 60400, 5200, 11100, 23300.
#[test]
fn chankan_by_hand() {
    let g = stats("tenhou_xml/chankan.mjlog");
    assert_eq!(g.kyoku, 9);
    let t3 = seat(&g, 3);
    assert_eq!(t3.deal_ins, 4);
    assert_eq!(t3.deal_in_points, 24300);
    assert_eq!(t3.deal_ins_valued, 4);
    assert_eq!((t3.deal_ins_known_hand, t3.deal_ins_while_tenpai), (4, 2));
    let t0 = seat(&g, 0);
    assert_eq!((t0.wins, t0.tsumo_wins, t0.dama_wins), (4, 1, 1));
    assert_eq!(t0.win_points, 38400);
    assert_eq!(t0.deal_ins, 0);
    let places: Vec<Option<u8>> = g.players.iter().map(|p| p.placement).collect();
    assert_eq!(places, [Some(1), Some(4), Some(3), Some(2)]);
}

/// `tenhou_xml/nine_terminals.mjlog`: four kyoku won, then E4 with one
/// counter ends in nine terminals, an abortive draw: five kyoku played, no
/// exhaustive draw. The log records no final scores: no placement.
#[test]
fn abortive_draw_is_a_kyoku_not_an_exhaustive_draw() {
    let g = stats("tenhou_xml/nine_terminals.mjlog");
    assert_eq!(g.kyoku, 5);
    for p in &g.players {
        assert_eq!(p.tally.kyoku, 5);
        assert_eq!(p.tally.exhaustive_draws, 0);
        assert_eq!(p.placement, None);
    }
    let lines = collect([&g], &Options::default());
    let l = lines[0].line(false);
    assert_eq!(l.average_placement, None);
    assert_eq!(l.placements.iter().sum::<u32>(), 0);
    assert_eq!(l.draw_rate, Some(0.0));
    assert_eq!(l.tenpai_at_draw_rate, None);
}

/// `tenhou_xml/nagashi_mangan.mjlog`: E4 is an exhaustive draw at which
/// seat 2 is paid a nagashi mangan (8000) and seats 0 and 3 are tenpai:
/// an exhaustive draw for every seat, no win for seat 2. Seat 2 won E2
/// (2000) only.
#[test]
fn nagashi_mangan_is_an_exhaustive_draw() {
    let g = stats("tenhou_xml/nagashi_mangan.mjlog");
    assert_eq!(g.kyoku, 4);
    let tenpai: Vec<u32> = g.players.iter().map(|p| p.tally.tenpai_at_draw).collect();
    assert_eq!(tenpai, [1, 0, 0, 1]);
    for p in &g.players {
        assert_eq!(p.tally.exhaustive_draws, 1);
    }
    assert_eq!(seat(&g, 2).wins, 1);
    assert_eq!(seat(&g, 2).win_points, 2000);
    // E3: seat 2 declares first, seat 0 chases and wins by tsumo.
    assert_eq!(
        (seat(&g, 2).riichi_first, seat(&g, 0).riichi_chasing),
        (1, 1)
    );
}

/// `tenhou_xml/pao_tsumo.mjlog`: E4, seat 2 wins a yakuman by tsumo that
/// seat 0 is liable for (pao) and pays alone: a tsumo, no deal-in for
/// seat 0. Seat 2's wins: that 32000 only (E3 it dealt in to seat 3,
/// 2600).
#[test]
fn liability_is_no_deal_in() {
    let g = stats("tenhou_xml/pao_tsumo.mjlog");
    assert_eq!(seat(&g, 0).deal_ins, 1); // E2, to seat 3's 1000
    assert_eq!(seat(&g, 0).deal_in_points, 1000);
    let t2 = seat(&g, 2);
    assert_eq!((t2.wins, t2.tsumo_wins, t2.win_points), (1, 1, 32000));
    assert_eq!((t2.deal_ins, t2.deal_in_points), (1, 2600));
}

/// `tenhou_xml/sanma_nukidora_rinshan.xml`, three players (鴨損, 北小路:隆太,
/// ビッグマメ; final 34900, -14100, 84200). Seat 2 wins E1 with a counter
/// by tsumo after riichi (18000), E2 (12000) and E3 (24000) by ron with a
/// closed hand and no riichi: 3 wins, 1 tsumo, 2 dama, 18000 on average.
/// Seat 1 dealt in E2 and E3: 12000 and 24000. Three placements, never
/// mixed with four-player games.
#[test]
fn three_players_by_hand() {
    let g = stats("tenhou_xml/sanma_nukidora_rinshan.xml");
    assert_eq!((g.seats, g.kyoku), (3, 4));
    let t2 = seat(&g, 2);
    assert_eq!((t2.wins, t2.tsumo_wins, t2.dama_wins), (3, 1, 2));
    assert_eq!(t2.win_points, 54000);
    let t1 = seat(&g, 1);
    assert_eq!((t1.deal_ins, t1.deal_in_points), (2, 36000));
    assert_eq!(t1.calls, 1);
    let four = stats("tenhou_xml/double_ron.mjlog");
    let lines = collect([&g, &four], &Options::default());
    assert_eq!(lines.len(), 7);
    let big = lines.iter().find(|l| l.key.name == "ビッグマメ").unwrap();
    let l = big.line(false);
    assert_eq!(l.seats, 3);
    assert_eq!(l.placements, [1, 0, 0]);
    assert_eq!(l.average_win, Some(18000.0));
    assert_eq!(l.dama_share, Some(2.0 / 3.0));
}

/// `--player` names are one person: macpac (chankan, first) and タケオしゃん
/// (double ron, second) merged give two games, 13 kyoku, one first and one
/// second place, 6 wins (4 + 2).
#[test]
fn player_names_merge() {
    let a = stats("tenhou_xml/chankan.mjlog");
    let b = stats("tenhou_xml/double_ron.mjlog");
    let options = Options {
        players: vec!["macpac".into(), "タケオしゃん".into()],
        ..Options::default()
    };
    let lines: Vec<PlayerStats> = collect([&a, &b], &options);
    assert_eq!(lines.len(), 1);
    let l = lines[0].line(false);
    assert_eq!(l.name, "macpac");
    assert_eq!(l.names, ["macpac", "タケオしゃん"]);
    assert_eq!((l.games, l.kyoku), (2, 13));
    assert_eq!(l.placements, [1, 1, 0, 0]);
    assert_eq!(l.counts.wins, 6);
    assert_eq!(l.average_placement, Some(1.5));
    // --min-games 3 leaves the line out.
    let fewer = Options {
        min_games: 3,
        ..options
    };
    assert!(collect([&a, &b], &fewer).is_empty());
}

/// `tenhou_xml/truncated_no_round_end.mjlog` stops inside its eighth
/// kyoku (S4: seat 3 has called chi twice, no outcome): seven kyoku
/// played, and S4's calls are in no count; no final scores, so no
/// placement.
#[test]
fn a_kyoku_cut_off_is_not_counted() {
    let g = stats("tenhou_xml/truncated_no_round_end.mjlog");
    assert_eq!(g.kyoku, 7);
    let calls_with_cut = {
        let log =
            common::import(&common::testdata().join("tenhou_xml/truncated_no_round_end.mjlog"))
                .unwrap();
        assert_eq!(log.kyoku_count(), 8);
        log
    };
    assert!(calls_with_cut.meta.incomplete);
    for p in &g.players {
        assert_eq!(p.tally.kyoku, 7);
        assert_eq!(p.placement, None);
    }
    // The calls of the seven kyoku ended, counted as kyoku with a call.
    let seven: u32 = g.players.iter().map(|p| p.tally.calls).sum();
    let mut whole = 0;
    let log = calls_with_cut;
    let mut called = [false; 4];
    for e in &log.events {
        match &e.event {
            paifu::event::Event::StartKyoku(_) => called = [false; 4],
            paifu::event::Event::Chi { actor, .. }
            | paifu::event::Event::Pon { actor, .. }
            | paifu::event::Event::Daiminkan { actor, .. } => called[actor.index()] = true,
            paifu::event::Event::EndKyoku => {
                whole += called.iter().filter(|c| **c).count();
            }
            _ => {}
        }
    }
    assert!(seven > 0);
    assert_eq!(seven as usize, whole);
}

/// The month of a game comes from its log id, where the platform's ids
/// carry the date; anything else is no month (the `null` group).
#[test]
fn month_from_log_id() {
    use paifu::event::{Format, GameMeta, Platform};
    use paifu::stats::month_of;
    let meta = |platform, id: &str| {
        let mut m = GameMeta::new(Format::Tenhou6, 4);
        m.platform = platform;
        m.log_id = Some(id.to_owned());
        m
    };
    let tenhou = meta(Some(Platform::Tenhou), "2020052700gm-00a9-0000-75a4695c");
    assert_eq!(month_of(&tenhou).as_deref(), Some("2020-05"));
    let majsoul = meta(Some(Platform::MahjongSoul), "231104-4c1b1a0e-9d2c-4b7e");
    assert_eq!(month_of(&majsoul).as_deref(), Some("2023-11"));
    // A hand-made id's zeros are no month; Riichi City's ids carry none.
    let handmade = meta(Some(Platform::MahjongSoul), "000000-handmade-one-ron");
    assert_eq!(month_of(&handmade), None);
    assert_eq!(month_of(&meta(Some(Platform::RiichiCity), "cdbm3")), None);
}

/// The corpus: every player with at least 20 games, with the counts
/// behind the rates.
#[test]
fn corpus_players_with_20_games() {
    let Some(dir) = common::corpus() else {
        common::skip("corpus_players_with_20_games");
        return;
    };
    let mut games = Vec::new();
    let mut unreadable = 0;
    for path in common::files_below(&dir) {
        match common::import(&path) {
            Ok(log) => games.push(game_stats(&log, &Rules::for_log(&log.meta).rules)),
            Err(_) => unreadable += 1,
        }
    }
    let options = Options {
        min_games: 20,
        ..Options::default()
    };
    let lines = collect(&games, &options);
    common::report(&format!(
        "corpus: {} games ({unreadable} files unread), {} player lines with at least 20 games",
        games.len(),
        lines.len()
    ));
    for p in &lines {
        let l = p.line(false);
        let c = &l.counts;
        assert!(l.games >= 20);
        assert!(c.wins <= l.kyoku && c.deal_ins <= l.kyoku && c.calls <= l.kyoku);
        assert_eq!(c.riichi_first + c.riichi_chasing, c.riichi);
        common::report(&format!(
            "  {} ({}p): {} games, {} kyoku, placements {:?}, wins {}, deal-ins {}, riichi {}, calls {}, draws {} (tenpai {}), tsumo {}, dama {}, deal-ins while tenpai {} of {}, good waits {} of {}",
            l.name,
            l.seats,
            l.games,
            l.kyoku,
            l.placements,
            c.wins,
            c.deal_ins,
            c.riichi,
            c.calls,
            c.exhaustive_draws,
            c.tenpai_at_draw,
            c.tsumo_wins,
            c.dama_wins,
            c.deal_ins_while_tenpai,
            c.deal_ins_known_hand,
            c.riichi_good_wait,
            c.riichi_known_hand
        ));
    }
}

/// The CLI: JSON lines as `formats/stats.md` lists them (every key, rates
/// as fractions, `null` for a zero denominator), a file that is no game
/// reported without stopping the batch (exit status 2), the summary line
/// last, and an output that is one of the inputs refused.
#[test]
fn cli_json_lines_and_a_bad_file() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("paifu-stats-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.mjlog");
    std::fs::write(&bad, b"<mjloggm ver=\"2.3\"><SHUFFLE").unwrap();
    let good = common::testdata().join("tenhou_xml/double_ron.mjlog");
    let out = Command::new(env!("CARGO_BIN_EXE_paifu"))
        .args(["stats", "--format", "json", "--by", "platform"])
        .arg(&good)
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("bad.mjlog"), "{stderr}");
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    let summary = &lines[4];
    assert_eq!(summary["type"], "summary");
    assert_eq!(
        (summary["files"].as_u64(), summary["games"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(
        (summary["players"].as_u64(), summary["unreadable"].as_u64()),
        (Some(4), Some(1))
    );
    let keys = [
        "type",
        "name",
        "names",
        "group",
        "seats",
        "games",
        "kyoku",
        "placements",
        "average_placement",
        "average_final_points",
        "win_rate",
        "deal_in_rate",
        "riichi_rate",
        "call_rate",
        "draw_rate",
        "tenpai_at_draw_rate",
        "tsumo_share",
        "dama_share",
        "average_win",
        "average_deal_in",
        "riichi_first_share",
        "riichi_chasing_share",
        "riichi_good_wait_share",
        "average_riichi_unseen_waits",
        "deal_in_while_tenpai_share",
        "wins",
        "deal_ins",
        "riichi",
        "calls",
        "exhaustive_draws",
        "tenpai_at_draw",
        "tsumo_wins",
        "dama_wins",
        "riichi_first",
        "riichi_chasing",
        "riichi_good_wait",
        "deal_ins_known_hand",
        "deal_ins_while_tenpai",
        "decisions",
        "review_items",
        "work_on",
    ];
    for line in &lines[..4] {
        for key in keys {
            assert!(line.get(key).is_some(), "{key} missing from {line}");
        }
        assert_eq!(line["group"], "tenhou");
        let rate = line["win_rate"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&rate));
    }
    let hattori = lines
        .iter()
        .find(|l| l["name"] == "はっとりへいじ")
        .unwrap();
    assert!(hattori["tsumo_share"].is_null());
    assert_eq!(hattori["deal_in_rate"].as_f64(), Some(0.5));

    let refused = Command::new(env!("CARGO_BIN_EXE_paifu"))
        .args(["stats", "-o"])
        .arg(&bad)
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("one of the inputs"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `tenhou_xml/tied_final_scores.xml` ends 33900, 24900, 20600, 20600:
/// seats 2 (フリテン) and 3 (でし６) tie for third. Tenhou gives the better
/// place to the seat nearer the first dealer, seat 2, and pays the uma so
/// (the record's game points: 43, 5, -19, -29): placements 1, 2, 3, 4.
#[test]
fn tied_final_scores_go_to_the_seat_nearer_the_first_dealer() {
    let g = stats("tenhou_xml/tied_final_scores.xml");
    let places: Vec<Option<u8>> = g.players.iter().map(|p| p.placement).collect();
    assert_eq!(places, [Some(1), Some(2), Some(3), Some(4)]);
    assert_eq!(g.players[2].final_points, Some(20600));
    assert_eq!(g.players[3].final_points, Some(20600));
    let lines = collect([&g], &Options::default());
    let line = |name: &str| {
        lines
            .iter()
            .find(|p| p.key.name == name)
            .unwrap()
            .line(false)
    };
    assert_eq!(line("フリテン").placements, [0, 0, 1, 0]);
    assert_eq!(line("でし６").placements, [0, 0, 0, 1]);
    assert_eq!(line("でし６").average_placement, Some(4.0));
}

fn reviewed(case: &str) -> GameStats {
    let log = common::import(&common::testdata().join(case)).unwrap();
    game_stats_with_review(&log, &Rules::for_log(&log.meta).rules)
}

/// `review/DEAL-IN-WITH-SAFE-TILE/hit.jsonl` (one kyoku, `tenhou`): seat
/// 0 (a) discards S (its first decision), then 5s (its second) into seat
/// 1's riichi while holding W, which seat 1 discarded. Seat 1 declared on
/// its first discard, so double riichi: 234567m 345p 678s 8s won on 5s
/// is double riichi 2, ippatsu 1, pinfu 1, tanyao 1 = 5 han, a mangan,
/// 8000 from a non-dealer. Seat 1 made one decision (its declaration
/// discard), seats 2 and 3 hide their hands: no decision, no rate.
#[test]
fn review_items_per_100_decisions_by_hand() {
    let g = reviewed("review/DEAL-IN-WITH-SAFE-TILE/hit.jsonl");
    let a = g.players[0].review.as_ref().unwrap();
    assert_eq!(a.decisions, 2);
    assert_eq!(
        a.kinds,
        [Cost {
            mistakes: 1,
            points: 8000,
            ..Cost::new(ItemKind::DealInWithSafeTile)
        }]
    );
    assert_eq!(a.per_100(1), Some(50.0));
    let b = g.players[1].review.as_ref().unwrap();
    assert_eq!((b.decisions, b.kinds.len()), (1, 0));
    let c = g.players[2].review.as_ref().unwrap();
    assert_eq!((c.decisions, c.per_100(0)), (0, None));

    let lines = collect([&g], &Options::default());
    let l = lines[0].line(false);
    assert_eq!(l.name, "a");
    assert_eq!(l.decisions, Some(2));
    let item = &l.review_items.as_ref().unwrap()["DEAL-IN-WITH-SAFE-TILE"];
    assert_eq!(
        (item.items, item.per_100_decisions, item.points),
        (1, Some(50.0), Some(8000))
    );
    let work = l.work_on.as_ref().unwrap();
    assert_eq!(work.len(), 1);
    assert_eq!(
        work[0].sentence,
        "DEAL-IN-WITH-SAFE-TILE: 1 mistake in 2 decisions (50.0 per 100), 8000 points dealt in: \
         against a riichi, discard a tile it cannot win on while you hold one."
    );
    // Without the review, no review keys have values.
    let plain = collect(
        [&stats("review/DEAL-IN-WITH-SAFE-TILE/hit.jsonl")],
        &Options::default(),
    );
    let p = plain[0].line(false);
    assert_eq!(
        (p.decisions, p.review_items.is_none(), p.work_on.is_none()),
        (None, true, true)
    );
}

/// `review/MISSED-WIN/hit_ends_game_no_better_note.jsonl`: seat 0's one
/// decision, a ron passed that would end the game with seat 0 still 4th:
/// a note. A note is counted (1 item, 100 per 100 decisions) but costs
/// nothing: no points, nothing to work on. `hit_ron.jsonl`: the same pass
/// earlier in a hanchan is a mistake, and its 2900 points (pinfu, tanyao,
/// 30 fu) are the cost.
#[test]
fn a_note_costs_nothing() {
    let note = reviewed("review/MISSED-WIN/hit_ends_game_no_better_note.jsonl");
    let l = collect([&note], &Options::default())[0].line(false);
    let item = &l.review_items.as_ref().unwrap()["MISSED-WIN"];
    assert_eq!((item.items, item.notes, item.points), (1, 1, Some(0)));
    assert_eq!(item.per_100_decisions, Some(100.0));
    assert!(l.work_on.as_ref().unwrap().is_empty());

    let mistake = reviewed("review/MISSED-WIN/hit_ron.jsonl");
    let l = collect([&mistake], &Options::default())[0].line(false);
    let work = l.work_on.as_ref().unwrap();
    assert_eq!(work[0].kind, "MISSED-WIN");
    assert_eq!((work[0].mistakes, work[0].points), (1, Some(2900)));
}

/// The review's decisions and items count in the kyoku the statistics
/// count only: `truncated_no_round_end.mjlog`'s cut eighth kyoku has
/// decisions the review analyses and the statistics leave out.
#[test]
fn the_review_counts_in_the_counted_kyoku_only() {
    let log = common::import(&common::testdata().join("tenhou_xml/truncated_no_round_end.mjlog"))
        .unwrap();
    let rules = Rules::for_log(&log.meta).rules;
    let whole = paifu::review::review(&log, &rules, &paifu::review::Options::default());
    let g = game_stats_with_review(&log, &rules);
    let counted: u32 = g
        .players
        .iter()
        .map(|p| p.review.as_ref().unwrap().decisions)
        .sum();
    let last_start = log
        .events
        .iter()
        .rposition(|e| e.event.is_start_kyoku())
        .unwrap();
    let before_cut = whole
        .decisions
        .iter()
        .filter(|d| d.event < last_start)
        .count();
    assert!(
        whole.decisions.len() > before_cut,
        "the cut kyoku has decisions"
    );
    assert_eq!(counted as usize, before_cut);
}

/// A player line mixing reviewed and unreviewed games has no review: its
/// rates would be of some games only.
#[test]
fn a_line_is_reviewed_whole_or_not_at_all() {
    let with = reviewed("tenhou_xml/double_ron.mjlog");
    let without = stats("tenhou_xml/double_ron.mjlog");
    let both = collect([&with, &without], &Options::default());
    assert!(both.iter().all(|p| p.games == 2 && p.review.is_none()));
    let twice = collect([&with, &with], &Options::default());
    assert!(twice.iter().all(|p| p.review.is_some()));
    let one = with.players[0].review.as_ref().unwrap().decisions;
    let name = &with.players[0].name;
    let line = twice.iter().find(|p| &p.key.name == name).unwrap();
    assert_eq!(line.review.as_ref().unwrap().decisions, 2 * one);
}

/// `review/DAMA-WITHOUT-YAKU/hit_mistake.jsonl`: the item names riichi's
/// likely value ("about N points"), an estimate of what dama gave up, not
/// points lost: the kind is counted (one mistake) but not priced, and
/// costs no points in what to work on. (The excerpt has no outcome, so
/// `paifu stats` counts none of it: its events are taken whole here.)
#[test]
fn an_estimated_value_is_no_cost() {
    use paifu::event::Seat;
    use paifu::stats::ReviewTally;
    let log =
        common::import(&common::testdata().join("review/DAMA-WITHOUT-YAKU/hit_mistake.jsonl"))
            .unwrap();
    let rules = Rules::for_log(&log.meta).rules;
    let r = paifu::review::review(&log, &rules, &paifu::review::Options::default());
    let item = r
        .items
        .iter()
        .find(|i| i.kind == ItemKind::DamaWithoutYaku)
        .unwrap();
    assert!(item.value.is_some_and(|v| v > 0), "the item names a value");
    let events = 0..log.events.len();
    let t = ReviewTally::of_seat(&r, Seat::new(0).unwrap(), std::slice::from_ref(&events));
    let cost = t.kinds[0];
    assert_eq!(
        (cost.kind, cost.mistakes, cost.points),
        (ItemKind::DamaWithoutYaku, 1, 0)
    );
    assert_eq!(t.kind_line(&cost).points, None);
    let work = t.work_on_lines();
    assert_eq!((work[0].kind, work[0].points), ("DAMA-WITHOUT-YAKU", None));
    // Outside the kyoku counted, nothing.
    assert!(
        ReviewTally::of_seat(&r, Seat::new(0).unwrap(), &[])
            .kinds
            .is_empty()
    );
}
