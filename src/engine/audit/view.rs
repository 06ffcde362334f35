//! The replay API: the table as it stands after any event, with what the
//! engine knows about each seat (waits, shanten, furiten and its cause), and
//! a win as the audit judged it: the very verdict it reported. The viewer
//! shows only this; it holds no rule logic of its own.

use crate::event::{Event, GameLog, Seat, WinClaim};
use crate::hand::{KindSet, Waits};
use crate::rules::Rules;
use crate::tile::Tile;

use super::{Replay, WallView};
use crate::engine::{KyokuState, WinInputs, WinVerdict};

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
    /// The waits of the concealed hand as of the seat's last discard, kong
    /// or north (after a draw, the waits of the hand before it).
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
    /// Where play stands in the wall, when the record gives the wall.
    pub wall: Option<WallView>,
}

/// What the audit made of a win.
#[derive(Clone, PartialEq, Debug)]
pub enum WinCheck {
    /// Recomputed ([`crate::engine::recompute`]) and compared with the
    /// claim: the findings are the verdict's discrepancies, or its
    /// rejection.
    Recomputed {
        /// The inputs read off the table.
        inputs: Box<WinInputs>,
        /// The verdict the audit reported.
        verdict: Box<WinVerdict>,
    },
    /// The winner's hand is hidden: the win is not scored.
    Hidden,
    /// The declaration is a chombo (a furiten ron, a dead hand's win, a
    /// win after an invalid kong in riichi), judged before any score: the
    /// rules pay the penalty, not the win.
    Chombo {
        /// The offence, in words.
        offence: &'static str,
    },
    /// The audit was not following the kyoku any more (an event before the
    /// win could not be applied, the hand had already ended in a chombo, or
    /// the rules are for another number of players): nothing was checked.
    NotFollowed,
}

/// A win as the audit judged it, beside what the log claims.
#[derive(Clone, PartialEq, Debug)]
pub struct WinView {
    /// The log's claim.
    pub claim: WinClaim,
    /// The audit's judgement.
    pub check: WinCheck,
}

impl WinView {
    /// The recomputation, when the audit made one.
    #[must_use]
    pub const fn verdict(&self) -> Option<&WinVerdict> {
        match &self.check {
            WinCheck::Recomputed { verdict, .. } => Some(verdict),
            _ => None,
        }
    }

    /// The inputs the recomputation was given.
    #[must_use]
    pub const fn inputs(&self) -> Option<&WinInputs> {
        match &self.check {
            WinCheck::Recomputed { inputs, .. } => Some(inputs),
            _ => None,
        }
    }

    /// The hand's value without counters and sticks (what logs call its
    /// points), when it was recomputed and scores.
    #[must_use]
    pub fn value(&self) -> Option<i32> {
        self.verdict()?.score.as_ref().ok().map(|s| s.value)
    }
}

/// The table after event `index`; `None` before the first kyoku or after an
/// `end_kyoku`. The kyoku is replayed from its deal
/// ([`Replay::of_kyoku`]).
#[must_use]
pub fn view_at(log: &GameLog, rules: &Rules, index: usize) -> Option<TableView> {
    let mut replay = Replay::of_kyoku(log, rules, index)?;
    let view = replay.run_through(index).view()?;
    Some(TableView {
        event: index,
        ..view
    })
}

