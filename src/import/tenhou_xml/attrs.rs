//! Attributes of one element and the value grammars Tenhou uses in them:
//! integers, comma-separated lists of integers or decimals, tile ids.
//!
//! Every reader returns a located [`ImportError`] naming the attribute, so
//! the element handlers stay free of error plumbing.

use std::borrow::Cow;
use std::str::FromStr;

use arrayvec::ArrayVec;
use quick_xml::events::attributes::Attributes;

use crate::event::{Format, Seat, Source};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::{Tile, sort_seen_tiles};

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

    /// Reads the attributes as [`Attrs::load`] does when they keep to the
    /// plain form Tenhou writes: each one a blank, a name of letters,
    /// digits or `_`, `=` and a double-quoted value. Anything else gives
    /// `false`, leaving the element to quick-xml (and its error, if any).
    pub(super) fn load_plain(&mut self, content: &'a str, name_len: usize) -> bool {
        self.items.clear();
        let bytes = content.as_bytes();
        let mut i = name_len;
        loop {
            let start = i;
            while bytes.get(i).is_some_and(|b| is_blank(*b)) {
                i += 1;
            }
            if i == bytes.len() {
                return true;
            }
            if i == start || self.items.len() == MAX_ATTRIBUTES {
                return false;
            }
            let key_start = i;
            while bytes
                .get(i)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
            {
                i += 1;
            }
            let key_end = i;
            if key_end == key_start || bytes.get(i..i + 2) != Some(b"=\"") {
                return false;
            }
            let value_start = i + 2;
            let Some(len) = bytes
                .get(value_start..)
                .and_then(|rest| memchr::memchr(b'"', rest))
            else {
                return false;
            };
            let value_end = value_start + len;
            // Splitting at ASCII bytes keeps both slices on char boundaries.
            let (Some(key), Some(value)) = (
                content.get(key_start..key_end),
                content.get(value_start..value_end),
            ) else {
                return false;
            };
            self.items.push((key, Cow::Borrowed(value)));
            i = value_end + 1;
        }
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
                each_tile(value, name, red, src, |t| tiles.push(t))?;
                Ok(tiles)
            })
            .transpose()
    }

    /// A comma-separated list of integers, or `None` when absent. Plain
    /// lists are read without the general number reader, and a short one
    /// (every list Tenhou writes) without an allocation.
    pub(super) fn ints<T: FromStr + TryFrom<i64>>(
        &self,
        name: &str,
        src: &Source,
    ) -> Result<Option<IntList<T>>, ImportError> {
        let Some(value) = self.get(name) else {
            return Ok(None);
        };
        let mut short = ArrayVec::new();
        let plain = plain_ints(value, |v| {
            T::try_from(v).is_ok_and(|t| short.try_push(t).is_ok())
        });
        if plain {
            return Ok(Some(IntList::Short(short)));
        }
        list(value, name, src)
            .collect::<Result<_, _>>()
            .map(|v| Some(IntList::Long(v)))
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

/// The longest list [`IntList`] keeps on the stack.
const SHORT_LIST: usize = 32;

/// A list of integers read from an attribute: on the stack when it is
/// short, as Tenhou's are, else on the heap. It reads as a slice.
pub(super) enum IntList<T> {
    /// At most [`SHORT_LIST`] items.
    Short(ArrayVec<T, SHORT_LIST>),
    /// A longer list.
    Long(Vec<T>),
}

impl<T> Default for IntList<T> {
    fn default() -> Self {
        Self::Short(ArrayVec::new())
    }
}

impl<T> std::ops::Deref for IntList<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Self::Short(items) => items,
            Self::Long(items) => items,
        }
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for IntList<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// XML's blanks, as quick-xml reads them between attributes.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
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

/// Calls `f` with each tile of a comma-separated list of tile ids, in
/// order, failing at the first item that is not a tile id.
pub(super) fn each_tile(
    value: &str,
    name: &str,
    red: bool,
    src: &Source,
    mut f: impl FnMut(Tile),
) -> Result<(), ImportError> {
    if let Some(tiles) = plain_tile_ids(value, red) {
        tiles.into_iter().for_each(f);
        return Ok(());
    }
    for id in list::<u32>(value, name, src) {
        f(tile(id?, name, red, src)?);
    }
    Ok(())
}

