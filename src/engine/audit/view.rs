//! The replay API: the table as it stands after any event, with what the
//! engine knows about each seat (waits, shanten, furiten and its cause), and
//! a win recomputed beside its claim. The viewer shows only this; it holds
//! no rule logic of its own.

use crate::event::{Event, GameLog, Seat, WinClaim};
use crate::hand::{KindSet, Waits};
use crate::rules::Rules;
use crate::score::{ScoreError, Scored, score, settle};
use crate::tile::Tile;

use super::Auditor;
use crate::engine::{Discrepancy, KyokuState, WinInputs, compare_win, win_inputs};

/// Why a player may not win on a discard.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FuritenCause {
    /// One of the player's own discards is among the waits.
    OwnDiscard {
        /// The discard.
        tile: Tile,
    },
    /// The player passed a winning tile in this go-around.
    Passed {
        /// The tile passed.
        tile: Tile,
        /// The event that offered it (a discard or a kong).
        event: usize,
    },
    /// The player passed a winning tile after declaring riichi: furiten
    /// for the rest of the hand.
    PassedInRiichi {
        /// The tile passed.
        tile: Tile,
        /// The event that offered it.
        event: usize,
    },
}

/// What the engine knows about one seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatView {
    /// The waits of the concealed hand as of the seat's last discard.
    pub waits: Waits,
    /// Shanten of the concealed hand now (`None` when it is hidden).
    pub shanten: Option<i8>,
    /// Furiten, with its cause, when the hand is waiting.
    pub furiten: Option<FuritenCause>,
    /// The hand is dead.
    pub dead: bool,
    /// The log hides some of the hand.
    pub hidden: bool,
    /// The kinds the seat may not discard now, right after its chi or pon
    /// (swap-calling), when the rules forbid it.
    pub kuikae: KindSet,
}

/// The table after one event.
#[derive(Clone, PartialEq, Debug)]
pub struct TableView {
    /// The event just applied.
    pub event: usize,
    /// The kyoku label (`E2-1`).
    pub kyoku: String,
    /// Hands, melds, rivers, the wall, dora, riichi, scores.
    pub state: KyokuState,
    /// Per seat.
    pub seats: Vec<SeatView>,
}

/// A win as the engine scores it, beside what the log claims.
#[derive(Clone, PartialEq, Debug)]
pub struct WinView {
    /// The inputs read off the table.
    pub inputs: WinInputs,
    /// The recomputed score, or why there is none.
    pub scored: Result<Scored, ScoreError>,
    /// The log's claim.
    pub claim: WinClaim,
    /// The hand's value without counters and sticks (what logs call its
    /// points), when it scores.
    pub value: Option<i32>,
    /// Where the claim differs from the recomputation (as the audit
    /// reports them).
    pub discrepancies: Vec<Discrepancy>,
}

/// The index of the `start_kyoku` of the kyoku holding event `index`.
fn kyoku_start(log: &GameLog, index: usize) -> Option<usize> {
    log.events
        .get(..=index.min(log.events.len().saturating_sub(1)))?
        .iter()
        .rposition(|e| matches!(e.event, Event::StartKyoku(_)))
}

/// Replays the kyoku holding `index` up to `index` (inclusive).
fn replay_to<'a>(log: &'a GameLog, rules: &'a Rules, index: usize) -> Option<Auditor<'a>> {
    let start = kyoku_start(log, index)?;
    let mut a = Auditor::new(log, rules);
    for (i, entry) in log
        .events
        .iter()
        .enumerate()
        .skip(start)
        .take(index + 1 - start)
    {
        a.step(i, entry);
    }
    Some(a)
}

/// The table after event `index`; `None` before the first kyoku or after an
/// `end_kyoku`.
#[must_use]
pub fn view_at(log: &GameLog, rules: &Rules, index: usize) -> Option<TableView> {
    let a = replay_to(log, rules, index)?;
    let k = a.kyoku.as_ref()?;
    let seats = (0..k.state.seats)
        .filter_map(|i| super::replay::seat_view(k, Seat::wrapping(i), rules))
        .collect();
    Some(TableView {
        event: index,
        kyoku: k.label.clone(),
        state: k.state.clone(),
        seats,
    })
}

