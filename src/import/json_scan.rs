//! A forgiving look at JSON text that may be cut short or damaged: the keys
//! of an object and where each value starts and, when it is complete, where
//! it ends.
//!
//! It does not check the JSON: serde_json does that. It is used where the
//! strict parse has failed or cannot start, to see how far the text is
//! whole (the tenhou.net/6 salvage, on the part before the first syntax
//! error) and what a document looks like (format detection). Every scan is
//! one pass over the bytes without recursion, so no input can make it slow
//! or deep.

/// One member of an object: its key and the extent of its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Member {
    /// The key, unescaped.
    pub(crate) key: String,
    /// The byte offset of the value's first byte.
    pub(crate) start: usize,
    /// The offset just past the value; `None` when the text stops (or
    /// stops making sense) first.
    pub(crate) end: Option<usize>,
}

/// What a scan of an object or array found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scan<T> {
    /// The members (or elements) in order, as far as the text goes.
    pub(crate) items: Vec<T>,
    /// The closing bracket was reached.
    pub(crate) closed: bool,
}

impl<T> Default for Scan<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            closed: false,
        }
    }
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn skip_blanks(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).copied().is_some_and(is_blank) {
        at += 1;
    }
    at
}

/// The offset just past the string starting at `at` (its opening quote).
fn string_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at.checked_add(1)?;
    loop {
        let rest = bytes.get(i..)?;
        let n = memchr::memchr2(b'"', b'\\', rest)?;
        i += n;
        if bytes.get(i) == Some(&b'\\') {
            i += 2;
        } else {
            return Some(i + 1);
        }
    }
}

/// The offset just past the JSON value starting at `at`; `None` when the
/// text ends inside it. A number or literal at the very end of the text
/// counts as cut (more digits might have followed).
pub(crate) fn value_end(bytes: &[u8], at: usize) -> Option<usize> {
    let first = *bytes.get(at)?;
    match first {
        b'"' => string_end(bytes, at),
        b'[' | b'{' => {
            let mut depth = 0usize;
            let mut i = at;
            loop {
                match *bytes.get(i)? {
                    b'"' => {
                        i = string_end(bytes, i)?;
                        continue;
                    }
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        b',' | b':' | b']' | b'}' => None,
        _ => {
            let n = bytes
                .get(at..)?
                .iter()
                .position(|&b| is_blank(b) || matches!(b, b',' | b']' | b'}' | b':'))?;
            (n > 0).then_some(at + n)
        }
    }
}

/// The members of the object whose `{` is at `at`, at most `limit` of them.
pub(crate) fn object(text: &str, at: usize, limit: usize) -> Scan<Member> {
    let bytes = text.as_bytes();
    let mut out = Scan::default();
    if bytes.get(at) != Some(&b'{') {
        return out;
    }
    let mut pos = at + 1;
    while out.items.len() < limit {
        pos = skip_blanks(bytes, pos);
        match bytes.get(pos) {
            Some(b'}') => {
                out.closed = true;
                return out;
            }
            Some(b',') => {
                pos += 1;
                continue;
            }
            Some(b'"') => {}
            _ => return out,
        }
        let Some(key_end) = string_end(bytes, pos) else {
            return out;
        };
        let raw_key = text.get(pos..key_end).unwrap_or("\"\"");
        let key = serde_json::from_str::<String>(raw_key).unwrap_or_else(|_| {
            raw_key
                .get(1..raw_key.len().saturating_sub(1))
                .unwrap_or("")
                .to_owned()
        });
        pos = skip_blanks(bytes, key_end);
        if bytes.get(pos) != Some(&b':') {
            return out;
        }
        let start = skip_blanks(bytes, pos + 1);
        let end = value_end(bytes, start);
        out.items.push(Member { key, start, end });
        match end {
            Some(end) => pos = end,
            None => return out,
        }
    }
    out
}

/// The elements of the array whose `[` is at `at`: each one's start and,
/// when complete, its end.
pub(crate) fn array(text: &str, at: usize) -> Scan<(usize, Option<usize>)> {
    let bytes = text.as_bytes();
    let mut out = Scan::default();
    if bytes.get(at) != Some(&b'[') {
        return out;
    }
    let mut pos = at + 1;
    loop {
        pos = skip_blanks(bytes, pos);
        match bytes.get(pos) {
            None => return out,
            Some(b']') => {
                out.closed = true;
                return out;
            }
            Some(b',') => {
                pos += 1;
                continue;
            }
            Some(_) => {}
        }
        let end = value_end(bytes, pos);
        out.items.push((pos, end));
        match end {
            Some(end) => pos = end,
            None => return out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_complete_or_cut() {
        let b = br#"{"a": [1, "x]\"", {"b": 2}], "c": 12"#;
        assert_eq!(value_end(b, 0), None);
        assert_eq!(value_end(b, 6), Some(27));
        assert_eq!(value_end(b, 34), None, "a number at the end may go on");
        assert_eq!(value_end(b"12,", 0), Some(2));
        assert_eq!(value_end(b"\"ab", 0), None);
        assert_eq!(value_end(b"", 0), None);
    }

    #[test]
    fn objects_list_their_members() {
        let text = r#" {"log": [[1], [2, [3]], [4, "#;
        let scan = object(text, 1, 10);
        assert!(!scan.closed);
        assert_eq!(scan.items.len(), 1);
        assert_eq!(scan.items[0].key, "log");
        assert_eq!(scan.items[0].end, None);
        let elements = array(text, scan.items[0].start);
        assert!(!elements.closed);
        let ends: Vec<_> = elements.items.iter().map(|(_, e)| e.is_some()).collect();
        assert_eq!(ends, [true, true, false]);

        let text = r#"{"head": {"uuid": "x"}, "d\u0061ta": {}, "n": 1}"#;
        let scan = object(text, 0, 10);
        assert!(scan.closed);
        let keys: Vec<_> = scan.items.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, ["head", "data", "n"]);
        assert_eq!(object(text, 0, 2).items.len(), 2);
        assert!(object("[1]", 0, 2).items.is_empty());
    }

    #[test]
    fn deep_nesting_is_no_problem() {
        let deep = "[".repeat(100_000);
        assert_eq!(value_end(deep.as_bytes(), 0), None);
        let closed = format!("{deep}{}", "]".repeat(100_000));
        assert_eq!(value_end(closed.as_bytes(), 0), Some(200_000));
    }
}
