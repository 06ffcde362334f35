//! The round records in the protobuf text format, as a tool prints the
//! list of `(name, message)` pairs it decoded (`actions: [('RecordNewRound',
//! chang: 1 …), ('RecordDealTile', seat: 2 …), …]`): InjusticeJudge's
//! example output is such a file. No head is printed with them, so the
//! game's metadata is unknown.
//!
//! The parser is small and bounded: one pass over the text, nesting at
//! most [`MAX_DEPTH`] deep, every fault an error at its byte. A message is
//! kept as its fields in order ([`Node`]) and read into the typed records
//! by a serde deserializer that the record's own type guides, as the text
//! format is read against its schema: a field the type lists is every
//! occurrence of it, a single field is its last occurrence.

use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};

/// How deep messages may nest (the records nest three deep).
const MAX_DEPTH: usize = 16;

/// The text that opens the list of records.
const OPENING: &str = "actions: [";

/// How many lines before the list a file may have (the command that
/// printed it, the replay's address).
const PREAMBLE: usize = 16;

/// A value of the text format.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Node {
    /// A message: its fields in the order written.
    Message(Vec<(String, Node)>),
    /// A quoted string, unescaped.
    Str(String),
    /// A number, `true`/`false` or an enum name, as written.
    Token(String),
}

/// One record: its message name and fields, and where its entry starts.
pub(super) struct TextRecord {
    pub(super) name: String,
    pub(super) message: Node,
    pub(super) at: usize,
}

/// A fault in the text: its byte, what was expected and what was found.
#[derive(Debug)]
pub(super) struct Fault {
    pub(super) at: usize,
    pub(super) expected: &'static str,
    pub(super) found: String,
}

/// Where the list of records starts, when the text is one: a line
/// starting with `actions: [('` among the first lines.
pub(super) fn opening(text: &str) -> Option<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n').take(PREAMBLE) {
        if line.starts_with(OPENING) && line[OPENING.len()..].starts_with("('") {
            return Some(at + OPENING.len());
        }
        at += line.len();
    }
    None
}

/// The records of the list that starts at `start` (after its `[`).
pub(super) fn records(text: &str, start: usize) -> Result<Vec<TextRecord>, Fault> {
    let mut p = Parser {
        bytes: text.as_bytes(),
        pos: start,
    };
    let mut out = Vec::new();
    loop {
        p.blank();
        if p.eat(b']') {
            return Ok(out);
        }
        let at = p.pos;
        p.expect(b'(', "`(` opening a record, or `]`")?;
        let name = match p.peek() {
            Some(b'\'' | b'"') => p.string()?,
            _ => return Err(p.fault("the record's name in quotes")),
        };
        p.blank();
        p.expect(b',', "`,` after the record's name")?;
        let fields = p.fields(b')', 0)?;
        p.expect(b')', "`)` closing the record")?;
        out.push(TextRecord {
            name,
            message: Node::Message(fields),
            at,
        });
        p.blank();
        if !p.eat(b',') {
            p.blank();
            p.expect(b']', "`,` or `]` after a record")?;
            return Ok(out);
        }
    }
}

