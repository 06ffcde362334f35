//! What survives an mjai export and an import back, stated as a projection.

use crate::event::{
    ClaimedYaku, DrawClaim, DrawKind, EndClaim, Entry, Event, Format, GameLog, GameMeta, Player,
    Source, StartKyoku, WinClaim,
};
use crate::import::mjai::{NOTE_END_KYOKU_ADDED, win_hand};
use crate::tile::{Tile, sort_seen_tiles, sort_tiles};
use crate::yaku::Yaku;

use super::{follows_own_kong, hora_tehais, lost, required, scores_after, writes_end_game};

/// What survives an export to mjai and an import back: what
/// `parse(write(log))` gives, source locations aside (they are cleared).
///
/// mjai keeps the events but not: disconnects, the `rinshan` flag (derived
/// from the kongs before a draw), limit names, claimed dora indicators,
/// sticks and chips, scores before an outcome unless its deltas are known,
/// yaku of 0 han, nagashi mangan on abortive draws; of the metadata only
/// player names, the number of seats, red fives (0 or 3), the game length,
/// the final scores of a finished game and the notes (with a sentence added
/// for each kind of loss). Hands and called tiles come back sorted, yaku
/// names in our spelling, and a kyoku whose outcome lacks `end_kyoku` gets
/// one. What Mortal's schema requires comes back filled in where the log
/// can say it: every win has `ura_markers` (empty without a stated list),
/// a kyoku's only win without deltas gets the change of scores, the
/// starting scores of a four-seat game are carried over when not stated,
/// and a riichi discard that play went on from is followed by its
/// acceptance.
/// For a game [`write`](super::write()) refuses, this is a best effort.
#[must_use]
pub fn carried(log: &GameLog) -> GameLog {
    // What is written is the game with Mortal's required fields completed.
    let log = &required::complete(log);
    let source = &log.meta;
    let mut meta = GameMeta::new(Format::Mjai, source.seats);
    meta.players = if source.players.is_empty() {
        vec![Player::default(); usize::from(source.seats)]
    } else {
        source
            .players
            .iter()
            .map(|p| Player {
                name: p.name.clone(),
                ..Player::default()
            })
            .collect()
    };
    meta.rules.red_fives = source.rules.red_fives.filter(|n| *n == 0 || *n == 3);
    meta.rules.length = source.rules.length;
    if writes_end_game(log) {
        meta.end = source
            .end
            .as_ref()
            .and_then(|e| e.scores.clone())
            .map(|scores| EndClaim {
                scores: Some(scores),
                points: None,
            });
    }
    meta.incomplete = source.incomplete;
    meta.notes = lost::export_notes(log);

    let mut events: Vec<Entry> = Vec::new();
    let mut previous: Option<Event> = None;
    // The current kyoku: its label, whether it had an outcome, an end.
    let mut kyoku: Option<(String, bool, bool)> = None;
    for entry in &log.events {
        let Some(event) = project(&entry.event, previous.as_ref()) else {
            continue;
        };
        match &event {
            Event::StartKyoku(sk) => {
                close(kyoku.take(), &mut events, &mut meta);
                kyoku = Some((sk.label(), false, false));
            }
            Event::Hora { .. } | Event::Ryukyoku { .. } => {
                if let Some(k) = &mut kyoku {
                    k.1 = true;
                }
            }
            Event::EndKyoku => {
                if let Some(k) = &mut kyoku {
                    k.2 = true;
                    meta.incomplete |= !k.1;
                }
            }
            _ => {}
        }
        if !event.is_dora() {
            previous = Some(event.clone());
        }
        events.push(Entry {
            event,
            src: Source::default(),
        });
    }
    close(kyoku, &mut events, &mut meta);
    GameLog { meta, events }
}

/// The end of a kyoku as the importer sees it: an outcome without
/// `end_kyoku` gets one, a kyoku without outcome leaves the game incomplete.
fn close(kyoku: Option<(String, bool, bool)>, events: &mut Vec<Entry>, meta: &mut GameMeta) {
    let Some((label, outcome, ended)) = kyoku else {
        return;
    };
    if ended {
        return;
    }
    if outcome {
        events.push(Entry {
            event: Event::EndKyoku,
            src: Source::default(),
        });
        let note = NOTE_END_KYOKU_ADDED.replace("{label}", &label);
        if !meta.notes.contains(&note) {
            meta.notes.push(note);
        }
    } else {
        meta.incomplete = true;
    }
}

