//! The mjai writer proper.

use serde::Serialize;

use crate::event::{DrawKind, Event, Format, GameLength, GameLog, Seat, StartKyoku};
use crate::export::ExportError;
use crate::import::mjai::draw_reason;
use crate::tile::Tile;

use super::{hora_tehais, lost, required, scores_after, writes_end_game};

/// One line of output, in Mortal's field order.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Out<'a> {
    StartGame {
        names: Vec<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        kyoku_first: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        aka_flag: Option<bool>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        paifu_notes: Vec<String>,
        /// The game is a what-if branch, not a record: the mark travels
        /// with it (`formats/events.md`, "What-if branches").
        #[serde(skip_serializing_if = "Option::is_none")]
        what_if: Option<&'a crate::event::WhatIf>,
    },
    StartKyoku {
        bakaze: char,
        dora_marker: Tile,
        kyoku: u8,
        honba: u8,
        kyotaku: u8,
        oya: Seat,
        #[serde(skip_serializing_if = "Option::is_none")]
        scores: Option<&'a [i32]>,
        tehais: Vec<Vec<&'static str>>,
    },
    Tsumo {
        actor: Seat,
        pai: &'static str,
    },
    Dahai {
        actor: Seat,
        pai: Tile,
        tsumogiri: bool,
    },
    Reach {
        actor: Seat,
    },
    ReachAccepted {
        actor: Seat,
        #[serde(skip_serializing_if = "Option::is_none")]
        deltas: Option<&'a [i32]>,
        #[serde(skip_serializing_if = "Option::is_none")]
        scores: Option<&'a [i32]>,
    },
    Chi {
        actor: Seat,
        target: Seat,
        pai: Tile,
        consumed: &'a [Tile],
    },
    Pon {
        actor: Seat,
        target: Seat,
        pai: Tile,
        consumed: &'a [Tile],
    },
    Daiminkan {
        actor: Seat,
        target: Seat,
        pai: Tile,
        consumed: &'a [Tile],
    },
    Kakan {
        actor: Seat,
        pai: Tile,
        consumed: &'a [Tile],
    },
    Ankan {
        actor: Seat,
        consumed: &'a [Tile],
    },
    Nukidora {
        actor: Seat,
        pai: Tile,
    },
    Dora {
        dora_marker: Tile,
    },
    Hora {
        actor: Seat,
        target: Seat,
        pai: Tile,
        #[serde(skip_serializing_if = "Option::is_none")]
        deltas: Option<&'a [i32]>,
        /// Always written: Mortal refuses a `hora` without it, and an
        /// empty list is what a win without riichi shows.
        ura_markers: &'a [Tile],
        #[serde(skip_serializing_if = "Option::is_none")]
        fu: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        fan: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        hora_points: Option<i32>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        yakus: Vec<(&'a str, u8)>,
        #[serde(skip_serializing_if = "Option::is_none")]
        hora_tehais: Option<Vec<Tile>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pao: Option<Seat>,
        #[serde(skip_serializing_if = "Option::is_none")]
        scores: Option<Vec<i32>>,
    },
    Ryukyoku {
        reason: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        tenpais: Option<&'a [bool]>,
        #[serde(skip_serializing_if = "Option::is_none")]
        tehais: Option<Vec<Vec<&'static str>>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        deltas: Option<&'a [i32]>,
        #[serde(skip_serializing_if = "Option::is_none")]
        scores: Option<Vec<i32>>,
    },
    EndKyoku,
    EndGame {
        #[serde(skip_serializing_if = "Option::is_none")]
        scores: Option<&'a [i32]>,
    },
}

fn unsupported(reason: impl Into<String>) -> ExportError {
    ExportError::Unsupported {
        format: Format::Mjai,
        reason: reason.into(),
    }
}

fn seen(t: Option<Tile>) -> &'static str {
    t.map_or("?", Tile::to_mjai)
}