/// The win at event `index` (a `hora`) as the audit judged it: the
/// audit's replay is run through the win and its verdict taken as it was
/// reported, so what is shown cannot differ from the findings. `None` when
/// the event is no win or comes before the first kyoku.
#[must_use]
pub fn win_at(log: &GameLog, rules: &Rules, index: usize) -> Option<WinView> {
    let Event::Hora { claim, .. } = &log.events.get(index)?.event else {
        return None;
    };
    let mut replay = Replay::of_kyoku(log, rules, index)?;
    replay.run_through(index);
    // The audit does not replay a game for another table size at all.
    let check = match replay.last_win() {
        Some((at, check)) if at == index && log.meta.seats == rules.seats => check.clone(),
        _ => WinCheck::NotFollowed,
    };
    Some(WinView {
        claim: (**claim).clone(),
        check,
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
    let before = index.checked_sub(1)?;
    let mut replay = Replay::of_kyoku(log, rules, before)?;
    let k = replay.run_through(before).kyoku_held()?;
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
    use crate::engine::ClaimField;
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
            if e.event.is_win() {
                let w = win_at(&log, &rules, i).unwrap();
                let v = w.verdict().unwrap();
                let s = &v.score.as_ref().unwrap().scored;
                assert_eq!(Some(s.han), w.claim.han);
                assert!(v.agrees_with_claim(), "{:?}", v.discrepancies);
                wins += 1;
            }
        }
        assert!(wins >= 3);
    }

    fn first_win(log: &GameLog) -> usize {
        log.events.iter().position(|e| e.event.is_win()).unwrap()
    }

    #[test]
    fn the_win_shown_carries_liability_as_the_audit_reports_it() {
        // Seat 1 fed the third dragon set; the log names seat 0.
        let log = log("rules/PAO/hit.jsonl");
        let rules = Rules::preset("tenhou").unwrap();
        let at = first_win(&log);
        let w = win_at(&log, &rules, at).unwrap();
        let v = w.verdict().unwrap();
        let s = v.score.as_ref().unwrap();
        assert_eq!(s.pao, Seat::new(1));
        // The liable player pays the whole tsumo.
        assert_eq!(s.deltas, [0, -32000, 0, 32000]);
        assert!(!v.agrees(ClaimField::Pao));
        assert!(v.agrees(ClaimField::Deltas));
        let d = v.discrepancy(ClaimField::Pao).unwrap();
        let f = super::super::audit(&log, &rules)
            .findings
            .into_iter()
            .find(|f| f.event == at && f.rule == crate::engine::RuleId::Pao)
            .unwrap();
        assert_eq!(f.message, d.message());
        assert_eq!(f.expected.as_deref(), Some("seat 1"));
        assert_eq!(f.recorded.as_deref(), Some("seat 0"));
        assert_eq!(
            (d.expected.as_str(), d.recorded.as_str()),
            ("seat 1", "seat 0")
        );
    }

    #[test]
    fn a_win_judged_a_chombo_is_shown_as_one() {
        let log = log("rules/FURITEN-RON/hit.jsonl");
        let at = first_win(&log);
        let ema = Rules::preset("ema2016").unwrap();
        assert!(matches!(
            win_at(&log, &ema, at).unwrap().check,
            WinCheck::Chombo {
                offence: "a ron while furiten"
            }
        ));
        // Tenhou has no chombo: the furiten ron is still scored.
        let tenhou = Rules::preset("tenhou").unwrap();
        assert!(win_at(&log, &tenhou, at).unwrap().verdict().is_some());
        // A game for another table size is not audited, nor shown.
        let sanma = Rules::preset("tenhou-sanma").unwrap();
        assert_eq!(
            win_at(&log, &sanma, at).unwrap().check,
            WinCheck::NotFollowed
        );
        assert!(win_at(&log, &tenhou, at - 1).is_none());
    }

    #[test]
    fn an_added_kong_with_no_pon_is_a_kong_of_the_wrong_shape() {
        let text = r#"{"type":"start_game","names":["a","b","c","d"]}
{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"C","tehais":[["1m","3m","5m","2p","4p","6p","3s","7s","9s","E","E","E","N"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["2m","4m","6m","8m","1p","3p","5p","7p","2s","4s","6s","8s","P"],["5m","7m","9m","6p","8p","9p","1s","5s","8s","F","F","C","C"]]}
{"type":"tsumo","actor":0,"pai":"E"}
{"type":"kakan","actor":0,"pai":"E","consumed":["E","E","E"]}
{"type":"end_kyoku"}
"#;
        let log = crate::import::import_str(text, crate::event::Format::Mjai).unwrap();
        let rules = Rules::preset("tenhou").unwrap();
        let codes: Vec<&str> = super::super::audit(&log, &rules)
            .findings
            .iter()
            .map(|f| f.rule.code())
            .collect();
        assert!(codes.contains(&"CALL-SHAPE"), "{codes:?}");
        assert!(!codes.contains(&"TILE-NOT-HELD"), "{codes:?}");
    }
}
