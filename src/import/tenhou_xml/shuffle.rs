//! Tenhou's wall rebuilt from the `SHUFFLE` seed (`formats/tenhou-xml.md`,
//! "The wall from the seed").
//!
//! Since late 2009 Tenhou publishes, with each game, the seed of the
//! generator that shuffled its walls (`mt19937ar-sha512-n288-base64,…`).
//! Rebuilding the walls from it lets the engine hold every deal, draw and
//! indicator of the log against the server's own shuffle, as it does with
//! the walls other platforms record outright.
//!
//! The steps, each checked against a published reference (the oracle tests
//! in `tests/tenhou_shuffle.rs`): the seed's base64 text is 32-bit
//! little-endian words; they seed MT19937 by `init_by_array`; each kyoku
//! then takes the generator's next 288 words, hashes them with SHA-512 in
//! nine blocks of 32 words, and shuffles the 136 tile ids with the 144
//! words the hashes give.

use base64::Engine as _;
use rand_mt::Mt;
use sha2::{Digest as _, Sha512};

/// The `SHUFFLE` seed's scheme, before the comma.
pub const SCHEME: &str = "mt19937ar-sha512-n288-base64";

/// Generator words drawn for each kyoku.
pub const SOURCE_WORDS: usize = 288;

/// Words the nine SHA-512 hashes give for each kyoku.
pub const RANDOM_WORDS: usize = 144;

/// Tiles of the four-player set, in Tenhou's ids `0..136`.
pub const TILES: usize = 136;

/// Tiles of the three-player set: the four-player ids without 2m–8m
/// (`4..32`).
pub const SANMA_TILES: usize = 108;

/// Source words hashed at a time: 128 bytes, one SHA-512 block's input.
const BLOCK_WORDS: usize = 32;

/// Why a `SHUFFLE` seed gives no walls.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    /// The seed is of another scheme (the older logs' plain `mt19937ar`
    /// seeds): their walls cannot be rebuilt this way.
    #[error("the seed's scheme is {0:?}, not {SCHEME}")]
    Scheme(String),
    /// The seed text is not base64.
    #[error("the seed is not base64: {0}")]
    Base64(String),
    /// The seed's bytes are not whole 32-bit words, or there are none.
    #[error("the seed has {0} bytes, not a positive multiple of four")]
    Length(usize),
}

/// One kyoku's shuffle: the wall and the dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KyokuShuffle {
    /// Tenhou's tile ids (`id / 4` is the kind) in the shuffled order, 136
    /// for four players and 108 for three; the deal is taken from the end
    /// (`formats/tenhou-xml.md`).
    pub wall: Vec<u8>,
    /// The two dice, 1 to 6.
    pub dice: [u8; 2],
}

/// The generator of one game's walls, one kyoku after another.
pub struct Shuffler {
    mt: Mt,
}

impl std::fmt::Debug for Shuffler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shuffler").finish_non_exhaustive()
    }
}

