//! Arrow columns built in Rust and handed to pyarrow as buffers
//! (`pyarrow.Array.from_buffers`): the values are laid out as the Arrow
//! format lays them out, so that pyarrow takes each column in a few calls
//! instead of one Python object per value, and no arrow crate is needed.
//! Only the layouts `events_table` uses are here: a validity bitmap,
//! fixed-width integers, booleans (bits), UTF-8 strings (offsets and bytes)
//! and lists (offsets and a child column), offsets 32 bits wide.
//!
//! A column is built in parts (one per game, each in the worker that read
//! it) and its array is written from the parts straight into Python's
//! `bytes`, so that the values are copied once, not joined first.

use std::io::Write;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::errors::PaifuError;

/// The largest offset a 32-bit offset buffer holds: a record batch's string
/// bytes (or list items) in one column stay within it.
pub const MAX_OFFSET: usize = i32::MAX as usize;

/// pyarrow and the calls the columns make of it.
pub struct Pa<'py> {
    module: Bound<'py, PyModule>,
    py_buffer: Bound<'py, PyAny>,
    from_buffers: Bound<'py, PyAny>,
}

impl<'py> Pa<'py> {
    /// Imports pyarrow; without it, Python's own `ImportError` saying how
    /// to install it (imported per call, not cached, so that a pyarrow
    /// installed later, or hidden by a test, is seen as it is now).
    pub fn import(py: Python<'py>, what: &str) -> PyResult<Self> {
        let module = py.import("pyarrow").map_err(|e| {
            let err = pyo3::exceptions::PyImportError::new_err(format!(
                "{what} needs pyarrow, which is not installed: pip install pyarrow \
                 (or pip install paifu[arrow])"
            ));
            err.set_cause(py, Some(e));
            err
        })?;
        let py_buffer = module.getattr("py_buffer")?;
        let from_buffers = module.getattr("Array")?.getattr("from_buffers")?;
        Ok(Self {
            module,
            py_buffer,
            from_buffers,
        })
    }

    /// The pyarrow module.
    pub fn module(&self) -> &Bound<'py, PyModule> {
        &self.module
    }

    /// `pyarrow.NAME()`: a type without parameters.
    fn type_named(&self, name: &str) -> PyResult<Bound<'py, PyAny>> {
        self.module.call_method0(name)
    }

    /// A pyarrow buffer of `len` bytes, which `write` writes (all of them:
    /// a short write is an error).
    fn buffer(
        &self,
        len: usize,
        write: impl FnOnce(&mut &mut [u8]) -> std::io::Result<()>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let bytes = PyBytes::new_with(self.module.py(), len, |buf| {
            let mut rest = buf;
            write(&mut rest).map_err(|e| PaifuError::new_err(e.to_string()))?;
            if rest.is_empty() {
                Ok(())
            } else {
                Err(PaifuError::new_err("an Arrow buffer was written short"))
            }
        })?;
        self.py_buffer.call1((bytes,))
    }

    /// `pyarrow.Array.from_buffers`.
    fn array(
        &self,
        ty: &Bound<'py, PyAny>,
        len: usize,
        buffers: Vec<Option<Bound<'py, PyAny>>>,
        nulls: usize,
        children: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = self.module.py();
        let kwargs = PyDict::new(py);
        kwargs.set_item("null_count", nulls)?;
        if let Some(child) = children {
            kwargs.set_item("children", PyList::new(py, [child])?)?;
        }
        self.from_buffers
            .call((ty, len, PyList::new(py, buffers)?), Some(&kwargs))
    }
}

/// A column being built.
pub trait Column: Default + Send {
    /// Its Arrow type.
    fn arrow_type<'py>(pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>>;
    /// An empty column with room for `rows` rows.
    fn with_rows(rows: usize) -> Self;
    /// Its rows.
    fn len(&self) -> usize;
    /// The largest offset its arrays (its children's included) hold.
    fn extent(&self) -> usize;
    /// The pyarrow array of the parts' rows, one after the other.
    fn to_arrow<'py>(parts: &[&Self], pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>>;
}

/// Which rows hold a value.
#[derive(Default)]
struct Validity {
    valid: Vec<bool>,
    nulls: usize,
}

impl Validity {
    fn with_rows(rows: usize) -> Self {
        Self {
            valid: Vec::with_capacity(rows),
            nulls: 0,
        }
    }

    fn push(&mut self, valid: bool) {
        self.valid.push(valid);
        self.nulls += usize::from(!valid);
    }