struct Parser<'t> {
    bytes: &'t [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn fault(&self, expected: &'static str) -> Fault {
        let found = match self.bytes.get(self.pos..) {
            None | Some([]) => "the end of the input".to_owned(),
            Some(rest) => {
                let shown: String = String::from_utf8_lossy(&rest[..rest.len().min(24)])
                    .chars()
                    .take_while(|c| *c != '\n')
                    .collect();
                format!("`{shown}`")
            }
        };
        Fault {
            at: self.pos,
            expected,
            found,
        }
    }

    fn expect(&mut self, b: u8, expected: &'static str) -> Result<(), Fault> {
        if self.eat(b) {
            Ok(())
        } else {
            Err(self.fault(expected))
        }
    }

    /// Skips blanks and `#` comments.
    fn blank(&mut self) {
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() {
                self.pos += 1;
            } else if b == b'#' {
                while self.peek().is_some_and(|b| b != b'\n') {
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
    }

    /// A message's fields up to `close` (not consumed).
    fn fields(&mut self, close: u8, depth: usize) -> Result<Vec<(String, Node)>, Fault> {
        if depth > MAX_DEPTH {
            return Err(self.fault("messages nested less deep"));
        }
        let mut out = Vec::new();
        loop {
            self.blank();
            match self.peek() {
                Some(b) if b == close => return Ok(out),
                Some(b) if b.is_ascii_alphabetic() || b == b'_' => {}
                _ => return Err(self.fault("a field name or the message's end")),
            }
            let name = self.word();
            self.blank();
            let colon = self.eat(b':');
            self.blank();
            match self.peek() {
                Some(open @ (b'{' | b'<')) => {
                    self.pos += 1;
                    let end = if open == b'{' { b'}' } else { b'>' };
                    let inner = self.fields(end, depth + 1)?;
                    self.expect(end, "the end of a message")?;
                    out.push((name, Node::Message(inner)));
                }
                Some(b'[') if colon => {
                    // The short form of a repeated field: `[a, b, c]`.
                    self.pos += 1;
                    loop {
                        self.blank();
                        if self.eat(b']') {
                            break;
                        }
                        out.push((name.clone(), self.scalar()?));
                        self.blank();
                        if !self.eat(b',') {
                            self.blank();
                            self.expect(b']', "`,` or `]` in a list")?;
                            break;
                        }
                    }
                }
                _ if colon => out.push((name, self.scalar()?)),
                _ => return Err(self.fault("`:` or `{` after a field name")),
            }
            self.blank();
            if !self.eat(b',') {
                self.eat(b';');
            }
        }
    }

    /// A name or a bare value: letters, digits and `_ . + -`.
    fn word(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'+' | b'-'))
        {
            self.pos += 1;
        }
        String::from_utf8_lossy(self.bytes.get(start..self.pos).unwrap_or_default()).into_owned()
    }

    fn scalar(&mut self) -> Result<Node, Fault> {
        match self.peek() {
            Some(b'"' | b'\'') => {
                // Adjacent strings are one.
                let mut s = self.string()?;
                loop {
                    self.blank();
                    if !matches!(self.peek(), Some(b'"' | b'\'')) {
                        return Ok(Node::Str(s));
                    }
                    s.push_str(&self.string()?);
                }
            }
            Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.') => {
                Ok(Node::Token(self.word()))
            }
            _ => Err(self.fault("a value")),
        }
    }

    /// A quoted string with the text format's escapes, which must be
    /// UTF-8 once unescaped.
    fn string(&mut self) -> Result<String, Fault> {
        let start = self.pos;
        let Some(quote) = self.peek() else {
            return Err(self.fault("a string"));
        };
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(self.fault("the string's closing quote"));
            };
            self.pos += 1;
            match b {
                b'\n' => {
                    self.pos -= 1;
                    return Err(self.fault("the string's closing quote"));
                }
                b if b == quote => break,
                b'\\' => out.push(self.escape()?),
                b => out.push(b),
            }
        }
        String::from_utf8(out).map_err(|_| Fault {
            at: start,
            expected: "a string of UTF-8 text",
            found: "other bytes".to_owned(),
        })
    }

    fn escape(&mut self) -> Result<u8, Fault> {
        let Some(b) = self.peek() else {
            return Err(self.fault("an escape"));
        };
        self.pos += 1;
        let digits = |p: &mut Self, radix: u32, most: usize| {
            let start = p.pos;
            while p.pos - start < most && p.peek().is_some_and(|d| char::from(d).is_digit(radix)) {
                p.pos += 1;
            }
            std::str::from_utf8(p.bytes.get(start..p.pos).unwrap_or_default())
                .ok()
                .and_then(|d| u32::from_str_radix(d, radix).ok())
                .and_then(|n| u8::try_from(n).ok())
        };
        let byte = match b {
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'v' => Some(11),
            b'\\' | b'\'' | b'"' | b'?' => Some(b),
            b'0'..=b'7' => {
                self.pos -= 1;
                digits(self, 8, 3)
            }
            b'x' => digits(self, 16, 2),
            _ => None,
        };
        byte.ok_or_else(|| self.fault("an escape (`\\n`, `\\\"`, `\\NNN`, `\\xNN`)"))
    }
}

/// Why a message does not read as the record's type.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(super) struct DeError(String);

impl de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self(msg.to_string())
    }
}

/// Reads a message as `T`.
pub(super) fn decode<T: de::DeserializeOwned>(message: &Node) -> Result<T, DeError> {
    T::deserialize(One(message))
}

/// One value.
struct One<'a>(&'a Node);

impl<'de> Deserializer<'de> for One<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.0 {
            Node::Message(fields) => visitor.visit_map(Fields::new(fields)),
            Node::Str(s) => visitor.visit_str(s),
            Node::Token(t) => match t.as_str() {
                "true" | "True" | "t" => visitor.visit_bool(true),
                "false" | "False" | "f" => visitor.visit_bool(false),
                t => {
                    if let Ok(n) = t.parse::<u64>() {
                        visitor.visit_u64(n)
                    } else if let Ok(n) = t.parse::<i64>() {
                        visitor.visit_i64(n)
                    } else if let Ok(x) = t.parse::<f64>() {
                        visitor.visit_f64(x)
                    } else {
                        visitor.visit_str(t)
                    }
                }
            },
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_some(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier
    }
}