/// The tiles of a list of ids as Tenhou writes them (`12,34,56`: each one
/// to three digits naming a tile), in one pass; `None` for anything else
/// (a sign, a blank, an empty item, an id above 135, a list longer than
/// any Tenhou writes), which the general reader then reads, errors
/// included.
fn plain_tile_ids(value: &str, red: bool) -> Option<ArrayVec<Tile, MAX_TILE_LIST>> {
    let mut tiles = ArrayVec::new();
    if value.is_empty() {
        return Some(tiles);
    }
    let (mut id, mut digits) = (0u32, 0u32);
    // A comma after the last item ends it like the others.
    for &b in value.as_bytes().iter().chain(std::iter::once(&b',')) {
        if b == b',' {
            if digits == 0 || id > 135 {
                return None;
            }
            tiles.try_push(Tile::from_tenhou_id(id, red).ok()?).ok()?;
            (id, digits) = (0, 0);
        } else if b.is_ascii_digit() && digits < 3 {
            id = id * 10 + u32::from(b - b'0');
            digits += 1;
        } else {
            return None;
        }
    }
    Some(tiles)
}

/// A hand's tiles from a list of tile ids, in hand order (by kind, a red
/// five after the plain fives), as `each_tile` and `sort_seen_tiles` give
/// them. Tile ids name single tiles, so a hand's ids are distinct: they
/// are sorted as bits of a set of the 136, with each red five's id taken
/// as the last of its kind. A list that repeats an id or is not plain
/// takes the general way.
pub(super) fn sorted_hand(
    value: &str,
    name: &str,
    red: bool,
    src: &Source,
) -> Result<Vec<Option<Tile>>, ImportError> {
    let mut set = [0u64; 3];
    let mut count = 0;
    let plain = !value.is_empty() && id_set(value.as_bytes(), red, &mut set, &mut count);
    if !plain {
        let mut hand = Vec::with_capacity(14);
        each_tile(value, name, red, src, |t| hand.push(Some(t)))?;
        sort_seen_tiles(&mut hand);
        return Ok(hand);
    }
    let mut hand = Vec::with_capacity(count.max(14));
    for (word, bits) in (0u32..).zip(set) {
        let mut bits = bits;
        while bits != 0 {
            let key = word * 64 + bits.trailing_zeros();
            bits &= bits - 1;
            let id = if red { red_first(key) } else { key };
            hand.push(Tile::from_tenhou_id(id, red).ok());
        }
    }
    Ok(hand)
}

/// Marks each id of a plain list (`12,34,56`: one to three digits an
/// item, each naming a tile, none twice) in `set`, keyed by [`red_last`]
/// when fives are red, counting them; `false` for any other list.
fn id_set(bytes: &[u8], red: bool, set: &mut [u64; 3], count: &mut usize) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let mut id = 0u32;
        while let Some(d) = bytes.get(i).filter(|b| b.is_ascii_digit()) {
            if i - start == 3 {
                return false;
            }
            id = id * 10 + u32::from(d - b'0');
            i += 1;
        }
        if i == start || id > 135 {
            return false;
        }
        // A comma must lead to another item.
        if i < bytes.len() {
            if bytes.get(i) != Some(&b',') || i + 1 == bytes.len() {
                return false;
            }
            i += 1;
        }
        let key = if red { red_last(id) } else { id };
        let bit = 1u64 << (key % 64);
        let Some(word) = set.get_mut((key / 64) as usize).filter(|w| **w & bit == 0) else {
            return false;
        };
        *word |= bit;
        *count += 1;
    }
    true
}

/// Tenhou's red fives are the first copies of the fives (ids 16, 52, 88);
/// hand order puts them last of their kind. The sort key of an id: the
/// four copies of a five turn by one place, the red one to the last.
const fn red_last(id: u32) -> u32 {
    turn_fives(id, 3)
}

/// The id of a sort key: [`red_last`] undone.
const fn red_first(key: u32) -> u32 {
    turn_fives(key, 1)
}

/// Turns the copies of each five by `by` places (arithmetic, not a table
/// of cases: this runs for every tile of every hand dealt).
const fn turn_fives(id: u32, by: u32) -> u32 {
    const FIVES: u64 = 1 << 4 | 1 << 13 | 1 << 22;
    let (kind, copy) = (id / 4, id % 4);
    if kind < 64 && FIVES >> kind & 1 == 1 {
        kind * 4 + (copy + by) % 4
    } else {
        id
    }
}

/// The longest list of tile ids [`plain_tile_ids`] reads: a hand with
/// four kongs is 18 tiles.
const MAX_TILE_LIST: usize = 32;