/// The seed's words from the `SHUFFLE` element's `seed` attribute
/// (`mt19937ar-sha512-n288-base64,<base64>`): the base64 bytes as 32-bit
/// little-endian words.
///
/// # Errors
/// Another scheme, text that is not base64, or bytes that are not whole
/// words.
pub fn seed_words(seed: &str) -> Result<Vec<u32>, SeedError> {
    let (scheme, text) = seed.split_once(',').unwrap_or((seed, ""));
    if scheme != SCHEME {
        return Err(SeedError::Scheme(scheme.to_owned()));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .map_err(|e| SeedError::Base64(e.to_string()))?;
    if bytes.is_empty() || !bytes.len().is_multiple_of(4) {
        return Err(SeedError::Length(bytes.len()));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

impl Shuffler {
    /// The generator seeded from the `SHUFFLE` element's `seed` attribute.
    ///
    /// # Errors
    /// As [`seed_words`].
    pub fn new(seed: &str) -> Result<Self, SeedError> {
        Ok(Self::from_words(&seed_words(seed)?))
    }

    /// The generator seeded by `init_by_array` with the seed's words.
    #[must_use]
    pub fn from_words(words: &[u32]) -> Self {
        Self {
            mt: Mt::new_with_key(words.iter().copied()),
        }
    }

    /// The next kyoku's 288 source words, straight from the generator.
    pub fn next_source(&mut self) -> [u32; SOURCE_WORDS] {
        let mut src = [0u32; SOURCE_WORDS];
        for w in &mut src {
            *w = self.mt.next_u32();
        }
        src
    }

    /// The next kyoku's wall and dice, four players.
    pub fn next_kyoku(&mut self) -> KyokuShuffle {
        let rnd = random_words(&self.next_source());
        KyokuShuffle {
            wall: shuffle(&rnd).to_vec(),
            dice: dice(&rnd),
        }
    }

    /// The next kyoku's wall and dice, three players: the same words
    /// shuffle the 108 ids of the three-player set, in id order, over 108
    /// places.
    pub fn next_sanma_kyoku(&mut self) -> KyokuShuffle {
        let rnd = random_words(&self.next_source());
        let mut wall: Vec<u8> = (0u8..)
            .take(TILES)
            .filter(|id| !(4..32).contains(id))
            .collect();
        shuffle_ids(&rnd, &mut wall);
        KyokuShuffle {
            wall,
            dice: dice(&rnd),
        }
    }

    /// The next kyoku's shuffle for a game of `seats` players.
    pub fn next_kyoku_of(&mut self, seats: u8) -> KyokuShuffle {
        if seats == 3 {
            self.next_sanma_kyoku()
        } else {
            self.next_kyoku()
        }
    }
}

/// The 144 words of a kyoku: each block of 32 source words, as 128
/// little-endian bytes, hashed with SHA-512, whose 64 bytes are read back
/// as 16 little-endian words.
#[must_use]
pub fn random_words(src: &[u32; SOURCE_WORDS]) -> [u32; RANDOM_WORDS] {
    let mut rnd = [0u32; RANDOM_WORDS];
    let words_per_hash = RANDOM_WORDS / (SOURCE_WORDS / BLOCK_WORDS);
    for (block, out) in src
        .chunks_exact(BLOCK_WORDS)
        .zip(rnd.chunks_exact_mut(words_per_hash))
    {
        let mut bytes = [0u8; 4 * BLOCK_WORDS];
        for (b, w) in bytes.chunks_exact_mut(4).zip(block) {
            b.copy_from_slice(&w.to_le_bytes());
        }
        let digest = Sha512::digest(bytes);
        for (o, c) in out.iter_mut().zip(digest.chunks_exact(4)) {
            *o = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
    }
    rnd
}

/// The shuffled wall: tile ids `0..136`, each place `i` but the last
/// swapped with a place at or after it, `i + rnd[i] % (136 - i)`.
#[must_use]
pub fn shuffle(rnd: &[u32; RANDOM_WORDS]) -> [u8; TILES] {
    let mut wall = [0u8; TILES];
    for (id, t) in (0u8..).zip(wall.iter_mut()) {
        *t = id;
    }
    shuffle_ids(rnd, &mut wall);
    wall
}

/// Shuffles `ids` in place: each place `i` but the last swapped with a
/// place at or after it, `i + rnd[i] % (len - i)`. At most 136 places (the
/// words run out after 144).
pub fn shuffle_ids(rnd: &[u32; RANDOM_WORDS], ids: &mut [u8]) {
    let n = ids.len().min(TILES);
    for (i, r) in rnd.iter().enumerate().take(n.saturating_sub(1)) {
        // `n - i` fits in a u32, and so does the remainder in usize.
        let span = u32::try_from(n - i).unwrap_or(1);
        let j = i + usize::try_from(r % span).unwrap_or(0);
        ids.swap(i, j);
    }
}

/// The dice: words 135 and 136, each `% 6 + 1`.
#[must_use]
pub fn dice(rnd: &[u32; RANDOM_WORDS]) -> [u8; 2] {
    let die = |r: u32| u8::try_from(r % 6).unwrap_or(0) + 1;
    [die(rnd[TILES - 1]), die(rnd[TILES])]
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// The seed and first wall of `testdata/oracle/tenhou_shuffle/` (MIT, see its
    /// README).
    #[test]
    fn the_reproducers_first_kyoku() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/oracle/tenhou_shuffle");
        let seed = std::fs::read_to_string(dir.join("reproducer_seed.txt")).unwrap();
        let expected: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join("reproducer_wall.json")).unwrap(),
        )
        .unwrap();
        let mut s = Shuffler::new(&format!("{SCHEME},{}", seed.trim())).unwrap();
        let k = s.next_kyoku();
        let wall: Vec<u64> = k.wall.iter().map(|&t| u64::from(t)).collect();
        let want: Vec<u64> = expected["wall"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(wall, want);
        assert_eq!(k.dice, [4, 5]);
    }

    #[test]
    fn the_shuffle_is_a_permutation() {
        let mut s = Shuffler::from_words(&[1, 2, 3]);
        for _ in 0..3 {
            let mut w = s.next_kyoku().wall;
            w.sort_unstable();
            assert!(w.iter().enumerate().all(|(i, &t)| usize::from(t) == i));
        }
    }

    #[test]
    fn the_sanma_shuffle_is_a_permutation_of_its_set() {
        let mut s = Shuffler::from_words(&[4, 5, 6]);
        let mut w = s.next_sanma_kyoku().wall;
        assert_eq!(w.len(), SANMA_TILES);
        w.sort_unstable();
        let set: Vec<u8> = (0u8..136).filter(|id| !(4..32).contains(id)).collect();
        assert_eq!(w, set);
    }

    #[test]
    fn other_schemes_and_bad_text_are_errors() {
        assert!(matches!(
            Shuffler::new("mt19937ar,abcd"),
            Err(SeedError::Scheme(_))
        ));
        assert!(matches!(
            Shuffler::new(&format!("{SCHEME},!!!!")),
            Err(SeedError::Base64(_))
        ));
        assert!(matches!(
            Shuffler::new(&format!("{SCHEME},AAAA")),
            Err(SeedError::Length(3))
        ));
    }
}