/// Refuses what the importer could not read back: mjai has a fixed table
/// of 3 or 4 seats, kyoku numbers 1–4, and no play outside a kyoku.
fn check(log: &GameLog) -> Result<(), ExportError> {
    let seats = log.meta.seats;
    if !(3..=4).contains(&seats) {
        return Err(unsupported(format!("a table of {seats} seats")));
    }
    let seat_ok = |s: Seat| s.get() < seats;
    // None: before the first kyoku; Some(true): after its end_kyoku.
    let mut ended: Option<bool> = None;
    for (i, entry) in log.events.iter().enumerate() {
        let event = &entry.event;
        let at = || format!("event {i} (`{}`)", event.type_name());
        match event {
            Event::Disconnect { .. } | Event::Reconnect { .. } => continue,
            Event::StartKyoku(sk) => {
                check_start(sk, seats).map_err(|why| unsupported(format!("{}: {why}", at())))?;
                ended = Some(false);
                continue;
            }
            _ => {}
        }
        match ended {
            None => {
                return Err(unsupported(format!(
                    "{} comes before the first kyoku",
                    at()
                )));
            }
            Some(true) => return Err(unsupported(format!("{} comes after `end_kyoku`", at()))),
            Some(false) => {}
        }
        let mut named = event.actor().into_iter().collect::<Vec<_>>();
        match event {
            Event::Chi { target, .. }
            | Event::Pon { target, .. }
            | Event::Daiminkan { target, .. } => named.push(*target),
            Event::Hora { target, claim, .. } => {
                named.push(*target);
                named.extend(claim.pao);
            }
            Event::EndKyoku => ended = Some(true),
            _ => {}
        }
        if let Some(s) = named.into_iter().find(|s| !seat_ok(*s)) {
            return Err(unsupported(format!(
                "{} names seat {s} at a table of {seats}",
                at()
            )));
        }
    }
    if ended.is_none() {
        return Err(unsupported("the game has no kyoku"));
    }
    Ok(())
}

/// A `start_kyoku` mjai cannot write at a table of `seats`.
#[derive(Debug, thiserror::Error)]
enum BadStart {
    #[error("kyoku number {0} is not 1-4")]
    Kyoku(u8),
    #[error("dealer {dealer} at a table of {seats}")]
    Dealer { dealer: Seat, seats: u8 },
    #[error("{hands} hands at a table of {seats}")]
    Hands { hands: usize, seats: u8 },
    #[error("scores for other than {0} seats")]
    Scores(u8),
}

fn check_start(sk: &StartKyoku, seats: u8) -> Result<(), BadStart> {
    if !(1..=4).contains(&sk.kyoku) {
        return Err(BadStart::Kyoku(sk.kyoku));
    }
    if sk.dealer.get() >= seats {
        return Err(BadStart::Dealer {
            dealer: sk.dealer,
            seats,
        });
    }
    if sk.hands.len() != usize::from(seats) {
        return Err(BadStart::Hands {
            hands: sk.hands.len(),
            seats,
        });
    }
    if sk
        .scores
        .as_ref()
        .is_some_and(|s| s.len() != usize::from(seats))
    {
        return Err(BadStart::Scores(seats));
    }
    Ok(())
}

/// Writes `log` as mjai: one compact JSON object per line.
///
/// # Errors
///
/// [`ExportError::Unsupported`] when mjai cannot express the game: a table
/// other than 3 or 4 seats, a kyoku number outside 1–4, per-seat lists of
/// the wrong length in `start_kyoku`, a seat beyond the table, play before
/// the first kyoku or after an `end_kyoku`, or no kyoku at all.
pub fn write(log: &GameLog) -> Result<String, ExportError> {
    check(log)?;
    let log = &required::complete(log);
    let meta = &log.meta;
    let blank = vec![""; usize::from(meta.seats)];
    let names = if meta.players.is_empty() {
        blank
    } else {
        meta.players.iter().map(|p| p.name.as_str()).collect()
    };
    let mut lines = vec![Out::StartGame {
        names,
        kyoku_first: meta.rules.length.map(|l| match l {
            GameLength::Hanchan => 0,
            GameLength::EastOnly => 4,
        }),
        aka_flag: match meta.rules.red_fives {
            Some(0) => Some(false),
            Some(3) => Some(true),
            _ => None,
        },
        paifu_notes: lost::export_notes(log),
        what_if: meta.what_if.as_ref(),
    }];
    // Each seat's concealed tile count, for the `?` of hands not shown.
    let mut concealed = vec![0usize; usize::from(meta.seats)];
    for entry in &log.events {
        write_event(&entry.event, &mut concealed, &mut lines);
    }
    if writes_end_game(log) {
        lines.push(Out::EndGame {
            scores: meta.end.as_ref().and_then(|e| e.scores.as_deref()),
        });
    }
    let mut out = String::new();
    for line in &lines {
        out.push_str(&serde_json::to_string(line)?);
        out.push('\n');
    }
    Ok(out)
}

fn adjust(concealed: &mut [usize], seat: Seat, add: usize, remove: usize) {
    if let Some(c) = concealed.get_mut(seat.index()) {
        *c = c.saturating_add(add).saturating_sub(remove);
    }
}

/// How many tiles an event adds to its actor's concealed tiles, and how
/// many it takes out of them (shown in a meld, discarded or set aside).
const fn concealed_change(event: &Event) -> (usize, usize) {
    match event {
        Event::Tsumo { .. } => (1, 0),
        Event::Dahai { .. } | Event::Kakan { .. } | Event::Nukidora { .. } => (0, 1),
        Event::Chi { .. } | Event::Pon { .. } => (0, 2),
        Event::Daiminkan { .. } => (0, 3),
        Event::Ankan { .. } => (0, 4),
        _ => (0, 0),
    }
}

