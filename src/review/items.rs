//! The items of the catalogue, each drawn from the facts the walk gathered:
//! a decision's candidates, the engine's chances, the table. Every message
//! states the engine's numbers; every threshold is in `formats/review.md`.

use crate::engine::{CallChance, CallOption, ChanceWin, Replay, WinChance};
use crate::event::Seat;
use crate::hand::{Counts, KindSet, TileSet, shanten_in};
use crate::score::{MeldKind, Scored};
use crate::tile::{Tile, format_hand};

use super::decision::{Candidate, Decision};
use super::walk::Walk;
use super::{Item, ItemKind, Weight};

/// A call as the yaku and liability checks remember it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct CallFacts {
    pub event: usize,
    pub kind: MeldKind,
    pub tile: Tile,
    /// Tiles left in the live wall when the call was made.
    pub live_wall: i32,
}

impl Walk<'_> {
    /// A new item about decision `d`, with its hand, the tile played and
    /// the shanten and acceptance before and after.
    fn item_for(&self, kind: ItemKind, weight: Weight, d: usize, message: String) -> Option<Item> {
        let dec = self.out.decisions.get(d)?;
        let played = dec.played()?;
        Some(Item {
            kind,
            weight,
            event: dec.event,
            kyoku: dec.kyoku.clone(),
            seat: dec.seat,
            played: Some(dec.played),
            better: Vec::new(),
            shanten: Some((dec.shanten, played.shanten)),
            ukeire: Some((played.ukeire, dec.best_ukeire().unwrap_or(0))),
            value: None,
            message,
            citation: kind.citation(self.rules.book),
            src: self.src(dec.event),
            hand: dec.hand.clone(),
            melds: dec.melds.clone(),
            decision: Some(d),
            related: None,
            situation: None,
        })
    }

    /// Where event `event` is in the source file.
    pub(super) fn src(&self, event: usize) -> crate::event::Source {
        self.log
            .events
            .get(event)
            .map(|e| e.src.clone())
            .unwrap_or_default()
    }

    fn push(&mut self, item: Option<Item>) {
        if let Some(item) = item {
            self.out.items.push(item);
        }
    }
}

/// A list of tiles to choose from, one by one: `3p`, `3p or 6p`,
/// `2p, 0p or 8s` (`0` is a red five).
fn tiles(list: &[Tile]) -> String {
    joined(list, "or")
}

/// Tiles held together: `1m and 8p`.
fn tiles_and(list: &[Tile]) -> String {
    joined(list, "and")
}

