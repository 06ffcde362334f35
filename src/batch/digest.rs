//! SHA-256 digests stated in the reports: of each input file's bytes as
//! read, and of each game's effective profile (its fingerprint).

use std::fmt;

use serde::{Serialize, Serializer};
use sha2::{Digest, Sha256};

use crate::rules::Rules;

/// A SHA-256 digest, written as 64 lowercase hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Sha256Digest(pub [u8; 32]);

impl Sha256Digest {
    /// The digest of `bytes`.
    #[must_use]
    pub fn of(bytes: &[u8]) -> Self {
        Self(Sha256::digest(bytes).into())
    }
}

impl fmt::Display for Sha256Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl Serialize for Sha256Digest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The fingerprint of a profile: the SHA-256 of its canonical JSON, which
/// is `serde_json`'s compact serialisation of the [`Rules`] — the form
/// `paifu rules NAME` prints, without the pretty-printing: no spaces or
/// newlines, the keys in the fields' declaration order, numbers in
/// `serde_json`'s shortest form. That form is deterministic (`Rules` holds
/// no map), so two profiles share a fingerprint exactly when every field is
/// equal, whatever they are named: an edited profile that kept the name
/// `tenhou` has another fingerprint than the preset.
#[must_use]
pub fn profile_fingerprint(rules: &Rules) -> Sha256Digest {
    let mut hasher = HashWriter(Sha256::new());
    // Serialising plain fields into a writer that cannot fail cannot fail
    // (serde_json errs only on I/O, non-string map keys or a custom
    // `Serialize` error, none of which `Rules` has); were it to, the
    // fingerprint would still be that of the bytes written.
    let _ = serde_json::to_writer(&mut hasher, rules);
    Sha256Digest(hasher.0.finalize().into())
}

/// A writer that feeds a hasher.
struct HashWriter(Sha256);

impl std::io::Write for HashWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_digests() {
        assert_eq!(
            Sha256Digest::of(b"").to_string(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            Sha256Digest::of(b"abc").to_string(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            serde_json::to_string(&Sha256Digest::of(b"abc")).unwrap(),
            "\"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\""
        );
    }

    #[test]
    fn the_fingerprint_is_the_digest_of_the_compact_json() {
        let rules = Rules::preset("tenhou").unwrap();
        let json = serde_json::to_vec(&rules).unwrap();
        assert_eq!(profile_fingerprint(&rules), Sha256Digest::of(&json));
    }

    #[test]
    fn an_edited_profile_keeping_its_name_is_told_apart() {
        let preset = Rules::preset("tenhou").unwrap();
        let mut edited = preset.clone();
        edited.kiriage = !edited.kiriage;
        assert_eq!(edited.name, preset.name);
        assert_ne!(profile_fingerprint(&edited), profile_fingerprint(&preset));
        assert_eq!(
            profile_fingerprint(&preset.clone()),
            profile_fingerprint(&preset)
        );
    }
}
