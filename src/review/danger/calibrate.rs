//! The danger model against the truth: in a log that shows every hand
//! (Tenhou's), at each decision the engine knows each threatening
//! opponent's waits, furiten and yaku, so every (decision, candidate,
//! threat) is a case whose outcome is known — could they have won on that
//! tile right then? [`observe`] collects the cases of a game; [`fit`]
//! fits the model's numbers on cases and writes them as `table.rs`
//! ([`table_source`]); [`measure`] scores the model and the baseline on
//! cases (predicted against observed per bin of the chance, Brier skill).
//! Files are split into two halves by their SHA-256 ([`Half`]): the fit
//! reads one, the measure the other.

use crate::batch::Sha256Digest;
use crate::engine::Replay;
use crate::event::GameLog;
use crate::hand::KindSet;
use crate::review::{Options, review};
use crate::rules::Rules;

use super::model::{self, baseline_class, features};
use super::threat::ThreatKind;

pub use super::fit::{Table, fit, table_source};
pub use super::measure::{
    Bin, CALIBRATION_FACTOR, Interval, Measurement, WELL_FILLED, WELL_FILLED_DEAL_INS, measure,
};

/// Which half of a corpus a file is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Half {
    /// The first byte of the file's SHA-256 is even: the model is fitted
    /// on it.
    Fit,
    /// Odd: the model is measured on it.
    Test,
}

impl Half {
    /// The half of a file with this SHA-256 (byte-identical copies fall in
    /// the same half).
    #[must_use]
    pub const fn of(digest: &Sha256Digest) -> Self {
        if digest.0[0].is_multiple_of(2) {
            Self::Fit
        } else {
            Self::Test
        }
    }
}

/// One candidate discard against one threatening opponent, with what
/// happened.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Case {
    /// How the opponent threatened.
    pub kind: ThreatKind,
    /// The model's features (bits of [`model::FEATURE_NAMES`]).
    pub features: u64,
    /// The baseline's class: 0 genbutsu, 1 suji, 2 other.
    pub class: u8,
    /// An honour with 3 (0) or 4 (1) copies in view: the model's counted
    /// cells.
    pub last_honour: Option<u8>,
    /// The chance the review printed.
    pub model: f32,
    /// The baseline table's chance.
    pub baseline: f32,
    /// The opponent could have won on the tile right then: it is among
    /// their waits, they are not furiten, the hand is not dead, and an open
    /// hand has a yaku on it.
    pub truth: bool,
    /// The game's index among those merged ([`Observed::merge`]): the
    /// measure resamples whole games, whose cases are not independent.
    pub game: u32,
}

/// The cases of some games, and how often the threats were real.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Observed {
    /// Every case.
    pub cases: Vec<Case>,
    /// (decision, threat) pairs by riichi.
    pub riichi_threats: usize,
    /// (decision, threat) pairs by an open hand.
    pub open_threats: usize,
    /// Of those, the open hand was tenpai.
    pub open_tenpai: usize,
    /// Of those, the open hand could win by ron on some tile (a yaku, not
    /// furiten).
    pub open_can_win: usize,
    /// Games merged: the cases' [`Case::game`] are below this.
    pub games: u32,
}

impl Observed {
    /// Adds another's cases and counts, its games numbered after ours.
    pub fn merge(&mut self, other: Self) {
        let offset = self.games;
        self.cases.extend(other.cases.into_iter().map(|mut c| {
            c.game = c.game.saturating_add(offset);
            c
        }));
        self.games = self.games.saturating_add(other.games);
        self.riichi_threats += other.riichi_threats;
        self.open_threats += other.open_threats;
        self.open_tenpai += other.open_tenpai;
        self.open_can_win += other.open_can_win;
    }
}

/// Gives `cases` the chances of a freshly fitted table, as the review
/// would print them once built with it (so a fit can be measured on the
/// test half at once).
pub fn repredict(table: &Table, cases: &mut [Case]) {
    for c in cases {
        let f = match c.kind {
            ThreatKind::Riichi => &table.riichi,
            ThreatKind::Open => &table.open,
        };
        let genbutsu = c.class == 0;
        let p = model::predict_with(f, genbutsu, c.last_honour.map(usize::from), c.features);
        #[allow(clippy::cast_possible_truncation)]
        {
            c.model = (f64::from(model::to_bp(p, genbutsu)) / 10_000.0) as f32;
            c.baseline = f.baseline.get(usize::from(c.class)).copied().unwrap_or(0.0) as f32;
        }
    }
}

/// The cases of one game: the review's danger at each decision under
/// threat, beside what each opponent's hand really allowed (the audit's
/// replay, stepped to the decision: waits, furiten, a dead hand, the yaku
/// of an open hand's waits). Threats whose hand the log hides are left
/// out.
#[must_use]
pub fn observe(log: &GameLog, rules: &Rules) -> Observed {
    let r = review(log, rules, &Options::default());
    let mut out = Observed {
        games: 1,
        ..Observed::default()
    };
    let mut replay = Replay::new(log, rules);
    for d in r.decisions.iter().filter(|d| !d.threats.is_empty()) {
        while replay.position() < d.event {
            if replay.step().is_none() {
                return out;
            }
        }
        let Some(state) = replay.table() else {
            continue;
        };
        let mut truth = Vec::with_capacity(d.threats.len());
        for t in &d.threats {
            let Some(view) = replay.seat(t.seat).filter(|v| !v.hidden) else {
                truth.push(None);
                continue;
            };
            let mut ron = if view.dead || view.furiten.is_some() {
                0
            } else {
                view.waits.0
            };
            match t.kind {
                ThreatKind::Riichi => out.riichi_threats += 1,
                ThreatKind::Open => {
                    if ron != 0 {
                        let concealed = state
                            .player(t.seat)
                            .map(|p| p.concealed.as_slice())
                            .unwrap_or_default();
                        ron = replay.waits_with_yaku(t.seat, concealed, KindSet(ron)).0;
                    }
                    out.open_threats += 1;
                    out.open_tenpai += usize::from(view.waits.is_tenpai());
                    out.open_can_win += usize::from(ron != 0);
                }
            }
            truth.push(Some(ron));
        }
        for c in &d.candidates {
            let kind = c.discard.kind();
            for (danger, (t, ron)) in c.danger.iter().zip(d.threats.iter().zip(&truth)) {
                let Some(ron) = ron else {
                    continue;
                };
                let class = baseline_class(&danger.reasons);
                let fitted = model::fitted(t.kind);
                #[allow(clippy::cast_possible_truncation)]
                out.cases.push(Case {
                    kind: t.kind,
                    features: features(&danger.reasons),
                    class: u8::try_from(class).unwrap_or(2),
                    last_honour: model::last_honour(&danger.reasons)
                        .and_then(|i| u8::try_from(i).ok()),
                    model: danger.deal_in() as f32,
                    baseline: fitted.baseline.get(class).copied().unwrap_or(0.0) as f32,
                    truth: ron & 1 << kind != 0,
                    game: 0,
                });
            }
        }
    }
    out
}