fn joined(list: &[Tile], word: &str) -> String {
    let names: Vec<String> = list.iter().map(|t| t.to_compact()).collect();
    match names.as_slice() {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// Kinds in compact notation.
fn kinds(set: KindSet) -> String {
    let list: Vec<Tile> = set.kinds().filter_map(Tile::from_kind).collect();
    if list.is_empty() {
        "nothing".into()
    } else {
        format_hand(&list)
    }
}

/// The first few candidates satisfying `pick`, best first.
fn better<'a>(d: &'a Decision, pick: impl Fn(&Candidate) -> bool + 'a) -> Vec<&'a Candidate> {
    d.candidates
        .iter()
        .enumerate()
        .filter(|(i, c)| *i != d.played_index && pick(c))
        .map(|(_, c)| c)
        .collect()
}

/// The tiles of a list of candidates.
fn discards(list: &[&Candidate]) -> Vec<Tile> {
    list.iter().map(|c| c.discard).collect()
}

/// Items judged on a discard decision alone, right after the discard.
pub(super) fn after_discard(walk: &mut Walk<'_>, replay: &Replay<'_>, d: usize) {
    efficiency(walk, d);
    furiten(walk, d);
    yakuless(walk, replay, d);
}

/// `EFFICIENCY`: with no riichi against the player, a discard that raised
/// the shanten when another kept it, or accepted clearly fewer tiles than
/// the best at the same shanten.
fn efficiency(walk: &mut Walk<'_>, d: usize) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let (Some(played), Some(best_shanten), Some(best_ukeire)) =
        (dec.played(), dec.best_shanten(), dec.best_ukeire())
    else {
        return;
    };
    // A complete hand is a missed win, not a question of efficiency.
    if !dec.efficiency || dec.shanten < 0 {
        return;
    }
    let tag = "tile efficiency only: value, safety and yaku are not weighed";
    // A kept shanten counts only with a tile left to improve (or win) on.
    let kept = better(dec, |c| c.shanten == best_shanten && c.ukeire > 0);
    let item = if played.shanten > best_shanten && !kept.is_empty() {
        let top = kept.first().map_or(0, |c| c.ukeire);
        let message = format!(
            "discarding {} leaves the hand {} ({}) where {} kept it {} ({}) ({tag})",
            t(dec.played),
            distance(played.shanten),
            accepted(played.ukeire, played.shanten),
            tiles(&discards(&kept)),
            distance(best_shanten),
            accepted(top, best_shanten),
        );
        let better = discards(&kept);
        walk.item_for(ItemKind::Efficiency, Weight::Mistake, d, message)
            .map(|i| Item { better, ..i })
    } else if played.shanten == best_shanten {
        // A tenpai that is furiten where a better one is not is
        // SELF-FURITEN's; among equals the tiles accepted decide.
        let best_furiten = dec.candidates.first().is_some_and(|c| c.furiten);
        if played.furiten != best_furiten {
            return;
        }
        let threshold = u32::from(walk.options.efficiency_threshold.min(100));
        let fewer = u32::from(played.ukeire) * 100 <= u32::from(best_ukeire) * (100 - threshold);
        if !fewer || best_ukeire < played.ukeire.saturating_add(MIN_FEWER) {
            return;
        }
        let top = better(dec, |c| c.rank == 1);
        let message = format!(
            "at {}, {} accepts {} ({}) where {} accepts {} ({}) ({tag})",
            distance(best_shanten),
            t(dec.played),
            count_tiles(played.ukeire),
            kinds(played.accepts),
            tiles(&discards(&top)),
            best_ukeire,
            top.first().map_or_else(String::new, |c| kinds(c.accepts)),
        );
        let better = discards(&top);
        walk.item_for(ItemKind::Efficiency, Weight::Inaccuracy, d, message)
            .map(|i| Item { better, ..i })
    } else {
        None
    };
    walk.push(item);
}

/// A difference of fewer tiles than this is never "clearly fewer".
pub(super) const MIN_FEWER: u8 = 2;

/// `n` tiles and what they do at a shanten: "6 tiles win", "1 tile
/// improves it".
fn accepted(n: u8, shanten: i8) -> String {
    let verb = match (n == 1, shanten == 0) {
        (true, true) => "wins",
        (false, true) => "win",
        (true, false) => "improves it",
        (false, false) => "improve it",
    };
    format!("{} {verb}", count_tiles(n))
}

/// "1 tile", "6 tiles".
fn count_tiles(n: u8) -> String {
    if n == 1 {
        "1 tile".into()
    } else {
        format!("{n} tiles")
    }
}

/// A tile in compact notation (`5p`, `0p` for a red five, `7z`).
fn t(tile: Tile) -> String {
    tile.to_compact()
}

/// "tenpai", "1-shanten", …
fn distance(shanten: i8) -> String {
    match shanten {
        i8::MIN..=-1 => "complete".into(),
        0 => "tenpai".into(),
        n => format!("{n}-shanten"),
    }
}

/// `SELF-FURITEN` and `RIICHI-TRAP`.
fn furiten(walk: &mut Walk<'_>, d: usize) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let Some(played) = dec.played() else { return };
    if played.shanten != 0 {
        return;
    }
    let open = |c: &Candidate| c.shanten == 0 && !c.furiten && c.ukeire > 0;
    let alternatives = better(dec, open);
    let own = own_discard_on_waits(walk, dec, played);
    let item = if dec.riichi {
        if played.ukeire == 0 {
            let message = format!(
                "riichi on {}: every copy is in view, so the hand, which can no longer change, can never win",
                kinds(played.waits),
            );
            walk.item_for(ItemKind::RiichiTrap, Weight::Mistake, d, message)
                .map(|i| Item {
                    better: discards(&alternatives),
                    ..i
                })
        } else if played.furiten {
            let message = if alternatives.is_empty() {
                format!(
                    "riichi on {} is furiten ({own} among the player's own discards): it can win only by tsumo and can no longer change; every tenpai discard was furiten",
                    kinds(played.waits),
                )
            } else {
                format!(
                    "riichi on {} is furiten ({own} among the player's own discards): it can win only by tsumo and can no longer change, where {} kept the hand tenpai on {} and not furiten",
                    kinds(played.waits),
                    tiles(&discards(&alternatives)),
                    alternatives
                        .first()
                        .map_or_else(String::new, |c| kinds(c.waits)),
                )
            };
            let weight = if alternatives.is_empty() {
                Weight::Note
            } else {
                Weight::Mistake
            };
            walk.item_for(ItemKind::RiichiTrap, weight, d, message)
                .map(|i| Item {
                    better: discards(&alternatives),
                    ..i
                })
        } else {
            None
        }
    } else if played.furiten && !alternatives.is_empty() {
        let message = format!(
            "discarding {} leaves the hand tenpai on {} but furiten ({own} among its own discards), so it cannot win by ron; {} kept it tenpai on {} and not furiten",
            t(dec.played),
            kinds(played.waits),
            tiles(&discards(&alternatives)),
            alternatives
                .first()
                .map_or_else(String::new, |c| kinds(c.waits)),
        );
        // Against a riichi the tile may have been chosen for safety.
        let weight = if dec.efficiency {
            Weight::Mistake
        } else {
            Weight::Inaccuracy
        };
        walk.item_for(ItemKind::SelfFuriten, weight, d, message)
            .map(|i| Item {
                better: discards(&alternatives),
                ..i
            })
    } else {
        None
    };
    walk.push(item);
}

/// The player's own discards (the one just made included) that are among
/// the waits, in compact notation.
fn own_discard_on_waits(walk: &Walk<'_>, dec: &Decision, played: &Candidate) -> String {
    let mut found = KindSet(played.waits.0 & 1 << dec.played.kind());
    for (_, seat, kind) in walk.kyoku_discards() {
        if seat == dec.seat && played.waits.contains(kind) {
            found.0 |= 1 << kind;
        }
    }
    kinds(found)
}

/// `YAKULESS-TENPAI` and `YAKULESS-CALL`: an open hand tenpai with no yaku
/// on any wait.
fn yakuless(walk: &mut Walk<'_>, replay: &Replay<'_>, d: usize) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let seat = dec.seat;
    let (Some(played), Some(state)) = (dec.played(), replay.table()) else {
        return;
    };
    let open = state.player(seat).is_ok_and(|p| !p.is_closed());
    let tenpai = played.shanten == 0 && !played.waits.is_empty();
    if !open || !tenpai {
        if let Some(t) = walk.track(seat) {
            t.yakuless = false;
        }
        return;
    }
    let after = without(&dec.hand, dec.played);
    if !replay
        .waits_with_yaku(seat, &after, played.waits)
        .is_empty()
    {
        if let Some(t) = walk.track(seat) {
            t.yakuless = false;
            t.tenpai_since_call = true;
        }
        return;
    }
    // Another discard that kept tenpai with a yaku on some wait?
    let with_yaku: Vec<&Candidate> = better(dec, |c| {
        c.shanten == 0
            && !c.waits.is_empty()
            && !replay
                .waits_with_yaku(seat, &without(&dec.hand, c.discard), c.waits)
                .is_empty()
    });
    let waits = kinds(played.waits);
    let Some(track) = walk.tracked(seat).cloned() else {
        return;
    };
    let item = if !with_yaku.is_empty() {
        let message = format!(
            "discarding {} leaves the open hand tenpai on {waits} with no yaku on any wait, so it cannot win; {} kept it tenpai with a yaku",
            t(dec.played),
            tiles(&discards(&with_yaku)),
        );
        let better = discards(&with_yaku);
        walk.item_for(ItemKind::YakulessTenpai, Weight::Mistake, d, message)
            .map(|i| Item { better, ..i })
    } else if let (false, Some(call)) = (track.tenpai_since_call, track.last_call) {
        let seats = i32::from(walk.out.seats);
        // In the last two go-arounds a call for a tenpai without a yaku can
        // be meant for the payment at an exhaustive draw.
        let late = call.live_wall < 2 * seats;
        let message = format!(
            "after this {} of {} the hand first reached tenpai at event {} on {waits} with no yaku on any wait, so it could not win{}",
            call_name(call.kind),
            t(call.tile),
            dec.event,
            if late {
                " (late in the hand: a tenpai for the exhaustive draw's payment)"
            } else {
                ""
            },
        );
        walk.item_for(
            ItemKind::YakulessCall,
            if late { Weight::Note } else { Weight::Mistake },
            d,
            message,
        )
        .map(|i| Item {
            event: call.event,
            src: walk.src(call.event),
            played: Some(call.tile),
            shanten: None,
            ukeire: None,
            related: Some(dec.event),
            decision: None,
            ..i
        })
    } else if !track.yakuless {
        let message = format!(
            "the open hand is tenpai on {waits} with no yaku on any wait: it cannot win, only count as tenpai at an exhaustive draw"
        );
        walk.item_for(ItemKind::YakulessTenpai, Weight::Note, d, message)
    } else {
        None
    };
    walk.push(item);
    if let Some(t) = walk.track(seat) {
        t.yakuless = true;
        t.tenpai_since_call = true;
    }
}

fn call_name(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        _ => "open kong",
    }
}

