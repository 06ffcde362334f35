//! The protobuf wire form, field by field.
//!
//! The record messages are decoded by prost (`records.rs`, `head.rs`); the
//! envelopes around them (`Wrapper`, `GameDetailRecords`, `GameAction`,
//! `ResGameRecord`) are walked here one field at a time, so that every
//! record keeps its byte offset and its path (`actions[40].result`), and a
//! fault in the bytes is reported where it is rather than as "the message
//! does not decode". Nothing here allocates in proportion to a length the
//! bytes claim: a length is checked against the bytes that remain before
//! anything is read.

/// The value of one field.
#[derive(Clone, Copy, Debug)]
pub(super) enum Value<'b> {
    /// Wire type 0 (the envelopes' numbers are not needed).
    Varint,
    /// Wire types 1 and 5: a fixed-width number, not used by the envelopes.
    Fixed,
    /// Wire type 2: bytes, a string or a message; with its offset.
    Len(&'b [u8], usize),
}

/// One field of a message.
#[derive(Clone, Copy, Debug)]
pub(super) struct Field<'b> {
    /// The field number.
    pub(super) number: u32,
    /// The offset of its tag.
    pub(super) at: usize,
    pub(super) value: Value<'b>,
}

impl<'b> Field<'b> {
    /// The bytes of a length-delimited field and their offset.
    pub(super) fn bytes(&self) -> Option<(&'b [u8], usize)> {
        match self.value {
            Value::Len(b, at) => Some((b, at)),
            _ => None,
        }
    }
}

/// A place where the bytes are not the wire form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Fault {
    /// Its offset.
    pub(super) at: usize,
    /// What is wrong, as "expected …" completes it.
    pub(super) expected: &'static str,
    /// What is there.
    pub(super) found: String,
    /// The bytes end there: a record cut short.
    pub(super) cut: bool,
    /// The number of the field being read, once its tag is.
    pub(super) field: Option<u32>,
}

/// The fields of a message held in `bytes`, which start at offset `base`
/// of the input. Iteration stops after the first fault.
pub(super) struct Fields<'b> {
    bytes: &'b [u8],
    base: usize,
    pos: usize,
    done: bool,
    /// The field whose value is being read.
    current: Option<u32>,
    /// A length-delimited value cut by the end of the bytes is given as far
    /// as it goes (see [`partial`]).
    partial: bool,
    /// The cut, when a value was given so.
    cut: Option<Fault>,
}

/// Walks the fields of `bytes`, a message starting at offset `base`.
pub(super) fn fields(bytes: &[u8], base: usize) -> Fields<'_> {
    Fields {
        bytes,
        base,
        pos: 0,
        done: false,
        current: None,
        partial: false,
        cut: None,
    }
}

/// As [`fields`], but a length-delimited value that the end of the bytes
/// cuts is given as far as it goes, and the walk ends there: what it holds
/// can then be read up to the cut. [`Fields::cut`] tells whether that
/// happened.
pub(super) fn partial(bytes: &[u8], base: usize) -> Fields<'_> {
    Fields {
        partial: true,
        ..fields(bytes, base)
    }
}

/// The largest field number protobuf allows.
const MAX_FIELD: u64 = (1 << 29) - 1;

impl<'b> Fields<'b> {
    fn fault(&mut self, at: usize, expected: &'static str, found: String, cut: bool) -> Fault {
        self.done = true;
        Fault {
            at: self.base + at,
            expected,
            found,
            cut,
            field: self.current,
        }
    }