    /// The parts' rows and nulls, and their bitmap: none when every row
    /// holds a value (Arrow's way of saying so, and a buffer saved).
    fn of<'py>(
        parts: &[&Self],
        pa: &Pa<'py>,
    ) -> PyResult<(usize, usize, Option<Bound<'py, PyAny>>)> {
        let len = parts.iter().map(|p| p.valid.len()).sum();
        let nulls = parts.iter().map(|p| p.nulls).sum();
        if nulls == 0 {
            return Ok((len, 0, None));
        }
        let bitmap = bits(parts.iter().flat_map(|p| p.valid.iter().copied()), len, pa)?;
        Ok((len, nulls, Some(bitmap)))
    }
}

/// Booleans as Arrow's bits, least significant bit first.
fn bits<'py>(
    values: impl Iterator<Item = bool>,
    len: usize,
    pa: &Pa<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    pa.buffer(len.div_ceil(8), |out| {
        let mut byte = 0u8;
        let mut n = 0;
        for b in values {
            byte |= u8::from(b) << n;
            n += 1;
            if n == 8 {
                out.write_all(&[byte])?;
                byte = 0;
                n = 0;
            }
        }
        if n > 0 {
            out.write_all(&[byte])?;
        }
        Ok(())
    })
}

/// The parts' offsets as Arrow's 32-bit little-endian buffer: 0, then each
/// row's end, each part's shifted by the sizes of the parts before it.
fn offsets<'py, P>(
    parts: &[&P],
    ends: impl Fn(&P) -> &[usize],
    size: impl Fn(&P) -> usize,
    pa: &Pa<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let rows: usize = parts.iter().map(|p| ends(p).len()).sum();
    pa.buffer((rows + 1) * 4, |out| {
        out.write_all(&0i32.to_le_bytes())?;
        let mut base = 0;
        for p in parts {
            for &end in ends(p) {
                let end = i32::try_from(base + end).map_err(|_| {
                    std::io::Error::other("a column of the table is over 2 GiB in one record batch")
                })?;
                out.write_all(&end.to_le_bytes())?;
            }
            base += size(p);
        }
        Ok(())
    })
}

/// A fixed-width integer Arrow stores.
pub trait Native: Copy + Default + Send {
    /// pyarrow's name of the type (`int8`).
    const TYPE: &'static str;
    /// Writes the value's little-endian bytes.
    fn put(self, out: &mut &mut [u8]) -> std::io::Result<()>;
}

macro_rules! native {
    ($($t:ty => $name:literal),*) => {$(
        impl Native for $t {
            const TYPE: &'static str = $name;
            fn put(self, out: &mut &mut [u8]) -> std::io::Result<()> {
                out.write_all(&self.to_le_bytes())
            }
        }
    )*};
}

native!(i8 => "int8", i16 => "int16", i32 => "int32");

/// A column of integers.
#[derive(Default)]
pub struct Ints<T> {
    validity: Validity,
    values: Vec<T>,
}

impl<T: Native> Ints<T> {
    /// Appends a row.
    pub fn push(&mut self, value: Option<T>) {
        self.validity.push(value.is_some());
        self.values.push(value.unwrap_or_default());
    }
}

impl<T: Native> Column for Ints<T> {
    fn arrow_type<'py>(pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>> {
        pa.type_named(T::TYPE)
    }

    fn with_rows(rows: usize) -> Self {
        Self {
            validity: Validity::with_rows(rows),
            values: Vec::with_capacity(rows),
        }
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn extent(&self) -> usize {
        0
    }

    fn to_arrow<'py>(parts: &[&Self], pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>> {
        let validity: Vec<_> = parts.iter().map(|p| &p.validity).collect();
        let (len, nulls, bitmap) = Validity::of(&validity, pa)?;
        let data = pa.buffer(len * std::mem::size_of::<T>(), |out| {
            for p in parts {
                for &v in &p.values {
                    v.put(out)?;
                }
            }
            Ok(())
        })?;
        pa.array(
            &Self::arrow_type(pa)?,
            len,
            vec![bitmap, Some(data)],
            nulls,
            None,
        )
    }
}

/// A column of booleans.
#[derive(Default)]
pub struct Bools {
    validity: Validity,
    values: Vec<bool>,
}

impl Bools {
    /// Appends a row.
    pub fn push(&mut self, value: Option<bool>) {
        self.validity.push(value.is_some());
        self.values.push(value.unwrap_or_default());
    }
}