/// `hand` less one tile of `tile`'s kind.
fn without(hand: &[Tile], tile: Tile) -> Vec<Tile> {
    let mut out = hand.to_vec();
    if let Some(i) = out
        .iter()
        .position(|t| *t == tile)
        .or_else(|| out.iter().position(|t| t.kind() == tile.kind()))
    {
        out.remove(i);
    }
    out
}

/// `LIABILITY-FEED`: the discard of decision `d` was called for the third
/// dragon or fourth wind set and made its discarder liable.
pub(super) fn liability_feed(walk: &mut Walk<'_>, d: usize, caller: Seat, call: CallFacts) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let Some(played) = dec.played() else { return };
    let same = better(dec, |c| {
        c.shanten <= played.shanten && c.discard.kind() != dec.played.kind()
    });
    if same.is_empty() {
        return;
    }
    let (set, yakuman) = if call.tile.is_dragon() {
        ("third dragon set", "big three dragons")
    } else {
        ("fourth wind set", "big four winds")
    };
    let message = format!(
        "seat {caller} called {} for its {set}, so seat {} is liable for {yakuman} if seat {caller} makes it; {} kept the hand {}",
        t(call.tile),
        dec.seat,
        tiles(&discards(&same)),
        distance(played.shanten),
    );
    let better = discards(&same);
    let item = walk
        .item_for(ItemKind::LiabilityFeed, Weight::Mistake, d, message)
        .map(|i| Item {
            better,
            related: Some(call.event),
            ..i
        });
    walk.push(item);
}

