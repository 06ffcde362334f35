//! Scoring the danger model on cases whose outcome is known: the cases
//! binned by the chance the model gave, each bin's mean chance against
//! the share that really dealt in; the Brier score (the mean squared
//! difference between chance and outcome) and the log-loss of the model
//! beside the baseline's on the same cases, each as a skill: 1 − model /
//! baseline; the AUC (how well each ranks the tiles that deal in above
//! those that do not); and a 95 % interval on the skills by resampling
//! whole games (a game's cases share their hands, so they are not
//! independent draws).

use std::fmt::Write as _;

use super::calibrate::Case;
use super::threat::ThreatKind;

/// A bin with at least this many cases is well filled: its observed rate
/// must be within [`CALIBRATION_FACTOR`] of its predicted one.
pub const WELL_FILLED: usize = 1_000;
/// A bin whose predicted deal-ins (cases × mean chance) reach this many is
/// well filled too, however few its cases: 20 expected deal-ins put a
/// factor 1.5 out of reach of chance alone (two standard deviations).
pub const WELL_FILLED_DEAL_INS: f64 = 20.0;
/// Resamples of the games for the skills' interval.
const BOOTSTRAP: usize = 1_000;
/// The chance the log-loss gives a case that dealt in at 0 (never, by
/// the rules, but a log needs a floor): one in ten thousand, the review's
/// unit.
const LOG_FLOOR: f64 = 1e-4;
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
    /// Whether the bin holds enough cases to be judged: [`WELL_FILLED`]
    /// cases, or [`WELL_FILLED_DEAL_INS`] predicted deal-ins.
    #[must_use]
    pub fn well_filled(&self) -> bool {
        #[allow(clippy::cast_precision_loss)]
        let expected = self.cases as f64 * self.predicted;
        self.cases >= WELL_FILLED || expected >= WELL_FILLED_DEAL_INS
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
    /// The model's log-loss (mean −ln of the chance given to what
    /// happened).
    pub log_loss: f64,
    /// The baseline's log-loss.
    pub log_loss_baseline: f64,
    /// The model's AUC: the chance that a case that dealt in got a higher
    /// chance than one that did not (ties count half).
    pub auc: f64,
    /// The baseline's AUC.
    pub auc_baseline: f64,
    /// 95 % intervals (2.5th and 97.5th percentiles) of the Brier skill
    /// and the log-loss skill over resamples of the games.
    pub interval: Interval,
}