/// Every occurrence of one field: a list when the type wants one, else the
/// last (as the text format reads a field written twice).
struct Occurrences<'a>(Vec<&'a Node>);

impl<'de> Deserializer<'de> for Occurrences<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.0.last() {
            Some(last) => One(last).deserialize_any(visitor),
            None => visitor.visit_unit(),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_seq(Each(self.0.into_iter()))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_some(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct tuple
        tuple_struct map struct enum identifier
    }
}

struct Each<'a>(std::vec::IntoIter<&'a Node>);

impl<'de> SeqAccess<'de> for Each<'_> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DeError> {
        self.0.next().map(|n| seed.deserialize(One(n))).transpose()
    }
}

/// A message's fields, grouped by name in the order first written.
struct Fields<'a> {
    groups: std::vec::IntoIter<(&'a str, Vec<&'a Node>)>,
    value: Option<Vec<&'a Node>>,
}

impl<'a> Fields<'a> {
    fn new(fields: &'a [(String, Node)]) -> Self {
        let mut groups: Vec<(&'a str, Vec<&'a Node>)> = Vec::new();
        for (name, node) in fields {
            match groups.iter_mut().find(|(n, _)| *n == name.as_str()) {
                Some((_, nodes)) => nodes.push(node),
                None => groups.push((name.as_str(), vec![node])),
            }
        }
        Self {
            groups: groups.into_iter(),
            value: None,
        }
    }
}

impl<'de> MapAccess<'de> for Fields<'_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        let Some((name, nodes)) = self.groups.next() else {
            return Ok(None);
        };
        self.value = Some(nodes);
        seed.deserialize(IntoDeserializer::<DeError>::into_deserializer(name))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        seed.deserialize(Occurrences(self.value.take().unwrap_or_default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<TextRecord>, Fault> {
        let start = opening(text).ok_or(Fault {
            at: 0,
            expected: "a list",
            found: String::new(),
        })?;
        records(text, start)
    }

    #[test]
    fn reads_fields_lists_and_nested_messages() {
        let text = "$ tool\nactions: [('RecordDealTile', seat: 2\ntile: \"3z\"\nliqi {\n  seat: 1\n}\ndoras: \"1m\"\n), ('RecordNoTile', players {\n}\nplayers {\n  tingpai: true\n})]\n";
        let recs = parse(text).unwrap();
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].name, "RecordDealTile");
        let deal: super::super::records::DealTile = decode(&recs[0].message).unwrap();
        assert_eq!((deal.seat, deal.tile.as_str()), (2, "3z"));
        assert_eq!(deal.liqi.map(|l| l.seat), Some(1));
        assert_eq!(deal.doras, vec!["1m".to_owned()]);
        let none: super::super::records::NoTile = decode(&recs[1].message).unwrap();
        assert_eq!(none.players.len(), 2);
        assert!(none.players[1].tingpai);
    }

    #[test]
    fn escapes_and_faults() {
        let text = "actions: [('RecordDealTile', tile: \"\\063z\"\n)]";
        let recs = parse(text).unwrap();
        let deal: super::super::records::DealTile = decode(&recs[0].message).unwrap();
        assert_eq!(deal.tile, "3z");
        for bad in [
            "actions: [('RecordDealTile', tile: \"3z\n)]",
            "actions: [('RecordDealTile', tile \"3z\"\n)]",
            "actions: [('RecordDealTile', liqi {\n seat: 1\n)]",
            "actions: [('RecordDealTile', seat: 1",
            "actions: [('RecordDealTile' seat: 1)]",
            "actions: [('RecordDealTile', tile: \"\\q\")]",
            "actions: [('RecordDealTile', tile: \"\\377\")]",
        ] {
            let fault = parse(bad).err().unwrap_or_else(|| panic!("{bad} read"));
            assert!(fault.at <= bad.len(), "{bad}");
        }
        // Deep nesting stops at the bound, not the stack.
        let deep = format!("actions: [('R', {}", "a {".repeat(10_000));
        assert!(parse(&deep).is_err());
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_an_error() {
        let recs = parse("actions: [('RecordDealTile', seat: \"two\"\n)]").unwrap();
        assert!(decode::<super::super::records::DealTile>(&recs[0].message).is_err());
    }
}