/// One event as it comes back; `None` for an event mjai drops.
fn project(event: &Event, previous: Option<&Event>) -> Option<Event> {
    Some(match event {
        Event::Disconnect { .. } | Event::Reconnect { .. } => return None,
        Event::StartKyoku(sk) => {
            let mut hands = sk.hands.clone();
            for hand in &mut hands {
                sort_seen_tiles(hand);
            }
            Event::StartKyoku(Box::new(StartKyoku {
                hands,
                wall: None,
                ..(**sk).clone()
            }))
        }
        Event::Tsumo { actor, pai, .. } => Event::Tsumo {
            actor: *actor,
            pai: *pai,
            rinshan: follows_own_kong(previous, *actor),
        },
        Event::Chi {
            actor,
            target,
            pai,
            consumed,
        } => Event::Chi {
            actor: *actor,
            target: *target,
            pai: *pai,
            consumed: sorted(*consumed),
        },
        Event::Pon {
            actor,
            target,
            pai,
            consumed,
        } => Event::Pon {
            actor: *actor,
            target: *target,
            pai: *pai,
            consumed: sorted(*consumed),
        },
        Event::Daiminkan {
            actor,
            target,
            pai,
            consumed,
        } => Event::Daiminkan {
            actor: *actor,
            target: *target,
            pai: *pai,
            consumed: sorted(*consumed),
        },
        Event::Kakan {
            actor,
            pai,
            consumed,
        } => Event::Kakan {
            actor: *actor,
            pai: *pai,
            consumed: sorted(*consumed),
        },
        Event::Ankan { actor, consumed } => Event::Ankan {
            actor: *actor,
            consumed: sorted(*consumed),
        },
        Event::RiichiAccepted { actor, claim } => Event::RiichiAccepted {
            actor: *actor,
            claim: claim
                .clone()
                .filter(|c| c.scores.is_some() || c.deltas.is_some()),
        },
        Event::Hora {
            actor,
            target,
            pai,
            claim,
        } => Event::Hora {
            actor: *actor,
            target: *target,
            pai: *pai,
            claim: Box::new(win_claim(claim, *pai)),
        },
        Event::Ryukyoku { kind, claim } => Event::Ryukyoku {
            kind: *kind,
            claim: Box::new(DrawClaim {
                tenpai: claim.tenpai.clone(),
                shown_hands: claim.shown_hands.clone(),
                nagashi_mangan: claim.nagashi_mangan && *kind == DrawKind::Exhaustive,
                deltas: claim.deltas.clone(),
                scores_before: kept_before(claim.scores_before.as_ref(), claim.deltas.as_ref()),
                sticks: None,
            }),
        },
        Event::Dahai { .. } | Event::Nukidora { .. } | Event::Dora { .. } | Event::EndKyoku => {
            event.clone()
        }
    })
}

fn sorted<const N: usize>(mut tiles: [Tile; N]) -> [Tile; N] {
    sort_tiles(&mut tiles);
    tiles
}

fn kept_before(before: Option<&Vec<i32>>, deltas: Option<&Vec<i32>>) -> Option<Vec<i32>> {
    scores_after(before, deltas).and(before.cloned())
}

fn win_claim(claim: &WinClaim, pai: Tile) -> WinClaim {
    WinClaim {
        han: claim.han,
        fu: claim.fu,
        points: claim.points,
        limit: None,
        yaku: claim
            .yaku
            .iter()
            .filter(|y| y.han > 0)
            .map(|y| ClaimedYaku {
                yaku: Yaku::from_name(y.yaku.name()),
                han: y.han,
            })
            .collect(),
        dora_markers: None,
        ura_markers: claim.ura_markers.clone(),
        hand: claim
            .hand
            .as_ref()
            .map(|h| win_hand(hora_tehais(h, pai), pai)),
        pao: claim.pao,
        // mjai writes `pao` only when someone is liable; read back, its
        // absence is "not recorded".
        pao_unknown: claim.pao.is_none(),
        deltas: claim.deltas.clone(),
        // mjai has no way to say a claim is missing.
        not_recorded: Vec::new(),
        scores_before: kept_before(claim.scores_before.as_ref(), claim.deltas.as_ref()),
        sticks: None,
        chips: None,
    }
}