/// The skills' spread over resamples of whole games (the bootstrap).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Interval {
    /// Games resampled.
    pub games: usize,
    /// The Brier skill's 2.5th and 97.5th percentiles.
    pub brier_skill: (f64, f64),
    /// The log-loss skill's.
    pub log_loss_skill: (f64, f64),
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

    /// The log-loss skill against the baseline: 1 − model / baseline.
    #[must_use]
    pub fn log_loss_skill(&self) -> f64 {
        if self.log_loss_baseline > 0.0 {
            1.0 - self.log_loss / self.log_loss_baseline
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
        let i = &self.interval;
        let _ = writeln!(
            out,
            "  Brier: model {:.6}, baseline (genbutsu / suji / other) {:.6}; skill {:.4} (95% {:.4}–{:.4})",
            self.brier,
            self.brier_baseline,
            self.skill(),
            i.brier_skill.0,
            i.brier_skill.1,
        );
        let _ = writeln!(
            out,
            "  log-loss: model {:.6}, baseline {:.6}; skill {:.4} (95% {:.4}–{:.4})",
            self.log_loss,
            self.log_loss_baseline,
            self.log_loss_skill(),
            i.log_loss_skill.0,
            i.log_loss_skill.1,
        );
        let _ = writeln!(
            out,
            "  AUC: model {:.4}, baseline {:.4}; intervals over {} resamples of {} games; {}",
            self.auc,
            self.auc_baseline,
            BOOTSTRAP,
            i.games,
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

/// Per game, the sums the skills are made of.
#[derive(Clone, Copy, Default)]
struct Sums {
    brier: f64,
    brier_baseline: f64,
    log_loss: f64,
    log_loss_baseline: f64,
}

impl Sums {
    fn add(&mut self, o: &Self) {
        self.brier += o.brier;
        self.brier_baseline += o.brier_baseline;
        self.log_loss += o.log_loss;
        self.log_loss_baseline += o.log_loss_baseline;
    }

    fn skills(&self) -> (f64, f64) {
        let skill = |m: f64, b: f64| if b > 0.0 { 1.0 - m / b } else { 0.0 };
        (
            skill(self.brier, self.brier_baseline),
            skill(self.log_loss, self.log_loss_baseline),
        )
    }
}

fn log_loss(p: f64, truth: bool) -> f64 {
    let p = p.clamp(LOG_FLOOR, 1.0 - LOG_FLOOR);
    -(if truth { p } else { 1.0 - p }).ln()
}

/// Scores the model and the baseline on the cases of `kind` (or all).
#[must_use]
pub fn measure<'a>(cases: impl Iterator<Item = &'a Case>, kind: Option<ThreatKind>) -> Measurement {
    let mut sums = [(0usize, 0.0f64, 0usize); EDGES.len()];
    let (mut n, mut hits) = (0usize, 0usize);
    let mut total = Sums::default();
    let mut games: Vec<Sums> = Vec::new();
    let (mut ranks, mut ranks_baseline) = (Ranks::default(), Ranks::default());
    for c in cases.filter(|c| kind.is_none_or(|k| c.kind == k)) {
        let p = f64::from(c.model);
        let b = f64::from(c.baseline);
        let y = f64::from(u8::from(c.truth));
        n += 1;
        hits += usize::from(c.truth);
        let one = Sums {
            brier: (p - y).powi(2),
            brier_baseline: (b - y).powi(2),
            log_loss: log_loss(p, c.truth),
            log_loss_baseline: log_loss(b, c.truth),
        };
        total.add(&one);
        let g = usize::try_from(c.game).unwrap_or(usize::MAX);
        if g >= games.len() {
            games.resize(g + 1, Sums::default());
        }
        if let Some(s) = games.get_mut(g) {
            s.add(&one);
        }
        ranks.add(p, c.truth);
        ranks_baseline.add(b, c.truth);
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
        brier: total.brier / count,
        brier_baseline: total.brier_baseline / count,
        log_loss: total.log_loss / count,
        log_loss_baseline: total.log_loss_baseline / count,
        auc: ranks.auc(),
        auc_baseline: ranks_baseline.auc(),
        interval: bootstrap(&games),
    }
}

/// Cases counted by their chance in units of one in ten thousand (the
/// review's own unit, so no two different chances share a count): the AUC
/// in one pass over the counts, without sorting the cases.
struct Ranks {
    /// Per chance: cases that did not deal in, cases that did.
    counts: Vec<(u64, u64)>,
}

impl Default for Ranks {
    fn default() -> Self {
        Self {
            counts: vec![(0, 0); 10_001],
        }
    }
}

impl Ranks {
    fn add(&mut self, p: f64, truth: bool) {
        // Within 0..=10_000 by the clamp.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let i = (p.clamp(0.0, 1.0) * 10_000.0).round() as usize;
        if let Some(c) = self.counts.get_mut(i) {
            if truth {
                c.1 += 1;
            } else {
                c.0 += 1;
            }
        }
    }

    /// The Mann–Whitney statistic over the counts.
    fn auc(&self) -> f64 {
        let (mut below, mut pairs) = (0u64, 0.0f64);
        let (mut neg, mut pos) = (0u64, 0u64);
        for &(n, p) in &self.counts {
            // Each positive here outranks every negative below, ties half.
            #[allow(clippy::cast_precision_loss)]
            {
                pairs += p as f64 * (below as f64 + n as f64 / 2.0);
            }
            below += n;
            neg += n;
            pos += p;
        }
        #[allow(clippy::cast_precision_loss)]
        let all = neg as f64 * pos as f64;
        if all > 0.0 { pairs / all } else { 0.0 }
    }
}

/// The 2.5th and 97.5th percentiles of the skills over [`BOOTSTRAP`]
/// resamples of the games, with replacement (a fixed seed: the same
/// cases give the same interval).
fn bootstrap(games: &[Sums]) -> Interval {
    if games.is_empty() {
        return Interval::default();
    }
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let len = u64::try_from(games.len()).unwrap_or(u64::MAX);
    let (mut brier, mut log) = (Vec::new(), Vec::new());
    for _ in 0..BOOTSTRAP {
        let mut s = Sums::default();
        for _ in 0..games.len() {
            let i = usize::try_from(next() % len).unwrap_or(0);
            if let Some(g) = games.get(i) {
                s.add(g);
            }
        }
        let (b, l) = s.skills();
        brier.push(b);
        log.push(l);
    }
    let pct = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let at = |q: usize| v.get(q * (v.len() - 1) / 1000).copied().unwrap_or(0.0);
        (at(25), at(975))
    };
    Interval {
        games: games.len(),
        brier_skill: pct(&mut brier),
        log_loss_skill: pct(&mut log),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(p: f32, truth: bool, game: u32) -> Case {
        Case {
            kind: ThreatKind::Riichi,
            features: 0,
            class: 2,
            last_honour: None,
            model: p,
            baseline: 0.1,
            truth,
            game,
        }
    }

    #[test]
    fn auc_log_loss_and_the_bootstrap() {
        // The model ranks every deal-in above every other case: AUC 1; the
        // baseline gives all the same chance: 1/2.
        let cases: Vec<Case> = (0..200)
            .map(|i| case(if i % 10 == 0 { 0.3 } else { 0.05 }, i % 10 == 0, i / 20))
            .collect();
        let m = measure(cases.iter(), None);
        assert!((m.auc - 1.0).abs() < 1e-12, "{}", m.auc);
        assert!((m.auc_baseline - 0.5).abs() < 1e-12);
        assert!(m.skill() > 0.0 && m.log_loss_skill() > 0.0);
        let i = m.interval;
        assert_eq!(i.games, 10);
        // Every game alike: the interval is the skill itself.
        assert!((i.brier_skill.0 - m.skill()).abs() < 1e-9, "{i:?}");
        assert!((i.log_loss_skill.1 - m.log_loss_skill()).abs() < 1e-9);
    }

    #[test]
    fn well_filled_by_cases_or_by_expected_deal_ins() {
        let bin = |cases, predicted| Bin {
            low: 0.0,
            high: 1.0,
            cases,
            predicted,
            observed: predicted,
        };
        assert!(bin(1_000, 0.001).well_filled());
        assert!(!bin(999, 0.01).well_filled());
        assert!(bin(200, 0.10).well_filled());
    }
}
