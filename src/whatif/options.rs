//! The moves the engine allows a seat at a point of a branch, and each
//! move as the event it writes. Legality is the engine's: its replay's
//! turn, chances and declarations (`Replay::tsumo_chance`, `ron_chances`,
//! `call_chances`, `kong_chances`, `riichi_open`, `kuikae`); a move taken
//! is checked once more by replaying it (`Branch::choose`).

use crate::engine::{Replay, Turn};
use crate::event::ClaimPart;
use crate::event::{Event, Seat, WinClaim};
use crate::hand::{Counts, TileSet, shanten_in};
use crate::score::MeldKind;
use crate::tile::Tile;

use super::Move;

/// The kind of the north tile.
const NORTH: u8 = 30;

/// Every move `seat` may make now; empty when it has no decision.
pub(super) fn legal_moves(replay: &Replay<'_>, seat: Seat) -> Vec<Move> {
    match replay.turn() {
        Some(Turn::Drawn(s) | Turn::Called(s)) if s == seat => own_turn(replay, seat),
        Some(Turn::Discarded(from) | Turn::Kong(from)) if from != seat => {
            let mut out = Vec::new();
            if replay
                .ron_chances()
                .iter()
                .any(|c| c.seat == seat && c.verdict.is_ok())
            {
                out.push(Move::Ron);
            }
            for chance in replay.call_chances() {
                if chance.seat == seat {
                    out.extend(chance.options.into_iter().map(|o| Move::Call {
                        kind: o.kind,
                        consumed: o.consumed,
                    }));
                }
            }
            if !out.is_empty() {
                out.push(Move::Pass);
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The moves of the seat to discard: tsumo, kongs, discards and riichi.
fn own_turn(replay: &Replay<'_>, seat: Seat) -> Vec<Move> {
    let Some(state) = replay.table() else {
        return Vec::new();
    };
    let Ok(p) = state.player(seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if replay
        .tsumo_chance()
        .is_some_and(|c| c.seat == seat && c.verdict.is_ok())
    {
        out.push(Move::Tsumo);
    }
    out.extend(replay.kong_chances().into_iter().map(|k| Move::Kong {
        kind: k.kind,
        tile: k.tile,
    }));
    // A north in a three-player hand may be set aside; whether the rules
    // allow it now is the engine's word when the move is replayed
    // (`Branch::take`).
    if state.seats == 3 && p.concealed.iter().any(|t| t.kind() == NORTH) {
        out.push(Move::North);
    }
    let drawn = p.drawn;
    let barred = replay.kuikae(seat);
    let mut tiles: Vec<Tile> = p.concealed.clone();
    tiles.sort();
    tiles.dedup();
    let in_riichi = p.riichi.is_some();
    let riichi_open = matches!(replay.turn(), Some(Turn::Drawn(_))) && replay.riichi_open(seat);
    let melds = u8::try_from(p.melds.len()).unwrap_or(4);
    let set = TileSet::for_seats(state.seats);
    let mut discards = Vec::new();
    for tile in tiles {
        if barred.contains(tile.kind()) {
            continue;
        }
        let copies = p.concealed.iter().filter(|&&t| t == tile).count();
        let mut ways = Vec::new();
        if drawn == Some(tile) {
            ways.push(true);
        }
        if drawn != Some(tile) || copies >= 2 {
            ways.push(false);
        }
        for tsumogiri in ways {
            // In riichi the hand is fixed: only the tile drawn goes out.
            if in_riichi && !tsumogiri {
                continue;
            }
            discards.push(Move::Discard {
                tile,
                tsumogiri,
                riichi: false,
            });
            if riichi_open && tenpai_without(&p.concealed, tile, melds, set) {
                discards.push(Move::Discard {
                    tile,
                    tsumogiri,
                    riichi: true,
                });
            }
        }
    }
    out.extend(discards);
    out
}

/// Whether the hand is tenpai once `tile` is discarded.
fn tenpai_without(concealed: &[Tile], tile: Tile, melds: u8, set: TileSet) -> bool {
    let mut rest = concealed.to_vec();
    if let Some(i) = rest.iter().position(|&t| t == tile) {
        rest.remove(i);
    }
    shanten_in(&Counts::from_tiles(&rest), melds, set) == 0
}

/// The events a move writes, or `None` when the table does not hold what
/// it needs (the caller then refuses it).
pub(super) fn events_of(replay: &Replay<'_>, seat: Seat, mv: &Move) -> Option<Vec<Event>> {
    let state = replay.table()?;
    let p = state.player(seat).ok()?;
    let event = match mv {
        Move::Discard {
            tile,
            tsumogiri,
            riichi,
        } => Event::Dahai {
            actor: seat,
            pai: *tile,
            tsumogiri: *tsumogiri,
            riichi: *riichi,
        },
        Move::Tsumo => Event::Hora {
            actor: seat,
            target: seat,
            pai: p.drawn?,
            claim: Box::new(unknown_claim()),
        },
        Move::Ron => {
            let chance = replay.ron_chances().into_iter().find(|c| c.seat == seat)?;
            Event::Hora {
                actor: seat,
                target: chance.from,
                pai: chance.tile,
                claim: Box::new(unknown_claim()),
            }
        }
        Move::Call { kind, consumed } => {
            let chance = replay.call_chances().into_iter().find(|c| c.seat == seat)?;
            let (actor, target, pai) = (seat, chance.from, chance.tile);
            match kind {
                MeldKind::Chi => Event::Chi {
                    actor,
                    target,
                    pai,
                    consumed: consumed.clone().try_into().ok()?,
                },
                MeldKind::Pon => Event::Pon {
                    actor,
                    target,
                    pai,
                    consumed: consumed.clone().try_into().ok()?,
                },
                MeldKind::Daiminkan => Event::Daiminkan {
                    actor,
                    target,
                    pai,
                    consumed: consumed.clone().try_into().ok()?,
                },
                MeldKind::Kakan | MeldKind::Ankan => return None,
            }
        }
        Move::Kong { kind, tile } => match kind {
            MeldKind::Ankan => {
                let four: Vec<Tile> = p
                    .concealed
                    .iter()
                    .copied()
                    .filter(|t| t.kind() == tile.kind())
                    .collect();
                Event::Ankan {
                    actor: seat,
                    consumed: four.try_into().ok()?,
                }
            }
            MeldKind::Kakan => {
                let pon = p.melds.iter().find(|m| {
                    m.meld.kind == MeldKind::Pon
                        && m.meld
                            .tiles
                            .first()
                            .is_some_and(|t| t.kind() == tile.kind())
                })?;
                Event::Kakan {
                    actor: seat,
                    pai: *tile,
                    consumed: pon.meld.tiles.clone().try_into().ok()?,
                }
            }
            MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan => return None,
        },
        Move::North => Event::Nukidora {
            actor: seat,
            pai: *p.concealed.iter().find(|t| t.kind() == NORTH)?,
        },
        Move::Pass => return Some(Vec::new()),
    };
    Some(vec![event])
}

/// The claim of a win played in a branch: nothing is recorded, so the
/// audit computes the win and checks no claim against it.
pub(super) fn unknown_claim() -> WinClaim {
    WinClaim {
        not_recorded: vec![
            ClaimPart::Han,
            ClaimPart::Fu,
            ClaimPart::Points,
            ClaimPart::Limit,
            ClaimPart::Yaku,
        ],
        pao_unknown: true,
        ..WinClaim::default()
    }
}