/// `DEAL-IN-WITH-SAFE-TILE`: the discard of decision `d` was won on by
/// `winner`, in riichi, while the discarder held a tile that player could
/// not win on.
pub(super) fn deal_in(
    walk: &mut Walk<'_>,
    replay: &Replay<'_>,
    d: usize,
    winner: Seat,
    win_event: usize,
    value: Option<i32>,
) {
    let Some(dec) = walk.out.decisions.get(d) else {
        return;
    };
    let Some(state) = replay.table() else { return };
    let Ok(w) = state.player(winner) else { return };
    if w.riichi.is_none() {
        return;
    }
    let Some(riichi_at) = walk.tracked(winner).and_then(|t| t.riichi_at) else {
        return;
    };
    let river = KindSet(w.river.iter().fold(0u64, |acc, r| acc | 1 << r.tile.kind()));
    let passed = KindSet(
        walk.discards_between(riichi_at, dec.event)
            .into_iter()
            .fold(0u64, |acc, k| acc | 1 << k),
    );
    let safe = KindSet((river.0 | passed.0) & !(1 << dec.played.kind()));
    let held: Vec<Tile> = {
        let mut seen = 0u64;
        dec.hand
            .iter()
            .copied()
            .filter(|t| {
                let new = safe.contains(t.kind()) && seen & 1 << t.kind() == 0;
                seen |= 1 << t.kind();
                new
            })
            .collect()
    };
    if held.is_empty() {
        return;
    }
    let Some(played) = dec.played() else { return };
    let pushing = played.shanten == 0;
    let in_river: Vec<Tile> = held
        .iter()
        .copied()
        .filter(|t| river.contains(t.kind()))
        .collect();
    let after: Vec<Tile> = held
        .iter()
        .copied()
        .filter(|t| !river.contains(t.kind()))
        .collect();
    let mut why = Vec::new();
    if !in_river.is_empty() {
        why.push(format!("{} in seat {winner}'s river", tiles_and(&in_river)));
    }
    if !after.is_empty() {
        why.push(format!(
            "{} discarded after the riichi and not won on",
            tiles_and(&after)
        ));
    }
    let message = format!(
        "{} dealt into seat {winner}'s riichi{} while the hand held {} that seat {winner} could not win on ({}){}",
        t(dec.played),
        value.map_or_else(String::new, |v| format!(" for {v} points")),
        tiles_and(&held),
        why.join("; "),
        if pushing {
            "; the hand was pushing for its own tenpai"
        } else {
            "; the hand was not tenpai"
        },
    );
    let item = walk
        .item_for(
            ItemKind::DealInWithSafeTile,
            if pushing {
                Weight::Note
            } else {
                Weight::Mistake
            },
            d,
            message,
        )
        .map(|i| Item {
            better: held,
            value,
            related: Some(win_event),
            ..i
        });
    walk.push(item);
}