/// The items of a list of plain integers (each an optional sign and one
/// to nine digits, no blanks), each handed to `item` in one pass, as the
/// general reader would read them; `false` for anything else (or when
/// `item` refuses a value), left to the general reader. A signed zero is
/// left to it too: `-0` is not a valid unsigned number.
fn plain_ints(value: &str, mut item: impl FnMut(i64) -> bool) -> bool {
    if value.is_empty() {
        return true;
    }
    let bytes = value.as_bytes();
    let mut i = 0;
    loop {
        let minus = bytes.get(i) == Some(&b'-');
        if minus || bytes.get(i) == Some(&b'+') {
            i += 1;
        }
        let (start, mut n) = (i, 0i64);
        while let Some(d) = bytes.get(i).filter(|b| b.is_ascii_digit()) {
            if i - start == 9 {
                return false;
            }
            n = n * 10 + i64::from(d - b'0');
            i += 1;
        }
        if i == start || (minus && n == 0) || !item(if minus { -n } else { n }) {
            return false;
        }
        match bytes.get(i) {
            None => return true,
            Some(b',') => i += 1,
            Some(_) => return false,
        }
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
    fn plain_lists_read_as_the_general_reader_reads_them() {
        let src = Source::default();
        let values = [
            "",
            "0",
            "1,2,3",
            "+26,-26,007",
            "-0",
            "1,,2",
            ",1",
            "1,",
            " 1",
            "1 ",
            "x",
            "999999999",
            "1234567890",
            "-5",
            "300",
            "4294967296",
        ];
        for value in values {
            let a = Attrs {
                items: vec![("v", Cow::Borrowed(value))],
            };
            let general = |a: &Attrs<'_>| -> Result<Option<Vec<i64>>, ImportError> {
                a.get("v").map(|v| list(v, "v", &src).collect()).transpose()
            };
            assert_eq!(
                format!("{:?}", a.ints::<i64>("v", &src)),
                format!("{:?}", general(&a)),
                "{value}"
            );
            let general_u8: Result<Option<Vec<u8>>, ImportError> =
                a.get("v").map(|v| list(v, "v", &src).collect()).transpose();
            assert_eq!(
                format!("{:?}", a.ints::<u8>("v", &src)),
                format!("{general_u8:?}"),
                "{value}"
            );
            let mut fast = Vec::new();
            let fast = each_tile(value, "v", true, &src, |t| fast.push(t)).map(|()| fast);
            let mut slow = Vec::new();
            let slow = list::<u32>(value, "v", &src)
                .try_for_each(|id| {
                    slow.push(tile(id?, "v", true, &src)?);
                    Ok::<_, ImportError>(())
                })
                .map(|()| slow);
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{value}");
        }
    }

    #[test]
    fn hands_sort_as_the_general_reader_sorts_them() {
        let src = Source::default();
        let hands = [
            "16,17,18,19,52,53,54,55,88,89,90,91,135",
            "19,18,17,16,91,90,89,88,55,54,53,52,0",
            "118,17,29,4,88,133,52,20,16,101,77,64,35",
            "16,16,1",
            "1,,2",
            "136,1",
            "-1,2",
            "",
            "5",
        ];
        for value in hands {
            for red in [true, false] {
                let general = (|| {
                    let mut hand = Vec::new();
                    each_tile(value, "hai", red, &src, |t| hand.push(Some(t)))?;
                    sort_seen_tiles(&mut hand);
                    Ok::<_, ImportError>(hand)
                })();
                assert_eq!(
                    format!("{:?}", sorted_hand(value, "hai", red, &src)),
                    format!("{general:?}"),
                    "{value} red {red}"
                );
            }
        }
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
    fn plain_attributes_read_as_quick_xml_reads_them() {
        let plain = [
            r#"AGARI who="2" sc="250,+26" hai3="" x_1="a&amp;b>c""#,
            "N\twho=\"1\"\r\n m=\"3\"  ",
            "SHUFFLE",
            r#"UN n0="%E5%A6%82" n1="ü""#,
        ];
        for content in plain {
            let name_len = content.find([' ', '\t']).unwrap_or(content.len());
            let mut fast = Attrs::default();
            assert!(fast.load_plain(content, name_len), "{content}");
            let mut quick = Attrs::default();
            quick.load(content, name_len, &Source::default()).unwrap();
            assert_eq!(fast.items, quick.items, "{content}");
        }
        let odd = [
            r#"N who = "1""#,
            "N who='1'",
            "N who=1",
            r#"N who="1"m="2""#,
            r#"N who="1"#,
            r#"N w-o="1""#,
            r#"N ="1""#,
        ];
        for content in odd {
            let mut fast = Attrs::default();
            assert!(!fast.load_plain(content, 1), "{content}");
        }
    }

    #[test]
    fn broken_attribute_syntax_is_an_error() {
        let mut attrs = Attrs::default();
        let e = attrs.load("N who=3", 1, &Source::default()).unwrap_err();
        assert!(matches!(e.kind, ImportErrorKind::Syntax { .. }), "{e}");
    }
}
