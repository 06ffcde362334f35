//! paifu's HTML kit: what every page paifu writes shares — the escaping
//! of text from logs and paths ([`Esc`]), the base style sheet
//! ([`BASE_STYLE`], one look for the audit's dashboard and the review),
//! the tile faces as CSS sprites ([`tiles`]), player names drawn from the
//! bundled CJK font ([`glyphs`]) and the small script that sorts and
//! filters tables ([`SORT_SCRIPT`]). Each page adds only its
//! own rules and sections.

mod escape;
pub(crate) mod glyphs;
pub(crate) mod tiles;

pub(crate) use escape::Esc;

use std::fmt;

/// A count with thousands separated: `12,345`.
pub(crate) struct Num(pub usize);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.to_string();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// The style sheet every page starts from: type, colours, tables,
/// sections, tiles and their marks.
pub(crate) const BASE_STYLE: &str = include_str!("style.css");

/// Sorting by a click on a column's head (`table.sortable`) and the filter
/// above a `table.filterable`; and, for automated checks of a render, the
/// box of the first bar of an `svg.chart`. A page needs no script to read.
pub(crate) const SORT_SCRIPT: &str = include_str!("sort.js");
