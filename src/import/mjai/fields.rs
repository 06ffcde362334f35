//! Typed, located access to the fields of one mjai event object.
//!
//! Every failure names the field, the event type and the value found, so an
//! error reads like "expected a seat 0-3 in `actor` of `tsumo`, found `7`".

use serde_json::{Map, Value};

use crate::event::{Format, Seat, Source};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::{Tile, sort_tiles};

/// A short quote of a JSON value for error messages: at most 40 characters.
pub(super) fn quote(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= 40 {
        format!("`{text}`")
    } else {
        let head: String = text.chars().take(39).collect();
        format!("`{head}…`")
    }
}

fn quote_value(v: &Value) -> String {
    quote(&v.to_string())
}

/// The fields of one event, with the place it came from.
pub(super) struct Fields<'a> {
    obj: &'a Map<String, Value>,
    ty: &'a str,
    src: &'a Source,
}

impl<'a> Fields<'a> {
    pub(super) fn new(obj: &'a Map<String, Value>, ty: &'a str, src: &'a Source) -> Self {
        Self { obj, ty, src }
    }

    /// The event type.
    pub(super) fn ty(&self) -> &'a str {
        self.ty
    }

    /// The location of the event.
    pub(super) fn src(&self) -> &'a Source {
        self.src
    }

    /// An "expected …, found …" error at this event.
    pub(super) fn error(
        &self,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> ImportError {
        ImportError::expected(Format::Mjai, self.src.clone(), expected, found)
    }

    fn bad(&self, key: &str, what: &str, v: &Value) -> ImportError {
        self.error(
            format!("{what} in `{key}` of `{}`", self.ty),
            quote_value(v),
        )
    }

    fn missing(&self, key: &str) -> ImportError {
        ImportError::new(
            Format::Mjai,
            self.src.clone(),
            ImportErrorKind::Missing {
                name: format!("`{key}` of `{}`", self.ty),
            },
        )
    }

    /// The value of `key`; an absent key and `null` are the same.
    pub(super) fn get(&self, key: &str) -> Option<&'a Value> {
        self.obj.get(key).filter(|v| !v.is_null())
    }

    fn require(&self, key: &str) -> Result<&'a Value, ImportError> {
        self.get(key).ok_or_else(|| self.missing(key))
    }

    /// Whether the event has `key` (not `null`).
    pub(super) fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    fn seat_value(&self, key: &str, v: &Value, seats: u8) -> Result<Seat, ImportError> {
        let what = format!("a seat 0-{}", seats.saturating_sub(1));
        v.as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .filter(|n| *n < seats)
            .and_then(Seat::new)
            .ok_or_else(|| self.bad(key, &what, v))
    }

    /// A seat number below `seats`.
    pub(super) fn seat(&self, key: &str, seats: u8) -> Result<Seat, ImportError> {
        let v = self.require(key)?;
        self.seat_value(key, v, seats)
    }

    /// An optional seat number below `seats`.
    pub(super) fn opt_seat(&self, key: &str, seats: u8) -> Result<Option<Seat>, ImportError> {
        self.get(key)
            .map(|v| self.seat_value(key, v, seats))
            .transpose()
    }

    /// A tile or `?` (hidden: `None`) given as a JSON value.
    fn seen_tile_value(&self, key: &str, v: &Value) -> Result<Option<Tile>, ImportError> {
        match v.as_str() {
            Some("?") => Ok(None),
            Some(s) => Tile::from_mjai(s)
                .map(Some)
                .map_err(|_| self.bad(key, "an mjai tile", v)),
            None => Err(self.bad(key, "an mjai tile", v)),
        }
    }

    fn tile_value(&self, key: &str, v: &Value) -> Result<Tile, ImportError> {
        self.seen_tile_value(key, v)?
            .ok_or_else(|| self.bad(key, "a shown tile (not `?`)", v))
    }

    /// A tile that must be shown.
    pub(super) fn tile(&self, key: &str) -> Result<Tile, ImportError> {
        let v = self.require(key)?;
        self.tile_value(key, v)
    }

    /// An optional tile that must be shown when present.
    pub(super) fn opt_tile(&self, key: &str) -> Result<Option<Tile>, ImportError> {
        self.get(key).map(|v| self.tile_value(key, v)).transpose()
    }

    /// A tile that may be hidden (`?` → `None`).
    pub(super) fn seen_tile(&self, key: &str) -> Result<Option<Tile>, ImportError> {
        let v = self.require(key)?;
        self.seen_tile_value(key, v)
    }

    fn array(&self, key: &str, v: &'a Value) -> Result<&'a Vec<Value>, ImportError> {
        v.as_array().ok_or_else(|| self.bad(key, "an array", v))
    }

    /// A list of tiles or `?`, given as a JSON value.
    pub(super) fn seen_tiles_value(
        &self,
        key: &str,
        v: &'a Value,
    ) -> Result<Vec<Option<Tile>>, ImportError> {
        self.array(key, v)?
            .iter()
            .map(|t| self.seen_tile_value(key, t))
            .collect()
    }

    fn tiles_value(&self, key: &str, v: &'a Value) -> Result<Vec<Tile>, ImportError> {
        self.array(key, v)?
            .iter()
            .map(|t| self.tile_value(key, t))
            .collect()
    }

    /// An optional list of shown tiles, in the log's order.
    pub(super) fn opt_tiles(&self, key: &str) -> Result<Option<Vec<Tile>>, ImportError> {
        self.get(key).map(|v| self.tiles_value(key, v)).transpose()
    }

    /// A list of exactly `N` shown tiles, sorted.
    pub(super) fn sorted_tiles<const N: usize>(&self, key: &str) -> Result<[Tile; N], ImportError> {
        let v = self.require(key)?;
        let mut tiles = self.tiles_value(key, v)?;
        sort_tiles(&mut tiles);
        <[Tile; N]>::try_from(tiles).map_err(|_| self.bad(key, &format!("{N} tiles"), v))
    }

    /// A call on a discard (`chi`, `pon`, `daiminkan`): who calls, whose
    /// discard, the tile and the caller's `N` tiles, sorted; read in that
    /// order, so the first error is the one reported.
    pub(super) fn call<const N: usize>(
        &self,
        seats: u8,
    ) -> Result<(Seat, Seat, Tile, [Tile; N]), ImportError> {
        Ok((
            self.seat("actor", seats)?,
            self.seat("target", seats)?,
            self.tile("pai")?,
            self.sorted_tiles("consumed")?,
        ))
    }

    /// A list of per-seat tile lists (`tehais`), `?` allowed.
    pub(super) fn opt_hands(
        &self,
        key: &str,
    ) -> Result<Option<Vec<Vec<Option<Tile>>>>, ImportError> {
        let Some(v) = self.get(key) else {
            return Ok(None);
        };
        self.array(key, v)?
            .iter()
            .map(|h| self.seen_tiles_value(key, h))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    fn u8_value(&self, key: &str, v: &Value) -> Result<u8, ImportError> {
        v.as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| self.bad(key, "a number 0-255", v))
    }

    /// An optional small count (0–255).
    pub(super) fn opt_u8(&self, key: &str) -> Result<Option<u8>, ImportError> {
        self.get(key).map(|v| self.u8_value(key, v)).transpose()
    }

    fn i32_value(&self, key: &str, v: &Value) -> Result<i32, ImportError> {
        v.as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| self.bad(key, "a whole number of points", v))
    }

    /// An optional number of points.
    pub(super) fn opt_i32(&self, key: &str) -> Result<Option<i32>, ImportError> {
        self.get(key).map(|v| self.i32_value(key, v)).transpose()
    }

    /// An optional per-seat list of points.
    pub(super) fn opt_i32_list(&self, key: &str) -> Result<Option<Vec<i32>>, ImportError> {
        let Some(v) = self.get(key) else {
            return Ok(None);
        };
        self.array(key, v)?
            .iter()
            .map(|n| self.i32_value(key, n))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// An optional boolean.
    pub(super) fn opt_bool(&self, key: &str) -> Result<Option<bool>, ImportError> {
        self.get(key)
            .map(|v| v.as_bool().ok_or_else(|| self.bad(key, "true or false", v)))
            .transpose()
    }

    /// An optional per-seat list of booleans.
    pub(super) fn opt_bools(&self, key: &str) -> Result<Option<Vec<bool>>, ImportError> {
        let Some(v) = self.get(key) else {
            return Ok(None);
        };
        self.array(key, v)?
            .iter()
            .map(|b| b.as_bool().ok_or_else(|| self.bad(key, "true or false", b)))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// An optional string.
    pub(super) fn opt_str(&self, key: &str) -> Result<Option<&'a str>, ImportError> {
        self.get(key)
            .map(|v| v.as_str().ok_or_else(|| self.bad(key, "a string", v)))
            .transpose()
    }

    /// An optional list of strings.
    pub(super) fn opt_strings(&self, key: &str) -> Result<Option<Vec<String>>, ImportError> {
        let Some(v) = self.get(key) else {
            return Ok(None);
        };
        self.array(key, v)?
            .iter()
            .map(|s| {
                s.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| self.bad(key, "a string", s))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// An optional list of `[name, han]` pairs (`yakus`).
    pub(super) fn opt_name_counts(
        &self,
        key: &str,
    ) -> Result<Option<Vec<(&'a str, u8)>>, ImportError> {
        let Some(v) = self.get(key) else {
            return Ok(None);
        };
        let what = "a [name, han] pair";
        self.array(key, v)?
            .iter()
            .map(|pair| match pair.as_array().map(Vec::as_slice) {
                Some([name, han]) => {
                    let name = name.as_str().ok_or_else(|| self.bad(key, what, pair))?;
                    let han = han
                        .as_u64()
                        .and_then(|n| u8::try_from(n).ok())
                        .ok_or_else(|| self.bad(key, what, pair))?;
                    Ok((name, han))
                }
                _ => Err(self.bad(key, what, pair)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
}
