//! Attributes of one element and the value grammars Tenhou uses in them:
//! integers, comma-separated lists of integers or decimals, tile ids.
//!
//! Every reader returns a located [`ImportError`] naming the attribute, so
//! the element handlers stay free of error plumbing.

use std::borrow::Cow;
use std::str::FromStr;

use quick_xml::events::attributes::Attributes;

use crate::event::{Format, Seat, Source};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::Tile;

/// More attributes than this on one element is refused: no Tenhou element
/// has half as many, and the bound keeps lookups linear and cheap.
const MAX_ATTRIBUTES: usize = 64;

/// The attributes of the current element. The buffer is reused from one
/// element to the next, so reading a log allocates it once.
#[derive(Default)]
pub(super) struct Attrs<'a> {
    items: Vec<(&'a str, Cow<'a, str>)>,
}

impl<'a> Attrs<'a> {
    /// Reads the attributes of an element whose text between `<` and `>`
    /// (or `/>`) is `content` and whose name is `name_len` bytes long.
    pub(super) fn load(
        &mut self,
        content: &'a str,
        name_len: usize,
        src: &Source,
    ) -> Result<(), ImportError> {
        self.items.clear();
        let mut iter = Attributes::new(content, name_len);
        // Duplicate checking allocates per element; a repeated attribute is
        // harmless here (the first one wins).
        iter.with_checks(false);
        for attr in iter {
            let attr = attr.map_err(|e| {
                ImportError::new(
                    Format::TenhouXml,
                    src.clone(),
                    ImportErrorKind::Syntax {
                        message: format!("bad attribute: {e}"),
                    },
                )
            })?;
            if self.items.len() == MAX_ATTRIBUTES {
                return Err(ImportError::expected(
                    Format::TenhouXml,
                    src.clone(),
                    format!("at most {MAX_ATTRIBUTES} attributes"),
                    "more",
                ));
            }
            self.items.push((attr.key.into_inner(), attr.value));
        }
        Ok(())
    }

    /// The raw value of attribute `name`, if present.
    pub(super) fn get(&self, name: &str) -> Option<&str> {
        self.items
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_ref())
    }

    /// The text of attribute `name` with XML character references
    /// resolved (numbers never hold any; names and ids might).
    pub(super) fn text(&self, name: &str, src: &Source) -> Result<Option<String>, ImportError> {
        let Some(raw) = self.get(name) else {
            return Ok(None);
        };
        match quick_xml::escape::unescape(raw) {
            Ok(text) => Ok(Some(text.into_owned())),
            Err(e) => Err(ImportError::new(
                Format::TenhouXml,
                src.clone(),
                ImportErrorKind::Syntax {
                    message: format!("bad reference in `{name}`: {e}"),
                },
            )),
        }
    }

    /// Whether attribute `name` is present.
    pub(super) fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The value of a required attribute.
    pub(super) fn required(&self, name: &str, src: &Source) -> Result<&str, ImportError> {
        self.get(name).ok_or_else(|| {
            ImportError::new(
                Format::TenhouXml,
                src.clone(),
                ImportErrorKind::Missing {
                    name: format!("attribute `{name}`"),
                },
            )
        })
    }

    /// A required integer attribute.
    pub(super) fn int<T: FromStr>(&self, name: &str, src: &Source) -> Result<T, ImportError> {
        let value = self.required(name, src)?;
        number(value, name, src)
    }

    /// A required seat attribute (`who`, `fromWho`...): 0 to `seats - 1`.
    pub(super) fn seat(&self, name: &str, seats: u8, src: &Source) -> Result<Seat, ImportError> {
        let value = self.required(name, src)?;
        seat(value, name, seats, src)
    }

    /// A comma-separated list of tile ids, or `None` when absent.
    pub(super) fn tiles(
        &self,
        name: &str,
        red: bool,
        src: &Source,
    ) -> Result<Option<Vec<Tile>>, ImportError> {
        self.get(name)
            .map(|value| {
                let mut tiles = Vec::with_capacity(14);
                for id in list::<u32>(value, name, src) {
                    tiles.push(tile(id?, name, red, src)?);
                }
                Ok(tiles)
            })
            .transpose()
    }

    /// A comma-separated list of numbers, or `None` when absent.
    pub(super) fn numbers<T: FromStr>(
        &self,
        name: &str,
        src: &Source,
    ) -> Result<Option<Vec<T>>, ImportError> {
        self.get(name)
            .map(|value| list(value, name, src).collect())
            .transpose()
    }
}