/// The win at event `index` (a `hora`) recomputed beside its claim.
#[must_use]
pub fn win_at(log: &GameLog, rules: &Rules, index: usize) -> Option<WinView> {
    let Event::Hora {
        actor,
        target,
        pai,
        claim,
    } = &log.events.get(index)?.event
    else {
        return None;
    };
    // The state just before the win; earlier winners on the same discard
    // decide who takes the sticks.
    let a = replay_to(log, rules, index.checked_sub(1)?)?;
    let k = a.kyoku.as_ref()?;
    let order = k.winners.len();
    let ura = claim.ura_markers.as_deref().unwrap_or(&[]);
    let inputs = win_inputs(&k.state, *actor, *target, *pai, ura, order, rules).ok()?;
    let scored = score(&inputs.hand, &inputs.situation, rules);
    let (value, discrepancies) = match &scored {
        Ok(s) => {
            let value = super::outcome::hand_value(&inputs, s, rules);
            let deltas = settle(s, &inputs.situation, &inputs.table, rules);
            (Some(value), compare_win(s, value, &deltas, claim))
        }
        Err(_) => (None, Vec::new()),
    };
    Some(WinView {
        inputs,
        scored,
        claim: (**claim).clone(),
        value,
        discrepancies,
    })
}

/// A concealed kong declared in riichi: the waits it had to keep.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KongWaits {
    /// Who declared it.
    pub seat: Seat,
    /// The kong's tile.
    pub tile: Tile,
    /// The waits of the riichi hand.
    pub before: Waits,
    /// The waits left after the kong.
    pub after: Waits,
}

/// At a concealed kong by a player in riichi (event `index`), the waits
/// before and after it.
#[must_use]
pub fn kong_waits_at(log: &GameLog, rules: &Rules, index: usize) -> Option<KongWaits> {
    let Event::Ankan { actor, consumed } = &log.events.get(index)?.event else {
        return None;
    };
    let a = replay_to(log, rules, index.checked_sub(1)?)?;
    let k = a.kyoku.as_ref()?;
    let p = k.state.player(*actor).ok()?;
    p.riichi?;
    let tile = *consumed.first()?;
    let (_, before, after) = super::kong::riichi_kong_waits(p, tile.kind());
    Some(KongWaits {
        seat: *actor,
        tile,
        before,
        after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::{ImportOptions, import_bytes};

    fn log(name: &str) -> GameLog {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata")
            .join(name);
        import_bytes(&std::fs::read(path).unwrap(), &ImportOptions::default()).unwrap()
    }

    #[test]
    fn views_follow_the_events() {
        let log = log("tenhou_xml/pao_tsumo.mjlog");
        let rules = Rules::preset("tenhou").unwrap();
        assert!(view_at(&log, &rules, 0).is_some_and(|v| v.kyoku == "E1-0"));
        let v = view_at(&log, &rules, 1).unwrap();
        // The dealer drew: 14 tiles.
        assert_eq!(v.state.players[0].concealed.len(), 14);
        assert_eq!(v.state.live_wall, 69);
        assert!(v.seats.iter().all(|s| s.shanten.is_some()));
    }

    #[test]
    fn every_win_recomputes_to_its_claim() {
        let log = log("tenhou_xml/pao_ron_edited.mjlog");
        let rules = Rules::preset("tenhou").unwrap();
        let mut wins = 0;
        for (i, e) in log.events.iter().enumerate() {
            if matches!(e.event, Event::Hora { .. }) {
                let w = win_at(&log, &rules, i).unwrap();
                let s = w.scored.unwrap();
                assert_eq!(Some(s.han), w.claim.han);
                wins += 1;
            }
        }
        assert!(wins >= 3);
    }
}