    /// A varint at the current position.
    fn varint(&mut self, what: &'static str) -> Result<u64, Fault> {
        let start = self.pos;
        let mut value: u64 = 0;
        for i in 0..10 {
            let Some(&b) = self.bytes.get(self.pos) else {
                return Err(self.fault(start, what, "the end of the bytes".to_owned(), true));
            };
            self.pos += 1;
            // The tenth byte holds the top bit only.
            if i == 9 && b > 1 {
                break;
            }
            value |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(self.fault(
            start,
            what,
            "a varint of more than 64 bits".to_owned(),
            false,
        ))
    }

    fn next_field(&mut self) -> Result<Field<'b>, Fault> {
        let at = self.pos;
        self.current = None;
        let key = self.varint("a field's tag (a varint)")?;
        let number = key >> 3;
        if number == 0 || number > MAX_FIELD {
            return Err(self.fault(at, "a field's tag", format!("field number {number}"), false));
        }
        // Checked just above to fit in 29 bits.
        let number = u32::try_from(number).unwrap_or(u32::MAX);
        self.current = Some(number);
        let value = match key & 7 {
            0 => {
                self.varint("a varint value")?;
                Value::Varint
            }
            1 | 5 => {
                let width = if key & 7 == 1 { 8 } else { 4 };
                if self.bytes.len() - self.pos < width {
                    return Err(self.fault(
                        self.pos,
                        "a fixed-width value",
                        "the end of the bytes".to_owned(),
                        true,
                    ));
                }
                self.pos += width;
                Value::Fixed
            }
            2 => {
                let len_at = self.pos;
                let len = self.varint("a length (a varint)")?;
                let left = self.bytes.len() - self.pos;
                if len > left as u64 && self.partial {
                    let fault = self.fault(
                        self.bytes.len(),
                        "the rest of a value",
                        format!("the end of the bytes, {} bytes short", len - left as u64),
                        true,
                    );
                    self.cut = Some(fault);
                    let start = self.pos;
                    self.pos = self.bytes.len();
                    return Ok(Field {
                        number,
                        at: self.base + at,
                        value: Value::Len(&self.bytes[start..], self.base + start),
                    });
                }
                if len > left as u64 {
                    return Err(self.fault(
                        len_at,
                        "as many bytes as the field's length",
                        format!("a length of {len} with {left} bytes left"),
                        true,
                    ));
                }
                // Less than what remains, so it fits in usize.
                let len = usize::try_from(len).unwrap_or(left);
                let start = self.pos;
                self.pos += len;
                Value::Len(&self.bytes[start..self.pos], self.base + start)
            }
            other => {
                return Err(self.fault(
                    at,
                    "a field of wire type 0, 1, 2 or 5",
                    format!("wire type {other} (field {number})"),
                    false,
                ));
            }
        };
        Ok(Field {
            number,
            at: self.base + at,
            value,
        })
    }
}

impl Fields<'_> {
    /// The cut of a value given as far as it goes ([`partial`]).
    pub(super) fn cut(&self) -> Option<&Fault> {
        self.cut.as_ref()
    }
}

impl<'b> Iterator for Fields<'b> {
    type Item = Result<Field<'b>, Fault>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.pos >= self.bytes.len() {
            return None;
        }
        Some(self.next_field())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_faults_are_located() {
        // Field 1 "ab", field 2 varint 300, field 3 fixed32.
        let bytes = [0x0a, 2, b'a', b'b', 0x10, 0xac, 0x02, 0x1d, 1, 2, 3, 4];
        let got: Vec<Field<'_>> = fields(&bytes, 100).map(Result::unwrap).collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].bytes(), Some((&b"ab"[..], 102)));
        assert!(matches!(got[1].value, Value::Varint));
        assert_eq!(got[2].at, 107, "after a two-byte varint");
        assert_eq!((got[2].number, got[2].at), (3, 107));
        // A varint cut short: at the field's value, marked as a cut.
        let fault = fields(&bytes[..6], 0).nth(1).unwrap().unwrap_err();
        assert_eq!(fault.at, 5);
        assert!(fault.cut);
        // A length beyond the end.
        let fault = fields(&[0x0a, 9, 1], 0).next().unwrap().unwrap_err();
        assert_eq!((fault.at, fault.cut), (1, true));
        // Wire types 3, 4, 6 and 7 are none of the record's.
        let fault = fields(&[0x0b], 0).next().unwrap().unwrap_err();
        assert!(fault.found.contains("wire type 3"), "{fault:?}");
        assert!(!fault.cut);
        // Field number 0, and a varint that never ends.
        assert!(fields(&[0x00], 0).next().unwrap().is_err());
        let mut long = vec![0x08];
        long.extend([0xff; 11]);
        let fault = fields(&long, 0).next().unwrap().unwrap_err();
        assert!(fault.found.contains("more than 64 bits"), "{fault:?}");
        assert_eq!(fault.field, Some(1));
        // After a fault the walk stops.
        assert_eq!(fields(&[0x0b, 0x08, 1], 0).count(), 1);
        // A partial walk gives a cut value as far as it goes.
        let mut walk = partial(&[0x08, 1, 0x12, 5, b'a', b'b'], 10);
        assert!(walk.next().unwrap().is_ok());
        let cut = walk.next().unwrap().unwrap();
        assert_eq!(cut.bytes(), Some((&b"ab"[..], 14)));
        assert!(walk.next().is_none());
        let fault = walk.cut().unwrap();
        assert_eq!((fault.at, fault.cut), (16, true));
    }
}
