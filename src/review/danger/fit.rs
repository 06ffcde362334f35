//! Fitting the danger model on cases whose outcome is known: per threat
//! kind, the genbutsu rate and the baseline's three rates are counted;
//! the logistic weights are the maximum-likelihood fit (Newton's method
//! on the cases grouped by their features, with a small ridge so that a
//! feature never seen keeps weight 0); the recalibration curve is the
//! isotonic (pool-adjacent-violators) fit of the outcomes on the
//! logistic's chances, over [`CURVE_BINS`] bins of equal cases. The
//! result is written as Rust, `table.rs`, by [`table_source`]: the table
//! is generated, never edited.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::calibrate::Case;
use super::model::{FEATURE_NAMES, FEATURES, Fitted, logistic};
use super::threat::ThreatKind;

/// The ridge: a prior of weight 0 worth this much curvature.
const RIDGE: f64 = 1.0;
/// Newton steps at most.
const STEPS: usize = 50;
/// The recalibration starts from this many bins of equal cases (by the
/// logistic's chance), each some thousand cases on the fit half: enough
/// deal-ins in each that a bin's rate is no accident.
pub const CURVE_BINS: usize = 100;

/// The fitted numbers of both threat kinds.
#[derive(Clone, PartialEq, Debug)]
pub struct Table {
    /// Against a riichi.
    pub riichi: Fitted,
    /// Against an open hand.
    pub open: Fitted,
    /// Cases fitted on, per kind (riichi, open).
    pub cases: [usize; 2],
}

/// Fits the model and the baseline on `cases`.
#[must_use]
pub fn fit<'a>(cases: impl Iterator<Item = &'a Case> + Clone) -> Table {
    let riichi = fit_kind(cases.clone().filter(|c| c.kind == ThreatKind::Riichi));
    let open = fit_kind(cases.filter(|c| c.kind == ThreatKind::Open));
    Table {
        riichi: riichi.0,
        open: open.0,
        cases: [riichi.1, open.1],
    }
}

fn rate((n, k): (u64, u64)) -> f64 {
    if n == 0 {
        0.0
    } else {
        #[allow(clippy::cast_precision_loss)]
        let r = k as f64 / n as f64;
        r
    }
}

fn fit_kind<'a>(cases: impl Iterator<Item = &'a Case>) -> (Fitted, usize) {
    let mut classes = [(0u64, 0u64); 3];
    let mut last = [(0u64, 0u64); 2];
    let mut groups: BTreeMap<u64, (u64, u64)> = BTreeMap::new();
    let mut total = 0;
    for c in cases {
        total += 1;
        if let Some(cell) = classes.get_mut(usize::from(c.class)) {
            cell.0 += 1;
            cell.1 += u64::from(c.truth);
        }
        if c.class == 0 {
            continue;
        }
        if let Some(cell) = c.last_honour.and_then(|i| last.get_mut(usize::from(i))) {
            cell.0 += 1;
            cell.1 += u64::from(c.truth);
        } else {
            let g = groups.entry(c.features).or_default();
            g.0 += 1;
            g.1 += u64::from(c.truth);
        }
    }
    let weights = newton(&groups);
    let fitted = Fitted {
        genbutsu: rate(classes[0]),
        last_honour: last.map(rate),
        curve: Cow::Owned(curve(&groups, &weights)),
        weights,
        baseline: classes.map(rate),
    };
    (fitted, total)
}

/// The isotonic recalibration of the logistic's chances: the cases in
/// [`CURVE_BINS`] bins of equal count by chance, adjacent bins pooled
/// while a rate falls (pool adjacent violators), each pool a knot (its
/// mean chance, its rate).
fn curve(groups: &BTreeMap<u64, (u64, u64)>, w: &[f64; FEATURES]) -> Vec<(f64, f64)> {
    #[allow(clippy::cast_precision_loss)]
    let mut points: Vec<(f64, f64, f64)> = groups
        .iter()
        .map(|(&bits, &(n, k))| (logistic(w, bits), n as f64, k as f64))
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = points.iter().map(|p| p.1).sum();
    #[allow(clippy::cast_precision_loss)]
    let per = (total / CURVE_BINS as f64).max(1.0);
    // Each pool: Σ chance × cases, cases, deal-ins.
    let mut pools: Vec<(f64, f64, f64)> = Vec::new();
    let mut bin = (0.0, 0.0, 0.0);
    for (p, n, k) in points {
        bin = (bin.0 + p * n, bin.1 + n, bin.2 + k);
        if bin.1 >= per {
            pools.push(bin);
            bin = (0.0, 0.0, 0.0);
        }
    }
    if bin.1 > 0.0 {
        // The remainder is thinner than a bin: it joins the last.
        match pools.last_mut() {
            Some(last) => *last = (last.0 + bin.0, last.1 + bin.1, last.2 + bin.2),
            None => pools.push(bin),
        }
    }
    let mut done: Vec<(f64, f64, f64)> = Vec::with_capacity(pools.len());
    for p in pools {
        done.push(p);
        while let [.., a, b] = done.as_slice() {
            if a.2 / a.1 < b.2 / b.1 {
                break;
            }
            let merged = (a.0 + b.0, a.1 + b.1, a.2 + b.2);
            done.truncate(done.len() - 2);
            done.push(merged);
        }
    }
    done.iter().map(|p| (p.0 / p.1, p.2 / p.1)).collect()
}

