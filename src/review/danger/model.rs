//! The danger model: a tile the opponent cannot win on by the rules
//! (genbutsu) gets the fitted rate of such tiles, an honour with three or
//! four copies in view the fitted rate of its cell; any other tile a
//! logistic formula over its reasons, one set of weights per threat kind,
//! then a monotone recalibration curve of that kind (the logistic's
//! chances mapped to the rates observed at them). The numbers are
//! `table.rs`'s, fitted by `calibrate.rs`; `formats/review.md` lists the
//! features.

use std::borrow::Cow;

use super::reasons::{Reason, TileClass};
use super::table;
use super::threat::ThreatKind;

/// How many features the logistic part reads.
pub const FEATURES: usize = 46;

/// What is fitted for one threat kind.
#[derive(Clone, PartialEq, Debug)]
pub struct Fitted {
    /// The deal-in rate of genbutsu tiles.
    pub genbutsu: f64,
    /// The deal-in rates of an honour with 3 and with 4 copies in view
    /// (only a single wait or thirteen orphans can take it): counted, not
    /// in the formula, whose other terms would swamp a rate this small.
    pub last_honour: [f64; 2],
    /// The logistic weights, one a feature ([`FEATURE_NAMES`]).
    pub weights: [f64; FEATURES],
    /// The baseline's rates: genbutsu, suji, other.
    pub baseline: [f64; 3],
    /// The recalibration of the logistic's chance: knots (chance, observed
    /// rate), both increasing; between knots linear, below the first
    /// proportional to its ratio, above the last its rate. Empty: none.
    pub curve: Cow<'static, [(f64, f64)]>,
}

/// The features' names, in order: the class cells first (every tile that
/// is not genbutsu has exactly one, so they stand in for an intercept).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "honour seen 1",
    "honour seen 2",
    "honour seen 3",
    "honour seen 4",
    "1-9 no open side",
    "1-9 one open side",
    "2-8 no open side",
    "2-8 one open side",
    "3-7 no open side",
    "3-7 one open side",
    "4-6 no open side",
    "4-6 one open side",
    "4-6 two open sides",
    "number seen 3",
    "number seen 4",
    "yakuhai",
    "riichi tile's suji",
    "no-chance",
    "one-chance",
    "early outside",
    "dora",
    "dora neighbour",
    "number turn 7-9",
    "number turn 10-12",
    "number turn 13+",
    "flush suit",
    "off flush suit",
    "3+ melds",
    "honour turn 10+",
    "riichi tile's neighbour",
    "dora called",
    "number seen 2",
    "suit discards 0",
    "suit discards 1",
    "suit discards 4+",
    "riichi by 6th discard",
    "riichi at 12th discard+",
    "tsumogiri riichi",
    "tsumogiri run 2-3",
    "tsumogiri run 4+",
    "yakuhai called",
    "pons only, number",
    "pons only, honour",
    "combos up to 1/4",
    "combos 1/4-9/20",
    "combos over 13/20",
];

/// The fitted numbers of a threat kind.
pub const fn fitted(kind: ThreatKind) -> &'static Fitted {
    match kind {
        ThreatKind::Riichi => &table::RIICHI,
        ThreatKind::Open => &table::OPEN,
    }
}

