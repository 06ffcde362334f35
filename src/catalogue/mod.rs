//! The catalogue of what paifu can report, declared once: every rule id of
//! the audit ([`RuleId`]) and every kind of review item ([`ItemKind`]),
//! each with its stable code, its default severity or weight, its title
//! and the paragraph of each rule [`Book`] it rests on; and the notes on
//! each field of a profile ([`FIELD_NOTES`]).
//!
//! Both enums come out of one macro, `catalogue!`, whose rows name a
//! citation per [`Book`] variant. A new rule book is one new variant of
//! [`Book`] and one new column in the tables of `rules.rs` and
//! `review.rs`: the lookups are exhaustive matches, so the compiler points
//! at every row that lacks it. `formats/rules.md` and `formats/review.md`
//! describe every entry; the tests here hold them to the tables.

mod fields;
mod review;
mod rules;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use fields::{FIELD_NOTES, FieldNote};
pub use review::ItemKind;
pub use rules::RuleId;

/// The rule book a profile's findings cite.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Book {
    /// tenhou.net's rules (four and three players).
    Tenhou,
    /// Mahjong Soul's ranked rules.
    MahjongSoul,
    /// Riichi City's published rules.
    RiichiCity,
    /// EMA Riichi Competition Rules 2016.
    Ema2016,
    /// World Riichi Championship Rules 2015.
    Wrc2015,
    /// EMA Riichi Competition Rules 2012.
    Ema2012,
}

impl Book {
    /// Every book, in the order of the catalogue's columns.
    pub const ALL: &'static [Self] = &[
        Self::Tenhou,
        Self::MahjongSoul,
        Self::RiichiCity,
        Self::Ema2016,
        Self::Wrc2015,
        Self::Ema2012,
    ];

    /// The book's full title, as reports name a profile's book.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::Tenhou => "Tenhou rules",
            Self::MahjongSoul => "Mahjong Soul rules",
            Self::RiichiCity => "Riichi City rules",
            Self::Ema2016 => "EMA Riichi Competition Rules 2016",
            Self::Wrc2015 => "World Riichi Championship Rules 2015",
            Self::Ema2012 => "EMA Riichi Competition Rules 2012",
        }
    }

    /// The book's short name, as the column of the catalogue's tables in
    /// `formats/rules.md` heads it.
    #[must_use]
    pub const fn column(self) -> &'static str {
        match self {
            Self::Tenhou => "Tenhou",
            Self::MahjongSoul => "Mahjong Soul",
            Self::RiichiCity => "Riichi City",
            Self::Ema2016 => "EMA 2016",
            Self::Wrc2015 => "WRC 2015",
            Self::Ema2012 => "EMA 2012",
        }
    }
}

/// How serious an audit finding is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Could not be checked (hidden tiles, a rule the log cannot show).
    Info,
    /// The log contradicts itself or the recomputation.
    Warning,
    /// An action the profile forbids.
    Error,
}

impl Severity {
    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How much a review item weighs, for a teacher. Not a [`Severity`]: an
/// item judges a choice, a finding an action's legality. Reports call it
/// the item's `severity`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Weight {
    /// Worth knowing: a choice that can be right, or a fact about the hand.
    Note,
    /// A choice that gave something up, by a clear margin.
    Inaccuracy,
    /// A choice that lost something for nothing the engine can see.
    Mistake,
}

impl Weight {
    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Note => "note",
            Self::Inaccuracy => "inaccuracy",
            Self::Mistake => "mistake",
        }
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Declares one catalogue: the enum, `ALL`, the stable `code`, the default
/// level (a [`Severity`] or a [`Weight`], under the name given), the
/// `title` (also the variant's documentation) and the `citation` per
/// [`Book`]. Each row names its citations by [`Book`] variant, so the
/// match that looks them up is checked for exhaustiveness.
macro_rules! catalogue {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            default: $level_fn:ident -> $level:ident;
            $(
                $variant:ident = $code:literal, $default:ident,
                $title:literal,
                $($book:ident: $cite:literal),+ $(,)?;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[non_exhaustive]
        pub enum $name {
            $(
                #[doc = $title]
                $variant,
            )*
        }

        impl $name {
            /// Every entry, in catalogue order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The stable code.
            #[must_use]
            pub const fn code(self) -> &'static str {
                match self {
                    $(Self::$variant => $code,)*
                }
            }

            /// The entry whose stable code is `code`.
            #[must_use]
            pub fn from_code(code: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|e| e.code() == code)
            }

            #[doc = concat!("The default ", stringify!($level_fn), ".")]
            #[must_use]
            pub const fn $level_fn(self) -> $crate::catalogue::$level {
                match self {
                    $(Self::$variant => $crate::catalogue::$level::$default,)*
                }
            }

            /// What the entry means, in one sentence (the line under its
            /// heading in `formats/`).
            #[must_use]
            pub const fn title(self) -> &'static str {
                match self {
                    $(Self::$variant => $title,)*
                }
            }

            /// The paragraph of `book` the entry rests on (empty when the
            /// book has no such paragraph, or no rule is involved).
            #[must_use]
            pub const fn citation(self, book: $crate::catalogue::Book) -> &'static str {
                match (self, book) {
                    $($(
                        (Self::$variant, $crate::catalogue::Book::$book) => $cite,
                    )+)*
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.code())
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.code())
            }
        }
    };
}

use catalogue;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_kebab() {
        let rules = RuleId::ALL.iter().map(|r| r.code());
        let kinds = ItemKind::ALL.iter().map(|k| k.code());
        for codes in [rules.collect::<Vec<_>>(), kinds.collect()] {
            let mut codes = codes;
            for c in &codes {
                assert!(
                    c.chars()
                        .all(|ch| ch.is_ascii_uppercase() || ch == '-' || ch.is_ascii_digit()),
                    "{c}"
                );
            }
            codes.sort_unstable();
            let n = codes.len();
            codes.dedup();
            assert_eq!(codes.len(), n);
        }
    }

    #[test]
    fn codes_read_back() {
        for r in RuleId::ALL {
            assert_eq!(RuleId::from_code(r.code()), Some(*r));
        }
        for k in ItemKind::ALL {
            assert_eq!(ItemKind::from_code(k.code()), Some(*k));
        }
        assert_eq!(RuleId::from_code("NO-SUCH-RULE"), None);
    }

    #[test]
    fn levels_order_for_thresholds() {
        assert!(Severity::Error > Severity::Warning && Severity::Warning > Severity::Info);
        assert!(Weight::Mistake > Weight::Inaccuracy && Weight::Inaccuracy > Weight::Note);
    }
}