fn write_event<'a>(event: &'a Event, concealed: &mut [usize], lines: &mut Vec<Out<'a>>) {
    if let Some(actor) = event.actor() {
        let (added, taken) = concealed_change(event);
        adjust(concealed, actor, added, taken);
    }
    // mjai declares riichi on a line of its own, before the discard.
    if let Event::Dahai {
        actor,
        riichi: true,
        ..
    } = event
    {
        lines.push(Out::Reach { actor: *actor });
    }
    let out = match event {
        Event::StartKyoku(sk) => {
            for (c, hand) in concealed.iter_mut().zip(&sk.hands) {
                *c = hand.len();
            }
            Out::StartKyoku {
                bakaze: sk.round_wind.letter(),
                dora_marker: sk.dora_marker,
                kyoku: sk.kyoku,
                honba: sk.honba,
                kyotaku: sk.riichi_sticks,
                oya: sk.dealer,
                scores: sk.scores.as_deref(),
                tehais: sk
                    .hands
                    .iter()
                    .map(|h| h.iter().map(|t| seen(*t)).collect())
                    .collect(),
            }
        }
        Event::Tsumo { actor, pai, .. } => Out::Tsumo {
            actor: *actor,
            pai: seen(*pai),
        },
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
            ..
        } => Out::Dahai {
            actor: *actor,
            pai: *pai,
            tsumogiri: *tsumogiri,
        },
        Event::Chi {
            actor,
            target,
            pai,
            consumed,
        } => Out::Chi {
            actor: *actor,
            target: *target,
            pai: *pai,
            consumed,
        },
        Event::Pon {
            actor,
            target,
            pai,
            consumed,
        } => Out::Pon {
            actor: *actor,
            target: *target,
            pai: *pai,
            consumed,
        },
        Event::Daiminkan {
            actor,
            target,
            pai,
            consumed,
        } => Out::Daiminkan {
            actor: *actor,
            target: *target,
            pai: *pai,
            consumed,
        },
        Event::Kakan {
            actor,
            pai,
            consumed,
        } => Out::Kakan {
            actor: *actor,
            pai: *pai,
            consumed,
        },
        Event::Ankan { actor, consumed } => Out::Ankan {
            actor: *actor,
            consumed,
        },
        Event::Nukidora { actor, pai } => Out::Nukidora {
            actor: *actor,
            pai: *pai,
        },
        Event::Dora { marker } => Out::Dora {
            dora_marker: *marker,
        },
        Event::RiichiAccepted { actor, claim } => Out::ReachAccepted {
            actor: *actor,
            deltas: claim.as_ref().and_then(|c| c.deltas.as_deref()),
            scores: claim.as_ref().and_then(|c| c.scores.as_deref()),
        },
        Event::Hora {
            actor,
            target,
            pai,
            claim,
        } => Out::Hora {
            actor: *actor,
            target: *target,
            pai: *pai,
            deltas: claim.deltas.as_deref(),
            ura_markers: claim.ura_markers.as_deref().unwrap_or(&[]),
            fu: claim.fu,
            fan: claim.han,
            hora_points: claim.points,
            yakus: claim
                .yaku
                .iter()
                .filter(|y| y.han > 0)
                .map(|y| (y.yaku.name(), y.han))
                .collect(),
            hora_tehais: claim.hand.as_ref().map(|h| hora_tehais(h, *pai)),
            pao: claim.pao,
            scores: scores_after(claim.scores_before.as_ref(), claim.deltas.as_ref()),
        },
        Event::Ryukyoku { kind, claim } => Out::Ryukyoku {
            reason: draw_reason(*kind, claim.nagashi_mangan && *kind == DrawKind::Exhaustive),
            tenpais: claim.tenpai.as_deref(),
            tehais: claim.shown_hands.as_ref().map(|hands| {
                hands
                    .iter()
                    .zip(concealed.iter().copied().chain(std::iter::repeat(13)))
                    .map(|(hand, count)| match hand {
                        Some(tiles) => tiles.iter().map(|t| t.to_mjai()).collect(),
                        None => vec!["?"; count.max(1)],
                    })
                    .collect()
            }),
            deltas: claim.deltas.as_deref(),
            scores: scores_after(claim.scores_before.as_ref(), claim.deltas.as_ref()),
        },
        Event::EndKyoku => Out::EndKyoku,
        Event::Disconnect { .. } | Event::Reconnect { .. } => return,
    };
    lines.push(out);
}