impl Column for Bools {
    fn arrow_type<'py>(pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>> {
        pa.type_named("bool_")
    }

    fn with_rows(rows: usize) -> Self {
        Self {
            validity: Validity::with_rows(rows),
            values: Vec::with_capacity(rows),
        }
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn extent(&self) -> usize {
        0
    }

    fn to_arrow<'py>(parts: &[&Self], pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>> {
        let validity: Vec<_> = parts.iter().map(|p| &p.validity).collect();
        let (len, nulls, bitmap) = Validity::of(&validity, pa)?;
        let data = bits(parts.iter().flat_map(|p| p.values.iter().copied()), len, pa)?;
        pa.array(
            &Self::arrow_type(pa)?,
            len,
            vec![bitmap, Some(data)],
            nulls,
            None,
        )
    }
}

/// A column of UTF-8 strings.
#[derive(Default)]
pub struct Strs {
    validity: Validity,
    /// Each row's end in `data`.
    ends: Vec<usize>,
    data: Vec<u8>,
}

impl Strs {
    /// Appends a row.
    pub fn push(&mut self, value: Option<&str>) {
        self.validity.push(value.is_some());
        if let Some(s) = value {
            self.data.extend_from_slice(s.as_bytes());
        }
        self.ends.push(self.data.len());
    }

    /// Appends a row that `write` writes as UTF-8 bytes (a JSON writer),
    /// without a string in between.
    pub fn push_written<E>(
        &mut self,
        write: impl FnOnce(&mut Vec<u8>) -> Result<(), E>,
    ) -> Result<(), E> {
        let start = self.data.len();
        if let Err(e) = write(&mut self.data) {
            self.data.truncate(start);
            return Err(e);
        }
        self.validity.push(true);
        self.ends.push(self.data.len());
        Ok(())
    }

    /// Makes room for `bytes` more bytes of strings.
    pub fn reserve_bytes(&mut self, bytes: usize) {
        self.data.reserve(bytes);
    }
}

impl Column for Strs {
    fn arrow_type<'py>(pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>> {
        pa.type_named("string")
    }

    fn with_rows(rows: usize) -> Self {
        Self {
            validity: Validity::with_rows(rows),
            ends: Vec::with_capacity(rows),
            data: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn extent(&self) -> usize {
        self.data.len()
    }

    fn to_arrow<'py>(parts: &[&Self], pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>> {
        let validity: Vec<_> = parts.iter().map(|p| &p.validity).collect();
        let (len, nulls, bitmap) = Validity::of(&validity, pa)?;
        let offsets = offsets(parts, |p| &p.ends, |p| p.data.len(), pa)?;
        let size = parts.iter().map(|p| p.data.len()).sum();
        let data = pa.buffer(size, |out| {
            parts.iter().try_for_each(|p| out.write_all(&p.data))
        })?;
        pa.array(
            &Self::arrow_type(pa)?,
            len,
            vec![bitmap, Some(offsets), Some(data)],
            nulls,
            None,
        )
    }
}

/// A column of lists, their items a column of their own.
#[derive(Default)]
pub struct Lists<C> {
    validity: Validity,
    /// Each row's end in `items`.
    ends: Vec<usize>,
    items: C,
}

impl<C: Column> Lists<C> {
    /// Appends a row: `list`'s items, each appended to the items' column
    /// by `put`; `None` for a null row.
    pub fn push<I: IntoIterator>(&mut self, list: Option<I>, mut put: impl FnMut(&mut C, I::Item)) {
        self.validity.push(list.is_some());
        for item in list.into_iter().flatten() {
            put(&mut self.items, item);
        }
        self.ends.push(self.items.len());
    }
}

impl<C: Column> Column for Lists<C> {
    fn arrow_type<'py>(pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>> {
        pa.module.call_method1("list_", (C::arrow_type(pa)?,))
    }

    fn with_rows(rows: usize) -> Self {
        Self {
            validity: Validity::with_rows(rows),
            ends: Vec::with_capacity(rows),
            items: C::default(),
        }
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn extent(&self) -> usize {
        self.items.len().max(self.items.extent())
    }

    fn to_arrow<'py>(parts: &[&Self], pa: &Pa<'py>) -> PyResult<Bound<'py, PyAny>> {
        let validity: Vec<_> = parts.iter().map(|p| &p.validity).collect();
        let (len, nulls, bitmap) = Validity::of(&validity, pa)?;
        let offsets = offsets(parts, |p| &p.ends, |p| p.items.len(), pa)?;
        let items: Vec<_> = parts.iter().map(|p| &p.items).collect();
        pa.array(
            &Self::arrow_type(pa)?,
            len,
            vec![bitmap, Some(offsets)],
            nulls,
            Some(C::to_arrow(&items, pa)?),
        )
    }
}
