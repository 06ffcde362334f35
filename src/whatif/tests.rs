#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::engine::Severity;
use crate::event::{Event, Format, GameLog, StartKyoku};
use crate::rules::Rules;
use crate::tile::t;

/// Riichi City, two kyoku with their walls: E1 (a concealed kong, a pon,
/// a riichi, a ron) and E2 (every seat discards what it draws).
fn two_hands() -> GameLog {
    let text = include_str!("../../testdata/riichicity/two_hands.json");
    crate::import::import_str(text, Format::RiichiCity).unwrap()
}

fn rules() -> Rules {
    Rules::preset("tenhou").unwrap()
}

fn seat(n: u8) -> Seat {
    Seat::new(n).unwrap()
}

fn discard(tile: &str) -> Move {
    Move::Discard {
        tile: t(tile),
        tsumogiri: false,
        riichi: false,
    }
}

/// The start of the kyoku holding event `at`.
fn kyoku_of(log: &GameLog, at: usize) -> &StartKyoku {
    log.events[..=at]
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            Event::StartKyoku(sk) => Some(&**sk),
            _ => None,
        })
        .unwrap()
}

/// The live draws (not replacement draws) from event `from` on.
fn live_draws(log: &GameLog, from: usize) -> Vec<Tile> {
    log.events[from..]
        .iter()
        .filter_map(|e| match e.event {
            Event::Tsumo {
                pai: Some(p),
                rinshan: false,
                ..
            } => Some(p),
            _ => None,
        })
        .collect()
}

/// Answers every choice that is not the branching seat's with a pass, or
/// failing that the first option.
fn settle_others(branch: &mut Branch) {
    while let Some(c) = branch.pending().cloned() {
        if c.seat == branch.seat() {
            return;
        }
        let mv = if c.options.contains(&Move::Pass) {
            Move::Pass
        } else {
            c.options[0].clone()
        };
        branch.choose(mv).unwrap();
    }
}