/// The features a non-genbutsu tile's reasons switch on, as bits.
#[must_use]
pub fn features(reasons: &[Reason]) -> u64 {
    let mut bits = 0u64;
    let mut class = None;
    let (mut open, mut seen, mut turn) = (0u8, 0u8, 0u8);
    let mut pons_only = false;
    for r in reasons {
        let feature = match *r {
            Reason::Class(c) => {
                class = Some(c);
                None
            }
            Reason::OpenSides(n) => {
                open = n;
                None
            }
            Reason::Seen(n) => {
                seen = n;
                None
            }
            Reason::Yakuhai => Some(15),
            Reason::RiichiTileSuji => Some(16),
            Reason::NoChance => Some(17),
            Reason::OneChance => Some(18),
            Reason::EarlyOutside => Some(19),
            Reason::Dora => Some(20),
            Reason::DoraNeighbour => Some(21),
            Reason::Turn(t) => {
                turn = t;
                None
            }
            Reason::RiichiTileNeighbour => Some(29),
            Reason::DoraCalled => Some(30),
            Reason::FlushSuit => Some(25),
            Reason::OffFlushSuit => Some(26),
            Reason::Melds(m) => (m >= 3).then_some(27),
            Reason::SuitDiscards(n) => match n {
                0 => Some(32),
                1 => Some(33),
                2 | 3 => None,
                _ => Some(34),
            },
            Reason::RiichiTurn(n) => match n {
                0..=6 => Some(35),
                7..=11 => None,
                _ => Some(36),
            },
            Reason::TsumogiriRiichi => Some(37),
            Reason::TsumogiriRun(n) => match n {
                0 | 1 => None,
                2 | 3 => Some(38),
                _ => Some(39),
            },
            Reason::YakuhaiCalled => Some(40),
            Reason::PonsOnly => {
                pons_only = true;
                None
            }
            // Against the all-unseen count: a quarter or less, up to
            // 9/20, (the common middle), over 13/20.
            Reason::Combos(n, of) => {
                let (n, of) = (u32::from(n) * 20, u32::from(of));
                if n <= of * 5 {
                    Some(43)
                } else if n <= of * 9 {
                    Some(44)
                } else if n > of * 13 {
                    Some(45)
                } else {
                    None
                }
            }
            Reason::Genbutsu
            | Reason::AfterRiichi
            | Reason::SameGoAround
            | Reason::Suji
            | Reason::HalfSuji => None,
        };
        if let Some(f) = feature {
            bits |= 1 << f;
        }
    }
    let cell = match class {
        Some(TileClass::Honour) => Some(seen.clamp(1, 4) - 1),
        Some(TileClass::Terminal) => Some(4 + open.min(1)),
        Some(TileClass::TwoEight) => Some(6 + open.min(1)),
        Some(TileClass::ThreeSeven) => Some(8 + open.min(1)),
        Some(TileClass::Middle) => Some(10 + open.min(2)),
        None => None,
    };
    if let Some(c) = cell {
        bits |= 1 << c;
    }
    // The turn weighs on honours (tanki and shanpon waits only) apart.
    let turn_feature = match (class == Some(TileClass::Honour), turn) {
        (true, 10..) => Some(28),
        (true, _) | (false, 0..=6) => None,
        (false, 7..=9) => Some(22),
        (false, 10..=12) => Some(23),
        (false, _) => Some(24),
    };
    if let Some(f) = turn_feature {
        bits |= 1 << f;
    }
    if class.is_some_and(|c| c != TileClass::Honour) {
        match seen {
            2 => bits |= 1 << 31,
            3 => bits |= 1 << 13,
            4.. => bits |= 1 << 14,
            _ => {}
        }
    }
    // A toitoi shape waits on pairs: honours and numbers apart.
    if pons_only {
        bits |= 1
            << if class == Some(TileClass::Honour) {
                42
            } else {
                41
            };
    }
    bits
}

/// The logistic formula: 1 / (1 + e^−Σw).
#[must_use]
pub fn logistic(weights: &[f64; FEATURES], bits: u64) -> f64 {
    let mut eta = 0.0;
    let mut rest = bits;
    while rest != 0 {
        eta += weights
            .get(rest.trailing_zeros() as usize)
            .copied()
            .unwrap_or(0.0);
        rest &= rest - 1;
    }
    1.0 / (1.0 + (-eta).exp())
}

/// The baseline's class of a tile: 0 genbutsu, 1 suji, 2 other.
#[must_use]
pub fn baseline_class(reasons: &[Reason]) -> usize {
    if reasons.iter().any(|r| r.is_genbutsu()) {
        0
    } else if reasons.contains(&Reason::Suji) {
        1
    } else {
        2
    }
}

/// Which of [`Fitted::last_honour`] a tile's rate is, if any.
#[must_use]
pub fn last_honour(reasons: &[Reason]) -> Option<usize> {
    if !reasons.contains(&Reason::Class(TileClass::Honour)) {
        return None;
    }
    reasons.iter().find_map(|r| match r {
        Reason::Seen(3) => Some(0),
        Reason::Seen(4..) => Some(1),
        _ => None,
    })
}

