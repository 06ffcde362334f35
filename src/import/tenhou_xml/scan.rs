//! The fast path: a document that is only start, empty and end tags with
//! plain attributes, separated by blanks, as Tenhou saves its logs.
//!
//! It finds tags exactly as quick-xml does (the first `>` outside quotes
//! ends a tag; a name ends at the first blank) and feeds the same
//! [`Builder`], so for the documents it accepts the result is the one the
//! quick-xml path gives. Everything else (a byte-order mark, `<?`, `<!`,
//! text, an end tag that does not close the open element, a document that
//! ends with elements open, attributes outside the plain form) makes it
//! give up, and the caller reads the document again with quick-xml.

use super::attrs::Attrs;
use super::{Action, Builder};
use crate::import::Parsed;

/// Reads `text` on the fast path; `None` when the document is not of the
/// plain shape (the quick-xml path then decides, errors included). `cut`
/// as for [`super::read`].
pub(super) fn parse(text: &str, cut: bool) -> Option<Parsed> {
    if text.starts_with('\u{feff}') {
        return None;
    }
    let bytes = text.as_bytes();
    let mut builder = Builder::new(text);
    let mut attrs = Attrs::default();
    let mut open: Vec<&str> = Vec::new();
    let mut pos = 0;
    loop {
        let rest = bytes.get(pos..)?;
        let Some(skip) = rest.iter().position(|b| !b.is_ascii_whitespace()) else {
            // Only blanks left: a well-formed end, unless elements are open.
            return open.is_empty().then(|| builder.finish(cut));
        };
        let lt = pos + skip;
        if bytes.get(lt) != Some(&b'<') {
            return None;
        }
        match *bytes.get(lt + 1)? {
            b'/' => {
                let len = memchr::memchr(b'>', bytes.get(lt..)?)?;
                let name = text.get(lt + 2..lt + len)?;
                if open.pop() != Some(name) {
                    return None;
                }
                if name == "mjloggm" {
                    builder.close_root();
                }
                pos = lt + len + 1;
            }
            b if b.is_ascii_alphabetic() => {
                // Draws and discards are most of a log: `<T52/>` is read
                // here, once the root is open.
                if builder.ordinal > 0
                    && let Some((action, len)) = action_tag(bytes.get(lt + 1..)?)
                {
                    if let Err(e) = builder.action_at(lt, action) {
                        return Some(builder.damaged(e));
                    }
                    pos = lt + 1 + len;
                    continue;
                }
                let gt = lt + 1 + tag_len(bytes.get(lt + 1..)?)?;
                let tag = text.get(lt + 1..gt)?;
                let (content, empty) = match tag.strip_suffix('/') {
                    Some(content) => (content, true),
                    None => (tag, false),
                };
                let name_len = content
                    .bytes()
                    .position(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
                    .unwrap_or(content.len());
                if !empty {
                    open.push(content.get(..name_len)?);
                }
                match builder.tag(lt, content, name_len, &mut attrs, super::Attributes::Plain) {
                    Ok(true) => {}
                    Ok(false) => return None,
                    Err(e) => return Some(builder.damaged(e)),
                }
                pos = gt + 1;
            }
            _ => return None,
        }
    }
}

/// A draw or discard written as Tenhou writes it, `T52/>` after the `<`:
/// the action and the bytes up to and with the `>`. Anything else (blanks,
/// attributes, a start tag, more digits) is left to the general reader.
fn action_tag(bytes: &[u8]) -> Option<(Action, usize)> {
    let (&letter, rest) = bytes.split_first()?;
    let mut id = 0u32;
    let mut digits = 0;
    while let Some(d) = rest.get(digits).filter(|b| b.is_ascii_digit()) {
        if digits == 4 {
            return None;
        }
        id = id * 10 + u32::from(d - b'0');
        digits += 1;
    }
    if digits == 0 || rest.get(digits..digits + 2) != Some(b"/>") {
        return None;
    }
    Some((Action::new(letter, id)?, digits + 3))
}

/// How many bytes [`tag_len`] reads one by one before searching.
const SHORT_TAG: usize = 8;

/// The length of a tag's text up to its closing `>`, which is the first
/// `>` outside a quoted value (quick-xml's rule); `None` when the document
/// ends first.
fn tag_len(bytes: &[u8]) -> Option<usize> {
    // Most tags are draws and discards (`T52/`), a few bytes long: a plain
    // look at their first bytes is quicker than setting up the search. A
    // quote seen first leaves the tag to the search below.
    for (i, b) in bytes.iter().take(SHORT_TAG).enumerate() {
        match b {
            b'>' => return Some(i),
            b'"' | b'\'' => break,
            _ => {}
        }
    }
    let mut quote = None;
    for i in memchr::memchr3_iter(b'>', b'"', b'\'', bytes) {
        match (quote, *bytes.get(i)?) {
            (None, b'>') => return Some(i),
            (None, q) => quote = Some(q),
            (Some(q), b) if b == q => quote = None,
            _ => {}
        }
    }
    None
}
