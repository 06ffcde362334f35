//! Findings: what the audit reports.
//!
//! Every finding names a stable rule id (`FURITEN-RON`), its severity, the
//! event and seat it concerns, a one-line message, the expected and recorded
//! values where they differ, and the paragraph of the active rule book it
//! comes from. The rule ids, their severities and citations are the
//! catalogue's ([`crate::catalogue`]).

use std::fmt;

use serde::Serialize;

pub use crate::catalogue::{RuleId, Severity};
use crate::event::{Seat, Source};
use crate::yaku::{NameStyle, listing_for_people};

/// What a finding's message ends with when the profile's values are not
/// known to be the game's ([`crate::rules::Rules::values_known`]).
pub const NOT_JUDGED: &str = " (not judged: the game's rules are not known, see the notes)";

/// One thing the audit reports.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Finding {
    /// The rule.
    pub rule: RuleId,
    /// How serious.
    pub severity: Severity,
    /// Index of the event in the normalised stream.
    pub event: usize,
    /// The kyoku label (`E2-1`), when inside a kyoku.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kyoku: Option<String>,
    /// The seat concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// One sentence.
    pub message: String,
    /// The value the rules give, where a value is compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// The value the log records.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<String>,
    /// The paragraph of the profile's rule book.
    pub citation: &'static str,
    /// Where in the source file.
    #[serde(skip_serializing_if = "Source::is_unknown")]
    pub src: Source,
}

impl Finding {
    /// The expected and recorded values as people read them: the yaku of a
    /// `SCORE-YAKU` finding by their names in `style` rather than by the
    /// ids the JSON report keeps.
    #[must_use]
    pub fn values_for_people(&self, style: NameStyle) -> Option<(String, String)> {
        let (e, r) = (self.expected.as_deref()?, self.recorded.as_deref()?);
        Some(if self.rule == RuleId::ScoreYaku {
            (listing_for_people(e, style), listing_for_people(r, style))
        } else {
            (e.to_owned(), r.to_owned())
        })
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ev#{}", self.event)?;
        if let Some(k) = &self.kyoku {
            write!(f, " {k}")?;
        }
        if let Some(s) = self.seat {
            write!(f, " seat {s}")?;
        }
        write!(
            f,
            " {} {} {}",
            self.severity.name().to_uppercase(),
            self.rule,
            self.message
        )?;
        if let Some((e, r)) = self.values_for_people(NameStyle::default()) {
            write!(f, " (expected {e}, recorded {r})")?;
        }
        if !self.citation.is_empty() {
            write!(f, " [{}]", self.citation)?;
        }
        Ok(())
    }
}
