//! Events and outcomes in words, for the timeline and the kyoku list.

use crate::event::{DrawKind, Event, GameLog, Seat};
pub use crate::names::tile as tile_name;

/// A player's name as the log gives it, else `Seat N`.
#[must_use]
pub fn player_name(log: &GameLog, seat: Seat) -> String {
    log.meta
        .players
        .get(seat.index())
        .map(|p| p.name.trim())
        .filter(|n| !n.is_empty())
        .map_or_else(|| format!("Seat {}", seat.get()), str::to_owned)
}

/// One event in a short sentence.
#[must_use]
pub fn describe(log: &GameLog, event: &Event) -> String {
    let who = |s: &Seat| player_name(log, *s);
    match event {
        Event::StartKyoku(s) => format!(
            "{} deal, dealer {}, dora indicator {}",
            s.label(),
            who(&s.dealer),
            tile_name(s.dora_marker)
        ),
        Event::Tsumo {
            actor,
            pai,
            rinshan,
        } => format!(
            "{} draws {}{}",
            who(actor),
            pai.map_or_else(|| "a hidden tile".into(), tile_name),
            if *rinshan { " (replacement)" } else { "" }
        ),
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
            riichi,
        } => format!(
            "{} {} {}{}",
            who(actor),
            if *riichi {
                "declares riichi, discarding"
            } else {
                "discards"
            },
            tile_name(*pai),
            if *tsumogiri { " (tsumogiri)" } else { "" }
        ),
        Event::Chi {
            actor, target, pai, ..
        } => format!(
            "{} calls chi on {}'s {}",
            who(actor),
            who(target),
            tile_name(*pai)
        ),
        Event::Pon {
            actor, target, pai, ..
        } => format!(
            "{} calls pon on {}'s {}",
            who(actor),
            who(target),
            tile_name(*pai)
        ),
        Event::Daiminkan {
            actor, target, pai, ..
        } => format!(
            "{} calls an open kong on {}'s {}",
            who(actor),
            who(target),
            tile_name(*pai)
        ),
        Event::Kakan { actor, pai, .. } => {
            format!(
                "{} adds {} to a pon (added kong)",
                who(actor),
                tile_name(*pai)
            )
        }
        Event::Ankan { actor, consumed } => format!(
            "{} declares a concealed kong of {}",
            who(actor),
            consumed
                .first()
                .map_or_else(String::new, |t| tile_name(t.plain()))
        ),
        Event::Nukidora { actor, pai } => format!("{} sets aside {}", who(actor), tile_name(*pai)),
        Event::Dora { marker } => format!("new dora indicator {}", tile_name(*marker)),
        Event::RiichiAccepted { actor, .. } => format!("{}'s riichi stick is paid", who(actor)),
        Event::Hora { .. } | Event::Ryukyoku { .. } => kyoku_result(log, event).unwrap_or_default(),
        Event::EndKyoku => "end of the kyoku".into(),
        Event::Disconnect { seat } => format!("{} disconnects", who(seat)),
        Event::Reconnect { seat } => format!("{} reconnects", who(seat)),
    }
}

/// How a kyoku ended, from a `hora` or `ryukyoku` event; `None` for other
/// events.
#[must_use]
pub fn kyoku_result(log: &GameLog, event: &Event) -> Option<String> {
    match event {
        Event::Hora {
            actor,
            target,
            claim,
            ..
        } => {
            let points = claim.points.map_or_else(String::new, |p| format!(", {p}"));
            Some(if actor == target {
                format!("Tsumo: {}{points}", player_name(log, *actor))
            } else {
                format!(
                    "Ron: {} from {}{points}",
                    player_name(log, *actor),
                    player_name(log, *target)
                )
            })
        }
        Event::Ryukyoku { kind, claim } => Some(if claim.nagashi_mangan {
            "Draw: nagashi mangan".to_owned()
        } else {
            format!("Draw: {}", draw_name(*kind))
        }),
        _ => None,
    }
}

/// A draw's kind as a player says it.
#[must_use]
pub fn draw_name(kind: DrawKind) -> &'static str {
    match kind {
        DrawKind::Exhaustive => "exhaustive",
        DrawKind::NineTerminals => "nine terminals",
        DrawKind::FourWinds => "four winds",
        DrawKind::FourRiichi => "four riichi",
        DrawKind::FourKongs => "four kongs",
        DrawKind::TripleRon => "triple ron",
    }
}