/// The model's chance, as a fraction.
#[must_use]
pub fn predict(kind: ThreatKind, reasons: &[Reason]) -> f64 {
    let genbutsu = reasons.iter().any(|r| r.is_genbutsu());
    predict_with(
        fitted(kind),
        genbutsu,
        last_honour(reasons),
        features(reasons),
    )
}

/// The chance a fitted table gives a tile: genbutsu, an honour cell, or
/// the recalibrated logistic of its features.
#[must_use]
pub fn predict_with(f: &Fitted, genbutsu: bool, last_honour: Option<usize>, bits: u64) -> f64 {
    if genbutsu {
        f.genbutsu
    } else if let Some(i) = last_honour {
        f.last_honour.get(i).copied().unwrap_or(0.0)
    } else {
        recalibrate(&f.curve, logistic(&f.weights, bits))
    }
}

/// The recalibration curve applied to a chance (see [`Fitted::curve`]).
#[must_use]
pub fn recalibrate(curve: &[(f64, f64)], p: f64) -> f64 {
    let i = curve.partition_point(|k| k.0 < p);
    let below = i.checked_sub(1).and_then(|j| curve.get(j));
    // Below the first knot the chance is scaled by that knot's ratio
    // (small chances stay ordered); above the last it stays at the last
    // knot's rate: the fit saw too few chances that high to trust a slope.
    let q = match (below, curve.get(i)) {
        (Some(&(x0, y0)), Some(&(x1, y1))) if x1 > x0 => y0 + (y1 - y0) * (p - x0) / (x1 - x0),
        (_, Some(&(x, y))) if x > 0.0 => p * y / x,
        (Some(&(_, y)), None) => y,
        _ => p,
    };
    q.clamp(0.0, 1.0)
}

/// The model's chance in units of one in ten thousand: never 0 for a
/// tile the opponent may win on.
pub fn predict_bp(kind: ThreatKind, reasons: &[Reason]) -> u16 {
    let genbutsu = reasons.iter().any(|r| r.is_genbutsu());
    to_bp(predict(kind, reasons), genbutsu)
}

/// A chance in units of one in ten thousand, at least 1 for a tile that
/// is not genbutsu.
#[must_use]
pub fn to_bp(p: f64, genbutsu: bool) -> u16 {
    let bp = (p.clamp(0.0, 1.0) * 10_000.0).round();
    // Within 0..=10_000 by the clamp.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let bp = bp as u16;
    if genbutsu { bp } else { bp.max(1) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_interpolates_scales_below_and_holds_above() {
        let curve = [(0.01, 0.02), (0.10, 0.08)];
        assert!((recalibrate(&curve, 0.055) - 0.05).abs() < 1e-12);
        // Below the first knot: its ratio, 2.
        assert!((recalibrate(&curve, 0.005) - 0.01).abs() < 1e-12);
        // Above the last: its rate.
        assert!((recalibrate(&curve, 0.5) - 0.08).abs() < 1e-12);
        // No curve: the chance as it is.
        assert!((recalibrate(&[], 0.3) - 0.3).abs() < 1e-12);
    }

    #[test]
    fn combination_bins_and_pairs_only() {
        let of = |n, of, class| {
            features(&[Reason::Class(class), Reason::Combos(n, of), Reason::Seen(1)])
        };
        assert_ne!(of(8, 32, TileClass::Middle) & 1 << 43, 0);
        assert_ne!(of(12, 32, TileClass::Middle) & 1 << 44, 0);
        assert_eq!(
            of(18, 32, TileClass::Middle) & (1 << 43 | 1 << 44 | 1 << 45),
            0
        );
        assert_ne!(of(27, 32, TileClass::Middle) & 1 << 45, 0);
        let pons = |class| features(&[Reason::Class(class), Reason::PonsOnly, Reason::Seen(1)]);
        assert_ne!(pons(TileClass::Honour) & 1 << 42, 0);
        assert_ne!(pons(TileClass::Terminal) & 1 << 41, 0);
        assert_eq!(FEATURE_NAMES.len(), FEATURES);
    }
}