/// `MISSED-WIN`: a legal win, not taken.
pub(super) fn missed_win(
    walk: &mut Walk<'_>,
    chance: &WinChance,
    win: &ChanceWin,
    at: super::walk::Offer<'_>,
) {
    let super::walk::Offer {
        event,
        kyoku,
        last,
        scores,
    } = at;
    let how = if chance.tsumo {
        format!("tsumo on {}", t(chance.tile))
    } else {
        format!("ron on {} from seat {}", t(chance.tile), chance.from)
    };
    let gain = win
        .deltas
        .get(chance.seat.index())
        .copied()
        .unwrap_or(win.value);
    let scores = scores.map_or_else(String::new, |s| {
        format!(
            "; scores {}",
            s.iter().map(i32::to_string).collect::<Vec<_>>().join(" / ")
        )
    });
    let message = format!(
        "{how} was a legal win: {}, worth {} points ({gain:+} with counters and sticks){scores}{}",
        describe(&win.scored),
        win.value,
        if last {
            "; in the game's last hand a win may be passed on purpose to keep or reach a placement"
        } else {
            ""
        },
    );
    let mut hand = win.inputs.hand.concealed.clone();
    crate::tile::sort_tiles(&mut hand);
    walk.out.items.push(Item {
        kind: ItemKind::MissedWin,
        weight: if last { Weight::Note } else { Weight::Mistake },
        event,
        kyoku: kyoku.to_owned(),
        seat: chance.seat,
        played: Some(chance.tile),
        better: vec![chance.tile],
        shanten: None,
        ukeire: None,
        value: Some(win.value),
        message,
        citation: ItemKind::MissedWin.citation(walk.rules.book),
        src: walk.src(event),
        hand,
        melds: win.inputs.hand.melds.clone(),
        decision: None,
        related: None,
        situation: None,
    });
}

/// Yaku, han and fu in a few words.
fn describe(s: &Scored) -> String {
    let mut parts: Vec<String> = s
        .yakuman
        .iter()
        .map(|y| y.yaku.for_people().into_owned())
        .collect();
    if parts.is_empty() {
        parts = s
            .yaku
            .iter()
            .map(|y| format!("{} {}", y.yaku.for_people(), y.han))
            .collect();
        let dora = s.dora.dora + s.dora.aka + s.dora.ura + s.dora.nukidora;
        if dora > 0 {
            parts.push(format!("dora {dora}"));
        }
        parts.push(format!("{} han {} fu", s.han, s.fu));
    }
    parts.join(", ")
}

/// The shanten after calling `option` on the chance's tile.
pub(super) fn shanten_after_call(replay: &Replay<'_>, c: &CallChance, option: &CallOption) -> i8 {
    let Some(state) = replay.table() else {
        return i8::MAX;
    };
    let Ok(p) = state.player(c.seat) else {
        return i8::MAX;
    };
    let mut rest = Counts::from_tiles(&p.concealed);
    for t in &option.consumed {
        if let Some(n) = rest.0.get_mut(usize::from(t.kind())) {
            *n = n.saturating_sub(1);
        }
    }
    // After a chi or pon the hand is 3n+2 (the best discard is taken);
    // after an open kong 3n+1, before its replacement draw.
    let melds = u8::try_from(p.melds.len() + 1).unwrap_or(4);
    shanten_in(&rest, melds, TileSet::for_seats(state.seats))
}