#[test]
fn branch_at_a_discard_plays_two_turns_from_the_wall() {
    let log = two_hands();
    let rules = rules();
    // E2: seat 1 draws 9m (event 18) and lets it go (event 19); here it
    // keeps it and lets East go.
    assert!(matches!(log.events[19].event, Event::Dahai { pai, .. } if pai == t("9m")));
    let mut branch = Branch::new(&log, &rules, 19, seat(1), discard("1z")).unwrap();
    let b = branch.log();
    assert_eq!(b.events[..19], log.events[..19]);
    assert!(
        matches!(b.events[19].event, Event::Dahai { actor, pai, tsumogiri: false, .. } if actor == seat(1) && pai == t("1z"))
    );
    // Seat 2 repeats its recorded discard of the tile it draws.
    assert_eq!(b.events[20].event, log.events[20].event);
    assert_eq!(b.events[21].event, log.events[21].event);
    let what_if = b.meta.what_if.as_ref().unwrap();
    assert_eq!((what_if.from_event, what_if.seat), (19, seat(1)));
    assert!(b.meta.notes[0].starts_with("what-if:"));

    // Two turns of the branching seat: each time it discards what it drew.
    for _ in 0..2 {
        settle_others(&mut branch);
        let c = branch.pending().unwrap().clone();
        assert_eq!((c.seat, &c.asked), (seat(1), &Asked::Branching));
        let drawn = match branch.log().events.last().unwrap().event {
            Event::Tsumo { actor, pai, .. } if actor == seat(1) => pai.unwrap(),
            ref e => panic!("seat 1 should have just drawn, not {e:?}"),
        };
        let mv = Move::Discard {
            tile: drawn,
            tsumogiri: true,
            riichi: false,
        };
        assert!(c.options.contains(&mv));
        branch.choose(mv).unwrap();
    }
    settle_others(&mut branch);

    // Every draw is the wall's next tile.
    let wall = kyoku_of(&log, 19).wall.as_deref().unwrap();
    let draws = live_draws(branch.log(), 17);
    assert!(draws.len() >= 9, "{draws:?}");
    assert_eq!(draws[..], wall.live[..draws.len()]);

    // The engine finds nothing wrong with the branch.
    let wrong: Vec<_> = branch
        .findings()
        .into_iter()
        .filter(|f| f.severity != Severity::Info)
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_call_whose_tile_is_not_discarded_asks() {
    let log = two_hands();
    let rules = rules();
    // E1: seat 1 lets the white dragon go (event 7), which seat 2 pons.
    assert!(matches!(log.events[8].event, Event::Pon { .. }));
    let mut branch = Branch::new(&log, &rules, 7, seat(1), discard("3z")).unwrap();
    // Nobody takes West: seat 2 draws the wall's next tile, and its
    // recorded pon cannot be made.
    let c = branch.pending().unwrap().clone();
    assert_eq!(c.seat, seat(2));
    assert_eq!(c.asked, Asked::CallNotOpen { tile: t("5z") });
    let wall = kyoku_of(&log, 7).wall.as_deref().unwrap();
    assert!(matches!(
        branch.log().events.last().unwrap().event,
        Event::Tsumo { actor, pai: Some(p), rinshan: false } if actor == seat(2) && p == wall.live[2]
    ));
    // Its options are the engine's: a discard of each tile of the hand.
    assert!(c.options.contains(&discard("6z")));
    assert!(!c.options.contains(&Move::Tsumo));
    // A move that is not among them is refused, with a typed error.
    let err = branch.choose(discard("9m")).unwrap_err();
    assert!(matches!(err, BranchError::Illegal { seat: s, .. } if s == seat(2)));
    // The recorded discard after the pon, chosen in its place.
    branch.choose(discard("7z")).unwrap();
    assert!(branch.log().events.iter().skip(8).any(
        |e| matches!(e.event, Event::Dahai { actor, pai, .. } if actor == seat(2) && pai == t("7z"))
    ));
}

#[test]
fn a_branch_needs_a_wall_and_a_decision() {
    let mut log = two_hands();
    let rules = rules();
    // Event 6 is a draw: seat 1 has no decision before it.
    assert!(matches!(
        Branch::new(&log, &rules, 6, seat(1), discard("3z")),
        Err(BranchError::NoDecision { .. })
    ));
    // Discarding a tile not in the hand.
    assert!(matches!(
        Branch::new(&log, &rules, 7, seat(1), discard("3m")),
        Err(BranchError::Illegal { .. })
    ));
    // What seat 1 could have done at event 7: any tile of its hand.
    let choice = Branch::choice_at(&log, &rules, 7).unwrap();
    assert_eq!(choice.seat, seat(1));
    assert!(choice.options.contains(&discard("3z")));
    assert!(choice.options.contains(&discard("5z")));
    // Eleven kinds (three pairs), the 9p just drawn among them.
    assert_eq!(choice.options.len(), 11);
    if let Event::StartKyoku(sk) = &mut log.events[0].event {
        sk.wall = None;
    }
    assert!(matches!(
        Branch::new(&log, &rules, 7, seat(1), discard("3z")),
        Err(BranchError::NoWall { .. })
    ));
    assert!(matches!(
        Branch::choice_at(&log, &rules, 7),
        Err(BranchError::NoWall { .. })
    ));
}

#[test]
fn a_branch_plays_on_to_the_end_of_the_kyoku() {
    let log = two_hands();
    let rules = rules();
    let mut branch = Branch::new(&log, &rules, 19, seat(1), discard("1z")).unwrap();
    // The branching seat lets every draw go; the others pass every chance.
    for _ in 0..200 {
        let Some(c) = branch.pending().cloned() else {
            break;
        };
        let mv = if c.options.contains(&Move::Pass) {
            Move::Pass
        } else if c.seat == branch.seat() {
            c.options
                .iter()
                .find(|m| {
                    matches!(
                        m,
                        Move::Discard {
                            tsumogiri: true,
                            riichi: false,
                            ..
                        }
                    )
                })
                .unwrap()
                .clone()
        } else {
            c.options
                .iter()
                .find(|m| matches!(m, Move::Discard { riichi: false, .. }))
                .unwrap()
                .clone()
        };
        branch.choose(mv).unwrap();
    }
    assert!(branch.ended());
    let events: Vec<&Event> = branch.log().plain_events().collect();
    assert!(events.last().unwrap().is_end_kyoku());
    assert!(events.iter().skip(17).any(|e| e.is_outcome()));
    assert!(matches!(
        branch.choose(Move::Pass),
        Err(BranchError::NotWaiting)
    ));
    let wrong: Vec<_> = branch
        .findings()
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_kong_in_the_branch_takes_the_replacement_and_the_indicator_from_the_wall() {
    let log = two_hands();
    let rules = rules();
    // E1: seat 0 declares the concealed kong of 1m at event 2; the branch
    // declares it too, as the branching seat's own choice.
    let kong = Move::Kong {
        kind: crate::score::MeldKind::Ankan,
        tile: t("1m"),
    };
    let branch = Branch::new(&log, &rules, 2, seat(0), kong).unwrap();
    let wall = kyoku_of(&log, 2).wall.as_deref().unwrap();
    let b: Vec<&Event> = branch.log().plain_events().collect();
    assert_eq!(
        b[3],
        &Event::Dora {
            marker: wall.dora_markers[1]
        }
    );
    assert_eq!(
        b[4],
        &Event::Tsumo {
            actor: seat(0),
            pai: Some(wall.replacements[0]),
            rinshan: true
        }
    );
    assert_eq!(branch.pending().unwrap().seat, seat(0));
}

/// A Tenhou log, whose wall is rebuilt from its seed: seat 2 lets its drawn
/// 4p go instead of East. Seat 3 could chi it, but its record makes no call
/// there, so it passes as recorded and play goes on from the wall; the
/// branch waits only where a recorded action cannot be repeated or a win
/// opens.
#[test]
fn a_tenhou_branch_passes_the_calls_the_record_does_not_make() {
    let text = include_str!("../../testdata/tenhou_xml/review_call_no_progress.xml");
    let log = crate::import::import_str(text, Format::TenhouXml).unwrap();
    let mv = Move::Discard {
        tile: t("4p"),
        tsumogiri: true,
        riichi: false,
    };
    let b = Branch::new(&log, &rules(), 6, seat(2), mv).unwrap();
    let after = b.log().events.len();
    assert!(
        after > 8,
        "play went on past seat 3's chance to chi: {after} events"
    );
    // Seat 3's draw after the pass, and those after it, are the wall's
    // next tiles.
    let wall = kyoku_of(&log, 6).wall.as_deref().unwrap();
    let branch_draws = live_draws(b.log(), 1);
    assert!(branch_draws.len() >= 4, "{branch_draws:?}");
    assert_eq!(branch_draws[..], wall.live[..branch_draws.len()]);
}

/// While the branch waits for Cid to say whether he rons, the review does
/// not call the win passed: the log ends before his choice (a kyoku cut
/// off is not judged on its last tile).
#[test]
fn a_win_waiting_for_its_choice_is_not_reviewed_as_missed() {
    let log = two_hands();
    let b = Branch::new(&log, &rules(), 19, seat(1), discard("E")).unwrap();
    let pending = b.pending().expect("a choice");
    assert_eq!(pending.asked, Asked::WinOpen);
    assert!(pending.options.contains(&Move::Ron));
    let review = crate::review::review(b.log(), &rules(), &crate::review::Options::default());
    assert!(
        review
            .items
            .iter()
            .all(|i| i.kind != crate::catalogue::ItemKind::MissedWin),
        "{:?}",
        review.items.iter().map(|i| i.kind).collect::<Vec<_>>()
    );
}

/// Three players (Tenhou, the wall rebuilt from the seed): seat 0 plays
/// another tile at event 77; seat 1 then sets its north aside as the
/// record has it, and its replacement draw is the wall's first
/// replacement tile. Seat 0's own norths are offered as a move.
#[test]
fn a_north_set_aside_in_a_branch_takes_the_walls_replacement_tile() {
    let text = include_str!("../../testdata/tenhou_xml/sanma_nukidora_rinshan.xml");
    let log = crate::import::import_str(text, Format::TenhouXml).unwrap();
    let rules = Rules::preset("tenhou-sanma").unwrap();
    let choice = Branch::choice_at(&log, &rules, 77).unwrap();
    let Event::Dahai { pai: recorded, .. } = log.events[77].event else {
        panic!("event 77 is a discard");
    };
    let other = choice
        .options
        .iter()
        .find(|m| matches!(m, Move::Discard { tile, riichi: false, .. } if tile.kind() != recorded.kind()))
        .cloned()
        .unwrap();
    let b = Branch::new(&log, &rules, 77, seat(0), other).unwrap();
    let events: Vec<&Event> = b.log().events[78..].iter().map(|e| &e.event).collect();
    let at = events
        .iter()
        .position(|e| matches!(e, Event::Nukidora { actor, .. } if *actor == seat(1)))
        .expect("seat 1 sets its north aside as recorded");
    let wall = kyoku_of(&log, 77).wall.as_deref().unwrap();
    assert!(
        matches!(events.get(at + 1), Some(Event::Tsumo { actor, pai: Some(p), rinshan: true }) if *actor == seat(1) && *p == wall.replacements[0]),
        "{:?}",
        events.get(at + 1)
    );
    let errors: Vec<_> = b
        .findings()
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(Move::North.to_string(), "set a north aside");
    // At a recorded north set aside, the move is among those offered.
    let at_north = Branch::choice_at(&log, &rules, 2).unwrap();
    assert!(
        at_north.options.contains(&Move::North),
        "{:?}",
        at_north.options
    );
}

#[test]
fn copies_held_names_each_choice_of_fives() {
    let hand = crate::tile::parse_hand("550p67m").unwrap();
    let ways = |consumed: &str| -> Vec<String> {
        copies_held(&hand, &crate::tile::parse_hand(consumed).unwrap())
            .iter()
            .map(|w| crate::tile::format_hand(w))
            .collect()
    };
    assert_eq!(ways("55p"), ["55p", "50p"]);
    assert_eq!(ways("550p"), ["550p"]);
    assert_eq!(ways("67m"), ["67m"]);
    // A copy the hand does not hold is never offered.
    assert!(ways("66m").is_empty());
}

/// A recorded chi with a red five: the engine names the shape once (plain
/// five first), `legal_moves` each copy, and the recorded one among them.
#[test]
fn legal_moves_hold_a_recorded_chi_with_a_red_five() {
    let text = include_str!("../../testdata/tenhou_xml/kakan_red_five.xml");
    let log = crate::import::import_str(text, Format::TenhouXml).unwrap();
    let rules = rules();
    let (i, actor, consumed) = log
        .events
        .iter()
        .enumerate()
        .find_map(|(i, e)| match &e.event {
            Event::Chi {
                actor, consumed, ..
            } if consumed.iter().any(|t| t.is_red()) => Some((i, *actor, consumed.to_vec())),
            _ => None,
        })
        .expect("the log has a chi with a red five");
    let mut replay = crate::engine::Replay::new(&log, &rules);
    replay.run_through(i - 1);
    let mut recorded = consumed;
    crate::tile::sort_tiles(&mut recorded);
    let moves = legal_moves(&replay, actor);
    let chi = Move::Call {
        kind: MeldKind::Chi,
        consumed: recorded.clone(),
    };
    assert!(moves.contains(&chi), "{moves:?}");
    // Every call is still one the engine allows: its shape is.
    let shapes = options::legal_moves(&replay, actor);
    assert!(moves.len() > shapes.len(), "{moves:?} against {shapes:?}");
}