/// Maximum likelihood with the ridge, by Newton's method.
fn newton(groups: &BTreeMap<u64, (u64, u64)>) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..STEPS {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for (i, g) in grad.iter_mut().enumerate() {
            *g = -RIDGE * w[i];
            hess[i][i] = RIDGE;
        }
        for (&bits, &(n, k)) in groups {
            let p = logistic(&w, bits);
            #[allow(clippy::cast_precision_loss)]
            let (n, k) = (n as f64, k as f64);
            let residual = k - n * p;
            let curve = n * p * (1.0 - p);
            let on: Vec<usize> = (0..FEATURES).filter(|i| bits & 1 << i != 0).collect();
            for &i in &on {
                grad[i] += residual;
                for &j in &on {
                    hess[i][j] += curve;
                }
            }
        }
        let Some(step) = solve(hess, grad) else {
            break;
        };
        let mut largest = 0.0f64;
        for (wi, s) in w.iter_mut().zip(step) {
            *wi += s;
            largest = largest.max(s.abs());
        }
        if largest < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky).
// Indices, as in the textbook algorithm: rows and columns are read
// crosswise, which iterators would obscure.
#[allow(clippy::needless_range_loop)]
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> Option<[f64; FEATURES]> {
    for j in 0..FEATURES {
        let mut d = a[j][j];
        for k in 0..j {
            d -= a[j][k] * a[j][k];
        }
        if d <= 0.0 {
            return None;
        }
        let d = d.sqrt();
        a[j][j] = d;
        for i in j + 1..FEATURES {
            let mut s = a[i][j];
            for k in 0..j {
                s -= a[i][k] * a[j][k];
            }
            a[i][j] = s / d;
        }
    }
    for i in 0..FEATURES {
        for k in 0..i {
            b[i] -= a[i][k] * b[k];
        }
        b[i] /= a[i][i];
    }
    for i in (0..FEATURES).rev() {
        for k in i + 1..FEATURES {
            b[i] -= a[k][i] * b[k];
        }
        b[i] /= a[i][i];
    }
    Some(b)
}

/// `table.rs` for a fitted table: Rust source, with the command that
/// fitted it and the games of its fit half in its header.
#[must_use]
pub fn table_source(table: &Table, command: &str, games: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The danger model's numbers, generated by\n\
         //! `{command}`\n\
         //! from the {games} games of the fit half: do not edit. {} cases\n\
         //! against a riichi, {} against an open hand (`formats/review.md`,\n\
         //! \"Danger\").\n\n\
         use std::borrow::Cow;\n\n\
         use super::model::Fitted;\n",
        table.cases[0], table.cases[1]
    );
    for (name, doc, f) in [
        ("RIICHI", "Against a riichi.", &table.riichi),
        ("OPEN", "Against an open hand.", &table.open),
    ] {
        let _ = writeln!(out, "/// {doc}");
        // The generator's layout is the file's: rustfmt would align the
        // comments, and the file would no longer be the command's output.
        let _ = writeln!(out, "#[rustfmt::skip]");
        let _ = writeln!(out, "pub(super) const {name}: Fitted = Fitted {{");
        let _ = writeln!(out, "    genbutsu: {:?},", f.genbutsu);
        let _ = writeln!(
            out,
            "    // an honour with 3, 4 copies in view\n    last_honour: [{:?}, {:?}],",
            f.last_honour[0], f.last_honour[1]
        );
        let _ = writeln!(out, "    weights: [");
        for (w, feature) in f.weights.iter().zip(FEATURE_NAMES) {
            let _ = writeln!(out, "        {w:?}, // {feature}");
        }
        let _ = writeln!(out, "    ],");
        let _ = writeln!(
            out,
            "    // genbutsu, suji, other\n    baseline: [{:?}, {:?}, {:?}],",
            f.baseline[0], f.baseline[1], f.baseline[2]
        );
        let _ = writeln!(
            out,
            "    // the logistic's chance, the rate observed at it\n    curve: Cow::Borrowed(&["
        );
        for (x, y) in f.curve.iter() {
            let _ = writeln!(out, "        ({x:?}, {y:?}),");
        }
        let _ = writeln!(out, "    ]),");
        let _ = writeln!(out, "}};\n");
    }
    while out.ends_with('\n') {
        out.pop();
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_pools_a_falling_rate_and_keeps_chances_in_order() {
        // Feature 0 alone: chance 1/2 at weight 0; features 0 and 1 at
        // weight 1: about 0.73. The rarer chance deals in more: pooled.
        let mut w = [0.0; FEATURES];
        w[1] = 1.0;
        let groups = BTreeMap::from([(1u64, (1000u64, 600u64)), (3u64, (1000u64, 400u64))]);
        let c = curve(&groups, &w);
        assert_eq!(c.len(), 1, "{c:?}");
        assert!((c[0].1 - 0.5).abs() < 1e-12);
        // In order they stay two knots, both increasing.
        let groups = BTreeMap::from([(1u64, (1000u64, 300u64)), (3u64, (1000u64, 700u64))]);
        let c = curve(&groups, &w);
        assert_eq!(c.len(), 2, "{c:?}");
        assert!(c[0].0 < c[1].0 && c[0].1 < c[1].1);
    }
}
