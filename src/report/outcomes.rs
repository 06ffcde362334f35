//! How the kyoku of a game ended: wins by ron and by tsumo, exhaustive
//! draws, abortive draws by kind, and chombo. Counted from the log's
//! outcome events (what happened at the table) and the audit's CHOMBO
//! findings (what the rules made of it), for the dashboard's distribution
//! of outcomes and the JSON summary's `outcomes`.

use std::ops::AddAssign;

use serde::Serialize;

use crate::engine::{Audit, RuleId};
use crate::event::{DrawKind, Event, GameLog};

/// The outcomes of a game, or of a batch (summed).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Outcomes {
    /// Wins on a discard or a robbed kong (each winner of a double ron).
    pub ron: usize,
    /// Self-drawn wins.
    pub tsumo: usize,
    /// The wall ran out (nagashi mangan included).
    pub exhaustive_draws: usize,
    /// Nine different terminals and honours (kyuushu kyuuhai).
    pub nine_terminals: usize,
    /// All four players in riichi (suucha riichi).
    pub four_riichi: usize,
    /// Three players won on one discard (sanchahou).
    pub triple_ron: usize,
    /// Four kongs by more than one player (suukaikan). The JSON key keeps
    /// the name the summary has always had.
    #[serde(rename = "four_kans")]
    pub four_kongs: usize,
    /// The same wind discarded by all four first (suufon renda).
    pub four_winds: usize,
    /// Chombo adjudicated by the audit (the CHOMBO findings).
    pub chombo: usize,
}

impl Outcomes {
    /// The outcomes of one game: its log's wins and draws, the chombo its
    /// audit found.
    #[must_use]
    pub fn of(log: &GameLog, audit: &Audit) -> Self {
        let mut o = Self::default();
        for entry in &log.events {
            match &entry.event {
                Event::Hora { actor, target, .. } if actor == target => o.tsumo += 1,
                Event::Hora { .. } => o.ron += 1,
                Event::Ryukyoku { kind, .. } => *o.draws_mut(*kind) += 1,
                _ => {}
            }
        }
        o.chombo = audit
            .findings
            .iter()
            .filter(|f| f.rule == RuleId::Chombo)
            .count();
        o
    }

    fn draws_mut(&mut self, kind: DrawKind) -> &mut usize {
        match kind {
            DrawKind::Exhaustive => &mut self.exhaustive_draws,
            DrawKind::NineTerminals => &mut self.nine_terminals,
            DrawKind::FourRiichi => &mut self.four_riichi,
            DrawKind::TripleRon => &mut self.triple_ron,
            DrawKind::FourKongs => &mut self.four_kongs,
            DrawKind::FourWinds => &mut self.four_winds,
        }
    }

    /// Wins of either kind.
    #[must_use]
    pub const fn wins(&self) -> usize {
        self.ron + self.tsumo
    }

    /// Abortive draws of every kind.
    #[must_use]
    pub const fn abortive_draws(&self) -> usize {
        self.nine_terminals + self.four_riichi + self.triple_ron + self.four_kongs + self.four_winds
    }

    /// Each abortive kind with its name for people, in a fixed order.
    #[must_use]
    pub const fn abortive_kinds(&self) -> [(&'static str, usize); 5] {
        [
            ("nine terminals", self.nine_terminals),
            ("four riichi", self.four_riichi),
            ("triple ron", self.triple_ron),
            ("four kongs", self.four_kongs),
            ("four winds", self.four_winds),
        ]
    }
}

impl AddAssign<&Self> for Outcomes {
    fn add_assign(&mut self, o: &Self) {
        self.ron += o.ron;
        self.tsumo += o.tsumo;
        self.exhaustive_draws += o.exhaustive_draws;
        self.nine_terminals += o.nine_terminals;
        self.four_riichi += o.four_riichi;
        self.triple_ron += o.triple_ron;
        self.four_kongs += o.four_kongs;
        self.four_winds += o.four_winds;
        self.chombo += o.chombo;
    }
}
