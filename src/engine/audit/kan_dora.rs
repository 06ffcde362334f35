//! When the kan dora indicators are turned. A concealed kong's indicator
//! is turned at once, before the replacement draw, under every profile; an
//! open or added kong's as [`KanDoraTiming`] says: at once (EMA), or after
//! the replacement draw and before the kong player's discard (Tenhou and
//! Mahjong Soul, whose logs show it there; a further kong or north declared
//! by that player turns it at its declaration). A win or draw that ends the
//! hand first leaves it unturned, as it should. A win robbing an added kong
//! counts the indicator turned for it only where the rules turn it before
//! the tile may be robbed (EMA 2016); elsewhere the robbed kong has none.

use crate::event::Seat;
use crate::rules::KanDoraTiming;

use super::phase::KongKind;
use super::{Auditor, RuleId};

/// A kan dora indicator the rules say is still to be turned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct DueReveal {
    /// The kong's event.
    kong_at: usize,
    /// Who declared it.
    seat: Seat,
    /// Turned before the replacement draw (else after it, before the
    /// discard).
    at_once: bool,
    /// The replacement draw has been taken.
    drawn: bool,
    /// Already reported as late.
    late: bool,
}

impl Auditor<'_> {
    /// A kong was declared: its indicator falls due.
    pub(super) fn kan_dora_due(&mut self, at: usize, seat: Seat, kind: KongKind) {
        let at_once = kind == KongKind::Ankan
            || matches!(
                self.rules.kan_dora_timing,
                KanDoraTiming::Immediate | KanDoraTiming::ImmediateUnlessRobbed
            );
        // A fifth kong is illegal (KONG-LIMIT) and has no indicator to turn.
        if let Some(k) = self.kyoku.as_mut().filter(|k| k.state.kongs <= 4) {
            k.reveals.push(DueReveal {
                kong_at: at,
                seat,
                at_once,
                drawn: false,
                late: false,
            });
        }
    }

    /// A dora indicator was turned: it settles the oldest reveal that may
    /// be made now, or is one the rules do not call for.
    pub(super) fn kan_dora_turned(&mut self, at: usize) {
        let Some(k) = self.kyoku.as_mut() else { return };
        let ready = |r: &DueReveal| r.at_once || r.drawn || r.late;
        let pick = k
            .reveals
            .iter()
            .position(|r| r.at_once && ready(r))
            .or_else(|| k.reveals.iter().position(ready));
        if let Some(i) = pick {
            k.reveals.remove(i);
            return;
        }
        // Turned too early: it is still that kong's indicator, so the kong
        // is settled and reported once, here.
        let why = if k.reveals.is_empty() {
            "a dora indicator turned with no kong to turn it for".to_owned()
        } else {
            let r = k.reveals.remove(0);
            format!(
                "a kan dora indicator turned before the replacement draw of the kong at event {}, where the {} rules turn it after that draw",
                r.kong_at, self.rules.name
            )
        };
        self.report(at, RuleId::KanDora, None, why);
    }

    /// A draw: a replacement draw is the last moment for the reveals due at
    /// once, and opens the ones due after it.
    pub(super) fn kan_dora_at_draw(&mut self, at: usize, seat: Seat, rinshan: bool) {
        if !rinshan {
            return;
        }
        let name = self.rules.name.clone();
        let Some(k) = self.kyoku.as_mut() else { return };
        let mut late = Vec::new();
        for r in &mut k.reveals {
            if r.at_once && !r.late {
                r.late = true;
                late.push(r.kong_at);
            }
            if r.seat == seat {
                r.drawn = true;
            }
        }
        for kong_at in late {
            self.report(
                at,
                RuleId::KanDora,
                Some(seat),
                format!(
                    "the kan dora indicator of the kong at event {kong_at} is not turned before the replacement draw, as the {name} rules turn it"
                ),
            );
        }
    }

    /// The kong player's discard: every indicator due by now must have been
    /// turned.
    pub(super) fn kan_dora_at_discard(&mut self, at: usize, seat: Seat) {
        let Some(k) = self.kyoku.as_mut().filter(|k| !k.reveals.is_empty()) else {
            return;
        };
        let missing: Vec<usize> = k
            .reveals
            .iter()
            // One finding a kong: a reveal already reported late is not
            // reported again as missing.
            .filter(|r| r.seat == seat && (r.drawn || r.at_once) && !r.late)
            .map(|r| r.kong_at)
            .collect();
        k.reveals
            .retain(|r| !(r.seat == seat && (r.drawn || r.at_once)));
        for kong_at in missing {
            self.report(
                at,
                RuleId::KanDora,
                Some(seat),
                format!("the kan dora indicator of the kong at event {kong_at} was never turned"),
            );
        }
    }

    /// A win robs the added kong at `kong_at`: an indicator turned for it
    /// since its declaration is taken off the table, so that the win does
    /// not count it, unless the rules turn it before the tile may be robbed
    /// ([`KanDoraTiming::Immediate`]). Under the timing that turns it once
    /// nobody robs the kong, turning it was wrong, and is reported; under
    /// Tenhou's it was reported already as turned before the replacement
    /// draw.
    pub(super) fn kan_dora_robbed(&mut self, at: usize, kong_at: Option<usize>) {
        let timing = self.rules.kan_dora_timing;
        if timing == KanDoraTiming::Immediate {
            return;
        }
        let name = self.rules.name.clone();
        let Some(k) = self.kyoku.as_mut() else { return };
        let before = k.kakan_indicators;
        if k.state.dora_indicators.len() <= before {
            return;
        }
        let turned = k.state.dora_indicators.split_off(before);
        if timing == KanDoraTiming::ImmediateUnlessRobbed {
            let kong = kong_at.map_or_else(
                || "the added kong".to_owned(),
                |e| format!("the added kong at event {e}"),
            );
            let shown: Vec<String> = turned.iter().map(ToString::to_string).collect();
            self.report_values(
                at,
                RuleId::KanDora,
                None,
                format!(
                    "a kan dora indicator was turned for {kong}, which this win robs: the {name} rules turn it only once the time to rob the kong has passed, so the win counts no new kan dora"
                ),
                Some("no indicator".into()),
                Some(shown.join(" ")),
            );
        }
    }

    /// Whether a kan dora indicator may be turned now: a kong's reveal due
    /// at once, or one due after its replacement draw once that is taken.
    pub(super) fn kan_dora_ready(&self) -> bool {
        self.kyoku
            .as_ref()
            .is_some_and(|k| k.reveals.iter().any(|r| !r.late && (r.at_once || r.drawn)))
    }

    /// The hand ended: what was not turned yet never will be, as it should.
    pub(super) fn kan_dora_at_end(&mut self) {
        if let Some(k) = self.kyoku.as_mut() {
            k.reveals.clear();
        }
    }
}
