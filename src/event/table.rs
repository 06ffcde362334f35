//! Seats and winds.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::tile::Tile;

/// A seat at the table, 0–3, counted from the first dealer (seat 0 is East
/// in the first kyoku). Three-player games use seats 0–2.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// The seat with this number, if it is 0–3.
    #[must_use]
    pub const fn new(n: u8) -> Option<Self> {
        if n < 4 { Some(Self(n)) } else { None }
    }

    /// The seat `n` modulo 4: always a seat.
    #[must_use]
    pub const fn wrapping(n: u8) -> Self {
        Self(n % 4)
    }

    /// The seat number 0–3.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat number 0–3.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The seat `offset` places to the right (in turn order) at a table of
    /// `seats` players.
    #[must_use]
    pub const fn plus(self, offset: u8, seats: u8) -> Self {
        if seats == 0 {
            return self;
        }
        // The usual case without a division: the replay asks on every draw.
        if self.0 < seats && offset < seats {
            let n = self.0 + offset;
            return Self(if n >= seats { n - seats } else { n });
        }
        Self((self.0 % seats + offset % seats) % seats)
    }

    /// How many places to the right of `from` this seat sits, at a table of
    /// `seats` players (0 = the same seat).
    #[must_use]
    pub const fn offset_from(self, from: Self, seats: u8) -> u8 {
        if seats == 0 {
            return 0;
        }
        (self.0 % seats + seats - from.0 % seats) % seats
    }

    /// The seats of a table of `seats` players, in order.
    pub fn all(seats: u8) -> impl Iterator<Item = Self> {
        (0..seats.min(4)).map(Self)
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;

    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Self::new(n).ok_or_else(|| format!("seat {n} is not 0-3"))
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> Self {
        s.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A wind: of the round (bakaze) or of a seat (jikaze).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Wind {
    /// East.
    #[serde(rename = "E")]
    East,
    /// South.
    #[serde(rename = "S")]
    South,
    /// West (a West round happens when nobody reached the target score).
    #[serde(rename = "W")]
    West,
    /// North.
    #[serde(rename = "N")]
    North,
}

impl Wind {
    /// The wind with index 0 (East) to 3 (North), wrapping.
    #[must_use]
    pub const fn from_index(i: u8) -> Self {
        match i % 4 {
            0 => Self::East,
            1 => Self::South,
            2 => Self::West,
            _ => Self::North,
        }
    }

    /// The index 0 (East) to 3 (North).
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The letter E, S, W or N.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::East => 'E',
            Self::South => 'S',
            Self::West => 'W',
            Self::North => 'N',
        }
    }

    /// The wind tile of this wind.
    #[must_use]
    pub const fn tile(self) -> Tile {
        Tile::wind(self.index())
    }
}
