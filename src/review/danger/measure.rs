//! Scoring the danger model on cases whose outcome is known: the cases
//! binned by the chance the model gave, each bin's mean chance against
//! the share that really dealt in; and the Brier score (the mean squared
//! difference between chance and outcome) of the model beside the
//! baseline's on the same cases, as a skill: 1 − model / baseline.

use std::fmt::Write as _;

use super::calibrate::Case;
use super::threat::ThreatKind;

/// A bin with at least this many cases is well filled: its observed rate
/// must be within [`CALIBRATION_FACTOR`] of its predicted one.
pub const WELL_FILLED: usize = 200;
/// How far observed may be from predicted in a well-filled bin, as a
/// factor either way.
pub const CALIBRATION_FACTOR: f64 = 1.5;
/// The bins' upper edges, as fractions; the first bin holds the chances
/// of exactly 0 (tiles the opponent cannot win on).
const EDGES: [f64; 12] = [
    0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.10, 0.15, 0.20, 0.30, 1.0,
];

/// One bin of chances.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Bin {
    /// Chances above this (the first bin: exactly 0)…
    pub low: f64,
    /// …up to this.
    pub high: f64,
    /// Cases in the bin.
    pub cases: usize,
    /// Their mean chance.
    pub predicted: f64,
    /// The share of them that could have been won on.
    pub observed: f64,
}

impl Bin {
    /// Whether the bin holds enough cases to be judged.
    #[must_use]
    pub const fn well_filled(&self) -> bool {
        self.cases >= WELL_FILLED
    }

    /// Whether observed is within the factor of predicted (both 0 counts).
    #[must_use]
    pub fn calibrated(&self) -> bool {
        if self.predicted == 0.0 {
            return self.observed == 0.0;
        }
        let ratio = self.observed / self.predicted;
        (1.0 / CALIBRATION_FACTOR..=CALIBRATION_FACTOR).contains(&ratio)
    }
}

/// The model and the baseline scored on some cases.
#[derive(Clone, PartialEq, Debug)]
pub struct Measurement {
    /// The threat kind measured, or both.
    pub kind: Option<ThreatKind>,
    /// Cases.
    pub cases: usize,
    /// Of them, the opponent could have won on the tile.
    pub deal_ins: usize,
    /// The bins, in order of chance.
    pub bins: Vec<Bin>,
    /// The model's Brier score.
    pub brier: f64,
    /// The baseline's Brier score.
    pub brier_baseline: f64,
}

impl Measurement {
    /// The Brier skill of the model against the baseline: 1 − model /
    /// baseline (0: no better; 1: perfect).
    #[must_use]
    pub fn skill(&self) -> f64 {
        if self.brier_baseline > 0.0 {
            1.0 - self.brier / self.brier_baseline
        } else {
            0.0
        }
    }

    /// Whether every well-filled bin is calibrated.
    #[must_use]
    pub fn calibrated(&self) -> bool {
        self.bins
            .iter()
            .filter(|b| b.well_filled())
            .all(Bin::calibrated)
    }

    /// The table for people: one line a bin, then the Brier scores.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let what = match self.kind {
            Some(ThreatKind::Riichi) => "against a riichi",
            Some(ThreatKind::Open) => "against an open hand",
            None => "against every threat",
        };
        let _ = writeln!(
            out,
            "{what}: {} cases, {} could be won on ({:.2}%)",
            self.cases,
            self.deal_ins,
            100.0 * ratio(self.deal_ins, self.cases)
        );
        let _ = writeln!(
            out,
            "  chance bin        cases   predicted  observed  obs/pred"
        );
        for b in &self.bins {
            let range = if b.high == 0.0 {
                "0 (genbutsu)".to_owned()
            } else {
                format!("{:.1}–{:.1}%", 100.0 * b.low, 100.0 * b.high)
            };
            let verdict = match (b.well_filled(), b.calibrated()) {
                (false, _) => "  (few cases)",
                (true, true) => "",
                (true, false) => "  OUT OF CALIBRATION",
            };
            let quotient = if b.predicted > 0.0 {
                format!("{:.2}", b.observed / b.predicted)
            } else {
                "-".to_owned()
            };
            let _ = writeln!(
                out,
                "  {range:<14} {:>9}   {:>7.3}%  {:>7.3}%  {quotient:>8}{verdict}",
                b.cases,
                100.0 * b.predicted,
                100.0 * b.observed
            );
        }
        let _ = writeln!(
            out,
            "  Brier: model {:.6}, baseline (genbutsu / suji / other) {:.6}; skill {:.3}; {}",
            self.brier,
            self.brier_baseline,
            self.skill(),
            if self.calibrated() {
                "every well-filled bin calibrated"
            } else {
                "NOT CALIBRATED"
            }
        );
        out
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        #[allow(clippy::cast_precision_loss)]
        let r = a as f64 / b as f64;
        r
    }
}

/// Scores the model and the baseline on the cases of `kind` (or all).
#[must_use]
pub fn measure<'a>(cases: impl Iterator<Item = &'a Case>, kind: Option<ThreatKind>) -> Measurement {
    let mut sums = [(0usize, 0.0f64, 0usize); EDGES.len()];
    let (mut n, mut hits, mut brier, mut base) = (0usize, 0usize, 0.0f64, 0.0f64);
    for c in cases.filter(|c| kind.is_none_or(|k| c.kind == k)) {
        let p = f64::from(c.model);
        let y = f64::from(u8::from(c.truth));
        n += 1;
        hits += usize::from(c.truth);
        brier += (p - y).powi(2);
        base += (f64::from(c.baseline) - y).powi(2);
        let bin = EDGES
            .iter()
            .position(|&e| p <= e)
            .unwrap_or(EDGES.len() - 1);
        if let Some(s) = sums.get_mut(bin) {
            s.0 += 1;
            s.1 += p;
            s.2 += usize::from(c.truth);
        }
    }
    let bins = sums
        .iter()
        .enumerate()
        .filter(|(_, s)| s.0 > 0)
        .map(|(i, s)| {
            #[allow(clippy::cast_precision_loss)]
            let predicted = s.1 / s.0 as f64;
            Bin {
                low: if i == 0 { 0.0 } else { EDGES[i - 1] },
                high: EDGES[i],
                cases: s.0,
                predicted,
                observed: ratio(s.2, s.0),
            }
        })
        .collect();
    #[allow(clippy::cast_precision_loss)]
    let count = n.max(1) as f64;
    Measurement {
        kind,
        cases: n,
        deal_ins: hits,
        bins,
        brier: brier / count,
        brier_baseline: base / count,
    }
}