/// Reads one number (a leading `+` is allowed: Tenhou writes `+26` in
/// some score lists).
pub(super) fn number<T: FromStr>(value: &str, name: &str, src: &Source) -> Result<T, ImportError> {
    // Values are almost never padded; trim only when the plain read fails.
    value
        .parse()
        .or_else(|_| value.trim().parse())
        .map_err(|_| {
            ImportError::expected(
                Format::TenhouXml,
                src.clone(),
                format!("a number in `{name}`"),
                quote(value),
            )
        })
}

/// Reads a seat number below `seats`.
pub(super) fn seat(value: &str, name: &str, seats: u8, src: &Source) -> Result<Seat, ImportError> {
    let n: u8 = number(value, name, src)?;
    match Seat::new(n) {
        Some(s) if n < seats => Ok(s),
        _ => Err(ImportError::expected(
            Format::TenhouXml,
            src.clone(),
            format!("a seat 0-{} in `{name}`", seats.saturating_sub(1)),
            quote(value),
        )),
    }
}

/// Converts a Tenhou tile id.
pub(super) fn tile(id: u32, name: &str, red: bool, src: &Source) -> Result<Tile, ImportError> {
    Tile::from_tenhou_id(id, red).map_err(|_| {
        ImportError::expected(
            Format::TenhouXml,
            src.clone(),
            format!("a tile id 0-135 in `{name}`"),
            id.to_string(),
        )
    })
}

/// The items of a comma-separated list; an empty value is an empty list.
pub(super) fn list<'v, T: FromStr>(
    value: &'v str,
    name: &'v str,
    src: &'v Source,
) -> impl Iterator<Item = Result<T, ImportError>> + 'v {
    let value = value.trim();
    value
        .split(',')
        .filter(move |_| !value.is_empty())
        .map(move |item| number(item, name, src))
}

/// A short quote of a value for error messages.
pub(super) fn quote(value: &str) -> String {
    const MAX: usize = 40;
    match value.char_indices().nth(MAX) {
        Some((cut, _)) => format!("`{}…`", value.get(..cut).unwrap_or(value)),
        None => format!("`{value}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(content: &str) -> Attrs<'_> {
        let mut attrs = Attrs::default();
        let name_len = content.find(' ').unwrap_or(content.len());
        attrs.load(content, name_len, &Source::default()).unwrap();
        attrs
    }

    #[test]
    fn reads_values_and_lists() {
        let a = load(r#"AGARI who="2" sc="250,+26,250,-26" hai3="" x='1'"#);
        let src = Source::default();
        assert_eq!(a.int::<u8>("who", &src).unwrap(), 2);
        assert_eq!(
            a.numbers::<i32>("sc", &src).unwrap(),
            Some(vec![250, 26, 250, -26])
        );
        assert_eq!(a.numbers::<i32>("hai3", &src).unwrap(), Some(vec![]));
        assert_eq!(a.numbers::<i32>("nope", &src).unwrap(), None);
        assert_eq!(a.get("x"), Some("1"));
        let a = load(r#"TAIKYOKU log="a&amp;b" bad="&nope;""#);
        assert_eq!(a.text("log", &src).unwrap().as_deref(), Some("a&b"));
        assert!(a.text("bad", &src).is_err());
        assert_eq!(a.text("none", &src).unwrap(), None);
        assert!(a.int::<u8>("nope", &src).is_err());
    }

    #[test]
    fn bad_values_are_named() {
        let a = load(r#"N who="7" m="x""#);
        let src = Source::default();
        let e = a.seat("who", 4, &src).unwrap_err();
        assert_eq!(
            e.to_string(),
            "tenhou-xml: expected a seat 0-3 in `who`, found `7`"
        );
        let e = a.int::<u16>("m", &src).unwrap_err();
        assert_eq!(
            e.to_string(),
            "tenhou-xml: expected a number in `m`, found `x`"
        );
        let e = tile(136, "hai", true, &src).unwrap_err();
        assert!(e.to_string().contains("tile id 0-135"), "{e}");
    }

    #[test]
    fn broken_attribute_syntax_is_an_error() {
        let mut attrs = Attrs::default();
        let e = attrs.load("N who=3", 1, &Source::default()).unwrap_err();
        assert!(matches!(e.kind, ImportErrorKind::Syntax { .. }), "{e}");
    }
}
