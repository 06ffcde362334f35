//! The record of the other seats after the branch point, and how each
//! seat's next recorded action is matched to the moves the engine allows
//! now (by tile kind: a branch may hand a seat the other red or plain copy).

use std::collections::VecDeque;

use crate::event::{Event, GameLog, Seat};
use crate::score::MeldKind;
use crate::tile::Tile;

use super::{Asked, Move};

/// Each seat's recorded decisions after the branch point, in order.
#[derive(Clone, Debug, Default)]
pub(super) struct Record {
    queues: Vec<VecDeque<Event>>,
}

impl Record {
    /// The decisions recorded from event `from` to the end of its kyoku,
    /// by seat; none for the seat that branched, which plays on its own.
    pub(super) fn after(log: &GameLog, from: usize, branching: Seat) -> Self {
        let mut queues = vec![VecDeque::new(); usize::from(log.meta.seats)];
        for entry in log.events.iter().skip(from) {
            let e = &entry.event;
            if e.is_start_kyoku() || e.is_end_kyoku() {
                break;
            }
            let decision =
                e.is_discard() || e.is_call() || e.gives_replacement_draw() || e.is_win();
            match e.actor() {
                Some(seat) if decision && seat != branching => {
                    if let Some(q) = queues.get_mut(seat.index()) {
                        q.push_back(e.clone());
                    }
                }
                _ => {}
            }
        }
        Self { queues }
    }

    /// The seat's next recorded decision.
    pub(super) fn head(&self, seat: Seat) -> Option<&Event> {
        self.queues.get(seat.index()).and_then(VecDeque::front)
    }

    /// The seat's next recorded decision is done, or set aside.
    pub(super) fn pop(&mut self, seat: Seat) {
        if let Some(q) = self.queues.get_mut(seat.index()) {
            q.pop_front();
        }
    }
}

/// What the record has the seat to move do now, among `legal` (its own
/// turn: after a draw or a call), or why the branch must ask.
pub(super) fn own_turn(head: Option<&Event>, legal: &[Move]) -> Result<Move, Asked> {
    let tsumo_open = legal.contains(&Move::Tsumo);
    match head {
        Some(Event::Hora { actor, target, .. }) if actor == target => {
            if tsumo_open {
                Ok(Move::Tsumo)
            } else {
                Err(Asked::NotLegal {
                    recorded: "tsumo".into(),
                })
            }
        }
        _ if tsumo_open => Err(Asked::WinOpen),
        Some(Event::Dahai {
            pai,
            tsumogiri,
            riichi,
            ..
        }) => discard(legal, *pai, *tsumogiri, *riichi),
        Some(Event::Ankan { consumed, .. }) => kong(legal, MeldKind::Ankan, consumed[0]),
        Some(Event::Kakan { pai, .. }) => kong(legal, MeldKind::Kakan, *pai),
        Some(Event::Nukidora { .. }) => {
            if legal.contains(&Move::North) {
                Ok(Move::North)
            } else {
                Err(Asked::NotLegal {
                    recorded: Move::North.to_string(),
                })
            }
        }
        Some(Event::Chi { pai, .. } | Event::Pon { pai, .. } | Event::Daiminkan { pai, .. }) => {
            Err(Asked::CallNotOpen { tile: *pai })
        }
        Some(e) => Err(Asked::NotLegal {
            recorded: e.type_name().replace('_', " "),
        }),
        None => Err(Asked::NoRecord),
    }
}

/// The legal discard nearest the recorded one: the same kind, with riichi
/// as recorded; the same copy and the same tsumogiri where the hand allows.
fn discard(legal: &[Move], pai: Tile, tsumogiri: bool, riichi: bool) -> Result<Move, Asked> {
    let fits = |m: &&Move, exact: bool, same_way: bool| match m {
        Move::Discard {
            tile,
            tsumogiri: t,
            riichi: r,
        } => {
            *r == riichi
                && tile.kind() == pai.kind()
                && (!exact || *tile == pai)
                && (!same_way || *t == tsumogiri)
        }
        _ => false,
    };
    let best = [(true, true), (true, false), (false, true), (false, false)]
        .into_iter()
        .find_map(|(exact, same_way)| legal.iter().find(|m| fits(m, exact, same_way)));
    if let Some(m) = best {
        return Ok(m.clone());
    }
    let kind_in_hand = legal
        .iter()
        .any(|m| matches!(m, Move::Discard { tile, .. } if tile.kind() == pai.kind()));
    if kind_in_hand {
        Err(Asked::NotLegal {
            recorded: format!("riichi with {}", crate::names::short_tile(pai)),
        })
    } else {
        Err(Asked::NotInHand { tile: pai })
    }
}

/// The recorded kong, when the engine allows one of its kind.
fn kong(legal: &[Move], kind: MeldKind, tile: Tile) -> Result<Move, Asked> {
    legal
        .iter()
        .find(|m| matches!(m, Move::Kong { kind: k, tile: t } if *k == kind && t.kind() == tile.kind()))
        .cloned()
        .ok_or_else(|| Asked::NotLegal {
            recorded: format!("kan of {}", crate::names::short_tile(tile)),
        })
}

/// What the record has `seat` do with the tile `offered` by `from`, among
/// `legal` (a ron, calls and a pass), or why the branch must ask.
pub(super) fn on_offer(
    head: Option<&Event>,
    legal: &[Move],
    from: Seat,
    offered: Tile,
) -> Result<Move, Asked> {
    let ron_open = legal.contains(&Move::Ron);
    match head {
        Some(Event::Hora { target, pai, .. })
            if *target == from && pai.kind() == offered.kind() && ron_open =>
        {
            return Ok(Move::Ron);
        }
        _ if ron_open => return Err(Asked::WinOpen),
        _ => {}
    }
    let recorded_call = match head {
        Some(Event::Chi {
            target,
            pai,
            consumed,
            ..
        }) => Some((MeldKind::Chi, *target, *pai, consumed.to_vec())),
        Some(Event::Pon {
            target,
            pai,
            consumed,
            ..
        }) => Some((MeldKind::Pon, *target, *pai, consumed.to_vec())),
        Some(Event::Daiminkan {
            target,
            pai,
            consumed,
            ..
        }) => Some((MeldKind::Daiminkan, *target, *pai, consumed.to_vec())),
        _ => None,
    };
    if let Some((kind, target, pai, consumed)) = recorded_call
        && target == from
        && pai.kind() == offered.kind()
    {
        let kinds = |tiles: &[Tile]| {
            let mut k: Vec<u8> = tiles.iter().map(|t| t.kind()).collect();
            k.sort_unstable();
            k
        };
        let exact = legal.iter().find(
            |m| matches!(m, Move::Call { kind: k, consumed: c } if *k == kind && *c == consumed),
        );
        let same_kinds = legal.iter().find(|m| {
            matches!(m, Move::Call { kind: k, consumed: c } if *k == kind && kinds(c) == kinds(&consumed))
        });
        if let Some(m) = exact.or(same_kinds) {
            return Ok(m.clone());
        }
    }
    // A call the record does not make here is passed, as the record
    // passed: asking at every chi and pon chance would stop the branch at
    // most discards. A win is different: it ends the kyoku, so it is asked.
    Ok(Move::Pass)
}

/// Whether the choice asked replaces the seat's recorded action (it could
/// not be repeated, so it is set aside once the seat has chosen).
pub(super) const fn sets_record_aside(asked: &Asked) -> bool {
    matches!(
        asked,
        Asked::NotInHand { .. } | Asked::CallNotOpen { .. } | Asked::NotLegal { .. }
    )
}
