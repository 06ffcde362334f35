//! What an mjai export of a given game cannot carry, as notes.

use crate::event::{DrawKind, Event, GameLog};

use super::{follows_own_kong, scores_after, writes_end_game};

fn push(notes: &mut Vec<String>, note: String) {
    if !notes.contains(&note) {
        notes.push(note);
    }
}

/// The `paifu_notes` written into `start_game`: the game's own notes, then
/// one sentence for each kind of data this game has that mjai drops.
pub(super) fn export_notes(log: &GameLog) -> Vec<String> {
    let mut notes = Vec::new();
    for note in &log.meta.notes {
        push(&mut notes, note.clone());
    }
    for note in lost_notes(log) {
        push(&mut notes, note);
    }
    notes
}

fn lost_notes(log: &GameLog) -> Vec<String> {
    let meta = &log.meta;
    let mut lost: Vec<String> = Vec::new();
    if let Some(id) = &meta.log_id {
        lost.push(format!("the log id `{id}`"));
    }
    if meta.platform.is_some() {
        lost.push("the platform".into());
    }
    if meta.players.iter().any(|p| p.rank.is_some()) {
        lost.push("player ranks".into());
    }
    if meta.players.iter().any(|p| p.rating.is_some()) {
        lost.push("player ratings".into());
    }
    if meta.players.iter().any(|p| p.sex.is_some()) {
        lost.push("players' sex markers".into());
    }
    let rules = &meta.rules;
    if let Some(n) = rules.red_fives.filter(|n| *n != 0 && *n != 3) {
        lost.push(format!("a count of {n} red fives (only 0 or 3)"));
    }
    let hints = [
        ("open tanyao", rules.open_tanyao.is_some()),
        ("fast play", rules.fast.is_some()),
        ("the lobby", rules.lobby.is_some()),
        ("the rule display", rules.display.is_some()),
        ("the Tenhou game type", rules.tenhou_type.is_some()),
        (
            "the room's starting points",
            rules.starting_points.is_some(),
        ),
        ("tsumo loss", rules.tsumo_loss.is_some()),
        ("rinshan liability", rules.rinshan_liability.is_some()),
        ("north tiles set aside", rules.nukidora.is_some()),
        (
            "settings the record does not carry",
            !rules.unrecorded.is_empty(),
        ),
        ("the room's local rules", !rules.local_rules.is_empty()),
    ];
    for (name, present) in hints {
        if present {
            lost.push(format!("the rule hint on {name}"));
        }
    }
    if let Some(end) = &meta.end {
        if end.points.is_some() {
            lost.push("the final game points".into());
        }
        if end.scores.is_some() && !writes_end_game(log) {
            lost.push(
                "the final scores of a game that did not end (mjai states them only in `end_game`)"
                    .into(),
            );
        }
    }
    lost.extend(event_losses(log));
    lost.into_iter()
        .map(|what| format!("mjai cannot carry {what}; it was left out"))
        .collect()
}

/// The kinds of loss found in the events.
#[derive(Default)]
struct EventLosses {
    disconnects: bool,
    rinshan: bool,
    limit: bool,
    dora_markers: bool,
    sticks: bool,
    chips: bool,
    scores_before: bool,
    zero_han: bool,
    abortive_nagashi: bool,
    short_hand: bool,
    wall: bool,
}

/// Losses found in the events, each kind named once, in a fixed order.
fn event_losses(log: &GameLog) -> Vec<String> {
    let mut l = EventLosses::default();
    let mut previous: Option<&Event> = None;
    for entry in &log.events {
        let event = &entry.event;
        match event {
            Event::Disconnect { .. } | Event::Reconnect { .. } => {
                l.disconnects = true;
                continue;
            }
            Event::StartKyoku(sk) => l.wall |= sk.wall.is_some(),
            Event::Tsumo { actor, rinshan, .. } => {
                l.rinshan |= *rinshan != follows_own_kong(previous, *actor);
            }
            Event::Hora { claim, .. } => {
                l.limit |= claim.limit.is_some();
                l.dora_markers |= claim.dora_markers.is_some();
                l.sticks |= claim.sticks.is_some();
                l.chips |= claim.chips.is_some();
                l.scores_before |= claim.scores_before.is_some()
                    && scores_after(claim.scores_before.as_ref(), claim.deltas.as_ref()).is_none();
                l.zero_han |= claim.yaku.iter().any(|y| y.han == 0);
                l.short_hand |= claim.hand.as_ref().is_some_and(|h| h.len() % 3 == 1);
            }
            Event::Ryukyoku { kind, claim } => {
                l.sticks |= claim.sticks.is_some();
                l.scores_before |= claim.scores_before.is_some()
                    && scores_after(claim.scores_before.as_ref(), claim.deltas.as_ref()).is_none();
                l.abortive_nagashi |= claim.nagashi_mangan && *kind != DrawKind::Exhaustive;
            }
            _ => {}
        }
        if !event.is_dora() {
            previous = Some(event);
        }
    }
    [
        (l.disconnects, "disconnects and reconnects"),
        (
            l.rinshan,
            "a replacement-draw flag that disagrees with the kongs before it (mjai derives it from them)",
        ),
        (l.limit, "the limit names of wins"),
        (l.dora_markers, "the dora indicators claimed at a win"),
        (
            l.sticks,
            "the counters and riichi sticks a win or draw is said to collect",
        ),
        (l.chips, "chip changes"),
        (
            l.scores_before,
            "the scores before a win or draw without its deltas",
        ),
        (l.zero_han, "yaku entries of 0 han"),
        (l.abortive_nagashi, "a nagashi mangan on an abortive draw"),
        (
            l.short_hand,
            "a claimed winning hand of 3n+1 tiles as it stands (mjai reads such a list as lacking the winning tile, which is added)",
        ),
        (l.wall, "the wall of each kyoku"),
    ]
    .into_iter()
    .filter(|(found, _)| *found)
    .map(|(_, what)| what.to_owned())
    .collect()
}
